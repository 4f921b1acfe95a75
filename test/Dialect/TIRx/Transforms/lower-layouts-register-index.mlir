// RUN: uop-opt %s --tirx-lower-layouts --canonicalize | FileCheck %s
//
// A register tile distributed over the lanes like the m16n8 accumulator
// (element (r, c) on lane (r % 8) * 4 + (c % 8) / 2): an access whose
// coordinates differ between lanes only by the lane's own element has one
// register index in every thread, which tirx-lower-layouts proves by
// evaluating the layout for each thread and folds to a constant. (A
// dynamic index would make LLVM keep the buffer in a stack frame.)

!Acc = !tirx.buffer<64x32xf32, local, #tirx.tile<S[(4,2,8,4,4,2):(16,2,4@laneid,4,1@laneid,1)]>>

// CHECK-LABEL: tirx.prim_func @fragment
// CHECK: %[[V:.*]] = tirx.decl_buffer %{{.*}} storage : !tirx.buffer<64x32xf32, local, {{.*}}> -> !tirx.buffer<64xf32, local>
// Row 16 + 8 + g, column 8 + 2t + 1: register 16 + 2 + 4 + 1 = 23.
// CHECK: tirx.buffer_store %{{.*}}, %[[V]][%c23] : !tirx.buffer<64xf32, local>
// Row g, column 2t: register 0.
// CHECK: tirx.buffer_load %[[V]][%c0] : !tirx.buffer<64xf32, local>
// In a loop the index depends on the loop variable: it stays computed.
// CHECK: scf.for %[[J:.*]] =
// CHECK-NOT: tirx.buffer_load %[[V]][%c
// CHECK: tirx.buffer_load %[[V]][%{{.*}}] : !tirx.buffer<64xf32, local>
tirx.prim_func @fragment(%x: f32) {
  tirx.device_entry {
    %w = tirx.scope_id_def cta -> warp [8]
    %l = tirx.scope_id_def warp -> thread [32]
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c9 = arith.constant 9 : index
    %c24 = arith.constant 24 : index
    %acc = tirx.alloc_buffer : !Acc
    %g = arith.divui %l, %c4 : index
    %t = arith.remui %l, %c4 : index
    %t2 = arith.muli %t, %c2 : index
    %r = arith.addi %g, %c24 : index
    %c = arith.addi %t2, %c9 : index
    tirx.buffer_store %x, %acc[%r, %c] : !Acc
    %y = tirx.buffer_load %acc[%g, %t2] : !Acc
    scf.for %j = %c0 to %c2 step %c1 {
      %cj = arith.addi %t2, %j : index
      %z = tirx.buffer_load %acc[%g, %cj] : !Acc
    }
  }
  tirx.return
}
