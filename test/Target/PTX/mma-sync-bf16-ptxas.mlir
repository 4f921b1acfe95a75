// REQUIRES: ptxas
// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_80" | uop-translate --mlir-to-ptx --chip=sm_80 > %t.ptx
// RUN: FileCheck %s --input-file=%t.ptx
// RUN: %ptxas -arch=sm_80 -v %t.ptx -o %t.cubin 2>&1 | FileCheck %s --check-prefix=REGS
// RUN: sed 's/f16/bf16/g' %uop_src_root/examples/uop/matmul_f16.mlir > %t.bf16.mlir
// RUN: uop-opt --uop-to-nvvm="chip=sm_80" %t.bf16.mlir | uop-translate --mlir-to-ptx --chip=sm_80 | FileCheck %s --check-prefix=UOP
//
// mma.sync on bf16: upstream's nvgpu.mma.sync lowering cannot deduce bf16
// operand types, so the warp gemm emits nvvm.mma.sync for bf16 with the
// fragments' rows (two bf16 each) as the 32-bit registers the instruction
// reads, the same registers as f16. A tensor-level bf16 matmul reaches it
// through uop-optimize's TC.

// CHECK: .visible .entry gemm_bf16(
// CHECK: ldmatrix.sync.aligned
// CHECK: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
// REGS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// UOP: .visible .entry matmul_bf16_k0(
// UOP: mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32
tirx.prim_func @gemm_bf16(%A: !tirx.buffer<64x32xbf16, global>, %B: !tirx.buffer<32x32xbf16, global>, %C: !tirx.buffer<64x32xf32, global>) {
  tirx.device_entry {
    %bx = tirx.scope_id_def kernel -> cta [1]
    %warp = tirx.scope_id_def cta -> warp [1]
    %lane = tirx.scope_id_def warp -> thread [32]
    %As = tirx.alloc_buffer : !tirx.buffer<64x32xbf16, shared>
    %Bs = tirx.alloc_buffer : !tirx.buffer<32x32xbf16, shared>
    %acc = tirx.alloc_buffer : !tirx.buffer<64x32xf32, local, #tirx.tile<S[(4,2,8,4,4,2):(16,2,4@laneid,4,1@laneid,1)]>>
    %zero = arith.constant 0.0 : f32
    %true = arith.constant true
    tirx.tile.copy <warp> %As, %A : !tirx.buffer<64x32xbf16, shared>, !tirx.buffer<64x32xbf16, global>
    tirx.tile.copy <warp> %Bs, %B : !tirx.buffer<32x32xbf16, shared>, !tirx.buffer<32x32xbf16, global>
    tirx.tile.fill <warp> %acc, %zero : !tirx.buffer<64x32xf32, local, #tirx.tile<S[(4,2,8,4,4,2):(16,2,4@laneid,4,1@laneid,1)]>>, f32
    tirx.tile.gemm <warp> %acc, %As, %Bs, accum %true : !tirx.buffer<64x32xf32, local, #tirx.tile<S[(4,2,8,4,4,2):(16,2,4@laneid,4,1@laneid,1)]>>, !tirx.buffer<64x32xbf16, shared>, !tirx.buffer<32x32xbf16, shared>
    tirx.tile.copy <warp> %C, %acc : !tirx.buffer<64x32xf32, global>, !tirx.buffer<64x32xf32, local, #tirx.tile<S[(4,2,8,4,4,2):(16,2,4@laneid,4,1@laneid,1)]>>
  }
  tirx.return
}
