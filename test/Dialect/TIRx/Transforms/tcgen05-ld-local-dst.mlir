// RUN: uop-opt %s -split-input-file -verify-diagnostics --tirx-dispatch-tile-primitives="chip=sm_100a"
//
// Regression test (was a bug (missing diagnostic, incomplete copy)): a plain local buffer (no
// thread axes) is private to each thread, so a warpgroup-scope call cannot
// fill it whole -- generic and vectorized decline such copies ("a local
// buffer without thread axes is private to each thread; use thread scope or
// distribute it"). tcgen05_ld only rejects a dst distributed over threads
// and accepts this one: each thread's private 128 x 8 copy gets its own row
// (row = thread index) and the other 127 rows stay unwritten, and every
// thread holds 4 KiB of local memory for one row of data. Expected: tcgen05_ld
// declines (any wording) and the call has no implementation.

tirx.prim_func @ld_private_dst() {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [1]
    %D = tirx.alloc_buffer : !tirx.buffer<128x8xf32, tmem, #tirx.tile<S[(128,8):(1@TLane,1@TCol)]>>
    %L = tirx.alloc_buffer : !tirx.buffer<128x8xf32, local>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy' accepts this call on sm_100a}}
    // expected-note @+3 {{tcgen05_ld: }}
    // expected-note @+2 {{vectorized: }}
    // expected-note @+1 {{generic: }}
    tirx.tile.copy <warpgroup> %L, %D : !tirx.buffer<128x8xf32, local>, !tirx.buffer<128x8xf32, tmem, #tirx.tile<S[(128,8):(1@TLane,1@TCol)]>>
  }
  tirx.return
}
