// RUN: uop-opt %s -split-input-file --tirx-dispatch-tile-primitives="chip=sm_80" --canonicalize --cse | FileCheck %s
// RUN: uop-opt %s -split-input-file --tirx-to-nvvm="chip=sm_80" | uop-translate -split-input-file --mlir-to-ptx --chip=sm_80 | FileCheck %s --check-prefix=PTX
//
// A CTA-scope reduction given a workspace (a shared buffer of one element
// per warp) reduces every output with the whole CTA, the shape of a row
// softmax's max and sum with one CTA per row: thread-strided partials, a
// butterfly per warp, lane 0 of each warp parks its value in the workspace,
// a barrier, warp 0 combines the parked values (lanes past the last warp
// take the identity) and its lane 0 writes; a barrier frees the workspace
// for the next output. Without a workspace the shuffle implementation
// gives each output to one warp (dispatch-reduce-shuffle.mlir).

// CHECK-LABEL: tirx.prim_func @rowmax_ws
// CHECK:      %[[WS:.*]] = tirx.alloc_buffer : !tirx.buffer<8xf32, shared>
// CHECK-NEXT: %[[TID:.*]] = tirx.scope_id_def cta -> thread [256]
// CHECK-NEXT: %[[LANE:.*]] = tirx.scope_id_def warp -> thread [32]
// CHECK-NEXT: %[[WARP:.*]] = tirx.scope_id_def cta -> warp [8]
// CHECK-NEXT: scf.for %[[ROW:.*]] = %c0 to %c2 step %c1 {
// CHECK-NEXT:   %[[PART:.*]] = scf.for %[[K:.*]] = %[[TID]] to %c1024 step %c256 iter_args(%[[ACC:.*]] = %cst) -> (f32) {
// CHECK-NEXT:     tirx.buffer_load %arg0[%[[ROW]], %[[K]]]
// CHECK-NEXT:     arith.maximumf %[[ACC]]
// CHECK:        gpu.shuffle xor %[[PART]], %c16_i32, %c32_i32 : f32
// CHECK-COUNT-4: gpu.shuffle xor
// CHECK:        %[[L0:.*]] = arith.cmpi eq, %[[LANE]], %c0 : index
// CHECK-NEXT:   scf.if %[[L0]] {
// CHECK-NEXT:     tirx.buffer_store %{{.*}}, %[[WS]][%[[WARP]]] : !tirx.buffer<8xf32, shared>
// CHECK-NEXT:   }
// CHECK-NEXT:   gpu.barrier
// CHECK-NEXT:   %[[W0:.*]] = arith.cmpi eq, %[[WARP]], %c0 : index
// CHECK-NEXT:   scf.if %[[W0]] {
// CHECK-NEXT:     %[[IN:.*]] = arith.cmpi ult, %[[LANE]], %c8 : index
// CHECK-NEXT:     %[[AT:.*]] = arith.minui %[[LANE]], %c7 : index
// CHECK-NEXT:     %[[P:.*]] = tirx.buffer_load %[[WS]][%[[AT]]] : !tirx.buffer<8xf32, shared>
// CHECK-NEXT:     %[[X:.*]] = arith.select %[[IN]], %[[P]], %cst : f32
// CHECK-NEXT:     gpu.shuffle xor %[[X]], %c16_i32, %c32_i32 : f32
// CHECK-COUNT-4:  gpu.shuffle xor
// CHECK:          scf.if %[[L0]] {
// CHECK-NEXT:       tirx.buffer_store %{{.*}}, %arg1[%[[ROW]]] : !tirx.buffer<2xf32, global>
// CHECK:        gpu.barrier
// CHECK-NEXT: }
// PTX: .entry rowmax_ws
// PTX: .shared .align {{[0-9]+}} .b8 {{.*}}[32];
// PTX-COUNT-10: shfl.sync.bfly.b32
// PTX: bar.sync 0;
tirx.prim_func @rowmax_ws(%A: !tirx.buffer<2x1024xf32, global>, %B: !tirx.buffer<2xf32, global>) {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [256]
    %ws = tirx.alloc_buffer : !tirx.buffer<8xf32, shared>
    tirx.tile.reduce max <cta> %B, %A axes [1] workspace(%ws : !tirx.buffer<8xf32, shared>) : !tirx.buffer<2xf32, global>, !tirx.buffer<2x1024xf32, global>
  }
  tirx.return
}
