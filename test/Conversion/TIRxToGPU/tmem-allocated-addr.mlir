// RUN: uop-opt %s --convert-tirx-to-gpu | FileCheck %s
//
// tmem buffers with an allocated_addr: the address is a column offset into
// one allocation the kernel's placed buffers share (tcgen05.alloc chooses
// where tensor memory starts, so offsets are relative to it). The first
// placed buffer allocates the smallest power of two >= 32 columns covering
// all of them; each buffer is the pool's base plus its allocated_addr; the
// epilogue frees the pool once. Errors: tmem-allocated-addr-errors.mlir.

// CHECK: memref.global "private" @pool_tmem_pool : memref<1xi32, #gpu.address_space<workgroup>>
// CHECK-NOT: memref.global
// CHECK-LABEL: gpu.func @pool
// CHECK:      %[[C256:.*]] = arith.constant 256 : i32
// CHECK-NEXT: nvvm.tcgen05.alloc %{{.*}}, %[[C256]] : !llvm.ptr<3>, i32
// CHECK-NOT:  nvvm.tcgen05.alloc
// CHECK:      %[[BASE:.*]] = memref.load
// CHECK:      %[[A:.*]] = arith.addi %[[BASE]], %c0_i32 : i32
// CHECK:      %[[SLOT:.*]] = memref.get_global @pool_tmem_pool
// CHECK:      %[[BASE2:.*]] = memref.load %[[SLOT]]
// CHECK-NEXT: %[[C128:.*]] = arith.constant 128 : i32
// CHECK-NEXT: %[[B:.*]] = arith.addi %[[BASE2]], %[[C128]] : i32
// CHECK:      arith.extui %[[A]] : i32 to i64
// CHECK:      arith.extui %[[B]] : i32 to i64
// CHECK:      %[[D256:.*]] = arith.constant 256 : i32
// CHECK-NEXT: nvvm.tcgen05.dealloc %{{.*}}, %[[D256]] : !llvm.ptr<6>, i32
// CHECK-NOT:  nvvm.tcgen05.dealloc
// CHECK:      nvvm.tcgen05.relinquish_alloc_permit
tirx.prim_func @pool() {
  tirx.device_entry {
    %A = tirx.alloc_buffer : !tirx.buffer<128x128xf32, tmem, #tirx.tile<S[(128,128):(1@TLane,1@TCol)]>, allocated_addr = 0>
    %B = tirx.alloc_buffer : !tirx.buffer<128x64xf32, tmem, #tirx.tile<S[(128,64):(1@TLane,1@TCol)]>, allocated_addr = 128>
    %c0 = arith.constant 0 : index
    %a = tirx.address_of %A[%c0, %c0] : !tirx.buffer<128x128xf32, tmem, #tirx.tile<S[(128,128):(1@TLane,1@TCol)]>, allocated_addr = 0>
    %b = tirx.address_of %B[%c0, %c0] : !tirx.buffer<128x64xf32, tmem, #tirx.tile<S[(128,64):(1@TLane,1@TCol)]>, allocated_addr = 128>
    %s = arith.addi %a, %b : i64
    %p = llvm.inttoptr %s : i64 to !llvm.ptr
    llvm.store %s, %p : i64, !llvm.ptr
  }
  tirx.return
}
