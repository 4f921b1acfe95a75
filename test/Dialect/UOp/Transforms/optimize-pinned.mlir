// RUN: uop-opt %s -split-input-file --uop-optimize=target=cuda | FileCheck %s
// RUN: uop-opt %s -split-input-file --uop-optimize="target=cuda opts=#uop.opt<UNROLL,1,4>,#uop.opt<LOCAL,0,16>" | FileCheck %s --check-prefix=OPT
//
// A pinned schedule: the SINK's `opts_to_apply` replaces uop-optimize's
// heuristic. The options apply in order, each to the axis id it names as
// the kernel then is (a split's parts are numbered after every axis), and
// move to applied_opts. The `opts` option pins kernels that carry none.

// GROUPTOP: the group range is the outer part of the split, so thread t
// reduces the contiguous run [t * 4, t * 4 + 4) of the row.
// CHECK-LABEL: uop.function @rowsum_top
// CHECK: %[[I:.*]] = uop.range %{{.*}}, R0, global
// CHECK: %[[C256:.*]] = arith.constant 256 : index
// CHECK: %[[G:.*]] = uop.range %[[C256]], R2, group_reduce
// CHECK: %[[C4:.*]] = arith.constant 4 : index
// CHECK: %[[S:.*]] = uop.range %[[C4]], R3, reduce
// CHECK: %[[GM:.*]] = arith.muli %[[G]], %{{.*}} : index
// CHECK: %[[K:.*]] = arith.addi %[[GM]], %[[S]] : index
// CHECK: uop.index %{{.*}}[%[[I]], %[[K]]]
// CHECK: %[[P:.*]] = uop.reduce add %{{.*}}[%[[S]]] : f32
// CHECK: uop.reduce add %[[P]][%[[G]]] : f32
// CHECK: info <name = "rowsum_top", applied_opts = [<GROUPTOP, 1, 256>]>
// CHECK-NOT: opts_to_apply
// The option does not override a kernel's own opts_to_apply.
// OPT-LABEL: uop.function @rowsum_top
// OPT: info <name = "rowsum_top", applied_opts = [<GROUPTOP, 1, 256>]>
uop.function @rowsum_top(%out: !uop.ptr<f32, global, 64>, %in: !uop.ptr<f32, global, 65536>) {
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
  uop.sink %e : !uop.void info <name = "rowsum_top", opts_to_apply = [<GROUPTOP, 1, 256>]>
}

// -----

// The same row sum without opts_to_apply: the heuristic picks GROUP; the
// `opts` option pins UNROLL of the reduction and LOCAL of the rows instead.
// CHECK-LABEL: uop.function @rowsum
// CHECK: info <name = "rowsum", applied_opts = [<GROUP, 1, 256>]>
// OPT-LABEL: uop.function @rowsum
// OPT-DAG: uop.range %c256{{(_[0-9]+)?}}, R2, reduce
// OPT-DAG: uop.range %c4{{(_[0-9]+)?}}, R3, unroll
// OPT-DAG: uop.range %c4{{(_[0-9]+)?}}, R4, global
// OPT-DAG: uop.range %c16{{(_[0-9]+)?}}, R5, local
// OPT: info <name = "rowsum", applied_opts = [<UNROLL, 1, 4>, <LOCAL, 0, 16>]>
uop.function @rowsum(%out: !uop.ptr<f32, global, 64>, %in: !uop.ptr<f32, global, 65536>) {
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

// A matmul pinned to a 2 x 4 register tile and 8 x 4 threads per block:
// UPCAST j by 4 (parts R3 x R4), UPCAST i by 2 (R5 x R6), LOCAL of the
// column tiles R3 by 8 and of the row tiles R5 by 4; UPCAST 0 keeps the
// whole of an axis.
// CHECK-LABEL: uop.function @matmul
// CHECK-DAG: uop.range %{{.*}}, R4, upcast
// CHECK-DAG: uop.range %{{.*}}, R6, upcast
// CHECK-DAG: uop.range %{{.*}}, R7, global
// CHECK-DAG: uop.range %{{.*}}, R8, local
// CHECK-DAG: uop.range %{{.*}}, R9, global
// CHECK-DAG: uop.range %{{.*}}, R10, local
// CHECK: info <name = "matmul", applied_opts = [<UPCAST, 1, 4>, <UPCAST, 0, 2>, <LOCAL, 3, 8>, <LOCAL, 5, 4>]>
uop.function @matmul(%c: !uop.ptr<f32, global, 4096>, %a: !uop.ptr<f32, global, 4096>, %b: !uop.ptr<f32, global, 4096>) {
  %c64 = arith.constant 64 : index
  %i = uop.range %c64, R0, loop
  %j = uop.range %c64, R1, loop
  %k = uop.range %c64, R2, reduce
  %ai = uop.index %a[%i, %k] : !uop.ptr<f32, global, 4096> -> f32
  %av = uop.load %a, %ai : !uop.ptr<f32, global, 4096> -> f32
  %bi = uop.index %b[%k, %j] : !uop.ptr<f32, global, 4096> -> f32
  %bv = uop.load %b, %bi : !uop.ptr<f32, global, 4096> -> f32
  %p = arith.mulf %av, %bv : f32
  %s = uop.reduce add %p [%k] : f32
  %ci = uop.index %c[%i, %j] : !uop.ptr<f32, global, 4096> -> f32
  %st = uop.store %ci, %s : f32
  %e = uop.end %st[%i, %j] : !uop.void
  uop.sink %e : !uop.void info <name = "matmul", opts_to_apply = [<UPCAST, 1, 4>, <UPCAST, 0, 2>, <LOCAL, 3, 8>, <LOCAL, 5, 4>]>
}
