// RUN: uop-opt %s -split-input-file -verify-diagnostics --tirx-dispatch-tile-primitives="chip=sm_90a"
//
// setmaxnreg moves registers between whole warpgroups: on sm_90a the
// kernel's threads per CTA must be a known multiple of 128.

tirx.prim_func @partial_warpgroup() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [192]
    // expected-error @+1 {{setmaxnreg reallocates the registers of whole warpgroups: the kernel's threads per CTA must be a known multiple of 128 (a cta -> thread, warp or warpgroup scope id)}}
    nvvm.setmaxregister increase 232
  }
  tirx.return
}

// -----

tirx.prim_func @unknown_threads() {
  tirx.device_entry {
    // expected-error @+1 {{setmaxnreg reallocates the registers of whole warpgroups}}
    nvvm.setmaxregister increase 232
  }
  tirx.return
}
