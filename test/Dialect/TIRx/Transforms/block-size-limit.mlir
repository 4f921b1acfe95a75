// RUN: uop-opt %s -split-input-file -verify-diagnostics --tirx-lower-scope-ids
//
// tirx-lower-scope-ids rejects scope ids that imply more than 1024 threads per
// CTA (no NVIDIA GPU can launch such a CTA): 2048 threads given directly, as
// 32 x 64 threads, as 64 warps or as 16 warpgroups. Exactly 1024 threads
// (32 warps) are fine.

tirx.prim_func @threads_2048() {
  tirx.device_entry {
    // expected-error @+1 {{a CTA has at most 1024 threads, the scope ids give 2048}}
    %t = tirx.scope_id_def cta -> thread [2048]
  }
  tirx.return
}

// -----

tirx.prim_func @warps_64() {
  tirx.device_entry {
    // expected-error @+1 {{a CTA has at most 1024 threads, the scope ids give 2048}}
    %w = tirx.scope_id_def cta -> warp [64]
  }
  tirx.return
}

// -----

tirx.prim_func @threads_2d() {
  tirx.device_entry {
    // expected-error @+1 {{a CTA has at most 1024 threads, the scope ids give 2048}}
    %x, %y = tirx.scope_id_def cta -> thread [32, 64]
  }
  tirx.return
}

// -----

tirx.prim_func @warpgroups_16() {
  tirx.device_entry {
    // expected-error @+1 {{a CTA has at most 1024 threads, the scope ids give 2048}}
    %g = tirx.scope_id_def cta -> warpgroup [16]
  }
  tirx.return
}

// -----

tirx.prim_func @threads_1024() {
  tirx.device_entry {
    %w = tirx.scope_id_def cta -> warp [32]
    %t = tirx.scope_id_def cta -> thread [1024]
  }
  tirx.return
}
