// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// Regression test (was: diagnostic): BufferType::verify has a rule "tmem buffers cannot be
// swizzled", but it is unreachable: a swizzle (bare, or through a compose,
// whose tile must name m) always puts `m` among the axes, and the axis loop
// before it reports "tmem buffers take layouts on TLane/TCol, got memory axis
// 'm'" first. The swizzle check should come before the axis loop (today's
// behaviour is pinned in invalid-buffer.mlir).

tirx.prim_func @tmem_swizzle() {
  tirx.device_entry {
    // expected-error @+1 {{tmem buffers cannot be swizzled}}
    %a = tirx.alloc_buffer : !tirx.buffer<128x64xf16, tmem, #tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>>
  }
  tirx.return
}

// -----

tirx.prim_func @tmem_compose() {
  tirx.device_entry {
    // expected-error @+1 {{tmem buffers cannot be swizzled}}
    %a = tirx.alloc_buffer : !tirx.buffer<128x64xf16, tmem, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>
  }
  tirx.return
}
