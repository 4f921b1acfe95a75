// RUN: uop-opt %s -split-input-file -verify-diagnostics --tirx-lower-layouts
//
// Tensor memory has no element loads and stores: tirx-lower-layouts rejects
// them (tcgen05.ld/st move tmem data).

tirx.prim_func @tmem_load(%i: index, %j: index) {
  tirx.device_entry {
    %t = tirx.alloc_buffer : !tirx.buffer<128x128xf32, tmem, #tirx.tile<S[(128,128):(1@TLane,1@TCol)]>>
    // expected-error @+1 {{tensor memory is accessed with tcgen05.ld/st, not element loads and stores}}
    %v = tirx.buffer_load %t[%i, %j] : !tirx.buffer<128x128xf32, tmem, #tirx.tile<S[(128,128):(1@TLane,1@TCol)]>>
  }
  tirx.return
}

// -----

tirx.prim_func @tmem_store(%i: index, %x: f32) {
  tirx.device_entry {
    %t = tirx.alloc_buffer : !tirx.buffer<128x4xf32, tmem, #tirx.tile<S[(128,4):(1@TLane,1@TCol)]>, allocated_addr = 0>
    // expected-error @+1 {{tensor memory is accessed with tcgen05.ld/st, not element loads and stores}}
    tirx.buffer_store %x, %t[%i, %i] : !tirx.buffer<128x4xf32, tmem, #tirx.tile<S[(128,4):(1@TLane,1@TCol)]>, allocated_addr = 0>
  }
  tirx.return
}

// -----

// Every bad access is reported, not only the first.
tirx.prim_func @two_errors(%i: index) {
  tirx.device_entry {
    %t = tirx.alloc_buffer : !tirx.buffer<128x128xf32, tmem, #tirx.tile<S[(128,128):(1@TLane,1@TCol)]>>
    // expected-error @+1 {{tensor memory is accessed with tcgen05.ld/st}}
    %v = tirx.buffer_load %t[%i, %i] : !tirx.buffer<128x128xf32, tmem, #tirx.tile<S[(128,128):(1@TLane,1@TCol)]>>
    // expected-error @+1 {{tensor memory is accessed with tcgen05.ld/st}}
    tirx.buffer_store %v, %t[%i, %i] : !tirx.buffer<128x128xf32, tmem, #tirx.tile<S[(128,128):(1@TLane,1@TCol)]>>
  }
  tirx.return
}
