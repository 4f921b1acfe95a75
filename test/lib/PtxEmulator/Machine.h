//===- Machine.h - The emulated CTA, its threads and memories ---*- C++ -*-===//
//
// State of one launch: per-thread registers, local memory and cp.async
// groups; per-CTA shared memory with a race shadow and barriers. Alu.cpp
// executes the per-thread instructions, Warp.cpp the warp-collective ones,
// Execute.cpp schedules threads and checks memory.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_TEST_PTXEMULATOR_MACHINE_H
#define UOP_TEST_PTXEMULATOR_MACHINE_H

#include "Internal.h"

#include <cstring>
#include <map>

namespace uop::emu {

enum class ThreadStatus : uint8_t { Ready, AtBarrier, AtWarp, AtCluster,
                                    Exited };

struct PendingCopy {
  uint64_t dst; // shared window offset
  uint8_t bytes[16];
  unsigned size;
};

// A TMA store (cp.async.bulk.tensor ... bulk_group) waiting for its
// bulk group's wait.
struct PendingStore {
  TensorMap map;
  int32_t coords[2];
  uint64_t src; // shared window offset
  uint32_t line;
};

struct Thread {
  uint32_t pc = 0;
  ThreadStatus status = ThreadStatus::Ready;
  unsigned tid[3] = {0, 0, 0};
  unsigned linear = 0, lane = 0, warp = 0;
  unsigned rank = 0; // its CTA's rank in the cluster
  std::vector<uint64_t> regs;
  std::vector<uint8_t> local;
  // cp.async (PTX ISA 9.7.9.25): copies of the open group, then the
  // committed groups, oldest first. Data lands at the wait that retires it.
  std::vector<PendingCopy> openGroup;
  std::vector<std::vector<PendingCopy>> groups;
  // A global allocation that passed the range check, to skip the lookup.
  uint64_t okBegin = 1, okEnd = 0;
  // Bulk async-groups of TMA stores (9.7.9.25.4): open, then committed.
  std::vector<PendingStore> bulkOpen;
  std::vector<std::vector<PendingStore>> bulkGroups;
  uint32_t proxyFences = 0; // fence.proxy.async executed so far
  bool spun = false;        // its last step was a failed try_wait
  bool spinning = false;    // in a try_wait loop since then
  int64_t clusterArrival = -1; // barrier.cluster phase it arrived in
  uint64_t spinEpoch = 0;   // Machine::changes at its last failed try_wait
};

// An mbarrier object (9.7.13.15): its state lives here, keyed by its
// shared offset; the 8 bytes in shared memory hold its phase.
struct MBarrier {
  uint32_t expected = 0, pending = 0, phase = 0;
  int64_t tx = 0;
};

// A TMA load in flight: it lands (and completes its bytes on the mbarrier)
// only when nothing else in the CTA can progress.
struct InflightLoad {
  uint64_t bulkSrc = 0, bulkBytes = 0; // a non-tensor bulk copy (no map)
  TensorMap map;
  int32_t coords[2];
  uint64_t dst, mbar;
  // (destination CTA rank, rank of the CTA whose mbarrier gets the bytes)
  std::vector<std::pair<unsigned, unsigned>> targets;
  uint32_t line;
  unsigned thread;
};

// One wgmma.mma_async of a warpgroup, executed at the wait that retires
// its group (9.7.15.5): inputs read then, D registers poison until then.
struct WgmmaOp {
  uint64_t descA, descB;
  unsigned n;
  Ty ab;
  bool scaleD;
  int scaleA, scaleB;
  const Inst *inst;
  std::vector<float> accum; // 128 threads x N/2 values of D at issue
  std::vector<bool> chained; // per D register: an earlier op owned it
};

struct WarpgroupState {
  std::vector<WgmmaOp> open;
  std::vector<std::vector<WgmmaOp>> groups;
  std::map<uint32_t, int> owned; // D registers of operations in flight
  std::map<std::pair<unsigned, uint32_t>, float> latest; // their results
  unsigned maxnreg = 0; // the last setmaxnreg's count (0: none yet)
};

// Who touched a shared byte in which barrier interval.
struct Shadow {
  uint32_t writeEpoch = 0, readEpoch = 0;
  int32_t writer = -1, reader = -1; // reader -2: several threads
  // The generic-proxy writer's fence.proxy.async count at the write; an
  // async-proxy read needs the writer to have fenced since (-1: written by
  // the async proxy).
  int64_t fenceAtWrite = -1;
};

struct Barrier {
  unsigned arrived = 0, expected = 0;
  std::vector<unsigned> waiting;
};

// One tcgen05.mma in flight (9.7.16.7): it executes when a tcgen05.commit
// issued after it completes, reading shared memory then.
struct TcMma {
  bool pair = false; // cta_group::2: the CTA pair of the issuing CTA
  uint32_t dAddr, idesc;
  uint64_t descA, descB;
  bool accumulate;
  unsigned thread;
  uint64_t seq;
  const Inst *inst;
};

// A tcgen05.commit in flight: when it fires (at the latest legal moment, as
// a TMA load lands), the issuing thread's earlier MMAs execute and the
// mbarrier gets one arrival.
struct TcCommit {
  unsigned thread;
  uint64_t mbar, seq;
  std::vector<unsigned> ranks; // the CTAs whose mbarrier at `mbar` arrives
  const Inst *inst;
};

// Tensor memory (9.7.16.2): 128 lanes x 512 columns of 32 bits per CTA.
struct TensorMemory {
  static constexpr unsigned kLanes = 128, kColumns = 512;
  std::vector<uint32_t> cells;
  std::map<uint32_t, uint32_t> allocations; // first column -> columns
  bool relinquished = false;
  // cta_group::2 alloc / dealloc / relinquish steps, in order (pairStep).
  std::vector<uint64_t> pairSteps;
  std::vector<TcMma> mmas;
  std::vector<TcCommit> commits;
  uint64_t seq = 0;
};

struct Cta {
  unsigned ctaid[3] = {0, 0, 0};
  // Its cluster: the CTAs that run together, this one at `rank`.
  std::vector<Cta> *cluster = nullptr;
  unsigned rank = 0;
  unsigned clusterid[3] = {0, 0, 0}, clusterCtaid[3] = {0, 0, 0};
  std::vector<Thread> threads;
  std::vector<uint8_t> shared; // the window [0, kSharedBase + size)
  std::vector<Shadow> shadow;
  Barrier barriers[16];
  uint32_t epoch = 1;
  std::map<uint64_t, MBarrier> mbarriers;
  std::vector<InflightLoad> inflight;
  std::map<unsigned, WarpgroupState> warpgroups;
  TensorMemory tmem;
};

struct ErrorState {
  std::string message;
  bool failed() const { return !message.empty(); }
};

class Machine {
public:
  Machine(const Module &m, const Function &f, const LaunchConfig &c,
          std::vector<uint8_t> params, const GlobalRangeCheck &g)
      : mod(m), fn(f), cfg(c), paramBuf(std::move(params)), global(g) {}

  std::string run();

  // Executes the instruction at t.pc (Alu.cpp). Returns false on error.
  bool step(Cta &cta, Thread &t);
  // Runs a warp-collective instruction for all of `members` (Warp.cpp).
  bool collective(Cta &cta, const Inst &in, std::vector<Thread *> &members);
  // mbarrier, TMA, bulk groups and proxy fences (Async.cpp).
  bool execAsync(Cta &cta, Thread &t, const Inst &in);
  // Lands one TMA load in flight, chosen by the schedule; false if none.
  bool landOneLoad(Cta &cta, bool &landed);
  // Completes one asynchronous operation in flight (a TMA load or a
  // tcgen05.commit), chosen by the schedule; `done` is false if none.
  bool completeOneAsync(Cta &cta, bool &done);
  // tcgen05 (Tcgen05.cpp): per-thread forms, warp-collective forms, and a
  // commit firing.
  bool execTcgen05(Cta &cta, Thread &t, const Inst &in);
  bool tcgen05Collective(Cta &cta, const Inst &in, Thread *const lanes[32]);
  bool fireCommit(Cta &cta, size_t index);
  bool finishTcgen05(Cta &cta);
  // At the end of the CTA: pending bulk stores complete.
  bool finishAsync(Cta &cta);
  // The CTA a shared::cluster address names (its bits 32-39 hold rank + 1;
  // 0 is the executing CTA), with `addr` reduced to the offset; null and an
  // error if there is no such CTA.
  Cta *clusterTarget(Cta &cta, Thread &t, const Inst &in, uint64_t &addr);
  bool clusterBarrier(Cta &cta, Thread &t, const Inst &in);
  bool mapa(Cta &cta, Thread &t, const Inst &in);
  // Checks that the async proxy may read [off, off + n) of shared memory.
  bool asyncRead(Cta &cta, Thread &t, const Inst &in, uint64_t off,
                 uint64_t n);
  // Runs a warpgroup-collective instruction (Wgmma.cpp) for its 128 threads.
  bool warpgroupCollective(Cta &cta, const Inst &in, unsigned group);

  // Operands and memory (Execute.cpp).
  uint64_t read(const Cta &cta, const Thread &t, const Operand &o,
                unsigned bits) const;
  void write(Thread &t, const Operand &o, uint64_t v, unsigned bits);
  uint64_t address(const Thread &t, const Operand &o, Space &space) const;
  bool load(Cta &cta, Thread &t, Space space, uint64_t addr, void *out,
            unsigned bytes, const Inst &in);
  bool store(Cta &cta, Thread &t, Space space, uint64_t addr,
             const void *in, unsigned bytes, const Inst &inst);
  bool sharedRange(Cta &cta, Thread &t, uint64_t off, unsigned bytes,
                   const Inst &in, bool isWrite);
  bool fail(const Cta &cta, const Thread &t, const Inst &in,
            const std::string &why);
  bool failWarp(const Cta &cta, unsigned warp, const Inst &in,
                const std::string &why);

  const Module &mod;
  const Function &fn;
  const LaunchConfig &cfg;
  std::vector<uint8_t> paramBuf;
  const GlobalRangeCheck &global;
  ErrorState err;
  uint64_t sharedBytes = 0; // static + dynamic
  bool trace = false;       // UOP_EMU_TRACE=1: asynchronous events to stderr
  bool recordForms = false; // UOP_EMU_FORMS=FILE: recordExecutedForm
  uint64_t changes = 0;     // rounds with progress plus async completions
  // Failed mbarrier try_waits this round, and consecutive rounds with some:
  // a wait loop the spin detector does not recognise (other instructions
  // between the try_wait and the branch back) still lets async work land.
  uint64_t failedWaits = 0, waitingRounds = 0;
  // barrier.cluster (9.7.13.3) of the cluster that runs.
  unsigned clusterArrived = 0;
  int64_t clusterPhase = 0;
  uint64_t executed = 0;
  uint64_t rng = 0;

private:
  bool runCluster(std::vector<Cta> &ctas);
  bool stalled(std::vector<Cta> &ctas, bool &deadlock);
  bool runRound(Cta &cta, std::vector<unsigned> &order, bool &progress);
  bool resolveWarps(Cta &cta, bool &progress);
  bool resolveWarpgroup(Cta &cta, unsigned warp, const Inst &in,
                        bool &progress);
  bool reportDeadlock(Cta &cta);
  bool resolveGlobal(Thread &t, uint64_t addr, unsigned bytes, const Inst &in,
                     const Cta &cta, void *&host);
public:
  uint64_t nextRandom();
};

// Adds to the process's count of emulated thread-instructions.
void addExecuted(uint64_t n);

// Bits of a register value as the type sees them.
inline uint64_t truncBits(uint64_t v, unsigned bits) {
  return bits >= 64 ? v : v & ((uint64_t(1) << bits) - 1);
}
inline int64_t signExtend(uint64_t v, unsigned bits) {
  if (bits >= 64)
    return int64_t(v);
  uint64_t m = uint64_t(1) << (bits - 1);
  v = truncBits(v, bits);
  return int64_t((v ^ m) - m);
}
inline float asF32(uint64_t v) {
  uint32_t u = uint32_t(v);
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}
inline uint64_t fromF32(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
inline double asF64(uint64_t v) {
  double d;
  std::memcpy(&d, &v, 8);
  return d;
}
inline uint64_t fromF64(double d) {
  uint64_t u;
  std::memcpy(&u, &d, 8);
  return u;
}

} // namespace uop::emu

#endif // UOP_TEST_PTXEMULATOR_MACHINE_H
