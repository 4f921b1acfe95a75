// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// The rules of DEVICE tuples, ALLREDUCE and the SPMD attributes of a rank
// program (uop-shard).

func.func @device_twice() {
  // expected-error @+1 {{'uop.device' op names device "CPU:0" twice}}
  %t = uop.device ("CPU:0", "CPU:0")
  return
}

// -----

func.func @device_none() {
  // expected-error @+1 {{'uop.device' op needs at least one device}}
  %t = "uop.device"() <{specs = []}> : () -> !uop.void
  return
}

// -----

func.func @device_empty_name() {
  // expected-error @+1 {{'uop.device' op needs a device name}}
  %t = uop.device ("CPU:0", "")
  return
}

// -----

func.func @allreduce_count(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %t = uop.device ("CPU:0", "CPU:1", "CPU:2")
  %s = uop.mstack %a, %b : tensor<4xf32>
  // expected-error @+1 {{'uop.allreduce' op reduces a value on 2 devices over a tuple of 3}}
  %r = uop.allreduce add %s, %t : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

func.func @allreduce_kind(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %t = uop.device ("CPU:0", "CPU:1")
  %s = uop.mstack %a, %b : tensor<4xf32>
  // expected-error @+1 {{'uop.allreduce' op reduction umax compares integers unsigned; it needs an integer element type, got 'f32'}}
  %r = uop.allreduce umax %s, %t : tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// expected-error @+1 {{rank 2 is not one of 2 devices}}
func.func @spmd_rank() attributes {uop.spmd = #uop.spmd<rank = 2, devices = 2>} {
  return
}

// -----

// expected-error @+1 {{'uop.spmd' must be a #uop.spmd}}
func.func @spmd_kind() attributes {uop.spmd = 1 : i64} {
  return
}

// -----

// expected-error @+1 {{'uop.shard_axis' of result 0 must be an axis of its ranked tensor type}}
func.func @shard_axis(%a: tensor<4xf32>) -> (tensor<4xf32> {uop.shard_axis = 1 : i64}) {
  return %a : tensor<4xf32>
}
