// XFAIL: *
// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// BUG (missing rule): LINEAR's optional `kernel` is a FlatSymbolRefAttr that
// nothing verifies: `uop.linear @nope {}` is accepted although @nope does not
// exist, unlike PROGRAM's kernel, which must name a uop.function. LINEAR
// should implement SymbolUserOpInterface like PROGRAM and CALL.

func.func @linear_of_unknown_kernel() -> !uop.void {
  // expected-error @+1 {{'uop.linear' op 'nope' does not name a uop.function}}
  %l = uop.linear @nope {
  }
  return %l : !uop.void
}
