// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// Regression test (fixed): BufferType::getStorageSpan() takes a bare #tirx.swizzle layout's
// footprint as the element count, but the swizzle permutes offsets within
// blocks of 2^(M+S) elements (2^(M+B+S) when not inner), exactly as
// span(ComposeLayout) rounds up. On 3x5 with (M, B, S) = (1, 2, 2) the flat
// index 13 goes to x = 6, f(x) = 6 ^ 1 = 7, m = 14 + 1 = 15: the view touches
// element 15 of a 15-element buffer, yet decl_buffer accepts it (see also
// test/Target/TIRxLayoutTable/swizzle-odd-shape.mlir, where (2, 3) -> m=15).
// Now: the span rounds up to the block, 16.

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
