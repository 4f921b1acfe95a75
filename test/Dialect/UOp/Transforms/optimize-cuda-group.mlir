// RUN: uop-opt %s -split-input-file --uop-optimize=target=cuda | FileCheck %s
// RUN: uop-opt %s -split-input-file --uop-optimize="target=cuda group=64" | FileCheck %s --check-prefix=G64
// RUN: uop-opt %s -split-input-file --uop-optimize="target=cuda group=0 local=64" | FileCheck %s --check-prefix=OFF
//
// uop-optimize{target=cuda}, GROUP: a long 32-bit reduction that walks its
// input contiguously is shared by the threads of a block. Its innermost
// reduce range R becomes R = serial * T + group with the group_reduce range
// inner (neighbouring threads read neighbouring elements), and the REDUCE a
// per-thread REDUCE over the serial part followed by a REDUCE of the
// partials over the group range. The output ranges are the grid (one block
// per output); `group` caps T, group=0 turns GROUP off (LOCAL instead).

// A row sum of 64 rows of 1024: T = 256, four steps per thread.
// CHECK-LABEL: uop.function @rowsum
// CHECK: %[[I:.*]] = uop.range %{{.*}}, R0, global
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[S:.*]] = uop.range %[[C4]], R2, reduce
// CHECK: %[[C256:.*]] = arith.constant 256 : index
// CHECK: %[[G:.*]] = uop.range %[[C256]], R3, group_reduce
// CHECK: %[[SM:.*]] = arith.muli %[[S]], %{{.*}} : index
// CHECK: %[[K:.*]] = arith.addi %[[SM]], %[[G]] : index
// CHECK: uop.index %{{.*}}[%[[I]], %[[K]]]
// CHECK: %[[P:.*]] = uop.reduce add %{{.*}}[%[[S]]] : f32
// CHECK: %[[R:.*]] = uop.reduce add %[[P]][%[[G]]] : f32
// CHECK: uop.store %{{.*}}, %[[R]] : f32
// CHECK: uop.end %{{.*}}[%[[I]]] : !uop.void
// CHECK: info <name = "rowsum", applied_opts = [<GROUP, 1, 256>]>
// G64-LABEL: uop.function @rowsum
// G64: uop.range %{{.*}}, R3, group_reduce
// G64: info <name = "rowsum", applied_opts = [<GROUP, 1, 64>]>
// OFF-LABEL: uop.function @rowsum
// OFF-NOT: group_reduce
// OFF: info <name = "rowsum", applied_opts = [<LOCAL, 0, 32>]>
uop.function @rowsum(%out: !uop.ptr<f32, global, 64> {uop.shape = array<i64: 64>}, %in: !uop.ptr<f32, global, 65536> {uop.shape = array<i64: 64, 1024>}) {
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %i = uop.range %c64, R0, loop
  %k = uop.range %c1024, R1, reduce
  %x = uop.index %in[%i, %k] : !uop.ptr<f32, global, 65536> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 65536> -> f32
  %s = uop.reduce add %v [%k] : f32
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 64> -> f32
  %st = uop.store %o, %s : f32
  %e = uop.end %st[%i] : !uop.void
  uop.sink %e : !uop.void info <name = "rowsum">
}

// -----

// A row max over 384 (a softmax's first kernel, flat indices): the largest
// power of two up to 256 that divides 384 is 128; a load of the row's own
// output-indexed value (max[i], contiguous in i but not walking the
// reduction) does not count against GROUP.
// CHECK-LABEL: uop.function @rowmax
// CHECK: uop.range %{{.*}}, R3, group_reduce
// CHECK: uop.reduce max
// CHECK: uop.reduce max
// CHECK: info <name = "rowmax", applied_opts = [<GROUP, 1, 128>]>
uop.function @rowmax(%out: !uop.ptr<f32, global, 8>, %in: !uop.ptr<f32, global, 3072>, %bias: !uop.ptr<f32, global, 8>) {
  %c8 = arith.constant 8 : index
  %c384 = arith.constant 384 : index
  %i = uop.range %c8, R0, loop
  %k = uop.range %c384, R1, reduce
  %row = arith.muli %i, %c384 : index
  %flat = arith.addi %row, %k : index
  %x = uop.index %in[%flat] : !uop.ptr<f32, global, 3072> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 3072> -> f32
  %bi = uop.index %bias[%i] : !uop.ptr<f32, global, 8> -> f32
  %b = uop.load %bias, %bi : !uop.ptr<f32, global, 8> -> f32
  %d = arith.subf %v, %b : f32
  %m = uop.reduce max %d [%k] : f32
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 8> -> f32
  %st = uop.store %o, %m : f32
  %e = uop.end %st[%i] : !uop.void
  uop.sink %e : !uop.void info <name = "rowmax">
}

// -----

// A column sum reads the reduction with a stride of a row, so GROUP's
// coalescing does not apply; but with 64 outputs LOCAL would run 64 threads
// in all. GROUPTOP (tinygrad's rule for at most 2048 outputs): a block of
// 256 threads per column, each summing a contiguous run of four rows.
// CHECK-LABEL: uop.function @colsum
// CHECK: %[[G:.*]] = uop.range %{{.*}}, R2, group_reduce
// CHECK: %[[S:.*]] = uop.range %{{.*}}, R3, reduce
// CHECK: %[[P:.*]] = uop.reduce add %{{.*}}[%[[S]]] : f32
// CHECK: uop.reduce add %[[P]][%[[G]]] : f32
// CHECK: info <name = "colsum", applied_opts = [<GROUPTOP, 1, 256>]>
// With GROUP off neither applies: LOCAL over the columns (coalesced).
// OFF-LABEL: uop.function @colsum
// OFF-NOT: group_reduce
// OFF: info <name = "colsum", applied_opts = [<LOCAL, 0, 32>]>
uop.function @colsum(%out: !uop.ptr<f32, global, 64>, %in: !uop.ptr<f32, global, 65536>) {
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %j = uop.range %c64, R0, loop
  %k = uop.range %c1024, R1, reduce
  %row = arith.muli %k, %c64 : index
  %flat = arith.addi %row, %j : index
  %x = uop.index %in[%flat] : !uop.ptr<f32, global, 65536> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 65536> -> f32
  %s = uop.reduce add %v [%k] : f32
  %o = uop.index %out[%j] : !uop.ptr<f32, global, 64> -> f32
  %st = uop.store %o, %s : f32
  %e = uop.end %st[%j] : !uop.void
  uop.sink %e : !uop.void info <name = "colsum">
}

// -----

// A matmul reads B contiguously along the output columns: a register tile
// and LOCAL, no GROUP.
// CHECK-LABEL: uop.function @matmul
// CHECK-NOT: group_reduce
// CHECK: applied_opts = [<UPCAST, 1, 4>, <UPCAST, 0, 4>, <LOCAL, 3, 32>]
uop.function @matmul(%c: !uop.ptr<f32, global, 65536> {uop.shape = array<i64: 256, 256>}, %a: !uop.ptr<f32, global, 65536> {uop.shape = array<i64: 256, 256>}, %b: !uop.ptr<f32, global, 65536> {uop.shape = array<i64: 256, 256>}) {
  %c256 = arith.constant 256 : index
  %i = uop.range %c256, R0, loop
  %j = uop.range %c256, R1, loop
  %k = uop.range %c256, R2, reduce
  %ia = uop.index %a[%i, %k] : !uop.ptr<f32, global, 65536> -> f32
  %va = uop.load %a, %ia : !uop.ptr<f32, global, 65536> -> f32
  %ib = uop.index %b[%k, %j] : !uop.ptr<f32, global, 65536> -> f32
  %vb = uop.load %b, %ib : !uop.ptr<f32, global, 65536> -> f32
  %p = arith.mulf %va, %vb : f32
  %s = uop.reduce add %p [%k] : f32
  %o = uop.index %c[%i, %j] : !uop.ptr<f32, global, 65536> -> f32
  %st = uop.store %o, %s : f32
  %e = uop.end %st[%i, %j] : !uop.void
  uop.sink %e : !uop.void info <name = "matmul">
}

// -----

// Not 32-bit (f16: shfl.sync moves 32-bit values), too short (64 steps), or
// a product: no GROUP.
// CHECK-LABEL: uop.function @short
// CHECK-NOT: group_reduce
// CHECK: info <name = "short"
uop.function @short(%out: !uop.ptr<f32, global, 64>, %in: !uop.ptr<f32, global, 4096> {uop.shape = array<i64: 64, 64>}) {
  %c64 = arith.constant 64 : index
  %i = uop.range %c64, R0, loop
  %k = uop.range %c64, R1, reduce
  %x = uop.index %in[%i, %k] : !uop.ptr<f32, global, 4096> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 4096> -> f32
  %s = uop.reduce add %v [%k] : f32
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 64> -> f32
  %st = uop.store %o, %s : f32
  %e = uop.end %st[%i] : !uop.void
  uop.sink %e : !uop.void info <name = "short">
}
// CHECK-LABEL: uop.function @half
// CHECK-NOT: group_reduce
// CHECK: info <name = "half"
uop.function @half(%out: !uop.ptr<f16, global, 64>, %in: !uop.ptr<f16, global, 65536> {uop.shape = array<i64: 64, 1024>}) {
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %i = uop.range %c64, R0, loop
  %k = uop.range %c1024, R1, reduce
  %x = uop.index %in[%i, %k] : !uop.ptr<f16, global, 65536> -> f16
  %v = uop.load %in, %x : !uop.ptr<f16, global, 65536> -> f16
  %s = uop.reduce add %v [%k] : f16
  %o = uop.index %out[%i] : !uop.ptr<f16, global, 64> -> f16
  %st = uop.store %o, %s : f16
  %e = uop.end %st[%i] : !uop.void
  uop.sink %e : !uop.void info <name = "half">
}
// CHECK-LABEL: uop.function @product
// CHECK-NOT: group_reduce
// CHECK: info <name = "product"
uop.function @product(%out: !uop.ptr<f32, global, 64>, %in: !uop.ptr<f32, global, 65536> {uop.shape = array<i64: 64, 1024>}) {
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %i = uop.range %c64, R0, loop
  %k = uop.range %c1024, R1, reduce
  %x = uop.index %in[%i, %k] : !uop.ptr<f32, global, 65536> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 65536> -> f32
  %s = uop.reduce mul %v [%k] : f32
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 64> -> f32
  %st = uop.store %o, %s : f32
  %e = uop.end %st[%i] : !uop.void
  uop.sink %e : !uop.void info <name = "product">
}
