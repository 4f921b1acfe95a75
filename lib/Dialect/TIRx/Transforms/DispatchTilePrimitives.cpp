//===- DispatchTilePrimitives.cpp - tirx-dispatch-tile-primitives ---------===//
//
// Each tile primitive has a list of implementations (name, priority,
// predicate, expansion). The highest-priority implementation whose predicate
// accepts the op (and whose name matches an explicit `dispatch`) expands it
// into lower tirx: scf loops, buffer loads/stores, scope ids, gpu/nvgpu ops.
//
//===----------------------------------------------------------------------===//

#include "uop/Dialect/TIRx/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

namespace uop::tirx {
#define GEN_PASS_DEF_TIRXDISPATCHTILEPRIMITIVES
#include "uop/Dialect/TIRx/Transforms/Passes.h.inc"
} // namespace uop::tirx

using namespace mlir;
using namespace uop::tirx;

namespace {

struct Target {
  std::string chip;
  unsigned sm;
};

/// A tile operand seen as (buffer, per-dimension mins, box shape).
struct TileAccess {
  Value buffer;
  SmallVector<Value> mins;
  SmallVector<int64_t> shape;
};

TileAccess getAccess(OpBuilder &b, Location loc, Value operand) {
  TileAccess access;
  if (auto region = operand.getDefiningOp<RegionOp>()) {
    access.buffer = region.getBuffer();
    access.mins.assign(region.getMins().begin(), region.getMins().end());
    access.shape.assign(region.getExtents().begin(), region.getExtents().end());
    return access;
  }
  auto type = cast<BufferType>(operand.getType());
  access.buffer = operand;
  access.shape.assign(type.getShape().begin(), type.getShape().end());
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  access.mins.assign(access.shape.size(), zero);
  return access;
}

StorageScope scopeOf(Value tileOperand) {
  if (auto r = dyn_cast<RegionType>(tileOperand.getType()))
    return r.getBuffer().getScope();
  return cast<BufferType>(tileOperand.getType()).getScope();
}

Value cst(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

/// The linear index of this thread among the threads of `scope`, and their
/// count, as a fresh scope_id_def (lowered later by tirx-lower-scope-ids).
std::pair<Value, int64_t> threadInScope(OpBuilder &b, Location loc,
                                        Operation *op, ExecScopeKind scope) {
  auto def = [&](ExecScopeKind parent, int64_t n) {
    auto d = ScopeIdDefOp::create(
        b, loc, TypeRange{b.getIndexType()},
        ExecScopeKindAttr::get(b.getContext(), parent),
        ExecScopeKindAttr::get(b.getContext(), ExecScopeKind::Thread),
        b.getDenseI64ArrayAttr({n}), DenseI64ArrayAttr());
    return std::make_pair(d.getIds()[0], n);
  };
  switch (scope) {
  case ExecScopeKind::Warp:
    return def(ExecScopeKind::Warp, 32);
  case ExecScopeKind::Warpgroup:
    return def(ExecScopeKind::Warpgroup, 128);
  case ExecScopeKind::Cta:
    return def(ExecScopeKind::Cta, *getThreadsPerCtaInForce(op));
  default:
    return {cst(b, loc, 0), 1};
  }
}

/// for (e = tid; e < prod(shape); e += count) body(coordinate of e)
void emitElementLoop(OpBuilder &b, Location loc, Value tid, int64_t count,
                     ArrayRef<int64_t> shape,
                     function_ref<void(OpBuilder &, ValueRange)> body) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  auto loop = scf::ForOp::create(b, loc, tid, cst(b, loc, n), cst(b, loc, count));
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(loop.getBody());
  Value rest = loop.getInductionVar();
  SmallVector<Value> coord(shape.size());
  for (int64_t d = shape.size() - 1; d >= 0; --d) {
    Value dim = cst(b, loc, shape[d]);
    coord[d] = d == 0 ? rest : b.createOrFold<arith::RemUIOp>(loc, rest, dim);
    if (d > 0)
      rest = b.createOrFold<arith::DivUIOp>(loc, rest, dim);
  }
  body(b, coord);
}

Value linearize(OpBuilder &b, Location loc, ValueRange coord,
                ArrayRef<int64_t> shape) {
  Value flat = cst(b, loc, 0);
  for (auto [c, d] : llvm::zip(coord, shape))
    flat = b.createOrFold<arith::AddIOp>(
        loc, b.createOrFold<arith::MulIOp>(loc, flat, cst(b, loc, d)), c);
  return flat;
}

SmallVector<Value> delinearize(OpBuilder &b, Location loc, Value flat,
                               ArrayRef<int64_t> shape) {
  SmallVector<Value> coord(shape.size());
  for (int64_t d = shape.size() - 1; d >= 0; --d) {
    Value dim = cst(b, loc, shape[d]);
    coord[d] = d == 0 ? flat : b.createOrFold<arith::RemUIOp>(loc, flat, dim);
    if (d > 0)
      flat = b.createOrFold<arith::DivUIOp>(loc, flat, dim);
  }
  return coord;
}

SmallVector<Value> offsetCoord(OpBuilder &b, Location loc, const TileAccess &a,
                               ValueRange coord) {
  SmallVector<Value> idx;
  for (auto [min, c] : llvm::zip(a.mins, coord))
    idx.push_back(b.createOrFold<arith::AddIOp>(loc, min, c));
  return idx;
}

Value load(OpBuilder &b, Location loc, const TileAccess &a, ValueRange coord) {
  return BufferLoadOp::create(b, loc, a.buffer, offsetCoord(b, loc, a, coord));
}

void store(OpBuilder &b, Location loc, Value v, const TileAccess &a,
           ValueRange coord) {
  BufferStoreOp::create(b, loc, v, a.buffer, offsetCoord(b, loc, a, coord));
}

/// After a cooperative op that wrote shared memory, the CTA synchronises so
/// the following statements see the data.
void syncAfter(OpBuilder &b, Location loc, ExecScopeKind scope, Value dst) {
  if (scope == ExecScopeKind::Cta && scopeOf(dst) == StorageScope::Shared)
    gpu::BarrierOp::create(b, loc);
}

//===----------------------------------------------------------------------===//
// Scalar semantics of the elementwise kinds
//===----------------------------------------------------------------------===//

Value emitUnary(OpBuilder &b, Location loc, UnaryKind kind, Value x) {
  Type t = x.getType();
  auto one = [&] { return arith::ConstantOp::create(b, loc, b.getFloatAttr(t, 1.0)); };
  switch (kind) {
  case UnaryKind::Exp:
    return math::ExpOp::create(b, loc, x);
  case UnaryKind::Exp2:
    return math::Exp2Op::create(b, loc, x);
  case UnaryKind::Log:
    return math::LogOp::create(b, loc, x);
  case UnaryKind::Sqrt:
    return math::SqrtOp::create(b, loc, x);
  case UnaryKind::Rsqrt:
    return math::RsqrtOp::create(b, loc, x);
  case UnaryKind::Reciprocal:
    return arith::DivFOp::create(b, loc, one(), x);
  case UnaryKind::Silu: {
    // x / (1 + exp(-x))
    Value e = math::ExpOp::create(b, loc, arith::NegFOp::create(b, loc, x));
    return arith::DivFOp::create(b, loc, x, arith::AddFOp::create(b, loc, one(), e));
  }
  case UnaryKind::Relu:
    return arith::MaximumFOp::create(
        b, loc, x, arith::ConstantOp::create(b, loc, b.getFloatAttr(t, 0.0)));
  case UnaryKind::Neg:
    return arith::NegFOp::create(b, loc, x);
  case UnaryKind::Abs:
    return math::AbsFOp::create(b, loc, x);
  }
  llvm_unreachable("unknown unary kind");
}

Value emitBinary(OpBuilder &b, Location loc, BinaryKind kind, Value x, Value y) {
  bool isFloat = isa<FloatType>(x.getType());
  switch (kind) {
  case BinaryKind::Add:
    return isFloat ? (Value)arith::AddFOp::create(b, loc, x, y)
                   : (Value)arith::AddIOp::create(b, loc, x, y);
  case BinaryKind::Sub:
    return isFloat ? (Value)arith::SubFOp::create(b, loc, x, y)
                   : (Value)arith::SubIOp::create(b, loc, x, y);
  case BinaryKind::Mul:
    return isFloat ? (Value)arith::MulFOp::create(b, loc, x, y)
                   : (Value)arith::MulIOp::create(b, loc, x, y);
  case BinaryKind::Div:
    return isFloat ? (Value)arith::DivFOp::create(b, loc, x, y)
                   : (Value)arith::DivSIOp::create(b, loc, x, y);
  case BinaryKind::Maximum:
    return isFloat ? (Value)arith::MaximumFOp::create(b, loc, x, y)
                   : (Value)arith::MaxSIOp::create(b, loc, x, y);
  case BinaryKind::Minimum:
    return isFloat ? (Value)arith::MinimumFOp::create(b, loc, x, y)
                   : (Value)arith::MinSIOp::create(b, loc, x, y);
  }
  llvm_unreachable("unknown binary kind");
}

Value emitCast(OpBuilder &b, Location loc, Value x, Type to) {
  Type from = x.getType();
  if (from == to)
    return x;
  if (isa<FloatType>(from) && isa<FloatType>(to) &&
      from.getIntOrFloatBitWidth() == to.getIntOrFloatBitWidth()) {
    // Same width, other format (f16 <-> bf16): go through f32.
    Value wide = arith::ExtFOp::create(b, loc, b.getF32Type(), x);
    return arith::TruncFOp::create(b, loc, to, wide);
  }
  if (isa<FloatType>(from) && isa<FloatType>(to))
    return from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth()
               ? (Value)arith::ExtFOp::create(b, loc, to, x)
               : (Value)arith::TruncFOp::create(b, loc, to, x);
  if (isa<FloatType>(from))
    return arith::FPToSIOp::create(b, loc, to, x);
  if (isa<FloatType>(to))
    return arith::SIToFPOp::create(b, loc, to, x);
  return from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth()
             ? (Value)arith::ExtSIOp::create(b, loc, to, x)
             : (Value)arith::TruncIOp::create(b, loc, to, x);
}

//===----------------------------------------------------------------------===//
// Implementations
//===----------------------------------------------------------------------===//

using Declines = std::optional<std::string>;

struct TileImpl {
  StringRef name;
  int priority;
  /// nullopt when the implementation accepts the op, else why it declines.
  std::function<Declines(Operation *, const Target &)> accepts;
  std::function<void(Operation *, OpBuilder &, const Target &)> expand;
};

/// The buffer type behind a tile operand.
BufferType bufferTypeOf(Value tileOperand) {
  if (auto r = dyn_cast<RegionType>(tileOperand.getType()))
    return r.getBuffer();
  return dyn_cast<BufferType>(tileOperand.getType());
}

/// The thread axes a tile operand's layout distributes it over.
std::vector<std::string> threadAxesOf(Value tileOperand) {
  std::vector<std::string> result;
  BufferType t = bufferTypeOf(tileOperand);
  if (!t || !t.getLayoutInterface())
    return result;
  layout::AnyLayout a = t.getLayoutInterface().getAlgebra();
  const layout::TileLayout *tile = std::get_if<layout::TileLayout>(&a);
  if (auto *c = std::get_if<layout::ComposeLayout>(&a))
    tile = &c->tile;
  if (tile)
    for (const std::string &axis : layout::axes(*tile))
      if (layout::isThreadAxis(axis))
        result.push_back(axis);
  return result;
}

/// Whether thread axes `axes` name the threads of `scope` (the axes a layout
/// of a register tile of that scope uses).
bool axesMatchScope(const std::vector<std::string> &axes, ExecScopeKind scope) {
  for (const std::string &a : axes) {
    bool ok = a == "laneid" ||
              (scope == ExecScopeKind::Warpgroup &&
               (a == "wid_in_wg" || a == "tid_in_wg"));
    if (!ok)
      return false;
  }
  return !axes.empty();
}

/// The operand (if any) distributed over the threads of the op's warp or
/// warpgroup: its elements are updated by their owner thread only.
Value laneDistributedOperand(Operation *op) {
  auto scope = cast<TilePrimitiveOpInterface>(op).getScopeKind();
  for (Value v : op->getOperands())
    if (isa<BufferType, RegionType>(v.getType()) &&
        axesMatchScope(threadAxesOf(v), scope))
      return v;
  return {};
}

/// Shared predicate of the per-thread loop implementations.
Declines genericAccepts(Operation *op, const Target &) {
  auto tile = cast<TilePrimitiveOpInterface>(op);
  if (tile.getScopeKind() == ExecScopeKind::Cluster)
    return std::string("cluster scope needs distributed shared memory");
  for (Value v : op->getOperands()) {
    if (!isa<BufferType, RegionType>(v.getType()))
      continue;
    if (scopeOf(v) == StorageScope::TMem)
      return std::string("tmem operands need tcgen05.ld/st");
    std::vector<std::string> axes = threadAxesOf(v);
    if (axes.empty()) {
      // A plain local buffer is private to each thread: only a thread-scope
      // call can fill or read it whole.
      if (scopeOf(v) == StorageScope::Local &&
          tile.getScopeKind() != ExecScopeKind::Thread)
        return std::string("a local buffer without thread axes is private to "
                           "each thread; use thread scope or distribute it");
      continue;
    }
    if (!axesMatchScope(axes, tile.getScopeKind()))
      return std::string("an operand distributed over thread axes needs a "
                         "warp-scope call (laneid) or a warpgroup-scope call "
                         "(laneid, wid_in_wg or tid_in_wg)");
    if (isa<ReduceOp>(op))
      return std::string("a reduction over lane-distributed tiles needs "
                         "shuffles (not implemented)");
  }
  return std::nullopt;
}

/// The per-element loop of a generic implementation: strided over the
/// threads of the scope, or, when an operand is distributed over lanes, over
/// all elements with each one handled by its owner lane.
void emitTileLoop(OpBuilder &b, Location loc, Operation *op,
                  ExecScopeKind scope, ArrayRef<int64_t> shape,
                  function_ref<void(OpBuilder &, ValueRange)> body) {
  auto [tid, count] = threadInScope(b, loc, op, scope);
  Value owned = laneDistributedOperand(op);
  if (!owned)
    return emitElementLoop(b, loc, tid, count, shape, body);
  TileAccess access = getAccess(b, loc, owned);
  BufferType type = bufferTypeOf(owned);
  emitElementLoop(b, loc, cst(b, loc, 0), 1, shape, [&](OpBuilder &nb,
                                                        ValueRange coord) {
    SmallVector<Value> full = offsetCoord(nb, loc, access, coord);
    auto where = emitLayoutApply(nb, loc, type.getLayoutInterface(),
                                 type.getShape(), full);
    // The owner's index in the scope: tid_in_wg, or wid_in_wg * 32 + laneid.
    Value owner = arith::ConstantIndexOp::create(nb, loc, 0);
    if (where->count("tid_in_wg"))
      owner = (*where)["tid_in_wg"];
    if (where->count("wid_in_wg"))
      owner = arith::AddIOp::create(
          nb, loc, owner,
          arith::MulIOp::create(nb, loc, (*where)["wid_in_wg"], cst(nb, loc, 32)));
    if (where->count("laneid"))
      owner = arith::AddIOp::create(nb, loc, owner, (*where)["laneid"]);
    Value mine = arith::CmpIOp::create(nb, loc, arith::CmpIPredicate::eq,
                                       owner, tid);
    auto ifOp = scf::IfOp::create(nb, loc, mine, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(nb);
    nb.setInsertionPointToStart(ifOp.thenBlock());
    body(nb, coord);
  });
}

void expandCopyLike(Operation *op, OpBuilder &b,
                    function_ref<Value(OpBuilder &, Value)> convert) {
  Location loc = op->getLoc();
  auto tile = cast<TilePrimitiveOpInterface>(op);
  Value dstV = op->getOperand(0), srcV = op->getOperand(1);
  TileAccess dst = getAccess(b, loc, dstV), src = getAccess(b, loc, srcV);
  emitTileLoop(b, loc, op, tile.getScopeKind(), dst.shape,
                  [&](OpBuilder &nb, ValueRange coord) {
                    // src may have another shape with the same element count:
                    // walk both in row-major order.
                    SmallVector<Value> srcCoord(coord.begin(), coord.end());
                    if (src.shape != dst.shape)
                      srcCoord = delinearize(nb, loc, linearize(nb, loc, coord,
                                                                dst.shape),
                                             src.shape);
                    Value v = load(nb, loc, src, srcCoord);
                    store(nb, loc, convert(nb, v), dst, coord);
                  });
  syncAfter(b, loc, tile.getScopeKind(), dstV);
}

TileImpl genericCopy() {
  return {"generic", 0, genericAccepts, [](Operation *op, OpBuilder &b, const Target &) {
            expandCopyLike(op, b, [](OpBuilder &, Value v) { return v; });
          }};
}

TileImpl genericCast() {
  return {"generic", 0, genericAccepts, [](Operation *op, OpBuilder &b, const Target &) {
            Type to = getTileElementType(op->getOperand(0).getType());
            expandCopyLike(op, b, [&](OpBuilder &nb, Value v) {
              return emitCast(nb, op->getLoc(), v, to);
            });
          }};
}

TileImpl genericUnary() {
  return {"generic", 0, genericAccepts, [](Operation *op, OpBuilder &b, const Target &) {
            UnaryKind kind = cast<UnaryOp>(op).getKind();
            expandCopyLike(op, b, [&](OpBuilder &nb, Value v) {
              return emitUnary(nb, op->getLoc(), kind, v);
            });
          }};
}

TileImpl genericFill() {
  return {"generic", 0, genericAccepts, [](Operation *op, OpBuilder &b, const Target &) {
            auto fill = cast<FillOp>(op);
            Location loc = op->getLoc();
            TileAccess dst = getAccess(b, loc, fill.getDst());
            emitTileLoop(b, loc, op, fill.getScope(), dst.shape,
                            [&](OpBuilder &nb, ValueRange coord) {
                              store(nb, loc, fill.getValue(), dst, coord);
                            });
            syncAfter(b, loc, fill.getScope(), fill.getDst());
          }};
}

TileImpl genericBinary() {
  return {"generic", 0, genericAccepts, [](Operation *op, OpBuilder &b, const Target &) {
            auto bin = cast<BinaryOp>(op);
            Location loc = op->getLoc();
            TileAccess dst = getAccess(b, loc, bin.getDst());
            TileAccess lhs = getAccess(b, loc, bin.getLhs());
            bool tileRhs = isa<BufferType, RegionType>(bin.getRhs().getType());
            TileAccess rhs;
            if (tileRhs)
              rhs = getAccess(b, loc, bin.getRhs());
            emitTileLoop(b, loc, op, bin.getScope(), dst.shape,
                            [&](OpBuilder &nb, ValueRange coord) {
                              Value x = load(nb, loc, lhs, coord);
                              Value y = tileRhs ? load(nb, loc, rhs, coord)
                                                : bin.getRhs();
                              store(nb, loc,
                                    emitBinary(nb, loc, bin.getKind(), x, y),
                                    dst, coord);
                            });
            syncAfter(b, loc, bin.getScope(), bin.getDst());
          }};
}

/// Each thread owns a strided subset of the output elements and reduces the
/// source over the reduced axes serially.
TileImpl genericReduce() {
  return {"generic", 0, genericAccepts, [](Operation *op, OpBuilder &b, const Target &) {
            auto red = cast<ReduceOp>(op);
            Location loc = op->getLoc();
            TileAccess dst = getAccess(b, loc, red.getDst());
            TileAccess src = getAccess(b, loc, red.getSrc());
            ArrayRef<int64_t> axes = red.getAxes();
            SmallVector<int64_t> keptDims, reducedShape;
            for (int64_t d = 0; d < static_cast<int64_t>(src.shape.size()); ++d) {
              if (llvm::is_contained(axes, d))
                reducedShape.push_back(src.shape[d]);
              else
                keptDims.push_back(d);
            }
            SmallVector<int64_t> outShape;
            for (int64_t d : keptDims)
              outShape.push_back(src.shape[d]);
            Type elem = getTileElementType(red.getSrc().getType());
            emitTileLoop(b, loc, op, red.getScope(), outShape, [&](OpBuilder &nb,
                                                              ValueRange out) {
              TypedAttr init;
              bool isFloat = isa<FloatType>(elem);
              switch (red.getKind()) {
              case ReduceKind::Sum:
                init = nb.getZeroAttr(elem);
                break;
              case ReduceKind::Max:
                init = isFloat ? (TypedAttr)nb.getFloatAttr(
                                     elem, -std::numeric_limits<double>::infinity())
                               : (TypedAttr)nb.getIntegerAttr(
                                     elem, APInt::getSignedMinValue(
                                               elem.getIntOrFloatBitWidth()));
                break;
              case ReduceKind::Min:
                init = isFloat ? (TypedAttr)nb.getFloatAttr(
                                     elem, std::numeric_limits<double>::infinity())
                               : (TypedAttr)nb.getIntegerAttr(
                                     elem, APInt::getSignedMaxValue(
                                               elem.getIntOrFloatBitWidth()));
                break;
              }
              Value acc = arith::ConstantOp::create(nb, loc, init);
              int64_t n = 1;
              for (int64_t d : reducedShape)
                n *= d;
              auto loop = scf::ForOp::create(nb, loc, cst(nb, loc, 0),
                                             cst(nb, loc, n), cst(nb, loc, 1),
                                             ValueRange{acc});
              {
                OpBuilder::InsertionGuard g(nb);
                nb.setInsertionPointToStart(loop.getBody());
                Value rest = loop.getInductionVar();
                SmallVector<Value> srcCoord(src.shape.size());
                for (auto [i, d] : llvm::enumerate(keptDims))
                  srcCoord[d] = out[i];
                for (int64_t i = axes.size() - 1; i >= 0; --i) {
                  Value dim = cst(nb, loc, reducedShape[i]);
                  // Reduced axes in increasing order of dimension.
                  int64_t d = 0, seen = 0;
                  for (; d < static_cast<int64_t>(src.shape.size()); ++d)
                    if (llvm::is_contained(axes, d) && seen++ == i)
                      break;
                  srcCoord[d] = nb.createOrFold<arith::RemUIOp>(loc, rest, dim);
                  rest = nb.createOrFold<arith::DivUIOp>(loc, rest, dim);
                }
                Value x = load(nb, loc, src, srcCoord);
                Value carried = loop.getRegionIterArgs()[0];
                Value next;
                switch (red.getKind()) {
                case ReduceKind::Sum:
                  next = emitBinary(nb, loc, BinaryKind::Add, carried, x);
                  break;
                case ReduceKind::Max:
                  next = emitBinary(nb, loc, BinaryKind::Maximum, carried, x);
                  break;
                case ReduceKind::Min:
                  next = emitBinary(nb, loc, BinaryKind::Minimum, carried, x);
                  break;
                }
                scf::YieldOp::create(nb, loc, next);
              }
              // dst keeps or drops the reduced axes; index it accordingly.
              SmallVector<Value> dstCoord;
              if (dst.shape.size() == src.shape.size()) {
                for (int64_t d = 0, k = 0; d < static_cast<int64_t>(src.shape.size()); ++d)
                  dstCoord.push_back(llvm::is_contained(axes, d) ? cst(nb, loc, 0)
                                                                 : out[k++]);
              } else {
                dstCoord.assign(out.begin(), out.end());
              }
              store(nb, loc, loop.getResult(0), dst, dstCoord);
            });
            syncAfter(b, loc, red.getScope(), red.getDst());
          }};
}

/// Operand views of a gemm: C is M x N, A is M x K, B is K x N, each with a
/// coordinate function that applies the transposes.
struct GemmView {
  TileAccess c, a, b;
  bool ta, tb, accum_const_true;
  int64_t m, n, k;
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

/// The full-rank coordinate of a 2-D access (leading unit dims get 0).
SmallVector<Value> at2d(OpBuilder &b, Location loc, const TileAccess &t,
                        Value row, Value col) {
  SmallVector<Value> coord;
  if (t.mins.size() > 2)
    coord.assign(t.mins.size() - 2, cst(b, loc, 0));
  coord.push_back(row);
  coord.push_back(col);
  return coord;
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
TileImpl genericGemm() {
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

/// Warp-scope mma.sync m16n8k16 (f16/bf16 in, f32 accumulate) on sm_80+.
/// Fragments follow the PTX register layout of m16n8k16: with
/// g = lane / 4 and t = lane % 4, A holds (g|g+8, 2t..2t+1 | 2t+8..2t+9),
/// B holds (2t..2t+1 | 2t+8..2t+9, g), C holds (g|g+8, 2t..2t+1).
TileImpl mmaSyncGemm() {
  auto accepts = [](Operation *op, const Target &t) -> Declines {
    auto g = cast<GemmOp>(op);
    if (t.sm < 80)
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
          threadAxesOf(g.getC()) != std::vector<std::string>{"laneid"})
        return std::string("a local C must be a whole buffer distributed over "
                           "laneid like the m16n8k16 accumulator");
      auto table = getLayoutTable(ct.getLayoutInterface(), ct.getShape());
      if (!table)
        return "cannot tabulate C's layout: " + table.error();
      for (int64_t r = 0; r < m; ++r)
        for (int64_t c = 0; c < n; ++c) {
          const auto &locs = (*table)[r * n + c];
          if (locs.size() != 1 ||
              locs.front().at("laneid") != (r % 8) * 4 + (c % 8) / 2)
            return std::string("C's layout does not place element (") +
                   std::to_string(r) + ", " + std::to_string(c) +
                   ") on the lane of the m16n8k16 accumulator fragment";
        }
    }
    return std::nullopt;
  };
  auto expand = [](Operation *op, OpBuilder &b, const Target &) {
    auto g = cast<GemmOp>(op);
    Location loc = op->getLoc();
    GemmView v = makeGemmView(g, b);
    Type elemA = getTileElementType(g.getA().getType());
    Type f32 = b.getF32Type();
    auto [lane, count] = threadInScope(b, loc, op, ExecScopeKind::Warp);
    (void)count;
    Value grp = arith::DivUIOp::create(b, loc, lane, cst(b, loc, 4));
    Value tig = arith::RemUIOp::create(b, loc, lane, cst(b, loc, 4));
    Value t2 = arith::MulIOp::create(b, loc, tig, cst(b, loc, 2));
    auto add = [&](OpBuilder &nb, Value x, int64_t c) {
      return nb.createOrFold<arith::AddIOp>(loc, x, cst(nb, loc, c));
    };
    auto add2 = [&](OpBuilder &nb, Value x, Value y) {
      return nb.createOrFold<arith::AddIOp>(loc, x, y);
    };
    auto loop = [&](OpBuilder &nb, int64_t n, int64_t step, ValueRange iter,
                    auto body) {
      auto f = scf::ForOp::create(nb, loc, cst(nb, loc, 0), cst(nb, loc, n),
                                  cst(nb, loc, step), iter);
      OpBuilder::InsertionGuard guard(nb);
      nb.setInsertionPointToStart(f.getBody());
      body(nb, f.getInductionVar(), f.getRegionIterArgs());
      return f;
    };
    auto vecOf = [&](OpBuilder &nb, ArrayRef<int64_t> shape, Type t,
                     ArrayRef<Value> elems) {
      return vector::FromElementsOp::create(nb, loc, VectorType::get(shape, t),
                                            elems);
    };
    loop(b, v.m, 16, {}, [&](OpBuilder &b1, Value m0, ValueRange) {
      loop(b1, v.n, 8, {}, [&](OpBuilder &b2, Value n0, ValueRange) {
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
          SmallVector<Value> aE = {
              loadA(b3, loc, v, r0, ka), loadA(b3, loc, v, r0, kb),
              loadA(b3, loc, v, r1, ka), loadA(b3, loc, v, r1, kb),
              loadA(b3, loc, v, r0, kc), loadA(b3, loc, v, r0, kd),
              loadA(b3, loc, v, r1, kc), loadA(b3, loc, v, r1, kd)};
          Value col = add2(b3, n0, grp);
          SmallVector<Value> bE = {
              loadB(b3, loc, v, ka, col), loadB(b3, loc, v, kb, col),
              loadB(b3, loc, v, kc, col), loadB(b3, loc, v, kd, col)};
          Value fa = vecOf(b3, {4, 2}, elemA, aE);
          Value fb = vecOf(b3, {2, 2}, elemA, bE);
          // The builder with an explicit result type: D has C's type.
          Value d = nvgpu::MmaSyncOp::create(
              b3, loc, iter[0].getType(), fa, fb, iter[0],
              b3.getI64ArrayAttr({16, 8, 16}), UnitAttr());
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
      });
    });
  };
  return {"mma_sync", 10, accepts, expand};
}

/// Elements per 16-byte access of `type`, or 0 when the dtype does not
/// divide 16 bytes.
int64_t vectorWidth(Type elem) {
  unsigned bits = elem.getIntOrFloatBitWidth();
  if (bits < 8 || 128 % bits)
    return 0;
  return 128 / bits;
}

/// Whether `v` is provably a multiple of `w`: constants, products with a
/// multiple, sums of multiples, and loop variables stepping from a multiple
/// by a multiple.
bool isKnownMultipleOf(Value v, int64_t w, int depth = 0) {
  if (depth > 8)
    return false;
  APInt c;
  if (matchPattern(v, m_ConstantInt(&c)))
    return c.getSExtValue() % w == 0;
  if (auto arg = dyn_cast<BlockArgument>(v))
    if (auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp()))
      return arg == loop.getInductionVar() &&
             isKnownMultipleOf(loop.getLowerBound(), w, depth + 1) &&
             isKnownMultipleOf(loop.getStep(), w, depth + 1);
  if (auto mul = v.getDefiningOp<arith::MulIOp>())
    return isKnownMultipleOf(mul.getLhs(), w, depth + 1) ||
           isKnownMultipleOf(mul.getRhs(), w, depth + 1);
  if (auto add = v.getDefiningOp<arith::AddIOp>())
    return isKnownMultipleOf(add.getLhs(), w, depth + 1) &&
           isKnownMultipleOf(add.getRhs(), w, depth + 1);
  return false;
}

/// Why `operand` cannot be accessed in aligned runs of `w` consecutive
/// elements along its last dimension, or nullopt when it can.
Declines vectorAccessDeclines(Value operand, int64_t w) {
  BufferType type = bufferTypeOf(operand);
  ArrayRef<int64_t> box = getTileShape(operand.getType());
  // Registers have no 16-byte alignment to rely on.
  if (type.getScope() != StorageScope::Global &&
      type.getScope() != StorageScope::Shared)
    return std::string("only global and shared memory are accessed in "
                       "16-byte vectors");
  if (type.getShape().back() % w)
    return "the buffer's row of " + std::to_string(type.getShape().back()) +
           " elements is not a multiple of " + std::to_string(w);
  if (box.back() % w)
    return "the tile's last extent " + std::to_string(box.back()) +
           " is not a multiple of " + std::to_string(w);
  if (auto region = operand.getDefiningOp<RegionOp>())
    if (!isKnownMultipleOf(region.getMins().back(), w))
      return std::string("the region's last-dimension offset is not known to "
                         "be a multiple of the vector width");
  if (type.getElemOffset() % w)
    return std::string("elem_offset breaks the alignment");
  if (!type.getLayout()) {
    // Row-major or strided: unit stride last, other strides aligned.
    ArrayRef<int64_t> strides = type.getStrides();
    if (strides.empty())
      return type.getShape().back() % w
                 ? Declines("the row length is not a multiple of the vector width")
                 : std::nullopt;
    for (size_t d = 0; d + 1 < strides.size(); ++d)
      if (strides[d] % w)
        return std::string("a stride is not a multiple of the vector width");
    return strides.back() == 1 ? std::nullopt
                               : Declines("the last stride is not 1");
  }
  // A layout: check every aligned run in its table (small shared tiles).
  if (type.getNumElements() > (int64_t(1) << 20))
    return std::string("the layout is too large to check for contiguity");
  auto table = getLayoutTable(type.getLayoutInterface(), type.getShape());
  if (!table)
    return "cannot tabulate the layout: " + table.error();
  for (int64_t start = 0; start < type.getNumElements(); start += w) {
    const auto &first = (*table)[start];
    if (first.size() != 1 || first.front().at(layout::kMemoryAxis) % w)
      return std::string("the layout does not keep aligned runs contiguous");
    for (int64_t i = 1; i < w; ++i) {
      const auto &loc = (*table)[start + i];
      if (loc.size() != 1 || loc.front().at(layout::kMemoryAxis) !=
                                 first.front().at(layout::kMemoryAxis) + i)
        return std::string("the layout does not keep aligned runs contiguous");
    }
  }
  return std::nullopt;
}

/// Copies in 16-byte vectors: every thread of the scope moves whole aligned
/// runs of the last dimension (ld/st .v4 of 32-bit data, .v8 of 16-bit...).
TileImpl vectorizedCopy() {
  auto accepts = [](Operation *op, const Target &t) -> Declines {
    if (Declines why = genericAccepts(op, t))
      return why;
    Value dst = op->getOperand(0), src = op->getOperand(1);
    if (!threadAxesOf(dst).empty() || !threadAxesOf(src).empty())
      return std::string("lane-distributed operands are copied element-wise");
    auto strip = [](ArrayRef<int64_t> s) {
      while (s.size() > 1 && s.front() == 1)
        s = s.drop_front();
      return s;
    };
    if (strip(getTileShape(dst.getType())) != strip(getTileShape(src.getType())))
      return std::string("dst and src boxes differ in shape");
    int64_t w = vectorWidth(getTileElementType(dst.getType()));
    if (w < 2)
      return std::string("the dtype does not pack into 16-byte vectors");
    if (Declines why = vectorAccessDeclines(dst, w))
      return "dst: " + *why;
    if (Declines why = vectorAccessDeclines(src, w))
      return "src: " + *why;
    return std::nullopt;
  };
  auto expand = [](Operation *op, OpBuilder &b, const Target &) {
    auto tile = cast<TilePrimitiveOpInterface>(op);
    Location loc = op->getLoc();
    Value dstV = op->getOperand(0), srcV = op->getOperand(1);
    TileAccess dst = getAccess(b, loc, dstV), src = getAccess(b, loc, srcV);
    Type elem = getTileElementType(dstV.getType());
    int64_t w = vectorWidth(elem);
    auto vecType = VectorType::get({w}, elem);
    // Iterate over vectors: the last dimension counted in runs of w.
    SmallVector<int64_t> runs(dst.shape.begin(), dst.shape.end());
    runs.back() /= w;
    auto [tid, count] = threadInScope(b, loc, op, tile.getScopeKind());
    emitElementLoop(b, loc, tid, count, runs, [&](OpBuilder &nb,
                                                  ValueRange run) {
      SmallVector<Value> coord(run.begin(), run.end());
      coord.back() = nb.createOrFold<arith::MulIOp>(loc, coord.back(),
                                                     cst(nb, loc, w));
      SmallVector<Value> srcCoord = coord;
      if (src.shape != dst.shape)
        srcCoord = delinearize(nb, loc, linearize(nb, loc, coord, dst.shape),
                               src.shape);
      Value v = VectorLoadOp::create(nb, loc, vecType, src.buffer,
                                     offsetCoord(nb, loc, src, srcCoord));
      VectorStoreOp::create(nb, loc, v, dst.buffer,
                            offsetCoord(nb, loc, dst, coord));
    });
    syncAfter(b, loc, tile.getScopeKind(), dstV);
  };
  return {"vectorized", 5, accepts, expand};
}

/// K-major shared-memory operand of a wgmma: rows of 128 bytes (64 16-bit
/// elements) with the 128-byte swizzle (per_element 3, swizzle_len 3,
/// atom_len 3), 8-row atoms 1024 bytes apart.
Declines wgmmaOperandDeclines(Value operand, StringRef name) {
  if (scopeOf(operand) != StorageScope::Shared)
    return (name + " must be in shared memory").str();
  BufferType t = bufferTypeOf(operand);
  auto compose = dyn_cast_or_null<ComposeLayoutAttr>(t.getLayout());
  if (!compose)
    return (name + " needs a 128-byte swizzled layout "
                   "(#tirx.compose<#tirx.swizzle<3, 3, 3>, row-major tile>)")
        .str();
  layout::SwizzleLayout sw = compose.getSwizzle().getLayout();
  if (sw.perElement != 3 || sw.swizzleLen != 3 || sw.atomLen != 3 ||
      !sw.swizzleInner)
    return (name + ": only the 128-byte swizzle (3, 3, 3) is supported").str();
  layout::Shape shape(t.getShape().begin(), t.getShape().end());
  auto tileCanon = layout::canonicalize(compose.getTile().getLayout());
  auto rowCanon = layout::canonicalize(layout::rowMajor(shape));
  if (!tileCanon || !rowCanon || *tileCanon != *rowCanon)
    return (name + "'s tile layout must be row-major").str();
  if (t.getShape().back() != 64)
    return (name + " rows must hold 64 elements (128 bytes)").str();
  if (getTileShape(operand.getType()).back() % 16)
    return (name + "'s K extent must be a multiple of 16").str();
  return std::nullopt;
}

/// The wgmma matrix descriptor of a K-major, 128-byte-swizzled operand
/// starting at byte address `addr`: start >> 4 in bits 0-13, leading byte
/// offset (16 >> 4) in bits 16-29, stride byte offset (1024 >> 4) in bits
/// 32-45, swizzle mode 1 (128B) in bits 62-63.
Value wgmmaDescriptor(OpBuilder &b, Location loc, Value addr) {
  auto c64 = [&](int64_t v) {
    return arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(v));
  };
  Value start = arith::ShRUIOp::create(
      b, loc, arith::AndIOp::create(b, loc, addr, c64(0x3FFFF)), c64(4));
  int64_t fixed = (int64_t(16 >> 4) << 16) | (int64_t(1024 >> 4) << 32) |
                  (int64_t(1) << 62);
  return arith::OrIOp::create(b, loc, start, c64(fixed));
}

/// Warpgroup-scope gemm_async on sm_90a: wgmma.mma_async m64nNk16 with both
/// operands read from 128-byte-swizzled shared memory through matrix
/// descriptors, the accumulator in registers laid out as wgmma's D fragment.
template <typename GemmT>
TileImpl wgmmaGemm() {
  auto accepts = [](Operation *op, const Target &t) -> Declines {
    auto g = cast<GemmT>(op);
    if (t.sm != 90 || !StringRef(t.chip).ends_with("a"))
      return "wgmma needs sm_90a, target is " + t.chip;
    if (g.getScope() != ExecScopeKind::Warpgroup)
      return std::string("wgmma is issued by a warpgroup (scope must be "
                         "warpgroup)");
    Type a = getTileElementType(g.getA().getType());
    Type c = getTileElementType(g.getC().getType());
    if (!(a.isF16() || a.isBF16()) || !c.isF32())
      return std::string("wgmma here takes f16/bf16 inputs and an f32 "
                         "accumulator");
    if (g.getTranspose_A() || !g.getTranspose_B())
      return std::string("wgmma here reads K-major operands: A as M x K, B as "
                         "N x K (transpose_B)");
    if (Declines why = wgmmaOperandDeclines(g.getA(), "A"))
      return why;
    if (Declines why = wgmmaOperandDeclines(g.getB(), "B"))
      return why;
    ArrayRef<int64_t> cs = getTileShape(g.getC().getType()).take_back(2);
    int64_t m = cs[0], n = cs[1];
    if (m != 64 || n % 8 || n < 8 || n > 256)
      return std::string("the warpgroup tile must be 64 x N with N a multiple "
                         "of 8 up to 256");
    // The accumulator is wgmma's D fragment: (r, c) on warp r / 16 of the
    // warpgroup, lane (r % 8) * 4 + (c % 8) / 2.
    BufferType ct = bufferTypeOf(g.getC());
    if (!isa<BufferType>(g.getC().getType()) ||
        ct.getScope() != StorageScope::Local ||
        llvm::any_of(ct.getShape().drop_back(2), [](int64_t d) { return d != 1; }))
      return std::string("C must be a whole 2-D local buffer distributed like "
                         "the wgmma accumulator");
    if (!ct.getLayout())
      return std::string("C must be distributed over wid_in_wg and laneid "
                         "like the wgmma accumulator");
    auto table = getLayoutTable(ct.getLayoutInterface(), ct.getShape());
    if (!table)
      return std::string("C must be distributed over wid_in_wg and laneid "
                         "like the wgmma accumulator");
    for (int64_t r = 0; r < m; ++r)
      for (int64_t col = 0; col < n; ++col) {
        const auto &locs = (*table)[r * n + col];
        if (locs.size() != 1 || !locs.front().count("wid_in_wg") ||
            !locs.front().count("laneid") ||
            locs.front().at("wid_in_wg") != r / 16 ||
            locs.front().at("laneid") != (r % 8) * 4 + (col % 8) / 2)
          return std::string("C's layout does not place element (") +
                 std::to_string(r) + ", " + std::to_string(col) +
                 ") like the wgmma accumulator";
      }
    return std::nullopt;
  };
  auto expand = [](Operation *op, OpBuilder &b, const Target &) {
    auto g = cast<GemmT>(op);
    Location loc = op->getLoc();
    MLIRContext *ctx = b.getContext();
    TileAccess c = getAccess(b, loc, g.getC());
    TileAccess a = getAccess(b, loc, g.getA());
    TileAccess bb = getAccess(b, loc, g.getB());
    int64_t n = c.shape.back();
    int64_t k = a.shape.back();
    Type elemA = getTileElementType(g.getA().getType());
    Type f32 = b.getF32Type();
    auto [tid, count] = threadInScope(b, loc, op, ExecScopeKind::Warpgroup);
    (void)count;
    Value warp = arith::DivUIOp::create(b, loc, tid, cst(b, loc, 32));
    Value lane = arith::RemUIOp::create(b, loc, tid, cst(b, loc, 32));
    // Fragment element i of this thread: row 16w + 8((i/2)%2) + lane/4,
    // column 8(i/4) + 2(lane%4) + i%2.
    auto fragmentCoord = [&](int64_t i) {
      Value row = arith::AddIOp::create(
          b, loc,
          arith::MulIOp::create(b, loc, warp, cst(b, loc, 16)),
          arith::AddIOp::create(
              b, loc, cst(b, loc, 8 * ((i / 2) % 2)),
              arith::DivUIOp::create(b, loc, lane, cst(b, loc, 4))));
      Value col = arith::AddIOp::create(
          b, loc, cst(b, loc, 8 * (i / 4) + i % 2),
          arith::MulIOp::create(
              b, loc, arith::RemUIOp::create(b, loc, lane, cst(b, loc, 4)),
              cst(b, loc, 2)));
      return std::make_pair(row, col);
    };
    SmallVector<Type> fields(n / 2, f32);
    auto structType = LLVM::LLVMStructType::getLiteral(ctx, fields);
    Value acc = LLVM::UndefOp::create(b, loc, structType);
    Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(f32));
    for (int64_t i = 0; i < n / 2; ++i) {
      auto [row, col] = fragmentCoord(i);
      Value old = load(b, loc, c, at2d(b, loc, c, row, col));
      Value v = arith::SelectOp::create(b, loc, g.getAccum(), old, zero);
      acc = LLVM::InsertValueOp::create(b, loc, acc, v, i);
    }
    // Generic-proxy writes to shared memory become visible to wgmma.
    NVVM::FenceProxyOp::create(
        b, loc, NVVM::ProxyKindAttr::get(ctx, NVVM::ProxyKind::async_shared),
        NVVM::SharedSpaceAttr::get(ctx, NVVM::SharedSpace::shared_cta));
    NVVM::WgmmaFenceAlignedOp::create(b, loc);
    // Descriptors address the unswizzled start of each K step: the operand's
    // first row and column, plus 32 bytes per 16 elements of K.
    int64_t elemBytes = elemA.getIntOrFloatBitWidth() / 8;
    auto rowBase = [&](const TileAccess &t) {
      SmallVector<Value> base(t.mins.begin(), t.mins.end());
      return AddressOfOp::create(b, loc, t.buffer, base).getResult();
    };
    Value baseA = rowBase(a), baseB = rowBase(bb);
    auto wgType = [&](Type t) {
      return NVVM::WGMMATypesAttr::get(
          ctx, t.isBF16() ? NVVM::WGMMATypes::bf16 : NVVM::WGMMATypes::f16);
    };
    for (int64_t kk = 0; kk < k; kk += 16) {
      Value step = arith::ConstantOp::create(
          b, loc, b.getI64IntegerAttr(kk * elemBytes));
      Value descA = wgmmaDescriptor(b, loc, arith::AddIOp::create(b, loc, baseA, step));
      Value descB = wgmmaDescriptor(b, loc, arith::AddIOp::create(b, loc, baseB, step));
      acc = NVVM::WgmmaMmaAsyncOp::create(
          b, loc, structType, acc, descA, descB,
          NVVM::MMAShapeAttr::get(ctx, 64, n, 16), wgType(elemA), wgType(elemA),
          NVVM::WGMMATypesAttr::get(ctx, NVVM::WGMMATypes::f32),
          NVVM::WGMMAScaleOutAttr::get(ctx, NVVM::WGMMAScaleOut::one),
          NVVM::WGMMAScaleInAttr::get(ctx, NVVM::WGMMAScaleIn::one),
          NVVM::WGMMAScaleInAttr::get(ctx, NVVM::WGMMAScaleIn::one),
          NVVM::MMALayoutAttr::get(ctx, NVVM::MMALayout::row),
          NVVM::MMALayoutAttr::get(ctx, NVVM::MMALayout::col),
          NVVM::MMAIntOverflowAttr());
    }
    NVVM::WgmmaGroupSyncAlignedOp::create(b, loc);
    NVVM::WgmmaWaitGroupSyncOp::create(b, loc, b.getI64IntegerAttr(0));
    for (int64_t i = 0; i < n / 2; ++i) {
      auto [row, col] = fragmentCoord(i);
      Value v = LLVM::ExtractValueOp::create(b, loc, acc, i);
      store(b, loc, v, c, at2d(b, loc, c, row, col));
    }
  };
  return {"wgmma", 10, accepts, expand};
}

/// The swizzle in bytes a TMA box must use to write `dst`'s layout: 0 for a
/// row-major tile, 32/64/128 for a compose layout whose swizzle XORs 16-byte
/// chunks within rows of that many bytes. nullopt when TMA cannot produce it.
std::optional<int64_t> tmaSwizzleBytes(BufferType dst) {
  layout::Shape shape(dst.getShape().begin(), dst.getShape().end());
  auto rowMajor = layout::canonicalize(layout::rowMajor(shape));
  Attribute l = dst.getLayout();
  if (!l)
    return 0;
  auto compose = dyn_cast<ComposeLayoutAttr>(l);
  if (!compose)
    return std::nullopt;
  auto tile = layout::canonicalize(compose.getTile().getLayout());
  if (!tile || !rowMajor || *tile != *rowMajor)
    return std::nullopt;
  layout::SwizzleLayout s = compose.getSwizzle().getLayout();
  int64_t elemBytes = dst.getElementType().getIntOrFloatBitWidth() / 8;
  // The hardware swizzles 16-byte chunks: per_element covers 16 bytes and
  // the atom is the 8 rows of 128 bytes; swizzle_len picks 32/64/128 B.
  if (!s.swizzleInner || (int64_t(1) << s.perElement) * elemBytes != 16 ||
      s.atomLen != 3 || s.swizzleLen < 1 || s.swizzleLen > 3)
    return std::nullopt;
  int64_t bytes = int64_t(16) << s.swizzleLen;
  if (dst.getShape().back() * elemBytes != bytes)
    return std::nullopt;
  return bytes;
}

/// Thread-scope copy_async on sm_90+: one cp.async.bulk.tensor of the whole
/// box from a global parameter to shared memory, completing on the
/// mbarrier `barrier` (the issuing thread arrives with the byte count).
TileImpl tmaCopy() {
  auto accepts = [](Operation *op, const Target &t) -> Declines {
    auto copy = cast<CopyAsyncOp>(op);
    if (t.sm < 90)
      return "TMA needs sm_90 or newer, target is " + t.chip;
    if (copy.getScope() != ExecScopeKind::Thread)
      return std::string("a TMA copy is issued by one thread (scope must be "
                         "thread)");
    if (!copy.getBarrier() || !isa<BufferType>(copy.getBarrier().getType()) ||
        cast<BufferType>(copy.getBarrier().getType()).getScope() !=
            StorageScope::Shared ||
        !cast<BufferType>(copy.getBarrier().getType()).getElementType().isInteger(64))
      return std::string("TMA completes on an mbarrier: pass a shared i64 "
                         "buffer as `barrier`");
    if (scopeOf(copy.getDst()) != StorageScope::Shared ||
        scopeOf(copy.getSrc()) != StorageScope::Global)
      return std::string("TMA here copies global -> shared");
    Value src = copy.getSrc();
    Value srcBuffer = src;
    if (auto region = src.getDefiningOp<RegionOp>())
      srcBuffer = region.getBuffer();
    if (!isa<BlockArgument>(srcBuffer))
      return std::string("the global buffer must be a prim_func parameter");
    BufferType dstType = bufferTypeOf(copy.getDst());
    std::optional<int64_t> swizzle = tmaSwizzleBytes(dstType);
    if (!swizzle)
      return std::string("the shared tile's layout is not one TMA writes "
                         "(row-major, or a 32/64/128-byte inner swizzle of "
                         "16-byte chunks over whole rows)");
    auto strip = [](ArrayRef<int64_t> s) {
      while (s.size() > 1 && s.front() == 1)
        s = s.drop_front();
      return s;
    };
    ArrayRef<int64_t> box = strip(getTileShape(src.getType()));
    if (box != strip(getTileShape(copy.getDst().getType())))
      return std::string("dst and src boxes differ in shape");
    // TMA writes the box densely from the destination's first element: the
    // destination must be contiguous in its buffer (leading unit extents,
    // then whole trailing dimensions), e.g. one stage of a ring.
    ArrayRef<int64_t> dstBox = getTileShape(copy.getDst().getType());
    ArrayRef<int64_t> dstShape = dstType.getShape();
    size_t first = 0;
    while (first < dstBox.size() && dstBox[first] == 1)
      ++first;
    for (size_t d = first + 1; d < dstBox.size(); ++d)
      if (dstBox[d] != dstShape[d])
        return std::string("the shared destination is not contiguous (TMA "
                           "writes the box densely)");
    if (first < dstBox.size() && dstBox[first] != dstShape[first] &&
        dstType.getLayout())
      if (auto region = copy.getDst().getDefiningOp<RegionOp>();
          region && !isKnownMultipleOf(region.getMins()[first], 8))
        return std::string("a partial swizzled destination must start on an "
                           "8-row swizzle atom");
    int64_t innerBytes =
        box.back() * dstType.getElementType().getIntOrFloatBitWidth() / 8;
    if (innerBytes % 16)
      return "the innermost box extent spans " + std::to_string(innerBytes) +
             " bytes, not a multiple of 16";
    if (llvm::any_of(box, [](int64_t e) { return e > 256; }))
      return std::string("TMA boxes are at most 256 per dimension");
    return std::nullopt;
  };
  auto expand = [](Operation *op, OpBuilder &b, const Target &) {
    auto copy = cast<CopyAsyncOp>(op);
    Location loc = op->getLoc();
    MLIRContext *ctx = b.getContext();
    TileAccess dst = getAccess(b, loc, copy.getDst());
    TileAccess src = getAccess(b, loc, copy.getSrc());
    auto srcType = cast<BufferType>(src.buffer.getType());
    int64_t rank = srcType.getShape().size();
    // The box over the source's full rank (leading dims of extent 1).
    SmallVector<int64_t> box(rank, 1);
    ArrayRef<int64_t> srcBox = src.shape;
    for (int64_t i = 0; i < static_cast<int64_t>(srcBox.size()); ++i)
      box[rank - srcBox.size() + i] = srcBox[i];
    int64_t swizzle = *tmaSwizzleBytes(bufferTypeOf(copy.getDst()));
    Value map = TensorMapOp::create(b, loc, src.buffer, box, swizzle);
    auto shared = LLVM::LLVMPointerType::get(ctx, 3);
    auto toShared = [&](Value addr) {
      return LLVM::IntToPtrOp::create(b, loc, shared, addr).getResult();
    };
    Value dstAddr = toShared(AddressOfOp::create(b, loc, dst.buffer, dst.mins));
    auto barType = cast<BufferType>(copy.getBarrier().getType());
    SmallVector<Value> barIdx(barType.getShape().size(), cst(b, loc, 0));
    Value bar = toShared(AddressOfOp::create(b, loc, copy.getBarrier(), barIdx));
    int64_t bytes = srcType.getElementType().getIntOrFloatBitWidth() / 8;
    for (int64_t e : box)
      bytes *= e;
    Value tx = arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(bytes));
    NVVM::MBarrierArriveExpectTxOp::create(b, loc, Type(), bar, tx,
                                           NVVM::MemScopeKind::CTA, false,
                                           Value());
    // TMA coordinates run innermost first.
    SmallVector<Value> coords;
    for (Value m : llvm::reverse(src.mins))
      coords.push_back(
          arith::IndexCastOp::create(b, loc, b.getI32Type(), m).getResult());
    // The sm_90 form writes to a shared::cluster address (space 7); our own
    // CTA's shared window is part of it.
    Value clusterDst = LLVM::AddrSpaceCastOp::create(
        b, loc, LLVM::LLVMPointerType::get(ctx, 7), dstAddr);
    NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create(
        b, loc, clusterDst, map, coords, bar, ValueRange(), Value(), Value(),
        NVVM::TMALoadMode::TILE, /*isCTAOnly=*/false, NVVM::CTAGroupKindAttr(),
        Value());
  };
  return {"tma", 10, accepts, expand};
}

/// copy_async with no barrier on sm_80+: each thread of the scope issues
/// 16-byte cp.async.cg copies of aligned runs (the vectorized copy's
/// conditions) and commits them as one group; the caller waits with
/// nvvm.cp.async.wait.group and a barrier before reading the tile.
TileImpl cpAsyncCopy() {
  auto accepts = [](Operation *op, const Target &t) -> Declines {
    auto copy = cast<CopyAsyncOp>(op);
    if (t.sm < 80)
      return "cp.async needs sm_80 or newer, target is " + t.chip;
    if (copy.getBarrier())
      return std::string("cp.async completes by commit/wait groups, not on a "
                         "barrier");
    if (scopeOf(copy.getDst()) != StorageScope::Shared ||
        scopeOf(copy.getSrc()) != StorageScope::Global)
      return std::string("cp.async copies global -> shared");
    if (Declines why = genericAccepts(op, t))
      return why;
    int64_t w = vectorWidth(getTileElementType(copy.getDst().getType()));
    if (w < 2)
      return std::string("the dtype does not pack into 16-byte copies");
    auto strip = [](ArrayRef<int64_t> s) {
      while (s.size() > 1 && s.front() == 1)
        s = s.drop_front();
      return s;
    };
    if (strip(getTileShape(copy.getDst().getType())) !=
        strip(getTileShape(copy.getSrc().getType())))
      return std::string("dst and src boxes differ in shape");
    if (Declines why = vectorAccessDeclines(copy.getDst(), w))
      return "dst: " + *why;
    if (Declines why = vectorAccessDeclines(copy.getSrc(), w))
      return "src: " + *why;
    return std::nullopt;
  };
  auto expand = [](Operation *op, OpBuilder &b, const Target &) {
    auto copy = cast<CopyAsyncOp>(op);
    Location loc = op->getLoc();
    MLIRContext *ctx = b.getContext();
    TileAccess dst = getAccess(b, loc, copy.getDst());
    TileAccess src = getAccess(b, loc, copy.getSrc());
    int64_t w = vectorWidth(getTileElementType(copy.getDst().getType()));
    SmallVector<int64_t> runs(dst.shape.begin(), dst.shape.end());
    runs.back() /= w;
    auto [tid, count] = threadInScope(b, loc, op, copy.getScope());
    emitElementLoop(b, loc, tid, count, runs, [&](OpBuilder &nb,
                                                  ValueRange run) {
      SmallVector<Value> coord(run.begin(), run.end());
      coord.back() =
          nb.createOrFold<arith::MulIOp>(loc, coord.back(), cst(nb, loc, w));
      SmallVector<Value> srcCoord = coord;
      if (src.shape != dst.shape)
        srcCoord = delinearize(nb, loc, linearize(nb, loc, coord, dst.shape),
                               src.shape);
      Value d = AddressOfOp::create(nb, loc, dst.buffer,
                                    offsetCoord(nb, loc, dst, coord));
      Value s = AddressOfOp::create(nb, loc, src.buffer,
                                    offsetCoord(nb, loc, src, srcCoord));
      Value dPtr = LLVM::IntToPtrOp::create(
          nb, loc, LLVM::LLVMPointerType::get(ctx, 3), d);
      Value sPtr = LLVM::IntToPtrOp::create(
          nb, loc, LLVM::LLVMPointerType::get(ctx, 1), s);
      NVVM::CpAsyncOp::create(nb, loc, dPtr, sPtr, 16,
                              NVVM::LoadCacheModifierKind::CG, Value());
    });
    NVVM::CpAsyncCommitGroupOp::create(b, loc);
  };
  return {"cp_async", 5, accepts, expand};
}

/// Whether `chip` is sm_100a-class (tcgen05 needs the arch-specific target).
bool hasTcgen05(const Target &t) {
  return (t.sm == 100 || t.sm == 101) && StringRef(t.chip).ends_with("a");
}

/// A tmem operand laid out with rows on TLane and columns on TCol.
Declines tmemMatrixDeclines(Value operand, StringRef name) {
  if (scopeOf(operand) != StorageScope::TMem)
    return (name + " must be in tensor memory").str();
  BufferType t = bufferTypeOf(operand);
  if (t.getShape().size() != 2)
    return (name + " must be a 2-D tmem buffer").str();
  auto tile = dyn_cast_or_null<TileLayoutAttr>(t.getLayout());
  layout::TileLayout expected;
  expected.shard = {{t.getShape()[0], 1, "TLane"}, {t.getShape()[1], 1, "TCol"}};
  if (!tile || tile.getLayout() != expected)
    return (name + " must be laid out as S[(rows,cols):(1@TLane,1@TCol)]").str();
  return std::nullopt;
}

/// The sm_100 shared-memory matrix descriptor of a K-major operand with the
/// 128-byte swizzle: start >> 4 (bits 0-13), leading byte offset 16 >> 4
/// (16-29), stride byte offset 1024 >> 4 (32-45), the fixed version bits
/// 0b001 (46-48), swizzle mode 2 = 128B (61-63).
Value tcgen05Descriptor(OpBuilder &b, Location loc, Value addr) {
  auto c64 = [&](int64_t v) {
    return arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(v));
  };
  Value start = arith::ShRUIOp::create(
      b, loc, arith::AndIOp::create(b, loc, addr, c64(0x3FFFF)), c64(4));
  int64_t fixed = (int64_t(16 >> 4) << 16) | (int64_t(1024 >> 4) << 32) |
                  (int64_t(1) << 46) | (int64_t(2) << 61);
  return arith::OrIOp::create(b, loc, start, c64(fixed));
}

/// Thread-scope gemm_async with dispatch "tcgen05" on sm_100a (the seed's
/// compute stage): one thread issues tcgen05.mma kind::f16 per 16 elements of
/// K, cta_group 1, accumulating in tensor memory; completion is signalled by
/// the tcgen05.commit that follows the call.
TileImpl tcgen05Gemm() {
  auto accepts = [](Operation *op, const Target &t) -> Declines {
    auto g = cast<GemmAsyncOp>(op);
    if (!hasTcgen05(t))
      return "tcgen05 needs sm_100a, target is " + t.chip;
    if (g.getScope() != ExecScopeKind::Thread)
      return std::string("tcgen05.mma is issued by one thread (scope must be "
                         "thread)");
    if (DictionaryAttr config = g.getConfig().value_or(DictionaryAttr()))
      if (auto group = config.getAs<IntegerAttr>("cta_group");
          group && group.getInt() != 1)
        return std::string("only cta_group 1 is supported");
    Type a = getTileElementType(g.getA().getType());
    Type c = getTileElementType(g.getC().getType());
    if (!(a.isF16() || a.isBF16()) || !c.isF32())
      return std::string("tcgen05 here takes f16/bf16 inputs and an f32 "
                         "accumulator");
    if (g.getTranspose_A() || !g.getTranspose_B())
      return std::string("tcgen05 here reads K-major operands: A as M x K, B "
                         "as N x K (transpose_B)");
    if (Declines why = tmemMatrixDeclines(g.getC(), "C"))
      return why;
    if (Declines why = wgmmaOperandDeclines(g.getA(), "A"))
      return why;
    if (Declines why = wgmmaOperandDeclines(g.getB(), "B"))
      return why;
    ArrayRef<int64_t> cs = getTileShape(g.getC().getType());
    if (cs[0] != 128 || cs[1] % 16 || cs[1] < 16 || cs[1] > 256)
      return std::string("the accumulator must be 128 x N with N a multiple "
                         "of 16 up to 256");
    return std::nullopt;
  };
  auto expand = [](Operation *op, OpBuilder &b, const Target &) {
    auto g = cast<GemmAsyncOp>(op);
    Location loc = op->getLoc();
    MLIRContext *ctx = b.getContext();
    TileAccess c = getAccess(b, loc, g.getC());
    TileAccess a = getAccess(b, loc, g.getA());
    TileAccess bb = getAccess(b, loc, g.getB());
    int64_t m = c.shape[0], n = c.shape[1], k = a.shape.back();
    Type elemA = getTileElementType(g.getA().getType());
    Value dAddr = AddressOfOp::create(b, loc, c.buffer, c.mins);
    Value dPtr = LLVM::IntToPtrOp::create(
        b, loc, LLVM::LLVMPointerType::get(ctx, 6),
        arith::TruncIOp::create(b, loc, b.getI32Type(), dAddr).getResult());
    // Instruction descriptor (kind::f16): D f32 (bits 4-5 = 1), A/B type
    // f16 0 / bf16 1 (bits 7-9, 10-12), K-major A and B (bits 15, 16 = 0),
    // N >> 3 (bits 17-22), M >> 4 (bits 24-28).
    int64_t ab = elemA.isBF16() ? 1 : 0;
    int64_t idesc = (int64_t(1) << 4) | (ab << 7) | (ab << 10) |
                    ((n >> 3) << 17) | ((m >> 4) << 24);
    Value idescV =
        arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(idesc));
    int64_t elemBytes = elemA.getIntOrFloatBitWidth() / 8;
    Value baseA = AddressOfOp::create(b, loc, a.buffer, a.mins);
    Value baseB = AddressOfOp::create(b, loc, bb.buffer, bb.mins);
    Value enabled = arith::ConstantOp::create(b, loc, b.getBoolAttr(true));
    for (int64_t kk = 0; kk < k; kk += 16) {
      Value step = arith::ConstantOp::create(b, loc,
                                             b.getI64IntegerAttr(kk * elemBytes));
      Value descA = tcgen05Descriptor(b, loc, arith::AddIOp::create(b, loc, baseA, step));
      Value descB = tcgen05Descriptor(b, loc, arith::AddIOp::create(b, loc, baseB, step));
      // The first step accumulates only when asked; later ones always do.
      Value accumulate = kk == 0 ? g.getAccum() : enabled;
      NVVM::Tcgen05MMAOp::create(b, loc, NVVM::Tcgen05MMAKind::F16,
                                 NVVM::CTAGroupKind::CTA_1,
                                 NVVM::Tcgen05MMACollectorOp::DISCARD,
                                 /*aShift=*/false, dPtr, descA, descB, idescV,
                                 accumulate, Value(), Value());
    }
  };
  return {"tcgen05", 10, accepts, expand};
}

/// Warpgroup-scope copy out of tensor memory (tcgen05.ld 32x32b): thread t
/// of the warpgroup reads row t (warp w owns lanes 32w..32w+31) in runs of 8
/// columns and writes them to dst.
TileImpl tcgen05LoadCopy() {
  auto accepts = [](Operation *op, const Target &t) -> Declines {
    auto copy = cast<CopyOp>(op);
    if (!hasTcgen05(t))
      return "tcgen05.ld needs sm_100a, target is " + t.chip;
    if (copy.getScope() != ExecScopeKind::Warpgroup)
      return std::string("reading 128 tmem lanes takes a warpgroup");
    if (Declines why = tmemMatrixDeclines(copy.getSrc(), "src"))
      return why;
    if (scopeOf(copy.getDst()) == StorageScope::TMem)
      return std::string("dst must not be tmem");
    if (!threadAxesOf(copy.getDst()).empty())
      return std::string("dst must not be distributed over threads");
    if (scopeOf(copy.getDst()) == StorageScope::Local)
      return std::string("a local dst is private to each thread; copy to "
                         "shared or global memory");
    ArrayRef<int64_t> box = getTileShape(copy.getSrc().getType());
    if (box[0] != 128 || box[1] % 8)
      return std::string("the tmem box must be 128 rows by a multiple of 8 "
                         "columns");
    if (!getTileElementType(copy.getSrc().getType()).isF32() ||
        !getTileElementType(copy.getDst().getType()).isF32())
      return std::string("tcgen05.ld here moves f32 values");
    if (getTileShape(copy.getDst().getType()).take_back(2) != box)
      return std::string("dst and src boxes differ in shape");
    return std::nullopt;
  };
  auto expand = [](Operation *op, OpBuilder &b, const Target &) {
    auto copy = cast<CopyOp>(op);
    Location loc = op->getLoc();
    MLIRContext *ctx = b.getContext();
    TileAccess dst = getAccess(b, loc, copy.getDst());
    TileAccess src = getAccess(b, loc, copy.getSrc());
    int64_t n = src.shape[1];
    auto [tid, count] = threadInScope(b, loc, op, ExecScopeKind::Warpgroup);
    (void)count;
    Value warp = arith::DivUIOp::create(b, loc, tid, cst(b, loc, 32));
    Value warpRow = arith::MulIOp::create(b, loc, warp, cst(b, loc, 32));
    auto vecType = VectorType::get({8}, b.getI32Type());
    // Order the tensor-memory reads after the synchronisation (an mbarrier
    // wait on the MMA's commit) that precedes the call.
    NVVM::Tcgen05FenceOp::create(b, loc, NVVM::Tcgen05FenceKind::AFTER_THREAD_SYNC);
    for (int64_t c0 = 0; c0 < n; c0 += 8) {
      // The warp's lane quarter, columns c0..c0+7.
      SmallVector<Value> at = {
          b.createOrFold<arith::AddIOp>(loc, src.mins[0], warpRow),
          b.createOrFold<arith::AddIOp>(loc, src.mins[1], cst(b, loc, c0))};
      Value addr = AddressOfOp::create(b, loc, src.buffer, at);
      Value ptr = LLVM::IntToPtrOp::create(
          b, loc, LLVM::LLVMPointerType::get(ctx, 6),
          arith::TruncIOp::create(b, loc, b.getI32Type(), addr).getResult());
      Value bits = NVVM::Tcgen05LdOp::create(
          b, loc, vecType, /*pack=*/false, NVVM::Tcgen05LdStShape::SHAPE_32X32B,
          ptr, Value());
      NVVM::Tcgen05WaitOp::create(b, loc, NVVM::Tcgen05WaitKind::LOAD);
      Value values = vector::BitCastOp::create(
          b, loc, VectorType::get({8}, b.getF32Type()), bits);
      for (int64_t j = 0; j < 8; ++j) {
        Value v = vector::ExtractOp::create(b, loc, values, ArrayRef<int64_t>{j});
        SmallVector<Value> coord(dst.mins.size() - 2, cst(b, loc, 0));
        coord.push_back(tid);
        coord.push_back(cst(b, loc, c0 + j));
        store(b, loc, v, dst, coord);
      }
    }
  };
  return {"tcgen05_ld", 10, accepts, expand};
}

/// The implementation lists, highest priority first.
const llvm::StringMap<SmallVector<TileImpl>> &getRegistry() {
  static const llvm::StringMap<SmallVector<TileImpl>> registry = [] {
    llvm::StringMap<SmallVector<TileImpl>> r;
    r[CopyOp::getOperationName()] = {tcgen05LoadCopy(), vectorizedCopy(),
                                     genericCopy()};
    r[CastOp::getOperationName()] = {genericCast()};
    r[FillOp::getOperationName()] = {genericFill()};
    r[UnaryOp::getOperationName()] = {genericUnary()};
    r[BinaryOp::getOperationName()] = {genericBinary()};
    r[ReduceOp::getOperationName()] = {genericReduce()};
    r[GemmOp::getOperationName()] = {mmaSyncGemm(), genericGemm<GemmOp>()};
    r[GemmAsyncOp::getOperationName()] = {wgmmaGemm<GemmAsyncOp>(),
                                          tcgen05Gemm()};
    r[CopyAsyncOp::getOperationName()] = {tmaCopy(), cpAsyncCopy()};
    for (auto &entry : r)
      llvm::stable_sort(entry.second, [](const TileImpl &a, const TileImpl &b) {
        return a.priority > b.priority;
      });
    return r;
  }();
  return registry;
}

struct DispatchTilePrimitives
    : uop::tirx::impl::TIRxDispatchTilePrimitivesBase<DispatchTilePrimitives> {
  using Base::Base;

  void runOnOperation() override {
    Target target{chip, getSMVersion(chip)};
    if (!target.sm) {
      getOperation().emitError("unknown chip '") << chip
                                                 << "'; expected sm_<N>[a]";
      return signalPassFailure();
    }
    SmallVector<TilePrimitiveOpInterface> ops;
    getOperation().walk([&](TilePrimitiveOpInterface op) { ops.push_back(op); });
    for (TilePrimitiveOpInterface op : ops) {
      if (failed(dispatch(op, target)))
        return signalPassFailure();
    }
    // Regions only feed tile primitives; drop the ones left unused.
    getOperation().walk([](RegionOp r) {
      if (r->use_empty())
        r->erase();
    });
  }

  LogicalResult dispatch(TilePrimitiveOpInterface op, const Target &target) {
    Operation *o = op.getOperation();
    const auto &registry = getRegistry();
    auto it = registry.find(o->getName().getStringRef());
    std::optional<StringRef> wanted = op.getDispatchName();
    SmallVector<std::string> reasons;
    if (it != registry.end()) {
      for (const TileImpl &impl : it->second) {
        if (wanted && impl.name != *wanted) {
          reasons.push_back((impl.name + ": not the requested dispatch \"" +
                             *wanted + "\"").str());
          continue;
        }
        if (Declines why = impl.accepts(o, target)) {
          reasons.push_back((impl.name + ": " + *why).str());
          continue;
        }
        OpBuilder b(o);
        impl.expand(o, b, target);
        o->erase();
        return success();
      }
    }
    InFlightDiagnostic diag = o->emitError("no implementation of '")
                              << o->getName() << "' accepts this call on "
                              << target.chip;
    if (wanted)
      diag << " with dispatch \"" << *wanted << "\"";
    if (reasons.empty())
      diag << ": none is registered yet";
    for (const std::string &r : reasons)
      diag.attachNote() << r;
    return failure();
  }
};

} // namespace
