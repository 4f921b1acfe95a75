// XFAIL: *
// RUN: uop-opt %s -split-input-file --tirx-dispatch-tile-primitives="chip=sm_80" | FileCheck %s
//
// PENDING BUG (the pass emits IR its verifier rejects): vectorized checks that
// the tile's last extent is a multiple of the vector width, but for a
// buffer with a layout or with explicit strides it does not check the
// buffer's own last dimension. A 4-column region of a buffer with 6 columns
// is accepted, and the expansion fails verification:
//   error: 'tirx.vector_load' op a vector of 4 does not divide the last
//   dimension 6
// For the layout case the acceptance itself is wrong: the layout table is
// scanned in runs of 4 over the whole 8x6 buffer, not at the (row, 0) starts
// the copy uses; row 1 starts at element 6 (byte 24), which is not 16-byte
// aligned. (Without a layout or strides, "the row length is not a multiple of
// the vector width" declines correctly.) Expected: vectorized declines both
// copies and generic copies element by element -- or, for the strided buffer
// (rows 8 apart, so every run is aligned), valid vector accesses.

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

// CHECK-LABEL: tirx.prim_func @strided_rows_of_6
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
