// RUN: uop-opt %s --tirx-lower-layouts --convert-tirx-to-gpu | FileCheck %s
//
// Regression test (was a bug (wrong diagnostic, valid input rejected)): tirx.address_of
// through a tirx.decl_buffer view of a tmem buffer (a view the verifier
// accepts: same TLane/TCol spans, see tmem-view-span.mlir) fails in
// convert-tirx-to-gpu with
//   error: expected a flat access; run tirx-lower-layouts first
// even after tirx-lower-layouts (which leaves tmem addresses alone by
// design). The tmem path only recognises address_of whose buffer is the
// alloc_buffer itself (tmemBase is keyed by the allocation; the decl_buffer
// case maps memrefOf only), so the view falls through to the flat
// global/shared path. Expected: the view resolves to its allocation's base
// plus (TLane << 16) + TCol of the element through the view's layout -- here
// (TLane, TCol) = (%i, 16 * %i + %i).

// CHECK-LABEL: gpu.func @view
// CHECK: nvvm.tcgen05.alloc
// CHECK: %[[BASE:.*]] = memref.load %{{.*}} : memref<1xi32, #gpu.address_space<workgroup>>
// CHECK: arith.shli
// CHECK: %[[B64:.*]] = arith.extui %[[BASE]] : i32 to i64
// CHECK-NEXT: %[[A:.*]] = arith.addi %[[B64]], %{{.*}} : i64
// CHECK: llvm.store %[[A]]
// CHECK: nvvm.tcgen05.dealloc
// CHECK-NOT: tirx.
tirx.prim_func @view(%i: index) {
  tirx.device_entry {
    %t = tirx.alloc_buffer : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
    %v = tirx.decl_buffer %t : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>> -> !tirx.buffer<128x2x16xf32, tmem, #tirx.tile<S[(128,2,16):(1@TLane,16@TCol,1@TCol)]>>
    %a = tirx.address_of %v[%i, %i, %i] : !tirx.buffer<128x2x16xf32, tmem, #tirx.tile<S[(128,2,16):(1@TLane,16@TCol,1@TCol)]>>
    %p = llvm.inttoptr %a : i64 to !llvm.ptr
    llvm.store %a, %p : i64, !llvm.ptr
  }
  tirx.return
}
