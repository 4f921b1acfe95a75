// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// Rules of tirx.buffer_load / tirx.buffer_store: one index per dimension,
// constant indices inside the buffer, value/result of the buffer's dtype.

tirx.prim_func @load_too_few(%A: !tirx.buffer<64x64xf32, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{'tirx.buffer_load' op expected 2 indices, got 1}}
    %x = tirx.buffer_load %A[%c0] : !tirx.buffer<64x64xf32, global>
  }
  tirx.return
}

// -----

tirx.prim_func @load_too_many(%A: !tirx.buffer<64xf32, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{'tirx.buffer_load' op expected 1 indices, got 3}}
    %x = tirx.buffer_load %A[%c0, %c0, %c0] : !tirx.buffer<64xf32, global>
  }
  tirx.return
}

// -----

tirx.prim_func @load_out_of_bounds(%A: !tirx.buffer<64x32xf32, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    // expected-error @+1 {{'tirx.buffer_load' op index 32 of dimension 1 is outside [0, 32)}}
    %x = tirx.buffer_load %A[%c0, %c32] : !tirx.buffer<64x32xf32, global>
  }
  tirx.return
}

// -----

tirx.prim_func @load_negative(%A: !tirx.buffer<64x32xf32, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %cm1 = arith.constant -1 : index
    // expected-error @+1 {{'tirx.buffer_load' op index -1 of dimension 0 is outside [0, 64)}}
    %x = tirx.buffer_load %A[%cm1, %c0] : !tirx.buffer<64x32xf32, global>
  }
  tirx.return
}

// -----

tirx.prim_func @load_result_type(%A: !tirx.buffer<64xf32, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{'tirx.buffer_load' op failed to verify that result is the buffer's element type}}
    %x = "tirx.buffer_load"(%A, %c0) : (!tirx.buffer<64xf32, global>, index) -> f16
  }
  tirx.return
}

// -----

// expected-note @+1 {{prior use here}}
tirx.prim_func @load_index_type(%A: !tirx.buffer<64xf32, global>, %i: i32) {
  tirx.device_entry {
    // expected-error @+1 {{use of value '%i' expects different type than prior uses: 'index' vs 'i32'}}
    %x = tirx.buffer_load %A[%i] : !tirx.buffer<64xf32, global>
  }
  tirx.return
}

// -----

tirx.prim_func @load_from_region(%A: !tirx.buffer<64xf32, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %r = tirx.region %A[%c0 : 16] : !tirx.buffer<64xf32, global>
    // expected-error @+1 {{'tirx.buffer_load' op operand #0 must be !tirx.buffer, but got '!tirx.region<16, !tirx.buffer<64xf32, global>>'}}
    %x = "tirx.buffer_load"(%r, %c0) : (!tirx.region<16, !tirx.buffer<64xf32, global>>, index) -> f32
  }
  tirx.return
}

// -----

tirx.prim_func @store_too_few(%A: !tirx.buffer<4x8x16xf32, global>, %v: f32) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{'tirx.buffer_store' op expected 3 indices, got 2}}
    tirx.buffer_store %v, %A[%c0, %c0] : !tirx.buffer<4x8x16xf32, global>
  }
  tirx.return
}

// -----

tirx.prim_func @store_out_of_bounds(%v: f32) {
  tirx.device_entry {
    %S = tirx.alloc_buffer : !tirx.buffer<4x8x16xf32, shared>
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    // expected-error @+1 {{'tirx.buffer_store' op index 16 of dimension 2 is outside [0, 16)}}
    tirx.buffer_store %v, %S[%c0, %c0, %c16] : !tirx.buffer<4x8x16xf32, shared>
  }
  tirx.return
}

// -----

tirx.prim_func @store_negative(%v: f32) {
  tirx.device_entry {
    %S = tirx.alloc_buffer : !tirx.buffer<4x8xf32, local>
    %c0 = arith.constant 0 : index
    %cm5 = arith.constant -5 : index
    // expected-error @+1 {{'tirx.buffer_store' op index -5 of dimension 1 is outside [0, 8)}}
    tirx.buffer_store %v, %S[%c0, %cm5] : !tirx.buffer<4x8xf32, local>
  }
  tirx.return
}

// -----

tirx.prim_func @store_value_type(%A: !tirx.buffer<64xf32, global>, %v: f16) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{'tirx.buffer_store' op failed to verify that value is the buffer's element type}}
    "tirx.buffer_store"(%v, %A, %c0) : (f16, !tirx.buffer<64xf32, global>, index) -> ()
  }
  tirx.return
}

// -----

// In the custom form the value's type comes from the buffer.
// expected-note @+1 {{prior use here}}
tirx.prim_func @store_value_type_custom(%A: !tirx.buffer<64xf32, global>, %v: f16) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{use of value '%v' expects different type than prior uses: 'f32' vs 'f16'}}
    tirx.buffer_store %v, %A[%c0] : !tirx.buffer<64xf32, global>
  }
  tirx.return
}
