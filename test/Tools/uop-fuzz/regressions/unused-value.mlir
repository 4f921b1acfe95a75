// RUN: uop-opt %s --uop-linearize | uop-translate --uop-to-c > %t.c
// RUN: FileCheck %s --input-file=%t.c
// RUN: cc -std=c11 -Wall -Wextra -Werror -c %t.c -o %t.o
//
// Found by uop-fuzz (c-warning in cc, seed test/Target/C/unsigned-compare.mlir):
// a side-effect-free op whose value nothing reads (no uop-simplify ran to
// drop it) became an unused C variable, -Wunused-variable. The C emitter
// skips ops that are trivially dead.

// CHECK-LABEL: static void uopk_window(float *restrict p0) {
// CHECK-NEXT: for (int64_t r0 = 0; r0 < INT64_C(8); ++r0) {
// CHECK-NEXT: p0[r0] = 0.000000000e+00f;
// CHECK-NEXT: }
// CHECK-NEXT: }
uop.function @window(%p: !uop.ptr<f32, global, 8>) {
  %c8 = arith.constant 8 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0.0 : f32
  %r = uop.range %c8, R0, loop
  %unused = arith.subi %r, %c2 : index
  %i = uop.index %p[%r] : !uop.ptr<f32, global, 8> -> f32
  %s = uop.store %i, %zero : f32
  %e = uop.end %s[%r] : !uop.void
  uop.sink %e : !uop.void info <name = "window">
}
uop.function @main(%p: !uop.ptr<f32, global, 8>) {
  %c = uop.call @window(%p) : (!uop.ptr<f32, global, 8>)
  uop.sink %c : !uop.void
}
