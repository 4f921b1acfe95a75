// RUN: uop-opt %s -split-input-file -verify-diagnostics --tirx-dispatch-tile-primitives="chip=sm_90"
// RUN: uop-opt %s -split-input-file -verify-diagnostics --tirx-dispatch-tile-primitives="chip=sm_80"
// RUN: uop-opt %s -split-input-file --tirx-dispatch-tile-primitives="chip=sm_90a" 2>&1 | FileCheck %s --check-prefix=SM90A
// RUN: uop-opt %s -split-input-file --tirx-dispatch-tile-primitives="chip=sm_100f" 2>&1 | FileCheck %s --check-prefix=SM90A
// RUN: uop-opt %s -split-input-file --tirx-dispatch-tile-primitives="chip=sm_121a" 2>&1 | FileCheck %s --check-prefix=SM90A
// RUN: uop-opt %s -split-input-file -verify-diagnostics --tirx-dispatch-tile-primitives="chip=sm_120"
//
// Warp specialisation reallocates registers between warpgroups with
// nvvm.setmaxregister (setmaxnreg), which the dispatch pass checks against
// the chip: it needs an architecture- or family-specific chip of sm_90 or
// newer, the chip table's SetMaxNReg feature (plain sm_90, sm_120 and sm_80
// are refused here rather than by ptxas), and a kernel of whole warpgroups.

tirx.prim_func @plain_sm90() {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [3]
    // expected-error @+1 {{setmaxnreg needs an architecture- or family-specific chip of sm_90 or newer (sm_90a, sm_100a, ...), target is sm_}}
    nvvm.setmaxregister decrease 40
  }
  tirx.return
}

// SM90A-LABEL: tirx.prim_func @plain_sm90
// SM90A: nvvm.setmaxregister decrease 40
