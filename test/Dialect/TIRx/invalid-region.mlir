// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// Rules of tirx.region (one (min : extent) per dimension, extents within the
// buffer, constant mins keep the box inside) and of !tirx.region.

tirx.prim_func @too_few_pairs() {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<64x64xf32, shared>
    // expected-error @+1 {{expected 2 (min : extent) pairs, got 1}}
    %r = tirx.region %S[%c0 : 32] : !tirx.buffer<64x64xf32, shared>
  }
  tirx.return
}

// -----

tirx.prim_func @too_many_pairs() {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<64xf32, shared>
    // expected-error @+1 {{expected 1 (min : extent) pairs, got 2}}
    %r = tirx.region %S[%c0 : 32, %c0 : 1] : !tirx.buffer<64xf32, shared>
  }
  tirx.return
}

// -----

tirx.prim_func @extent_too_large() {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<64x64xf32, shared>
    // expected-error @+1 {{region extent 65 must be in [1, 64]}}
    %r = tirx.region %S[%c0 : 32, %c0 : 65] : !tirx.buffer<64x64xf32, shared>
  }
  tirx.return
}

// -----

tirx.prim_func @extent_zero() {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<64x64xf32, shared>
    // expected-error @+1 {{region extent 0 must be in [1, 64]}}
    %r = tirx.region %S[%c0 : 0, %c0 : 16] : !tirx.buffer<64x64xf32, shared>
  }
  tirx.return
}

// -----

tirx.prim_func @not_a_buffer(%m: memref<64xf32>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{expected a !tirx.buffer}}
    %r = tirx.region %m[%c0 : 32] : memref<64xf32>
  }
  tirx.return
}

// -----

// A constant min puts the box past the end: [48, 80) in a dimension of 64.
tirx.prim_func @box_past_end() {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %c48 = arith.constant 48 : index
    %S = tirx.alloc_buffer : !tirx.buffer<64x64xf32, shared>
    // expected-error @+1 {{'tirx.region' op region [48, 80) of dimension 1 is outside [0, 64)}}
    %r = tirx.region %S[%c0 : 16, %c48 : 32] : !tirx.buffer<64x64xf32, shared>
  }
  tirx.return
}

// -----

// Exactly at the end is fine; one more is not.
tirx.prim_func @box_one_past_end() {
  tirx.device_entry {
    %c32 = arith.constant 32 : index
    %c33 = arith.constant 33 : index
    %S = tirx.alloc_buffer : !tirx.buffer<64xf32, shared>
    %ok = tirx.region %S[%c32 : 32] : !tirx.buffer<64xf32, shared>
    // expected-error @+1 {{'tirx.region' op region [33, 65) of dimension 0 is outside [0, 64)}}
    %r = tirx.region %S[%c33 : 32] : !tirx.buffer<64xf32, shared>
  }
  tirx.return
}

// -----

tirx.prim_func @negative_min() {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %cm1 = arith.constant -1 : index
    %S = tirx.alloc_buffer : !tirx.buffer<64x64xf32, shared>
    // expected-error @+1 {{'tirx.region' op region [-1, 15) of dimension 0 is outside [0, 64)}}
    %r = tirx.region %S[%cm1 : 16, %c0 : 16] : !tirx.buffer<64x64xf32, shared>
  }
  tirx.return
}

// -----

// The generic form: one min per dimension.
tirx.prim_func @generic_min_count() {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<64x64xf32, shared>
    // expected-error @+1 {{'tirx.region' op expected one (min : extent) per dimension of '!tirx.buffer<64x64xf32, shared>'}}
    %r = "tirx.region"(%S, %c0) <{extents = array<i64: 16, 16>}> : (!tirx.buffer<64x64xf32, shared>, index) -> !tirx.region<16x16, !tirx.buffer<64x64xf32, shared>>
  }
  tirx.return
}

// -----

tirx.prim_func @generic_extent_count() {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<64x64xf32, shared>
    // expected-error @+1 {{'tirx.region' op expected one (min : extent) per dimension of '!tirx.buffer<64x64xf32, shared>'}}
    %r = "tirx.region"(%S, %c0, %c0) <{extents = array<i64: 16>}> : (!tirx.buffer<64x64xf32, shared>, index, index) -> !tirx.region<16x16, !tirx.buffer<64x64xf32, shared>>
  }
  tirx.return
}

// -----

tirx.prim_func @generic_result_extents() {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<64x64xf32, shared>
    // expected-error @+1 {{'tirx.region' op result type must be the region of its buffer}}
    %r = "tirx.region"(%S, %c0, %c0) <{extents = array<i64: 16, 16>}> : (!tirx.buffer<64x64xf32, shared>, index, index) -> !tirx.region<16x32, !tirx.buffer<64x64xf32, shared>>
  }
  tirx.return
}

// -----

tirx.prim_func @generic_result_buffer() {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<64x64xf32, shared>
    // expected-error @+1 {{'tirx.region' op result type must be the region of its buffer}}
    %r = "tirx.region"(%S, %c0, %c0) <{extents = array<i64: 16, 16>}> : (!tirx.buffer<64x64xf32, shared>, index, index) -> !tirx.region<16x16, !tirx.buffer<64x64xf16, shared>>
  }
  tirx.return
}

// -----

//===----------------------------------------------------------------------===//
// !tirx.region
//===----------------------------------------------------------------------===//

// expected-error @+1 {{region has 1 extents for a buffer of rank 2}}
tirx.prim_func @region_type_rank() attributes {t = !tirx.region<16, !tirx.buffer<64x64xf32, shared>>} {
  tirx.return
}

// -----

// expected-error @+1 {{region extent 128 must be in [1, 64]}}
tirx.prim_func @region_type_extent() attributes {t = !tirx.region<16x128, !tirx.buffer<64x64xf32, shared>>} {
  tirx.return
}

// -----

// expected-error @+1 {{region extent 0 must be in [1, 64]}}
tirx.prim_func @region_type_zero_extent() attributes {t = !tirx.region<0x16, !tirx.buffer<64x64xf32, shared>>} {
  tirx.return
}

// -----

// expected-error @+1 {{expected a !tirx.buffer, got 'memref<64xf32>'}}
tirx.prim_func @region_type_not_a_buffer() attributes {t = !tirx.region<16, memref<64xf32>>} {
  tirx.return
}
