//===- DispatchUtils.cpp - helpers shared by the implementations ------===//
//
// Part of tirx-dispatch-tile-primitives; see Dispatch.h.
//
//===----------------------------------------------------------------------===//

#include "Dispatch.h"
#include "uop/Dialect/TIRx/IR/TIRxViews.h"
#include "uop/Support/ALUTable.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Matchers.h"

namespace uop::tirx::dispatch {

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

/// The CTAs of one instance of `scope` (cluster: the cluster's shape; kernel:
/// the grid) from the scope ids in force, or nullopt; ShapedType::kDynamic
/// for a free grid, whose size only the launch knows (multiplying the
/// marker overflowed, which UBSan reported).
static std::optional<int64_t> ctasInScope(Operation *op, ExecScopeKind scope) {
  std::optional<SmallVector<int64_t>> ext = getCtaExtentsInForce(op, scope);
  if (!ext)
    return std::nullopt;
  int64_t n = 1;
  for (int64_t e : *ext) {
    if (ShapedType::isDynamic(e))
      return ShapedType::kDynamic;
    n *= e;
  }
  return n;
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
  case ExecScopeKind::Cluster:
  case ExecScopeKind::Kernel:
    // The flattened id (genericAccepts checked both counts are in force; a
    // free grid is threadsInScope's).
    return def(scope, *ctasInScope(op, scope) * *getThreadsPerCtaInForce(op));
  default:
    return {cst(b, loc, 0), 1};
  }
}

/// A fresh scope_id_def of the CTAs of the grid (parent kernel) or the
/// cluster in force at `op`: the same extents, the same preferred ones
/// (which a free grid extent needs).
ScopeIdDefOp ctaIdsInForce(OpBuilder &b, Location loc, Operation *op,
                           ExecScopeKind parent) {
  ScopeIdDefOp def = getCtaScopeIdInForce(op, parent);
  SmallVector<Type> types(def.getExtents().size(), b.getIndexType());
  return ScopeIdDefOp::create(
      b, loc, types, ExecScopeKindAttr::get(b.getContext(), parent),
      ExecScopeKindAttr::get(b.getContext(), ExecScopeKind::Cta),
      def.getExtentsAttr(), def.getPreferredExtentsAttr());
}

std::pair<Value, Value> threadsInScope(OpBuilder &b, Location loc,
                                       Operation *op, ExecScopeKind scope) {
  ScopeIdDefOp grid = scope == ExecScopeKind::Kernel
                          ? getCtaScopeIdInForce(op, scope)
                          : ScopeIdDefOp();
  if (!grid || !llvm::any_of(grid.getExtents(), ShapedType::isDynamic)) {
    auto [tid, count] = threadInScope(b, loc, op, scope);
    return {tid, cst(b, loc, count)};
  }
  // A free grid: its size is read at run time (tirx.scope_extent of a free
  // id is gpu.grid_dim), the CTA's row-major index in it times the CTA's
  // threads plus the thread's own.
  ScopeIdDefOp ctas = ctaIdsInForce(b, loc, op, scope);
  Value cta = cst(b, loc, 0), n = cst(b, loc, 1);
  for (Value id : llvm::reverse(ctas.getIds())) {
    Value extent = ScopeExtentOp::create(b, loc, id);
    cta = arith::AddIOp::create(
        b, loc, arith::MulIOp::create(b, loc, cta, extent), id);
    n = arith::MulIOp::create(b, loc, n, extent);
  }
  auto [thread, threads] = threadInScope(b, loc, op, ExecScopeKind::Cta);
  Value perCta = cst(b, loc, threads);
  Value tid = arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, cta, perCta), thread);
  return {tid, arith::MulIOp::create(b, loc, n, perCta)};
}

/// for (e = tid; e < prod(shape); e += count) body(coordinate of e)
void emitElementLoop(OpBuilder &b, Location loc, Value tid, int64_t count,
                     ArrayRef<int64_t> shape,
                     function_ref<void(OpBuilder &, ValueRange)> body) {
  emitElementLoop(b, loc, tid, cst(b, loc, count), shape, body);
}

void emitElementLoop(OpBuilder &b, Location loc, Value tid, Value count,
                     ArrayRef<int64_t> shape,
                     function_ref<void(OpBuilder &, ValueRange)> body) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  auto loop = scf::ForOp::create(b, loc, tid, cst(b, loc, n), count);
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

/// After a cooperative op that wrote shared memory, the CTA synchronises so
/// the following statements see the data.
void syncAfter(OpBuilder &b, Location loc, ExecScopeKind scope, Value dst) {
  if (scope == ExecScopeKind::Cta && scopeOf(dst) == StorageScope::Shared)
    gpu::BarrierOp::create(b, loc);
}

} // namespace uop::tirx::dispatch

//===----------------------------------------------------------------------===//
// Scalar semantics of the elementwise kinds (ElementwiseKinds.h)
//===----------------------------------------------------------------------===//

namespace uop::tirx {

using namespace mlir;

Value emitUnary(OpBuilder &b, Location loc, UnaryKind kind, Value x) {
  Type t = x.getType();
  auto one = [&] { return arith::ConstantOp::create(b, loc, b.getFloatAttr(t, 1.0)); };
  // The composites: kinds the ALU table has no one op for.
  switch (kind) {
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
  default:
    break;
  }
  // Every other kind is the table's row that names it in its TIRX column.
  const ALURow *row = lookupALURowByTIRxKind(stringifyUnaryKind(kind), 1);
  if (!row || row->signature != ALUSignature::FloatToFloat)
    return {};
  OperationState state(loc, row->name);
  if (!state.name.isRegistered())
    return {};
  state.addOperands(x);
  state.addTypes(t);
  return b.create(state)->getResult(0);
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

} // namespace uop::tirx

namespace uop::tirx::dispatch {

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
  for (const std::string &axis : t.getLayoutInterface().getAlgebra().axes())
    if (layout::isThreadAxis(axis))
      result.push_back(axis);
  return result;
}

/// Whether thread axis `axis` varies among the threads of one `scope`
/// instance: an operand distributed over it is shared out among them. Axes
/// outside the scope (warpid at warp scope, block axes below the grid) would
/// leave the scope holding only part of the tile. The CTA-in-cluster axes
/// (cbx, cby, cbz) vary in a cluster and in the grid, the block axes (bx,
/// by, bz) only in the grid.
static bool axisInScope(StringRef axis, ExecScopeKind scope) {
  using A = layout::Axis;
  using K = ExecScopeKind;
  std::optional<A> a = layout::symbolizeAxis(axis);
  if (!a)
    return false;
  // Scopes from the innermost that contains the axis outwards.
  auto from = [&](K inner) {
    static constexpr K order[] = {K::Thread, K::Warp, K::Warpgroup,
                                  K::Cta, K::Cluster, K::Kernel};
    auto rank = [&](K k) { return llvm::find(order, k) - std::begin(order); };
    return rank(scope) >= rank(inner);
  };
  switch (*a) {
  case A::LaneId:
    return from(K::Warp);
  case A::TidInWg:
  case A::WidInWg:
    return from(K::Warpgroup);
  case A::WarpId:
  case A::WgId:
  case A::Tx:
    return from(K::Cta);
  case A::Cbx:
  case A::Cby:
  case A::Cbz:
    return from(K::Cluster);
  case A::Bx:
  case A::By:
  case A::Bz:
    return from(K::Kernel);
  default:
    return false;
  }
}

/// Which CTA-level axis `axis` is: the scope whose CTA ids it reads
/// (kernel for bx, by, bz; cluster for cbx, cby, cbz) and the dimension, or
/// nullopt for the axes inside a CTA.
static std::optional<std::pair<ExecScopeKind, unsigned>>
blockAxis(StringRef axis) {
  using A = layout::Axis;
  switch (*layout::symbolizeAxis(axis)) {
  case A::Bx: return std::make_pair(ExecScopeKind::Kernel, 0u);
  case A::By: return std::make_pair(ExecScopeKind::Kernel, 1u);
  case A::Bz: return std::make_pair(ExecScopeKind::Kernel, 2u);
  case A::Cbx: return std::make_pair(ExecScopeKind::Cluster, 0u);
  case A::Cby: return std::make_pair(ExecScopeKind::Cluster, 1u);
  case A::Cbz: return std::make_pair(ExecScopeKind::Cluster, 2u);
  default: return std::nullopt;
  }
}

bool axesMatchScope(const std::vector<std::string> &axes, ExecScopeKind scope) {
  return !axes.empty() && llvm::all_of(axes, [&](const std::string &a) {
    return axisInScope(a, scope);
  });
}

Value laneDistributedOperand(Operation *op) {
  auto scope = cast<TilePrimitiveOpInterface>(op).getScopeKind();
  for (Value v : op->getOperands())
    if (isa<BufferType, RegionType>(v.getType()) &&
        axesMatchScope(threadAxesOf(v), scope))
      return v;
  return {};
}

/// `t` with element type f32: the distribution of a buffer (or region) does
/// not depend on its dtype (a cast's operands differ only there).
static Type withoutDtype(Type t) {
  Type f32 = Float32Type::get(t.getContext());
  if (auto r = dyn_cast<RegionType>(t))
    return RegionType::get(t.getContext(), r.getExtents(),
                           cast<BufferType>(withoutDtype(r.getBuffer())));
  if (auto bt = dyn_cast<BufferType>(t))
    return BufferType::get(t.getContext(), bt.getShape(), f32, bt.getScope(),
                           bt.getLayout(), bt.getStrides(), bt.getElemOffset(),
                           bt.getAllocatedAddr());
  return t;
}

/// Whether thread-distributed operands `a` and `b` put each tile element in
/// the same threads: the same buffer type up to its dtype, over the same box.
static bool sameDistribution(Value a, Value b) {
  if (a == b)
    return true;
  if (withoutDtype(a.getType()) != withoutDtype(b.getType()))
    return false;
  auto ra = a.getDefiningOp<RegionOp>(), rb = b.getDefiningOp<RegionOp>();
  if (!ra && !rb)
    return true;
  return ra && rb &&
         withoutDtype(ra.getBuffer().getType()) ==
             withoutDtype(rb.getBuffer().getType()) &&
         llvm::equal(ra.getMins(), rb.getMins());
}

/// The executing thread's id on thread axis `axis`, as a scope id of the
/// CTA's `threads` threads, or for a block axis of the grid or cluster in
/// force at `op` (tirx-lower-scope-ids binds it).
static Value ownAxisId(OpBuilder &b, Location loc, Operation *op,
                       StringRef axis, int64_t threads) {
  using A = layout::Axis;
  using K = ExecScopeKind;
  auto def = [&](K parent, K child, int64_t n) {
    return ScopeIdDefOp::create(b, loc, TypeRange{b.getIndexType()},
                                ExecScopeKindAttr::get(b.getContext(), parent),
                                ExecScopeKindAttr::get(b.getContext(), child),
                                b.getDenseI64ArrayAttr({n}), DenseI64ArrayAttr())
        .getIds()[0];
  };
  if (auto block = blockAxis(axis)) {
    // The CTA's id in the grid (cluster) on that dimension: the scope ids in
    // force give the extents (ownIdsDeclines checked they exist).
    SmallVector<int64_t> ext = *getCtaExtentsInForce(op, block->first);
    if (block->second >= ext.size())
      return cst(b, loc, 0);
    return ctaIdsInForce(b, loc, op, block->first).getIds()[block->second];
  }
  switch (*layout::symbolizeAxis(axis)) {
  case A::LaneId:
    return def(K::Warp, K::Thread, 32);
  case A::TidInWg:
    return def(K::Warpgroup, K::Thread, 128);
  case A::WidInWg:
    return def(K::Warpgroup, K::Warp, 4);
  case A::WarpId:
    return def(K::Cta, K::Warp, threads / 32);
  case A::WgId:
    return def(K::Cta, K::Warpgroup, threads / 128);
  default:
    return def(K::Cta, K::Thread, threads);
  }
}

/// Why the thread axes of `op`'s distributed operands cannot be read as
/// thread ids of a CTA of `threads` threads, or nullopt.
static Declines ownIdsDeclines(Operation *op, std::optional<int64_t> threads) {
  for (Value v : op->getOperands()) {
    for (const std::string &a : threadAxesOf(v)) {
      std::optional<layout::Axis> axis = layout::symbolizeAxis(a);
      bool warps = axis == layout::Axis::WarpId,
           groups = axis == layout::Axis::WgId ||
                    axis == layout::Axis::TidInWg ||
                    axis == layout::Axis::WidInWg;
      if ((warps || groups) && !threads)
        return "the thread axis " + a + " needs the CTA's thread count";
      if (warps && *threads % 32)
        return "the thread axis " + a + " needs whole warps (" +
               std::to_string(*threads) + " threads per CTA)";
      if (groups && *threads % 128)
        return "the thread axis " + a + " needs whole warpgroups (" +
               std::to_string(*threads) + " threads per CTA)";
      if (auto block = blockAxis(a);
          block && !getCtaExtentsInForce(op, block->first))
        return "the block axis " + a + " needs the " +
               (block->first == ExecScopeKind::Kernel
                    ? std::string("grid (a kernel -> cta")
                    : std::string("cluster's shape (a cluster -> cta")) +
               " scope id in force)";
    }
  }
  return std::nullopt;
}

/// Shared predicate of the per-thread loop implementations.
Declines genericAccepts(Operation *op, const Target &) {
  auto tile = cast<TilePrimitiveOpInterface>(op);
  ExecScopeKind scope = tile.getScopeKind();
  bool multiCta = scope == ExecScopeKind::Cluster || scope == ExecScopeKind::Kernel;
  // The threads of a cluster or grid: the loops stride over all of them.
  if (multiCta && (!ctasInScope(op, scope) || !getThreadsPerCtaInForce(op)))
    return stringifyExecScopeKind(scope).str() + " scope needs the " +
           (scope == ExecScopeKind::Cluster ? "cluster's shape (a cluster -> "
                                              "cta scope id)"
                                            : "grid (a kernel -> cta scope id)") +
           " and the CTA's threads in force";
  Value distributed;
  for (Value v : op->getOperands()) {
    if (!isa<BufferType, RegionType>(v.getType()))
      continue;
    if (scopeOf(v) == StorageScope::TMem)
      return std::string("tmem operands need tcgen05.ld/st");
    // Each CTA has its own shared memory: reaching the others' needs
    // distributed shared memory.
    if (multiCta && scopeOf(v) == StorageScope::Shared)
      return stringifyExecScopeKind(scope).str() +
             " scope on a shared operand needs distributed shared memory";
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
    if (!axesMatchScope(axes, tile.getScopeKind())) {
      std::string outside;
      for (const std::string &a : axes)
        if (!axisInScope(a, tile.getScopeKind()))
          outside = a;
      return "an operand is distributed over the thread axis " + outside +
             ", which the " +
             stringifyExecScopeKind(tile.getScopeKind()).str() +
             " scope does not contain (laneid: warp and up; tid_in_wg, "
             "wid_in_wg: warpgroup and up; warpid, wgid, tx: cta and up; "
             "cbx, cby, cbz: cluster and kernel; bx, by, bz: kernel)";
    }
    if (isa<ReduceOp>(op))
      return std::string("a reduction over lane-distributed tiles needs "
                         "shuffles (not implemented)");
    if (distributed && !sameDistribution(distributed, v))
      return std::string("operands distributed differently over the threads "
                         "need a data exchange (shuffles or shared memory)");
    distributed = v;
  }
  if (distributed)
    return ownIdsDeclines(op, getThreadsPerCtaInForce(op));
  return std::nullopt;
}

Declines genericLoopAccepts(Operation *op, const Target &t) {
  if (std::optional<int64_t> vec = getConfigVec(op); vec && *vec > 1)
    return "config vec = " + std::to_string(*vec) +
           " asks for vector accesses; the generic loop is element-wise";
  return genericAccepts(op, t);
}

/// Thread-replica digits of `tile`: one tuple per combination of its replica
/// iters on thread axes (memory replicas stay 0; the store lowering writes
/// them). The first tuple is all 0.
static SmallVector<SmallVector<int64_t>>
threadReplicaDigits(const layout::TileLayout &tile) {
  SmallVector<SmallVector<int64_t>> result;
  SmallVector<int64_t> digits(tile.replica.size(), 0);
  for (;;) {
    result.push_back(digits);
    size_t k = 0;
    for (; k < digits.size(); ++k) {
      if (!layout::isThreadAxis(tile.replica[k].axis))
        continue;
      if (++digits[k] < tile.replica[k].extent)
        break;
      digits[k] = 0;
    }
    if (k == digits.size())
      return result;
  }
}

namespace {
/// A thread-distributed buffer seen from one thread: its registers, each
/// with the element it holds as a constant coordinate plus a part that
/// depends only on the thread's ids (the digits of the thread-axis iters).
struct OwnedRegisters {
  struct ThreadDigit {
    std::string axis;
    int64_t stride, extent, dim, weight;
  };
  /// Per register: the constant part of its element's coordinate.
  SmallVector<SmallVector<int64_t>> constant;
  SmallVector<ThreadDigit> threadDigits;
};
} // namespace

/// The ids of thread axis `axis` in a CTA of `threads` threads (a block
/// axis: in the grid or cluster in force at `op`).
static int64_t axisIdCount(Operation *op, StringRef axis, int64_t threads) {
  using A = layout::Axis;
  if (auto block = blockAxis(axis)) {
    SmallVector<int64_t> ext = *getCtaExtentsInForce(op, block->first);
    return block->second < ext.size() ? ext[block->second] : 1;
  }
  switch (*layout::symbolizeAxis(axis)) {
  case A::LaneId: return 32;
  case A::TidInWg: return 128;
  case A::WidInWg: return 4;
  case A::WarpId: return threads / 32;
  case A::WgId: return threads / 128;
  default: return threads;
  }
}

/// The registers of `type` in each thread, when its layout is one tile with
/// neither replicas nor thread offsets, whose iters split along the
/// dimensions, and whose thread-axis iters number each axis's ids exactly
/// once (so every thread owns one element per register); else nullopt.
static std::optional<OwnedRegisters>
ownedRegisters(Operation *op, BufferType type, int64_t threads) {
  auto attr = type.getLayoutInterface();
  if (!attr)
    return std::nullopt;
  layout::Layout algebra = attr.getAlgebra();
  const layout::TileLayout *tile = algebra.getTile();
  if (!tile || !tile->replica.empty() ||
      llvm::any_of(tile->offset, [](const layout::Offset &o) { return o.value; }))
    return std::nullopt;
  // Innermost iters first: each dimension is a run of whole iters.
  ArrayRef<int64_t> shape = type.getShape();
  SmallVector<int64_t> dimOf(tile->shard.size()), weightOf(tile->shard.size());
  int64_t dim = shape.size() - 1, inDim = 1;
  for (int64_t k = tile->shard.size() - 1; k >= 0; --k) {
    while (dim >= 0 && inDim == shape[dim]) {
      --dim;
      inDim = 1;
    }
    if (dim < 0 || shape[dim] % (inDim * tile->shard[k].extent))
      return std::nullopt;
    dimOf[k] = dim;
    weightOf[k] = inDim;
    inDim *= tile->shard[k].extent;
  }
  while (dim >= 0 && inDim == shape[dim]) {
    --dim;
    inDim = 1;
  }
  if (dim >= 0)
    return std::nullopt;
  OwnedRegisters owned;
  std::map<std::string, SmallVector<std::pair<int64_t, int64_t>>> radix;
  SmallVector<int64_t> memoryIters;
  for (auto [k, it] : llvm::enumerate(tile->shard)) {
    if (it.axis == layout::Axis::M) {
      memoryIters.push_back(k);
      continue;
    }
    if (!layout::isThreadAxis(it.axis))
      return std::nullopt;
    std::string axis = layout::axisName(it.axis);
    owned.threadDigits.push_back(
        {axis, it.stride, it.extent, dimOf[k], weightOf[k]});
    radix[axis].push_back({it.stride, it.extent});
  }
  // Each axis's iters, by stride, must be the mixed-radix digits of its ids.
  for (auto &[axis, iters] : radix) {
    llvm::sort(iters);
    int64_t next = 1;
    for (auto [stride, extent] : iters) {
      if (stride != next)
        return std::nullopt;
      next *= extent;
    }
    if (next != axisIdCount(op, axis, threads))
      return std::nullopt;
  }
  SmallVector<int64_t> digit(memoryIters.size(), 0);
  for (;;) {
    SmallVector<int64_t> c(shape.size(), 0);
    for (auto [i, k] : llvm::enumerate(memoryIters))
      c[dimOf[k]] += digit[i] * weightOf[k];
    owned.constant.push_back(c);
    size_t i = 0;
    for (; i < digit.size(); ++i) {
      if (++digit[i] < tile->shard[memoryIters[i]].extent)
        break;
      digit[i] = 0;
    }
    if (i == digit.size())
      return owned;
  }
}

/// The registers of `regs` whose elements lie in the block at `mins` of
/// extents `shape` in every thread, or nullopt when that depends on the
/// thread (a block that cuts through the elements one register holds across
/// the threads).
static std::optional<SmallVector<ArrayRef<int64_t>>>
registersInBlock(const OwnedRegisters &regs, ArrayRef<int64_t> mins,
                 ArrayRef<int64_t> shape) {
  // The largest thread part of a coordinate, per dimension.
  SmallVector<int64_t> span(shape.size(), 0);
  for (const OwnedRegisters::ThreadDigit &t : regs.threadDigits)
    span[t.dim] += (t.extent - 1) * t.weight;
  SmallVector<ArrayRef<int64_t>> inside;
  for (ArrayRef<int64_t> c : regs.constant) {
    bool in = true, out = false;
    for (size_t d = 0; d < shape.size(); ++d) {
      int64_t lo = c[d], hi = c[d] + span[d];
      if (hi < mins[d] || lo >= mins[d] + shape[d])
        out = true;
      else if (lo < mins[d] || hi >= mins[d] + shape[d])
        in = false;
    }
    if (out)
      continue;
    if (!in)
      return std::nullopt;
    inside.push_back(c);
  }
  return inside;
}

/// Registers per thread up to which a register tile's element loop is
/// unrolled (each register then has a constant index).
constexpr size_t kMaxUnrolledRegisters = 1024;

/// The per-element loop of a generic implementation: strided over the
/// threads of the scope, or, when an operand is distributed over threads,
/// over all elements with each one handled by the threads holding it (every
/// thread axis of one of its locations is the thread's own id).
void emitTileLoop(OpBuilder &b, Location loc, Operation *op,
                  ExecScopeKind scope, ArrayRef<int64_t> shape,
                  function_ref<void(OpBuilder &, ValueRange)> body) {
  Value owned = laneDistributedOperand(op);
  if (!owned) {
    auto [tid, count] = threadsInScope(b, loc, op, scope);
    return emitElementLoop(b, loc, tid, count, shape, body);
  }
  TileAccess access = getAccess(b, loc, owned);
  BufferType type = bufferTypeOf(owned);
  int64_t threads = getThreadsPerCtaInForce(op).value_or(32);
  // A register tile, or a block of one at constant offsets: each thread
  // visits only its own registers in it, one unrolled step each, so every
  // register has a constant index (tirx-lower-layouts folds it) and the
  // buffer needs no stack frame.
  std::optional<OwnedRegisters> regs = ownedRegisters(op, type, threads);
  SmallVector<int64_t> mins;
  for (Value m : access.mins)
    if (std::optional<int64_t> c = getConstantIntValue(m))
      mins.push_back(*c);
  std::optional<SmallVector<ArrayRef<int64_t>>> inside;
  if (regs && mins.size() == access.mins.size() &&
      dropLeadingOnes(access.shape) == dropLeadingOnes(shape) &&
      regs->constant.size() <= kMaxUnrolledRegisters)
    inside = registersInBlock(*regs, mins, access.shape);
  if (inside) {
    std::map<std::string, Value> ids;
    SmallVector<Value> threadPart(shape.size(), cst(b, loc, 0));
    for (const OwnedRegisters::ThreadDigit &t : regs->threadDigits) {
      Value &id = ids[t.axis];
      if (!id)
        id = ownAxisId(b, loc, op, t.axis, threads);
      Value d = b.createOrFold<arith::DivUIOp>(loc, id, cst(b, loc, t.stride));
      // The axis's top digit needs no remainder: ids stop below its end.
      if (t.stride * t.extent != axisIdCount(op, t.axis, threads))
        d = b.createOrFold<arith::RemUIOp>(loc, d, cst(b, loc, t.extent));
      threadPart[t.dim] = b.createOrFold<arith::AddIOp>(
          loc, threadPart[t.dim],
          b.createOrFold<arith::MulIOp>(loc, d, cst(b, loc, t.weight)));
    }
    // Coordinates in the block: the register's element less the block's
    // offset, in the loop's rank (the two differ only in unit dimensions,
    // where the coordinate is 0).
    for (ArrayRef<int64_t> c : *inside) {
      SmallVector<Value> inBlock;
      for (auto [part, k, m] : llvm::zip(threadPart, c, mins))
        inBlock.push_back(
            b.createOrFold<arith::AddIOp>(loc, part, cst(b, loc, k - m)));
      SmallVector<Value> coord;
      int64_t extra = int64_t(shape.size()) - int64_t(inBlock.size());
      for (int64_t d = 0; d < extra; ++d)
        coord.push_back(cst(b, loc, 0));
      coord.append(inBlock.begin() + std::max<int64_t>(0, -extra), inBlock.end());
      body(b, coord);
    }
    return;
  }
  layout::Layout algebra = type.getLayoutInterface().getAlgebra();
  SmallVector<SmallVector<int64_t>> replicas;
  if (const layout::TileLayout *tile = algebra.getTile())
    replicas = threadReplicaDigits(*tile);
  else
    replicas.push_back({});
  std::map<std::string, Value> own;
  for (const std::string &axis : threadAxesOf(owned))
    own[axis] = ownAxisId(b, loc, op, axis, threads);
  emitElementLoop(b, loc, cst(b, loc, 0), 1, shape, [&](OpBuilder &nb,
                                                        ValueRange coord) {
    SmallVector<Value> full = offsetCoord(nb, loc, access, coord);
    Value mine;
    for (ArrayRef<int64_t> replica : replicas) {
      auto where = emitLayoutApply(nb, loc, type.getLayoutInterface(),
                                   type.getShape(), full, replica);
      Value here;
      for (auto &[axis, id] : own) {
        Value eq = arith::CmpIOp::create(nb, loc, arith::CmpIPredicate::eq,
                                         (*where)[axis], id);
        here = here ? arith::AndIOp::create(nb, loc, here, eq) : eq;
      }
      mine = mine ? arith::OrIOp::create(nb, loc, mine, here) : here;
    }
    auto ifOp = scf::IfOp::create(nb, loc, mine, /*withElseRegion=*/false);
    OpBuilder::InsertionGuard guard(nb);
    nb.setInsertionPointToStart(ifOp.thenBlock());
    body(nb, coord);
  });
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
bool isKnownMultipleOf(Value v, int64_t w, int depth) {
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
  // Registers have no 16-byte alignment to rely on. Another CTA's shared
  // memory (a cluster view) is this CTA's layout at the peer's offset.
  if (type.getScope() != StorageScope::Global &&
      type.getScope() != StorageScope::Shared &&
      type.getScope() != StorageScope::SharedCluster)
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
  // A view starts where the buffer it views starts, with its strides.
  Value buffer = operand;
  if (auto region = operand.getDefiningOp<RegionOp>())
    buffer = region.getBuffer();
  else if (!isa<BufferType>(operand.getType()))
    return std::string("the operand's buffer is not known");
  if ((type.getElemOffset() + getInheritedElemOffset(buffer)) % w)
    return std::string("elem_offset breaks the alignment");
  if (!type.getLayout()) {
    // Row-major or strided: unit stride last, other strides aligned.
    SmallVector<int64_t> strides = getInheritedStrides(buffer);
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
  // A region at constant mins is checked on its slice, the elements the
  // call touches: a swizzle's row 0, say, is contiguous where the whole
  // buffer is not, and a small box of a large buffer tabulates cheaply.
  LayoutAttrInterface layout = type.getLayoutInterface();
  ArrayRef<int64_t> shape = type.getShape();
  if (auto region = operand.getDefiningOp<RegionOp>())
    if (LayoutAttrInterface sliced =
            getConstantRegionLayout(type, region.getMins(), box)) {
      layout = sliced;
      shape = box;
    }
  int64_t count = 1;
  for (int64_t e : shape)
    count *= e;
  if (count > (int64_t(1) << 20))
    return std::string("the layout is too large to check for contiguity");
  auto table = getLayoutTable(layout, shape);
  if (!table)
    return "cannot tabulate the layout: " + table.error();
  for (int64_t start = 0; start < count; start += w) {
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

Declines descriptorOffsetDeclines(Value operand, StringRef name) {
  // The descriptors address whole 8-row swizzle atoms (1024 bytes) and step
  // K by 16 elements (32 bytes) inside them: a region must start on both.
  BufferType t = bufferTypeOf(operand);
  if (t.getShape().size() >= 2 && t.getShape()[t.getShape().size() - 2] % 8)
    return (name + " must have a multiple of 8 rows (whole swizzle atoms)").str();
  if (auto region = operand.getDefiningOp<RegionOp>()) {
    ValueRange mins = region.getMins();
    if (!isKnownMultipleOf(mins[mins.size() - 2], 8))
      return (name + "'s row offset is not known to be a multiple of 8 (the "
                     "descriptor addresses whole 8-row swizzle atoms)")
          .str();
    if (!isKnownMultipleOf(mins.back(), 16))
      return (name + "'s K offset is not known to be a multiple of 16")
          .str();
  }
  return std::nullopt;
}

ArrayRef<int64_t> dropLeadingOnes(ArrayRef<int64_t> s) {
  while (s.size() > 1 && s.front() == 1)
    s = s.drop_front();
  return s;
}

Value loadScalarOperand(OpBuilder &b, Location loc, Value v) {
  if (!isPointRegion(v.getType()))
    return v;
  TileAccess access = getAccess(b, loc, v);
  SmallVector<Value> zeros(access.shape.size(), cst(b, loc, 0));
  return load(b, loc, access, zeros);
}

std::optional<int64_t> getConfigVec(Operation *op) {
  if (TileConfigAttr config =
          cast<TilePrimitiveOpInterface>(op).getTileConfig())
    return config.getVec();
  return std::nullopt;
}

int64_t copyVectorWidth(Operation *op) {
  if (std::optional<int64_t> vec = getConfigVec(op))
    return *vec;
  return vectorWidth(getTileElementType(op->getOperand(0).getType()));
}

Declines runCopyDeclines(Value dst, Value src, StringRef unit, int64_t w) {
  if (!threadAxesOf(dst).empty() || !threadAxesOf(src).empty())
    return std::string("lane-distributed operands are copied element-wise");
  if (dropLeadingOnes(getTileShape(dst.getType())) !=
      dropLeadingOnes(getTileShape(src.getType())))
    return std::string("dst and src boxes differ in shape");
  Type elem = getTileElementType(dst.getType());
  if (w) {
    // An explicit width: at most one 16-byte access, more than one element.
    if (w < 2)
      return std::string("config vec = 1 asks for scalar accesses");
    if (w * elem.getIntOrFloatBitWidth() > 128)
      return "config vec = " + std::to_string(w) +
             " exceeds a 16-byte access of this dtype";
  } else {
    w = vectorWidth(elem);
  }
  if (w < 2)
    return ("the dtype does not pack into 16-byte " + unit).str();
  if (Declines why = vectorAccessDeclines(dst, w))
    return "dst: " + *why;
  if (Declines why = vectorAccessDeclines(src, w))
    return "src: " + *why;
  return std::nullopt;
}

void emitRunLoop(OpBuilder &b, Location loc, Operation *op, ExecScopeKind scope,
                 const TileAccess &dst, const TileAccess &src, int64_t w,
                 function_ref<void(OpBuilder &, ValueRange, ValueRange)> body) {
  // The last dimension counted in runs of w.
  SmallVector<int64_t> runs(dst.shape.begin(), dst.shape.end());
  runs.back() /= w;
  auto [tid, count] = threadsInScope(b, loc, op, scope);
  emitElementLoop(b, loc, tid, count, runs, [&](OpBuilder &nb, ValueRange run) {
    SmallVector<Value> coord(run.begin(), run.end());
    coord.back() =
        nb.createOrFold<arith::MulIOp>(loc, coord.back(), cst(nb, loc, w));
    // src may have another shape with the same runs: walk both row-major.
    SmallVector<Value> srcCoord = coord;
    if (src.shape != dst.shape)
      srcCoord = delinearize(nb, loc, linearize(nb, loc, coord, dst.shape),
                             src.shape);
    body(nb, coord, srcCoord);
  });
}

} // namespace uop::tirx::dispatch
