// --param INDEX=VALUE errors: checked against the kernel's signature before
// any driver is opened (so without a GPU too), exit status 2, located at the
// parameter when there is one.
tirx.prim_func @saxpy(%x: !tirx.buffer<1024xf32, global>, %n: i32,
                      %alpha: f32, %y: !tirx.buffer<1024xf32, global>) {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [256]
    %v = tirx.buffer_load %x[%tx] : !tirx.buffer<1024xf32, global>
    %w = arith.mulf %v, %alpha : f32
    tirx.buffer_store %w, %y[%tx] : !tirx.buffer<1024xf32, global>
  }
  tirx.return
}

// A scalar parameter without a value:
// RUN: sh -c 'uop-run %s --target cuda --param 2=1.5; test $? -eq 2' 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: param-errors.mlir:4:59: error: uop-run: scalar parameter 1 ('i32') of @saxpy has no value; give it with --param 1=VALUE

// Values that are not of the parameter's type, or do not fit it:
// RUN: not uop-run %s --target cuda --param 1=abc --param 2=1 2>&1 | FileCheck %s --check-prefix=NOTINT
// NOTINT: param-errors.mlir:4:59: error: uop-run: --param 1=abc: 'abc' is not an i32 value (an integer from -2147483648 to 4294967295)
// RUN: not uop-run %s --target cuda --param 1=1.5 --param 2=1 2>&1 | FileCheck %s --check-prefix=FRACTION
// FRACTION: error: uop-run: --param 1=1.5: '1.5' is not an i32 value
// RUN: not uop-run %s --target cuda --param 1=4294967296 --param 2=1 2>&1 | FileCheck %s --check-prefix=WIDE
// WIDE: error: uop-run: --param 1=4294967296: '4294967296' is not an i32 value
// RUN: not uop-run %s --target cuda --param 1=-2147483649 --param 2=1 2>&1 | FileCheck %s --check-prefix=NARROW
// NARROW: error: uop-run: --param 1=-2147483649: '-2147483649' is not an i32 value
// RUN: not uop-run %s --target cuda --param 1=1 --param 2=x1 2>&1 | FileCheck %s --check-prefix=NOTFLOAT
// NOTFLOAT: param-errors.mlir:5:23: error: uop-run: --param 2=x1: 'x1' is not an f32 value
// RUN: not uop-run %s --target cuda --param 1=1 --param 2=1e39 2>&1 | FileCheck %s --check-prefix=OVERFLOW
// OVERFLOW: error: uop-run: --param 2=1e39: '1e39' is out of the range of f32

// INDEX names a buffer, no parameter, or a parameter given already:
// RUN: sh -c 'uop-run %s --target cuda --param 0=1; test $? -eq 2' 2>&1 | FileCheck %s --check-prefix=BUFFER
// BUFFER: param-errors.mlir:4:23: error: uop-run: --param 0=1: parameter 0 of @saxpy is a buffer, not a scalar
// RUN: not uop-run %s --target cuda --param 4=1 2>&1 | FileCheck %s --check-prefix=RANGE
// RANGE: uop-run: --param 4=1: @saxpy has 4 parameters
// RUN: not uop-run %s --target cuda --param 1=1 --param 1=2 2>&1 | FileCheck %s --check-prefix=TWICE
// TWICE: error: uop-run: --param 1=2: parameter 1 has a value already

// Not INDEX=VALUE, and --param for a tensor-level function:
// RUN: sh -c 'uop-run %s --target cuda --param 1; test $? -eq 2' 2>&1 | FileCheck %s --check-prefix=SYNTAX
// SYNTAX: uop-run: --param expects INDEX=VALUE, got '1'
// RUN: not uop-run %s --target cuda --param n=1 2>&1 | FileCheck %s --check-prefix=NAME
// NAME: uop-run: --param expects INDEX=VALUE, got 'n=1'
// RUN: sh -c 'uop-run %uop_src_root/examples/uop/matmul.mlir --param 0=1; test $? -eq 2' 2>&1 | FileCheck %s --check-prefix=GRAPH
// GRAPH: uop-run: --param gives the scalar parameters of tirx kernels; @matmul is a tensor-level function

// With every value given, the kernel gets as far as the driver (here none:
// status 3).
// RUN: sh -c 'UOP_CUDA_DRIVER=%t.missing.so uop-run %s --target cuda --param 1=1 --param 2=1; test $? -eq 3' 2>&1 | FileCheck %s --check-prefix=NOGPU
// NOGPU: uop-run: no GPU: UOP_CUDA_DRIVER={{.*}}missing.so
