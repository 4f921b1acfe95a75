// RUN: uop-opt %s | FileCheck %s --strict-whitespace
//
// CUSTOM_FUNCTION prints its kind keyword after a single space,
// `uop.custom_function graph(%arg0) : (f32)`, like the other enum keywords of
// the dialect (range, reduce), which use custom directives. Checked with
// --strict-whitespace so a doubled space from the enum attribute printer
// would fail.

// CHECK: uop.custom_function graph(%{{.*}}) : (f32)
func.func @custom_function(%x: f32) -> !uop.void {
  %c = uop.custom_function graph(%x) : (f32)
  return %c : !uop.void
}
