//===- KernelInterpreter.h - reference evaluator of kernel-level uop -*- C++ -*-===//
//
// Runs a kernel-level uop program (kernel uop.functions and the schedule
// that CALLs them, uop-split-kernels' form or written by hand) one op at a
// time on host buffers: the reference uop-run --check compares the compiled
// program with. The kernels are taken as written: no uop-simplify and no
// uop-optimize. Only uop-expand (explicit UNROLL / CONTRACT, hand-written
// upcast ranges) and uop-devectorize run first, for the forms they define
// (a REDUCE becomes a DEFINE_REG accumulator, a multi-dimensional INDEX a
// row-major one, vectors lanes), so the reference shares those two passes
// with the compiled program; IFs become gates
// and each kernel's loop tree is uop-linearize's (KernelSchedule.h). Every
// range is a sequential loop, except in a kernel with a WMMA or a BARRIER:
// there the block's threads (local ranges) run in lockstep, an op at a time
// across all of them (a loop whose extent differs between them masked, as
// on SIMT hardware), and a WMMA computes each warp's D = A * B + C from its
// lanes' fragments as PTX's mma.m16n8k16 lays them out (uop-wmma-lanes runs
// first, before uop-devectorize, as in the GPU pipeline). Scalar ops have
// the tensor interpreter's semantics (Interpreter.h).
//
//===----------------------------------------------------------------------===//

#ifndef UOP_RUNTIME_KERNELINTERPRETER_H
#define UOP_RUNTIME_KERNELINTERPRETER_H

#include "uop/Dialect/UOp/IR/UOp.h"
#include "uop/Runtime/Interpreter.h"

#include "mlir/IR/BuiltinOps.h"

namespace uop {
/// The schedule functions of `module`: uop.functions that are no kernel.
llvm::SmallVector<FunctionOp> scheduleFunctions(mlir::ModuleOp module);

/// For each parameter of the schedule `sched`: true when some kernel it is
/// passed to stores through it.
llvm::SmallVector<bool> writtenParameters(mlir::ModuleOp module,
                                          FunctionOp sched);

/// Runs the schedule `sched` of `module` on `buffers` (one per parameter,
/// each `size` elements of its `!uop.ptr`, shape {size}), in place. Floats
/// are in `data`, integers in `ints`; an integer read from a register or
/// local never written, or made by an undefined op, is marked undefined.
/// Fails with a located diagnostic on an op it cannot run (SPECIAL, a WMMA
/// of another shape or that not every thread of its warp reaches, custom
/// code) or an access out of its buffer's bounds.
mlir::LogicalResult interpretSchedule(mlir::ModuleOp module, FunctionOp sched,
                                      llvm::MutableArrayRef<HostTensor> buffers);
} // namespace uop

#endif
