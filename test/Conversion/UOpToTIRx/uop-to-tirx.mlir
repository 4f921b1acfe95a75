// RUN: uop-opt %s --convert-uop-to-tirx | FileCheck %s
// RUN: uop-opt %uop_src_root/examples/uop/softmax.mlir --pass-pipeline="builtin.module(func.func(uop-rangeify),uop-split-kernels,uop.function(uop-simplify,uop-optimize{target=cuda},uop-expand,uop-simplify,uop-devectorize,uop-simplify,uop-gpudims,cse),convert-uop-to-tirx)" | FileCheck %s --check-prefix=SOFTMAX
//
// convert-uop-to-tirx: each kernel FUNCTION (after uop-gpudims) becomes a
// tirx.prim_func whose parameters are global buffers of the pointers' sizes.
// Its device_entry defines blockIdx.* as `kernel -> cta` and threadIdx.* as
// `cta -> thread` scope ids (a grid of one when there is no blockIdx), the
// remaining RANGEs become scf.for loops, LOAD / STORE through INDEX become
// buffer_load / buffer_store (gated ones under scf.if, the else of a load
// yielding its alt) and DEFINE_REG a local buffer. The schedule function
// becomes host code: a prim_func of its name without a device_entry, its
// BUFFERs global tirx.alloc_buffers, its CALLs tirx.launch in order.

// CHECK-NOT: uop.function
// CHECK-NOT: uop.call

// A padded row copy: the gated LOAD is an scf.if yielding the load or the
// alt (0.0).
// CHECK-LABEL: tirx.prim_func @pad_k0
// CHECK-SAME: (%[[OUT:.*]]: !tirx.buffer<640xf32, global>, %[[IN:.*]]: !tirx.buffer<512xf32, global>)
// CHECK-NEXT: tirx.device_entry {
// CHECK-NEXT: %[[B:.*]] = tirx.scope_id_def kernel -> cta [10]
// CHECK-NEXT: %[[T:.*]] = tirx.scope_id_def cta -> thread [64]
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[GE:.*]] = arith.cmpi sge, %[[B]], %{{.*}} : index
// CHECK: %[[LT:.*]] = arith.cmpi slt, %[[B]], %{{.*}} : index
// CHECK: %[[G:.*]] = arith.andi %[[GE]], %[[LT]] : i1
// CHECK: %[[SRC:.*]] = arith.addi %{{.*}}, %[[T]] : index
// CHECK: %[[V:.*]] = scf.if %[[G]] -> (f32) {
// CHECK-NEXT: %[[L:.*]] = tirx.buffer_load %[[IN]][%[[SRC]]] : !tirx.buffer<512xf32, global>
// CHECK-NEXT: scf.yield %[[L]] : f32
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[ZERO]] : f32
// CHECK-NEXT: }
// CHECK: %[[DST:.*]] = arith.addi %{{.*}}, %[[T]] : index
// CHECK: tirx.buffer_store %[[V]], %[[OUT]][%[[DST]]] : !tirx.buffer<640xf32, global>
// CHECK: tirx.return

// No blockIdx: a grid of one. The loop R0 is an scf.for, the gated STORE
// an scf.if around the buffer_store.
// CHECK-LABEL: tirx.prim_func @masked_k1
// CHECK-SAME: (%[[OUT:.*]]: !tirx.buffer<640xf32, global>, %[[IN:.*]]: !tirx.buffer<640xf32, global>)
// CHECK: tirx.scope_id_def kernel -> cta [1]
// CHECK-NEXT: %[[T:.*]] = tirx.scope_id_def cta -> thread [128]
// CHECK: %[[G:.*]] = arith.cmpi ult, %[[T]], %{{.*}} : index
// CHECK: %[[LB:.*]] = arith.constant 0 : index
// CHECK: %[[STEP:.*]] = arith.constant 1 : index
// CHECK: scf.for %[[R:.*]] = %[[LB]] to %{{.*}} step %[[STEP]] {
// CHECK: %[[M:.*]] = arith.muli %[[R]], %{{.*}} : index
// CHECK: %[[A:.*]] = arith.addi %[[M]], %[[T]] : index
// CHECK: %[[V:.*]] = tirx.buffer_load %[[IN]][%[[A]]]
// CHECK: scf.if %[[G]] {
// CHECK-NEXT: tirx.buffer_store %[[V]], %[[OUT]][%[[A]]] : !tirx.buffer<640xf32, global>
// CHECK-NEXT: }
// CHECK-NEXT: }

// A register accumulator: DEFINE_REG is a local buffer of one element,
// initialised before the reduce loop, updated in it and read after it.
// CHECK-LABEL: tirx.prim_func @rowsum_k2
// CHECK-SAME: (%[[OUT:.*]]: !tirx.buffer<64xf32, global>, %[[IN:.*]]: !tirx.buffer<640xf32, global>)
// CHECK: %[[T:.*]] = tirx.scope_id_def cta -> thread [64]
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[ACC:.*]] = tirx.alloc_buffer : !tirx.buffer<1xf32, local>
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: tirx.buffer_store %[[ZERO]], %[[ACC]][%[[C0]]] : !tirx.buffer<1xf32, local>
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %[[V:.*]] = tirx.buffer_load %[[IN]][%{{.*}}]
// CHECK: %[[OLD:.*]] = tirx.buffer_load %[[ACC]][%[[C0]]]
// CHECK: %[[NEW:.*]] = arith.addf %[[OLD]], %[[V]] : f32
// CHECK: tirx.buffer_store %[[NEW]], %[[ACC]][%[[C0]]]
// CHECK-NEXT: }
// CHECK: %[[R:.*]] = tirx.buffer_load %[[ACC]][%[[C0]]]
// CHECK: tirx.buffer_store %[[R]], %[[OUT]][%[[T]]] : !tirx.buffer<64xf32, global>
// The schedule, as host code.
// CHECK-LABEL: tirx.prim_func @main(
// CHECK-SAME: %[[X:.*]]: !tirx.buffer<512xf32, global>, %[[Y:.*]]: !tirx.buffer<64xf32, global>) {
// CHECK-NEXT: %[[B0:.*]] = tirx.alloc_buffer : !tirx.buffer<640xf32, global>
// CHECK-NEXT: %[[B1:.*]] = tirx.alloc_buffer : !tirx.buffer<640xf32, global>
// CHECK-NEXT: tirx.launch @pad_k0(%[[B0]], %[[X]])
// CHECK-NEXT: tirx.launch @masked_k1(%[[B1]], %[[B0]])
// CHECK-NEXT: tirx.launch @rowsum_k2(%[[Y]], %[[B1]])
// CHECK-NEXT: tirx.return
// CHECK-NOT: uop.

// Softmax through the cuda kernel passes: three prim_funcs. The row
// kernels (GROUP) give each of the 256 rows a block of 128 threads: three
// elements per thread in a register accumulator, then the block's
// reduction of the partials in shared memory (group-reduce.mlir); the
// elementwise one is a 3 x 256 grid (x is the innermost output split).
// SOFTMAX-LABEL: tirx.prim_func @softmax_k0(%{{.*}}: !tirx.buffer<256xf32, global>, %{{.*}}: !tirx.buffer<98304xf32, global>)
// SOFTMAX: tirx.scope_id_def kernel -> cta [256]
// SOFTMAX: tirx.scope_id_def cta -> thread [128]
// SOFTMAX: tirx.alloc_buffer : !tirx.buffer<1xf32, local>
// SOFTMAX: arith.constant 0xFF800000 : f32
// SOFTMAX: scf.for
// SOFTMAX: arith.maximumf
// SOFTMAX: tirx.tile.reduce max <cta>
// SOFTMAX-LABEL: tirx.prim_func @softmax_k1
// SOFTMAX: tirx.alloc_buffer : !tirx.buffer<1xf32, local>
// SOFTMAX: scf.for
// SOFTMAX: math.exp
// SOFTMAX: tirx.tile.reduce sum <cta>
// SOFTMAX-LABEL: tirx.prim_func @softmax_k2
// SOFTMAX: tirx.scope_id_def kernel -> cta [3, 256]
// SOFTMAX: tirx.scope_id_def cta -> thread [128]
// SOFTMAX-NOT: scf.for
// SOFTMAX: arith.divf
// SOFTMAX: tirx.buffer_store
// SOFTMAX-LABEL: tirx.prim_func @softmax(
// SOFTMAX-SAME: %[[IN:.*]]: !tirx.buffer<98304xf32, global>, %[[OUT:.*]]: !tirx.buffer<98304xf32, global>) {
// SOFTMAX-NEXT: %[[MAX:.*]] = tirx.alloc_buffer : !tirx.buffer<256xf32, global>
// SOFTMAX-NEXT: tirx.launch @softmax_k0(%[[MAX]], %[[IN]])
// SOFTMAX-NEXT: %[[SUM:.*]] = tirx.alloc_buffer : !tirx.buffer<256xf32, global>
// SOFTMAX-NEXT: tirx.launch @softmax_k1(%[[SUM]], %[[IN]], %[[MAX]])
// SOFTMAX-NEXT: tirx.launch @softmax_k2(%[[OUT]], %[[IN]], %[[MAX]], %[[SUM]])

uop.function @pad_k0(%out: !uop.ptr<f32, global, 640> {uop.shape = array<i64: 10, 64>}, %in: !uop.ptr<f32, global, 512>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c9 = arith.constant 9 : index
  %c10 = arith.constant 10 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %b = uop.special %c10, blockIdx.x
  %t = uop.special %c64, threadIdx.x
  %ge = arith.cmpi sge, %b, %c1 : index
  %lt = arith.cmpi slt, %b, %c9 : index
  %g = arith.andi %ge, %lt : i1
  %row = arith.subi %b, %c1 : index
  %m = arith.muli %row, %c64 : index
  %a = arith.addi %m, %t : index
  %ii = uop.index %in[%a] gate %g : !uop.ptr<f32, global, 512> -> f32
  %v = uop.load %in, %ii alt %zero : !uop.ptr<f32, global, 512> -> f32
  %m2 = arith.muli %b, %c64 : index
  %o = arith.addi %m2, %t : index
  %oi = uop.index %out[%o] : !uop.ptr<f32, global, 640> -> f32
  %s = uop.store %oi, %v : f32
  uop.sink %s : !uop.void info <name = "pad_k0">
}
uop.function @masked_k1(%out: !uop.ptr<f32, global, 640>, %in: !uop.ptr<f32, global, 640>) {
  %c0 = arith.constant 0 : index
  %c5 = arith.constant 5 : index
  %c640 = arith.constant 640 : index
  %c128 = arith.constant 128 : index
  %t = uop.special %c128, threadIdx.x
  %r = uop.range %c5, R0, loop
  %m = arith.muli %r, %c128 : index
  %a = arith.addi %m, %t : index
  %ii = uop.index %in[%a] : !uop.ptr<f32, global, 640> -> f32
  %v = uop.load %in, %ii : !uop.ptr<f32, global, 640> -> f32
  %g = arith.cmpi ult, %t, %c5 : index
  %oi = uop.index %out[%a] gate %g : !uop.ptr<f32, global, 640> -> f32
  %s = uop.store %oi, %v : f32
  %e = uop.end %s[%r] : !uop.void
  uop.sink %e : !uop.void info <name = "masked_k1">
}
uop.function @rowsum_k2(%out: !uop.ptr<f32, global, 64>, %in: !uop.ptr<f32, global, 640>) {
  %c0 = arith.constant 0 : index
  %c10 = arith.constant 10 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %t = uop.special %c64, threadIdx.x
  %k = uop.range %c10, R0, reduce
  %reg = uop.define_reg size 1 id 0 : !uop.ptr<f32, reg, 1>
  %p0 = uop.after %reg(%t : index) : !uop.ptr<f32, reg, 1>
  %x0 = uop.index %p0[%c0] : !uop.ptr<f32, reg, 1> -> f32
  %init = uop.store %x0, %zero : f32
  %m = arith.muli %k, %c64 : index
  %a = arith.addi %m, %t : index
  %xi = uop.index %in[%a] : !uop.ptr<f32, global, 640> -> f32
  %v = uop.load %in, %xi : !uop.ptr<f32, global, 640> -> f32
  %p1 = uop.after %reg(%init, %k : !uop.void, index) : !uop.ptr<f32, reg, 1>
  %x1 = uop.index %p1[%c0] : !uop.ptr<f32, reg, 1> -> f32
  %old = uop.load %p1, %x1 : !uop.ptr<f32, reg, 1> -> f32
  %new = arith.addf %old, %v : f32
  %upd = uop.store %x1, %new : f32
  %end = uop.end %upd[%k] : !uop.void
  %p2 = uop.after %reg(%end : !uop.void) : !uop.ptr<f32, reg, 1>
  %x2 = uop.index %p2[%c0] : !uop.ptr<f32, reg, 1> -> f32
  %acc = uop.load %p2, %x2 : !uop.ptr<f32, reg, 1> -> f32
  %o = uop.index %out[%t] : !uop.ptr<f32, global, 64> -> f32
  %st = uop.store %o, %acc : f32
  uop.sink %st : !uop.void info <name = "rowsum_k2">
}
uop.function @main(%x: !uop.ptr<f32, global, 512>, %y: !uop.ptr<f32, global, 64>) {
  %d = uop.device "CUDA"
  %u0 = uop.unique 0
  %t0 = uop.buffer %u0, %d size 640 : !uop.ptr<f32, global, 640>
  %u1 = uop.unique 1
  %t1 = uop.buffer %u1, %d size 640 : !uop.ptr<f32, global, 640>
  %c0 = uop.call @pad_k0(%t0, %x) : (!uop.ptr<f32, global, 640>, !uop.ptr<f32, global, 512>)
  %c1 = uop.call @masked_k1(%t1, %t0) : (!uop.ptr<f32, global, 640>, !uop.ptr<f32, global, 640>)
  %c2 = uop.call @rowsum_k2(%y, %t1) : (!uop.ptr<f32, global, 64>, !uop.ptr<f32, global, 640>)
  uop.sink %c0, %c1, %c2 : !uop.void, !uop.void, !uop.void
}
