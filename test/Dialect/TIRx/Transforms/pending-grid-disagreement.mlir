// XFAIL: *
// RUN: uop-opt %s -split-input-file -verify-diagnostics --tirx-lower-scope-ids
//
// PENDING BUG (missing diagnostic): two kernel -> cta scope ids with different
// extents are accepted silently; the last one wins and the prim_func gets
// tirx.grid_dims = [4] although the first id says 8 CTAs (so known_grid_size
// is wrong for code using the first id). The threads-per-CTA counterpart is
// an error ("scope ids disagree on the threads per CTA: ..."); the grid should
// be checked the same way. Actual today: no error, grid_dims = [4].

tirx.prim_func @grids() {
  tirx.device_entry {
    %a = tirx.scope_id_def kernel -> cta [8]
    // expected-error @+1 {{grid}}
    %b = tirx.scope_id_def kernel -> cta [4]
  }
  tirx.return
}

// -----

tirx.prim_func @grid_rank() {
  tirx.device_entry {
    %a, %b = tirx.scope_id_def kernel -> cta [8, 4]
    // expected-error @+1 {{grid}}
    %c = tirx.scope_id_def kernel -> cta [32]
  }
  tirx.return
}
