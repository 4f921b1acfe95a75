// An i4 argument: uop-run holds f16, bf16, f32, f64, i1, i8, i16, i32, i64
// (and their uop.unsigned forms) on the host; the error is located at the
// argument and names the dtype, exit status 2, before anything compiles.
// RUN: not uop-run %s --target cpu --check 2>&1 | FileCheck %s
// RUN: sh -c 'uop-run %s --target cpu 2>/dev/null; test $? -eq 2'

// CHECK: unsupported-dtype.mlir:[[@LINE+3]]:19: error: uop-run: argument 0: unsupported dtype 'i4' (supported: f16, bf16, f32, f64, i1, i8, i16, i32, i64 and their uop.unsigned forms)
// CHECK-NOT: check=
// CHECK-NOT: uop-to-c
func.func @nibble(%a: tensor<4x8xi4>) -> tensor<4xi4> {
  %r = uop.reduce_axis add %a [1] : tensor<4x8xi4> -> tensor<4xi4>
  return %r : tensor<4xi4>
}
