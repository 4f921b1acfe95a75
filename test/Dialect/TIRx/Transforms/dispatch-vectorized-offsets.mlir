// RUN: uop-opt %s -split-input-file --tirx-dispatch-tile-primitives="chip=sm_80" | FileCheck %s
//
// The vectorized copy accepts dynamic last-dimension region offsets it can
// prove to be multiples of the vector width w: constants, scf.for induction
// variables whose lower bound and step are multiples, products with a
// multiple (either side), and sums of multiples. (The declines are in
// dispatch-vectorized-errors.mlir; a loop stepping by 8 from 0 plus 4 * %j is
// in dispatch.mlir.)

// An induction variable from 4 by 4 (w = 4 for f32).
// CHECK-LABEL: tirx.prim_func @iv_lower_bound
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %[[SJ:.*]] = arith.addi %[[K]], %{{.*}} : index
// CHECK-NEXT: tirx.vector_load %{{.*}}[%{{.*}}, %[[SJ]]] : !tirx.buffer<4x64xf32, global> -> vector<4xf32>
// CHECK-NEXT: tirx.vector_store %{{.*}} : vector<4xf32>, !tirx.buffer<4x8xf32, shared>
// CHECK-NOT: tirx.buffer_load
// CHECK-NOT: tirx.tile.copy
tirx.prim_func @iv_lower_bound(%A: !tirx.buffer<4x64xf32, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c56 = arith.constant 56 : index
    %S = tirx.alloc_buffer : !tirx.buffer<4x8xf32, shared>
    scf.for %k = %c4 to %c56 step %c4 {
      %r = tirx.region %A[%c0 : 4, %k : 8] : !tirx.buffer<4x64xf32, global>
      tirx.tile.copy <thread> %S, %r : !tirx.buffer<4x8xf32, shared>, !tirx.region<4x8, !tirx.buffer<4x64xf32, global>>
    }
  }
  tirx.return
}

// -----

// f16 (w = 8): 8 * %j with the constant on the left, and the sum of two
// aligned induction variables (16 * a + 8 * b) on the destination.
// CHECK-LABEL: tirx.prim_func @product_and_sum
// CHECK: tirx.vector_load %{{.*}} : !tirx.buffer<2x128xf16, global> -> vector<8xf16>
// CHECK: tirx.vector_store %{{.*}} : vector<8xf16>, !tirx.buffer<2x256xf16, global>
// CHECK-NOT: tirx.buffer_load
// CHECK-NOT: tirx.tile.copy
tirx.prim_func @product_and_sum(%A: !tirx.buffer<2x128xf16, global>, %B: !tirx.buffer<2x256xf16, global>, %j: index) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %j8 = arith.muli %c8, %j : index
    scf.for %a = %c0 to %c64 step %c16 {
      scf.for %b = %c16 to %c64 step %c8 {
        %col = arith.addi %a, %b : index
        %r = tirx.region %A[%c0 : 2, %j8 : 16] : !tirx.buffer<2x128xf16, global>
        %d = tirx.region %B[%c0 : 2, %col : 16] : !tirx.buffer<2x256xf16, global>
        tirx.tile.copy <thread> %d, %r : !tirx.region<2x16, !tirx.buffer<2x256xf16, global>>, !tirx.region<2x16, !tirx.buffer<2x128xf16, global>>
      }
    }
  }
  tirx.return
}
