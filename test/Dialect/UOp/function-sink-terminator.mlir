// RUN: not uop-opt %s 2>&1 | FileCheck %s
//
// A FUNCTION's body must end in a SINK (the op description, the docs and
// PROGRAM's checks rely on it, and FunctionOp::getSink() returns it). A body
// ending in any other terminator without a parent constraint (here
// llvm.unreachable) is rejected by FunctionOp::verify.

// CHECK: function-sink-terminator.mlir:[[@LINE+1]]:1: error: 'uop.function' op body must end in a uop.sink
uop.function @no_sink(%p: !uop.ptr<f32, global>) {
  llvm.unreachable
}
