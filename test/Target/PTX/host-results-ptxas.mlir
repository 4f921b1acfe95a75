// REQUIRES: ptxas
// RUN: uop-opt %uop_src_root/test/Conversion/TIRxToGPU/host-launch-results.mlir --tirx-to-nvvm="chip=sm_80" | uop-translate --mlir-to-ptx --chip=sm_80 -o %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o %t.cubin
// RUN: FileCheck %s < %t.ptx
//
// The kernel a host function with results launches assembles.
// CHECK: .entry axpy(
