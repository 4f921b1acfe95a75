// XFAIL: *
// RUN: uop-opt %s | uop-opt | FileCheck %s
//
// BUG: like CALL, a CUSTOM_FUNCTION without arguments prints as
// `uop.custom_function graph() : ()`, which its own parser rejects
// ("expected non-function type"): the output of uop-opt is not valid input.

// CHECK-LABEL: func.func @custom_function_no_args
// CHECK: uop.custom_function {{ *}}graph()
func.func @custom_function_no_args() -> !uop.void {
  %c = "uop.custom_function"() <{kind = #uop<custom_function_kind graph>}> : () -> !uop.void
  return %c : !uop.void
}
