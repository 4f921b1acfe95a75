//===- TileScheduleTest.cpp - tirx.tile_schedule's lowered tile order -----===//
//
// lowerTileSchedule's loop, evaluated op by op for every worker of many
// grids, must give each tile of the M x N grid to exactly one worker, count
// each worker's iterations 0, 1, 2, ..., and visit the tiles, in linear
// order, group by group of `group` M tiles with M fastest: the order written
// here as nested loops, independently of the lowering's divisions.
//
//===----------------------------------------------------------------------===//

#include "uop/Dialect/TIRx/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

#include <map>
#include <tuple>

using namespace mlir;
using namespace uop::tirx;

namespace {

struct Visit {
  int64_t t, m, n, it;
};

/// Evaluates the lowered loop for worker `w`: the scf.for's bounds and the
/// body's arith ops on integers, recording the operands of "test.tile".
class Evaluator {
public:
  explicit Evaluator(Value worker, int64_t w) { values[worker] = w; }

  bool run(scf::ForOp loop, std::vector<Visit> &out) {
    // What the loop's bounds are computed from, in front of it.
    for (Operation &op : *loop->getBlock()) {
      if (&op == loop.getOperation())
        break;
      if (!isa<ScopeIdDefOp>(op) && !eval(op))
        return false;
    }
    int64_t lb, ub, step;
    if (!get(loop.getLowerBound(), lb) || !get(loop.getUpperBound(), ub) ||
        !get(loop.getStep(), step) || step <= 0)
      return false;
    if (loop.getNumRegionIterArgs() != 1 ||
        !get(loop.getInitArgs()[0], values[loop.getRegionIterArg(0)]))
      return false;
    for (int64_t t = lb; t < ub; t += step) {
      values[loop.getInductionVar()] = t;
      for (Operation &op : loop.getBody()->getOperations()) {
        if (auto yield = dyn_cast<scf::YieldOp>(op)) {
          if (!get(yield.getOperand(0), values[loop.getRegionIterArg(0)]))
            return false;
          continue;
        }
        if (op.getName().getStringRef() == "test.tile") {
          int64_t m, n, it;
          if (!get(op.getOperand(0), m) || !get(op.getOperand(1), n) ||
              !get(op.getOperand(2), it))
            return false;
          out.push_back({t, m, n, it});
        } else if (!eval(op)) {
          return false;
        }
      }
    }
    return true;
  }

private:
  bool get(Value v, int64_t &out) {
    auto it = values.find(v);
    if (it == values.end())
      if (auto c = v.getDefiningOp<arith::ConstantIndexOp>())
        return out = c.value(), true;
    if (it == values.end())
      return false;
    out = it->second;
    return true;
  }

  bool eval(Operation &op) {
    if (auto c = dyn_cast<arith::ConstantIndexOp>(op))
      return values[c] = c.value(), true;
    if (auto e = dyn_cast<ScopeExtentOp>(op)) {
      int64_t ext = e.getDef().getExtents()[e.getDimension()];
      return values[e] = ext, true;
    }
    if (op.getNumOperands() != 2 || op.getNumResults() != 1)
      return false;
    int64_t a, b;
    if (!get(op.getOperand(0), a) || !get(op.getOperand(1), b))
      return false;
    int64_t r;
    if (isa<arith::AddIOp>(op))
      r = a + b;
    else if (isa<arith::SubIOp>(op))
      r = a - b;
    else if (isa<arith::MulIOp>(op))
      r = a * b;
    else if (isa<arith::DivUIOp>(op) && b > 0)
      r = (uint64_t)a / (uint64_t)b;
    else if (isa<arith::RemUIOp>(op) && b > 0)
      r = (uint64_t)a % (uint64_t)b;
    else if (isa<arith::MinUIOp>(op))
      r = std::min<uint64_t>(a, b);
    else
      return false;
    values[op.getResult(0)] = r;
    return true;
  }

  llvm::DenseMap<Value, int64_t> values;
};

/// The grouped order as nested loops: group by group of `group` M tiles,
/// N, then the group's M tiles.
std::vector<std::pair<int64_t, int64_t>> expectedOrder(int64_t tm, int64_t tn,
                                                       int64_t group) {
  std::vector<std::pair<int64_t, int64_t>> order;
  for (int64_t first = 0; first < tm; first += group)
    for (int64_t n = 0; n < tn; ++n)
      for (int64_t m = first; m < std::min(tm, first + group); ++m)
        order.push_back({m, n});
  return order;
}

TEST(TileScheduleTest, EveryTileOnceInGroupedOrder) {
  MLIRContext context;
  context.allowUnregisteredDialects();
  context.loadDialect<TIRxDialect, arith::ArithDialect, scf::SCFDialect>();
  for (auto [tm, tn, group, workers] :
       {std::tuple<int64_t, int64_t, int64_t, int64_t>{32, 16, 8, 132},
        {32, 16, 8, 7},
        {13, 5, 4, 3},
        {7, 9, 1, 4},
        {5, 3, 8, 2},
        {1, 1, 1, 1},
        {6, 6, 6, 36},
        {10, 4, 3, 50}}) {
    std::string src =
        "tirx.prim_func @k() {\n  tirx.device_entry {\n"
        "    %w = tirx.scope_id_def kernel -> cta [" +
        std::to_string(workers) + "]\n    tirx.tile_schedule %w tiles [" +
        std::to_string(tm) + ", " + std::to_string(tn) + "] group " +
        std::to_string(group) +
        " (%m, %n, %it) {\n"
        "      \"test.tile\"(%m, %n, %it) : (index, index, index) -> ()\n"
        "    }\n  }\n  tirx.return\n}\n";
    OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(src, &context);
    ASSERT_TRUE(module) << src;
    TileScheduleOp op;
    module->walk([&](TileScheduleOp s) { op = s; });
    ASSERT_TRUE(op);
    Value worker = op.getWorker();
    IRRewriter rw(&context);
    lowerTileSchedule(rw, op);
    scf::ForOp loop;
    module->walk([&](scf::ForOp f) { loop = f; });
    ASSERT_TRUE(loop);

    std::map<int64_t, std::pair<int64_t, int64_t>> byLinear;
    std::map<std::pair<int64_t, int64_t>, int> seen;
    for (int64_t w = 0; w < workers; ++w) {
      std::vector<Visit> visits;
      Evaluator e(worker, w);
      ASSERT_TRUE(e.run(loop, visits)) << "cannot evaluate the loop";
      for (auto [i, v] : llvm::enumerate(visits)) {
        EXPECT_EQ(v.it, (int64_t)i) << "worker " << w;
        EXPECT_EQ(v.t % workers, w);
        byLinear[v.t] = {v.m, v.n};
        ++seen[{v.m, v.n}];
      }
    }
    std::vector<std::pair<int64_t, int64_t>> expected =
        expectedOrder(tm, tn, group);
    ASSERT_EQ(byLinear.size(), expected.size())
        << tm << "x" << tn << " group " << group << " on " << workers;
    for (auto [t, tile] : byLinear)
      EXPECT_EQ(tile, expected[t]) << "linear tile " << t << " of " << tm
                                   << "x" << tn << " group " << group;
    for (auto [tile, count] : seen)
      EXPECT_EQ(count, 1);
    EXPECT_EQ((int64_t)seen.size(), tm * tn);
  }
}

} // namespace
