// REQUIRES: clang-cc
// RUN: rm -rf %t && split-file %s %t
// RUN: uop-opt %t/ew.mlir --uop-to-program="target=cpu stream-store-bytes=4096" | uop-translate --uop-to-c > %t/ew.c
// RUN: FileCheck %s --check-prefix=C < %t/ew.c
// Clang's builtin becomes LLVM's !nontemporal store.
// RUN: %clang_cc -std=c11 -O2 -march=native -ffp-contract=fast -fno-math-errno -S -emit-llvm %t/ew.c -o - | FileCheck %s --check-prefix=IR
// RUN: %clang_cc -std=c11 -O2 -march=native -ffp-contract=fast -fno-math-errno %t/ew.c %t/driver.c -o %t/clang -lm
// RUN: %t/clang | FileCheck %s
// Other compilers (GCC has no __builtin_nontemporal_store) store normally.
// RUN: cc -std=c11 -O2 %t/ew.c %t/driver.c -o %t/cc -lm
// RUN: %t/cc | FileCheck %s
// A constant vector (a compound literal) streams too, with both compilers.
// RUN: uop-opt %t/fill.mlir --uop-to-program="target=cpu stream-store-bytes=4096" | uop-translate --uop-to-c > %t/fill.c
// RUN: FileCheck %s --check-prefix=FILL < %t/fill.c
// RUN: %clang_cc -std=c11 -O2 -Wall -Wextra -Werror -Wno-unused-function -c %t/fill.c -o %t/fill-clang.o
// RUN: cc -std=c11 -O2 -Wall -Wextra -Werror -c %t/fill.c -o %t/fill-cc.o
// Without the option's threshold met, the C has no streaming store.
// RUN: uop-opt %t/ew.mlir --uop-to-program="target=cpu" | uop-translate --uop-to-c | FileCheck %s --check-prefix=NONE
//
// A kernel (here of 512 KiB, over stream-store-bytes) whose output it never
// reads back stores it with streaming stores: UOP_STREAM_STORE, which
// falls back to an ordinary store where the address is not aligned to the
// vector (an unaligned streaming vector store would split), and an sfence
// per thread at the end. The driver runs it on aligned and misaligned
// buffers and compares with a scalar reference, bit for bit.

// C: #define UOP_NONTEMPORAL 1
// C: UOP_STREAM_STORE(uoph_f32x{{[0-9]+}}, (p0 + v{{[0-9]+}}), v{{[0-9]+}});
// C: uoph_stream_fence();
// IR: store <{{[0-9]+}} x float> {{.*}} !nontemporal
// NONE-NOT: UOP_STREAM_STORE
// CHECK: aligned 65536 bad 0
// CHECK: misaligned 65536 bad 0

//--- ew.mlir
func.func @ew(%a: tensor<64x1024xf32>, %b: tensor<64x1024xf32>, %c: tensor<64x1024xf32>) -> tensor<64x1024xf32> {
  %m = arith.mulf %a, %b : tensor<64x1024xf32>
  %s = arith.addf %m, %c : tensor<64x1024xf32>
  return %s : tensor<64x1024xf32>
}

// FILL: UOP_STREAM_STORE(uoph_f32x{{[0-9]+}}, (p0 + v{{[0-9]+}}), ((uoph_f32x{{[0-9]+}}){1.5{{.*}}, 1.5

//--- fill.mlir
func.func @fill(%x: tensor<64x1024xf32>) -> tensor<64x1024xf32> {
  %c = arith.constant dense<1.5> : tensor<64x1024xf32>
  return %c : tensor<64x1024xf32>
}

//--- driver.c
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int uop_ew(const float *, const float *, const float *, float *);
enum { N = 64 * 1024 };
static int run(const char *what, size_t shift) {
  /* 64-byte aligned blocks; `shift` floats in, so that shift 1 misaligns
     every vector of the output (and of the inputs). */
  float *a = aligned_alloc(64, (N + 16) * 4), *b = aligned_alloc(64, (N + 16) * 4);
  float *c = aligned_alloc(64, (N + 16) * 4), *o = aligned_alloc(64, (N + 16) * 4);
  for (size_t i = 0; i < N + 16; ++i) {
    a[i] = (float)(i % 97) * 0.25f - 7.0f;
    b[i] = (float)(i % 31) * 0.5f + 1.0f;
    c[i] = (float)(i % 13) - 6.0f;
    o[i] = -1.0f;
  }
  uop_ew(a + shift, b + shift, c + shift, o + shift);
  int bad = 0;
  for (size_t i = 0; i < N; ++i) {
    float want = a[i + shift] * b[i + shift] + c[i + shift];
    if (memcmp(&want, &o[i + shift], 4) != 0)
      ++bad;
  }
  printf("%s %d bad %d\n", what, N, bad);
  free(a); free(b); free(c); free(o);
  return bad;
}
int main(void) { return (run("aligned", 0) | run("misaligned", 1)) != 0; }
