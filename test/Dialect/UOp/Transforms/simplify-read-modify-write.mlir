// RUN: uop-opt %s --uop-simplify | FileCheck %s
//
// Regression test for a fixed bug, as it was reported: DeadEndRange drops an END range that the stored value
// does not read, on the grounds that "the body is the same on each
// iteration". That only holds for a STORE whose value does not read what the
// loop writes. Here out[i] += 1 runs 4 times per i (R1); after uop-simplify
// the END closes only R0, so out[i] is incremented once.
//
// Expected: R1 stays in the END list (or the pass proves the STORE is
// idempotent before dropping a range).

// CHECK-LABEL: uop.function @accumulate
// CHECK: %[[I:.*]] = uop.range %{{.*}}, R0, loop
// CHECK: %[[J:.*]] = uop.range %{{.*}}, R1, loop
// CHECK: uop.end %{{.*}}[%[[I]], %[[J]]]
uop.function @accumulate(%out: !uop.ptr<f32, global, 8>) {
  %c8 = arith.constant 8 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  %i = uop.range %c8, R0, loop
  %j = uop.range %c4, R1, loop
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 8> -> f32
  %v = uop.load %out, %o : !uop.ptr<f32, global, 8> -> f32
  %n = arith.addf %v, %one : f32
  %st = uop.store %o, %n : f32
  %e = uop.end %st[%i, %j] : !uop.void
  uop.sink %e : !uop.void info <name = "accumulate">
}
