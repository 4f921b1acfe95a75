// K blocks whose last block is shorter (uop-optimize's BLOCK where no block
// size from 128 to 512 divides K: 2047 = 23 x 89, primes): the K loop runs
// ceil(K / block) blocks, the last of K - (blocks - 1) * block steps, each
// adding to what the blocks before it stored, with B (and A) packed per
// block. Each program is compiled to C, run on 1 and 2 threads and compared
// with the double-precision reference interpreter.
// M and N tails: 37 rows and 250 columns overlap their last tile (rows inside
// the K blocks, columns outside, A not packed).
// RUN: uop-run %s --entry mm_37x250x2047 --target cpu --check --repeat 1 --num-threads 1 | FileCheck %s
// RUN: uop-run %s --entry mm_37x250x2047 --target cpu --check --repeat 1 --num-threads 2 | FileCheck %s
// RUN: env UOP_VECTOR_BITS=256 uop-run %s --entry mm_37x250x2047 --target cpu --check --repeat 1 --num-threads 2 | FileCheck %s
// A prime K with A packed (A blocks of 256 rows), and rows that overlap with
// A packed:
// RUN: uop-run %s --entry mm_512x64x1021 --target cpu --check --repeat 1 --num-threads 2 | FileCheck %s
// RUN: env UOP_VECTOR_BITS=256 uop-run %s --entry mm_512x64x1021 --target cpu --check --repeat 1 --num-threads 1 | FileCheck %s
// RUN: uop-run %s --entry mm_1023x32x1021 --target cpu --check --repeat 1 --num-threads 2 | FileCheck %s
// f64, blocks of 207 (1031 = 4 x 207 + 203); GCC builds the same program.
// RUN: uop-run %s --entry mm_16x64x1031_f64 --target cpu --check --repeat 1 --num-threads 2 | FileCheck %s
// RUN: env CC=gcc uop-run %s --entry mm_512x64x1021 --target cpu --check --repeat 1 --num-threads 2 | FileCheck %s
// K shorter than one block is not blocked; a pinned block longer than K is
// an error, a pinned block shorter than K makes a short last block (200 =
// 128 + 72):
// RUN: uop-run %s --entry mm_48x64x200 --target cpu --check --repeat 1 | FileCheck %s
// RUN: uop-run %s --entry mm_48x64x200 --target cpu --check --repeat 1 --opts '#uop.opt<UPCAST,1,32>,#uop.opt<UPCAST,0,8>,#uop.opt<PACK,2,0>,#uop.opt<BLOCK,2,128>' | FileCheck %s
// RUN: not uop-run %s --entry mm_48x64x200 --target cpu --repeat 1 --opts '#uop.opt<UPCAST,1,32>,#uop.opt<UPCAST,0,8>,#uop.opt<BLOCK,2,200>' 2>&1 | FileCheck %s --check-prefix=LONG
// LONG: error: uop-optimize: cannot apply #uop.opt<BLOCK, 2, 200>: BLOCK needs
// LONG-SAME: a block shorter than the range
// CHECK: check=pass
//
// The schedules these runs check (the default vector width, 512 bits):
// RUN: uop-opt %s --uop-to-program=target=cpu | FileCheck %s --check-prefix=OPTS
// OPTS-LABEL: uop.function @mm_37x250x2047_k0(
// OPTS: applied_opts = [<UPCAST, 1, 32>, <UPCAST, 0, 8>, <PACK, 2, 512>, <PREFETCH, 2, 0>, <BLOCK, 2, 256>]
// OPTS-LABEL: uop.function @mm_512x64x1021_k0(
// OPTS: uop.define_reg size 65536
// OPTS: applied_opts = [<UPCAST, 1, 32>, <UPCAST, 0, 8>, <PACK, 2, 512>, <PREFETCH, 2, 0>, <BLOCK, 2, 256>]
// OPTS-LABEL: uop.function @mm_1023x32x1021_k0(
// OPTS: applied_opts = [<UPCAST, 1, 16>, <UPCAST, 0, 8>, <PACK, 2, 512>, <PREFETCH, 2, 0>, <BLOCK, 2, 256>]
// OPTS-LABEL: uop.function @mm_16x64x1031_f64_k0(
// OPTS: applied_opts = [<UPCAST, 1, 16>, <UPCAST, 0, 8>, <PACK, 2, 512>, <PREFETCH, 2, 0>, <BLOCK, 2, 207>]
// OPTS-LABEL: uop.function @mm_48x64x200_k0(
// OPTS-NOT: BLOCK
// OPTS: uop.sink
// In the C, the steps of a K block end at the block or at K:
// RUN: uop-opt %s --uop-to-program=target=cpu | uop-translate --uop-to-c | FileCheck %s --check-prefix=C
// C-LABEL: static void uopk_mm_37x250x2047_k0_rows(
// C: const int64_t [[START:v[0-9]+]] = ([[KB:r[0-9]+]] * INT64_C(256));
// C: const int64_t [[LEFT:v[0-9]+]] = (INT64_C(2047) - [[START]]);
// C: const int64_t [[END:v[0-9]+]] = ([[LEFT]] < INT64_C(256) ? [[LEFT]] : INT64_C(256));
// C: for (int64_t [[S:r[0-9]+]] = 0; [[S]] < [[END]]; ++[[S]]) {

func.func @mm_37x250x2047(%a: tensor<37x2047xf32>, %b: tensor<2047x250xf32>) -> tensor<37x250xf32> {
  %ar = uop.reshape %a : tensor<37x2047xf32> -> tensor<37x1x2047xf32>
  %ae = uop.expand %ar : tensor<37x1x2047xf32> -> tensor<37x250x2047xf32>
  %bt = uop.permute %b [1, 0] : tensor<2047x250xf32> -> tensor<250x2047xf32>
  %br = uop.reshape %bt : tensor<250x2047xf32> -> tensor<1x250x2047xf32>
  %be = uop.expand %br : tensor<1x250x2047xf32> -> tensor<37x250x2047xf32>
  %p = arith.mulf %ae, %be : tensor<37x250x2047xf32>
  %c = uop.reduce_axis add %p [2] : tensor<37x250x2047xf32> -> tensor<37x250xf32>
  return %c : tensor<37x250xf32>
}

func.func @mm_512x64x1021(%a: tensor<512x1021xf32>, %b: tensor<1021x64xf32>) -> tensor<512x64xf32> {
  %ar = uop.reshape %a : tensor<512x1021xf32> -> tensor<512x1x1021xf32>
  %ae = uop.expand %ar : tensor<512x1x1021xf32> -> tensor<512x64x1021xf32>
  %bt = uop.permute %b [1, 0] : tensor<1021x64xf32> -> tensor<64x1021xf32>
  %br = uop.reshape %bt : tensor<64x1021xf32> -> tensor<1x64x1021xf32>
  %be = uop.expand %br : tensor<1x64x1021xf32> -> tensor<512x64x1021xf32>
  %p = arith.mulf %ae, %be : tensor<512x64x1021xf32>
  %c = uop.reduce_axis add %p [2] : tensor<512x64x1021xf32> -> tensor<512x64xf32>
  return %c : tensor<512x64xf32>
}

func.func @mm_1023x32x1021(%a: tensor<1023x1021xf32>, %b: tensor<1021x32xf32>) -> tensor<1023x32xf32> {
  %ar = uop.reshape %a : tensor<1023x1021xf32> -> tensor<1023x1x1021xf32>
  %ae = uop.expand %ar : tensor<1023x1x1021xf32> -> tensor<1023x32x1021xf32>
  %bt = uop.permute %b [1, 0] : tensor<1021x32xf32> -> tensor<32x1021xf32>
  %br = uop.reshape %bt : tensor<32x1021xf32> -> tensor<1x32x1021xf32>
  %be = uop.expand %br : tensor<1x32x1021xf32> -> tensor<1023x32x1021xf32>
  %p = arith.mulf %ae, %be : tensor<1023x32x1021xf32>
  %c = uop.reduce_axis add %p [2] : tensor<1023x32x1021xf32> -> tensor<1023x32xf32>
  return %c : tensor<1023x32xf32>
}

func.func @mm_16x64x1031_f64(%a: tensor<16x1031xf64>, %b: tensor<1031x64xf64>) -> tensor<16x64xf64> {
  %ar = uop.reshape %a : tensor<16x1031xf64> -> tensor<16x1x1031xf64>
  %ae = uop.expand %ar : tensor<16x1x1031xf64> -> tensor<16x64x1031xf64>
  %bt = uop.permute %b [1, 0] : tensor<1031x64xf64> -> tensor<64x1031xf64>
  %br = uop.reshape %bt : tensor<64x1031xf64> -> tensor<1x64x1031xf64>
  %be = uop.expand %br : tensor<1x64x1031xf64> -> tensor<16x64x1031xf64>
  %p = arith.mulf %ae, %be : tensor<16x64x1031xf64>
  %c = uop.reduce_axis add %p [2] : tensor<16x64x1031xf64> -> tensor<16x64xf64>
  return %c : tensor<16x64xf64>
}

func.func @mm_48x64x200(%a: tensor<48x200xf32>, %b: tensor<200x64xf32>) -> tensor<48x64xf32> {
  %ar = uop.reshape %a : tensor<48x200xf32> -> tensor<48x1x200xf32>
  %ae = uop.expand %ar : tensor<48x1x200xf32> -> tensor<48x64x200xf32>
  %bt = uop.permute %b [1, 0] : tensor<200x64xf32> -> tensor<64x200xf32>
  %br = uop.reshape %bt : tensor<64x200xf32> -> tensor<1x64x200xf32>
  %be = uop.expand %br : tensor<1x64x200xf32> -> tensor<48x64x200xf32>
  %p = arith.mulf %ae, %be : tensor<48x64x200xf32>
  %c = uop.reduce_axis add %p [2] : tensor<48x64x200xf32> -> tensor<48x64xf32>
  return %c : tensor<48x64xf32>
}
