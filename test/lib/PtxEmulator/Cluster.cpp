//===- Cluster.cpp - Clusters of CTAs and the launch loop ------------------===//
//
// The grid runs cluster by cluster; the CTAs of one cluster (PTX ISA 2.2.3,
// "Cluster of cooperative thread arrays") run together, so that they can
// read and write each other's shared memory through shared::cluster
// addresses (mapa, 9.7.9.19), arrive on each other's mbarriers, and meet at
// barrier.cluster (9.7.13.3). A shared::cluster address here keeps the
// CTA's rank above bit 24 (kClusterRankShift) and the offset below, for
// shared::cta and shared::cluster addresses alike: the ISA places a CTA's
// shared::cta window inside its shared::cluster window, and code written
// after CUTLASS names the even CTA of a pair by clearing bit 24.
//
//===----------------------------------------------------------------------===//

#include "Machine.h"

namespace uop::emu {

namespace {
constexpr uint8_t kPoison = 0xff;
}

Cta *Machine::clusterTarget(Cta &cta, Thread &t, const Inst &in,
                            uint64_t &addr) {
  uint64_t rank = addr >> kClusterRankShift;
  addr &= kClusterOffsetMask;
  if (rank == cta.rank)
    return &cta;
  if (!cta.cluster || rank >= cta.cluster->size()) {
    fail(cta, t, in, "shared::cluster address of CTA rank " +
                         std::to_string(rank) + ", outside the cluster");
    return nullptr;
  }
  return &(*cta.cluster)[rank];
}

// mapa{.shared::cluster}.u32/u64 d, a, rank: the same variable in CTA `rank`.
bool Machine::mapa(Cta &cta, Thread &t, const Inst &in) {
  uint64_t a = read(cta, t, in.ops[1], 64);
  uint64_t rank = read(cta, t, in.ops[2], 32);
  if (!cta.cluster || rank >= cta.cluster->size())
    return fail(cta, t, in, "mapa to CTA rank " + std::to_string(rank) +
                                ", outside the cluster");
  bool generic = in.space == Space::Generic;
  if (generic) {
    if ((a & kGenericMask) != kGenericShared)
      return fail(cta, t, in, "mapa of an address outside shared memory");
    a &= ~kGenericMask;
  }
  uint64_t d = (a & kClusterOffsetMask) | (rank << kClusterRankShift);
  write(t, in.ops[0], generic ? d | kGenericShared : d, tyBits(in.ty));
  return true;
}

// Completes the current barrier.cluster phase once every thread of the
// cluster that has not exited has arrived in it: 9.7.13.3, "wait for all
// non-exited threads of the cluster to perform barrier.cluster.arrive". So
// it is checked at each arrive and after each round (a thread that exits
// without arriving may be the last one the others wait for).
static bool completeClusterPhase(Machine &m, std::vector<Cta> &ctas) {
  if (!m.clusterArrived)
    return false;
  for (const Cta &c : ctas)
    for (const Thread &w : c.threads)
      if (w.status != ThreadStatus::Exited &&
          w.clusterArrival != m.clusterPhase)
        return false;
  m.clusterArrived = 0;
  ++m.clusterPhase;
  for (Cta &c : ctas) {
    ++c.epoch;
    for (Thread &w : c.threads)
      if (w.status == ThreadStatus::AtCluster)
        w.status = ThreadStatus::Ready;
  }
  return true;
}

// barrier.cluster.arrive / wait: a wait returns once every non-exited
// thread of the cluster has arrived in the phase the waiting thread
// arrived in.
bool Machine::clusterBarrier(Cta &cta, Thread &t, const Inst &in) {
  if (in.op == Op::ClusterArrive) {
    if (t.clusterArrival == clusterPhase)
      return fail(cta, t, in, "barrier.cluster.arrive twice in one phase");
    t.clusterArrival = clusterPhase;
    ++clusterArrived;
    completeClusterPhase(*this, *cta.cluster);
    ++t.pc;
    return true;
  }
  if (t.clusterArrival < 0)
    return fail(cta, t, in, "barrier.cluster.wait without an arrive");
  if (t.clusterArrival == clusterPhase) {
    t.status = ThreadStatus::AtCluster; // woken when the phase completes
    return true;
  }
  t.clusterArrival = -1;
  ++t.pc;
  return true;
}

bool Machine::stalled(std::vector<Cta> &ctas, bool &deadlock) {
  deadlock = false;
  // The latest legal moment for one asynchronous operation to complete.
  size_t busy = 0;
  for (Cta &c : ctas)
    busy += c.inflight.size() + c.tmem.commits.size();
  if (busy) {
    size_t pick = nextRandom() % busy;
    for (Cta &c : ctas) {
      size_t n = c.inflight.size() + c.tmem.commits.size();
      if (pick < n) {
        bool done;
        ++changes;
        return completeOneAsync(c, done);
      }
      pick -= n;
    }
  }
  // A deadlock once every spinning thread has retried since the last
  // change.
  for (Cta &c : ctas)
    for (const Thread &t : c.threads)
      if (t.status == ThreadStatus::Ready && t.spinning &&
          t.spinEpoch != changes)
        return true;
  deadlock = true;
  for (Cta &c : ctas)
    for (const Thread &t : c.threads)
      if (t.status != ThreadStatus::Exited)
        return reportDeadlock(c);
  return true;
}

bool Machine::runCluster(std::vector<Cta> &ctas) {
  std::vector<std::vector<unsigned>> orders(ctas.size());
  for (size_t c = 0; c < ctas.size(); ++c)
    for (unsigned i = 0; i < ctas[c].threads.size(); ++i)
      orders[c].push_back(i);
  for (;;) {
    bool progress = false, live = false;
    for (size_t c = 0; c < ctas.size(); ++c)
      if (!runRound(ctas[c], orders[c], progress) ||
          !resolveWarps(ctas[c], progress))
        return false;
    if (completeClusterPhase(*this, ctas))
      progress = true;
    for (Cta &c : ctas)
      for (const Thread &t : c.threads)
        live |= t.status != ThreadStatus::Exited;
    if (!live) {
      for (Cta &c : ctas)
        if (!finishAsync(c) || !finishTcgen05(c))
          return false;
      return true;
    }
    if (progress) {
      ++changes;
      waitingRounds = failedWaits ? waitingRounds + 1 : 0;
      failedWaits = 0;
      if (waitingRounds >= 64) { // threads keep waiting: let one land
        waitingRounds = 0;
        bool idle = true;
        for (Cta &c : ctas)
          idle &= c.inflight.empty() && c.tmem.commits.empty();
        bool deadlock;
        if (!idle && !stalled(ctas, deadlock))
          return false;
      }
      continue;
    }
    bool deadlock;
    if (!stalled(ctas, deadlock))
      return false;
    if (deadlock)
      return false;
  }
}

static void initCta(Machine &m, Cta &cta, unsigned nthreads) {
  const LaunchConfig &cfg = m.cfg;
  cta.shared.assign(kSharedBase + m.sharedBytes, kPoison);
  cta.shadow.assign(kSharedBase + m.sharedBytes, Shadow());
  cta.tmem.cells.assign(size_t(TensorMemory::kLanes) * TensorMemory::kColumns,
                        0xffffffffu);
  cta.threads.assign(nthreads, Thread());
  for (unsigned i = 0; i < nthreads; ++i) {
    Thread &t = cta.threads[i];
    t.linear = i, t.lane = i % 32, t.warp = i / 32;
    t.tid[0] = i % cfg.block[0];
    t.tid[1] = i / cfg.block[0] % cfg.block[1];
    t.tid[2] = i / (cfg.block[0] * cfg.block[1]);
    t.regs.assign(m.fn.numRegs, 0);
    t.local.assign(m.fn.localBytes, kPoison);
  }
}

static void setRanks(Cta &cta) {
  for (Thread &t : cta.threads)
    t.rank = cta.rank;
}

// One cluster: its CTAs by rank (x fastest), as %cluster_ctarank counts.
static void makeCluster(Machine &m, std::vector<Cta> &ctas,
                        const unsigned id[3]) {
  const LaunchConfig &cfg = m.cfg;
  unsigned size = cfg.cluster[0] * cfg.cluster[1] * cfg.cluster[2];
  unsigned nthreads = cfg.block[0] * cfg.block[1] * cfg.block[2];
  ctas.clear();
  ctas.resize(size);
  for (unsigned r = 0; r < size; ++r) {
    Cta &c = ctas[r];
    unsigned local[3] = {r % cfg.cluster[0], r / cfg.cluster[0] % cfg.cluster[1],
                         r / (cfg.cluster[0] * cfg.cluster[1])};
    for (int d = 0; d < 3; ++d) {
      c.clusterid[d] = id[d];
      c.clusterCtaid[d] = local[d];
      c.ctaid[d] = id[d] * cfg.cluster[d] + local[d];
    }
    c.cluster = &ctas;
    c.rank = r;
    initCta(m, c, nthreads);
    setRanks(c);
  }
  m.clusterArrived = 0;
  m.clusterPhase = 0;
}

std::string Machine::run() {
  rng = cfg.seed * 0x2545f4914f6cdd1dull + 1;
  const char *traceEnv = std::getenv("UOP_EMU_TRACE");
  trace = traceEnv && traceEnv[0] == '1';
  const char *formsEnv = std::getenv("UOP_EMU_FORMS");
  recordForms = formsEnv && formsEnv[0];
  sharedBytes = fn.sharedStatic;
  if (cfg.dynamicShared)
    sharedBytes = (kSharedBase + fn.sharedStatic + fn.sharedDynAlign - 1) /
                      fn.sharedDynAlign * fn.sharedDynAlign -
                  kSharedBase + cfg.dynamicShared;
  unsigned n[3];
  for (int d = 0; d < 3; ++d) {
    if (!cfg.cluster[d] || cfg.grid[d] % cfg.cluster[d])
      return "the cluster shape does not divide the grid";
    n[d] = cfg.grid[d] / cfg.cluster[d];
  }
  std::vector<Cta> ctas;
  for (unsigned z = 0; z < n[2]; ++z)
    for (unsigned y = 0; y < n[1]; ++y)
      for (unsigned x = 0; x < n[0]; ++x) {
        unsigned id[3] = {x, y, z};
        makeCluster(*this, ctas, id);
        bool ok = runCluster(ctas);
        addExecuted(executed);
        executed = 0;
        if (!ok)
          return err.message;
      }
  return "";
}

} // namespace uop::emu
