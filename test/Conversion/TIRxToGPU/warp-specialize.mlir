// RUN: uop-opt %s --tirx-lower-scope-ids --tirx-lower-layouts --convert-tirx-to-gpu | FileCheck %s
//
// convert-tirx-to-gpu lowers tirx.warp_specialize to a branch on the
// warp-uniform warpgroup id (tid.x / 128 broadcast from lane 0): role k
// where wg < the end of its warpgroups, the last role otherwise. Each role
// first moves its register budget off the even split of the CTA's 512
// threads (65536 / 512 = 128): down to 40, up to 168, none at 128; its
// argument is the warpgroup's index within the role.

tirx.prim_func @roles(%out: !tirx.buffer<4xi32, global>) {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [512]
    tirx.warp_specialize
    role(%p) warpgroups 1 maxnreg 40 {
      %p32 = arith.index_cast %p : index to i32
      tirx.buffer_store %p32, %out[%p] : !tirx.buffer<4xi32, global>
    }
    role(%c) warpgroups 2 maxnreg 168 {
      %c32 = arith.index_cast %c : index to i32
      tirx.buffer_store %c32, %out[%c] : !tirx.buffer<4xi32, global>
    }
    role(%e) warpgroups 1 maxnreg 128 {
      %e32 = arith.index_cast %e : index to i32
      tirx.buffer_store %e32, %out[%e] : !tirx.buffer<4xi32, global>
    }
  }
  tirx.return
}

// CHECK-LABEL: gpu.func @roles
// The scope id's thread id, then the role branch's own.
// CHECK: gpu.thread_id x
// CHECK-NEXT: %[[TID:.*]] = gpu.thread_id x
// CHECK: %[[Q:.*]] = arith.divui %[[TID]], %{{.*}} : index
// CHECK-NEXT: %[[Q32:.*]] = arith.index_castui %[[Q]] : index to i32
// CHECK: %[[B:.*]] = nvvm.shfl.sync idx %{{.*}}, %[[Q32]], %{{.*}}, %{{.*}} : i32 -> i32
// CHECK-NEXT: %[[WG:.*]] = arith.index_castui %[[B]] : i32 to index
// CHECK-NEXT: %[[END0:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[IN0:.*]] = arith.cmpi ult, %[[WG]], %[[END0]] : index
// CHECK-NEXT: scf.if %[[IN0]] {
// CHECK-NEXT: nvvm.setmaxregister decrease 40
// CHECK-NEXT: arith.index_cast %[[WG]] : index to i32
// CHECK-NEXT: memref.store %{{.*}}, %{{.*}}[%[[WG]]]
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[END1:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[IN1:.*]] = arith.cmpi ult, %[[WG]], %[[END1]] : index
// CHECK-NEXT: scf.if %[[IN1]] {
// CHECK-NEXT: nvvm.setmaxregister increase 168
// CHECK-NEXT: %[[START1:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[C:.*]] = arith.subi %[[WG]], %[[START1]] : index
// CHECK-NEXT: arith.index_cast %[[C]] : index to i32
// CHECK-NEXT: memref.store %{{.*}}, %{{.*}}[%[[C]]]
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[START2:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[E:.*]] = arith.subi %[[WG]], %[[START2]] : index
// CHECK-NEXT: arith.index_cast %[[E]] : index to i32
// CHECK-NEXT: memref.store %{{.*}}, %{{.*}}[%[[E]]]
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: gpu.return
