// REQUIRES: ptxas
// Tensor-level f16 matmuls through uop-to-nvvm: on sm_80 the PTX stages
// tiles with cp.async (a four-stage ring in 64 KiB of dynamic shared
// memory), reads the fragments with ldmatrix and multiplies with mma.sync
// m16n8k16; on sm_90a two warpgroups multiply with wgmma.mma_async
// m64n128k16 from 128-byte-swizzled shared memory (B transposed on the way
// in, A by cp.async), after a proxy fence. ptxas accepts both with no spills
// and no stack frame (the accumulators live in registers). With
// tensor-cores=0 the matmul is a per-thread loop.
//
// RUN: uop-opt --uop-to-nvvm="chip=sm_80" %uop_src_root/examples/uop/matmul_f16.mlir | uop-translate --mlir-to-ptx --chip=sm_80 > %t.mm.ptx
// RUN: FileCheck %s --check-prefix=MM --input-file=%t.mm.ptx
// RUN: %ptxas -arch=sm_80 -v %t.mm.ptx -o %t.mm.cubin 2>&1 | FileCheck %s --check-prefix=REGS
// RUN: uop-opt --uop-to-nvvm="chip=sm_80" %uop_src_root/examples/uop/matmul_bias_relu_f16.mlir | uop-translate --mlir-to-ptx --chip=sm_80 > %t.mbr.ptx
// RUN: FileCheck %s --check-prefix=MBR --input-file=%t.mbr.ptx
// RUN: %ptxas -arch=sm_80 -v %t.mbr.ptx -o %t.mbr.cubin 2>&1 | FileCheck %s --check-prefix=REGS
// RUN: uop-opt --uop-to-nvvm="chip=sm_90a" %uop_src_root/examples/uop/matmul_f16.mlir | uop-translate --mlir-to-ptx --chip=sm_90a > %t.mm90.ptx
// RUN: FileCheck %s --check-prefix=MM90 --input-file=%t.mm90.ptx
// RUN: %ptxas -arch=sm_90a -v %t.mm90.ptx -o %t.mm90.cubin 2>&1 | FileCheck %s --check-prefix=REGS
// RUN: uop-opt --uop-to-nvvm="chip=sm_90a" %uop_src_root/examples/uop/matmul_bias_relu_f16.mlir | uop-translate --mlir-to-ptx --chip=sm_90a > %t.mbr90.ptx
// RUN: FileCheck %s --check-prefix=MBR90 --input-file=%t.mbr90.ptx
// RUN: %ptxas -arch=sm_90a -v %t.mbr90.ptx -o %t.mbr90.cubin 2>&1 | FileCheck %s --check-prefix=REGS
// RUN: uop-opt --uop-to-nvvm="chip=sm_80 tensor-cores=0" %uop_src_root/examples/uop/matmul_f16.mlir | uop-translate --mlir-to-ptx --chip=sm_80 | FileCheck %s --check-prefix=NOTC
// RUN: uop-opt --uop-to-nvvm="chip=sm_75" %uop_src_root/examples/uop/matmul_f16.mlir | uop-translate --mlir-to-ptx --chip=sm_75 | FileCheck %s --check-prefix=NOTC

// MM: .visible .entry matmul_f16_k0(
// MM: .maxntid 128, 1, 1
// MM-NOT: .local
// MM-DAG: cp.async.{{ca|cg}}.shared.global
// MM-DAG: cp.async.wait_group {{[[:space:]]*}}2;
// MM-DAG: ldmatrix.sync.aligned
// MM-DAG: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// MM-NOT: .local

// MBR: .visible .entry matmul_bias_relu_f16_k0(
// MBR-DAG: ldmatrix.sync.aligned
// MBR-DAG: mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32
// MBR: max.NaN.f32
// MBR: cvt.rn.f16.f32
// MBR: st.global.b16

// MM90: .visible .entry matmul_f16_k0(
// MM90: .maxntid 256, 1, 1
// MM90-NOT: .local
// MM90-DAG: cp.async.cg.shared.global
// MM90-DAG: cp.async.wait_group {{[[:space:]]*}}2;
// MM90-DAG: fence.proxy.async.shared::cta;
// MM90-DAG: wgmma.fence.sync.aligned;
// MM90-DAG: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// MM90-DAG: wgmma.commit_group.sync.aligned;
// MM90-DAG: wgmma.wait_group.sync.aligned 0;
// MM90-NOT: mma.sync.aligned
// MM90-NOT: .local

// MBR90: .visible .entry matmul_bias_relu_f16_k0(
// MBR90: wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16
// MBR90: max.NaN.f32
// MBR90: cvt.rn.f16.f32
// MBR90: st.global.b16

// No static shared memory: the tiles are dynamic shared memory, an
// `.extern .shared` array (upstream's internal symbol for it was one static
// byte, placed among the static variables).
// REGS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// REGS-NOT: smem
// REGS: Used {{[0-9]+}} registers, used 1 barriers{{(, [0-9]+ bytes cmem\[0\])?$}}

// NOTC: .visible .entry matmul_f16_k0(
// NOTC-NOT: mma.sync
// NOTC-NOT: ldmatrix
