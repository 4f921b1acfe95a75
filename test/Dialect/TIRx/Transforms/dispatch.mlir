// RUN: uop-opt %s --tirx-dispatch-tile-primitives="chip=sm_80" | FileCheck %s
//
// tirx-dispatch-tile-primitives: one case per implementation that expands
// today. Every tile op becomes
//   scope_id_def <scope> -> thread [count]     (not for thread scope)
//   scf.for %e = %tid to prod(shape) step count { coordinate of %e; body }
// with buffer_load/buffer_store at (region min + coordinate), and a
// gpu.barrier after a cta-scope op that wrote shared memory. The vectorized
// copy walks 16-byte runs instead of elements (vector_load/vector_store).
//
// Nothing in this file uses the math or nvgpu dialects before the pass, so
// the pass must load them itself. Casts between f16 and bf16 are in
// dispatch-cast-f16-bf16.mlir; why vectorized declines is in
// dispatch-vectorized-errors.mlir.

//===----------------------------------------------------------------------===//
// copy (vectorized, priority 5): when both operands can be read in aligned
// 16-byte runs along the last dimension, the loop walks the runs (last extent
// / w, w = 128 / element bits) and moves each with tirx.vector_load /
// tirx.vector_store at column (run * w).
//===----------------------------------------------------------------------===//

// Thread scope: one thread walks the 4 x 2 runs of 4 x f32, no scope id, no
// barrier.
// CHECK-LABEL: tirx.prim_func @copy_thread
// CHECK-SAME: (%[[A:.*]]: !tirx.buffer<4x8xf32, global>, %[[B:.*]]: !tirx.buffer<4x8xf32, global>)
// CHECK-NOT: tirx.scope_id_def
// CHECK: %[[STEP:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[N:.*]] = arith.constant 8 : index
// CHECK-NEXT: scf.for %[[E:.*]] = %c0{{(_[0-9]+)?}} to %[[N]] step %[[STEP]] {
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[R:.*]] = arith.remui %[[E]], %[[C2]] : index
// CHECK-NEXT: %[[I:.*]] = arith.divui %[[E]], %[[C2]] : index
// CHECK-NEXT: arith.constant 4 : index
// CHECK-NEXT: %[[W:.*]] = arith.constant 4 : index
// CHECK-NEXT: %[[J:.*]] = arith.muli %[[R]], %[[W]] : index
// CHECK-NEXT: %[[V:.*]] = tirx.vector_load %[[A]][%[[I]], %[[J]]] : !tirx.buffer<4x8xf32, global> -> vector<4xf32>
// CHECK-NEXT: tirx.vector_store %[[V]], %[[B]][%[[I]], %[[J]]] : vector<4xf32>, !tirx.buffer<4x8xf32, global>
// CHECK-NEXT: }
// CHECK-NOT: gpu.barrier
// CHECK-NOT: tirx.tile.copy
// CHECK-NOT: tirx.buffer_load
// CHECK: tirx.return
tirx.prim_func @copy_thread(%A: !tirx.buffer<4x8xf32, global>, %B: !tirx.buffer<4x8xf32, global>) {
  tirx.device_entry {
    tirx.tile.copy <thread> %B, %A : !tirx.buffer<4x8xf32, global>, !tirx.buffer<4x8xf32, global>
  }
  tirx.return
}

// Warp scope from a region with non-zero mins (16, 32), f16 (8 per vector):
// the lane strides over 16 x 4 = 64 runs by 32; the source index adds the
// mins. A warp does not synchronise the CTA, so no barrier even though shared
// is written. The region op is dropped once its only user is expanded.
// CHECK-LABEL: tirx.prim_func @copy_warp_region
// CHECK-SAME: (%[[A:.*]]: !tirx.buffer<64x64xf16, global>)
// CHECK: tirx.scope_id_def cta -> warp [2]
// CHECK-NEXT: %[[C16:.*]] = arith.constant 16 : index
// CHECK-NEXT: %[[C32:.*]] = arith.constant 32 : index
// CHECK-NEXT: %[[S:.*]] = tirx.alloc_buffer : !tirx.buffer<16x32xf16, shared>
// CHECK-NOT: tirx.region
// CHECK: %[[LANE:.*]] = tirx.scope_id_def warp -> thread [32]
// CHECK-NEXT: %[[STEP:.*]] = arith.constant 32 : index
// CHECK-NEXT: %[[N:.*]] = arith.constant 64 : index
// CHECK-NEXT: scf.for %[[E:.*]] = %[[LANE]] to %[[N]] step %[[STEP]] {
// CHECK-NEXT: %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT: %[[R:.*]] = arith.remui %[[E]], %[[C4]] : index
// CHECK-NEXT: %[[I:.*]] = arith.divui %[[E]], %[[C4]] : index
// CHECK-NEXT: arith.constant 16 : index
// CHECK-NEXT: %[[W:.*]] = arith.constant 8 : index
// CHECK-NEXT: %[[J:.*]] = arith.muli %[[R]], %[[W]] : index
// CHECK-NEXT: %[[SI:.*]] = arith.addi %[[I]], %[[C16]] : index
// CHECK-NEXT: %[[SJ:.*]] = arith.addi %[[J]], %[[C32]] : index
// CHECK-NEXT: %[[V:.*]] = tirx.vector_load %[[A]][%[[SI]], %[[SJ]]] : !tirx.buffer<64x64xf16, global> -> vector<8xf16>
// CHECK-NEXT: tirx.vector_store %[[V]], %[[S]][%[[I]], %[[J]]] : vector<8xf16>, !tirx.buffer<16x32xf16, shared>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: tirx.return
tirx.prim_func @copy_warp_region(%A: !tirx.buffer<64x64xf16, global>) {
  tirx.device_entry {
    %w = tirx.scope_id_def cta -> warp [2]
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %S = tirx.alloc_buffer : !tirx.buffer<16x32xf16, shared>
    %r = tirx.region %A[%c16 : 16, %c32 : 32] : !tirx.buffer<64x64xf16, global>
    tirx.tile.copy <warp> %S, %r : !tirx.buffer<16x32xf16, shared>, !tirx.region<16x32, !tirx.buffer<64x64xf16, global>>
  }
  tirx.return
}

// Warpgroup scope: 128 threads of the warpgroup stride over 256 / 4 = 64
// runs (threads 64.. do nothing).
// CHECK-LABEL: tirx.prim_func @copy_warpgroup
// CHECK-SAME: (%[[A:.*]]: !tirx.buffer<256xf32, global>)
// CHECK: %[[S:.*]] = tirx.alloc_buffer : !tirx.buffer<256xf32, shared>
// CHECK: %[[T:.*]] = tirx.scope_id_def warpgroup -> thread [128]
// CHECK-NEXT: %[[STEP:.*]] = arith.constant 128 : index
// CHECK-NEXT: %[[N:.*]] = arith.constant 64 : index
// CHECK-NEXT: scf.for %[[E:.*]] = %[[T]] to %[[N]] step %[[STEP]] {
// CHECK-NEXT: arith.constant 64 : index
// CHECK-NEXT: %[[W:.*]] = arith.constant 4 : index
// CHECK-NEXT: %[[J:.*]] = arith.muli %[[E]], %[[W]] : index
// CHECK-NEXT: %[[V:.*]] = tirx.vector_load %[[A]][%[[J]]] : !tirx.buffer<256xf32, global> -> vector<4xf32>
// CHECK-NEXT: tirx.vector_store %[[V]], %[[S]][%[[J]]] : vector<4xf32>, !tirx.buffer<256xf32, shared>
// CHECK-NEXT: }
// CHECK-NEXT: }
tirx.prim_func @copy_warpgroup(%A: !tirx.buffer<256xf32, global>) {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [256]
    %S = tirx.alloc_buffer : !tirx.buffer<256xf32, shared>
    tirx.tile.copy <warpgroup> %S, %A : !tirx.buffer<256xf32, shared>, !tirx.buffer<256xf32, global>
  }
  tirx.return
}

// CTA scope with the CTA given as 4 warps: the expansion asks for the 128
// threads of the CTA (64 runs). Into shared memory it ends with a barrier;
// out of it (into a global region at (%row, 32)) it does not. A dynamic min
// on a leading dimension does not matter for the alignment.
// CHECK-LABEL: tirx.prim_func @copy_cta
// CHECK-SAME: (%[[A:.*]]: !tirx.buffer<64x64xf32, global>, %[[ROW:.*]]: index)
// CHECK: %[[C8:.*]] = arith.constant 8 : index
// CHECK: %[[C32:.*]] = arith.constant 32 : index
// CHECK: %[[S:.*]] = tirx.alloc_buffer : !tirx.buffer<8x32xf32, shared>
// CHECK: %[[T0:.*]] = tirx.scope_id_def cta -> thread [128]
// CHECK-NEXT: %[[STEP0:.*]] = arith.constant 128 : index
// CHECK-NEXT: %[[N0:.*]] = arith.constant 64 : index
// CHECK-NEXT: scf.for %[[E0:.*]] = %[[T0]] to %[[N0]] step %[[STEP0]] {
// CHECK: %[[R0:.*]] = arith.remui %[[E0]], %{{.*}} : index
// CHECK-NEXT: %[[I0:.*]] = arith.divui %[[E0]], %{{.*}} : index
// CHECK: %[[J0:.*]] = arith.muli %[[R0]], %{{.*}} : index
// CHECK-NEXT: %[[SI0:.*]] = arith.addi %[[ROW]], %[[I0]] : index
// CHECK-NEXT: %[[SJ0:.*]] = arith.addi %[[J0]], %[[C8]] : index
// CHECK-NEXT: %[[V0:.*]] = tirx.vector_load %[[A]][%[[SI0]], %[[SJ0]]] : !tirx.buffer<64x64xf32, global> -> vector<4xf32>
// CHECK-NEXT: tirx.vector_store %[[V0]], %[[S]][%[[I0]], %[[J0]]] : vector<4xf32>, !tirx.buffer<8x32xf32, shared>
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
// CHECK: %[[T1:.*]] = tirx.scope_id_def cta -> thread [128]
// CHECK: scf.for %[[E1:.*]] = %[[T1]] to %{{.*}} step %{{.*}} {
// CHECK: %[[J1:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK-NEXT: %[[V1:.*]] = tirx.vector_load %[[S]][%[[I1:.*]], %[[J1]]] : !tirx.buffer<8x32xf32, shared> -> vector<4xf32>
// CHECK-NEXT: %[[DI1:.*]] = arith.addi %[[ROW]], %[[I1]] : index
// CHECK-NEXT: %[[DJ1:.*]] = arith.addi %[[J1]], %[[C32]] : index
// CHECK-NEXT: tirx.vector_store %[[V1]], %[[A]][%[[DI1]], %[[DJ1]]] : vector<4xf32>, !tirx.buffer<64x64xf32, global>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: tirx.return
tirx.prim_func @copy_cta(%A: !tirx.buffer<64x64xf32, global>, %row: index) {
  tirx.device_entry {
    %w = tirx.scope_id_def cta -> warp [4]
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %S = tirx.alloc_buffer : !tirx.buffer<8x32xf32, shared>
    %src = tirx.region %A[%row : 8, %c8 : 32] : !tirx.buffer<64x64xf32, global>
    tirx.tile.copy <cta> %S, %src : !tirx.buffer<8x32xf32, shared>, !tirx.region<8x32, !tirx.buffer<64x64xf32, global>>
    %dst = tirx.region %A[%row : 8, %c32 : 32] : !tirx.buffer<64x64xf32, global>
    tirx.tile.copy <cta> %dst, %S : !tirx.region<8x32, !tirx.buffer<64x64xf32, global>>, !tirx.buffer<8x32xf32, shared>
  }
  tirx.return
}

// Leading unit dimensions do not count: a 1x4x32 region (at [1, 0, 0]) into
// a 4x32 i8 tile, 16 bytes = 16 x i8 per vector. The source coordinate is
// the destination's linearised and re-split over 1x4x32.
// CHECK-LABEL: tirx.prim_func @copy_leading_ones
// CHECK-SAME: (%[[A:.*]]: !tirx.buffer<2x4x32xi8, global>)
// CHECK: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[S:.*]] = tirx.alloc_buffer : !tirx.buffer<4x32xi8, shared>
// CHECK: %[[T:.*]] = tirx.scope_id_def cta -> thread [8]
// CHECK-NEXT: %[[STEP:.*]] = arith.constant 8 : index
// CHECK-NEXT: %[[N:.*]] = arith.constant 8 : index
// CHECK-NEXT: scf.for %[[E:.*]] = %[[T]] to %[[N]] step %[[STEP]] {
// CHECK: %[[R:.*]] = arith.remui %[[E]], %{{.*}} : index
// CHECK-NEXT: %[[I:.*]] = arith.divui %[[E]], %{{.*}} : index
// CHECK: %[[W:.*]] = arith.constant 16 : index
// CHECK-NEXT: %[[J:.*]] = arith.muli %[[R]], %[[W]] : index
// CHECK: %[[SJ:.*]] = arith.remui %{{.*}}, %{{.*}} : index
// CHECK: %[[SI:.*]] = arith.remui %{{.*}}, %{{.*}} : index
// CHECK-NEXT: %[[Q:.*]] = arith.divui %{{.*}}, %{{.*}} : index
// CHECK: %[[S0:.*]] = arith.addi %[[Q]], %[[C1]] : index
// CHECK-NEXT: %[[V:.*]] = tirx.vector_load %[[A]][%[[S0]], %[[SI]], %[[SJ]]] : !tirx.buffer<2x4x32xi8, global> -> vector<16xi8>
// CHECK-NEXT: tirx.vector_store %[[V]], %[[S]][%[[I]], %[[J]]] : vector<16xi8>, !tirx.buffer<4x32xi8, shared>
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
tirx.prim_func @copy_leading_ones(%A: !tirx.buffer<2x4x32xi8, global>) {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [8]
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<4x32xi8, shared>
    %r = tirx.region %A[%c1 : 1, %c0 : 4, %c0 : 32] : !tirx.buffer<2x4x32xi8, global>
    tirx.tile.copy <cta> %S, %r : !tirx.buffer<4x32xi8, shared>, !tirx.region<1x4x32, !tirx.buffer<2x4x32xi8, global>>
  }
  tirx.return
}

// A swizzle that keeps 16-byte runs whole (per_element = 2 for f32) still
// vectorizes.
// CHECK-LABEL: tirx.prim_func @copy_swizzled
// CHECK: tirx.vector_load %{{.*}} : !tirx.buffer<8x32xf32, global> -> vector<4xf32>
// CHECK-NEXT: tirx.vector_store %{{.*}} : vector<4xf32>, !tirx.buffer<8x32xf32, shared, #tirx.compose<{{.*}}>>
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
tirx.prim_func @copy_swizzled(%A: !tirx.buffer<8x32xf32, global>) {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [64]
    %S = tirx.alloc_buffer : !tirx.buffer<8x32xf32, shared, #tirx.compose<#tirx.swizzle<per_element = 2, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(8,32):(32,1)]>>>
    tirx.tile.copy <cta> %S, %A : !tirx.buffer<8x32xf32, shared, #tirx.compose<#tirx.swizzle<per_element = 2, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(8,32):(32,1)]>>>, !tirx.buffer<8x32xf32, global>
  }
  tirx.return
}

// Dynamic last-dimension offsets that are provably multiples of the vector
// width vectorize too: a loop variable stepping by 8 from 0, and 4 * %j plus
// it.
// CHECK-LABEL: tirx.prim_func @copy_aligned_offsets
// CHECK-SAME: (%[[A:.*]]: !tirx.buffer<4x64xf32, global>, %[[B:.*]]: !tirx.buffer<4x64xf32, global>, %[[J:.*]]: index)
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT: %[[JK:.*]] = arith.muli %[[J]], %{{.*}} : index
// CHECK-NEXT: %[[COL:.*]] = arith.addi %[[JK]], %[[K]] : index
// CHECK: %[[R:.*]] = arith.muli %{{.*}}, %{{.*}} : index
// CHECK-NEXT: %[[SJ:.*]] = arith.addi %[[K]], %[[R]] : index
// CHECK-NEXT: %[[V:.*]] = tirx.vector_load %[[A]][%{{.*}}, %[[SJ]]] : !tirx.buffer<4x64xf32, global> -> vector<4xf32>
// CHECK-NEXT: %[[DJ:.*]] = arith.addi %[[COL]], %[[R]] : index
// CHECK-NEXT: tirx.vector_store %[[V]], %[[B]][%{{.*}}, %[[DJ]]] : vector<4xf32>, !tirx.buffer<4x64xf32, global>
// CHECK-NOT: tirx.tile.copy
tirx.prim_func @copy_aligned_offsets(%A: !tirx.buffer<4x64xf32, global>, %B: !tirx.buffer<4x64xf32, global>, %j: index) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    scf.for %k = %c0 to %c32 step %c8 {
      %jk = arith.muli %j, %c4 : index
      %col = arith.addi %jk, %k : index
      %r = tirx.region %A[%c0 : 4, %k : 8] : !tirx.buffer<4x64xf32, global>
      %d = tirx.region %B[%c0 : 4, %col : 8] : !tirx.buffer<4x64xf32, global>
      tirx.tile.copy <thread> %d, %r : !tirx.region<4x8, !tirx.buffer<4x64xf32, global>>, !tirx.region<4x8, !tirx.buffer<4x64xf32, global>>
    }
  }
  tirx.return
}

//===----------------------------------------------------------------------===//
// copy (generic): one element per iteration, when vectorized declines or
// dispatch "generic" asks for it.
//===----------------------------------------------------------------------===//

// dispatch "generic" on a copy that would vectorize: one thread walks all 32
// elements, no scope id, no barrier.
// CHECK-LABEL: tirx.prim_func @copy_generic_requested
// CHECK-SAME: (%[[A:.*]]: !tirx.buffer<4x8xf32, global>, %[[B:.*]]: !tirx.buffer<4x8xf32, global>)
// CHECK-NOT: tirx.scope_id_def
// CHECK: %[[STEP:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[N:.*]] = arith.constant 32 : index
// CHECK-NEXT: scf.for %[[E:.*]] = %c0{{(_[0-9]+)?}} to %[[N]] step %[[STEP]] {
// CHECK-NEXT: %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT: %[[J:.*]] = arith.remui %[[E]], %[[C8]] : index
// CHECK-NEXT: %[[I:.*]] = arith.divui %[[E]], %[[C8]] : index
// CHECK-NEXT: arith.constant 4 : index
// CHECK-NEXT: %[[V:.*]] = tirx.buffer_load %[[A]][%[[I]], %[[J]]] : !tirx.buffer<4x8xf32, global>
// CHECK-NEXT: tirx.buffer_store %[[V]], %[[B]][%[[I]], %[[J]]] : !tirx.buffer<4x8xf32, global>
// CHECK-NEXT: }
// CHECK-NOT: gpu.barrier
// CHECK-NOT: tirx.tile.copy
// CHECK-NOT: tirx.vector_load
// CHECK: tirx.return
tirx.prim_func @copy_generic_requested(%A: !tirx.buffer<4x8xf32, global>, %B: !tirx.buffer<4x8xf32, global>) {
  tirx.device_entry {
    tirx.tile.copy <thread> %B, %A dispatch "generic" : !tirx.buffer<4x8xf32, global>, !tirx.buffer<4x8xf32, global>
  }
  tirx.return
}

// A region at column 2 is not 16-byte aligned, so vectorized declines and
// generic copies element by element: the lane strides over 16*32 = 512
// elements by 32; the source index adds the mins (16, 2).
// CHECK-LABEL: tirx.prim_func @copy_unaligned_region
// CHECK-SAME: (%[[A:.*]]: !tirx.buffer<64x64xf32, global>)
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[C16:.*]] = arith.constant 16 : index
// CHECK-NEXT: %[[S:.*]] = tirx.alloc_buffer : !tirx.buffer<16x32xf32, shared>
// CHECK: %[[LANE:.*]] = tirx.scope_id_def warp -> thread [32]
// CHECK-NEXT: %[[STEP:.*]] = arith.constant 32 : index
// CHECK-NEXT: %[[N:.*]] = arith.constant 512 : index
// CHECK-NEXT: scf.for %[[E:.*]] = %[[LANE]] to %[[N]] step %[[STEP]] {
// CHECK-NEXT: %[[W:.*]] = arith.constant 32 : index
// CHECK-NEXT: %[[J:.*]] = arith.remui %[[E]], %[[W]] : index
// CHECK-NEXT: %[[I:.*]] = arith.divui %[[E]], %[[W]] : index
// CHECK-NEXT: arith.constant 16 : index
// CHECK-NEXT: %[[SI:.*]] = arith.addi %[[I]], %[[C16]] : index
// CHECK-NEXT: %[[SJ:.*]] = arith.addi %[[J]], %[[C2]] : index
// CHECK-NEXT: %[[V:.*]] = tirx.buffer_load %[[A]][%[[SI]], %[[SJ]]] : !tirx.buffer<64x64xf32, global>
// CHECK-NEXT: tirx.buffer_store %[[V]], %[[S]][%[[I]], %[[J]]] : !tirx.buffer<16x32xf32, shared>
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: tirx.return
tirx.prim_func @copy_unaligned_region(%A: !tirx.buffer<64x64xf32, global>) {
  tirx.device_entry {
    %w = tirx.scope_id_def cta -> warp [1]
    %c2 = arith.constant 2 : index
    %c16 = arith.constant 16 : index
    %S = tirx.alloc_buffer : !tirx.buffer<16x32xf32, shared>
    %r = tirx.region %A[%c16 : 16, %c2 : 32] : !tirx.buffer<64x64xf32, global>
    tirx.tile.copy <warp> %S, %r : !tirx.buffer<16x32xf32, shared>, !tirx.region<16x32, !tirx.buffer<64x64xf32, global>>
  }
  tirx.return
}

// Same element count in another shape: vectorized declines (the boxes
// differ); both are walked in row-major order, so the source coordinate is
// the destination's linearised (8*i + j) and re-split over 8x4.
// CHECK-LABEL: tirx.prim_func @copy_reshape
// CHECK-SAME: (%[[A:.*]]: !tirx.buffer<8x4xf32, global>)
// CHECK: %[[S:.*]] = tirx.alloc_buffer : !tirx.buffer<4x8xf32, shared>
// CHECK: scf.for %[[E:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT: %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT: %[[J:.*]] = arith.remui %[[E]], %[[C8]] : index
// CHECK-NEXT: %[[I:.*]] = arith.divui %[[E]], %[[C8]] : index
// CHECK: %[[C8B:.*]] = arith.constant 8 : index
// CHECK-NEXT: %[[M:.*]] = arith.muli %[[I]], %[[C8B]] : index
// CHECK-NEXT: %[[F:.*]] = arith.addi %[[M]], %[[J]] : index
// CHECK-NEXT: %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT: %[[SJ:.*]] = arith.remui %[[F]], %[[C4]] : index
// CHECK-NEXT: %[[SI:.*]] = arith.divui %[[F]], %[[C4]] : index
// CHECK: %[[V:.*]] = tirx.buffer_load %[[A]][%[[SI]], %[[SJ]]] : !tirx.buffer<8x4xf32, global>
// CHECK-NEXT: tirx.buffer_store %[[V]], %[[S]][%[[I]], %[[J]]] : !tirx.buffer<4x8xf32, shared>
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
tirx.prim_func @copy_reshape(%A: !tirx.buffer<8x4xf32, global>) {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [32]
    %S = tirx.alloc_buffer : !tirx.buffer<4x8xf32, shared>
    tirx.tile.copy <cta> %S, %A : !tirx.buffer<4x8xf32, shared>, !tirx.buffer<8x4xf32, global>
  }
  tirx.return
}

//===----------------------------------------------------------------------===//
// cast (generic): the copy loop with the scalar conversion in between.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: tirx.prim_func @cast
// CHECK-SAME: (%[[F32:.*]]: !tirx.buffer<8x16xf32, global>, %[[I32:.*]]: !tirx.buffer<8x16xi32, global>)
// CHECK: %[[H:.*]] = tirx.alloc_buffer : !tirx.buffer<8x16xf16, local>
// f32 -> f16 narrows.
// CHECK: %[[X0:.*]] = tirx.buffer_load %[[F32]][%[[I0:.*]], %[[J0:.*]]] : !tirx.buffer<8x16xf32, global>
// CHECK-NEXT: %[[Y0:.*]] = arith.truncf %[[X0]] : f32 to f16
// CHECK-NEXT: tirx.buffer_store %[[Y0]], %[[H]][%[[I0]], %[[J0]]] : !tirx.buffer<8x16xf16, local>
// f16 -> f32 widens.
// CHECK: %[[X1:.*]] = tirx.buffer_load %[[H]][%[[I1:.*]], %[[J1:.*]]] : !tirx.buffer<8x16xf16, local>
// CHECK-NEXT: %[[Y1:.*]] = arith.extf %[[X1]] : f16 to f32
// CHECK-NEXT: tirx.buffer_store %[[Y1]], %[[F32]][%[[I1]], %[[J1]]] : !tirx.buffer<8x16xf32, global>
// f32 -> i32 and back are signed conversions.
// CHECK: %[[X2:.*]] = tirx.buffer_load %[[F32]]
// CHECK-NEXT: %[[Y2:.*]] = arith.fptosi %[[X2]] : f32 to i32
// CHECK-NEXT: tirx.buffer_store %[[Y2]], %[[I32]]
// CHECK: %[[X3:.*]] = tirx.buffer_load %[[I32]]
// CHECK-NEXT: %[[Y3:.*]] = arith.sitofp %[[X3]] : i32 to f32
// CHECK-NEXT: tirx.buffer_store %[[Y3]], %[[F32]]
// CHECK-NOT: tirx.tile.cast
tirx.prim_func @cast(%A: !tirx.buffer<8x16xf32, global>, %I: !tirx.buffer<8x16xi32, global>) {
  tirx.device_entry {
    %H = tirx.alloc_buffer : !tirx.buffer<8x16xf16, local>
    tirx.tile.cast <thread> %H, %A : !tirx.buffer<8x16xf16, local>, !tirx.buffer<8x16xf32, global>
    tirx.tile.cast <thread> %A, %H : !tirx.buffer<8x16xf32, global>, !tirx.buffer<8x16xf16, local>
    tirx.tile.cast <thread> %I, %A : !tirx.buffer<8x16xi32, global>, !tirx.buffer<8x16xf32, global>
    tirx.tile.cast <thread> %A, %I : !tirx.buffer<8x16xf32, global>, !tirx.buffer<8x16xi32, global>
  }
  tirx.return
}

//===----------------------------------------------------------------------===//
// fill (generic)
//===----------------------------------------------------------------------===//

// CTA scope into shared memory (with a barrier), thread scope into a local
// region at row 2 (without).
// CHECK-LABEL: tirx.prim_func @fill
// CHECK-SAME: (%[[X:.*]]: f32)
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[S:.*]] = tirx.alloc_buffer : !tirx.buffer<8x16xf32, shared>
// CHECK: %[[L:.*]] = tirx.alloc_buffer : !tirx.buffer<4x8xf32, local>
// CHECK: %[[T:.*]] = tirx.scope_id_def cta -> thread [64]
// CHECK-NEXT: %[[STEP:.*]] = arith.constant 64 : index
// CHECK-NEXT: %[[N:.*]] = arith.constant 128 : index
// CHECK-NEXT: scf.for %[[E:.*]] = %[[T]] to %[[N]] step %[[STEP]] {
// CHECK-NEXT: %[[C16:.*]] = arith.constant 16 : index
// CHECK-NEXT: %[[J:.*]] = arith.remui %[[E]], %[[C16]] : index
// CHECK-NEXT: %[[I:.*]] = arith.divui %[[E]], %[[C16]] : index
// CHECK-NEXT: arith.constant 8 : index
// CHECK-NEXT: tirx.buffer_store %[[X]], %[[S]][%[[I]], %[[J]]] : !tirx.buffer<8x16xf32, shared>
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
// CHECK: scf.for %[[E2:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT: %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT: %[[J2:.*]] = arith.remui %[[E2]], %[[C8]] : index
// CHECK-NEXT: %[[I2:.*]] = arith.divui %[[E2]], %[[C8]] : index
// CHECK-NEXT: arith.constant 2 : index
// CHECK-NEXT: %[[R:.*]] = arith.addi %[[I2]], %[[C2]] : index
// CHECK-NEXT: tirx.buffer_store %[[X]], %[[L]][%[[R]], %[[J2]]] : !tirx.buffer<4x8xf32, local>
// CHECK-NEXT: }
// CHECK-NEXT: }
tirx.prim_func @fill(%x: f32) {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [64]
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %S = tirx.alloc_buffer : !tirx.buffer<8x16xf32, shared>
    %L = tirx.alloc_buffer : !tirx.buffer<4x8xf32, local>
    tirx.tile.fill <cta> %S, %x : !tirx.buffer<8x16xf32, shared>, f32
    %r = tirx.region %L[%c2 : 2, %c0 : 8] : !tirx.buffer<4x8xf32, local>
    tirx.tile.fill <thread> %r, %x : !tirx.region<2x8, !tirx.buffer<4x8xf32, local>>, f32
  }
  tirx.return
}

//===----------------------------------------------------------------------===//
// unary (generic): the kinds built from arith.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: tirx.prim_func @unary
// CHECK-SAME: (%[[A:.*]]: !tirx.buffer<64xf32, global>, %[[B:.*]]: !tirx.buffer<64xf32, global>)
// relu = max(x, 0)
// CHECK: %[[X0:.*]] = tirx.buffer_load %[[A]][%[[E0:.*]]] : !tirx.buffer<64xf32, global>
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %[[Y0:.*]] = arith.maximumf %[[X0]], %[[Z]] : f32
// CHECK-NEXT: tirx.buffer_store %[[Y0]], %[[B]][%[[E0]]] : !tirx.buffer<64xf32, global>
// neg
// CHECK: %[[X1:.*]] = tirx.buffer_load %[[A]][%[[E1:.*]]] : !tirx.buffer<64xf32, global>
// CHECK-NEXT: %[[Y1:.*]] = arith.negf %[[X1]] : f32
// CHECK-NEXT: tirx.buffer_store %[[Y1]], %[[B]][%[[E1]]] : !tirx.buffer<64xf32, global>
// reciprocal = 1 / x
// CHECK: %[[X2:.*]] = tirx.buffer_load %[[A]][%[[E2:.*]]] : !tirx.buffer<64xf32, global>
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[Y2:.*]] = arith.divf %[[ONE]], %[[X2]] : f32
// CHECK-NEXT: tirx.buffer_store %[[Y2]], %[[B]][%[[E2]]] : !tirx.buffer<64xf32, global>
// CHECK-NOT: tirx.tile.unary
tirx.prim_func @unary(%A: !tirx.buffer<64xf32, global>, %B: !tirx.buffer<64xf32, global>) {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [32]
    tirx.tile.unary relu <warp> %B, %A : !tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>
    tirx.tile.unary neg <cta> %B, %A : !tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>
    tirx.tile.unary reciprocal <thread> %B, %A : !tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>
  }
  tirx.return
}

// The kinds built from the math dialect.
// CHECK-LABEL: tirx.prim_func @math_kinds
// CHECK-SAME: (%[[A:.*]]: !tirx.buffer<64xf32, global>, %[[B:.*]]: !tirx.buffer<64xf32, global>)
// CHECK: %[[X0:.*]] = tirx.buffer_load %[[A]]
// CHECK-NEXT: %[[Y0:.*]] = math.exp %[[X0]] : f32
// CHECK-NEXT: tirx.buffer_store %[[Y0]], %[[B]]
// CHECK: %[[X1:.*]] = tirx.buffer_load %[[A]]
// CHECK-NEXT: %[[Y1:.*]] = math.exp2 %[[X1]] : f32
// CHECK-NEXT: tirx.buffer_store %[[Y1]], %[[B]]
// CHECK: %[[X2:.*]] = tirx.buffer_load %[[A]]
// CHECK-NEXT: %[[Y2:.*]] = math.log %[[X2]] : f32
// CHECK-NEXT: tirx.buffer_store %[[Y2]], %[[B]]
// CHECK: %[[X3:.*]] = tirx.buffer_load %[[A]]
// CHECK-NEXT: %[[Y3:.*]] = math.sqrt %[[X3]] : f32
// CHECK-NEXT: tirx.buffer_store %[[Y3]], %[[B]]
// CHECK: %[[X4:.*]] = tirx.buffer_load %[[A]]
// CHECK-NEXT: %[[Y4:.*]] = math.rsqrt %[[X4]] : f32
// CHECK-NEXT: tirx.buffer_store %[[Y4]], %[[B]]
// silu(x) = x / (1 + exp(-x))
// CHECK: %[[X5:.*]] = tirx.buffer_load %[[A]]
// CHECK-NEXT: %[[N5:.*]] = arith.negf %[[X5]] : f32
// CHECK-NEXT: %[[E5:.*]] = math.exp %[[N5]] : f32
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %[[D5:.*]] = arith.addf %[[ONE]], %[[E5]] : f32
// CHECK-NEXT: %[[Y5:.*]] = arith.divf %[[X5]], %[[D5]] : f32
// CHECK-NEXT: tirx.buffer_store %[[Y5]], %[[B]]
// CHECK: %[[X6:.*]] = tirx.buffer_load %[[A]]
// CHECK-NEXT: %[[Y6:.*]] = math.absf %[[X6]] : f32
// CHECK-NEXT: tirx.buffer_store %[[Y6]], %[[B]]
// CHECK-NOT: tirx.tile.unary
tirx.prim_func @math_kinds(%A: !tirx.buffer<64xf32, global>, %B: !tirx.buffer<64xf32, global>) {
  tirx.device_entry {
    tirx.tile.unary exp <thread> %B, %A : !tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>
    tirx.tile.unary exp2 <thread> %B, %A : !tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>
    tirx.tile.unary log <thread> %B, %A : !tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>
    tirx.tile.unary sqrt <thread> %B, %A : !tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>
    tirx.tile.unary rsqrt <thread> %B, %A : !tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>
    tirx.tile.unary silu <thread> %B, %A : !tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>
    tirx.tile.unary abs <thread> %B, %A : !tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>
  }
  tirx.return
}

//===----------------------------------------------------------------------===//
// binary (generic): tile rhs and scalar rhs.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: tirx.prim_func @binary
// CHECK-SAME: (%[[A:.*]]: !tirx.buffer<8x16xf32, global>, %[[B:.*]]: !tirx.buffer<8x16xf32, global>, %[[K:.*]]: !tirx.buffer<8x16xi32, global>, %[[ALPHA:.*]]: f32, %[[N:.*]]: i32)
// CHECK: %[[S:.*]] = tirx.alloc_buffer : !tirx.buffer<8x16xf32, shared>
// Tile rhs: both operands loaded at the same coordinate.
// CHECK: scf.for %[[E0:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %[[J0:.*]] = arith.remui %[[E0]]
// CHECK-NEXT: %[[I0:.*]] = arith.divui %[[E0]]
// CHECK: %[[L0:.*]] = tirx.buffer_load %[[A]][%[[I0]], %[[J0]]] : !tirx.buffer<8x16xf32, global>
// CHECK-NEXT: %[[R0:.*]] = tirx.buffer_load %[[B]][%[[I0]], %[[J0]]] : !tirx.buffer<8x16xf32, global>
// CHECK-NEXT: %[[Y0:.*]] = arith.addf %[[L0]], %[[R0]] : f32
// CHECK-NEXT: tirx.buffer_store %[[Y0]], %[[S]][%[[I0]], %[[J0]]] : !tirx.buffer<8x16xf32, shared>
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
// Scalar rhs: the scalar is used directly.
// CHECK: %[[L1:.*]] = tirx.buffer_load %[[S]][%[[I1:.*]], %[[J1:.*]]] : !tirx.buffer<8x16xf32, shared>
// CHECK-NEXT: %[[Y1:.*]] = arith.mulf %[[L1]], %[[ALPHA]] : f32
// CHECK-NEXT: tirx.buffer_store %[[Y1]], %[[A]][%[[I1]], %[[J1]]] : !tirx.buffer<8x16xf32, global>
// Integer kinds: signed max, signed div.
// CHECK: %[[L2:.*]] = tirx.buffer_load %[[K]]
// CHECK-NEXT: %[[Y2:.*]] = arith.maxsi %[[L2]], %[[N]] : i32
// CHECK-NEXT: tirx.buffer_store %[[Y2]], %[[K]]
// CHECK: %[[L3:.*]] = tirx.buffer_load %[[K]][%[[I3:.*]], %[[J3:.*]]]
// CHECK-NEXT: %[[R3:.*]] = tirx.buffer_load %[[K]][%[[I3]], %[[J3]]]
// CHECK-NEXT: %[[Y3:.*]] = arith.divsi %[[L3]], %[[R3]] : i32
// CHECK-NEXT: tirx.buffer_store %[[Y3]], %[[K]][%[[I3]], %[[J3]]]
// CHECK-NOT: tirx.tile.binary
tirx.prim_func @binary(%A: !tirx.buffer<8x16xf32, global>, %B: !tirx.buffer<8x16xf32, global>,
                       %K: !tirx.buffer<8x16xi32, global>, %alpha: f32, %n: i32) {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [128]
    %S = tirx.alloc_buffer : !tirx.buffer<8x16xf32, shared>
    tirx.tile.binary add <cta> %S, %A, %B : !tirx.buffer<8x16xf32, shared>, !tirx.buffer<8x16xf32, global>, !tirx.buffer<8x16xf32, global>
    tirx.tile.binary mul <warpgroup> %A, %S, %alpha : !tirx.buffer<8x16xf32, global>, !tirx.buffer<8x16xf32, shared>, f32
    tirx.tile.binary maximum <thread> %K, %K, %n : !tirx.buffer<8x16xi32, global>, !tirx.buffer<8x16xi32, global>, i32
    tirx.tile.binary div <thread> %K, %K, %K : !tirx.buffer<8x16xi32, global>, !tirx.buffer<8x16xi32, global>, !tirx.buffer<8x16xi32, global>
  }
  tirx.return
}

//===----------------------------------------------------------------------===//
// reduce (generic): each thread owns output elements and loops serially over
// the reduced axes.
//===----------------------------------------------------------------------===//

// Dropping the axis: sum over axis 1 of 8x16 into 8, init 0.0.
// CHECK-LABEL: tirx.prim_func @reduce_drop
// CHECK-SAME: (%[[A:.*]]: !tirx.buffer<8x16xf32, global>, %[[R:.*]]: !tirx.buffer<8xf32, global>)
// CHECK: tirx.scope_id_def cta -> thread [32]
// CHECK: %[[T:.*]] = tirx.scope_id_def cta -> thread [32]
// CHECK-NEXT: %[[STEP:.*]] = arith.constant 32 : index
// CHECK-NEXT: %[[N:.*]] = arith.constant 8 : index
// CHECK-NEXT: scf.for %[[ROW:.*]] = %[[T]] to %[[N]] step %[[STEP]] {
// CHECK-DAG: %[[INIT:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[K:.*]] = arith.constant 16 : index
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK: %[[SUM:.*]] = scf.for %[[X:.*]] = %[[ZERO]] to %[[K]] step %[[ONE]] iter_args(%[[ACC:.*]] = %[[INIT]]) -> (f32) {
// CHECK: %[[V:.*]] = tirx.buffer_load %[[A]][%[[ROW]], %[[X]]] : !tirx.buffer<8x16xf32, global>
// CHECK-NEXT: %[[NEXT:.*]] = arith.addf %[[ACC]], %[[V]] : f32
// CHECK-NEXT: scf.yield %[[NEXT]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: tirx.buffer_store %[[SUM]], %[[R]][%[[ROW]]] : !tirx.buffer<8xf32, global>
// CHECK-NEXT: }
tirx.prim_func @reduce_drop(%A: !tirx.buffer<8x16xf32, global>, %R: !tirx.buffer<8xf32, global>) {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [32]
    tirx.tile.reduce sum <cta> %R, %A axes [1] dispatch "generic" : !tirx.buffer<8xf32, global>, !tirx.buffer<8x16xf32, global>
  }
  tirx.return
}

// Keeping the axis as 1: max over axis 1 into 8x1, init -inf, stored at
// column 0.
// CHECK-LABEL: tirx.prim_func @reduce_keep
// CHECK-SAME: (%[[A:.*]]: !tirx.buffer<8x16xf32, global>, %[[R:.*]]: !tirx.buffer<8x1xf32, global>)
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK: scf.for %[[ROW:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: %[[INIT:.*]] = arith.constant 0xFF800000 : f32
// CHECK: %[[MAX:.*]] = scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[INIT]]) -> (f32) {
// CHECK: %[[V:.*]] = tirx.buffer_load %[[A]][%[[ROW]], %{{.*}}] : !tirx.buffer<8x16xf32, global>
// CHECK-NEXT: %[[NEXT:.*]] = arith.maximumf %[[ACC]], %[[V]] : f32
// CHECK-NEXT: scf.yield %[[NEXT]] : f32
// CHECK-NEXT: }
// CHECK: tirx.buffer_store %[[MAX]], %[[R]][%[[ROW]], %[[C0]]] : !tirx.buffer<8x1xf32, global>
tirx.prim_func @reduce_keep(%A: !tirx.buffer<8x16xf32, global>, %R: !tirx.buffer<8x1xf32, global>) {
  tirx.device_entry {
    tirx.tile.reduce max <thread> %R, %A axes [1] : !tirx.buffer<8x1xf32, global>, !tirx.buffer<8x16xf32, global>
  }
  tirx.return
}

// Two reduced axes (0 and 2 of 2x8x3x4) walked as one loop of 6, the last
// reduced axis fastest; integer min starts at INT32_MAX; warp scope.
// CHECK-LABEL: tirx.prim_func @reduce_axes
// CHECK-SAME: (%[[A:.*]]: !tirx.buffer<2x8x3x4xi32, global>, %[[R:.*]]: !tirx.buffer<8x4xi32, global>)
// CHECK: %[[LANE:.*]] = tirx.scope_id_def warp -> thread [32]
// CHECK: scf.for %[[E:.*]] = %[[LANE]] to %{{.*}} step %{{.*}} {
// CHECK-NEXT: %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT: %[[D3:.*]] = arith.remui %[[E]], %[[C4]] : index
// CHECK-NEXT: %[[D1:.*]] = arith.divui %[[E]], %[[C4]] : index
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[INIT:.*]] = arith.constant 2147483647 : i32
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[SIX:.*]] = arith.constant 6 : index
// CHECK: %[[MIN:.*]] = scf.for %[[X:.*]] = %[[ZERO]] to %[[SIX]] step %[[ONE]] iter_args(%[[ACC:.*]] = %[[INIT]]) -> (i32) {
// CHECK-NEXT: %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[D2:.*]] = arith.remui %[[X]], %[[C3]] : index
// CHECK-NEXT: %[[D0:.*]] = arith.divui %[[X]], %[[C3]] : index
// CHECK: %[[V:.*]] = tirx.buffer_load %[[A]][%[[D0]], %[[D1]], %[[D2]], %[[D3]]] : !tirx.buffer<2x8x3x4xi32, global>
// CHECK-NEXT: %[[NEXT:.*]] = arith.minsi %[[ACC]], %[[V]] : i32
// CHECK-NEXT: scf.yield %[[NEXT]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: tirx.buffer_store %[[MIN]], %[[R]][%[[D1]], %[[D3]]] : !tirx.buffer<8x4xi32, global>
// CHECK-NEXT: }
tirx.prim_func @reduce_axes(%A: !tirx.buffer<2x8x3x4xi32, global>, %R: !tirx.buffer<8x4xi32, global>) {
  tirx.device_entry {
    %w = tirx.scope_id_def cta -> warp [1]
    tirx.tile.reduce min <warp> %R, %A axes [0, 2] dispatch "generic" : !tirx.buffer<8x4xi32, global>, !tirx.buffer<2x8x3x4xi32, global>
  }
  tirx.return
}

//===----------------------------------------------------------------------===//
// gemm (generic): each thread owns C elements and runs a serial K loop in C's
// dtype; accum selects between the old C and zero.
//===----------------------------------------------------------------------===//

// An f16 accumulator makes mma_sync decline, so the warp-scope gemm falls back
// to generic: C[m, n] = (accum ? C[m, n] : 0) + sum_k A[m, k] * B[k, n].
// CHECK-LABEL: tirx.prim_func @gemm_generic
// CHECK-SAME: (%[[A:.*]]: !tirx.buffer<16x32xf16, global>, %[[B:.*]]: !tirx.buffer<32x8xf16, global>, %[[C:.*]]: !tirx.buffer<16x8xf16, global>, %[[ACCUM:.*]]: i1)
// CHECK: %[[LANE:.*]] = tirx.scope_id_def warp -> thread [32]
// CHECK-NEXT: %[[STEP:.*]] = arith.constant 32 : index
// CHECK-NEXT: %[[MN:.*]] = arith.constant 128 : index
// CHECK-NEXT: scf.for %[[E:.*]] = %[[LANE]] to %[[MN]] step %[[STEP]] {
// CHECK-NEXT: %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT: %[[N:.*]] = arith.remui %[[E]], %[[C8]] : index
// CHECK-NEXT: %[[M:.*]] = arith.divui %[[E]], %[[C8]] : index
// CHECK-NEXT: arith.constant 16 : index
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f16
// CHECK: %[[OLD:.*]] = tirx.buffer_load %[[C]][%[[M]], %[[N]]] : !tirx.buffer<16x8xf16, global>
// CHECK-NEXT: %[[INIT:.*]] = arith.select %[[ACCUM]], %[[OLD]], %[[ZERO]] : f16
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : index
// CHECK-NEXT: %[[KN:.*]] = arith.constant 32 : index
// CHECK-NEXT: %[[K0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[SUM:.*]] = scf.for %[[K:.*]] = %[[K0]] to %[[KN]] step %[[ONE]] iter_args(%[[ACC:.*]] = %[[INIT]]) -> (f16) {
// CHECK: %[[X:.*]] = tirx.buffer_load %[[A]][%[[M]], %[[K]]] : !tirx.buffer<16x32xf16, global>
// CHECK: %[[Y:.*]] = tirx.buffer_load %[[B]][%[[K]], %[[N]]] : !tirx.buffer<32x8xf16, global>
// CHECK-NEXT: %[[P:.*]] = arith.mulf %[[X]], %[[Y]] : f16
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[ACC]], %[[P]] : f16
// CHECK-NEXT: scf.yield %[[S]] : f16
// CHECK-NEXT: }
// CHECK: tirx.buffer_store %[[SUM]], %[[C]][%[[M]], %[[N]]] : !tirx.buffer<16x8xf16, global>
// CHECK-NOT: nvgpu.mma.sync
// CHECK-NOT: tirx.tile.gemm
// CHECK: tirx.return
tirx.prim_func @gemm_generic(%A: !tirx.buffer<16x32xf16, global>, %B: !tirx.buffer<32x8xf16, global>,
                             %C: !tirx.buffer<16x8xf16, global>, %accum: i1) {
  tirx.device_entry {
    %w = tirx.scope_id_def cta -> warp [2]
    tirx.tile.gemm <warp> %C, %A, %B, accum %accum : !tirx.buffer<16x8xf16, global>, !tirx.buffer<16x32xf16, global>, !tirx.buffer<32x8xf16, global>
  }
  tirx.return
}

// An explicit dispatch "generic" keeps an mma_sync-shaped gemm (warp scope,
// f16 x f16 -> f32, 16x8x16) on the generic path; inputs widen to f32.
// Both operands transposed: A is read at [k, m], B at [n, k].
// CHECK-LABEL: tirx.prim_func @gemm_generic_requested
// CHECK-SAME: (%[[A:.*]]: !tirx.buffer<16x16xf16, global>, %[[B:.*]]: !tirx.buffer<8x16xf16, global>, %[[C:.*]]: !tirx.buffer<16x8xf32, global>)
// CHECK: scf.for %[[E:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK-NEXT: %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT: %[[N:.*]] = arith.remui %[[E]], %[[C8]] : index
// CHECK-NEXT: %[[M:.*]] = arith.divui %[[E]], %[[C8]] : index
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (f32) {
// CHECK: %[[X:.*]] = tirx.buffer_load %[[A]][%[[K]], %[[M]]] : !tirx.buffer<16x16xf16, global>
// CHECK-NEXT: %[[XW:.*]] = arith.extf %[[X]] : f16 to f32
// CHECK: %[[Y:.*]] = tirx.buffer_load %[[B]][%[[N]], %[[K]]] : !tirx.buffer<8x16xf16, global>
// CHECK-NEXT: %[[YW:.*]] = arith.extf %[[Y]] : f16 to f32
// CHECK-NEXT: %[[P:.*]] = arith.mulf %[[XW]], %[[YW]] : f32
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[ACC]], %[[P]] : f32
// CHECK-NEXT: scf.yield %[[S]] : f32
// CHECK-NOT: nvgpu.mma.sync
// CHECK: tirx.return
tirx.prim_func @gemm_generic_requested(%A: !tirx.buffer<16x16xf16, global>, %B: !tirx.buffer<8x16xf16, global>,
                                       %C: !tirx.buffer<16x8xf32, global>) {
  tirx.device_entry {
    %w = tirx.scope_id_def cta -> warp [1]
    %true = arith.constant true
    tirx.tile.gemm <warp> %C, %A, %B, accum %true transpose_A transpose_B dispatch "generic" : !tirx.buffer<16x8xf32, global>, !tirx.buffer<16x16xf16, global>, !tirx.buffer<8x16xf16, global>
  }
  tirx.return
}

// CTA scope, i8 x i8 -> i32 with leading unit dimensions (indexed with 0) and
// A taken from a region at row 16; C in shared memory, so a barrier follows.
// CHECK-LABEL: tirx.prim_func @gemm_generic_int
// CHECK: %[[C16:.*]] = arith.constant 16 : index
// CHECK: %[[A:.*]] = tirx.alloc_buffer : !tirx.buffer<1x32x32xi8, shared>
// CHECK: %[[B:.*]] = tirx.alloc_buffer : !tirx.buffer<1x1x32x8xi8, shared>
// CHECK: %[[C:.*]] = tirx.alloc_buffer : !tirx.buffer<16x8xi32, shared>
// CHECK: %[[ZC:.*]] = arith.constant 0 : index
// CHECK: %[[ZB:.*]] = arith.constant 0 : index
// CHECK: %[[T:.*]] = tirx.scope_id_def cta -> thread [64]
// CHECK: scf.for %[[E:.*]] = %[[T]] to %{{.*}} step %{{.*}} {
// CHECK: %[[N:.*]] = arith.remui %[[E]]
// CHECK-NEXT: %[[M:.*]] = arith.divui %[[E]]
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (i32) {
// CHECK: %[[AM:.*]] = arith.addi %[[M]], %[[C16]] : index
// CHECK-NEXT: %[[X:.*]] = tirx.buffer_load %[[A]][%{{.*}}, %[[AM]], %[[K]]] : !tirx.buffer<1x32x32xi8, shared>
// CHECK-NEXT: %[[XW:.*]] = arith.extsi %[[X]] : i8 to i32
// CHECK: %[[Y:.*]] = tirx.buffer_load %[[B]][%[[ZB]], %[[ZB]], %[[K]], %[[N]]] : !tirx.buffer<1x1x32x8xi8, shared>
// CHECK-NEXT: %[[YW:.*]] = arith.extsi %[[Y]] : i8 to i32
// CHECK-NEXT: %[[P:.*]] = arith.muli %[[XW]], %[[YW]] : i32
// CHECK-NEXT: %[[S:.*]] = arith.addi %[[ACC]], %[[P]] : i32
// CHECK-NEXT: scf.yield %[[S]] : i32
// CHECK: tirx.buffer_store %{{.*}}, %[[C]][%[[M]], %[[N]]] : !tirx.buffer<16x8xi32, shared>
// CHECK-NEXT: }
// CHECK-NEXT: gpu.barrier
tirx.prim_func @gemm_generic_int() {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [64]
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %true = arith.constant true
    %A = tirx.alloc_buffer : !tirx.buffer<1x32x32xi8, shared>
    %B = tirx.alloc_buffer : !tirx.buffer<1x1x32x8xi8, shared>
    %C = tirx.alloc_buffer : !tirx.buffer<16x8xi32, shared>
    %Ar = tirx.region %A[%c0 : 1, %c16 : 16, %c0 : 32] : !tirx.buffer<1x32x32xi8, shared>
    tirx.tile.gemm <cta> %C, %Ar, %B, accum %true : !tirx.buffer<16x8xi32, shared>, !tirx.region<1x16x32, !tirx.buffer<1x32x32xi8, shared>>, !tirx.buffer<1x1x32x8xi8, shared>
  }
  tirx.return
}

//===----------------------------------------------------------------------===//
// gemm (mma_sync): warp scope, f16/bf16 inputs, f32 accumulator, M, N, K
// multiples of 16, 8, 16, on sm_80+. Register-blocked: every 16x8 tile of C
// is one SSA fragment for the whole gemm (read once, selected against zero
// by accum; written once), so its indices are constants per lane; each K
// step loads A's fragment once per 16-row band and B's once per 8-column
// band, then issues every tile's nvgpu.mma.sync m16n8k16, on fragments in
// the PTX register layout of m16n8k16 (g = lane / 4, t = lane % 4): A (g |
// g+8, 2t..2t+1 | 2t+8..2t+9), B (2t..2t+1 | 2t+8..2t+9, g), C (g | g+8,
// 2t..2t+1). Up to 4 K steps are unrolled; no loop at all here.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: tirx.prim_func @mma_16x8x16
// CHECK-SAME: (%[[A:.*]]: !tirx.buffer<16x16xf16, global>, %[[B:.*]]: !tirx.buffer<16x8xf16, global>, %[[C:.*]]: !tirx.buffer<16x8xf32, global>, %[[ACCUM:.*]]: i1)
// CHECK: %[[LANE:.*]] = tirx.scope_id_def warp -> thread [32]
// CHECK: %[[G:.*]] = arith.divui %[[LANE]], %{{.*}} : index
// CHECK: %[[T:.*]] = arith.remui %[[LANE]], %{{.*}} : index
// CHECK: %[[T2:.*]] = arith.muli %[[T]], %{{.*}} : index
// CHECK-NOT: scf.for
// C fragment: four elements, each selected against zero by accum.
// CHECK: %[[OLD0:.*]] = tirx.buffer_load %[[C]][%[[G]], %[[T2]]] : !tirx.buffer<16x8xf32, global>
// CHECK-NEXT: arith.select %[[ACCUM]], %[[OLD0]], %{{.*}} : f32
// CHECK-COUNT-3: tirx.buffer_load %[[C]]
// CHECK: %[[ACC0:.*]] = vector.from_elements %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : vector<2x2xf32>
// CHECK-NOT: scf.for
// A fragment: 8 halves, the first at (g, 2t).
// CHECK: tirx.buffer_load %[[A]][%[[G]], %[[T2]]] : !tirx.buffer<16x16xf16, global>
// CHECK-COUNT-7: tirx.buffer_load %[[A]]
// CHECK: %[[FA:.*]] = vector.from_elements {{.*}} : vector<4x2xf16>
// B fragment: 4 halves, the first at (2t, g). (Operands in global memory
// are loaded element-wise; ldmatrix reads shared memory only.)
// CHECK: tirx.buffer_load %[[B]][%[[T2]], %[[G]]] : !tirx.buffer<16x8xf16, global>
// CHECK-COUNT-3: tirx.buffer_load %[[B]]
// CHECK: %[[FB:.*]] = vector.from_elements {{.*}} : vector<2x2xf16>
// CHECK-NEXT: %[[D:.*]] = nvgpu.mma.sync(%[[FA]], %[[FB]], %[[ACC0]]) {mmaShape = [16, 8, 16]} : (vector<4x2xf16>, vector<2x2xf16>, vector<2x2xf32>) -> vector<2x2xf32>
// The result fragment goes back to C.
// CHECK: %[[E0:.*]] = vector.extract %[[D]][0, 0] : f32 from vector<2x2xf32>
// CHECK: tirx.buffer_store %[[E0]], %[[C]][%[[G]], %[[T2]]] : !tirx.buffer<16x8xf32, global>
// CHECK: vector.extract %[[D]][0, 1] : f32 from vector<2x2xf32>
// CHECK: vector.extract %[[D]][1, 0] : f32 from vector<2x2xf32>
// CHECK: vector.extract %[[D]][1, 1] : f32 from vector<2x2xf32>
// CHECK-NOT: tirx.tile.gemm
// CHECK: tirx.return
tirx.prim_func @mma_16x8x16(%A: !tirx.buffer<16x16xf16, global>, %B: !tirx.buffer<16x8xf16, global>,
                            %C: !tirx.buffer<16x8xf32, global>, %accum: i1) {
  tirx.device_entry {
    %w = tirx.scope_id_def cta -> warp [4]
    tirx.tile.gemm <warp> %C, %A, %B, accum %accum : !tirx.buffer<16x8xf32, global>, !tirx.buffer<16x16xf16, global>, !tirx.buffer<16x8xf16, global>
  }
  tirx.return
}

// bf16 from shared memory with B given as N x K (transpose_B): both
// fragments come from ldmatrix. Lane l passes the address of row l % 8 of
// matrix (l / 8) % num: A takes x4 per 16-row band (rows m0 / m0 + 8 by
// k0 / k0 + 8), B x4 per pair of 8-column bands (rows n0 / n0 + 8, chunks
// k0 / k0 + 8), both without .trans since both are stored K-major.
// 32x16x32: two K steps, each two A loads, one B load and four mma.syncs.
// CHECK-LABEL: tirx.prim_func @mma_bf16_transpose_b
// CHECK: %[[AS:.*]] = tirx.alloc_buffer : !tirx.buffer<32x32xbf16, shared>
// CHECK: %[[BS:.*]] = tirx.alloc_buffer : !tirx.buffer<16x32xbf16, shared>
// CHECK: %[[LANE:.*]] = tirx.scope_id_def warp -> thread [32]
// CHECK-NOT: scf.for
// CHECK: %[[MAT:.*]] = arith.remui %{{.*}}, %c4{{(_[0-9]+)?}} : index
// CHECK: tirx.address_of %[[AS]][%{{.*}}, %{{.*}}] : !tirx.buffer<32x32xbf16, shared>
// CHECK: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
// CHECK-COUNT-4: llvm.bitcast %{{.*}} : i32 to vector<2xbf16>
// CHECK: tirx.address_of %[[AS]]
// CHECK: nvvm.ldmatrix {{.*}} num = 4
// CHECK: tirx.address_of %[[BS]][%{{.*}}, %{{.*}}] : !tirx.buffer<16x32xbf16, shared>
// CHECK: nvvm.ldmatrix %{{.*}} {eltType = #nvvm.ld_st_matrix_elt_type<b16>, layout = #nvvm.mma_layout<row>, num = 4 : i32, shape = #nvvm.ld_st_matrix_shape<m = 8, n = 8>} : (!llvm.ptr<3>) -> !llvm.struct<(i32, i32, i32, i32)>
// bf16 is nvvm.mma.sync (upstream's nvgpu.mma.sync lowering cannot deduce
// bf16 operand types): the fragments' rows as i32 registers.
// CHECK-COUNT-4: nvvm.mma.sync A[{{.*}}]  B[{{.*}}]  C[{{.*}}]  {layoutA = #nvvm.mma_layout<row>, layoutB = #nvvm.mma_layout<col>, multiplicandAPtxType = #nvvm.mma_type<bf16>, multiplicandBPtxType = #nvvm.mma_type<bf16>, shape = #nvvm.shape<m = 16, n = 8, k = 16>} : (i32, i32, f32) -> !llvm.struct<(f32, f32, f32, f32)>
// The second K step.
// CHECK: tirx.address_of %[[AS]]
// CHECK: tirx.address_of %[[AS]]
// CHECK: tirx.address_of %[[BS]]
// CHECK-COUNT-4: nvvm.mma.sync
// CHECK-NOT: nvvm.mma.sync
// CHECK-NOT: tirx.buffer_load %[[AS]]
// CHECK-NOT: tirx.buffer_load %[[BS]]
// CHECK-NOT: tirx.tile.gemm
tirx.prim_func @mma_bf16_transpose_b(%C: !tirx.buffer<32x16xf32, global>) {
  tirx.device_entry {
    %w = tirx.scope_id_def cta -> warp [1]
    %true = arith.constant true
    %As = tirx.alloc_buffer : !tirx.buffer<32x32xbf16, shared>
    %Bs = tirx.alloc_buffer : !tirx.buffer<16x32xbf16, shared>
    tirx.tile.gemm <warp> %C, %As, %Bs, accum %true transpose_B : !tirx.buffer<32x16xf32, global>, !tirx.buffer<32x32xbf16, shared>, !tirx.buffer<16x32xbf16, shared>
  }
  tirx.return
}

// An odd number of 8-column bands: B stored K x N takes ldmatrix x4 .trans
// for the first pair and x2 .trans for the last band.
// CHECK-LABEL: tirx.prim_func @mma_odd_n
// CHECK: %[[BS:.*]] = tirx.alloc_buffer : !tirx.buffer<16x24xf16, shared>
// CHECK: tirx.address_of %[[BS]]
// CHECK-NEXT: llvm.inttoptr
// CHECK-NEXT: nvvm.ldmatrix {{.*}} layout = #nvvm.mma_layout<col>, num = 4
// CHECK: tirx.address_of %[[BS]]
// CHECK-NEXT: llvm.inttoptr
// CHECK-NEXT: nvvm.ldmatrix {{.*}} layout = #nvvm.mma_layout<col>, num = 2
// CHECK-COUNT-3: nvgpu.mma.sync
// CHECK-NOT: nvgpu.mma.sync
// CHECK: tirx.return
tirx.prim_func @mma_odd_n(%C: !tirx.buffer<16x24xf32, global>) {
  tirx.device_entry {
    %w = tirx.scope_id_def cta -> warp [1]
    %true = arith.constant true
    %As = tirx.alloc_buffer : !tirx.buffer<16x16xf16, shared>
    %Bs = tirx.alloc_buffer : !tirx.buffer<16x24xf16, shared>
    tirx.tile.gemm <warp> %C, %As, %Bs, accum %true : !tirx.buffer<16x24xf32, global>, !tirx.buffer<16x16xf16, shared>, !tirx.buffer<16x24xf16, shared>
  }
  tirx.return
}

// More than 32 C tiles (here 8 x 8) would not fit in registers as SSA
// fragments: a loop per 16x8 tile, each with its own K loop.
// CHECK-LABEL: tirx.prim_func @mma_many_tiles
// CHECK: scf.for %{{.*}} = %c0{{(_[0-9]+)?}} to %c128{{(_[0-9]+)?}} step %c16{{(_[0-9]+)?}} {
// CHECK: scf.for %{{.*}} = %c0{{(_[0-9]+)?}} to %c64{{(_[0-9]+)?}} step %c8{{(_[0-9]+)?}} {
// CHECK: scf.for %{{.*}} iter_args(%{{.*}} = %{{.*}}) -> (vector<2x2xf32>) {
// CHECK-COUNT-1: nvgpu.mma.sync
// CHECK-NOT: nvgpu.mma.sync
// CHECK: tirx.return
tirx.prim_func @mma_many_tiles(%A: !tirx.buffer<128x16xf16, global>, %B: !tirx.buffer<16x64xf16, global>,
                               %C: !tirx.buffer<128x64xf32, global>) {
  tirx.device_entry {
    %w = tirx.scope_id_def cta -> warp [1]
    %true = arith.constant true
    tirx.tile.gemm <warp> %C, %A, %B, accum %true : !tirx.buffer<128x64xf32, global>, !tirx.buffer<128x16xf16, global>, !tirx.buffer<16x64xf16, global>
  }
  tirx.return
}

// Eight K steps are more than the four unrolled: one scf.for over K carries
// all the C fragments (2 tiles here).
// CHECK-LABEL: tirx.prim_func @mma_long_k
// CHECK: scf.for %{{.*}} = %c0{{(_[0-9]+)?}} to %c128{{(_[0-9]+)?}} step %c16{{(_[0-9]+)?}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) -> (vector<2x2xf32>, vector<2x2xf32>) {
// CHECK-COUNT-2: nvgpu.mma.sync
// CHECK: scf.yield %{{.*}}, %{{.*}} : vector<2x2xf32>, vector<2x2xf32>
// CHECK-NOT: nvgpu.mma.sync
// CHECK: tirx.return
tirx.prim_func @mma_long_k(%A: !tirx.buffer<16x128xf16, global>, %B: !tirx.buffer<128x16xf16, global>,
                           %C: !tirx.buffer<16x16xf32, global>) {
  tirx.device_entry {
    %w = tirx.scope_id_def cta -> warp [1]
    %true = arith.constant true
    tirx.tile.gemm <warp> %C, %A, %B, accum %true : !tirx.buffer<16x16xf32, global>, !tirx.buffer<16x128xf16, global>, !tirx.buffer<128x16xf16, global>
  }
  tirx.return
}
