// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// Verifier rules of PARAM, DEFINE_LOCAL, DEFINE_REG, UNIQUE, LUNIQUE and DEVICE.

func.func @param_not_global() {
  // expected-error @+1 {{'uop.param' op parameters live in global memory, got local}}
  %p = uop.param 0 size 16 : !uop.ptr<f32, local, 16>
  return
}

// -----

func.func @param_reg() {
  // expected-error @+1 {{'uop.param' op parameters live in global memory, got reg}}
  %p = uop.param 0 size 16 : !uop.ptr<f32, reg>
  return
}

// -----

func.func @param_size_mismatch() {
  // expected-error @+1 {{'uop.param' op size 16 does not match the type's 32}}
  %p = uop.param 0 size 16 : !uop.ptr<f32, global, 32>
  return
}

// -----

func.func @param_device_not_device(%d: !uop.void) {
  // expected-error @+1 {{'uop.param' op device must be a uop.device}}
  %p = uop.param 0 size 16 device %d : !uop.ptr<f32, global>
  return
}

// -----

func.func @param_negative_slot() {
  // expected-error @+1 {{'uop.param' op attribute 'slot' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
  %p = uop.param -1 size 16 : !uop.ptr<f32, global>
  return
}

// -----

func.func @param_not_pointer() {
  // expected-error @+1 {{'uop.param' op result #0 must be !uop.ptr, but got 'tensor<16xf32>'}}
  %p = "uop.param"() <{slot = 0 : i64, size = 16 : i64}> : () -> tensor<16xf32>
  return
}

// -----

func.func @define_local_not_local() {
  // expected-error @+1 {{'uop.define_local' op result must be a local pointer, got '!uop.ptr<f32, global, 256>'}}
  %l = uop.define_local 0 : !uop.ptr<f32, global, 256>
  return
}

// -----

func.func @define_local_unsized() {
  // expected-error @+1 {{'uop.define_local' op shared memory needs a static size in its type}}
  %l = uop.define_local 0 : !uop.ptr<f32, local>
  return
}

// -----

func.func @define_local_negative_id() {
  // expected-error @+1 {{'uop.define_local' op attribute 'id' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
  %l = uop.define_local -2 : !uop.ptr<f32, local, 16>
  return
}

// -----

func.func @define_reg_not_reg() {
  // expected-error @+1 {{'uop.define_reg' op result must be a reg pointer, got '!uop.ptr<f32, local, 1>'}}
  %r = uop.define_reg size 1 id 0 : !uop.ptr<f32, local, 1>
  return
}

// -----

func.func @define_reg_size_mismatch() {
  // expected-error @+1 {{'uop.define_reg' op size 8 does not match the type's 4}}
  %r = uop.define_reg size 8 id 0 : !uop.ptr<f32, reg, 4>
  return
}

// -----

func.func @define_reg_zero_size() {
  // expected-error @+1 {{'uop.define_reg' op attribute 'size' failed to satisfy constraint: 64-bit signless integer attribute whose value is positive}}
  %r = uop.define_reg size 0 id 0 : !uop.ptr<f32, reg>
  return
}

// -----

func.func @define_reg_negative_id() {
  // expected-error @+1 {{'uop.define_reg' op attribute 'id' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
  %r = uop.define_reg size 1 id -1 : !uop.ptr<f32, reg>
  return
}

// -----

func.func @unique_negative() {
  // expected-error @+1 {{'uop.unique' op attribute 'id' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
  %u = uop.unique -1
  return
}

// -----

func.func @lunique_negative() {
  // expected-error @+1 {{'uop.lunique' op attribute 'id' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
  %u = uop.lunique -7
  return
}

// -----

func.func @unique_not_void() {
  // expected-error @+1 {{'uop.unique' op result #0 must be !uop.void, but got 'index'}}
  %u = "uop.unique"() <{id = 0 : i64}> : () -> index
  return
}

// -----

func.func @device_empty() {
  // expected-error @+1 {{'uop.device' op needs a device name}}
  %d = uop.device ""
  return
}

// -----

func.func @device_not_string() {
  // expected-error @+1 {{invalid properties {specs = 3 : i64} for op uop.device: Invalid attribute `specs` in property conversion: 3 : i64}}
  %d = "uop.device"() <{specs = 3 : i64}> : () -> !uop.void
  return
}
