// RUN: uop-opt %s -split-input-file -verify-diagnostics | FileCheck %s
//
// `uop.shape` (declared on the uop dialect): a kernel's !uop.ptr argument's
// logical shape, an array<i64: ...>. It round-trips; anything else is an
// error of the function.

// CHECK-LABEL: uop.function @shaped
// CHECK-SAME: !uop.ptr<f32, global, 32> {uop.shape = array<i64: 4, 8>}
uop.function @shaped(%p: !uop.ptr<f32, global, 32> {uop.shape = array<i64: 4, 8>}) {
  uop.sink info <name = "shaped">
}

// -----

// expected-error @+1 {{'uop.shape' must be an array<i64: ...> of extents, got [4, 8]}}
uop.function @not_array(%p: !uop.ptr<f32, global, 32> {uop.shape = [4, 8]}) {
  uop.sink info <name = "not_array">
}

// -----

// expected-error @+1 {{'uop.shape' belongs on a !uop.ptr argument}}
func.func @not_ptr(%t: tensor<4x8xf32> {uop.shape = array<i64: 4, 8>}) {
  return
}

// -----

// expected-error @+1 {{'uop.shape' belongs on a !uop.ptr argument, not a result}}
func.func @result() -> (tensor<4xf32> {uop.shape = array<i64: 4>}) {
  %c = arith.constant dense<0.0> : tensor<4xf32>
  return %c : tensor<4xf32>
}
