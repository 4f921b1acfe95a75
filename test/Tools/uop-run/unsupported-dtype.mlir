// An f16 argument: the CPU path runs f32, f64, i32 and i64 tensors; the error
// names the dtype and the function, exit status 2.
// RUN: not uop-run %s --target cpu --check 2>&1 | FileCheck %s
// RUN: sh -c 'uop-run %s --target cpu 2>/dev/null; test $? -eq 2'

// CHECK: unsupported-dtype.mlir:[[@LINE+2]]:1: error: uop-run: unsupported dtype 'f16' (supported: f32, f64, i32, i64)
// CHECK-NOT: check=
func.func @half(%a: tensor<4x8xf16>) -> tensor<4xf16> {
  %r = uop.reduce_axis add %a [1] : tensor<4x8xf16> -> tensor<4xf16>
  return %r : tensor<4xf16>
}
