// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
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
