// REQUIRES: ptxas
// RUN: uop-opt %S/tma-sm90.mlir --tirx-to-nvvm="chip=sm_90" | uop-translate --mlir-to-ptx --chip=sm_90 -o %t.ptx
// RUN: %ptxas -arch=sm_90 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s
//
// ptxas accepts the 3-D / 64-byte-swizzle and 2-D / 32-byte-swizzle TMA
// copies of tma-sm90.mlir for plain sm_90.

// CHECK: Compiling entry function 'tma_shapes' for 'sm_90'
// CHECK: 0 bytes spill stores, 0 bytes spill loads
