// RUN: rm -rf %t && split-file %s %t
// A graph may be named like a helper of the C prelude: the entry is
// uop_<name>, and every prelude name starts with uoph_ (kernels with uopk_),
// a prefix no entry has. These names were the prelude's own (uop_exp_f32,
// uop_ctlz, uop_f32_to_f16, uop_select_f32, uop_maximum_f32,
// uop_stream_fence): the C did not compile.
// RUN: uop-run %t/names.mlir --entry exp_f32 --target cpu --check --repeat 1 | FileCheck %s
// RUN: uop-run %t/names.mlir --entry ctlz --target cpu --check --repeat 1 | FileCheck %s
// RUN: uop-run %t/names.mlir --entry f32_to_f16 --target cpu --check --repeat 1 | FileCheck %s
// RUN: uop-run %t/names.mlir --entry select_f32 --target cpu --check --repeat 1 | FileCheck %s
// RUN: uop-run %t/names.mlir --entry maximum_f32 --target cpu --check --repeat 1 | FileCheck %s
// RUN: uop-run %t/names.mlir --entry sincos_f32 --target cpu --check --repeat 1 | FileCheck %s
// CHECK: mismatches=0 check=pass
//
// The generated C defines each prelude helper with its prefix, and the
// entries without it.
// RUN: uop-opt %t/names.mlir --uop-to-program=target=cpu | uop-translate --uop-to-c | FileCheck %s --check-prefix=C
// C-DAG: static inline __attribute__((always_inline)) float uoph_exp_f32(float x)
// C-DAG: static inline uint64_t uoph_ctlz(uint64_t v, int w)
// C-DAG: static inline uint16_t uoph_f32_to_f16(float f)
// C-DAG: int uop_exp_f32(
// C-DAG: int uop_ctlz(
// C-DAG: int uop_f32_to_f16(
// C-NOT: {{[^h]}}uop_exp_f32(float
//
// Two graphs whose entries would collide (@a's packed form and @a_packed)
// are a located error, not C that does not compile.
// RUN: uop-opt %t/packed.mlir --uop-to-program=target=cpu | not uop-translate --uop-to-c 2>&1 | FileCheck %s --check-prefix=PACKED
// PACKED: error: uop-to-c: graphs @a and @a_packed would both define the C function uop_a_packed; rename one

//--- names.mlir
func.func @exp_f32(%a: tensor<64xf32>) -> tensor<64xf32> {
  %r = math.exp %a : tensor<64xf32>
  return %r : tensor<64xf32>
}
func.func @ctlz(%a: tensor<64xi32>) -> tensor<64xi32> {
  %r = math.ctlz %a : tensor<64xi32>
  return %r : tensor<64xi32>
}
func.func @f32_to_f16(%a: tensor<64xf32>) -> tensor<64xf16> {
  %r = arith.truncf %a : tensor<64xf32> to tensor<64xf16>
  return %r : tensor<64xf16>
}
func.func @select_f32(%a: tensor<64xf32>, %b: tensor<64xf32>) -> tensor<64xf32> {
  %c = arith.cmpf olt, %a, %b : tensor<64xf32>
  %r = arith.select %c, %a, %b : tensor<64xi1>, tensor<64xf32>
  return %r : tensor<64xf32>
}
func.func @maximum_f32(%a: tensor<64xf32>, %b: tensor<64xf32>) -> tensor<64xf32> {
  %r = arith.maximumf %a, %b : tensor<64xf32>
  return %r : tensor<64xf32>
}
func.func @sincos_f32(%a: tensor<64xf32>) -> tensor<64xf32> {
  %r = math.sin %a : tensor<64xf32>
  return %r : tensor<64xf32>
}

//--- packed.mlir
func.func @a(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = arith.addf %x, %x : tensor<4xf32>
  return %r : tensor<4xf32>
}
func.func @a_packed(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = arith.mulf %x, %x : tensor<4xf32>
  return %r : tensor<4xf32>
}
