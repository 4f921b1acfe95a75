// Extents with no power-of-two factor on the CPU (uop-optimize's
// overlapping upcast and peeled reduction lanes,
// test/Dialect/UOp/Transforms/optimize-overlap.mlir): each program is
// compiled to C, run, and compared with the double-precision reference
// interpreter, on one thread and on several (the last tile of the parallel
// range overlaps the one before it: the same thread runs both).
// RUN: uop-run %s --entry mm_37x1021x45 --target cpu --check --repeat 1 --num-threads 1 | FileCheck %s
// RUN: uop-run %s --entry mm_37x1021x45 --target cpu --check --repeat 1 --num-threads 2 | FileCheck %s
// RUN: uop-run %s --entry mm_15x1000x600 --target cpu --check --repeat 1 --num-threads 2 | FileCheck %s
// RUN: uop-run %s --entry mm_15x1000x600 --target cpu --check --repeat 1 --num-threads 3 | FileCheck %s
// RUN: uop-run %s --entry mm_15x1000x1021 --target cpu --check --repeat 1 --num-threads 2 | FileCheck %s
// RUN: uop-run %s --entry mm_15x1000x1021 --target cpu --check --repeat 1 --num-threads 3 | FileCheck %s
// RUN: uop-run %s --entry mm_15x1000x389 --target cpu --check --repeat 1 --num-threads 2 | FileCheck %s
// RUN: uop-run %s --entry mm_15x1000x389 --target cpu --check --repeat 1 --num-threads 3 | FileCheck %s
// RUN: env UOP_VECTOR_BITS=256 uop-run %s --entry mm_37x1021x45 --target cpu --check --repeat 1 --num-threads 2 | FileCheck %s
// RUN: uop-run %s --entry ew_1023x1021 --target cpu --check --repeat 1 --num-threads 2 | FileCheck %s
// RUN: env UOP_STREAM_STORE_BYTES=1 uop-run %s --entry ew_1023x1021 --target cpu --check --repeat 1 --num-threads 2 | FileCheck %s
// RUN: uop-run %s --entry softmax_33x1023 --target cpu --check --repeat 1 --num-threads 2 | FileCheck %s
// RUN: uop-run %s --entry rowsum_f64_128x1021 --target cpu --check --repeat 1 --num-threads 1 | FileCheck %s
// RUN: uop-run %s --entry colsum_1021x1023 --target cpu --check --repeat 1 --num-threads 2 | FileCheck %s
// RUN: uop-run %s --entry rowmin_i32_100x1023 --target cpu --check --repeat 1 --num-threads 2 | FileCheck %s
// GCC builds the same C (with its own vectorizer settings, Compile.cpp):
// RUN: env CC=gcc uop-run %s --entry mm_1023x1024x512 --target cpu --check --repeat 1 --num-threads 2 | FileCheck %s
// RUN: env CC=gcc uop-run %s --entry softmax_33x1023 --target cpu --check --repeat 1 --num-threads 2 | FileCheck %s
// K-blocked tiles that overlap: the next output's (rows) inside the K
// blocks, whose shared rows store back what they load; with A packed too.
// The inner output's (columns) inside them where A is packed (1023 rows:
// A blocks of 512), the shared columns put back by a second store
// (test/Tools/uop-run/check-matmul-overlap-packed.mlir). K blocks that
// divide K (1800: 225).
// RUN: uop-run %s --entry mm_1023x1024x512 --target cpu --check --repeat 1 --num-threads 2 | FileCheck %s
// RUN: uop-run %s --entry mm_1023x1000x768 --target cpu --check --repeat 1 --num-threads 1 | FileCheck %s
// RUN: uop-run %s --entry mm_100x1000x1800 --target cpu --check --repeat 1 --num-threads 2 | FileCheck %s
// CHECK: check=pass
//
// The schedules these runs check:
// RUN: uop-opt %s --uop-to-program=target=cpu | FileCheck %s --check-prefix=OPTS
// OPTS-LABEL: uop.function @mm_37x1021x45_k0(
// OPTS: applied_opts = [<UPCAST, 1, 16>, <UPCAST, 0, 8>]
// OPTS-LABEL: uop.function @mm_15x1000x600_k0(
// OPTS: applied_opts = [<UPCAST, 1, 32>, <UPCAST, 0, 8>, <PACK, 2, 512>, <PREFETCH, 2, 0>, <BLOCK, 2, 300>]
// OPTS-LABEL: uop.function @mm_15x1000x389_k0(
// OPTS: applied_opts = [<UPCAST, 1, 16>, <UPCAST, 0, 8>]
// OPTS-LABEL: uop.function @mm_15x1000x1021_k0(
// OPTS: applied_opts = [<UPCAST, 1, 32>, <UPCAST, 0, 8>, <PACK, 2, 512>, <PREFETCH, 2, 0>, <BLOCK, 2, 256>]
// OPTS-LABEL: uop.function @mm_1023x1024x512_k0(
// OPTS: uop.define_reg size 131072
// OPTS: %[[SHARED:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : index
// OPTS: arith.select %[[SHARED]], %{{.*}}, %{{.*}} : vector<32xf32>
// OPTS: applied_opts = [<UPCAST, 1, 32>, <UPCAST, 0, 8>, <PACK, 2, 512>, <PREFETCH, 2, 0>, <BLOCK, 2, 256>]
// OPTS-LABEL: uop.function @mm_1023x1000x768_k0(
// OPTS: uop.define_reg size 131072
// OPTS: applied_opts = [<UPCAST, 1, 32>, <UPCAST, 0, 8>, <PACK, 2, 512>, <PREFETCH, 2, 0>, <BLOCK, 2, 256>]
// OPTS-LABEL: uop.function @mm_100x1000x1800_k0(
// OPTS: applied_opts = [<UPCAST, 1, 32>, <UPCAST, 0, 8>, <PACK, 2, 512>, <PREFETCH, 2, 0>, <BLOCK, 2, 225>]
// OPTS-LABEL: uop.function @ew_1023x1021_k0(
// OPTS: applied_opts = [<UPCAST, 1, 16>]
// OPTS-LABEL: uop.function @rowsum_f64_128x1021_k0(
// OPTS: applied_opts = [<UPCAST, 0, 4>, <UPCAST, 1, 16>]
// OPTS-LABEL: uop.function @colsum_1021x1023_k0(
// OPTS: applied_opts = [<UPCAST, 0, 32>]
// OPTS-LABEL: uop.function @rowmin_i32_100x1023_k0(
// OPTS-NOT: UPCAST, 1
// OPTS: uop.sink
// The parallel loop of 2 tiles on 2 or 3 threads: the last thread runs both.
// RUN: uop-opt %s --uop-to-program=target=cpu | uop-translate --uop-to-c | FileCheck %s --check-prefix=C
// C-LABEL: static void uopk_mm_15x1000x389_k0(
// C: uopk_mm_15x1000x389_k0_rows(p0, p1, p2, (INT64_C(2) - 1) * uop_t / uop_n, uop_t + 1 == uop_n ? INT64_C(2) : (INT64_C(2) - 1) * (uop_t + 1) / uop_n);

func.func @mm_37x1021x45(%a: tensor<37x45xf32>, %b: tensor<45x1021xf32>) -> tensor<37x1021xf32> {
  %ar = uop.reshape %a : tensor<37x45xf32> -> tensor<37x1x45xf32>
  %ae = uop.expand %ar : tensor<37x1x45xf32> -> tensor<37x1021x45xf32>
  %bt = uop.permute %b [1, 0] : tensor<45x1021xf32> -> tensor<1021x45xf32>
  %br = uop.reshape %bt : tensor<1021x45xf32> -> tensor<1x1021x45xf32>
  %be = uop.expand %br : tensor<1x1021x45xf32> -> tensor<37x1021x45xf32>
  %p = arith.mulf %ae, %be : tensor<37x1021x45xf32>
  %c = uop.reduce_axis add %p [2] : tensor<37x1021x45xf32> -> tensor<37x1021xf32>
  return %c : tensor<37x1021xf32>
}

// Two tiles of 8 rows over 15 (the second starts at row 7). K blocks of 300
// (600 has no block of 256): the second tile's first row keeps the first
// tile's sums.
func.func @mm_15x1000x600(%a: tensor<15x600xf32>, %b: tensor<600x1000xf32>) -> tensor<15x1000xf32> {
  %ar = uop.reshape %a : tensor<15x600xf32> -> tensor<15x1x600xf32>
  %ae = uop.expand %ar : tensor<15x1x600xf32> -> tensor<15x1000x600xf32>
  %bt = uop.permute %b [1, 0] : tensor<600x1000xf32> -> tensor<1000x600xf32>
  %br = uop.reshape %bt : tensor<1000x600xf32> -> tensor<1x1000x600xf32>
  %be = uop.expand %br : tensor<1x1000x600xf32> -> tensor<15x1000x600xf32>
  %p = arith.mulf %ae, %be : tensor<15x1000x600xf32>
  %c = uop.reduce_axis add %p [2] : tensor<15x1000x600xf32> -> tensor<15x1000xf32>
  return %c : tensor<15x1000xf32>
}

// Unblocked (K = 389, a prime, makes one block): the two row tiles are the parallel
// loop.
func.func @mm_15x1000x389(%a: tensor<15x389xf32>, %b: tensor<389x1000xf32>) -> tensor<15x1000xf32> {
  %ar = uop.reshape %a : tensor<15x389xf32> -> tensor<15x1x389xf32>
  %ae = uop.expand %ar : tensor<15x1x389xf32> -> tensor<15x1000x389xf32>
  %bt = uop.permute %b [1, 0] : tensor<389x1000xf32> -> tensor<1000x389xf32>
  %br = uop.reshape %bt : tensor<1000x389xf32> -> tensor<1x1000x389xf32>
  %be = uop.expand %br : tensor<1x1000x389xf32> -> tensor<15x1000x389xf32>
  %p = arith.mulf %ae, %be : tensor<15x1000x389xf32>
  %c = uop.reduce_axis add %p [2] : tensor<15x1000x389xf32> -> tensor<15x1000xf32>
  return %c : tensor<15x1000xf32>
}

// K blocks of 256, the last of 253 (1021 is prime; matmul-k-tail.mlir).
func.func @mm_15x1000x1021(%a: tensor<15x1021xf32>, %b: tensor<1021x1000xf32>) -> tensor<15x1000xf32> {
  %ar = uop.reshape %a : tensor<15x1021xf32> -> tensor<15x1x1021xf32>
  %ae = uop.expand %ar : tensor<15x1x1021xf32> -> tensor<15x1000x1021xf32>
  %bt = uop.permute %b [1, 0] : tensor<1021x1000xf32> -> tensor<1000x1021xf32>
  %br = uop.reshape %bt : tensor<1000x1021xf32> -> tensor<1x1000x1021xf32>
  %be = uop.expand %br : tensor<1x1000x1021xf32> -> tensor<15x1000x1021xf32>
  %p = arith.mulf %ae, %be : tensor<15x1000x1021xf32>
  %c = uop.reduce_axis add %p [2] : tensor<15x1000x1021xf32> -> tensor<15x1000xf32>
  return %c : tensor<15x1000xf32>
}

func.func @mm_1023x1024x512(%a: tensor<1023x512xf32>, %b: tensor<512x1024xf32>) -> tensor<1023x1024xf32> {
  %ar = uop.reshape %a : tensor<1023x512xf32> -> tensor<1023x1x512xf32>
  %ae = uop.expand %ar : tensor<1023x1x512xf32> -> tensor<1023x1024x512xf32>
  %bt = uop.permute %b [1, 0] : tensor<512x1024xf32> -> tensor<1024x512xf32>
  %br = uop.reshape %bt : tensor<1024x512xf32> -> tensor<1x1024x512xf32>
  %be = uop.expand %br : tensor<1x1024x512xf32> -> tensor<1023x1024x512xf32>
  %p = arith.mulf %ae, %be : tensor<1023x1024x512xf32>
  %c = uop.reduce_axis add %p [2] : tensor<1023x1024x512xf32> -> tensor<1023x1024xf32>
  return %c : tensor<1023x1024xf32>
}

func.func @mm_1023x1000x768(%a: tensor<1023x768xf32>, %b: tensor<768x1000xf32>) -> tensor<1023x1000xf32> {
  %ar = uop.reshape %a : tensor<1023x768xf32> -> tensor<1023x1x768xf32>
  %ae = uop.expand %ar : tensor<1023x1x768xf32> -> tensor<1023x1000x768xf32>
  %bt = uop.permute %b [1, 0] : tensor<768x1000xf32> -> tensor<1000x768xf32>
  %br = uop.reshape %bt : tensor<1000x768xf32> -> tensor<1x1000x768xf32>
  %be = uop.expand %br : tensor<1x1000x768xf32> -> tensor<1023x1000x768xf32>
  %p = arith.mulf %ae, %be : tensor<1023x1000x768xf32>
  %c = uop.reduce_axis add %p [2] : tensor<1023x1000x768xf32> -> tensor<1023x1000xf32>
  return %c : tensor<1023x1000xf32>
}

func.func @mm_100x1000x1800(%a: tensor<100x1800xf32>, %b: tensor<1800x1000xf32>) -> tensor<100x1000xf32> {
  %ar = uop.reshape %a : tensor<100x1800xf32> -> tensor<100x1x1800xf32>
  %ae = uop.expand %ar : tensor<100x1x1800xf32> -> tensor<100x1000x1800xf32>
  %bt = uop.permute %b [1, 0] : tensor<1800x1000xf32> -> tensor<1000x1800xf32>
  %br = uop.reshape %bt : tensor<1000x1800xf32> -> tensor<1x1000x1800xf32>
  %be = uop.expand %br : tensor<1x1000x1800xf32> -> tensor<100x1000x1800xf32>
  %p = arith.mulf %ae, %be : tensor<100x1000x1800xf32>
  %c = uop.reduce_axis add %p [2] : tensor<100x1000x1800xf32> -> tensor<100x1000xf32>
  return %c : tensor<100x1000xf32>
}

func.func @ew_1023x1021(%a: tensor<1023x1021xf32>, %b: tensor<1023x1021xf32>, %c: tensor<1023x1021xf32>) -> tensor<1023x1021xf32> {
  %m = arith.mulf %a, %b : tensor<1023x1021xf32>
  %s = arith.addf %m, %c : tensor<1023x1021xf32>
  return %s : tensor<1023x1021xf32>
}

func.func @softmax_33x1023(%x: tensor<33x1023xf32>) -> tensor<33x1023xf32> {
  %m = uop.reduce_axis max %x [1] : tensor<33x1023xf32> -> tensor<33xf32>
  %mr = uop.reshape %m : tensor<33xf32> -> tensor<33x1xf32>
  %me = uop.expand %mr : tensor<33x1xf32> -> tensor<33x1023xf32>
  %d = arith.subf %x, %me : tensor<33x1023xf32>
  %e = math.exp %d : tensor<33x1023xf32>
  %s = uop.reduce_axis add %e [1] : tensor<33x1023xf32> -> tensor<33xf32>
  %sr = uop.reshape %s : tensor<33xf32> -> tensor<33x1xf32>
  %se = uop.expand %sr : tensor<33x1xf32> -> tensor<33x1023xf32>
  %o = arith.divf %e, %se : tensor<33x1023xf32>
  return %o : tensor<33x1023xf32>
}

func.func @rowsum_f64_128x1021(%x: tensor<128x1021xf64>) -> tensor<128xf64> {
  %s = uop.reduce_axis add %x [1] : tensor<128x1021xf64> -> tensor<128xf64>
  return %s : tensor<128xf64>
}

// A column sum: 32 neighbouring outputs per step, the last 32 shifted back.
func.func @colsum_1021x1023(%x: tensor<1021x1023xf32>) -> tensor<1023xf32> {
  %s = uop.reduce_axis add %x [0] : tensor<1021x1023xf32> -> tensor<1023xf32>
  return %s : tensor<1023xf32>
}

// Integer reductions keep their exact factor (the lanes are for floats).
func.func @rowmin_i32_100x1023(%x: tensor<100x1023xi32>) -> tensor<100xi32> {
  %s = uop.reduce_axis min %x [1] : tensor<100x1023xi32> -> tensor<100xi32>
  return %s : tensor<100xi32>
}
