// RUN: uop-opt %s -split-input-file -verify-diagnostics --tirx-dispatch-tile-primitives="chip=sm_80"
//
// Workspaces the CTA reduction cannot use, with the implementation named
// (without it the shuffle reduction would take the call).

tirx.prim_func @too_small(%A: !tirx.buffer<2x1024xf32, global>, %B: !tirx.buffer<2xf32, global>) {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [256]
    %ws = tirx.alloc_buffer : !tirx.buffer<4xf32, shared>
    // expected-error @+4 {{no implementation of 'tirx.tile.reduce' accepts this call on sm_80 with dispatch "workspace"}}
    // expected-note @+3 {{workspace: the workspace holds 4 partials, the CTA has 8 warps}}
    // expected-note @+2 {{shuffle: not the requested dispatch "workspace"}}
    // expected-note @+1 {{generic: not the requested dispatch "workspace"}}
    tirx.tile.reduce sum <cta> %B, %A axes [1] dispatch "workspace" workspace(%ws : !tirx.buffer<4xf32, shared>) : !tirx.buffer<2xf32, global>, !tirx.buffer<2x1024xf32, global>
  }
  tirx.return
}

// -----

tirx.prim_func @wrong_dtype(%A: !tirx.buffer<2x1024xf32, global>, %B: !tirx.buffer<2xf32, global>) {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [64]
    %ws = tirx.alloc_buffer : !tirx.buffer<2xi32, shared>
    // expected-error @+4 {{no implementation of 'tirx.tile.reduce' accepts this call}}
    // expected-note @+3 {{workspace: the workspace must be a 1-D shared buffer of the source's dtype}}
    // expected-note @+2 {{shuffle: not the requested dispatch "workspace"}}
    // expected-note @+1 {{generic: not the requested dispatch "workspace"}}
    tirx.tile.reduce sum <cta> %B, %A axes [1] dispatch "workspace" workspace(%ws : !tirx.buffer<2xi32, shared>) : !tirx.buffer<2xf32, global>, !tirx.buffer<2x1024xf32, global>
  }
  tirx.return
}

// -----

tirx.prim_func @warp_scope(%A: !tirx.buffer<2x64xf32, global>, %B: !tirx.buffer<2xf32, global>) {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [32]
    %ws = tirx.alloc_buffer : !tirx.buffer<1xf32, shared>
    // expected-error @+4 {{no implementation of 'tirx.tile.reduce' accepts this call}}
    // expected-note @+3 {{workspace: a workspace combines the warps of a CTA (scope cta)}}
    // expected-note @+2 {{shuffle: not the requested dispatch "workspace"}}
    // expected-note @+1 {{generic: not the requested dispatch "workspace"}}
    tirx.tile.reduce sum <warp> %B, %A axes [1] dispatch "workspace" workspace(%ws : !tirx.buffer<1xf32, shared>) : !tirx.buffer<2xf32, global>, !tirx.buffer<2x64xf32, global>
  }
  tirx.return
}
