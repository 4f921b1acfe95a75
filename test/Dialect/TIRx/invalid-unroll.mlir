// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// tirx.unroll marks a kernel loop that tirx-dispatch-tile-primitives unrolls
// fully before dispatch: a unit attribute on an scf.for inside a
// tirx.device_entry, with constant bounds, a positive step and at most 64
// iterations.

tirx.prim_func @not_unit() {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    // expected-error @+1 {{'tirx.unroll' must be a unit attribute}}
    scf.for %i = %c0 to %c4 step %c1 {
    } {tirx.unroll = 4 : i64}
  }
  tirx.return
}

// -----

tirx.prim_func @not_a_loop(%c: i1) {
  tirx.device_entry {
    // expected-error @+1 {{'tirx.unroll' belongs on an scf.for}}
    scf.if %c {
    } {tirx.unroll}
  }
  tirx.return
}

// -----

func.func @outside_kernel() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  // expected-error @+1 {{'tirx.unroll' loops must be inside a tirx.device_entry}}
  scf.for %i = %c0 to %c4 step %c1 {
  } {tirx.unroll}
  return
}

// -----

tirx.prim_func @dynamic_bound(%n: index) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    // expected-error @+1 {{'tirx.unroll' needs constant loop bounds and step}}
    scf.for %i = %c0 to %n step %c1 {
    } {tirx.unroll}
  }
  tirx.return
}

// -----

tirx.prim_func @zero_step() {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    // expected-error @+1 {{'tirx.unroll' needs a positive step}}
    scf.for %i = %c0 to %c4 step %c0 {
    } {tirx.unroll}
  }
  tirx.return
}

// -----

tirx.prim_func @too_many() {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c65 = arith.constant 65 : index
    // expected-error @+1 {{'tirx.unroll' unrolls at most 64 iterations, this loop has 65}}
    scf.for %i = %c0 to %c65 step %c1 {
    } {tirx.unroll}
  }
  tirx.return
}
