// Register tiles whose columns (the inner output) overlap their last tile
// (upcastFor: 63 = 3 x 16 + 15, the last tile shifted back to column 47)
// with A packed, so that the column tiles run inside the K blocks: the
// tile before the last one has added a block to their shared columns when
// the last one adds it again, and the last tile's second store puts them
// back (OptimizeBlock.cpp, restoreSharedColumns). Each program is compiled
// to C, run, and compared with the double-precision reference interpreter;
// without the second store every run below fails (hundreds of mismatches).
// The heuristic's tile (4 x 16 at 256 bits, 8 x 32 at 512) over 512 x 63,
// A blocks of 256 or 512 rows, on 1 and 2 threads:
// RUN: env UOP_VECTOR_BITS=256 uop-run %s --entry mm_512x63x512 --target cpu --check --repeat 1 --num-threads 1 | FileCheck %s
// RUN: env UOP_VECTOR_BITS=256 uop-run %s --entry mm_512x63x512 --target cpu --check --repeat 2 --num-threads 2 | FileCheck %s
// RUN: env UOP_VECTOR_BITS=512 uop-run %s --entry mm_512x63x512 --target cpu --check --repeat 1 --num-threads 2 | FileCheck %s
// 680 rows, 170 tiles of 4: A blocks of 85 tiles (the most from 64 to 128
// that divide 170):
// RUN: env UOP_VECTOR_BITS=256 uop-run %s --entry mm_680x63x512 --target cpu --check --repeat 1 --num-threads 2 | FileCheck %s
// Pinned small tiles: rows and columns both overlapping (37 = 9 x 4 + 1,
// 17 = 2 x 8 + 1 or 16 + 1), A blocks of 2 tiles, K blocks with a shorter
// last one (31 = 3 x 8 + 7), with and without PREFETCH:
// RUN: uop-run %s --entry mm_37x17x31 --target cpu --check --repeat 1 --opts '#uop.opt<UPCAST,1,8>,#uop.opt<UPCAST,0,4>,#uop.opt<PACK,2,8>,#uop.opt<PREFETCH,2,0>,#uop.opt<BLOCK,2,8>' | FileCheck %s
// RUN: uop-run %s --entry mm_37x17x31 --target cpu --check --repeat 1 --opts '#uop.opt<UPCAST,1,8>,#uop.opt<UPCAST,0,4>,#uop.opt<PACK,2,8>,#uop.opt<BLOCK,2,8>' | FileCheck %s
// RUN: uop-run %s --entry mm_37x17x31 --target cpu --check --repeat 1 --opts '#uop.opt<UPCAST,1,16>,#uop.opt<UPCAST,0,4>,#uop.opt<PACK,2,8>,#uop.opt<PREFETCH,2,0>,#uop.opt<BLOCK,2,8>' | FileCheck %s
// RUN: uop-run %s --entry mm_40x20x64 --target cpu --check --repeat 1 --num-threads 2 --opts '#uop.opt<UPCAST,1,8>,#uop.opt<UPCAST,0,4>,#uop.opt<PACK,2,16>,#uop.opt<PREFETCH,2,0>,#uop.opt<BLOCK,2,16>' | FileCheck %s
// CHECK: check=pass
//
// The schedule: A packed (its define_reg of 64 tiles x 4 rows x 256 steps),
// the last column tile's read of the tile before's columns, its second
// store after the first; at 680 rows, 85 x 4 x 256.
// RUN: uop-opt %s --uop-to-program="target=cpu vector-bits=256 vector-registers=16" | FileCheck %s --check-prefix=OPTS
// OPTS-LABEL: uop.function @mm_512x63x512_k0(
// OPTS: uop.define_reg size 65536
// OPTS: %[[KEPT:.*]] = uop.load %arg0
// OPTS: %[[ORDER:.*]] = uop.after %arg0(%[[KEPT]] : vector<16xf32>)
// OPTS: %[[OWN:.*]] = uop.index %[[ORDER]]
// OPTS: %[[FIRST:.*]] = uop.store %[[OWN]]
// OPTS: uop.after %arg0(%[[FIRST]] : !uop.void)
// OPTS: applied_opts = [<UPCAST, 1, 16>, <UPCAST, 0, 4>, <PACK, 2, 512>, <PREFETCH, 2, 0>, <BLOCK, 2, 256>]
// OPTS-LABEL: uop.function @mm_680x63x512_k0(
// OPTS: uop.define_reg size 87040
// OPTS: uop.after %arg0(%{{.*}} : !uop.void)

func.func @mm_512x63x512(%a: tensor<512x512xf32>, %b: tensor<512x63xf32>) -> tensor<512x63xf32> {
  %ar = uop.reshape %a : tensor<512x512xf32> -> tensor<512x1x512xf32>
  %ae = uop.expand %ar : tensor<512x1x512xf32> -> tensor<512x63x512xf32>
  %bt = uop.permute %b [1, 0] : tensor<512x63xf32> -> tensor<63x512xf32>
  %br = uop.reshape %bt : tensor<63x512xf32> -> tensor<1x63x512xf32>
  %be = uop.expand %br : tensor<1x63x512xf32> -> tensor<512x63x512xf32>
  %p = arith.mulf %ae, %be : tensor<512x63x512xf32>
  %c = uop.reduce_axis add %p [2] : tensor<512x63x512xf32> -> tensor<512x63xf32>
  return %c : tensor<512x63xf32>
}

func.func @mm_37x17x31(%a: tensor<37x31xf32>, %b: tensor<31x17xf32>) -> tensor<37x17xf32> {
  %ar = uop.reshape %a : tensor<37x31xf32> -> tensor<37x1x31xf32>
  %ae = uop.expand %ar : tensor<37x1x31xf32> -> tensor<37x17x31xf32>
  %bt = uop.permute %b [1, 0] : tensor<31x17xf32> -> tensor<17x31xf32>
  %br = uop.reshape %bt : tensor<17x31xf32> -> tensor<1x17x31xf32>
  %be = uop.expand %br : tensor<1x17x31xf32> -> tensor<37x17x31xf32>
  %p = arith.mulf %ae, %be : tensor<37x17x31xf32>
  %c = uop.reduce_axis add %p [2] : tensor<37x17x31xf32> -> tensor<37x17xf32>
  return %c : tensor<37x17xf32>
}

func.func @mm_40x20x64(%a: tensor<40x64xf32>, %b: tensor<64x20xf32>) -> tensor<40x20xf32> {
  %ar = uop.reshape %a : tensor<40x64xf32> -> tensor<40x1x64xf32>
  %ae = uop.expand %ar : tensor<40x1x64xf32> -> tensor<40x20x64xf32>
  %bt = uop.permute %b [1, 0] : tensor<64x20xf32> -> tensor<20x64xf32>
  %br = uop.reshape %bt : tensor<20x64xf32> -> tensor<1x20x64xf32>
  %be = uop.expand %br : tensor<1x20x64xf32> -> tensor<40x20x64xf32>
  %p = arith.mulf %ae, %be : tensor<40x20x64xf32>
  %c = uop.reduce_axis add %p [2] : tensor<40x20x64xf32> -> tensor<40x20xf32>
  return %c : tensor<40x20xf32>
}

func.func @mm_680x63x512(%a: tensor<680x512xf32>, %b: tensor<512x63xf32>) -> tensor<680x63xf32> {
  %ar = uop.reshape %a : tensor<680x512xf32> -> tensor<680x1x512xf32>
  %ae = uop.expand %ar : tensor<680x1x512xf32> -> tensor<680x63x512xf32>
  %bt = uop.permute %b [1, 0] : tensor<512x63xf32> -> tensor<63x512xf32>
  %br = uop.reshape %bt : tensor<63x512xf32> -> tensor<1x63x512xf32>
  %be = uop.expand %br : tensor<1x63x512xf32> -> tensor<680x63x512xf32>
  %p = arith.mulf %ae, %be : tensor<680x63x512xf32>
  %c = uop.reduce_axis add %p [2] : tensor<680x63x512xf32> -> tensor<680x63xf32>
  return %c : tensor<680x63xf32>
}
