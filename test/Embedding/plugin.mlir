// Stock mlir-opt loads our dialect plugin and round-trips uop IR.
// RUN: mlir-opt --load-dialect-plugin=%uop_libs/UOpPlugin%shlibext %s | FileCheck %s
// RUN: mlir-opt --load-dialect-plugin=%uop_libs/UOpPlugin%shlibext %s --mlir-print-op-generic \
// RUN:   | mlir-opt --load-dialect-plugin=%uop_libs/UOpPlugin%shlibext | FileCheck %s

// CHECK-LABEL: uop.function @k
// CHECK: uop.range %{{.*}}, U3, upcast
// CHECK: uop.vectorize %{{.*}}, %{{.*}} : vector<2xf32>
uop.function @k(%p: !uop.ptr<f32, global>) {
  %c4 = arith.constant 4 : index
  %f = arith.constant 1.0 : f32
  %r = uop.range %c4, U3, upcast
  %v = uop.vectorize %f, %f : vector<2xf32>
  %i = uop.index %p[%r] : !uop.ptr<f32, global> -> vector<2xf32>
  %s = uop.store %i, %v [%r] : vector<2xf32>
  uop.sink %s : !uop.void
}
