// RUN: uop-opt %s -split-input-file --tirx-set-target | FileCheck %s --check-prefix=DEFAULT
// RUN: uop-opt %s -split-input-file --tirx-set-target="chip=sm_100a" | FileCheck %s --check-prefix=B200
// RUN: not uop-opt %s --tirx-set-target="chip=sm_bad" 2>&1 | FileCheck %s --check-prefix=BAD
//
// tirx-set-target puts the chip on the module as upstream's #nvvm.target
// with the chip table's PTX version: the option's chip, else sm_80.

// DEFAULT: module attributes {tirx.target = #nvvm.target<chip = "sm_80", features = "+ptx70">}
// B200: module attributes {tirx.target = #nvvm.target<chip = "sm_100a", features = "+ptx86">}
// BAD: set-target.mlir:{{[0-9]+}}:{{[0-9]+}}: error: unknown chip 'sm_bad' (known: sm_75, {{.*}}) in the pass option chip=
tirx.prim_func @f() {
  tirx.return
}
