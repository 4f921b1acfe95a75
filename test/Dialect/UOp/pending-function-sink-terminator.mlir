// XFAIL: *
// RUN: not uop-opt %s 2>&1 | FileCheck %s
//
// BUG (missing rule): the op description and docs/uop-dialect.md say a
// FUNCTION's "body ends in a SINK", and PROGRAM relies on it ("kernel has no
// SINK"), but FunctionOp::verify does not check the terminator: a body ending
// in any terminator without a parent constraint (here llvm.unreachable) is
// accepted, and FunctionOp::getSink() returns null for it.

// CHECK: pending-function-sink-terminator.mlir:[[@LINE+1]]:1: error: 'uop.function' op {{.*}}
uop.function @no_sink(%p: !uop.ptr<f32, global>) {
  llvm.unreachable
}
