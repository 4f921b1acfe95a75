//===- Distributed.h - multi-device programs on a communicator --*- C++ -*-===//
//
// A program whose values live on several devices (MULTI, MSTACK, COPY to a
// DEVICE tuple) runs SPMD: one rank per device, each running its own part
// of the program (uop-shard{rank}), cut into one-device stages at its
// all-reduces (uop-outline-collectives). The stages are ordinary compiled
// programs (Executable); the all-reduces and the gathering of sharded
// results go through a Communicator, the engine that connects the ranks
// (MPI: MPICommunicator.h).
//
//===----------------------------------------------------------------------===//

#ifndef UOP_RUNTIME_DISTRIBUTED_H
#define UOP_RUNTIME_DISTRIBUTED_H

#include "uop/Dialect/UOp/IR/UOp.h"
#include "uop/Runtime/Execute.h"

#include <memory>

namespace uop {
/// The ranks of a multi-device run, as the runtime needs them.
class Communicator {
public:
  virtual ~Communicator();
  virtual int rank() const = 0;
  virtual int size() const = 0;
  /// Writes to `out` on every rank the reduction with `kind` over the ranks
  /// of their `count` elements of `elem` at `in` (`in` == `out`: in place).
  /// `elem` is the program's element type (signless: umax/umin compare
  /// unsigned).
  virtual llvm::Error allReduce(const void *in, void *out, int64_t count,
                                mlir::Type elem, ReduceOpKind kind) = 0;
  /// `bytes` from each rank into `out` (size() * bytes), rank-major.
  virtual llvm::Error allGather(const void *in, void *out, int64_t bytes) = 0;
  /// Rank `root`'s `bytes` at `data` into `data` on every rank.
  virtual llvm::Error broadcast(void *data, int64_t bytes, int root) = 0;
  /// Every rank's `value`, rank-major (a value per rank for reports).
  virtual llvm::Expected<std::vector<double>> gatherDoubles(double value) = 0;
  virtual void barrier() = 0;
  /// "mpi (Open MPI v4.1.4)": the engine, for reports.
  virtual std::string description() const = 0;
};

/// Whether `fn` has values on several devices (it needs a Communicator).
bool isMultiDeviceProgram(mlir::func::FuncOp fn);
/// The device count of a multi-device `fn` (its MULTI, MSTACK, DEVICE
/// tuples); 1 for a one-device program.
int64_t getDeviceCount(mlir::func::FuncOp fn);

/// Compiles this rank's part of the multi-device `fn` (uop-shard with
/// `comm.rank()`, uop-outline-collectives, each stage for `target`: the CPU,
/// or CUDA for `chip`, empty: the rank's device's) into
/// an Executable whose run() takes every input whole, on every rank, and
/// gives every output whole on every rank. Errors: BadInput when the
/// program is not on comm.size() devices or cannot be partitioned;
/// CompileFailed; CommunicatorFailed from run().
llvm::Expected<std::unique_ptr<Executable>>
compileDistributed(mlir::ModuleOp module, mlir::func::FuncOp fn, Target target,
                   Communicator &comm, llvm::ArrayRef<std::string> opts = {},
                   llvm::StringRef chip = "");
} // namespace uop

#endif
