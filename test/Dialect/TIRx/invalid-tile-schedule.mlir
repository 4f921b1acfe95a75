// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// Verifier and parser rules of tirx.tile_schedule: the worker is the id of a
// one-dimensional grid, an M x N grid of positive tile counts, groups of at
// least one M tile, and a body of three index arguments.

tirx.prim_func @worker_not_grid() {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [128]
    // expected-error @+1 {{'tirx.tile_schedule' op expects the worker to be the id of a one-dimensional grid (a kernel -> cta or kernel -> cluster scope id with one extent)}}
    tirx.tile_schedule %t tiles [4, 4] (%m, %n, %it) {
    }
  }
  tirx.return
}

// -----

tirx.prim_func @worker_2d_grid() {
  tirx.device_entry {
    %bx, %by = tirx.scope_id_def kernel -> cta [4, 4]
    // expected-error @+1 {{'tirx.tile_schedule' op expects the worker to be the id of a one-dimensional grid}}
    tirx.tile_schedule %bx tiles [4, 4] (%m, %n, %it) {
    }
  }
  tirx.return
}

// -----

tirx.prim_func @worker_value() {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{'tirx.tile_schedule' op expects the worker to be the id of a one-dimensional grid}}
    tirx.tile_schedule %c0 tiles [4, 4] (%m, %n, %it) {
    }
  }
  tirx.return
}

// -----

tirx.prim_func @three_counts() {
  tirx.device_entry {
    %b = tirx.scope_id_def kernel -> cta [8]
    // expected-error @+1 {{'tirx.tile_schedule' op schedules a grid of M x N tiles, got 3 tile counts}}
    tirx.tile_schedule %b tiles [4, 4, 2] (%m, %n, %it) {
    }
  }
  tirx.return
}

// -----

tirx.prim_func @zero_tiles() {
  tirx.device_entry {
    %b = tirx.scope_id_def kernel -> cta [8]
    // expected-error @+1 {{'tirx.tile_schedule' op tile counts must be positive, got 0}}
    tirx.tile_schedule %b tiles [0, 4] (%m, %n, %it) {
    }
  }
  tirx.return
}

// -----

tirx.prim_func @zero_group() {
  tirx.device_entry {
    %b = tirx.scope_id_def kernel -> cta [8]
    // expected-error @+1 {{'tirx.tile_schedule' op groups have at least one M tile, got 0}}
    tirx.tile_schedule %b tiles [4, 4] group 0 (%m, %n, %it) {
    }
  }
  tirx.return
}

// -----

tirx.prim_func @two_args() {
  tirx.device_entry {
    %b = tirx.scope_id_def kernel -> cta [8]
    // expected-error @+1 {{'tirx.tile_schedule' op body takes the M tile, the N tile and the worker's iteration, three index arguments}}
    tirx.tile_schedule %b tiles [4, 4] (%m, %n) {
    }
  }
  tirx.return
}
