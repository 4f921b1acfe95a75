// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// Verifier rules of PREFETCH: one element of an ungated INDEX into a
// global buffer, locality 0 to 3.

func.func @not_an_index(%x: f32) {
  // expected-error @+1 {{'uop.prefetch' op index must be the result of a uop.index}}
  %p = uop.prefetch %x locality 3 : f32
  return
}

// -----

func.func @gated(%buf: !uop.ptr<f32, global, 16>, %i: index, %g: i1) {
  %x = uop.index %buf[%i] gate %g : !uop.ptr<f32, global, 16> -> f32
  // expected-error @+1 {{'uop.prefetch' op index must not be gated: a prefetch has no condition}}
  %p = uop.prefetch %x locality 3 : f32
  return
}

// -----

func.func @register(%buf: !uop.ptr<f32, reg, 16>, %i: index) {
  %x = uop.index %buf[%i] : !uop.ptr<f32, reg, 16> -> f32
  // expected-error @+1 {{'uop.prefetch' op index must address a global !uop.ptr buffer, got '!uop.ptr<f32, reg, 16>'}}
  %p = uop.prefetch %x locality 3 : f32
  return
}

// -----

func.func @tensor(%t: tensor<16xf32>, %i: index) {
  %x = uop.index %t[%i] : tensor<16xf32> -> f32
  // expected-error @+1 {{'uop.prefetch' op index must address a global !uop.ptr buffer, got 'tensor<16xf32>'}}
  %p = uop.prefetch %x locality 3 : f32
  return
}

// -----

func.func @vector(%buf: !uop.ptr<f32, global, 16>, %i: index) {
  %x = uop.index %buf[%i] : !uop.ptr<f32, global, 16> -> vector<4xf32>
  // expected-error @+1 {{'uop.prefetch' op index must address one element, got 'vector<4xf32>'}}
  %p = uop.prefetch %x locality 3 : vector<4xf32>
  return
}

// -----

func.func @locality(%buf: !uop.ptr<f32, global, 16>, %i: index) {
  %x = uop.index %buf[%i] : !uop.ptr<f32, global, 16> -> f32
  // expected-error @+1 {{'uop.prefetch' op attribute 'locality' failed to satisfy constraint: 32-bit signless integer attribute whose minimum value is 0 whose maximum value is 3}}
  %p = uop.prefetch %x locality 4 : f32
  return
}
