//===- LowerLayouts.cpp - tirx-lower-layouts ------------------------------===//
//
// Logical coordinates become flat element offsets through the buffer's
// layout (or its strides and elem_offset), using the same emitLayoutApply
// the unit tests check against the integer algebra. Accesses through a
// decl_buffer view address the storage of the buffer it views, from where
// that buffer starts. Each accessed storage gets one flat 1-D view (a
// decl_buffer sharing its data); a store writes every memory replica.
// An access to a thread-distributed buffer (a layout with thread axes) must
// address an element the executing thread owns: the pass proves it on
// linear forms of the coordinates, or reports the access.
//
//===----------------------------------------------------------------------===//

#include "uop/Dialect/TIRx/IR/TIRxViews.h"
#include "uop/Dialect/TIRx/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/TypeSwitch.h"
#include <set>

namespace uop::tirx {
#define GEN_PASS_DEF_TIRXLOWERLAYOUTS
#include "uop/Dialect/TIRx/Transforms/Passes.h.inc"
} // namespace uop::tirx

using namespace mlir;
using namespace uop::tirx;

namespace {

bool isFlat(BufferType t) {
  return t.getShape().size() == 1 && !t.getLayout() && t.getStrides().empty() &&
         t.getElemOffset() == 0;
}

/// The flat element offset of `coord` in the storage of `buffer`'s root
/// (getStorageRoot), on replica `replica` of its layout (emitLayoutApply).
/// A view starts where the buffer it views starts and, without a layout or
/// strides of its own, uses that buffer's strides (the seed's views inherit
/// elem_offset and strides).
FailureOr<Value> offsetOf(OpBuilder &b, Location loc, Value buffer,
                          ValueRange coord, ArrayRef<int64_t> replica = {}) {
  auto type = cast<BufferType>(buffer.getType());
  Value offset;
  if (auto layout = type.getLayoutInterface()) {
    FailureOr<std::map<std::string, Value>> m =
        emitLayoutApply(b, loc, layout, type.getShape(), coord, replica);
    if (failed(m))
      return failure();
    // A layout only on thread axes leaves each thread one element.
    offset = m->count(layout::kMemoryAxis)
                 ? m->at(layout::kMemoryAxis)
                 : arith::ConstantIndexOp::create(b, loc, 0).getResult();
  } else {
    offset = arith::ConstantIndexOp::create(b, loc, 0);
    ArrayRef<int64_t> shape = type.getShape();
    SmallVector<int64_t> strides = getInheritedStrides(buffer);
    if (strides.empty()) {
      strides.assign(shape.size(), 1);
      for (int64_t d = shape.size() - 2; d >= 0; --d)
        strides[d] = strides[d + 1] * shape[d + 1];
    }
    for (auto [c, s] : llvm::zip(coord, strides))
      offset = b.createOrFold<arith::AddIOp>(
          loc, offset,
          b.createOrFold<arith::MulIOp>(
              loc, c, arith::ConstantIndexOp::create(b, loc, s)));
  }
  if (int64_t origin = type.getElemOffset() + getInheritedElemOffset(buffer))
    offset = b.createOrFold<arith::AddIOp>(
        loc, offset, arith::ConstantIndexOp::create(b, loc, origin));
  return offset;
}

/// Replica digits of every memory location of an element but the first:
/// one tuple per combination of the layout's replica iters on `m` (iters on
/// thread axes stay 0: those copies live in other threads, which store them
/// themselves). A store writes each.
SmallVector<SmallVector<int64_t>> otherMemoryReplicas(BufferType type) {
  SmallVector<SmallVector<int64_t>> result;
  auto attr = type.getLayoutInterface();
  if (!attr)
    return result;
  layout::Layout algebra = attr.getAlgebra();
  const layout::TileLayout *tile = algebra.getTile();
  if (!tile || tile->replica.empty())
    return result;
  SmallVector<int64_t> digits(tile->replica.size(), 0);
  for (;;) {
    // Odometer over the memory-axis iters.
    size_t k = 0;
    for (; k < digits.size(); ++k) {
      const layout::Iter &it = tile->replica[k];
      if (it.axis != layout::Axis::M)
        continue;
      if (++digits[k] < it.extent)
        break;
      digits[k] = 0;
    }
    if (k == digits.size())
      return result;
    result.push_back(digits);
  }
}

//===----------------------------------------------------------------------===//
// Ownership of thread-distributed elements
//===----------------------------------------------------------------------===//

/// Proves that accesses to thread-distributed buffers stay in the executing
/// thread's own elements, by evaluation: every thread of the CTA (and every
/// value of the other free variables of the indices: loop variables with
/// constant bounds, block ids with known extents) computes the indices, the
/// layout maps them (layout::apply, the algebra the unit tests check), and
/// the thread axes must come out as that thread's ids. Thread ids are read
/// as tirx-lower-scope-ids binds them (laneid = tx % 32, warpid = tx / 32,
/// ...), from scope_id_def or from gpu.thread_id x / gpu.lane_id after it.
class OwnershipProver {
public:
  explicit OwnershipProver(PrimFuncOp fn) {
    auto *dialect = fn->getContext()->getLoadedDialect<TIRxDialect>();
    if (auto dims = dialect->getBlockDimsAttrHelper().getAttr(fn))
      threads = dims.asArrayRef().empty() ? 1 : dims.asArrayRef()[0];
    fn.walk([&](ScopeIdDefOp def) {
      if (std::optional<int64_t> n = def.getThreadsPerCta())
        threads = std::max<int64_t>(threads ? threads : 0, *n);
    });
    if (!threads)
      threads = 1024;
    // The CTA ids of the grid and cluster (the block axes), recorded by
    // tirx-lower-scope-ids; the first value of each is its representative.
    if (auto dims = dialect->getGridDimsAttrHelper().getAttr(fn))
      ctaExtents[0].assign(dims.asArrayRef().begin(), dims.asArrayRef().end());
    if (auto dims = dialect->getClusterDimsAttrHelper().getAttr(fn))
      ctaExtents[1].assign(dims.asArrayRef().begin(), dims.asArrayRef().end());
    fn.walk([&](Operation *op) {
      for (Value v : op->getResults())
        if (auto key = ctaIdOf(v))
          representative.try_emplace(*key, v);
    });
  }

  /// The first thread axis on which the element at `coord` of a buffer of
  /// `type` is not provably the executing thread's, or nullopt when every
  /// one is. Axes only replica iters use hold a copy in each thread along
  /// them and are not checked. When every case that runs the access finds
  /// the element at one memory offset (a register-tile access whose
  /// coordinates differ between threads only by their own elements), that
  /// offset goes to `sameOffset`: the access then needs no layout
  /// arithmetic, and a local buffer indexed only by constants stays in
  /// registers instead of a stack frame.
  std::optional<std::string> notOwnAxis(Operation *access, BufferType type,
                                        ValueRange coord,
                                        std::optional<int64_t> &sameOffset) {
    sameOffset.reset();
    auto attr = type.getLayoutInterface();
    if (!attr)
      return std::nullopt;
    layout::Layout algebra = attr.getAlgebra();
    if (!algebra.getTile())
      return std::nullopt;
    Query q;
    q.tile = *algebra.getTile();
    q.distributed = distributedAxes(q.tile);
    if (q.distributed.empty())
      return std::nullopt;
    // Memory replicas do not move thread axes: leave them out.
    llvm::erase_if(q.tile.replica, [](const layout::Iter &it) {
      return !layout::isThreadAxis(it.axis);
    });
    if (std::optional<std::string> axis =
            collectFreeVariables(q, access, coord))
      return axis;
    q.shape.assign(type.getShape().begin(), type.getShape().end());
    q.threadReplicas = !q.tile.replica.empty();
    compileQuery(q, coord);
    // The memory offset of every case so far: unset before the first, and
    // nullopt once two differ (or the layout has memory replicas, whose
    // other offsets the store lowering derives from the coordinates).
    if (q.threadReplicas || !algebra.getTile()->replica.empty())
      q.offset = std::optional<int64_t>();
    for (int64_t tx = 0; tx < threads; ++tx)
      if (std::optional<std::string> axis = notOwnInThread(q, tx))
        return axis;
    if (q.offset)
      sameOffset = *q.offset;
    return std::nullopt;
  }

private:
  /// A free variable's values: first + k * step for k < count.
  struct Leaf {
    int64_t count = 1, first = 0, step = 1;
  };

  /// One access under check: its layout (without memory replicas), the free
  /// variables of its indices and guards, and their compiled nodes.
  struct Query {
    layout::TileLayout tile;
    layout::Shape shape;
    /// The thread axes the layout distributes the buffer over.
    std::set<std::string> distributed;
    /// The block axes among them, with the CTA id each reads.
    SmallVector<std::pair<std::string, Value>> blockIds;
    /// Enclosing scf.if conditions, and whether the access is in the then
    /// region.
    SmallVector<std::pair<Value, bool>> guards;
    SmallVector<std::pair<Value, Leaf>> vars;
    SmallVector<int> coordNode, guardNode;
    /// Whether an element sits in several threads (replica iters on thread
    /// axes): then it is owned when one of its locations is.
    bool threadReplicas = false;
    /// The memory offset of every case so far (see notOwnAxis).
    std::optional<std::optional<int64_t>> offset;

    /// The axis reported when the access cannot be checked at all.
    const std::string &first() const { return *distributed.begin(); }
  };

  /// The thread axes a tile layout spreads the elements over: those of its
  /// shard iters and its nonzero offsets.
  static std::set<std::string> distributedAxes(const layout::TileLayout &tile) {
    std::set<std::string> distributed;
    for (const layout::Iter &it : tile.shard)
      if (layout::isThreadAxis(it.axis))
        distributed.insert(layout::axisName(it.axis));
    for (const layout::Offset &o : tile.offset)
      if (layout::isThreadAxis(o.axis) && o.value)
        distributed.insert(layout::axisName(o.axis));
    return distributed;
  }

  /// The free variables of the indices and their ranges (into `leaves`),
  /// the CTA ids of the block axes and the evaluable guards; an axis when
  /// a variable has no known finite range or the cases are too many to
  /// check.
  std::optional<std::string> collectFreeVariables(Query &q, Operation *access,
                                                  ValueRange coord) {
    leaves.clear();
    for (Value c : coord)
      if (!collect(c, 0))
        return q.first();
    // Block axes: the CTA's ids are free variables too, whether the indices
    // read them or not (then every CTA must find its own elements).
    for (const std::string &axis : q.distributed) {
      std::optional<CtaId> key = blockAxisKey(axis);
      if (!key)
        continue;
      auto rep = representative.find(*key);
      if (rep == representative.end() || !collect(rep->second, 0))
        return axis;
      q.blockIds.push_back({axis, rep->second});
    }
    collectGuards(q, access);
    int64_t cases = threads;
    for (auto &leaf : leaves) {
      cases *= leaf.second.count;
      if (cases > kMaxCases)
        return q.first();
    }
    return std::nullopt;
  }

  /// Enclosing scf.if conditions (the owner test of a generic tile loop):
  /// cases where one fails do not run the access. A condition that cannot
  /// be evaluated is left out, which only checks more cases.
  void collectGuards(Query &q, Operation *access) {
    for (Operation *p = access; p && !isa<PrimFuncOp>(p);
         p = p->getParentOp()) {
      auto ifOp = dyn_cast_or_null<scf::IfOp>(p->getParentOp());
      if (!ifOp)
        continue;
      auto saved = leaves;
      if (collect(ifOp.getCondition(), 0))
        q.guards.push_back({ifOp.getCondition(),
                            p->getParentRegion() == &ifOp.getThenRegion()});
      else
        leaves = std::move(saved);
    }
  }

  /// The node lists of the coordinates and guards, over the free variables
  /// in `leaves` order.
  void compileQuery(Query &q, ValueRange coord) {
    q.vars.assign(leaves.begin(), leaves.end());
    nodes.clear();
    nodeOf.clear();
    leafIndex.clear();
    for (auto [i, v] : llvm::enumerate(q.vars))
      leafIndex[v.first] = i;
    for (Value c : coord)
      q.coordNode.push_back(compile(c));
    for (auto &g : q.guards)
      q.guardNode.push_back(compile(g.first));
  }

  /// Every case of thread `tx`, an odometer over the other free variables:
  /// the first axis a case that runs the access does not own.
  std::optional<std::string> notOwnInThread(Query &q, int64_t tx) {
    SmallVector<int64_t> digit(q.vars.size(), 0), leafValue(q.vars.size()), val;
    for (;;) {
      for (auto [i, v] : llvm::enumerate(q.vars))
        leafValue[i] = v.second.first + digit[i] * v.second.step;
      if (!run(tx, leafValue, val))
        return q.first();
      if (std::optional<std::string> axis = notOwnInCase(q, tx, leafValue, val))
        return axis;
      size_t k = 0;
      for (; k < q.vars.size(); ++k) {
        if (++digit[k] < q.vars[k].second.count)
          break;
        digit[k] = 0;
      }
      if (k == q.vars.size())
        return std::nullopt;
    }
  }

  /// One case, its nodes evaluated into `val`: nothing when a guard keeps
  /// it from running the access, else the first axis whose coordinate is
  /// not the thread's own (and the memory offset joins `q.offset`).
  std::optional<std::string> notOwnInCase(Query &q, int64_t tx,
                                          ArrayRef<int64_t> leafValue,
                                          ArrayRef<int64_t> val) {
    bool runs = llvm::all_of(llvm::zip(q.guards, q.guardNode), [&](auto g) {
      return (val[std::get<1>(g)] != 0) == std::get<0>(g).second;
    });
    if (!runs)
      return std::nullopt;
    layout::Coord point;
    for (int c : q.coordNode)
      point.push_back(val[c]);
    std::map<std::string, int64_t> mine = ownIds(tx);
    for (auto &[axis, v] : q.blockIds)
      mine[axis] = leafValue[leafIndex.lookup(v)];
    if (q.threadReplicas)
      return notOwnReplicas(q, point, mine);
    // One location: its thread axes straight from the digits.
    std::optional<int64_t> at;
    if (std::optional<std::string> axis =
            notOwnDigits(q.tile, q.shape, point, q.distributed, mine, at))
      return axis;
    if (!q.offset)
      q.offset = at;
    else if (*q.offset != at)
      q.offset = std::optional<int64_t>();
    return std::nullopt;
  }

  /// With thread replicas the element is the thread's when, on every
  /// distributed axis, one of its locations is.
  static std::optional<std::string>
  notOwnReplicas(const Query &q, const layout::Coord &point,
                 const std::map<std::string, int64_t> &mine) {
    auto locations = layout::apply(q.tile, q.shape, point);
    if (!locations.ok())
      return q.first();
    for (const std::string &axis : q.distributed) {
      auto own = mine.find(axis);
      if (own == mine.end() ||
          !llvm::any_of(*locations, [&](const layout::Location &l) {
            auto it = l.find(axis);
            return (it == l.end() ? 0 : it->second) == own->second;
          }))
        return axis;
    }
    return std::nullopt;
  }

private:
  static constexpr int64_t kMaxCases = 1 << 20;

  /// The layout's value on each distributed axis at `point` (no replicas),
  /// compared with the thread's `mine`: the first axis that differs. The
  /// memory offset goes to `memory`.
  static std::optional<std::string>
  notOwnDigits(const layout::TileLayout &tile, const layout::Shape &shape,
               const layout::Coord &point,
               const std::set<std::string> &distributed,
               const std::map<std::string, int64_t> &mine,
               std::optional<int64_t> &memory) {
    int64_t flat = 0;
    for (auto [d, c] : llvm::zip(shape, point)) {
      if (c < 0 || c >= d)
        return *distributed.begin();
      flat = flat * d + c;
    }
    std::map<std::string, int64_t> value;
    int64_t divisor = 1;
    for (const layout::Iter &it : llvm::reverse(tile.shard)) {
      value[layout::axisName(it.axis)] +=
          flat / divisor % it.extent * it.stride;
      divisor *= it.extent;
    }
    for (const layout::Offset &o : tile.offset)
      value[layout::axisName(o.axis)] += o.value;
    for (const std::string &axis : distributed) {
      auto own = mine.find(axis);
      if (own == mine.end() || own->second != value[axis])
        return axis;
    }
    memory = value[layout::kMemoryAxis];
    return std::nullopt;
  }

  /// This thread's id on each thread axis (blocks from `env`).
  static std::map<std::string, int64_t> ownIds(int64_t tx) {
    std::map<std::string, int64_t> ids = {
        {"laneid", tx % 32},          {"warpid", tx / 32},
        {"wgid", tx / 128},           {"tid_in_wg", tx % 128},
        {"wid_in_wg", tx % 128 / 32}, {"tx", tx}};
    return ids;
  }

  /// A CTA id: of the grid (0) or the cluster (1), and the dimension.
  using CtaId = std::pair<int, unsigned>;

  /// Which CTA id `v` is (gpu.block_id / cluster_block_id, or the
  /// kernel -> cta / cluster -> cta scope id they lower from), if one.
  static std::optional<CtaId> ctaIdOf(Value v) {
    Operation *def = v.getDefiningOp();
    if (auto b = dyn_cast_or_null<gpu::BlockIdOp>(def))
      return CtaId{0, static_cast<unsigned>(b.getDimension())};
    if (auto b = dyn_cast_or_null<gpu::ClusterBlockIdOp>(def))
      return CtaId{1, static_cast<unsigned>(b.getDimension())};
    if (auto scope = dyn_cast_or_null<ScopeIdDefOp>(def);
        scope && scope.getChild() == ExecScopeKind::Cta &&
        (scope.getParent() == ExecScopeKind::Kernel ||
         scope.getParent() == ExecScopeKind::Cluster))
      return CtaId{scope.getParent() == ExecScopeKind::Kernel ? 0 : 1,
                   cast<OpResult>(v).getResultNumber()};
    return std::nullopt;
  }

  /// The CTA id a block axis (bx..bz, cbx..cbz) reads, or nullopt.
  static std::optional<CtaId> blockAxisKey(StringRef axis) {
    static constexpr const char *names[2][3] = {{"bx", "by", "bz"},
                                                {"cbx", "cby", "cbz"}};
    for (int k = 0; k < 2; ++k)
      for (unsigned d = 0; d < 3; ++d)
        if (axis == names[k][d])
          return CtaId{k, d};
    return std::nullopt;
  }

  /// The representative of `v`: one value per CTA id, so that two reads of
  /// the same id are one free variable.
  Value canonical(Value v) {
    if (auto key = ctaIdOf(v))
      if (auto it = representative.find(*key); it != representative.end())
        return it->second;
    return v;
  }

  /// Records the free variables `v` depends on; false when one has no
  /// known finite range.
  bool collect(Value v, int depth) {
    if (depth > 64)
      return false;
    if (std::optional<CtaId> key = ctaIdOf(v)) {
      // A CTA id ranges over the grid's (the cluster's) extent on its
      // dimension: 1 past the recorded dimensions.
      int64_t extent = 1;
      if (auto scope = v.getDefiningOp<ScopeIdDefOp>())
        extent = scope.getExtents()[key->second];
      else if (ctaExtents[key->first].empty())
        return false; // no recorded grid (none, or a free one: any size)
      else if (key->second < ctaExtents[key->first].size())
        extent = ctaExtents[key->first][key->second];
      if (ShapedType::isDynamic(extent))
        return false;
      leaves[canonical(v)] = {extent, 0, 1};
      return true;
    }
    if (getConstantIntValue(v) || isThreadId(v))
      return true;
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
      if (!loop || arg != loop.getInductionVar())
        return false;
      auto lb = getConstantIntValue(loop.getLowerBound());
      auto ub = getConstantIntValue(loop.getUpperBound());
      auto step = getConstantIntValue(loop.getStep());
      if (!lb || !ub || !step || *step <= 0 || *ub <= *lb)
        return false;
      leaves[v] = {(*ub - *lb + *step - 1) / *step, *lb, *step};
      return true;
    }
    Operation *def = v.getDefiningOp();
    if (auto scope = dyn_cast<ScopeIdDefOp>(def)) {
      // Block ids do not depend on the thread: free, over their extents.
      unsigned i = cast<OpResult>(v).getResultNumber();
      if (ShapedType::isDynamic(scope.getExtents()[i]))
        return false;
      leaves[v] = {scope.getExtents()[i], 0, 1};
      return true;
    }
    if (broadcastLane(def))
      return collect(cast<NVVM::ShflOp>(def).getVal(), depth + 1);
    if (!isa<arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::DivUIOp,
             arith::RemUIOp, arith::DivSIOp, arith::RemSIOp, arith::AndIOp,
             arith::OrIOp, arith::XOrIOp, arith::ShLIOp, arith::ShRUIOp,
             arith::MinUIOp, arith::MaxUIOp, arith::IndexCastOp,
             arith::IndexCastUIOp, arith::CmpIOp>(def))
      return false;
    for (Value o : def->getOperands())
      if (!collect(o, depth + 1))
        return false;
    return true;
  }

  /// The source lane of a full-warp `shfl.sync idx` from a constant lane
  /// (how tirx-lower-scope-ids makes warp ids warp-uniform), or nullopt.
  static std::optional<int64_t> broadcastLane(Operation *def) {
    auto shfl = dyn_cast_or_null<NVVM::ShflOp>(def);
    if (!shfl || shfl.getKind() != NVVM::ShflKind::idx)
      return std::nullopt;
    auto mask = getConstantIntValue(shfl.getThreadMask());
    auto lane = getConstantIntValue(shfl.getOffset());
    auto clamp = getConstantIntValue(shfl.getMaskAndClamp());
    if (!mask || (*mask & 0xffffffff) != 0xffffffff || !lane || *lane < 0 ||
        *lane > 31 || !clamp || *clamp != 31)
      return std::nullopt;
    return *lane;
  }

  /// gpu.thread_id x, gpu.lane_id, or a scope id that follows from the
  /// thread index alone.
  bool isThreadId(Value v) {
    Operation *def = v.getDefiningOp();
    if (auto t = dyn_cast_or_null<gpu::ThreadIdOp>(def))
      return t.getDimension() == gpu::Dimension::x;
    if (isa_and_nonnull<gpu::LaneIdOp>(def))
      return true;
    if (auto scope = dyn_cast_or_null<ScopeIdDefOp>(def))
      return scope.getParent() != ExecScopeKind::Kernel &&
             scope.getParent() != ExecScopeKind::Cluster;
    return false;
  }

  /// A scope id's value in thread `tx`, as tirx-lower-scope-ids binds it.
  static int64_t scopeId(ScopeIdDefOp def, unsigned index, int64_t tx) {
    using K = ExecScopeKind;
    int64_t flat = tx;
    K p = def.getParent(), c = def.getChild();
    if (p == K::Warp && c == K::Thread)
      flat = tx % 32;
    else if (p == K::Warpgroup && c == K::Thread)
      flat = tx % 128;
    else if (p == K::Warpgroup && c == K::Warp)
      flat = tx % 128 / 32;
    else if (p == K::Cta && c == K::Warp)
      flat = tx / 32;
    else if (p == K::Cta && c == K::Warpgroup)
      flat = tx / 128;
    ArrayRef<int64_t> ext = def.getExtents();
    for (int64_t d = ext.size() - 1; d > (int64_t)index; --d)
      flat /= ext[d];
    return index == 0 ? flat : flat % ext[index];
  }

  /// The index expressions as a post-order node list, each node evaluated
  /// once per case (evaluating the IR directly costs a fold per constant).
  struct Node {
    enum Kind { Const, Thread, Lane, Scope, Leaf, Copy, Shfl, Bin } kind;
    int a = -1, b = -1;
    int64_t imm = 0;
    Operation *op = nullptr;
  };

  /// The node of `v` (after collect() accepted it).
  int compile(Value v) {
    if (auto it = nodeOf.find(v); it != nodeOf.end())
      return it->second;
    Node n{Node::Const};
    Operation *def = v.getDefiningOp();
    if (auto k = getConstantIntValue(v)) {
      n.imm = *k;
    } else if (leaves.count(canonical(v))) {
      n.kind = Node::Leaf;
      n.imm = leafIndex.lookup(canonical(v));
    } else if (isa<gpu::ThreadIdOp>(def)) {
      n.kind = Node::Thread;
    } else if (isa<gpu::LaneIdOp>(def)) {
      n.kind = Node::Lane;
    } else if (isa<ScopeIdDefOp>(def)) {
      n.kind = Node::Scope;
      n.op = def;
      n.imm = cast<OpResult>(v).getResultNumber();
    } else if (std::optional<int64_t> lane = broadcastLane(def)) {
      // The source's value in the lane of this thread's warp.
      n.kind = Node::Shfl;
      n.imm = *lane;
      n.a = compile(cast<NVVM::ShflOp>(def).getVal());
    } else if (isa<arith::IndexCastOp, arith::IndexCastUIOp>(def)) {
      n.kind = Node::Copy;
      n.a = compile(def->getOperand(0));
    } else {
      n.kind = Node::Bin;
      n.op = def;
      n.a = compile(def->getOperand(0));
      n.b = compile(def->getOperand(1));
    }
    nodes.push_back(n);
    return nodeOf[v] = nodes.size() - 1;
  }

  /// Every node's value (up to node `last`, all when -1) in thread `tx` with
  /// the free variables at `leafValue` (false on a division by zero or a bad
  /// shift).
  bool run(int64_t tx, ArrayRef<int64_t> leafValue,
           SmallVectorImpl<int64_t> &val, int last = -1) {
    val.resize(nodes.size());
    for (auto [i, n] : llvm::enumerate(nodes)) {
      if (last >= 0 && static_cast<int>(i) > last)
        break;
      int64_t a = n.a >= 0 ? val[n.a] : 0, b = n.b >= 0 ? val[n.b] : 0;
      switch (n.kind) {
      case Node::Const:
        val[i] = n.imm;
        continue;
      case Node::Thread:
        val[i] = tx;
        continue;
      case Node::Lane:
        val[i] = tx % 32;
        continue;
      case Node::Scope:
        val[i] = scopeId(cast<ScopeIdDefOp>(n.op), n.imm, tx);
        continue;
      case Node::Leaf:
        val[i] = leafValue[n.imm];
        continue;
      case Node::Copy:
        val[i] = a;
        continue;
      case Node::Shfl: {
        // The source evaluated in the source lane: nodes before n.a, in
        // post-order, are all it depends on.
        SmallVector<int64_t> other;
        if (!run(tx - tx % 32 + n.imm, leafValue, other, n.a))
          return false;
        val[i] = other[n.a];
        continue;
      }
      case Node::Bin:
        break;
      }
      if (auto cmp = dyn_cast<arith::CmpIOp>(n.op)) {
        using P = arith::CmpIPredicate;
        switch (cmp.getPredicate()) {
        case P::eq:
          val[i] = a == b;
          break;
        case P::ne:
          val[i] = a != b;
          break;
        case P::slt:
        case P::ult:
          val[i] = a < b;
          break;
        case P::sle:
        case P::ule:
          val[i] = a <= b;
          break;
        case P::sgt:
        case P::ugt:
          val[i] = a > b;
          break;
        case P::sge:
        case P::uge:
          val[i] = a >= b;
          break;
        }
        continue;
      }
      if (isa<arith::DivUIOp, arith::DivSIOp, arith::RemUIOp, arith::RemSIOp>(
              n.op) &&
          b == 0)
        return false;
      if (isa<arith::ShLIOp, arith::ShRUIOp>(n.op) && (b < 0 || b > 62))
        return false;
      val[i] =
          llvm::TypeSwitch<Operation *, int64_t>(n.op)
              .Case([&](arith::AddIOp) { return a + b; })
              .Case([&](arith::SubIOp) { return a - b; })
              .Case([&](arith::MulIOp) { return a * b; })
              .Case<arith::DivUIOp, arith::DivSIOp>([&](auto) { return a / b; })
              .Case<arith::RemUIOp, arith::RemSIOp>([&](auto) { return a % b; })
              .Case([&](arith::AndIOp) { return a & b; })
              .Case([&](arith::OrIOp) { return a | b; })
              .Case([&](arith::XOrIOp) { return a ^ b; })
              .Case([&](arith::ShLIOp) { return a << b; })
              .Case([&](arith::ShRUIOp) { return a >> b; })
              .Case([&](arith::MinUIOp) { return std::min(a, b); })
              .Case([&](arith::MaxUIOp) { return std::max(a, b); })
              .Default([](Operation *) { return 0; });
    }
    return true;
  }

  DenseMap<Value, int> nodeOf, leafIndex;
  std::vector<Node> nodes;

  int64_t threads = 0;
  llvm::MapVector<Value, Leaf> leaves;
  /// The grid and cluster shapes in CTAs (tirx.grid_dims, tirx.cluster_dims).
  SmallVector<int64_t> ctaExtents[2];
  std::map<CtaId, Value> representative;
};

/// More memory replicas than this make a store a located error rather than
/// a long run of stores.
constexpr size_t kMaxStoredReplicas = 64;

struct LowerLayouts : uop::tirx::impl::TIRxLowerLayoutsBase<LowerLayouts> {
  void runOnOperation() override {
    lowerRegionViews(getOperation());
    flatViews.clear();
    failedAny = false;
    OwnershipProver prover(getOperation());
    this->prover = &prover;
    SmallVector<BufferAccessOpInterface> accesses;
    getOperation().walk(
        [&](BufferAccessOpInterface access) { accesses.push_back(access); });
    for (BufferAccessOpInterface access : accesses)
      lowerAccess(access);
    if (failedAny)
      signalPassFailure();
  }

private:
  // The one flat 1-D view of `buffer`, made on first use by `user` (the
  // buffer itself when it is flat).
  Value flatView(Value buffer, Operation *user) {
    auto type = cast<BufferType>(buffer.getType());
    if (isFlat(type))
      return buffer;
    if (Value v = flatViews.lookup(buffer))
      return v;
    OpBuilder b(buffer.getContext());
    if (Operation *def = buffer.getDefiningOp())
      b.setInsertionPointAfter(def);
    else if (auto entry = user->getParentOfType<DeviceEntryOp>())
      // Parameters are viewed inside the device region that uses them.
      b.setInsertionPointToStart(&entry.getBody().front());
    else
      b.setInsertionPointToStart(cast<BlockArgument>(buffer).getOwner());
    auto flatType = BufferType::get(
        buffer.getContext(), {type.getStorageSpan()}, type.getElementType(),
        type.getScope(), Attribute(), {}, 0, type.getAllocatedAddr());
    Value v = DeclBufferOp::create(b, buffer.getLoc(), flatType, buffer,
                                   /*storage=*/true);
    flatViews[buffer] = v;
    return v;
  }

  // Retargets one access to the flat view of its storage root at the flat
  // offset (nothing for a flat buffer that is not a view); a store is
  // repeated for each memory replica. Tensor-memory addresses are (lane,
  // column) pairs, resolved by convert-tirx-to-gpu against the allocation.
  void lowerAccess(BufferAccessOpInterface access) {
    BufferType type = access.getAccessedBufferType();
    Value buffer = access.getAccessedBuffer();
    Value root = getStorageRoot(buffer);
    Operation *op = access;
    if (isFlat(type) && root == buffer)
      return;
    if (type.getScope() == StorageScope::TMem) {
      if (isa<AddressOfOp>(op))
        return;
      op->emitError("tensor memory is accessed with tcgen05.ld/st, not "
                    "element loads and stores");
      failedAny = true;
      return;
    }
    std::optional<int64_t> sameOffset;
    if (std::optional<std::string> axis = prover->notOwnAxis(
            op, type, access.getAccessIndices(), sameOffset)) {
      // Lowering it would silently address the thread's own element.
      op->emitError("the ")
          << *axis << " coordinate of this element of " << type
          << " is not provably the executing thread's own (another thread "
             "may hold it: that needs a shuffle, which tirx-lower-layouts "
             "does not emit)";
      failedAny = true;
      return;
    }
    SmallVector<SmallVector<int64_t>> replicas;
    if (isa<BufferStoreOp, VectorStoreOp>(op))
      replicas = otherMemoryReplicas(type);
    if (replicas.size() >= kMaxStoredReplicas) {
      op->emitError("a store to ")
          << replicas.size() + 1 << " replicas of each element of " << type
          << " (at most " << kMaxStoredReplicas << ")";
      failedAny = true;
      return;
    }
    OpBuilder b(op);
    if (sameOffset && replicas.empty()) {
      int64_t origin = type.getElemOffset() + getInheritedElemOffset(buffer);
      access.getAccessedBufferMutable().set(flatView(root, op));
      access.getAccessIndicesMutable().assign(
          arith::ConstantIndexOp::create(b, op->getLoc(), *sameOffset + origin)
              .getResult());
      return;
    }
    SmallVector<Value> coord(access.getAccessIndices());
    for (ArrayRef<int64_t> replica : replicas) {
      auto copy = cast<BufferAccessOpInterface>(b.clone(*op));
      retarget(b, copy, buffer, root, coord, replica);
    }
    retarget(b, access, buffer, root, coord, {});
  }

  void retarget(OpBuilder &b, BufferAccessOpInterface access, Value buffer,
                Value root, ValueRange coord, ArrayRef<int64_t> replica) {
    Operation *op = access;
    b.setInsertionPoint(op);
    FailureOr<Value> offset = offsetOf(b, op->getLoc(), buffer, coord, replica);
    if (failed(offset)) {
      op->emitError("cannot lower the layout of ") << buffer.getType();
      failedAny = true;
      return;
    }
    access.getAccessedBufferMutable().set(flatView(root, op));
    access.getAccessIndicesMutable().assign(*offset);
  }

  DenseMap<Value, Value> flatViews;
  OwnershipProver *prover = nullptr;
  bool failedAny = false;
};

} // namespace
