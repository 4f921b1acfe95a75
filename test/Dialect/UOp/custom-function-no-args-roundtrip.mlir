// RUN: uop-opt %s | uop-opt | FileCheck %s
//
// Like CALL, a CUSTOM_FUNCTION without arguments prints as
// `uop.custom_function graph()` with no `: ()` type list, and its own parser
// accepts that form: uop-opt's output must be valid input.

// CHECK-LABEL: func.func @custom_function_no_args
// CHECK: uop.custom_function {{ *}}graph(){{$}}
func.func @custom_function_no_args() -> !uop.void {
  %c = "uop.custom_function"() <{kind = #uop<custom_function_kind graph>}> : () -> !uop.void
  return %c : !uop.void
}
