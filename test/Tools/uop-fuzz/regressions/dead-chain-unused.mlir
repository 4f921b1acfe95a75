// RUN: uop-opt %s --uop-linearize | uop-translate --uop-to-c > %t.c
// RUN: FileCheck %s --input-file=%t.c
// RUN: cc -std=c11 -Wall -Wextra -Werror -c %t.c -o %t.o
//
// Found by uop-fuzz (c-warning in cc, seed 4242, from test/Target/C/
// invalid.mlir and linearize.mlir): values whose only readers emit no C
// were unused C variables or parameters: an INDEX nothing loads from (its
// buffer parameter then unused, -Wunused-parameter), a chain of index
// arithmetic whose last user is dead, and index values read only as an
// AFTER's ordering dependencies. The C emitter now drops every op whose
// results only dead ops (or AFTER dependencies) read, and marks a parameter
// with no live reader used.

// CHECK-LABEL: static void uopk_k(float *restrict p0, const float *restrict p1) {
// CHECK-NEXT: (void)p1;
// CHECK-NEXT: for (int64_t [[R:r[0-9]+]] = 0; [[R]] < INT64_C(8); ++[[R]]) {
// CHECK-NEXT: p0[[[R]]] = 0.000000000e+00f;
// CHECK-NEXT: }
// CHECK-NEXT: }
uop.function @k(%p: !uop.ptr<f32, global, 8>, %q: !uop.ptr<f32, global, 8>) {
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %zero = arith.constant 0.0 : f32
  %r = uop.range %c8, R0, loop
  %a = arith.addi %r, %c1 : index
  %b = arith.muli %a, %c2 : index
  %unread = uop.index %q[%b] : !uop.ptr<f32, global, 8> -> f32
  %o = uop.index %p[%r] : !uop.ptr<f32, global, 8> -> f32
  %st = uop.store %o, %zero : f32
  %e = uop.end %st[%r] : !uop.void
  uop.sink %e : !uop.void info <name = "k">
}
uop.function @main(%p: !uop.ptr<f32, global, 8>, %q: !uop.ptr<f32, global, 8>) {
  %c = uop.call @k(%p, %q) : (!uop.ptr<f32, global, 8>, !uop.ptr<f32, global, 8>)
  uop.sink %c : !uop.void
}
