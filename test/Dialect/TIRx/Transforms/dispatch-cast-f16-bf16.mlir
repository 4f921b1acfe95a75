// RUN: uop-opt %s --tirx-dispatch-tile-primitives="chip=sm_80" | FileCheck %s
//
// tirx.tile.cast between f16 and bf16 (same width, other format) converts
// through f32: arith.extf to f32, then arith.truncf to the target type.

// CHECK-LABEL: tirx.prim_func @f16_to_bf16
// CHECK-SAME: (%[[D:.*]]: !tirx.buffer<16xbf16, global>, %[[S:.*]]: !tirx.buffer<16xf16, global>)
// CHECK: %[[X:.*]] = tirx.buffer_load %[[S]][%{{.*}}] : !tirx.buffer<16xf16, global>
// CHECK-NEXT: %[[W:.*]] = arith.extf %[[X]] : f16 to f32
// CHECK-NEXT: %[[Y:.*]] = arith.truncf %[[W]] : f32 to bf16
// CHECK-NEXT: tirx.buffer_store %[[Y]], %[[D]][%{{.*}}] : !tirx.buffer<16xbf16, global>
tirx.prim_func @f16_to_bf16(%D: !tirx.buffer<16xbf16, global>, %S: !tirx.buffer<16xf16, global>) {
  tirx.device_entry {
    tirx.tile.cast <thread> %D, %S : !tirx.buffer<16xbf16, global>, !tirx.buffer<16xf16, global>
  }
  tirx.return
}

// CHECK-LABEL: tirx.prim_func @bf16_to_f16
// CHECK: %[[X:.*]] = tirx.buffer_load %{{.*}} : !tirx.buffer<16xbf16, global>
// CHECK-NEXT: %[[W:.*]] = arith.extf %[[X]] : bf16 to f32
// CHECK-NEXT: %[[Y:.*]] = arith.truncf %[[W]] : f32 to f16
// CHECK-NEXT: tirx.buffer_store %[[Y]], %{{.*}} : !tirx.buffer<16xf16, global>
tirx.prim_func @bf16_to_f16(%D: !tirx.buffer<16xf16, global>, %S: !tirx.buffer<16xbf16, global>) {
  tirx.device_entry {
    tirx.tile.cast <thread> %D, %S : !tirx.buffer<16xf16, global>, !tirx.buffer<16xbf16, global>
  }
  tirx.return
}
