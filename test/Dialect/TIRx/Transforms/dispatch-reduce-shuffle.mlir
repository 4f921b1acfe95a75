// Reductions at warp and cta scope use warp shuffles: each warp owns a
// strided subset of the outputs, its lanes accumulate lane-strided partials,
// a butterfly of xor shuffles (16, 8, 4, 2, 1) combines them and lane 0
// writes. 16-bit data falls back to the generic reduction.
// RUN: uop-opt %s -split-input-file --tirx-dispatch-tile-primitives="chip=sm_80" | FileCheck %s
// RUN: uop-opt %s -split-input-file --tirx-to-nvvm="chip=sm_80" | uop-translate -split-input-file --mlir-to-ptx --chip=sm_80 | FileCheck %s --check-prefix=PTX

// CHECK-LABEL: tirx.prim_func @rowsum_cta
// CHECK: %[[LANE:.*]] = tirx.scope_id_def warp -> thread [32]
// CHECK: %[[WARP:.*]] = tirx.scope_id_def cta -> warp [8]
// CHECK: scf.for %[[ROW:.*]] = %[[WARP]] to %{{.*}} step %{{.*}} {
// CHECK: %[[PART:.*]] = scf.for %[[K:.*]] = %[[LANE]] to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (f32) {
// CHECK: tirx.buffer_load %{{.*}}[%[[ROW]], %[[K]]] : !tirx.buffer<64x256xf32, global>
// CHECK: arith.addf %[[ACC]]
// CHECK: gpu.shuffle xor %[[PART]], %{{.*}}, %{{.*}} : f32
// CHECK-COUNT-4: gpu.shuffle xor
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[LANE]], %{{.*}} : index
// CHECK: scf.if %[[FIRST]] {
// CHECK-NEXT: tirx.buffer_store %{{.*}}, %{{.*}}[%[[ROW]]] : !tirx.buffer<64xf32, global>
// PTX: .entry rowsum_cta
// PTX-COUNT-5: shfl.sync.bfly.b32
tirx.prim_func @rowsum_cta(%A: !tirx.buffer<64x256xf32, global>, %B: !tirx.buffer<64xf32, global>) {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [256]
    tirx.tile.reduce sum <cta> %B, %A axes [1] : !tirx.buffer<64xf32, global>, !tirx.buffer<64x256xf32, global>
  }
  tirx.return
}

// -----

// Warp scope: one warp, every output; max starts at -inf.
// CHECK-LABEL: tirx.prim_func @colmax_warp
// CHECK: %[[LANE:.*]] = tirx.scope_id_def warp -> thread [32]
// CHECK: arith.constant 0xFF800000 : f32
// CHECK: arith.maximumf
// CHECK-COUNT-5: gpu.shuffle xor
// CHECK-NOT: cta -> warp
// PTX: .entry colmax_warp
// PTX-COUNT-5: shfl.sync.bfly.b32
tirx.prim_func @colmax_warp(%A: !tirx.buffer<128x16xf32, global>, %B: !tirx.buffer<1x16xf32, global>) {
  tirx.device_entry {
    %w = tirx.scope_id_def cta -> warp [1]
    tirx.tile.reduce max <warp> %B, %A axes [0] : !tirx.buffer<1x16xf32, global>, !tirx.buffer<128x16xf32, global>
  }
  tirx.return
}

// -----

// f16 does not fit the 32-bit shuffle: the generic reduction takes it.
// CHECK-LABEL: tirx.prim_func @rowsum_f16
// CHECK-NOT: gpu.shuffle
// CHECK: tirx.scope_id_def cta -> thread [128]
// CHECK: arith.addf
// PTX: .entry rowsum_f16
// PTX-NOT: shfl.sync.bfly
tirx.prim_func @rowsum_f16(%A: !tirx.buffer<64x64xf16, global>, %B: !tirx.buffer<64xf16, global>) {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    tirx.tile.reduce sum <cta> %B, %A axes [1] : !tirx.buffer<64xf16, global>, !tirx.buffer<64x64xf16, global>
  }
  tirx.return
}
