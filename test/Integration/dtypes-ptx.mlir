// REQUIRES: ptxas
// RUN: rm -rf %t && split-file %s %t
//
// Every dtype (f16, bf16, f32, f64, i1, i8..i64; unsigned ones are the same
// signless types with the unsigned ops) and every ALU op of the bestiary
// through the CUDA path: uop-to-nvvm (convert-uop-to-tirx, tirx-to-nvvm), PTX
// for sm_80 and sm_90a, and ptxas must accept it. f16 and bf16 use the
// chips' native instructions (sm_80 has bf16 fma, sm_90a bf16 add/mul). No
// numbers here (no GPU in CI); the C side's numbers are in
// python/tests/test_c_dtypes.py.
// RUN: uop-opt %t/alu_f16.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 > %t/alu_f16_sm_80.ptx
// RUN: %ptxas -arch=sm_80 %t/alu_f16_sm_80.ptx -o %t/alu_f16_sm_80.cubin
// RUN: uop-opt %t/alu_f16.mlir --uop-to-nvvm=chip=sm_90a | uop-translate --mlir-to-ptx --chip=sm_90a > %t/alu_f16_sm_90a.ptx
// RUN: %ptxas -arch=sm_90a %t/alu_f16_sm_90a.ptx -o %t/alu_f16_sm_90a.cubin
// RUN: uop-opt %t/alu_bf16.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 > %t/alu_bf16_sm_80.ptx
// RUN: %ptxas -arch=sm_80 %t/alu_bf16_sm_80.ptx -o %t/alu_bf16_sm_80.cubin
// RUN: uop-opt %t/alu_bf16.mlir --uop-to-nvvm=chip=sm_90a | uop-translate --mlir-to-ptx --chip=sm_90a > %t/alu_bf16_sm_90a.ptx
// RUN: %ptxas -arch=sm_90a %t/alu_bf16_sm_90a.ptx -o %t/alu_bf16_sm_90a.cubin
// RUN: uop-opt %t/alu_f32.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 > %t/alu_f32_sm_80.ptx
// RUN: %ptxas -arch=sm_80 %t/alu_f32_sm_80.ptx -o %t/alu_f32_sm_80.cubin
// RUN: uop-opt %t/alu_f32.mlir --uop-to-nvvm=chip=sm_90a | uop-translate --mlir-to-ptx --chip=sm_90a > %t/alu_f32_sm_90a.ptx
// RUN: %ptxas -arch=sm_90a %t/alu_f32_sm_90a.ptx -o %t/alu_f32_sm_90a.cubin
// RUN: uop-opt %t/alu_f64.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 > %t/alu_f64_sm_80.ptx
// RUN: %ptxas -arch=sm_80 %t/alu_f64_sm_80.ptx -o %t/alu_f64_sm_80.cubin
// RUN: uop-opt %t/alu_f64.mlir --uop-to-nvvm=chip=sm_90a | uop-translate --mlir-to-ptx --chip=sm_90a > %t/alu_f64_sm_90a.ptx
// RUN: %ptxas -arch=sm_90a %t/alu_f64_sm_90a.ptx -o %t/alu_f64_sm_90a.cubin
// RUN: uop-opt %t/alu_i8.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 > %t/alu_i8_sm_80.ptx
// RUN: %ptxas -arch=sm_80 %t/alu_i8_sm_80.ptx -o %t/alu_i8_sm_80.cubin
// RUN: uop-opt %t/alu_i8.mlir --uop-to-nvvm=chip=sm_90a | uop-translate --mlir-to-ptx --chip=sm_90a > %t/alu_i8_sm_90a.ptx
// RUN: %ptxas -arch=sm_90a %t/alu_i8_sm_90a.ptx -o %t/alu_i8_sm_90a.cubin
// RUN: uop-opt %t/alu_i16.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 > %t/alu_i16_sm_80.ptx
// RUN: %ptxas -arch=sm_80 %t/alu_i16_sm_80.ptx -o %t/alu_i16_sm_80.cubin
// RUN: uop-opt %t/alu_i16.mlir --uop-to-nvvm=chip=sm_90a | uop-translate --mlir-to-ptx --chip=sm_90a > %t/alu_i16_sm_90a.ptx
// RUN: %ptxas -arch=sm_90a %t/alu_i16_sm_90a.ptx -o %t/alu_i16_sm_90a.cubin
// RUN: uop-opt %t/alu_i32.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 > %t/alu_i32_sm_80.ptx
// RUN: %ptxas -arch=sm_80 %t/alu_i32_sm_80.ptx -o %t/alu_i32_sm_80.cubin
// RUN: uop-opt %t/alu_i32.mlir --uop-to-nvvm=chip=sm_90a | uop-translate --mlir-to-ptx --chip=sm_90a > %t/alu_i32_sm_90a.ptx
// RUN: %ptxas -arch=sm_90a %t/alu_i32_sm_90a.ptx -o %t/alu_i32_sm_90a.cubin
// RUN: uop-opt %t/alu_i64.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 > %t/alu_i64_sm_80.ptx
// RUN: %ptxas -arch=sm_80 %t/alu_i64_sm_80.ptx -o %t/alu_i64_sm_80.cubin
// RUN: uop-opt %t/alu_i64.mlir --uop-to-nvvm=chip=sm_90a | uop-translate --mlir-to-ptx --chip=sm_90a > %t/alu_i64_sm_90a.ptx
// RUN: %ptxas -arch=sm_90a %t/alu_i64_sm_90a.ptx -o %t/alu_i64_sm_90a.cubin
// RUN: uop-opt %t/casts_f16.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 > %t/casts_f16_sm_80.ptx
// RUN: %ptxas -arch=sm_80 %t/casts_f16_sm_80.ptx -o %t/casts_f16_sm_80.cubin
// RUN: uop-opt %t/casts_f16.mlir --uop-to-nvvm=chip=sm_90a | uop-translate --mlir-to-ptx --chip=sm_90a > %t/casts_f16_sm_90a.ptx
// RUN: %ptxas -arch=sm_90a %t/casts_f16_sm_90a.ptx -o %t/casts_f16_sm_90a.cubin
// RUN: uop-opt %t/casts_bf16.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 > %t/casts_bf16_sm_80.ptx
// RUN: %ptxas -arch=sm_80 %t/casts_bf16_sm_80.ptx -o %t/casts_bf16_sm_80.cubin
// RUN: uop-opt %t/casts_bf16.mlir --uop-to-nvvm=chip=sm_90a | uop-translate --mlir-to-ptx --chip=sm_90a > %t/casts_bf16_sm_90a.ptx
// RUN: %ptxas -arch=sm_90a %t/casts_bf16_sm_90a.ptx -o %t/casts_bf16_sm_90a.cubin
// RUN: uop-opt %t/casts_f32.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 > %t/casts_f32_sm_80.ptx
// RUN: %ptxas -arch=sm_80 %t/casts_f32_sm_80.ptx -o %t/casts_f32_sm_80.cubin
// RUN: uop-opt %t/casts_f32.mlir --uop-to-nvvm=chip=sm_90a | uop-translate --mlir-to-ptx --chip=sm_90a > %t/casts_f32_sm_90a.ptx
// RUN: %ptxas -arch=sm_90a %t/casts_f32_sm_90a.ptx -o %t/casts_f32_sm_90a.cubin
// RUN: uop-opt %t/casts_f64.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 > %t/casts_f64_sm_80.ptx
// RUN: %ptxas -arch=sm_80 %t/casts_f64_sm_80.ptx -o %t/casts_f64_sm_80.cubin
// RUN: uop-opt %t/casts_f64.mlir --uop-to-nvvm=chip=sm_90a | uop-translate --mlir-to-ptx --chip=sm_90a > %t/casts_f64_sm_90a.ptx
// RUN: %ptxas -arch=sm_90a %t/casts_f64_sm_90a.ptx -o %t/casts_f64_sm_90a.cubin
// RUN: uop-opt %t/casts_i1.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 > %t/casts_i1_sm_80.ptx
// RUN: %ptxas -arch=sm_80 %t/casts_i1_sm_80.ptx -o %t/casts_i1_sm_80.cubin
// RUN: uop-opt %t/casts_i1.mlir --uop-to-nvvm=chip=sm_90a | uop-translate --mlir-to-ptx --chip=sm_90a > %t/casts_i1_sm_90a.ptx
// RUN: %ptxas -arch=sm_90a %t/casts_i1_sm_90a.ptx -o %t/casts_i1_sm_90a.cubin
// RUN: uop-opt %t/casts_i8.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 > %t/casts_i8_sm_80.ptx
// RUN: %ptxas -arch=sm_80 %t/casts_i8_sm_80.ptx -o %t/casts_i8_sm_80.cubin
// RUN: uop-opt %t/casts_i8.mlir --uop-to-nvvm=chip=sm_90a | uop-translate --mlir-to-ptx --chip=sm_90a > %t/casts_i8_sm_90a.ptx
// RUN: %ptxas -arch=sm_90a %t/casts_i8_sm_90a.ptx -o %t/casts_i8_sm_90a.cubin
// RUN: uop-opt %t/casts_i16.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 > %t/casts_i16_sm_80.ptx
// RUN: %ptxas -arch=sm_80 %t/casts_i16_sm_80.ptx -o %t/casts_i16_sm_80.cubin
// RUN: uop-opt %t/casts_i16.mlir --uop-to-nvvm=chip=sm_90a | uop-translate --mlir-to-ptx --chip=sm_90a > %t/casts_i16_sm_90a.ptx
// RUN: %ptxas -arch=sm_90a %t/casts_i16_sm_90a.ptx -o %t/casts_i16_sm_90a.cubin
// RUN: uop-opt %t/casts_i32.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 > %t/casts_i32_sm_80.ptx
// RUN: %ptxas -arch=sm_80 %t/casts_i32_sm_80.ptx -o %t/casts_i32_sm_80.cubin
// RUN: uop-opt %t/casts_i32.mlir --uop-to-nvvm=chip=sm_90a | uop-translate --mlir-to-ptx --chip=sm_90a > %t/casts_i32_sm_90a.ptx
// RUN: %ptxas -arch=sm_90a %t/casts_i32_sm_90a.ptx -o %t/casts_i32_sm_90a.cubin
// RUN: uop-opt %t/casts_i64.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 > %t/casts_i64_sm_80.ptx
// RUN: %ptxas -arch=sm_80 %t/casts_i64_sm_80.ptx -o %t/casts_i64_sm_80.cubin
// RUN: uop-opt %t/casts_i64.mlir --uop-to-nvvm=chip=sm_90a | uop-translate --mlir-to-ptx --chip=sm_90a > %t/casts_i64_sm_90a.ptx
// RUN: %ptxas -arch=sm_90a %t/casts_i64_sm_90a.ptx -o %t/casts_i64_sm_90a.cubin
// RUN: uop-opt %t/more_f32.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 > %t/more_f32_sm_80.ptx
// RUN: %ptxas -arch=sm_80 %t/more_f32_sm_80.ptx -o %t/more_f32_sm_80.cubin
// RUN: uop-opt %t/more_f32.mlir --uop-to-nvvm=chip=sm_90a | uop-translate --mlir-to-ptx --chip=sm_90a > %t/more_f32_sm_90a.ptx
// RUN: %ptxas -arch=sm_90a %t/more_f32_sm_90a.ptx -o %t/more_f32_sm_90a.cubin
// RUN: uop-opt %t/bits.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 > %t/bits_sm_80.ptx
// RUN: %ptxas -arch=sm_80 %t/bits_sm_80.ptx -o %t/bits_sm_80.cubin
// RUN: uop-opt %t/bits.mlir --uop-to-nvvm=chip=sm_90a | uop-translate --mlir-to-ptx --chip=sm_90a > %t/bits_sm_90a.ptx
// RUN: %ptxas -arch=sm_90a %t/bits_sm_90a.ptx -o %t/bits_sm_90a.cubin
// RUN: FileCheck %s --check-prefix=F16 --input-file=%t/alu_f16_sm_80.ptx
// RUN: FileCheck %s --check-prefix=BF16-SM80 --input-file=%t/alu_bf16_sm_80.ptx
// RUN: FileCheck %s --check-prefix=BF16-SM90 --input-file=%t/alu_bf16_sm_90a.ptx
// F16: add.rn.f16
// BF16-SM80: fma.rn.bf16
// BF16-SM90: add.rn.bf16

//--- alu_f16.mlir
func.func @alu_f16(%a: tensor<64xf16>, %b: tensor<64xf16>)
    -> (tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>) {
  %u0 = math.floor %a : tensor<64xf16>
  %u1 = math.ceil %a : tensor<64xf16>
  %u2 = math.round %a : tensor<64xf16>
  %u3 = math.roundeven %a : tensor<64xf16>
  %u4 = math.trunc %a : tensor<64xf16>
  %u5 = math.erf %a : tensor<64xf16>
  %u6 = math.exp2 %a : tensor<64xf16>
  %u7 = math.log2 %a : tensor<64xf16>
  %u8 = math.sin %a : tensor<64xf16>
  %u9 = math.cos %a : tensor<64xf16>
  %u10 = math.rsqrt %a : tensor<64xf16>
  %u11 = math.absf %a : tensor<64xf16>
  %u12 = math.sqrt %a : tensor<64xf16>
  %u13 = math.exp %a : tensor<64xf16>
  %u14 = math.log %a : tensor<64xf16>
  %u15 = math.tanh %a : tensor<64xf16>
  %u16 = arith.negf %a : tensor<64xf16>
  %b0 = arith.addf %a, %b : tensor<64xf16>
  %b1 = arith.subf %a, %b : tensor<64xf16>
  %b2 = arith.mulf %a, %b : tensor<64xf16>
  %b3 = arith.divf %a, %b : tensor<64xf16>
  %b4 = arith.remf %a, %b : tensor<64xf16>
  %b5 = math.powf %a, %b : tensor<64xf16>
  %b6 = arith.maximumf %a, %b : tensor<64xf16>
  %b7 = arith.minimumf %a, %b : tensor<64xf16>
  %fma = math.fma %a, %b, %a : tensor<64xf16>
  %lt = arith.cmpf olt, %a, %b : tensor<64xf16>
  %sel = arith.select %lt, %a, %b : tensor<64xi1>, tensor<64xf16>
  return %u0, %u1, %u2, %u3, %u4, %u5, %u6, %u7, %u8, %u9, %u10, %u11, %u12, %u13, %u14, %u15, %u16, %b0, %b1, %b2, %b3, %b4, %b5, %b6, %b7, %fma, %sel
      : tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>, tensor<64xf16>
}

//--- alu_bf16.mlir
func.func @alu_bf16(%a: tensor<64xbf16>, %b: tensor<64xbf16>)
    -> (tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>) {
  %u0 = math.floor %a : tensor<64xbf16>
  %u1 = math.ceil %a : tensor<64xbf16>
  %u2 = math.round %a : tensor<64xbf16>
  %u3 = math.roundeven %a : tensor<64xbf16>
  %u4 = math.trunc %a : tensor<64xbf16>
  %u5 = math.erf %a : tensor<64xbf16>
  %u6 = math.exp2 %a : tensor<64xbf16>
  %u7 = math.log2 %a : tensor<64xbf16>
  %u8 = math.sin %a : tensor<64xbf16>
  %u9 = math.cos %a : tensor<64xbf16>
  %u10 = math.rsqrt %a : tensor<64xbf16>
  %u11 = math.absf %a : tensor<64xbf16>
  %u12 = math.sqrt %a : tensor<64xbf16>
  %u13 = math.exp %a : tensor<64xbf16>
  %u14 = math.log %a : tensor<64xbf16>
  %u15 = math.tanh %a : tensor<64xbf16>
  %u16 = arith.negf %a : tensor<64xbf16>
  %b0 = arith.addf %a, %b : tensor<64xbf16>
  %b1 = arith.subf %a, %b : tensor<64xbf16>
  %b2 = arith.mulf %a, %b : tensor<64xbf16>
  %b3 = arith.divf %a, %b : tensor<64xbf16>
  %b4 = arith.remf %a, %b : tensor<64xbf16>
  %b5 = math.powf %a, %b : tensor<64xbf16>
  %b6 = arith.maximumf %a, %b : tensor<64xbf16>
  %b7 = arith.minimumf %a, %b : tensor<64xbf16>
  %fma = math.fma %a, %b, %a : tensor<64xbf16>
  %lt = arith.cmpf olt, %a, %b : tensor<64xbf16>
  %sel = arith.select %lt, %a, %b : tensor<64xi1>, tensor<64xbf16>
  return %u0, %u1, %u2, %u3, %u4, %u5, %u6, %u7, %u8, %u9, %u10, %u11, %u12, %u13, %u14, %u15, %u16, %b0, %b1, %b2, %b3, %b4, %b5, %b6, %b7, %fma, %sel
      : tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xbf16>
}

//--- alu_f32.mlir
func.func @alu_f32(%a: tensor<64xf32>, %b: tensor<64xf32>)
    -> (tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) {
  %u0 = math.floor %a : tensor<64xf32>
  %u1 = math.ceil %a : tensor<64xf32>
  %u2 = math.round %a : tensor<64xf32>
  %u3 = math.roundeven %a : tensor<64xf32>
  %u4 = math.trunc %a : tensor<64xf32>
  %u5 = math.erf %a : tensor<64xf32>
  %u6 = math.exp2 %a : tensor<64xf32>
  %u7 = math.log2 %a : tensor<64xf32>
  %u8 = math.sin %a : tensor<64xf32>
  %u9 = math.cos %a : tensor<64xf32>
  %u10 = math.rsqrt %a : tensor<64xf32>
  %u11 = math.absf %a : tensor<64xf32>
  %u12 = math.sqrt %a : tensor<64xf32>
  %u13 = math.exp %a : tensor<64xf32>
  %u14 = math.log %a : tensor<64xf32>
  %u15 = math.tanh %a : tensor<64xf32>
  %u16 = arith.negf %a : tensor<64xf32>
  %b0 = arith.addf %a, %b : tensor<64xf32>
  %b1 = arith.subf %a, %b : tensor<64xf32>
  %b2 = arith.mulf %a, %b : tensor<64xf32>
  %b3 = arith.divf %a, %b : tensor<64xf32>
  %b4 = arith.remf %a, %b : tensor<64xf32>
  %b5 = math.powf %a, %b : tensor<64xf32>
  %b6 = arith.maximumf %a, %b : tensor<64xf32>
  %b7 = arith.minimumf %a, %b : tensor<64xf32>
  %fma = math.fma %a, %b, %a : tensor<64xf32>
  %lt = arith.cmpf olt, %a, %b : tensor<64xf32>
  %sel = arith.select %lt, %a, %b : tensor<64xi1>, tensor<64xf32>
  return %u0, %u1, %u2, %u3, %u4, %u5, %u6, %u7, %u8, %u9, %u10, %u11, %u12, %u13, %u14, %u15, %u16, %b0, %b1, %b2, %b3, %b4, %b5, %b6, %b7, %fma, %sel
      : tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>
}

//--- alu_f64.mlir
func.func @alu_f64(%a: tensor<64xf64>, %b: tensor<64xf64>)
    -> (tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>) {
  %u0 = math.floor %a : tensor<64xf64>
  %u1 = math.ceil %a : tensor<64xf64>
  %u2 = math.round %a : tensor<64xf64>
  %u3 = math.roundeven %a : tensor<64xf64>
  %u4 = math.trunc %a : tensor<64xf64>
  %u5 = math.erf %a : tensor<64xf64>
  %u6 = math.exp2 %a : tensor<64xf64>
  %u7 = math.log2 %a : tensor<64xf64>
  %u8 = math.sin %a : tensor<64xf64>
  %u9 = math.cos %a : tensor<64xf64>
  %u10 = math.rsqrt %a : tensor<64xf64>
  %u11 = math.absf %a : tensor<64xf64>
  %u12 = math.sqrt %a : tensor<64xf64>
  %u13 = math.exp %a : tensor<64xf64>
  %u14 = math.log %a : tensor<64xf64>
  %u15 = math.tanh %a : tensor<64xf64>
  %u16 = arith.negf %a : tensor<64xf64>
  %b0 = arith.addf %a, %b : tensor<64xf64>
  %b1 = arith.subf %a, %b : tensor<64xf64>
  %b2 = arith.mulf %a, %b : tensor<64xf64>
  %b3 = arith.divf %a, %b : tensor<64xf64>
  %b4 = arith.remf %a, %b : tensor<64xf64>
  %b5 = math.powf %a, %b : tensor<64xf64>
  %b6 = arith.maximumf %a, %b : tensor<64xf64>
  %b7 = arith.minimumf %a, %b : tensor<64xf64>
  %fma = math.fma %a, %b, %a : tensor<64xf64>
  %lt = arith.cmpf olt, %a, %b : tensor<64xf64>
  %sel = arith.select %lt, %a, %b : tensor<64xi1>, tensor<64xf64>
  return %u0, %u1, %u2, %u3, %u4, %u5, %u6, %u7, %u8, %u9, %u10, %u11, %u12, %u13, %u14, %u15, %u16, %b0, %b1, %b2, %b3, %b4, %b5, %b6, %b7, %fma, %sel
      : tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>, tensor<64xf64>
}

//--- alu_i8.mlir
func.func @alu_i8(%a: tensor<64xi8>, %b: tensor<64xi8>)
    -> (tensor<64xi8>, tensor<64xi8>, tensor<64xi8>, tensor<64xi8>, tensor<64xi8>, tensor<64xi8>, tensor<64xi8>, tensor<64xi8>, tensor<64xi8>, tensor<64xi8>, tensor<64xi8>, tensor<64xi8>, tensor<64xi8>, tensor<64xi8>, tensor<64xi8>, tensor<64xi8>, tensor<64xi8>, tensor<64xi8>, tensor<64xi8>, tensor<64xi8>, tensor<64xi1>, tensor<64xi1>, tensor<64xi1>, tensor<64xi1>, tensor<64xi8>) {
  %b0 = arith.addi %a, %b : tensor<64xi8>
  %b1 = arith.subi %a, %b : tensor<64xi8>
  %b2 = arith.muli %a, %b : tensor<64xi8>
  %b3 = arith.divsi %a, %b : tensor<64xi8>
  %b4 = arith.remsi %a, %b : tensor<64xi8>
  %b5 = arith.divui %a, %b : tensor<64xi8>
  %b6 = arith.remui %a, %b : tensor<64xi8>
  %b7 = arith.maxui %a, %b : tensor<64xi8>
  %b8 = arith.minui %a, %b : tensor<64xi8>
  %b9 = arith.maxsi %a, %b : tensor<64xi8>
  %b10 = arith.minsi %a, %b : tensor<64xi8>
  %b11 = arith.shli %a, %b : tensor<64xi8>
  %b12 = arith.shrsi %a, %b : tensor<64xi8>
  %b13 = arith.shrui %a, %b : tensor<64xi8>
  %b14 = arith.floordivsi %a, %b : tensor<64xi8>
  %b15 = arith.ceildivsi %a, %b : tensor<64xi8>
  %b16 = arith.andi %a, %b : tensor<64xi8>
  %b17 = arith.ori %a, %b : tensor<64xi8>
  %b18 = arith.xori %a, %b : tensor<64xi8>
  %abs = math.absi %a : tensor<64xi8>
  %cult = arith.cmpi ult, %a, %b : tensor<64xi8>
  %cule = arith.cmpi ule, %a, %b : tensor<64xi8>
  %cugt = arith.cmpi ugt, %a, %b : tensor<64xi8>
  %cuge = arith.cmpi uge, %a, %b : tensor<64xi8>
  %sel = arith.select %cult, %a, %b : tensor<64xi1>, tensor<64xi8>
  return %b0, %b1, %b2, %b3, %b4, %b5, %b6, %b7, %b8, %b9, %b10, %b11, %b12, %b13, %b14, %b15, %b16, %b17, %b18, %abs, %cult, %cule, %cugt, %cuge, %sel
      : tensor<64xi8>, tensor<64xi8>, tensor<64xi8>, tensor<64xi8>, tensor<64xi8>, tensor<64xi8>, tensor<64xi8>, tensor<64xi8>, tensor<64xi8>, tensor<64xi8>, tensor<64xi8>, tensor<64xi8>, tensor<64xi8>, tensor<64xi8>, tensor<64xi8>, tensor<64xi8>, tensor<64xi8>, tensor<64xi8>, tensor<64xi8>, tensor<64xi8>, tensor<64xi1>, tensor<64xi1>, tensor<64xi1>, tensor<64xi1>, tensor<64xi8>
}

//--- alu_i16.mlir
func.func @alu_i16(%a: tensor<64xi16>, %b: tensor<64xi16>)
    -> (tensor<64xi16>, tensor<64xi16>, tensor<64xi16>, tensor<64xi16>, tensor<64xi16>, tensor<64xi16>, tensor<64xi16>, tensor<64xi16>, tensor<64xi16>, tensor<64xi16>, tensor<64xi16>, tensor<64xi16>, tensor<64xi16>, tensor<64xi16>, tensor<64xi16>, tensor<64xi16>, tensor<64xi16>, tensor<64xi16>, tensor<64xi16>, tensor<64xi16>, tensor<64xi1>, tensor<64xi1>, tensor<64xi1>, tensor<64xi1>, tensor<64xi16>) {
  %b0 = arith.addi %a, %b : tensor<64xi16>
  %b1 = arith.subi %a, %b : tensor<64xi16>
  %b2 = arith.muli %a, %b : tensor<64xi16>
  %b3 = arith.divsi %a, %b : tensor<64xi16>
  %b4 = arith.remsi %a, %b : tensor<64xi16>
  %b5 = arith.divui %a, %b : tensor<64xi16>
  %b6 = arith.remui %a, %b : tensor<64xi16>
  %b7 = arith.maxui %a, %b : tensor<64xi16>
  %b8 = arith.minui %a, %b : tensor<64xi16>
  %b9 = arith.maxsi %a, %b : tensor<64xi16>
  %b10 = arith.minsi %a, %b : tensor<64xi16>
  %b11 = arith.shli %a, %b : tensor<64xi16>
  %b12 = arith.shrsi %a, %b : tensor<64xi16>
  %b13 = arith.shrui %a, %b : tensor<64xi16>
  %b14 = arith.floordivsi %a, %b : tensor<64xi16>
  %b15 = arith.ceildivsi %a, %b : tensor<64xi16>
  %b16 = arith.andi %a, %b : tensor<64xi16>
  %b17 = arith.ori %a, %b : tensor<64xi16>
  %b18 = arith.xori %a, %b : tensor<64xi16>
  %abs = math.absi %a : tensor<64xi16>
  %cult = arith.cmpi ult, %a, %b : tensor<64xi16>
  %cule = arith.cmpi ule, %a, %b : tensor<64xi16>
  %cugt = arith.cmpi ugt, %a, %b : tensor<64xi16>
  %cuge = arith.cmpi uge, %a, %b : tensor<64xi16>
  %sel = arith.select %cult, %a, %b : tensor<64xi1>, tensor<64xi16>
  return %b0, %b1, %b2, %b3, %b4, %b5, %b6, %b7, %b8, %b9, %b10, %b11, %b12, %b13, %b14, %b15, %b16, %b17, %b18, %abs, %cult, %cule, %cugt, %cuge, %sel
      : tensor<64xi16>, tensor<64xi16>, tensor<64xi16>, tensor<64xi16>, tensor<64xi16>, tensor<64xi16>, tensor<64xi16>, tensor<64xi16>, tensor<64xi16>, tensor<64xi16>, tensor<64xi16>, tensor<64xi16>, tensor<64xi16>, tensor<64xi16>, tensor<64xi16>, tensor<64xi16>, tensor<64xi16>, tensor<64xi16>, tensor<64xi16>, tensor<64xi16>, tensor<64xi1>, tensor<64xi1>, tensor<64xi1>, tensor<64xi1>, tensor<64xi16>
}

//--- alu_i32.mlir
func.func @alu_i32(%a: tensor<64xi32>, %b: tensor<64xi32>)
    -> (tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi1>, tensor<64xi1>, tensor<64xi1>, tensor<64xi1>, tensor<64xi32>) {
  %b0 = arith.addi %a, %b : tensor<64xi32>
  %b1 = arith.subi %a, %b : tensor<64xi32>
  %b2 = arith.muli %a, %b : tensor<64xi32>
  %b3 = arith.divsi %a, %b : tensor<64xi32>
  %b4 = arith.remsi %a, %b : tensor<64xi32>
  %b5 = arith.divui %a, %b : tensor<64xi32>
  %b6 = arith.remui %a, %b : tensor<64xi32>
  %b7 = arith.maxui %a, %b : tensor<64xi32>
  %b8 = arith.minui %a, %b : tensor<64xi32>
  %b9 = arith.maxsi %a, %b : tensor<64xi32>
  %b10 = arith.minsi %a, %b : tensor<64xi32>
  %b11 = arith.shli %a, %b : tensor<64xi32>
  %b12 = arith.shrsi %a, %b : tensor<64xi32>
  %b13 = arith.shrui %a, %b : tensor<64xi32>
  %b14 = arith.floordivsi %a, %b : tensor<64xi32>
  %b15 = arith.ceildivsi %a, %b : tensor<64xi32>
  %b16 = arith.andi %a, %b : tensor<64xi32>
  %b17 = arith.ori %a, %b : tensor<64xi32>
  %b18 = arith.xori %a, %b : tensor<64xi32>
  %abs = math.absi %a : tensor<64xi32>
  %cult = arith.cmpi ult, %a, %b : tensor<64xi32>
  %cule = arith.cmpi ule, %a, %b : tensor<64xi32>
  %cugt = arith.cmpi ugt, %a, %b : tensor<64xi32>
  %cuge = arith.cmpi uge, %a, %b : tensor<64xi32>
  %sel = arith.select %cult, %a, %b : tensor<64xi1>, tensor<64xi32>
  return %b0, %b1, %b2, %b3, %b4, %b5, %b6, %b7, %b8, %b9, %b10, %b11, %b12, %b13, %b14, %b15, %b16, %b17, %b18, %abs, %cult, %cule, %cugt, %cuge, %sel
      : tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi1>, tensor<64xi1>, tensor<64xi1>, tensor<64xi1>, tensor<64xi32>
}

//--- alu_i64.mlir
func.func @alu_i64(%a: tensor<64xi64>, %b: tensor<64xi64>)
    -> (tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi1>, tensor<64xi1>, tensor<64xi1>, tensor<64xi1>, tensor<64xi64>) {
  %b0 = arith.addi %a, %b : tensor<64xi64>
  %b1 = arith.subi %a, %b : tensor<64xi64>
  %b2 = arith.muli %a, %b : tensor<64xi64>
  %b3 = arith.divsi %a, %b : tensor<64xi64>
  %b4 = arith.remsi %a, %b : tensor<64xi64>
  %b5 = arith.divui %a, %b : tensor<64xi64>
  %b6 = arith.remui %a, %b : tensor<64xi64>
  %b7 = arith.maxui %a, %b : tensor<64xi64>
  %b8 = arith.minui %a, %b : tensor<64xi64>
  %b9 = arith.maxsi %a, %b : tensor<64xi64>
  %b10 = arith.minsi %a, %b : tensor<64xi64>
  %b11 = arith.shli %a, %b : tensor<64xi64>
  %b12 = arith.shrsi %a, %b : tensor<64xi64>
  %b13 = arith.shrui %a, %b : tensor<64xi64>
  %b14 = arith.floordivsi %a, %b : tensor<64xi64>
  %b15 = arith.ceildivsi %a, %b : tensor<64xi64>
  %b16 = arith.andi %a, %b : tensor<64xi64>
  %b17 = arith.ori %a, %b : tensor<64xi64>
  %b18 = arith.xori %a, %b : tensor<64xi64>
  %abs = math.absi %a : tensor<64xi64>
  %cult = arith.cmpi ult, %a, %b : tensor<64xi64>
  %cule = arith.cmpi ule, %a, %b : tensor<64xi64>
  %cugt = arith.cmpi ugt, %a, %b : tensor<64xi64>
  %cuge = arith.cmpi uge, %a, %b : tensor<64xi64>
  %sel = arith.select %cult, %a, %b : tensor<64xi1>, tensor<64xi64>
  return %b0, %b1, %b2, %b3, %b4, %b5, %b6, %b7, %b8, %b9, %b10, %b11, %b12, %b13, %b14, %b15, %b16, %b17, %b18, %abs, %cult, %cule, %cugt, %cuge, %sel
      : tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>, tensor<64xi1>, tensor<64xi1>, tensor<64xi1>, tensor<64xi1>, tensor<64xi64>
}

//--- casts_f16.mlir
func.func @casts_f16(%a: tensor<64xf16>)
    -> (tensor<64xbf16>, tensor<64xf32>, tensor<64xf64>, tensor<64xi1>, tensor<64xi1>, tensor<64xi8>, tensor<64xi8>, tensor<64xi16>, tensor<64xi16>, tensor<64xi32>, tensor<64xi32>, tensor<64xi64>, tensor<64xi64>, tensor<64xi16>) {
  %x0 = arith.extf %a : tensor<64xf16> to tensor<64xf32>
  %v0 = arith.truncf %x0 : tensor<64xf32> to tensor<64xbf16>
  %v1 = arith.extf %a : tensor<64xf16> to tensor<64xf32>
  %v2 = arith.extf %a : tensor<64xf16> to tensor<64xf64>
  %v3 = arith.fptosi %a : tensor<64xf16> to tensor<64xi1>
  %v4 = arith.fptoui %a : tensor<64xf16> to tensor<64xi1>
  %v5 = arith.fptosi %a : tensor<64xf16> to tensor<64xi8>
  %v6 = arith.fptoui %a : tensor<64xf16> to tensor<64xi8>
  %v7 = arith.fptosi %a : tensor<64xf16> to tensor<64xi16>
  %v8 = arith.fptoui %a : tensor<64xf16> to tensor<64xi16>
  %v9 = arith.fptosi %a : tensor<64xf16> to tensor<64xi32>
  %v10 = arith.fptoui %a : tensor<64xf16> to tensor<64xi32>
  %v11 = arith.fptosi %a : tensor<64xf16> to tensor<64xi64>
  %v12 = arith.fptoui %a : tensor<64xf16> to tensor<64xi64>
  %v13 = arith.bitcast %a : tensor<64xf16> to tensor<64xi16>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12, %v13
      : tensor<64xbf16>, tensor<64xf32>, tensor<64xf64>, tensor<64xi1>, tensor<64xi1>, tensor<64xi8>, tensor<64xi8>, tensor<64xi16>, tensor<64xi16>, tensor<64xi32>, tensor<64xi32>, tensor<64xi64>, tensor<64xi64>, tensor<64xi16>
}

//--- casts_bf16.mlir
func.func @casts_bf16(%a: tensor<64xbf16>)
    -> (tensor<64xf16>, tensor<64xf32>, tensor<64xf64>, tensor<64xi1>, tensor<64xi1>, tensor<64xi8>, tensor<64xi8>, tensor<64xi16>, tensor<64xi16>, tensor<64xi32>, tensor<64xi32>, tensor<64xi64>, tensor<64xi64>, tensor<64xi16>) {
  %x0 = arith.extf %a : tensor<64xbf16> to tensor<64xf32>
  %v0 = arith.truncf %x0 : tensor<64xf32> to tensor<64xf16>
  %v1 = arith.extf %a : tensor<64xbf16> to tensor<64xf32>
  %v2 = arith.extf %a : tensor<64xbf16> to tensor<64xf64>
  %v3 = arith.fptosi %a : tensor<64xbf16> to tensor<64xi1>
  %v4 = arith.fptoui %a : tensor<64xbf16> to tensor<64xi1>
  %v5 = arith.fptosi %a : tensor<64xbf16> to tensor<64xi8>
  %v6 = arith.fptoui %a : tensor<64xbf16> to tensor<64xi8>
  %v7 = arith.fptosi %a : tensor<64xbf16> to tensor<64xi16>
  %v8 = arith.fptoui %a : tensor<64xbf16> to tensor<64xi16>
  %v9 = arith.fptosi %a : tensor<64xbf16> to tensor<64xi32>
  %v10 = arith.fptoui %a : tensor<64xbf16> to tensor<64xi32>
  %v11 = arith.fptosi %a : tensor<64xbf16> to tensor<64xi64>
  %v12 = arith.fptoui %a : tensor<64xbf16> to tensor<64xi64>
  %v13 = arith.bitcast %a : tensor<64xbf16> to tensor<64xi16>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12, %v13
      : tensor<64xf16>, tensor<64xf32>, tensor<64xf64>, tensor<64xi1>, tensor<64xi1>, tensor<64xi8>, tensor<64xi8>, tensor<64xi16>, tensor<64xi16>, tensor<64xi32>, tensor<64xi32>, tensor<64xi64>, tensor<64xi64>, tensor<64xi16>
}

//--- casts_f32.mlir
func.func @casts_f32(%a: tensor<64xf32>)
    -> (tensor<64xf16>, tensor<64xbf16>, tensor<64xf64>, tensor<64xi1>, tensor<64xi1>, tensor<64xi8>, tensor<64xi8>, tensor<64xi16>, tensor<64xi16>, tensor<64xi32>, tensor<64xi32>, tensor<64xi64>, tensor<64xi64>, tensor<64xi32>) {
  %v0 = arith.truncf %a : tensor<64xf32> to tensor<64xf16>
  %v1 = arith.truncf %a : tensor<64xf32> to tensor<64xbf16>
  %v2 = arith.extf %a : tensor<64xf32> to tensor<64xf64>
  %v3 = arith.fptosi %a : tensor<64xf32> to tensor<64xi1>
  %v4 = arith.fptoui %a : tensor<64xf32> to tensor<64xi1>
  %v5 = arith.fptosi %a : tensor<64xf32> to tensor<64xi8>
  %v6 = arith.fptoui %a : tensor<64xf32> to tensor<64xi8>
  %v7 = arith.fptosi %a : tensor<64xf32> to tensor<64xi16>
  %v8 = arith.fptoui %a : tensor<64xf32> to tensor<64xi16>
  %v9 = arith.fptosi %a : tensor<64xf32> to tensor<64xi32>
  %v10 = arith.fptoui %a : tensor<64xf32> to tensor<64xi32>
  %v11 = arith.fptosi %a : tensor<64xf32> to tensor<64xi64>
  %v12 = arith.fptoui %a : tensor<64xf32> to tensor<64xi64>
  %v13 = arith.bitcast %a : tensor<64xf32> to tensor<64xi32>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12, %v13
      : tensor<64xf16>, tensor<64xbf16>, tensor<64xf64>, tensor<64xi1>, tensor<64xi1>, tensor<64xi8>, tensor<64xi8>, tensor<64xi16>, tensor<64xi16>, tensor<64xi32>, tensor<64xi32>, tensor<64xi64>, tensor<64xi64>, tensor<64xi32>
}

//--- casts_f64.mlir
func.func @casts_f64(%a: tensor<64xf64>)
    -> (tensor<64xf16>, tensor<64xbf16>, tensor<64xf32>, tensor<64xi1>, tensor<64xi1>, tensor<64xi8>, tensor<64xi8>, tensor<64xi16>, tensor<64xi16>, tensor<64xi32>, tensor<64xi32>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>) {
  %v0 = arith.truncf %a : tensor<64xf64> to tensor<64xf16>
  %v1 = arith.truncf %a : tensor<64xf64> to tensor<64xbf16>
  %v2 = arith.truncf %a : tensor<64xf64> to tensor<64xf32>
  %v3 = arith.fptosi %a : tensor<64xf64> to tensor<64xi1>
  %v4 = arith.fptoui %a : tensor<64xf64> to tensor<64xi1>
  %v5 = arith.fptosi %a : tensor<64xf64> to tensor<64xi8>
  %v6 = arith.fptoui %a : tensor<64xf64> to tensor<64xi8>
  %v7 = arith.fptosi %a : tensor<64xf64> to tensor<64xi16>
  %v8 = arith.fptoui %a : tensor<64xf64> to tensor<64xi16>
  %v9 = arith.fptosi %a : tensor<64xf64> to tensor<64xi32>
  %v10 = arith.fptoui %a : tensor<64xf64> to tensor<64xi32>
  %v11 = arith.fptosi %a : tensor<64xf64> to tensor<64xi64>
  %v12 = arith.fptoui %a : tensor<64xf64> to tensor<64xi64>
  %v13 = arith.bitcast %a : tensor<64xf64> to tensor<64xi64>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12, %v13
      : tensor<64xf16>, tensor<64xbf16>, tensor<64xf32>, tensor<64xi1>, tensor<64xi1>, tensor<64xi8>, tensor<64xi8>, tensor<64xi16>, tensor<64xi16>, tensor<64xi32>, tensor<64xi32>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>
}

//--- casts_i1.mlir
func.func @casts_i1(%a: tensor<64xi1>)
    -> (tensor<64xf16>, tensor<64xf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xf32>, tensor<64xf32>, tensor<64xf64>, tensor<64xf64>, tensor<64xi8>, tensor<64xi8>, tensor<64xi16>, tensor<64xi16>, tensor<64xi32>, tensor<64xi32>, tensor<64xi64>, tensor<64xi64>) {
  %v0 = arith.sitofp %a : tensor<64xi1> to tensor<64xf16>
  %v1 = arith.uitofp %a : tensor<64xi1> to tensor<64xf16>
  %v2 = arith.sitofp %a : tensor<64xi1> to tensor<64xbf16>
  %v3 = arith.uitofp %a : tensor<64xi1> to tensor<64xbf16>
  %v4 = arith.sitofp %a : tensor<64xi1> to tensor<64xf32>
  %v5 = arith.uitofp %a : tensor<64xi1> to tensor<64xf32>
  %v6 = arith.sitofp %a : tensor<64xi1> to tensor<64xf64>
  %v7 = arith.uitofp %a : tensor<64xi1> to tensor<64xf64>
  %v8 = arith.extsi %a : tensor<64xi1> to tensor<64xi8>
  %v9 = arith.extui %a : tensor<64xi1> to tensor<64xi8>
  %v10 = arith.extsi %a : tensor<64xi1> to tensor<64xi16>
  %v11 = arith.extui %a : tensor<64xi1> to tensor<64xi16>
  %v12 = arith.extsi %a : tensor<64xi1> to tensor<64xi32>
  %v13 = arith.extui %a : tensor<64xi1> to tensor<64xi32>
  %v14 = arith.extsi %a : tensor<64xi1> to tensor<64xi64>
  %v15 = arith.extui %a : tensor<64xi1> to tensor<64xi64>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12, %v13, %v14, %v15
      : tensor<64xf16>, tensor<64xf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xf32>, tensor<64xf32>, tensor<64xf64>, tensor<64xf64>, tensor<64xi8>, tensor<64xi8>, tensor<64xi16>, tensor<64xi16>, tensor<64xi32>, tensor<64xi32>, tensor<64xi64>, tensor<64xi64>
}

//--- casts_i8.mlir
func.func @casts_i8(%a: tensor<64xi8>)
    -> (tensor<64xf16>, tensor<64xf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xf32>, tensor<64xf32>, tensor<64xf64>, tensor<64xf64>, tensor<64xi1>, tensor<64xi16>, tensor<64xi16>, tensor<64xi32>, tensor<64xi32>, tensor<64xi64>, tensor<64xi64>) {
  %v0 = arith.sitofp %a : tensor<64xi8> to tensor<64xf16>
  %v1 = arith.uitofp %a : tensor<64xi8> to tensor<64xf16>
  %v2 = arith.sitofp %a : tensor<64xi8> to tensor<64xbf16>
  %v3 = arith.uitofp %a : tensor<64xi8> to tensor<64xbf16>
  %v4 = arith.sitofp %a : tensor<64xi8> to tensor<64xf32>
  %v5 = arith.uitofp %a : tensor<64xi8> to tensor<64xf32>
  %v6 = arith.sitofp %a : tensor<64xi8> to tensor<64xf64>
  %v7 = arith.uitofp %a : tensor<64xi8> to tensor<64xf64>
  %v8 = arith.trunci %a : tensor<64xi8> to tensor<64xi1>
  %v9 = arith.extsi %a : tensor<64xi8> to tensor<64xi16>
  %v10 = arith.extui %a : tensor<64xi8> to tensor<64xi16>
  %v11 = arith.extsi %a : tensor<64xi8> to tensor<64xi32>
  %v12 = arith.extui %a : tensor<64xi8> to tensor<64xi32>
  %v13 = arith.extsi %a : tensor<64xi8> to tensor<64xi64>
  %v14 = arith.extui %a : tensor<64xi8> to tensor<64xi64>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12, %v13, %v14
      : tensor<64xf16>, tensor<64xf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xf32>, tensor<64xf32>, tensor<64xf64>, tensor<64xf64>, tensor<64xi1>, tensor<64xi16>, tensor<64xi16>, tensor<64xi32>, tensor<64xi32>, tensor<64xi64>, tensor<64xi64>
}

//--- casts_i16.mlir
func.func @casts_i16(%a: tensor<64xi16>)
    -> (tensor<64xf16>, tensor<64xf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xf32>, tensor<64xf32>, tensor<64xf64>, tensor<64xf64>, tensor<64xi1>, tensor<64xi8>, tensor<64xi32>, tensor<64xi32>, tensor<64xi64>, tensor<64xi64>, tensor<64xf16>) {
  %v0 = arith.sitofp %a : tensor<64xi16> to tensor<64xf16>
  %v1 = arith.uitofp %a : tensor<64xi16> to tensor<64xf16>
  %v2 = arith.sitofp %a : tensor<64xi16> to tensor<64xbf16>
  %v3 = arith.uitofp %a : tensor<64xi16> to tensor<64xbf16>
  %v4 = arith.sitofp %a : tensor<64xi16> to tensor<64xf32>
  %v5 = arith.uitofp %a : tensor<64xi16> to tensor<64xf32>
  %v6 = arith.sitofp %a : tensor<64xi16> to tensor<64xf64>
  %v7 = arith.uitofp %a : tensor<64xi16> to tensor<64xf64>
  %v8 = arith.trunci %a : tensor<64xi16> to tensor<64xi1>
  %v9 = arith.trunci %a : tensor<64xi16> to tensor<64xi8>
  %v10 = arith.extsi %a : tensor<64xi16> to tensor<64xi32>
  %v11 = arith.extui %a : tensor<64xi16> to tensor<64xi32>
  %v12 = arith.extsi %a : tensor<64xi16> to tensor<64xi64>
  %v13 = arith.extui %a : tensor<64xi16> to tensor<64xi64>
  %v14 = arith.bitcast %a : tensor<64xi16> to tensor<64xf16>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12, %v13, %v14
      : tensor<64xf16>, tensor<64xf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xf32>, tensor<64xf32>, tensor<64xf64>, tensor<64xf64>, tensor<64xi1>, tensor<64xi8>, tensor<64xi32>, tensor<64xi32>, tensor<64xi64>, tensor<64xi64>, tensor<64xf16>
}

//--- casts_i32.mlir
func.func @casts_i32(%a: tensor<64xi32>)
    -> (tensor<64xf16>, tensor<64xf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xf32>, tensor<64xf32>, tensor<64xf64>, tensor<64xf64>, tensor<64xi1>, tensor<64xi8>, tensor<64xi16>, tensor<64xi64>, tensor<64xi64>, tensor<64xf32>) {
  %v0 = arith.sitofp %a : tensor<64xi32> to tensor<64xf16>
  %v1 = arith.uitofp %a : tensor<64xi32> to tensor<64xf16>
  %v2 = arith.sitofp %a : tensor<64xi32> to tensor<64xbf16>
  %v3 = arith.uitofp %a : tensor<64xi32> to tensor<64xbf16>
  %v4 = arith.sitofp %a : tensor<64xi32> to tensor<64xf32>
  %v5 = arith.uitofp %a : tensor<64xi32> to tensor<64xf32>
  %v6 = arith.sitofp %a : tensor<64xi32> to tensor<64xf64>
  %v7 = arith.uitofp %a : tensor<64xi32> to tensor<64xf64>
  %v8 = arith.trunci %a : tensor<64xi32> to tensor<64xi1>
  %v9 = arith.trunci %a : tensor<64xi32> to tensor<64xi8>
  %v10 = arith.trunci %a : tensor<64xi32> to tensor<64xi16>
  %v11 = arith.extsi %a : tensor<64xi32> to tensor<64xi64>
  %v12 = arith.extui %a : tensor<64xi32> to tensor<64xi64>
  %v13 = arith.bitcast %a : tensor<64xi32> to tensor<64xf32>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12, %v13
      : tensor<64xf16>, tensor<64xf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xf32>, tensor<64xf32>, tensor<64xf64>, tensor<64xf64>, tensor<64xi1>, tensor<64xi8>, tensor<64xi16>, tensor<64xi64>, tensor<64xi64>, tensor<64xf32>
}

//--- casts_i64.mlir
func.func @casts_i64(%a: tensor<64xi64>)
    -> (tensor<64xf16>, tensor<64xf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xf32>, tensor<64xf32>, tensor<64xf64>, tensor<64xf64>, tensor<64xi1>, tensor<64xi8>, tensor<64xi16>, tensor<64xi32>, tensor<64xf64>) {
  %v0 = arith.sitofp %a : tensor<64xi64> to tensor<64xf16>
  %v1 = arith.uitofp %a : tensor<64xi64> to tensor<64xf16>
  %v2 = arith.sitofp %a : tensor<64xi64> to tensor<64xbf16>
  %v3 = arith.uitofp %a : tensor<64xi64> to tensor<64xbf16>
  %v4 = arith.sitofp %a : tensor<64xi64> to tensor<64xf32>
  %v5 = arith.uitofp %a : tensor<64xi64> to tensor<64xf32>
  %v6 = arith.sitofp %a : tensor<64xi64> to tensor<64xf64>
  %v7 = arith.uitofp %a : tensor<64xi64> to tensor<64xf64>
  %v8 = arith.trunci %a : tensor<64xi64> to tensor<64xi1>
  %v9 = arith.trunci %a : tensor<64xi64> to tensor<64xi8>
  %v10 = arith.trunci %a : tensor<64xi64> to tensor<64xi16>
  %v11 = arith.trunci %a : tensor<64xi64> to tensor<64xi32>
  %v12 = arith.bitcast %a : tensor<64xi64> to tensor<64xf64>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12
      : tensor<64xf16>, tensor<64xf16>, tensor<64xbf16>, tensor<64xbf16>, tensor<64xf32>, tensor<64xf32>, tensor<64xf64>, tensor<64xf64>, tensor<64xi1>, tensor<64xi8>, tensor<64xi16>, tensor<64xi32>, tensor<64xf64>
}

//--- more_f32.mlir
func.func @more_f32(%a: tensor<64xf32>, %b: tensor<64xf32>)
    -> (tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) {
  %u0 = math.expm1 %a : tensor<64xf32>
  %u1 = math.log10 %a : tensor<64xf32>
  %u2 = math.log1p %a : tensor<64xf32>
  %u3 = math.cbrt %a : tensor<64xf32>
  %u4 = math.tan %a : tensor<64xf32>
  %u5 = math.atan %a : tensor<64xf32>
  %b0 = math.atan2 %a, %b : tensor<64xf32>
  %b1 = math.copysign %a, %b : tensor<64xf32>
  %b2 = arith.maxnumf %a, %b : tensor<64xf32>
  %b3 = arith.minnumf %a, %b : tensor<64xf32>
  return %u0, %u1, %u2, %u3, %u4, %u5, %b0, %b1, %b2, %b3
      : tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>
}

//--- bits.mlir
func.func @bits(%i8: tensor<64xi8>, %i16: tensor<64xi16>, %i32: tensor<64xi32>, %i64: tensor<64xi64>)
    -> (tensor<64xi8>, tensor<64xi8>, tensor<64xi8>, tensor<64xi16>, tensor<64xi16>, tensor<64xi16>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>) {
  %ctlz_i8 = math.ctlz %i8 : tensor<64xi8>
  %cttz_i8 = math.cttz %i8 : tensor<64xi8>
  %ctpop_i8 = math.ctpop %i8 : tensor<64xi8>
  %ctlz_i16 = math.ctlz %i16 : tensor<64xi16>
  %cttz_i16 = math.cttz %i16 : tensor<64xi16>
  %ctpop_i16 = math.ctpop %i16 : tensor<64xi16>
  %ctlz_i32 = math.ctlz %i32 : tensor<64xi32>
  %cttz_i32 = math.cttz %i32 : tensor<64xi32>
  %ctpop_i32 = math.ctpop %i32 : tensor<64xi32>
  %ctlz_i64 = math.ctlz %i64 : tensor<64xi64>
  %cttz_i64 = math.cttz %i64 : tensor<64xi64>
  %ctpop_i64 = math.ctpop %i64 : tensor<64xi64>
  return %ctlz_i8, %cttz_i8, %ctpop_i8, %ctlz_i16, %cttz_i16, %ctpop_i16, %ctlz_i32, %cttz_i32, %ctpop_i32, %ctlz_i64, %cttz_i64, %ctpop_i64
      : tensor<64xi8>, tensor<64xi8>, tensor<64xi8>, tensor<64xi16>, tensor<64xi16>, tensor<64xi16>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi64>, tensor<64xi64>, tensor<64xi64>
}
