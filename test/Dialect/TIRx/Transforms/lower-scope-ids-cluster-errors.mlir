// RUN: uop-opt %s -split-input-file -verify-diagnostics --tirx-lower-scope-ids
//
// Cluster launches that cannot be formed. Ids that disagree on the cluster
// shape, or a grid in CTAs that is not the grid of clusters times the
// cluster shape, are the verifier's error
// (test/Dialect/TIRx/invalid-scope-ids-launch.mlir).

tirx.prim_func @too_many_ctas() {
  tirx.device_entry {
    // expected-error @+1 {{a portable thread-block cluster has at most 8 CTAs, got 16}}
    %rx, %ry = tirx.scope_id_def cluster -> cta [4, 4]
  }
  tirx.return
}

// -----

// expected-error @+1 {{a kernel -> cluster scope id needs a cluster -> cta scope id for the cluster's shape}}
tirx.prim_func @no_shape() {
  tirx.device_entry {
    %c = tirx.scope_id_def kernel -> cluster [4]
  }
  tirx.return
}

// -----

// expected-error @+1 {{the grid [5] is not a whole number of clusters of [2]}}
tirx.prim_func @partial_cluster() {
  tirx.device_entry {
    %b = tirx.scope_id_def kernel -> cta [5]
    %r = tirx.scope_id_def cluster -> cta [2]
  }
  tirx.return
}
