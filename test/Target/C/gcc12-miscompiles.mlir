// RUN: uop-run %s --entry flip_sum --target cpu --check --repeat 1 | FileCheck %s
// RUN: uop-run %s --entry f32_round_trip --target cpu --check --repeat 1 | FileCheck %s
// RUN: uop-run %s --entry f32_round_trip_large --target cpu --check --repeat 1 | FileCheck %s
// RUN: env UOP_OPENMP=0 uop-run %s --entry f32_round_trip_large --target cpu --check --repeat 1 | FileCheck %s
// The runtime prefers clang-22 where it is installed; GCC (CC=gcc) keeps its
// workaround flags and must get these right too.
// RUN: env CC=gcc uop-run %s --entry flip_sum --target cpu --check --repeat 1 | FileCheck %s
// RUN: env CC=gcc uop-run %s --entry f32_round_trip --target cpu --check --repeat 1 | FileCheck %s
// RUN: env CC=gcc uop-run %s --entry f32_round_trip_large --target cpu --check --repeat 1 | FileCheck %s
//
// Two miscompilations of correct C by the system compiler, GCC 12.2 (Debian
// bookworm), that uop-run and the Python package now avoid with
// -fno-tree-loop-vectorize and -mprefer-vector-width=256 (lib/Runtime/
// Compile.cpp). As reported:
//
// flip_sum: `sum(flip(x, axis 1))` over all axes of a 13x2 tensor becomes an
// in-order float reduction over `p[2*i + (1 - j)]`. GCC's loop vectorizer
// merges the load permutation into the fold-left reduction and counts some
// elements twice (GCC PR tree-optimization/110381, fixed in later releases):
// with `cc -O2` the kernel returns 4.1 where the sum is 2.65 (`-O1`,
// `-fno-tree-loop-vectorize` or clang give 2.65). Found by
// python/tests/test_fuzz_wide.py (seed 2404).
//
// f32_round_trip: `extf(truncf(x))` on f64 is the float rounding of x, but
// with `-march=native` on an AVX-512 host GCC 12.2's SLP vectorizer drops the
// double -> float -> double round trip (vcvtpd2ps + vcvtps2pd become a
// no-op), so `x - extf(truncf(x))` is 0 instead of the rounding error.
// Without -march=native (the Python package) the result is right.
// -mprefer-vector-width=256 was thought to avoid it, but at 65536 elements
// (4-lane groups after upcast, 256-bit vectors; -mno-avx512f too) and with
// -fopenmp at 8 it came back: every element 0. The C now converts through
// `uoph_f64_to_f32`, whose result GCC cannot see through.
//
// Expected: uop-run (and the Python runtime) avoid these miscompiles (for
// example `-fno-tree-loop-vectorize` / no `-march=native` with GCC < 13, or
// a C form GCC does not miscompile) and both checks pass. On a toolchain
// without these GCC bugs this test passes unexpectedly (XPASS); delete it
// there.

// CHECK: mismatches=0 check=pass
func.func @flip_sum(%a: tensor<13x2xf32>) -> tensor<f32> {
  %f = uop.flip %a [false, true] : tensor<13x2xf32>
  %s = uop.reduce_axis add %f [0, 1] : tensor<13x2xf32> -> tensor<f32>
  return %s : tensor<f32>
}

func.func @f32_round_trip_large(%a: tensor<65536xf64>) -> tensor<65536xf64> {
  %t = arith.truncf %a : tensor<65536xf64> to tensor<65536xf32>
  %e = arith.extf %t : tensor<65536xf32> to tensor<65536xf64>
  %d = arith.subf %a, %e : tensor<65536xf64>
  return %d : tensor<65536xf64>
}

func.func @f32_round_trip(%a: tensor<8xf64>) -> tensor<8xf64> {
  %t = arith.truncf %a : tensor<8xf64> to tensor<8xf32>
  %e = arith.extf %t : tensor<8xf32> to tensor<8xf64>
  %d = arith.subf %a, %e : tensor<8xf64>
  return %d : tensor<8xf64>
}
