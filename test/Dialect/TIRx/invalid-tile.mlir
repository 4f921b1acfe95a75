// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// Shape and dtype rules of the elementwise tile primitives (copy, copy_async,
// cast, unary, binary, fill) and of reduce: dst and src have the same shape
// (or at least the same element count) and, except for cast, the same dtype;
// a scalar rhs / fill value has the tile's dtype; reduce axes are distinct
// source dimensions and dst is the source without them (or with them as 1).

tirx.prim_func @copy_shape() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %d = tirx.alloc_buffer : !tirx.buffer<64x64xf32, local>
    %s = tirx.alloc_buffer : !tirx.buffer<64x32xf32, local>
    // expected-error @+1 {{'tirx.tile.copy' op dst and src tiles differ in shape: '!tirx.buffer<64x64xf32, local>' vs '!tirx.buffer<64x32xf32, local>'}}
    tirx.tile.copy <cta> %d, %s : !tirx.buffer<64x64xf32, local>, !tirx.buffer<64x32xf32, local>
  }
  tirx.return
}

// -----

tirx.prim_func @copy_dtype() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %d = tirx.alloc_buffer : !tirx.buffer<64x64xf32, local>
    %s = tirx.alloc_buffer : !tirx.buffer<64x64xf16, local>
    // expected-error @+1 {{'tirx.tile.copy' op dst and src tiles differ in dtype: 'f32' vs 'f16'}}
    tirx.tile.copy <cta> %d, %s : !tirx.buffer<64x64xf32, local>, !tirx.buffer<64x64xf16, local>
  }
  tirx.return
}

// -----

// A region's shape is its extents, not its buffer's shape.
tirx.prim_func @copy_region_shape() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<128x128xf16, shared>
    %d = tirx.alloc_buffer : !tirx.buffer<64x64xf16, local>
    %r = tirx.region %S[%c0 : 64, %c0 : 32] : !tirx.buffer<128x128xf16, shared>
    // expected-error @+1 {{'tirx.tile.copy' op dst and src tiles differ in shape: '!tirx.buffer<64x64xf16, local>' vs '!tirx.region<64x32, !tirx.buffer<128x128xf16, shared>>'}}
    tirx.tile.copy <cta> %d, %r : !tirx.buffer<64x64xf16, local>, !tirx.region<64x32, !tirx.buffer<128x128xf16, shared>>
  }
  tirx.return
}

// -----

tirx.prim_func @copy_not_a_tile() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %d = tirx.alloc_buffer : !tirx.buffer<64xf32, local>
    %f = arith.constant 0.0 : f32
    // expected-error @+1 {{'tirx.tile.copy' op operand #1 must be !tirx.buffer or !tirx.region, but got 'f32'}}
    "tirx.tile.copy"(%d, %f) <{scope = #tirx.scope<cta>}> : (!tirx.buffer<64xf32, local>, f32) -> ()
  }
  tirx.return
}

// -----

// Workspaces are whole buffers.
tirx.prim_func @copy_workspace_region() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %c0 = arith.constant 0 : index
    %d = tirx.alloc_buffer : !tirx.buffer<64xf32, local>
    %W = tirx.alloc_buffer : !tirx.buffer<64xf32, shared>
    %w = tirx.region %W[%c0 : 32] : !tirx.buffer<64xf32, shared>
    // expected-error @+1 {{'tirx.tile.copy' op operand #2 must be variadic of !tirx.buffer, but got '!tirx.region<32, !tirx.buffer<64xf32, shared>>'}}
    "tirx.tile.copy"(%d, %d, %w) <{scope = #tirx.scope<cta>}> : (!tirx.buffer<64xf32, local>, !tirx.buffer<64xf32, local>, !tirx.region<32, !tirx.buffer<64xf32, shared>>) -> ()
  }
  tirx.return
}

// -----

tirx.prim_func @copy_async_shape() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %d = tirx.alloc_buffer : !tirx.buffer<64x64xf16, shared>
    %G = tirx.alloc_buffer : !tirx.buffer<64x128xf16, shared>
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    // expected-error @+1 {{'tirx.tile.copy_async' op dst and src tiles differ in shape: '!tirx.buffer<64x64xf16, shared>' vs '!tirx.buffer<64x128xf16, shared>'}}
    tirx.tile.copy_async <thread> %d, %G barrier %bar : !tirx.buffer<1xi64, shared> : !tirx.buffer<64x64xf16, shared>, !tirx.buffer<64x128xf16, shared>
  }
  tirx.return
}

// -----

tirx.prim_func @copy_async_dtype() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %d = tirx.alloc_buffer : !tirx.buffer<64x64xf16, shared>
    %G = tirx.alloc_buffer : !tirx.buffer<64x64xbf16, shared>
    // expected-error @+1 {{'tirx.tile.copy_async' op dst and src tiles differ in dtype: 'f16' vs 'bf16'}}
    tirx.tile.copy_async <cta> %d, %G : !tirx.buffer<64x64xf16, shared>, !tirx.buffer<64x64xbf16, shared>
  }
  tirx.return
}

// -----

tirx.prim_func @cast_shape() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %d = tirx.alloc_buffer : !tirx.buffer<64x64xf16, local>
    %s = tirx.alloc_buffer : !tirx.buffer<64x16xf32, local>
    // expected-error @+1 {{'tirx.tile.cast' op dst and src tiles differ in shape: '!tirx.buffer<64x64xf16, local>' vs '!tirx.buffer<64x16xf32, local>'}}
    tirx.tile.cast <cta> %d, %s : !tirx.buffer<64x64xf16, local>, !tirx.buffer<64x16xf32, local>
  }
  tirx.return
}

// -----

tirx.prim_func @unary_shape() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %d = tirx.alloc_buffer : !tirx.buffer<64xf32, local>
    %s = tirx.alloc_buffer : !tirx.buffer<65xf32, local>
    // expected-error @+1 {{'tirx.tile.unary' op dst and src tiles differ in shape: '!tirx.buffer<64xf32, local>' vs '!tirx.buffer<65xf32, local>'}}
    tirx.tile.unary exp <cta> %d, %s : !tirx.buffer<64xf32, local>, !tirx.buffer<65xf32, local>
  }
  tirx.return
}

// -----

// unary does not convert; that is cast.
tirx.prim_func @unary_dtype() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %d = tirx.alloc_buffer : !tirx.buffer<64xf32, local>
    %s = tirx.alloc_buffer : !tirx.buffer<64xf16, local>
    // expected-error @+1 {{'tirx.tile.unary' op dst and src tiles differ in dtype: 'f32' vs 'f16'}}
    tirx.tile.unary sqrt <cta> %d, %s : !tirx.buffer<64xf32, local>, !tirx.buffer<64xf16, local>
  }
  tirx.return
}

// -----

tirx.prim_func @unary_unknown_kind() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %d = tirx.alloc_buffer : !tirx.buffer<64xf32, local>
    // expected-error @+1 {{unknown kind 'tanh'}}
    tirx.tile.unary tanh <cta> %d, %d : !tirx.buffer<64xf32, local>, !tirx.buffer<64xf32, local>
  }
  tirx.return
}

// -----

tirx.prim_func @binary_lhs_shape() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %d = tirx.alloc_buffer : !tirx.buffer<64x64xf32, local>
    %l = tirx.alloc_buffer : !tirx.buffer<32x64xf32, local>
    %f = arith.constant 1.0 : f32
    // expected-error @+1 {{'tirx.tile.binary' op dst and src tiles differ in shape: '!tirx.buffer<64x64xf32, local>' vs '!tirx.buffer<32x64xf32, local>'}}
    tirx.tile.binary mul <cta> %d, %l, %f : !tirx.buffer<64x64xf32, local>, !tirx.buffer<32x64xf32, local>, f32
  }
  tirx.return
}

// -----

tirx.prim_func @binary_lhs_dtype() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %d = tirx.alloc_buffer : !tirx.buffer<64xf32, local>
    %l = tirx.alloc_buffer : !tirx.buffer<64xi32, local>
    %f = arith.constant 1.0 : f32
    // expected-error @+1 {{'tirx.tile.binary' op dst and src tiles differ in dtype: 'f32' vs 'i32'}}
    tirx.tile.binary add <cta> %d, %l, %f : !tirx.buffer<64xf32, local>, !tirx.buffer<64xi32, local>, f32
  }
  tirx.return
}

// -----

// A tile rhs is not broadcast.
tirx.prim_func @binary_rhs_tile_shape() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %d = tirx.alloc_buffer : !tirx.buffer<64x64xf32, local>
    %r = tirx.alloc_buffer : !tirx.buffer<64x1xf32, local>
    // expected-error @+1 {{'tirx.tile.binary' op dst and src tiles differ in shape: '!tirx.buffer<64x64xf32, local>' vs '!tirx.buffer<64x1xf32, local>'}}
    tirx.tile.binary sub <cta> %d, %d, %r : !tirx.buffer<64x64xf32, local>, !tirx.buffer<64x64xf32, local>, !tirx.buffer<64x1xf32, local>
  }
  tirx.return
}

// -----

tirx.prim_func @binary_rhs_tile_dtype() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %d = tirx.alloc_buffer : !tirx.buffer<64x64xf32, local>
    %r = tirx.alloc_buffer : !tirx.buffer<64x64xf16, local>
    // expected-error @+1 {{'tirx.tile.binary' op dst and src tiles differ in dtype: 'f32' vs 'f16'}}
    tirx.tile.binary div <cta> %d, %d, %r : !tirx.buffer<64x64xf32, local>, !tirx.buffer<64x64xf32, local>, !tirx.buffer<64x64xf16, local>
  }
  tirx.return
}

// -----

tirx.prim_func @binary_rhs_region_dtype() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %c0 = arith.constant 0 : index
    %d = tirx.alloc_buffer : !tirx.buffer<64xf32, local>
    %S = tirx.alloc_buffer : !tirx.buffer<128xf16, shared>
    %r = tirx.region %S[%c0 : 64] : !tirx.buffer<128xf16, shared>
    // expected-error @+1 {{'tirx.tile.binary' op dst and src tiles differ in dtype: 'f32' vs 'f16'}}
    tirx.tile.binary maximum <cta> %d, %d, %r : !tirx.buffer<64xf32, local>, !tirx.buffer<64xf32, local>, !tirx.region<64, !tirx.buffer<128xf16, shared>>
  }
  tirx.return
}

// -----

tirx.prim_func @binary_scalar_dtype() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %d = tirx.alloc_buffer : !tirx.buffer<64xf32, local>
    %h = arith.constant 1.0 : f16
    // expected-error @+1 {{'tirx.tile.binary' op a scalar rhs must have the tile's dtype 'f32', got 'f16'}}
    tirx.tile.binary minimum <cta> %d, %d, %h : !tirx.buffer<64xf32, local>, !tirx.buffer<64xf32, local>, f16
  }
  tirx.return
}

// -----

tirx.prim_func @binary_scalar_index() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %d = tirx.alloc_buffer : !tirx.buffer<64xi32, local>
    %i = arith.constant 1 : index
    // expected-error @+1 {{'tirx.tile.binary' op a scalar rhs must have the tile's dtype 'i32', got 'index'}}
    tirx.tile.binary add <cta> %d, %d, %i : !tirx.buffer<64xi32, local>, !tirx.buffer<64xi32, local>, index
  }
  tirx.return
}

// -----

tirx.prim_func @binary_unknown_kind() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %d = tirx.alloc_buffer : !tirx.buffer<64xf32, local>
    // expected-error @+1 {{unknown kind 'pow'}}
    tirx.tile.binary pow <cta> %d, %d, %d : !tirx.buffer<64xf32, local>, !tirx.buffer<64xf32, local>, !tirx.buffer<64xf32, local>
  }
  tirx.return
}

// -----

tirx.prim_func @fill_dtype() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %d = tirx.alloc_buffer : !tirx.buffer<64xf32, local>
    %h = arith.constant 1.0 : f16
    // expected-error @+1 {{'tirx.tile.fill' op fill value must have the tile's dtype 'f32', got 'f16'}}
    tirx.tile.fill <cta> %d, %h : !tirx.buffer<64xf32, local>, f16
  }
  tirx.return
}

// -----

tirx.prim_func @fill_int_width() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %d = tirx.alloc_buffer : !tirx.buffer<64xi8, local>
    %i = arith.constant 1 : i32
    // expected-error @+1 {{'tirx.tile.fill' op fill value must have the tile's dtype 'i8', got 'i32'}}
    tirx.tile.fill <cta> %d, %i : !tirx.buffer<64xi8, local>, i32
  }
  tirx.return
}

// -----

tirx.prim_func @fill_region_dtype() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<128xf16, shared>
    %r = tirx.region %S[%c0 : 64] : !tirx.buffer<128xf16, shared>
    %f = arith.constant 0.0 : f32
    // expected-error @+1 {{'tirx.tile.fill' op fill value must have the tile's dtype 'f16', got 'f32'}}
    tirx.tile.fill <cta> %r, %f : !tirx.region<64, !tirx.buffer<128xf16, shared>>, f32
  }
  tirx.return
}

// -----

tirx.prim_func @fill_with_tile() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %d = tirx.alloc_buffer : !tirx.buffer<64xf32, local>
    // expected-error @+1 {{'tirx.tile.fill' op fill value must have the tile's dtype 'f32', got '!tirx.buffer<64xf32, local>'}}
    tirx.tile.fill <cta> %d, %d : !tirx.buffer<64xf32, local>, !tirx.buffer<64xf32, local>
  }
  tirx.return
}

// -----

tirx.prim_func @reduce_axis_out_of_range() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %d = tirx.alloc_buffer : !tirx.buffer<64xf32, local>
    %s = tirx.alloc_buffer : !tirx.buffer<64x32xf32, local>
    // expected-error @+1 {{'tirx.tile.reduce' op reduce axes must be distinct dimensions of the source, got 2}}
    tirx.tile.reduce sum <cta> %d, %s axes [2] : !tirx.buffer<64xf32, local>, !tirx.buffer<64x32xf32, local>
  }
  tirx.return
}

// -----

tirx.prim_func @reduce_axis_negative() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %d = tirx.alloc_buffer : !tirx.buffer<64xf32, local>
    %s = tirx.alloc_buffer : !tirx.buffer<64x32xf32, local>
    // expected-error @+1 {{'tirx.tile.reduce' op reduce axes must be distinct dimensions of the source, got -1}}
    tirx.tile.reduce max <cta> %d, %s axes [-1] : !tirx.buffer<64xf32, local>, !tirx.buffer<64x32xf32, local>
  }
  tirx.return
}

// -----

tirx.prim_func @reduce_axis_repeated() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %d = tirx.alloc_buffer : !tirx.buffer<64xf32, local>
    %s = tirx.alloc_buffer : !tirx.buffer<64x32xf32, local>
    // expected-error @+1 {{'tirx.tile.reduce' op reduce axes must be distinct dimensions of the source, got 1}}
    tirx.tile.reduce min <cta> %d, %s axes [1, 1] : !tirx.buffer<64xf32, local>, !tirx.buffer<64x32xf32, local>
  }
  tirx.return
}

// -----

// Reducing axis 1 of 64x32 gives 64 (or 64x1), not 32.
tirx.prim_func @reduce_dst_shape() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %d = tirx.alloc_buffer : !tirx.buffer<32xf32, local>
    %s = tirx.alloc_buffer : !tirx.buffer<64x32xf32, local>
    // expected-error @+1 {{'tirx.tile.reduce' op dst shape must be the source shape without the reduced axes (or with them as 1)}}
    tirx.tile.reduce sum <cta> %d, %s axes [1] : !tirx.buffer<32xf32, local>, !tirx.buffer<64x32xf32, local>
  }
  tirx.return
}

// -----

tirx.prim_func @reduce_dst_keep_wrong() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %d = tirx.alloc_buffer : !tirx.buffer<1x32xf32, local>
    %s = tirx.alloc_buffer : !tirx.buffer<64x32xf32, local>
    // expected-error @+1 {{'tirx.tile.reduce' op dst shape must be the source shape without the reduced axes (or with them as 1)}}
    tirx.tile.reduce sum <cta> %d, %s axes [1] : !tirx.buffer<1x32xf32, local>, !tirx.buffer<64x32xf32, local>
  }
  tirx.return
}

// -----

// Unlike the elementwise ops, the same element count in another shape is not enough.
tirx.prim_func @reduce_dst_same_count() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %d = tirx.alloc_buffer : !tirx.buffer<8x8xf32, local>
    %s = tirx.alloc_buffer : !tirx.buffer<64x32xf32, local>
    // expected-error @+1 {{'tirx.tile.reduce' op dst shape must be the source shape without the reduced axes (or with them as 1)}}
    tirx.tile.reduce sum <cta> %d, %s axes [1] : !tirx.buffer<8x8xf32, local>, !tirx.buffer<64x32xf32, local>
  }
  tirx.return
}

// -----

// With no axes the dst is the source shape.
tirx.prim_func @reduce_no_axes_dst() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %d = tirx.alloc_buffer : !tirx.buffer<64xf32, local>
    %s = tirx.alloc_buffer : !tirx.buffer<64x32xf32, local>
    // expected-error @+1 {{'tirx.tile.reduce' op dst shape must be the source shape without the reduced axes (or with them as 1)}}
    tirx.tile.reduce sum <cta> %d, %s axes [] : !tirx.buffer<64xf32, local>, !tirx.buffer<64x32xf32, local>
  }
  tirx.return
}

// -----

tirx.prim_func @reduce_dtype() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %d = tirx.alloc_buffer : !tirx.buffer<64xf16, local>
    %s = tirx.alloc_buffer : !tirx.buffer<64x32xf32, local>
    // expected-error @+1 {{'tirx.tile.reduce' op dst and src tiles differ in dtype}}
    tirx.tile.reduce sum <cta> %d, %s axes [1] : !tirx.buffer<64xf16, local>, !tirx.buffer<64x32xf32, local>
  }
  tirx.return
}

// -----

tirx.prim_func @reduce_unknown_kind() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %d = tirx.alloc_buffer : !tirx.buffer<64xf32, local>
    %s = tirx.alloc_buffer : !tirx.buffer<64x32xf32, local>
    // expected-error @+1 {{unknown kind 'prod'}}
    tirx.tile.reduce prod <cta> %d, %s axes [1] : !tirx.buffer<64xf32, local>, !tirx.buffer<64x32xf32, local>
  }
  tirx.return
}

// -----

tirx.prim_func @unknown_scope() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %d = tirx.alloc_buffer : !tirx.buffer<64xf32, local>
    %f = arith.constant 0.0 : f32
    // expected-error @+2 {{custom op 'tirx.tile.fill' failed to parse TIRx_ScopeAttr parameter 'value' which is to be a `::uop::tirx::ExecScopeKind`}}
    // expected-error @+1 {{expected ::uop::tirx::ExecScopeKind to be one of: thread, warp, warpgroup, cta, cluster, kernel}}
    tirx.tile.fill <block> %d, %f : !tirx.buffer<64xf32, local>, f32
  }
  tirx.return
}

// -----

// The completion barrier of copy_async is an mbarrier: a shared i64 buffer.
tirx.prim_func @copy_async_barrier_not_mbarrier() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %d = tirx.alloc_buffer : !tirx.buffer<64x64xf16, shared>
    %G = tirx.alloc_buffer : !tirx.buffer<64x64xf16, shared>
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi32, shared>
    // expected-error @+1 {{'tirx.tile.copy_async' op barrier must be an mbarrier (a shared i64 buffer or an !llvm.ptr<3>), got '!tirx.buffer<1xi32, shared>'}}
    tirx.tile.copy_async <thread> %d, %G barrier %bar : !tirx.buffer<1xi32, shared> : !tirx.buffer<64x64xf16, shared>, !tirx.buffer<64x64xf16, shared>
  }
  tirx.return
}

// -----

tirx.prim_func @copy_async_barrier_scalar(%i: i64) {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %d = tirx.alloc_buffer : !tirx.buffer<64x64xf16, shared>
    %G = tirx.alloc_buffer : !tirx.buffer<64x64xf16, shared>
    // expected-error @+1 {{'tirx.tile.copy_async' op barrier must be an mbarrier (a shared i64 buffer or an !llvm.ptr<3>), got 'i64'}}
    tirx.tile.copy_async <thread> %d, %G barrier %i : i64 : !tirx.buffer<64x64xf16, shared>, !tirx.buffer<64x64xf16, shared>
  }
  tirx.return
}

// -----

tirx.prim_func @copy_async_barrier_local() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %d = tirx.alloc_buffer : !tirx.buffer<64x64xf16, shared>
    %G = tirx.alloc_buffer : !tirx.buffer<64x64xf16, shared>
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, local>
    // expected-error @+1 {{'tirx.tile.copy_async' op barrier must be an mbarrier (a shared i64 buffer or an !llvm.ptr<3>), got '!tirx.buffer<1xi64, local>'}}
    tirx.tile.copy_async <thread> %d, %G barrier %bar : !tirx.buffer<1xi64, local> : !tirx.buffer<64x64xf16, shared>, !tirx.buffer<64x64xf16, shared>
  }
  tirx.return
}

// -----

// cta_group is 1 (one CTA) or 2 (a CTA pair).
tirx.prim_func @cta_group_three() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %d = tirx.alloc_buffer : !tirx.buffer<64x64xf16, shared>
    %G = tirx.alloc_buffer : !tirx.buffer<64x64xf16, shared>
    // expected-error @+1 {{config cta_group must be the integer 1 or 2, got 3}}
    tirx.tile.copy <cta> %d, %G config {cta_group = 3} : !tirx.buffer<64x64xf16, shared>, !tirx.buffer<64x64xf16, shared>
  }
  tirx.return
}

// -----

tirx.prim_func @cta_group_string() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %d = tirx.alloc_buffer : !tirx.buffer<64x64xf16, shared>
    %G = tirx.alloc_buffer : !tirx.buffer<64x64xf16, shared>
    // expected-error @+1 {{config cta_group must be an integer, got "2"}}
    tirx.tile.copy <cta> %d, %G config {cta_group = "2"} : !tirx.buffer<64x64xf16, shared>, !tirx.buffer<64x64xf16, shared>
  }
  tirx.return
}
