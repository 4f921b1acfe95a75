// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// tirx.warp_specialize: one warpgroup count and one setmaxnreg budget per
// role, at least one warpgroup per role, budgets a multiple of 8 in
// [24, 256], one index argument per role, directly in the device_entry
// body, roles covering the CTA's (known) threads exactly, budgets within
// the SM's 65536 registers.

tirx.prim_func @counts() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [256]
    // expected-error @+1 {{expected one warpgroup count and one maxnreg per role, got 2 and 1 for 2 roles}}
    "tirx.warp_specialize"() <{warpgroups = array<i64: 1, 1>, maxnreg = array<i64: 40>}> ({
    ^bb0(%a: index):
    }, {
    ^bb0(%b: index):
    }) : () -> ()
  }
  tirx.return
}

// -----

tirx.prim_func @empty_role() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    // expected-error @+1 {{role 0 needs at least one warpgroup, got 0}}
    tirx.warp_specialize
    role(%p) warpgroups 0 maxnreg 40 {
    }
    role(%c) warpgroups 1 maxnreg 232 {
    }
  }
  tirx.return
}

// -----

tirx.prim_func @odd_budget() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [256]
    // expected-error @+1 {{role 1: setmaxnreg takes a multiple of 8 in [24, 256] registers, got 230}}
    tirx.warp_specialize
    role(%p) warpgroups 1 maxnreg 40 {
    }
    role(%c) warpgroups 1 maxnreg 230 {
    }
  }
  tirx.return
}

// -----

tirx.prim_func @small_budget() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [256]
    // expected-error @+1 {{role 0: setmaxnreg takes a multiple of 8 in [24, 256] registers, got 16}}
    tirx.warp_specialize
    role(%p) warpgroups 1 maxnreg 16 {
    }
    role(%c) warpgroups 1 maxnreg 232 {
    }
  }
  tirx.return
}

// -----

tirx.prim_func @role_argument() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    // expected-error @+1 {{role 0 takes one index argument, the warpgroup's index within the role}}
    "tirx.warp_specialize"() <{warpgroups = array<i64: 1>, maxnreg = array<i64: 40>}> ({
    ^bb0(%a: i32):
    }) : () -> ()
  }
  tirx.return
}

// -----

tirx.prim_func @nested() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [256]
    %c0 = arith.constant 0 : index
    %first = arith.cmpi eq, %tx, %c0 : index
    scf.if %first {
      // expected-error @+1 {{every warpgroup of the CTA must reach it: place it directly in the tirx.device_entry body}}
      tirx.warp_specialize
      role(%p) warpgroups 1 maxnreg 40 {
      }
      role(%c) warpgroups 1 maxnreg 232 {
      }
    }
  }
  tirx.return
}

// -----

tirx.prim_func @unknown_threads() {
  tirx.device_entry {
    // expected-error @+1 {{needs the CTA's thread count: a cta -> thread, warp or warpgroup scope id before it}}
    tirx.warp_specialize
    role(%p) warpgroups 1 maxnreg 40 {
    }
    role(%c) warpgroups 1 maxnreg 232 {
    }
  }
  tirx.return
}

// -----

tirx.prim_func @uncovered() {
  tirx.device_entry {
    %wg = tirx.scope_id_def cta -> warpgroup [3]
    // expected-error @+1 {{the roles cover 2 warpgroups (256 threads), the CTA has 384 threads}}
    tirx.warp_specialize
    role(%p) warpgroups 1 maxnreg 40 {
    }
    role(%c) warpgroups 1 maxnreg 232 {
    }
  }
  tirx.return
}

// -----

tirx.prim_func @over_budget() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [384]
    // expected-error @+1 {{the roles' register budgets take 70656 registers, more than the 65536 of an SM}}
    tirx.warp_specialize
    role(%p) warpgroups 1 maxnreg 56 {
    }
    role(%c) warpgroups 2 maxnreg 248 {
    }
  }
  tirx.return
}

// -----

tirx.prim_func @no_roles() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    // expected-error @+2 {{expected at least one role}}
    tirx.warp_specialize
  }
  tirx.return
}
