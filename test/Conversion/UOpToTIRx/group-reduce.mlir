// RUN: uop-opt %s -split-input-file --uop-devectorize --uop-gpudims --convert-uop-to-tirx | FileCheck %s
// RUN: uop-opt %s -split-input-file --uop-devectorize --uop-gpudims | FileCheck %s --check-prefix=DIMS
//
// GROUP from uop to tirx. uop-devectorize accumulates each thread's share
// of a REDUCE over (reduce, group_reduce) ranges in a register and keeps the
// REDUCE over the group range; uop-gpudims makes that range threadIdx.x (the
// REDUCE now combines across the block's threads) and gates the output
// store on thread 0; convert-uop-to-tirx parks each thread's partial in
// shared memory and reduces them with tirx.tile.reduce <cta> (a workspace
// of one element per warp), which every thread then reads.

// DIMS-LABEL: uop.function @rowsum
// DIMS: %[[B:.*]] = uop.special %{{.*}}, blockIdx.x
// DIMS: %[[T:.*]] = uop.special %{{.*}}, threadIdx.x
// DIMS: %[[FIRST:.*]] = arith.cmpi eq, %[[T]], %{{.*}} : index
// DIMS: uop.define_reg size 1 id 0
// DIMS: uop.end
// DIMS: %[[P:.*]] = uop.load
// DIMS-NEXT: %[[R:.*]] = uop.reduce add %[[P]][%[[T]]] : f32
// DIMS: %[[O:.*]] = uop.index %{{.*}}[%[[B]]] gate %[[FIRST]]
// DIMS: uop.store %[[O]], %[[R]] : f32

// CHECK-LABEL: tirx.prim_func @rowsum
// CHECK-DAG: %[[WS:.*]] = tirx.alloc_buffer : !tirx.buffer<8xf32, shared>
// CHECK-DAG: %[[RES:.*]] = tirx.alloc_buffer : !tirx.buffer<1xf32, shared>
// CHECK-DAG: %[[PARTS:.*]] = tirx.alloc_buffer : !tirx.buffer<256xf32, shared>
// CHECK: %[[BID:.*]] = tirx.scope_id_def kernel -> cta [8]
// CHECK: %[[TID:.*]] = tirx.scope_id_def cta -> thread [256]
// CHECK: %[[ACC:.*]] = tirx.alloc_buffer : !tirx.buffer<1xf32, local>
// CHECK: scf.for
// CHECK:   arith.addi %{{.*}}, %[[TID]] : index
// CHECK:   tirx.buffer_load %arg1
// CHECK: }
// CHECK-NEXT: %[[P:.*]] = tirx.buffer_load %[[ACC]]
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[TID]]
// CHECK: tirx.buffer_store %[[P]], %[[PARTS]][%[[TID]]] : !tirx.buffer<256xf32, shared>
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: tirx.tile.reduce sum <cta> %[[RES]], %[[PARTS]] axes [0] workspace(%[[WS]] : !tirx.buffer<8xf32, shared>)
// CHECK-NEXT: %[[R:.*]] = tirx.buffer_load %[[RES]][%{{.*}}] : !tirx.buffer<1xf32, shared>
// CHECK-NEXT: scf.if %[[FIRST]] {
// CHECK-NEXT:   tirx.buffer_store %[[R]], %arg0[%[[BID]]] : !tirx.buffer<8xf32, global>
uop.function @rowsum(%out: !uop.ptr<f32, global, 8>, %in: !uop.ptr<f32, global, 8192>) {
  %c8 = arith.constant 8 : index
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  %c1024 = arith.constant 1024 : index
  %i = uop.range %c8, R0, global
  %s = uop.range %c4, R1, reduce
  %g = uop.range %c256, R2, group_reduce
  %sm = arith.muli %s, %c256 : index
  %k = arith.addi %sm, %g : index
  %row = arith.muli %i, %c1024 : index
  %f = arith.addi %row, %k : index
  %x = uop.index %in[%f] : !uop.ptr<f32, global, 8192> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 8192> -> f32
  %r = uop.reduce add %v [%s, %g] : f32
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 8> -> f32
  %st = uop.store %o, %r : f32
  %e = uop.end %st[%i] : !uop.void
  uop.sink %e : !uop.void info <name = "rowsum">
}

// -----

// A product across threads (no shuffle reduction): every thread combines
// the parked partials in the same order, then a barrier before the next
// REDUCE may overwrite them. f64 has no workspace (shuffles move 32 bits).
// The stored value and a load both use one INDEX: the store gets its own
// gated copy, the load stays ungated.
// CHECK-LABEL: tirx.prim_func @rowprod
// CHECK: %[[PARTS:.*]] = tirx.alloc_buffer : !tirx.buffer<64xf64, shared>
// CHECK: tirx.buffer_store %{{.*}}, %[[PARTS]][%[[TID:.*]]] : !tirx.buffer<64xf64, shared>
// CHECK-NEXT: gpu.barrier
// CHECK: %[[PROD:.*]] = scf.for %[[J:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[A:.*]] = %{{.*}}) -> (f64) {
// CHECK-NEXT:   %[[X:.*]] = tirx.buffer_load %[[PARTS]][%[[J]]]
// CHECK-NEXT:   %[[M:.*]] = arith.mulf %[[A]], %[[X]] : f64
// CHECK-NEXT:   scf.yield %[[M]]
// CHECK: gpu.barrier
// CHECK: arith.addf %{{.*}}, %[[PROD]] : f64
// CHECK: scf.if
// CHECK: tirx.buffer_store %{{.*}}, %arg0
// DIMS-LABEL: uop.function @rowprod
// DIMS: %[[T:.*]] = uop.special %{{.*}}, threadIdx.x
// DIMS: %[[FIRST:.*]] = arith.cmpi eq, %[[T]]
// DIMS: %[[IS:.*]] = uop.index %arg0[%{{.*}}] gate %[[FIRST]]
// DIMS: %[[IL:.*]] = uop.index %arg0[%{{.*}}] : !uop.ptr<f64, global, 2> -> f64
// DIMS: uop.load %arg0, %[[IL]]
// DIMS: uop.store %[[IS]]
uop.function @rowprod(%out: !uop.ptr<f64, global, 2>, %in: !uop.ptr<f64, global, 128>) {
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  %i = uop.range %c2, R0, global
  %g = uop.range %c64, R1, group_reduce
  %row = arith.muli %i, %c64 : index
  %f = arith.addi %row, %g : index
  %x = uop.index %in[%f] : !uop.ptr<f64, global, 128> -> f64
  %v = uop.load %in, %x : !uop.ptr<f64, global, 128> -> f64
  %r = uop.reduce mul %v [%g] : f64
  %o = uop.index %out[%i] : !uop.ptr<f64, global, 2> -> f64
  %old = uop.load %out, %o : !uop.ptr<f64, global, 2> -> f64
  %sum = arith.addf %old, %r : f64
  %st = uop.store %o, %sum : f64
  %e = uop.end %st[%i] : !uop.void
  uop.sink %e : !uop.void info <name = "rowprod">
}
