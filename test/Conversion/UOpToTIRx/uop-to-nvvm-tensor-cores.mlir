// REQUIRES: ptxas
// Tensor-level f16 matmuls through uop-to-nvvm: on sm_80 (and sm_90a, which
// runs the same mma.sync) the PTX stages tiles with cp.async (a four-stage
// ring in 64 KiB of dynamic shared memory), reads the fragments with
// ldmatrix and multiplies with mma.sync m16n8k16; ptxas accepts it with no
// spills and no stack frame (the 64 x 64 accumulator of each warp lives in
// registers). With tensor-cores=0 the matmul is a per-thread loop.
//
// RUN: uop-opt --uop-to-nvvm="chip=sm_80" %uop_src_root/examples/uop/matmul_f16.mlir | uop-translate --mlir-to-ptx --chip=sm_80 > %t.mm.ptx
// RUN: FileCheck %s --check-prefix=MM --input-file=%t.mm.ptx
// RUN: %ptxas -arch=sm_80 -v %t.mm.ptx -o %t.mm.cubin 2>&1 | FileCheck %s --check-prefix=REGS
// RUN: uop-opt --uop-to-nvvm="chip=sm_80" %uop_src_root/examples/uop/matmul_bias_relu_f16.mlir | uop-translate --mlir-to-ptx --chip=sm_80 > %t.mbr.ptx
// RUN: FileCheck %s --check-prefix=MBR --input-file=%t.mbr.ptx
// RUN: %ptxas -arch=sm_80 -v %t.mbr.ptx -o %t.mbr.cubin 2>&1 | FileCheck %s --check-prefix=REGS
// RUN: uop-opt --uop-to-nvvm="chip=sm_90a" %uop_src_root/examples/uop/matmul_f16.mlir | uop-translate --mlir-to-ptx --chip=sm_90a > %t.mm90.ptx
// RUN: FileCheck %s --check-prefix=MM --input-file=%t.mm90.ptx
// RUN: %ptxas -arch=sm_90a -v %t.mm90.ptx -o %t.mm90.cubin 2>&1 | FileCheck %s --check-prefix=REGS
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

// REGS: 0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
// REGS: Used {{[0-9]+}} registers, used 1 barriers, 1 bytes smem

// NOTC: .visible .entry matmul_f16_k0(
// NOTC-NOT: mma.sync
// NOTC-NOT: ldmatrix
