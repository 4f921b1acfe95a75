// RUN: uop-opt %s -split-input-file --tirx-dispatch-tile-primitives="chip=sm_80" | FileCheck %s
//
// Config keys mean something: `vec` sets the vector width of the vectorized
// copy and keeps the generic loop element-wise; an implementation declines a
// key it does not read (so no setting is silently ignored), `multicast` is
// read by TMA (cluster multicast: dispatch-tma-multicast.mlir; the CTA-pair
// form: dispatch-tcgen05-2cta.mlir). The errors are in
// dispatch-config-errors.mlir.

// vec = 2: two f32 per access instead of four.
// CHECK-LABEL: tirx.prim_func @vec_two
// CHECK: tirx.vector_load %{{.*}} : !tirx.buffer<64xf32, global> -> vector<2xf32>
// CHECK: tirx.vector_store %{{.*}} : vector<2xf32>, !tirx.buffer<64xf32, shared>
// CHECK-NOT: tirx.tile.copy
tirx.prim_func @vec_two(%A: !tirx.buffer<64xf32, global>) {
  tirx.device_entry {
    %S = tirx.alloc_buffer : !tirx.buffer<64xf32, shared>
    tirx.tile.copy <thread> %S, %A config {vec = 2} : !tirx.buffer<64xf32, shared>, !tirx.buffer<64xf32, global>
  }
  tirx.return
}

// -----

// vec = 1: scalar accesses, the generic loop.
// CHECK-LABEL: tirx.prim_func @vec_one
// CHECK: tirx.buffer_load %{{.*}} : !tirx.buffer<64xf32, global>
// CHECK-NOT: tirx.vector_load
tirx.prim_func @vec_one(%A: !tirx.buffer<64xf32, global>) {
  tirx.device_entry {
    %S = tirx.alloc_buffer : !tirx.buffer<64xf32, shared>
    tirx.tile.copy <thread> %S, %A config {vec = 1} : !tirx.buffer<64xf32, shared>, !tirx.buffer<64xf32, global>
  }
  tirx.return
}
