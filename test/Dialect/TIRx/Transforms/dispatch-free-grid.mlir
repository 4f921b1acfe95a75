// RUN: uop-opt %s --tirx-dispatch-tile-primitives="chip=sm_80" --canonicalize --cse | FileCheck %s
// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_80" | uop-translate --mlir-to-ptx --chip=sm_80 | FileCheck %s --check-prefix=PTX
//
// A kernel-scope tile op over a free grid (`kernel -> cta [?]`): the loop
// strides over every thread of the grid the kernel is launched with, whose
// size only the launch knows. Dispatch used to multiply the free extent's
// marker into the thread count and build a `kernel -> thread [0]` scope id,
// which failed verification.

// CHECK-LABEL: tirx.prim_func @fill_free_grid
// CHECK-DAG:  %[[C128:.*]] = arith.constant 128 : index
// CHECK-DAG:  %[[END:.*]] = arith.constant 65536 : index
// CHECK:      %[[CTA:.*]] = tirx.scope_id_def kernel -> cta [?] preferred [132]
// CHECK-NEXT: %[[N:.*]] = tirx.scope_extent %[[CTA]]
// CHECK-NEXT: %[[TX:.*]] = tirx.scope_id_def cta -> thread [128]
// CHECK-NEXT: %[[BASE:.*]] = arith.muli %[[CTA]], %[[C128]] : index
// CHECK-NEXT: %[[TID:.*]] = arith.addi %[[BASE]], %[[TX]] : index
// CHECK-NEXT: %[[COUNT:.*]] = arith.muli %[[N]], %[[C128]] : index
// CHECK-NEXT: scf.for %{{.*}} = %[[TID]] to %[[END]] step %[[COUNT]]
// PTX-LABEL: .entry fill_free_grid
// PTX: mov.u32 {{.*}}, %nctaid.x;
tirx.prim_func @fill_free_grid(%A: !tirx.buffer<65536xf32, global>) {
  tirx.device_entry {
    %cta = tirx.scope_id_def kernel -> cta [?] preferred [132]
    %t = tirx.scope_id_def cta -> thread [128]
    %x = arith.constant 1.0 : f32
    tirx.tile.fill <kernel> %A, %x : !tirx.buffer<65536xf32, global>, f32
  }
  tirx.return
}

// Two dimensions, one free: the CTA's index (y * nx + x) and the count
// (nx * 4 CTAs * 64 threads) read the free extent at run time, the static
// one folds.
// CHECK-LABEL: tirx.prim_func @copy_half_free
// CHECK-DAG:  %[[C64:.*]] = arith.constant 64 : index
// CHECK-DAG:  %[[C256:.*]] = arith.constant 256 : index
// CHECK:      %[[B:.*]]:2 = tirx.scope_id_def kernel -> cta [?, 4] preferred [16, 4]
// CHECK-NEXT: %[[NX:.*]] = tirx.scope_extent %[[B]]#0
// CHECK-NEXT: %[[ROW:.*]] = arith.muli %[[B]]#1, %[[NX]] : index
// CHECK-NEXT: %[[CTA:.*]] = arith.addi %[[ROW]], %[[B]]#0 : index
// CHECK-NEXT: %[[TX:.*]] = tirx.scope_id_def cta -> thread [64]
// CHECK-NEXT: %[[BASE:.*]] = arith.muli %[[CTA]], %[[C64]] : index
// CHECK-NEXT: %[[TID:.*]] = arith.addi %[[BASE]], %[[TX]] : index
// CHECK-NEXT: %[[COUNT:.*]] = arith.muli %[[NX]], %[[C256]] : index
// CHECK-NEXT: scf.for %{{.*}} = %[[TID]] to %{{.*}} step %[[COUNT]]
// PTX-LABEL: .entry copy_half_free
// PTX: %nctaid.x
tirx.prim_func @copy_half_free(%A: !tirx.buffer<64x256xf32, global>, %B: !tirx.buffer<64x256xf32, global>) {
  tirx.device_entry {
    %bx, %by = tirx.scope_id_def kernel -> cta [?, 4] preferred [16, 4]
    %t = tirx.scope_id_def cta -> thread [64]
    tirx.tile.copy <kernel> %B, %A : !tirx.buffer<64x256xf32, global>, !tirx.buffer<64x256xf32, global>
  }
  tirx.return
}
