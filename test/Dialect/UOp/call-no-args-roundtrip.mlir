// RUN: uop-opt %s | uop-opt | FileCheck %s
//
// A CALL with no arguments prints as `uop.call @k()`, without a `: ()` type
// list (the type list is only printed when there are arguments), and that
// form parses back: uop-opt's output for a zero-argument call, with and
// without `info`, must be valid input.

uop.function @no_args() {
  uop.sink
}

// CHECK-LABEL: func.func @call_no_args()
// CHECK: uop.call @no_args(){{$}}
func.func @call_no_args() -> !uop.void {
  %c = "uop.call"() <{callee = @no_args}> : () -> !uop.void
  return %c : !uop.void
}

// CHECK-LABEL: func.func @call_no_args_info
// CHECK: uop.call @no_args() info <name = "n">{{$}}
func.func @call_no_args_info() -> !uop.void {
  %c = "uop.call"() <{callee = @no_args, info = #uop.call_info<name = "n">}> : () -> !uop.void
  return %c : !uop.void
}
