// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_90" | uop-translate --mlir-to-ptx --chip=sm_90 | FileCheck %s
// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_90" | FileCheck %s --check-prefix=NVVM
//
// TMA on plain sm_90 (tma needs sm_90, not the arch-specific sm_90a): a 3-D
// box with the 64-byte swizzle into stage 1 of a ring, and a 2-D box with
// the 32-byte swizzle, both completing on one mbarrier (initialised for two
// arrivals). Each copy_async is one tensor-map parameter after the buffer
// parameters (bare pointers: 3 PTX params before them), 128 bytes by value
// (__grid_constant__) whose parameter-space address TMA uses, an
// expect_tx of its byte count (64 x 32 x 2 = 4096, 32 x 16 x 2 = 1024) and a
// cp.async.bulk.tensor of the box's rank with the coordinates innermost
// first: (32, 0, %bx) and (0, 32). tma-sm90-ptxas.mlir assembles it.

// NVVM: llvm.func @tma_shapes(
// NVVM-SAME: tirx.tensor_maps = [#tirx.tensor_map_param<arg = 3, buffer_arg = 0, shape = [4, 256, 128], box = [1, 64, 32], swizzle = 64>, #tirx.tensor_map_param<arg = 4, buffer_arg = 1, shape = [64, 64], box = [32, 16], swizzle = 32>]

// CHECK: .target sm_90
// CHECK: .visible .entry tma_shapes(
// CHECK: .param .u64 .ptr .global .align 1 tma_shapes_param_2,
// CHECK-NEXT: .param .align 64 .b8 tma_shapes_param_3[128],
// CHECK-NEXT: .param .align 64 .b8 tma_shapes_param_4[128]
// CHECK-NEXT: )
// CHECK-DAG: mov.b64 [[P3:%rd[0-9]+]], tma_shapes_param_3;
// CHECK-DAG: cvta.param.u64 [[MAP3:%rd[0-9]+]], [[P3]];
// CHECK-DAG: mov.b64 [[P4:%rd[0-9]+]], tma_shapes_param_4;
// CHECK-DAG: cvta.param.u64 [[MAP2:%rd[0-9]+]], [[P4]];
// CHECK: mov.b64 [[RING:%rd[0-9]+]], tma_shapes_shared_0;
// CHECK-DAG: mov.u32 [[BX:%r[0-9]+]], %ctaid.x;
// CHECK-DAG: mov.b32 [[TX3:%r[0-9]+]], 4096;
// CHECK: mbarrier.arrive.expect_tx.shared.b64 {{%rd[0-9]+}}, [[[BAR:tma_shapes_shared_[0-9]+]]], [[TX3]];
// Stage 1 of the ring starts 64 x 32 x 2 = 4096 bytes in.
// CHECK: add.s64 {{%rd[0-9]+}}, [[RING]], 4096;
// CHECK-DAG: mov.b32 [[C0:%r[0-9]+]], 0;
// CHECK-DAG: mov.b32 [[C32:%r[0-9]+]], 32;
// CHECK: cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [{{%rd[0-9]+}}], [[[MAP3]], {[[C32]], [[C0]], [[BX]]}], [[[BAR]]];
// CHECK: mov.b32 [[TX2:%r[0-9]+]], 1024;
// CHECK: mbarrier.arrive.expect_tx.shared.b64 {{%rd[0-9]+}}, [[[BAR]]], [[TX2]];
// CHECK: cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [{{%rd[0-9]+}}], [[[MAP2]], {[[C0]], [[C32]]}], [[[BAR]]];
// CHECK: mbarrier.try_wait.parity.shared.b64
// CHECK: ret;
tirx.prim_func @tma_shapes(%A: !tirx.buffer<4x256x128xf16, global>, %B: !tirx.buffer<64x64xf16, global>, %O: !tirx.buffer<64x32xf16, global>) {
  tirx.device_entry {
    %bx = tirx.scope_id_def kernel -> cta [4]
    %tx = tirx.scope_id_def cta -> thread [128]
    %S = tirx.alloc_buffer : !tirx.buffer<2x64x32xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 2, atom_len = 3>, #tirx.tile<S[(2,64,32):(2048,32,1)]>>>
    %T = tirx.alloc_buffer : !tirx.buffer<32x16xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 1, atom_len = 3>, #tirx.tile<S[(32,16):(16,1)]>>>
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %two = arith.constant 2 : i32
    %phase = arith.constant 0 : i32
    %ticks = arith.constant 1000000 : i32
    %leader = arith.cmpi eq, %tx, %c0 : index
    %ba = tirx.address_of %bar[%c0] : !tirx.buffer<1xi64, shared>
    %bp = llvm.inttoptr %ba : i64 to !llvm.ptr<3>
    scf.if %leader {
      nvvm.mbarrier.init %bp, %two : !llvm.ptr<3>, i32
    }
    gpu.barrier
    %r = tirx.region %A[%bx : 1, %c0 : 64, %c32 : 32] : !tirx.buffer<4x256x128xf16, global>
    %d = tirx.region %S[%c1 : 1, %c0 : 64, %c0 : 32] : !tirx.buffer<2x64x32xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 2, atom_len = 3>, #tirx.tile<S[(2,64,32):(2048,32,1)]>>>
    %rb = tirx.region %B[%c32 : 32, %c0 : 16] : !tirx.buffer<64x64xf16, global>
    scf.if %leader {
      tirx.tile.copy_async <thread> %d, %r barrier %bar : !tirx.buffer<1xi64, shared>
        : !tirx.region<1x64x32, !tirx.buffer<2x64x32xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 2, atom_len = 3>, #tirx.tile<S[(2,64,32):(2048,32,1)]>>>>, !tirx.region<1x64x32, !tirx.buffer<4x256x128xf16, global>>
      tirx.tile.copy_async <thread> %T, %rb barrier %bar : !tirx.buffer<1xi64, shared>
        : !tirx.buffer<32x16xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 1, atom_len = 3>, #tirx.tile<S[(32,16):(16,1)]>>>, !tirx.region<32x16, !tirx.buffer<64x64xf16, global>>
    }
    nvvm.mbarrier.try_wait.parity %bp, %phase, %ticks : !llvm.ptr<3>, i32, i32
    %src = tirx.region %S[%c1 : 1, %c0 : 64, %c0 : 32] : !tirx.buffer<2x64x32xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 2, atom_len = 3>, #tirx.tile<S[(2,64,32):(2048,32,1)]>>>
    tirx.tile.copy <cta> %O, %src : !tirx.buffer<64x32xf16, global>, !tirx.region<1x64x32, !tirx.buffer<2x64x32xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 2, atom_len = 3>, #tirx.tile<S[(2,64,32):(2048,32,1)]>>>>
  }
  tirx.return
}
