//===- PitchRows.cpp - PITCH: two output ranges as one at a row pitch -----===//
//
// A convolution whose padded input uop-rangeify realized reads element
// (oh + kh, ow + kw) of rows `pitch` (W + 2) elements long. When the output
// row (W pixels) is shorter than a vector, a tile of ow wastes most lanes
// (7 of 16 at 7 x 7). PITCH computes the kernel over one range
// q in [0, (H - 1) * pitch + W) instead, with oh = q / pitch and
// ow = q % pitch: a read of that form becomes base + q, consecutive across
// rows, so a tile of q fills whole vectors. The columns ow >= W are
// computed but never stored (every store is gated on ow < W, and so is a
// read that could leave the elements the original reads). A read at the
// pitch stays in its buffer: its smallest and largest flat index are the
// original's (q = 0 and q = (H - 1) * pitch + W - 1 are the first and last
// original pixels); so does a read at (x + oh, y + ow) of shorter rows Ws
// when pitch <= Ws + W (a residual read of rows W long, ungated: the
// padding columns of a row read the next row's first elements).
//
//===----------------------------------------------------------------------===//

#include "OptimizeApply.h"
#include "RangeUtils.h"
#include "uop/Dialect/UOp/Utils/AffineIndex.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace uop;

namespace {
/// What PITCH does to one INDEX that reads oh or ow.
struct PitchedIndex {
  IndexOp idx;
  /// Whether its last two indices are (x + oh, y + ow) over rows of `pitch`
  /// elements (else it keeps its indices, read at q / pitch, q % pitch).
  bool atPitch;
  /// Whether it needs the gate ow < W: a store, or a read whose padding
  /// columns could leave the elements the original read (rows of Ws
  /// elements at (x + oh, y + ow) stay within them when pitch <= Ws + W:
  /// a padding column of row oh < H - 1 reads at most pitch - 1 - W
  /// elements into row oh + 1, and the last row has none).
  bool gated;
};

/// The values computed from `roots` (forward), within `fn`.
llvm::DenseSet<Value> dependents(FunctionOp fn, ArrayRef<Value> roots) {
  llvm::DenseSet<Value> dep(roots.begin(), roots.end());
  fn.walk([&](Operation *op) {
    if (llvm::any_of(op->getOperands(),
                     [&](Value v) { return dep.contains(v); }))
      for (Value r : op->getResults())
        dep.insert(r);
  });
  return dep;
}

/// Whether index `v` is `coeffOh` * oh + `coeffOw` * ow plus terms that
/// read neither.
bool affineIn(Value v, Value oh, Value ow, int64_t coeffOh, int64_t coeffOw,
              const llvm::DenseSet<Value> &dep) {
  if (!dep.contains(v))
    return coeffOh == 0 && coeffOw == 0;
  AffineIndex a;
  if (failed(addAffineIndex(v, 1, a)) || a.of(oh) != coeffOh ||
      a.of(ow) != coeffOw)
    return false;
  return llvm::all_of(a.coeff, [&](auto &term) {
    return term.first == oh || term.first == ow || !dep.contains(term.first);
  });
}

/// The row length (its shape's innermost extent) of an `idx` whose last two
/// indices are (x + oh, y + ow), x and y reading neither, ungated by them;
/// none otherwise.
std::optional<int64_t> rowsRead(IndexOp idx, Value oh, Value ow,
                                const llvm::DenseSet<Value> &dep) {
  DenseI64ArrayAttr shape = argumentShape(idx.getBuffer());
  size_t n = idx.getIndices().size();
  if (!shape || n < 2 || shape.size() != (int64_t)n ||
      (idx.getGate() && dep.contains(idx.getGate())))
    return std::nullopt;
  for (auto [i, v] : llvm::enumerate(idx.getIndices()))
    if (!affineIn(v, oh, ow, i + 2 == n ? 1 : 0, i + 1 == n ? 1 : 0, dep))
      return std::nullopt;
  return shape[n - 1];
}

/// `v` with oh and ow taken as 0: copies of the ops between them, before
/// `at`.
Value atOrigin(OpBuilder &b, Value v, Value oh, Value ow,
               const llvm::DenseSet<Value> &dep) {
  if (!dep.contains(v))
    return v;
  llvm::SetVector<Operation *> cone;
  SmallVector<Value> stack = {v};
  while (!stack.empty()) {
    Value x = stack.pop_back_val();
    Operation *def = x.getDefiningOp();
    if (!def || !dep.contains(x) || isa<RangeOp>(def) || !cone.insert(def))
      continue;
    llvm::append_range(stack, def->getOperands());
  }
  SmallVector<Operation *> ordered(cone.begin(), cone.end());
  llvm::sort(ordered,
             [](Operation *a, Operation *c) { return a->isBeforeInBlock(c); });
  IRMapping map;
  Value zero = arith::ConstantIndexOp::create(b, v.getLoc(), 0);
  map.map(oh, zero);
  map.map(ow, zero);
  for (Operation *op : ordered)
    b.clone(*op, map);
  return map.lookupOrDefault(v);
}

/// The next output (loop or global) range after `oh` in its block.
RangeOp nextOutput(RangeOp oh) {
  for (Operation *op = oh->getNextNode(); op; op = op->getNextNode())
    if (auto r = dyn_cast<RangeOp>(op);
        r && (r.getAxisType() == AxisType::Loop ||
              r.getAxisType() == AxisType::Global))
      return r;
  return {};
}

/// Checks PITCH of `oh` and the next output range; the INDEXes to rewrite,
/// or failure with `why` (nothing changed).
FailureOr<SmallVector<PitchedIndex>>
planPitch(FunctionOp fn, RangeOp oh, RangeOp ow, int64_t pitch,
          const llvm::DenseSet<Value> &dep, std::string &why) {
  std::optional<int64_t> h = getConstantExtent(oh), w = getConstantExtent(ow);
  if (!h || !w || *h < 1 || *w < 1) {
    why = "PITCH merges two output ranges of constant extents";
    return failure();
  }
  if (pitch < *w) {
    why = "the pitch " + std::to_string(pitch) +
          " is shorter than the row (" + std::to_string(*w) + ")";
    return failure();
  }
  SmallVector<PitchedIndex> plan;
  bool anyAtPitch = false;
  WalkResult res = fn.walk([&](Operation *op) {
    if (llvm::none_of(op->getOperands(),
                      [&](Value v) { return dep.contains(v); }))
      return WalkResult::advance();
    if (auto idx = dyn_cast<IndexOp>(op)) {
      if (!isa<BlockArgument>(idx.getBuffer())) {
        why = "an INDEX of a buffer other than a kernel argument reads the "
              "rows";
        return WalkResult::interrupt();
      }
      std::optional<int64_t> rows = rowsRead(idx, oh, ow, dep);
      bool at = rows && *rows == pitch;
      bool stored = llvm::any_of(
          idx->getUsers(), [](Operation *u) { return isa<StoreOp>(u); });
      anyAtPitch |= at;
      plan.push_back({idx, at,
                      pitch > *w && (stored || !rows || pitch > *rows + *w)});
    } else if (isa<ReduceOp>(op) &&
               llvm::any_of(cast<ReduceOp>(op).getRanges(), [&](Value v) {
                 return v == oh.getResult() || v == ow.getResult();
               })) {
      why = "a REDUCE closes the rows";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (res.wasInterrupted())
    return failure();
  if (!anyAtPitch) {
    why = "no access reads rows of " + std::to_string(pitch) +
          " elements at (x + row, y + column)";
    return failure();
  }
  return plan;
}
/// One INDEX under PITCH: at the pitch, base (its indices at oh = ow = 0,
/// row-major over the shape) + q, its old indices appended to `oldIndices`;
/// gated on `valid` when given (PitchedIndex::gated).
void rewriteIndex(IndexOp idx, bool atPitch, Value oh,
                  Value ow, Value q, Value valid,
                  const llvm::DenseSet<Value> &dep,
                  SmallVectorImpl<Value> &oldIndices) {
  OpBuilder b(idx);
  Location l = idx.getLoc();
  if (atPitch) {
    ArrayRef<int64_t> shape = argumentShape(idx.getBuffer()).asArrayRef();
    Value flat = q;
    int64_t stride = 1;
    for (int64_t i = shape.size() - 1; i >= 0; --i) {
      Value v = atOrigin(b, idx.getIndices()[i], oh, ow, dep);
      if (!matchPattern(v, m_Zero())) {
        if (stride != 1)
          v = arith::MulIOp::create(
              b, l, v, arith::ConstantIndexOp::create(b, l, stride));
        flat = arith::AddIOp::create(b, l, v, flat);
      }
      stride *= shape[i];
    }
    llvm::append_range(oldIndices, idx.getIndices());
    idx.getIndicesMutable().assign(flat);
  }
  if (valid) {
    Value gate = valid;
    if (Value old = idx.getGate())
      gate = arith::AndIOp::create(b, l, old, valid);
    idx.getGateMutable().assign(gate);
  }
}

/// Closers list q where they listed oh (and ow).
void relistClosers(RangeOp oh, RangeOp ow, RangeOp q) {
  SmallVector<Operation *> users(oh->getUsers().begin(), oh->getUsers().end());
  llvm::append_range(users, ow->getUsers());
  for (Operation *u : users) {
    auto closed = getClosedRangesMutable(u);
    if (!closed)
      continue;
    SmallVector<Value> list;
    bool changed = false;
    for (Value v : static_cast<OperandRange>(*closed)) {
      if (v != oh.getResult() && v != ow.getResult()) {
        list.push_back(v);
        continue;
      }
      changed = true;
      if (!llvm::is_contained(list, q.getResult()))
        list.push_back(q);
    }
    if (changed)
      closed->assign(list);
  }
}
} // namespace

LogicalResult uop::pitchRows(FunctionOp fn, RangeOp oh, int64_t pitch,
                             std::string &why) {
  RangeOp ow = nextOutput(oh);
  if (!ow) {
    why = "no output range follows the row range";
    return failure();
  }
  llvm::DenseSet<Value> dep =
      dependents(fn, {oh.getResult(), ow.getResult()});
  FailureOr<SmallVector<PitchedIndex>> plan =
      planPitch(fn, oh, ow, pitch, dep, why);
  if (failed(plan))
    return failure();
  int64_t h = *getConstantExtent(oh), w = *getConstantExtent(ow);
  OpBuilder b(oh);
  Location loc = oh.getLoc();
  auto cst = [&](int64_t v) {
    return arith::ConstantIndexOp::create(b, loc, v).getResult();
  };
  auto q = RangeOp::create(b, loc, oh.getType(), cst((h - 1) * pitch + w),
                           oh.getAxisIdAttr(), oh.getAxisTypeAttr(),
                           oh.getDeps());
  // Right after q: they replace oh and ow, whose uses q dominates.
  b.setInsertionPointAfter(q);
  Value row = arith::DivUIOp::create(b, loc, q, cst(pitch));
  Value col = arith::RemUIOp::create(b, loc, q, cst(pitch));
  Value valid = pitch > w ? arith::CmpIOp::create(b, loc,
                                                  arith::CmpIPredicate::ult,
                                                  col, cst(w))
                                .getResult()
                          : Value();
  SmallVector<Value> oldIndices;
  for (auto [idx, atPitch, gated] : *plan)
    rewriteIndex(idx, atPitch, oh, ow, q, gated ? valid : Value(), dep,
                 oldIndices);
  relistClosers(oh, ow, q);
  // The index arithmetic the flat indices replaced, each op once (a value
  // may be listed twice; oh and ow go below).
  llvm::SetVector<Operation *> dead;
  for (Value v : oldIndices)
    if (Operation *def = v.getDefiningOp(); def && !isa<RangeOp>(def))
      dead.insert(def);
  oh.getResult().replaceAllUsesWith(row);
  ow.getResult().replaceAllUsesWith(col);
  oh->erase();
  ow->erase();
  while (!dead.empty()) {
    Operation *def = dead.pop_back_val();
    if (!def->use_empty() || !isPure(def) || isa<RangeOp>(def))
      continue;
    for (Value v : def->getOperands())
      if (Operation *d = v.getDefiningOp())
        dead.insert(d);
    def->erase();
  }
  return success();
}
