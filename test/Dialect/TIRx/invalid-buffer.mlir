// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// Verifier rules of !tirx.buffer (BufferType::verify), of the buffer type
// parser, and of tirx.alloc_buffer. A type error is reported where the type
// is written.

// expected-error @+1 {{buffer dimensions must be positive, got 0}}
tirx.prim_func @zero_dim(%a: !tirx.buffer<4x0xf32, global>) {
  tirx.return
}

// -----

// expected-error @+1 {{buffer dtype must be an integer or float type, got 'index'}}
tirx.prim_func @index_dtype(%a: !tirx.buffer<4xindex, global>) {
  tirx.return
}

// -----

// expected-error @+1 {{buffer dtype must be an integer or float type, got 'vector<4xf32>'}}
tirx.prim_func @vector_dtype(%a: !tirx.buffer<4xvector<4xf32>, global>) {
  tirx.return
}

// -----

// expected-error @+1 {{expected 2 strides, got 1}}
tirx.prim_func @too_few_strides(%a: !tirx.buffer<4x8xf32, global, strides = [1]>) {
  tirx.return
}

// -----

// expected-error @+1 {{expected 1 strides, got 2}}
tirx.prim_func @too_many_strides(%a: !tirx.buffer<4xf32, global, strides = [1, 1]>) {
  tirx.return
}

// -----

// expected-error @+1 {{strides must be non-negative}}
tirx.prim_func @negative_stride(%a: !tirx.buffer<4x8xf32, global, strides = [8, -1]>) {
  tirx.return
}

// -----

// expected-error @+1 {{elem_offset must be non-negative, got -4}}
tirx.prim_func @negative_elem_offset(%a: !tirx.buffer<4xf32, global, elem_offset = -4>) {
  tirx.return
}

// -----

// expected-error @+1 {{allocated_addr must be non-negative, got -2}}
tirx.prim_func @negative_allocated_addr(%a: !tirx.buffer<4xf32, global, allocated_addr = -2>) {
  tirx.return
}

// -----

// expected-error @+1 {{expected a layout attribute (#tirx.tile, #tirx.swizzle or #tirx.compose), got 5 : i64}}
tirx.prim_func @not_a_layout(%a: !tirx.buffer<4xf32, global, 5>) {
  tirx.return
}

// -----

// expected-error @+1 {{expected a layout attribute (#tirx.tile, #tirx.swizzle or #tirx.compose), got #tirx.scope<cta>}}
tirx.prim_func @scope_is_not_a_layout(%a: !tirx.buffer<4xf32, global, #tirx.scope<cta>>) {
  tirx.return
}

// -----

// expected-error @+1 {{a buffer has at most one layout}}
tirx.prim_func @two_layouts(%a: !tirx.buffer<4xf32, global, #tirx.tile<S[4:1]>, #tirx.tile<S[4:1]>>) {
  tirx.return
}

// -----

// expected-error @+1 {{unknown storage scope 'register'; expected global, shared, local or tmem}}
tirx.prim_func @unknown_scope(%a: !tirx.buffer<4xf32, register>) {
  tirx.return
}

// -----

//===----------------------------------------------------------------------===//
// The layout size must equal the buffer's element count.
//===----------------------------------------------------------------------===//

// expected-error @+1 {{layout size 64 does not match the buffer's 128 elements}}
tirx.prim_func @tile_size(%a: !tirx.buffer<8x16xf32, global, #tirx.tile<S[64:1]>>) {
  tirx.return
}

// -----

tirx.prim_func @tile_size_larger() {
  tirx.device_entry {
    // expected-error @+1 {{layout size 256 does not match the buffer's 128 elements}}
    %a = tirx.alloc_buffer : !tirx.buffer<8x16xf32, shared, #tirx.tile<S[(16,16):(16,1)]>>
  }
  tirx.return
}

// -----

// Replicas do not count in the size: S[32:..] + R[4:..] has size 32.
tirx.prim_func @replicas_do_not_count() {
  tirx.device_entry {
    // expected-error @+1 {{layout size 32 does not match the buffer's 128 elements}}
    %a = tirx.alloc_buffer : !tirx.buffer<128xf32, local, #tirx.tile<S[32:1@laneid] + R[4:1@warpid]>>
  }
  tirx.return
}

// -----

tirx.prim_func @compose_size() {
  tirx.device_entry {
    // expected-error @+1 {{layout size 512 does not match the buffer's 1024 elements}}
    %a = tirx.alloc_buffer : !tirx.buffer<16x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(8,64):(64,1)]>>>
  }
  tirx.return
}

// -----

//===----------------------------------------------------------------------===//
// Thread axes only on local (register) and tmem buffers.
//===----------------------------------------------------------------------===//

// expected-error @+1 {{thread axis 'laneid' in the layout of a global buffer; only local (register) and tmem buffers are distributed over threads}}
tirx.prim_func @thread_axis_global(%a: !tirx.buffer<32xf32, global, #tirx.tile<S[32:1@laneid]>>) {
  tirx.return
}

// -----

tirx.prim_func @thread_axis_shared() {
  tirx.device_entry {
    // expected-error @+1 {{thread axis 'warpid' in the layout of a shared buffer; only local (register) and tmem buffers are distributed over threads}}
    %a = tirx.alloc_buffer : !tirx.buffer<4x32xf32, shared, #tirx.tile<S[(4,32):(1@warpid,1)]>>
  }
  tirx.return
}

// -----

// A thread axis named only by a replica.
tirx.prim_func @thread_axis_in_replica() {
  tirx.device_entry {
    // expected-error @+1 {{thread axis 'warpid' in the layout of a shared buffer}}
    %a = tirx.alloc_buffer : !tirx.buffer<32xf32, shared, #tirx.tile<S[32:1] + R[4:1@warpid]>>
  }
  tirx.return
}

// -----

// A thread axis named only by an offset.
tirx.prim_func @thread_axis_in_offset() {
  tirx.device_entry {
    // expected-error @+1 {{thread axis 'tx' in the layout of a shared buffer}}
    %a = tirx.alloc_buffer : !tirx.buffer<32xf32, shared, #tirx.tile<S[32:1] + 0@tx>>
  }
  tirx.return
}

// -----

// The tile part of a compose is checked too.
tirx.prim_func @thread_axis_in_compose() {
  tirx.device_entry {
    // expected-error @+1 {{thread axis 'laneid' in the layout of a shared buffer}}
    %a = tirx.alloc_buffer : !tirx.buffer<32x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(32,64):(1@laneid,1)]>>>
  }
  tirx.return
}

// -----

//===----------------------------------------------------------------------===//
// TLane / TCol only on tmem; tmem only on TLane / TCol; no swizzled tmem.
//===----------------------------------------------------------------------===//

// expected-error @+1 {{axis 'TLane' is for tmem buffers, not global ones}}
tirx.prim_func @tlane_global(%a: !tirx.buffer<128xf32, global, #tirx.tile<S[128:1@TLane]>>) {
  tirx.return
}

// -----

tirx.prim_func @tcol_shared() {
  tirx.device_entry {
    // expected-error @+1 {{axis 'TCol' is for tmem buffers, not shared ones}}
    %a = tirx.alloc_buffer : !tirx.buffer<4x8xf32, shared, #tirx.tile<S[(4,8):(8,1@TCol)]>>
  }
  tirx.return
}

// -----

tirx.prim_func @tlane_local() {
  tirx.device_entry {
    // expected-error @+1 {{axis 'TLane' is for tmem buffers, not local ones}}
    %a = tirx.alloc_buffer : !tirx.buffer<32x4xf32, local, #tirx.tile<S[(32,4):(1@laneid,1@TLane)]>>
  }
  tirx.return
}

// -----

tirx.prim_func @tmem_on_m() {
  tirx.device_entry {
    // expected-error @+1 {{tmem buffers take layouts on TLane/TCol, got memory axis 'm'}}
    %a = tirx.alloc_buffer : !tirx.buffer<128x4xf32, tmem, #tirx.tile<S[(128,4):(4,1)]>>
  }
  tirx.return
}

// -----

// An `m` offset is a memory axis too.
tirx.prim_func @tmem_m_offset() {
  tirx.device_entry {
    // expected-error @+1 {{tmem buffers take layouts on TLane/TCol, got memory axis 'm'}}
    %a = tirx.alloc_buffer : !tirx.buffer<128x4xf32, tmem, #tirx.tile<S[(128,4):(1@TLane,1@TCol)] + 2>>
  }
  tirx.return
}

// -----

// A swizzled tmem buffer is refused. The swizzle acts on `m`, so the message
// is the one about `m` (see pending-tmem-swizzle.mlir).
tirx.prim_func @tmem_swizzle() {
  tirx.device_entry {
    // expected-error @+1 {{tmem buffers cannot be swizzled}}
    %a = tirx.alloc_buffer : !tirx.buffer<128x64xf16, tmem, #tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>>
  }
  tirx.return
}

// -----

tirx.prim_func @tmem_compose() {
  tirx.device_entry {
    // expected-error @+1 {{tmem buffers cannot be swizzled}}
    %a = tirx.alloc_buffer : !tirx.buffer<128x64xf16, tmem, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(128,64):(64,1)]>>>
  }
  tirx.return
}

// -----

//===----------------------------------------------------------------------===//
// alloc_buffer
//===----------------------------------------------------------------------===//

tirx.prim_func @alloc_global() {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.alloc_buffer' op cannot allocate global memory inside a kernel; pass the buffer as a prim_func parameter}}
    %a = tirx.alloc_buffer : !tirx.buffer<128xf32, global>
  }
  tirx.return
}

// -----

tirx.prim_func @alloc_not_a_buffer() {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.alloc_buffer' op result #0 must be !tirx.buffer, but got 'memref<4xf32>'}}
    %a = tirx.alloc_buffer : memref<4xf32>
  }
  tirx.return
}
