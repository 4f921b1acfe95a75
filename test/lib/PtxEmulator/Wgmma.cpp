//===- Wgmma.cpp - Warpgroup-level matrix multiply-accumulate -------------===//
//
// wgmma.mma_async / fence / commit_group / wait_group (PTX ISA 9.7.15) run
// once for a whole warpgroup (128 threads, all at the same instruction).
// An mma_async poisons its D registers; the wait_group that retires its
// group reads A and B from shared memory (through the async proxy, so the
// generic writes must have been fenced) and writes D. Consecutive
// mma_asyncs on the same accumulator chain, as the ISA allows.
//
// Matrix descriptors (9.7.15.5.1): bits 0-13 start address >> 4, 16-29
// leading-dimension byte offset >> 4, 32-45 stride-dimension byte offset
// >> 4, 49-51 base offset, 62-63 swizzle (0 none, 1 128B, 2 64B, 3 32B).
// K-major canonical layouts (9.7.15.5.1.1), in bytes for 16-bit elements:
//   none: row r, k -> (r/8)*SBO + (r%8)*16 + (k/8)*LBO + (k%8)*2
//   swizzled, span S: (r/8)*SBO + (r%8)*S + k*2, then address bits [4, 4+b)
//   ^= bits [7, 7+b) (b = 3, 2, 1 for 128B, 64B, 32B).
// D fragments: thread t of the warpgroup (warp w = t/32, lane l, g = l/4,
// q = l%4) holds d[4i + j] = D[16w + g + 8(j/2)][8i + 2q + j%2].
//
//===----------------------------------------------------------------------===//

#include "Machine.h"

namespace uop::emu {

namespace {

struct Desc {
  uint64_t start, lbo, sbo;
  unsigned swizzleBits; // 0 none, 3 128B, 2 64B, 1 32B
  unsigned span;        // bytes per swizzled row
};

bool decodeDesc(uint64_t d, Desc &out, std::string &why) {
  out.start = (d & 0x3fff) << 4;
  out.lbo = ((d >> 16) & 0x3fff) << 4;
  out.sbo = ((d >> 32) & 0x3fff) << 4;
  unsigned base = (d >> 49) & 7, mode = unsigned(d >> 62);
  if (base) {
    why = "matrix descriptors with a base offset are not implemented";
    return false;
  }
  static const unsigned bits[4] = {0, 3, 2, 1}, spans[4] = {16, 128, 64, 32};
  out.swizzleBits = bits[mode];
  out.span = spans[mode];
  return true;
}

uint64_t elementOffset(const Desc &d, unsigned r, unsigned k) {
  if (!d.swizzleBits)
    return d.start + (r / 8) * d.sbo + (r % 8) * 16 + (k / 8) * d.lbo +
           (k % 8) * 2;
  uint64_t a = d.start + (r / 8) * d.sbo + (r % 8) * d.span + k * 2;
  uint64_t mask = (1u << d.swizzleBits) - 1;
  return a ^ (((a >> 7) & mask) << 4);
}

double element(const std::vector<uint8_t> &shared, uint64_t off, Ty t) {
  uint16_t h;
  std::memcpy(&h, &shared[off], 2);
  return t == Ty::BF16 ? bf16ToFloat(h) : halfToFloat(h);
}

struct Group {
  Machine &m;
  Cta &cta;
  const Inst &in;
  unsigned first; // linear id of thread 0 of the warpgroup
  Thread &thread(unsigned i) { return cta.threads[first + i]; }
  bool fail(const std::string &why) {
    return m.fail(cta, thread(0), in, "warpgroup: " + why);
  }
};

// Reads one operand's rows x 16 matrix through its descriptor.
bool readOperand(Group &g, const Desc &d, unsigned rows, Ty ty,
                 std::vector<double> &out) {
  out.assign(size_t(rows) * 16, 0);
  for (unsigned r = 0; r < rows; ++r)
    for (unsigned k = 0; k < 16; ++k) {
      uint64_t off = elementOffset(d, r, k);
      if (off < kSharedBase || off + 2 > kSharedBase + g.m.sharedBytes)
        return g.fail("a wgmma operand element lies outside shared memory "
                      "(offset " + std::to_string(off) + ")");
      if (!g.m.asyncRead(g.cta, g.thread(0), g.in, off, 2))
        return false;
      out[r * 16 + k] = element(g.cta.shared, off, ty);
    }
  return true;
}

bool issue(Group &g, WarpgroupState &wg) {
  const Inst &in = g.in;
  WgmmaOp op;
  op.n = in.shapeN;
  op.ab = in.ty2;
  op.inst = &in;
  Thread &t0 = g.thread(0);
  op.descA = g.m.read(g.cta, t0, in.ops[1], 64);
  op.descB = g.m.read(g.cta, t0, in.ops[2], 64);
  op.scaleD = g.m.read(g.cta, t0, in.ops[3], 1);
  op.scaleA = int32_t(g.m.read(g.cta, t0, in.ops[4], 32));
  op.scaleB = int32_t(g.m.read(g.cta, t0, in.ops[5], 32));
  if (g.m.read(g.cta, t0, in.ops[6], 32) || g.m.read(g.cta, t0, in.ops[7], 32))
    return g.fail("transposed (MN-major) wgmma operands are not "
                  "implemented");
  if ((op.scaleA != 1 && op.scaleA != -1) ||
      (op.scaleB != 1 && op.scaleB != -1))
    return g.fail("imm-scale-a/b must be 1 or -1");
  for (unsigned i = 1; i < 128; ++i) {
    Thread &t = g.thread(i);
    if (g.m.read(g.cta, t, in.ops[1], 64) != op.descA ||
        g.m.read(g.cta, t, in.ops[2], 64) != op.descB ||
        bool(g.m.read(g.cta, t, in.ops[3], 1)) != op.scaleD)
      return g.fail("the descriptors or scale-d differ between threads");
  }
  // The accumulator's value before this operation: the architectural
  // register, unless an earlier operation in flight already owns it.
  op.accum.resize(128 * (op.n / 2));
  op.chained.resize(op.n / 2);
  for (unsigned j = 0; j < op.n / 2; ++j)
    op.chained[j] = wg.owned[in.ops[0].elems[j].reg]++ > 0;
  for (unsigned i = 0; i < 128; ++i)
    for (unsigned j = 0; j < op.n / 2; ++j) {
      Thread &t = g.thread(i);
      op.accum[i * (op.n / 2) + j] =
          asF32(g.m.read(g.cta, t, in.ops[0].elems[j], 32));
      g.m.write(t, in.ops[0].elems[j], 0xffffffffu, 32); // poison
    }
  wg.open.push_back(std::move(op));
  return true;
}

// Executes one operation; its accumulator input is `acc` (per thread and
// register), replaced by the result.
bool execute(Group &g, const WgmmaOp &op, std::vector<float> &acc) {
  Desc a, b;
  std::string why;
  if (!decodeDesc(op.descA, a, why) || !decodeDesc(op.descB, b, why))
    return g.fail(why);
  std::vector<double> A, B;
  if (!readOperand(g, a, 64, op.ab, A) || !readOperand(g, b, op.n, op.ab, B))
    return false;
  unsigned half = op.n / 2;
  for (unsigned t = 0; t < 128; ++t) {
    unsigned w = t / 32, l = t % 32, grp = l / 4, q = l % 4;
    for (unsigned i = 0; i < op.n / 8; ++i)
      for (unsigned j = 0; j < 4; ++j) {
        unsigned row = 16 * w + grp + 8 * (j / 2), col = 8 * i + 2 * q + j % 2;
        double sum = op.scaleD ? double(acc[t * half + 4 * i + j]) : 0.0;
        for (unsigned k = 0; k < 16; ++k)
          sum += op.scaleA * A[row * 16 + k] * op.scaleB * B[col * 16 + k];
        acc[t * half + 4 * i + j] = float(sum);
      }
  }
  return true;
}

bool retire(Group &g, WarpgroupState &wg, size_t keep) {
  while (wg.groups.size() > keep) {
    std::vector<WgmmaOp> ops = std::move(wg.groups.front());
    wg.groups.erase(wg.groups.begin());
    for (WgmmaOp &op : ops) {
      // An accumulator an earlier operation in flight owned at issue is
      // that operation's result (they retire in order), not the poison.
      unsigned half = op.n / 2;
      for (unsigned t = 0; t < 128; ++t)
        for (unsigned j = 0; j < half; ++j)
          if (op.chained[j])
            op.accum[t * half + j] =
                wg.latest[{t, op.inst->ops[0].elems[j].reg}];
      if (!execute(g, op, op.accum))
        return false;
      for (unsigned j = 0; j < half; ++j) {
        const Operand &r = op.inst->ops[0].elems[j];
        bool last = --wg.owned[r.reg] == 0;
        for (unsigned t = 0; t < 128; ++t) {
          wg.latest[{t, r.reg}] = op.accum[t * half + j];
          if (last)
            g.m.write(g.thread(t), r, fromF32(op.accum[t * half + j]), 32);
        }
      }
    }
  }
  return true;
}

// setmaxnreg.{inc,dec}.sync.aligned.u32 (PTX ISA setmaxnreg): executed by all warps
// of the warpgroup together (the caller waits for all 128 threads). It only
// moves physical registers between the warp and the CTA's pool, so no PTX
// register changes; what is checked is the ISA's rule that .dec must not
// raise and .inc must not lower the count the warpgroup owns (known from
// its previous setmaxnreg; the launch's count is ptxas's, not known here).
bool setmaxnreg(Group &g, WarpgroupState &wg) {
  unsigned count = unsigned(g.in.ops[0].imm);
  bool inc = g.in.form.find(".inc") != std::string::npos;
  if (wg.maxnreg && (inc ? count < wg.maxnreg : count > wg.maxnreg))
    return g.fail(std::string(inc ? "setmaxnreg.inc" : "setmaxnreg.dec") +
                  " to " + std::to_string(count) +
                  " registers from the " + std::to_string(wg.maxnreg) +
                  " its previous setmaxnreg set moves the count the wrong "
                  "way (undefined)");
  wg.maxnreg = count;
  return true;
}

} // namespace

bool Machine::warpgroupCollective(Cta &cta, const Inst &in, unsigned group) {
  Group g{*this, cta, in, group * 128};
  WarpgroupState &wg = cta.warpgroups[group];
  switch (in.op) {
  case Op::WgmmaFence:
    return true;
  case Op::WgmmaMma:
    return issue(g, wg);
  case Op::WgmmaCommit:
    wg.groups.push_back(std::move(wg.open));
    wg.open.clear();
    return true;
  case Op::WgmmaWait:
    return retire(g, wg, in.count);
  case Op::Setmaxnreg:
    return setmaxnreg(g, wg);
  default:
    return g.fail("not a warpgroup instruction");
  }
}

} // namespace uop::emu
