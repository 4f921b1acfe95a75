// REQUIRES: numpy
// --input errors: each is located at the argument (or the function, for a
// name it does not have), says what is wrong, and exits with status 2 before
// anything compiles.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %python -c "import numpy as np; np.save('%t/f32x3.npy', np.zeros((2, 3), np.float32)); np.save('%t/f32x4.npy', np.zeros((4,), np.float32)); np.save('%t/i32.npy', np.zeros((2, 3), np.int32)); np.save('%t/u32.npy', np.zeros((2, 3), np.uint32)); np.save('%t/fortran.npy', np.asfortranarray(np.zeros((2, 3), np.float32))); np.save('%t/c64.npy', np.zeros((2, 3), np.complex64))"
// RUN: printf 'not a numpy file' > %t/garbage.npy
// RUN: %python -c "open('%t/short.npy', 'wb').write(open('%t/f32x3.npy', 'rb').read()[:-4])"

// Shape.
// RUN: not uop-run %s --input x=%t/f32x4.npy 2>&1 | FileCheck %s --check-prefix=SHAPE
// RUN: sh -c 'uop-run %s --input x=%t/f32x4.npy 2>/dev/null; test $? -eq 2'
// SHAPE: npy-errors.mlir:[[@LINE+31]]:14: error: uop-run: --input x={{.*}}f32x4.npy: the file's shape is (4,), argument 0 is 'tensor<2x3xf32>'

// Dtype: int32 data for an f32 argument; int32 for an unsigned argument.
// RUN: not uop-run %s --input 0=%t/i32.npy 2>&1 | FileCheck %s --check-prefix=DTYPE
// DTYPE: error: uop-run: --input 0={{.*}}i32.npy: the file holds dtype '<i4', argument 0 is f32 ('<f4')
// RUN: not uop-run %s --input n=%t/u32.npy 2>&1 | FileCheck %s --check-prefix=UNSIGNED
// UNSIGNED: npy-errors.mlir:[[@LINE+25]]:35: error: uop-run: --input n={{.*}}u32.npy: the file holds dtype '<u4', argument 1 is i32 ('<i4'; mark it uop.unsigned for uint data)

// Invalid files.
// RUN: not uop-run %s --input x=%t/garbage.npy 2>&1 | FileCheck %s --check-prefix=GARBAGE
// GARBAGE: error: uop-run: --input x={{.*}}garbage.npy: {{.*}}garbage.npy: not a .npy file (no \x93NUMPY magic)
// RUN: not uop-run %s --input x=%t/short.npy 2>&1 | FileCheck %s --check-prefix=SHORT
// SHORT: error: uop-run: --input x={{.*}}short.npy: {{.*}}: the data is 20 bytes, the header says 24
// RUN: not uop-run %s --input x=%t/fortran.npy 2>&1 | FileCheck %s --check-prefix=FORTRAN
// FORTRAN: Fortran-order arrays are not supported
// RUN: not uop-run %s --input x=%t/c64.npy 2>&1 | FileCheck %s --check-prefix=COMPLEX
// COMPLEX: unsupported dtype '<c8'
// RUN: not uop-run %s --input x=%t/missing.npy 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: uop-run: --input x={{.*}}missing.npy: cannot read {{.*}}missing.npy: {{[Nn]}}o such file

// Names: one the function lacks, an index out of range, a missing '=', the
// same argument twice.
// RUN: not uop-run %s --input y=%t/f32x3.npy 2>&1 | FileCheck %s --check-prefix=NAME
// NAME: error: uop-run: --input y={{.*}}: @f has no argument 'y' (give its index or its name)
// RUN: not uop-run %s --input 2=%t/f32x3.npy 2>&1 | FileCheck %s --check-prefix=NAME2
// NAME2: @f has no argument '2'
// RUN: not uop-run %s --input %t/f32x3.npy 2>&1 | FileCheck %s --check-prefix=NOEQ
// NOEQ: uop-run: --input expects NAME=FILE.npy
// RUN: not uop-run %s --input x=%t/f32x3.npy --input 0=%t/f32x3.npy 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: error: uop-run: --input 0={{.*}}: argument 0 has an input already

func.func @f(%x: tensor<2x3xf32>, %n: tensor<2x3xi32>) -> tensor<2x3xf32> {
  return %x : tensor<2x3xf32>
}

// An --output-dir that is a file: the write fails, named.
// RUN: not uop-run %s --output-dir %t/f32x3.npy 2>&1 | FileCheck %s --check-prefix=OUTDIR
// OUTDIR: uop-run: cannot write {{.*}}f32x3.npy{{/|\\}}0.npy
