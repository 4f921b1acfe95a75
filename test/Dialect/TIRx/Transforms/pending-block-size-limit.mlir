// XFAIL: *
// RUN: uop-opt %s -split-input-file -verify-diagnostics --tirx-lower-scope-ids
//
// PENDING BUG (missing diagnostic): a CTA of more than 1024 threads cannot be
// launched on any NVIDIA GPU, but tirx-lower-scope-ids records
// tirx.block_dims = [2048] and the pipeline emits `.maxntid 2048, 1, 1`, which
// ptxas accepts; the kernel then fails only at launch. Expected: an error on
// the scope id that implies more than 1024 threads per CTA.

tirx.prim_func @threads_2048() {
  tirx.device_entry {
    // expected-error @+1 {{1024}}
    %t = tirx.scope_id_def cta -> thread [2048]
  }
  tirx.return
}

// -----

tirx.prim_func @warps_64() {
  tirx.device_entry {
    // expected-error @+1 {{1024}}
    %w = tirx.scope_id_def cta -> warp [64]
  }
  tirx.return
}
