//===- UOpDialect.cpp - uop dialect, types and attributes -----------------===//
//
// Registration, the types and attributes of the dialect, and the small
// semantic helpers (axis priorities, reduce identities) the passes share.
//
//===----------------------------------------------------------------------===//

#include "uop/Dialect/UOp/IR/ALUTable.h"
#include "uop/Dialect/UOp/IR/UOp.h"
#include "uop/Support/Reduction.h"

#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace uop;

#include "uop/Dialect/UOp/IR/UOpOpsDialect.cpp.inc"
#include "uop/Dialect/UOp/IR/UOpEnums.cpp.inc"
#include "uop/Dialect/UOp/IR/UOpInterfaces.cpp.inc"
#define GET_TYPEDEF_CLASSES
#include "uop/Dialect/UOp/IR/UOpOpsTypes.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "uop/Dialect/UOp/IR/UOpAttrs.cpp.inc"

void UOpDialect::initialize() {
  registerTypes();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "uop/Dialect/UOp/IR/UOpOps.cpp.inc"
      >();
}

void UOpDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "uop/Dialect/UOp/IR/UOpOpsTypes.cpp.inc"
      >();
}

void UOpDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "uop/Dialect/UOp/IR/UOpAttrs.cpp.inc"
      >();
}

/// `uop.unsigned` sits on a function's argument or result that is an integer
/// (or a tensor of integers) wider than one bit: i1 has no sign to drop.
static LogicalResult verifyUnsigned(Operation *op, StringRef what,
                                    unsigned index, Type type,
                                    NamedAttribute attr) {
  // No type: `op` is not a function, or `index` is not one of its own.
  if (!type)
    return op->emitOpError()
           << "'" << attr.getName().getValue()
           << "' belongs on the arguments and results of a function";
  if (!isa<UnitAttr>(attr.getValue()))
    return op->emitOpError() << "'" << attr.getName().getValue()
                             << "' is a unit attribute";
  auto it = dyn_cast<IntegerType>(getElementTypeOrSelf(type));
  if (!it || it.getWidth() < 2)
    return op->emitOpError()
           << "'" << attr.getName().getValue() << "' on " << what << " " << index
           << " of type " << type
           << ": needs an integer element type wider than 1 bit";
  return success();
}

LogicalResult UOpDialect::verifyRegionArgAttribute(Operation *op,
                                                   unsigned region,
                                                   unsigned index,
                                                   NamedAttribute attr) {
  auto fn = dyn_cast<FunctionOpInterface>(op);
  Type t = fn && region == 0 && index < fn.getNumArguments()
               ? fn.getArgumentTypes()[index]
               : Type();
  // `uop.capacity`: how many elements an unsized buffer argument may hold
  // (a symbolic tensor at its variables' upper bounds).
  if (attr.getName() == CapacityAttrHelper::getNameStr()) {
    auto p = dyn_cast_or_null<PtrType>(t);
    auto n = dyn_cast<IntegerAttr>(attr.getValue());
    if (!p || p.hasSize())
      return op->emitOpError()
             << "'uop.capacity' belongs on an unsized !uop.ptr argument";
    if (!n || n.getInt() < 1)
      return op->emitOpError() << "'uop.capacity' must be a positive integer";
    return success();
  }
  // `uop.shape`: typed here; its extents are checked by its users
  // (uop-devectorize bounds the strides it makes of them).
  if (attr.getName() == ShapeAttrHelper::getNameStr()) {
    if (!isa_and_nonnull<PtrType>(t))
      return op->emitOpError()
             << "'uop.shape' belongs on a !uop.ptr argument";
    if (!isa<DenseI64ArrayAttr>(attr.getValue()))
      return op->emitOpError()
             << "'uop.shape' must be an array<i64: ...> of extents, got "
             << attr.getValue();
    return success();
  }
  if (attr.getName() != UnsignedAttrHelper::getNameStr())
    return success();
  return verifyUnsigned(op, "argument", index, t, attr);
}

LogicalResult UOpDialect::verifyRegionResultAttribute(Operation *op,
                                                      unsigned region,
                                                      unsigned index,
                                                      NamedAttribute attr) {
  auto fn = dyn_cast<FunctionOpInterface>(op);
  Type t = fn && index < fn.getNumResults() ? fn.getResultTypes()[index]
                                            : Type();
  // `uop.shard_axis`: the result is the rank's shard along that axis.
  if (attr.getName() == ShardAxisAttrHelper::getNameStr()) {
    auto rt = dyn_cast_or_null<RankedTensorType>(t);
    auto axis = dyn_cast<IntegerAttr>(attr.getValue());
    if (!rt || !axis || axis.getInt() < 0 || axis.getInt() >= rt.getRank())
      return op->emitOpError()
             << "'uop.shard_axis' of result " << index
             << " must be an axis of its ranked tensor type";
    return success();
  }
  if (attr.getName() == ShapeAttrHelper::getNameStr())
    return op->emitOpError()
           << "'uop.shape' belongs on a !uop.ptr argument, not a result";
  if (attr.getName() != UnsignedAttrHelper::getNameStr())
    return success();
  return verifyUnsigned(op, "result", index, t, attr);
}

bool uop::isUnsignedArgument(FunctionOpInterface fn, unsigned index) {
  return index < fn.getNumArguments() &&
         fn.getArgAttr(index, UOpDialect::UnsignedAttrHelper::getNameStr());
}

bool uop::isUnsignedResult(FunctionOpInterface fn, unsigned index) {
  return index < fn.getNumResults() &&
         fn.getResultAttr(index, UOpDialect::UnsignedAttrHelper::getNameStr());
}

Operation *UOpDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                           Type type, Location loc) {
  if (auto elements = dyn_cast<ElementsAttr>(value))
    if (isa<VectorType>(type) && elements.getType() == type)
      return VConstOp::create(builder, loc, type, elements);
  return arith::ConstantOp::materialize(builder, value, type, loc);
}

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

int64_t uop::getAxisTypePriority(AxisType type) {
  switch (type) {
  case AxisType::Placeholder:
    return -3;
  case AxisType::Loop:
    return -1;
  case AxisType::Global:
  case AxisType::Thread:
    return 0;
  case AxisType::Warp:
    return 1;
  case AxisType::Local:
  case AxisType::GroupReduce:
    return 2;
  case AxisType::Upcast:
    return 3;
  case AxisType::Reduce:
    return 4;
  case AxisType::Unroll:
    return 5;
  }
  llvm_unreachable("unknown AxisType");
}

arith::AtomicRMWKind uop::getReductionKind(ReduceOpKind op, Type elem) {
  return getArithReductionKind(op, elem);
}

TypedAttr uop::getReduceIdentity(ReduceOpKind op, Type type) {
  Type elem = getElementTypeOrSelf(type);
  // Index has no bit width for upstream's identity; it reduces like i64.
  Type scalar = elem.isIndex() ? IntegerType::get(type.getContext(), 64) : elem;
  if (!isa<FloatType>(scalar) && !scalar.isInteger())
    return {};
  OpBuilder b(type.getContext());
  TypedAttr identity = arith::getIdentityValueAttr(
      getReductionKind(op, scalar), scalar, b, b.getUnknownLoc());
  if (elem.isIndex())
    identity = b.getIndexAttr(cast<IntegerAttr>(identity).getInt());
  if (auto shaped = dyn_cast<ShapedType>(type))
    return DenseElementsAttr::get(shaped, identity);
  return identity;
}

bool uop::isRangeValue(Value v) { return v && v.getDefiningOp<RangeOp>(); }

bool uop::isCVectorType(Type t) {
  auto vt = dyn_cast<VectorType>(t);
  if (!vt || vt.getRank() != 1 || vt.isScalable())
    return false;
  Type e = vt.getElementType();
  if (!e.isF32() && !e.isF64())
    return false;
  return llvm::isPowerOf2_64(vt.getNumElements()) &&
         vt.getNumElements() * (e.isF32() ? 4 : 8) <= 256;
}

bool uop::isCMaskType(Type t) {
  auto vt = dyn_cast<VectorType>(t);
  return vt && vt.getRank() == 1 && !vt.isScalable() &&
         vt.getElementType().isInteger(1) &&
         llvm::isPowerOf2_64(vt.getNumElements()) && vt.getNumElements() <= 64;
}

bool uop::hasCMaskForm(Operation *op) {
  auto f32Vector = [](Type t) {
    return isCVectorType(t) && cast<VectorType>(t).getElementType().isF32();
  };
  if (auto c = dyn_cast<arith::CmpFOp>(op))
    return isCMaskType(c.getType()) && f32Vector(c.getLhs().getType()) &&
           c.getPredicate() != arith::CmpFPredicate::AlwaysFalse &&
           c.getPredicate() != arith::CmpFPredicate::AlwaysTrue;
  if (isa<arith::AndIOp, arith::OrIOp, arith::XOrIOp>(op))
    return isCMaskType(op->getResult(0).getType());
  if (auto s = dyn_cast<arith::SelectOp>(op))
    return isCMaskType(s.getCondition().getType()) && f32Vector(s.getType()) &&
           cast<VectorType>(s.getType()).getNumElements() ==
               cast<VectorType>(s.getCondition().getType()).getNumElements();
  return false;
}

bool uop::hasCVectorForm(Operation *op) {
  if (hasCMaskForm(op))
    return true;
  if (auto sel = dyn_cast<arith::SelectOp>(op))
    return !isa<VectorType>(sel.getCondition().getType());
  // The f32 polynomials of the C prelude have a helper per vector type that
  // applies them to all lanes in one loop the C compiler vectorizes.
  if (const ALUOpInfo *row = lookupALUOp(op);
      row && row->cForm == ALUCForm::Polynomial && op->getNumResults() == 1)
    return getElementTypeOrSelf(op->getResult(0).getType()).isF32();
  return isa<arith::AddFOp, arith::SubFOp, arith::MulFOp, arith::DivFOp,
             arith::NegFOp>(op);
}

bool uop::isAccessThroughIndex(OpOperand &use) {
  return (isa<LoadOp>(use.getOwner()) && use.getOperandNumber() == 1) ||
         (isa<StoreOp, StoreLanesOp>(use.getOwner()) &&
          use.getOperandNumber() == 0);
}

bool uop::isUnrollPropagating(Operation *op) {
  if (isa<UnrollPropagatingOpInterface>(op))
    return true;
  return isALUOp(op);
}

FailureOr<SmallVector<int64_t>> uop::parseIntList(AsmParser &p) {
  SmallVector<int64_t> values;
  if (p.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
        int64_t v;
        if (p.parseInteger(v))
          return failure();
        values.push_back(v);
        return success();
      }))
    return failure();
  return values;
}

void uop::printIntList(AsmPrinter &p, ArrayRef<int64_t> values) {
  p << '[';
  llvm::interleaveComma(values, p);
  p << ']';
}

FailureOr<SmallVector<int64_t>> uop::parsePairList(AsmParser &p) {
  SmallVector<int64_t> flat;
  if (p.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
        int64_t axis, factor;
        if (p.parseLParen() || p.parseInteger(axis) || p.parseComma() ||
            p.parseInteger(factor) || p.parseRParen())
          return failure();
        flat.push_back(axis);
        flat.push_back(factor);
        return success();
      }))
    return failure();
  return flat;
}

void uop::printPairList(AsmPrinter &p, ArrayRef<int64_t> flat) {
  p << '[';
  for (size_t i = 0; i + 1 < flat.size(); i += 2) {
    if (i)
      p << ", ";
    p << '(' << flat[i] << ", " << flat[i + 1] << ')';
  }
  p << ']';
}

FailureOr<SmallVector<OptAttr>> uop::parseOptList(AsmParser &p) {
  SmallVector<OptAttr> opts;
  if (p.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
        OptAttr opt;
        if (p.parseCustomAttributeWithFallback(opt))
          return failure();
        opts.push_back(opt);
        return success();
      }))
    return failure();
  return opts;
}

void uop::printOptList(AsmPrinter &p, ArrayRef<OptAttr> opts) {
  p << '[';
  llvm::interleaveComma(opts, p, [&](OptAttr opt) {
    p.printStrippedAttrOrType(opt);
  });
  p << ']';
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

// `!uop.ptr<f32, global[, 1024]>`: a written size is an element count.
Type PtrType::parse(AsmParser &p) {
  Type element;
  StringRef space;
  int64_t size = -1;
  SMLoc loc = p.getCurrentLocation();
  if (p.parseLess() || p.parseType(element) || p.parseComma())
    return {};
  SMLoc spaceLoc = p.getCurrentLocation();
  if (p.parseKeyword(&space))
    return {};
  std::optional<AddrSpace> addrSpace = symbolizeAddrSpace(space);
  if (!addrSpace) {
    p.emitError(spaceLoc, "unknown address space '")
        << space << "'; expected global, local or reg";
    return {};
  }
  if (succeeded(p.parseOptionalComma())) {
    SMLoc sizeLoc = p.getCurrentLocation();
    if (p.parseInteger(size))
      return {};
    if (size < 0) {
      p.emitError(sizeLoc, "pointer size must be non-negative, got ") << size;
      return {};
    }
  }
  if (p.parseGreater())
    return {};
  return p.getChecked<PtrType>(loc, p.getContext(), element, *addrSpace, size);
}

void PtrType::print(AsmPrinter &p) const {
  p << '<' << getElementType() << ", " << stringifyAddrSpace(getAddrSpace());
  if (hasSize())
    p << ", " << getSize();
  p << '>';
}

LogicalResult PtrType::verify(function_ref<InFlightDiagnostic()> emitError,
                              Type elementType, AddrSpace, int64_t size) {
  if (!elementType.isIntOrIndexOrFloat() && !isa<VectorType>(elementType))
    return emitError() << "pointer element type must be a scalar or vector, got "
                       << elementType;
  if (size < -1)
    return emitError() << "pointer size must be non-negative, got " << size;
  return success();
}

//===----------------------------------------------------------------------===//
// Attributes
//===----------------------------------------------------------------------===//

FailureOr<AxisIdAttr> uop::parseAxisIdKeyword(AsmParser &p, SMLoc errorLoc) {
  StringRef keyword;
  if (p.parseKeyword(&keyword))
    return failure();
  int64_t id;
  if (keyword.size() < 2 || (keyword[0] != 'R' && keyword[0] != 'U') ||
      keyword.drop_front().getAsInteger(10, id))
    return p.emitError(errorLoc, "expected an axis id like R0 (renumbered) or "
                                 "U0 (unrenumbered), got '")
           << keyword << "'";
  return AxisIdAttr::get(p.getContext(), id, keyword[0] == 'R');
}

// `#uop.axis_id<R3>`: R for renumbered, U for unrenumbered.
Attribute AxisIdAttr::parse(AsmParser &p, Type) {
  SMLoc loc = p.getCurrentLocation();
  if (p.parseLess())
    return {};
  FailureOr<AxisIdAttr> attr = parseAxisIdKeyword(p, loc);
  if (failed(attr) || p.parseGreater())
    return {};
  return *attr;
}

void AxisIdAttr::print(AsmPrinter &p) const {
  p << '<' << (getRenumbered() ? 'R' : 'U') << getId() << '>';
}

LogicalResult OptAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                              OptOps kind, int64_t axis, int64_t arg) {
  if (axis < 0)
    return emitError() << "opt " << stringifyOptOps(kind)
                       << " needs a non-negative axis, got " << axis;
  if (arg < 0)
    return emitError() << "opt " << stringifyOptOps(kind)
                       << " needs a non-negative amount, got " << arg;
  return success();
}

LogicalResult SPMDAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                               int64_t rank, int64_t devices) {
  if (devices < 1 || rank < 0 || rank >= devices)
    return emitError() << "rank " << rank << " is not one of " << devices
                       << " devices";
  return success();
}

LogicalResult AxisIdAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 int64_t id, bool) {
  if (id < 0)
    return emitError() << "axis id must be non-negative, got " << id;
  return success();
}

//===----------------------------------------------------------------------===//
// Symbolic shapes
//===----------------------------------------------------------------------===//

LogicalResult VarAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                              StringAttr name, int64_t min, int64_t max) {
  if (!name || name.getValue().empty())
    return emitError() << "a shape variable needs a name";
  // A variable at 0 would be a RANGE of extent 0 at run time, which the
  // kernel passes fold as one step (a static zero extent gets no kernel).
  if (min < 1 || min > max)
    return emitError() << "shape variable '" << name.getValue()
                       << "' needs bounds 1 <= min <= max, got [" << min
                       << ", " << max << "]";
  return success();
}

LogicalResult
SymShapeAttr::verifyEncoding(ArrayRef<int64_t> shape, Type,
                             function_ref<InFlightDiagnostic()> emitError) const {
  int64_t dynamic = llvm::count(shape, ShapedType::kDynamic);
  if (dynamic != static_cast<int64_t>(getVars().size()))
    return emitError() << "#uop.sym names " << getVars().size()
                       << " variables for " << dynamic
                       << " dynamic dimensions";
  for (StringAttr v : getVars())
    if (!v || v.getValue().empty())
      return emitError() << "#uop.sym needs non-empty variable names";
  return success();
}

SmallVector<VarAttr> uop::getShapeVars(Operation *fn) {
  SmallVector<VarAttr> vars;
  if (auto list = fn->getAttrOfType<ArrayAttr>(
          UOpDialect::VarsAttrHelper::getNameStr()))
    for (Attribute a : list)
      if (auto v = dyn_cast<VarAttr>(a))
        vars.push_back(v);
  return vars;
}

StringAttr uop::getDimVar(RankedTensorType t, unsigned dim) {
  if (!t.isDynamicDim(dim))
    return {};
  auto sym = dyn_cast_or_null<SymShapeAttr>(t.getEncoding());
  if (!sym)
    return {};
  unsigned k = llvm::count(t.getShape().take_front(dim), ShapedType::kDynamic);
  return k < sym.getVars().size() ? sym.getVars()[k] : StringAttr();
}

bool uop::hasSymbolicShape(RankedTensorType t) {
  for (unsigned d = 0; d < t.getRank(); ++d)
    if (t.isDynamicDim(d) && !getDimVar(t, d))
      return false;
  return true;
}

std::optional<int64_t>
uop::getNumElementsAt(RankedTensorType t,
                      const llvm::StringMap<int64_t> &values) {
  int64_t n = 1;
  for (unsigned d = 0; d < t.getRank(); ++d) {
    int64_t size = t.getDimSize(d);
    if (t.isDynamicDim(d)) {
      StringAttr v = getDimVar(t, d);
      auto it = v ? values.find(v.getValue()) : values.end();
      if (it == values.end())
        return std::nullopt;
      size = it->second;
    }
    if (llvm::MulOverflow(n, size, n))
      return std::nullopt;
  }
  return n;
}

RankedTensorType uop::specializeType(RankedTensorType t,
                                     const llvm::StringMap<int64_t> &values) {
  if (t.hasStaticShape() && !isa_and_nonnull<SymShapeAttr>(t.getEncoding()))
    return t;
  SmallVector<int64_t> shape(t.getShape());
  for (unsigned d = 0; d < t.getRank(); ++d) {
    if (!t.isDynamicDim(d))
      continue;
    StringAttr v = getDimVar(t, d);
    auto it = v ? values.find(v.getValue()) : values.end();
    if (it == values.end())
      return {};
    shape[d] = it->second;
  }
  return RankedTensorType::get(shape, t.getElementType());
}

static bool isFloatTensor(Type t) {
  auto rt = dyn_cast<RankedTensorType>(t);
  return rt && isa<FloatType>(rt.getElementType());
}

/// uop-gradient's request (`uop.grad_wrt`, declared in UOpBase.td): what
/// the pass can differentiate, checked here so that a malformed request
/// fails at parse. uop-gradient calls this too, for unverified input.
static LogicalResult verifyGradWrt(Operation *op, Attribute value) {
  auto fn = dyn_cast<FunctionOpInterface>(op);
  if (!fn)
    return op->emitOpError() << "'uop.grad_wrt' belongs on a function";
  auto wrt = dyn_cast<DenseI64ArrayAttr>(value);
  if (!wrt)
    return op->emitOpError() << "'uop.grad_wrt' must be an array<i64: ...> "
                             << "of argument indices";
  if (fn.isExternal() || !fn.getFunctionBody().hasOneBlock())
    return op->emitOpError()
           << "'uop.grad_wrt' needs a function body of one block";
  if (fn.getNumResults() != 1 || !isFloatTensor(fn.getResultTypes()[0]))
    return op->emitOpError()
           << "'uop.grad_wrt' needs a single float tensor result";
  for (int64_t i : wrt.asArrayRef())
    if (i < 0 || i >= fn.getNumArguments() ||
        !isFloatTensor(fn.getArgumentTypes()[i]))
      return op->emitOpError() << "'uop.grad_wrt' names argument " << i
                               << ", which is not a float tensor argument";
  return success();
}

/// `uop.vars` sits on a function: distinct #uop.var entries, and every
/// #uop.sym name in the function's types is one of them.
LogicalResult UOpDialect::verifyOperationAttribute(Operation *op,
                                                   NamedAttribute attr) {
  if (attr.getName() == SpmdAttrHelper::getNameStr()) {
    if (!isa<FunctionOpInterface>(op))
      return op->emitOpError() << "'uop.spmd' belongs on a function";
    if (!isa<SPMDAttr>(attr.getValue()))
      return op->emitOpError() << "'uop.spmd' must be a #uop.spmd";
    return success();
  }
  if (attr.getName() == GradWrtAttrHelper::getNameStr())
    return verifyGradWrt(op, attr.getValue());
  if (attr.getName() != VarsAttrHelper::getNameStr())
    return op->emitOpError() << "unknown uop attribute '"
                             << attr.getName().getValue() << "'";
  if (!isa<FunctionOpInterface>(op))
    return op->emitOpError() << "'uop.vars' belongs on a function";
  auto list = dyn_cast<ArrayAttr>(attr.getValue());
  if (!list)
    return op->emitOpError() << "'uop.vars' must be an array of #uop.var";
  llvm::StringSet<> names;
  for (Attribute a : list) {
    auto v = dyn_cast<VarAttr>(a);
    if (!v)
      return op->emitOpError() << "'uop.vars' must be an array of #uop.var, "
                               << "got " << a;
    if (!names.insert(v.getName().getValue()).second)
      return op->emitOpError() << "shape variable '" << v.getName().getValue()
                               << "' is declared twice";
  }
  auto checkType = [&](Type t) -> LogicalResult {
    auto rt = dyn_cast<RankedTensorType>(t);
    auto sym = rt ? dyn_cast_or_null<SymShapeAttr>(rt.getEncoding())
                  : SymShapeAttr();
    if (!sym)
      return success();
    for (StringAttr v : sym.getVars())
      if (!names.contains(v.getValue()))
        return op->emitOpError() << "type " << t << " names '" << v.getValue()
                                 << "', which is not in 'uop.vars'";
    return success();
  };
  auto fn = cast<FunctionOpInterface>(op);
  for (Type t : llvm::concat<const Type>(fn.getArgumentTypes(),
                                         fn.getResultTypes()))
    if (failed(checkType(t)))
      return failure();
  WalkResult r = op->walk([&](Operation *inner) {
    for (Type t : inner->getResultTypes())
      if (failed(checkType(t)))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(r.wasInterrupted());
}

int64_t WmmaMetadataAttr::getTileCount() const {
  int64_t n = 1;
  for (int64_t g : getTileGrid())
    n *= g;
  return n;
}

static LogicalResult verifyPairs(function_ref<InFlightDiagnostic()> emitError,
                                 StringRef what, ArrayRef<int64_t> flat) {
  for (size_t i = 0; i + 1 < flat.size(); i += 2)
    if (flat[i] < 0 || flat[i + 1] <= 0)
      return emitError() << what << " needs non-negative axes and positive "
                         << "factors, got (" << flat[i] << ", " << flat[i + 1]
                         << ")";
  return success();
}

LogicalResult
WmmaMetadataAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                         StringAttr, ArrayRef<int64_t> dims, Type dtypeIn,
                         Type dtypeOut, StringAttr, int64_t threads,
                         ArrayRef<int64_t> upcastA, ArrayRef<int64_t> upcastB,
                         ArrayRef<int64_t> upcastC, ArrayRef<int64_t> reduceAxes,
                         ArrayRef<int64_t> tileGrid) {
  if (dims.size() != 3)
    return emitError() << "wmma dims must be (N, M, K), got " << dims.size()
                       << " values";
  if (llvm::any_of(dims, [](int64_t d) { return d <= 0; }))
    return emitError() << "wmma dims must be positive";
  if (threads <= 0)
    return emitError() << "wmma threads must be positive, got " << threads;
  if (!dtypeIn.isIntOrFloat() || !dtypeOut.isIntOrFloat())
    return emitError() << "wmma dtypes must be scalar types";
  if (!tileGrid.empty() &&
      (tileGrid.size() != 2 || tileGrid[0] <= 0 || tileGrid[1] <= 0))
    return emitError() << "wmma tile_grid must be two positive values";
  if (failed(verifyPairs(emitError, "upcast_a", upcastA)) ||
      failed(verifyPairs(emitError, "upcast_b", upcastB)) ||
      failed(verifyPairs(emitError, "upcast_c", upcastC)) ||
      failed(verifyPairs(emitError, "reduce_axes", reduceAxes)))
    return failure();
  return success();
}
