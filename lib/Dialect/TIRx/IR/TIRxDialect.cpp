//===- TIRxDialect.cpp - tirx dialect, buffer types, layout attributes ----===//
//
// The layout attributes are thin MLIR faces of the integer algebra in
// LayoutAlgebra.h: parsing, printing and verification go through it, so the
// IR and the unit-tested algebra cannot disagree.
//
//===----------------------------------------------------------------------===//

#include "uop/Dialect/TIRx/IR/TIRx.h"
#include "uop/Dialect/TIRx/IR/TIRxTarget.h"
#include "uop/Dialect/TIRx/IR/TIRxViews.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace uop::tirx;
namespace la = uop::tirx::layout;

#include "uop/Dialect/TIRx/IR/TIRxOpsDialect.cpp.inc"
#include "uop/Dialect/TIRx/IR/TIRxEnums.cpp.inc"
#include "uop/Dialect/TIRx/IR/TIRxAttrInterfaces.cpp.inc"
#include "uop/Dialect/TIRx/IR/TIRxOpInterfaces.cpp.inc"
#define GET_ATTRDEF_CLASSES
#include "uop/Dialect/TIRx/IR/TIRxAttrs.cpp.inc"
#define GET_TYPEDEF_CLASSES
#include "uop/Dialect/TIRx/IR/TIRxOpsTypes.cpp.inc"

void TIRxDialect::initialize() {
  registerTypes();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "uop/Dialect/TIRx/IR/TIRxOps.cpp.inc"
      >();
  addOperations<
#define GET_OP_LIST
#include "uop/Dialect/TIRx/IR/TIRxViewOps.cpp.inc"
      >();
}

void TIRxDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "uop/Dialect/TIRx/IR/TIRxOpsTypes.cpp.inc"
      >();
}

void TIRxDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "uop/Dialect/TIRx/IR/TIRxAttrs.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Kernel metadata
//===----------------------------------------------------------------------===//

LogicalResult
TensorMapParamAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                           int64_t arg, int64_t bufferArg,
                           DenseI64ArrayAttr shape, DenseI64ArrayAttr box,
                           int64_t swizzle) {
  if (arg < 0 || bufferArg < 0)
    return emitError() << "parameter indices must be non-negative";
  if (shape.empty() || shape.size() > 5 || box.size() != shape.size())
    return emitError() << "a tensor map has 1 to 5 dimensions and a box of "
                          "the same rank";
  for (auto [d, e] : llvm::zip(shape.asArrayRef(), box.asArrayRef()))
    if (d < 1 || e < 1 || e > 256 || e > d)
      return emitError() << "box extents are 1 to 256 and within the shape";
  if (swizzle != 0 && swizzle != 32 && swizzle != 64 && swizzle != 128)
    return emitError() << "swizzle is 0, 32, 64 or 128 bytes, got " << swizzle;
  return success();
}

/// The launch dimensions: one to three positive extents that fit the 32-bit
/// launch parameters of the driver.
static LogicalResult verifyDims(Operation *op, NamedAttribute attr) {
  auto dims = dyn_cast<DenseI64ArrayAttr>(attr.getValue());
  if (!dims || dims.empty() || dims.size() > 3 ||
      llvm::any_of(dims.asArrayRef(), [](int64_t d) {
        return d < 1 || d > std::numeric_limits<int32_t>::max();
      }))
    return op->emitError("'") << attr.getName().getValue()
                              << "' must be 1 to 3 extents in [1, 2^31)";
  ArrayRef<int64_t> d = dims.asArrayRef();
  if (attr.getName() == TIRxDialect::BlockDimsAttrHelper::getNameStr()) {
    // Each extent is below 2^31, so the product of three fits in int64.
    int64_t threads = 1;
    for (int64_t e : d)
      threads *= e;
    if (threads > 1024)
      return op->emitError("'")
             << attr.getName().getValue()
             << "' gives a CTA of " << threads
             << " threads; a CTA has at most 1024";
  } else if (attr.getName() ==
             TIRxDialect::ClusterDimsAttrHelper::getNameStr()) {
    // The portable cluster size; 16 needs a non-portable opt-in we do not
    // make.
    int64_t ctas = 1;
    for (int64_t e : d)
      ctas *= e;
    if (ctas > 8)
      return op->emitError("'")
             << attr.getName().getValue() << "' gives a cluster of " << ctas
             << " CTAs; a portable cluster has at most 8";
  } else if (llvm::any_of(d.drop_front(), [](int64_t e) { return e > 65535; })) {
    return op->emitError("'") << attr.getName().getValue()
                              << "' y and z extents are at most 65535";
  }
  return success();
}

/// The most iterations a `tirx.unroll` loop may have: it is copied that
/// many times before dispatch expands each copy.
static constexpr int64_t kMaxUnroll = 64;

/// `tirx.unroll`: a unit attribute on an scf.for of a kernel whose bounds
/// are constants (the dispatch pass unrolls it fully, so the trip count must
/// be known and small).
static LogicalResult verifyUnroll(Operation *op, NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (!isa<UnitAttr>(attr.getValue()))
    return op->emitError("'") << name << "' must be a unit attribute";
  auto loop = dyn_cast<scf::ForOp>(op);
  if (!loop)
    return op->emitError("'") << name << "' belongs on an scf.for";
  if (!op->getParentOfType<DeviceEntryOp>())
    return op->emitError("'") << name << "' loops must be inside a tirx.device_entry";
  APInt lb, ub, step;
  if (!matchPattern(loop.getLowerBound(), m_ConstantInt(&lb)) ||
      !matchPattern(loop.getUpperBound(), m_ConstantInt(&ub)) ||
      !matchPattern(loop.getStep(), m_ConstantInt(&step)))
    return op->emitError("'") << name << "' needs constant loop bounds and step";
  int64_t l = lb.getSExtValue(), u = ub.getSExtValue(), s = step.getSExtValue();
  if (s <= 0)
    return op->emitError("'") << name << "' needs a positive step";
  int64_t trips = u > l ? (u - l + s - 1) / s : 0;
  if (trips > kMaxUnroll)
    return op->emitError("'") << name << "' unrolls at most " << kMaxUnroll
                              << " iterations, this loop has " << trips;
  return success();
}

Operation *TIRxDialect::materializeConstant(OpBuilder &builder, Attribute value,
                                            Type type, Location loc) {
  return arith::ConstantOp::materialize(builder, value, type, loc);
}

LogicalResult TIRxDialect::verifyOperationAttribute(Operation *op,
                                                    NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  if (name == BlockDimsAttrHelper::getNameStr() ||
      name == GridDimsAttrHelper::getNameStr() ||
      name == PreferredGridDimsAttrHelper::getNameStr() ||
      name == ClusterDimsAttrHelper::getNameStr())
    return verifyDims(op, attr);
  if (name == TensorMapsAttrHelper::getNameStr()) {
    auto maps = dyn_cast<ArrayAttr>(attr.getValue());
    if (!maps || !llvm::all_of(maps, llvm::IsaPred<TensorMapParamAttr>))
      return op->emitError("'")
             << name << "' must be an array of #tirx.tensor_map_param";
    return success();
  }
  if (name == DynamicSharedBytesAttrHelper::getNameStr() ||
      name == SharedBytesAttrHelper::getNameStr()) {
    auto bytes = dyn_cast<IntegerAttr>(attr.getValue());
    if (!bytes || bytes.getValue().isNegative())
      return op->emitError("'") << name << "' must be a non-negative integer";
    return success();
  }
  if (name == ReferenceAttrHelper::getNameStr()) {
    if (!isa<ReferenceKindAttr>(attr.getValue()))
      return op->emitError("'") << name << "' must be a #tirx.reference";
    if (!isa<PrimFuncOp>(op))
      return op->emitError("'") << name << "' belongs on a tirx.prim_func";
    return success();
  }
  if (name == UnrollAttrHelper::getNameStr())
    return verifyUnroll(op, attr);
  if (name == kTargetAttrName) {
    if (!isa<ModuleOp>(op) || !isa<NVVM::NVVMTargetAttr>(attr.getValue()))
      return op->emitError("'")
             << name << "' must be a #nvvm.target on a builtin.module";
    return success();
  }
  // Other tirx.* names are the user's own annotations.
  return success();
}

//===----------------------------------------------------------------------===//
// TileLayoutAttr
//===----------------------------------------------------------------------===//

TileLayoutAttr TileLayoutAttr::get(MLIRContext *ctx, const la::TileLayout &l) {
  SmallVector<int64_t> se, ss, re, rs, ov;
  SmallVector<la::Axis> sa, ra, oa;
  for (const la::Iter &it : l.shard) {
    se.push_back(it.extent);
    ss.push_back(it.stride);
    sa.push_back(it.axis);
  }
  for (const la::Iter &it : l.replica) {
    re.push_back(it.extent);
    rs.push_back(it.stride);
    ra.push_back(it.axis);
  }
  for (const la::Offset &o : l.offset) {
    ov.push_back(o.value);
    oa.push_back(o.axis);
  }
  return get(ctx, se, ss, sa, re, rs, ra, ov, oa);
}

static la::TileLayout
buildTileLayout(ArrayRef<int64_t> se, ArrayRef<int64_t> ss,
                ArrayRef<la::Axis> sa, ArrayRef<int64_t> re,
                ArrayRef<int64_t> rs, ArrayRef<la::Axis> ra,
                ArrayRef<int64_t> ov, ArrayRef<la::Axis> oa) {
  la::TileLayout l;
  for (size_t i = 0; i < se.size() && i < ss.size() && i < sa.size(); ++i)
    l.shard.push_back({se[i], ss[i], sa[i]});
  for (size_t i = 0; i < re.size() && i < rs.size() && i < ra.size(); ++i)
    l.replica.push_back({re[i], rs[i], ra[i]});
  for (size_t i = 0; i < ov.size() && i < oa.size(); ++i)
    l.offset.push_back({ov[i], oa[i]});
  return l;
}

la::TileLayout TileLayoutAttr::getLayout() const {
  return buildTileLayout(getShardExtents(), getShardStrides(), getShardAxes(),
                         getReplicaExtents(), getReplicaStrides(),
                         getReplicaAxes(), getOffsetValues(), getOffsetAxes());
}

LogicalResult
TileLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                       ArrayRef<int64_t> se, ArrayRef<int64_t> ss,
                       ArrayRef<la::Axis> sa, ArrayRef<int64_t> re,
                       ArrayRef<int64_t> rs, ArrayRef<la::Axis> ra,
                       ArrayRef<int64_t> ov, ArrayRef<la::Axis> oa) {
  if (se.size() != ss.size() || se.size() != sa.size() ||
      re.size() != rs.size() || re.size() != ra.size() || ov.size() != oa.size())
    return emitError() << "tile layout parameter lists differ in length";
  if (auto err = la::validate(buildTileLayout(se, ss, sa, re, rs, ra, ov, oa)))
    return emitError() << "invalid tile layout: " << *err;
  return success();
}

// The text between `<` and `>` is re-assembled token by token and handed to
// the algebra's parser, which owns the grammar (and its error messages).
Attribute TileLayoutAttr::parse(AsmParser &p, Type) {
  SMLoc loc = p.getCurrentLocation();
  if (p.parseLess())
    return {};
  std::string text;
  while (failed(p.parseOptionalGreater())) {
    int64_t value = 0;
    StringRef keyword;
    StringAttr symbol;
    OptionalParseResult intResult = p.parseOptionalInteger(value);
    if (intResult.has_value()) {
      if (failed(*intResult))
        return {};
      text += " " + std::to_string(value);
    } else if (succeeded(p.parseOptionalSymbolName(symbol))) {
      text += "@" + symbol.str();
    } else if (succeeded(p.parseOptionalKeyword(&keyword))) {
      text += " " + keyword.str();
    } else if (succeeded(p.parseOptionalLSquare())) {
      text += "[";
    } else if (succeeded(p.parseOptionalRSquare())) {
      text += "]";
    } else if (succeeded(p.parseOptionalLParen())) {
      text += "(";
    } else if (succeeded(p.parseOptionalRParen())) {
      text += ")";
    } else if (succeeded(p.parseOptionalColon())) {
      text += ":";
    } else if (succeeded(p.parseOptionalComma())) {
      text += ",";
    } else if (succeeded(p.parseOptionalPlus())) {
      text += " + ";
    } else {
      p.emitError(p.getCurrentLocation(),
                  "unexpected token in tile layout; expected the form "
                  "S[(e,...):(s@axis,...)] + R[...] + k@axis");
      return {};
    }
  }
  la::Result<la::TileLayout> layout = la::parseTileLayout(text);
  if (!layout) {
    p.emitError(loc, "invalid tile layout: ") << layout.error();
    return {};
  }
  return TileLayoutAttr::get(p.getContext(), *layout);
}

void TileLayoutAttr::print(AsmPrinter &p) const {
  p << '<' << la::format(getLayout()) << '>';
}

la::Layout TileLayoutAttr::getAlgebra() const { return getLayout(); }
std::optional<int64_t> TileLayoutAttr::getSize() const {
  return la::size(getLayout());
}

//===----------------------------------------------------------------------===//
// SwizzleLayoutAttr, ComposeLayoutAttr
//===----------------------------------------------------------------------===//

la::SwizzleLayout SwizzleLayoutAttr::getLayout() const {
  return {getPerElement(), getSwizzleLen(), getAtomLen(), getSwizzleInner()};
}

LogicalResult
SwizzleLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                          int64_t perElement, int64_t swizzleLen,
                          int64_t atomLen, bool inner) {
  if (auto err = la::validate(
          la::SwizzleLayout{perElement, swizzleLen, atomLen, inner}))
    return emitError() << "invalid swizzle: " << *err;
  return success();
}

la::Layout SwizzleLayoutAttr::getAlgebra() const { return getLayout(); }
std::optional<int64_t> SwizzleLayoutAttr::getSize() const {
  return std::nullopt;
}

la::ComposeLayout ComposeLayoutAttr::getLayout() const {
  return {getSwizzle().getLayout(), getTile().getLayout()};
}

LogicalResult
ComposeLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                          SwizzleLayoutAttr swizzle, TileLayoutAttr tile) {
  if (!swizzle || !tile)
    return emitError() << "compose needs a swizzle and a tile layout";
  if (auto err = la::validate(la::ComposeLayout{swizzle.getLayout(),
                                                tile.getLayout()}))
    return emitError() << "invalid compose layout: " << *err;
  return success();
}

Attribute ComposeLayoutAttr::parse(AsmParser &p, Type) {
  Attribute swizzle, tile;
  SMLoc loc = p.getCurrentLocation();
  if (p.parseLess() || p.parseAttribute(swizzle) || p.parseComma() ||
      p.parseAttribute(tile) || p.parseGreater())
    return {};
  auto s = dyn_cast<SwizzleLayoutAttr>(swizzle);
  auto t = dyn_cast<TileLayoutAttr>(tile);
  if (!s || !t) {
    p.emitError(loc, "expected #tirx.compose<#tirx.swizzle<...>, #tirx.tile<...>>");
    return {};
  }
  return p.getChecked<ComposeLayoutAttr>(loc, p.getContext(), s, t);
}

void ComposeLayoutAttr::print(AsmPrinter &p) const {
  p << '<';
  p.printAttribute(getSwizzle());
  p << ", ";
  p.printAttribute(getTile());
  p << '>';
}

la::Layout ComposeLayoutAttr::getAlgebra() const { return getLayout(); }
std::optional<int64_t> ComposeLayoutAttr::getSize() const {
  return la::size(getTile().getLayout());
}

//===----------------------------------------------------------------------===//
// Layout Slice (LayoutAttrInterface::slice)
//===----------------------------------------------------------------------===//

/// [begin, begin + extents) as the algebra's region, or a failure at
/// `emitError` when its rank is not the buffer's.
static FailureOr<la::Region>
algebraRegion(ArrayRef<int64_t> shape, ArrayRef<int64_t> begin,
              ArrayRef<int64_t> extents,
              function_ref<InFlightDiagnostic()> emitError) {
  if (begin.size() != shape.size() || extents.size() != shape.size())
    return emitError() << "the region has " << begin.size()
                       << " dimensions, the buffer " << shape.size(),
           failure();
  la::Region region;
  for (auto [b, e] : llvm::zip(begin, extents))
    region.push_back(la::Range{b, e});
  return region;
}

/// The attribute `make` builds from the algebra's slice `sliced`, or its
/// reason at `emitError`.
template <typename L, typename Make>
static FailureOr<LayoutAttrInterface>
sliceResult(la::Result<L> sliced, function_ref<InFlightDiagnostic()> emitError,
            Make make) {
  if (!sliced)
    return emitError() << sliced.error(), failure();
  return LayoutAttrInterface(make(*sliced));
}

FailureOr<LayoutAttrInterface>
TileLayoutAttr::slice(ArrayRef<int64_t> shape, ArrayRef<int64_t> begin,
                      ArrayRef<int64_t> extents,
                      function_ref<InFlightDiagnostic()> emitError) const {
  FailureOr<la::Region> region = algebraRegion(shape, begin, extents, emitError);
  if (failed(region))
    return failure();
  return sliceResult(la::slice(getLayout(), la::Shape(shape.begin(), shape.end()),
                               *region),
                     emitError, [&](const la::TileLayout &t) {
                       return TileLayoutAttr::get(getContext(), t);
                     });
}

/// A compose layout's attribute.
static ComposeLayoutAttr getComposeAttr(MLIRContext *ctx,
                                        const la::ComposeLayout &c) {
  const la::SwizzleLayout &s = c.swizzle;
  return ComposeLayoutAttr::get(
      ctx,
      SwizzleLayoutAttr::get(ctx, s.perElement, s.swizzleLen, s.atomLen,
                             s.swizzleInner),
      TileLayoutAttr::get(ctx, c.tile));
}

// A bare swizzle lays a buffer out over its row-major offsets: its slice
// composes the swizzle with the slice of that row-major tile.
FailureOr<LayoutAttrInterface>
SwizzleLayoutAttr::slice(ArrayRef<int64_t> shape, ArrayRef<int64_t> begin,
                         ArrayRef<int64_t> extents,
                         function_ref<InFlightDiagnostic()> emitError) const {
  FailureOr<la::Region> region = algebraRegion(shape, begin, extents, emitError);
  if (failed(region))
    return failure();
  la::Shape s(shape.begin(), shape.end());
  la::ComposeLayout whole{getLayout(), la::Layout(getLayout()).tileFor(s)};
  return sliceResult(la::slice(whole, s, *region), emitError,
                     [&](const la::ComposeLayout &c) {
                       return getComposeAttr(getContext(), c);
                     });
}

FailureOr<LayoutAttrInterface>
ComposeLayoutAttr::slice(ArrayRef<int64_t> shape, ArrayRef<int64_t> begin,
                         ArrayRef<int64_t> extents,
                         function_ref<InFlightDiagnostic()> emitError) const {
  FailureOr<la::Region> region = algebraRegion(shape, begin, extents, emitError);
  if (failed(region))
    return failure();
  return sliceResult(la::slice(getLayout(), la::Shape(shape.begin(), shape.end()),
                               *region),
                     emitError, [&](const la::ComposeLayout &c) {
                       return getComposeAttr(getContext(), c);
                     });
}

la::Result<la::Table> uop::tirx::getLayoutTable(LayoutAttrInterface layout,
                                                ArrayRef<int64_t> shape) {
  la::Shape s(shape.begin(), shape.end());
  return layout.getAlgebra().table(s);
}

//===----------------------------------------------------------------------===//
// BufferType, RegionType
//===----------------------------------------------------------------------===//

static void printShapePrefix(AsmPrinter &p, ArrayRef<int64_t> shape) {
  for (int64_t d : shape)
    p << d << 'x';
}

Type BufferType::parse(AsmParser &p) {
  SmallVector<int64_t> shape, strides;
  Type elementType;
  StringRef scopeName;
  Attribute layout;
  int64_t elemOffset = 0, allocatedAddr = -1;
  SMLoc loc = p.getCurrentLocation();
  if (p.parseLess() ||
      p.parseDimensionList(shape, /*allowDynamic=*/false,
                           /*withTrailingX=*/true) ||
      p.parseType(elementType) || p.parseComma())
    return {};
  SMLoc scopeLoc = p.getCurrentLocation();
  if (p.parseKeyword(&scopeName))
    return {};
  std::optional<StorageScope> scope = symbolizeStorageScope(scopeName);
  if (!scope) {
    p.emitError(scopeLoc, "unknown storage scope '")
        << scopeName << "'; expected global, shared, local or tmem";
    return {};
  }
  while (succeeded(p.parseOptionalComma())) {
    StringRef key;
    if (succeeded(p.parseOptionalKeyword(
            &key, {"strides", "elem_offset", "allocated_addr"}))) {
      if (p.parseEqual())
        return {};
      if (key == "strides") {
        if (p.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
              int64_t s;
              if (p.parseInteger(s))
                return failure();
              strides.push_back(s);
              return success();
            }))
          return {};
      } else if (p.parseInteger(key == "elem_offset" ? elemOffset
                                                      : allocatedAddr)) {
        return {};
      }
      continue;
    }
    if (layout) {
      p.emitError(p.getCurrentLocation(), "a buffer has at most one layout");
      return {};
    }
    if (p.parseAttribute(layout))
      return {};
  }
  if (p.parseGreater())
    return {};
  return p.getChecked<BufferType>(loc, p.getContext(), shape, elementType,
                                  *scope, layout, strides, elemOffset,
                                  allocatedAddr);
}

void BufferType::print(AsmPrinter &p) const {
  p << '<';
  printShapePrefix(p, getShape());
  p << getElementType() << ", " << stringifyStorageScope(getScope());
  if (getLayout()) {
    p << ", ";
    p.printAttribute(getLayout());
  }
  if (!getStrides().empty()) {
    p << ", strides = [";
    llvm::interleaveComma(getStrides(), p);
    p << ']';
  }
  if (getElemOffset() != 0)
    p << ", elem_offset = " << getElemOffset();
  if (hasAllocatedAddr())
    p << ", allocated_addr = " << getAllocatedAddr();
  p << '>';
}

int64_t BufferType::getNumElements() const {
  int64_t n = 1;
  for (int64_t d : getShape())
    n *= d;
  return n;
}

std::map<std::string, int64_t> BufferType::getMemorySpans() const {
  std::map<std::string, int64_t> spans;
  auto memoryOnly = [&](const std::map<std::string, int64_t> &all) {
    for (const auto &[axis, extent] : all)
      if (!la::isThreadAxis(axis))
        spans[axis] = extent;
  };
  la::Shape shape(getShape().begin(), getShape().end());
  if (auto l = getLayoutInterface()) {
    la::Result<std::map<std::string, int64_t>> span =
        l.getAlgebra().span(shape);
    if (!span)
      return {};
    memoryOnly(*span);
    // A layout only on thread axes gives each thread one element.
    if (spans.empty())
      spans[la::kMemoryAxis] = 1;
  } else if (!getStrides().empty()) {
    int64_t last = 0;
    for (auto [d, s] : llvm::zip(getShape(), getStrides()))
      last += (d - 1) * s;
    spans[la::kMemoryAxis] = last + 1;
  } else {
    spans[la::kMemoryAxis] = getNumElements();
  }
  if (getElemOffset() && spans.count(la::kMemoryAxis))
    spans[la::kMemoryAxis] += getElemOffset();
  return spans;
}

int64_t BufferType::getStorageSpan() const {
  std::map<std::string, int64_t> spans = getMemorySpans();
  if (spans.empty())
    return -1;
  auto it = spans.find(la::kMemoryAxis);
  return it == spans.end() ? 1 : it->second;
}

LogicalResult BufferType::verify(function_ref<InFlightDiagnostic()> emitError,
                                 ArrayRef<int64_t> shape, Type elementType,
                                 StorageScope scope, Attribute layout,
                                 ArrayRef<int64_t> strides, int64_t elemOffset,
                                 int64_t allocatedAddr) {
  for (int64_t d : shape)
    if (d <= 0)
      return emitError() << "buffer dimensions must be positive, got " << d;
  if (!elementType.isIntOrFloat())
    return emitError() << "buffer dtype must be an integer or float type, got "
                       << elementType;
  if (!strides.empty() && strides.size() != shape.size())
    return emitError() << "expected " << shape.size() << " strides, got "
                       << strides.size();
  if (llvm::any_of(strides, [](int64_t s) { return s < 0; }))
    return emitError() << "strides must be non-negative";
  if (elemOffset < 0)
    return emitError() << "elem_offset must be non-negative, got "
                       << elemOffset;
  if (allocatedAddr < -1)
    return emitError() << "allocated_addr must be non-negative, got "
                       << allocatedAddr;
  if (scope == StorageScope::SharedCluster && allocatedAddr >= 0)
    return emitError() << "a shared_cluster buffer sits where the shared "
                          "buffer it views does; it takes no allocated_addr";
  // Element counts beyond 2^62 are refused before anything multiplies them.
  int64_t count = 1;
  for (int64_t d : shape)
    if (__builtin_mul_overflow(count, d, &count) || count > (int64_t(1) << 62))
      return emitError() << "buffer has more than 2^62 elements";
  if (!layout) {
    if (scope == StorageScope::TMem)
      return emitError() << "tmem buffers need a layout on TLane/TCol";
    return success();
  }
  if (scope == StorageScope::TMem && isa<SwizzleLayoutAttr, ComposeLayoutAttr>(layout))
    return emitError() << "tmem buffers cannot be swizzled";
  auto l = dyn_cast<LayoutAttrInterface>(layout);
  if (!l)
    return emitError() << "expected a layout attribute (#tirx.tile, "
                          "#tirx.swizzle or #tirx.compose), got "
                       << layout;
  int64_t elements = 1;
  for (int64_t d : shape)
    elements *= d;
  if (std::optional<int64_t> size = l.getSize(); size && *size != elements)
    return emitError() << "layout size " << *size
                       << " does not match the buffer's " << elements
                       << " elements";
  // Which axes may carry data depends on the storage scope.
  for (const std::string &axis : l.getAlgebra().axes()) {
    bool thread = la::isThreadAxis(axis);
    if (thread && scope != StorageScope::Local && scope != StorageScope::TMem)
      return emitError() << "thread axis '" << axis << "' in the layout of a "
                         << stringifyStorageScope(scope)
                         << " buffer; only local (register) and tmem buffers "
                            "are distributed over threads";
    if (thread)
      continue;
    std::optional<la::Axis> named = la::symbolizeAxis(axis);
    bool tmemAxis = named == la::Axis::TLane || named == la::Axis::TCol;
    if (scope == StorageScope::TMem && !tmemAxis)
      return emitError() << "tmem buffers take layouts on TLane/TCol, got "
                            "memory axis '"
                         << axis << "'";
    if (scope != StorageScope::TMem && tmemAxis)
      return emitError() << "axis '" << axis << "' is for tmem buffers, not "
                         << stringifyStorageScope(scope) << " ones";
  }
  return success();
}

Type RegionType::parse(AsmParser &p) {
  SmallVector<int64_t> extents;
  Type buffer;
  SMLoc loc = p.getCurrentLocation();
  if (p.parseLess() ||
      p.parseDimensionList(extents, /*allowDynamic=*/false,
                           /*withTrailingX=*/false) ||
      p.parseComma() || p.parseType(buffer) || p.parseGreater())
    return {};
  auto b = dyn_cast<BufferType>(buffer);
  if (!b) {
    p.emitError(loc, "expected a !tirx.buffer, got ") << buffer;
    return {};
  }
  return p.getChecked<RegionType>(loc, p.getContext(), extents, b);
}

void RegionType::print(AsmPrinter &p) const {
  p << '<';
  llvm::interleave(getExtents(), p, "x");
  p << ", " << getBuffer() << '>';
}

LogicalResult RegionType::verify(function_ref<InFlightDiagnostic()> emitError,
                                 ArrayRef<int64_t> extents, BufferType buffer) {
  if (extents.size() != buffer.getShape().size())
    return emitError() << "region has " << extents.size()
                       << " extents for a buffer of rank "
                       << buffer.getShape().size();
  for (auto [e, d] : llvm::zip(extents, buffer.getShape()))
    if (e <= 0 || e > d)
      return emitError() << "region extent " << e
                         << " must be in [1, " << d << "]";
  return success();
}

ArrayRef<int64_t> uop::tirx::getTileShape(Type type) {
  if (auto r = dyn_cast<RegionType>(type))
    return r.getExtents();
  if (auto b = dyn_cast<BufferType>(type))
    return b.getShape();
  return {};
}

Type uop::tirx::getTileElementType(Type type) {
  if (auto r = dyn_cast<RegionType>(type))
    return r.getElementType();
  if (auto b = dyn_cast<BufferType>(type))
    return b.getElementType();
  return {};
}

//===----------------------------------------------------------------------===//
// The IR-emitting form of the layout mapping
//===----------------------------------------------------------------------===//

static Value cst(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

static Value emitSwizzle(OpBuilder &b, Location loc, const la::SwizzleLayout &s,
                         Value a) {
  // x = a >> M; f(x) = x ^ ((x >> S) & mask)  (or x ^ ((x & mask) << S));
  // result = (f(x) << M) + (a mod 2^M)
  Value m = cst(b, loc, s.perElement);
  Value x = b.createOrFold<arith::ShRUIOp>(loc, a, m);
  Value mask = cst(b, loc, (int64_t(1) << s.swizzleLen) - 1);
  Value sh = cst(b, loc, s.atomLen);
  Value t = s.swizzleInner
                ? b.createOrFold<arith::AndIOp>(
                      loc, b.createOrFold<arith::ShRUIOp>(loc, x, sh), mask)
                : b.createOrFold<arith::ShLIOp>(
                      loc, b.createOrFold<arith::AndIOp>(loc, x, mask), sh);
  Value f = b.createOrFold<arith::XOrIOp>(loc, x, t);
  Value low = b.createOrFold<arith::AndIOp>(
      loc, a, cst(b, loc, (int64_t(1) << s.perElement) - 1));
  return b.createOrFold<arith::AddIOp>(
      loc, b.createOrFold<arith::ShLIOp>(loc, f, m), low);
}

FailureOr<std::map<std::string, Value>>
uop::tirx::emitLayoutApply(OpBuilder &b, Location loc,
                           LayoutAttrInterface layout, ArrayRef<int64_t> shape,
                           ValueRange coord, ArrayRef<int64_t> replica) {
  if (coord.size() != shape.size())
    return failure();
  // Row-major flat index of the coordinate.
  Value flat = cst(b, loc, 0);
  for (auto [d, c] : llvm::zip(shape, coord))
    flat = b.createOrFold<arith::AddIOp>(
        loc, b.createOrFold<arith::MulIOp>(loc, flat, cst(b, loc, d)), c);

  la::Layout a = layout.getAlgebra();
  if (!a.getTile())
    return std::map<std::string, Value>{
        {la::kMemoryAxis, emitSwizzle(b, loc, *a.getSwizzle(), flat)}};

  const la::TileLayout &tile = *a.getTile();
  std::map<std::string, Value> result;
  for (const std::string &axis : la::axes(tile))
    result[axis] = cst(b, loc, 0);
  auto at = [&](la::Axis axis) -> Value & {
    return result[la::axisName(axis)];
  };
  // Mixed radix: the first shard iter takes the most significant digit.
  int64_t divisor = 1;
  for (const la::Iter &it : llvm::reverse(tile.shard)) {
    Value digit = b.createOrFold<arith::RemUIOp>(
        loc, b.createOrFold<arith::DivUIOp>(loc, flat, cst(b, loc, divisor)),
        cst(b, loc, it.extent));
    at(it.axis) = b.createOrFold<arith::AddIOp>(
        loc, at(it.axis),
        b.createOrFold<arith::MulIOp>(loc, digit, cst(b, loc, it.stride)));
    divisor *= it.extent;
  }
  for (const la::Offset &o : tile.offset)
    at(o.axis) =
        b.createOrFold<arith::AddIOp>(loc, at(o.axis), cst(b, loc, o.value));
  if (!replica.empty() && replica.size() != tile.replica.size())
    return failure();
  for (auto [r, it] : llvm::zip(replica, tile.replica))
    if (r)
      at(it.axis) = b.createOrFold<arith::AddIOp>(loc, at(it.axis),
                                                  cst(b, loc, r * it.stride));
  if (const la::SwizzleLayout *s = a.getSwizzle())
    result[la::kMemoryAxis] = emitSwizzle(b, loc, *s, result[la::kMemoryAxis]);
  return result;
}
