// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_80" | uop-translate --mlir-to-ptx --chip=sm_80 > %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: FileCheck %s --input-file=%t.ptx --check-prefix=HDR
// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_80" | FileCheck %s --check-prefix=NVVM
//
// A module with two device prim_funcs lowers to one gpu.module
// (@tirx_kernels) holding both kernels, so --mlir-to-ptx emits one PTX module:
// one .version/.target header and both entries after it.

// NVVM: gpu.module @tirx_kernels [#nvvm.target<chip = "sm_80", features = "+ptx70">] {
// NVVM: llvm.func @k1(
// NVVM-SAME: nvvm.maxntid = array<i32: 64, 1, 1>
// NVVM: llvm.func @k2(
// NVVM-SAME: nvvm.maxntid = array<i32: 32, 1, 1>
// NVVM-NOT: gpu.module

// One header for the whole text, both entries after it, each with its own
// block size.
// HDR: .version 7.0
// HDR-NEXT: .target sm_80
// HDR-NOT: .version
// HDR-NOT: .target
// CHECK: .target sm_80
// CHECK: .visible .entry k1(
// CHECK: .maxntid 64, 1, 1
// CHECK: .visible .entry k2(
// CHECK: .maxntid 32, 1, 1
tirx.prim_func @k1(%A: !tirx.buffer<64xf32, global>) {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [64]
    %f = arith.constant 1.0 : f32
    tirx.tile.fill <cta> %A, %f : !tirx.buffer<64xf32, global>, f32
  }
  tirx.return
}
tirx.prim_func @k2(%A: !tirx.buffer<64xf32, global>) {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [32]
    %f = arith.constant 2.0 : f32
    tirx.tile.fill <cta> %A, %f : !tirx.buffer<64xf32, global>, f32
  }
  tirx.return
}
