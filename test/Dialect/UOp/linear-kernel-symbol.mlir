// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// LINEAR's optional `kernel` symbol is verified (SymbolUserOpInterface), like
// PROGRAM's kernel: `uop.linear @nope {}` is rejected when @nope does not name
// a uop.function.

func.func @linear_of_unknown_kernel() -> !uop.void {
  // expected-error @+1 {{'uop.linear' op 'nope' does not name a uop.function}}
  %l = uop.linear @nope {
  }
  return %l : !uop.void
}
