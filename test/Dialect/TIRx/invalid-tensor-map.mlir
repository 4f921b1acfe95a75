// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// Rules of tirx.tensor_map (what cuTensorMapEncodeTiled accepts, and what the
// host can encode): a global buffer that is a prim_func parameter, one box
// extent per dimension (at most 5 dimensions), every extent in
// [1, min(256, dim)], an innermost extent spanning a multiple of 16 bytes, a
// swizzle of 0, 32, 64 or 128 bytes, and with a swizzle an innermost extent
// of at most the swizzle's bytes. One case per rule (the limits that are
// accepted are in address-of-tensor-map.mlir).

tirx.prim_func @shared_buffer() {
  tirx.device_entry {
    %S = tirx.alloc_buffer : !tirx.buffer<64x64xf16, shared>
    // expected-error @+1 {{'tirx.tensor_map' op tensor maps describe global buffers, got shared}}
    %m = tirx.tensor_map %S box [64, 64] swizzle 128 : !tirx.buffer<64x64xf16, shared> -> !llvm.ptr
  }
  tirx.return
}

// -----

// A view of a parameter is not a parameter.
tirx.prim_func @view_of_parameter(%A: !tirx.buffer<64x64xf16, global>) {
  tirx.device_entry {
    %V = tirx.decl_buffer %A : !tirx.buffer<64x64xf16, global> -> !tirx.buffer<32x128xf16, global>
    // expected-error @+1 {{'tirx.tensor_map' op the buffer must be a prim_func parameter (the host encodes the map from it)}}
    %m = tirx.tensor_map %V box [32, 64] swizzle 128 : !tirx.buffer<32x128xf16, global> -> !llvm.ptr
  }
  tirx.return
}

// -----

// A block argument of another op (a loop-carried buffer) is not one either.
tirx.prim_func @loop_carried(%A: !tirx.buffer<64x64xf16, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %k = %c0 to %c1 step %c1 iter_args(%B = %A) -> (!tirx.buffer<64x64xf16, global>) {
      // expected-error @+1 {{'tirx.tensor_map' op the buffer must be a prim_func parameter (the host encodes the map from it)}}
      %m = tirx.tensor_map %B box [64, 64] swizzle 128 : !tirx.buffer<64x64xf16, global> -> !llvm.ptr
      scf.yield %B : !tirx.buffer<64x64xf16, global>
    }
  }
  tirx.return
}

// -----

tirx.prim_func @box_rank(%A: !tirx.buffer<64x64xf16, global>) {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.tensor_map' op needs one box extent per dimension (at most 5)}}
    %m = tirx.tensor_map %A box [64] swizzle 128 : !tirx.buffer<64x64xf16, global> -> !llvm.ptr
  }
  tirx.return
}

// -----

tirx.prim_func @six_dimensions(%A: !tirx.buffer<2x2x2x2x2x64xf16, global>) {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.tensor_map' op needs one box extent per dimension (at most 5)}}
    %m = tirx.tensor_map %A box [1, 1, 1, 1, 2, 64] swizzle 128 : !tirx.buffer<2x2x2x2x2x64xf16, global> -> !llvm.ptr
  }
  tirx.return
}

// -----

tirx.prim_func @box_zero(%A: !tirx.buffer<64x64xf16, global>) {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.tensor_map' op box extents must be in [1, min(256, dim)], got 0}}
    %m = tirx.tensor_map %A box [0, 64] swizzle 128 : !tirx.buffer<64x64xf16, global> -> !llvm.ptr
  }
  tirx.return
}

// -----

tirx.prim_func @box_over_256(%A: !tirx.buffer<1024x64xf16, global>) {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.tensor_map' op box extents must be in [1, min(256, dim)], got 512}}
    %m = tirx.tensor_map %A box [512, 64] swizzle 128 : !tirx.buffer<1024x64xf16, global> -> !llvm.ptr
  }
  tirx.return
}

// -----

tirx.prim_func @box_over_dim(%A: !tirx.buffer<8x64xf16, global>) {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.tensor_map' op box extents must be in [1, min(256, dim)], got 16}}
    %m = tirx.tensor_map %A box [16, 64] swizzle 128 : !tirx.buffer<8x64xf16, global> -> !llvm.ptr
  }
  tirx.return
}

// -----

// 4 x f16 = 8 bytes a row.
tirx.prim_func @inner_not_16_bytes(%A: !tirx.buffer<64x64xf16, global>) {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.tensor_map' op the innermost box extent must span a multiple of 16 bytes, got 8}}
    %m = tirx.tensor_map %A box [64, 4] swizzle 0 : !tirx.buffer<64x64xf16, global> -> !llvm.ptr
  }
  tirx.return
}

// -----

tirx.prim_func @swizzle_16(%A: !tirx.buffer<64x64xf16, global>) {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.tensor_map' op swizzle must be 0, 32, 64 or 128 bytes, got 16}}
    %m = tirx.tensor_map %A box [64, 8] swizzle 16 : !tirx.buffer<64x64xf16, global> -> !llvm.ptr
  }
  tirx.return
}

// -----

// 32 x f32 = 128 bytes a row under a 64-byte swizzle.
tirx.prim_func @inner_wider_than_swizzle(%A: !tirx.buffer<64x64xf32, global>) {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.tensor_map' op with a 64-byte swizzle the innermost box extent spans at most 64 bytes, got 128}}
    %m = tirx.tensor_map %A box [64, 32] swizzle 64 : !tirx.buffer<64x64xf32, global> -> !llvm.ptr
  }
  tirx.return
}

// -----

// The result is an LLVM pointer.
tirx.prim_func @result_not_pointer(%A: !tirx.buffer<64x64xf16, global>) {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.tensor_map' op result #0 must be LLVM pointer type, but got 'i64'}}
    %m = "tirx.tensor_map"(%A) <{box = array<i64: 64, 64>, swizzle = 128 : i64}> : (!tirx.buffer<64x64xf16, global>) -> i64
  }
  tirx.return
}
