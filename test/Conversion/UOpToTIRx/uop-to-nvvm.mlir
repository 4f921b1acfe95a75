// REQUIRES: ptxas
// The uop-to-nvvm pipeline (the uop kernel passes for cuda, then
// convert-uop-to-tirx and tirx-to-nvvm) on the bundled examples gives PTX
// that ptxas accepts for sm_80, one .entry per kernel.
//
// elementwise.mlir and softmax.mlir (math.exp -> libdevice's __nv_expf) are
// in ../../Dialect/UOp/Transforms/pending-uop-to-nvvm-libdevice.mlir until
// their PTX assembles in lit's environment; move them back here then.
//
// RUN: uop-opt --uop-to-nvvm="chip=sm_80" %uop_src_root/examples/uop/reduce.mlir | uop-translate --mlir-to-ptx --chip=sm_80 > %t.reduce.ptx
// RUN: %ptxas -arch=sm_80 %t.reduce.ptx -o %t.reduce.cubin
// RUN: FileCheck %s --check-prefix=RED --input-file=%t.reduce.ptx
// RUN: uop-opt --uop-to-nvvm="chip=sm_80" %uop_src_root/examples/uop/matmul.mlir | uop-translate --mlir-to-ptx --chip=sm_80 > %t.matmul.ptx
// RUN: %ptxas -arch=sm_80 %t.matmul.ptx -o %t.matmul.cubin
// RUN: FileCheck %s --check-prefix=MM --input-file=%t.matmul.ptx
// RUN: uop-opt --uop-to-nvvm="chip=sm_80" %uop_src_root/examples/uop/matmul_bias_relu.mlir | uop-translate --mlir-to-ptx --chip=sm_80 > %t.mbr.ptx
// RUN: %ptxas -arch=sm_80 %t.mbr.ptx -o %t.mbr.cubin
// RUN: FileCheck %s --check-prefix=MBR --input-file=%t.mbr.ptx

// RED: .target sm_80
// RED: .visible .entry reduce_k0(
// RED-NOT: .entry

// A 4 x 4 register tile per thread: each K step loads four elements of A
// and four of B for sixteen multiply-adds (rounded separately: no contraction).
// MM: .visible .entry matmul_k0(
// MM-COUNT-8: ld.global.b32
// MM-COUNT-16: mul.rn.f32
// MM-NOT: .entry

// MBR: .visible .entry matmul_bias_relu_k0(
// MBR-NOT: .entry
