// RUN: uop-opt %s -split-input-file -verify-diagnostics --tirx-lower-scope-ids
//
// Cluster launches that cannot be formed.

tirx.prim_func @too_many_ctas() {
  tirx.device_entry {
    // expected-error @+1 {{a portable thread-block cluster has at most 8 CTAs, got 16}}
    %rx, %ry = tirx.scope_id_def cluster -> cta [4, 4]
  }
  tirx.return
}

// -----

tirx.prim_func @shapes_disagree() {
  tirx.device_entry {
    %a = tirx.scope_id_def cluster -> cta [2]
    // expected-error @+1 {{scope ids disagree on the cluster shape: [2] vs [4]}}
    %b = tirx.scope_id_def cluster -> cta [4]
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

// -----

// expected-error @+1 {{the kernel -> cta grid [8] is not the clusters times the cluster shape [6]}}
tirx.prim_func @grids_disagree() {
  tirx.device_entry {
    %c = tirx.scope_id_def kernel -> cluster [3]
    %b = tirx.scope_id_def kernel -> cta [8]
    %r = tirx.scope_id_def cluster -> cta [2]
  }
  tirx.return
}
