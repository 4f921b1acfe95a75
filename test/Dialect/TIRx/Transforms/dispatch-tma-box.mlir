// RUN: uop-opt %s -split-input-file -verify-diagnostics --tirx-dispatch-tile-primitives="chip=sm_90a"
//
// Regression tests for the tma predicate:
// 1. TMA writes the box densely from the destination's first element, so a
//    64 x 32 region of a row-major 64 x 64 shared tile (rows 128 bytes apart)
//    is declined; a region spanning whole trailing dimensions, like one stage
//    of a ring (@ring_swizzle_64 in dispatch-tma.mlir), stays accepted.
// 2. The innermost box must span a multiple of 16 bytes: a 64 x 4 f16 box
//    (8 bytes a row) is declined instead of producing a tensor_map that its
//    own verifier rejects.

tirx.prim_func @narrow_row_major(%A: !tirx.buffer<256x128xbf16, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared>
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %r = tirx.region %A[%c0 : 64, %c0 : 32] : !tirx.buffer<256x128xbf16, global>
    %d = tirx.region %S[%c0 : 64, %c0 : 32] : !tirx.buffer<64x64xbf16, shared>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call on sm_90a with dispatch "tma"}}
    // expected-note @+3 {{tma: the shared tile is not contiguous (TMA moves the box densely)}}
    // expected-note @+2 {{bulk: not the requested dispatch "tma"}}
    // expected-note @+1 {{cp_async: not the requested dispatch "tma"}}
    tirx.tile.copy_async <thread> %d, %r barrier %bar : !tirx.buffer<1xi64, shared> dispatch "tma"
      : !tirx.region<64x32, !tirx.buffer<64x64xbf16, shared>>, !tirx.region<64x32, !tirx.buffer<256x128xbf16, global>>
  }
  tirx.return
}

// -----

tirx.prim_func @inner_8_bytes(%A: !tirx.buffer<256x128xf16, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<64x4xf16, shared>
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %r = tirx.region %A[%c0 : 64, %c0 : 4] : !tirx.buffer<256x128xf16, global>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call on sm_90a with dispatch "tma"}}
    // expected-note @+3 {{tma: }}
    // expected-note @+2 {{bulk: not the requested dispatch "tma"}}
    // expected-note @+1 {{cp_async: not the requested dispatch "tma"}}
    tirx.tile.copy_async <thread> %S, %r barrier %bar : !tirx.buffer<1xi64, shared> dispatch "tma"
      : !tirx.buffer<64x4xf16, shared>, !tirx.region<64x4, !tirx.buffer<256x128xf16, global>>
  }
  tirx.return
}
