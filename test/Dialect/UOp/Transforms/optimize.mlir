// RUN: uop-opt %s -split-input-file --uop-optimize | FileCheck %s --check-prefix=CPU
// RUN: uop-opt %s -split-input-file --uop-optimize=target=cuda | FileCheck %s --check-prefix=CUDA
// RUN: uop-opt %s -split-input-file --uop-optimize="upcast=1 upcast-outer=1 unroll=1" | FileCheck %s --check-prefix=OFF
// RUN: uop-opt %s -split-input-file --uop-optimize="reduce-lanes=1 elementwise-upcast=4" | FileCheck %s --check-prefix=NARROW
//
// uop-optimize: heuristic splits of a kernel's RANGEs, recorded as
// applied_opts (`<KIND, axis id, factor>`) in the SINK's KernelInfo. A split
// of R into F gives RANGE(extent / F) x RANGE(F) with R = outer * F + inner,
// and the closing op lists both in R's place.

// A reduction with one output range (a row sum). cpu: the output range is
// split loop x upcast(4), the reduce range reduce x unroll(4) (a small
// kernel: under 2^16 iterations; see @rowsum_large for larger ones).
// cuda: the output range becomes global and is split global x local.

// CPU-LABEL: uop.function @rowsum
// CPU: %[[C4:.*]] = arith.constant 4 : index
// CPU: %[[IO:.*]] = uop.range %[[C4]], R2, loop
// CPU: %[[II:.*]] = uop.range %{{.*}}, R3, upcast
// CPU: %[[IM:.*]] = arith.muli %[[IO]], %{{.*}} : index
// CPU: %[[I:.*]] = arith.addi %[[IM]], %[[II]] : index
// CPU: %[[C8:.*]] = arith.constant 8 : index
// CPU: %[[KO:.*]] = uop.range %[[C8]], R4, reduce
// CPU: %[[KI:.*]] = uop.range %{{.*}}, R5, unroll
// CPU: %[[KM:.*]] = arith.muli %[[KO]], %{{.*}} : index
// CPU: %[[K:.*]] = arith.addi %[[KM]], %[[KI]] : index
// CPU: uop.index %{{.*}}[%[[I]], %[[K]]]
// CPU: uop.reduce add %{{.*}}[%[[KO]], %[[KI]]] : f32
// CPU: uop.index %{{.*}}[%[[I]]]
// CPU: uop.end %{{.*}}[%[[IO]], %[[II]]] : !uop.void
// CPU: uop.sink %{{.*}} : !uop.void info <name = "rowsum", applied_opts = [<UPCAST, 0, 4>, <UNROLL, 1, 4>]>

// CUDA-LABEL: uop.function @rowsum
// CUDA: %[[G:.*]] = uop.range %{{.*}}, R2, global
// CUDA: %[[L:.*]] = uop.range %{{.*}}, R3, local
// CUDA: %[[K:.*]] = uop.range %{{.*}}, R1, reduce
// CUDA-NOT: unroll
// CUDA: uop.reduce add %{{.*}}[%[[K]]] : f32
// CUDA: uop.end %{{.*}}[%[[G]], %[[L]]] : !uop.void
// CUDA: info <name = "rowsum", applied_opts = [<LOCAL, 0, 8>]>

// With every factor 1 nothing is split and no applied_opts are recorded.
// OFF-LABEL: uop.function @rowsum
// OFF: uop.range %{{.*}}, R0, loop
// OFF: uop.range %{{.*}}, R1, reduce
// OFF-NOT: upcast
// OFF-NOT: unroll
// OFF: info <name = "rowsum">
uop.function @rowsum(%out: !uop.ptr<f32, global, 16> {uop.shape = array<i64: 16>}, %in: !uop.ptr<f32, global, 512> {uop.shape = array<i64: 16, 32>}) {
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %i = uop.range %c16, R0, loop
  %k = uop.range %c32, R1, reduce
  %x = uop.index %in[%i, %k] : !uop.ptr<f32, global, 512> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 512> -> f32
  %s = uop.reduce add %v [%k] : f32
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 16> -> f32
  %st = uop.store %o, %s : f32
  %e = uop.end %st[%i] : !uop.void
  uop.sink %e : !uop.void info <name = "rowsum">
}

// -----

// A row sum of 2^17 iterations (512 x 256), its load contiguous along the
// reduction (an add): 4 rows at once (4 load streams), the reduce range
// split reduce x upcast(16), the REDUCE over the outer steps runs per lane
// (16 accumulators along each row) and a second REDUCE over the lanes
// combines them; with reduce-lanes=1 it is unrolled as in small kernels.
// CPU-LABEL: uop.function @rowsum_large
// CPU: %[[I:.*]] = uop.range %{{.*}}, R2, loop
// CPU: %[[IU:.*]] = uop.range %{{.*}}, R3, upcast
// CPU: %[[C16:.*]] = arith.constant 16 : index
// CPU: %[[KO:.*]] = uop.range %[[C16]], R4, reduce
// CPU: %[[KL:.*]] = uop.range %{{.*}}, R5, upcast
// CPU: %[[P:.*]] = uop.reduce add %{{.*}}[%[[KO]]] : f32
// CPU: %[[S:.*]] = uop.reduce add %[[P]][%[[KL]]] : f32
// CPU: uop.store %{{.*}}, %[[S]] : f32
// CPU: uop.end %{{.*}}[%[[I]], %[[IU]]] : !uop.void
// CPU: applied_opts = [<UPCAST, 0, 4>, <UPCAST, 1, 16>]
// NARROW-LABEL: uop.function @rowsum_large
// NARROW: uop.range %{{.*}}, R3, unroll
// NARROW: applied_opts = [<UNROLL, 1, 4>]
uop.function @rowsum_large(%out: !uop.ptr<f32, global, 512> {uop.shape = array<i64: 512>}, %in: !uop.ptr<f32, global, 131072> {uop.shape = array<i64: 512, 256>}) {
  %c512 = arith.constant 512 : index
  %c256 = arith.constant 256 : index
  %i = uop.range %c512, R0, loop
  %k = uop.range %c256, R1, reduce
  %x = uop.index %in[%i, %k] : !uop.ptr<f32, global, 131072> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 131072> -> f32
  %s = uop.reduce add %v [%k] : f32
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 512> -> f32
  %st = uop.store %o, %s : f32
  %e = uop.end %st[%i] : !uop.void
  uop.sink %e : !uop.void info <name = "rowsum_large">
}

// -----

// A column sum of 2^17 iterations (256 x 512), its load contiguous along
// the output: 32 neighbouring outputs (`upcast`) per row step, whole cache
// lines, and no lanes or unroll on the strided reduction.
// CPU-LABEL: uop.function @colsum_large
// CPU: %[[JO:.*]] = uop.range %{{.*}}, R2, loop
// CPU: %[[C32:.*]] = arith.constant 32 : index
// CPU: %[[JI:.*]] = uop.range %[[C32]], R3, upcast
// CPU: %[[K:.*]] = uop.range %{{.*}}, R1, reduce
// CPU: uop.reduce add %{{.*}}[%[[K]]] : f32
// CPU: uop.end %{{.*}}[%[[JO]], %[[JI]]] : !uop.void
// CPU: applied_opts = [<UPCAST, 0, 32>]
// NARROW-LABEL: uop.function @colsum_large
// NARROW: applied_opts = [<UPCAST, 0, 32>]
uop.function @colsum_large(%out: !uop.ptr<f32, global, 512> {uop.shape = array<i64: 512>}, %in: !uop.ptr<f32, global, 131072> {uop.shape = array<i64: 256, 512>}) {
  %c512 = arith.constant 512 : index
  %c256 = arith.constant 256 : index
  %j = uop.range %c512, R0, loop
  %k = uop.range %c256, R1, reduce
  %x = uop.index %in[%k, %j] : !uop.ptr<f32, global, 131072> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 131072> -> f32
  %s = uop.reduce add %v [%k] : f32
  %o = uop.index %out[%j] : !uop.ptr<f32, global, 512> -> f32
  %st = uop.store %o, %s : f32
  %e = uop.end %st[%j] : !uop.void
  uop.sink %e : !uop.void info <name = "colsum_large">
}

// -----

// An elementwise kernel of 2^16 iterations: the innermost range is upcast by
// 16 (elementwise-upcast).
// CPU-LABEL: uop.function @copy_large
// CPU: uop.range %{{.*}}, R2, upcast
// CPU: applied_opts = [<UPCAST, 0, 16>]
// NARROW-LABEL: uop.function @copy_large
// NARROW: applied_opts = [<UPCAST, 0, 4>]
uop.function @copy_large(%out: !uop.ptr<f32, global, 65536> {uop.shape = array<i64: 65536>}, %in: !uop.ptr<f32, global, 65536> {uop.shape = array<i64: 65536>}) {
  %n = arith.constant 65536 : index
  %i = uop.range %n, R0, loop
  %x = uop.index %in[%i] : !uop.ptr<f32, global, 65536> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 65536> -> f32
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 65536> -> f32
  %st = uop.store %o, %v : f32
  %e = uop.end %st[%i] : !uop.void
  uop.sink %e : !uop.void info <name = "copy_large">
}

// -----

// Elementwise 8x12: only the innermost output range (R1) is upcast, by the
// largest power of two up to 4 that divides 12 and leaves an outer loop.
// cuda: both output ranges become global, the innermost split global x local.

// CPU-LABEL: uop.function @elementwise
// CPU: %[[I:.*]] = uop.range %{{.*}}, R0, loop
// CPU: %[[C3:.*]] = arith.constant 3 : index
// CPU: %[[JO:.*]] = uop.range %[[C3]], R2, loop
// CPU: %[[C4:.*]] = arith.constant 4 : index
// CPU: %[[JI:.*]] = uop.range %[[C4]], R3, upcast
// CPU: uop.end %{{.*}}[%[[I]], %[[JO]], %[[JI]]] : !uop.void
// CPU: info <name = "elementwise", applied_opts = [<UPCAST, 1, 4>]>

// CUDA-LABEL: uop.function @elementwise
// CUDA: %[[I:.*]] = uop.range %{{.*}}, R0, global
// CUDA: %[[JO:.*]] = uop.range %{{.*}}, R2, global
// CUDA: %[[JI:.*]] = uop.range %{{.*}}, R3, local
// CUDA: uop.end %{{.*}}[%[[I]], %[[JO]], %[[JI]]] : !uop.void
// CUDA: info <name = "elementwise", applied_opts = [<LOCAL, 1, 4>]>

// OFF-LABEL: uop.function @elementwise
// OFF-NOT: upcast
// OFF: info <name = "elementwise">
uop.function @elementwise(%out: !uop.ptr<f32, global, 96> {uop.shape = array<i64: 8, 12>}, %in: !uop.ptr<f32, global, 96> {uop.shape = array<i64: 8, 12>}) {
  %c8 = arith.constant 8 : index
  %c12 = arith.constant 12 : index
  %i = uop.range %c8, R0, loop
  %j = uop.range %c12, R1, loop
  %x = uop.index %in[%i, %j] : !uop.ptr<f32, global, 96> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 96> -> f32
  %n = math.exp %v : f32
  %o = uop.index %out[%i, %j] : !uop.ptr<f32, global, 96> -> f32
  %st = uop.store %o, %n : f32
  %e = uop.end %st[%i, %j] : !uop.void
  uop.sink %e : !uop.void info <name = "elementwise">
}

// -----

// A matmul (a reduction and two output ranges) gets a register tile on cpu:
// the innermost output range upcast by 16 (32 for reductions of 1024 or more), the next by
// `upcast-outer` (8); its reduction is not unrolled.

// CPU-LABEL: uop.function @matmul
// CPU: %[[IO:.*]] = uop.range %{{.*}}, R5, loop
// CPU: %[[C8:.*]] = arith.constant 8 : index
// CPU: %[[II:.*]] = uop.range %[[C8]], R6, upcast
// CPU: %[[JO:.*]] = uop.range %{{.*}}, R3, loop
// CPU: %[[C16:.*]] = arith.constant 16 : index
// CPU: %[[JI:.*]] = uop.range %[[C16]], R4, upcast
// CPU: %[[K:.*]] = uop.range %{{.*}}, R2, reduce
// CPU-NOT: unroll
// CPU: uop.reduce add %{{.*}}[%[[K]]] : f32
// CPU: uop.end %{{.*}}[%[[IO]], %[[II]], %[[JO]], %[[JI]]] : !uop.void
// CPU: info <name = "matmul", applied_opts = [<UPCAST, 1, 16>, <UPCAST, 0, 8>]>

// cuda: a 4 x 4 register tile per thread (both output ranges split global x
// upcast(4)), then the innermost global part split global x local.
// CUDA-LABEL: uop.function @matmul
// CUDA: %[[IO:.*]] = uop.range %c8, R5, global
// CUDA: %[[IL:.*]] = uop.range %{{.*}}, R6, upcast
// CUDA: %[[JO:.*]] = uop.range %{{.*}}, R7, global
// CUDA: %[[JL:.*]] = uop.range %{{.*}}, R8, local
// CUDA: %[[JU:.*]] = uop.range %{{.*}}, R4, upcast
// CUDA: uop.range %{{.*}}, R2, reduce
// CUDA: uop.end %{{.*}}[%[[IO]], %[[IL]], %[[JO]], %[[JL]], %[[JU]]] : !uop.void
// CUDA: info <name = "matmul", applied_opts = [<UPCAST, 1, 4>, <UPCAST, 0, 4>, <LOCAL, 3, 8>]>
uop.function @matmul(%c: !uop.ptr<f32, global, 2048> {uop.shape = array<i64: 32, 64>}, %a: !uop.ptr<f32, global, 512> {uop.shape = array<i64: 32, 16>}, %b: !uop.ptr<f32, global, 1024> {uop.shape = array<i64: 16, 64>}) {
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %c16 = arith.constant 16 : index
  %i = uop.range %c32, R0, loop
  %j = uop.range %c64, R1, loop
  %k = uop.range %c16, R2, reduce
  %ia = uop.index %a[%i, %k] : !uop.ptr<f32, global, 512> -> f32
  %va = uop.load %a, %ia : !uop.ptr<f32, global, 512> -> f32
  %ib = uop.index %b[%k, %j] : !uop.ptr<f32, global, 1024> -> f32
  %vb = uop.load %b, %ib : !uop.ptr<f32, global, 1024> -> f32
  %p = arith.mulf %va, %vb : f32
  %s = uop.reduce add %p [%k] : f32
  %ic = uop.index %c[%i, %j] : !uop.ptr<f32, global, 2048> -> f32
  %st = uop.store %ic, %s : f32
  %e = uop.end %st[%i, %j] : !uop.void
  uop.sink %e : !uop.void info <name = "matmul">
}

// -----

// An extent that no factor divides (3) is not split on either target; the
// schedule function (no KernelInfo) is not a kernel and is left alone.

// CPU-LABEL: uop.function @odd
// CPU: uop.range %{{.*}}, R0, loop
// CPU-NOT: upcast
// CPU: uop.sink %{{.*}} : !uop.void info <name = "odd">
// CPU-LABEL: uop.function @schedule
// CPU-NEXT: uop.call @odd
// CPU-NEXT: uop.sink %{{.*}} : !uop.void{{$}}

// CUDA-LABEL: uop.function @odd
// CUDA: uop.range %{{.*}}, R0, global
// CUDA-NOT: local
// CUDA: uop.sink %{{.*}} : !uop.void info <name = "odd">
uop.function @odd(%out: !uop.ptr<f32, global, 3> {uop.shape = array<i64: 3>}, %in: !uop.ptr<f32, global, 3> {uop.shape = array<i64: 3>}) {
  %c3 = arith.constant 3 : index
  %i = uop.range %c3, R0, loop
  %x = uop.index %in[%i] : !uop.ptr<f32, global, 3> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 3> -> f32
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 3> -> f32
  %st = uop.store %o, %v : f32
  %e = uop.end %st[%i] : !uop.void
  uop.sink %e : !uop.void info <name = "odd">
}
uop.function @schedule(%a: !uop.ptr<f32, global, 3>, %b: !uop.ptr<f32, global, 3>) {
  %c = uop.call @odd(%b, %a) : (!uop.ptr<f32, global, 3>, !uop.ptr<f32, global, 3>)
  uop.sink %c : !uop.void
}
