// RUN: uop-opt %s -verify-diagnostics --tirx-dispatch-tile-primitives="chip=sm_90"
// RUN: uop-opt %s -verify-diagnostics --tirx-dispatch-tile-primitives="chip=sm_80"
// RUN: uop-opt %s --tirx-dispatch-tile-primitives="chip=sm_90a" | FileCheck %s --check-prefix=SM90A
// RUN: uop-opt %s --tirx-dispatch-tile-primitives="chip=sm_100f" | FileCheck %s --check-prefix=SM90A
// RUN: uop-opt %s --tirx-dispatch-tile-primitives="chip=sm_121a" | FileCheck %s --check-prefix=SM90A
// RUN: uop-opt %s -verify-diagnostics --tirx-dispatch-tile-primitives="chip=sm_120"
//
// tirx.warp_specialize reallocates registers with setmaxnreg: the dispatch
// pass, the first that knows the chip, refuses chips without it (the chip
// table's SetMaxNReg: plain sm_90, sm_120, sm_80) as it does for
// nvvm.setmaxregister.

tirx.prim_func @roles() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [256]
    // expected-error @+1 {{tirx.warp_specialize sets registers with setmaxnreg, which needs an architecture- or family-specific chip of sm_90 or newer (sm_90a, sm_100a, ...), target is sm_}}
    tirx.warp_specialize
    role(%p) warpgroups 1 maxnreg 40 {
    }
    role(%c) warpgroups 1 maxnreg 232 {
    }
  }
  tirx.return
}

// SM90A-LABEL: tirx.prim_func @roles
// SM90A: tirx.warp_specialize
