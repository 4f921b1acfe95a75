//===- Execute.cpp - Launches, the thread scheduler, memory ---------------===//
//
// Each CTA runs its threads in a seeded, deterministic but adversarial
// order: every round visits the ready threads in a fresh permutation and
// runs each for a random number of instructions. Warp-collective
// instructions wait until their whole member set has arrived, barriers until
// their count has. Memory is bounds-checked per state space, uninitialised
// shared and local memory reads as a NaN pattern, and two threads touching a
// shared byte in one barrier interval, one of them writing, is a race.
//
//===----------------------------------------------------------------------===//

#include "Machine.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>

namespace uop::emu {

namespace {
std::atomic<uint64_t> totalExecuted{0};
constexpr uint8_t kPoison = 0xff; // every f16/f32/f64 made of it is a NaN
constexpr unsigned kMaxQuantum = 128;

std::string dims(const unsigned v[3]) {
  return "(" + std::to_string(v[0]) + "," + std::to_string(v[1]) + "," +
         std::to_string(v[2]) + ")";
}
} // namespace

uint64_t executedInstructions() { return totalExecuted.load(); }
void addExecuted(uint64_t n) { totalExecuted += n; }

uint64_t Machine::nextRandom() { // splitmix64
  uint64_t z = (rng += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

bool Machine::fail(const Cta &cta, const Thread &t, const Inst &in,
                   const std::string &why) {
  if (err.failed())
    return false;
  err.message = "PTX line " + std::to_string(in.line) + " (" + in.text +
                "), block " + dims(cta.ctaid) + " thread " + dims(t.tid) +
                ": " + why;
  return false;
}

bool Machine::failWarp(const Cta &cta, unsigned warp, const Inst &in,
                       const std::string &why) {
  if (err.failed())
    return false;
  err.message = "PTX line " + std::to_string(in.line) + " (" + in.text +
                "), block " + dims(cta.ctaid) + " warp " +
                std::to_string(warp) + ": " + why;
  return false;
}

//===----------------------------------------------------------------------===//
// Operands
//===----------------------------------------------------------------------===//

static uint64_t specialValue(const Machine &m, const Cta &cta,
                             const Thread &t, Sreg s) {
  const LaunchConfig &c = m.cfg;
  switch (s) {
  case Sreg::TidX: return t.tid[0];
  case Sreg::TidY: return t.tid[1];
  case Sreg::TidZ: return t.tid[2];
  case Sreg::NtidX: return c.block[0];
  case Sreg::NtidY: return c.block[1];
  case Sreg::NtidZ: return c.block[2];
  case Sreg::CtaidX: return cta.ctaid[0];
  case Sreg::CtaidY: return cta.ctaid[1];
  case Sreg::CtaidZ: return cta.ctaid[2];
  case Sreg::NctaidX: return c.grid[0];
  case Sreg::NctaidY: return c.grid[1];
  case Sreg::NctaidZ: return c.grid[2];
  case Sreg::Laneid: return t.lane;
  case Sreg::Warpid: return t.warp;
  case Sreg::Nwarpid: return (cta.threads.size() + 31) / 32;
  case Sreg::ClusterCtarank: return cta.rank;
  case Sreg::ClusterNctarank: return c.cluster[0] * c.cluster[1] * c.cluster[2];
  case Sreg::ClusteridX: return cta.clusterid[0];
  case Sreg::ClusteridY: return cta.clusterid[1];
  case Sreg::ClusteridZ: return cta.clusterid[2];
  case Sreg::NclusteridX: return c.grid[0] / c.cluster[0];
  case Sreg::NclusteridY: return c.grid[1] / c.cluster[1];
  case Sreg::NclusteridZ: return c.grid[2] / c.cluster[2];
  case Sreg::ClusterCtaidX: return cta.clusterCtaid[0];
  case Sreg::ClusterCtaidY: return cta.clusterCtaid[1];
  case Sreg::ClusterCtaidZ: return cta.clusterCtaid[2];
  case Sreg::ClusterNctaidX: return c.cluster[0];
  case Sreg::ClusterNctaidY: return c.cluster[1];
  case Sreg::ClusterNctaidZ: return c.cluster[2];
  // Time: deterministic, 1 ns (or 1 cycle) per instruction this launch
  // has executed, so that back-off loops see it advance.
  case Sreg::Globaltimer: case Sreg::Clock64: return m.executed;
  case Sreg::Clock: return uint32_t(m.executed);
  case Sreg::DynSmem: return c.dynamicShared;
  case Sreg::TotalSmem: return m.sharedBytes;
  case Sreg::LanemaskLt: return (1ull << t.lane) - 1;
  case Sreg::LanemaskLe: return (2ull << t.lane) - 1;
  case Sreg::LanemaskEq: return 1ull << t.lane;
  case Sreg::LanemaskGe: return uint32_t(~((1ull << t.lane) - 1));
  case Sreg::LanemaskGt: return uint32_t(~((2ull << t.lane) - 1));
  }
  return 0;
}

// The value of a symbol used as an operand: its address in its own space
// (shared window offset, local depot offset, parameter offset) or, for
// global and constant variables, the host address of their storage.
static uint64_t symbolAddress(const Machine &m, const Symbol &s,
                              unsigned rank) {
  switch (s.space) {
  case Space::Shared: // the CTA's rank above the offset (Cluster.cpp)
    return s.offset | (uint64_t(rank) << kClusterRankShift);
  case Space::Local:
    return s.offset;
  case Space::Param:
    return m.fn.params[s.paramIndex].offset;
  default:
    return uint64_t(uintptr_t(m.mod.globalData.at(s.name).data()));
  }
}

uint64_t Machine::read(const Cta &cta, const Thread &t, const Operand &o,
                       unsigned bits) const {
  uint64_t v = 0;
  switch (o.kind) {
  case Operand::Reg: v = t.regs[o.reg]; break;
  case Operand::Imm: v = uint64_t(o.imm); break;
  case Operand::Special: v = specialValue(*this, cta, t, o.sreg); break;
  case Operand::Sym: v = symbolAddress(*this, fn.symbols[o.sym], t.rank); break;
  default: break;
  }
  if (o.negate)
    v = !v;
  return truncBits(v, bits);
}

void Machine::write(Thread &t, const Operand &o, uint64_t v, unsigned bits) {
  if (o.kind == Operand::Reg)
    t.regs[o.reg] = truncBits(v, bits == 1 ? 1 : bits);
}

uint64_t Machine::address(const Thread &t, const Operand &o,
                          Space &space) const {
  uint64_t base = 0;
  if (o.hasBase) {
    base = t.regs[o.reg];
  } else if (o.sym >= 0) {
    const Symbol &s = fn.symbols[o.sym];
    base = symbolAddress(*this, s, t.rank);
    if (space == Space::Generic && s.space == Space::Shared)
      base |= kGenericShared;
    else if (space == Space::Generic && s.space == Space::Local)
      base |= kGenericLocal;
  }
  return base + uint64_t(o.imm);
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

bool Machine::sharedRange(Cta &cta, Thread &t, uint64_t off, unsigned bytes,
                          const Inst &in, bool isWrite) {
  if (off < kSharedBase || off + bytes > kSharedBase + sharedBytes ||
      off + bytes < off)
    return fail(cta, t, in,
                "shared access of " + std::to_string(bytes) +
                    " bytes at offset " + std::to_string(off) +
                    " is outside the block's shared memory [" +
                    std::to_string(kSharedBase) + ", " +
                    std::to_string(kSharedBase + sharedBytes) + ")");
  if (off % bytes && bytes <= 16)
    return fail(cta, t, in,
                "misaligned shared access of " + std::to_string(bytes) +
                    " bytes at offset " + std::to_string(off));
  int32_t me = int32_t(t.linear);
  for (unsigned i = 0; i < bytes; ++i) {
    Shadow &s = cta.shadow[off + i];
    bool otherWrote = s.writeEpoch == cta.epoch && s.writer != me;
    bool otherRead = s.readEpoch == cta.epoch && s.reader != me;
    if (otherWrote || (isWrite && otherRead)) {
      int32_t other = otherWrote ? s.writer : s.reader;
      return fail(cta, t, in,
                  "shared-memory race at offset " + std::to_string(off + i) +
                      ": " + (isWrite ? "written" : "read") +
                      " in the same barrier interval as thread " +
                      (other >= 0 ? std::to_string(other) : "(several)") +
                      (otherWrote ? " wrote it" : " read it"));
    }
    if (isWrite) {
      s.writeEpoch = cta.epoch;
      s.writer = me;
      s.fenceAtWrite = t.proxyFences;
    } else if (s.readEpoch != cta.epoch || s.reader == me) {
      s.readEpoch = cta.epoch;
      s.reader = me;
    } else {
      s.reader = -2;
    }
  }
  return true;
}

bool Machine::resolveGlobal(Thread &t, uint64_t addr, unsigned bytes,
                            const Inst &in, const Cta &cta, void *&host) {
  host = reinterpret_cast<void *>(uintptr_t(addr));
  if (addr % bytes && bytes <= 16)
    return fail(cta, t, in, "misaligned global access of " +
                                std::to_string(bytes) + " bytes");
  if (addr >= t.okBegin && addr + bytes <= t.okEnd)
    return true;
  for (auto &[name, data] : mod.globalData) {
    uint64_t b = uint64_t(uintptr_t(data.data()));
    if (addr >= b && addr + bytes <= b + data.size()) {
      t.okBegin = b, t.okEnd = b + data.size();
      return true;
    }
  }
  std::string why;
  if (!global(addr, bytes, t.okBegin, t.okEnd, why))
    return fail(cta, t, in, "global access: " + why);
  return true;
}

static Space genericSpace(uint64_t &addr) {
  switch (addr & kGenericMask) {
  case kGenericShared: addr &= ~kGenericMask; return Space::Shared;
  case kGenericLocal: addr &= ~kGenericMask; return Space::Local;
  case kGenericParam: addr &= ~kGenericMask; return Space::Param;
  default: return Space::Global;
  }
}

// A shared::cluster access of another CTA: bounds and alignment only (the
// race shadow is per CTA).
static bool remoteShared(Machine &m, Cta &cta, Thread &t, const Inst &in,
                         Cta *&target, uint64_t &addr, unsigned bytes) {
  target = m.clusterTarget(cta, t, in, addr);
  if (!target)
    return false;
  if (addr < kSharedBase || addr + bytes > kSharedBase + m.sharedBytes)
    return m.fail(cta, t, in,
                  "shared::cluster access of " + std::to_string(bytes) +
                      " bytes at offset " + std::to_string(addr) +
                      " of CTA rank " + std::to_string(target->rank) +
                      " is outside its shared memory");
  if (addr % bytes && bytes <= 16)
    return m.fail(cta, t, in, "misaligned shared::cluster access");
  return true;
}

bool Machine::load(Cta &cta, Thread &t, Space space, uint64_t addr,
                   void *out, unsigned bytes, const Inst &in) {
  if (space == Space::Generic)
    space = genericSpace(addr);
  if ((space == Space::Shared || space == Space::SharedCluster) &&
      (addr >> kClusterRankShift) != cta.rank) {
    Cta *target;
    if (!remoteShared(*this, cta, t, in, target, addr, bytes))
      return false;
    std::memcpy(out, &target->shared[addr], bytes);
    return true;
  }
  if (space == Space::Shared || space == Space::SharedCluster)
    addr &= kClusterOffsetMask;
  if (space == Space::SharedCluster)
    space = Space::Shared;
  switch (space) {
  case Space::Shared:
    if (!sharedRange(cta, t, addr, bytes, in, false))
      return false;
    std::memcpy(out, &cta.shared[addr], bytes);
    return true;
  case Space::Local:
    if (addr + bytes > t.local.size() || addr + bytes < addr)
      return fail(cta, t, in, "local access outside the thread's " +
                                  std::to_string(t.local.size()) + " bytes");
    std::memcpy(out, &t.local[addr], bytes);
    return true;
  case Space::Param:
    if (addr + bytes > paramBuf.size() || addr + bytes < addr)
      return fail(cta, t, in, "parameter access outside the " +
                                  std::to_string(paramBuf.size()) +
                                  " bytes of parameters");
    std::memcpy(out, &paramBuf[addr], bytes);
    return true;
  case Space::Global:
  case Space::Const: {
    void *host;
    if (!resolveGlobal(t, addr, bytes, in, cta, host))
      return false;
    std::memcpy(out, host, bytes);
    return true;
  }
  default:
    return fail(cta, t, in, "state space not implemented for loads");
  }
}

bool Machine::store(Cta &cta, Thread &t, Space space, uint64_t addr,
                    const void *data, unsigned bytes, const Inst &in) {
  if (space == Space::Generic)
    space = genericSpace(addr);
  if ((space == Space::Shared || space == Space::SharedCluster) &&
      (addr >> kClusterRankShift) != cta.rank) {
    Cta *target;
    if (!remoteShared(*this, cta, t, in, target, addr, bytes))
      return false;
    std::memcpy(&target->shared[addr], data, bytes);
    return true;
  }
  if (space == Space::Shared || space == Space::SharedCluster)
    addr &= kClusterOffsetMask;
  if (space == Space::SharedCluster)
    space = Space::Shared;
  switch (space) {
  case Space::Shared:
    if (!sharedRange(cta, t, addr, bytes, in, true))
      return false;
    std::memcpy(&cta.shared[addr], data, bytes);
    return true;
  case Space::Local:
    if (addr + bytes > t.local.size() || addr + bytes < addr)
      return fail(cta, t, in, "local access outside the thread's " +
                                  std::to_string(t.local.size()) + " bytes");
    std::memcpy(&t.local[addr], data, bytes);
    return true;
  case Space::Global: {
    void *host;
    if (!resolveGlobal(t, addr, bytes, in, cta, host))
      return false;
    std::memcpy(host, data, bytes);
    return true;
  }
  default:
    return fail(cta, t, in, "stores to this state space are not allowed");
  }
}

//===----------------------------------------------------------------------===//
// Scheduling
//===----------------------------------------------------------------------===//

bool Machine::runRound(Cta &cta, std::vector<unsigned> &order,
                       bool &progress) {
  for (size_t i = order.size(); i > 1; --i)
    std::swap(order[i - 1], order[nextRandom() % i]);
  for (unsigned idx : order) {
    Thread &t = cta.threads[idx];
    unsigned quantum = 1 + unsigned(nextRandom() % kMaxQuantum);
    for (unsigned q = 0; q < quantum && t.status == ThreadStatus::Ready;
         ++q) {
      if (t.pc >= fn.code.size())
        return fail(cta, t, fn.code.back(), "ran past the end of the code");
      t.spun = false;
      Op op = fn.code[t.pc].op;
      if (!step(cta, t))
        return false;
      // A failed mbarrier try_wait, and the branches of the loop around
      // it, are a spin, not progress: the thread yields until another
      // thread or an async operation moves on.
      if (t.spun) {
        t.spinning = true;
        break;
      }
      if (t.spinning && op == Op::Bra)
        continue;
      t.spinning = false;
      progress = true;
    }
  }
  return true;
}

static bool isWarpgroupOp(Op op) {
  return op == Op::WgmmaMma || op == Op::WgmmaFence || op == Op::WgmmaCommit ||
         op == Op::WgmmaWait || op == Op::Setmaxnreg;
}

// Runs a warpgroup instruction once all 128 threads of its warpgroup wait
// at it.
bool Machine::resolveWarpgroup(Cta &cta, unsigned warp, const Inst &in,
                               bool &progress) {
  unsigned group = warp / 4, first = group * 128;
  if (first + 128 > cta.threads.size())
    return failWarp(cta, warp, in, "a warpgroup instruction in a partial "
                                   "warpgroup");
  for (unsigned i = first; i < first + 128; ++i) {
    const Thread &t = cta.threads[i];
    if (t.status == ThreadStatus::Exited)
      return fail(cta, t, in, "a thread of the warpgroup has exited");
    if (t.status != ThreadStatus::AtWarp)
      return true; // not all there yet
    if (&fn.code[t.pc] != &in)
      return fail(cta, t, fn.code[t.pc],
                  "divergent warpgroup: threads wait at different "
                  "warpgroup instructions (line " +
                      std::to_string(in.line) + ")");
  }
  if (!warpgroupCollective(cta, in, group))
    return false;
  for (unsigned i = first; i < first + 128; ++i) {
    cta.threads[i].status = ThreadStatus::Ready;
    ++cta.threads[i].pc;
  }
  progress = true;
  return true;
}

// Runs every warp-collective instruction whose member set has arrived.
bool Machine::resolveWarps(Cta &cta, bool &progress) {
  unsigned warps = unsigned((cta.threads.size() + 31) / 32);
  for (unsigned w = 0; w < warps; ++w) {
    std::vector<Thread *> members;
    const Inst *in = nullptr;
    for (unsigned l = 0; l < 32 && w * 32 + l < cta.threads.size(); ++l) {
      Thread &t = cta.threads[w * 32 + l];
      if (t.status != ThreadStatus::AtWarp)
        continue;
      const Inst &i = fn.code[t.pc];
      if (in && in != &i && i.op != Op::BarWarp)
        return failWarp(cta, w, i,
                        "divergent warp: lanes wait at different "
                        "collective instructions (line " +
                            std::to_string(in->line) + ")");
      in = &i;
      members.push_back(&t);
    }
    if (!in)
      continue;
    if (isWarpgroupOp(in->op)) {
      if (!resolveWarpgroup(cta, w, *in, progress))
        return false;
      continue;
    }
    if (!collective(cta, *in, members))
      return false;
    for (Thread *t : members)
      if (t->status == ThreadStatus::Ready)
        progress = true;
  }
  return true;
}

bool Machine::reportDeadlock(Cta &cta) {
  std::string bars;
  for (auto &[off, b] : cta.mbarriers)
    bars += " [mbarrier at " + std::to_string(off) + ": phase " +
            std::to_string(b.phase) + ", " + std::to_string(b.pending) +
            " of " + std::to_string(b.expected) + " arrivals pending, tx " +
            std::to_string(b.tx) + "]";
  for (Thread &t : cta.threads)
    if (t.status != ThreadStatus::Exited) {
      const Inst &in = fn.code[t.pc];
      if (t.spinning)
        return fail(cta, t, in,
                    "deadlock: spins on an mbarrier phase that never "
                    "completes;" + bars);
      return fail(cta, t, in,
                  t.status == ThreadStatus::AtBarrier
                      ? "deadlock: waits at a barrier that the other "
                        "threads never reach (exited or elsewhere)"
                  : t.status == ThreadStatus::AtWarp
                      ? "deadlock: waits at a warp-collective instruction "
                        "that the rest of its member set never reaches"
                  : t.status == ThreadStatus::AtCluster
                      ? "deadlock: waits at barrier.cluster.wait for "
                        "threads of the cluster that never arrive"
                      : "deadlock: a thread can make no progress");
    }
  return true;
}

std::string launch(const Module &m, const std::string &entry,
                   const LaunchConfig &config, void **params,
                   const GlobalRangeCheck &global) {
  auto it = m.functions.find(entry);
  if (it == m.functions.end() || !it->second.isEntry)
    return "the module has no .entry named '" + entry + "'";
  const Function &f = it->second;
  std::vector<uint8_t> buf(f.paramBytes, 0);
  for (size_t i = 0; i < f.params.size(); ++i)
    std::memcpy(&buf[f.params[i].offset], params[i], f.params[i].size);
  Machine machine(m, f, config, std::move(buf), global);
  return machine.run();
}

} // namespace uop::emu
