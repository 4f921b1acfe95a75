// RUN: uop-opt %s -split-input-file --uop-split-kernels -verify-diagnostics
//
// Issue 13: uop-split-kernels, run on rangeified IR it did not check, crashed
// on what the verifier allows: a scalar function argument read directly by a
// BUFFERIZE (never added to the kernel's sources, so a null lookup), a cast
// to a ranked tensor of a scalar argument and of a BUFFERIZE into !uop.ptr,
// and the element count of a dynamic shape. Each is a located error now.

// expected-error @+1 {{uop-split-kernels: argument #0 of type 'f32' is not a ranked tensor of static or symbolic shape}}
func.func @scalar_argument(%x: f32) -> tensor<4xf32> {
  %c4 = arith.constant 4 : index
  %r = uop.range %c4, R0, global
  %b = uop.bufferize %x [%r] : f32 -> tensor<4xf32>
  return %b : tensor<4xf32>
}

// -----

// expected-error @+1 {{uop-split-kernels: argument #1 of type 'tensor<?xf32>' is not a ranked tensor of static or symbolic shape}}
func.func @dynamic_argument(%a: tensor<4xf32>, %x: tensor<?xf32>) -> tensor<4xf32> {
  %c4 = arith.constant 4 : index
  %r = uop.range %c4, R0, global
  %v = uop.index %x[%r] : tensor<?xf32> -> f32
  %b = uop.bufferize %v [%r] : f32 -> tensor<4xf32>
  return %b : tensor<4xf32>
}

// -----

func.func @pointer_bufferize(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c4 = arith.constant 4 : index
  %r = uop.range %c4, R0, global
  %v = uop.index %x[%r] : tensor<4xf32> -> f32
  // expected-error @+1 {{uop-split-kernels: a BUFFERIZE into '!uop.ptr<f32, global, 4>' is not supported (a kernel writes a ranked tensor of static or symbolic shape)}}
  %p = uop.bufferize %v [%r] : f32 -> !uop.ptr<f32, global, 4>
  %b = uop.bufferize %v [%r] : f32 -> tensor<4xf32>
  return %b : tensor<4xf32>
}
