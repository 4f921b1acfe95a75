// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// Only a one-element region stands for a scalar (it is loaded); a larger one
// is a tile, and the scalar's dtype must still be the tile's.

tirx.prim_func @fill_two_elements(%A: !tirx.buffer<8xf32, global>, %P: !tirx.buffer<16xf32, global>, %i: index) {
  tirx.device_entry {
    %r = tirx.region %P[%i : 2] : !tirx.buffer<16xf32, global>
    // expected-error @+1 {{a region fill value must be one element of the tile's dtype 'f32', got '!tirx.region<2, !tirx.buffer<16xf32, global>>'}}
    tirx.tile.fill <thread> %A, %r : !tirx.buffer<8xf32, global>, !tirx.region<2, !tirx.buffer<16xf32, global>>
  }
  tirx.return
}

// -----

tirx.prim_func @fill_wrong_dtype(%A: !tirx.buffer<8xf32, global>, %P: !tirx.buffer<16xf16, global>, %i: index) {
  tirx.device_entry {
    %r = tirx.region %P[%i : 1] : !tirx.buffer<16xf16, global>
    // expected-error @+1 {{a region fill value must be one element of the tile's dtype 'f32', got '!tirx.region<1, !tirx.buffer<16xf16, global>>'}}
    tirx.tile.fill <thread> %A, %r : !tirx.buffer<8xf32, global>, !tirx.region<1, !tirx.buffer<16xf16, global>>
  }
  tirx.return
}

// -----

tirx.prim_func @binary_wrong_dtype(%A: !tirx.buffer<8xf32, global>, %P: !tirx.buffer<16xi32, global>, %i: index) {
  tirx.device_entry {
    %r = tirx.region %P[%i : 1] : !tirx.buffer<16xi32, global>
    // expected-error @+1 {{a scalar rhs must have the tile's dtype 'f32', got 'i32'}}
    tirx.tile.binary add <thread> %A, %A, %r : !tirx.buffer<8xf32, global>, !tirx.buffer<8xf32, global>, !tirx.region<1, !tirx.buffer<16xi32, global>>
  }
  tirx.return
}
