//===- MPILaunch.cpp - the ranks of a multi-device run --------------------===//

#include "uop/Runtime/MPILaunch.h"
#include "uop/Runtime/MPICommunicator.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <thread>

#include <fcntl.h>
#include <unistd.h>

using namespace mlir;
using namespace uop;

namespace {
llvm::Error badInput(const Twine &message) {
  return makeError(RuntimeErrorKind::BadInput, message);
}

/// Starts `mpirun -np N` of the command line `argv` (which then runs under
/// the launcher); returns only when it cannot.
llvm::Error launchRanks(unsigned n, unsigned threads,
                        llvm::ArrayRef<char *> argv) {
  llvm::ErrorOr<std::string> mpirun = llvm::sys::findProgramByName("mpirun");
  if (!mpirun)
    return makeError(RuntimeErrorKind::NoCommunicator,
                     "--devices starts mpirun, which is not on PATH (Debian: "
                     "openmpi-bin)");
  std::string self =
      llvm::sys::fs::getMainExecutable(argv[0], (void *)&joinRanks);
  // The cores are shared among the ranks, unless --num-threads says.
  if (!threads) {
    unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    setenv("OMP_NUM_THREADS", std::to_string(std::max(1u, cores / n)).c_str(),
           1);
  }
  std::vector<std::string> args = {*mpirun, "-np", std::to_string(n),
                                   // more ranks than cores, and no binding
                                   // of a rank's threads to one core
                                   "--oversubscribe", "--bind-to", "none", "-x",
                                   "OMP_NUM_THREADS"};
  if (geteuid() == 0)
    args.push_back("--allow-run-as-root");
  args.push_back(self);
  for (char *a : argv.drop_front())
    args.push_back(a);
  std::vector<char *> cargs;
  for (std::string &a : args)
    cargs.push_back(a.data());
  cargs.push_back(nullptr);
  llvm::outs().flush();
  execv(mpirun->c_str(), cargs.data());
  return makeError(RuntimeErrorKind::NoCommunicator,
                   "cannot start " + *mpirun + ": " + std::strerror(errno));
}

/// The counts checked before any rank starts: each rank is a whole process.
llvm::Error checkRankCounts(func::FuncOp fn, unsigned devices) {
  int64_t programDevices = getDeviceCount(fn);
  if (devices > kMaxRanks)
    return badInput("--devices " + Twine(devices) +
                    ": uop-run starts at most " + Twine(kMaxRanks) +
                    " ranks (one process each)");
  if (programDevices > kMaxRanks)
    return badInput("@" + fn.getName() + " runs on " + Twine(programDevices) +
                    " devices; uop-run starts at most " + Twine(kMaxRanks) +
                    " ranks");
  if (devices && devices != programDevices)
    return badInput("--devices " + Twine(devices) + " but @" + fn.getName() +
                    " runs on " + Twine(programDevices) + " devices");
  return llvm::Error::success();
}
} // namespace

llvm::Expected<std::unique_ptr<Communicator>>
uop::joinRanks(func::FuncOp fn, Target target, unsigned devices,
               unsigned threads, llvm::ArrayRef<char *> argv) {
  if (llvm::Error err = checkRankCounts(fn, devices))
    return std::move(err);
  if (!isUnderMPILauncher()) {
    if (devices)
      return launchRanks(devices, threads, argv);
    int64_t n = getDeviceCount(fn);
    return badInput("@" + fn.getName() + " runs on " + Twine(n) +
                    " devices: start it with --devices " + Twine(n) +
                    " or under mpirun -np " + Twine(n));
  }
  llvm::Expected<std::unique_ptr<Communicator>> comm = createMPICommunicator();
  if (!comm)
    return comm.takeError();
  // GPU ranks all-reduce on their devices (NCCL), started over MPI.
  if (target == Target::CUDA) {
    comm = createNCCLCommunicator(std::move(*comm));
    if (!comm)
      return comm.takeError();
  }
  // One report: rank 0's (every rank runs and checks the same).
  if ((*comm)->rank() != 0) {
    int null = open("/dev/null", O_WRONLY);
    if (null >= 0)
      dup2(null, STDOUT_FILENO);
  }
  if (devices && (int)devices != (*comm)->size())
    return badInput("--devices " + Twine(devices) + " but the job has " +
                    Twine((*comm)->size()) + " ranks");
  return comm;
}
