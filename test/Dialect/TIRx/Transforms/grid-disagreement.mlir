// RUN: uop-opt %s -split-input-file -verify-diagnostics --tirx-lower-scope-ids
//
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
