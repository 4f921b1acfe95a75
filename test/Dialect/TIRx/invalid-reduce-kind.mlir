// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// The reduction enum is uop's (add, mul, max, min, umax, umin); a tile
// reduction is sum (add), max or min.

tirx.prim_func @reduce_mul() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %d = tirx.alloc_buffer : !tirx.buffer<64xf32, local>
    %s = tirx.alloc_buffer : !tirx.buffer<64x32xf32, local>
    // expected-error @+1 {{'tirx.tile.reduce' op a tile reduction is sum, max or min, got mul}}
    tirx.tile.reduce mul <cta> %d, %s axes [1] : !tirx.buffer<64xf32, local>, !tirx.buffer<64x32xf32, local>
  }
  tirx.return
}

// -----

tirx.prim_func @reduce_umax() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %d = tirx.alloc_buffer : !tirx.buffer<64xi32, local>
    %s = tirx.alloc_buffer : !tirx.buffer<64x32xi32, local>
    // expected-error @+1 {{'tirx.tile.reduce' op a tile reduction is sum, max or min, got umax}}
    tirx.tile.reduce umax <cta> %d, %s axes [1] : !tirx.buffer<64xi32, local>, !tirx.buffer<64x32xi32, local>
  }
  tirx.return
}

// -----

tirx.prim_func @reduce_unknown() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %d = tirx.alloc_buffer : !tirx.buffer<64xf32, local>
    %s = tirx.alloc_buffer : !tirx.buffer<64x32xf32, local>
    // expected-error @+1 {{unknown kind 'prod'}}
    tirx.tile.reduce prod <cta> %d, %s axes [1] : !tirx.buffer<64xf32, local>, !tirx.buffer<64x32xf32, local>
  }
  tirx.return
}
