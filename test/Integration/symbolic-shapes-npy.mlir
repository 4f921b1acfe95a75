// REQUIRES: numpy
// Real data for a symbolic program: the shape variable takes its value from
// the .npy files (5 x 7, no --var needed), the output has 5 rows, and numpy
// checks the sums. A file whose rows disagree with --var is an error at the
// argument.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/x.npy', np.arange(35, dtype=np.float32).reshape(5, 7))"
// RUN: uop-run %s --target cpu --input x=%t/x.npy --output-dir %t/out --check --repeat 1 | FileCheck %s
// RUN: %python -c "import numpy as np; o = np.load('%t/out/0.npy'); x = np.arange(35, dtype=np.float32).reshape(5, 7); assert o.shape == (5,), o.shape; assert (o == x.sum(1)).all(), o; print('numpy ok')" | FileCheck %s --check-prefix=NUMPY
// RUN: not uop-run %s --target cpu --input x=%t/x.npy --var n=6 --repeat 1 2>&1 | FileCheck %s --check-prefix=MISMATCH

// CHECK: vars: n=5
// CHECK: checked=5 mismatches=0 check=pass
// NUMPY: numpy ok
// MISMATCH: --input x={{.*}}x.npy: the file's shape is (5, 7), argument 0 is 'tensor<6x7xf32>'
func.func @rows(%x: tensor<?x7xf32, #uop.sym<"n">>) -> tensor<?xf32, #uop.sym<"n">>
    attributes {uop.vars = [#uop.var<"n", 1, 100>]} {
  %s = uop.reduce_axis add %x [1] : tensor<?x7xf32, #uop.sym<"n">> -> tensor<?xf32, #uop.sym<"n">>
  return %s : tensor<?xf32, #uop.sym<"n">>
}
