// XFAIL: *
// RUN: uop-opt %s --convert-tirx-to-gpu | FileCheck %s
//
// PENDING BUG: convert-tirx-to-gpu crashes (segfault in
// memref::LoadOp::verifyInvariantsImpl while verifying its output) when the
// device_entry uses a value defined in the prim_func body before it. The tirx
// verifier accepts this IR (an SSA value is visible to the following
// statements), but the pass splices the device statements into the
// isolated-from-above gpu.func and leaves the use pointing outside it.
// Expected: the conversion succeeds with the value available in the kernel
// (a constant is cloned into it); a clear diagnostic for values that cannot
// be moved would also be acceptable, but never a crash.

// CHECK-LABEL: gpu.func @outer
// CHECK-SAME: (%[[A:.*]]: memref<16xf32, #gpu.address_space<global>>)
// CHECK: %[[C3:.*]] = arith.constant 3 : index
// CHECK: %[[V:.*]] = memref.load %[[A]][%[[C3]]] : memref<16xf32, #gpu.address_space<global>>
// CHECK: memref.store %[[V]], %[[A]][%[[C3]]] : memref<16xf32, #gpu.address_space<global>>
tirx.prim_func @outer(%A: !tirx.buffer<16xf32, global>) {
  %c3 = arith.constant 3 : index
  tirx.device_entry {
    %v = tirx.buffer_load %A[%c3] : !tirx.buffer<16xf32, global>
    tirx.buffer_store %v, %A[%c3] : !tirx.buffer<16xf32, global>
  }
  tirx.return
}
