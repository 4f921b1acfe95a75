// REQUIRES: clang-cc
// RUN: rm -rf %t && split-file %s %t
// RUN: uop-opt %t/conv.mlir --uop-to-program='target=cpu vector-bits=512 vector-registers=32' | uop-translate --uop-to-c > %t/f32x32.c
// RUN: uop-opt %t/conv.mlir --uop-to-program='target=cpu vector-bits=256 vector-registers=32' | uop-translate --uop-to-c > %t/f32x16.c
// RUN: sed 's/f32/f64/g' %t/conv.mlir > %t/conv64.mlir
// RUN: uop-opt %t/conv64.mlir --uop-to-program='target=cpu vector-bits=512 vector-registers=32' | uop-translate --uop-to-c > %t/f64x16.c
// RUN: FileCheck %s --check-prefix=C < %t/f32x32.c
// Each helper's masked stores (AVX-512 with Clang and GCC), its loop over
// the lanes (-mno-avx512f), and with Clang the 256-bit masked stores of
// AVX512VL are left out (-mno-avx512vl) for 16-lane vectors of f32 only.
// RUN: %clang_cc -std=c11 -O2 -march=native -Wall -Wextra -Werror -Wno-unused-function -DT=float -DN=32 -DHELPER=uoph_store_lanes_f32x32 -DVT=uoph_f32x32 -DKERNEL='"%t/f32x32.c"' %t/driver.c -o %t/a1 -lm && %t/a1 | FileCheck %s
// RUN: %clang_cc -std=c11 -O2 -march=native -mno-avx512f -Wall -Wextra -Werror -Wno-unused-function -DT=float -DN=32 -DHELPER=uoph_store_lanes_f32x32 -DVT=uoph_f32x32 -DKERNEL='"%t/f32x32.c"' %t/driver.c -o %t/a2 -lm && %t/a2 | FileCheck %s
// RUN: gcc -std=c11 -O2 -march=native -Wall -Wextra -Werror -Wno-unused-function -DT=float -DN=32 -DHELPER=uoph_store_lanes_f32x32 -DVT=uoph_f32x32 -DKERNEL='"%t/f32x32.c"' %t/driver.c -o %t/a3 -lm && %t/a3 | FileCheck %s
// RUN: %clang_cc -std=c11 -O2 -march=native -Wall -Wextra -Werror -Wno-unused-function -DT=float -DN=16 -DHELPER=uoph_store_lanes_f32x16 -DVT=uoph_f32x16 -DKERNEL='"%t/f32x16.c"' %t/driver.c -o %t/b1 -lm && %t/b1 | FileCheck %s
// RUN: gcc -std=c11 -O2 -march=native -mno-avx512f -Wall -Wextra -Werror -Wno-unused-function -DT=float -DN=16 -DHELPER=uoph_store_lanes_f32x16 -DVT=uoph_f32x16 -DKERNEL='"%t/f32x16.c"' %t/driver.c -o %t/b2 -lm && %t/b2 | FileCheck %s
// RUN: %clang_cc -std=c11 -O2 -march=native -Wall -Wextra -Werror -Wno-unused-function -DT=double -DN=16 -DHELPER=uoph_store_lanes_f64x16 -DVT=uoph_f64x16 -DKERNEL='"%t/f64x16.c"' %t/driver.c -o %t/c1 -lm && %t/c1 | FileCheck %s
// RUN: gcc -std=c11 -O2 -march=native -Wall -Wextra -Werror -Wno-unused-function -DT=double -DN=16 -DHELPER=uoph_store_lanes_f64x16 -DVT=uoph_f64x16 -DKERNEL='"%t/f64x16.c"' %t/driver.c -o %t/c2 -lm && %t/c2 | FileCheck %s
// RUN: %clang_cc -std=c11 -O2 -march=native -mno-avx512f -Wall -Wextra -Werror -Wno-unused-function -DT=double -DN=16 -DHELPER=uoph_store_lanes_f64x16 -DVT=uoph_f64x16 -DKERNEL='"%t/f64x16.c"' %t/driver.c -o %t/c3 -lm && %t/c3 | FileCheck %s
//
// uop-to-c's STORE_LANES helper (a PITCH convolution's output stores,
// pitch-rows.mlir): b[i + l] = v[l] for lo <= l < hi, clamped to the
// vector. The driver includes the generated C and calls the helper for
// every lo and hi from -3 to N + 3 at a lane 0 index i of -5, 0 and 7
// (lane 0 before the element b points to: the masked-off lanes' addresses
// are never formed as pointers), into a buffer of sentinels, and counts
// each element written that should not be and each lane that should be
// but is not, or holds another value.

// C: static inline void uoph_store_lanes_f32x32(float *b, int64_t i, const uoph_f32x32 *v, int64_t lo, int64_t hi) {
// C-NEXT: if (lo < 0) lo = 0;
// C-NEXT: if (hi > 32) hi = 32;
// C-NEXT: if (lo >= hi) return;
// C-NEXT: #if defined(__AVX512F__)
// C: _mm512_mask_storeu_ps(
// C: #endif
// C-NEXT: for (int64_t l = lo; l < hi; ++l)
// C-NEXT: b[i + l] = ((const float *)v)[l];
// CHECK: cases {{[0-9]+}} bad 0

//--- conv.mlir
func.func @residual(%arg0: tensor<1x32x7x7xf32>, %arg1: tensor<32x32x3x3xf32>, %arg2: tensor<1x32x7x7xf32>) -> tensor<1x32x7x7xf32> {
  %0 = uop.pad %arg0 low [0, 0, 1, 1] high [0, 0, 1, 1] : tensor<1x32x7x7xf32> -> tensor<1x32x9x9xf32>
  %1 = uop.reshape %0 : tensor<1x32x9x9xf32> -> tensor<1x32x1x9x1x9xf32>
  %2 = uop.expand %1 : tensor<1x32x1x9x1x9xf32> -> tensor<1x32x4x9x4x9xf32>
  %3 = uop.reshape %2 : tensor<1x32x4x9x4x9xf32> -> tensor<1x32x36x36xf32>
  %4 = uop.shrink %3 [0, 0, 0, 0] to [1, 32, 30, 30] : tensor<1x32x36x36xf32> -> tensor<1x32x30x30xf32>
  %5 = uop.reshape %4 : tensor<1x32x30x30xf32> -> tensor<1x32x3x10x3x10xf32>
  %6 = uop.shrink %5 [0, 0, 0, 0, 0, 0] to [1, 32, 3, 7, 3, 7] : tensor<1x32x3x10x3x10xf32> -> tensor<1x32x3x7x3x7xf32>
  %9 = uop.permute %6 [0, 1, 3, 5, 2, 4] : tensor<1x32x3x7x3x7xf32> -> tensor<1x32x7x7x3x3xf32>
  %10 = uop.reshape %9 : tensor<1x32x7x7x3x3xf32> -> tensor<1x1x32x1x7x7x3x3xf32>
  %11 = uop.expand %10 : tensor<1x1x32x1x7x7x3x3xf32> -> tensor<1x1x32x32x7x7x3x3xf32>
  %12 = uop.permute %11 [0, 1, 3, 4, 5, 2, 6, 7] : tensor<1x1x32x32x7x7x3x3xf32> -> tensor<1x1x32x7x7x32x3x3xf32>
  %13 = uop.reshape %arg1 : tensor<32x32x3x3xf32> -> tensor<1x1x32x1x1x32x3x3xf32>
  %14 = uop.expand %13 : tensor<1x1x32x1x1x32x3x3xf32> -> tensor<1x1x32x7x7x32x3x3xf32>
  %15 = arith.mulf %12, %14 : tensor<1x1x32x7x7x32x3x3xf32>
  %16 = uop.reduce_axis add %15 [5, 6, 7] : tensor<1x1x32x7x7x32x3x3xf32> -> tensor<1x1x32x7x7xf32>
  %17 = uop.reshape %16 : tensor<1x1x32x7x7xf32> -> tensor<1x32x7x7xf32>
  %18 = arith.addf %17, %arg2 : tensor<1x32x7x7xf32>
  %19 = arith.constant dense<0.00000000e+00> : tensor<1x32x7x7xf32>
  %20 = arith.maximumf %18, %19 : tensor<1x32x7x7xf32>
  return %20 : tensor<1x32x7x7xf32>
}


//--- driver.c
#include KERNEL
int main(void) {
  enum { PAD = 48, LEN = 2 * PAD + N };
  VT v;
  for (int l = 0; l < N; ++l)
    ((T *)&v)[l] = (T)(l + 1);
  int cases = 0, bad = 0;
  const int64_t shifts[3] = {-5, 0, 7};
  for (int s = 0; s < 3; ++s)
    for (int64_t lo = -3; lo <= N + 3; ++lo)
      for (int64_t hi = -3; hi <= N + 3; ++hi) {
        T buf[LEN];
        for (int e = 0; e < LEN; ++e)
          buf[e] = (T)-1;
        /* b points PAD elements in; lane l goes to b[i + l]. */
        HELPER(buf + PAD, shifts[s], &v, lo, hi);
        for (int e = 0; e < LEN; ++e) {
          int64_t l = e - PAD - shifts[s];
          int in = l >= 0 && l < N && l >= lo && l < hi;
          if (buf[e] != (in ? (T)(l + 1) : (T)-1))
            ++bad;
        }
        ++cases;
      }
  printf("cases %d bad %d\n", cases, bad);
  return bad != 0;
}
