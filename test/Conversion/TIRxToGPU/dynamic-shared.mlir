// Beyond 48 KiB, shared buffers become views of dynamic shared memory: one
// gpu.dynamic_shared_memory block, realigned to 1024 bytes at run time, each
// buffer at its offset (swizzled tiles on 1024-byte boundaries), and the
// kernel records the bytes to launch with (the buffers plus the 1024-byte
// realignment pad).
// RUN: uop-opt %s --pass-pipeline="builtin.module(tirx.prim_func(tirx-dispatch-tile-primitives{chip=sm_90a},tirx-lower-scope-ids,tirx-lower-layouts),convert-tirx-to-gpu)" | FileCheck %s
// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_90a" | uop-translate --mlir-to-ptx --chip=sm_90a > %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90a -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=PTXAS %}

// CHECK-LABEL: gpu.func @big
// CHECK-SAME: kernel
// CHECK-SAME: tirx.dynamic_shared_bytes = 132096 : i64
// CHECK-NOT: tirx.shared_bytes
// CHECK: %[[DYN:.*]] = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
// CHECK: %[[BASE:.*]] = memref.extract_aligned_pointer_as_index %[[DYN]]
// CHECK: %[[REM:.*]] = arith.remui %[[BASE]], %[[C1024:.*]] : index
// CHECK: %[[SUB:.*]] = arith.subi %[[C1024]], %[[REM]] : index
// CHECK: %[[PAD:.*]] = arith.remui %[[SUB]], %[[C1024]] : index
// CHECK: %[[OFF0:.*]] = arith.addi %[[PAD]], %{{.*}} : index
// CHECK: memref.view %[[DYN]][%[[OFF0]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<16384xf32, #gpu.address_space<workgroup>>
// CHECK: %[[OFF1:.*]] = arith.addi %[[PAD]], %[[C65536:.*]] : index
// CHECK: memref.view %[[DYN]][%[[OFF1]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<16384xf32, #gpu.address_space<workgroup>>
// CHECK-NOT: workgroup(

// PTX: .target sm_90a
// PTX: __dynamic_shmem__
// PTX: st.shared.v4.b32
// PTX: ld.shared.v4.b32
// No static shared memory is left: the 128 KiB come at launch.
// PTXAS: 0 bytes spill stores
tirx.prim_func @big(%A: !tirx.buffer<128x128xf32, global>, %B: !tirx.buffer<128x128xf32, global>) {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [256]
    %S = tirx.alloc_buffer : !tirx.buffer<128x128xf32, shared, #tirx.compose<#tirx.swizzle<per_element = 2, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,128):(128,1)]>>>
    %T = tirx.alloc_buffer : !tirx.buffer<128x128xf32, shared>
    tirx.tile.copy <cta> %S, %A : !tirx.buffer<128x128xf32, shared, #tirx.compose<#tirx.swizzle<per_element = 2, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,128):(128,1)]>>>, !tirx.buffer<128x128xf32, global>
    tirx.tile.copy <cta> %T, %S : !tirx.buffer<128x128xf32, shared>, !tirx.buffer<128x128xf32, shared, #tirx.compose<#tirx.swizzle<per_element = 2, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,128):(128,1)]>>>
    tirx.tile.copy <cta> %B, %T : !tirx.buffer<128x128xf32, global>, !tirx.buffer<128x128xf32, shared>
  }
  tirx.return
}

// A shared buffer whose type has an allocated_addr stays at that offset
// (past the realignment pad); the others are placed after it, and the kernel
// uses dynamic shared memory even below 48 KiB.
// CHECK-LABEL: gpu.func @placed
// CHECK-SAME: tirx.dynamic_shared_bytes = 3392 : i64
// CHECK: %[[DYN:.*]] = gpu.dynamic_shared_memory
// CHECK: arith.subi
// CHECK-NEXT: %[[PAD:.*]] = arith.remui
// CHECK-NEXT: %[[C2048:.*]] = arith.constant 2048 : index
// CHECK-NEXT: %[[O1:.*]] = arith.addi %[[PAD]], %[[C2048]] : index
// CHECK-NEXT: %[[P:.*]] = memref.view %[[DYN]][%[[O1]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: %[[C2304:.*]] = arith.constant 2304 : index
// CHECK-NEXT: %[[O2:.*]] = arith.addi %[[PAD]], %[[C2304]] : index
// CHECK-NEXT: %[[F:.*]] = memref.view %[[DYN]][%[[O2]]][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<16xf32, #gpu.address_space<workgroup>>
// CHECK: memref.store %{{.*}}, %[[P]]
// CHECK: memref.store %{{.*}}, %[[F]]
tirx.prim_func @placed(%x: f32) {
  tirx.device_entry {
    %P = tirx.alloc_buffer : !tirx.buffer<64xf32, shared, allocated_addr = 2048>
    %F = tirx.alloc_buffer : !tirx.buffer<16xf32, shared>
    %c0 = arith.constant 0 : index
    tirx.buffer_store %x, %P[%c0] : !tirx.buffer<64xf32, shared, allocated_addr = 2048>
    tirx.buffer_store %x, %F[%c0] : !tirx.buffer<16xf32, shared>
  }
  tirx.return
}
