//===- UOpOps.cpp - verifiers, folders and assembly of uop ops ------------===//
//
// Verifiers state the seed's rules in the user's words; folders and
// canonicalizations do only what is plainly right.
//
//===----------------------------------------------------------------------===//

#include "uop/Dialect/UOp/IR/UOp.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionImplementation.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/Support/MathExtras.h"

#include <map>

using namespace mlir;
using namespace uop;

//===----------------------------------------------------------------------===//
// Small helpers
//===----------------------------------------------------------------------===//

/// Width of a scalar (1) or 1-D vector value; 0 for anything else.
static int64_t getWidth(Type t) {
  if (auto v = dyn_cast<VectorType>(t))
    return v.getRank() == 1 ? v.getNumElements() : 0;
  return t.isIntOrIndexOrFloat() ? 1 : 0;
}

static Type getScalarType(Type t) {
  if (auto v = dyn_cast<VectorType>(t))
    return v.getElementType();
  return t;
}

/// A scalar for width 1, a vector otherwise.
static Type makeVectorOrScalar(Type elem, int64_t width) {
  if (width == 1)
    return elem;
  return VectorType::get({width}, elem);
}

static int64_t pairFactorProduct(ArrayRef<int64_t> flat) {
  int64_t p = 1;
  for (size_t i = 1; i < flat.size(); i += 2)
    p *= flat[i];
  return p;
}

static LogicalResult verifyAxisPairs(Operation *op, StringRef what,
                                     ArrayRef<int64_t> flat) {
  if (flat.size() % 2)
    return op->emitOpError() << what << " must hold (axis, factor) pairs";
  for (size_t i = 0; i < flat.size(); i += 2) {
    if (flat[i] < 0)
      return op->emitOpError() << what << " axis must be non-negative, got "
                               << flat[i];
    if (flat[i + 1] <= 0)
      return op->emitOpError() << what << " factor must be positive, got "
                               << flat[i + 1];
  }
  return success();
}

static LogicalResult verifyRangeOperands(Operation *op, ValueRange ranges,
                                         bool threadAxes = false) {
  for (auto [i, r] : llvm::enumerate(ranges)) {
    if (!isRangeValue(r) && !(threadAxes && r.getDefiningOp<SpecialOp>()))
      return op->emitOpError() << "range operand #" << i
                               << " must be the result of a uop.range"
                               << (threadAxes ? " or a threadIdx uop.special"
                                              : "");
    // A range closes (or indexes a dimension) once.
    for (unsigned j = 0; j < i; ++j)
      if (ranges[j] == r)
        return op->emitOpError() << "range operand #" << i
                                 << " repeats range operand #" << j;
  }
  return success();
}

static Type getBufferElementType(Type buffer) {
  if (auto p = dyn_cast<PtrType>(buffer))
    return p.getElementType();
  if (auto t = dyn_cast<RankedTensorType>(buffer))
    return t.getElementType();
  return {};
}

static int64_t getBufferSize(Type buffer) {
  if (auto p = dyn_cast<PtrType>(buffer))
    return p.getSize();
  if (auto t = dyn_cast<RankedTensorType>(buffer))
    return t.hasStaticShape() ? t.getNumElements() : -1;
  return -1;
}

//===----------------------------------------------------------------------===//
// Custom directives
//===----------------------------------------------------------------------===//

static ParseResult parseAxisId(OpAsmParser &p, AxisIdAttr &attr) {
  FailureOr<AxisIdAttr> parsed = parseAxisIdKeyword(p, p.getCurrentLocation());
  if (failed(parsed))
    return failure();
  attr = *parsed;
  return success();
}

static void printAxisId(OpAsmPrinter &p, Operation *, AxisIdAttr attr) {
  p << (attr.getRenumbered() ? 'R' : 'U') << attr.getId();
}

// Enum keywords printed bare, without the extra space of an enum attribute.
template <typename AttrT, typename EnumT>
static ParseResult parseEnumKeyword(OpAsmParser &p, AttrT &attr,
                                    std::optional<EnumT> (*symbolize)(StringRef),
                                    StringRef what) {
  StringRef keyword;
  SMLoc loc = p.getCurrentLocation();
  if (p.parseKeyword(&keyword))
    return failure();
  std::optional<EnumT> value = symbolize(keyword);
  if (!value)
    return p.emitError(loc, "unknown ") << what << " '" << keyword << "'";
  attr = AttrT::get(p.getContext(), *value);
  return success();
}

static ParseResult parseAxisTypeKeyword(OpAsmParser &p, AxisTypeAttr &attr) {
  return parseEnumKeyword<AxisTypeAttr, AxisType>(p, attr, symbolizeAxisType,
                                                  "axis type");
}
static void printAxisTypeKeyword(OpAsmPrinter &p, Operation *,
                                 AxisTypeAttr attr) {
  p << stringifyAxisType(attr.getValue());
}
static ParseResult parseReduceOpKeyword(OpAsmParser &p, ReduceOpKindAttr &attr) {
  return parseEnumKeyword<ReduceOpKindAttr, ReduceOpKind>(
      p, attr, symbolizeReduceOpKind, "reduce op");
}
static void printReduceOpKeyword(OpAsmPrinter &p, Operation *,
                                 ReduceOpKindAttr attr) {
  p << stringifyReduceOpKind(attr.getValue());
}

static ParseResult parseCustomFunctionKindKeyword(OpAsmParser &p,
                                                  CustomFunctionKindAttr &attr) {
  return parseEnumKeyword<CustomFunctionKindAttr, CustomFunctionKind>(
      p, attr, symbolizeCustomFunctionKind, "custom function kind");
}
static void printCustomFunctionKindKeyword(OpAsmPrinter &p, Operation *,
                                           CustomFunctionKindAttr attr) {
  p << stringifyCustomFunctionKind(attr.getValue());
}

static ParseResult parseAxisPairs(OpAsmParser &p, DenseI64ArrayAttr &attr) {
  FailureOr<SmallVector<int64_t>> flat = parsePairList(p);
  if (failed(flat))
    return failure();
  attr = DenseI64ArrayAttr::get(p.getContext(), *flat);
  return success();
}

static void printAxisPairs(OpAsmPrinter &p, Operation *,
                           DenseI64ArrayAttr attr) {
  printPairList(p, attr.asArrayRef());
}

//===----------------------------------------------------------------------===//
// RANGE, END, SPECIAL, DEFINE_VAR
//===----------------------------------------------------------------------===//

LogicalResult RangeOp::verify() {
  if (getEnd().getType() != getType())
    return emitOpError("end and result must have the same type, got ")
           << getEnd().getType() << " and " << getType();
  APInt end;
  if (matchPattern(getEnd(), m_ConstantInt(&end)) && end.isNegative())
    return emitOpError("end must be non-negative, got ") << end.getSExtValue();
  for (Value dep : getDeps())
    if (!isRangeValue(dep))
      return emitOpError("deps must be uop.range results");
  return success();
}

/// [0, max(end) - 1], shared by RANGE and SPECIAL.
static ConstantIntRanges rangeBelow(const ConstantIntRanges &end) {
  unsigned width = end.umax().getBitWidth();
  APInt zero = APInt::getZero(width);
  APInt hi = end.smax();
  if (hi.isStrictlyPositive())
    hi = hi - 1;
  else
    hi = zero;
  return ConstantIntRanges::fromSigned(zero, hi);
}

void RangeOp::inferResultRanges(ArrayRef<ConstantIntRanges> argRanges,
                                SetIntRangeFn setResultRange) {
  setResultRange(getResult(), rangeBelow(argRanges[0]));
}

LogicalResult SpecialOp::verify() {
  if (getEnd().getType() != getType())
    return emitOpError("end and result must have the same type");
  return success();
}

void SpecialOp::inferResultRanges(ArrayRef<ConstantIntRanges> argRanges,
                                  SetIntRangeFn setResultRange) {
  setResultRange(getResult(), rangeBelow(argRanges[0]));
}

LogicalResult DefineVarOp::verify() {
  if (getName().empty())
    return emitOpError("needs a non-empty variable name");
  if (getMinValAttr().getInt() > getMaxValAttr().getInt())
    return emitOpError("min ") << getMinValAttr().getInt() << " exceeds max " << getMaxValAttr().getInt();
  return success();
}

void DefineVarOp::inferResultRanges(ArrayRef<ConstantIntRanges>,
                                    SetIntRangeFn setResultRange) {
  unsigned width = ConstantIntRanges::getStorageBitwidth(getType());
  setResultRange(getResult(),
                 ConstantIntRanges::fromSigned(
                     APInt(width, getMinValAttr().getInt(), /*isSigned=*/true),
                     APInt(width, getMaxValAttr().getInt(), /*isSigned=*/true)));
}

LogicalResult EndOp::verify() {
  if (getRanges().empty())
    return emitOpError("must close at least one range");
  return verifyRangeOperands(*this, getRanges());
}

//===----------------------------------------------------------------------===//
// Reductions
//===----------------------------------------------------------------------===//

/// umax / umin compare integers unsigned: they have no float meaning.
static LogicalResult verifyReduceKind(Operation *op, ReduceOpKind kind,
                                      Type type) {
  Type elem = getElementTypeOrSelf(type);
  if ((kind == ReduceOpKind::UMax || kind == ReduceOpKind::UMin) &&
      !elem.isIntOrIndex())
    return op->emitOpError("reduction ")
           << stringifyReduceOpKind(kind)
           << " compares integers unsigned; it needs an integer element "
              "type, got "
           << elem;
  return success();
}

LogicalResult ReduceAxisOp::verify() {
  auto src = getSrc().getType();
  int64_t rank = src.getRank();
  llvm::SmallSet<int64_t, 4> seen;
  for (int64_t axis : getAxes()) {
    if (axis < 0 || axis >= rank)
      return emitOpError("axis ") << axis << " is out of range for rank "
                                  << rank;
    if (!seen.insert(axis).second)
      return emitOpError("axis ") << axis << " appears twice";
  }
  if (getAxes().empty())
    return emitOpError("needs at least one axis");
  if (failed(verifyReduceKind(*this, getReduceOp(), src)))
    return failure();
  SmallVector<int64_t> expected;
  SmallVector<StringAttr> expectedVars;
  for (int64_t d = 0; d < rank; ++d)
    if (!seen.contains(d)) {
      expected.push_back(src.getDimSize(d));
      if (StringAttr v = getDimVar(src, d))
        expectedVars.push_back(v);
    }
  auto result = getResult().getType();
  if (!src.hasStaticShape() &&
      (!hasSymbolicShape(src) || !hasSymbolicShape(result)))
    return emitOpError("needs static shapes or dynamic dimensions named by "
                       "#uop.sym, got ")
           << src << " -> " << result;
  if (result.getElementType() != src.getElementType())
    return emitOpError("result element type ")
           << result.getElementType() << " differs from source "
           << src.getElementType();
  Attribute enc;
  if (!expectedVars.empty())
    enc = SymShapeAttr::get(getContext(), expectedVars);
  if (result.getShape() != ArrayRef<int64_t>(expected) ||
      (!expectedVars.empty() && result.getEncoding() != enc))
    return emitOpError("result shape must drop the reduced axes: expected ")
           << RankedTensorType::get(expected, src.getElementType(), enc);
  return success();
}

LogicalResult ReduceOp::verify() {
  if (getRanges().empty())
    return emitOpError("must reduce over at least one range");
  if (failed(verifyReduceKind(*this, getReduceOp(), getSrc().getType())))
    return failure();
  // A thread SPECIAL: a reduction across the threads of that axis (what
  // uop-gpudims makes of a group_reduce range).
  for (Value r : getRanges())
    if (auto s = r.getDefiningOp<SpecialOp>(); s && isBlock(s.getDim()))
      return emitOpError("cannot reduce across blocks (")
             << stringifySpecialDim(s.getDim())
             << "): only a threadIdx SPECIAL is a reduction across threads";
  return verifyRangeOperands(*this, getRanges(), /*threadAxes=*/true);
}

LogicalResult AllReduceOp::verify() {
  auto dev = getDevice().getDefiningOp<DeviceOp>();
  if (!dev)
    return emitOpError("device must be a uop.device");
  if (failed(verifyReduceKind(*this, getReduceOp(), getType())))
    return failure();
  // The partial results of an MSTACK: one per device of the tuple.
  if (auto stack = getSrc().getDefiningOp<MStackOp>();
      stack && stack.getSrcs().size() != dev.getNumDevices())
    return emitOpError("reduces a value on ")
           << stack.getSrcs().size() << " devices over a tuple of "
           << dev.getNumDevices();
  return success();
}

//===----------------------------------------------------------------------===//
// Buffers and memory
//===----------------------------------------------------------------------===//

LogicalResult BufferOp::verify() {
  if (!getUnique().getDefiningOp<UniqueOp>() &&
      !getUnique().getDefiningOp<LUniqueOp>())
    return emitOpError("unique must be a uop.unique or uop.lunique");
  if (!getDevice().getDefiningOp<DeviceOp>())
    return emitOpError("device must be a uop.device");
  int64_t typeSize = getBufferSize(getType());
  if (auto t = dyn_cast<RankedTensorType>(getType()); t && !t.hasStaticShape())
    return emitOpError("buffer shape must be static");
  if (typeSize >= 0 && typeSize != static_cast<int64_t>(getSize()))
    return emitOpError("size ") << getSize() << " does not match the "
                                << typeSize << " elements of " << getType();
  return success();
}

LogicalResult BufferizeOp::verify() {
  if (failed(verifyRangeOperands(*this, getRanges())))
    return failure();
  if (auto t = dyn_cast<RankedTensorType>(getType())) {
    if (t.getRank() != static_cast<int64_t>(getRanges().size()))
      return emitOpError("a tensor result needs one dimension per range: ")
             << getRanges().size() << " ranges, rank " << t.getRank();
    if (t.getElementType() != getScalarType(getCompute().getType()))
      return emitOpError("result element type ")
             << t.getElementType() << " differs from the computed type "
             << getCompute().getType();
  } else if (auto p = dyn_cast<PtrType>(getType())) {
    if (p.getElementType() != getScalarType(getCompute().getType()))
      return emitOpError("result element type ")
             << p.getElementType() << " differs from the computed type "
             << getCompute().getType();
  } else {
    return emitOpError("result must be a ranked tensor or !uop.ptr, got ")
           << getType();
  }
  return success();
}

Type IndexOp::getElementType() { return getBufferElementType(getBuffer().getType()); }

LogicalResult IndexOp::verify() {
  if (getIndices().empty())
    return emitOpError("needs at least one index");
  if (auto t = dyn_cast<RankedTensorType>(getBuffer().getType())) {
    size_t n = getIndices().size();
    if (n != 1 && n != static_cast<size_t>(t.getRank()))
      return emitOpError("expected ")
             << t.getRank() << " indices (one per dimension) or 1, got " << n;
  }
  // A buffer of vectors (a register holding a vector accumulator) is read
  // one whole element at a time.
  Type elem = getElementType();
  if (getType() != elem &&
      (getScalarType(getType()) != elem || getWidth(getType()) == 0))
    return emitOpError("result must be the buffer's element type ")
           << elem << " or a vector of it, got " << getType();
  return success();
}

LogicalResult LoadOp::verify() {
  // A PTRCAT groups INDEXes into one vector access (the seed); its first
  // source names the buffer.
  if (auto cat = getIndex().getDefiningOp<PtrCatOp>()) {
    auto first = cat.getOperand(0).getDefiningOp<IndexOp>();
    if (first && first.getBuffer() != getBuffer())
      return emitOpError("loads from a different buffer than its PTRCAT's "
                         "first index");
    if (getAlt())
      return emitOpError("alt value needs a gated uop.index");
    return success();
  }
  auto index = getIndex().getDefiningOp<IndexOp>();
  if (!index)
    return emitOpError("index must be the result of a uop.index or "
                       "uop.ptrcat");
  if (index.getBuffer() != getBuffer())
    return emitOpError("loads from a different buffer than its index");
  if (getAlt() && !index.getGate())
    return emitOpError("alt value needs a gated uop.index");
  return success();
}

LogicalResult StoreOp::verify() {
  if (!getIndex().getDefiningOp<IndexOp>() &&
      !getIndex().getDefiningOp<PtrCatOp>())
    return emitOpError("index must be the result of a uop.index or "
                       "uop.ptrcat");
  if (getNontemporal()) {
    auto idx = getIndex().getDefiningOp<IndexOp>();
    auto ptr = idx ? dyn_cast<PtrType>(idx.getBuffer().getType()) : PtrType();
    if (!ptr || ptr.getAddrSpace() != AddrSpace::Global)
      return emitOpError("nontemporal needs a uop.index into a global "
                         "!uop.ptr buffer");
  }
  return verifyRangeOperands(*this, getRanges());
}

LogicalResult StoreLanesOp::verify() {
  auto idx = getIndex().getDefiningOp<IndexOp>();
  if (!idx)
    return emitOpError("index must be the result of a uop.index");
  if (idx.getGate())
    return emitOpError("index must not be gated: the lanes say which "
                       "elements are written");
  auto vt = dyn_cast<VectorType>(getValue().getType());
  if (!vt || vt.getRank() != 1 || vt.isScalable() ||
      vt.getElementType() != idx.getElementType())
    return emitOpError("value must be a 1-D vector of the buffer's element "
                       "type, got ")
           << getValue().getType();
  return success();
}

LogicalResult PrefetchOp::verify() {
  auto idx = getIndex().getDefiningOp<IndexOp>();
  if (!idx)
    return emitOpError("index must be the result of a uop.index");
  if (idx.getGate())
    return emitOpError("index must not be gated: a prefetch has no condition");
  auto ptr = dyn_cast<PtrType>(idx.getBuffer().getType());
  if (!ptr || ptr.getAddrSpace() != AddrSpace::Global)
    return emitOpError("index must address a global !uop.ptr buffer, got ")
           << idx.getBuffer().getType();
  if (isa<VectorType>(getIndex().getType()))
    return emitOpError("index must address one element, got ")
           << getIndex().getType();
  return success();
}

LogicalResult BufferViewOp::verify() {
  Type in = getBuffer().getType(), out = getType();
  if (getBufferElementType(in) != getBufferElementType(out))
    return emitOpError("view must keep the element type");
  int64_t total = getBufferSize(in);
  if (total >= 0 && static_cast<int64_t>(getOffset() + getSize()) > total)
    return emitOpError("view [") << getOffset() << ", "
                                 << getOffset() + getSize()
                                 << ") exceeds the buffer's " << total
                                 << " elements";
  int64_t outSize = getBufferSize(out);
  if (outSize >= 0 && outSize != static_cast<int64_t>(getSize()))
    return emitOpError("result type holds ")
           << outSize << " elements, view size is " << getSize();
  return success();
}

//===----------------------------------------------------------------------===//
// Callable IR
//===----------------------------------------------------------------------===//

ParseResult FunctionOp::parse(OpAsmParser &parser, OperationState &result) {
  auto buildFuncType = [](Builder &builder, ArrayRef<Type> argTypes,
                          ArrayRef<Type> results,
                          function_interface_impl::VariadicFlag,
                          std::string &) {
    return builder.getFunctionType(argTypes, results);
  };
  return function_interface_impl::parseFunctionOp(
      parser, result, /*allowVariadic=*/false,
      getFunctionTypeAttrName(result.name), buildFuncType,
      getArgAttrsAttrName(result.name), getResAttrsAttrName(result.name));
}

void FunctionOp::print(OpAsmPrinter &p) {
  function_interface_impl::printFunctionOp(
      p, *this, /*isVariadic=*/false, getFunctionTypeAttrName(),
      getArgAttrsAttrName(), getResAttrsAttrName());
}

SinkOp FunctionOp::getSink() {
  if (getBody().empty())
    return {};
  return dyn_cast<SinkOp>(getBody().back().getTerminator());
}

LogicalResult FunctionOp::verify() {
  if (!getFunctionType().getResults().empty())
    return emitOpError("a FUNCTION is Void and has no results; return "
                       "several values through a uop.tuple in the sink");
  if (getBody().empty())
    return emitOpError("needs a body");
  Block &entry = getBody().front();
  if (entry.getNumArguments() != getFunctionType().getNumInputs())
    return emitOpError("entry block has ")
           << entry.getNumArguments() << " arguments, the type has "
           << getFunctionType().getNumInputs();
  for (Block &block : getBody())
    if (block.empty() || !isa<SinkOp>(block.back()))
      return emitOpError("body must end in a uop.sink");
  return success();
}

namespace {
/// The ranges a value reads that are still open, and those closed in the
/// computation of it (with the op that closed each).
struct RangeScope {
  llvm::SmallSetVector<Value, 4> open;
  llvm::SmallMapVector<Value, Operation *, 4> closed;
};
} // namespace

/// The name of range `r` as printed (R<n> renumbered, U<n> not).
static std::string rangeName(Value r) {
  AxisIdAttr id = r.getDefiningOp<RangeOp>().getAxisId();
  return (id.getRenumbered() ? "R" : "U") + std::to_string(id.getId());
}

/// The scope of `op`'s results from its operands'; fails when `op` reads a
/// range together with a value computed after that range was closed (a
/// loop body used after its loop).
static LogicalResult computeRangeScope(Operation *op,
                                       DenseMap<Value, RangeScope> &scopes,
                                       RangeScope &s) {
  SmallVector<Value> closes;
  if (auto closer = dyn_cast<RangeClosingOpInterface>(op))
    closes = closer.getClosedRanges();
  for (Value v : op->getOperands()) {
    auto it = scopes.find(v);
    // A closer's range list names the ranges it ends; it does not read them.
    if (it == scopes.end() || llvm::is_contained(closes, v))
      continue;
    s.open.insert(it->second.open.begin(), it->second.open.end());
    for (auto [r, by] : it->second.closed)
      s.closed.insert({r, by});
  }
  if (auto r = dyn_cast<RangeOp>(op))
    s.open.insert(r.getResult());
  for (Value r : s.open) {
    auto it = s.closed.find(r);
    if (it == s.closed.end())
      continue;
    InFlightDiagnostic d = op->emitOpError()
                           << "reads range " << rangeName(r) << " after the '"
                           << it->second->getName() << "' that closes it";
    d.attachNote(it->second->getLoc()) << "range closed here";
    return d;
  }
  for (Value r : closes) {
    s.open.remove(r);
    s.closed.insert({r, op});
  }
  return success();
}

namespace {
/// The rule of computeRangeScope without the diagnostic's bookkeeping: sets
/// of ranges (sorted, no closer ops), interned, so that an op whose operands
/// share one scope (nearly every op) costs a few lookups instead of copies of
/// its operands' sets. The verifier runs after every pass; copying the sets
/// per op was most of its time on expanded kernels.
class ScopeTable {
public:
  struct Scope {
    SmallVector<Value, 4> open, closed;
    /// A range is both read and closed: computeRangeScope's error.
    bool conflict = false;
  };

  const Scope *unite(const Scope *a, const Scope *b) {
    if (!a || a == b)
      return b;
    if (!b)
      return a;
    if (a > b)
      std::swap(a, b);
    const Scope *&u = unions[{a, b}];
    if (!u)
      u = get(merged(a->open, b->open), merged(a->closed, b->closed));
    return u;
  }

  /// `s` with `r` open (a RANGE's own result).
  const Scope *withOpen(const Scope *s, Value r) {
    SmallVector<Value, 4> open = s ? s->open : SmallVector<Value, 4>();
    open.push_back(r);
    return get(std::move(open), s ? s->closed : SmallVector<Value, 4>());
  }

  /// `s` after an op that closes `closes`.
  const Scope *close(const Scope *s, ArrayRef<Value> closes) {
    SmallVector<Value, 4> open, closed(closes);
    if (s) {
      for (Value v : s->open)
        if (!llvm::is_contained(closes, v))
          open.push_back(v);
      closed.append(s->closed.begin(), s->closed.end());
    }
    return get(std::move(open), std::move(closed));
  }

private:
  static bool less(Value a, Value b) {
    return a.getAsOpaquePointer() < b.getAsOpaquePointer();
  }
  static void normalize(SmallVector<Value, 4> &v) {
    llvm::sort(v, less);
    v.erase(std::unique(v.begin(), v.end()), v.end());
  }
  static SmallVector<Value, 4> merged(ArrayRef<Value> a, ArrayRef<Value> b) {
    SmallVector<Value, 4> out;
    std::set_union(a.begin(), a.end(), b.begin(), b.end(),
                   std::back_inserter(out), less);
    return out;
  }

  const Scope *get(SmallVector<Value, 4> open, SmallVector<Value, 4> closed) {
    normalize(open);
    normalize(closed);
    if (open.empty() && closed.empty())
      return nullptr;
    std::vector<const void *> key;
    for (Value v : open)
      key.push_back(v.getAsOpaquePointer());
    key.push_back(nullptr);
    for (Value v : closed)
      key.push_back(v.getAsOpaquePointer());
    std::unique_ptr<Scope> &slot = interned[std::move(key)];
    if (!slot) {
      slot = std::make_unique<Scope>();
      slot->conflict = llvm::any_of(open, [&](Value v) {
        return std::binary_search(closed.begin(), closed.end(), v, less);
      });
      slot->open = std::move(open);
      slot->closed = std::move(closed);
    }
    return slot.get();
  }

  std::map<std::vector<const void *>, std::unique_ptr<Scope>> interned;
  DenseMap<std::pair<const Scope *, const Scope *>, const Scope *> unions;
};
} // namespace

using ScopeMap = DenseMap<Operation *, const ScopeTable::Scope *>;

/// The op to name for `source` reading range `r` outside the loop that
/// `end` closes: among the ops `source` is computed from that read `r`,
/// the first one after `end` in the body (the first use after the loop),
/// else `source`'s own.
static Operation *firstUseAfterEnd(Value source, Value r, Operation *end,
                                   const ScopeMap &scopes) {
  Operation *first = nullptr;
  SmallVector<Operation *> work = {source.getDefiningOp()};
  llvm::SmallPtrSet<Operation *, 16> seen;
  while (!work.empty()) {
    Operation *op = work.pop_back_val();
    auto it = op ? scopes.find(op) : scopes.end();
    if (it == scopes.end() || !seen.insert(op).second ||
        !llvm::is_contained(it->second->open, r))
      continue;
    if (end->isBeforeInBlock(op) && (!first || op->isBeforeInBlock(first)))
      first = op;
    for (Value v : op->getOperands())
      work.push_back(v.getDefiningOp());
  }
  return first ? first : source.getDefiningOp();
}

/// Fails when `source`, a value the SINK collects, still reads a range that
/// an END of the body closes (`ended`: each range with the first END that
/// closes it): the value was computed in that loop but used outside it, as
/// in a store of a loop's value after its END. C then reads a loop
/// variable out of scope; on CUDA, where a global range is a thread id,
/// every thread would run the store (a race). A range no END closes is
/// left to the passes that give it a meaning.
static LogicalResult checkSinkSource(Value source, const ScopeMap &scopes,
                                     const DenseMap<Value, Operation *> &ended) {
  auto it = scopes.find(source.getDefiningOp());
  if (it == scopes.end())
    return success();
  // The first such range in the body names the error (`open` is in no
  // stable order).
  Value first;
  for (Value r : it->second->open)
    if (ended.count(r) && (!first || r.getDefiningOp()->isBeforeInBlock(
                                         first.getDefiningOp())))
      first = r;
  if (!first)
    return success();
  Operation *end = ended.lookup(first);
  InFlightDiagnostic d =
      firstUseAfterEnd(source, first, end, scopes)->emitOpError()
      << "uses a value that reads range " << rangeName(first)
      << " outside the loop of the '" << end->getName()
      << "' that closes it (what the SINK collects reads it)";
  d.attachNote(end->getLoc()) << "range closed here";
  return d;
}

// A RANGE's scope ends at its closer: reading it past that point (as in
// `out[i] = reduce(in[i], [i])`) has no loop to run in, and what the SINK
// collects may not read a range an END closes (a value of the loop used
// outside it). The SINK runs in no loop; it only collects what the body did.
LogicalResult FunctionOp::verifyRegions() {
  Block &body = getBody().front();
  ScopeTable table;
  // The scope of each op's results (all results share it); none when empty.
  ScopeMap scopes;
  // The ranges an END closes, with the first END that closes each.
  DenseMap<Value, Operation *> ended;
  bool conflict = false;
  for (Operation &op : body.without_terminator()) {
    SmallVector<Value> closes;
    if (auto closer = dyn_cast<RangeClosingOpInterface>(&op))
      closes = closer.getClosedRanges();
    const ScopeTable::Scope *s = nullptr;
    for (Value v : op.getOperands()) {
      Operation *def = v.getDefiningOp();
      if (!def || llvm::is_contained(closes, v))
        continue;
      if (auto it = scopes.find(def); it != scopes.end())
        s = table.unite(s, it->second);
    }
    if (auto r = dyn_cast<RangeOp>(op))
      s = table.withOpen(s, r.getResult());
    if (s && s->conflict) {
      conflict = true;
      break;
    }
    // A STORE closing ranges is END(STORE, ranges) (uop-normalize).
    if (isa<EndOp, StoreOp>(op))
      for (Value r : closes)
        ended.try_emplace(r, &op);
    if (!closes.empty())
      s = table.close(s, closes);
    if (s && op.getNumResults())
      scopes[&op] = s;
  }
  if (!conflict) {
    for (Value source : body.getTerminator()->getOperands())
      if (!ended.empty() && failed(checkSinkSource(source, scopes, ended)))
        return failure();
    return success();
  }
  // Walk again with the ordered sets to name the range and its closer.
  DenseMap<Value, RangeScope> ordered;
  for (Operation &op : body.without_terminator()) {
    RangeScope s;
    if (failed(computeRangeScope(&op, ordered, s)))
      return failure();
    if (!s.open.empty() || !s.closed.empty())
      for (Value r : op.getResults())
        ordered[r] = s;
  }
  return emitOpError("reads a range after the op that closes it");
}

LogicalResult CallOp::verifySymbolUses(SymbolTableCollection &symbols) {
  auto fn = symbols.lookupNearestSymbolFrom<FunctionOp>(*this, getCalleeAttr());
  if (!fn)
    return emitOpError("'") << getCallee()
                            << "' does not name a uop.function";
  ArrayRef<Type> formals = fn.getArgumentTypes();
  if (formals.size() != getArgs().size())
    return emitOpError("passes ")
           << getArgs().size() << " arguments to '" << getCallee()
           << "', which takes " << formals.size();
  for (auto [i, pair] : llvm::enumerate(llvm::zip(formals, getArgs())))
    if (std::get<0>(pair) != std::get<1>(pair).getType())
      return emitOpError("argument #")
             << i << " has type " << std::get<1>(pair).getType()
             << ", '" << getCallee() << "' expects " << std::get<0>(pair);
  return success();
}

/// The element types of the TUPLE that `src` stands for, if known: a TUPLE,
/// or a CALL of a FUNCTION whose SINK returns one TUPLE (the seed: a body
/// returning several values is wrapped in a Tuple).
static std::optional<SmallVector<Type>> getTupleElementTypes(Value src) {
  if (auto tuple = src.getDefiningOp<TupleOp>())
    return llvm::to_vector(tuple.getSrc().getTypes());
  if (auto call = src.getDefiningOp<CallOp>())
    if (auto fn = SymbolTable::lookupNearestSymbolFrom<FunctionOp>(
            call, call.getCalleeAttr()))
      if (!fn.getBody().empty())
        if (auto sink = dyn_cast<SinkOp>(fn.getBody().front().getTerminator()))
          if (sink.getSources().size() == 1)
            if (auto tuple = sink.getSources()[0].getDefiningOp<TupleOp>())
              return llvm::to_vector(tuple.getSrc().getTypes());
  return std::nullopt;
}

LogicalResult GetTupleOp::verify() {
  Operation *def = getSrc().getDefiningOp();
  if (!def || !isa<TupleOp, CallOp>(def))
    return emitOpError("source must be a uop.tuple or a uop.call of a "
                       "function returning one");
  auto types = getTupleElementTypes(getSrc());
  if (auto call = dyn_cast<CallOp>(def); call && !types &&
      SymbolTable::lookupNearestSymbolFrom<FunctionOp>(call,
                                                       call.getCalleeAttr()))
    return emitOpError("the called function @")
           << call.getCallee() << " does not return a uop.tuple (its "
           << "uop.sink must have one uop.tuple source)";
  if (types) {
    if (getIndex() >= types->size())
      return emitOpError("index ")
             << getIndex() << " is out of range for a tuple of "
             << types->size() << " elements";
    if ((*types)[getIndex()] != getType())
      return emitOpError("result type ")
             << getType() << " differs from the element type "
             << (*types)[getIndex()];
  }
  return success();
}

OpFoldResult GetTupleOp::fold(FoldAdaptor) {
  // get_tuple(tuple(a, b, ...), i) -> element i
  if (auto tuple = getSrc().getDefiningOp<TupleOp>())
    if (getIndex() < tuple.getSrc().size())
      return tuple.getSrc()[getIndex()];
  return {};
}

LogicalResult ProgramOp::verifySymbolUses(SymbolTableCollection &symbols) {
  auto fn = symbols.lookupNearestSymbolFrom<FunctionOp>(*this, getKernelAttr());
  if (!fn)
    return emitOpError("'") << getKernel() << "' does not name a uop.function";
  return success();
}

LogicalResult ProgramOp::verify() {
  if (!getDevice().getDefiningOp<DeviceOp>())
    return emitOpError("device must be a uop.device");
  if (getLinear() && !getLinear().getDefiningOp<LinearOp>())
    return emitOpError("linear stage must be a uop.linear");
  if (getSource() && !getSource().getDefiningOp<SourceOp>())
    return emitOpError("source stage must be a uop.source");
  if (getBinary() && !getBinary().getDefiningOp<ProgramBinaryOp>())
    return emitOpError("binary stage must be a uop.program_binary");
  // SINK -> LINEAR -> SOURCE -> PROGRAM_BINARY: no stage without the previous.
  if (getSource() && !getLinear())
    return emitOpError("has a SOURCE stage but no LINEAR stage; stages run "
                       "SINK -> LINEAR -> SOURCE -> PROGRAM_BINARY");
  if (getBinary() && !getSource())
    return emitOpError("has a PROGRAM_BINARY stage but no SOURCE stage; "
                       "stages run SINK -> LINEAR -> SOURCE -> PROGRAM_BINARY");
  return success();
}

LogicalResult LinearOp::verifySymbolUses(SymbolTableCollection &symbols) {
  if (auto kernel = getKernelAttr())
    if (!symbols.lookupNearestSymbolFrom<FunctionOp>(*this, kernel))
      return emitOpError("'") << kernel.getValue()
                              << "' does not name a uop.function";
  return success();
}

OpFoldResult AfterOp::fold(FoldAdaptor) {
  // after(x) with no deps -> x
  if (getDeps().empty())
    return getPassthrough();
  return {};
}

//===----------------------------------------------------------------------===//
// Vector ops
//===----------------------------------------------------------------------===//

ParseResult VectorizeOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::UnresolvedOperand> elements;
  VectorType type;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseOperandList(elements) ||
      parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonType(type))
    return failure();
  if (type.getRank() != 1)
    return parser.emitError(loc, "expected a 1-D vector type");
  result.addTypes(type);
  return parser.resolveOperands(elements, type.getElementType(), loc,
                                result.operands);
}

void VectorizeOp::print(OpAsmPrinter &p) {
  p << ' ' << getElements();
  p.printOptionalAttrDict((*this)->getAttrs());
  p << " : " << getType();
}

LogicalResult VectorizeOp::verify() {
  auto type = getType();
  if (type.getRank() != 1)
    return emitOpError("result must be a 1-D vector");
  if (static_cast<int64_t>(getElements().size()) != type.getNumElements())
    return emitOpError("has ") << getElements().size()
                               << " elements but the vector width is "
                               << type.getNumElements();
  for (auto [i, e] : llvm::enumerate(getElements()))
    if (e.getType() != type.getElementType())
      return emitOpError("element #") << i << " has type " << e.getType()
                                      << ", expected " << type.getElementType();
  return success();
}

namespace {
/// vectorize(constants...) -> vconst
struct VectorizeOfConstants : OpRewritePattern<VectorizeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(VectorizeOp op,
                                PatternRewriter &rewriter) const override {
    SmallVector<Attribute> values;
    for (Value e : op.getElements()) {
      Attribute a;
      // Only plain numbers: poison and other constants have no dense form.
      if (!matchPattern(e, m_Constant(&a)) || !isa<IntegerAttr, FloatAttr>(a))
        return failure();
      values.push_back(a);
    }
    auto attr = DenseElementsAttr::get(op.getType(), values);
    rewriter.replaceOpWithNewOp<VConstOp>(op, op.getType(), attr);
    return success();
  }
};

/// vectorize(gep(v, 0), gep(v, 1), ..., gep(v, n-1)) -> v
struct VectorizeOfGeps : OpRewritePattern<VectorizeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(VectorizeOp op,
                                PatternRewriter &rewriter) const override {
    Value source;
    for (auto [i, e] : llvm::enumerate(op.getElements())) {
      auto gep = e.getDefiningOp<GepOp>();
      if (!gep || gep.getIndices().size() != 1 ||
          gep.getIndices()[0] != static_cast<int64_t>(i))
        return failure();
      if (source && gep.getVector() != source)
        return failure();
      source = gep.getVector();
    }
    if (!source || source.getType() != op.getType())
      return failure();
    rewriter.replaceOp(op, source);
    return success();
  }
};
} // namespace

void VectorizeOp::getCanonicalizationPatterns(RewritePatternSet &results,
                                              MLIRContext *context) {
  results.add<VectorizeOfConstants, VectorizeOfGeps>(context);
}

LogicalResult GepOp::verify() {
  auto src = getVector().getType();
  if (src.getRank() != 1)
    return emitOpError("source must be a 1-D vector");
  int64_t width = src.getNumElements();
  if (getIndices().empty())
    return emitOpError("needs at least one index");
  for (int64_t i : getIndices())
    if (i < 0 || i >= width)
      return emitOpError("index ") << i << " is out of range for a vector of "
                                   << width << " elements";
  Type expected = makeVectorOrScalar(src.getElementType(), getIndices().size());
  if (getType() != expected)
    return emitOpError("result type must be ")
           << expected << " for " << getIndices().size() << " indices, got "
           << getType();
  return success();
}

OpFoldResult GepOp::fold(FoldAdaptor adaptor) {
  ArrayRef<int64_t> indices = getIndices();
  // gep(v, [0, 1, ..., n-1]) of a width-n vector -> v
  if (getType() == getVector().getType() &&
      llvm::equal(indices, llvm::seq<int64_t>(0, indices.size())))
    return getVector();
  // gep(vectorize(a, b, c), [i]) -> element i
  if (auto vec = getVector().getDefiningOp<VectorizeOp>())
    if (indices.size() == 1)
      return vec.getElements()[indices[0]];
  // gep(constant, [i]) -> the constant element
  if (auto dense = dyn_cast_or_null<DenseElementsAttr>(adaptor.getVector())) {
    auto values = llvm::to_vector(dense.getValues<Attribute>());
    if (indices.size() == 1)
      return values[indices[0]];
    SmallVector<Attribute> picked;
    for (int64_t i : indices)
      picked.push_back(values[i]);
    return DenseElementsAttr::get(cast<ShapedType>(getType()), picked);
  }
  return {};
}

OpFoldResult VConstOp::fold(FoldAdaptor) { return getValue(); }

LogicalResult CatOp::verify() {
  if (getSources().empty())
    return emitOpError("needs at least one source");
  Type elem = getScalarType(getSources()[0].getType());
  int64_t total = 0;
  for (auto [i, s] : llvm::enumerate(getSources())) {
    int64_t w = getWidth(s.getType());
    if (!w || getScalarType(s.getType()) != elem)
      return emitOpError("source #") << i << " of type " << s.getType()
                                     << " is not a scalar or 1-D vector of "
                                     << elem;
    total += w;
  }
  if (getWidth(getType()) != total || getScalarType(getType()) != elem)
    return emitOpError("result width must be the sum of the source widths (")
           << total << "), got " << getType();
  return success();
}

OpFoldResult CatOp::fold(FoldAdaptor) {
  // cat(x) -> x
  if (getSources().size() == 1 && getSources()[0].getType() == getType())
    return getSources()[0];
  return {};
}

LogicalResult PtrCatOp::verify() {
  if (getSources().empty())
    return emitOpError("needs at least one source");
  Type elem = getScalarType(getSources()[0].getType());
  int64_t total = 0;
  for (auto [i, s] : llvm::enumerate(getSources())) {
    if (!s.getDefiningOp<IndexOp>())
      return emitOpError("source #") << i << " must be a uop.index";
    if (getScalarType(s.getType()) != elem)
      return emitOpError("sources must share the element type ") << elem;
    total += getWidth(s.getType());
  }
  if (getWidth(getType()) != total || getScalarType(getType()) != elem)
    return emitOpError("result width must be the sum of the source widths (")
           << total << "), got " << getType();
  return success();
}

//===----------------------------------------------------------------------===//
// UNROLL / CONTRACT
//===----------------------------------------------------------------------===//

int64_t UnrollOp::getFactorProduct() {
  return pairFactorProduct(getUnrollAxes());
}
int64_t ContractOp::getFactorProduct() {
  return pairFactorProduct(getUpcastRanges());
}

LogicalResult UnrollOp::verify() {
  if (getUnrollAxes().empty())
    return emitOpError("needs at least one (axis, factor) pair");
  if (failed(verifyAxisPairs(*this, "unroll", getUnrollAxes())))
    return failure();
  int64_t in = getWidth(getSrc().getType()), out = getWidth(getType());
  if (!in || !out || getScalarType(getSrc().getType()) != getScalarType(getType()))
    return emitOpError("source and result must be scalars or vectors of one "
                       "element type");
  if (in != out * getFactorProduct())
    return emitOpError("source width ")
           << in << " must be the result width " << out
           << " times the product of the factors " << getFactorProduct();
  return success();
}

LogicalResult ContractOp::verify() {
  if (getUpcastRanges().empty())
    return emitOpError("needs at least one (axis, factor) pair");
  if (failed(verifyAxisPairs(*this, "contract", getUpcastRanges())))
    return failure();
  int64_t in = getWidth(getSrc().getType()), out = getWidth(getType());
  if (!in || !out || getScalarType(getSrc().getType()) != getScalarType(getType()))
    return emitOpError("source and result must be scalars or vectors of one "
                       "element type");
  if (out != in * getFactorProduct())
    return emitOpError("result width ")
           << out << " must be the product of the factors ("
           << getFactorProduct() << ") times the source width " << in;
  return success();
}

OpFoldResult ContractOp::fold(FoldAdaptor) {
  // contract(unroll(x, axes), axes) -> x
  if (auto unroll = getSrc().getDefiningOp<UnrollOp>())
    if (unroll.getUnrollAxes() == getUpcastRanges() &&
        unroll.getSrc().getType() == getType())
      return unroll.getSrc();
  return {};
}

//===----------------------------------------------------------------------===//
// WMMA
//===----------------------------------------------------------------------===//

LogicalResult WmmaOp::verify() {
  WmmaMetadataAttr md = getMetadata();
  int64_t n = md.getN(), m = md.getM(), k = md.getK();
  int64_t threads = md.getThreads(), tiles = md.getTileCount();
  struct Operand {
    const char *name;
    Value value;
    Type dtype;
    int64_t elements;
    ArrayRef<int64_t> upcast;
  } operands[] = {
      {"A", getA(), md.getDtypeIn(), m * k, md.getUpcastA()},
      {"B", getB(), md.getDtypeIn(), k * n, md.getUpcastB()},
      {"C", getC(), md.getDtypeOut(), m * n, md.getUpcastC()},
  };
  for (const Operand &o : operands) {
    Type t = o.value.getType();
    int64_t width = getWidth(t);
    if (!width || getScalarType(t) != o.dtype)
      return emitOpError("the ")
             << o.name << " fragment must be " << o.dtype
             << " or a vector of it, got " << t;
    if ((o.elements * tiles) % threads != 0)
      return emitOpError("the ")
             << o.name << " fragment's " << o.elements * tiles
             << " elements cannot be split evenly over " << threads
             << " threads";
    if (width != o.elements * tiles / threads)
      return emitOpError("expected ")
             << (o.elements * tiles) / threads << " elements in the "
             << o.name << " fragment (" << o.elements * tiles << " over "
             << threads << " threads), got " << width;
    if (!o.upcast.empty() && pairFactorProduct(o.upcast) != width)
      return emitOpError("the ")
             << o.name << " fragment width " << width
             << " differs from the product of its upcast axes "
             << pairFactorProduct(o.upcast);
  }
  return success();
}

//===----------------------------------------------------------------------===//
// IF / ENDIF
//===----------------------------------------------------------------------===//

LogicalResult IfOp::verify() {
  if (!getCondition().getType().isInteger(1))
    return emitOpError("condition must be i1, got ")
           << getCondition().getType();
  // Exactly one ENDIF: without it the guarded ops have no end, with two
  // they have two.
  SmallVector<Operation *> endifs;
  for (Operation *user : getResult().getUsers())
    if (isa<EndIfOp>(user) && !llvm::is_contained(endifs, user))
      endifs.push_back(user);
  if (endifs.empty())
    return emitOpError("has no uop.endif");
  if (endifs.size() > 1) {
    InFlightDiagnostic d = emitOpError("has ")
                           << endifs.size() << " uop.endif ops; expected one";
    for (Operation *e : endifs)
      d.attachNote(e->getLoc()) << "uop.endif here";
    return d;
  }
  return success();
}

LogicalResult EndIfOp::verify() {
  if (!getIfOp().getDefiningOp<IfOp>())
    return emitOpError("must refer to a uop.if");
  return success();
}

// In a LINEAR, RANGE ... END and IF ... ENDIF are brackets of the op list:
// they must nest.
LogicalResult LinearOp::verifyRegions() {
  SmallVector<Operation *> open;
  for (Operation &op : getBody().front()) {
    if (isa<RangeOp, IfOp>(op)) {
      open.push_back(&op);
      continue;
    }
    if (auto endif = dyn_cast<EndIfOp>(op)) {
      Operation *ifOp = endif.getIfOp().getDefiningOp();
      auto it = llvm::find(open, ifOp);
      if (it == open.end())
        return endif.emitOpError("closes a uop.if that is not open at this "
                                 "point of the LINEAR");
      if (it + 1 != open.end()) {
        InFlightDiagnostic d = endif.emitOpError(
            "closes its uop.if while a uop.range opened inside it is open");
        d.attachNote(open.back()->getLoc()) << "opened here";
        return d;
      }
      open.pop_back();
      continue;
    }
    if (auto end = dyn_cast<EndOp>(op)) {
      for (Value r : end.getRanges()) {
        auto it = llvm::find(open, r.getDefiningOp());
        if (it == open.end())
          continue;
        for (auto inner = it + 1; inner != open.end(); ++inner)
          if (isa<IfOp>(*inner)) {
            InFlightDiagnostic d = end.emitOpError(
                "closes a uop.range opened before a uop.if that is still "
                "open");
            d.attachNote((*inner)->getLoc()) << "uop.if opened here";
            return d;
          }
        open.erase(it);
      }
    }
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Definitions
//===----------------------------------------------------------------------===//

LogicalResult ParamOp::verify() {
  PtrType t = getType();
  if (t.getAddrSpace() != AddrSpace::Global)
    return emitOpError("parameters live in global memory, got ")
           << stringifyAddrSpace(t.getAddrSpace());
  if (t.hasSize() && t.getSize() != static_cast<int64_t>(getSize()))
    return emitOpError("size ") << getSize() << " does not match the type's "
                                << t.getSize();
  if (getDevice() && !getDevice().getDefiningOp<DeviceOp>())
    return emitOpError("device must be a uop.device");
  return success();
}

LogicalResult DefineLocalOp::verify() {
  if (getType().getAddrSpace() != AddrSpace::Local)
    return emitOpError("result must be a local pointer, got ") << getType();
  if (!getType().hasSize())
    return emitOpError("shared memory needs a static size in its type");
  return success();
}

LogicalResult DefineRegOp::verify() {
  if (getType().getAddrSpace() != AddrSpace::Reg)
    return emitOpError("result must be a reg pointer, got ") << getType();
  if (getType().hasSize() && getType().getSize() != static_cast<int64_t>(getSize()))
    return emitOpError("size ") << getSize() << " does not match the type's "
                                << getType().getSize();
  return success();
}

LogicalResult BindOp::verify() {
  auto var = getVar().getDefiningOp<DefineVarOp>();
  if (!var)
    return emitOpError("must bind a uop.define_var");
  APInt value;
  if (matchPattern(getValue(), m_ConstantInt(&value))) {
    int64_t v = value.getSExtValue();
    if (v < var.getMinValAttr().getInt() || v > var.getMaxValAttr().getInt())
      return emitOpError("value ") << v << " is outside the bounds ["
                                   << var.getMinValAttr().getInt() << ", "
                                   << var.getMaxValAttr().getInt() << "] of '"
                                   << var.getName() << "'";
  }
  return success();
}

bool uop::isMultiDeviceOp(Operation *op) {
  if (isa<MultiOp, MStackOp, MSelectOp, AllReduceOp>(op))
    return true;
  auto d = dyn_cast<DeviceOp>(op);
  return d && d.getNumDevices() > 1;
}

// `"CPU"` or `("CPU:0", "CPU:1")`.
ParseResult DeviceOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<Attribute> specs;
  auto parseOne = [&]() -> ParseResult {
    std::string spec;
    if (parser.parseString(&spec))
      return failure();
    specs.push_back(parser.getBuilder().getStringAttr(spec));
    return success();
  };
  if (succeeded(parser.parseOptionalLParen())) {
    if (parser.parseCommaSeparatedList(parseOne) || parser.parseRParen())
      return failure();
  } else if (parseOne()) {
    return failure();
  }
  result.addAttribute(getSpecsAttrName(result.name),
                      parser.getBuilder().getArrayAttr(specs));
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  result.addTypes(VoidType::get(parser.getContext()));
  return success();
}

void DeviceOp::print(OpAsmPrinter &p) {
  p << ' ';
  if (getNumDevices() != 1)
    p << '(';
  llvm::interleaveComma(getSpecs(), p, [&](Attribute a) {
    p.printString(cast<StringAttr>(a).getValue());
  });
  if (getNumDevices() != 1)
    p << ')';
  p.printOptionalAttrDict((*this)->getAttrs(), {getSpecsAttrName()});
}

LogicalResult DeviceOp::verify() {
  if (getSpecs().empty())
    return emitOpError("needs at least one device");
  llvm::StringSet<> seen;
  for (unsigned i = 0; i < getNumDevices(); ++i) {
    if (getSpec(i).empty())
      return emitOpError("needs a device name");
    // Device i of a tuple holds shard i: a device twice would hold two.
    if (!seen.insert(getSpec(i)).second)
      return emitOpError("names device \"") << getSpec(i) << "\" twice";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Movement ops
//===----------------------------------------------------------------------===//

/// A dimension as the movement verifiers compare it: its size, or the
/// variable it is (#uop.sym).
namespace {
struct SymDim {
  int64_t size;
  StringAttr var;
  bool operator==(const SymDim &o) const {
    return size == o.size && var == o.var;
  }
  bool operator!=(const SymDim &o) const { return !(*this == o); }
  bool isOne() const { return !var && size == 1; }
  std::string str() const {
    return var ? var.getValue().str() : std::to_string(size);
  }
};
} // namespace

static SmallVector<SymDim> symDims(RankedTensorType t) {
  SmallVector<SymDim> dims;
  for (unsigned d = 0; d < t.getRank(); ++d)
    dims.push_back({t.getDimSize(d), getDimVar(t, d)});
  return dims;
}

/// Movement ops work on static shapes (PERMUTE, EXPAND and RESHAPE also on
/// symbolic ones, `symbolic`); most keep the rank.
static LogicalResult verifySameElementType(Operation *op, RankedTensorType a,
                                           RankedTensorType b,
                                           bool sameRank = true,
                                           bool symbolic = false) {
  if (a.getElementType() != b.getElementType())
    return op->emitOpError("cannot change the element type (")
           << a.getElementType() << " to " << b.getElementType() << ")";
  bool ok = (a.hasStaticShape() && b.hasStaticShape()) ||
            (symbolic && hasSymbolicShape(a) && hasSymbolicShape(b));
  if (!ok)
    return op->emitOpError(symbolic ? "needs static shapes or dynamic "
                                      "dimensions named by #uop.sym, got "
                                    : "needs static shapes, got ")
           << a << " -> " << b;
  if (sameRank && a.getRank() != b.getRank())
    return op->emitOpError("cannot change the rank (")
           << a.getRank() << " to " << b.getRank() << ")";
  return success();
}

LogicalResult ReshapeOp::verify() {
  auto in = getSrc().getType(), out = getType();
  if (failed(verifySameElementType(*this, in, out, /*sameRank=*/false,
                                   /*symbolic=*/true)))
    return failure();
  // Equal element counts: the same variables and the same static product.
  auto factors = [](RankedTensorType t) {
    std::pair<int64_t, SmallVector<StringRef>> f{1, {}};
    for (SymDim d : symDims(t)) {
      if (d.var)
        f.second.push_back(d.var.getValue());
      else if (llvm::MulOverflow(f.first, d.size, f.first))
        f.first = -1;
    }
    llvm::sort(f.second);
    return f;
  };
  auto [inN, inVars] = factors(in);
  auto [outN, outVars] = factors(out);
  if (inN < 0 || outN < 0)
    return emitOpError("element count overflows int64");
  if (inN != outN || inVars != outVars) {
    auto diag = emitOpError("cannot reshape ") << inN;
    for (StringRef v : inVars)
      diag << "*" << v;
    diag << " elements into " << outN;
    for (StringRef v : outVars)
      diag << "*" << v;
    return diag;
  }
  return success();
}

OpFoldResult ReshapeOp::fold(FoldAdaptor) {
  // reshape(x) to its own type -> x
  if (getSrc().getType() == getType())
    return getSrc();
  // reshape(reshape(x)) -> reshape(x)
  if (auto inner = getSrc().getDefiningOp<ReshapeOp>()) {
    getSrcMutable().assign(inner.getSrc());
    return getResult();
  }
  return {};
}

LogicalResult PermuteOp::verify() {
  auto in = getSrc().getType(), out = getType();
  if (failed(verifySameElementType(*this, in, out, /*sameRank=*/true,
                                   /*symbolic=*/true)))
    return failure();
  ArrayRef<int64_t> axes = getAxes();
  if (static_cast<int64_t>(axes.size()) != in.getRank())
    return emitOpError("needs one axis per dimension: ")
           << axes.size() << " axes for rank " << in.getRank();
  SmallVector<bool> seen(axes.size(), false);
  for (int64_t a : axes) {
    if (a < 0 || a >= in.getRank() || seen[a])
      return emitOpError("axes must be a permutation of 0..")
             << in.getRank() - 1;
    seen[a] = true;
  }
  SmallVector<SymDim> inDims = symDims(in), outDims = symDims(out);
  for (auto [i, a] : llvm::enumerate(axes))
    if (outDims[i] != inDims[a])
      return emitOpError("result dimension ")
             << i << " must be source dimension " << a << " ("
             << inDims[a].str() << "), got " << outDims[i].str();
  return success();
}

OpFoldResult PermuteOp::fold(FoldAdaptor) {
  ArrayRef<int64_t> axes = getAxes();
  // permute(x, identity) -> x
  if (llvm::equal(axes, llvm::seq<int64_t>(0, axes.size())))
    return getSrc();
  // permute(permute(x, p), q) -> permute(x, p o q)
  if (auto inner = getSrc().getDefiningOp<PermuteOp>()) {
    ArrayRef<int64_t> p = inner.getAxes();
    SmallVector<int64_t> composed;
    for (int64_t q : axes)
      composed.push_back(p[q]);
    getSrcMutable().assign(inner.getSrc());
    setAxes(composed);
    return getResult();
  }
  return {};
}

LogicalResult ExpandOp::verify() {
  auto in = getSrc().getType(), out = getType();
  if (failed(verifySameElementType(*this, in, out, /*sameRank=*/true,
                                   /*symbolic=*/true)))
    return failure();
  SmallVector<SymDim> inDims = symDims(in), outDims = symDims(out);
  for (int64_t d = 0; d < in.getRank(); ++d)
    if (inDims[d] != outDims[d] && !inDims[d].isOne())
      return emitOpError("can only broadcast size-1 dimensions; dimension ")
             << d << " is " << inDims[d].str() << ", result has "
             << outDims[d].str();
  return success();
}

OpFoldResult ExpandOp::fold(FoldAdaptor) {
  // expand to the same shape -> x
  return getSrc().getType() == getType() ? getSrc() : Value();
}

LogicalResult PadOp::verify() {
  auto in = getSrc().getType(), out = getType();
  if (failed(verifySameElementType(*this, in, out)))
    return failure();
  if (static_cast<int64_t>(getBeginPads().size()) != in.getRank() ||
      static_cast<int64_t>(getEndPads().size()) != in.getRank())
    return emitOpError("needs one begin and one end pad per dimension");
  for (int64_t d = 0; d < in.getRank(); ++d) {
    int64_t lo = getBeginPads()[d], hi = getEndPads()[d];
    if (lo < 0 || hi < 0)
      return emitOpError("pads must be non-negative; dimension ")
             << d << " has (" << lo << ", " << hi << ")";
    if (out.getDimSize(d) != in.getDimSize(d) + lo + hi)
      return emitOpError("result dimension ")
             << d << " must be " << in.getDimSize(d) + lo + hi << ", got "
             << out.getDimSize(d);
  }
  return success();
}

OpFoldResult PadOp::fold(FoldAdaptor) {
  // pad by zero -> x
  return getSrc().getType() == getType() ? getSrc() : Value();
}

LogicalResult ShrinkOp::verify() {
  auto in = getSrc().getType(), out = getType();
  if (failed(verifySameElementType(*this, in, out)))
    return failure();
  if (static_cast<int64_t>(getBegins().size()) != in.getRank() ||
      static_cast<int64_t>(getEnds().size()) != in.getRank())
    return emitOpError("needs one begin and one end per dimension");
  for (int64_t d = 0; d < in.getRank(); ++d) {
    int64_t b = getBegins()[d], e = getEnds()[d];
    if (b < 0 || b > e || e > in.getDimSize(d))
      return emitOpError("bounds [")
             << b << ", " << e << ") of dimension " << d
             << " must satisfy 0 <= begin <= end <= " << in.getDimSize(d);
    if (out.getDimSize(d) != e - b)
      return emitOpError("result dimension ")
             << d << " must be " << e - b << ", got " << out.getDimSize(d);
  }
  return success();
}

OpFoldResult ShrinkOp::fold(FoldAdaptor) {
  // shrink to the full box -> x
  return getSrc().getType() == getType() ? getSrc() : Value();
}

LogicalResult FlipOp::verify() {
  if (!getType().hasStaticShape())
    return emitOpError("needs static shapes, got ") << getType();
  if (static_cast<int64_t>(getAxes().size()) != getType().getRank())
    return emitOpError("needs one flag per axis: ")
           << getAxes().size() << " flags for rank " << getType().getRank();
  return success();
}

OpFoldResult FlipOp::fold(FoldAdaptor) {
  // flip with no axis set -> x
  if (llvm::none_of(getAxes(), [](bool b) { return b; }))
    return getSrc();
  // flip(flip(x, f), f) -> x
  if (auto inner = getSrc().getDefiningOp<FlipOp>())
    if (inner.getAxes() == getAxes())
      return inner.getSrc();
  return {};
}

//===----------------------------------------------------------------------===//
// Additional ops
//===----------------------------------------------------------------------===//

LogicalResult MStackOp::verify() {
  if (getSrcs().empty())
    return emitOpError("needs at least one source");
  return success();
}

LogicalResult MultiOp::verify() {
  if (getSrcs().empty())
    return emitOpError("needs at least one shard");
  Type first = getSrcs()[0].getType();
  for (Value s : getSrcs())
    if (s.getType() != first)
      return emitOpError("shards must share one type");
  if (IntegerAttr axisAttr = getAxisAttr()) {
    int64_t axis = axisAttr.getInt();
    auto t = dyn_cast<RankedTensorType>(first);
    if (!t || axis < 0 || axis >= t.getRank())
      return emitOpError("shard axis ") << axis << " is out of range";
    // The full value is the shards laid end to end along `axis`.
    auto r = dyn_cast<RankedTensorType>(getType());
    SmallVector<int64_t> full(t.getShape());
    if (!ShapedType::isDynamic(full[axis]))
      full[axis] *= getSrcs().size();
    if (!r || r.getElementType() != t.getElementType() ||
        r.getShape() != ArrayRef<int64_t>(full))
      return emitOpError("result type ")
             << getType() << " is not " << getSrcs().size()
             << " shards of " << first << " along axis " << axis
             << ": expected "
             << RankedTensorType::get(full, t.getElementType());
  } else if (getType() != first) {
    // Without an axis every device holds the whole value.
    return emitOpError("a replicated value (no axis) has its shards' type ")
           << first << ", got " << getType();
  }
  return success();
}

LogicalResult MSelectOp::verify() {
  // The device count is known when the source is built here.
  std::optional<size_t> devices;
  if (auto stack = getSrc().getDefiningOp<MStackOp>())
    devices = stack.getSrcs().size();
  else if (auto multi = getSrc().getDefiningOp<MultiOp>())
    devices = multi.getSrcs().size();
  if (devices && static_cast<uint64_t>(getDeviceIndex()) >= *devices)
    return emitOpError("device index ")
           << getDeviceIndex() << " is out of range for a value on "
           << *devices << " devices";
  return success();
}

LogicalResult CopyOp::verify() {
  if (!getDevice().getDefiningOp<DeviceOp>())
    return emitOpError("device must be a uop.device (the copy's "
                       "destination), got ")
           << (getDevice().getDefiningOp()
                   ? getDevice().getDefiningOp()->getName().getStringRef()
                   : StringRef("a block argument"));
  return success();
}

LogicalResult PrecastOp::verify() {
  Type in = getSrc().getType(), out = getType();
  auto shapeOf = [](Type t) -> SmallVector<int64_t> {
    if (auto s = dyn_cast<ShapedType>(t))
      return llvm::to_vector(s.getShape());
    return {};
  };
  if (isa<ShapedType>(in) != isa<ShapedType>(out) || shapeOf(in) != shapeOf(out))
    return emitOpError("must keep the shape: ") << in << " to " << out;
  // Between types it converts the value (tinygrad's CAST rules).
  Type ie = getElementTypeOrSelf(in), oe = getElementTypeOrSelf(out);
  if (ie != oe && (!ie.isIntOrIndexOrFloat() || !oe.isIntOrIndexOrFloat()))
    return emitOpError("casts values: the element types must be integers, "
                       "index or floats, got ")
           << ie << " to " << oe;
  return success();
}

// A runtime hook (`graph`: tinygrad's graph runner; `enc_dec`: a video
// encoder/decoder) acts on a schedule's launches and buffers.
LogicalResult CustomFunctionOp::verify() {
  auto fn = (*this)->getParentOfType<FunctionOp>();
  if (SinkOp sink = fn ? fn.getSink() : SinkOp(); sink && sink.getInfo())
    return emitOpError("is a runtime hook: it belongs in a schedule, not in "
                       "kernel @")
           << fn.getSymName();
  return success();
}

template <typename OpT>
static LogicalResult verifyCustomCode(OpT op) {
  StringRef fmt = op.getFmt();
  if (fmt.empty())
    return op.emitOpError("needs a non-empty code template");
  // Every {n} must name an operand.
  for (size_t pos = fmt.find('{'); pos != StringRef::npos;
       pos = fmt.find('{', pos + 1)) {
    size_t close = fmt.find('}', pos);
    if (close == StringRef::npos)
      return op.emitOpError("unterminated '{' in the code template");
    unsigned n;
    if (fmt.slice(pos + 1, close).getAsInteger(10, n))
      continue;
    if (n >= op.getArgs().size())
      return op.emitOpError("placeholder {")
             << n << "} but only " << op.getArgs().size() << " operands";
  }
  return success();
}

LogicalResult CustomOp::verify() { return verifyCustomCode(*this); }
LogicalResult CustomIOp::verify() { return verifyCustomCode(*this); }

#define GET_OP_CLASSES
//===----------------------------------------------------------------------===//
// MovementOpInterface: output index -> source index
//===----------------------------------------------------------------------===//

// RESHAPE: the row-major flat index over the result, unflattened over the
// source.
SmallVector<Value> ReshapeOp::buildSourceIndices(
    OpBuilder &b, Location loc, ValueRange idx,
    function_ref<Value(int64_t)> cst, Value &) {
  RankedTensorType resTy = getType(), srcTy = getSrc().getType();
  Value flat;
  int64_t stride = 1;
  for (int64_t i = resTy.getRank() - 1; i >= 0; --i) {
    if (resTy.getDimSize(i) != 1) {
      Value term = stride == 1 ? idx[i]
                               : arith::MulIOp::create(b, loc, idx[i],
                                                       cst(stride))
                                     .getResult();
      flat = flat ? arith::AddIOp::create(b, loc, term, flat).getResult()
                  : term;
    }
    stride *= resTy.getDimSize(i);
  }
  if (!flat)
    flat = cst(0);
  SmallVector<Value> src(srcTy.getRank());
  stride = 1;
  for (int64_t i = srcTy.getRank() - 1; i >= 0; --i) {
    int64_t d = srcTy.getDimSize(i);
    if (d == 1) {
      src[i] = cst(0);
    } else {
      Value q = stride == 1 ? flat
                            : arith::DivUIOp::create(b, loc, flat,
                                                     cst(stride))
                                  .getResult();
      src[i] = i == 0 ? q : arith::RemUIOp::create(b, loc, q, cst(d)).getResult();
    }
    stride *= d;
  }
  return src;
}

SmallVector<Value> PermuteOp::buildSourceIndices(OpBuilder &, Location,
                                                 ValueRange idx,
                                                 function_ref<Value(int64_t)>,
                                                 Value &) {
  SmallVector<Value> src(idx.size());
  for (auto [i, pi] : llvm::enumerate(getAxes()))
    src[pi] = idx[i];
  return src;
}

// EXPAND: broadcast (size-1) source dims read index 0.
SmallVector<Value> ExpandOp::buildSourceIndices(
    OpBuilder &, Location, ValueRange idx, function_ref<Value(int64_t)> cst,
    Value &) {
  SmallVector<Value> src;
  for (auto [i, d] : llvm::enumerate(getSrc().getType().getShape()))
    src.push_back(d == 1 ? cst(0) : idx[i]);
  return src;
}

SmallVector<Value> ShrinkOp::buildSourceIndices(
    OpBuilder &b, Location loc, ValueRange idx,
    function_ref<Value(int64_t)> cst, Value &) {
  SmallVector<Value> src;
  for (auto [i, start] : llvm::enumerate(getBegins()))
    src.push_back(start == 0
                      ? idx[i]
                      : arith::AddIOp::create(b, loc, idx[i], cst(start))
                            .getResult());
  return src;
}

SmallVector<Value> FlipOp::buildSourceIndices(
    OpBuilder &b, Location loc, ValueRange idx,
    function_ref<Value(int64_t)> cst, Value &) {
  SmallVector<Value> src;
  for (auto [i, flag] : llvm::enumerate(getAxes())) {
    int64_t d = getType().getDimSize(i);
    src.push_back(flag ? arith::SubIOp::create(b, loc, cst(d - 1), idx[i])
                             .getResult()
                       : idx[i]);
  }
  return src;
}

// PAD: shifted indices; `valid` is lo <= idx < lo + d on every padded axis
// (left null when nothing is padded).
SmallVector<Value> PadOp::buildSourceIndices(
    OpBuilder &b, Location loc, ValueRange idx,
    function_ref<Value(int64_t)> cst, Value &valid) {
  auto andGate = [&](Value g, Value c) {
    return g ? arith::AndIOp::create(b, loc, g, c).getResult() : c;
  };
  SmallVector<Value> src;
  for (auto [i, lo] : llvm::enumerate(getBeginPads())) {
    int64_t d = getSrc().getType().getDimSize(i);
    if (lo == 0 && getEndPads()[i] == 0) {
      src.push_back(idx[i]);
      continue;
    }
    Value shifted = lo == 0 ? idx[i]
                            : arith::SubIOp::create(b, loc, idx[i], cst(lo))
                                  .getResult();
    src.push_back(shifted);
    Value ge = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge,
                                     idx[i], cst(lo));
    Value lt = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                     idx[i], cst(lo + d));
    valid = andGate(valid, andGate(ge, lt));
  }
  return src;
}

#include "uop/Dialect/UOp/IR/UOpOps.cpp.inc"
