// RUN: uop-opt %s --uop-linearize | uop-translate --uop-to-c | FileCheck %s
// RUN: uop-opt %s --uop-linearize | uop-translate --uop-to-c > %t.c
// RUN: cc -std=c11 -O2 -Wall -Werror -c %t.c -o %t.o
//
// --uop-to-c of hand-written kernels: a gated STORE (IF / ENDIF in the
// LINEAR) is an if block; a kernel called twice is emitted once; integer
// index arithmetic is int64_t with INT64_C literals, divui / remui go
// through uint64_t.

// CHECK-LABEL: static void uopk_masked(float *restrict p0, const float *restrict p1) {
// CHECK-NEXT: for (int64_t [[I:r[0-9]+]] = 0; [[I]] < INT64_C(8); ++[[I]]) {
// CHECK-NEXT: const int64_t [[ROW:v[0-9]+]] = ([[I]] * INT64_C(8));
// CHECK-NEXT: for (int64_t [[J:r[0-9]+]] = 0; [[J]] < INT64_C(8); ++[[J]]) {
// CHECK-NEXT: const int64_t [[A:v[0-9]+]] = ([[ROW]] + [[J]]);
// CHECK-NEXT: const float [[V:v[0-9]+]] = p1[[[A]]];
// CHECK-NEXT: const _Bool [[G:v[0-9]+]] = ([[J]] < INT64_C(5));
// CHECK-NEXT: if ([[G]]) {
// CHECK-NEXT: p0[[[A]]] = [[V]];
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
uop.function @masked(%out: !uop.ptr<f32, global, 64>, %in: !uop.ptr<f32, global, 64>) {
  %c8 = arith.constant 8 : index
  %c5 = arith.constant 5 : index
  %i = uop.range %c8, R0, loop
  %j = uop.range %c8, R1, loop
  %m = arith.muli %i, %c8 : index
  %a = arith.addi %m, %j : index
  %ii = uop.index %in[%a] : !uop.ptr<f32, global, 64> -> f32
  %v = uop.load %in, %ii : !uop.ptr<f32, global, 64> -> f32
  %g = arith.cmpi slt, %j, %c5 : index
  %oi = uop.index %out[%a] gate %g : !uop.ptr<f32, global, 64> -> f32
  %s = uop.store %oi, %v : f32
  %e = uop.end %s[%i, %j] : !uop.void
  uop.sink %e : !uop.void info <name = "masked">
}

// CHECK-LABEL: static void uopk_transpose(int32_t *restrict p0, const int32_t *restrict p1) {
// CHECK: for (int64_t [[F:r[0-9]+]] = 0; [[F]] < INT64_C(32); ++[[F]]) {
// CHECK-NEXT: const int64_t [[Q:v[0-9]+]] = (int64_t)((uint64_t)[[F]] / (uint64_t)INT64_C(8));
// CHECK-NEXT: const int64_t [[R:v[0-9]+]] = (int64_t)((uint64_t)[[F]] % (uint64_t)INT64_C(8));
// CHECK-NEXT: const int64_t [[M:v[0-9]+]] = ([[R]] * INT64_C(4));
// CHECK-NEXT: const int64_t [[S:v[0-9]+]] = ([[M]] + [[Q]]);
// CHECK-NEXT: const int32_t [[V:v[0-9]+]] = p1[[[S]]];
// CHECK-NEXT: p0[[[F]]] = [[V]];
uop.function @transpose(%out: !uop.ptr<i32, global, 32>, %in: !uop.ptr<i32, global, 32>) {
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %f = uop.range %c32, R0, loop
  %q = arith.divui %f, %c8 : index
  %r = arith.remui %f, %c8 : index
  %m = arith.muli %r, %c4 : index
  %s = arith.addi %m, %q : index
  %ii = uop.index %in[%s] : !uop.ptr<i32, global, 32> -> i32
  %v = uop.load %in, %ii : !uop.ptr<i32, global, 32> -> i32
  %oi = uop.index %out[%f] : !uop.ptr<i32, global, 32> -> i32
  %st = uop.store %oi, %v : i32
  %e = uop.end %st[%f] : !uop.void
  uop.sink %e : !uop.void info <name = "transpose">
}

// CHECK-LABEL: int uop_main(const float *restrict a0, float *restrict a1, float *restrict a2, const int32_t *restrict a3, int32_t *restrict a4) {
// CHECK-NEXT: masked(a1, a0);
// CHECK-NEXT: masked(a2, a1);
// CHECK-NEXT: transpose(a4, a3);
// CHECK-NEXT: return 0;
// CHECK-NEXT: }
// CHECK-NOT: static void
uop.function @main(%x: !uop.ptr<f32, global, 64>, %y: !uop.ptr<f32, global, 64>, %z: !uop.ptr<f32, global, 64>, %p: !uop.ptr<i32, global, 32>, %q: !uop.ptr<i32, global, 32>) {
  %c0 = uop.call @masked(%y, %x) : (!uop.ptr<f32, global, 64>, !uop.ptr<f32, global, 64>)
  %c1 = uop.call @masked(%z, %y) : (!uop.ptr<f32, global, 64>, !uop.ptr<f32, global, 64>)
  %c2 = uop.call @transpose(%q, %p) : (!uop.ptr<i32, global, 32>, !uop.ptr<i32, global, 32>)
  uop.sink %c0, %c1, %c2 : !uop.void, !uop.void, !uop.void
}
