// RUN: uop-opt %s -split-input-file --uop-optimize="target=cuda tensor-cores=1" | FileCheck %s
// RUN: uop-opt %s -split-input-file --uop-optimize="target=cuda" | FileCheck %s --check-prefix=OFF
// RUN: uop-opt %s -split-input-file --uop-optimize="target=cpu tensor-cores=1" | FileCheck %s --check-prefix=OFF
//
// TC's per-warp form (lib/Dialect/UOp/Transforms/TensorCores.cpp): an f16 /
// bf16 matmul summed in f32 whose shape the tiled tensor-core kernel does
// not take (M, N multiples of 128, K of 32) becomes one warp per 16 x 8 tile
// of C: ceil(M/16) x ceil(N/8) global ranges, 32 lanes, ceil(K/16) K steps
// of one m16n8k16 uop.wmma, the fragments gathered in mma.sync's register
// order and every access gated where the tile passes the matrix's edge.
// Without tensor-cores, or on the cpu, nothing of it (OFF).
// OFF-NOT: uop.wmma
// OFF-NOT: <TC,

// 40x24x20: rows (40 = 2.5 tiles) and K (20 = 1.25 steps) are masked, the
// columns (24 = 3 tiles of 8) are not.
// CHECK-LABEL: uop.function @tail_40x24x20
// CHECK: %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[TM:.*]] = uop.range %[[C3]], R3, global
// CHECK: %[[C3B:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[TN:.*]] = uop.range %[[C3B]], R4, global
// CHECK: %[[C32:.*]] = arith.constant 32 : index
// CHECK-NEXT: %[[LANE:.*]] = uop.range %[[C32]], R5, local
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[KS:.*]] = uop.range %[[C2]], R6, reduce
// CHECK: %[[G:.*]] = arith.divui %[[LANE]], %{{.*}} : index
// CHECK: %[[T:.*]] = arith.remui %[[LANE]]
// CHECK: %[[T2:.*]] = arith.muli %[[T]]
// CHECK: %[[M16:.*]] = arith.muli %[[TM]]
// CHECK: %[[ROW:.*]] = arith.addi %[[M16]], %[[G]] : index
// CHECK: %[[N8:.*]] = arith.muli %[[TN]]
// CHECK: %[[K16:.*]] = arith.muli %[[KS]]
// CHECK: %[[K0:.*]] = arith.addi %[[K16]], %[[T2]] : index
// CHECK: %[[ROW8:.*]] = arith.addi %[[ROW]], %{{.*}} : index
// CHECK: %[[K1:.*]] = arith.addi %[[K0]], %{{.*}} : index
// CHECK: %[[K8:.*]] = arith.addi %[[K0]], %{{.*}} : index
// CHECK: %[[K9:.*]] = arith.addi %[[K0]], %{{.*}} : index
// A: rows g, g+8 by columns 2t, 2t+1, then those +8, each inside 40 x 20.
// CHECK: %[[R0:.*]] = arith.cmpi ult, %[[ROW]], %{{.*}} : index
// CHECK: %[[Q0:.*]] = arith.cmpi ult, %[[K0]], %{{.*}} : index
// CHECK: %[[G0:.*]] = arith.andi %[[R0]], %[[Q0]] : i1
// CHECK: %[[IA0:.*]] = uop.index %arg1[%[[ROW]], %[[K0]]] gate %[[G0]]
// CHECK: %[[A0:.*]] = uop.load %arg1, %[[IA0]] alt %{{.*}} : !uop.ptr<f16, global, 800> -> f16
// CHECK: %[[A1:.*]] = uop.load %arg1, {{.*}} alt
// CHECK: uop.index %arg1[%[[ROW8]], %[[K0]]] gate
// CHECK: %[[A2:.*]] = uop.load %arg1, {{.*}} alt
// CHECK: %[[A3:.*]] = uop.load %arg1, {{.*}} alt
// CHECK: uop.index %arg1[%[[ROW]], %[[K8]]] gate
// CHECK: %[[A4:.*]] = uop.load %arg1, {{.*}} alt
// CHECK: %[[A5:.*]] = uop.load %arg1, {{.*}} alt
// CHECK: %[[A6:.*]] = uop.load %arg1, {{.*}} alt
// CHECK: uop.index %arg1[%[[ROW8]], %[[K9]]] gate
// CHECK: %[[A7:.*]] = uop.load %arg1, {{.*}} alt
// CHECK: %[[FA:.*]] = uop.vectorize %[[A0]], %[[A1]], %[[A2]], %[[A3]], %[[A4]], %[[A5]], %[[A6]], %[[A7]] : vector<8xf16>
// B: rows 2t, 2t+1, 2t+8, 2t+9 of column g, gated on K only.
// CHECK: %[[COLB:.*]] = arith.addi %[[N8]], %[[G]] : index
// CHECK: %[[QB:.*]] = arith.cmpi ult, %[[K0]], %{{.*}} : index
// CHECK-NEXT: uop.index %arg2[%[[K0]], %[[COLB]]] gate %[[QB]]
// CHECK: uop.index %arg2[%[[K1]], %[[COLB]]] gate
// CHECK: uop.index %arg2[%[[K8]], %[[COLB]]] gate
// CHECK: uop.index %arg2[%[[K9]], %[[COLB]]] gate
// CHECK: %[[FB:.*]] = uop.vectorize {{.*}} : vector<4xf16>
// CHECK: %[[FC:.*]] = uop.vectorize %[[Z:.*]], %[[Z]], %[[Z]], %[[Z]] : vector<4xf32>
// CHECK: %[[W:.*]] = uop.wmma %[[FA]], %[[FB]], %[[FC]] <name = "WMMA_8_16_16_half_float", dims = [8, 16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA">
// D: rows g, g+8 by columns 2t, 2t+1, each summed over the K steps and
// stored where the row is inside C.
// CHECK: %[[COLD:.*]] = arith.addi %[[N8]], %[[T2]] : index
// CHECK: %[[D0:.*]] = uop.gep %[[W]] [0]
// CHECK: %[[S0:.*]] = uop.reduce add %[[D0]][%[[KS]]] : f32
// CHECK: %[[RC:.*]] = arith.cmpi ult, %[[ROW]], %{{.*}} : index
// CHECK: %[[IC0:.*]] = uop.index %arg0[%[[ROW]], %[[COLD]]] gate %[[RC]]
// CHECK: %[[ST0:.*]] = uop.store %[[IC0]], %[[S0]] : f32
// CHECK: uop.gep %[[W]] [1]
// CHECK: %[[ST1:.*]] = uop.store
// CHECK: uop.gep %[[W]] [2]
// CHECK: uop.index %arg0[%[[ROW8]], %[[COLD]]] gate
// CHECK: %[[ST2:.*]] = uop.store
// CHECK: uop.gep %[[W]] [3]
// CHECK: %[[ST3:.*]] = uop.store
// CHECK: %[[ALL:.*]] = uop.group(%[[ST0]], %[[ST1]], %[[ST2]], %[[ST3]])
// CHECK: %[[END:.*]] = uop.end %[[ALL]][%[[TM]], %[[TN]], %[[LANE]]]
// CHECK: uop.sink %[[END]] : !uop.void info <name = "tail_40x24x20", applied_opts = [<TC, 2, 16>]>

uop.function @tail_40x24x20(%c: !uop.ptr<f32, global, 960> {uop.shape = array<i64: 40, 24>}, %a: !uop.ptr<f16, global, 800> {uop.shape = array<i64: 40, 20>}, %b: !uop.ptr<f16, global, 480> {uop.shape = array<i64: 20, 24>}) {
  %cm = arith.constant 40 : index
  %cn = arith.constant 24 : index
  %ck = arith.constant 20 : index
  %i = uop.range %cm, R0, loop
  %j = uop.range %cn, R1, loop
  %k = uop.range %ck, R2, reduce
  %ia = uop.index %a[%i, %k] : !uop.ptr<f16, global, 800> -> f16
  %la = uop.load %a, %ia : !uop.ptr<f16, global, 800> -> f16
  %xa = arith.extf %la : f16 to f32
  %ib = uop.index %b[%k, %j] : !uop.ptr<f16, global, 480> -> f16
  %lb = uop.load %b, %ib : !uop.ptr<f16, global, 480> -> f16
  %xb = arith.extf %lb : f16 to f32
  %p = arith.mulf %xa, %xb : f32
  %s = uop.reduce add %p[%k] : f32
  %ic = uop.index %c[%i, %j] : !uop.ptr<f32, global, 960> -> f32
  %st = uop.store %ic, %s : f32
  %e = uop.end %st[%i, %j] : !uop.void
  uop.sink %e : !uop.void info <name = "tail_40x24x20">
}

// -----

// One whole tile (bf16): nothing to mask.
// CHECK-LABEL: uop.function @exact_16x8x16_bf16
// CHECK-NOT: gate
// CHECK: uop.wmma {{.*}}<name = "WMMA_8_16_16_bf16_float", dims = [8, 16, 16], dtype_in = bf16, dtype_out = f32
// CHECK-NOT: gate
// CHECK: applied_opts = [<TC, 2, 16>]

uop.function @exact_16x8x16_bf16(%c: !uop.ptr<f32, global, 128> {uop.shape = array<i64: 16, 8>}, %a: !uop.ptr<bf16, global, 256> {uop.shape = array<i64: 16, 16>}, %b: !uop.ptr<bf16, global, 128> {uop.shape = array<i64: 16, 8>}) {
  %cm = arith.constant 16 : index
  %cn = arith.constant 8 : index
  %ck = arith.constant 16 : index
  %i = uop.range %cm, R0, loop
  %j = uop.range %cn, R1, loop
  %k = uop.range %ck, R2, reduce
  %ia = uop.index %a[%i, %k] : !uop.ptr<bf16, global, 256> -> bf16
  %la = uop.load %a, %ia : !uop.ptr<bf16, global, 256> -> bf16
  %xa = arith.extf %la : bf16 to f32
  %ib = uop.index %b[%k, %j] : !uop.ptr<bf16, global, 128> -> bf16
  %lb = uop.load %b, %ib : !uop.ptr<bf16, global, 128> -> bf16
  %xb = arith.extf %lb : bf16 to f32
  %p = arith.mulf %xa, %xb : f32
  %s = uop.reduce add %p[%k] : f32
  %ic = uop.index %c[%i, %j] : !uop.ptr<f32, global, 128> -> f32
  %st = uop.store %ic, %s : f32
  %e = uop.end %st[%i, %j] : !uop.void
  uop.sink %e : !uop.void info <name = "exact_16x8x16_bf16">
}

// -----

// A shape the tiled tensor-core kernel takes keeps its loops and TC 32 for
// convert-uop-to-tirx (MatmulToTIRx.cpp), as before.
// CHECK-LABEL: uop.function @tiled_128x128x32
// CHECK: uop.range %{{.*}}, R0, loop
// CHECK: uop.range %{{.*}}, R1, loop
// CHECK: uop.range %{{.*}}, R2, reduce
// CHECK-NOT: uop.wmma
// CHECK: uop.sink {{.*}}applied_opts = [<TC, 2, 32>]>

uop.function @tiled_128x128x32(%c: !uop.ptr<f32, global, 16384> {uop.shape = array<i64: 128, 128>}, %a: !uop.ptr<f16, global, 4096> {uop.shape = array<i64: 128, 32>}, %b: !uop.ptr<f16, global, 4096> {uop.shape = array<i64: 32, 128>}) {
  %cm = arith.constant 128 : index
  %cn = arith.constant 128 : index
  %ck = arith.constant 32 : index
  %i = uop.range %cm, R0, loop
  %j = uop.range %cn, R1, loop
  %k = uop.range %ck, R2, reduce
  %ia = uop.index %a[%i, %k] : !uop.ptr<f16, global, 4096> -> f16
  %la = uop.load %a, %ia : !uop.ptr<f16, global, 4096> -> f16
  %xa = arith.extf %la : f16 to f32
  %ib = uop.index %b[%k, %j] : !uop.ptr<f16, global, 4096> -> f16
  %lb = uop.load %b, %ib : !uop.ptr<f16, global, 4096> -> f16
  %xb = arith.extf %lb : f16 to f32
  %p = arith.mulf %xa, %xb : f32
  %s = uop.reduce add %p[%k] : f32
  %ic = uop.index %c[%i, %j] : !uop.ptr<f32, global, 16384> -> f32
  %st = uop.store %ic, %s : f32
  %e = uop.end %st[%i, %j] : !uop.void
  uop.sink %e : !uop.void info <name = "tiled_128x128x32">
}

// -----

// f32 inputs: no tensor-core form, the generic CUDA grid.
// CHECK-LABEL: uop.function @f32_inputs
// CHECK-NOT: uop.wmma
// CHECK: applied_opts = [<UPCAST, 1, 4>, <UPCAST, 0, 4>, <LOCAL, 3, 2>]

uop.function @f32_inputs(%c: !uop.ptr<f32, global, 960> {uop.shape = array<i64: 40, 24>}, %a: !uop.ptr<f32, global, 800> {uop.shape = array<i64: 40, 20>}, %b: !uop.ptr<f32, global, 480> {uop.shape = array<i64: 20, 24>}) {
  %cm = arith.constant 40 : index
  %cn = arith.constant 24 : index
  %ck = arith.constant 20 : index
  %i = uop.range %cm, R0, loop
  %j = uop.range %cn, R1, loop
  %k = uop.range %ck, R2, reduce
  %ia = uop.index %a[%i, %k] : !uop.ptr<f32, global, 800> -> f32
  %la = uop.load %a, %ia : !uop.ptr<f32, global, 800> -> f32
  %ib = uop.index %b[%k, %j] : !uop.ptr<f32, global, 480> -> f32
  %lb = uop.load %b, %ib : !uop.ptr<f32, global, 480> -> f32
  %p = arith.mulf %la, %lb : f32
  %s = uop.reduce add %p[%k] : f32
  %ic = uop.index %c[%i, %j] : !uop.ptr<f32, global, 960> -> f32
  %st = uop.store %ic, %s : f32
  %e = uop.end %st[%i, %j] : !uop.void
  uop.sink %e : !uop.void info <name = "f32_inputs">
}
