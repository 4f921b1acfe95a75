// RUN: uop-opt %s --tirx-lower-layouts --convert-tirx-to-gpu | FileCheck %s
//
// A flat tirx.address_of %B[%off] on a global, shared or local buffer
// becomes the address of the buffer's memref (extract_aligned_pointer_as_index)
// plus %off * <element bytes>, as an i64 (index_castui): a global address, a
// shared-window address, a local-window address. (Flat buffers are left
// alone by tirx-lower-layouts; an address_of that is not flat is an error,
// see errors.mlir.)

// CHECK-LABEL: gpu.func @flat
// CHECK-SAME: (%[[G:.*]]: memref<64xf16, #gpu.address_space<global>>, %[[N:.*]]: index)
// CHECK-NEXT: %[[L:.*]] = memref.alloca() : memref<4xf32, #gpu.address_space<private>>
// CHECK-NEXT: %[[S:.*]] = memref.get_global @flat_shared_0 : memref<8xi64, #gpu.address_space<workgroup>>
// CHECK-NEXT: %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[GP:.*]] = memref.extract_aligned_pointer_as_index %[[G]] : memref<64xf16, #gpu.address_space<global>> -> index
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[GO:.*]] = arith.muli %[[N]], %[[C2]] : index
// CHECK-NEXT: %[[GA:.*]] = arith.addi %[[GP]], %[[GO]] : index
// CHECK-NEXT: %[[GA64:.*]] = arith.index_castui %[[GA]] : index to i64
// CHECK-NEXT: %[[SP:.*]] = memref.extract_aligned_pointer_as_index %[[S]] : memref<8xi64, #gpu.address_space<workgroup>> -> index
// CHECK-NEXT: %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT: %[[SO:.*]] = arith.muli %[[C3]], %[[C8]] : index
// CHECK-NEXT: %[[SA:.*]] = arith.addi %[[SP]], %[[SO]] : index
// CHECK-NEXT: %[[SA64:.*]] = arith.index_castui %[[SA]] : index to i64
// CHECK-NEXT: %[[LP:.*]] = memref.extract_aligned_pointer_as_index %[[L]] : memref<4xf32, #gpu.address_space<private>> -> index
// CHECK-NEXT: %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT: %[[LO:.*]] = arith.muli %[[C3]], %[[C4]] : index
// CHECK-NEXT: %[[LA:.*]] = arith.addi %[[LP]], %[[LO]] : index
// CHECK-NEXT: %[[LA64:.*]] = arith.index_castui %[[LA]] : index to i64
// CHECK-NEXT: llvm.inttoptr %[[SA64]] : i64 to !llvm.ptr<3>
// CHECK-NEXT: llvm.inttoptr %[[GA64]] : i64 to !llvm.ptr<1>
// CHECK-NEXT: llvm.inttoptr %[[LA64]] : i64 to !llvm.ptr<5>
// CHECK-NOT: tirx.
tirx.prim_func @flat(%G: !tirx.buffer<64xf16, global>, %n: index) {
  tirx.device_entry {
    %S = tirx.alloc_buffer : !tirx.buffer<8xi64, shared>
    %L = tirx.alloc_buffer : !tirx.buffer<4xf32, local>
    %c3 = arith.constant 3 : index
    %g = tirx.address_of %G[%n] : !tirx.buffer<64xf16, global>
    %s = tirx.address_of %S[%c3] : !tirx.buffer<8xi64, shared>
    %l = tirx.address_of %L[%c3] : !tirx.buffer<4xf32, local>
    %sp = llvm.inttoptr %s : i64 to !llvm.ptr<3>
    %gp = llvm.inttoptr %g : i64 to !llvm.ptr<1>
    %lp = llvm.inttoptr %l : i64 to !llvm.ptr<5>
  }
  tirx.return
}

// With tirx-lower-layouts first, the address of element (%i, 8) of a
// 128-byte-swizzled 64x64 bf16 tile goes through the layout (swizzled offset
// into the flat 4096-element view) and then through the memref's address.
// CHECK: memref.global "private" @swizzled_shared_0 : memref<4096xbf16, #gpu.address_space<workgroup>> {alignment = 1024 : i64}
// CHECK-LABEL: gpu.func @swizzled
// CHECK: %[[S:.*]] = memref.get_global @swizzled_shared_0 : memref<4096xbf16, #gpu.address_space<workgroup>>
// CHECK: arith.xori
// CHECK: %[[OFF:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK-NEXT: %[[P:.*]] = memref.extract_aligned_pointer_as_index %[[S]] : memref<4096xbf16, #gpu.address_space<workgroup>> -> index
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[B:.*]] = arith.muli %[[OFF]], %[[C2]] : index
// CHECK-NEXT: %[[A:.*]] = arith.addi %[[P]], %[[B]] : index
// CHECK-NEXT: %[[A64:.*]] = arith.index_castui %[[A]] : index to i64
// CHECK-NEXT: llvm.inttoptr %[[A64]] : i64 to !llvm.ptr<3>
tirx.prim_func @swizzled(%i: index) {
  tirx.device_entry {
    %S = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %c8 = arith.constant 8 : index
    %a = tirx.address_of %S[%i, %c8] : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %p = llvm.inttoptr %a : i64 to !llvm.ptr<3>
  }
  tirx.return
}
