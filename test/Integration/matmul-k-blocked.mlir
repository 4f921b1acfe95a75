// K blocking of register-tiled matmuls on the CPU (uop-optimize: BLOCK): the
// reduction runs in blocks of 256 steps inside a loop over the blocks, each
// adding its partial sums to what the previous block stored, and reads B from
// a packed copy of the block's strip (a register array). Each program is
// compiled to C, run on 1 and 2 threads and compared with the
// double-precision reference interpreter.
// RUN: uop-run %s --entry mm_48x768x96 --target cpu --check --repeat 2 --num-threads 1 | FileCheck %s --check-prefix=RUN48
// RUN: uop-run %s --entry mm_48x768x96 --target cpu --check --repeat 2 --num-threads 2 | FileCheck %s --check-prefix=RUN48
// RUN: uop-run %s --entry mm_16x1024x64_f64 --target cpu --check --repeat 1 --seed 3 | FileCheck %s --check-prefix=RUN16
// RUN: uop-run %s --entry batched_2x32x512x32 --target cpu --check --repeat 1 --num-threads 2 | FileCheck %s --check-prefix=RUNB
// RUN: uop-run %s --entry bias_relu_32x512x32 --target cpu --check --repeat 1 | FileCheck %s --check-prefix=RUNE
// A packed too (M of at least two blocks of 512 rows, or else of 256):
// RUN: uop-run %s --entry mm_512x512x64 --target cpu --check --repeat 1 --num-threads 1 | FileCheck %s --check-prefix=RUNA
// RUN: uop-run %s --entry mm_512x512x64 --target cpu --check --repeat 1 --num-threads 2 --seed 5 | FileCheck %s --check-prefix=RUNA
// RUN: uop-run %s --entry batched_2x512x512x16 --target cpu --check --repeat 1 --num-threads 2 | FileCheck %s --check-prefix=RUNA
// RUN: env CC=gcc uop-run %s --entry mm_512x512x64 --target cpu --check --repeat 1 --num-threads 2 | FileCheck %s --check-prefix=RUNA
// A blocks of 512 rows (pack-rows) where M makes two of them:
// RUN: uop-run %s --entry mm_1024x512x32 --target cpu --check --repeat 1 --num-threads 2 | FileCheck %s --check-prefix=RUNA
// The register tile follows the vector registers (uop-run: the host's, or
// UOP_VECTOR_BITS): f32 on AVX2 (256 bits, 16 registers) is 4 x 16, on
// AVX-512 8 x 32, f64 on AVX-512 8 x 16. Both run and are checked on any
// machine (the C is built for the host: the tile is only a schedule):
// RUN: env UOP_VECTOR_BITS=256 uop-run %s --entry mm_512x512x64 --target cpu --check --repeat 1 --num-threads 2 | FileCheck %s --check-prefix=RUNA
// RUN: env UOP_VECTOR_BITS=512 uop-run %s --entry mm_512x512x64 --target cpu --check --repeat 1 --num-threads 2 | FileCheck %s --check-prefix=RUNA
// RUN: env UOP_VECTOR_BITS=256 uop-run %s --entry mm_48x768x96 --target cpu --check --repeat 1 --num-threads 1 | FileCheck %s --check-prefix=RUN48
// RUN: env UOP_VECTOR_BITS=256 uop-run %s --entry mm_16x1024x64_f64 --target cpu --check --repeat 1 --seed 3 | FileCheck %s --check-prefix=RUN16
// RUN: uop-opt %s --uop-to-program="target=cpu vector-bits=256 vector-registers=16" | FileCheck %s --check-prefix=V256
// V256-LABEL: uop.function @mm_48x768x96_k0(
// V256: applied_opts = [<UPCAST, 1, 16>, <UPCAST, 0, 4>, <PACK, 2, 512>, <PREFETCH, 2, 0>, <BLOCK, 2, 256>]
// V256-LABEL: uop.function @mm_16x1024x64_f64_k0(
// V256: applied_opts = [<UPCAST, 1, 8>, <UPCAST, 0, 4>, <PACK, 2, 512>, <PREFETCH, 2, 0>, <BLOCK, 2, 256>]
// V256-LABEL: uop.function @mm_512x512x64_k0(
// V256: applied_opts = [<UPCAST, 1, 16>, <UPCAST, 0, 4>, <PACK, 2, 512>, <PREFETCH, 2, 0>, <BLOCK, 2, 256>]
// A malformed UOP_VECTOR_BITS is an error, not a guess:
// RUN: env UOP_VECTOR_BITS=300 not uop-run %s --entry mm_48x768x96 --target cpu 2>&1 | FileCheck %s --check-prefix=BADVB
// BADVB: UOP_VECTOR_BITS must be a power of two from 64 to 4096
// Each tile prefetches every line of its 8 output rows of 32 floats before
// its reduction loop (uop-optimize{prefetch}), in the C that the runs above
// checked; prefetch=false leaves them out.
// RUN: uop-opt %s --uop-to-program="target=cpu" | uop-translate --uop-to-c | FileCheck %s --check-prefix=CPF
// CPF-LABEL: static void uopk_mm_512x512x64_k0_rows(
// CPF-COUNT-16: __builtin_prefetch(&p0[v{{[0-9]+}}], 1, 3);
// CPF-NOT: __builtin_prefetch
// CPF: acc{{[0-9]+}} = ((uoph_f32x32){0});
// CPF-NOT: __builtin_prefetch
// CPF: for (
// CPF-NOT: __builtin_prefetch
// CPF: static void uopk_mm_512x512x64_k0(
// RUN: uop-opt %s --uop-rangeify --uop-split-kernels --uop-simplify --uop-optimize="prefetch=false" | FileCheck %s --check-prefix=NOPF
// NOPF-NOT: uop.prefetch
// A tile of one row (upcast-outer=1) has nothing to interleave: A stays in
// place and the kernel still schedules (it failed with "ranges do not nest").
// RUN: uop-opt %s --uop-rangeify --uop-split-kernels --uop-simplify --uop-optimize="upcast-outer=1" --uop-expand --uop-simplify --uop-devectorize --uop-linearize | FileCheck %s --check-prefix=ROW1
// ROW1-LABEL: uop.function @mm_512x512x64_k0(
// ROW1-NOT: size 65536
// ROW1: uop.define_reg size 8192
// ROW1: uop.linear
// RUNA: check=pass
// RUN: env UOP_OPENMP=0 uop-run %s --entry mm_48x768x96 --target cpu --check --repeat 1 | FileCheck %s --check-prefix=RUN48
// GCC builds the same C (the runtime prefers clang-22 where installed).
// RUN: env CC=gcc uop-run %s --entry mm_48x768x96 --target cpu --check --repeat 1 --num-threads 2 | FileCheck %s --check-prefix=RUN48
//
// RUN48: check=pass
// RUN16: check=pass
// RUNB: check=pass
// RUNE: check=pass
//
// The kernels: blocked (loops: the inner output's tiles, the K blocks, the
// next output's tiles), except under an epilogue (relu of the sum is not
// the sum of the blocks' relus) and with k-block=0.
// RUN: uop-opt %s --uop-rangeify --uop-split-kernels --uop-simplify --uop-optimize | FileCheck %s --check-prefix=OPT
// RUN: uop-opt %s --uop-rangeify --uop-split-kernels --uop-simplify --uop-optimize="k-block=0" | FileCheck %s --check-prefix=OFF
// Blocked without packing runs too.
// RUN: uop-opt %s --uop-rangeify --uop-split-kernels --uop-simplify --uop-optimize="pack=false" | FileCheck %s --check-prefix=NOPACK
// NOPACK-NOT: define_reg
// RUN: uop-opt %s --uop-rangeify --uop-split-kernels --uop-simplify --uop-optimize="pack-rows=0" | FileCheck %s --check-prefix=PACKA0
// NOPACK: <BLOCK, 2, 256>
// OPT-LABEL: uop.function @mm_48x768x96_k0(
// OPT: %[[JO:.*]] = uop.range %c3{{.*}}, R{{[0-9]+}}, loop
// OPT: %[[KB:.*]] = uop.range %c3{{.*}}, R{{[0-9]+}}, loop
// OPT: uop.define_reg size 8192
// OPT: %[[BEND:.*]] = uop.end %{{.*}}[%{{.*}}, %{{.*}}] : !uop.void
// OPT: %[[PF:.*]] = uop.prefetch %{{.*}} write locality 3 : f32
// OPT-COUNT-15: uop.prefetch
// OPT: uop.after %{{.*}}(%[[BEND]], %[[PF]], {{.*}}) : !uop.ptr<f32, reg, 8192>
// OPT: uop.reduce add %{{.*}}[%{{.*}}] : f32
// OPT: %[[FIRST:.*]] = arith.cmpi ne, %[[KB]], %c0
// OPT: %[[PREV:.*]] = uop.load %arg0
// OPT: arith.select %[[FIRST]], %[[PREV]], %cst
// OPT: uop.end %{{.*}}[%[[JO]], %[[KB]], %{{.*}}, %{{.*}}, %{{.*}}]
// OPT: applied_opts = [<UPCAST, 1, 32>, <UPCAST, 0, 8>, <PACK, 2, 512>, <PREFETCH, 2, 0>, <BLOCK, 2, 256>]
// OPT-LABEL: uop.function @mm_16x1024x64_f64_k0(
// OPT: applied_opts = [<UPCAST, 1, 16>, <UPCAST, 0, 8>, <PACK, 2, 512>, <PREFETCH, 2, 0>, <BLOCK, 2, 256>]
// OPT-LABEL: uop.function @batched_2x32x512x32_k0(
// OPT: <BLOCK, 3, 256>
// OPT-LABEL: uop.function @bias_relu_32x512x32_k0(
// OPT-NOT: BLOCK
// OPT: applied_opts
// OPT-LABEL: uop.function @mm_512x512x64_k0(
// The A blocks (2), the K blocks (2), A's fill of 256 x 256, B's strips
// (2) each filled after it, then the tiles of the A block (32).
// OPT: %[[AB:.*]] = uop.range %c2{{.*}}, R{{[0-9]+}}, loop
// OPT: %[[AT:.*]] = uop.range %c32{{.*}}, R{{[0-9]+}}, loop
// OPT: %[[JO:.*]] = uop.range %c2{{.*}}, R{{[0-9]+}}, loop
// OPT: %[[KB:.*]] = uop.range %c2{{.*}}, R{{[0-9]+}}, loop
// OPT: %[[AREG:.*]] = uop.define_reg size 65536
// OPT: %[[AEND:.*]] = uop.end %{{.*}}[%{{.*}}, %{{.*}}, %{{.*}}] : !uop.void
// OPT: uop.after %[[AREG]](%[[AEND]] : !uop.void)
// OPT: %[[BREG:.*]] = uop.define_reg size 8192
// OPT: uop.after %[[BREG]](%[[AEND]] : !uop.void)
// OPT: uop.end %{{.*}}[%{{.*}}, %{{.*}}] : !uop.void
// OPT: uop.end %{{.*}}[%[[AB]], %[[KB]], %[[JO]], %[[AT]], %{{.*}}, %{{.*}}]
// OPT-LABEL: uop.function @batched_2x512x512x16_k0(
// OPT: uop.define_reg size 65536
// OPT: <BLOCK, 3, 256>
// OPT-LABEL: uop.function @mm_1024x512x32_k0(
// Two A blocks of 512 rows: 64 tiles each, 512 x 256 floats packed.
// OPT: uop.range %c2{{.*}}, R{{[0-9]+}}, loop
// OPT: uop.range %c64{{.*}}, R{{[0-9]+}}, loop
// OPT: uop.define_reg size 131072
// PACKA0-LABEL: uop.function @mm_512x512x64_k0(
// PACKA0-NOT: size 65536
// PACKA0: uop.define_reg size 8192
// PACKA0-NOT: define_reg
// PACKA0: <BLOCK, 2, 256>
// OFF-NOT: BLOCK
// OFF-NOT: define_reg

func.func @mm_48x768x96(%a: tensor<48x768xf32>, %b: tensor<768x96xf32>) -> tensor<48x96xf32> {
  %ar = uop.reshape %a : tensor<48x768xf32> -> tensor<48x1x768xf32>
  %ae = uop.expand %ar : tensor<48x1x768xf32> -> tensor<48x96x768xf32>
  %bt = uop.permute %b [1, 0] : tensor<768x96xf32> -> tensor<96x768xf32>
  %br = uop.reshape %bt : tensor<96x768xf32> -> tensor<1x96x768xf32>
  %be = uop.expand %br : tensor<1x96x768xf32> -> tensor<48x96x768xf32>
  %p = arith.mulf %ae, %be : tensor<48x96x768xf32>
  %c = uop.reduce_axis add %p [2] : tensor<48x96x768xf32> -> tensor<48x96xf32>
  return %c : tensor<48x96xf32>
}

func.func @mm_16x1024x64_f64(%a: tensor<16x1024xf64>, %b: tensor<1024x64xf64>) -> tensor<16x64xf64> {
  %ar = uop.reshape %a : tensor<16x1024xf64> -> tensor<16x1x1024xf64>
  %ae = uop.expand %ar : tensor<16x1x1024xf64> -> tensor<16x64x1024xf64>
  %bt = uop.permute %b [1, 0] : tensor<1024x64xf64> -> tensor<64x1024xf64>
  %br = uop.reshape %bt : tensor<64x1024xf64> -> tensor<1x64x1024xf64>
  %be = uop.expand %br : tensor<1x64x1024xf64> -> tensor<16x64x1024xf64>
  %p = arith.mulf %ae, %be : tensor<16x64x1024xf64>
  %c = uop.reduce_axis add %p [2] : tensor<16x64x1024xf64> -> tensor<16x64xf64>
  return %c : tensor<16x64xf64>
}

func.func @batched_2x32x512x32(%a: tensor<2x32x512xf32>, %b: tensor<2x512x32xf32>) -> tensor<2x32x32xf32> {
  %ar = uop.reshape %a : tensor<2x32x512xf32> -> tensor<2x32x1x512xf32>
  %ae = uop.expand %ar : tensor<2x32x1x512xf32> -> tensor<2x32x32x512xf32>
  %bt = uop.permute %b [0, 2, 1] : tensor<2x512x32xf32> -> tensor<2x32x512xf32>
  %br = uop.reshape %bt : tensor<2x32x512xf32> -> tensor<2x1x32x512xf32>
  %be = uop.expand %br : tensor<2x1x32x512xf32> -> tensor<2x32x32x512xf32>
  %p = arith.mulf %ae, %be : tensor<2x32x32x512xf32>
  %c = uop.reduce_axis add %p [3] : tensor<2x32x32x512xf32> -> tensor<2x32x32xf32>
  return %c : tensor<2x32x32xf32>
}

func.func @bias_relu_32x512x32(%a: tensor<32x512xf32>, %b: tensor<512x32xf32>, %bias: tensor<32x32xf32>) -> tensor<32x32xf32> {
  %ar = uop.reshape %a : tensor<32x512xf32> -> tensor<32x1x512xf32>
  %ae = uop.expand %ar : tensor<32x1x512xf32> -> tensor<32x32x512xf32>
  %bt = uop.permute %b [1, 0] : tensor<512x32xf32> -> tensor<32x512xf32>
  %br = uop.reshape %bt : tensor<32x512xf32> -> tensor<1x32x512xf32>
  %be = uop.expand %br : tensor<1x32x512xf32> -> tensor<32x32x512xf32>
  %p = arith.mulf %ae, %be : tensor<32x32x512xf32>
  %c = uop.reduce_axis add %p [2] : tensor<32x32x512xf32> -> tensor<32x32xf32>
  %s = arith.addf %c, %bias : tensor<32x32xf32>
  %z = arith.constant dense<0.0> : tensor<32x32xf32>
  %r = arith.maximumf %s, %z : tensor<32x32xf32>
  return %r : tensor<32x32xf32>
}

func.func @mm_512x512x64(%a: tensor<512x512xf32>, %b: tensor<512x64xf32>) -> tensor<512x64xf32> {
  %ar = uop.reshape %a : tensor<512x512xf32> -> tensor<512x1x512xf32>
  %ae = uop.expand %ar : tensor<512x1x512xf32> -> tensor<512x64x512xf32>
  %bt = uop.permute %b [1, 0] : tensor<512x64xf32> -> tensor<64x512xf32>
  %br = uop.reshape %bt : tensor<64x512xf32> -> tensor<1x64x512xf32>
  %be = uop.expand %br : tensor<1x64x512xf32> -> tensor<512x64x512xf32>
  %p = arith.mulf %ae, %be : tensor<512x64x512xf32>
  %c = uop.reduce_axis add %p [2] : tensor<512x64x512xf32> -> tensor<512x64xf32>
  return %c : tensor<512x64xf32>
}

func.func @batched_2x512x512x16(%a: tensor<2x512x512xf32>, %b: tensor<2x512x16xf32>) -> tensor<2x512x16xf32> {
  %ar = uop.reshape %a : tensor<2x512x512xf32> -> tensor<2x512x1x512xf32>
  %ae = uop.expand %ar : tensor<2x512x1x512xf32> -> tensor<2x512x16x512xf32>
  %bt = uop.permute %b [0, 2, 1] : tensor<2x512x16xf32> -> tensor<2x16x512xf32>
  %br = uop.reshape %bt : tensor<2x16x512xf32> -> tensor<2x1x16x512xf32>
  %be = uop.expand %br : tensor<2x1x16x512xf32> -> tensor<2x512x16x512xf32>
  %p = arith.mulf %ae, %be : tensor<2x512x16x512xf32>
  %c = uop.reduce_axis add %p [3] : tensor<2x512x16x512xf32> -> tensor<2x512x16xf32>
  return %c : tensor<2x512x16xf32>
}

func.func @mm_1024x512x32(%a: tensor<1024x512xf32>, %b: tensor<512x32xf32>) -> tensor<1024x32xf32> {
  %ar = uop.reshape %a : tensor<1024x512xf32> -> tensor<1024x1x512xf32>
  %ae = uop.expand %ar : tensor<1024x1x512xf32> -> tensor<1024x32x512xf32>
  %bt = uop.permute %b [1, 0] : tensor<512x32xf32> -> tensor<32x512xf32>
  %br = uop.reshape %bt : tensor<32x512xf32> -> tensor<1x32x512xf32>
  %be = uop.expand %br : tensor<1x32x512xf32> -> tensor<1024x32x512xf32>
  %p = arith.mulf %ae, %be : tensor<1024x32x512xf32>
  %c = uop.reduce_axis add %p [2] : tensor<1024x32x512xf32> -> tensor<1024x32xf32>
  return %c : tensor<1024x32xf32>
}
