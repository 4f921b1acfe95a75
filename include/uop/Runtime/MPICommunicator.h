//===- MPICommunicator.h - the ranks of an MPI job --------------*- C++ -*-===//
//
// The Communicator of a process started by mpirun: MPI_COMM_WORLD, one rank
// per device. In the UOpRuntimeMPI library, built when CMake finds MPI
// (Debian: libopenmpi-dev), so that nothing else links MPI.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_RUNTIME_MPICOMMUNICATOR_H
#define UOP_RUNTIME_MPICOMMUNICATOR_H

#include "uop/Runtime/Distributed.h"

namespace uop {
/// Whether this process was started by an MPI launcher (mpirun, srun).
bool isUnderMPILauncher();
/// Initializes MPI (once per process; finalized at exit) and returns the
/// world communicator. NoCommunicator when MPI cannot start.
llvm::Expected<std::unique_ptr<Communicator>> createMPICommunicator();

/// The communicator of GPU ranks: all-reduces run with NCCL on device
/// buffers of this rank's GPU (its CUDA context current); `mpi` starts it
/// (rank 0's ncclUniqueId is broadcast) and carries the host-side gathers.
/// NCCL is opened at run time like the CUDA driver: libnccl.so.2, or
/// UOP_NCCL_LIBRARY (the tests' fake, test/lib/FakeNccl). Without it, a
/// NoCommunicator error that says so; without a GPU, NoDevice.
llvm::Expected<std::unique_ptr<Communicator>>
createNCCLCommunicator(std::unique_ptr<Communicator> mpi);
} // namespace uop

#endif
