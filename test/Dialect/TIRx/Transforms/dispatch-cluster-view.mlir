// RUN: uop-opt %s -split-input-file --tirx-dispatch-tile-primitives="chip=sm_90a" | FileCheck %s
// RUN: uop-opt %s -split-input-file --tirx-to-nvvm="chip=sm_90a" | FileCheck --check-prefix=NVVM %s
// RUN: not uop-opt %s -split-input-file --tirx-to-nvvm="chip=sm_80" -o /dev/null 2>&1 | FileCheck --check-prefix=SM80 %s
// test/Target/PTX/dsmem-ptxas.mlir assembles these kernels.
//
// Copies through distributed shared memory: a tirx.cluster_view names the
// copy of a shared buffer in another CTA of the cluster, and tile ops take
// it as any shared buffer. tirx-dispatch-tile-primitives picks the same
// implementations (16-byte vectors where the layouts allow); its accesses
// of the view convert to nvvm.mapa of this CTA's address and LLVM loads and
// stores in the .shared::cluster address space (7).

// Each CTA of a pair loads its half of A, the pair synchronises, and each
// pulls its peer's half out of the peer's shared memory (cta scope: this
// CTA's 128 threads), then writes it to B: B is A with the halves swapped.
// CHECK-LABEL: tirx.prim_func @swap_halves
// CHECK: %[[PEER:.*]] = tirx.cluster_view %{{.*}} rank %{{.*}} : !tirx.buffer<128xf32, shared> -> !tirx.buffer<128xf32, shared_cluster>
// CHECK: tirx.vector_load %[[PEER]][%{{.*}}] : !tirx.buffer<128xf32, shared_cluster> -> vector<4xf32>
// CHECK-NEXT: tirx.vector_store %{{.*}} : vector<4xf32>, !tirx.buffer<128xf32, shared>
// NVVM-LABEL: llvm.func @swap_halves
// NVVM: %[[R:.*]] = nvvm.mapa %{{.*}}, %{{.*}} : !llvm.ptr<3> -> !llvm.ptr<7>
// NVVM: %[[P:.*]] = llvm.getelementptr %[[R]][%{{.*}}] : (!llvm.ptr<7>, i64) -> !llvm.ptr<7>, f32
// NVVM-NEXT: llvm.load %[[P]] {alignment = 16 : i64} : !llvm.ptr<7> -> vector<4xf32>
tirx.prim_func @swap_halves(%A: !tirx.buffer<256xf32, global>, %B: !tirx.buffer<256xf32, global>) {
  tirx.device_entry {
    %r = tirx.scope_id_def cluster -> cta [2]
    %t = tirx.scope_id_def cta -> thread [128]
    %c1 = arith.constant 1 : index
    %c128 = arith.constant 128 : index
    %S = tirx.alloc_buffer : !tirx.buffer<128xf32, shared>
    %D = tirx.alloc_buffer : !tirx.buffer<128xf32, shared>
    %base = arith.muli %r, %c128 : index
    %a = tirx.region %A[%base : 128] : !tirx.buffer<256xf32, global>
    tirx.tile.copy <cta> %S, %a : !tirx.buffer<128xf32, shared>, !tirx.region<128, !tirx.buffer<256xf32, global>>
    nvvm.cluster.arrive
    nvvm.cluster.wait
    %p = arith.xori %r, %c1 : index
    %pi = arith.index_cast %p : index to i32
    %peer = tirx.cluster_view %S rank %pi : !tirx.buffer<128xf32, shared> -> !tirx.buffer<128xf32, shared_cluster>
    tirx.tile.copy <cta> %D, %peer : !tirx.buffer<128xf32, shared>, !tirx.buffer<128xf32, shared_cluster>
    // The peer reads this CTA's S: neither leaves before both are done.
    nvvm.cluster.arrive
    nvvm.cluster.wait
    %b = tirx.region %B[%base : 128] : !tirx.buffer<256xf32, global>
    tirx.tile.copy <cta> %b, %D : !tirx.region<128, !tirx.buffer<256xf32, global>>, !tirx.buffer<128xf32, shared>
  }
  tirx.return
}

// -----

// One thread pushes its registers (a local buffer: the generic copy, element
// by element) into a swizzled buffer of CTA 0: a cluster view keeps the
// source's layout, so each element lands where CTA 0's own accesses read it.
// CHECK-LABEL: tirx.prim_func @push_swizzled
// CHECK: %[[PEER:.*]] = tirx.cluster_view
// CHECK: tirx.buffer_store %{{.*}}, %[[PEER]][%{{.*}}, %{{.*}}] : !tirx.buffer<8x64xf16, shared_cluster, #tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>>
// NVVM-LABEL: llvm.func @push_swizzled
// NVVM: nvvm.mapa %{{.*}}, %{{.*}} : !llvm.ptr<3> -> !llvm.ptr<7>
// NVVM: llvm.store %{{.*}}, %{{.*}} {alignment = 2 : i64} : f16, !llvm.ptr<7>
!Z = !tirx.buffer<8x64xf16, shared, #tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>>
!ZR = !tirx.buffer<8x64xf16, shared_cluster, #tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>>
tirx.prim_func @push_swizzled(%A: !tirx.buffer<8x64xf16, global>) {
  tirx.device_entry {
    %r = tirx.scope_id_def cluster -> cta [4]
    %t = tirx.scope_id_def cta -> thread [1]
    %c0 = arith.constant 0 : i32
    %S = tirx.alloc_buffer : !Z
    %L = tirx.alloc_buffer : !tirx.buffer<8x64xf16, local>
    tirx.tile.copy <thread> %L, %A : !tirx.buffer<8x64xf16, local>, !tirx.buffer<8x64xf16, global>
    %zero = tirx.cluster_view %S rank %c0 : !Z -> !ZR
    tirx.tile.copy <thread> %zero, %L : !ZR, !tirx.buffer<8x64xf16, local>
    nvvm.cluster.arrive
    nvvm.cluster.wait
  }
  tirx.return
}

// -----

// Cluster scope: the cluster's 256 threads together copy CTA 0's tile into
// CTA 1's, both named by cluster views (the flattened cluster -> thread id
// strides over the elements).
// CHECK-LABEL: tirx.prim_func @cluster_scope
// CHECK-NOT: tirx.tile.copy
// NVVM-LABEL: llvm.func @cluster_scope
// NVVM-COUNT-2: nvvm.mapa
// NVVM: nvvm.read.ptx.sreg.cluster.ctaid.x
// NVVM: llvm.load %{{.*}} {alignment = 16 : i64} : !llvm.ptr<7> -> vector<4xf32>
// NVVM: llvm.store %{{.*}}, %{{.*}} {alignment = 16 : i64} : vector<4xf32>, !llvm.ptr<7>
tirx.prim_func @cluster_scope() {
  tirx.device_entry {
    %r = tirx.scope_id_def cluster -> cta [2]
    %t = tirx.scope_id_def cta -> thread [128]
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %S = tirx.alloc_buffer : !tirx.buffer<16x64xf32, shared>
    %from = tirx.cluster_view %S rank %c0 : !tirx.buffer<16x64xf32, shared> -> !tirx.buffer<16x64xf32, shared_cluster>
    %to = tirx.cluster_view %S rank %c1 : !tirx.buffer<16x64xf32, shared> -> !tirx.buffer<16x64xf32, shared_cluster>
    nvvm.cluster.arrive
    nvvm.cluster.wait
    tirx.tile.copy <cluster> %to, %from : !tirx.buffer<16x64xf32, shared_cluster>, !tirx.buffer<16x64xf32, shared_cluster>
    nvvm.cluster.arrive
    nvvm.cluster.wait
  }
  tirx.return
}

// SM80: error: thread-block clusters need sm_90 or newer, target is sm_80
