// RUN: uop-opt %s -split-input-file --uop-to-nvvm=chip=sm_80 -verify-diagnostics
//
// An ALU op that nothing lowers to NVVM (math.ipowi: libdevice has no integer
// power, convert-math-to-llvm has no pattern) is a located error from
// tirx-to-nvvm (tirx-check-lowered), at the source op: not a failure of the
// later translation to LLVM IR (uop-translate --mlir-to-ptx), as math.trunc
// was before convert-math-to-llvm joined the pipeline.

func.func @ipow(%a: tensor<16xi32>, %b: tensor<16xi32>) -> tensor<16xi32> {
  // expected-error @+1 {{tirx-to-nvvm: no lowering to NVVM for 'math.ipowi' (i32, i32 -> i32): convert-gpu-to-nvvm and convert-math-to-llvm leave it}}
  %r = math.ipowi %a, %b : tensor<16xi32>
  return %r : tensor<16xi32>
}

// -----

func.func @ipow64(%a: tensor<16xi64>) -> tensor<16xi64> {
  // expected-error @+1 {{no lowering to NVVM for 'math.ipowi' (i64, i64 -> i64)}}
  %r = math.ipowi %a, %a : tensor<16xi64>
  return %r : tensor<16xi64>
}
