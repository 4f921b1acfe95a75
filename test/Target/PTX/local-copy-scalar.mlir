// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_80" | uop-translate --mlir-to-ptx --chip=sm_80 | FileCheck %s
//
// Formerly pending-local-vector-align.mlir (fixed): the vectorized copy
// accepted a thread-scope copy into a plain local buffer and emitted 16-byte
// vector stores into private attributions that convert-tirx-to-gpu leaves at
// the element's alignment (4), e.g. `st.local.v4.b32` at byte 8 of a depot
// aligned to 4. vectorized now declines local operands ("only global and
// shared memory are accessed in 16-byte vectors", see
// dispatch-vectorized-errors.mlir), so the copy into local memory is scalar:
// 4-byte stores into the 4-byte-aligned depot, no vector access to it.

// CHECK: .local .align 4 .b8 __local_depot0
// CHECK-NOT: st.local.v
// CHECK-NOT: ld.local.v
// CHECK: ld.global.b32 [[X:%r[0-9]+]],
// CHECK: st.local.b32 [{{%rd[0-9]+}}], [[X]];
// CHECK-NOT: st.local.v
// CHECK-NOT: ld.local.v
// CHECK: ret;
tirx.prim_func @k(%A: !tirx.buffer<4096xf32, global>, %i: index) {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [32]
    %c8 = arith.constant 8 : index
    %L = tirx.alloc_buffer : !tirx.buffer<2xf32, local>
    %M = tirx.alloc_buffer : !tirx.buffer<256xf32, local>
    %f = arith.constant 1.0 : f32
    %r = tirx.region %A[%c8 : 256] : !tirx.buffer<4096xf32, global>
    tirx.tile.fill <thread> %L, %f : !tirx.buffer<2xf32, local>, f32
    tirx.tile.copy <thread> %M, %r : !tirx.buffer<256xf32, local>, !tirx.region<256, !tirx.buffer<4096xf32, global>>
    %v = tirx.buffer_load %M[%i] : !tirx.buffer<256xf32, local>
    %w = tirx.buffer_load %L[%i] : !tirx.buffer<2xf32, local>
    %s = arith.addf %v, %w : f32
    tirx.buffer_store %s, %A[%i] : !tirx.buffer<4096xf32, global>
  }
  tirx.return
}
