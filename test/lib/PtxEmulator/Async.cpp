//===- Async.cpp - mbarrier, TMA, bulk groups, proxy fences ---------------===//
//
// Asynchronous operations complete at the latest moment the ISA allows:
//  - a TMA load (cp.async.bulk.tensor, 9.7.9.25.5) lands its box and
//    completes its bytes on the mbarrier only when no thread of the CTA can
//    otherwise progress; until then its shared bytes are poison;
//  - a TMA store reads shared memory and writes global memory at the
//    cp.async.bulk.wait_group that retires its bulk group (or at the end of
//    the CTA);
//  - the async proxy may read shared bytes the generic proxy wrote only
//    after the writer executed fence.proxy.async (9.7.13.x, "proxy
//    fences"); otherwise it is an error.
// mbarrier phases follow 9.7.13.15: a phase completes when its pending
// arrival count and its tx-count are both zero; try_wait.parity P succeeds
// once the phase of parity P has completed, so on a fresh barrier parity 1
// succeeds at once (the "preceding phase").
//
//===----------------------------------------------------------------------===//

#include "Machine.h"

#include <cstdio>

namespace uop::emu {

namespace {

constexpr uint64_t kTensorMapMagic = 0x50414d5446504f55ull; // "UOPFTMAP"
const unsigned kElementBits[] = {8,  16, 32, 32, 64, 64, 16, 32,
                                 64, 16, 32, 32, 32, 4,  8,  8};

// The shared offset of a .shared / .shared::cluster / generic operand.
// The shared offset of a .shared / .shared::cluster / generic operand, and
// the CTA of the cluster it lies in.
bool sharedOffset(Machine &m, Cta &cta, Thread &t, const Inst &in,
                  const Operand &o, uint64_t bytes, uint64_t &off,
                  Cta **target = nullptr) {
  Space space = in.space;
  uint64_t a = m.address(t, o, space);
  if (space == Space::Generic) {
    if ((a & kGenericMask) != kGenericShared)
      return m.fail(cta, t, in, "the address is not in shared memory");
    a &= ~kGenericMask;
  }
  Cta *c = m.clusterTarget(cta, t, in, a);
  if (!c)
    return false;
  if (c != &cta && !target)
    return m.fail(cta, t, in, "this form may only address the executing "
                              "CTA's shared memory");
  if (a < kSharedBase || a + bytes > kSharedBase + m.sharedBytes)
    return m.fail(cta, t, in,
                  "shared offset " + std::to_string(a) + " (+" +
                      std::to_string(bytes) +
                      ") is outside the block's shared memory");
  off = a;
  if (target)
    *target = c;
  return true;
}

uint64_t swizzle(uint64_t a, unsigned mode) {
  // CU_TENSOR_MAP_SWIZZLE_32B/64B/128B: address bits [4, 4+b) ^= bits
  // [7, 7+b), b = 1, 2, 3 (the patterns repeat every 256, 512, 1024 bytes).
  if (mode == 0)
    return a;
  uint64_t mask = (1u << mode) - 1;
  return a ^ (((a >> 7) & mask) << 4);
}

bool readTensorMap(Machine &m, Cta &cta, Thread &t, const Inst &in,
                   const Operand &o, TensorMap &map) {
  Space space = Space::Generic;
  uint64_t a = m.address(t, o, space);
  if (a % 64)
    return m.fail(cta, t, in, "the tensor map is not 64-byte aligned");
  if (!m.load(cta, t, Space::Generic, a, &map, sizeof(map), in))
    return false;
  if (map.magic != kTensorMapMagic)
    return m.fail(cta, t, in,
                  "the tensor-map operand is not a CUtensorMap encoded by "
                  "cuTensorMapEncodeTiled");
  if (map.rank != 2 || map.interleave != 0 || map.dtype > 12 ||
      map.swizzle > 3 || map.elementStrides[0] != 1 ||
      map.elementStrides[1] != 1)
    return m.fail(cta, t, in,
                  "only rank-2 tiled tensor maps without interleave or "
                  "element strides, swizzle none/32B/64B/128B, are "
                  "implemented");
  unsigned rowBytes = map.boxDim[0] * kElementBits[map.dtype] / 8;
  if (map.swizzle && rowBytes > (16u << map.swizzle))
    return m.fail(cta, t, in, "the box's inner dimension exceeds the swizzle "
                              "span");
  return true;
}

uint64_t boxBytes(const TensorMap &map) {
  return uint64_t(map.boxDim[0]) * map.boxDim[1] * kElementBits[map.dtype] /
         8;
}

// Visits every element of a box: its shared offset (swizzled) and its
// global address, or 0 when outside the tensor.
template <typename F>
void forEachElement(const TensorMap &map, const int32_t c[2], uint64_t base,
                    F f) {
  unsigned eb = kElementBits[map.dtype] / 8;
  uint64_t rowBytes = uint64_t(map.boxDim[0]) * eb;
  for (uint32_t r = 0; r < map.boxDim[1]; ++r)
    for (uint32_t e = 0; e < map.boxDim[0]; ++e) {
      int64_t x = int64_t(c[0]) + e, y = int64_t(c[1]) + r;
      bool inside = x >= 0 && y >= 0 && uint64_t(x) < map.globalDim[0] &&
                    uint64_t(y) < map.globalDim[1];
      uint64_t g = inside ? map.globalAddress + uint64_t(y) *
                                                    map.globalStrides[0] +
                                uint64_t(x) * eb
                          : 0;
      f(swizzle(base + r * rowBytes + e * eb, map.swizzle), g, eb);
    }
}

MBarrier *findBarrier(Machine &m, Cta &cta, Thread &t, const Inst &in,
                      uint64_t off) {
  auto it = cta.mbarriers.find(off);
  if (it == cta.mbarriers.end()) {
    m.fail(cta, t, in, "no mbarrier was initialised at shared offset " +
                           std::to_string(off));
    return nullptr;
  }
  return &it->second;
}

void completeIfDone(Cta &cta, uint64_t off, MBarrier &b) {
  if (b.pending == 0 && b.tx == 0) {
    ++b.phase;
    b.pending = b.expected;
    std::memcpy(&cta.shared[off], &b.phase, 4);
    // A completed phase synchronizes: arrive has .release and a successful
    // try_wait .acquire semantics by default (9.7.13.15: mbarrier.arrive,
    // mbarrier.test_wait/try_wait), so the participants' memory accesses
    // before their arrive are visible to the waiters after it. Like a
    // completed bar.sync it ends the race detector's interval (for every
    // thread of the CTA: lenient for threads that do not wait on this
    // barrier).
    ++cta.epoch;
  }
}

} // namespace

bool Machine::asyncRead(Cta &cta, Thread &t, const Inst &in, uint64_t off,
                        uint64_t n) {
  for (uint64_t i = 0; i < n; ++i) {
    const Shadow &s = cta.shadow[off + i];
    if (s.fenceAtWrite >= 0 && s.writer >= 0 &&
        int64_t(cta.threads[s.writer].proxyFences) == s.fenceAtWrite)
      return fail(cta, t, in,
                  "the async proxy reads shared offset " +
                      std::to_string(off + i) + ", written by thread " +
                      std::to_string(s.writer) +
                      " through the generic proxy with no fence.proxy.async "
                      "since");
  }
  return true;
}

bool Machine::landOneLoad(Cta &cta, bool &landed) {
  landed = !cta.inflight.empty();
  if (!landed)
    return true;
  size_t i = nextRandom() % cta.inflight.size();
  InflightLoad load = cta.inflight[i];
  cta.inflight.erase(cta.inflight.begin() + long(i));
  Thread &t = cta.threads[load.thread];
  // The instruction that issued the copy (its PTX line names it in errors):
  // a tensor TMA load or a plain cp.async.bulk, so matched by line alone (a
  // TmaLoad-only match left a bulk copy's null, which UBSan reported).
  const Inst *in = &fn.code.front();
  for (const Inst &x : fn.code)
    if (x.line == load.line)
      in = &x;
  bool ok = true;
  for (auto [destRank, sigRank] : load.targets) {
    Cta &dc = (*cta.cluster)[destRank];
    if (load.bulkBytes) { // cp.async.bulk: bytes as they are
      std::vector<uint8_t> buf(load.bulkBytes);
      if (!this->load(cta, t, Space::Global, load.bulkSrc, buf.data(),
                      unsigned(buf.size()), *in))
        return false;
      std::memcpy(&dc.shared[load.dst], buf.data(), buf.size());
      for (uint64_t b = 0; b < buf.size(); ++b) {
        dc.shadow[load.dst + b].writeEpoch = 0;
        dc.shadow[load.dst + b].fenceAtWrite = -1;
      }
    } else
    forEachElement(load.map, load.coords, load.dst,
                   [&](uint64_t s, uint64_t g, unsigned eb) {
                     uint8_t buf[8] = {0};
                     if (g && ok)
                       ok = this->load(cta, t, Space::Global, g, buf, eb, *in);
                     std::memcpy(&dc.shared[s], buf, eb);
                     for (unsigned b = 0; b < eb; ++b) {
                       dc.shadow[s + b].writeEpoch = 0;
                       dc.shadow[s + b].fenceAtWrite = -1;
                     }
                   });
    if (!ok)
      return false;
    Cta &sc = (*cta.cluster)[sigRank];
    MBarrier &b = sc.mbarriers[load.mbar];
    if (trace)
      std::fprintf(stderr, "emu: TMA load of line %u lands %llu bytes at %llu "
                           "of CTA %u, mbarrier %llu of CTA %u\n",
                   load.line, (unsigned long long)boxBytes(load.map),
                   (unsigned long long)load.dst, destRank,
                   (unsigned long long)load.mbar, sigRank);
    b.tx -= int64_t(load.bulkBytes ? load.bulkBytes : boxBytes(load.map));
    completeIfDone(sc, load.mbar, b);
  }
  return true;
}

static bool runStore(Machine &m, Cta &cta, Thread &t, const Inst &in,
                     const PendingStore &st) {
  bool ok = true;
  forEachElement(st.map, st.coords, st.src,
                 [&](uint64_t s, uint64_t g, unsigned eb) {
                   if (g && ok)
                     ok = m.store(cta, t, Space::Global, g, &cta.shared[s],
                                  eb, in);
                 });
  return ok;
}

static bool retireBulk(Machine &m, Cta &cta, Thread &t, const Inst &in,
                       size_t keep) {
  while (t.bulkGroups.size() > keep) {
    for (const PendingStore &st : t.bulkGroups.front())
      if (!runStore(m, cta, t, in, st))
        return false;
    t.bulkGroups.erase(t.bulkGroups.begin());
  }
  return true;
}

bool Machine::finishAsync(Cta &cta) {
  bool landed = true;
  while (landed)
    if (!landOneLoad(cta, landed))
      return false;
  for (Thread &t : cta.threads) {
    if (!t.bulkOpen.empty()) {
      t.bulkGroups.push_back(std::move(t.bulkOpen));
      t.bulkOpen.clear();
    }
    if (!t.bulkGroups.empty() &&
        !retireBulk(*this, cta, t, fn.code.back(), 0))
      return false;
  }
  return true;
}

static bool tmaLoad(Machine &m, Cta &cta, Thread &t, const Inst &in) {
  InflightLoad l;
  if (!readTensorMap(m, cta, t, in, in.ops[1], l.map))
    return false;
  for (int i = 0; i < 2; ++i)
    l.coords[i] = int32_t(m.read(cta, t, in.ops[1].elems[i], 32));
  uint64_t bytes = boxBytes(l.map);
  Cta *dst = nullptr, *bar = nullptr;
  if (!sharedOffset(m, cta, t, in, in.ops[0], bytes, l.dst, &dst))
    return false;
  if (l.dst % 128)
    return m.fail(cta, t, in,
                  "the TMA destination (shared offset " +
                      std::to_string(l.dst) + ") is not 128-byte aligned");
  if (!sharedOffset(m, cta, t, in, in.ops[2], 8, l.mbar, &bar))
    return false;
  // Destinations: the CTAs of the multicast mask, else the one addressed.
  // Each completes its bytes on the mbarrier at the same offset in: itself
  // (multicast), the addressed CTA, or with cta_group::2 the CTA of its
  // pair that has the addressed barrier's place in the pair.
  std::vector<unsigned> dests;
  if (in.multicast) {
    uint64_t mask = m.read(cta, t, in.ops[3], 16);
    for (unsigned r = 0; r < cta.cluster->size(); ++r)
      if (mask >> r & 1)
        dests.push_back(r);
    if (mask >> cta.cluster->size())
      return m.fail(cta, t, in, "the multicast mask names CTAs outside the "
                                "cluster");
  } else {
    dests.push_back(dst->rank);
    // 9.7.9.25.5.1: with .cta_group::1 (the default) mbar "must be in the
    // shared memory of the same CTA as the shared memory destination";
    // with .cta_group::2 "of either the same CTA ... or in its peer-CTA".
    if (in.pair ? (bar->rank | 1) != (dst->rank | 1) : bar->rank != dst->rank)
      return m.fail(cta, t, in,
                    "the mbarrier (CTA rank " + std::to_string(bar->rank) +
                        ") is not in the destination's CTA (rank " +
                        std::to_string(dst->rank) +
                        (in.pair ? ") or its peer CTA" : ")"));
  }
  for (unsigned d : dests) {
    unsigned sig = in.multicast && !in.pair ? d
                   : in.pair                ? (d & ~1u) | (bar->rank & 1)
                                            : bar->rank;
    if (sig >= cta.cluster->size())
      return m.fail(cta, t, in, "cta_group::2: CTA rank " +
                                    std::to_string(d) +
                                    " has no peer CTA in the cluster");
    Cta &sc = (*cta.cluster)[sig];
    if (!findBarrier(m, sc, t, in, l.mbar))
      return false;
    l.targets.push_back({d, sig});
    std::memset(&(*cta.cluster)[d].shared[l.dst], 0xff, bytes); // poison
  }
  l.line = in.line;
  l.thread = t.linear;
  cta.inflight.push_back(l);
  return true;
}

// cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes [dst],
// [src], size, [mbar] (9.7.9.25.4): size bytes, a multiple of 16, between
// 16-byte aligned addresses; lands like a TMA load.
static bool bulkLoad(Machine &m, Cta &cta, Thread &t, const Inst &in) {
  InflightLoad l;
  std::memset(&l.map, 0, sizeof(l.map));
  Space gs = Space::Global;
  l.bulkSrc = m.address(t, in.ops[1], gs);
  l.bulkBytes = m.read(cta, t, in.ops[2], 32);
  Cta *dst = nullptr, *bar = nullptr;
  if (l.bulkBytes == 0 || l.bulkBytes % 16 || l.bulkSrc % 16)
    return m.fail(cta, t, in, "cp.async.bulk needs a size that is a "
                              "multiple of 16 and 16-byte aligned addresses");
  if (!sharedOffset(m, cta, t, in, in.ops[0], l.bulkBytes, l.dst, &dst) ||
      !sharedOffset(m, cta, t, in, in.ops[3], 8, l.mbar, &bar))
    return false;
  if (l.dst % 16)
    return m.fail(cta, t, in, "the bulk copy's destination is not 16-byte "
                              "aligned");
  if (!findBarrier(m, *bar, t, in, l.mbar))
    return false;
  l.targets.push_back({dst->rank, bar->rank});
  std::memset(&dst->shared[l.dst], 0xff, l.bulkBytes); // poison until landed
  l.line = in.line;
  l.thread = t.linear;
  cta.inflight.push_back(l);
  return true;
}

static bool tmaStore(Machine &m, Cta &cta, Thread &t, const Inst &in) {
  PendingStore st;
  if (!readTensorMap(m, cta, t, in, in.ops[0], st.map))
    return false;
  for (int i = 0; i < 2; ++i)
    st.coords[i] = int32_t(m.read(cta, t, in.ops[0].elems[i], 32));
  uint64_t bytes = boxBytes(st.map);
  if (!sharedOffset(m, cta, t, in, in.ops[1], bytes, st.src))
    return false;
  if (st.src % 128)
    return m.fail(cta, t, in,
                  "the TMA source (shared offset " + std::to_string(st.src) +
                      ") is not 128-byte aligned");
  if (!m.asyncRead(cta, t, in, st.src, bytes))
    return false;
  st.line = in.line;
  t.bulkOpen.push_back(st);
  return true;
}

// Whether a thread whose try_wait at t.pc just failed comes straight back
// to it: only branches follow, and with the thread's registers (the
// try_wait's predicate now false) they lead back to t.pc, as in the
// try_wait loop. Otherwise the failed try_wait is a one-shot test
// (9.7.13.15, mbarrier.try_wait: false when the phase is incomplete; the
// thread may go on with other work), which is progress, not a spin.
static bool spinsBack(const Machine &m, const Thread &t) {
  uint32_t pc = t.pc + 1;
  for (unsigned hops = 0; hops < 16 && pc < m.fn.code.size(); ++hops) {
    const Inst &in = m.fn.code[pc];
    if (in.op == Op::Nanosleep) { // a back-off inside the loop
      ++pc;
      continue;
    }
    if (in.op != Op::Bra)
      return false;
    if (in.guarded && bool(t.regs[in.guard]) == in.guardNeg) {
      ++pc; // not taken
      continue;
    }
    pc = uint32_t(in.ops[0].imm);
    if (pc == t.pc)
      return true;
  }
  return false;
}

static bool mbarrierOp(Machine &m, Cta &cta, Thread &t, const Inst &in) {
  uint64_t off;
  const Operand &addr = in.ops[in.op == Op::MbarInit ? 0 : 1];
  Cta *owner = &cta; // a remote arrive names another CTA's barrier
  if (!sharedOffset(m, cta, t, in, addr, 8, off,
                    in.op == Op::MbarArrive ? &owner : nullptr))
    return false;
  if (off % 8)
    return m.fail(cta, t, in, "an mbarrier must be 8-byte aligned");
  if (in.op == Op::MbarInit) {
    uint64_t count = m.read(cta, t, in.ops[1], 32);
    if (count < 1 || count > (1u << 20) - 1)
      return m.fail(cta, t, in, "mbarrier count outside [1, 2^20 - 1]");
    MBarrier b;
    b.expected = b.pending = uint32_t(count);
    cta.mbarriers[off] = b;
    std::memset(&cta.shared[off], 0, 8);
    return true;
  }
  MBarrier *b = findBarrier(m, *owner, t, in, off);
  if (!b)
    return false;
  if (m.trace)
    std::fprintf(stderr, "emu: thread %u line %u %s mbarrier %llu (phase %u, "
                         "pending %u, tx %lld)\n", t.linear, in.line,
                 in.op == Op::MbarArrive ? "arrives on" : "waits on",
                 (unsigned long long)off, b->phase, b->pending,
                 (long long)b->tx);
  if (in.op == Op::MbarArrive) {
    if (in.expectTx)
      b->tx += int64_t(m.read(cta, t, in.ops[2], 32));
    m.write(t, in.ops[0], b->phase, 64);
    uint64_t count = !in.expectTx && in.ops.size() == 3
                         ? m.read(cta, t, in.ops[2], 32)
                         : 1;
    if (count == 0 || b->pending < count)
      return m.fail(cta, t, in, "more arrivals than the mbarrier expects");
    b->pending -= uint32_t(count);
    completeIfDone(*owner, off, *b);
    return true;
  }
  // try_wait.parity: the phase of this parity has completed when the
  // current phase has the other parity.
  // With a state token (from the arrive), the phase the arrive was in has
  // completed once the barrier's phase moved past it.
  bool done;
  if (in.parity)
    done = (b->phase & 1) != (m.read(cta, t, in.ops[2], 32) & 1);
  else
    done = b->phase != m.read(cta, t, in.ops[2], 64);
  m.write(t, in.ops[0], done, 1);
  m.failedWaits += !done;
  t.spun = !done && spinsBack(m, t);
  t.spinEpoch = m.changes;
  return true;
}

bool Machine::execAsync(Cta &cta, Thread &t, const Inst &in) {
  switch (in.op) {
  case Op::MbarInit: case Op::MbarArrive: case Op::MbarTryWait:
    return mbarrierOp(*this, cta, t, in);
  case Op::FenceProxyAsync:
    ++t.proxyFences;
    return true;
  case Op::TmaLoad:
    return tmaLoad(*this, cta, t, in);
  case Op::BulkLoad:
    return bulkLoad(*this, cta, t, in);
  case Op::Nanosleep: // a hint to wait: the thread yields its slice
    t.spun = true;
    return true;
  case Op::TmaStore:
    return tmaStore(*this, cta, t, in);
  case Op::BulkCommit:
    t.bulkGroups.push_back(std::move(t.bulkOpen));
    t.bulkOpen.clear();
    return true;
  case Op::BulkWait:
    return retireBulk(*this, cta, t, in, in.count);
  default:
    return fail(cta, t, in, "not an asynchronous instruction");
  }
}

} // namespace uop::emu
