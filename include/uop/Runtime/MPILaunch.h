//===- MPILaunch.h - the ranks of a multi-device run ------------*- C++ -*-===//
//
// How a tool starts a multi-device program on its ranks: one process per
// device in an MPI job, which `--devices N` starts with mpirun when the
// tool was not started under it. In UOpRuntimeMPI (MPICommunicator.h).
//
//===----------------------------------------------------------------------===//

#ifndef UOP_RUNTIME_MPILAUNCH_H
#define UOP_RUNTIME_MPILAUNCH_H

#include "uop/Runtime/Distributed.h"

namespace uop {
/// The most ranks joinRanks starts (docs/reliability.md).
constexpr int64_t kMaxRanks = 64;

/// The communicator that runs the multi-device `fn` for `target` on this
/// process's rank (NCCL over MPI for Target::CUDA). `devices` is --devices
/// (0: not given), `threads` --num-threads (0: the cores shared among the
/// ranks). Outside an MPI job, `devices` starts `mpirun -np N` of the
/// command line `argv`, which replaces this process: the call then returns
/// only with the error of starting it (NoCommunicator). In the job, the
/// output of every rank but 0 goes to /dev/null (one report). BadInput
/// when the counts disagree (`devices`, the program's, the job's) or pass
/// kMaxRanks.
llvm::Expected<std::unique_ptr<Communicator>>
joinRanks(mlir::func::FuncOp fn, Target target, unsigned devices,
          unsigned threads, llvm::ArrayRef<char *> argv);
} // namespace uop

#endif // UOP_RUNTIME_MPILAUNCH_H
