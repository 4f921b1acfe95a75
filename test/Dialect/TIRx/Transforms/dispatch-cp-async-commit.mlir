// RUN: uop-opt %s --tirx-dispatch-tile-primitives="chip=sm_80" | FileCheck %s
//
// cp.async commit groups: a copy_async closes its own group unless config
// commit = false leaves its cp.asyncs in the open group, so that a pipeline
// stage's A and B copies (and, past the end of K, none) make one group per
// stage, committed by nvvm.cp.async.commit.group.

// CHECK-LABEL: tirx.prim_func @stage
// The A copy: cp.asyncs, no commit.
// CHECK: nvvm.cp.async.shared.global
// CHECK-NOT: nvvm.cp.async.commit.group
// The B copy: cp.asyncs, then the one commit of the stage.
// CHECK: nvvm.cp.async.shared.global
// CHECK: nvvm.cp.async.commit.group
// CHECK-NOT: nvvm.cp.async.commit.group
// An explicit commit = true is the default.
// CHECK: nvvm.cp.async.shared.global
// CHECK: nvvm.cp.async.commit.group
// CHECK-NOT: nvvm.cp.async.commit.group
// CHECK: tirx.return
tirx.prim_func @stage(%A: !tirx.buffer<64x32xf16, global>, %B: !tirx.buffer<32x64xf16, global>) {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [128]
    %sA = tirx.alloc_buffer : !tirx.buffer<64x32xf16, shared>
    %sB = tirx.alloc_buffer : !tirx.buffer<32x64xf16, shared>
    tirx.tile.copy_async <cta> %sA, %A config {commit = false} : !tirx.buffer<64x32xf16, shared>, !tirx.buffer<64x32xf16, global>
    tirx.tile.copy_async <cta> %sB, %B : !tirx.buffer<32x64xf16, shared>, !tirx.buffer<32x64xf16, global>
    tirx.tile.copy_async <cta> %sB, %B config {commit = true} : !tirx.buffer<32x64xf16, shared>, !tirx.buffer<32x64xf16, global>
  }
  tirx.return
}
