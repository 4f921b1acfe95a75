// The f32 polynomials (exp, sin, tanh, erf...) on C vectors: uop-devectorize
// {keep-vectors} keeps them whole and uop-to-c calls a helper per vector type
// whose loop over the lanes the C compiler vectorizes. Lane by lane, clang's
// SLP vectorizer left a GELU epilogue's 32 inlined tanh calls scalar
// (9,200 scalar instructions; a 128x768x3072 matmul + GELU 11.5 ms against
// 7.3-9.0 with the helper, docs/performance.md).
// RUN: uop-opt %s --uop-to-program="target=cpu vector-bits=512 vector-registers=32" | uop-translate --uop-to-c > %t.c
// RUN: FileCheck %s --check-prefix=C < %t.c
// C-LABEL: static inline __attribute__((always_inline)) void uoph_tanh_f32x4(uoph_f32x4 *r, const uoph_f32x4 *x) {
// C: #pragma clang loop vectorize(enable) interleave(disable)
// C: #pragma omp simd
// C: y[l] = uoph_tanh_f32(a[l]);
// C-DAG: uoph_exp_f32x4(&v{{[0-9]+}}, &t);
// C-DAG: uoph_sin_f32x4(&v{{[0-9]+}}, &t);
// C-DAG: uoph_tanh_f32x16(&v{{[0-9]+}}, &t);
// C-DAG: uoph_erf_f32x16(&v{{[0-9]+}}, &t);
// No lane of a vector goes through the scalar helper in a kernel.
// C-NOT: = uoph_{{[a-z]+}}_f32((v
//
// With the runtime's flags (lib/Runtime/Compile.cpp: -fno-vectorize), clang
// still vectorizes each helper's loop at the vector's width.
// RUN: %if clang-cc %{ %clang_cc -std=c11 -O2 -march=x86-64-v4 -ffp-contract=fast -fno-math-errno -mprefer-vector-width=512 -fno-vectorize -Werror=pass-failed -Rpass=loop-vectorize -c %t.c -o %t.o 2>&1 | FileCheck %s --check-prefix=VEC %}
// VEC-DAG: vectorization width: 16
// VEC-DAG: vectorization width: 4
//
// The numbers against the reference interpreter, with the runtime's compiler
// and with GCC (its `omp simd`).
// RUN: uop-run --target cpu --check %s | FileCheck %s
// RUN: env CC=gcc uop-run --target cpu --check %s | FileCheck %s
// CHECK: mismatches=0 check=pass
func.func @main(%x: tensor<40x100xf32>, %a: tensor<32x64xf32>, %w: tensor<64x96xf32>) -> (tensor<40x100xf32>, tensor<40x100xf32>, tensor<32x96xf32>) {
  %t = math.tanh %x : tensor<40x100xf32>
  %e = math.exp %x : tensor<40x100xf32>
  %s = math.sin %e : tensor<40x100xf32>
  %a0 = uop.reshape %a : tensor<32x64xf32> -> tensor<32x1x64xf32>
  %a1 = uop.expand %a0 : tensor<32x1x64xf32> -> tensor<32x96x64xf32>
  %w0 = uop.permute %w [1, 0] : tensor<64x96xf32> -> tensor<96x64xf32>
  %w1 = uop.reshape %w0 : tensor<96x64xf32> -> tensor<1x96x64xf32>
  %w2 = uop.expand %w1 : tensor<1x96x64xf32> -> tensor<32x96x64xf32>
  %p = arith.mulf %a1, %w2 : tensor<32x96x64xf32>
  %mm = uop.reduce_axis add %p [2] : tensor<32x96x64xf32> -> tensor<32x96xf32>
  %g = math.tanh %mm : tensor<32x96xf32>
  %g2 = math.erf %g : tensor<32x96xf32>
  %o = arith.mulf %mm, %g2 : tensor<32x96xf32>
  return %t, %s, %o : tensor<40x100xf32>, tensor<40x100xf32>, tensor<32x96xf32>
}
