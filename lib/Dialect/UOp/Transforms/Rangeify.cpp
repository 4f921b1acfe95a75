//===- Rangeify.cpp - tensor-level uop to RANGE / BUFFERIZE ---------------===//
//
// Each realized tensor gets fresh RANGEs (one per dimension) and its value at
// those ranges is rebuilt as a scalar expression: movement ops only rewrite
// the index vector, PAD adds a gate, REDUCE_AXIS opens reduce RANGEs closed by
// a REDUCE, and reads of inputs or of other realized tensors are INDEX + LOAD.
// Expressions are memoised on (value, indices, gate) so a DAG stays a DAG.
//
//===----------------------------------------------------------------------===//

#include "RangeUtils.h"
#include "uop/Dialect/UOp/IR/ALUTable.h"
#include "uop/Dialect/UOp/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/ProgramStack.h"

#include <functional>

#include <map>

namespace uop {
#define GEN_PASS_DEF_UOPRANGEIFY
#include "uop/Dialect/UOp/Transforms/Passes.h.inc"
} // namespace uop

using namespace mlir;
using namespace uop;

namespace {
bool isMovementOp(Operation *op) { return isa<MovementOpInterface>(op); }

/// A RESHAPE that only inserts or removes dimensions of size 1 (keepdim):
/// the index space is the same.
bool isUnitReshape(Operation *op) {
  auto r = dyn_cast<ReshapeOp>(op);
  if (!r)
    return false;
  auto drop = [](ArrayRef<int64_t> shape) {
    SmallVector<int64_t> out;
    for (int64_t d : shape)
      if (d != 1)
        out.push_back(d);
    return out;
  };
  return drop(cast<RankedTensorType>(r.getSrc().getType()).getShape()) ==
         drop(cast<RankedTensorType>(r.getType()).getShape());
}

bool isElementwise(Operation *op);

/// True when the broadcast `e` flows, through elementwise ops with one user
/// each, only into a reduction over every broadcast axis in `axes`: its
/// source is then read once per iteration of loops that reduce, never per
/// output element (the mean inside a variance), and the reduction in the
/// source runs before those loops (uop-devectorize hoists it).
bool broadcastIsReduced(Value e, ArrayRef<int64_t> axes) {
  Value w = e;
  for (unsigned steps = 0; steps < 4096; ++steps) {
    SmallPtrSet<Operation *, 2> users(w.getUsers().begin(), w.getUsers().end());
    if (users.size() != 1)
      return false;
    Operation *u = *users.begin();
    if (auto red = dyn_cast<ReduceAxisOp>(u))
      return llvm::all_of(axes, [&](int64_t a) {
        return llvm::is_contained(red.getAxes(), a);
      });
    if (!isElementwise(u))
      return false;
    w = u->getResult(0);
  }
  return false;
}

/// The axes an EXPAND broadcasts (size 1 in the source, larger in the result).
SmallVector<int64_t> broadcastAxes(ExpandOp e) {
  ArrayRef<int64_t> src =
      cast<RankedTensorType>(e.getSrc().getType()).getShape();
  SmallVector<int64_t> axes;
  for (auto [i, d] : llvm::enumerate(e.getType().getShape()))
    if (src[i] == 1 && d != 1)
      axes.push_back(i);
  return axes;
}

/// True when `v` is read in a different index space: through a movement op
/// (other than a unit reshape, which is looked through, and a broadcast that
/// a reduction removes again) or by a reduction.
bool readElsewhere(Value v) {
  return llvm::any_of(v.getUsers(), [](Operation *u) {
    if (isUnitReshape(u))
      return readElsewhere(u->getResult(0));
    if (auto e = dyn_cast<ExpandOp>(u))
      return !broadcastIsReduced(e.getResult(), broadcastAxes(e));
    return isMovementOp(u) || isa<ReduceAxisOp>(u);
  });
}

/// Elements of a statically shaped tensor type; nullopt otherwise.
std::optional<int64_t> staticElements(Type t) {
  auto rt = dyn_cast<RankedTensorType>(t);
  if (!rt || !rt.hasStaticShape())
    return std::nullopt;
  return rt.getNumElements();
}

/// How many times a kernel reading `v` through a broadcast computes each of
/// its elements: the largest growth in elements of an EXPAND that reads it
/// through RESHAPEs and PERMUTEs (1 when none does). A matmul's A operand
/// is broadcast along N, so an expression fused into it runs once per
/// column tile.
int64_t broadcastFactor(Value v) {
  int64_t best = 1;
  for (Operation *u : v.getUsers()) {
    if (isa<ReshapeOp, PermuteOp>(u)) {
      best = std::max(best, broadcastFactor(u->getResult(0)));
    } else if (auto e = dyn_cast<ExpandOp>(u)) {
      std::optional<int64_t> in = staticElements(e.getSrc().getType());
      std::optional<int64_t> out = staticElements(e.getType());
      if (in && out && *in > 0)
        best = std::max(best, *out / *in);
    }
  }
  return best;
}

/// The index of the innermost axis of the tensor the movement ops `chain`
/// view (in order from the op that reads it to the op that ends the chain)
/// (or the `fromEnd`-th axis before it) that the chain reads at the constant
/// index `at` of its result: each op's
/// buildSourceIndices, built in a scratch module and folded; nullopt where
/// it does not fold.
std::optional<int64_t> viewedIndexAt(ArrayRef<Operation *> chain,
                                     ArrayRef<int64_t> at,
                                     unsigned fromEnd = 0) {
  OpBuilder b(chain.front()->getContext());
  Location loc = chain.front()->getLoc();
  OwningOpRef<ModuleOp> scratch = ModuleOp::create(loc);
  b.setInsertionPointToEnd(scratch->getBody());
  auto cst = [&](int64_t v) -> Value {
    return arith::ConstantIndexOp::create(b, loc, v);
  };
  SmallVector<Value> idx = llvm::map_to_vector(at, cst);
  for (Operation *op : llvm::reverse(chain)) {
    Value valid;
    idx = cast<MovementOpInterface>(op).buildSourceIndices(b, loc, idx, cst,
                                                           valid);
  }
  DenseMap<Value, Attribute> known;
  for (Operation &op : *scratch->getBody()) {
    SmallVector<Attribute> in = llvm::map_to_vector(
        op.getOperands(), [&](Value v) { return known.lookup(v); });
    SmallVector<OpFoldResult> out;
    if (failed(op.fold(in, out)) || out.size() != op.getNumResults())
      continue;
    for (auto [r, f] : llvm::zip(op.getResults(), out))
      known[r] = isa<Attribute>(f) ? cast<Attribute>(f)
                                   : known.lookup(cast<Value>(f));
  }
  if (fromEnd >= idx.size())
    return std::nullopt;
  auto c = dyn_cast_or_null<IntegerAttr>(
      known.lookup(idx[idx.size() - 1 - fromEnd]));
  if (!c)
    return std::nullopt;
  return c.getInt();
}

/// The most elements one step along any axis of the chain's result moves
/// the viewed tensor's `fromEnd`-th axis from the end (1: no strided or
/// dilated window); nullopt where the index does not fold.
std::optional<int64_t> largestStep(ArrayRef<Operation *> chain,
                                   unsigned fromEnd) {
  auto shape = cast<RankedTensorType>(chain.back()->getResult(0).getType())
                   .getShape();
  SmallVector<int64_t> at(shape.size(), 0);
  std::optional<int64_t> base = viewedIndexAt(chain, at, fromEnd);
  if (!base)
    return std::nullopt;
  int64_t most = 0;
  for (auto [d, n] : llvm::enumerate(shape)) {
    if (n < 2)
      continue;
    at[d] = 1;
    std::optional<int64_t> next = viewedIndexAt(chain, at, fromEnd);
    at[d] = 0;
    if (!next)
      return std::nullopt;
    most = std::max<int64_t>(most, std::abs(*next - *base));
  }
  return most;
}

/// Calls `f` with each chain of movement ops that reads `root` (from a user
/// of `root` to the op one of whose users is not a movement op); false when
/// `f` does or a chain is longer than 32 ops.
bool forEachViewChain(Value root,
                      llvm::function_ref<bool(ArrayRef<Operation *>)> f) {
  SmallVector<Operation *> chain;
  std::function<bool(Value)> walk = [&](Value v) {
    if (chain.size() > 32)
      return false;
    for (Operation *u : v.getUsers()) {
      if (!isMovementOp(u)) {
        if (!chain.empty() && !f(chain))
          return false;
        continue;
      }
      chain.push_back(u);
      bool ok = walk(u->getResult(0));
      chain.pop_back();
      if (!ok)
        return false;
    }
    return true;
  };
  return walk(root);
}

/// Whether `pad` is read only through view chains that reach at least
/// twice its elements (each padded element feeds several outputs), at most
/// kPadGrowth times its source's size, and the largest step of those
/// chains along its two innermost axes (1, 1 for a stride-1 window).
std::optional<std::pair<int64_t, int64_t>> windowSteps(PadOp pad) {
  constexpr int64_t kPadGrowth = 4;
  std::optional<int64_t> src = staticElements(pad.getSrc().getType()),
                         padded = staticElements(pad.getType());
  if (!src || !padded || *padded <= *src || *padded > kPadGrowth * *src)
    return std::nullopt;
  bool windowed = false;
  int64_t inner = 0, outer = 0;
  bool ok = forEachViewChain(pad.getResult(), [&](ArrayRef<Operation *> c) {
    std::optional<int64_t> n = staticElements(c.back()->getResult(0).getType());
    std::optional<int64_t> si = largestStep(c, 0),
                           so = pad.getType().getRank() >= 2
                                    ? largestStep(c, 1)
                                    : std::optional<int64_t>(0);
    if (!n || !si || !so)
      return false;
    windowed |= *n >= 2 * *padded;
    inner = std::max(inner, *si);
    outer = std::max(outer, *so);
    return true;
  });
  if (!ok || !windowed)
    return std::nullopt;
  return std::make_pair(outer, inner);
}

/// A PAD that movement ops read as overlapping windows with unit stride (a
/// stride-1 convolution's or pool's padded input; windowSteps). Read
/// unrealized, every window element is a load gated on the border, which
/// uop-expand leaves as scalar lanes and the C compiler as branches;
/// realized, the consumer reads a plain buffer whose contiguous rows
/// vectorize, for one pass over a tensor about the source's size. Strided
/// windows are split into phases instead (splitWindowPhases): read in
/// place but ungated, their loads became gathers, slower than the branches
/// (a stride-2 3x3 convolution, docs/performance.md).
bool isWindowedPad(Operation &op) {
  auto pad = dyn_cast<PadOp>(op);
  if (!pad)
    return false;
  std::optional<std::pair<int64_t, int64_t>> steps = windowSteps(pad);
  return steps && steps->first <= 1 && steps->second <= 1;
}

/// A view that movement ops take of a tensor with stride along its
/// innermost axis (every other pixel: a 1x1 stride-2 convolution's input),
/// smaller than the tensor, and that an EXPAND then broadcasts (each element
/// feeds several outputs). Read in place, the consumer's loads walk the
/// tensor with that stride, which uop-expand does not vectorize and the C
/// compiler turns into gathers; realized, the view is a contiguous buffer
/// for one pass over fewer elements than the tensor (1x1 stride-2
/// convolutions of ResNet-18: 0.39 -> 0.10 ms at 28 x 28 pixels,
/// docs/performance.md). Views whose chain broadcasts earlier (a 3x3
/// window's repeat) are not: realized, they would be larger. The chain
/// stops at a value in `realized`.
bool isStridedSubsample(Operation &op,
                        const llvm::SmallDenseSet<Value> *realized = nullptr) {
  if (!isMovementOp(&op) || isa<ExpandOp>(op) ||
      !llvm::any_of(op.getUsers(), [](Operation *u) {
        auto e = dyn_cast<ExpandOp>(u);
        return e && !broadcastAxes(e).empty();
      }))
    return false;
  SmallVector<Operation *> chain = {&op};
  Value root = op.getOperand(0);
  while (Operation *def = root.getDefiningOp()) {
    if (!isMovementOp(def) || (realized && realized->contains(root)))
      break;
    if (isa<ExpandOp>(def) || chain.size() > 32)
      return false;
    chain.insert(chain.begin(), def);
    root = def->getOperand(0);
  }
  std::optional<int64_t> viewed = staticElements(root.getType()),
                         view = staticElements(op.getResult(0).getType());
  auto shape = cast<RankedTensorType>(op.getResult(0).getType()).getShape();
  // The innermost axis with more than one element (views end in unit axes).
  auto inner = llvm::find_if(llvm::reverse(shape),
                             [](int64_t n) { return n >= 2; });
  if (!viewed || !view || *view >= *viewed || inner == shape.rend())
    return false;
  SmallVector<int64_t> at(shape.size(), 0);
  std::optional<int64_t> base = viewedIndexAt(chain, at);
  at[shape.rend() - inner - 1] = 1;
  std::optional<int64_t> next = viewedIndexAt(chain, at);
  return base && next && std::abs(*next - *base) > 1;
}

/// Splits a PAD read as windows of stride s along both innermost axes (a
/// stride-2 convolution's or pool's padded input, its padded extents
/// multiples of s) into s x s phases: a [..., s, s, H/s, W/s] view (a
/// RESHAPE and a PERMUTE of the pad) that is realized, read back through the
/// inverse PERMUTE and RESHAPE. Element (h, w) of the pad is element
/// (h % s, w % s, h / s, w / s) of the phases, so a window's row of s-strided
/// pixels is a contiguous row of one phase and the consumer's loads
/// vectorize. Returns the phase views.
void splitWindowPhases(Block &body, llvm::SmallDenseSet<Value> &views) {
  SmallVector<std::pair<PadOp, int64_t>> found;
  for (Operation &op : body.without_terminator()) {
    auto pad = dyn_cast<PadOp>(op);
    if (!pad || pad.getType().getRank() < 2 ||
        !pad.getType().hasStaticShape())
      continue;
    std::optional<std::pair<int64_t, int64_t>> steps = windowSteps(pad);
    ArrayRef<int64_t> shape = pad.getType().getShape();
    int64_t h = shape[shape.size() - 2], w = shape.back();
    if (steps && steps->first == steps->second && steps->first >= 2 &&
        h % steps->first == 0 && w % steps->first == 0)
      found.emplace_back(pad, steps->first);
  }
  for (auto [pad, st] : found) {
    RankedTensorType ty = pad.getType();
    int64_t lead = ty.getRank() - 2;
    ArrayRef<int64_t> shape = ty.getShape();
    SmallVector<int64_t> split(shape.take_front(lead)), perm, inverse, phased;
    split.append({shape[lead] / st, st, shape[lead + 1] / st, st});
    for (int64_t d = 0; d < lead; ++d)
      perm.push_back(d);
    perm.append({lead + 1, lead + 3, lead, lead + 2});
    inverse.resize(perm.size());
    for (auto [i, d] : llvm::enumerate(perm)) {
      inverse[d] = i;
      phased.push_back(split[d]);
    }
    OpBuilder b(pad);
    b.setInsertionPointAfter(pad);
    Location loc = pad.getLoc();
    Type elt = ty.getElementType();
    Value r = ReshapeOp::create(b, loc, RankedTensorType::get(split, elt), pad);
    Value ph = PermuteOp::create(b, loc, RankedTensorType::get(phased, elt), r,
                                 b.getDenseI64ArrayAttr(perm));
    Value back = PermuteOp::create(b, loc, RankedTensorType::get(split, elt),
                                   ph, b.getDenseI64ArrayAttr(inverse));
    Value whole = ReshapeOp::create(b, loc, ty, back);
    pad.getResult().replaceAllUsesExcept(whole, r.getDefiningOp());
    views.insert(ph);
  }
}

/// Gives each strided subsample (isStridedSubsample) with unit axes a
/// RESHAPE without them, read back through one that restores them, and
/// returns those squeezed views: they are what gets realized, so that the
/// consumer indexes the buffer with the pixel innermost (realized as is, a
/// 1x1x256x1x7x7x1x1 view puts unit axes after the pixel, and uop-expand
/// vectorizes only along the innermost index).
llvm::SmallDenseSet<Value> squeezeStridedSubsamples(Block &body) {
  SmallVector<Operation *> found;
  for (Operation &op : body.without_terminator())
    if (isStridedSubsample(op))
      found.push_back(&op);
  llvm::SmallDenseSet<Value> squeezed;
  for (Operation *op : found) {
    Value v = op->getResult(0);
    auto ty = cast<RankedTensorType>(v.getType());
    SmallVector<int64_t> kept;
    for (int64_t d : ty.getShape())
      if (d != 1)
        kept.push_back(d);
    if (static_cast<int64_t>(kept.size()) == ty.getRank())
      continue;
    OpBuilder b(op->getContext());
    b.setInsertionPointAfter(op);
    Value sq = ReshapeOp::create(
        b, op->getLoc(), RankedTensorType::get(kept, ty.getElementType()), v);
    Value back = ReshapeOp::create(b, op->getLoc(), ty, sq);
    v.replaceAllUsesExcept(back, sq.getDefiningOp());
    squeezed.insert(sq);
  }
  return squeezed;
}

/// ALU ops (the table's arith/math ops) on equal-shaped tensors that apply
/// per element.
bool isElementwise(Operation *op) {
  if (!isALUOp(op) || op->getNumResults() != 1 || op->getNumRegions() != 0)
    return false;
  auto rt = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  if (!rt)
    return false;
  for (Type t : op->getOperandTypes()) {
    auto ot = dyn_cast<RankedTensorType>(t);
    if (!ot || ot.getShape() != rt.getShape())
      return false;
  }
  return true;
}

/// True when every use of `v` leads, through elementwise ops only, to one
/// value: each consumer then reads `v` at the same indices inside one
/// expression, where the memo computes it once (relu(s) + s reads the sum
/// s once), so a reduction in `v` needs no buffer of its own.
bool usesConverge(Value v, const llvm::SmallDenseSet<Value> &returned) {
  constexpr size_t kRegionLimit = 4096;
  llvm::SetVector<Value> region;
  region.insert(v);
  unsigned exits = 0;
  for (size_t i = 0; i < region.size(); ++i) {
    if (region.size() > kRegionLimit)
      return false;
    Value w = region[i];
    bool exit = returned.contains(w);
    for (Operation *u : w.getUsers()) {
      if (isElementwise(u))
        region.insert(u->getResult(0));
      else
        exit = true;
    }
    if (exit && ++exits > 1)
      return false;
  }
  return exits == 1;
}

class Rangeifier {
public:
  Rangeifier(func::FuncOp fn, int64_t mathCost, int64_t longReduce)
      : fn(fn), b(fn.getContext()), mathCost(std::max<int64_t>(mathCost, 1)),
        longReduce(longReduce) {}

  LogicalResult run();

private:
  Value cst(int64_t v) {
    auto it = constants.find(v);
    if (it != constants.end())
      return it->second;
    return constants[v] = arith::ConstantIndexOp::create(b, loc, v);
  }
  /// The extent of dimension `d` of `t`: a constant, or the DEFINE_VAR of
  /// its variable (checkShapes made sure there is one).
  Value dim(RankedTensorType t, unsigned d) {
    if (StringAttr v = getDimVar(t, d))
      return vars.lookup(v.getValue());
    return cst(t.getDimSize(d));
  }
  Value newRange(Value extent, AxisType type) {
    return RangeOp::create(b, loc, b.getIndexType(), extent,
                           AxisIdAttr::get(b.getContext(), nextAxis++, false),
                           AxisTypeAttr::get(b.getContext(), type),
                           ValueRange{});
  }
  Value andGate(Value g, Value c) {
    return g ? arith::AndIOp::create(b, loc, g, c).getResult() : c;
  }
  FailureOr<Value> emit(Value t, ArrayRef<Value> idx, Value gate);
  FailureOr<Value> emitOp(Operation *op, ArrayRef<Value> idx, Value gate);
  FailureOr<Value> emitMovement(MovementOpInterface m, Type elt,
                                ArrayRef<Value> idx, Value gate);
  FailureOr<Value> emitReduceAxis(ReduceAxisOp r, Type elt, ArrayRef<Value> idx,
                                  Value gate);
  FailureOr<Value> emitElementwise(Operation *op, Type elt, ArrayRef<Value> idx,
                                   Value gate);
  LogicalResult realize(Value v);
  LogicalResult checkSignature(Block &body, func::ReturnOp ret);
  LogicalResult checkShapes(Block &body);
  void defineVars();
  Value linearIndex(RankedTensorType t, ArrayRef<Value> idx);
  FailureOr<SmallVector<Value>> symbolicReshapeIndices(ReshapeOp r,
                                                       ArrayRef<Value> idx);
  bool isLongMatmulReduce(Operation &op) const;
  FailureOr<SmallVector<Value>> chooseRealizePoints(Block &body,
                                                    func::ReturnOp ret);
  LogicalResult realizePoints(ArrayRef<Value> points, func::ReturnOp ret);
  LogicalResult copyRepeatedResults(func::ReturnOp ret);
  LogicalResult eraseTensorOps(Block &body);

  func::FuncOp fn;
  OpBuilder b;
  /// What a transcendental math op counts as in the recompute limit.
  int64_t mathCost;
  int64_t longReduce;
  Location loc = fn.getLoc();
  /// Tensor value -> tensor it is read from (an argument or a BUFFERIZE).
  DenseMap<Value, Value> realized;
  /// Views realized for their layout: squeezed strided subsamples
  /// (squeezeStridedSubsamples) and window phases (splitWindowPhases).
  llvm::SmallDenseSet<Value> squeezedViews;
  std::map<std::vector<void *>, Value> memo;
  std::map<int64_t, Value> constants;
  /// Shape variable name -> its DEFINE_VAR.
  llvm::StringMap<Value> vars;
  int64_t nextAxis = 0;
};
} // namespace

FailureOr<Value> Rangeifier::emit(Value t, ArrayRef<Value> idx, Value gate) {
  // The buffer `t` is read from is part of the key: once `t` is realized,
  // reads go to its buffer even where its expression was memoised (0-d
  // values have the same, empty, index vector in both places).
  Value source = realized.lookup(t);
  std::vector<void *> key = {t.getAsOpaquePointer(),
                             gate ? gate.getAsOpaquePointer() : nullptr,
                             source ? source.getAsOpaquePointer() : nullptr};
  for (Value i : idx)
    key.push_back(i.getAsOpaquePointer());
  auto it = memo.find(key);
  if (it != memo.end())
    return it->second;

  FailureOr<Value> result = failure();
  auto tt = cast<RankedTensorType>(t.getType());
  if (Value buf = source) {
    Type elt = tt.getElementType();
    // A 0-d tensor is read at flat index 0.
    SmallVector<Value> at(idx.begin(), idx.end());
    if (at.empty())
      at.push_back(cst(0));
    // Later passes linearize by a static `uop.shape`; a symbolic buffer's
    // row-major index needs its variables, which are here.
    if (!tt.hasStaticShape())
      at = {linearIndex(tt, idx)};
    Value index = IndexOp::create(b, loc, elt, buf, at, gate);
    Value alt;
    if (gate)
      alt = arith::ConstantOp::create(b, loc, b.getZeroAttr(elt));
    result = LoadOp::create(b, loc, elt, buf, index, alt).getResult();
  } else {
    // emitOp points `loc` at its op; the caller's ops keep their own.
    Location callerLoc = loc;
    result = emitOp(t.getDefiningOp(), idx, gate);
    loc = callerLoc;
  }
  if (succeeded(result))
    memo[key] = *result;
  return result;
}

FailureOr<Value> Rangeifier::emitOp(Operation *op, ArrayRef<Value> idx,
                                    Value gate) {
  auto resTy = cast<RankedTensorType>(op->getResult(0).getType());
  Type elt = resTy.getElementType();
  loc = op->getLoc();

  if (auto c = dyn_cast<arith::ConstantOp>(op)) {
    auto splat = dyn_cast<SplatElementsAttr>(c.getValue());
    if (!splat)
      return op->emitError("cannot rangeify a non-splat tensor constant; pass "
                           "the data as a function argument");
    return arith::ConstantOp::create(b, loc, splat.getSplatValue<TypedAttr>())
        .getResult();
  }

  if (auto m = dyn_cast<MovementOpInterface>(op))
    return emitMovement(m, elt, idx, gate);
  if (auto r = dyn_cast<ReduceAxisOp>(op))
    return emitReduceAxis(r, elt, idx, gate);
  // Pass-through hints read their source (CONTIGUOUS is realized instead).
  if (isa<DetachOp, ContiguousBackwardOp>(op))
    return emit(op->getOperand(0), idx, gate);
  if (isElementwise(op))
    return emitElementwise(op, elt, idx, gate);
  return op->emitError("uop-rangeify cannot lower this op to index arithmetic");
}

// A movement op: its source at the mapped index; a PAD is gated (and
// masked) outside the source's extent.
FailureOr<Value> Rangeifier::emitMovement(MovementOpInterface m, Type elt,
                                          ArrayRef<Value> idx, Value gate) {
  Value valid;
  SmallVector<Value> src;
  auto reshape = dyn_cast<ReshapeOp>(m.getOperation());
  if (reshape && !(reshape.getSrc().getType().hasStaticShape() &&
                   reshape.getType().hasStaticShape())) {
    FailureOr<SmallVector<Value>> s = symbolicReshapeIndices(reshape, idx);
    if (failed(s))
      return failure();
    src = std::move(*s);
  } else {
    src = m.buildSourceIndices(
        b, loc, idx, [&](int64_t v) { return cst(v); }, valid);
  }
  if (!valid)
    return emit(m.getSource(), src, gate);
  FailureOr<Value> inner = emit(m.getSource(), src, andGate(gate, valid));
  if (failed(inner))
    return failure();
  // A gated LOAD already yields the pad value; anything computed from it
  // (exp of 0 is not 0) is masked.
  if (auto load = inner->getDefiningOp<LoadOp>(); load && load.getAlt())
    return *inner;
  Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(elt));
  return arith::SelectOp::create(b, loc, valid, *inner, zero).getResult();
}

// REDUCE_AXIS: fresh reduce RANGEs for the reduced axes, closed by a REDUCE.
FailureOr<Value> Rangeifier::emitReduceAxis(ReduceAxisOp r, Type elt,
                                            ArrayRef<Value> idx, Value gate) {
  auto srcTy = cast<RankedTensorType>(r.getSrc().getType());
  llvm::SmallDenseSet<int64_t> axes(r.getAxes().begin(), r.getAxes().end());
  // Over an empty axis: the identity (0 for add, -inf for a float max, ...),
  // without a RANGE of extent 0 and without reading the source.
  for (int64_t a : axes)
    if (!srcTy.isDynamicDim(a) && srcTy.getDimSize(a) == 0)
      return arith::ConstantOp::create(
                 b, loc, getReduceIdentity(r.getReduceOp(), elt))
          .getResult();
  SmallVector<Value> src, ranges;
  unsigned next = 0;
  for (int64_t i = 0; i < srcTy.getRank(); ++i) {
    if (axes.contains(i)) {
      ranges.push_back(newRange(dim(srcTy, i), AxisType::Reduce));
      src.push_back(ranges.back());
    } else {
      src.push_back(idx[next++]);
    }
  }
  FailureOr<Value> inner = emit(r.getSrc(), src, gate);
  if (failed(inner))
    return failure();
  return ReduceOp::create(b, loc, elt, *inner, ranges, r.getReduceOpAttr())
      .getResult();
}

// An elementwise arith/math op: the same op on the scalars of its operands.
FailureOr<Value> Rangeifier::emitElementwise(Operation *op, Type elt,
                                             ArrayRef<Value> idx, Value gate) {
  SmallVector<Value> operands;
  for (Value o : op->getOperands()) {
    FailureOr<Value> v = emit(o, idx, gate);
    if (failed(v))
      return failure();
    operands.push_back(*v);
  }
  OperationState state(loc, op->getName());
  state.addOperands(operands);
  state.addTypes(elt);
  state.addAttributes(op->getAttrs());
  return b.create(state)->getResult(0);
}

LogicalResult Rangeifier::realize(Value v) {
  auto tt = dyn_cast<RankedTensorType>(v.getType());
  if (!tt)
    return fn.emitError("uop-rangeify needs ranked tensors");
  SmallVector<Value> ranges;
  for (unsigned d = 0; d < tt.getRank(); ++d)
    ranges.push_back(newRange(dim(tt, d), AxisType::Loop));
  // A contiguous value is its source realized.
  Value src = v;
  if (auto c = v.getDefiningOp<ContiguousOp>())
    src = c.getSrc();
  FailureOr<Value> scalar = emit(src, ranges, Value());
  if (failed(scalar))
    return failure();
  auto opts = BufferizeOptsAttr::get(b.getContext(), StringAttr(),
                                     AddrSpace::Global, true);
  realized[v] = BufferizeOp::create(b, loc, tt, *scalar, ranges, opts);
  return success();
}

// Rejects signatures rangeify cannot handle; arguments are read as they are.
LogicalResult Rangeifier::checkSignature(Block &body, func::ReturnOp ret) {
  if (ret.getNumOperands() == 0)
    return fn.emitError("uop-rangeify: the function has no results to compute");
  for (BlockArgument a : body.getArguments()) {
    if (!isa<RankedTensorType>(a.getType()))
      return fn.emitError("uop-rangeify: argument ")
             << a.getArgNumber() << " is not a ranked tensor";
    realized[a] = a;
  }
  return success();
}

// A float add over one axis of at least longReduce steps and at least
// kLongReduceOutputs outputs, read only by elementwise ops: fused, its
// epilogue (a bias, GELU) kept uop-optimize from K-blocking the kernel
// (GPT-2's 128 x 768 x 3072 matmul + bias 7.8 ms, 6.2 without the bias).
bool Rangeifier::isLongMatmulReduce(Operation &op) const {
  constexpr int64_t kLongReduceOutputs = 16384;
  auto r = dyn_cast<ReduceAxisOp>(op);
  if (!r || longReduce <= 0 || r.getReduceOp() != ReduceOpKind::Add ||
      r.getAxes().size() != 1 || r.getResult().use_empty() ||
      !isa<FloatType>(r.getType().getElementType()) ||
      !llvm::all_of(r->getUsers(), [](Operation *u) {
        return isElementwise(u);
      }))
    return false;
  auto src = cast<RankedTensorType>(r.getSrc().getType());
  int64_t axis = r.getAxes().front();
  return src.hasStaticShape() && !ShapedType::isDynamic(src.getDimSize(axis)) &&
         src.getDimSize(axis) >= longReduce &&
         r.getType().getNumElements() >= kLongReduceOutputs;
}

/// The result of `v`'s one reader when that is a PERMUTE moving the
/// innermost axis; null otherwise.
static Value innermostPermute(Value v) {
  if (!v.hasOneUse())
    return {};
  auto p = dyn_cast<PermuteOp>(*v.user_begin());
  if (!p || p.getAxes().empty() ||
      p.getAxes().back() + 1 == int64_t(p.getAxes().size()))
    return {};
  return p.getResult();
}

/// Whether `op` is a PERMUTE that swaps its last two axes and keeps the
/// others.
static bool swapsLastTwoAxes(Operation *op) {
  auto p = dyn_cast<PermuteOp>(op);
  if (!p)
    return false;
  ArrayRef<int64_t> axes = p.getAxes();
  int64_t n = axes.size();
  if (n < 2 || axes[n - 1] != n - 2 || axes[n - 2] != n - 1)
    return false;
  for (int64_t i = 0; i + 2 < n; ++i)
    if (axes[i] != i)
      return false;
  return true;
}

namespace {
/// A value used several times is realized once recomputing it (its ops up
/// to the realized values it reads) is not cheap.
constexpr int64_t kRecomputeLimit = 16;
/// An expression of at least kBroadcastOps ALU ops (movement ops are index
/// arithmetic) read through a broadcast of at least kBroadcastLimit
/// elements per element is realized: a layer norm's output fused into the
/// matmul it feeds was recomputed once per column tile (96 times in GPT-2's
/// 768 x 3072 MLP, 4 scalar ops beside every 2 vector FMAs). Two ops
/// already pay: LLaMA's RMS norm x * rstd * w fused into its three
/// projections cost 9% of the block. A float division counts as two (its
/// cost class, Divide): it issues at a fraction of a multiply's rate
/// (attention's softmax rows e / sum, fused into the matmul with V, divided
/// once per step of its K loop and column tile: LLaMA's P @ V kernel ran at
/// 14 GFLOP/s).
constexpr int64_t kBroadcastOps = 2, kBroadcastLimit = 16;
/// Any expression is cut into kernels of at most this many ops: it bounds
/// kernel size and the depth of emit()'s recursion (deep chains).
constexpr int64_t kFuseLimit = 2048;
} // namespace

// The values to realize in a buffer, in program order.
FailureOr<SmallVector<Value>>
Rangeifier::chooseRealizePoints(Block &body, func::ReturnOp ret) {
  // Realize points, in program order. `cone` marks values whose expression
  // holds an unrealized reduction: recomputing those or reading them through
  // a movement op (a different index space) needs a buffer.
  llvm::SmallDenseSet<Value> returned(ret.getOperands().begin(),
                                      ret.getOperands().end());
  DenseMap<Value, bool> cone;
  llvm::SmallDenseSet<Value> broadcastCone;
  // Ops an expression would recompute (up to the realized values it reads).
  DenseMap<Value, int64_t> coneSize;
  DenseMap<Value, int64_t> coneALU;
  // An elementwise value whose one reader is a PERMUTE that moves its
  // innermost axis is stored in the permuted order (the PERMUTE is realized
  // in its place): its reader then walks the buffer contiguously. LLaMA's
  // roped keys, read as K^T by the scores matmul, were stored [h][t][d] and
  // read along t at a stride of d: that matmul's B operand had no
  // contiguous output axis and ran on scalar lanes (~18 GFLOP/s). Not a
  // value whose expression holds an unrealized reduction: its kernel is
  // that reduction's (a matmul's epilogue), whose output layout stays.
  llvm::SmallDenseSet<Value> realizePermuted;
  SmallVector<Value> points;
  for (Operation &op : body.without_terminator()) {
    if (op.getNumResults() != 1 ||
        !isa<RankedTensorType>(op.getResult(0).getType()))
      return op.emitError("uop-rangeify expects tensor-level ops with one "
                          "ranked tensor result");
    Value v = op.getResult(0);
    bool c = isa<ReduceAxisOp>(op);
    // Whether every unrealized reduction in `v` came in through a broadcast
    // that a later reduction removes (readElsewhere let it through).
    bool viaBroadcast = false, other = c;
    // The cost classes are the ALU table's (uop/Support/ALUOps.def); a
    // movement op or a reduction counts as one op in `size`.
    int64_t alu = aluOpWeight(&op, mathCost);
    int64_t size = std::max<int64_t>(alu, 1);
    for (Value o : op.getOperands()) {
      alu = std::min<int64_t>(alu + coneALU.lookup(o), 1 << 20);
      c |= cone.lookup(o);
      if (broadcastCone.contains(o) ||
          (isa<ExpandOp>(op) && cone.lookup(o)))
        viaBroadcast = true;
      else
        other |= cone.lookup(o);
      size = std::min<int64_t>(size + coneSize.lookup(o), 1 << 20);
    }
    if (viaBroadcast && !other)
      broadcastCone.insert(v);
    bool multiUse = !v.hasOneUse() && !v.use_empty() &&
                    !(c && usesConverge(v, returned));
    // The reduction that removes the broadcast reads `v` in its own index
    // space.
    bool movedOrReduced =
        broadcastCone.contains(v)
            ? llvm::any_of(v.getUsers(),
                           [](Operation *u) { return !isElementwise(u) &&
                                                     !isa<ReduceAxisOp>(u); })
            : readElsewhere(v);
    // A matrix transposed twice (a PERMUTE swapping the last two axes whose
    // one reader swaps them back) and read through a broadcast is copied in
    // the order of the first: q @ k^T transposes its B operand k^T again,
    // so the matmul read k's rows, contiguous along the reduced axis, at a
    // stride along its output axis (GPT-2's keys, a slice of the QKV
    // matmul's output: scalar lanes, 4.6% of the block). A weight read once
    // transposed (x @ w) is left alone.
    bool transposed = !c && swapsLastTwoAxes(&op) && v.hasOneUse() &&
                      swapsLastTwoAxes(*v.user_begin()) &&
                      broadcastFactor(v) >= kBroadcastLimit;
    bool realize = realizePermuted.contains(v) || transposed ||
                   returned.contains(v) ||
                   isa<ContiguousOp>(op) ||
                   isLongMatmulReduce(op) ||
                   (c && (multiUse || movedOrReduced)) ||
                   (multiUse && size > kRecomputeLimit) ||
                   (!c && alu >= kBroadcastOps &&
                    broadcastFactor(v) >= kBroadcastLimit) ||
                   isWindowedPad(op) ||
                   isStridedSubsample(op, &squeezedViews) ||
                   squeezedViews.contains(v) ||
                   (!v.use_empty() && size > kFuseLimit);
    if (realize && !c && isElementwise(&op) && !returned.contains(v))
      if (Value p = innermostPermute(v)) {
        realizePermuted.insert(p);
        realize = false;
      }
    if (realize)
      points.push_back(v);
    cone[v] = c && !realize;
    coneSize[v] = realize ? 0 : size;
    coneALU[v] = realize ? 0 : alu;
  }
  for (Value r : ret.getOperands())
    if (isa<BlockArgument>(r))
      points.push_back(r);
  return points;
}

// Realizes each point and makes the return read the buffers.
LogicalResult Rangeifier::realizePoints(ArrayRef<Value> points,
                                        func::ReturnOp ret) {
  for (Value v : points) {
    // An argument returned as is still needs its own output buffer: a copy.
    if (isa<BlockArgument>(v)) {
      if (failed(realize(v)))
        return failure();
      Value copy = realized[v];
      realized[v] = v;
      for (OpOperand &o : ret->getOpOperands())
        if (o.get() == v)
          o.set(copy);
      continue;
    }
    if (failed(realize(v)))
      return failure();
  }
  for (OpOperand &o : ret->getOpOperands())
    if (Value r = realized.lookup(o.get()); r && !isa<BlockArgument>(r))
      o.set(r);
  return success();
}

// A value returned twice needs a second output buffer: a copy.
LogicalResult Rangeifier::copyRepeatedResults(func::ReturnOp ret) {
  llvm::SmallDenseSet<Value> seen;
  for (OpOperand &o : ret->getOpOperands()) {
    if (seen.insert(o.get()).second)
      continue;
    Value first = o.get();
    auto tt = cast<RankedTensorType>(first.getType());
    SmallVector<Value> ranges;
    for (unsigned d = 0; d < tt.getRank(); ++d)
      ranges.push_back(newRange(dim(tt, d), AxisType::Loop));
    realized[first] = first;
    FailureOr<Value> scalar = emit(first, ranges, Value());
    if (failed(scalar))
      return failure();
    auto opts = BufferizeOptsAttr::get(b.getContext(), StringAttr(),
                                       AddrSpace::Global, true);
    o.set(BufferizeOp::create(b, loc, tt, *scalar, ranges, opts));
  }
  return success();
}

// Erases the tensor-level ops, which are now dead.
LogicalResult Rangeifier::eraseTensorOps(Block &body) {
  SmallVector<Operation *> dead;
  for (Operation &op : body.without_terminator())
    if (op.getNumResults() == 1 &&
        isa<RankedTensorType>(op.getResult(0).getType()) &&
        !isa<BufferizeOp>(op))
      dead.push_back(&op);
  for (Operation *op : llvm::reverse(dead)) {
    if (!op->use_empty())
      return op->emitError("uop-rangeify left a use of a tensor op");
    op->erase();
  }
  return success();
}

// Every tensor is static or symbolic with each `?` a declared variable: a
// located error otherwise, before anything is built.
LogicalResult Rangeifier::checkShapes(Block &body) {
  llvm::StringSet<> declared;
  for (VarAttr v : getShapeVars(fn))
    declared.insert(v.getName().getValue());
  auto check = [&](Type t, Location at) -> LogicalResult {
    auto rt = dyn_cast<RankedTensorType>(t);
    if (!rt || rt.hasStaticShape())
      return success();
    if (!hasSymbolicShape(rt))
      return emitError(at, "uop-rangeify: the dynamic dimensions of ")
             << t << " need variables: give the type a #uop.sym encoding "
             << "naming variables of the function's uop.vars (e.g. "
             << "tensor<?x4xf32, #uop.sym<\"n\">>)";
    for (unsigned d = 0; d < rt.getRank(); ++d)
      if (StringAttr v = getDimVar(rt, d); v && !declared.contains(v))
        return emitError(at, "uop-rangeify: dimension ")
               << d << " of " << t << " is variable '" << v.getValue()
               << "', which @" << fn.getName()
               << " does not declare in uop.vars";
    return success();
  };
  for (auto [i, t] : llvm::enumerate(fn.getArgumentTypes()))
    if (failed(check(t, body.getArgument(i).getLoc())))
      return failure();
  for (Type t : fn.getResultTypes())
    if (failed(check(t, fn.getLoc())))
      return failure();
  for (Operation &op : body)
    for (Type t : op.getResultTypes())
      if (failed(check(t, op.getLoc())))
        return failure();
  return success();
}

// One DEFINE_VAR per declared variable: the kernels that need it read it.
void Rangeifier::defineVars() {
  for (VarAttr v : getShapeVars(fn))
    vars[v.getName().getValue()] = DefineVarOp::create(
        b, fn.getLoc(), b.getIndexType(), v.getName(), v.getMin(), v.getMax());
}

// The row-major index of `idx` into a buffer of type `t`.
Value Rangeifier::linearIndex(RankedTensorType t, ArrayRef<Value> idx) {
  SmallVector<Value> extents;
  for (unsigned d = 0; d < t.getRank(); ++d)
    extents.push_back(dim(t, d));
  Value flat = buildRowMajorIndex(b, loc, idx, extents);
  return flat ? flat : cst(0);
}

// A RESHAPE with symbolic dimensions: only inserting or removing size-1
// dimensions keeps the index space without dividing by a variable.
FailureOr<SmallVector<Value>>
Rangeifier::symbolicReshapeIndices(ReshapeOp r, ArrayRef<Value> idx) {
  RankedTensorType srcTy = r.getSrc().getType(), resTy = r.getType();
  auto nonUnit = [](RankedTensorType t) {
    SmallVector<unsigned> dims;
    for (unsigned d = 0; d < t.getRank(); ++d)
      if (t.isDynamicDim(d) || t.getDimSize(d) != 1)
        dims.push_back(d);
    return dims;
  };
  SmallVector<unsigned> srcDims = nonUnit(srcTy), resDims = nonUnit(resTy);
  bool same = srcDims.size() == resDims.size();
  for (size_t k = 0; same && k < srcDims.size(); ++k)
    same = srcTy.getDimSize(srcDims[k]) == resTy.getDimSize(resDims[k]) &&
           getDimVar(srcTy, srcDims[k]) == getDimVar(resTy, resDims[k]);
  if (!same)
    return r.emitError("uop-rangeify: a RESHAPE of symbolic dimensions can "
                       "only insert or remove size-1 dimensions (")
           << srcTy << " -> " << resTy
           << "); merging or splitting a variable dimension is not supported";
  SmallVector<Value> src(srcTy.getRank(), cst(0));
  for (auto [s, d] : llvm::zip(srcDims, resDims))
    src[s] = idx[d];
  return src;
}

LogicalResult Rangeifier::run() {
  Block &body = fn.getBody().front();
  auto ret = cast<func::ReturnOp>(body.getTerminator());
  if (failed(checkSignature(body, ret)) || failed(checkShapes(body)))
    return failure();
  squeezedViews = squeezeStridedSubsamples(body);
  splitWindowPhases(body, squeezedViews);
  FailureOr<SmallVector<Value>> points = chooseRealizePoints(body, ret);
  if (failed(points))
    return failure();
  b.setInsertionPoint(ret);
  defineVars();
  if (failed(realizePoints(*points, ret)) || failed(copyRepeatedResults(ret)))
    return failure();
  return eraseTensorOps(body);
}

/// 2048 nested emit() frames of a few KiB each, with room to spare.
static constexpr unsigned kRangeifyStackBytes = 256u << 20;
/// Functions of at most this many ops nest at most this deep: the thread's
/// own stack holds that. A new stack costs a 256 MiB mapping and unmapping
/// (and the page faults of what it touches) per function, which was a
/// quarter of the pass time of a one-kernel program (docs/performance.md).
static constexpr unsigned kOpsOnThreadStack = 128;

namespace {
struct UOpRangeifyPass : public uop::impl::UOpRangeifyBase<UOpRangeifyPass> {
  using UOpRangeifyBase::UOpRangeifyBase;
  void runOnOperation() override {
    func::FuncOp fn = getOperation();
    if (fn.isExternal())
      return;
    // Only tensor-level functions are rangeified.
    bool tensorLevel = llvm::any_of(fn.getArgumentTypes(), [](Type t) {
                         return isa<RankedTensorType>(t);
                       }) ||
                       llvm::any_of(fn.getResultTypes(), [](Type t) {
                         return isa<RankedTensorType>(t);
                       });
    if (!tensorLevel)
      return;
    // A tensor's element count and bytes must fit int64 before anything
    // computes with them (a wrapped count sized buffers of 4 elements).
    if (failed(checkSignatureSizes(fn, "uop-rangeify")))
      return signalPassFailure();
    if (!fn.getBody().hasOneBlock())
      return fn.emitError("uop-rangeify expects a single-block function"),
             signalPassFailure();
    // A one-device program: a COPY of a tensor to a device holds the same
    // elements (where a value lives is the runtime's business), and the
    // DEVICE it names is then dead. Multi-device values (MULTI, MSTACK,
    // MSELECT, ALLREDUCE) have no one-device form.
    for (Operation &op : llvm::make_early_inc_range(fn.getBody().front())) {
      if (auto copy = dyn_cast<CopyOp>(op);
          copy && isa<RankedTensorType>(copy.getType())) {
        copy.getResult().replaceAllUsesWith(copy.getSrc());
        Operation *dev = copy.getDevice().getDefiningOp();
        copy->erase();
        if (dev && dev->use_empty())
          dev->erase();
        continue;
      }
      if (isa<MultiOp, MStackOp, MSelectOp, AllReduceOp>(op))
        return op.emitError("uop-rangeify: ")
                   << op.getName()
                   << " is a multi-device value; a program compiled for one "
                      "device cannot hold it",
               signalPassFailure();
    }
    // emit() recurses once per op of an expression (up to the fuse limit,
    // 2048 levels): on a stack of its own, so that no input overflows the
    // thread's (sanitizer builds have several times larger frames).
    Rangeifier r(fn, mathCost, longReduce);
    bool ok = false;
    auto &ops = fn.getBody().front().getOperations();
    if (ops.size() <= kOpsOnThreadStack)
      ok = succeeded(r.run());
    else
      llvm::runOnNewStack(kRangeifyStackBytes,
                          [&] { ok = succeeded(r.run()); });
    if (!ok)
      signalPassFailure();
  }
};
} // namespace
