// RUN: uop-opt %s -split-input-file -verify-diagnostics -allow-unregistered-dialect | FileCheck %s
//
// Symbolic shapes: a function declares its shape variables in uop.vars, a
// tensor's `?` dimensions name them with #uop.sym. Equal names are equal
// types, so elementwise ops check agreement at parse time; PERMUTE, EXPAND,
// RESHAPE and REDUCE_AXIS check the variables through; PAD, SHRINK and FLIP
// need static shapes.

// CHECK-LABEL: func.func @rows
// CHECK-SAME: attributes {uop.vars = [#uop.var<"n", 1, 4096>]}
// CHECK: uop.reduce_axis add {{.*}} : tensor<?x384xf32, #uop.sym<"n">> -> tensor<?xf32, #uop.sym<"n">>
func.func @rows(%x: tensor<?x384xf32, #uop.sym<"n">>) -> tensor<?xf32, #uop.sym<"n">>
    attributes {uop.vars = [#uop.var<"n", 1, 4096>]} {
  %e = math.exp %x : tensor<?x384xf32, #uop.sym<"n">>
  %s = uop.reduce_axis add %e [1] : tensor<?x384xf32, #uop.sym<"n">> -> tensor<?xf32, #uop.sym<"n">>
  return %s : tensor<?xf32, #uop.sym<"n">>
}

// -----

// CHECK-LABEL: func.func @movement
func.func @movement(%x: tensor<?x?xf32, #uop.sym<"n", "m">>) -> tensor<?x1x?xf32, #uop.sym<"m", "n">>
    attributes {uop.vars = [#uop.var<"n", 1, 64>, #uop.var<"m", 2, 8>]} {
  %p = uop.permute %x [1, 0] : tensor<?x?xf32, #uop.sym<"n", "m">> -> tensor<?x?xf32, #uop.sym<"m", "n">>
  %r = uop.reshape %p : tensor<?x?xf32, #uop.sym<"m", "n">> -> tensor<?x1x?xf32, #uop.sym<"m", "n">>
  return %r : tensor<?x1x?xf32, #uop.sym<"m", "n">>
}

// -----

// CHECK-LABEL: func.func @broadcast
func.func @broadcast(%x: tensor<?x1xf32, #uop.sym<"n">>) -> tensor<?x16xf32, #uop.sym<"n">>
    attributes {uop.vars = [#uop.var<"n", 1, 64>]} {
  %e = uop.expand %x : tensor<?x1xf32, #uop.sym<"n">> -> tensor<?x16xf32, #uop.sym<"n">>
  return %e : tensor<?x16xf32, #uop.sym<"n">>
}

// -----

// expected-error @+1 {{shape variable 'n' needs bounds 1 <= min <= max, got [0, 8]}}
func.func @zero_min() attributes {uop.vars = [#uop.var<"n", 0, 8>]} {
  return
}

// -----

// expected-error @+1 {{shape variable 'n' needs bounds 1 <= min <= max, got [9, 8]}}
func.func @empty_bounds() attributes {uop.vars = [#uop.var<"n", 9, 8>]} {
  return
}

// -----

// expected-error @+1 {{#uop.sym names 2 variables for 1 dynamic dimensions}}
func.func @count(%x: tensor<?x4xf32, #uop.sym<"n", "m">>) {
  return
}

// -----

// expected-error @+1 {{shape variable 'n' is declared twice}}
func.func @twice() attributes {uop.vars = [#uop.var<"n", 1, 8>, #uop.var<"n", 1, 9>]} {
  return
}

// -----

// expected-error @+1 {{'uop.vars' must be an array of #uop.var, got 3 : i64}}
func.func @not_a_var() attributes {uop.vars = [3]} {
  return
}

// -----

// expected-error @+1 {{type 'tensor<?xf32, #uop.sym<"m">>' names 'm', which is not in 'uop.vars'}}
func.func @undeclared(%x: tensor<?xf32, #uop.sym<"m">>) attributes {uop.vars = [#uop.var<"n", 1, 8>]} {
  return
}

// -----

// expected-error @+1 {{type 'tensor<?xf32, #uop.sym<"m">>' names 'm', which is not in 'uop.vars'}}
func.func @undeclared_in_body(%x: tensor<8xf32>) attributes {uop.vars = [#uop.var<"n", 1, 8>]} {
  %c = "test.source"() : () -> tensor<?xf32, #uop.sym<"m">>
  return
}

// -----

// expected-error @+1 {{'uop.vars' belongs on a function}}
module attributes {uop.vars = []} {
}

// -----

// expected-error @+1 {{unknown uop attribute 'uop.varz'}}
func.func @typo() attributes {uop.varz = []} {
  return
}

// -----

func.func @reduce_keeps_vars(%x: tensor<?x?xf32, #uop.sym<"n", "m">>)
    attributes {uop.vars = [#uop.var<"n", 1, 8>, #uop.var<"m", 1, 8>]} {
  // expected-error @+1 {{result shape must drop the reduced axes: expected 'tensor<?xf32, #uop.sym<"m">>'}}
  %s = uop.reduce_axis add %x [0] : tensor<?x?xf32, #uop.sym<"n", "m">> -> tensor<?xf32, #uop.sym<"n">>
  return
}

// -----

func.func @expand_other_var(%x: tensor<?x4xf32, #uop.sym<"n">>)
    attributes {uop.vars = [#uop.var<"n", 1, 8>, #uop.var<"m", 1, 8>]} {
  // expected-error @+1 {{can only broadcast size-1 dimensions; dimension 0 is n, result has m}}
  %e = uop.expand %x : tensor<?x4xf32, #uop.sym<"n">> -> tensor<?x4xf32, #uop.sym<"m">>
  return
}

// -----

func.func @permute_mismatch(%x: tensor<?x4xf32, #uop.sym<"n">>)
    attributes {uop.vars = [#uop.var<"n", 1, 8>]} {
  // expected-error @+1 {{result dimension 0 must be source dimension 1 (4), got n}}
  %p = uop.permute %x [1, 0] : tensor<?x4xf32, #uop.sym<"n">> -> tensor<?x4xf32, #uop.sym<"n">>
  return
}

// -----

func.func @reshape_vars(%x: tensor<?x4xf32, #uop.sym<"n">>)
    attributes {uop.vars = [#uop.var<"n", 1, 8>, #uop.var<"m", 1, 8>]} {
  // expected-error @+1 {{cannot reshape 4*n elements into 4*m}}
  %r = uop.reshape %x : tensor<?x4xf32, #uop.sym<"n">> -> tensor<4x?xf32, #uop.sym<"m">>
  return
}

// -----

func.func @reshape_unnamed(%x: tensor<?x4xf32>) {
  // expected-error @+1 {{needs static shapes or dynamic dimensions named by #uop.sym}}
  %r = uop.reshape %x : tensor<?x4xf32> -> tensor<4x?xf32>
  return
}

// -----

func.func @pad_symbolic(%x: tensor<?x4xf32, #uop.sym<"n">>)
    attributes {uop.vars = [#uop.var<"n", 1, 8>]} {
  // expected-error @+1 {{needs static shapes, got}}
  %p = uop.pad %x low [0, 1] high [0, 1] : tensor<?x4xf32, #uop.sym<"n">> -> tensor<?x6xf32, #uop.sym<"n">>
  return
}

// -----

// uop.capacity: how many elements an unsized buffer argument may hold.
// expected-error @+1 {{'uop.capacity' belongs on an unsized !uop.ptr argument}}
uop.function @capacity_sized(%p: !uop.ptr<f32, global, 8> {uop.capacity = 8 : i64}) {
  uop.sink info <name = "capacity_sized">
}

// -----

// expected-error @+1 {{'uop.capacity' must be a positive integer}}
uop.function @capacity_zero(%p: !uop.ptr<f32, global> {uop.capacity = 0 : i64}) {
  uop.sink info <name = "capacity_zero">
}
