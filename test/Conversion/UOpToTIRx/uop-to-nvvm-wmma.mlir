// uop.wmma on the GPU path (include/uop/Conversion/UOpToTIRx/WMMA.h): before
// uop-devectorize, uop-wmma-lanes makes the WMMA its fragments' lanes and one
// lane-level op; convert-uop-to-tirx makes that op nvvm.mma.sync m16n8k16
// row.col: f16 pairs as vector<2xf16>, bf16 pairs as i32. mma.sync exists on
// sm_80 and later (sm_90a too). test/Emulator/wmma.test executes a 16x8x16
// tile; wmma-errors.mlir has the shapes and dtypes without a form.
//
// RUN: uop-opt --uop-to-nvvm=chip=sm_80 %s | FileCheck %s
// RUN: uop-opt --uop-to-nvvm=chip=sm_90a %s | FileCheck %s
// CHECK-LABEL: llvm.func @f16(
// CHECK: nvvm.mma.sync A[{{.*}}] B[{{.*}}] C[{{.*}}] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (vector<2xf16>, vector<2xf16>, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// CHECK-LABEL: llvm.func @bf16(
// CHECK: nvvm.mma.sync A[{{.*}}] B[{{.*}}] C[{{.*}}] {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
//
// The PTX instruction (ptxas assembles it: wmma-ptxas.test).
// RUN: uop-opt --uop-to-nvvm=chip=sm_80 %s | uop-translate --mlir-to-ptx --chip=sm_80 | FileCheck %s --check-prefix=PTX
// PTX-LABEL: .entry f16(
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// PTX-LABEL: .entry bf16(
// PTX: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
//
// Chips before sm_80 have no mma.sync, and the C target no tensor cores: a
// located error each.
// RUN: not uop-opt --uop-to-nvvm=chip=sm_75 %s 2>&1 | FileCheck %s --check-prefix=SM75
// SM75: uop-to-nvvm-wmma.mlir:{{[0-9]+}}:8: error: uop.wmma: mma.sync m16n8k16 needs sm_80 or later, the chip is sm_75
// A chip the GPUChip table lacks is a located error at the WMMA (the table's
// one parse of the name), not a mma.sync form for some default chip.
// RUN: not uop-opt --uop-to-nvvm=chip=sm_bad %s 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: uop-to-nvvm-wmma.mlir:{{[0-9]+}}:8: error: uop.wmma: unknown chip 'sm_bad' (known: sm_75, sm_80,
// RUN: not uop-opt --uop-to-program=target=cpu %s 2>&1 | FileCheck %s --check-prefix=CPU
// CPU: uop-to-nvvm-wmma.mlir:{{[0-9]+}}:8: error: uop.wmma: the cpu target has no tensor-core form (the C has no WMMA); compile for cuda on sm_80 or later (mma.sync)

uop.function @f16(%d: !uop.ptr<f32, global, 128>) {
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %fa = arith.constant dense<1.0> : vector<8xf16>
  %fb = arith.constant dense<2.0> : vector<4xf16>
  %fc = arith.constant dense<0.5> : vector<4xf32>
  %lane = uop.range %c32, R0, local
  %w = uop.wmma %fa, %fb, %fc <name = "WMMA_8_16_16_half_float", dims = [8, 16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA"> : vector<8xf16>, vector<4xf16>, vector<4xf32>
  %x = uop.gep %w [3] : vector<4xf32> -> f32
  %i = uop.index %d[%lane] : !uop.ptr<f32, global, 128> -> f32
  %s = uop.store %i, %x : f32
  %e = uop.end %s [%lane] : !uop.void
  uop.sink %e : !uop.void info <name = "f16">
}

uop.function @bf16(%d: !uop.ptr<f32, global, 128>) {
  %c32 = arith.constant 32 : index
  %fa = arith.constant dense<1.0> : vector<8xbf16>
  %fb = arith.constant dense<2.0> : vector<4xbf16>
  %fc = arith.constant dense<0.5> : vector<4xf32>
  %lane = uop.range %c32, R0, local
  %w = uop.wmma %fa, %fb, %fc <name = "WMMA_8_16_16_bf16_float", dims = [8, 16, 16], dtype_in = bf16, dtype_out = f32, device = "CUDA"> : vector<8xbf16>, vector<4xbf16>, vector<4xf32>
  %x = uop.gep %w [0] : vector<4xf32> -> f32
  %i = uop.index %d[%lane] : !uop.ptr<f32, global, 128> -> f32
  %s = uop.store %i, %x : f32
  %e = uop.end %s [%lane] : !uop.void
  uop.sink %e : !uop.void info <name = "bf16">
}
