// RUN: uop-run %s --target cpu --check --repeat 1 | FileCheck %s --check-prefix=DEFAULT
// RUN: not uop-run %s --entry ext --target cpu 2>&1 | FileCheck %s --check-prefix=DECL
// RUN: sh -c 'uop-run %s --entry ext --target cpu 2>/dev/null; test $? -eq 2'
//
// Regression test for a fixed bug, as it was reported:
// uop-run's default entry is "the first func.func or tirx.prim_func", and a
// function declaration (an external func.func, no body) counts: this file
// runs @ext and fails with an unlocated, misleading
//
//   <file>:0:0: error: uop-to-c: no schedule function; run `uop-opt --uop-to-program` first
//
// (exit 1). `--entry ext` gives the same. Expected: the default entry is the
// first function with a body (@twice here, which runs and checks), and
// naming a declaration is a usage error (exit 2) that says it has no body.

// DEFAULT: entry=twice target=cpu
// DEFAULT: checked=4 mismatches=0 check=pass
// DECL: ext{{.*}}body
func.func private @ext(%a: tensor<4xf32>) -> tensor<4xf32>

func.func @twice(%a: tensor<4xf32>) -> tensor<4xf32> {
  %s = arith.addf %a, %a : tensor<4xf32>
  return %s : tensor<4xf32>
}
