// RUN: uop-opt %s -split-input-file -verify-diagnostics --tirx-dispatch-tile-primitives="chip=sm_90a"
//
// cp.async.bulk.tensor needs its shared address on 128 bytes (a swizzled box:
// on the swizzle's period, 8 rows of the swizzle's bytes) and a tensor map
// needs every global row pitch to be a multiple of 16 bytes. The tma
// predicate declines a copy whose shared tile it cannot prove aligned, and
// one whose global buffer breaks the tensor map's rules, so that the copy
// falls back to cp.async (an explicit dispatch "tma" is an error naming the
// reason). It used to check only the start of partial swizzled tiles: rows 1
// to 8 of a 64 x 16 f32 buffer became a TMA at base + 64.

// Row 1 of 64-byte rows: 64 bytes past a 128-byte boundary.
tirx.prim_func @row_offset_64(%A: !tirx.buffer<64x16xf32, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %S = tirx.alloc_buffer : !tirx.buffer<64x16xf32, shared>
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %r = tirx.region %A[%c0 : 8, %c0 : 16] : !tirx.buffer<64x16xf32, global>
    %d = tirx.region %S[%c1 : 8, %c0 : 16] : !tirx.buffer<64x16xf32, shared>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call on sm_90a with dispatch "tma"}}
    // expected-note @+3 {{tma: the shared tile's offset in dimension 0 is not known to keep it on 128 bytes (TMA needs its shared tile on 128 bytes)}}
    // expected-note @+2 {{bulk: not the requested dispatch "tma"}}
    // expected-note @+1 {{cp_async: not the requested dispatch "tma"}}
    tirx.tile.copy_async <thread> %d, %r barrier %bar : !tirx.buffer<1xi64, shared> dispatch "tma"
      : !tirx.region<8x16, !tirx.buffer<64x16xf32, shared>>, !tirx.region<8x16, !tirx.buffer<64x16xf32, global>>
  }
  tirx.return
}

// -----

// A row offset not known at compile time (a loop variable stepping by 1).
tirx.prim_func @row_offset_unknown(%A: !tirx.buffer<64x16xf32, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %S = tirx.alloc_buffer : !tirx.buffer<64x16xf32, shared>
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    scf.for %i = %c0 to %c8 step %c1 {
      %r = tirx.region %A[%c0 : 8, %c0 : 16] : !tirx.buffer<64x16xf32, global>
      %d = tirx.region %S[%i : 8, %c0 : 16] : !tirx.buffer<64x16xf32, shared>
      // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call on sm_90a with dispatch "tma"}}
      // expected-note @+3 {{tma: the shared tile's offset in dimension 0 is not known to keep it on 128 bytes}}
      // expected-note @+2 {{bulk: not the requested dispatch "tma"}}
      // expected-note @+1 {{cp_async: not the requested dispatch "tma"}}
      tirx.tile.copy_async <thread> %d, %r barrier %bar : !tirx.buffer<1xi64, shared> dispatch "tma"
        : !tirx.region<8x16, !tirx.buffer<64x16xf32, shared>>, !tirx.region<8x16, !tirx.buffer<64x16xf32, global>>
    }
  }
  tirx.return
}

// -----

// Rows 2, and 2 * i, are on 128 bytes: TMA takes them (no diagnostic).
tirx.prim_func @row_offset_128(%A: !tirx.buffer<64x16xf32, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %S = tirx.alloc_buffer : !tirx.buffer<64x16xf32, shared>
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %r = tirx.region %A[%c0 : 8, %c0 : 16] : !tirx.buffer<64x16xf32, global>
    %d = tirx.region %S[%c2 : 8, %c0 : 16] : !tirx.buffer<64x16xf32, shared>
    tirx.tile.copy_async <thread> %d, %r barrier %bar : !tirx.buffer<1xi64, shared> dispatch "tma"
      : !tirx.region<8x16, !tirx.buffer<64x16xf32, shared>>, !tirx.region<8x16, !tirx.buffer<64x16xf32, global>>
    scf.for %i = %c0 to %c8 step %c1 {
      %row = arith.muli %i, %c2 : index
      %e = tirx.region %S[%row : 8, %c0 : 16] : !tirx.buffer<64x16xf32, shared>
      tirx.tile.copy_async <thread> %e, %r barrier %bar : !tirx.buffer<1xi64, shared> dispatch "tma"
        : !tirx.region<8x16, !tirx.buffer<64x16xf32, shared>>, !tirx.region<8x16, !tirx.buffer<64x16xf32, global>>
    }
  }
  tirx.return
}

// -----

// The same misaligned tile as the source of a TMA store.
tirx.prim_func @store_row_offset_64(%A: !tirx.buffer<64x16xf32, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %S = tirx.alloc_buffer : !tirx.buffer<64x16xf32, shared>
    %r = tirx.region %A[%c0 : 8, %c0 : 16] : !tirx.buffer<64x16xf32, global>
    %s = tirx.region %S[%c1 : 8, %c0 : 16] : !tirx.buffer<64x16xf32, shared>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call on sm_90a with dispatch "tma"}}
    // expected-note @+3 {{tma: the shared tile's offset in dimension 0 is not known to keep it on 128 bytes}}
    // expected-note @+2 {{bulk: not the requested dispatch "tma"}}
    // expected-note @+1 {{cp_async: not the requested dispatch "tma"}}
    tirx.tile.copy_async <thread> %r, %s dispatch "tma"
      : !tirx.region<8x16, !tirx.buffer<64x16xf32, global>>, !tirx.region<8x16, !tirx.buffer<64x16xf32, shared>>
  }
  tirx.return
}

// -----

// A buffer placed by hand on 16 bytes (allocated_addr) is not on 128.
tirx.prim_func @allocated_addr_16(%A: !tirx.buffer<64x16xf32, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<8x16xf32, shared, allocated_addr = 16>
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared, allocated_addr = 1024>
    %r = tirx.region %A[%c0 : 8, %c0 : 16] : !tirx.buffer<64x16xf32, global>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call on sm_90a with dispatch "tma"}}
    // expected-note @+3 {{tma: the shared buffer's storage is placed on only 16 bytes (TMA needs its shared tile on 128 bytes)}}
    // expected-note @+2 {{bulk: not the requested dispatch "tma"}}
    // expected-note @+1 {{cp_async: not the requested dispatch "tma"}}
    tirx.tile.copy_async <thread> %S, %r barrier %bar : !tirx.buffer<1xi64, shared, allocated_addr = 1024> dispatch "tma"
      : !tirx.buffer<8x16xf32, shared, allocated_addr = 16>, !tirx.region<8x16, !tirx.buffer<64x16xf32, global>>
  }
  tirx.return
}

// -----

// A 128-byte-swizzled tile repeats its swizzle every 1024 bytes (8 rows of
// 128): one stage of a ring of 8 x 64 bf16 tiles is exactly one period, a
// stage of 4 x 64 (512 bytes) is not.
tirx.prim_func @swizzle_stage_512(%A: !tirx.buffer<256x64xbf16, global>, %s: index) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<4x4x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(4,4,64):(256,64,1)]>>>
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %r = tirx.region %A[%c0 : 4, %c0 : 64] : !tirx.buffer<256x64xbf16, global>
    %d = tirx.region %S[%s : 1, %c0 : 4, %c0 : 64] : !tirx.buffer<4x4x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(4,4,64):(256,64,1)]>>>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call on sm_90a with dispatch "tma"}}
    // expected-note @+3 {{tma: the shared tile's offset in dimension 0 is not known to keep it on 1024 bytes (TMA needs its shared tile on 1024 bytes)}}
    // expected-note @+2 {{bulk: not the requested dispatch "tma"}}
    // expected-note @+1 {{cp_async: not the requested dispatch "tma"}}
    tirx.tile.copy_async <thread> %d, %r barrier %bar : !tirx.buffer<1xi64, shared> dispatch "tma"
      : !tirx.region<1x4x64, !tirx.buffer<4x4x64xbf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(4,4,64):(256,64,1)]>>>>, !tirx.region<4x64, !tirx.buffer<256x64xbf16, global>>
  }
  tirx.return
}

// -----

// A global row pitch of 24 bytes (6 f32): the driver cannot encode the
// tensor map.
tirx.prim_func @global_pitch_24(%A: !tirx.buffer<64x6xf32, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<8x4xf32, shared>
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %r = tirx.region %A[%c0 : 8, %c0 : 4] : !tirx.buffer<64x6xf32, global>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call on sm_90a with dispatch "tma"}}
    // expected-note @+3 {{tma: the global buffer's row pitch of 24 bytes (dimension 0) is not a multiple of 16, as a tensor map needs}}
    // expected-note @+2 {{bulk: not the requested dispatch "tma"}}
    // expected-note @+1 {{cp_async: not the requested dispatch "tma"}}
    tirx.tile.copy_async <thread> %S, %r barrier %bar : !tirx.buffer<1xi64, shared> dispatch "tma"
      : !tirx.buffer<8x4xf32, shared>, !tirx.region<8x4, !tirx.buffer<64x6xf32, global>>
  }
  tirx.return
}
