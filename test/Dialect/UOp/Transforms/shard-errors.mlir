// RUN: uop-opt %s -split-input-file -verify-diagnostics --uop-shard=rank=0
//
// What uop-shard cannot partition is a located error, never a silently
// dropped shard.

func.func @mixed_axes(%a: tensor<4x8xf32>, %b: tensor<8x4xf32>) -> tensor<8x8xf32> {
  %x = uop.multi %a, %a axis 0 : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<8x8xf32>
  %y = uop.multi %b, %b axis 1 : tensor<8x4xf32>, tensor<8x4xf32> -> tensor<8x8xf32>
  // expected-error @+1 {{uop-shard: operands sharded along axes 0 and 1; COPY one to a device to gather it first}}
  %s = arith.addf %x, %y : tensor<8x8xf32>
  return %s : tensor<8x8xf32>
}

// -----

func.func @sharded_and_stacked(%a: tensor<4x8xf32>, %b: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %x = uop.multi %a, %a axis 0 : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<8x8xf32>
  %y = uop.mstack %b, %b : tensor<8x8xf32>
  // expected-error @+1 {{uop-shard: a sharded and a per-device (MSTACK) operand do not combine elementwise}}
  %s = arith.addf %x, %y : tensor<8x8xf32>
  return %s : tensor<8x8xf32>
}

// -----

func.func @reshape_merges(%a: tensor<4x8xf32>) -> tensor<64xf32> {
  %x = uop.multi %a, %a axis 0 : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<8x8xf32>
  // expected-error @+1 {{uop-shard: uop.reshape splits or merges the sharded axis 0; COPY the value to a device to gather it first}}
  %r = uop.reshape %x : tensor<8x8xf32> -> tensor<64xf32>
  return %r : tensor<64xf32>
}

// -----

func.func @shrink_sharded(%a: tensor<4x8xf32>) -> tensor<2x8xf32> {
  %x = uop.multi %a, %a axis 0 : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<8x8xf32>
  // expected-error @+1 {{uop-shard: uop.shrink shrinks the sharded axis 0}}
  %r = uop.shrink %x [0, 0] to [2, 8] : tensor<8x8xf32> -> tensor<2x8xf32>
  return %r : tensor<2x8xf32>
}

// -----

func.func @pad_sharded(%a: tensor<4x8xf32>) -> tensor<9x8xf32> {
  %x = uop.multi %a, %a axis 0 : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<8x8xf32>
  // expected-error @+1 {{uop-shard: uop.pad pads the sharded axis 0}}
  %r = uop.pad %x low [1, 0] high [0, 0] : tensor<8x8xf32> -> tensor<9x8xf32>
  return %r : tensor<9x8xf32>
}

// -----

func.func @flip_sharded(%a: tensor<4x8xf32>) -> tensor<8x8xf32> {
  %x = uop.multi %a, %a axis 0 : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<8x8xf32>
  // expected-error @+1 {{uop-shard: uop.flip flips the sharded axis 0}}
  %r = uop.flip %x [true, false] : tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

func.func @mselect_sharded(%a: tensor<4x8xf32>) -> tensor<8x8xf32> {
  %x = uop.multi %a, %a axis 0 : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<8x8xf32>
  // expected-error @+1 {{uop-shard: MSELECT of a sharded value; COPY it to a device to gather it}}
  %r = uop.mselect %x [1] : tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

func.func @copy_stacked(%a: tensor<4xf32>) -> tensor<4xf32> {
  %d = uop.device "CPU"
  %s = uop.mstack %a, %a : tensor<4xf32>
  // expected-error @+1 {{uop-shard: COPY of a per-device (MSTACK) value; MSELECT one device's or ALLREDUCE them}}
  %c = uop.copy %s, %d : tensor<4xf32>
  return %c : tensor<4xf32>
}

// -----

func.func @return_stacked(%a: tensor<4xf32>) -> tensor<4xf32> {
  %s = uop.mstack %a, %a : tensor<4xf32>
  // expected-error @+1 {{uop-shard: result 0 is a per-device (MSTACK) value; return an MSELECT of one device's value or an ALLREDUCE of them}}
  return %s : tensor<4xf32>
}

// -----

func.func @allreduce_sharded(%a: tensor<4xf32>) -> tensor<8xf32> {
  %t = uop.device ("CPU:0", "CPU:1")
  %x = uop.multi %a, %a axis 0 : tensor<4xf32>, tensor<4xf32> -> tensor<8xf32>
  // expected-error @+1 {{uop-shard: ALLREDUCE of a sharded value (its shards are parts of one tensor, not partial results); REDUCE_AXIS it instead}}
  %r = uop.allreduce add %x, %t : tensor<8xf32>
  return %r : tensor<8xf32>
}

// -----

func.func @device_counts(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-note @+1 {{the program's device count is set here}}
  %x = uop.multi %a, %a : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  // expected-error @+1 {{uop-shard: a value on 3 devices in a program on 2}}
  %s = uop.mstack %a, %a, %a : tensor<4xf32>
  %t = uop.device ("CPU:0", "CPU:1", "CPU:2")
  %r = uop.allreduce add %s, %t : tensor<4xf32>
  %y = arith.addf %x, %r : tensor<4xf32>
  return %y : tensor<4xf32>
}

// -----

func.func @nested(%a: tensor<4xf32>) -> tensor<16xf32> {
  %x = uop.multi %a, %a axis 0 : tensor<4xf32>, tensor<4xf32> -> tensor<8xf32>
  // expected-error @+1 {{uop-shard: a shard of a MULTI is itself a multi-device value}}
  %y = uop.multi %x, %x axis 0 : tensor<8xf32>, tensor<8xf32> -> tensor<16xf32>
  return %y : tensor<16xf32>
}
