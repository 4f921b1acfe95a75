// RUN: not uop-translate --tirx-layout-table %s 2>&1 | FileCheck %s
//
// Regression test (was: crash): the verifier bounds a layout's size and spans by 2^62 but not
// its number of replica locations. R[2^62:1@laneid] is accepted, and
// --tirx-layout-table then aborts in layout::table / applyFlat
// (std::length_error from vector::reserve: "terminate called ...", a stack
// dump), although LayoutAlgebra.h promises nothing throws. Expected: a
// diagnostic (the verifier refusing the layout, or "cannot tabulate ...").

// CHECK-NOT: Stack dump
// CHECK: error:
// CHECK-NOT: Stack dump
// CHECK-NOT: terminate called
tirx.prim_func @f() {
  tirx.device_entry {
    %r = tirx.alloc_buffer : !tirx.buffer<1xf32, local, #tirx.tile<S[1:1] + R[4611686018427387904:1@laneid]>>
  }
  tirx.return
}
