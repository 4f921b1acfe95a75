// RUN: uop-opt %s --convert-tirx-to-gpu | FileCheck %s
//
// convert-tirx-to-gpu turns each tirx.tensor_map into an extra !llvm.ptr
// kernel parameter (a pointer to the encoded CUtensorMap the launcher
// provides), appended after the prim_func's parameters, and lists them in the kernel's
// `tirx.tensor_maps` attribute as #tirx.tensor_map_param<arg = <kernel parameter index>, shape = <buffer shape>,
// buffer_arg = <index of the described buffer parameter>, box, swizzle>, in
// program order. The map's uses become uses of the parameter.

// Three maps (two of the same parameter, with other boxes): parameters 3, 4
// and 5 after (A, n, B); the shared and local buffers keep their uses.
// CHECK: memref.global "private" @maps_shared_0 : memref<4096xbf16, #gpu.address_space<workgroup>> {alignment = 1024 : i64}
// CHECK: memref.global "private" @maps_shared_1 : memref<32xf32, #gpu.address_space<workgroup>> {alignment = 128 : i64}
// CHECK-LABEL: gpu.func @maps
// CHECK-SAME: (%[[A:.*]]: memref<32768xbf16, #gpu.address_space<global>>, %[[N:.*]]: index, %[[B:.*]]: memref<4096xf32, #gpu.address_space<global>>, %[[M0:.*]]: !llvm.ptr, %[[M1:.*]]: !llvm.ptr, %[[M2:.*]]: !llvm.ptr)
// CHECK-SAME: kernel attributes {
// CHECK-SAME: tirx.tensor_maps = [#tirx.tensor_map_param<arg = 3, buffer_arg = 0, shape = [256, 128], box = [64, 64], swizzle = 128>, #tirx.tensor_map_param<arg = 4, buffer_arg = 2, shape = [64, 64], box = [8, 4], swizzle = 0>, #tirx.tensor_map_param<arg = 5, buffer_arg = 0, shape = [256, 128], box = [1, 64], swizzle = 128>]
// CHECK-NOT: tirx.tensor_map
// CHECK: %[[L:.*]] = memref.alloca() : memref<4xf32, #gpu.address_space<private>>
// CHECK: %[[S2:.*]] = memref.get_global @maps_shared_1
// CHECK: %[[V:.*]] = memref.load %[[L]][%{{.*}}] : memref<4xf32, #gpu.address_space<private>>
// CHECK-NEXT: memref.store %[[V]], %[[S2]][%[[N]]] : memref<32xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: llvm.store %[[V]], %[[M0]] : f32, !llvm.ptr
// CHECK-NEXT: llvm.store %[[V]], %[[M1]] : f32, !llvm.ptr
// CHECK-NEXT: llvm.store %[[V]], %[[M2]] : f32, !llvm.ptr
// CHECK-NEXT: gpu.return
tirx.prim_func @maps(%A: !tirx.buffer<256x128xbf16, global>, %n: index, %B: !tirx.buffer<64x64xf32, global>) {
  tirx.device_entry {
    %S = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %L = tirx.alloc_buffer : !tirx.buffer<4xf32, local>
    %ma = tirx.tensor_map %A box [64, 64] swizzle 128 : !tirx.buffer<256x128xbf16, global> -> !llvm.ptr
    %S2 = tirx.alloc_buffer : !tirx.buffer<32xf32, shared>
    %mb = tirx.tensor_map %B box [8, 4] swizzle 0 : !tirx.buffer<64x64xf32, global> -> !llvm.ptr
    %mc = tirx.tensor_map %A box [1, 64] swizzle 128 : !tirx.buffer<256x128xbf16, global> -> !llvm.ptr
    %c0 = arith.constant 0 : index
    %v = tirx.buffer_load %L[%c0] : !tirx.buffer<4xf32, local>
    tirx.buffer_store %v, %S2[%n] : !tirx.buffer<32xf32, shared>
    llvm.store %v, %ma : f32, !llvm.ptr
    llvm.store %v, %mb : f32, !llvm.ptr
    llvm.store %v, %mc : f32, !llvm.ptr
  }
  tirx.return
}

// A kernel without tensor maps has no extra parameter and no attribute; a
// map inside a loop is still one parameter (1, after A).
// CHECK-LABEL: gpu.func @none
// CHECK-SAME: (%{{.*}}: memref<64xf32, #gpu.address_space<global>>) kernel
// CHECK-NOT: tirx.tensor_maps
// CHECK: gpu.return
tirx.prim_func @none(%A: !tirx.buffer<64xf32, global>) {
  tirx.device_entry {
  }
  tirx.return
}

// CHECK-LABEL: gpu.func @in_loop
// CHECK-SAME: (%{{.*}}: memref<16384xf16, #gpu.address_space<global>>, %[[M:.*]]: !llvm.ptr) kernel
// CHECK-SAME: tirx.tensor_maps = [#tirx.tensor_map_param<arg = 1, buffer_arg = 0, shape = [128, 128], box = [32, 32], swizzle = 64>]
// CHECK: scf.for
// CHECK-NEXT: llvm.load %[[M]] : !llvm.ptr -> i64
tirx.prim_func @in_loop(%A: !tirx.buffer<128x128xf16, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %k = %c0 to %c4 step %c1 {
      %m = tirx.tensor_map %A box [32, 32] swizzle 64 : !tirx.buffer<128x128xf16, global> -> !llvm.ptr
      %x = llvm.load %m : !llvm.ptr -> i64
    }
  }
  tirx.return
}
