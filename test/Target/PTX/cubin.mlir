// REQUIRES: ptxas
// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_80" | uop-translate --mlir-to-cubin --chip=sm_80 -o %t.cubin
// RUN: head -c 4 %t.cubin | od -An -c | FileCheck %s --check-prefix=ELF
// RUN: wc -c < %t.cubin | FileCheck %s --check-prefix=SIZE
// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_90a" | uop-translate --mlir-to-cubin --chip=sm_90a -o %t.90a.cubin
// RUN: head -c 4 %t.90a.cubin | od -An -c | FileCheck %s --check-prefix=ELF
// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_80" | not uop-translate --mlir-to-cubin --chip=sm_90a -o %t.bad 2>&1 | FileCheck %s --check-prefix=MISMATCH
// RUN: not uop-translate --mlir-to-cubin %S/Inputs/empty.mlir -o %t.none 2>&1 | FileCheck %s --check-prefix=NOGPU
// RUN: not uop-translate --mlir-to-cubin %S/Inputs/two-gpu-modules.mlir -o %t.two 2>&1 | FileCheck %s --check-prefix=TWO
//
// --mlir-to-cubin runs ptxas on the PTX and writes the cubin: an ELF file
// (magic 0x7f 'E' 'L' 'F') of some size. The checks of --mlir-to-ptx come
// first.

// ELF: 177 E L F
// SIZE: {{^ *[1-9][0-9]{3,}$}}
// MISMATCH: error: gpu.module targets sm_80 but --chip=sm_90a
// NOGPU: error: no gpu.module to translate
// TWO: error: expected one gpu.module, found 2; PTX and cubin files hold one module
tirx.prim_func @k(%A: !tirx.buffer<64x64xf32, global>, %B: !tirx.buffer<64x64xf32, global>) {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [128]
    %S = tirx.alloc_buffer : !tirx.buffer<64x64xf32, shared>
    tirx.tile.copy <cta> %S, %A : !tirx.buffer<64x64xf32, shared>, !tirx.buffer<64x64xf32, global>
    tirx.tile.copy <cta> %B, %S : !tirx.buffer<64x64xf32, global>, !tirx.buffer<64x64xf32, shared>
  }
  tirx.return
}
