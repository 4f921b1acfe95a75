// RUN: uop-opt %s -split-input-file -verify-diagnostics --uop-rangeify
//
// A program compiled for one device: a COPY is its source (see
// test/Integration/copy-one-device.mlir); multi-device values are located
// errors, not silently dropped shards.

func.func @multi(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<8x8xf32> {
  // expected-error @+1 {{uop-rangeify: uop.multi is a multi-device value; a program compiled for one device cannot hold it}}
  %m = uop.multi %a, %b axis 0 : tensor<4x8xf32>, tensor<4x8xf32> -> tensor<8x8xf32>
  return %m : tensor<8x8xf32>
}

// -----

func.func @allreduce(%a: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %d = uop.device "CPU"
  // expected-error @+1 {{uop-rangeify: uop.allreduce is a multi-device value}}
  %r = uop.allreduce add %a, %d : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}
