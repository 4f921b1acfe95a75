// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// Verifier rules of tirx.decl_buffer (a view keeps dtype and scope and fits
// the viewed storage) and tirx.bind.

tirx.prim_func @view_dtype() {
  tirx.device_entry {
    %s = tirx.alloc_buffer : !tirx.buffer<128xf32, shared>
    // expected-error @+1 {{'tirx.decl_buffer' op a view keeps the dtype: 'f32' viewed as 'f16'}}
    %v = tirx.decl_buffer %s : !tirx.buffer<128xf32, shared> -> !tirx.buffer<128xf16, shared>
  }
  tirx.return
}

// -----

// Same bit width, other type: still a dtype change.
tirx.prim_func @view_dtype_same_width() {
  tirx.device_entry {
    %s = tirx.alloc_buffer : !tirx.buffer<128xf32, shared>
    // expected-error @+1 {{'tirx.decl_buffer' op a view keeps the dtype: 'f32' viewed as 'i32'}}
    %v = tirx.decl_buffer %s : !tirx.buffer<128xf32, shared> -> !tirx.buffer<128xi32, shared>
  }
  tirx.return
}

// -----

tirx.prim_func @view_scope() {
  tirx.device_entry {
    %s = tirx.alloc_buffer : !tirx.buffer<128xf32, shared>
    // expected-error @+1 {{'tirx.decl_buffer' op a view keeps the storage scope: shared viewed as local}}
    %v = tirx.decl_buffer %s : !tirx.buffer<128xf32, shared> -> !tirx.buffer<128xf32, local>
  }
  tirx.return
}

// -----

tirx.prim_func @view_scope_global(%A: !tirx.buffer<1024xf32, global>) {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.decl_buffer' op a view keeps the storage scope: global viewed as shared}}
    %v = tirx.decl_buffer %A : !tirx.buffer<1024xf32, global> -> !tirx.buffer<1024xf32, shared>
  }
  tirx.return
}

// -----

tirx.prim_func @view_too_many_elements() {
  tirx.device_entry {
    %s = tirx.alloc_buffer : !tirx.buffer<128xf32, shared>
    // expected-error @+1 {{'tirx.decl_buffer' op the view needs 256 elements of storage, the viewed buffer has 128}}
    %v = tirx.decl_buffer %s : !tirx.buffer<128xf32, shared> -> !tirx.buffer<16x16xf32, shared>
  }
  tirx.return
}

// -----

// The view's elem_offset counts.
tirx.prim_func @view_elem_offset() {
  tirx.device_entry {
    %s = tirx.alloc_buffer : !tirx.buffer<128xf32, shared>
    // expected-error @+1 {{'tirx.decl_buffer' op the view needs 129 elements of storage, the viewed buffer has 128}}
    %v = tirx.decl_buffer %s : !tirx.buffer<128xf32, shared> -> !tirx.buffer<8x16xf32, shared, elem_offset = 1>
  }
  tirx.return
}

// -----

// A strided view's footprint: 3 * 64 + 3 * 1 + 1 = 196.
tirx.prim_func @view_strides() {
  tirx.device_entry {
    %s = tirx.alloc_buffer : !tirx.buffer<128xf32, shared>
    // expected-error @+1 {{'tirx.decl_buffer' op the view needs 196 elements of storage, the viewed buffer has 128}}
    %v = tirx.decl_buffer %s : !tirx.buffer<128xf32, shared> -> !tirx.buffer<4x4xf32, shared, strides = [64, 1]>
  }
  tirx.return
}

// -----

// A strided source's footprint: 3 * 32 + 3 * 1 + 1 = 100; a 101-element
// storage view does not fit (a 100-element one does).
tirx.prim_func @source_strides() {
  tirx.device_entry {
    %s = tirx.alloc_buffer : !tirx.buffer<4x4xf32, shared, strides = [32, 1]>
    %ok = tirx.decl_buffer %s storage : !tirx.buffer<4x4xf32, shared, strides = [32, 1]> -> !tirx.buffer<100xf32, shared>
    // expected-error @+1 {{'tirx.decl_buffer' op the view needs 101 elements of storage, the viewed buffer has 100}}
    %v = tirx.decl_buffer %s storage : !tirx.buffer<4x4xf32, shared, strides = [32, 1]> -> !tirx.buffer<101xf32, shared>
  }
  tirx.return
}

// -----

// A tile layout's span on m: 7 * 32 + 15 * 1 + 1 = 240.
tirx.prim_func @view_layout_span() {
  tirx.device_entry {
    %s = tirx.alloc_buffer : !tirx.buffer<128xf32, shared>
    // expected-error @+1 {{'tirx.decl_buffer' op the view needs 240 elements of storage, the viewed buffer has 128}}
    %v = tirx.decl_buffer %s : !tirx.buffer<128xf32, shared> -> !tirx.buffer<8x16xf32, shared, #tirx.tile<S[(8,16):(32,1)]>>
  }
  tirx.return
}

// -----

// A tile layout's offset on m counts: span 128 + 4 = 132.
tirx.prim_func @view_layout_offset() {
  tirx.device_entry {
    %s = tirx.alloc_buffer : !tirx.buffer<128xf32, shared>
    // expected-error @+1 {{'tirx.decl_buffer' op the view needs 132 elements of storage, the viewed buffer has 128}}
    %v = tirx.decl_buffer %s : !tirx.buffer<128xf32, shared> -> !tirx.buffer<128xf32, shared, #tirx.tile<S[128:1] + 4>>
  }
  tirx.return
}

// -----

// A swizzled (compose) view rounds its span up to the swizzle block:
// tile span 3 * 64 + 59 + 1 = 252, block 2^(3+3) = 64, so 256.
tirx.prim_func @view_compose_rounds_up() {
  tirx.device_entry {
    %s = tirx.alloc_buffer : !tirx.buffer<252xf16, shared>
    // expected-error @+1 {{'tirx.decl_buffer' op the view needs 256 elements of storage, the viewed buffer has 252}}
    %v = tirx.decl_buffer %s : !tirx.buffer<252xf16, shared> -> !tirx.buffer<4x60xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(4,60):(64,1)]>>>
  }
  tirx.return
}

// -----

// swizzle_inner = false: the block is 2^(M+B+S) = 2^(0+1+2) = 8; tile span
// 6 rounds up to 8.
tirx.prim_func @view_compose_outer_block() {
  tirx.device_entry {
    %s = tirx.alloc_buffer : !tirx.buffer<7xf32, shared>
    // expected-error @+1 {{'tirx.decl_buffer' op the view needs 8 elements of storage, the viewed buffer has 7}}
    %v = tirx.decl_buffer %s : !tirx.buffer<7xf32, shared> -> !tirx.buffer<6xf32, shared, #tirx.compose<#tirx.swizzle<per_element = 0, swizzle_len = 1, atom_len = 2, swizzle_inner = false>, #tirx.tile<S[6:1]>>>
  }
  tirx.return
}

// -----

// The source's layout gives its storage: S[32:2] spans 63 elements.
tirx.prim_func @source_layout_span() {
  tirx.device_entry {
    %s = tirx.alloc_buffer : !tirx.buffer<32xf32, shared, #tirx.tile<S[32:2]>>
    %ok = tirx.decl_buffer %s : !tirx.buffer<32xf32, shared, #tirx.tile<S[32:2]>> -> !tirx.buffer<63xf32, shared>
    // expected-error @+1 {{'tirx.decl_buffer' op the view needs 64 elements of storage, the viewed buffer has 63}}
    %v = tirx.decl_buffer %s : !tirx.buffer<32xf32, shared, #tirx.tile<S[32:2]>> -> !tirx.buffer<64xf32, shared>
  }
  tirx.return
}

// -----

tirx.prim_func @view_source_not_a_buffer(%n: index) {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.decl_buffer' op operand #0 must be !tirx.buffer, but got 'index'}}
    %v = "tirx.decl_buffer"(%n) : (index) -> !tirx.buffer<4xf32, shared>
  }
  tirx.return
}

// -----

//===----------------------------------------------------------------------===//
// bind
//===----------------------------------------------------------------------===//

tirx.prim_func @bind_type(%n: index) {
  // expected-error @+1 {{'tirx.bind' op requires the same type for all operands and results}}
  %b = "tirx.bind"(%n) : (index) -> i32
  tirx.return
}

// -----

// Register buffers count storage per thread (on m): one element per lane
// cannot be viewed as four.
tirx.prim_func @view_registers_per_thread() {
  tirx.device_entry {
    %l = tirx.alloc_buffer : !tirx.buffer<32xf32, local, #tirx.tile<S[32:1@laneid]>>
    // expected-error @+1 {{'tirx.decl_buffer' op the view needs 4 elements of storage, the viewed buffer has 1}}
    %v = tirx.decl_buffer %l : !tirx.buffer<32xf32, local, #tirx.tile<S[32:1@laneid]>> -> !tirx.buffer<32x4xf32, local, #tirx.tile<S[(32,4):(1@laneid,1)]>>
  }
  tirx.return
}

// -----

// The storage span of a bare #tirx.swizzle layout (BufferType::
// getStorageSpan) is its footprint rounded up to the block of 2^(M+S)
// elements (2^(M+B+S) when not inner) that the swizzle permutes, exactly as
// span(ComposeLayout) rounds up, not the element count. On 3x5 with
// (M, B, S) = (1, 2, 2) the flat index 13 goes to x = 6, f(x) = 6 ^ 1 = 7,
// m = 14 + 1 = 15: the view touches element 15, so it needs 16 elements and a
// 15-element buffer is too small (see also
// test/Target/TIRxLayoutTable/swizzle-odd-shape.mlir, where (2, 3) -> m=15).

tirx.prim_func @bare_swizzle_view() {
  tirx.device_entry {
    %s = tirx.alloc_buffer : !tirx.buffer<15xf32, shared>
    // expected-error @+1 {{'tirx.decl_buffer' op the view needs 16 elements of storage, the viewed buffer has 15}}
    %v = tirx.decl_buffer %s : !tirx.buffer<15xf32, shared> -> !tirx.buffer<3x5xf32, shared, #tirx.swizzle<per_element = 1, swizzle_len = 2, atom_len = 2>>
  }
  tirx.return
}

// -----

// The same footprint on the source side: a 3x5 swizzled buffer occupies 16
// elements, so a 16-element view of it fits and a 17-element one does not.
tirx.prim_func @bare_swizzle_source() {
  tirx.device_entry {
    %s = tirx.alloc_buffer : !tirx.buffer<3x5xf32, shared, #tirx.swizzle<per_element = 1, swizzle_len = 2, atom_len = 2>>
    %ok = tirx.decl_buffer %s : !tirx.buffer<3x5xf32, shared, #tirx.swizzle<per_element = 1, swizzle_len = 2, atom_len = 2>> -> !tirx.buffer<16xf32, shared>
    // expected-error @+1 {{'tirx.decl_buffer' op the view needs 17 elements of storage, the viewed buffer has 16}}
    %v = tirx.decl_buffer %s : !tirx.buffer<3x5xf32, shared, #tirx.swizzle<per_element = 1, swizzle_len = 2, atom_len = 2>> -> !tirx.buffer<17xf32, shared>
  }
  tirx.return
}

// -----

// A tmem view must fit the viewed storage on TLane and TCol too (not only on
// the `m` axis, where the span of a tmem buffer is 1): a 128x512 view of a
// 4-column allocation, or a 128-lane view of a 64-lane one, is rejected.

tirx.prim_func @tmem_view_more_columns() {
  tirx.device_entry {
    %t = tirx.alloc_buffer : !tirx.buffer<128x4xf32, tmem, #tirx.tile<S[(128,4):(1@TLane,1@TCol)]>>
    // expected-error @+1 {{'tirx.decl_buffer' op the view spans 512 on axis TCol, the viewed buffer 4}}
    %v = tirx.decl_buffer %t : !tirx.buffer<128x4xf32, tmem, #tirx.tile<S[(128,4):(1@TLane,1@TCol)]>> -> !tirx.buffer<128x512xf32, tmem, #tirx.tile<S[(128,512):(1@TLane,1@TCol)]>>
  }
  tirx.return
}

// -----

tirx.prim_func @tmem_view_more_lanes() {
  tirx.device_entry {
    %t = tirx.alloc_buffer : !tirx.buffer<64x8xf32, tmem, #tirx.tile<S[(64,8):(1@TLane,1@TCol)]>>
    // expected-error @+1 {{'tirx.decl_buffer' op the view spans 128 on axis TLane, the viewed buffer 64}}
    %v = tirx.decl_buffer %t : !tirx.buffer<64x8xf32, tmem, #tirx.tile<S[(64,8):(1@TLane,1@TCol)]>> -> !tirx.buffer<128x4xf32, tmem, #tirx.tile<S[(128,4):(1@TLane,1@TCol)]>>
  }
  tirx.return
}

// -----

// A view inherits the viewed buffer's strides (the seed), which mean
// nothing at another rank.
tirx.prim_func @view_strided_rank() {
  tirx.device_entry {
    %s = tirx.alloc_buffer : !tirx.buffer<4x4xf32, shared, strides = [8, 1]>
    // expected-error @+1 {{'tirx.decl_buffer' op a view of a strided buffer inherits its 2 strides: give the 1-d view its own strides or layout}}
    %v = tirx.decl_buffer %s : !tirx.buffer<4x4xf32, shared, strides = [8, 1]> -> !tirx.buffer<16xf32, shared>
  }
  tirx.return
}

// -----

// A view starts where the viewed buffer starts: that buffer's elem_offset
// is not room for the view.
tirx.prim_func @view_after_offset() {
  tirx.device_entry {
    %s = tirx.alloc_buffer : !tirx.buffer<32xf32, shared, elem_offset = 8>
    // expected-error @+1 {{'tirx.decl_buffer' op the view needs 40 elements of storage, the viewed buffer has 32}}
    %v = tirx.decl_buffer %s : !tirx.buffer<32xf32, shared, elem_offset = 8> -> !tirx.buffer<40xf32, shared>
  }
  tirx.return
}

// -----

// A view with inherited strides spans what they give: rows 8 apart, so a
// 2x4 view of a 2x4 view of rows padded to 8 cannot start 5 in.
tirx.prim_func @view_inherited_span() {
  tirx.device_entry {
    %s = tirx.alloc_buffer : !tirx.buffer<2x4xf32, shared, strides = [8, 1]>
    %v = tirx.decl_buffer %s : !tirx.buffer<2x4xf32, shared, strides = [8, 1]> -> !tirx.buffer<2x4xf32, shared>
    // expected-error @+1 {{'tirx.decl_buffer' op the view needs 17 elements of storage, the viewed buffer has 12}}
    %w = tirx.decl_buffer %v : !tirx.buffer<2x4xf32, shared> -> !tirx.buffer<2x4xf32, shared, elem_offset = 5>
  }
  tirx.return
}
