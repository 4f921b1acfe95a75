// RUN: uop-opt %s --uop-optimize="target=cuda tensor-cores=1" | FileCheck %s
//
// An index that is a DAG of shared sums (x1 = x0 + x0, ..., x40 = x39 + x39)
// has 2^40 paths: the affine form of an index (AffineIndex.h) gives up after
// a bounded number of visits instead of walking each path (the first
// tensor-core matcher recursed by depth only and did not finish). Not a
// matmul it knows, so no TC.
// CHECK-LABEL: uop.function @dag
// CHECK-NOT: TC
// CHECK: applied_opts
uop.function @dag(%c: !uop.ptr<f32, global, 16384> {uop.shape = array<i64: 128, 128>}, %a: !uop.ptr<f16, global, 4096>, %b: !uop.ptr<f16, global, 4096> {uop.shape = array<i64: 32, 128>}) {
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  %i = uop.range %c128, R0, loop
  %j = uop.range %c128, R1, loop
  %k = uop.range %c32, R2, reduce
  %x0 = arith.addi %i, %k : index
  %x1 = arith.addi %x0, %x0 : index
  %x2 = arith.addi %x1, %x1 : index
  %x3 = arith.addi %x2, %x2 : index
  %x4 = arith.addi %x3, %x3 : index
  %x5 = arith.addi %x4, %x4 : index
  %x6 = arith.addi %x5, %x5 : index
  %x7 = arith.addi %x6, %x6 : index
  %x8 = arith.addi %x7, %x7 : index
  %x9 = arith.addi %x8, %x8 : index
  %x10 = arith.addi %x9, %x9 : index
  %x11 = arith.addi %x10, %x10 : index
  %x12 = arith.addi %x11, %x11 : index
  %x13 = arith.addi %x12, %x12 : index
  %x14 = arith.addi %x13, %x13 : index
  %x15 = arith.addi %x14, %x14 : index
  %x16 = arith.addi %x15, %x15 : index
  %x17 = arith.addi %x16, %x16 : index
  %x18 = arith.addi %x17, %x17 : index
  %x19 = arith.addi %x18, %x18 : index
  %x20 = arith.addi %x19, %x19 : index
  %x21 = arith.addi %x20, %x20 : index
  %x22 = arith.addi %x21, %x21 : index
  %x23 = arith.addi %x22, %x22 : index
  %x24 = arith.addi %x23, %x23 : index
  %x25 = arith.addi %x24, %x24 : index
  %x26 = arith.addi %x25, %x25 : index
  %x27 = arith.addi %x26, %x26 : index
  %x28 = arith.addi %x27, %x27 : index
  %x29 = arith.addi %x28, %x28 : index
  %x30 = arith.addi %x29, %x29 : index
  %x31 = arith.addi %x30, %x30 : index
  %x32 = arith.addi %x31, %x31 : index
  %x33 = arith.addi %x32, %x32 : index
  %x34 = arith.addi %x33, %x33 : index
  %x35 = arith.addi %x34, %x34 : index
  %x36 = arith.addi %x35, %x35 : index
  %x37 = arith.addi %x36, %x36 : index
  %x38 = arith.addi %x37, %x37 : index
  %x39 = arith.addi %x38, %x38 : index
  %x40 = arith.addi %x39, %x39 : index
  %ia = uop.index %a[%x40] : !uop.ptr<f16, global, 4096> -> f16
  %va = uop.load %a, %ia : !uop.ptr<f16, global, 4096> -> f16
  %ib = uop.index %b[%k, %j] : !uop.ptr<f16, global, 4096> -> f16
  %vb = uop.load %b, %ib : !uop.ptr<f16, global, 4096> -> f16
  %xa = arith.extf %va : f16 to f32
  %xb = arith.extf %vb : f16 to f32
  %p = arith.mulf %xa, %xb : f32
  %s = uop.reduce add %p [%k] : f32
  %o = uop.index %c[%i, %j] : !uop.ptr<f32, global, 16384> -> f32
  %st = uop.store %o, %s : f32
  %e = uop.end %st[%i, %j] : !uop.void
  uop.sink %e : !uop.void info <name = "dag">
}
