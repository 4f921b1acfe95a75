// RUN: uop-opt %s --convert-tirx-to-gpu | FileCheck %s
//
// Tensor memory in convert-tirx-to-gpu. Each tmem alloc_buffer becomes
//   - a 1 x i32 workgroup slot (a memref.global of the gpu.module),
//   - warp 0 (thread_id x < 32) runs nvvm.tcgen05.alloc of <columns> into the
//     slot, columns = the layout's TCol span rounded up to a power of two, at
//     least 32,
//     (after bar.warp.sync: tcgen05.alloc is .sync.aligned),
//   - tcgen05.fence before / gpu.barrier / tcgen05.fence after (the
//     allocation is a tcgen05 operation published by the barrier), then
//     every thread loads the base address from the slot;
// tirx.address_of %T[i, j] becomes base + (TLane << 16) + TCol of element
// (i, j) through the layout, as i64; and before gpu.return the kernel
// synchronises (fenced gpu.barrier) and warp 0 frees every allocation
// (nvvm.tcgen05.dealloc of the address in its slot, with the same column
// count) and relinquishes the allocation permit.

// Two allocations: 128 x 40 (TCol span 40 -> 64 columns) and 128 x 8
// (8 -> the minimum 32).
// CHECK: memref.global "private" @[[G0:two_buffers_shared_0]] : memref<1xi32, #gpu.address_space<workgroup>> {alignment = 4 : i64}
// CHECK-NEXT: memref.global "private" @[[G1:two_buffers_shared_1]] : memref<1xi32, #gpu.address_space<workgroup>> {alignment = 4 : i64}
// CHECK-LABEL: gpu.func @two_buffers
// CHECK-SAME: (%[[I:.*]]: index, %[[J:.*]]: index)
// CHECK-NEXT: %[[SLOT0:.*]] = memref.get_global @[[G0]]
// CHECK-NEXT: %[[TID:.*]] = gpu.thread_id x
// CHECK-NEXT: %[[C32:.*]] = arith.constant 32 : index
// CHECK-NEXT: %[[W0:.*]] = arith.cmpi ult, %[[TID]], %[[C32]] : index
// CHECK-NEXT: scf.if %[[W0]] {
// CHECK-NEXT: %[[ALL:.*]] = arith.constant -1 : i32
// CHECK-NEXT: nvvm.bar.warp.sync %[[ALL]] : i32
// CHECK-NEXT: %[[P0:.*]] = memref.extract_aligned_pointer_as_index %[[SLOT0]]
// CHECK-NEXT: %[[P0I:.*]] = arith.index_castui %[[P0]] : index to i64
// CHECK-NEXT: %[[P0P:.*]] = llvm.inttoptr %[[P0I]] : i64 to !llvm.ptr<3>
// CHECK-NEXT: %[[N64:.*]] = arith.constant 64 : i32
// CHECK-NEXT: nvvm.tcgen05.alloc %[[P0P]], %[[N64]] : !llvm.ptr<3>, i32
// CHECK-NEXT: }
// CHECK-NEXT: nvvm.tcgen05.fence <before>
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: nvvm.tcgen05.fence <after>
// CHECK-NEXT: %[[Z0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[BASE0:.*]] = memref.load %[[SLOT0]][%[[Z0]]] : memref<1xi32, #gpu.address_space<workgroup>>
// CHECK-NEXT: %[[SLOT1:.*]] = memref.get_global @[[G1]]
// CHECK: scf.if
// CHECK-NEXT: arith.constant -1 : i32
// CHECK-NEXT: nvvm.bar.warp.sync
// CHECK: %[[N32:.*]] = arith.constant 32 : i32
// CHECK-NEXT: nvvm.tcgen05.alloc %{{.*}}, %[[N32]] : !llvm.ptr<3>, i32
// CHECK-NEXT: }
// CHECK-NEXT: nvvm.tcgen05.fence <before>
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: nvvm.tcgen05.fence <after>
// CHECK-NEXT: %[[Z1:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[BASE1:.*]] = memref.load %[[SLOT1]][%[[Z1]]] : memref<1xi32, #gpu.address_space<workgroup>>
// address_of %D[%i, %j]: (TLane << 16) + TCol with TLane = i, TCol = j of
// the 40-column layout (linearised as 40 i + j and split back).
// CHECK: %[[COL:.*]] = arith.remui %{{.*}}, %{{.*}} : index
// CHECK: %[[LANE:.*]] = arith.remui %{{.*}}, %{{.*}} : index
// CHECK: %[[C16:.*]] = arith.constant 16 : index
// CHECK-NEXT: %[[SH:.*]] = arith.shli %[[LANE]], %[[C16]] : index
// CHECK-NEXT: %[[REL:.*]] = arith.addi %[[SH]], %[[COL]] : index
// CHECK-NEXT: %[[REL64:.*]] = arith.index_castui %[[REL]] : index to i64
// CHECK-NEXT: %[[B64:.*]] = arith.extui %[[BASE0]] : i32 to i64
// CHECK-NEXT: %[[ADDR0:.*]] = arith.addi %[[B64]], %[[REL64]] : i64
// CHECK: %[[B64B:.*]] = arith.extui %[[BASE1]] : i32 to i64
// CHECK-NEXT: %[[ADDR1:.*]] = arith.addi %[[B64B]], %{{.*}} : i64
// CHECK-NEXT: %[[SUM:.*]] = arith.addi %[[ADDR0]], %[[ADDR1]] : i64
// CHECK-NEXT: %[[PTR:.*]] = llvm.inttoptr %[[SUM]] : i64 to !llvm.ptr
// CHECK-NEXT: llvm.store %[[SUM]], %[[PTR]] : i64, !llvm.ptr
// The end of the kernel: fenced barrier, warp 0 deallocates both and
// relinquishes.
// CHECK-NEXT: nvvm.tcgen05.fence <before>
// CHECK-NEXT: gpu.barrier
// CHECK-NEXT: nvvm.tcgen05.fence <after>
// CHECK-NEXT: %[[TIDE:.*]] = gpu.thread_id x
// CHECK-NEXT: %[[C32E:.*]] = arith.constant 32 : index
// CHECK-NEXT: %[[W0E:.*]] = arith.cmpi ult, %[[TIDE]], %[[C32E]] : index
// CHECK-NEXT: scf.if %[[W0E]] {
// CHECK-NEXT: arith.constant -1 : i32
// CHECK-NEXT: nvvm.bar.warp.sync
// CHECK-NEXT: %[[S0:.*]] = memref.get_global @[[G0]]
// CHECK-NEXT: %[[Z2:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[A0:.*]] = memref.load %[[S0]][%[[Z2]]]
// CHECK-NEXT: %[[T0:.*]] = llvm.inttoptr %[[A0]] : i32 to !llvm.ptr<6>
// CHECK-NEXT: %[[D64:.*]] = arith.constant 64 : i32
// CHECK-NEXT: nvvm.tcgen05.dealloc %[[T0]], %[[D64]] : !llvm.ptr<6>, i32
// CHECK-NEXT: %[[S1:.*]] = memref.get_global @[[G1]]
// CHECK-NEXT: %[[Z3:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[A1:.*]] = memref.load %[[S1]][%[[Z3]]]
// CHECK-NEXT: %[[T1:.*]] = llvm.inttoptr %[[A1]] : i32 to !llvm.ptr<6>
// CHECK-NEXT: %[[D32:.*]] = arith.constant 32 : i32
// CHECK-NEXT: nvvm.tcgen05.dealloc %[[T1]], %[[D32]] : !llvm.ptr<6>, i32
// CHECK-NEXT: nvvm.tcgen05.relinquish_alloc_permit
// CHECK-NEXT: }
// CHECK-NEXT: gpu.return
tirx.prim_func @two_buffers(%i: index, %j: index) {
  tirx.device_entry {
    %D = tirx.alloc_buffer : !tirx.buffer<128x40xf32, tmem, #tirx.tile<S[(128,40):(1@TLane,1@TCol)]>>
    %E = tirx.alloc_buffer : !tirx.buffer<128x8xf32, tmem, #tirx.tile<S[(128,8):(1@TLane,1@TCol)]>>
    %a = tirx.address_of %D[%i, %j] : !tirx.buffer<128x40xf32, tmem, #tirx.tile<S[(128,40):(1@TLane,1@TCol)]>>
    %b = tirx.address_of %E[%i, %j] : !tirx.buffer<128x8xf32, tmem, #tirx.tile<S[(128,8):(1@TLane,1@TCol)]>>
    %s = arith.addi %a, %b : i64
    %p = llvm.inttoptr %s : i64 to !llvm.ptr
    llvm.store %s, %p : i64, !llvm.ptr
  }
  tirx.return
}

// 128 x 512 is the whole tensor memory: 512 columns. With the seed's
// allocated_addr = 0 the buffer is the start of the kernel's pool of placed
// tmem buffers (tmem-allocated-addr.mlir), whose slot is named for it. A
// shared buffer keeps its own global next to the slot.
// CHECK: memref.global "private" @full_width_shared_0 : memref<64xf32, #gpu.address_space<workgroup>> {alignment = 128 : i64}
// CHECK-NEXT: memref.global "private" @full_width_tmem_pool : memref<1xi32, #gpu.address_space<workgroup>> {alignment = 4 : i64}
// CHECK-LABEL: gpu.func @full_width
// CHECK: %[[N:.*]] = arith.constant 512 : i32
// CHECK-NEXT: nvvm.tcgen05.alloc %{{.*}}, %[[N]] : !llvm.ptr<3>, i32
// CHECK: %[[N2:.*]] = arith.constant 512 : i32
// CHECK-NEXT: nvvm.tcgen05.dealloc %{{.*}}, %[[N2]] : !llvm.ptr<6>, i32
// CHECK-NEXT: nvvm.tcgen05.relinquish_alloc_permit
tirx.prim_func @full_width() {
  tirx.device_entry {
    %S = tirx.alloc_buffer : !tirx.buffer<64xf32, shared>
    %T = tirx.alloc_buffer : !tirx.buffer<128x512xf32, tmem, #tirx.tile<S[(128,512):(1@TLane,1@TCol)]>, allocated_addr = 0>
  }
  tirx.return
}

// No tmem: no slot, no tcgen05 ops, no trailing barrier.
// CHECK-LABEL: gpu.func @no_tmem
// CHECK-NOT: tcgen05
// CHECK-NOT: gpu.barrier
// CHECK: gpu.return
tirx.prim_func @no_tmem() {
  tirx.device_entry {
    %S = tirx.alloc_buffer : !tirx.buffer<64xf32, shared>
  }
  tirx.return
}
