// RUN: uop-opt %s -split-input-file -verify-diagnostics --uop-shard=rank=2

// The rank must be one of the program's devices.
func.func @rank(%a: tensor<4xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{uop-shard: rank 2 is not one of the 2 devices of this program}}
  %x = uop.multi %a, %a axis 0 : tensor<4xf32>, tensor<4xf32> -> tensor<8xf32>
  return %x : tensor<8xf32>
}

// -----

// Symbolic shapes do not shard.
// expected-error @+1 {{uop-shard: multi-device programs need static shapes}}
func.func @symbolic(%a: tensor<?xf32, #uop.sym<"n">>) -> tensor<?xf32, #uop.sym<"n">> attributes {uop.vars = [#uop.var<"n", 1, 64>]} {
  %x = uop.multi %a, %a : tensor<?xf32, #uop.sym<"n">>, tensor<?xf32, #uop.sym<"n">> -> tensor<?xf32, #uop.sym<"n">>
  return %x : tensor<?xf32, #uop.sym<"n">>
}
