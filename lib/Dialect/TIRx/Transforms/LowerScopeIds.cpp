//===- LowerScopeIds.cpp - tirx-lower-scope-ids ---------------------------===//
//
// Scope ids become GPU ids (ARCHITECTURE.md's bindings). Warp and warpgroup
// ids are broadcast from lane 0 with shfl.sync so the compiler can treat
// them as warp-uniform, as CUTLASS does with __shfl_sync(~0, tid / 32, 0).
//
//===----------------------------------------------------------------------===//

#include "uop/Dialect/TIRx/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

namespace uop::tirx {
#define GEN_PASS_DEF_TIRXLOWERSCOPEIDS
#include "uop/Dialect/TIRx/Transforms/Passes.h.inc"
} // namespace uop::tirx

using namespace mlir;
using namespace uop::tirx;

namespace {

Value cst(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

/// v / divisor broadcast from lane 0 of the warp.
Value warpUniform(OpBuilder &b, Location loc, Value tid, int64_t divisor) {
  Value q = arith::DivUIOp::create(b, loc, tid, cst(b, loc, divisor));
  Type i32 = b.getI32Type();
  Value q32 = arith::IndexCastUIOp::create(b, loc, i32, q);
  auto c32 = [&](int64_t v) {
    return arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(v));
  };
  Value shfl = NVVM::ShflOp::create(b, loc, i32, c32(-1), q32, c32(0),
                                    c32(0x1f), NVVM::ShflKind::idx, UnitAttr());
  return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), shfl);
}

SmallVector<Value> delinearize(OpBuilder &b, Location loc, Value flat,
                               ArrayRef<int64_t> extents) {
  SmallVector<Value> ids(extents.size());
  for (int64_t d = extents.size() - 1; d >= 0; --d) {
    ids[d] =
        d == 0 ? flat
               : arith::RemUIOp::create(b, loc, flat, cst(b, loc, extents[d]));
    if (d > 0)
      flat = arith::DivUIOp::create(b, loc, flat, cst(b, loc, extents[d]));
  }
  return ids;
}

/// threadIdx.x, the thread's index in its CTA (blocks are 1-D).
Value threadIdX(OpBuilder &b, Location loc) {
  return gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
}

/// Each scope extent becomes a constant, or the launch's grid size where
/// the extent is free (the verifier allows that only on the grid). Done
/// first, while the defs it reads exist.
void lowerExtents(PrimFuncOp fn) {
  SmallVector<ScopeExtentOp> extents;
  fn.walk([&](ScopeExtentOp op) { extents.push_back(op); });
  for (ScopeExtentOp op : extents) {
    OpBuilder b(op);
    ScopeIdDefOp def = op.getDef();
    unsigned d = op.getDimension();
    int64_t e = def.getExtents()[d];
    auto dim = static_cast<gpu::Dimension>(d);
    Value v = !ShapedType::isDynamic(e) ? cst(b, op.getLoc(), e)
              : def.getChild() == ExecScopeKind::Cta
                  ? (Value)gpu::GridDimOp::create(b, op.getLoc(), dim)
                  : (Value)gpu::ClusterDimOp::create(b, op.getLoc(), dim);
    op.replaceAllUsesWith(v);
    op.erase();
  }
}

/// Flattened: the CTA's row-major index in the grid (in the cluster), x
/// fastest, times the CTA's threads, plus the thread's.
Value flatThreadId(OpBuilder &b, Location loc, ExecScopeKind parent) {
  using K = ExecScopeKind;
  Value cta = cst(b, loc, 0);
  for (gpu::Dimension d :
       {gpu::Dimension::z, gpu::Dimension::y, gpu::Dimension::x}) {
    Value n = parent == K::Kernel
                  ? (Value)gpu::GridDimOp::create(b, loc, d)
                  : (Value)gpu::ClusterDimBlocksOp::create(b, loc, d);
    Value id = parent == K::Kernel
                   ? (Value)gpu::BlockIdOp::create(b, loc, d)
                   : (Value)gpu::ClusterBlockIdOp::create(b, loc, d);
    cta = arith::AddIOp::create(b, loc, arith::MulIOp::create(b, loc, cta, n),
                                id);
  }
  Value threads = gpu::BlockDimOp::create(b, loc, gpu::Dimension::x);
  return arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, cta, threads), threadIdX(b, loc));
}

/// The GPU ids a scope id stands for (one per dimension of `ext`, the
/// extents the kernel launches with), or a located error for a scope pair
/// without a binding.
FailureOr<SmallVector<Value>> bindIds(OpBuilder &b, ScopeIdDefOp def,
                                      ArrayRef<int64_t> ext) {
  using K = ExecScopeKind;
  Location loc = def.getLoc();
  ExecScopeKind parent = def.getParent(), child = def.getChild();
  SmallVector<Value> ids;
  if (parent == K::Kernel && (child == K::Cta || child == K::Cluster)) {
    // The verifier bounds the grid: at most 3 dimensions.
    for (size_t i = 0; i < ext.size(); ++i) {
      auto dim = static_cast<gpu::Dimension>(i);
      ids.push_back(child == K::Cta
                        ? (Value)gpu::BlockIdOp::create(b, loc, dim)
                        : (Value)gpu::ClusterIdOp::create(b, loc, dim));
    }
    return ids;
  }
  if (parent == K::Cluster && child == K::Cta) {
    if (ext.size() > 3)
      return def.emitError("a cluster has at most 3 dimensions");
    for (size_t i = 0; i < ext.size(); ++i)
      ids.push_back(gpu::ClusterBlockIdOp::create(
          b, loc, static_cast<gpu::Dimension>(i)));
    return ids;
  }
  if (parent == K::Cta && child == K::Thread)
    return delinearize(b, loc, threadIdX(b, loc), ext);
  if (parent == K::Cta && child == K::Warp)
    return delinearize(b, loc, warpUniform(b, loc, threadIdX(b, loc), 32), ext);
  if (parent == K::Cta && child == K::Warpgroup)
    return delinearize(b, loc, warpUniform(b, loc, threadIdX(b, loc), 128),
                       ext);
  if (parent == K::Warpgroup && child == K::Warp) {
    Value tid = warpUniform(b, loc, threadIdX(b, loc), 32);
    return delinearize(
        b, loc, arith::RemUIOp::create(b, loc, tid, cst(b, loc, 4)), ext);
  }
  if (parent == K::Warp && child == K::Thread)
    return delinearize(b, loc, gpu::LaneIdOp::create(b, loc, nullptr), ext);
  if (parent == K::Warpgroup && child == K::Thread)
    return delinearize(
        b, loc,
        arith::RemUIOp::create(b, loc, threadIdX(b, loc), cst(b, loc, 128)),
        ext);
  if ((parent == K::Kernel || parent == K::Cluster) && child == K::Thread)
    return delinearize(b, loc, flatThreadId(b, loc, parent), ext);
  return def.emitError("no GPU binding for the scope pair " +
                       stringifyExecScopeKind(parent) + " -> " +
                       stringifyExecScopeKind(child));
}

/// Lowers the scope ids of one kernel and records the launch shape they
/// give it (tirx.block_dims, tirx.grid_dims or tirx.preferred_grid_dims,
/// tirx.cluster_dims), which later passes read once the defs are gone.
class ScopeIdLowering {
public:
  explicit ScopeIdLowering(PrimFuncOp fn) : fn(fn) {}

  LogicalResult run() {
    lowerExtents(fn);
    SmallVector<ScopeIdDefOp> defs;
    fn.walk([&](ScopeIdDefOp d) { defs.push_back(d); });
    for (ScopeIdDefOp def : defs)
      if (failed(lowerDef(def)))
        return failure();
    return recordLaunch();
  }

private:
  LogicalResult lowerDef(ScopeIdDefOp def) {
    OpBuilder b(def);
    // The extents the kernel launches with: a free one (only on the grid)
    // takes its preferred extent, which the verifier made sure exists.
    SmallVector<int64_t> launch(def.getExtents());
    bool free = false;
    for (auto [d, e] : llvm::enumerate(launch))
      if (ShapedType::isDynamic(e)) {
        e = (*def.getPreferredExtents())[d];
        free = true;
      }
    if (failed(recordShape(def, launch, free)))
      return failure();
    FailureOr<SmallVector<Value>> ids = bindIds(b, def, launch);
    if (failed(ids))
      return failure();
    def.replaceAllUsesWith(*ids);
    def.erase();
    return success();
  }

  /// What `def` says about the launch: the grid, the cluster, the threads
  /// per CTA. The verifier bounds each def's threads per CTA (at most 1024)
  /// and makes the defs of a kernel agree on them, on the grid and on the
  /// cluster shape (tirx.device_entry's verifier).
  LogicalResult recordShape(ScopeIdDefOp def, ArrayRef<int64_t> ext,
                            bool free) {
    using K = ExecScopeKind;
    ExecScopeKind parent = def.getParent(), child = def.getChild();
    if (parent == K::Kernel && (child == K::Cta || child == K::Cluster))
      (free ? freeGrid : fixedGrid) = true;
    if (parent == K::Kernel && child == K::Cluster)
      clusterGrid.assign(ext.begin(), ext.end());
    if (parent == K::Cluster && child == K::Cta) {
      int64_t ctas = 1;
      for (int64_t e : ext)
        ctas *= e;
      if (ctas > 8)
        return def.emitError("a portable thread-block cluster has at most 8 "
                             "CTAs, got " +
                             std::to_string(ctas));
      cluster.assign(ext.begin(), ext.end());
    }
    if (parent == K::Kernel && child == K::Cta)
      grid.assign(ext.begin(), ext.end());
    if (parent == K::Cta &&
        (child == K::Thread || child == K::Warp || child == K::Warpgroup))
      block = *def.getThreadsPerCta();
    return success();
  }

  LogicalResult recordLaunch() {
    OpBuilder b(fn);
    auto *dialect = fn->getContext()->getLoadedDialect<TIRxDialect>();
    if (!cluster.empty() || !clusterGrid.empty()) {
      if (failed(recordCluster()))
        return failure();
      dialect->getClusterDimsAttrHelper().setAttr(
          fn, b.getDenseI64ArrayAttr(cluster));
    }
    if (block)
      dialect->getBlockDimsAttrHelper().setAttr(
          fn, b.getDenseI64ArrayAttr({*block}));
    // A grid some def fixes is compiled in (gpu.known_grid_size); one every
    // def leaves free is only the grid the host's launch_func starts.
    if (!grid.empty() && freeGrid && !fixedGrid)
      dialect->getPreferredGridDimsAttrHelper().setAttr(
          fn, b.getDenseI64ArrayAttr(grid));
    else if (!grid.empty())
      dialect->getGridDimsAttrHelper().setAttr(fn,
                                               b.getDenseI64ArrayAttr(grid));
    return success();
  }

  /// The grid in CTAs is the clusters times the cluster shape, and must
  /// agree with a kernel -> cta scope id if there is one.
  LogicalResult recordCluster() {
    if (cluster.empty())
      return fn.emitError("a kernel -> cluster scope id needs a cluster -> "
                          "cta scope id for the cluster's shape");
    if (!clusterGrid.empty()) {
      SmallVector<int64_t> ctas(std::max(cluster.size(), clusterGrid.size()),
                                1);
      // The verifier made a kernel -> cta grid agree with it.
      for (size_t i = 0; i < ctas.size(); ++i)
        ctas[i] = (i < clusterGrid.size() ? clusterGrid[i] : 1) *
                  (i < cluster.size() ? cluster[i] : 1);
      grid = ctas;
    }
    for (size_t i = 0; i < cluster.size(); ++i)
      if (!grid.empty() && (i < grid.size() ? grid[i] : 1) % cluster[i])
        return fn.emitError("the grid [")
               << llvm::make_range(grid.begin(), grid.end())
               << "] is not a whole number of clusters of ["
               << llvm::make_range(cluster.begin(), cluster.end()) << "]";
    return success();
  }

  PrimFuncOp fn;
  std::optional<int64_t> block;
  SmallVector<int64_t> grid;
  // The cluster's shape in CTAs (cluster -> cta) and the grid in clusters
  // (kernel -> cluster).
  SmallVector<int64_t> cluster, clusterGrid;
  // Whether every grid def leaves a dimension free: the grid is then
  // recorded as preferred, not compiled in.
  bool freeGrid = false, fixedGrid = false;
};

struct LowerScopeIds : uop::tirx::impl::TIRxLowerScopeIdsBase<LowerScopeIds> {
  void runOnOperation() override {
    if (failed(ScopeIdLowering(getOperation()).run()))
      signalPassFailure();
  }
};

} // namespace
