// RUN: uop-opt %s -split-input-file -verify-diagnostics --tirx-lower-scope-ids
//
// tirx-lower-scope-ids fails on ids that disagree on the threads per CTA and on
// scope pairs without a GPU binding.

tirx.prim_func @threads_vs_warps() {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [128]
    // expected-error @+1 {{scope ids disagree on the threads per CTA: 128 vs 256}}
    %w = tirx.scope_id_def cta -> warp [8]
  }
  tirx.return
}

// -----

tirx.prim_func @warpgroups_vs_threads() {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    // expected-error @+1 {{scope ids disagree on the threads per CTA: 128 vs 96}}
    %t0, %t1 = tirx.scope_id_def cta -> thread [3, 32]
  }
  tirx.return
}

// -----

// The disagreement is found across nested regions too.
tirx.prim_func @nested_disagreement(%n: index) {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [64]
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      // expected-error @+1 {{scope ids disagree on the threads per CTA: 64 vs 32}}
      %t2 = tirx.scope_id_def cta -> thread [32]
    }
  }
  tirx.return
}

// -----

tirx.prim_func @kernel_thread() {
  tirx.device_entry {
    // expected-error @+1 {{no GPU binding for the scope pair kernel -> thread}}
    %t = tirx.scope_id_def kernel -> thread [4096]
  }
  tirx.return
}

// -----

tirx.prim_func @cluster_thread() {
  tirx.device_entry {
    // expected-error @+1 {{no GPU binding for the scope pair cluster -> thread}}
    %t = tirx.scope_id_def cluster -> thread [256]
  }
  tirx.return
}

// -----

tirx.prim_func @cluster_warp() {
  tirx.device_entry {
    // expected-error @+1 {{no GPU binding for the scope pair cluster -> warp}}
    %w = tirx.scope_id_def cluster -> warp [8]
  }
  tirx.return
}

// -----

tirx.prim_func @kernel_warpgroup() {
  tirx.device_entry {
    // expected-error @+1 {{no GPU binding for the scope pair kernel -> warpgroup}}
    %w = tirx.scope_id_def kernel -> warpgroup [8]
  }
  tirx.return
}

// -----

tirx.prim_func @grid_4d() {
  tirx.device_entry {
    // expected-error @+1 {{a grid has at most 3 dimensions}}
    %a, %b, %c, %d = tirx.scope_id_def kernel -> cta [2, 2, 2, 2]
  }
  tirx.return
}

// -----

tirx.prim_func @clusters_4d() {
  tirx.device_entry {
    // expected-error @+1 {{a grid has at most 3 dimensions}}
    %a, %b, %c, %d = tirx.scope_id_def kernel -> cluster [2, 2, 2, 2]
  }
  tirx.return
}

// -----

tirx.prim_func @cluster_4d() {
  tirx.device_entry {
    // expected-error @+1 {{a cluster has at most 3 dimensions}}
    %a, %b, %c, %d = tirx.scope_id_def cluster -> cta [2, 1, 1, 1]
  }
  tirx.return
}
