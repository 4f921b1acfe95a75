// RUN: uop-opt %s -split-input-file --uop-devectorize | FileCheck %s
//
// uop-devectorize: each REDUCE becomes a DEFINE_REG accumulator (size 1, a
// fresh id). Its identity is stored through AFTER(reg, <open outer ranges>)
// so the init runs inside the outer loops only; the update (load, combine,
// store) goes through AFTER(reg, init, <reduce ranges>) and an END of the
// reduce ranges closes it; the result is loaded through AFTER(reg, END).
// Multi-index INDEXes of a parameter with a `uop.shape` become one row-major
// index.

// A row sum: identity 0.0, addf update, in[i, k] -> in[i * 8 + k].
// CHECK-LABEL: uop.function @rowsum
// CHECK-SAME: (%[[OUT:.*]]: !uop.ptr<f32, global, 4> {{.*}}, %[[IN:.*]]: !uop.ptr<f32, global, 32> {{.*}})
// CHECK: %[[I:.*]] = uop.range %{{.*}}, R0, loop
// CHECK: %[[K:.*]] = uop.range %{{.*}}, R1, reduce
// CHECK: %[[C8:.*]] = arith.constant 8 : index
// CHECK: %[[ROW:.*]] = arith.muli %[[I]], %[[C8]] : index
// CHECK: %[[FLAT:.*]] = arith.addi %[[ROW]], %[[K]] : index
// CHECK: %[[X:.*]] = uop.index %[[IN]][%[[FLAT]]] : !uop.ptr<f32, global, 32> -> f32
// CHECK: %[[V:.*]] = uop.load %[[IN]], %[[X]]
// CHECK: %[[REG:.*]] = uop.define_reg size 1 id 0 : !uop.ptr<f32, reg, 1>
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: %[[ID:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[P0:.*]] = uop.after %[[REG]](%[[I]] : index) : !uop.ptr<f32, reg, 1>
// CHECK: %[[X0:.*]] = uop.index %[[P0]][%[[C0]]] : !uop.ptr<f32, reg, 1> -> f32
// CHECK: %[[INIT:.*]] = uop.store %[[X0]], %[[ID]] : f32
// CHECK: %[[P1:.*]] = uop.after %[[REG]](%[[INIT]], %[[K]] : !uop.void, index) : !uop.ptr<f32, reg, 1>
// CHECK: %[[X1:.*]] = uop.index %[[P1]][%[[C0]]]
// CHECK: %[[OLD:.*]] = uop.load %[[P1]], %[[X1]]
// CHECK: %[[NEW:.*]] = arith.addf %[[OLD]], %[[V]] : f32
// CHECK: %[[UPD:.*]] = uop.store %[[X1]], %[[NEW]] : f32
// CHECK: %[[END:.*]] = uop.end %[[UPD]][%[[K]]] : !uop.void
// CHECK: %[[P2:.*]] = uop.after %[[REG]](%[[END]] : !uop.void) : !uop.ptr<f32, reg, 1>
// CHECK: %[[X2:.*]] = uop.index %[[P2]][%[[C0]]]
// CHECK: %[[ACC:.*]] = uop.load %[[P2]], %[[X2]]
// CHECK: %[[O:.*]] = uop.index %[[OUT]][%[[I]]] : !uop.ptr<f32, global, 4> -> f32
// CHECK: %[[ST:.*]] = uop.store %[[O]], %[[ACC]] : f32
// CHECK: uop.end %[[ST]][%[[I]]] : !uop.void
// CHECK-NOT: uop.reduce
uop.function @rowsum(%out: !uop.ptr<f32, global, 4> {uop.shape = array<i64: 4>}, %in: !uop.ptr<f32, global, 32> {uop.shape = array<i64: 4, 8>}) {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %i = uop.range %c4, R0, loop
  %k = uop.range %c8, R1, reduce
  %x = uop.index %in[%i, %k] : !uop.ptr<f32, global, 32> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 32> -> f32
  %s = uop.reduce add %v [%k] : f32
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 4> -> f32
  %st = uop.store %o, %s : f32
  %e = uop.end %st[%i] : !uop.void
  uop.sink %e : !uop.void info <name = "rowsum">
}
// -----

// A one-index INDEX needs no `uop.shape` (devectorize-errors.mlir has the
// multi-index one); a new accumulator takes the next free DEFINE_REG id; the
// identity of max is -inf.
// CHECK-LABEL: uop.function @unshaped
// CHECK: uop.define_reg size 1 id 3
// CHECK: %[[I:.*]] = uop.range %{{.*}}, R0, loop
// CHECK: %[[K:.*]] = uop.range %{{.*}}, R1, reduce
// CHECK: uop.index %{{.*}}[%{{.*}}] : !uop.ptr<f32, global, 32> -> f32
// CHECK: %[[REG:.*]] = uop.define_reg size 1 id 4 : !uop.ptr<f32, reg, 1>
// CHECK: %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: uop.store %{{.*}}, %[[NINF]] : f32
// CHECK: arith.maximumf
// CHECK: uop.end %{{.*}}[%[[K]]] : !uop.void
uop.function @unshaped(%out: !uop.ptr<f32, global, 4>, %in: !uop.ptr<f32, global, 32>) {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c0 = arith.constant 0 : index
  %r = uop.define_reg size 1 id 3 : !uop.ptr<f32, reg, 1>
  %i = uop.range %c4, R0, loop
  %k = uop.range %c8, R1, reduce
  %i8 = arith.muli %i, %c8 : index
  %ik = arith.addi %i8, %k : index
  %x = uop.index %in[%ik] : !uop.ptr<f32, global, 32> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 32> -> f32
  %s = uop.reduce max %v [%k] : f32
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 4> -> f32
  %st = uop.store %o, %s : f32
  %e = uop.end %st[%i] : !uop.void
  uop.sink %e : !uop.void info <name = "unshaped">
}
// -----

// Several reductions: max over (R2, R1) and min over R1 nested in a mul
// over R2, and an integer max. Identities: -inf, +inf, 1.0, INT32_MIN. The
// min's init runs inside R2 (its result is read there), the others' inside
// R0 only.
// CHECK-LABEL: uop.function @k
// CHECK: %[[I:.*]] = uop.range %{{.*}}, R0, loop
// CHECK: %[[K:.*]] = uop.range %{{.*}}, R1, reduce
// CHECK: %[[L:.*]] = uop.range %{{.*}}, R2, reduce
// CHECK: %[[R0:.*]] = uop.define_reg size 1 id 0 : !uop.ptr<f32, reg, 1>
// CHECK: %[[NINF:.*]] = arith.constant 0xFF800000 : f32
// CHECK: uop.after %[[R0]](%[[I]] : index)
// CHECK: uop.store %{{.*}}, %[[NINF]] : f32
// CHECK: uop.after %[[R0]](%{{.*}}, %[[L]], %[[K]] : !uop.void, index, index)
// CHECK: arith.maximumf
// CHECK: uop.end %{{.*}}[%[[L]], %[[K]]] : !uop.void
// CHECK: %[[R1:.*]] = uop.define_reg size 1 id 1 : !uop.ptr<f32, reg, 1>
// CHECK: %[[PINF:.*]] = arith.constant 0x7F800000 : f32
// CHECK: uop.after %[[R1]](%[[I]], %[[L]] : index, index)
// CHECK: uop.store %{{.*}}, %[[PINF]] : f32
// CHECK: uop.after %[[R1]](%{{.*}}, %[[K]] : !uop.void, index)
// CHECK: arith.minimumf
// CHECK: uop.end %{{.*}}[%[[K]]] : !uop.void
// CHECK: %[[R2:.*]] = uop.define_reg size 1 id 2 : !uop.ptr<f32, reg, 1>
// CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK: uop.after %[[R2]](%[[I]] : index)
// CHECK: uop.store %{{.*}}, %[[ONE]] : f32
// CHECK: uop.after %[[R2]](%{{.*}}, %[[L]] : !uop.void, index)
// CHECK: arith.mulf
// CHECK: uop.end %{{.*}}[%[[L]]] : !uop.void
// CHECK: %[[M:.*]] = uop.range %{{.*}}, R3, reduce
// CHECK: %[[R3:.*]] = uop.define_reg size 1 id 3 : !uop.ptr<i32, reg, 1>
// CHECK: %[[IMIN:.*]] = arith.constant -2147483648 : i32
// CHECK: uop.store %{{.*}}, %[[IMIN]] : i32
// CHECK: arith.maxsi
// CHECK: uop.end %{{.*}}[%[[M]]] : !uop.void
// CHECK-NOT: uop.reduce
uop.function @k(%out: !uop.ptr<f32, global, 8> {uop.shape = array<i64: 8>}, %in: !uop.ptr<f32, global, 512> {uop.shape = array<i64: 8, 8, 8>}, %iin: !uop.ptr<i32, global, 512> {uop.shape = array<i64: 8, 64>}) {
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %i = uop.range %c8, R0, loop
  %k = uop.range %c8, R1, reduce
  %l = uop.range %c8, R2, reduce
  %x = uop.index %in[%i, %k, %l] : !uop.ptr<f32, global, 512> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 512> -> f32
  %mx = uop.reduce max %v [%l, %k] : f32
  %mn = uop.reduce min %v [%k] : f32
  %ml = uop.reduce mul %mn [%l] : f32
  %m = uop.range %c64, R3, reduce
  %y = uop.index %iin[%i, %m] : !uop.ptr<i32, global, 512> -> i32
  %w = uop.load %iin, %y : !uop.ptr<i32, global, 512> -> i32
  %im = uop.reduce max %w [%m] : i32
  %f = arith.sitofp %im : i32 to f32
  %s1 = arith.addf %mx, %ml : f32
  %s2 = arith.addf %s1, %f : f32
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 8> -> f32
  %s = uop.store %o, %s2 : f32
  %e = uop.end %s[%i] : !uop.void
  uop.sink %e : !uop.void info <name = "k">
}
