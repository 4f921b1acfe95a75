//===- Warp.cpp - Warp-collective instructions ----------------------------===//
//
// shfl.sync, bar.warp.sync, ldmatrix and mma.sync run once for their whole
// member set, after every member has arrived at the same instruction. A
// `.aligned` instruction needs all 32 lanes of a full warp; a member that
// has exited, or a lane that does not exist, is an error.
//
//===----------------------------------------------------------------------===//

#include "Machine.h"

#include <algorithm>

namespace uop::emu {

namespace {

struct WarpView {
  Machine &m;
  Cta &cta;
  const Inst &in;
  unsigned warp;
  Thread *lanes[32] = {};
  unsigned size = 0; // lanes that exist in this (possibly partial) warp

  WarpView(Machine &m, Cta &cta, const Inst &in, unsigned warp)
      : m(m), cta(cta), in(in), warp(warp) {
    for (unsigned l = 0; l < 32 && warp * 32 + l < cta.threads.size(); ++l)
      lanes[size++] = &cta.threads[warp * 32 + l];
  }
  bool at(unsigned l) const {
    if (l >= size || lanes[l]->status != ThreadStatus::AtWarp)
      return false;
    const Inst &i = m.fn.code[lanes[l]->pc];
    return &i == &in || (in.op == Op::BarWarp && i.op == Op::BarWarp);
  }
  bool fail(const std::string &why) {
    return m.failWarp(cta, warp, in, why);
  }
  // Whether every lane of `mask` has arrived; an exited or missing lane is
  // an error, a lane still running means "not yet".
  bool ready(uint32_t mask, bool &complete) {
    complete = true;
    for (unsigned l = 0; l < 32; ++l) {
      if (!(mask >> l & 1))
        continue;
      if (l >= size)
        return fail("member mask names lane " + std::to_string(l) +
                    ", which does not exist in this partial warp");
      if (lanes[l]->status == ThreadStatus::Exited)
        return fail("lane " + std::to_string(l) +
                    " of the member set has exited");
      if (!at(l))
        complete = false;
    }
    return true;
  }
  void release(uint32_t mask) {
    for (unsigned l = 0; l < 32; ++l)
      if (mask >> l & 1) {
        lanes[l]->status = ThreadStatus::Ready;
        ++lanes[l]->pc;
      }
  }
  uint64_t src(unsigned l, const Operand &o, unsigned bits) {
    return m.read(cta, *lanes[l], o, bits);
  }
};

// shfl.sync (9.7.9.6): the ISA's pseudo-code, lane by lane.
bool shfl(WarpView &w, uint32_t mask) {
  const Inst &in = w.in;
  bool hasP = in.ops.size() == 6;
  unsigned ai = hasP ? 2 : 1;
  uint64_t values[32] = {};
  for (unsigned l = 0; l < 32; ++l)
    if (mask >> l & 1)
      values[l] = w.src(l, in.ops[ai], 32);
  for (unsigned l = 0; l < 32; ++l) {
    if (!(mask >> l & 1))
      continue;
    uint32_t b = uint32_t(w.src(l, in.ops[ai + 1], 32));
    uint32_t c = uint32_t(w.src(l, in.ops[ai + 2], 32));
    if (uint32_t(w.src(l, in.ops[ai + 3], 32)) != mask)
      return w.fail("lanes of one shfl.sync pass different member masks");
    uint32_t segmask = (c >> 8) & 0x1f;
    uint32_t maxLane = (l & segmask) | ((c & 0x1f) & ~segmask);
    uint32_t minLane = l & segmask;
    uint32_t bval = b & 0x1f;
    int j = 0;
    bool pval = false;
    switch (in.shfl) {
    case ShflMode::Up: j = int(l) - int(bval); pval = j >= int(maxLane); break;
    case ShflMode::Down: j = int(l + bval); pval = j <= int(maxLane); break;
    case ShflMode::Bfly: j = int(l ^ bval); pval = j <= int(maxLane); break;
    case ShflMode::Idx:
      j = int(minLane | (bval & ~segmask));
      pval = j <= int(maxLane);
      break;
    }
    if (!pval)
      j = int(l);
    if (!(mask >> j & 1))
      return w.fail("lane " + std::to_string(l) + " reads lane " +
                    std::to_string(j) +
                    ", which is not in the member mask (undefined)");
    w.m.write(*w.lanes[l], in.ops[0], values[j], 32);
    if (hasP)
      w.m.write(*w.lanes[l], in.ops[1], pval, 1);
  }
  return true;
}

// redux.sync (9.7.12.x): every member gets the reduction of all members'
// sources.
bool redux(WarpView &w, uint32_t mask) {
  const Inst &in = w.in;
  bool sg = tyIsSigned(in.ty);
  uint32_t acc = 0;
  bool first = true;
  for (unsigned l = 0; l < 32; ++l) {
    if (!(mask >> l & 1))
      continue;
    uint32_t v = uint32_t(w.src(l, in.ops[1], 32));
    if (first) {
      acc = v;
      first = false;
      continue;
    }
    switch (in.atom) {
    case AtomOp::Add: acc += v; break;
    case AtomOp::And: acc &= v; break;
    case AtomOp::Or: acc |= v; break;
    case AtomOp::Xor: acc ^= v; break;
    case AtomOp::Min:
      acc = sg ? uint32_t(std::min(int32_t(acc), int32_t(v))) : std::min(acc, v);
      break;
    case AtomOp::Max:
      acc = sg ? uint32_t(std::max(int32_t(acc), int32_t(v))) : std::max(acc, v);
      break;
    default: return w.fail("unsupported redux operation");
    }
  }
  for (unsigned l = 0; l < 32; ++l)
    if (mask >> l & 1)
      w.m.write(*w.lanes[l], in.ops[0], acc, 32);
  return true;
}

// ldmatrix (9.7.14.5.15): lanes 8i..8i+7 give the row addresses of matrix
// i; lane L receives row L/4, columns 2(L%4) and 2(L%4)+1 of each matrix,
// or with .trans the same elements of its transpose.
bool ldmatrix(WarpView &w) {
  const Inst &in = w.in;
  unsigned count = in.count;
  uint16_t rows[4][8][8];
  for (unsigned i = 0; i < count; ++i)
    for (unsigned r = 0; r < 8; ++r) {
      Thread &t = *w.lanes[8 * i + r];
      Space space = in.space;
      uint64_t addr = w.m.address(t, in.ops[1], space);
      if (!w.m.load(w.cta, t, space, addr, rows[i][r], 16, in))
        return false;
    }
  const Operand &d = in.ops[0];
  if (d.kind != Operand::Vec || d.elems.size() != count)
    return w.fail("ldmatrix needs one destination register per matrix");
  for (unsigned l = 0; l < 32; ++l)
    for (unsigned i = 0; i < count; ++i) {
      unsigned r = l / 4, c = 2 * (l % 4);
      uint32_t lo, hi;
      if (in.mods & M_Trans) {
        lo = rows[i][c][r];
        hi = rows[i][c + 1][r];
      } else {
        lo = rows[i][r][c];
        hi = rows[i][r][c + 1];
      }
      w.m.write(*w.lanes[l], d.elems[i], lo | (hi << 16), 32);
    }
  return true;
}

double halfValue(uint32_t bits, Ty t) {
  return t == Ty::BF16 ? bf16ToFloat(uint16_t(bits))
                       : halfToFloat(uint16_t(bits));
}

// mma.sync.aligned.m16n8k16.row.col.f32.{f16,bf16}.{f16,bf16}.f32
// (9.7.14.5.8, "Matrix Fragments for mma.m16n8k16 with floating point
// type"). groupID = lane / 4, threadID_in_group = lane % 4.
bool mma(WarpView &w) {
  const Inst &in = w.in;
  const Operand &D = in.ops[0], &A = in.ops[1], &B = in.ops[2],
                &C = in.ops[3];
  if (D.elems.size() != 4 || A.elems.size() != 4 || B.elems.size() != 2 ||
      C.elems.size() != 4)
    return w.fail("m16n8k16 takes 4 D, 4 A, 2 B and 4 C registers");
  Ty ab = in.ty2;
  double a[16][16], b[16][8], c[16][8];
  for (unsigned l = 0; l < 32; ++l) {
    unsigned g = l / 4, tg = l % 4;
    for (unsigned i = 0; i < 8; ++i) {
      uint32_t reg = uint32_t(w.src(l, A.elems[i / 2], 32));
      unsigned row = (i < 2 || (i >= 4 && i < 6)) ? g : g + 8;
      unsigned col = tg * 2 + (i & 1) + (i >= 4 ? 8 : 0);
      a[row][col] = halfValue(reg >> (16 * (i & 1)), ab);
    }
    for (unsigned i = 0; i < 4; ++i) {
      uint32_t reg = uint32_t(w.src(l, B.elems[i / 2], 32));
      unsigned row = tg * 2 + (i & 1) + (i >= 2 ? 8 : 0);
      b[row][g] = halfValue(reg >> (16 * (i & 1)), ab);
    }
    for (unsigned i = 0; i < 4; ++i) {
      unsigned row = i < 2 ? g : g + 8, col = tg * 2 + (i & 1);
      c[row][col] = asF32(w.src(l, C.elems[i], 32));
    }
  }
  for (unsigned l = 0; l < 32; ++l) {
    unsigned g = l / 4, tg = l % 4;
    for (unsigned i = 0; i < 4; ++i) {
      unsigned row = i < 2 ? g : g + 8, col = tg * 2 + (i & 1);
      double sum = c[row][col];
      for (unsigned k = 0; k < 16; ++k)
        sum += a[row][k] * b[k][col];
      w.m.write(*w.lanes[l], D.elems[i], fromF32(float(sum)), 32);
    }
  }
  return true;
}

} // namespace

bool Machine::collective(Cta &cta, const Inst &in,
                         std::vector<Thread *> &members) {
  unsigned warp = members.front()->warp;
  WarpView w(*this, cta, in, warp);
  bool tcgen05 = in.op == Op::TcAlloc || in.op == Op::TcDealloc ||
                 in.op == Op::TcRelinquish || in.op == Op::TcLd ||
                 in.op == Op::TcWaitLd;
  bool aligned = in.op == Op::Mma || in.op == Op::Ldmatrix || tcgen05;
  uint32_t mask = 0xffffffffu;
  if (!aligned) {
    // The member mask is the last operand; every arrived lane names it.
    mask = uint32_t(read(cta, *members.front(), in.ops.back(), 32));
  } else if (w.size != 32) {
    return w.fail("a .aligned warp-collective instruction in a partial warp "
                  "of " + std::to_string(w.size) + " threads");
  }
  for (Thread *t : members)
    if (!(mask >> t->lane & 1))
      return w.fail("lane " + std::to_string(t->lane) +
                    " executes it but is not in the member mask");
  bool complete;
  if (!w.ready(mask, complete))
    return false;
  if (!complete)
    return true; // wait for the rest of the member set
  if (in.op == Op::BarWarp) {
    // bar.warp.sync: lanes may wait at different bar.warp.sync.
  } else if (tcgen05) {
    if (!tcgen05Collective(cta, in, w.lanes))
      return false;
  } else if (in.op == Op::Shfl) {
    if (!shfl(w, mask))
      return false;
  } else if (in.op == Op::Redux) {
    if (!redux(w, mask))
      return false;
  } else if (in.op == Op::Ldmatrix) {
    if (!ldmatrix(w))
      return false;
  } else if (!mma(w)) {
    return false;
  }
  w.release(mask);
  return true;
}

} // namespace uop::emu
