// REQUIRES: ptxas
// RUN: uop-opt %s --uop-to-nvvm="chip=sm_80" | uop-translate --mlir-to-ptx --chip=sm_80 > %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o %t.cubin
// RUN: FileCheck %s --input-file=%t.ptx
//
// umax / umin combine with the unsigned PTX instructions (the signed ones
// would order 0x80000000 below 1).
// CHECK: max.u32
// CHECK-NOT: max.s32
func.func @umax(%a: tensor<64x32xi32> {uop.unsigned}) -> (tensor<64xi32> {uop.unsigned}) {
  %m = uop.reduce_axis umax %a [1] : tensor<64x32xi32> -> tensor<64xi32>
  return %m : tensor<64xi32>
}
