// REQUIRES: ptxas
// ptxas assembles the PTX of every bundled tirx example for its chip, and the
// GEMM kernels do not spill. The mma.sync kernels keep their accumulators in
// registers: no stack frame, and registers for two CTAs per SM in its 64 K:
// at most 128 per thread for gemm_mma_sync's 256 threads, at most 255 (the
// architectural limit) for the pipelined kernel's 128. (examples.mlir checks
// the instructions.)
//
// RUN: uop-opt --tirx-to-nvvm="chip=sm_80" %uop_src_root/examples/tirx/copy.mlir | uop-translate --mlir-to-ptx --chip=sm_80 -o %t.copy.ptx
// RUN: %ptxas -arch=sm_80 -v %t.copy.ptx -o %t.copy.cubin 2>&1 | FileCheck %s --check-prefix=COPY
// RUN: uop-opt --tirx-to-nvvm="chip=sm_90a" %uop_src_root/examples/tirx/copy_tma.mlir | uop-translate --mlir-to-ptx --chip=sm_90a -o %t.copy_tma.ptx
// RUN: %ptxas -arch=sm_90a -v %t.copy_tma.ptx -o %t.copy_tma.cubin 2>&1 | FileCheck %s --check-prefix=TMA
// RUN: uop-opt --tirx-to-nvvm="chip=sm_80" %uop_src_root/examples/tirx/gemm_mma_sync.mlir | uop-translate --mlir-to-ptx --chip=sm_80 -o %t.mma.ptx
// RUN: %ptxas -arch=sm_80 -v %t.mma.ptx -o %t.mma.cubin 2>&1 | FileCheck %s --check-prefixes=GEMM,MMA
// RUN: uop-opt --tirx-to-nvvm="chip=sm_80" %uop_src_root/examples/tirx/gemm_mma_sync_pipelined.mlir | uop-translate --mlir-to-ptx --chip=sm_80 -o %t.pipe.ptx
// RUN: %ptxas -arch=sm_80 -v %t.pipe.ptx -o %t.pipe.cubin 2>&1 | FileCheck %s --check-prefixes=GEMM,PIPE
// RUN: uop-opt --tirx-to-nvvm="chip=sm_90a" %uop_src_root/examples/tirx/gemm_wgmma.mlir | uop-translate --mlir-to-ptx --chip=sm_90a -o %t.wgmma.ptx
// RUN: %ptxas -arch=sm_90a -v %t.wgmma.ptx -o %t.wgmma.cubin 2>&1 | FileCheck %s --check-prefixes=GEMM,WGMMA
// RUN: uop-opt --tirx-to-nvvm="chip=sm_90a" %uop_src_root/examples/tirx/gemm_wgmma_ws.mlir | uop-translate --mlir-to-ptx --chip=sm_90a -o %t.ws.ptx
// RUN: %ptxas -arch=sm_90a -v %t.ws.ptx -o %t.ws.cubin 2>&1 | FileCheck %s --check-prefixes=GEMM,WS
// RUN: uop-opt --tirx-to-nvvm="chip=sm_100a" %uop_src_root/examples/tirx/gemm_tcgen05.mlir | uop-translate --mlir-to-ptx --chip=sm_100a -o %t.tcgen05.ptx
// RUN: %ptxas -arch=sm_100a -v %t.tcgen05.ptx -o %t.tcgen05.cubin 2>&1 | FileCheck %s --check-prefixes=GEMM,TCGEN05
// RUN: uop-opt --tirx-to-nvvm="chip=sm_100a" %uop_src_root/examples/tirx/gemm_tcgen05_2cta.mlir | uop-translate --mlir-to-ptx --chip=sm_100a -o %t.2cta.ptx
// RUN: %ptxas -arch=sm_100a -v %t.2cta.ptx -o %t.2cta.cubin 2>&1 | FileCheck %s --check-prefixes=GEMM,PAIR
// RUN: uop-opt --tirx-to-nvvm="chip=sm_100a" %uop_src_root/examples/tirx/seed_fragment.mlir | uop-translate --mlir-to-ptx --chip=sm_100a -o %t.seed.ptx
// RUN: %ptxas -arch=sm_100a -v %t.seed.ptx -o %t.seed.cubin 2>&1 | FileCheck %s --check-prefix=SEED

// COPY: Compiling entry function 'copy' for 'sm_80'
// COPY: Used {{[0-9]+}} registers, used 1 barriers, 32768 bytes smem

// TMA: Compiling entry function 'copy_tma' for 'sm_90a'
// TMA: 0 bytes spill stores, 0 bytes spill loads

// MMA: Compiling entry function 'gemm' for 'sm_80'
// MMA-NEXT: Function properties for gemm
// MMA-NEXT: 0 bytes stack frame,
// PIPE: Compiling entry function 'gemm' for 'sm_80'
// PIPE-NEXT: Function properties for gemm
// PIPE-NEXT: 0 bytes stack frame,
// WGMMA: Compiling entry function 'gemm' for 'sm_90a'
// The wgmma accumulator too (it had a 64-byte frame).
// WGMMA-NEXT: Function properties for gemm
// WGMMA-NEXT: 0 bytes stack frame,
// WS: Compiling entry function 'gemm' for 'sm_90a'
// WS-NEXT: Function properties for gemm
// WS-NEXT: 0 bytes stack frame,
// TCGEN05: Compiling entry function 'gemm' for 'sm_100a'
// PAIR: Compiling entry function 'gemm' for 'sm_100a'
// PAIR-NEXT: Function properties for gemm
// PAIR-NEXT: 0 bytes stack frame,
// GEMM: 0 bytes spill stores, 0 bytes spill loads
// GEMM-NOT: error
// MMA: Used {{([1-9]?[0-9]|1[01][0-9]|12[0-8])}} registers, used 1 barriers, 32768 bytes smem
// The four stages are dynamic shared memory (the launch asks for them), an
// `.extern .shared` array: no static shared memory at all. (Upstream's
// internal symbol for the dynamic window was a 1-byte static variable.)
// PIPE: Used {{([1-9]?[0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])}} registers, used 1 barriers, {{[0-9]+}} bytes cmem[0]{{$}}
// WGMMA: 41096 bytes smem
// The warp-specialized kernel starts with at most 65536 / 384 = 170
// registers per thread (168, a multiple of 8): what setmaxnreg reallocates
// (producer 40, consumers 232). The named barriers' ids are registers, so
// ptxas reserves all 16; the ring is dynamic shared memory.
// WS: Used {{([1-9]?[0-9]|1[0-5][0-9]|16[0-8])}} registers, used 16 barriers{{$}}
// The 2-CTA tcgen05 kernel: 256 threads may use up to 255 registers each
// (the accumulators are in tensor memory; it needs far fewer); named barriers
// 0 and 1; the static bytes are the tensor-memory address slot (4 bytes,
// padded to the 16-byte alignment of the dynamic array after it), the ring
// is dynamic.
// PAIR: Used {{([1-9]?[0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])}} registers, used 2 barriers, 16 bytes smem{{$}}

// SEED: Compiling entry function 'gemm_compute' for 'sm_100a'
// SEED: 0 bytes spill stores, 0 bytes spill loads
