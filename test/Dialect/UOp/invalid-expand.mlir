// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// Verifier rules of UNROLL and CONTRACT.

func.func @unroll_no_pairs(%v: vector<4xf32>) {
  // expected-error @+1 {{'uop.unroll' op needs at least one (axis, factor) pair}}
  %u = uop.unroll %v [] : vector<4xf32> -> vector<4xf32>
  return
}

// -----

func.func @unroll_odd_list(%v: vector<4xf32>) {
  // expected-error @+1 {{'uop.unroll' op unroll must hold (axis, factor) pairs}}
  %u = "uop.unroll"(%v) <{unroll_axes = array<i64: 0, 4, 1>}> : (vector<4xf32>) -> f32
  return
}

// -----

func.func @unroll_negative_axis(%v: vector<4xf32>) {
  // expected-error @+1 {{'uop.unroll' op unroll axis must be non-negative, got -1}}
  %u = uop.unroll %v [(-1, 4)] : vector<4xf32> -> f32
  return
}

// -----

func.func @unroll_zero_factor(%v: vector<4xf32>) {
  // expected-error @+1 {{'uop.unroll' op unroll factor must be positive, got 0}}
  %u = uop.unroll %v [(0, 4), (1, 0)] : vector<4xf32> -> f32
  return
}

// -----

func.func @unroll_element_type(%v: vector<4xf32>) {
  // expected-error @+1 {{'uop.unroll' op source and result must be scalars or vectors of one element type}}
  %u = uop.unroll %v [(0, 4)] : vector<4xf32> -> f16
  return
}

// -----

func.func @unroll_tensor(%t: tensor<4xf32>) {
  // expected-error @+1 {{'uop.unroll' op source and result must be scalars or vectors of one element type}}
  %u = uop.unroll %t [(0, 4)] : tensor<4xf32> -> f32
  return
}

// -----

func.func @unroll_width(%v: vector<4xf32>) {
  // expected-error @+1 {{'uop.unroll' op source width 4 must be the result width 1 times the product of the factors 2}}
  %u = uop.unroll %v [(0, 2)] : vector<4xf32> -> f32
  return
}

// -----

func.func @unroll_width_vector(%v: vector<8xf32>) {
  // expected-error @+1 {{'uop.unroll' op source width 8 must be the result width 4 times the product of the factors 4}}
  %u = uop.unroll %v [(0, 2), (1, 2)] : vector<8xf32> -> vector<4xf32>
  return
}

// -----

func.func @contract_no_pairs(%x: f32) {
  // expected-error @+1 {{'uop.contract' op needs at least one (axis, factor) pair}}
  %c = uop.contract %x [] : f32 -> f32
  return
}

// -----

func.func @contract_odd_list(%x: f32) {
  // expected-error @+1 {{'uop.contract' op contract must hold (axis, factor) pairs}}
  %c = "uop.contract"(%x) <{upcast_ranges = array<i64: 0>}> : (f32) -> vector<4xf32>
  return
}

// -----

func.func @contract_negative_axis(%x: f32) {
  // expected-error @+1 {{'uop.contract' op contract axis must be non-negative, got -3}}
  %c = uop.contract %x [(-3, 4)] : f32 -> vector<4xf32>
  return
}

// -----

func.func @contract_negative_factor(%x: f32) {
  // expected-error @+1 {{'uop.contract' op contract factor must be positive, got -4}}
  %c = uop.contract %x [(0, -4)] : f32 -> vector<4xf32>
  return
}

// -----

func.func @contract_element_type(%x: f32) {
  // expected-error @+1 {{'uop.contract' op source and result must be scalars or vectors of one element type}}
  %c = uop.contract %x [(0, 4)] : f32 -> vector<4xi32>
  return
}

// -----

// The seed: the output vector size is the product of the factors.
func.func @contract_width(%x: f32) {
  // expected-error @+1 {{'uop.contract' op result width 8 must be the product of the factors (4) times the source width 1}}
  %c = uop.contract %x [(0, 4)] : f32 -> vector<8xf32>
  return
}

// -----

func.func @contract_width_vector(%x: vector<2xf32>) {
  // expected-error @+1 {{'uop.contract' op result width 4 must be the product of the factors (4) times the source width 2}}
  %c = uop.contract %x [(0, 4)] : vector<2xf32> -> vector<4xf32>
  return
}

// -----

func.func @contract_malformed_pairs(%x: f32) {
  // expected-error @+1 {{expected '('}}
  %c = uop.contract %x [0, 4] : f32 -> vector<4xf32>
  return
}
