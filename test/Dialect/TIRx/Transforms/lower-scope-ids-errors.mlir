// RUN: uop-opt %s -split-input-file -verify-diagnostics --tirx-lower-scope-ids
//
// tirx-lower-scope-ids fails on scope pairs without a GPU binding. Ids that
// disagree on the threads per CTA or on the grid are the verifier's error
// (test/Dialect/TIRx/invalid-scope-ids-launch.mlir).

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
