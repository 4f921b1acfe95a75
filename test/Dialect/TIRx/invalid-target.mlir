// RUN: uop-opt %s -split-input-file -verify-diagnostics
// RUN: not uop-opt %s -split-input-file --tirx-dispatch-tile-primitives 2>&1 | FileCheck %s --check-prefix=CHIP

// `tirx.target` holds the module's chip as upstream's #nvvm.target, on a
// builtin.module only.

// expected-error @+1 {{'tirx.target' must be a #nvvm.target on a builtin.module}}
module attributes {tirx.target = "sm_90a"} {
}

// -----

module {
  // expected-error @+1 {{'tirx.target' must be a #nvvm.target on a builtin.module}}
  tirx.prim_func @f() attributes {tirx.target = #nvvm.target<chip = "sm_90a">} {
    tirx.return
  }
}

// -----

// A chip the table lacks is named as the module's, not as an option's.
// CHIP: error: unknown chip 'sm_999' (known: sm_75, {{.*}}) in the module's #nvvm.target
module attributes {tirx.target = #nvvm.target<chip = "sm_999">} {
  tirx.prim_func @g() {
    tirx.return
  }
}
