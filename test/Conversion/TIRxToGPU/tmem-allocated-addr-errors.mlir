// RUN: uop-opt %s -split-input-file -verify-diagnostics --convert-tirx-to-gpu
//
// Placed tmem buffers that one allocation cannot hold as asked.

tirx.prim_func @overlap() {
  tirx.device_entry {
    %A = tirx.alloc_buffer : !tirx.buffer<128x128xf32, tmem, #tirx.tile<S[(128,128):(1@TLane,1@TCol)]>, allocated_addr = 0>
    // expected-error @+1 {{allocated_addr 64 overlaps another tmem buffer at column 0}}
    %B = tirx.alloc_buffer : !tirx.buffer<128x64xf32, tmem, #tirx.tile<S[(128,64):(1@TLane,1@TCol)]>, allocated_addr = 64>
  }
  tirx.return
}

// -----

tirx.prim_func @past_the_end() {
  tirx.device_entry {
    // expected-error @+1 {{the tmem buffers with an allocated_addr need 1024 columns; tensor memory has 512}}
    %A = tirx.alloc_buffer : !tirx.buffer<128x128xf32, tmem, #tirx.tile<S[(128,128):(1@TLane,1@TCol)]>, allocated_addr = 448>
  }
  tirx.return
}

// -----

tirx.prim_func @two_blocks(%p: i1) {
  tirx.device_entry {
    %A = tirx.alloc_buffer : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>, allocated_addr = 0>
    scf.if %p {
      // expected-error @+1 {{tmem buffers with an allocated_addr share one allocation and must be allocated in one block}}
      %B = tirx.alloc_buffer : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>, allocated_addr = 32>
    }
  }
  tirx.return
}
