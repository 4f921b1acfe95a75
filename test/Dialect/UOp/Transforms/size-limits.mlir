// RUN: uop-opt %s -split-input-file -verify-diagnostics --uop-to-program
//
// Every argument and result of a tensor-level function, and every buffer the
// schedule allocates, must have an element count and a byte size that fit
// int64 (checked products: a type's own element count wraps). Before, the
// first function compiled to 4-element buffers and uop-run corrupted the
// heap; the second wrapped to 0 elements; the intermediate below was
// malloc(sizeof(float) * 4611686018427387904), which is malloc(0).

// (2^62 + 1) * 4 elements wrap to 4.
// expected-error@+1 {{uop-rangeify: argument #0 of type 'tensor<4611686018427387905x4xf32>' has more than INT64_MAX elements (the product of its extents overflows int64)}}
func.func @wraps_to_four(%a: tensor<4611686018427387905x4xf32>) -> tensor<4611686018427387905x4xf32> {
  %0 = arith.addf %a, %a : tensor<4611686018427387905x4xf32>
  return %0 : tensor<4611686018427387905x4xf32>
}

// -----

// 2^32 * 2^32 wraps to 0 (it was "a zero extent").
// expected-error@+1 {{argument #0 of type 'tensor<4294967296x4294967296xf32>' has more than INT64_MAX elements}}
func.func @wraps_to_zero(%a: tensor<4294967296x4294967296xf32>) -> tensor<4294967296x4294967296xf32> {
  %0 = arith.addf %a, %a : tensor<4294967296x4294967296xf32>
  return %0 : tensor<4294967296x4294967296xf32>
}

// -----

// 2^62 f32 elements fit int64, their 2^64 bytes do not.
// expected-error@+1 {{argument #0 of type 'tensor<4611686018427387904xf32>' has 4611686018427387904 elements of 4 bytes: more than INT64_MAX bytes, no buffer can hold it}}
func.func @bytes_wrap(%a: tensor<4611686018427387904xf32>) -> tensor<4611686018427387904xf32> {
  %0 = arith.addf %a, %a : tensor<4611686018427387904xf32>
  return %0 : tensor<4611686018427387904xf32>
}

// -----

// A result, with a small argument.
// expected-error@+1 {{uop-rangeify: result #0 of type 'tensor<4611686018427387905x4xf32>' has more than INT64_MAX elements}}
func.func @result_wraps(%a: tensor<1x4xf32>) -> tensor<4611686018427387905x4xf32> {
  %0 = uop.expand %a : tensor<1x4xf32> -> tensor<4611686018427387905x4xf32>
  return %0 : tensor<4611686018427387905x4xf32>
}

// -----

// A symbolic argument at its variable's upper bound.
// expected-error@+1 {{argument #0 of type 'tensor<?x4xf32, #uop.sym<"rows">>' has more than INT64_MAX elements at the variables' upper bounds}}
func.func @symbolic_wraps(%x: tensor<?x4xf32, #uop.sym<"rows">>) -> tensor<?x4xf32, #uop.sym<"rows">>
    attributes {uop.vars = [#uop.var<"rows", 1, 4611686018427387904>]} {
  %0 = arith.addf %x, %x : tensor<?x4xf32, #uop.sym<"rows">>
  return %0 : tensor<?x4xf32, #uop.sym<"rows">>
}

// -----

// An intermediate (exp(x - max), realized on the cpu) of 2^62 f32 elements:
// it passed the INT64_MAX element check.
// expected-error@+1 {{uop-split-kernels: the buffer of type 'tensor<1152921504606846976x4xf32>' has 4611686018427387904 elements of 4 bytes: more than INT64_MAX bytes}}
func.func @intermediate_bytes_wrap(%a: tensor<1x4xf32>) -> tensor<4xf32> {
  %x = uop.expand %a : tensor<1x4xf32> -> tensor<1152921504606846976x4xf32>
  %m = uop.reduce_axis max %x [1] : tensor<1152921504606846976x4xf32> -> tensor<1152921504606846976xf32>
  %mr = uop.reshape %m : tensor<1152921504606846976xf32> -> tensor<1152921504606846976x1xf32>
  %me = uop.expand %mr : tensor<1152921504606846976x1xf32> -> tensor<1152921504606846976x4xf32>
  %d = arith.subf %x, %me : tensor<1152921504606846976x4xf32>
  %e = math.exp %d : tensor<1152921504606846976x4xf32>
  %s = uop.reduce_axis add %e [1] : tensor<1152921504606846976x4xf32> -> tensor<1152921504606846976xf32>
  %sr = uop.reshape %s : tensor<1152921504606846976xf32> -> tensor<1152921504606846976x1xf32>
  %se = uop.expand %sr : tensor<1152921504606846976x1xf32> -> tensor<1152921504606846976x4xf32>
  %o = arith.divf %e, %se : tensor<1152921504606846976x4xf32>
  %t = uop.reduce_axis add %o [0] : tensor<1152921504606846976x4xf32> -> tensor<4xf32>
  return %t : tensor<4xf32>
}

// -----

// A large upper bound whose bytes fit compiles: its allocation is checked
// when the program runs (test/Tools/uop-run/size-limits.mlir).
func.func @large_bound(%x: tensor<?x4xf32, #uop.sym<"rows">>) -> tensor<?x4xf32, #uop.sym<"rows">>
    attributes {uop.vars = [#uop.var<"rows", 1, 1099511627776>]} {
  %0 = arith.addf %x, %x : tensor<?x4xf32, #uop.sym<"rows">>
  return %0 : tensor<?x4xf32, #uop.sym<"rows">>
}
