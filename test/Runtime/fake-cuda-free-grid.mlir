// A persistent kernel on a free grid: `kernel -> cta [?] preferred [6]`
// steps over its 32 tiles by the grid's run-time size (tirx.scope_extent),
// so it is correct on any grid; it launches with the preferred extent. The
// kernel reads %nctaid.x and carries no compiled-in grid; the launcher
// (uop-run on the kernel, and the host code's tirx.launch) starts 6 CTAs.
//
// RUN: uop-opt %s --tirx-lower-scope-ids --convert-tirx-to-gpu | FileCheck %s --check-prefix=GPU
// GPU-LABEL: func.func @host
// GPU: %[[G:.*]] = arith.constant 6 : index
// GPU: gpu.launch_func @tirx_kernels::@fill blocks in (%[[G]], %{{.*}}, %{{.*}})
// GPU: gpu.func @fill
// GPU-NOT: known_grid_size
// GPU-SAME: tirx.preferred_grid_dims = array<i64: 6>
// GPU: gpu.grid_dim x
//
// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_80" | uop-translate --mlir-to-ptx --chip=sm_80 -o %t.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// PTX: .entry fill(
// PTX-NOT: .reqnctapercluster
// PTX: %nctaid.x
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o %t.cubin %}
//
// RUN: env UOP_CUDA_DRIVER=%fake_cuda UOP_CUDA_LOAD=ptx UOP_FAKE_CUDA_CC=80 uop-run %s --entry fill --target cuda --repeat 1 2>&1 | FileCheck %s --check-prefix=LAUNCH
// RUN: env UOP_CUDA_DRIVER=%fake_cuda UOP_CUDA_LOAD=ptx UOP_FAKE_CUDA_CC=80 uop-run %s --entry host --target cuda --repeat 1 2>&1 | FileCheck %s --check-prefix=LAUNCH
// LAUNCH: launch fill grid=(6,1,1) block=(128,1,1) cluster=(1,1,1) shared=0+0 params=1 ok
// LAUNCH: uop-fake-cuda: exit allocations=0 modules=0 events=0 contexts=0

tirx.prim_func @host(%A: !tirx.buffer<4096xf32, global>) {
  tirx.launch @fill(%A) : (!tirx.buffer<4096xf32, global>)
  tirx.return
}

tirx.prim_func @fill(%A: !tirx.buffer<4096xf32, global>) {
  tirx.device_entry {
    %cta = tirx.scope_id_def kernel -> cta [?] preferred [6]
    %ctas = tirx.scope_extent %cta
    %t = tirx.scope_id_def cta -> thread [128]
    %tiles = arith.constant 32 : index
    %c128 = arith.constant 128 : index
    %x = arith.constant 1.0 : f32
    scf.for %tile = %cta to %tiles step %ctas {
      %base = arith.muli %tile, %c128 : index
      %i = arith.addi %base, %t : index
      tirx.buffer_store %x, %A[%i] : !tirx.buffer<4096xf32, global>
    }
  }
  tirx.return
}
