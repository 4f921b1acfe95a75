// RUN: uop-opt %s -split-input-file --tirx-lower-layouts --cse | FileCheck %s
//
// Two things tirx-lower-layouts once got silently wrong (issue 19):
// - a store to a layout with replicas on the memory axis writes every
//   replica (it wrote only the first);
// - a decl_buffer view starts where the buffer it views starts and, without
//   a layout or strides of its own, uses that buffer's strides: the seed's
//   views inherit elem_offset and strides (they started at the data pointer,
//   row-major). Accesses through a view address the storage of the buffer
//   at the root of the view chain.
// Constant coordinates fold (and --cse merges the constants), so each
// access shows its flat offset.

// `+ R[2:64]`: element (1, 2) lives at 18 and at 18 + 64. The store writes
// both, the load reads the first.
// CHECK-LABEL: tirx.prim_func @replicated_store
// CHECK: %[[F:.*]] = tirx.decl_buffer %{{.*}} -> !tirx.buffer<128xf32, shared>
// CHECK-DAG: %[[C18:.*]] = arith.constant 18 : index
// CHECK-DAG: %[[C82:.*]] = arith.constant 82 : index
// CHECK-DAG: tirx.buffer_store %{{.*}}, %[[F]][%[[C82]]]
// CHECK-DAG: tirx.buffer_store %{{.*}}, %[[F]][%[[C18]]]
// CHECK: tirx.buffer_load %[[F]][%[[C18]]]
// CHECK-NOT: tirx.buffer_store
tirx.prim_func @replicated_store(%x: f32) {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [32]
    %S = tirx.alloc_buffer : !tirx.buffer<4x16xf32, shared, #tirx.tile<S[(4,16):(16,1)] + R[2:64]>>
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    tirx.buffer_store %x, %S[%c1, %c2] : !tirx.buffer<4x16xf32, shared, #tirx.tile<S[(4,16):(16,1)] + R[2:64]>>
    %y = tirx.buffer_load %S[%c1, %c2] : !tirx.buffer<4x16xf32, shared, #tirx.tile<S[(4,16):(16,1)] + R[2:64]>>
  }
  tirx.return
}

// -----

// Two memory replica iters (2 x 2) and one on a thread axis: four stores,
// at 5 + {0, 32} + {0, 64}; the lane copies are the other lanes' own.
// CHECK-LABEL: tirx.prim_func @four_replicas
// CHECK-DAG: %[[A:.*]] = arith.constant 5 : index
// CHECK-DAG: %[[B:.*]] = arith.constant 37 : index
// CHECK-DAG: %[[C:.*]] = arith.constant 69 : index
// CHECK-DAG: %[[D:.*]] = arith.constant 101 : index
// CHECK-DAG: tirx.buffer_store %{{.*}}, %{{.*}}[%[[A]]]
// CHECK-DAG: tirx.buffer_store %{{.*}}, %{{.*}}[%[[B]]]
// CHECK-DAG: tirx.buffer_store %{{.*}}, %{{.*}}[%[[C]]]
// CHECK-DAG: tirx.buffer_store %{{.*}}, %{{.*}}[%[[D]]]
// CHECK-NOT: tirx.buffer_store
// CHECK: tirx.return
tirx.prim_func @four_replicas(%x: f32) {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [32]
    %L = tirx.alloc_buffer : !tirx.buffer<8xf32, local, #tirx.tile<S[8:1] + R[(2,2,4):(32,64,1@laneid)]>>
    %c5 = arith.constant 5 : index
    tirx.buffer_store %x, %L[%c5] : !tirx.buffer<8xf32, local, #tirx.tile<S[8:1] + R[(2,2,4):(32,64,1@laneid)]>>
  }
  tirx.return
}

// -----

// A view of a buffer with elem_offset 8 starts at 8: V[1, 1] of a 2x16 view
// is element 8 + 17 = 25 of the storage (it read 17).
// CHECK-LABEL: tirx.prim_func @view_inherits_elem_offset
// CHECK: %[[S:.*]] = tirx.alloc_buffer : !tirx.buffer<4x8xf32, shared, elem_offset = 8>
// CHECK: %[[F:.*]] = tirx.decl_buffer %[[S]] storage : !tirx.buffer<4x8xf32, shared, elem_offset = 8> -> !tirx.buffer<40xf32, shared>
// CHECK: %[[C25:.*]] = arith.constant 25 : index
// CHECK: tirx.buffer_load %[[F]][%[[C25]]]
tirx.prim_func @view_inherits_elem_offset() {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [32]
    %S = tirx.alloc_buffer : !tirx.buffer<4x8xf32, shared, elem_offset = 8>
    %V = tirx.decl_buffer %S : !tirx.buffer<4x8xf32, shared, elem_offset = 8> -> !tirx.buffer<2x16xf32, shared>
    %c1 = arith.constant 1 : index
    %y = tirx.buffer_load %V[%c1, %c1] : !tirx.buffer<2x16xf32, shared>
  }
  tirx.return
}

// -----

// A view without strides of its own uses the viewed buffer's: V[1, 2] of a
// 2x4 view of rows padded to 8 is element 8 + 2 = 10 (it read 4 + 2 = 6).
// A 1x4 view of that view with elem_offset 3 starts 3 after it: W[0, 2] is
// 3 + 2 = 5.
// CHECK-LABEL: tirx.prim_func @view_inherits_strides
// CHECK: %[[F:.*]] = tirx.decl_buffer %{{.*}} storage : !tirx.buffer<4x4xf32, shared, strides = [8, 1]> -> !tirx.buffer<28xf32, shared>
// CHECK: %[[C10:.*]] = arith.constant 10 : index
// CHECK: tirx.buffer_load %[[F]][%[[C10]]]
// CHECK: %[[C5:.*]] = arith.constant 5 : index
// CHECK: tirx.buffer_load %[[F]][%[[C5]]]
tirx.prim_func @view_inherits_strides() {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [32]
    %S = tirx.alloc_buffer : !tirx.buffer<4x4xf32, shared, strides = [8, 1]>
    %V = tirx.decl_buffer %S : !tirx.buffer<4x4xf32, shared, strides = [8, 1]> -> !tirx.buffer<2x4xf32, shared>
    %W = tirx.decl_buffer %V : !tirx.buffer<2x4xf32, shared> -> !tirx.buffer<1x4xf32, shared, elem_offset = 3>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %y = tirx.buffer_load %V[%c1, %c2] : !tirx.buffer<2x4xf32, shared>
    %z = tirx.buffer_load %W[%c0, %c2] : !tirx.buffer<1x4xf32, shared, elem_offset = 3>
  }
  tirx.return
}
