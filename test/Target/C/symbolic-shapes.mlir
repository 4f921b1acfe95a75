// RUN: uop-opt %s --uop-to-program="target=cpu" | uop-translate --uop-to-c | FileCheck %s
//
// Shape variables in C: an int64_t parameter of each kernel that reads one
// (its DEFINE_VAR), of the entry (after the buffers, in uop.vars order),
// and of the packed entry (a pointer after the buffers' pointers).

// The kernel's loop over n runs on every core when n is large: a _rows
// function over a block of it, and the kernel's wrapper.
// CHECK: static void uopk_scale_k0_rows(float *restrict p0, const float *restrict p1, const int64_t var0, const int64_t uop_lo, const int64_t uop_hi) {
// CHECK: for (int64_t [[R:r[0-9]+]] = uop_lo; [[R]] < uop_hi; ++[[R]]) {
// CHECK: static void uopk_scale_k0(float *restrict p0, const float *restrict p1, const int64_t var0) {
// CHECK: uopk_scale_k0_rows(p0, p1, var0, 0, var0);
// CHECK: int uop_scale(const float *restrict a0, float *restrict a1, const int64_t v0, const int64_t v1) {
// CHECK-NEXT: (void)v0;
// CHECK-NEXT: (void)v1;
// CHECK-NEXT: uopk_scale_k0(a1, a0, v1);
// CHECK: int uop_scale_packed(void *const *a) {
// CHECK-NEXT: return uop_scale(a[0], a[1], *(const int64_t *)a[2], *(const int64_t *)a[3]);
func.func @scale(%x: tensor<?xf32, #uop.sym<"n">>) -> tensor<?xf32, #uop.sym<"n">>
    attributes {uop.vars = [#uop.var<"unused", 1, 2>, #uop.var<"n", 1, 1024>]} {
  // A constant has a static shape: broadcast it to n.
  %c = arith.constant dense<2.0> : tensor<1xf32>
  %two = uop.expand %c : tensor<1xf32> -> tensor<?xf32, #uop.sym<"n">>
  %y = arith.mulf %x, %two : tensor<?xf32, #uop.sym<"n">>
  return %y : tensor<?xf32, #uop.sym<"n">>
}
