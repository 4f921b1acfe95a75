// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// The scope_id_defs of one kernel (tirx.device_entry's verifier) describe one
// launch: they agree on the threads per CTA, on the grid in CTAs and in
// clusters (a free extent counting as its preferred one), and on the cluster
// shape, and a grid of clusters times the cluster shape is the grid in CTAs.
// These were tirx-lower-scope-ids' errors, found only when lowering.

tirx.prim_func @threads_vs_warps() {
  tirx.device_entry {
    // expected-note @+1 {{the first one}}
    %t = tirx.scope_id_def cta -> thread [128]
    // expected-error @+1 {{'tirx.scope_id_def' op scope ids disagree on the threads per CTA: 128 vs 256}}
    %w = tirx.scope_id_def cta -> warp [8]
  }
  tirx.return
}

// -----

tirx.prim_func @warpgroups_vs_threads() {
  tirx.device_entry {
    // expected-note @+1 {{the first one}}
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
    // expected-note @+1 {{the first one}}
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

// Two kernel -> cta scope ids that give different grids (another extent or
// another rank).
tirx.prim_func @grids() {
  tirx.device_entry {
    // expected-note @+1 {{the first one}}
    %a = tirx.scope_id_def kernel -> cta [8]
    // expected-error @+1 {{scope ids disagree on the grid: [8] vs [4]}}
    %b = tirx.scope_id_def kernel -> cta [4]
  }
  tirx.return
}

// -----

tirx.prim_func @grid_rank() {
  tirx.device_entry {
    // expected-note @+1 {{the first one}}
    %a, %b = tirx.scope_id_def kernel -> cta [8, 4]
    // expected-error @+1 {{scope ids disagree on the grid: [8, 4] vs [32]}}
    %c = tirx.scope_id_def kernel -> cta [32]
  }
  tirx.return
}

// -----

// A free extent launches with its preferred one: that is what must agree.
tirx.prim_func @free_grid_vs_fixed() {
  tirx.device_entry {
    // expected-note @+1 {{the first one}}
    %a = tirx.scope_id_def kernel -> cta [?] preferred [132]
    // expected-error @+1 {{scope ids disagree on the grid: [132] vs [64]}}
    %b = tirx.scope_id_def kernel -> cta [64]
  }
  tirx.return
}

// -----

tirx.prim_func @clusters_of_the_grid() {
  tirx.device_entry {
    %r = tirx.scope_id_def cluster -> cta [2]
    // expected-note @+1 {{the first one}}
    %a = tirx.scope_id_def kernel -> cluster [4]
    // expected-error @+1 {{scope ids disagree on the clusters of the grid: [4] vs [3]}}
    %b = tirx.scope_id_def kernel -> cluster [3]
  }
  tirx.return
}

// -----

tirx.prim_func @cluster_shapes() {
  tirx.device_entry {
    // expected-note @+1 {{the first one}}
    %a = tirx.scope_id_def cluster -> cta [2]
    // expected-error @+1 {{scope ids disagree on the cluster shape: [2] vs [4]}}
    %b = tirx.scope_id_def cluster -> cta [4]
  }
  tirx.return
}

// -----

tirx.prim_func @grid_vs_clusters() {
  tirx.device_entry {
    // expected-note @+1 {{the grid of clusters}}
    %c = tirx.scope_id_def kernel -> cluster [3]
    // expected-error @+1 {{the kernel -> cta grid [8] is not the clusters times the cluster shape [6]}}
    %b = tirx.scope_id_def kernel -> cta [8]
    // expected-note @+1 {{the cluster shape}}
    %r = tirx.scope_id_def cluster -> cta [2]
  }
  tirx.return
}

// -----

// Ids that agree are fine: the same grid twice, a free extent and its
// preferred one, a grid of clusters that is the grid in CTAs.
tirx.prim_func @agree() {
  tirx.device_entry {
    %a, %b = tirx.scope_id_def kernel -> cta [8, 4]
    %c, %d = tirx.scope_id_def kernel -> cta [?, 4] preferred [8, 4]
    %e, %f = tirx.scope_id_def kernel -> cluster [4, 4]
    %g = tirx.scope_id_def cluster -> cta [2]
    %t = tirx.scope_id_def cta -> thread [256]
    %w = tirx.scope_id_def cta -> warp [8]
    %wg = tirx.scope_id_def cta -> warpgroup [2]
  }
  tirx.return
}
