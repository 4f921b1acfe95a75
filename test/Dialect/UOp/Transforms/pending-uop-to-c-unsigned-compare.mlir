// RUN: uop-opt %s --uop-linearize | uop-translate --uop-to-c | FileCheck %s
// XFAIL: *
//
// BUG (wrong program): --uop-to-c prints the unsigned predicates of
// arith.cmpi (ult, ule, ugt, uge) as the signed C comparisons of int64_t
// values. `(r - 2) ult 4` is the usual "2 <= r < 6" range test: for r = 0 the
// operand is -1, which unsigned is huge (false), but the C code compares
// -1 < 4 (true). (divui / remui are emitted through uint64_t casts; the
// comparisons need the same.)
//
// Expected: the comparison is done on unsigned values.

// CHECK-LABEL: static void window
// CHECK: const _Bool [[G:v[0-9]+]] = ({{.*}}uint{{.*}} < {{.*}});
uop.function @window(%out: !uop.ptr<f32, global, 8>) {
  %c8 = arith.constant 8 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %r = uop.range %c8, R0, loop
  %s = arith.subi %r, %c2 : index
  %g = arith.cmpi ult, %s, %c4 : index
  %v = arith.select %g, %one, %zero : f32
  %o = uop.index %out[%r] : !uop.ptr<f32, global, 8> -> f32
  %st = uop.store %o, %v : f32
  %e = uop.end %st[%r] : !uop.void
  uop.sink %e : !uop.void info <name = "window">
}
uop.function @main(%out: !uop.ptr<f32, global, 8>) {
  %c = uop.call @window(%out) : (!uop.ptr<f32, global, 8>)
  uop.sink %c : !uop.void
}
