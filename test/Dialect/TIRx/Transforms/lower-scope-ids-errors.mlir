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

tirx.prim_func @cluster_4d() {
  tirx.device_entry {
    // expected-error @+1 {{a cluster has at most 3 dimensions}}
    %a, %b, %c, %d = tirx.scope_id_def cluster -> cta [2, 1, 1, 1]
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

// -----

// Two kernel -> cta scope ids that give different grids (another extent or
// another rank) are an error, like disagreeing threads per CTA; ids that agree
// are fine.
tirx.prim_func @grids() {
  tirx.device_entry {
    %a = tirx.scope_id_def kernel -> cta [8]
    // expected-error @+1 {{scope ids disagree on the grid: [8] vs [4]}}
    %b = tirx.scope_id_def kernel -> cta [4]
  }
  tirx.return
}

// -----

tirx.prim_func @grid_rank() {
  tirx.device_entry {
    %a, %b = tirx.scope_id_def kernel -> cta [8, 4]
    // expected-error @+1 {{scope ids disagree on the grid: [8, 4] vs [32]}}
    %c = tirx.scope_id_def kernel -> cta [32]
  }
  tirx.return
}

// -----

// Two ids that agree on the grid are fine.
tirx.prim_func @grids_agree() {
  tirx.device_entry {
    %a, %b = tirx.scope_id_def kernel -> cta [8, 4]
    %c, %d = tirx.scope_id_def kernel -> cta [8, 4]
  }
  tirx.return
}
