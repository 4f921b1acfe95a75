// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// Rules of tirx.address_of: one index per dimension, constant indices inside
// the buffer, an i64 result.

tirx.prim_func @too_few_indices(%A: !tirx.buffer<64x64xf32, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{'tirx.address_of' op expected 2 indices, got 1}}
    %a = tirx.address_of %A[%c0] : !tirx.buffer<64x64xf32, global>
  }
  tirx.return
}

// -----

tirx.prim_func @too_many_indices() {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    // expected-error @+1 {{'tirx.address_of' op expected 1 indices, got 2}}
    %a = tirx.address_of %bar[%c0, %c0] : !tirx.buffer<1xi64, shared>
  }
  tirx.return
}

// -----

tirx.prim_func @out_of_bounds() {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %c128 = arith.constant 128 : index
    %T = tirx.alloc_buffer : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
    // expected-error @+1 {{'tirx.address_of' op index 128 of dimension 0 is outside [0, 128)}}
    %a = tirx.address_of %T[%c128, %c0] : !tirx.buffer<128x32xf32, tmem, #tirx.tile<S[(128,32):(1@TLane,1@TCol)]>>
  }
  tirx.return
}

// -----

tirx.prim_func @negative_index(%A: !tirx.buffer<64xf16, global>) {
  tirx.device_entry {
    %m1 = arith.constant -1 : index
    // expected-error @+1 {{'tirx.address_of' op index -1 of dimension 0 is outside [0, 64)}}
    %a = tirx.address_of %A[%m1] : !tirx.buffer<64xf16, global>
  }
  tirx.return
}

// -----

tirx.prim_func @result_i32(%A: !tirx.buffer<64xf16, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{'tirx.address_of' op result #0 must be 64-bit signless integer, but got 'i32'}}
    %a = "tirx.address_of"(%A, %c0) : (!tirx.buffer<64xf16, global>, index) -> i32
  }
  tirx.return
}
