// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// Regression test (fixed): BufferType::verify / getNumElements multiply the dimensions in int64_t
// without an overflow check (signed overflow is UB; in practice it wraps).
// 274177 * 67280421310721 = 2^64 + 1 wraps to 1, so:
//  - a buffer of 2^64 + 1 elements is accepted with a size-1 layout (the
//    layout table then refuses it: "shape has more than 2^62 elements");
//  - a decl_buffer view of 2^64 + 1 elements fits a 128-element buffer.
// Now: the type is refused (the algebra bounds sizes by 2^62).

// expected-error @+1 {{element}}
tirx.prim_func @layout_size(%A: !tirx.buffer<274177x67280421310721xf32, global, #tirx.tile<S[1:1]>>) {
  tirx.return
}

// -----

tirx.prim_func @huge_view() {
  tirx.device_entry {
    %s = tirx.alloc_buffer : !tirx.buffer<128xf32, shared>
    // expected-error @+1 {{element}}
    %v = tirx.decl_buffer %s : !tirx.buffer<128xf32, shared> -> !tirx.buffer<274177x67280421310721xf32, shared>
  }
  tirx.return
}
