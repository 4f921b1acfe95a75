// REQUIRES: ptxas
// Tensor-level reductions on the GPU (uop-optimize's GROUP): each reduction
// kernel of a row sum, a row softmax and a layernorm gives one row to a
// block whose threads combine their partial sums or maxima with xor
// butterflies of shfl.sync (one per warp, then one over the warps' values
// parked in shared memory). ptxas accepts the PTX for sm_80 and sm_90a with
// no spills.
//
// RUN: uop-opt --uop-to-nvvm="chip=sm_80" %uop_src_root/examples/uop/reduce.mlir | uop-translate --mlir-to-ptx --chip=sm_80 > %t.reduce.ptx
// RUN: FileCheck %s --check-prefix=RED --input-file=%t.reduce.ptx
// RUN: %ptxas -arch=sm_80 -v %t.reduce.ptx -o %t.reduce.cubin 2>&1 | FileCheck %s --check-prefix=NOSPILL
// RUN: uop-opt --uop-to-nvvm="chip=sm_80" %uop_src_root/examples/uop/softmax.mlir | uop-translate --mlir-to-ptx --chip=sm_80 > %t.softmax.ptx
// RUN: FileCheck %s --check-prefix=SM --input-file=%t.softmax.ptx
// RUN: %ptxas -arch=sm_80 -v %t.softmax.ptx -o %t.softmax.cubin 2>&1 | FileCheck %s --check-prefix=NOSPILL
// RUN: uop-opt --uop-to-nvvm="chip=sm_90a" %uop_src_root/examples/uop/layernorm.mlir | uop-translate --mlir-to-ptx --chip=sm_90a > %t.ln.ptx
// RUN: FileCheck %s --check-prefix=LN --input-file=%t.ln.ptx
// RUN: %ptxas -arch=sm_90a -v %t.ln.ptx -o %t.ln.cubin 2>&1 | FileCheck %s --check-prefix=NOSPILL

// One block per row of 512, 256 threads: one element each, a butterfly
// per warp, the eight warps' sums through shared memory, then thread 0
// stores.
// RED: .visible .entry reduce_k0(
// RED: .maxntid 256, 1, 1
// RED-DAG: .shared .align {{[0-9]+}} .b8 reduce_k0_shared_{{[0-9]+}}[1024];
// RED-DAG: .shared .align {{[0-9]+}} .b8 reduce_k0_shared_{{[0-9]+}}[32];
// RED: ld.global.b32
// RED: st.shared.b32
// RED: bar.sync 0;
// RED-COUNT-10: shfl.sync.bfly.b32
// RED: st.global.b32
// RED-NOT: .entry

// The max and the sum kernels use the shuffles; the division is
// elementwise (threads over the columns).
// SM: .visible .entry softmax_k0(
// SM: .maxntid 128, 1, 1
// SM-COUNT-10: shfl.sync.bfly.b32
// SM: max.NaN.f32
// SM: .visible .entry softmax_k1(
// SM-COUNT-10: shfl.sync.bfly.b32
// SM: .visible .entry softmax_k2(
// SM-NOT: shfl.sync

// LN: .target sm_90a
// LN: .visible .entry layernorm_k0(
// LN-COUNT-10: shfl.sync.bfly.b32
// LN: .visible .entry layernorm_k1(
// LN-COUNT-10: shfl.sync.bfly.b32
// LN: .visible .entry layernorm_k2(
// LN-NOT: shfl.sync

// NOSPILL-NOT: {{[1-9][0-9]*}} bytes spill
// NOSPILL: 0 bytes spill stores, 0 bytes spill loads
// NOSPILL-NOT: {{[1-9][0-9]*}} bytes spill
