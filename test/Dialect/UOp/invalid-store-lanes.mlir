// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// Verifier rules of STORE_LANES: an ungated uop.index of lane 0, a 1-D
// vector of the buffer's element type (the same type as the INDEX).

func.func @not_an_index(%x: vector<16xf32>, %v: vector<16xf32>, %lo: index, %hi: index) {
  // expected-error @+1 {{'uop.store_lanes' op index must be the result of a uop.index}}
  %s = uop.store_lanes %x, %v lanes %lo to %hi : vector<16xf32>
  return
}

// -----

func.func @gated(%buf: !uop.ptr<f32, global, 64>, %i: index, %g: i1, %v: vector<16xf32>, %lo: index, %hi: index) {
  %x = uop.index %buf[%i] gate %g : !uop.ptr<f32, global, 64> -> vector<16xf32>
  // expected-error @+1 {{'uop.store_lanes' op index must not be gated: the lanes say which elements are written}}
  %s = uop.store_lanes %x, %v lanes %lo to %hi : vector<16xf32>
  return
}

// -----

func.func @scalar(%buf: !uop.ptr<f32, global, 64>, %i: index, %v: f32, %lo: index, %hi: index) {
  %x = uop.index %buf[%i] : !uop.ptr<f32, global, 64> -> f32
  // expected-error @+1 {{'uop.store_lanes' op value must be a 1-D vector of the buffer's element type, got 'f32'}}
  %s = uop.store_lanes %x, %v lanes %lo to %hi : f32
  return
}

// -----

func.func @types_differ(%buf: !uop.ptr<f32, global, 64>, %i: index, %v: vector<8xf32>, %lo: index, %hi: index) {
  %x = uop.index %buf[%i] : !uop.ptr<f32, global, 64> -> vector<16xf32>
  // expected-error @+1 {{'uop.store_lanes' op failed to verify that all of {index, value} have same type}}
  %s = "uop.store_lanes"(%x, %v, %lo, %hi) : (vector<16xf32>, vector<8xf32>, index, index) -> !uop.void
  return
}
