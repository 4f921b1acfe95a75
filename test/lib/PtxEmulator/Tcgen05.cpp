//===- Tcgen05.cpp - Tensor memory and fifth-generation tensor cores ------===//
//
// tcgen05 with cta_group::1 (PTX ISA 9.7.16):
//  - alloc / dealloc / relinquish_alloc_permit are warp-collective: alloc
//    takes a power of two from 32 to 512 columns of the CTA's tensor memory
//    and writes its address (lane << 16 | column) to shared memory; dealloc
//    must name exactly one allocation (anything else, e.g. an address read
//    back from clobbered shared memory, is an error), and every allocation
//    must be freed before the CTA exits. New allocations read as poison.
//  - mma (kind::f16, f32 accumulators in tensor memory) is issued by one
//    thread and executes only when a later tcgen05.commit of that thread
//    fires; a commit fires at the latest legal moment (when nothing else in
//    the CTA can progress), then arrives once on its mbarrier.
//  - ld.32x32b.xN is warp-collective: warp w reads lanes 32(w % 4) ..
//    32(w % 4) + 31, lane l of the warp its own tensor-memory lane. Its
//    registers are written at the ld (wait::ld orders it; see
//    docs/gpu-emulator.md on this reading).
// Instruction descriptor (kind::f16): bits 4-5 D format (1 = f32), 7-9 A
// and 10-12 B format (0 f16, 1 bf16), 13/14 negate A/B, 15/16 A/B
// major-ness (0 = K-major), 17-22 N >> 3, 24-28 M >> 4. Shared memory
// descriptor: bits 0-13 start >> 4, 16-29 LBO >> 4, 32-45 SBO >> 4, 46-47
// version (1), 49-51 base offset, 61-63 swizzle (0 none, 2 128B, 4 64B,
// 6 32B; 1, 128B with 32-byte atoms, is not implemented).
//
//===----------------------------------------------------------------------===//

#include "Machine.h"

#include <cstdio>

namespace uop::emu {

namespace {

struct SmemDesc {
  uint64_t start, lbo, sbo;
  unsigned swizzleBits, span;
};

bool decodeSmemDesc(uint64_t d, SmemDesc &out, std::string &why) {
  out.start = (d & 0x3fff) << 4;
  out.lbo = ((d >> 16) & 0x3fff) << 4;
  out.sbo = ((d >> 32) & 0x3fff) << 4;
  unsigned version = (d >> 46) & 3, base = (d >> 49) & 7,
           mode = unsigned(d >> 61);
  if (version != 1) {
    why = "a tcgen05 shared memory descriptor must have version 1 (bits "
          "46-47)";
    return false;
  }
  if (base || ((d >> 52) & 1)) {
    why = "descriptor base offsets and absolute LBO mode are not "
          "implemented";
    return false;
  }
  switch (mode) {
  case 0: out.swizzleBits = 0, out.span = 16; return true;
  case 2: out.swizzleBits = 3, out.span = 128; return true;
  case 4: out.swizzleBits = 2, out.span = 64; return true;
  case 6: out.swizzleBits = 1, out.span = 32; return true;
  default:
    why = "swizzle mode " + std::to_string(mode) + " is not implemented";
    return false;
  }
}

// K-major canonical layout, as for wgmma (Wgmma.cpp).
uint64_t elementOffset(const SmemDesc &d, unsigned r, unsigned k) {
  if (!d.swizzleBits)
    return d.start + (r / 8) * d.sbo + (r % 8) * 16 + (k / 8) * d.lbo +
           (k % 8) * 2;
  uint64_t a = d.start + (r / 8) * d.sbo + (r % 8) * d.span + k * 2;
  uint64_t mask = (1u << d.swizzleBits) - 1;
  return a ^ (((a >> 7) & mask) << 4);
}

uint32_t *tmemCell(Cta &cta, unsigned lane, unsigned col) {
  return &cta.tmem.cells[size_t(lane) * TensorMemory::kColumns + col];
}

// Whether columns [col, col + n) lie in one allocation.
bool allocated(const Cta &cta, unsigned col, unsigned n) {
  auto it = cta.tmem.allocations.upper_bound(col);
  if (it == cta.tmem.allocations.begin())
    return false;
  --it;
  return col + n <= it->first + it->second;
}

// Reads `rows` rows of an operand from `src`'s shared memory into rows
// [first, first + rows) of `out` (rows x 16, already sized).
bool readOperand(Machine &m, Cta &cta, Thread &t, const Inst &in, Cta &src,
                 const SmemDesc &d, unsigned rows, unsigned first, bool bf16,
                 std::vector<double> &out) {
  for (unsigned r = 0; r < rows; ++r)
    for (unsigned k = 0; k < 16; ++k) {
      uint64_t off = elementOffset(d, r, k);
      if (off < kSharedBase || off + 2 > kSharedBase + m.sharedBytes)
        return m.fail(cta, t, in,
                      "a tcgen05.mma operand element lies outside shared "
                      "memory (offset " + std::to_string(off) + ")");
      if (&src == &cta && !m.asyncRead(cta, t, in, off, 2))
        return false;
      uint16_t h;
      std::memcpy(&h, &src.shared[off], 2);
      out[(first + r) * 16 + k] = bf16 ? bf16ToFloat(h) : halfToFloat(h);
    }
  return true;
}

// With cta_group::2 the pair (ranks 2i, 2i + 1) runs one MMA of M = 256:
// A's rows 0-127 come from the even CTA's shared memory and 128-255 from the
// odd one's, B's first N/2 rows (of N x K) from the even CTA and the rest
// from the odd one, both at the descriptors' addresses; D's rows 0-127 land
// in the even CTA's tensor memory and 128-255 in the odd one's.
bool executeMma(Machine &m, Cta &cta, const TcMma &op) {
  Thread &t = cta.threads[op.thread];
  const Inst &in = *op.inst;
  uint32_t id = op.idesc;
  unsigned dfmt = (id >> 4) & 3, afmt = (id >> 7) & 7, bfmt = (id >> 10) & 7;
  unsigned n = ((id >> 17) & 0x3f) << 3, mdim = ((id >> 24) & 0x1f) << 4;
  unsigned ctas = op.pair ? 2 : 1;
  if (dfmt != 1 || afmt > 1 || afmt != bfmt || ((id >> 15) & 3) ||
      (id & 0xf))
    return m.fail(cta, t, in,
                  "instruction descriptor: only dense, non-saturating f32 "
                  "accumulation of K-major f16 or bf16 is implemented");
  if (mdim != 128 * ctas || n < 8 * ctas || n > 256 || n % (8 * ctas))
    return m.fail(cta, t, in,
                  "instruction descriptor: M must be " +
                      std::to_string(128 * ctas) + " and N a multiple of " +
                      std::to_string(8 * ctas) + " up to 256");
  Cta *pair[2] = {&cta, &cta};
  if (op.pair) {
    if (!cta.cluster || (cta.rank | 1) >= cta.cluster->size())
      return m.fail(cta, t, in, "cta_group::2 outside a CTA pair");
    pair[0] = &(*cta.cluster)[cta.rank & ~1u];
    pair[1] = &(*cta.cluster)[cta.rank | 1u];
  }
  unsigned col = op.dAddr & 0xffff, lane = op.dAddr >> 16;
  for (unsigned c = 0; c < ctas; ++c)
    if (lane != 0 || !allocated(*pair[c], col, n))
      return m.fail(cta, t, in,
                    "the accumulator (tensor memory lane " +
                        std::to_string(lane) + ", columns " +
                        std::to_string(col) + "+" + std::to_string(n) +
                        ") is not inside one allocation");
  SmemDesc a, b;
  std::string why;
  if (!decodeSmemDesc(op.descA, a, why) || !decodeSmemDesc(op.descB, b, why))
    return m.fail(cta, t, in, why);
  std::vector<double> A(size_t(mdim) * 16), B(size_t(n) * 16);
  for (unsigned c = 0; c < ctas; ++c)
    if (!readOperand(m, cta, t, in, *pair[c], a, 128, 128 * c, afmt == 1, A) ||
        !readOperand(m, cta, t, in, *pair[c], b, n / ctas, n / ctas * c,
                     afmt == 1, B))
      return false;
  double sa = (id >> 13) & 1 ? -1 : 1, sb = (id >> 14) & 1 ? -1 : 1;
  for (unsigned r = 0; r < mdim; ++r)
    for (unsigned c = 0; c < n; ++c) {
      uint32_t *cell = tmemCell(*pair[r / 128], r % 128, col + c);
      double sum = op.accumulate ? double(asF32(*cell)) : 0.0;
      for (unsigned k = 0; k < 16; ++k)
        sum += sa * A[r * 16 + k] * sb * B[c * 16 + k];
      *cell = uint32_t(fromF32(float(sum)));
    }
  return true;
}

// 9.7.16 (tcgen05.alloc): with .cta_group::2 "one warp from each of the
// peer CTAs must collectively perform the allocation and de-allocation".
// The two CTAs of a pair each run their half; each step (kind << 40 |
// columns << 16 | first column) must match the peer's step at the same
// position, and at exit both must have made as many (finishTcgen05).
bool pairStep(Machine &m, Cta &cta, Thread &t, const Inst &in,
              uint64_t step) {
  if (!in.pair)
    return true;
  if (!cta.cluster || (cta.rank ^ 1) >= cta.cluster->size())
    return m.fail(cta, t, in, "cta_group::2 outside a CTA pair");
  const Cta &peer = (*cta.cluster)[cta.rank ^ 1];
  size_t k = cta.tmem.pairSteps.size();
  if (k < peer.tmem.pairSteps.size() && peer.tmem.pairSteps[k] != step)
    return m.fail(cta, t, in,
                  "the CTA pair's cta_group::2 allocation steps differ at "
                  "step " + std::to_string(k + 1) +
                      " (alloc/dealloc/relinquish, or their columns)");
  cta.tmem.pairSteps.push_back(step);
  return true;
}

bool alloc(Machine &m, Cta &cta, const Inst &in, Thread *const lanes[32]) {
  Thread &t = *lanes[0];
  uint32_t ncols = uint32_t(m.read(cta, t, in.ops[1], 32));
  if (ncols < 32 || ncols > 512 || (ncols & (ncols - 1)))
    return m.fail(cta, t, in, "tcgen05.alloc of " + std::to_string(ncols) +
                                  " columns: a power of two in 32..512");
  if (cta.tmem.relinquished)
    return m.fail(cta, t, in, "tcgen05.alloc after relinquish_alloc_permit");
  unsigned col = 0;
  for (; col + ncols <= TensorMemory::kColumns; col += ncols) {
    bool free = true;
    for (auto &[c, n] : cta.tmem.allocations)
      free &= col + ncols <= c || c + n <= col;
    if (free)
      break;
  }
  if (col + ncols > TensorMemory::kColumns)
    return m.fail(cta, t, in, "tensor memory is exhausted");
  cta.tmem.allocations[col] = ncols;
  if (!pairStep(m, cta, t, in, 1ull << 40 | uint64_t(ncols) << 16 | col))
    return false;
  for (unsigned l = 0; l < TensorMemory::kLanes; ++l)
    for (unsigned c = col; c < col + ncols; ++c)
      *tmemCell(cta, l, c) = 0xffffffffu; // poison
  uint32_t addr = col; // lane 0
  uint64_t off;
  Space space = in.space;
  off = m.address(t, in.ops[0], space);
  return m.store(cta, t, Space::Shared, off, &addr, 4, in);
}

bool dealloc(Machine &m, Cta &cta, const Inst &in, Thread *const lanes[32]) {
  Thread &t = *lanes[0];
  uint32_t addr = uint32_t(m.read(cta, t, in.ops[0], 32));
  uint32_t ncols = uint32_t(m.read(cta, t, in.ops[1], 32));
  for (unsigned l = 1; l < 32; ++l)
    if (uint32_t(m.read(cta, *lanes[l], in.ops[0], 32)) != addr)
      return m.fail(cta, *lanes[l], in,
                    "lanes of tcgen05.dealloc pass different addresses");
  auto it = cta.tmem.allocations.find(addr & 0xffff);
  if ((addr >> 16) || it == cta.tmem.allocations.end() ||
      it->second != ncols)
    return m.fail(cta, t, in,
                  "tcgen05.dealloc of address 0x" +
                      [&] {
                        char b[16];
                        std::snprintf(b, sizeof(b), "%x", addr);
                        return std::string(b);
                      }() +
                      " (" + std::to_string(ncols) +
                      " columns), which is not an allocation of this CTA");
  cta.tmem.allocations.erase(it);
  return pairStep(m, cta, t, in, 2ull << 40 | uint64_t(ncols) << 16 | addr);
}

bool tmemLoad(Machine &m, Cta &cta, const Inst &in, Thread *const lanes[32]) {
  Thread &t = *lanes[0];
  unsigned n = in.count;
  Space space = Space::Generic;
  uint32_t addr = uint32_t(m.address(t, in.ops[1], space));
  unsigned base = 32 * (t.warp % 4), col = addr & 0xffff;
  for (unsigned l = 1; l < 32; ++l) {
    Space sp = Space::Generic;
    if (uint32_t(m.address(*lanes[l], in.ops[1], sp)) != addr)
      return m.fail(cta, *lanes[l], in,
                    "lanes of tcgen05.ld pass different addresses");
  }
  if ((addr >> 16) != base)
    return m.fail(cta, t, in,
                  "warp " + std::to_string(t.warp) +
                      " may access tensor memory lanes " +
                      std::to_string(base) + ".." + std::to_string(base + 31) +
                      ", not lane " + std::to_string(addr >> 16));
  if (!allocated(cta, col, n))
    return m.fail(cta, t, in, "tcgen05.ld of columns outside an allocation");
  for (unsigned l = 0; l < 32; ++l)
    for (unsigned j = 0; j < n; ++j)
      m.write(*lanes[l], in.ops[0].elems[j], *tmemCell(cta, base + l, col + j),
              32);
  return true;
}

} // namespace

bool Machine::tcgen05Collective(Cta &cta, const Inst &in,
                                Thread *const lanes[32]) {
  switch (in.op) {
  case Op::TcAlloc: return alloc(*this, cta, in, lanes);
  case Op::TcDealloc: return dealloc(*this, cta, in, lanes);
  case Op::TcRelinquish:
    cta.tmem.relinquished = true;
    return pairStep(*this, cta, *lanes[0], in, 3ull << 40);
  case Op::TcLd: return tmemLoad(*this, cta, in, lanes);
  case Op::TcWaitLd: return true;
  default: return fail(cta, *lanes[0], in, "not a tcgen05 collective");
  }
}

bool Machine::execTcgen05(Cta &cta, Thread &t, const Inst &in) {
  if (in.op == Op::TcMma) {
    Space space = Space::Generic;
    TcMma op;
    op.dAddr = uint32_t(address(t, in.ops[0], space));
    op.descA = read(cta, t, in.ops[1], 64);
    op.descB = read(cta, t, in.ops[2], 64);
    op.idesc = uint32_t(read(cta, t, in.ops[3], 32));
    op.accumulate = read(cta, t, in.ops[4], 1);
    op.thread = t.linear;
    op.seq = cta.tmem.seq++;
    op.inst = &in;
    op.pair = in.pair;
    cta.tmem.mmas.push_back(op);
    return true;
  }
  // tcgen05.commit: an mbarrier arrival once the thread's MMAs are done, on
  // the addressed CTA's barrier, or with .multicast::cluster on the barrier
  // at that offset in every CTA of the mask.
  Space space = in.space;
  uint64_t a = address(t, in.ops[0], space);
  if (space == Space::Generic) {
    if ((a & kGenericMask) != kGenericShared)
      return fail(cta, t, in, "the commit's mbarrier is not in shared memory");
    a &= ~kGenericMask;
  }
  Cta *target = clusterTarget(cta, t, in, a);
  if (!target)
    return false;
  TcCommit commit{t.linear, a, cta.tmem.seq++, {}, &in};
  if (in.multicast) {
    uint64_t mask = read(cta, t, in.ops[1], 16);
    if (!cta.cluster || mask >> cta.cluster->size() || !mask)
      return fail(cta, t, in, "the multicast mask names no CTA or CTAs "
                              "outside the cluster");
    for (unsigned r = 0; r < cta.cluster->size(); ++r)
      if (mask >> r & 1)
        commit.ranks.push_back(r);
  } else {
    commit.ranks.push_back(target->rank);
  }
  for (unsigned r : commit.ranks)
    if (!(*cta.cluster)[r].mbarriers.count(a))
      return fail(cta, t, in, "no mbarrier was initialised at shared offset " +
                                  std::to_string(a) + " of CTA rank " +
                                  std::to_string(r));
  if (trace)
    std::fprintf(stderr, "emu: thread %u line %u commits to mbarrier %llu\n",
                 t.linear, in.line, (unsigned long long)a);
  cta.tmem.commits.push_back(commit);
  return true;
}

bool Machine::fireCommit(Cta &cta, size_t index) {
  // Earlier commits of the same thread complete first.
  TcCommit c = cta.tmem.commits[index];
  for (size_t i = 0; i < index; ++i)
    if (cta.tmem.commits[i].thread == c.thread)
      return fireCommit(cta, i);
  cta.tmem.commits.erase(cta.tmem.commits.begin() + long(index));
  std::vector<TcMma> rest;
  for (const TcMma &op : cta.tmem.mmas) {
    if (op.thread == c.thread && op.seq < c.seq) {
      if (!executeMma(*this, cta, op))
        return false;
    } else {
      rest.push_back(op);
    }
  }
  cta.tmem.mmas = std::move(rest);
  if (trace)
    std::fprintf(stderr, "emu: commit of line %u fires on mbarrier %llu\n",
                 c.inst->line, (unsigned long long)c.mbar);
  for (unsigned r : c.ranks) {
    Cta &owner = (*cta.cluster)[r];
    MBarrier &b = owner.mbarriers[c.mbar];
    if (b.pending == 0)
      return fail(cta, cta.threads[c.thread], *c.inst,
                  "more arrivals than the mbarrier expects");
    --b.pending;
    if (b.pending == 0 && b.tx == 0) {
      ++b.phase;
      b.pending = b.expected;
      ++owner.epoch;
    }
  }
  return true;
}

bool Machine::finishTcgen05(Cta &cta) {
  while (!cta.tmem.commits.empty())
    if (!fireCommit(cta, 0))
      return false;
  size_t steps = cta.tmem.pairSteps.size();
  if (steps && (cta.rank ^ 1) < cta.cluster->size() &&
      (*cta.cluster)[cta.rank ^ 1].tmem.pairSteps.size() != steps)
    return fail(cta, cta.threads[0], fn.code.back(),
                "CTA rank " + std::to_string(cta.rank) + " made " +
                    std::to_string(steps) +
                    " cta_group::2 alloc/dealloc/relinquish steps and its "
                    "peer CTA " +
                    std::to_string(
                        (*cta.cluster)[cta.rank ^ 1].tmem.pairSteps.size()) +
                    ": each must be made by a warp of both CTAs of the pair");
  if (!cta.tmem.allocations.empty()) {
    auto [col, n] = *cta.tmem.allocations.begin();
    return fail(cta, cta.threads[0], fn.code.back(),
                "the CTA exits with tensor memory allocated (column " +
                    std::to_string(col) + ", " + std::to_string(n) +
                    " columns): tcgen05.dealloc is missing");
  }
  return true;
}

bool Machine::completeOneAsync(Cta &cta, bool &done) {
  size_t loads = cta.inflight.size(), commits = cta.tmem.commits.size();
  done = loads + commits > 0;
  if (!done)
    return true;
  size_t pick = nextRandom() % (loads + commits);
  if (pick < loads) {
    bool landed;
    return landOneLoad(cta, landed);
  }
  return fireCommit(cta, pick - loads);
}

} // namespace uop::emu
