// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// Regression test (was: missing diagnostic): decl_buffer checks that a view fits the viewed
// storage only on the `m` axis (BufferType::getStorageSpan). A tmem buffer's
// storage is on TLane / TCol, where the span is "1" for both source and view,
// so any tmem view fits: a 128x512 view of a 4-column allocation is accepted.
// Now: the TLane / TCol spans are compared too.

tirx.prim_func @tmem_view_more_columns() {
  tirx.device_entry {
    %t = tirx.alloc_buffer : !tirx.buffer<128x4xf32, tmem, #tirx.tile<S[(128,4):(1@TLane,1@TCol)]>>
    // expected-error @+1 {{'tirx.decl_buffer' op the view spans 512 on axis TCol, the viewed buffer 4}}
    %v = tirx.decl_buffer %t : !tirx.buffer<128x4xf32, tmem, #tirx.tile<S[(128,4):(1@TLane,1@TCol)]>> -> !tirx.buffer<128x512xf32, tmem, #tirx.tile<S[(128,512):(1@TLane,1@TCol)]>>
  }
  tirx.return
}

// -----

tirx.prim_func @tmem_view_more_lanes() {
  tirx.device_entry {
    %t = tirx.alloc_buffer : !tirx.buffer<64x8xf32, tmem, #tirx.tile<S[(64,8):(1@TLane,1@TCol)]>>
    // expected-error @+1 {{'tirx.decl_buffer' op the view spans 128 on axis TLane, the viewed buffer 64}}
    %v = tirx.decl_buffer %t : !tirx.buffer<64x8xf32, tmem, #tirx.tile<S[(64,8):(1@TLane,1@TCol)]>> -> !tirx.buffer<128x4xf32, tmem, #tirx.tile<S[(128,4):(1@TLane,1@TCol)]>>
  }
  tirx.return
}
