// XFAIL: *
// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_80" | uop-translate --mlir-to-ptx --chip=sm_80 > %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: FileCheck %s --input-file=%t.ptx --check-prefix=HDR
//
// PENDING BUG: a module with two device prim_funcs lowers to two gpu.modules
// (@k1_kernels, @k2_kernels), and --mlir-to-ptx concatenates their complete
// PTX texts: the output has two `.version 7.0` / `.target sm_80` headers, which
// ptxas rejects ("line 35; fatal : Parsing error near '.version 7.0': syntax
// error"), so --mlir-to-cubin fails on such a module too (see
// pending-two-kernels-ptxas.mlir). Expected: one PTX module with one header
// and both entries (or one output per gpu.module, or a diagnostic) -- never
// text that ptxas cannot parse.

// One header for the whole text, both entries after it.
// HDR: .version 7.0
// HDR-NEXT: .target sm_80
// HDR-NOT: .version
// HDR-NOT: .target
// CHECK: .target sm_80
// CHECK-DAG: .visible .entry k1(
// CHECK-DAG: .visible .entry k2(
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
