//===- LowerTileSchedules.cpp - tirx-lower-tile-schedules -----------------===//
//
// A tirx.tile_schedule becomes the persistent loop it stands for: worker w
// of W takes the linear tiles t = w, w + W, ... of the M x N tile grid, and
// t maps to a tile in grouped order (Triton's GROUP_SIZE_M, CUTLASS's
// raster swizzle): groups of `group` M tiles, M fastest within a group, so
// the tiles in flight at one time share few A row blocks and B column
// blocks, which stay in L2. The worker count is tirx.scope_extent of the
// worker id: a constant, or the grid's size where it is free.
//
//===----------------------------------------------------------------------===//

#include "uop/Dialect/TIRx/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

namespace uop::tirx {
#define GEN_PASS_DEF_TIRXLOWERTILESCHEDULES
#include "uop/Dialect/TIRx/Transforms/Passes.h.inc"
} // namespace uop::tirx

using namespace mlir;
using namespace uop::tirx;

void uop::tirx::lowerTileSchedule(RewriterBase &rw, TileScheduleOp op) {
  Location loc = op.getLoc();
  rw.setInsertionPoint(op);
  auto idx = [&](OpFoldResult v) {
    return getValueOrCreateConstantIndexOp(rw, loc, v);
  };
  SmallVector<OpFoldResult> tiles = op.getMixedTiles();
  Value tm = idx(tiles[0]), tn = idx(tiles[1]);
  Value group = arith::ConstantIndexOp::create(rw, loc, op.getGroup());
  Value workers = ScopeExtentOp::create(rw, loc, op.getWorker());
  Value total = arith::MulIOp::create(rw, loc, tm, tn);
  Value groupTiles = arith::MulIOp::create(rw, loc, group, tn);
  Value w = op.getWorker();
  // The worker's own iteration (how many tiles it did before this one) is
  // carried, not divided out.
  Value zero = arith::ConstantIndexOp::create(rw, loc, 0);
  auto loop = scf::ForOp::create(
      rw, loc, w, total, workers, ValueRange{zero},
      [&](OpBuilder &b, Location l, Value, ValueRange iter) {
        Value next = arith::AddIOp::create(
            b, l, iter[0], arith::ConstantIndexOp::create(b, l, 1));
        scf::YieldOp::create(b, l, next);
      });
  rw.setInsertionPointToStart(loop.getBody());
  Value t = loop.getInductionVar();
  Value it = loop.getRegionIterArg(0);
  Value g = arith::DivUIOp::create(rw, loc, t, groupTiles);
  Value firstM = arith::MulIOp::create(rw, loc, g, group);
  // The last group has the M tiles that are left.
  Value rows = arith::MinUIOp::create(
      rw, loc, arith::SubIOp::create(rw, loc, tm, firstM), group);
  Value within = arith::RemUIOp::create(rw, loc, t, groupTiles);
  Value m = arith::AddIOp::create(
      rw, loc, firstM, arith::RemUIOp::create(rw, loc, within, rows));
  Value n = arith::DivUIOp::create(rw, loc, within, rows);
  rw.inlineBlockBefore(&op.getBody().front(), loop.getBody()->getTerminator(),
                       ValueRange{m, n, it});
  rw.eraseOp(op);
}

namespace {
struct LowerTileSchedules
    : uop::tirx::impl::TIRxLowerTileSchedulesBase<LowerTileSchedules> {
  void runOnOperation() override {
    SmallVector<TileScheduleOp> ops;
    getOperation().walk([&](TileScheduleOp op) { ops.push_back(op); });
    IRRewriter rw(&getContext());
    for (TileScheduleOp op : ops)
      lowerTileSchedule(rw, op);
  }
};
} // namespace
