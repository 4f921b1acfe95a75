//===- MMA.cpp - gemm: generic and mma.sync ---------------------------===//
//
// Part of tirx-dispatch-tile-primitives; see Dispatch.h.
//
//===----------------------------------------------------------------------===//

#include "Dispatch.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

#include <array>

namespace uop::tirx::dispatch {

/// Operand views of a gemm: C is M x N, A is M x K, B is K x N, each with a
/// coordinate function that applies the transposes.
struct GemmView {
  TileAccess c, a, b;
  bool ta = false, tb = false;
  int64_t m = 0, n = 0, k = 0;
};

template <typename GemmT>
GemmView makeGemmView(GemmT g, OpBuilder &b) {
  Location loc = g.getLoc();
  GemmView v;
  v.c = getAccess(b, loc, g.getC());
  v.a = getAccess(b, loc, g.getA());
  v.b = getAccess(b, loc, g.getB());
  auto squeeze = [&](TileAccess &t) {
    while (t.shape.size() > 2 && t.shape.front() == 1) {
      t.shape.erase(t.shape.begin());
    }
  };
  squeeze(v.c);
  squeeze(v.a);
  squeeze(v.b);
  v.ta = g.getTranspose_A();
  v.tb = g.getTranspose_B();
  v.m = v.c.shape[0];
  v.n = v.c.shape[1];
  v.k = v.ta ? v.a.shape[0] : v.a.shape[1];
  return v;
}

Value loadA(OpBuilder &b, Location loc, const GemmView &v, Value mi, Value ki) {
  return load(b, loc, v.a, v.ta ? at2d(b, loc, v.a, ki, mi) : at2d(b, loc, v.a, mi, ki));
}

Value loadB(OpBuilder &b, Location loc, const GemmView &v, Value ki, Value ni) {
  return load(b, loc, v.b, v.tb ? at2d(b, loc, v.b, ni, ki) : at2d(b, loc, v.b, ki, ni));
}

/// Every thread of the scope computes a strided subset of C's elements with a
/// serial K loop, in C's dtype.
template <typename GemmT>
TileImpl genericGemmFor() {
  return {"generic", 0, genericAccepts, [](Operation *op, OpBuilder &b, const Target &) {
            auto g = cast<GemmT>(op);
            Location loc = op->getLoc();
            GemmView v = makeGemmView(g, b);
            Type cType = getTileElementType(g.getC().getType());
            emitTileLoop(b, loc, op, g.getScope(), {v.m, v.n}, [&](OpBuilder &nb,
                                                                ValueRange mn) {
              Value zero = arith::ConstantOp::create(nb, loc, nb.getZeroAttr(cType));
              Value old = load(nb, loc, v.c, at2d(nb, loc, v.c, mn[0], mn[1]));
              Value init = arith::SelectOp::create(nb, loc, g.getAccum(), old, zero);
              auto loop = scf::ForOp::create(nb, loc, cst(nb, loc, 0),
                                             cst(nb, loc, v.k), cst(nb, loc, 1),
                                             ValueRange{init});
              {
                OpBuilder::InsertionGuard guard(nb);
                nb.setInsertionPointToStart(loop.getBody());
                Value ki = loop.getInductionVar();
                Value x = emitCast(nb, loc, loadA(nb, loc, v, mn[0], ki), cType);
                Value y = emitCast(nb, loc, loadB(nb, loc, v, ki, mn[1]), cType);
                Value prod = emitBinary(nb, loc, BinaryKind::Mul, x, y);
                scf::YieldOp::create(
                    nb, loc,
                    emitBinary(nb, loc, BinaryKind::Add,
                               loop.getRegionIterArgs()[0], prod));
              }
              store(nb, loc, loop.getResult(0), v.c,
                    at2d(nb, loc, v.c, mn[0], mn[1]));
            });
            syncAfter(b, loc, g.getScope(), g.getC());
          }};
}

/// Whether `operand` can feed ldmatrix: shared memory whose 8-element
/// (16-byte) row chunks are contiguous and 16-byte aligned.
bool canLdmatrix(Value operand) {
  return scopeOf(operand) == StorageScope::Shared &&
         !vectorAccessDeclines(operand, 8);
}

/// One ldmatrix of `num` 8x8 b16 matrices: lane l passes the address of row
/// l % 8 of matrix (l / 8) % num, given by `rowAddress(matrix, row)`; each
/// matrix's register comes back as a vector<2 x elem>. `transpose` selects
/// .trans (each thread then holds a column pair of the stored matrix).
static SmallVector<Value>
emitLdmatrixHalves(OpBuilder &b, Location loc, const TileAccess &t, Type elem,
                   int64_t num, bool transpose, Value lane,
                   function_ref<SmallVector<Value>(OpBuilder &, Value, Value)>
                       rowCoord) {
  MLIRContext *ctx = b.getContext();
  Value matrix = arith::RemUIOp::create(
      b, loc, arith::DivUIOp::create(b, loc, lane, cst(b, loc, 8)),
      cst(b, loc, num));
  Value row = arith::RemUIOp::create(b, loc, lane, cst(b, loc, 8));
  Value addr = AddressOfOp::create(b, loc, t.buffer,
                                   offsetCoord(b, loc, t, rowCoord(b, matrix, row)));
  Value ptr = LLVM::IntToPtrOp::create(b, loc, LLVM::LLVMPointerType::get(ctx, 3),
                                       addr);
  SmallVector<Type> fields(num, b.getI32Type());
  auto structType = LLVM::LLVMStructType::getLiteral(ctx, fields);
  Value regs = NVVM::LdMatrixOp::create(
      b, loc, structType, ptr, num,
      transpose ? NVVM::MMALayout::col : NVVM::MMALayout::row,
      NVVM::LdStMatrixShapeAttr::get(ctx, 8, 8), NVVM::LdStMatrixEltType::B16);
  auto pair = VectorType::get({2}, elem);
  SmallVector<Value> halves;
  for (int64_t i = 0; i < num; ++i) {
    Value word = LLVM::ExtractValueOp::create(b, loc, regs, i);
    halves.push_back(LLVM::BitcastOp::create(b, loc, pair, word));
  }
  return halves;
}

/// `halves` (vector<2 x elem> each) as one vector<n x 2 x elem>.
static Value stackHalves(OpBuilder &b, Location loc, Type elem, ValueRange halves) {
  int64_t n = halves.size();
  Value result = arith::ConstantOp::create(
      b, loc, DenseElementsAttr::get(VectorType::get({n, 2}, elem),
                                     b.getZeroAttr(elem)));
  for (auto [i, h] : llvm::enumerate(halves))
    result = vector::InsertOp::create(b, loc, h, result, int64_t(i));
  return result;
}

/// emitLdmatrixHalves as one vector<num x 2 x elem>.
Value emitLdmatrix(OpBuilder &b, Location loc, const TileAccess &t, Type elem,
                   int64_t num, bool transpose, Value lane,
                   function_ref<SmallVector<Value>(OpBuilder &, Value, Value)>
                       rowCoord) {
  return stackHalves(b, loc, elem,
                     emitLdmatrixHalves(b, loc, t, elem, num, transpose, lane,
                                        rowCoord));
}

/// D = A * B + C for one m16n8k16 tile: A vector<4x2xT>, B vector<2x2xT>
/// (one 32-bit register per row), C and D vector<2x2xf32>. f16 goes through
/// nvgpu.mma.sync; upstream's lowering of it cannot deduce bf16 operand
/// types, so bf16 is nvvm.mma.sync on the same registers (each row of two
/// bf16 bitcast to the i32 the instruction reads).
static Value emitMmaSync(OpBuilder &b, Location loc, Value fa, Value fb,
                         Value c) {
  if (!cast<VectorType>(fa.getType()).getElementType().isBF16())
    return nvgpu::MmaSyncOp::create(b, loc, c.getType(), fa, fb, c,
                                    b.getI64ArrayAttr({16, 8, 16}), UnitAttr());
  auto regs = [&](Value frag) {
    SmallVector<Value> r;
    int64_t rows = cast<VectorType>(frag.getType()).getShape()[0];
    for (int64_t i = 0; i < rows; ++i) {
      Value row = vector::ExtractOp::create(b, loc, frag, ArrayRef<int64_t>{i});
      r.push_back(LLVM::BitcastOp::create(b, loc, b.getI32Type(), row));
    }
    return r;
  };
  SmallVector<Value> cs;
  for (int64_t i = 0; i < 4; ++i)
    cs.push_back(
        vector::ExtractOp::create(b, loc, c, ArrayRef<int64_t>{i / 2, i % 2}));
  Type f32 = b.getF32Type();
  auto st = LLVM::LLVMStructType::getLiteral(b.getContext(), {f32, f32, f32, f32});
  Value d = NVVM::MmaOp::create(
      b, loc, st, regs(fa), regs(fb), cs, {16, 8, 16}, std::nullopt,
      std::nullopt,
      std::array<NVVM::MMATypes, 2>{NVVM::MMATypes::bf16, NVVM::MMATypes::bf16},
      std::array<NVVM::MMALayout, 2>{NVVM::MMALayout::row,
                                     NVVM::MMALayout::col});
  SmallVector<Value> ds;
  for (int64_t i = 0; i < 4; ++i)
    ds.push_back(LLVM::ExtractValueOp::create(b, loc, d, ArrayRef<int64_t>{i}));
  return vector::FromElementsOp::create(b, loc, cast<VectorType>(c.getType()),
                                        ds);
}

namespace {
/// Builds the mma.sync expansion of one warp-scope gemm: register-blocked
/// over C's 16x8 tiles (emitBlocked), or, for more tiles than registers
/// hold, a loop nest over them, each with a K loop of m16n8k16 mma.syncs.
class MmaSyncExpansion {
public:
  MmaSyncExpansion(GemmOp g, OpBuilder &b) : g(g), loc(g.getLoc()) {
    v = makeGemmView(g, b);
    elemA = getTileElementType(g.getA().getType());
    f32 = b.getF32Type();
    auto [laneId, count] = threadInScope(b, loc, g, ExecScopeKind::Warp);
    (void)count;
    lane = laneId;
    grp = arith::DivUIOp::create(b, loc, lane, cst(b, loc, 4));
    Value tig = arith::RemUIOp::create(b, loc, lane, cst(b, loc, 4));
    t2 = arith::MulIOp::create(b, loc, tig, cst(b, loc, 2));
    aByLdmatrix = canLdmatrix(g.getA());
    bByLdmatrix = canLdmatrix(g.getB());
  }

  void emit(OpBuilder &b) {
    if ((v.m / 16) * (v.n / 8) <= kMaxBlockedTiles)
      return emitBlocked(b);
    // Too many accumulators for registers: loops over C's 16x8 tiles.
    loop(b, v.m, 16, {}, [&](OpBuilder &b1, Value m0, ValueRange) {
      loop(b1, v.n, 8, {}, [&](OpBuilder &b2, Value n0, ValueRange) {
        emitTile(b2, m0, n0);
      });
    });
  }

private:
  // C tiles up to which the warp holds every accumulator fragment at once
  // (4 f32 registers each).
  static constexpr int64_t kMaxBlockedTiles = 32;
  // K steps up to which the K loop is unrolled.
  static constexpr int64_t kMaxUnrolledKSteps = 4;

  // Register blocking: every 16x8 tile of C is an SSA fragment for the whole
  // gemm, read and written once at indices that are constants per lane (so
  // a local C promotes to registers: no stack frame); each K step loads A's
  // fragment once per 16-row band and B's once per 8-column band, then
  // issues every tile's mma.sync.
  void emitBlocked(OpBuilder &b) {
    int64_t tm = v.m / 16, tn = v.n / 8;
    auto rowsOf = [&](OpBuilder &nb, int64_t mi) {
      Value r0 = add2(nb, cst(nb, loc, 16 * mi), grp);
      return std::pair{r0, add(nb, r0, 8)};
    };
    auto colsOf = [&](OpBuilder &nb, int64_t ni) {
      Value c0 = add2(nb, cst(nb, loc, 8 * ni), t2);
      return std::pair{c0, add(nb, c0, 1)};
    };
    auto fragment = [&](OpBuilder &nb, int64_t mi, int64_t ni) {
      auto [r0, r1] = rowsOf(nb, mi);
      auto [c0, c1] = colsOf(nb, ni);
      return std::array<std::pair<Value, Value>, 4>{
          std::pair{r0, c0}, {r0, c1}, {r1, c0}, {r1, c1}};
    };
    Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(f32));
    SmallVector<Value> acc;
    for (int64_t mi = 0; mi < tm; ++mi)
      for (int64_t ni = 0; ni < tn; ++ni) {
        SmallVector<Value> e;
        for (auto [r, c] : fragment(b, mi, ni)) {
          Value old = load(b, loc, v.c, at2d(b, loc, v.c, r, c));
          e.push_back(arith::SelectOp::create(b, loc, g.getAccum(), old, zero));
        }
        acc.push_back(vecOf(b, {2, 2}, f32, e));
      }
    auto kStep = [&](OpBuilder &nb, Value k0, ValueRange in) {
      Value ka = add2(nb, k0, t2), kb = add(nb, ka, 1);
      Value kc = add(nb, ka, 8), kd = add(nb, kb, 8);
      SmallVector<Value> fa, fb;
      for (int64_t mi = 0; mi < tm; ++mi) {
        auto [r0, r1] = rowsOf(nb, mi);
        fa.push_back(emitAFragment(nb, cst(nb, loc, 16 * mi), k0, r0, r1,
                                   {ka, kb, kc, kd}));
      }
      for (int64_t ni = 0; ni < tn;) {
        Value n0 = cst(nb, loc, 8 * ni);
        if (bByLdmatrix && ni + 1 < tn) {
          auto [lo, hi] = emitBFragmentPair(nb, n0, k0);
          fb.append({lo, hi});
          ni += 2;
        } else {
          fb.push_back(emitBFragment(nb, n0, k0, {ka, kb, kc, kd}));
          ni += 1;
        }
      }
      SmallVector<Value> out;
      for (int64_t mi = 0; mi < tm; ++mi)
        for (int64_t ni = 0; ni < tn; ++ni) {
          Value c = in[mi * tn + ni];
          out.push_back(emitMmaSync(nb, loc, fa[mi], fb[ni], c));
        }
      return out;
    };
    if (v.k / 16 <= kMaxUnrolledKSteps) {
      for (int64_t k0 = 0; k0 < v.k; k0 += 16)
        acc = kStep(b, cst(b, loc, k0), acc);
    } else {
      auto kLoop = loop(b, v.k, 16, acc, [&](OpBuilder &nb, Value k0,
                                             ValueRange in) {
        scf::YieldOp::create(nb, loc, kStep(nb, k0, in));
      });
      acc.assign(kLoop.getResults().begin(), kLoop.getResults().end());
    }
    for (int64_t mi = 0; mi < tm; ++mi)
      for (int64_t ni = 0; ni < tn; ++ni) {
        int idx = 0;
        for (auto [r, c] : fragment(b, mi, ni)) {
          Value e = vector::ExtractOp::create(
              b, loc, acc[mi * tn + ni], ArrayRef<int64_t>{idx / 2, idx % 2});
          store(b, loc, e, v.c, at2d(b, loc, v.c, r, c));
          ++idx;
        }
      }
  }

  // x + c, folded.
  Value add(OpBuilder &nb, Value x, int64_t c) {
    return nb.createOrFold<arith::AddIOp>(loc, x, cst(nb, loc, c));
  }
  // x + y, folded.
  Value add2(OpBuilder &nb, Value x, Value y) {
    return nb.createOrFold<arith::AddIOp>(loc, x, y);
  }
  // An scf.for from 0 to `n` by `step` whose body `body` builds.
  template <typename BodyT>
  scf::ForOp loop(OpBuilder &nb, int64_t n, int64_t step, ValueRange iter,
                  BodyT body) {
    auto f = scf::ForOp::create(nb, loc, cst(nb, loc, 0), cst(nb, loc, n),
                                cst(nb, loc, step), iter);
    OpBuilder::InsertionGuard guard(nb);
    nb.setInsertionPointToStart(f.getBody());
    body(nb, f.getInductionVar(), f.getRegionIterArgs());
    return f;
  }
  // A vector of `shape` made of `elems`.
  Value vecOf(OpBuilder &nb, ArrayRef<int64_t> shape, Type t,
              ArrayRef<Value> elems) {
    return vector::FromElementsOp::create(nb, loc, VectorType::get(shape, t),
                                          elems);
  }

  // One 16x8 tile of C at (m0, n0): load its fragment, run the K loop,
  // store it back.
  void emitTile(OpBuilder &b2, Value m0, Value n0) {
    Value r0 = add2(b2, m0, grp), r1 = add(b2, add2(b2, m0, grp), 8);
    Value c0 = add2(b2, n0, t2), c1 = add(b2, add2(b2, n0, t2), 1);
    // C fragment, or zeros when not accumulating.
    SmallVector<Value> cElems;
    Value zero = arith::ConstantOp::create(b2, loc, b2.getZeroAttr(f32));
    for (auto [r, c] : {std::pair{r0, c0}, {r0, c1}, {r1, c0}, {r1, c1}}) {
      Value old = load(b2, loc, v.c, at2d(b2, loc, v.c, r, c));
      cElems.push_back(arith::SelectOp::create(b2, loc, g.getAccum(), old, zero));
    }
    Value acc0 = vecOf(b2, {2, 2}, f32, cElems);
    auto kLoop = loop(b2, v.k, 16, {acc0}, [&](OpBuilder &b3, Value k0,
                                               ValueRange iter) {
      Value ka = add2(b3, k0, t2), kb = add(b3, add2(b3, k0, t2), 1);
      Value kc = add(b3, ka, 8), kd = add(b3, kb, 8);
      Value fa = emitAFragment(b3, m0, k0, r0, r1, {ka, kb, kc, kd});
      Value fb = emitBFragment(b3, n0, k0, {ka, kb, kc, kd});
      // The builder with an explicit result type: D has C's type.
      Value d = emitMmaSync(b3, loc, fa, fb, iter[0]);
      scf::YieldOp::create(b3, loc, d);
    });
    Value d = kLoop.getResult(0);
    int idx = 0;
    for (auto [r, c] : {std::pair{r0, c0}, {r0, c1}, {r1, c0}, {r1, c1}}) {
      Value e = vector::ExtractOp::create(
          b2, loc, d, ArrayRef<int64_t>{idx / 2, idx % 2});
      store(b2, loc, e, v.c, at2d(b2, loc, v.c, r, c));
      ++idx;
    }
  }

  // A's fragment: ldmatrix x4 from shared memory (matrices: rows m0 / m0+8
  // by k0 / k0+8), else element loads at rows r0, r1 and columns `ks`.
  Value emitAFragment(OpBuilder &b3, Value m0, Value k0, Value r0, Value r1,
                      ArrayRef<Value> ks) {
    if (aByLdmatrix) {
      return emitLdmatrix(b3, loc, v.a, elemA, 4, v.ta, lane,
                          [&](OpBuilder &nb, Value mat, Value r) {
        Value mOff = nb.createOrFold<arith::MulIOp>(
            loc, nb.createOrFold<arith::RemUIOp>(loc, mat, cst(nb, loc, 2)),
            cst(nb, loc, 8));
        Value kOff = nb.createOrFold<arith::MulIOp>(
            loc, nb.createOrFold<arith::DivUIOp>(loc, mat, cst(nb, loc, 2)),
            cst(nb, loc, 8));
        Value mm = add2(nb, m0, mOff), kk = add2(nb, k0, kOff);
        // Stored M x K: row m, chunk at k; stored K x M (.trans): row k.
        return v.ta ? at2d(nb, loc, v.a, add2(nb, kk, r), mm)
                    : at2d(nb, loc, v.a, add2(nb, mm, r), kk);
      });
    }
    Value ka = ks[0], kb = ks[1], kc = ks[2], kd = ks[3];
    SmallVector<Value> aE = {
        loadA(b3, loc, v, r0, ka), loadA(b3, loc, v, r0, kb),
        loadA(b3, loc, v, r1, ka), loadA(b3, loc, v, r1, kb),
        loadA(b3, loc, v, r0, kc), loadA(b3, loc, v, r0, kd),
        loadA(b3, loc, v, r1, kc), loadA(b3, loc, v, r1, kd)};
    return vecOf(b3, {4, 2}, elemA, aE);
  }

  // B's fragment: ldmatrix x2 (k0 / k0+8 by n0), .trans when B is stored
  // K x N, else element loads at rows `ks`.
  Value emitBFragment(OpBuilder &b3, Value n0, Value k0, ArrayRef<Value> ks) {
    if (bByLdmatrix) {
      return emitLdmatrix(b3, loc, v.b, elemA, 2, !v.tb, lane,
                          [&](OpBuilder &nb, Value mat, Value r) {
        Value kk = add2(nb, k0, nb.createOrFold<arith::MulIOp>(
                                    loc, mat, cst(nb, loc, 8)));
        // Stored N x K: row n, chunk at k; stored K x N: row k.
        return v.tb ? at2d(nb, loc, v.b, add2(nb, n0, r), kk)
                    : at2d(nb, loc, v.b, add2(nb, kk, r), n0);
      });
    }
    Value col = add2(b3, n0, grp);
    SmallVector<Value> bE = {
        loadB(b3, loc, v, ks[0], col), loadB(b3, loc, v, ks[1], col),
        loadB(b3, loc, v, ks[2], col), loadB(b3, loc, v, ks[3], col)};
    return vecOf(b3, {2, 2}, elemA, bE);
  }

  // The B fragments of two neighbouring 8-column bands in one ldmatrix x4:
  // matrices (k0, n0), (k0 + 8, n0), (k0, n0 + 8), (k0 + 8, n0 + 8).
  std::pair<Value, Value> emitBFragmentPair(OpBuilder &b3, Value n0, Value k0) {
    SmallVector<Value> h = emitLdmatrixHalves(
        b3, loc, v.b, elemA, 4, !v.tb, lane,
        [&](OpBuilder &nb, Value mat, Value r) {
      Value kk = add2(nb, k0, nb.createOrFold<arith::MulIOp>(
          loc, nb.createOrFold<arith::RemUIOp>(loc, mat, cst(nb, loc, 2)),
          cst(nb, loc, 8)));
      Value nn = add2(nb, n0, nb.createOrFold<arith::MulIOp>(
          loc, nb.createOrFold<arith::DivUIOp>(loc, mat, cst(nb, loc, 2)),
          cst(nb, loc, 8)));
      return v.tb ? at2d(nb, loc, v.b, add2(nb, nn, r), kk)
                  : at2d(nb, loc, v.b, add2(nb, kk, r), nn);
    });
    return {stackHalves(b3, loc, elemA, {h[0], h[1]}),
            stackHalves(b3, loc, elemA, {h[2], h[3]})};
  }

  GemmOp g;
  Location loc;
  GemmView v;
  Type elemA, f32;
  Value lane, grp, t2;
  bool aByLdmatrix = false, bByLdmatrix = false;
};

/// Why mma.sync cannot take this gemm, or nothing when it can.
Declines mmaSyncAccepts(Operation *op, const Target &t) {
  auto g = cast<GemmOp>(op);
  if (!t.has(ChipFeature::MmaSync))
    return "mma.sync m16n8k16 needs sm_80 or newer, target is " + t.chip;
  if (g.getScope() != ExecScopeKind::Warp)
    return std::string("mma.sync is issued by one warp (scope must be warp)");
  Type a = getTileElementType(g.getA().getType());
  Type c = getTileElementType(g.getC().getType());
  if (!(a.isF16() || a.isBF16()) || !c.isF32())
    return std::string("mma.sync here takes f16/bf16 inputs and an f32 "
                       "accumulator");
  for (Value v : {g.getA(), g.getB(), g.getC()})
    if (scopeOf(v) == StorageScope::TMem)
      return std::string("tmem operands need tcgen05");
  auto mat = [](Value v) {
    ArrayRef<int64_t> s = getTileShape(v.getType());
    return s.take_back(2);
  };
  int64_t m = mat(g.getC())[0], n = mat(g.getC())[1];
  int64_t k = g.getTranspose_A() ? mat(g.getA())[0] : mat(g.getA())[1];
  bool fits = m % 16 == 0 && n % 8 == 0 && k % 16 == 0;
  if (!fits)
    return std::string("M, N, K must be multiples of 16, 8, 16");
  for (Value v : {g.getA(), g.getB()})
    if (!threadAxesOf(v).empty())
      return std::string("A and B are read from shared or global memory");
  if (scopeOf(g.getC()) == StorageScope::Local) {
    // A register accumulator must be distributed exactly as the m16n8
    // C fragments: element (r, c) on lane (r % 8) * 4 + (c % 8) / 2.
    BufferType ct = bufferTypeOf(g.getC());
    if (!isa<BufferType>(g.getC().getType()) ||
        threadAxesOf(g.getC()) != std::vector<std::string>{layout::axisName(layout::Axis::LaneId)})
      return std::string("a local C must be a whole buffer distributed over "
                         "laneid like the m16n8k16 accumulator");
    auto table = getLayoutTable(ct.getLayoutInterface(), ct.getShape());
    if (!table)
      return "cannot tabulate C's layout: " + table.error();
    for (int64_t r = 0; r < m; ++r)
      for (int64_t c = 0; c < n; ++c) {
        const auto &locs = (*table)[r * n + c];
        if (locs.size() != 1 ||
            locs.front().at(layout::axisName(layout::Axis::LaneId)) != (r % 8) * 4 + (c % 8) / 2)
          return std::string("C's layout does not place element (") +
                 std::to_string(r) + ", " + std::to_string(c) +
                 ") on the lane of the m16n8k16 accumulator fragment";
      }
  }
  return std::nullopt;
}
} // namespace

/// Warp-scope mma.sync m16n8k16 (f16/bf16 in, f32 accumulate) on sm_80+.
/// Fragments follow the PTX register layout of m16n8k16: with
/// g = lane / 4 and t = lane % 4, A holds (g|g+8, 2t..2t+1 | 2t+8..2t+9),
/// B holds (2t..2t+1 | 2t+8..2t+9, g), C holds (g|g+8, 2t..2t+1).
TileImpl mmaSyncGemm() {
  auto expand = [](Operation *op, OpBuilder &b, const Target &) {
    MmaSyncExpansion(cast<GemmOp>(op), b).emit(b);
  };
  return {"mma_sync", 10, mmaSyncAccepts, expand};
}


TileImpl genericGemm() { return genericGemmFor<GemmOp>(); }
} // namespace uop::tirx::dispatch
