// XFAIL: *
// RUN: uop-opt %s | uop-opt | FileCheck %s
//
// BUG: a CALL with no arguments prints as `uop.call @k() : ()` but the
// assembly format `:` `(` qualified(type($args)) `)` cannot parse the empty
// type list back ("expected non-function type"). Neither the printed form nor
// the hand-written form parses, so a zero-argument kernel cannot be called in
// the custom syntax at all (only generically).

uop.function @no_args() {
  uop.sink
}

// CHECK-LABEL: func.func @call_no_args()
// CHECK: uop.call @no_args()
func.func @call_no_args() -> !uop.void {
  %c = "uop.call"() <{callee = @no_args}> : () -> !uop.void
  return %c : !uop.void
}

// CHECK-LABEL: func.func @call_no_args_info
// CHECK: uop.call @no_args() info <name = "n">
func.func @call_no_args_info() -> !uop.void {
  %c = "uop.call"() <{callee = @no_args, info = #uop.call_info<name = "n">}> : () -> !uop.void
  return %c : !uop.void
}
