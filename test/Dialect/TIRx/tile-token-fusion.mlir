// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// Regression test (fixed): TileLayoutAttr::parse re-assembles the MLIR tokens into text without a
// separator between two integer tokens, so two numbers written apart fuse into
// one: `S[(4,8 2):(8,1)]` is accepted as `S[(4,82):(8,1)]`, `S[32:1 2]` as
// `S[32:12]`, `S[4 0:1]` as `S[40:1]`. Garbled text silently becomes another
// layout. Expected: an error (the algebra parser would say "expected ','" or
// "expected ']'" if the tokens stayed apart).

// expected-error @+1 {{tile layout}}
tirx.prim_func @extents() attributes {l = #tirx.tile<S[(4,8 2):(8,1)]>} {
  tirx.return
}

// -----

// expected-error @+1 {{tile layout}}
tirx.prim_func @stride() attributes {l = #tirx.tile<S[32:1 2]>} {
  tirx.return
}

// -----

tirx.prim_func @in_buffer() {
  tirx.device_entry {
    // expected-error @+1 {{tile layout}}
    %r = tirx.alloc_buffer : !tirx.buffer<40xf32, shared, #tirx.tile<S[4 0:1]>>
  }
  tirx.return
}
