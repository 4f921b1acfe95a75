// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// Rules of tirx.buffer_load / tirx.buffer_store: one index per dimension,
// constant indices inside the buffer, value/result of the buffer's dtype;
// then those of tirx.vector_load / tirx.vector_store.

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

// -----

// The verifier of tirx.vector_load / tirx.vector_store: the vector holds the
// buffer's dtype, its width divides the last dimension, a constant last index
// is a multiple of the width, and the indices are those of a buffer access.

tirx.prim_func @load_dtype(%A: !tirx.buffer<8x8xf32, global>, %i: index) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{'tirx.vector_load' op vector elements must have the buffer's dtype 'f32', got 'f16'}}
    %v = tirx.vector_load %A[%i, %c0] : !tirx.buffer<8x8xf32, global> -> vector<8xf16>
  }
  tirx.return
}

// -----

tirx.prim_func @store_dtype(%A: !tirx.buffer<8x8xf32, global>, %i: index, %v: vector<4xi32>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{'tirx.vector_store' op vector elements must have the buffer's dtype 'f32', got 'i32'}}
    tirx.vector_store %v, %A[%i, %c0] : vector<4xi32>, !tirx.buffer<8x8xf32, global>
  }
  tirx.return
}

// -----

tirx.prim_func @load_width(%A: !tirx.buffer<8x6xf32, global>, %i: index) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{'tirx.vector_load' op a vector of 4 does not divide the last dimension 6}}
    %v = tirx.vector_load %A[%i, %c0] : !tirx.buffer<8x6xf32, global> -> vector<4xf32>
  }
  tirx.return
}

// -----

tirx.prim_func @store_width(%i: index, %v: vector<3xf16>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %A = tirx.alloc_buffer : !tirx.buffer<8x8xf16, shared>
    // expected-error @+1 {{'tirx.vector_store' op a vector of 3 does not divide the last dimension 8}}
    tirx.vector_store %v, %A[%i, %c0] : vector<3xf16>, !tirx.buffer<8x8xf16, shared>
  }
  tirx.return
}

// -----

tirx.prim_func @load_last_index(%A: !tirx.buffer<8x8xf32, global>, %i: index) {
  tirx.device_entry {
    %c2 = arith.constant 2 : index
    // expected-error @+1 {{'tirx.vector_load' op the last index 2 is not a multiple of the width 4}}
    %v = tirx.vector_load %A[%i, %c2] : !tirx.buffer<8x8xf32, global> -> vector<4xf32>
  }
  tirx.return
}

// -----

tirx.prim_func @store_last_index(%A: !tirx.buffer<64xf16, global>, %v: vector<8xf16>) {
  tirx.device_entry {
    %c12 = arith.constant 12 : index
    // expected-error @+1 {{'tirx.vector_store' op the last index 12 is not a multiple of the width 8}}
    tirx.vector_store %v, %A[%c12] : vector<8xf16>, !tirx.buffer<64xf16, global>
  }
  tirx.return
}

// -----

tirx.prim_func @load_rank(%A: !tirx.buffer<8x8xf32, global>, %i: index) {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.vector_load' op expected 2 indices, got 1}}
    %v = tirx.vector_load %A[%i] : !tirx.buffer<8x8xf32, global> -> vector<4xf32>
  }
  tirx.return
}

// -----

// Valid: a dynamic last index is not checked (the producer guarantees it),
// and constant multiples of the width are fine.
tirx.prim_func @valid(%A: !tirx.buffer<8x8xf32, global>, %i: index, %j: index) {
  tirx.device_entry {
    %H = tirx.alloc_buffer : !tirx.buffer<64xf16, shared>
    %c4 = arith.constant 4 : index
    %c56 = arith.constant 56 : index
    %v = tirx.vector_load %A[%i, %j] : !tirx.buffer<8x8xf32, global> -> vector<4xf32>
    tirx.vector_store %v, %A[%i, %c4] : vector<4xf32>, !tirx.buffer<8x8xf32, global>
    %h = tirx.vector_load %H[%c56] : !tirx.buffer<64xf16, shared> -> vector<8xf16>
    tirx.vector_store %h, %H[%j] : vector<8xf16>, !tirx.buffer<64xf16, shared>
  }
  tirx.return
}
