// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// tirx.region_view's layout is the slice of the source's at the region's
// constant mins; its shape is the region's extents; no strides or
// elem_offset; dtype and scope kept.

!S = !tirx.buffer<64x64xf32, shared>
tirx.prim_func @not_the_slice() {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %s = tirx.alloc_buffer : !S
    %r = tirx.region %s[%c0 : 64, %c32 : 32] : !S
    // expected-error @+1 {{the view's layout #tirx.tile<S[(64,32):(64,1)]> is not the slice of the source's over this region, #tirx.tile<S[(64,32):(64,1)] + 32>}}
    %v = tirx.region_view %r : !tirx.region<64x32, !S> -> !tirx.buffer<64x32xf32, shared, #tirx.tile<S[(64,32):(64,1)]>>
  }
  tirx.return
}

// -----

!S = !tirx.buffer<64x64xf32, shared>
tirx.prim_func @no_layout() {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %c32 = arith.constant 32 : index
    %s = tirx.alloc_buffer : !S
    %r = tirx.region %s[%c0 : 64, %c32 : 32] : !S
    // expected-error @+1 {{a region view's layout is the slice of the source's: #tirx.tile<S[(64,32):(64,1)] + 32>}}
    %v = tirx.region_view %r : !tirx.region<64x32, !S> -> !tirx.buffer<64x32xf32, shared>
  }
  tirx.return
}

// -----

!S = !tirx.buffer<64x64xf32, shared>
tirx.prim_func @dynamic_min(%i: index) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %s = tirx.alloc_buffer : !S
    %r = tirx.region %s[%c0 : 64, %i : 32] : !S
    // expected-error @+1 {{a region view needs constant mins: the layout slice is static}}
    %v = tirx.region_view %r : !tirx.region<64x32, !S> -> !tirx.buffer<64x32xf32, shared, #tirx.tile<S[(64,32):(64,1)]>>
  }
  tirx.return
}

// -----

!S = !tirx.buffer<64x64xf32, shared>
tirx.prim_func @wrong_shape() {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %s = tirx.alloc_buffer : !S
    %r = tirx.region %s[%c0 : 64, %c0 : 32] : !S
    // expected-error @+1 {{a region view has the region's extents as its shape: [64, 32], got [32, 64]}}
    %v = tirx.region_view %r : !tirx.region<64x32, !S> -> !tirx.buffer<32x64xf32, shared, #tirx.tile<S[2048:1]>>
  }
  tirx.return
}

// -----

!S = !tirx.buffer<64x64xf32, shared>
tirx.prim_func @with_offset() {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %s = tirx.alloc_buffer : !S
    %r = tirx.region %s[%c0 : 64, %c0 : 32] : !S
    // expected-error @+1 {{a region view is placed by its layout (the slice); it takes no strides or elem_offset}}
    %v = tirx.region_view %r : !tirx.region<64x32, !S> -> !tirx.buffer<64x32xf32, shared, #tirx.tile<S[(64,32):(64,1)]>, elem_offset = 4>
  }
  tirx.return
}

// -----

!S = !tirx.buffer<64x64xf32, shared>
tirx.prim_func @other_dtype() {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %s = tirx.alloc_buffer : !S
    %r = tirx.region %s[%c0 : 64, %c0 : 32] : !S
    // expected-error @+1 {{a view keeps the dtype: 'f32' viewed as 'f16'}}
    %v = tirx.region_view %r : !tirx.region<64x32, !S> -> !tirx.buffer<64x32xf16, shared, #tirx.tile<S[(64,32):(64,1)]>>
  }
  tirx.return
}

// -----

// The algebra cannot slice this layout there (an iter straddles the cut).
!T = !tirx.buffer<6x4xf32, shared, #tirx.tile<S[(4,6):(1,4)]>>
tirx.prim_func @unsliceable() {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %t = tirx.alloc_buffer : !T
    %r = tirx.region %t[%c0 : 6, %c0 : 2] : !T
    // expected-error @+1 {{the source's layout has no slice over this region: slice: cannot split}}
    %v = tirx.region_view %r : !tirx.region<6x2, !T> -> !tirx.buffer<6x2xf32, shared, #tirx.tile<S[12:1]>>
  }
  tirx.return
}

// -----

// A compose layout answers slice too: its tile cannot be cut there either.
!C = !tirx.buffer<6x4xf32, shared, #tirx.compose<#tirx.swizzle<per_element = 0, swizzle_len = 1, atom_len = 1>, #tirx.tile<S[(4,6):(1,4)]>>>
tirx.prim_func @unsliceable_compose() {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %t = tirx.alloc_buffer : !C
    %r = tirx.region %t[%c0 : 6, %c0 : 2] : !C
    // expected-error @+1 {{the source's layout has no slice over this region: slice: cannot split}}
    %v = tirx.region_view %r : !tirx.region<6x2, !C> -> !tirx.buffer<6x2xf32, shared, #tirx.tile<S[12:1]>>
  }
  tirx.return
}

