// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// Verifier rule of STORE's nontemporal hint: only through a uop.index into a
// global buffer (a register or a tensor has no cache to bypass).

func.func @register(%buf: !uop.ptr<f32, reg, 16>, %i: index, %v: f32) {
  %x = uop.index %buf[%i] : !uop.ptr<f32, reg, 16> -> f32
  // expected-error @+1 {{'uop.store' op nontemporal needs a uop.index into a global !uop.ptr buffer}}
  %s = uop.store %x, %v nontemporal : f32
  return
}

// -----

func.func @tensor(%t: tensor<16xf32>, %i: index, %v: f32) {
  %x = uop.index %t[%i] : tensor<16xf32> -> f32
  // expected-error @+1 {{'uop.store' op nontemporal needs a uop.index into a global !uop.ptr buffer}}
  %s = uop.store %x, %v nontemporal : f32
  return
}

// -----

func.func @local(%buf: !uop.ptr<f32, local, 16>, %i: index, %v: vector<4xf32>) {
  %x = uop.index %buf[%i] : !uop.ptr<f32, local, 16> -> vector<4xf32>
  // expected-error @+1 {{'uop.store' op nontemporal needs a uop.index into a global !uop.ptr buffer}}
  %s = uop.store %x, %v nontemporal : vector<4xf32>
  return
}
