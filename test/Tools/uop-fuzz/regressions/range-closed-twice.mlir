// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// Found by uop-fuzz (segfault in passes, uop-to-program{target=cpu} and
// uop-to-nvvm; seeds test/Tools/uop-fuzz/regressions/expand-lane-limit.mlir
// and test/Dialect/UOp/Transforms/expand-budget.mlir): an END closing the
// same upcast range twice made uop-expand merge its lanes twice at that END,
// the second time over erased copies. A range operand may not repeat (END,
// REDUCE, BUFFERIZE: the verifier's rule for range operands).

uop.function @end_twice(%p: !uop.ptr<f32, global, 64>) {
  %c8 = arith.constant 8 : index
  %one = arith.constant 1.0 : f32
  %r = uop.range %c8, R0, upcast
  %i = uop.index %p[%r] : !uop.ptr<f32, global, 64> -> f32
  %s = uop.store %i, %one : f32
  // expected-error @+1 {{'uop.end' op range operand #1 repeats range operand #0}}
  %e = uop.end %s[%r, %r] : !uop.void
  uop.sink %e : !uop.void info <name = "k">
}

// -----

uop.function @reduce_twice(%p: !uop.ptr<f32, global, 8>) {
  %c8 = arith.constant 8 : index
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %k = uop.range %c8, R0, reduce
  %j = uop.range %c8, R1, reduce
  // expected-error @+1 {{'uop.reduce' op range operand #2 repeats range operand #0}}
  %s = uop.reduce add %one [%k, %j, %k] : f32
  %i = uop.index %p[%c0] : !uop.ptr<f32, global, 8> -> f32
  %st = uop.store %i, %s : f32
  uop.sink %st : !uop.void info <name = "k">
}
