// RUN: uop-opt %s | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | uop-opt | FileCheck %s
//
// Every op of the tirx dialect, every field of !tirx.buffer and every layout
// kind, printed in the custom form and round-tripped through the generic form.

//===----------------------------------------------------------------------===//
// prim_func, return, buffer parameters in each form, function attributes and a
// standalone #tirx.scope attribute.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: tirx.prim_func @params
// CHECK-SAME: (%{{.*}}: !tirx.buffer<1024xf32, global>,
// CHECK-SAME: %{{.*}}: !tirx.buffer<64x64xf16, global, strides = [128, 1], elem_offset = 64>,
// CHECK-SAME: %{{.*}}: !tirx.buffer<16x16xbf16, global, #tirx.tile<S[(16,16):(1,16)]>>,
// CHECK-SAME: %{{.*}}: !tirx.buffer<8xi8, global, allocated_addr = 4096>,
// CHECK-SAME: %{{.*}}: index, %{{.*}}: i32)
// CHECK-SAME: attributes {kind = #tirx.scope<warpgroup>, tirx.kernel_name = "params"}
// CHECK-NEXT: tirx.return
// CHECK-NEXT: }
tirx.prim_func @params(%A: !tirx.buffer<1024xf32, global>,
                       %B: !tirx.buffer<64x64xf16, global, strides = [128, 1], elem_offset = 64>,
                       %C: !tirx.buffer<16x16xbf16, global, #tirx.tile<S[(16,16):(1,16)]>>,
                       %D: !tirx.buffer<8xi8, global, allocated_addr = 4096>,
                       %n: index, %k: i32)
    attributes {kind = #tirx.scope<warpgroup>, tirx.kernel_name = "params"} {
  tirx.return
}

// A prim_func with results: return carries them.
// CHECK-LABEL: tirx.prim_func @with_results
// CHECK-SAME: (%[[X:.*]]: index, %[[Y:.*]]: f32) -> (index, f32)
// CHECK-NEXT: tirx.return %[[X]], %[[Y]] : index, f32
tirx.prim_func @with_results(%x: index, %y: f32) -> (index, f32) {
  tirx.return %x, %y : index, f32
}

// Every execution scope as a standalone attribute.
// CHECK-LABEL: tirx.prim_func @scope_attrs
// CHECK-SAME: attributes {scopes = [#tirx.scope<thread>, #tirx.scope<warp>, #tirx.scope<warpgroup>, #tirx.scope<cta>, #tirx.scope<cluster>, #tirx.scope<kernel>]}
tirx.prim_func @scope_attrs() attributes {scopes = [#tirx.scope<thread>, #tirx.scope<warp>, #tirx.scope<warpgroup>, #tirx.scope<cta>, #tirx.scope<cluster>, #tirx.scope<kernel>]} {
  tirx.return
}

//===----------------------------------------------------------------------===//
// Declarations: alloc_buffer (every scope, field and layout kind),
// decl_buffer, bind, scope_id_def.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: tirx.prim_func @decls
// CHECK-SAME: (%[[A:.*]]: !tirx.buffer<1024xf32, global>, %[[N:.*]]: index)
tirx.prim_func @decls(%A: !tirx.buffer<1024xf32, global>, %n: index) {
  // CHECK: tirx.device_entry {
  tirx.device_entry {
    // The defs of one kernel agree on its launch (the device_entry's
    // verifier): a grid of 2 x 2 x 2 CTAs, 1 x 2 x 2 clusters of 2, 128
    // threads per CTA.
    // CHECK-NEXT: %{{.*}}:3 = tirx.scope_id_def kernel -> cta [2, 2, 2] preferred [2, 2, 2]
    %bx, %by, %bz = tirx.scope_id_def kernel -> cta [2, 2, 2] preferred [2, 2, 2]
    // CHECK-NEXT: %{{.*}}:3 = tirx.scope_id_def kernel -> cta [2, 2, 2]
    %cx, %cy, %cz = tirx.scope_id_def kernel -> cta [2, 2, 2]
    // A free grid extent and the extent it is read through.
    // CHECK-NEXT: %[[FREE:.*]]:3 = tirx.scope_id_def kernel -> cluster [?, 2, 2] preferred [1, 2, 2]
    %fx, %fy, %fz = tirx.scope_id_def kernel -> cluster [?, 2, 2] preferred [1, 2, 2]
    // CHECK-NEXT: tirx.scope_extent %[[FREE]]#0
    %fn = tirx.scope_extent %fx
    // CHECK-NEXT: %{{.*}} = tirx.scope_id_def cta -> thread [128] preferred [256]
    %tx = tirx.scope_id_def cta -> thread [128] preferred [256]
    // CHECK-NEXT: %{{.*}} = tirx.scope_id_def cta -> warp [4]
    %w = tirx.scope_id_def cta -> warp [4]
    // CHECK-NEXT: %{{.*}} = tirx.scope_id_def cta -> warpgroup [1]
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    // CHECK-NEXT: %{{.*}} = tirx.scope_id_def warpgroup -> warp [4]
    %wiw = tirx.scope_id_def warpgroup -> warp [4]
    // CHECK-NEXT: %{{.*}} = tirx.scope_id_def warpgroup -> thread [128]
    %tiw = tirx.scope_id_def warpgroup -> thread [128]
    // CHECK-NEXT: %{{.*}}:2 = tirx.scope_id_def warp -> thread [8, 4]
    %l0, %l1 = tirx.scope_id_def warp -> thread [8, 4]
    // CHECK-NEXT: %{{.*}}:3 = tirx.scope_id_def kernel -> cluster [1, 2, 2]
    %cl:3 = tirx.scope_id_def kernel -> cluster [1, 2, 2]
    // CHECK-NEXT: %{{.*}} = tirx.scope_id_def cluster -> cta [2]
    %cr = tirx.scope_id_def cluster -> cta [2]
    // CHECK-NEXT: %{{.*}} = tirx.scope_id_def cluster -> thread [256]
    %ct = tirx.scope_id_def cluster -> thread [256]
    // CHECK-NEXT: %{{.*}} = tirx.scope_id_def kernel -> thread [4096]
    %kt = tirx.scope_id_def kernel -> thread [4096]

    // CHECK-NEXT: %[[S:.*]] = tirx.alloc_buffer : !tirx.buffer<128xf32, shared>
    %s = tirx.alloc_buffer : !tirx.buffer<128xf32, shared>
    // CHECK-NEXT: tirx.alloc_buffer : !tirx.buffer<4x4xf32, local>
    %l = tirx.alloc_buffer : !tirx.buffer<4x4xf32, local>
    // CHECK-NEXT: tirx.alloc_buffer : !tirx.buffer<128x128xf32, tmem, #tirx.tile<S[(128,128):(1@TLane,1@TCol)]>>
    %t = tirx.alloc_buffer : !tirx.buffer<128x128xf32, tmem, #tirx.tile<S[(128,128):(1@TLane,1@TCol)]>>
    // CHECK-NEXT: tirx.alloc_buffer : !tirx.buffer<4x8xf16, shared, strides = [16, 2]>
    %st = tirx.alloc_buffer : !tirx.buffer<4x8xf16, shared, strides = [16, 2]>
    // CHECK-NEXT: tirx.alloc_buffer : !tirx.buffer<4x8xf16, shared, elem_offset = 7>
    %eo = tirx.alloc_buffer : !tirx.buffer<4x8xf16, shared, elem_offset = 7>
    // CHECK-NEXT: tirx.alloc_buffer : !tirx.buffer<4x8xf16, shared, allocated_addr = 0>
    %aa = tirx.alloc_buffer : !tirx.buffer<4x8xf16, shared, allocated_addr = 0>
    // Every optional field at once, given in a different order than printed.
    // CHECK-NEXT: tirx.alloc_buffer : !tirx.buffer<4x8xf16, shared, #tirx.tile<S[(4,8):(1,4)]>, strides = [8, 1], elem_offset = 3, allocated_addr = 1024>
    %all = tirx.alloc_buffer : !tirx.buffer<4x8xf16, shared, allocated_addr = 1024, elem_offset = 3, strides = [8, 1], #tirx.tile<S[(4,8):(1,4)]>>
    // Default values of elem_offset / allocated_addr are not printed.
    // CHECK-NEXT: tirx.alloc_buffer : !tirx.buffer<2xf32, shared>
    %dflt = tirx.alloc_buffer : !tirx.buffer<2xf32, shared, elem_offset = 0, allocated_addr = -1>
    // Layout kinds: tile on threads (local), bare swizzle, compose.
    // CHECK-NEXT: tirx.alloc_buffer : !tirx.buffer<4x32xf32, local, #tirx.tile<S[(4,32):(1@warpid,1@laneid)]>>
    %tl = tirx.alloc_buffer : !tirx.buffer<4x32xf32, local, #tirx.tile<S[(4,32):(1@warpid,1@laneid)]>>
    // CHECK-NEXT: tirx.alloc_buffer : !tirx.buffer<64x64xf16, shared, #tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>>
    %sw = tirx.alloc_buffer : !tirx.buffer<64x64xf16, shared, #tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>>
    // CHECK-NEXT: tirx.alloc_buffer : !tirx.buffer<64x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %cp = tirx.alloc_buffer : !tirx.buffer<64x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    // A bare swizzle fits any shape, also in global and local scope.
    // CHECK-NEXT: tirx.alloc_buffer : !tirx.buffer<3x5xf32, local, #tirx.swizzle<per_element = 1, swizzle_len = 2, atom_len = 2, swizzle_inner = false>>
    %swl = tirx.alloc_buffer : !tirx.buffer<3x5xf32, local, #tirx.swizzle<per_element = 1, swizzle_len = 2, atom_len = 2, swizzle_inner = false>>
    // Element types.
    // CHECK-NEXT: tirx.alloc_buffer : !tirx.buffer<2x2xi64, shared>
    %i64b = tirx.alloc_buffer : !tirx.buffer<2x2xi64, shared>
    // CHECK-NEXT: tirx.alloc_buffer : !tirx.buffer<16xf8E4M3FN, shared>
    %f8b = tirx.alloc_buffer : !tirx.buffer<16xf8E4M3FN, shared>
    // CHECK-NEXT: tirx.alloc_buffer : !tirx.buffer<1x1x1xi1, local>
    %i1b = tirx.alloc_buffer : !tirx.buffer<1x1x1xi1, local>

    // decl_buffer: a view with its own shape and layout.
    // CHECK-NEXT: tirx.decl_buffer %[[S]] : !tirx.buffer<128xf32, shared> -> !tirx.buffer<8x16xf32, shared>
    %v0 = tirx.decl_buffer %s : !tirx.buffer<128xf32, shared> -> !tirx.buffer<8x16xf32, shared>
    // CHECK-NEXT: tirx.decl_buffer %[[S]] : !tirx.buffer<128xf32, shared> -> !tirx.buffer<16x8xf32, shared, #tirx.tile<S[(16,8):(1,16)]>>
    %v1 = tirx.decl_buffer %s : !tirx.buffer<128xf32, shared> -> !tirx.buffer<16x8xf32, shared, #tirx.tile<S[(16,8):(1,16)]>>
    // CHECK-NEXT: tirx.decl_buffer %[[S]] : !tirx.buffer<128xf32, shared> -> !tirx.buffer<4x4xf32, shared, strides = [32, 1], elem_offset = 4>
    %v2 = tirx.decl_buffer %s : !tirx.buffer<128xf32, shared> -> !tirx.buffer<4x4xf32, shared, strides = [32, 1], elem_offset = 4>

    // bind, with and without a name.
    // CHECK-NEXT: tirx.bind "rows" %[[N]] : index
    %rows = tirx.bind "rows" %n : index
    // CHECK-NEXT: tirx.bind %[[N]] : index
    %anon = tirx.bind %n : index
  }
  // CHECK: tirx.return
  tirx.return
}

//===----------------------------------------------------------------------===//
// buffer_load, buffer_store, region; scf.for / scf.if and nvvm in a body.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: tirx.prim_func @access
// CHECK-SAME: (%[[A:.*]]: !tirx.buffer<64x64xf32, global>, %[[N:.*]]: index)
tirx.prim_func @access(%A: !tirx.buffer<64x64xf32, global>, %n: index) {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c63 = arith.constant 63 : index
    %c64 = arith.constant 64 : index
    // CHECK: %[[S:.*]] = tirx.alloc_buffer : !tirx.buffer<64x64xf32, shared>
    %S = tirx.alloc_buffer : !tirx.buffer<64x64xf32, shared>
    // CHECK: %[[X:.*]] = tirx.buffer_load %[[A]][%{{.*}}, %{{.*}}] : !tirx.buffer<64x64xf32, global>
    %x = tirx.buffer_load %A[%c0, %c63] : !tirx.buffer<64x64xf32, global>
    // CHECK: tirx.buffer_store %[[X]], %[[S]][%{{.*}}, %[[N]]] : !tirx.buffer<64x64xf32, shared>
    tirx.buffer_store %x, %S[%c63, %n] : !tirx.buffer<64x64xf32, shared>
    // CHECK: scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} {
    scf.for %i = %c0 to %c64 step %c1 {
      // CHECK: %[[Y:.*]] = tirx.buffer_load %[[A]][%[[I]], %[[TX:.*]]] : !tirx.buffer<64x64xf32, global>
      %y = tirx.buffer_load %A[%i, %tx] : !tirx.buffer<64x64xf32, global>
      // CHECK: %[[COND:.*]] = arith.cmpi ult, %[[I]], %[[N]] : index
      %cond = arith.cmpi ult, %i, %n : index
      // CHECK: scf.if %[[COND]] {
      scf.if %cond {
        // CHECK: tirx.buffer_store %[[Y]], %[[S]][%[[I]], %[[TX]]] : !tirx.buffer<64x64xf32, shared>
        tirx.buffer_store %y, %S[%i, %tx] : !tirx.buffer<64x64xf32, shared>
      }
    }
    // A region with value mins (one dynamic) and static extents.
    // CHECK: tirx.region %[[S]][%{{.*}} : 32, %[[N]] : 16] : !tirx.buffer<64x64xf32, shared>
    %r = tirx.region %S[%c0 : 32, %n : 16] : !tirx.buffer<64x64xf32, shared>
    // A region covering the whole buffer.
    // CHECK: tirx.region %[[A]][%{{.*}} : 64, %{{.*}} : 64] : !tirx.buffer<64x64xf32, global>
    %rA = tirx.region %A[%c0 : 64, %c0 : 64] : !tirx.buffer<64x64xf32, global>
    // Target intrinsics as upstream nvvm ops in a tirx body.
    // CHECK: %[[E:.*]] = nvvm.elect.sync -> i1
    %e = nvvm.elect.sync -> i1
    %mbar = llvm.mlir.zero : !llvm.ptr<3>
    %cnt = arith.constant 1 : i32
    // CHECK: scf.if %[[E]] {
    scf.if %e {
      // CHECK: nvvm.mbarrier.init %{{.*}}, %{{.*}} : !llvm.ptr<3>, i32
      nvvm.mbarrier.init %mbar, %cnt : !llvm.ptr<3>, i32
      // CHECK: nvvm.mbarrier.arrive %{{.*}} : !llvm.ptr<3> -> i64
      %tok = nvvm.mbarrier.arrive %mbar : !llvm.ptr<3> -> i64
      // CHECK: nvvm.tcgen05.commit %{{.*}} : !llvm.ptr<3>
      nvvm.tcgen05.commit %mbar : !llvm.ptr<3>
    }
    // CHECK: nvvm.mbarrier.try_wait.parity %{{.*}}, %{{.*}}, %{{.*}} : !llvm.ptr<3>, i32, i32
    nvvm.mbarrier.try_wait.parity %mbar, %cnt, %cnt : !llvm.ptr<3>, i32, i32
    // CHECK: nvvm.barrier0
    nvvm.barrier0
  }
  tirx.return
}

//===----------------------------------------------------------------------===//
// Tile primitives.
//===----------------------------------------------------------------------===//

// CHECK-LABEL: tirx.prim_func @tiles
tirx.prim_func @tiles(%G: !tirx.buffer<128x64xf16, global>,
                      %H: !tirx.buffer<64x128xf16, global>) {
  tirx.device_entry {
    %bx = tirx.scope_id_def kernel -> cta [4]
    %cl = tirx.scope_id_def kernel -> cluster [2]
    %tx = tirx.scope_id_def cta -> thread [256]
    %c0 = arith.constant 0 : index
    %true = arith.constant true
    %f0 = arith.constant 0.0 : f32
    %h1 = arith.constant 1.0 : f16
    // CHECK: %[[AS:.*]] = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared>
    %As = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared>
    // CHECK: %[[BS:.*]] = tirx.alloc_buffer : !tirx.buffer<64x128xf16, shared>
    %Bs = tirx.alloc_buffer : !tirx.buffer<64x128xf16, shared>
    // CHECK: %[[CL:.*]] = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
    %Cl = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
    // CHECK: %[[HL:.*]] = tirx.alloc_buffer : !tirx.buffer<128x128xf16, local>
    %Hl = tirx.alloc_buffer : !tirx.buffer<128x128xf16, local>
    // CHECK: %[[RL:.*]] = tirx.alloc_buffer : !tirx.buffer<128xf32, local>
    %Rl = tirx.alloc_buffer : !tirx.buffer<128xf32, local>
    // CHECK: %[[RK:.*]] = tirx.alloc_buffer : !tirx.buffer<128x1xf32, local>
    %Rk = tirx.alloc_buffer : !tirx.buffer<128x1xf32, local>
    // CHECK: %[[WS:.*]] = tirx.alloc_buffer : !tirx.buffer<256xf32, shared>
    %ws = tirx.alloc_buffer : !tirx.buffer<256xf32, shared>
    // CHECK: %[[WS2:.*]] = tirx.alloc_buffer : !tirx.buffer<32xi32, shared>
    %ws2 = tirx.alloc_buffer : !tirx.buffer<32xi32, shared>
    // CHECK: %[[BAR:.*]] = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    // CHECK: %[[GR:.*]] = tirx.region %{{.*}}[%{{.*}} : 128, %{{.*}} : 64] : !tirx.buffer<128x64xf16, global>
    %Gr = tirx.region %G[%c0 : 128, %c0 : 64] : !tirx.buffer<128x64xf16, global>

    // copy: buffers and regions, each scope, dispatch / config / workspace.
    // CHECK: tirx.tile.copy <cta> %[[AS]], %[[GR]] : !tirx.buffer<128x64xf16, shared>, !tirx.region<128x64, !tirx.buffer<128x64xf16, global>>
    tirx.tile.copy <cta> %As, %Gr : !tirx.buffer<128x64xf16, shared>, !tirx.region<128x64, !tirx.buffer<128x64xf16, global>>
    // CHECK: tirx.tile.copy <thread> %[[AS]], %{{.*}} : !tirx.buffer<128x64xf16, shared>, !tirx.buffer<128x64xf16, global>
    tirx.tile.copy <thread> %As, %G : !tirx.buffer<128x64xf16, shared>, !tirx.buffer<128x64xf16, global>
    // CHECK: tirx.tile.copy <warp> %[[AS]], %{{.*}} dispatch "vectorized" config {vec = 8} workspace(%[[WS]] : !tirx.buffer<256xf32, shared>) : !tirx.buffer<128x64xf16, shared>, !tirx.buffer<128x64xf16, global>
    tirx.tile.copy <warp> %As, %G dispatch "vectorized" config {vec = 8} workspace(%ws : !tirx.buffer<256xf32, shared>) : !tirx.buffer<128x64xf16, shared>, !tirx.buffer<128x64xf16, global>
    // cta_group 1 and 2 are the two CTA groups.
    // CHECK: tirx.tile.copy <cta> %[[AS]], %{{.*}} config {cta_group = 1}
    tirx.tile.copy <cta> %As, %G config {cta_group = 1} : !tirx.buffer<128x64xf16, shared>, !tirx.buffer<128x64xf16, global>
    // CHECK: tirx.tile.copy <cta> %[[AS]], %{{.*}} config {cta_group = 2}
    tirx.tile.copy <cta> %As, %G config {cta_group = 2} : !tirx.buffer<128x64xf16, shared>, !tirx.buffer<128x64xf16, global>
    // CHECK: tirx.tile.copy <warpgroup> %[[AS]], %{{.*}} workspace(%[[WS]], %[[WS2]] : !tirx.buffer<256xf32, shared>, !tirx.buffer<32xi32, shared>) : !tirx.buffer<128x64xf16, shared>, !tirx.buffer<128x64xf16, global>
    tirx.tile.copy <warpgroup> %As, %G workspace(%ws, %ws2 : !tirx.buffer<256xf32, shared>, !tirx.buffer<32xi32, shared>) : !tirx.buffer<128x64xf16, shared>, !tirx.buffer<128x64xf16, global>
    // CHECK: tirx.tile.copy <cluster> %[[AS]], %{{.*}} : !tirx.buffer<128x64xf16, shared>, !tirx.buffer<128x64xf16, global>
    tirx.tile.copy <cluster> %As, %G : !tirx.buffer<128x64xf16, shared>, !tirx.buffer<128x64xf16, global>
    // Same element count in another shape is accepted.
    // CHECK: tirx.tile.copy <cta> %{{.*}}, %[[GR]] : !tirx.buffer<64x128xf16, global>, !tirx.region<128x64, !tirx.buffer<128x64xf16, global>>
    tirx.tile.copy <cta> %H, %Gr : !tirx.buffer<64x128xf16, global>, !tirx.region<128x64, !tirx.buffer<128x64xf16, global>>

    // copy_async with and without a barrier.
    // CHECK: tirx.tile.copy_async <thread> %[[AS]], %[[GR]] barrier %[[BAR]] : !tirx.buffer<1xi64, shared> dispatch "tma" config {multicast = false} : !tirx.buffer<128x64xf16, shared>, !tirx.region<128x64, !tirx.buffer<128x64xf16, global>>
    tirx.tile.copy_async <thread> %As, %Gr barrier %bar : !tirx.buffer<1xi64, shared> dispatch "tma" config {multicast = false} : !tirx.buffer<128x64xf16, shared>, !tirx.region<128x64, !tirx.buffer<128x64xf16, global>>
    // CHECK: tirx.tile.copy_async <cta> %[[AS]], %{{.*}} dispatch "cp.async" : !tirx.buffer<128x64xf16, shared>, !tirx.buffer<128x64xf16, global>
    tirx.tile.copy_async <cta> %As, %G dispatch "cp.async" : !tirx.buffer<128x64xf16, shared>, !tirx.buffer<128x64xf16, global>
    // CHECK: tirx.tile.copy_async <warp> %[[AS]], %{{.*}} barrier %{{.*}} : !llvm.ptr<3> workspace(%[[WS]] : !tirx.buffer<256xf32, shared>) : !tirx.buffer<128x64xf16, shared>, !tirx.buffer<128x64xf16, global>
    %mbar = llvm.mlir.zero : !llvm.ptr<3>
    tirx.tile.copy_async <warp> %As, %G barrier %mbar : !llvm.ptr<3> workspace(%ws : !tirx.buffer<256xf32, shared>) : !tirx.buffer<128x64xf16, shared>, !tirx.buffer<128x64xf16, global>

    // gemm and gemm_async, with every transpose combination.
    // CHECK: tirx.tile.gemm <warpgroup> %[[CL]], %[[AS]], %[[BS]], accum %{{.*}} : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x64xf16, shared>, !tirx.buffer<64x128xf16, shared>
    tirx.tile.gemm <warpgroup> %Cl, %As, %Bs, accum %true : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x64xf16, shared>, !tirx.buffer<64x128xf16, shared>
    // CHECK: tirx.tile.gemm <warp> %[[HL]], %[[BS]], %[[AS]], accum %{{.*}} transpose_A transpose_B dispatch "mma_sync" : !tirx.buffer<128x128xf16, local>, !tirx.buffer<64x128xf16, shared>, !tirx.buffer<128x64xf16, shared>
    tirx.tile.gemm <warp> %Hl, %Bs, %As, accum %true transpose_A transpose_B dispatch "mma_sync" : !tirx.buffer<128x128xf16, local>, !tirx.buffer<64x128xf16, shared>, !tirx.buffer<128x64xf16, shared>
    // CHECK: tirx.tile.gemm_async <warpgroup> %[[CL]], %[[BS]], %[[BS]], accum %{{.*}} transpose_A dispatch "wgmma" config {cta_group = 1, multicast = false} workspace(%[[WS]] : !tirx.buffer<256xf32, shared>) : !tirx.buffer<128x128xf32, local>, !tirx.buffer<64x128xf16, shared>, !tirx.buffer<64x128xf16, shared>
    tirx.tile.gemm_async <warpgroup> %Cl, %Bs, %Bs, accum %true transpose_A dispatch "wgmma" config {cta_group = 1, multicast = false} workspace(%ws : !tirx.buffer<256xf32, shared>) : !tirx.buffer<128x128xf32, local>, !tirx.buffer<64x128xf16, shared>, !tirx.buffer<64x128xf16, shared>
    // CHECK: tirx.tile.gemm_async <thread> %[[CL]], %[[AS]], %[[AS]], accum %{{.*}} transpose_B : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x64xf16, shared>, !tirx.buffer<128x64xf16, shared>
    tirx.tile.gemm_async <thread> %Cl, %As, %As, accum %true transpose_B : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x64xf16, shared>, !tirx.buffer<128x64xf16, shared>

    // fill.
    // CHECK: tirx.tile.fill <cta> %[[CL]], %{{.*}} : !tirx.buffer<128x128xf32, local>, f32
    tirx.tile.fill <cta> %Cl, %f0 : !tirx.buffer<128x128xf32, local>, f32
    // CHECK: tirx.tile.fill <thread> %{{.*}}, %{{.*}} dispatch "st.shared" : !tirx.region<128x64, !tirx.buffer<128x64xf16, global>>, f16
    tirx.tile.fill <thread> %Gr, %h1 dispatch "st.shared" : !tirx.region<128x64, !tirx.buffer<128x64xf16, global>>, f16

    // cast.
    // CHECK: tirx.tile.cast <warpgroup> %[[HL]], %[[CL]] : !tirx.buffer<128x128xf16, local>, !tirx.buffer<128x128xf32, local>
    tirx.tile.cast <warpgroup> %Hl, %Cl : !tirx.buffer<128x128xf16, local>, !tirx.buffer<128x128xf32, local>
    // CHECK: tirx.tile.cast <cta> %[[CL]], %[[CL]] : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x128xf32, local>
    tirx.tile.cast <cta> %Cl, %Cl : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x128xf32, local>

    // unary: every kind.
    // CHECK: tirx.tile.unary exp <cta> %[[CL]], %[[CL]] : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x128xf32, local>
    tirx.tile.unary exp <cta> %Cl, %Cl : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x128xf32, local>
    // CHECK: tirx.tile.unary exp2 <cta>
    tirx.tile.unary exp2 <cta> %Cl, %Cl : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x128xf32, local>
    // CHECK: tirx.tile.unary log <cta>
    tirx.tile.unary log <cta> %Cl, %Cl : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x128xf32, local>
    // CHECK: tirx.tile.unary sqrt <cta>
    tirx.tile.unary sqrt <cta> %Cl, %Cl : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x128xf32, local>
    // CHECK: tirx.tile.unary rsqrt <cta>
    tirx.tile.unary rsqrt <cta> %Cl, %Cl : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x128xf32, local>
    // CHECK: tirx.tile.unary reciprocal <cta>
    tirx.tile.unary reciprocal <cta> %Cl, %Cl : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x128xf32, local>
    // CHECK: tirx.tile.unary silu <cta>
    tirx.tile.unary silu <cta> %Cl, %Cl : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x128xf32, local>
    // CHECK: tirx.tile.unary relu <cta>
    tirx.tile.unary relu <cta> %Cl, %Cl : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x128xf32, local>
    // CHECK: tirx.tile.unary neg <cta>
    tirx.tile.unary neg <cta> %Cl, %Cl : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x128xf32, local>
    // CHECK: tirx.tile.unary abs <thread> %[[HL]], %[[HL]] dispatch "packed" : !tirx.buffer<128x128xf16, local>, !tirx.buffer<128x128xf16, local>
    tirx.tile.unary abs <thread> %Hl, %Hl dispatch "packed" : !tirx.buffer<128x128xf16, local>, !tirx.buffer<128x128xf16, local>

    // binary: every kind, tile rhs and scalar rhs.
    // CHECK: tirx.tile.binary add <cta> %[[CL]], %[[CL]], %[[CL]] : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x128xf32, local>
    tirx.tile.binary add <cta> %Cl, %Cl, %Cl : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x128xf32, local>
    // CHECK: tirx.tile.binary sub <cta> %[[CL]], %[[CL]], %{{.*}} : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x128xf32, local>, f32
    tirx.tile.binary sub <cta> %Cl, %Cl, %f0 : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x128xf32, local>, f32
    // CHECK: tirx.tile.binary mul <cta> %[[CL]], %[[CL]], %[[CL]] :
    tirx.tile.binary mul <cta> %Cl, %Cl, %Cl : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x128xf32, local>
    // CHECK: tirx.tile.binary div <cta> %[[CL]], %[[CL]], %{{.*}} : {{.*}}, f32
    tirx.tile.binary div <cta> %Cl, %Cl, %f0 : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x128xf32, local>, f32
    // CHECK: tirx.tile.binary maximum <warpgroup> %[[CL]], %[[CL]], %{{.*}} : {{.*}}, f32
    tirx.tile.binary maximum <warpgroup> %Cl, %Cl, %f0 : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x128xf32, local>, f32
    // CHECK: tirx.tile.binary minimum <thread> %[[HL]], %[[HL]], %[[HL]] dispatch "hmin2" : !tirx.buffer<128x128xf16, local>, !tirx.buffer<128x128xf16, local>, !tirx.buffer<128x128xf16, local>
    tirx.tile.binary minimum <thread> %Hl, %Hl, %Hl dispatch "hmin2" : !tirx.buffer<128x128xf16, local>, !tirx.buffer<128x128xf16, local>, !tirx.buffer<128x128xf16, local>

    // reduce: sum / max / min, dropping the axis or keeping it as 1.
    // CHECK: tirx.tile.reduce sum <cta> %[[RL]], %[[CL]] axes [1] : !tirx.buffer<128xf32, local>, !tirx.buffer<128x128xf32, local>
    tirx.tile.reduce sum <cta> %Rl, %Cl axes [1] : !tirx.buffer<128xf32, local>, !tirx.buffer<128x128xf32, local>
    // CHECK: tirx.tile.reduce max <warp> %[[RK]], %[[CL]] axes [1] workspace(%[[WS]] : !tirx.buffer<256xf32, shared>) : !tirx.buffer<128x1xf32, local>, !tirx.buffer<128x128xf32, local>
    tirx.tile.reduce max <warp> %Rk, %Cl axes [1] workspace(%ws : !tirx.buffer<256xf32, shared>) : !tirx.buffer<128x1xf32, local>, !tirx.buffer<128x128xf32, local>
    // CHECK: tirx.tile.reduce min <thread> %[[RL]], %[[CL]] axes [0] dispatch "shfl" : !tirx.buffer<128xf32, local>, !tirx.buffer<128x128xf32, local>
    tirx.tile.reduce min <thread> %Rl, %Cl axes [0] dispatch "shfl" : !tirx.buffer<128xf32, local>, !tirx.buffer<128x128xf32, local>
  }
  tirx.return
}

// The seed's tcgen05 compute stage: gemm_async on tmem / swizzled smem regions.
// CHECK-LABEL: tirx.prim_func @tcgen05
// CHECK: %[[D:.*]] = tirx.region %{{.*}}[%{{.*}} : 128, %{{.*}} : 128] : !tirx.buffer<128x128xf32, tmem, #tirx.tile<S[(128,128):(1@TLane,1@TCol)]>, allocated_addr = 0>
// CHECK: tirx.tile.gemm_async <thread> %[[D]], %{{.*}}, %{{.*}}, accum %{{.*}} transpose_B dispatch "tcgen05" config {cta_group = 1} : !tirx.region<128x128, !tirx.buffer<128x128xf32, tmem, #tirx.tile<S[(128,128):(1@TLane,1@TCol)]>, allocated_addr = 0>>, !tirx.region<128x64, !tirx.buffer<128x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>>, !tirx.region<128x64, !tirx.buffer<128x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>>
// CHECK-NEXT: %[[BAR:.*]] = llvm.mlir.zero : !llvm.ptr<3>
// CHECK-NEXT: nvvm.tcgen05.commit %[[BAR]] : !llvm.ptr<3>
tirx.prim_func @tcgen05(%A: !tirx.buffer<128x64xf16, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %true = arith.constant true
    %Asmem = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>
    %tmem = tirx.alloc_buffer : !tirx.buffer<128x128xf32, tmem, #tirx.tile<S[(128,128):(1@TLane,1@TCol)]>, allocated_addr = 0>
    %D = tirx.region %tmem[%c0 : 128, %c0 : 128] : !tirx.buffer<128x128xf32, tmem, #tirx.tile<S[(128,128):(1@TLane,1@TCol)]>, allocated_addr = 0>
    %Ar = tirx.region %Asmem[%c0 : 128, %c0 : 64] : !tirx.buffer<128x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>
    tirx.tile.gemm_async <thread> %D, %Ar, %Ar, accum %true transpose_B dispatch "tcgen05" config {cta_group = 1}
        : !tirx.region<128x128, !tirx.buffer<128x128xf32, tmem, #tirx.tile<S[(128,128):(1@TLane,1@TCol)]>, allocated_addr = 0>>,
          !tirx.region<128x64, !tirx.buffer<128x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>>,
          !tirx.region<128x64, !tirx.buffer<128x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>>
    %bar = llvm.mlir.zero : !llvm.ptr<3>
    nvvm.tcgen05.commit %bar : !llvm.ptr<3>
  }
  tirx.return
}

// Accepted gemm operand forms: every accumulator a dtype allows, leading unit
// dimensions, regions; scope ids given as warps or warpgroups; tile ops in
// nested scf bodies under the ids in force; a cluster scope with cluster ids.
// CHECK-LABEL: tirx.prim_func @accepted_forms
tirx.prim_func @accepted_forms() {
  tirx.device_entry {
    // CHECK: tirx.scope_id_def cluster -> cta [2]
    %cr = tirx.scope_id_def cluster -> cta [2]
    // CHECK: tirx.scope_id_def cta -> warp [8]
    %w = tirx.scope_id_def cta -> warp [8]
    %t = arith.constant true
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %Cf32 = tirx.alloc_buffer : !tirx.buffer<64x32xf32, local>
    %Cf16 = tirx.alloc_buffer : !tirx.buffer<64x32xf16, local>
    %Ci32 = tirx.alloc_buffer : !tirx.buffer<64x32xi32, local>
    %Abf = tirx.alloc_buffer : !tirx.buffer<64x16xbf16, shared>
    %Bbf = tirx.alloc_buffer : !tirx.buffer<16x32xbf16, shared>
    %Af32 = tirx.alloc_buffer : !tirx.buffer<64x16xf32, shared>
    %Bf32 = tirx.alloc_buffer : !tirx.buffer<16x32xf32, shared>
    %Ai8 = tirx.alloc_buffer : !tirx.buffer<1x1x64x16xi8, shared>
    %Bi8 = tirx.alloc_buffer : !tirx.buffer<1x16x32xi8, shared>
    %Af8 = tirx.alloc_buffer : !tirx.buffer<128x16xf8E4M3FN, shared>
    %Bf8 = tirx.alloc_buffer : !tirx.buffer<16x32xf8E4M3FN, shared>
    %Ae5 = tirx.alloc_buffer : !tirx.buffer<64x16xf8E5M2, shared>
    %Be5 = tirx.alloc_buffer : !tirx.buffer<16x32xf8E5M2, shared>
    // CHECK: tirx.tile.gemm <warpgroup> %{{.*}}, %{{.*}}, %{{.*}}, accum %{{.*}} : !tirx.buffer<64x32xf16, local>, !tirx.buffer<64x16xbf16, shared>, !tirx.buffer<16x32xbf16, shared>
    tirx.tile.gemm <warpgroup> %Cf16, %Abf, %Bbf, accum %t : !tirx.buffer<64x32xf16, local>, !tirx.buffer<64x16xbf16, shared>, !tirx.buffer<16x32xbf16, shared>
    // CHECK: tirx.tile.gemm <warp> %{{.*}}, %{{.*}}, %{{.*}}, accum %{{.*}} : !tirx.buffer<64x32xf32, local>, !tirx.buffer<64x16xf32, shared>, !tirx.buffer<16x32xf32, shared>
    tirx.tile.gemm <warp> %Cf32, %Af32, %Bf32, accum %t : !tirx.buffer<64x32xf32, local>, !tirx.buffer<64x16xf32, shared>, !tirx.buffer<16x32xf32, shared>
    // CHECK: tirx.tile.gemm <cta> %{{.*}}, %{{.*}}, %{{.*}}, accum %{{.*}} : !tirx.buffer<64x32xi32, local>, !tirx.buffer<1x1x64x16xi8, shared>, !tirx.buffer<1x16x32xi8, shared>
    tirx.tile.gemm <cta> %Ci32, %Ai8, %Bi8, accum %t : !tirx.buffer<64x32xi32, local>, !tirx.buffer<1x1x64x16xi8, shared>, !tirx.buffer<1x16x32xi8, shared>
    // CHECK: tirx.tile.gemm_async <cluster> %{{.*}}, %{{.*}}, %{{.*}}, accum %{{.*}} : !tirx.buffer<64x32xf16, local>, !tirx.buffer<64x16xf8E5M2, shared>, !tirx.buffer<16x32xf8E5M2, shared>
    tirx.tile.gemm_async <cluster> %Cf16, %Ae5, %Be5, accum %t : !tirx.buffer<64x32xf16, local>, !tirx.buffer<64x16xf8E5M2, shared>, !tirx.buffer<16x32xf8E5M2, shared>
    // CHECK: scf.for
    scf.for %i = %c0 to %c2 step %c1 {
      // CHECK: scf.if
      scf.if %t {
        // CHECK: %[[AR:.*]] = tirx.region %{{.*}}[%{{.*}} : 64, %{{.*}} : 16] : !tirx.buffer<128x16xf8E4M3FN, shared>
        %Ar = tirx.region %Af8[%c0 : 64, %c0 : 16] : !tirx.buffer<128x16xf8E4M3FN, shared>
        // CHECK: tirx.tile.gemm_async <warpgroup> %{{.*}}, %[[AR]], %{{.*}}, accum %{{.*}} : !tirx.buffer<64x32xf32, local>, !tirx.region<64x16, !tirx.buffer<128x16xf8E4M3FN, shared>>, !tirx.buffer<16x32xf8E4M3FN, shared>
        tirx.tile.gemm_async <warpgroup> %Cf32, %Ar, %Bf8, accum %t : !tirx.buffer<64x32xf32, local>, !tirx.region<64x16, !tirx.buffer<128x16xf8E4M3FN, shared>>, !tirx.buffer<16x32xf8E4M3FN, shared>
      }
    }
  }
  tirx.return
}

// Warpgroup-scope ops with the CTA given as warpgroups.
// CHECK-LABEL: tirx.prim_func @warpgroups
// CHECK: tirx.scope_id_def cta -> warpgroup [2]
// CHECK: tirx.tile.fill <warpgroup>
tirx.prim_func @warpgroups() {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [2]
    %C = tirx.alloc_buffer : !tirx.buffer<64x32xf32, local>
    %f = arith.constant 0.0 : f32
    tirx.tile.fill <warpgroup> %C, %f : !tirx.buffer<64x32xf32, local>, f32
  }
  tirx.return
}
