// RUN: uop-opt %uop_src_root/examples/uop/matmul_bias_relu_f16.mlir --pass-pipeline="builtin.module(func.func(uop-rangeify),uop-split-kernels{target=cuda},uop.function(uop-simplify,uop-optimize{target=cuda tensor-cores=1},uop-expand,uop-devectorize,uop-simplify,uop-gpudims,cse),convert-uop-to-tirx)" | FileCheck %s
// RUN: uop-opt %uop_src_root/examples/uop/matmul_bias_relu_f16.mlir --pass-pipeline="builtin.module(func.func(uop-rangeify),uop-split-kernels{target=cuda},uop.function(uop-simplify,uop-optimize{target=cuda tensor-cores=1},uop-expand,uop-devectorize,uop-simplify,uop-gpudims,cse),convert-uop-to-tirx{chip=sm_90a})" | FileCheck %s --check-prefix=WG
// RUN: not uop-opt %uop_src_root/examples/uop/matmul_f16.mlir --pass-pipeline="builtin.module(func.func(uop-rangeify),uop-split-kernels{target=cuda},uop.function(uop-optimize{target=cuda tensor-cores=1}),convert-uop-to-tirx{chip=sm_99})" 2>&1 | FileCheck %s --check-prefix=CHIP
// RUN: uop-opt %s -split-input-file --uop-optimize="target=cuda tensor-cores=1" | FileCheck %s --check-prefix=OPT
// RUN: uop-opt %s -split-input-file --uop-optimize="target=cuda" | FileCheck %s --check-prefix=OFF
//
// Tensor cores from a tensor-level program. uop-optimize{tensor-cores} marks
// a matmul of f16 / bf16 arguments summed in f32 TC (and splits nothing);
// uop-devectorize leaves its REDUCE; convert-uop-to-tirx writes the tiled
// program of examples/tirx/gemm_mma_sync_pipelined.mlir: 128 x 128 blocks of
// C per CTA (x over the column blocks), four warps of 64 x 64, K by 32
// through a four-stage swizzled cp.async ring (three steps in flight, one
// commit group per step, wait_group 2 and one barrier per step), the warp
// gemm on a register accumulator laid out like the mma fragments, then the
// epilogue as tile ops on the accumulator and a warp copy to C.

// relu(A * B + bias) as f16, 256x256 times 256x512:
// CHECK-LABEL: tirx.prim_func @matmul_bias_relu_f16_k0(
// CHECK-SAME: %[[C:[^:]*]]: !tirx.buffer<131072xf16, global>, %[[A:[^:]*]]: !tirx.buffer<65536xf16, global>, %[[B:[^:]*]]: !tirx.buffer<131072xf16, global>, %[[BIAS:[^:]*]]: !tirx.buffer<512xf32, global>)
// CHECK: %[[IDS:.*]]:2 = tirx.scope_id_def kernel -> cta [4, 2]
// CHECK: tirx.scope_id_def cta -> warp [4]
// CHECK: %[[A2:.*]] = tirx.decl_buffer %[[A]] : !tirx.buffer<65536xf16, global> -> !tirx.buffer<256x256xf16, global>
// CHECK: %[[B2:.*]] = tirx.decl_buffer %[[B]] : !tirx.buffer<131072xf16, global> -> !tirx.buffer<256x512xf16, global>
// CHECK: %[[AS:.*]] = tirx.alloc_buffer : !tirx.buffer<4x128x32xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 2, atom_len = 3>, #tirx.tile<S[(512,32):(32,1)]>>>
// CHECK: %[[BS:.*]] = tirx.alloc_buffer : !tirx.buffer<4x32x128xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 4>, #tirx.tile<S[(128,128):(128,1)]>>>
// CHECK: %[[ACC:.*]] = tirx.alloc_buffer : !tirx.buffer<64x64xf32, local, #tirx.tile<S[(4,2,8,8,4,2):(32,2,4@laneid,4,1@laneid,1)]>>
// CHECK: tirx.tile.fill <warp> %[[ACC]], %{{.*}}
// CHECK-COUNT-3: nvvm.cp.async.commit.group
// CHECK: scf.for %{{.*}} = %{{.*}} to %c256 step %{{.*}} {
// CHECK:   nvvm.cp.async.wait.group 2
// CHECK-NEXT: gpu.barrier
// CHECK:   scf.if
// CHECK:     tirx.tile.copy_async <cta> %{{.*}}, %{{.*}} config {commit = false}
// CHECK:     tirx.tile.copy_async <cta> %{{.*}}, %{{.*}} config {commit = false}
// CHECK:   }
// CHECK-NEXT: nvvm.cp.async.commit.group
// CHECK:   tirx.tile.gemm <warp> %[[ACC]], %{{.*}}, %{{.*}}, accum %true
// CHECK-NOT: gpu.barrier
// CHECK: }
// CHECK: %[[BV:.*]] = tirx.decl_buffer %[[BIAS]] : !tirx.buffer<512xf32, global> -> !tirx.buffer<256x512xf32, global, strides = [0, 1]>
// CHECK: %[[BR:.*]] = tirx.region %[[BV]]
// CHECK: tirx.tile.binary add <warp> %[[ACC]], %[[ACC]], %[[BR]]
// CHECK: %[[ZERO:.*]] = tirx.alloc_buffer : !tirx.buffer<64x64xf32, local
// CHECK: tirx.tile.fill <warp> %[[ZERO]]
// CHECK: tirx.tile.binary maximum <warp> %[[ACC]], %[[ACC]], %[[ZERO]]
// CHECK: %[[H:.*]] = tirx.alloc_buffer : !tirx.buffer<64x64xf16, local
// CHECK: tirx.tile.cast <warp> %[[H]], %[[ACC]]
// CHECK: %[[C2:.*]] = tirx.decl_buffer %[[C]] : !tirx.buffer<131072xf16, global> -> !tirx.buffer<256x512xf16, global>
// CHECK: %[[CR:.*]] = tirx.region %[[C2]]
// CHECK: tirx.tile.copy <warp> %[[CR]], %[[H]]
// CHECK-LABEL: tirx.prim_func @matmul_bias_relu_f16(
// CHECK: tirx.launch @matmul_bias_relu_f16_k0

// OPT-LABEL: uop.function @mm
// OPT: uop.reduce add
// OPT: info <name = "mm", applied_opts = [<TC, 2, 32>]>
// OFF-LABEL: uop.function @mm
// OFF: info <name = "mm", applied_opts = [<UPCAST, 1, 4>, <UPCAST, 0, 4>, <LOCAL, 3, 32>]>
uop.function @mm(%c: !uop.ptr<f32, global, 65536> {uop.shape = array<i64: 256, 256>}, %a: !uop.ptr<f16, global, 65536> {uop.shape = array<i64: 256, 256>}, %b: !uop.ptr<f16, global, 65536> {uop.shape = array<i64: 256, 256>}) {
  %c256 = arith.constant 256 : index
  %i = uop.range %c256, R0, loop
  %j = uop.range %c256, R1, loop
  %k = uop.range %c256, R2, reduce
  %ia = uop.index %a[%i, %k] : !uop.ptr<f16, global, 65536> -> f16
  %va = uop.load %a, %ia : !uop.ptr<f16, global, 65536> -> f16
  %ib = uop.index %b[%k, %j] : !uop.ptr<f16, global, 65536> -> f16
  %vb = uop.load %b, %ib : !uop.ptr<f16, global, 65536> -> f16
  %xa = arith.extf %va : f16 to f32
  %xb = arith.extf %vb : f16 to f32
  %p = arith.mulf %xa, %xb : f32
  %s = uop.reduce add %p [%k] : f32
  %o = uop.index %c[%i, %j] : !uop.ptr<f32, global, 65536> -> f32
  %st = uop.store %o, %s : f32
  %e = uop.end %st[%i, %j] : !uop.void
  uop.sink %e : !uop.void info <name = "mm">
}

// -----

// Not tensor-core matmuls: f32 inputs, an M that 128 does not divide, B
// read transposed, a product in f16 (not summed in f32).
// OPT-LABEL: uop.function @f32
// OPT-NOT: TC
// OPT: applied_opts = [<UPCAST, 1, 4>, <UPCAST, 0, 4>, <LOCAL
uop.function @f32(%c: !uop.ptr<f32, global, 65536> {uop.shape = array<i64: 256, 256>}, %a: !uop.ptr<f32, global, 65536> {uop.shape = array<i64: 256, 256>}, %b: !uop.ptr<f32, global, 65536> {uop.shape = array<i64: 256, 256>}) {
  %c256 = arith.constant 256 : index
  %i = uop.range %c256, R0, loop
  %j = uop.range %c256, R1, loop
  %k = uop.range %c256, R2, reduce
  %ia = uop.index %a[%i, %k] : !uop.ptr<f32, global, 65536> -> f32
  %va = uop.load %a, %ia : !uop.ptr<f32, global, 65536> -> f32
  %ib = uop.index %b[%k, %j] : !uop.ptr<f32, global, 65536> -> f32
  %vb = uop.load %b, %ib : !uop.ptr<f32, global, 65536> -> f32
  %p = arith.mulf %va, %vb : f32
  %s = uop.reduce add %p [%k] : f32
  %o = uop.index %c[%i, %j] : !uop.ptr<f32, global, 65536> -> f32
  %st = uop.store %o, %s : f32
  %e = uop.end %st[%i, %j] : !uop.void
  uop.sink %e : !uop.void info <name = "f32">
}
// OPT-LABEL: uop.function @ragged
// OPT-NOT: TC
// OPT: applied_opts
uop.function @ragged(%c: !uop.ptr<f32, global, 49152> {uop.shape = array<i64: 192, 256>}, %a: !uop.ptr<f16, global, 49152> {uop.shape = array<i64: 192, 256>}, %b: !uop.ptr<f16, global, 65536> {uop.shape = array<i64: 256, 256>}) {
  %c192 = arith.constant 192 : index
  %c256 = arith.constant 256 : index
  %i = uop.range %c192, R0, loop
  %j = uop.range %c256, R1, loop
  %k = uop.range %c256, R2, reduce
  %ia = uop.index %a[%i, %k] : !uop.ptr<f16, global, 49152> -> f16
  %va = uop.load %a, %ia : !uop.ptr<f16, global, 49152> -> f16
  %ib = uop.index %b[%k, %j] : !uop.ptr<f16, global, 65536> -> f16
  %vb = uop.load %b, %ib : !uop.ptr<f16, global, 65536> -> f16
  %xa = arith.extf %va : f16 to f32
  %xb = arith.extf %vb : f16 to f32
  %p = arith.mulf %xa, %xb : f32
  %s = uop.reduce add %p [%k] : f32
  %o = uop.index %c[%i, %j] : !uop.ptr<f32, global, 49152> -> f32
  %st = uop.store %o, %s : f32
  %e = uop.end %st[%i, %j] : !uop.void
  uop.sink %e : !uop.void info <name = "ragged">
}
// OPT-LABEL: uop.function @bt
// OPT-NOT: TC
// OPT: applied_opts
uop.function @bt(%c: !uop.ptr<f32, global, 65536> {uop.shape = array<i64: 256, 256>}, %a: !uop.ptr<f16, global, 65536> {uop.shape = array<i64: 256, 256>}, %b: !uop.ptr<f16, global, 65536> {uop.shape = array<i64: 256, 256>}) {
  %c256 = arith.constant 256 : index
  %i = uop.range %c256, R0, loop
  %j = uop.range %c256, R1, loop
  %k = uop.range %c256, R2, reduce
  %ia = uop.index %a[%i, %k] : !uop.ptr<f16, global, 65536> -> f16
  %va = uop.load %a, %ia : !uop.ptr<f16, global, 65536> -> f16
  %ib = uop.index %b[%j, %k] : !uop.ptr<f16, global, 65536> -> f16
  %vb = uop.load %b, %ib : !uop.ptr<f16, global, 65536> -> f16
  %xa = arith.extf %va : f16 to f32
  %xb = arith.extf %vb : f16 to f32
  %p = arith.mulf %xa, %xb : f32
  %s = uop.reduce add %p [%k] : f32
  %o = uop.index %c[%i, %j] : !uop.ptr<f32, global, 65536> -> f32
  %st = uop.store %o, %s : f32
  %e = uop.end %st[%i, %j] : !uop.void
  uop.sink %e : !uop.void info <name = "bt">
}
// OPT-LABEL: uop.function @halfsum
// OPT-NOT: TC
// OPT: applied_opts
uop.function @halfsum(%c: !uop.ptr<f32, global, 65536> {uop.shape = array<i64: 256, 256>}, %a: !uop.ptr<f16, global, 65536> {uop.shape = array<i64: 256, 256>}, %b: !uop.ptr<f16, global, 65536> {uop.shape = array<i64: 256, 256>}) {
  %c256 = arith.constant 256 : index
  %i = uop.range %c256, R0, loop
  %j = uop.range %c256, R1, loop
  %k = uop.range %c256, R2, reduce
  %ia = uop.index %a[%i, %k] : !uop.ptr<f16, global, 65536> -> f16
  %va = uop.load %a, %ia : !uop.ptr<f16, global, 65536> -> f16
  %ib = uop.index %b[%k, %j] : !uop.ptr<f16, global, 65536> -> f16
  %vb = uop.load %b, %ib : !uop.ptr<f16, global, 65536> -> f16
  %p = arith.mulf %va, %vb : f16
  %x = arith.extf %p : f16 to f32
  %s = uop.reduce add %x [%k] : f32
  %o = uop.index %c[%i, %j] : !uop.ptr<f32, global, 65536> -> f32
  %st = uop.store %o, %s : f32
  %e = uop.end %st[%i, %j] : !uop.void
  uop.sink %e : !uop.void info <name = "halfsum">
}

// With chip=sm_90a (wgmma) the same kernel is two warpgroups of 64 x 128 per
// CTA, K by 64 through a four-stage ring of 128-byte-swizzled tiles: A by
// cp.async, B transposed into N x K by an element-wise copy of the strided
// view B^T (element (j, k) at k * N + j); each step waits for its stage,
// fences its own writes against the async proxy (wgmma reads through it),
// then the barrier, the prefetch and the warpgroup gemm (transpose_B: B is
// N x K), the first step not accumulating. The epilogue is the same at
// warpgroup scope.
// WG-LABEL: tirx.prim_func @matmul_bias_relu_f16_k0(
// WG: tirx.scope_id_def kernel -> cta [4, 2]
// WG: tirx.scope_id_def cta -> thread [256]
// WG: %[[WG:.*]] = tirx.scope_id_def cta -> warpgroup [2]
// WG: %[[BT:.*]] = tirx.decl_buffer %{{.*}} : !tirx.buffer<131072xf16, global> -> !tirx.buffer<512x256xf16, global, strides = [1, 512]>
// WG: %[[AS:.*]] = tirx.alloc_buffer : !tirx.buffer<4x128x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(512,64):(64,1)]>>>
// WG: %[[BS:.*]] = tirx.alloc_buffer : !tirx.buffer<4x128x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(512,64):(64,1)]>>>
// WG: %[[ACC:.*]] = tirx.alloc_buffer : !tirx.buffer<64x128xf32, local, #tirx.tile<S[(4,2,8,16,4,2):(1@wid_in_wg,2,4@laneid,4,1@laneid,1)]>>
// WG: tirx.tile.copy_async <cta> %{{.*}}, %{{.*}} config {commit = false}
// WG: %[[BSRC:.*]] = tirx.region %[[BT]][%{{.*}} : 128, %{{.*}} : 64]
// WG: %[[BDST:.*]] = tirx.region %[[BS]][%{{.*}} : 1, %{{.*}} : 128, %{{.*}} : 64]
// WG: tirx.tile.copy <cta> %[[BDST]], %[[BSRC]]
// WG-COUNT-2: nvvm.cp.async.commit.group
// WG: scf.for %[[K:.*]] = %{{.*}} to %c256 step %c64
// WG:   nvvm.cp.async.wait.group 2
// WG-NEXT: nvvm.fence.proxy {kind = #nvvm.proxy_kind<async.shared>, space = #nvvm.shared_space<cta>}
// WG-NEXT: gpu.barrier
// WG:   scf.if
// WG:   nvvm.cp.async.commit.group
// WG:   %[[FIRST:.*]] = arith.cmpi ne, %[[K]], %c0 : index
// WG:   tirx.tile.gemm_async <warpgroup> %[[ACC]], %{{.*}}, %{{.*}}, accum %[[FIRST]] transpose_B
// WG: tirx.tile.binary add <warpgroup> %[[ACC]], %[[ACC]]
// WG: tirx.tile.binary maximum <warpgroup>
// WG: tirx.tile.cast <warpgroup>
// WG: tirx.tile.copy <warpgroup>

// CHIP: error: convert-uop-to-tirx: unknown chip 'sm_99'
