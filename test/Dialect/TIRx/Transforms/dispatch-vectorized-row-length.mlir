// RUN: uop-opt %s -split-input-file --tirx-dispatch-tile-primitives="chip=sm_80" | FileCheck %s
//
// vectorized checks the buffer's own row length, not only the tile's last
// extent: a 4-column region of a buffer with 6 columns (laid out, or
// explicitly strided) would give vector accesses its verifier rejects ("a
// vector of 4 does not divide the last dimension 6"), or misaligned 16-byte
// accesses (row 1 of a 6-float row-major layout starts at byte 24). So
// vectorized declines a buffer whose row length is not a multiple of the
// width ("the buffer's row of 6 elements is not a multiple of 4", see
// dispatch-vectorized-errors.mlir) and generic copies element by element.

// CHECK-LABEL: tirx.prim_func @layout_rows_of_6
// CHECK: tirx.buffer_load %{{.*}} : !tirx.buffer<8x6xf32, shared, #tirx.tile<S[(8,6):(6,1)]>>
// CHECK-NOT: tirx.vector_load
// CHECK-NOT: tirx.tile.copy
tirx.prim_func @layout_rows_of_6(%B: !tirx.buffer<8x4xf32, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<8x6xf32, shared, #tirx.tile<S[(8,6):(6,1)]>>
    %r = tirx.region %S[%c0 : 8, %c0 : 4] : !tirx.buffer<8x6xf32, shared, #tirx.tile<S[(8,6):(6,1)]>>
    tirx.tile.copy <thread> %B, %r : !tirx.buffer<8x4xf32, global>, !tirx.region<8x4, !tirx.buffer<8x6xf32, shared, #tirx.tile<S[(8,6):(6,1)]>>>
  }
  tirx.return
}

// -----

// The strided buffer (rows 8 apart) is declined on its 6-element rows as
// well: element-wise.
// CHECK-LABEL: tirx.prim_func @strided_rows_of_6
// CHECK: tirx.buffer_load %{{.*}} : !tirx.buffer<4x6xf32, global, strides = [8, 1]>
// CHECK-NOT: tirx.vector_load
// CHECK-NOT: tirx.tile.copy
// CHECK: tirx.return
tirx.prim_func @strided_rows_of_6(%A: !tirx.buffer<4x6xf32, global, strides = [8, 1]>, %B: !tirx.buffer<4x4xf32, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %r = tirx.region %A[%c0 : 4, %c0 : 4] : !tirx.buffer<4x6xf32, global, strides = [8, 1]>
    tirx.tile.copy <thread> %B, %r : !tirx.buffer<4x4xf32, global>, !tirx.region<4x4, !tirx.buffer<4x6xf32, global, strides = [8, 1]>>
  }
  tirx.return
}
