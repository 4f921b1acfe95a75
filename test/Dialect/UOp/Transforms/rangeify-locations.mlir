// RUN: uop-opt %s --uop-rangeify --mlir-print-debuginfo | FileCheck %s
//
// Each scalar op keeps the location of the tensor op it comes from. The
// location used to be the last one rangeify had visited (the constant that
// feeds the mulf, for the floor after it), so a later error at the floor
// pointed at the wrong line.

// CHECK: arith.mulf {{.*}} loc(#[[MUL:loc[0-9]+]])
// CHECK: math.floor {{.*}} loc(#[[FLOOR:loc[0-9]+]])
// CHECK-DAG: #[[MUL]] = loc("{{.*}}rangeify-locations.mlir":[[# @LINE + 4]]:8)
// CHECK-DAG: #[[FLOOR]] = loc("{{.*}}rangeify-locations.mlir":[[# @LINE + 4]]:8)
func.func @f(%a: tensor<64xf32>) -> tensor<64xf32> {
  %k = arith.constant dense<7.5> : tensor<64xf32>
  %x = arith.mulf %a, %k : tensor<64xf32>
  %f = math.floor %x : tensor<64xf32>
  return %f : tensor<64xf32>
}
