//===- TIRxOps.cpp - verifiers and assembly of tirx ops -------------------===//

#include "uop/Dialect/TIRx/IR/TIRx.h"
#include "uop/Dialect/TIRx/IR/TIRxViews.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/FunctionImplementation.h"

using namespace mlir;
using namespace uop::tirx;

//===----------------------------------------------------------------------===//
// Enum keywords of the tile ops, printed bare (`tirx.tile.unary exp <cta>`)
//===----------------------------------------------------------------------===//

template <typename EnumT, typename AttrT>
static ParseResult parseKind(OpAsmParser &p, AttrT &attr) {
  StringRef keyword;
  SMLoc loc = p.getCurrentLocation();
  if (p.parseKeyword(&keyword))
    return failure();
  std::optional<EnumT> value = symbolizeEnum<EnumT>(keyword);
  if (!value)
    return p.emitError(loc, "unknown kind '") << keyword << "'";
  attr = AttrT::get(p.getContext(), *value);
  return success();
}

static ParseResult parseUnaryKind(OpAsmParser &p, UnaryKindAttr &attr) {
  return parseKind<UnaryKind>(p, attr);
}
static ParseResult parseBinaryKind(OpAsmParser &p, BinaryKindAttr &attr) {
  return parseKind<BinaryKind>(p, attr);
}
// uop::ReduceOpKind's add is tirx's `sum` (the seed's name); the verifier
// keeps the kinds to sum, max and min.
static ParseResult parseReduceKind(OpAsmParser &p, ReduceKindAttr &attr) {
  if (succeeded(p.parseOptionalKeyword("sum"))) {
    attr = ReduceKindAttr::get(p.getContext(), uop::ReduceOpKind::Add);
    return success();
  }
  StringRef keyword;
  SMLoc loc = p.getCurrentLocation();
  if (p.parseKeyword(&keyword))
    return failure();
  std::optional<uop::ReduceOpKind> kind = uop::symbolizeReduceOpKind(keyword);
  if (!kind)
    return p.emitError(loc, "unknown kind '") << keyword << "'";
  attr = ReduceKindAttr::get(p.getContext(), *kind);
  return success();
}
template <typename AttrT>
static void printKind(OpAsmPrinter &p, Operation *, AttrT attr) {
  p << stringifyEnum(attr.getValue());
}
static void printUnaryKind(OpAsmPrinter &p, Operation *op, UnaryKindAttr a) {
  printKind(p, op, a);
}
static void printBinaryKind(OpAsmPrinter &p, Operation *op, BinaryKindAttr a) {
  printKind(p, op, a);
}
static void printReduceKind(OpAsmPrinter &p, Operation *, ReduceKindAttr a) {
  if (a.getValue() == uop::ReduceOpKind::Add)
    p << "sum";
  else
    p << uop::stringifyReduceOpKind(a.getValue());
}

// A tile op's `config {key = value, ...}` (TileConfigAttr's entries between
// braces, the dictionary form users write).
static ParseResult parseTileConfig(OpAsmParser &p, TileConfigAttr &config) {
  return TileConfigAttr::parseEntries(p, AsmParser::Delimiter::Braces, config);
}
static void printTileConfig(OpAsmPrinter &p, Operation *,
                            TileConfigAttr config) {
  config.printEntries(p, '{', '}');
}

//===----------------------------------------------------------------------===//
// prim_func, return
//===----------------------------------------------------------------------===//

ParseResult PrimFuncOp::parse(OpAsmParser &parser, OperationState &result) {
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

void PrimFuncOp::print(OpAsmPrinter &p) {
  function_interface_impl::printFunctionOp(
      p, *this, /*isVariadic=*/false, getFunctionTypeAttrName(),
      getArgAttrsAttrName(), getResAttrsAttrName());
}

LogicalResult PrimFuncOp::verify() {
  if (getBody().empty())
    return emitOpError("needs a body");
  Block &entry = getBody().front();
  if (entry.getArgumentTypes() != getFunctionType().getInputs())
    return emitOpError("entry block arguments do not match the parameters");
  for (Type t : getFunctionType().getInputs())
    if (auto b = dyn_cast<BufferType>(t); b && b.getScope() != StorageScope::Global)
      return emitOpError("buffer parameters live in global memory, got ") << t;
  return success();
}

LogicalResult ReturnOp::verify() {
  auto fn = (*this)->getParentOfType<PrimFuncOp>();
  if (TypeRange(getOperands().getTypes()) !=
      TypeRange(fn.getFunctionType().getResults()))
    return emitOpError("operand types do not match the prim_func's results");
  return success();
}

//===----------------------------------------------------------------------===//
// Declarations
//===----------------------------------------------------------------------===//

/// Whether `fn` is host code: a prim_func without a device_entry.
static bool isHostPrimFunc(PrimFuncOp fn) {
  return fn && fn.getBody().getOps<DeviceEntryOp>().empty();
}

LogicalResult AllocBufferOp::verify() {
  if (getType().getScope() == StorageScope::SharedCluster)
    return emitOpError("another CTA's shared memory is not allocated here: "
                       "allocate a shared buffer and view its copy in that "
                       "CTA with tirx.cluster_view");
  // Global memory is allocated by host code (for the kernels it launches).
  if (getType().getScope() == StorageScope::Global &&
      !isHostPrimFunc((*this)->getParentOfType<PrimFuncOp>()))
    return emitOpError("cannot allocate global memory inside a kernel; pass "
                       "the buffer as a prim_func parameter");
  return success();
}

LogicalResult LaunchOp::verify() {
  if (!isHostPrimFunc((*this)->getParentOfType<PrimFuncOp>()))
    return emitOpError("launches kernels from host code: a prim_func without "
                       "a device_entry");
  // Buffers are global memory; scalars are passed by value (a kernel's
  // symbolic sizes, its coefficients).
  for (Value a : getArgs()) {
    Type t = a.getType();
    if (auto b = dyn_cast<BufferType>(t);
        b ? b.getScope() == StorageScope::Global
          : isa<IntegerType, IndexType, FloatType>(t))
      continue;
    return emitOpError("passes global buffers and integer, index or float "
                       "scalars, got ")
           << t;
  }
  return success();
}

LogicalResult LaunchOp::verifySymbolUses(SymbolTableCollection &symbols) {
  auto kernel = symbols.lookupNearestSymbolFrom<PrimFuncOp>(*this, getKernelAttr());
  if (!kernel)
    return emitOpError("'") << getKernel() << "' does not name a tirx.prim_func";
  if (isHostPrimFunc(kernel))
    return emitOpError("'") << getKernel()
                            << "' is host code (no tirx.device_entry)";
  ArrayRef<Type> params = kernel.getArgumentTypes();
  if (params.size() != getArgs().size())
    return emitOpError("passes ") << getArgs().size() << " arguments to '"
                                  << getKernel() << "', which takes "
                                  << params.size();
  for (auto [i, p, a] : llvm::enumerate(params, getArgs().getTypes()))
    if (p != a)
      return emitOpError("argument #")
             << i << " has type " << a << ", '" << getKernel() << "' expects "
             << p;
  return success();
}

/// A view that inherits from its source (not a raw `storage` view).
static DeclBufferOp inheritingView(Value buffer) {
  auto view = buffer.getDefiningOp<DeclBufferOp>();
  return view && !view.getStorage() ? view : DeclBufferOp();
}

Value uop::tirx::getStorageRoot(Value buffer) {
  while (DeclBufferOp view = inheritingView(buffer))
    buffer = view.getSource();
  return buffer;
}

int64_t uop::tirx::getInheritedElemOffset(Value buffer) {
  int64_t offset = 0;
  while (DeclBufferOp view = inheritingView(buffer)) {
    buffer = view.getSource();
    offset += cast<BufferType>(buffer.getType()).getElemOffset();
  }
  return offset;
}

SmallVector<int64_t> uop::tirx::getInheritedStrides(Value buffer) {
  for (;;) {
    auto type = cast<BufferType>(buffer.getType());
    if (type.getLayout() || !type.getStrides().empty())
      return SmallVector<int64_t>(type.getStrides());
    DeclBufferOp view = inheritingView(buffer);
    if (!view)
      return {};
    buffer = view.getSource();
  }
}

/// The memory spans of `buffer` (BufferType::getMemorySpans), with the
/// strides it inherits as a view.
static std::map<std::string, int64_t> getViewedSpans(Value buffer) {
  auto type = cast<BufferType>(buffer.getType());
  std::map<std::string, int64_t> spans = type.getMemorySpans();
  SmallVector<int64_t> strides = getInheritedStrides(buffer);
  if (type.getLayout() || !type.getStrides().empty() || strides.empty() ||
      strides.size() != type.getShape().size())
    return spans;
  int64_t last = type.getElemOffset();
  for (auto [d, s] : llvm::zip(type.getShape(), strides))
    last += (d - 1) * s;
  spans[layout::kMemoryAxis] = last + 1;
  return spans;
}

LogicalResult uop::tirx::verifyViewKeepsStorage(Operation *op, BufferType src,
                                                BufferType view) {
  if (src.getElementType() != view.getElementType())
    return op->emitOpError("a view keeps the dtype: ")
           << src.getElementType() << " viewed as " << view.getElementType();
  if (src.getScope() != view.getScope())
    return op->emitOpError("a view keeps the storage scope: ")
           << stringifyStorageScope(src.getScope()) << " viewed as "
           << stringifyStorageScope(view.getScope());
  return success();
}

LogicalResult DeclBufferOp::verify() {
  BufferType src = getSource().getType(), view = getType();
  if (failed(verifyViewKeepsStorage(*this, src, view)))
    return failure();
  // A view with neither layout nor strides inherits the source's strides,
  // which only mean something at the source's rank.
  SmallVector<int64_t> inherited = getInheritedStrides(getSource());
  if (!getStorage() && !view.getLayout() && view.getStrides().empty() &&
      !inherited.empty() &&
      inherited.size() != view.getShape().size())
    return emitOpError("a view of a strided buffer inherits its ")
           << inherited.size() << " strides: give the " << view.getShape().size()
           << "-d view its own strides or layout";
  // Every memory axis the view touches must fit the viewed storage. The
  // view starts where the source starts (it inherits elem_offset), so the
  // source's own offset is not room for it; a storage view starts at the
  // data pointer.
  std::map<std::string, int64_t> have = getViewedSpans(getSource()),
                                 need = getViewedSpans(getResult());
  if (!getStorage() && have.count(layout::kMemoryAxis))
    have[layout::kMemoryAxis] -= src.getElemOffset();
  for (const auto &[axis, extent] : need) {
    auto it = have.find(axis);
    int64_t available = it == have.end() ? 1 : it->second;
    if (!have.empty() && extent > available) {
      if (axis == layout::kMemoryAxis)
        return emitOpError("the view needs ")
               << extent << " elements of storage, the viewed buffer has "
               << available;
      return emitOpError("the view spans ")
             << extent << " on axis " << axis << ", the viewed buffer "
             << available;
    }
  }
  return success();
}

static int64_t scopeRank(ExecScopeKind k) { return static_cast<int64_t>(k); }

ParseResult ScopeIdDefOp::parse(OpAsmParser &parser, OperationState &result) {
  auto parseScope = [&](ExecScopeKind &kind) -> ParseResult {
    StringRef keyword;
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseKeyword(&keyword))
      return failure();
    std::optional<ExecScopeKind> k = symbolizeExecScopeKind(keyword);
    if (!k)
      return parser.emitError(loc, "unknown execution scope '") << keyword << "'";
    kind = *k;
    return success();
  };
  // `?` is a free extent (ShapedType::kDynamic); only extents may be free.
  auto parseList = [&](SmallVectorImpl<int64_t> &out, bool allowFree) {
    return parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Square, [&] {
      if (allowFree && succeeded(parser.parseOptionalQuestion())) {
        out.push_back(ShapedType::kDynamic);
        return success();
      }
      int64_t v;
      if (parser.parseInteger(v))
        return failure();
      out.push_back(v);
      return success();
    });
  };
  ExecScopeKind parent = ExecScopeKind::Thread, child = ExecScopeKind::Thread;
  SmallVector<int64_t> extents, preferred;
  if (parseScope(parent) || parser.parseArrow() || parseScope(child) ||
      parseList(extents, /*allowFree=*/true))
    return failure();
  MLIRContext *ctx = parser.getContext();
  result.addAttribute(getParentAttrName(result.name),
                      ExecScopeKindAttr::get(ctx, parent));
  result.addAttribute(getChildAttrName(result.name), ExecScopeKindAttr::get(ctx, child));
  result.addAttribute(getExtentsAttrName(result.name),
                      DenseI64ArrayAttr::get(ctx, extents));
  if (succeeded(parser.parseOptionalKeyword("preferred"))) {
    if (parseList(preferred, /*allowFree=*/false))
      return failure();
    result.addAttribute(getPreferredExtentsAttrName(result.name),
                        DenseI64ArrayAttr::get(ctx, preferred));
  }
  if (parser.parseOptionalAttrDict(result.attributes))
    return failure();
  result.addTypes(SmallVector<Type>(extents.size(), IndexType::get(ctx)));
  return success();
}

void ScopeIdDefOp::print(OpAsmPrinter &p) {
  p << ' ' << stringifyExecScopeKind(getParent()) << " -> "
    << stringifyExecScopeKind(getChild()) << " [";
  llvm::interleaveComma(getExtents(), p, [&](int64_t e) {
    if (ShapedType::isDynamic(e))
      p << '?';
    else
      p << e;
  });
  p << ']';
  if (auto pref = getPreferredExtents()) {
    p << " preferred [";
    llvm::interleaveComma(*pref, p);
    p << ']';
  }
  p.printOptionalAttrDict((*this)->getAttrs(),
                          {getParentAttrName(), getChildAttrName(),
                           getExtentsAttrName(), getPreferredExtentsAttrName()});
}

/// The product of `extents`, or nullopt when it overflows int64 or an
/// extent is free.
static std::optional<int64_t> checkedProduct(ArrayRef<int64_t> extents) {
  int64_t n = 1;
  for (int64_t e : extents)
    if (ShapedType::isDynamic(e) || llvm::MulOverflow(n, e, n))
      return std::nullopt;
  return n;
}

int64_t ScopeIdDefOp::getTotalExtent() {
  return checkedProduct(getExtents()).value_or(
      std::numeric_limits<int64_t>::max());
}

/// Threads per unit of `child` inside a CTA (0: not a part of a CTA).
static int64_t threadsPerChild(ExecScopeKind child) {
  switch (child) {
  case ExecScopeKind::Thread:
    return 1;
  case ExecScopeKind::Warp:
    return 32;
  case ExecScopeKind::Warpgroup:
    return 128;
  default:
    return 0;
  }
}

/// The threads per CTA of a cta -> `child` def over `extents`, or nullopt
/// when it overflows int64 (or `child` is no part of a CTA).
static std::optional<int64_t> ctaThreads(ExecScopeKind child,
                                         ArrayRef<int64_t> extents) {
  int64_t per = threadsPerChild(child), threads;
  std::optional<int64_t> n = checkedProduct(extents);
  if (!per || !n || llvm::MulOverflow(*n, per, threads))
    return std::nullopt;
  return threads;
}

std::optional<int64_t> ScopeIdDefOp::getThreadsPerCta() {
  if (getParent() != ExecScopeKind::Cta)
    return std::nullopt;
  return ctaThreads(getChild(), getExtents());
}

LogicalResult ScopeIdDefOp::verify() {
  if (getExtents().empty())
    return emitOpError("needs at least one extent");
  if (getIds().size() != getExtents().size())
    return emitOpError("defines ") << getIds().size() << " ids for "
                                   << getExtents().size() << " extents";
  bool grid = getParent() == ExecScopeKind::Kernel &&
              (getChild() == ExecScopeKind::Cta ||
               getChild() == ExecScopeKind::Cluster);
  bool free = false;
  for (int64_t e : getExtents()) {
    if (ShapedType::isDynamic(e)) {
      free = true;
      continue;
    }
    if (e <= 0)
      return emitOpError("extents must be positive, got ") << e;
  }
  // Only the grid is free: the threads of a CTA and the shape of a cluster
  // are compiled into the kernel (its tile implementations, .reqntid and
  // .reqnctapercluster).
  if (free && !grid)
    return emitOpError("only the grid's extents (kernel -> cta, kernel -> "
                       "cluster) may be free ('?'), not those of ")
           << stringifyExecScopeKind(getParent()) << " -> "
           << stringifyExecScopeKind(getChild());
  if (!free && !checkedProduct(getExtents()))
    return emitOpError("the product of the extents [")
           << getExtents() << "] overflows 64 bits";
  // The hardware's limits, so that lowering never narrows or wraps: 1024
  // threads per CTA; a grid (of CTAs or clusters) of x < 2^31, y, z < 65536.
  if (getParent() == ExecScopeKind::Cta && threadsPerChild(getChild())) {
    std::optional<int64_t> threads = ctaThreads(getChild(), getExtents());
    if (!threads || *threads > 1024) {
      InFlightDiagnostic d =
          emitOpError("a CTA has at most 1024 threads, the scope ids give ");
      if (threads)
        d << *threads;
      else
        d << "more than 2^63";
      return d;
    }
  }
  if (getParent() == ExecScopeKind::Kernel &&
      (getChild() == ExecScopeKind::Cta ||
       getChild() == ExecScopeKind::Cluster)) {
    ArrayRef<int64_t> ext = getExtents();
    if (ext.size() > 3)
      return emitOpError("a grid has at most 3 dimensions, got ")
             << ext.size();
    for (auto [d, e] : llvm::enumerate(ext))
      if (!ShapedType::isDynamic(e) &&
          e > (d == 0 ? std::numeric_limits<int32_t>::max() : 65535))
        return emitOpError("grid dimension ")
               << "xyz"[d] << " is at most "
               << (d == 0 ? "2^31 - 1" : "65535") << ", got " << e;
  }
  if (auto pref = getPreferredExtents()) {
    if (pref->size() != getExtents().size())
      return emitOpError("has ") << pref->size() << " preferred extents for "
                                 << getExtents().size() << " extents";
    for (int64_t e : *pref)
      if (e <= 0)
        return emitOpError("preferred extents must be positive, got ") << e;
    // A preferred extent of a free grid dimension is what it launches with.
    for (auto [d, e] : llvm::enumerate(*pref))
      if (ShapedType::isDynamic(getExtents()[d]) &&
          e > (d == 0 ? std::numeric_limits<int32_t>::max() : 65535))
        return emitOpError("preferred grid dimension ")
               << "xyz"[d] << " is at most "
               << (d == 0 ? "2^31 - 1" : "65535") << ", got " << e;
  } else if (free) {
    return emitOpError("a free extent ('?') needs a preferred extent to "
                       "launch with");
  }
  if (scopeRank(getParent()) <= scopeRank(getChild()))
    return emitOpError("scope pair ")
           << stringifyExecScopeKind(getParent()) << " -> "
           << stringifyExecScopeKind(getChild())
           << " must go from an outer scope to an inner one";
  if (getChild() == ExecScopeKind::Kernel)
    return emitOpError("kernel is only an outer scope");
  // Fixed hardware group sizes.
  auto fixed = [&](ExecScopeKind parent, ExecScopeKind child) -> int64_t {
    if (parent == ExecScopeKind::Warp && child == ExecScopeKind::Thread)
      return 32;
    if (parent == ExecScopeKind::Warpgroup && child == ExecScopeKind::Thread)
      return 128;
    if (parent == ExecScopeKind::Warpgroup && child == ExecScopeKind::Warp)
      return 4;
    return 0;
  };
  if (int64_t n = fixed(getParent(), getChild()); n && getTotalExtent() != n)
    return emitOpError("a ")
           << stringifyExecScopeKind(getParent()) << " has exactly " << n
           << " " << stringifyExecScopeKind(getChild()) << "s, extents give "
           << getTotalExtent();
  return success();
}

namespace {
/// The launch the scope_id_defs of a kernel describe, and the first def
/// that gave each part of it.
struct LaunchShape {
  std::optional<int64_t> threads;
  SmallVector<int64_t> grid, clusterGrid, cluster;
  ScopeIdDefOp threadsDef, gridDef, clusterGridDef, clusterDef;
};
} // namespace

/// The extents a def launches with: a free one is its preferred extent.
static SmallVector<int64_t> launchExtents(ScopeIdDefOp def) {
  SmallVector<int64_t> ext(def.getExtents());
  for (auto [d, e] : llvm::enumerate(ext))
    if (ShapedType::isDynamic(e))
      e = (*def.getPreferredExtents())[d];
  return ext;
}

/// Adds `def` to `shape`; fails when it disagrees with the defs before it.
static LogicalResult addToLaunch(ScopeIdDefOp def, LaunchShape &shape) {
  using K = ExecScopeKind;
  if (std::optional<int64_t> threads = def.getThreadsPerCta()) {
    if (shape.threads && *shape.threads != *threads) {
      InFlightDiagnostic d =
          def.emitOpError("scope ids disagree on the threads per CTA: ")
          << *shape.threads << " vs " << *threads;
      d.attachNote(shape.threadsDef.getLoc()) << "the first one";
      return d;
    }
    if (!shape.threads) {
      shape.threads = threads;
      shape.threadsDef = def;
    }
  }
  auto agree = [&](SmallVector<int64_t> &seen, ScopeIdDefOp &first,
                   StringRef what) -> LogicalResult {
    SmallVector<int64_t> ext = launchExtents(def);
    if (first && seen != ext) {
      InFlightDiagnostic d = def.emitOpError("scope ids disagree on ")
                             << what << ": [" << ArrayRef<int64_t>(seen)
                             << "] vs [" << ArrayRef<int64_t>(ext) << "]";
      d.attachNote(first.getLoc()) << "the first one";
      return d;
    }
    if (!first) {
      seen = ext;
      first = def;
    }
    return success();
  };
  if (def.getParent() == K::Kernel && def.getChild() == K::Cta)
    return agree(shape.grid, shape.gridDef, "the grid");
  if (def.getParent() == K::Kernel && def.getChild() == K::Cluster)
    return agree(shape.clusterGrid, shape.clusterGridDef,
                 "the clusters of the grid");
  if (def.getParent() == K::Cluster && def.getChild() == K::Cta)
    return agree(shape.cluster, shape.clusterDef, "the cluster shape");
  return success();
}

LogicalResult DeviceEntryOp::verifyRegions() {
  LaunchShape shape;
  WalkResult walk = getBody().walk([&](ScopeIdDefOp def) {
    return failed(addToLaunch(def, shape)) ? WalkResult::interrupt()
                                           : WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  // A grid of clusters is, in CTAs, the clusters times the cluster shape.
  if (!shape.gridDef || !shape.clusterGridDef || !shape.clusterDef)
    return success();
  SmallVector<int64_t> ctas(
      std::max(shape.cluster.size(), shape.clusterGrid.size()), 1);
  for (size_t i = 0; i < ctas.size(); ++i)
    ctas[i] = (i < shape.clusterGrid.size() ? shape.clusterGrid[i] : 1) *
              (i < shape.cluster.size() ? shape.cluster[i] : 1);
  if (shape.grid == ctas)
    return success();
  InFlightDiagnostic d = shape.gridDef.emitOpError("the kernel -> cta grid [")
                         << ArrayRef<int64_t>(shape.grid)
                         << "] is not the clusters times the cluster shape ["
                         << ArrayRef<int64_t>(ctas) << "]";
  d.attachNote(shape.clusterGridDef.getLoc()) << "the grid of clusters";
  d.attachNote(shape.clusterDef.getLoc()) << "the cluster shape";
  return d;
}

ScopeIdDefOp ScopeExtentOp::getDef() {
  return getId().getDefiningOp<ScopeIdDefOp>();
}

unsigned ScopeExtentOp::getDimension() {
  return cast<OpResult>(getId()).getResultNumber();
}

LogicalResult ScopeExtentOp::verify() {
  if (!getDef())
    return emitOpError("expects a scope id, a result of tirx.scope_id_def");
  return success();
}

OpFoldResult ScopeExtentOp::fold(FoldAdaptor) {
  ScopeIdDefOp def = getDef();
  if (!def)
    return {};
  int64_t e = def.getExtents()[getDimension()];
  if (ShapedType::isDynamic(e))
    return {};
  return IntegerAttr::get(IndexType::get(getContext()), e);
}

//===----------------------------------------------------------------------===//
// Buffer access
//===----------------------------------------------------------------------===//

static LogicalResult verifyAccess(Operation *op, BufferType buffer,
                                  ValueRange indices) {
  if (indices.size() != buffer.getShape().size())
    return op->emitOpError("expected ")
           << buffer.getShape().size() << " indices, got " << indices.size();
  for (auto [i, idx, dim] : llvm::enumerate(indices, buffer.getShape())) {
    APInt v;
    if (matchPattern(idx, m_ConstantInt(&v)) &&
        (v.getSExtValue() < 0 || v.getSExtValue() >= dim))
      return op->emitOpError("index ") << v.getSExtValue() << " of dimension "
                                       << i << " is outside [0, " << dim << ")";
  }
  return success();
}

LogicalResult BufferLoadOp::verify() {
  return verifyAccess(*this, getBuffer().getType(), getIndices());
}
LogicalResult BufferStoreOp::verify() {
  return verifyAccess(*this, getBuffer().getType(), getIndices());
}

static LogicalResult verifyVectorAccess(Operation *op, BufferType buffer,
                                        ValueRange indices, VectorType vec) {
  if (vec.getElementType() != buffer.getElementType())
    return op->emitOpError("vector elements must have the buffer's dtype ")
           << buffer.getElementType() << ", got " << vec.getElementType();
  if (failed(verifyAccess(op, buffer, indices)))
    return failure();
  int64_t last = buffer.getShape().back(), width = vec.getNumElements();
  if (last % width)
    return op->emitOpError("a vector of ")
           << width << " does not divide the last dimension " << last;
  APInt v;
  if (matchPattern(indices.back(), m_ConstantInt(&v)) &&
      v.getSExtValue() % width)
    return op->emitOpError("the last index ")
           << v.getSExtValue() << " is not a multiple of the width " << width;
  return success();
}

LogicalResult AddressOfOp::verify() {
  return verifyAccess(*this, getBuffer().getType(), getIndices());
}

LogicalResult TensorMapOp::verify() {
  BufferType t = getBuffer().getType();
  if (t.getScope() != StorageScope::Global)
    return emitOpError("tensor maps describe global buffers, got ")
           << stringifyStorageScope(t.getScope());
  if (!isa<BlockArgument>(getBuffer()) ||
      !isa<PrimFuncOp>(getBuffer().getParentBlock()->getParentOp()))
    return emitOpError("the buffer must be a prim_func parameter (the host "
                       "encodes the map from it)");
  if (getBox().size() != t.getShape().size() || getBox().size() > 5)
    return emitOpError("needs one box extent per dimension (at most 5)");
  for (auto [b, d] : llvm::zip(getBox(), t.getShape()))
    if (b <= 0 || b > 256 || b > d)
      return emitOpError("box extents must be in [1, min(256, dim)], got ") << b;
  int64_t innerBytes =
      getBox().back() * t.getElementType().getIntOrFloatBitWidth() / 8;
  if (innerBytes % 16)
    return emitOpError("the innermost box extent must span a multiple of 16 "
                       "bytes, got ")
           << innerBytes;
  int64_t swizzle = getSwizzle();
  if (swizzle != 0 && swizzle != 32 && swizzle != 64 && swizzle != 128)
    return emitOpError("swizzle must be 0, 32, 64 or 128 bytes, got ") << swizzle;
  if (swizzle && innerBytes > swizzle)
    return emitOpError("with a ") << swizzle << "-byte swizzle the innermost "
                                  << "box extent spans at most " << swizzle
                                  << " bytes, got " << innerBytes;
  return success();
}

LogicalResult VectorLoadOp::verify() {
  return verifyVectorAccess(*this, getBuffer().getType(), getIndices(),
                            getType());
}
LogicalResult VectorStoreOp::verify() {
  return verifyVectorAccess(*this, getBuffer().getType(), getIndices(),
                            getValue().getType());
}

ParseResult RegionOp::parse(OpAsmParser &parser, OperationState &result) {
  OpAsmParser::UnresolvedOperand buffer;
  SmallVector<OpAsmParser::UnresolvedOperand> mins;
  SmallVector<int64_t> extents;
  Type type;
  if (parser.parseOperand(buffer) ||
      parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Square, [&] {
        int64_t e;
        if (parser.parseOperand(mins.emplace_back()) || parser.parseColon() ||
            parser.parseInteger(e))
          return failure();
        extents.push_back(e);
        return success();
      }) ||
      parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonType(type))
    return failure();
  auto bufferType = dyn_cast<BufferType>(type);
  if (!bufferType)
    return parser.emitError(parser.getNameLoc(), "expected a !tirx.buffer");
  MLIRContext *ctx = parser.getContext();
  result.addAttribute(getExtentsAttrName(result.name),
                      DenseI64ArrayAttr::get(ctx, extents));
  if (extents.size() != bufferType.getShape().size())
    return parser.emitError(parser.getNameLoc(), "expected ")
           << bufferType.getShape().size() << " (min : extent) pairs, got "
           << extents.size();
  for (auto [e, d] : llvm::zip(extents, bufferType.getShape()))
    if (e <= 0 || e > d)
      return parser.emitError(parser.getNameLoc(), "region extent ")
             << e << " must be in [1, " << d << "]";
  result.addTypes(RegionType::get(ctx, extents, bufferType));
  if (parser.resolveOperand(buffer, bufferType, result.operands) ||
      parser.resolveOperands(mins, IndexType::get(ctx), result.operands))
    return failure();
  return success();
}

void RegionOp::print(OpAsmPrinter &p) {
  p << ' ' << getBuffer() << '[';
  llvm::interleaveComma(llvm::zip(getMins(), getExtents()), p, [&](auto pair) {
    p << std::get<0>(pair) << " : " << std::get<1>(pair);
  });
  p << ']';
  p.printOptionalAttrDict((*this)->getAttrs(), {getExtentsAttrName()});
  p << " : " << getBuffer().getType();
}

LogicalResult RegionOp::verify() {
  BufferType buffer = getBuffer().getType();
  ArrayRef<int64_t> shape = buffer.getShape();
  if (getMins().size() != shape.size() || getExtents().size() != shape.size())
    return emitOpError("expected one (min : extent) per dimension of ")
           << buffer;
  if (getType().getExtents() != getExtents() || getType().getBuffer() != buffer)
    return emitOpError("result type must be the region of its buffer");
  for (auto [d, min, extent] : llvm::enumerate(getMins(), getExtents())) {
    APInt v;
    if (matchPattern(min, m_ConstantInt(&v)) &&
        (v.getSExtValue() < 0 || v.getSExtValue() + extent > shape[d]))
      return emitOpError("region [")
             << v.getSExtValue() << ", " << v.getSExtValue() + extent
             << ") of dimension " << d << " is outside [0, " << shape[d]
             << ")";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// Tile primitives
//===----------------------------------------------------------------------===//

namespace {
/// What the scope_id_defs in force say about the thread organisation.
struct ScopeIdsInForce {
  std::optional<int64_t> threadsPerCta;
  bool hasCluster = false;
  /// The extents of the nearest kernel -> cta and cluster -> cta defs.
  std::optional<SmallVector<int64_t>> grid, cluster;
  /// Those defs.
  ScopeIdDefOp gridDef, clusterDef;
};
} // namespace

/// Collects the scope_id_defs that precede `op` in its enclosing blocks, up to
/// the device_entry (declarations are visible to the following statements).
static ScopeIdsInForce collectScopeIds(Operation *op) {
  ScopeIdsInForce ids;
  for (Operation *cur = op; cur && !isa<PrimFuncOp>(cur);
       cur = cur->getParentOp()) {
    for (Operation *prev = cur->getPrevNode(); prev; prev = prev->getPrevNode()) {
      auto def = dyn_cast<ScopeIdDefOp>(prev);
      if (!def)
        continue;
      if (def.getParent() == ExecScopeKind::Cluster ||
          def.getChild() == ExecScopeKind::Cluster)
        ids.hasCluster = true;
      if (!ids.threadsPerCta)
        ids.threadsPerCta = def.getThreadsPerCta();
      if (def.getChild() == ExecScopeKind::Cta) {
        ArrayRef<int64_t> ext = def.getExtents();
        if (def.getParent() == ExecScopeKind::Kernel && !ids.grid) {
          ids.grid.emplace(ext.begin(), ext.end());
          ids.gridDef = def;
        }
        if (def.getParent() == ExecScopeKind::Cluster && !ids.cluster) {
          ids.cluster.emplace(ext.begin(), ext.end());
          ids.clusterDef = def;
        }
      }
    }
  }
  return ids;
}

std::optional<int64_t> uop::tirx::getThreadsPerCtaInForce(Operation *op) {
  return collectScopeIds(op).threadsPerCta;
}

std::optional<SmallVector<int64_t>>
uop::tirx::getCtaExtentsInForce(Operation *op, ExecScopeKind parent) {
  ScopeIdsInForce ids = collectScopeIds(op);
  return parent == ExecScopeKind::Kernel ? ids.grid : ids.cluster;
}

ScopeIdDefOp uop::tirx::getCtaScopeIdInForce(Operation *op,
                                             ExecScopeKind parent) {
  ScopeIdsInForce ids = collectScopeIds(op);
  return parent == ExecScopeKind::Kernel ? ids.gridDef : ids.clusterDef;
}

LogicalResult uop::tirx::verifyTilePrimitiveScope(Operation *o) {
  auto op = cast<TilePrimitiveOpInterface>(o);
  if (!o->getParentOfType<DeviceEntryOp>())
    return o->emitOpError("tile primitives run on the device; place it inside "
                          "a tirx.device_entry");
  // The values' ranges are TileConfigAttr's verifier's; which op a key
  // applies to is the op's. commit: whether a cp.async copy closes its own
  // commit group; false lets several copies (a pipeline stage's A and B
  // tiles) share one group, committed by nvvm.cp.async.commit.group.
  if (TileConfigAttr config = op.getTileConfig())
    if (config.getCommit() && !isa<CopyAsyncOp>(o))
      return o->emitOpError("config commit applies to "
                            "tirx.tile.copy_async (cp.async commit groups)");
  ExecScopeKind scope = op.getScopeKind();
  ScopeIdsInForce ids = collectScopeIds(o);
  auto needThreads = [&](int64_t multiple, StringRef what) -> LogicalResult {
    if (!ids.threadsPerCta)
      return o->emitOpError("a ")
             << what << "-scope tile primitive needs the CTA's threads from a "
             << "scope_id_def in force (e.g. cta -> thread)";
    if (*ids.threadsPerCta % multiple)
      return o->emitOpError("a ")
             << what << "-scope tile primitive needs a multiple of "
             << multiple << " threads per CTA, the scope ids give "
             << *ids.threadsPerCta;
    return success();
  };
  switch (scope) {
  case ExecScopeKind::Thread:
    return success();
  case ExecScopeKind::Warp:
    return needThreads(32, "warp");
  case ExecScopeKind::Warpgroup:
    return needThreads(128, "warpgroup");
  case ExecScopeKind::Cta:
    return needThreads(1, "cta");
  case ExecScopeKind::Cluster:
    if (!ids.hasCluster)
      return o->emitOpError("a cluster-scope tile primitive needs a cluster "
                            "scope_id_def in force (e.g. kernel -> cluster)");
    return success();
  case ExecScopeKind::Kernel:
    // Every thread of the grid: the grid's CTAs and their threads.
    if (!ids.grid)
      return o->emitOpError("a kernel-scope tile primitive needs the grid "
                            "from a kernel -> cta scope_id_def in force");
    return needThreads(1, "kernel");
  }
  return success();
}

static int64_t numElements(ArrayRef<int64_t> shape) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  return n;
}

/// dst and src of an elementwise tile op: same shape; same dtype unless
/// `allowCast`.
static LogicalResult verifySameTile(Operation *op, Value dst, Value src,
                                    bool allowCast) {
  ArrayRef<int64_t> a = getTileShape(dst.getType()),
                    b = getTileShape(src.getType());
  if (a != b && numElements(a) != numElements(b))
    return op->emitOpError("dst and src tiles differ in shape: ")
           << dst.getType() << " vs " << src.getType();
  if (!allowCast &&
      getTileElementType(dst.getType()) != getTileElementType(src.getType()))
    return op->emitOpError("dst and src tiles differ in dtype: ")
           << getTileElementType(dst.getType()) << " vs "
           << getTileElementType(src.getType());
  return success();
}

LogicalResult CopyOp::verify() {
  return verifySameTile(*this, getDst(), getSrc(), /*allowCast=*/false);
}

LogicalResult CopyAsyncOp::verify() {
  // The completion barrier is an mbarrier: a 64-bit word in shared memory,
  // as a buffer or as a shared-memory pointer (address space 3).
  if (Value barrier = getBarrier()) {
    Type t = barrier.getType();
    if (auto ptr = dyn_cast<LLVM::LLVMPointerType>(t); ptr && ptr.getAddressSpace() == 3)
      return verifySameTile(*this, getDst(), getSrc(), /*allowCast=*/false);
    Type elem = getTileElementType(t);
    auto buffer = dyn_cast<BufferType>(t);
    if (auto region = dyn_cast<RegionType>(t))
      buffer = region.getBuffer();
    if (!buffer || buffer.getScope() != StorageScope::Shared || !elem ||
        !elem.isInteger(64))
      return emitOpError("barrier must be an mbarrier (a shared i64 "
                         "buffer or an !llvm.ptr<3>), got ")
             << t;
  }
  return verifySameTile(*this, getDst(), getSrc(), /*allowCast=*/false);
}

LogicalResult CastOp::verify() {
  return verifySameTile(*this, getDst(), getSrc(), /*allowCast=*/true);
}

LogicalResult UnaryOp::verify() {
  return verifySameTile(*this, getDst(), getSrc(), /*allowCast=*/false);
}

bool uop::tirx::isPointRegion(Type type) {
  auto region = dyn_cast<RegionType>(type);
  return region && llvm::all_of(region.getExtents(),
                                [](int64_t e) { return e == 1; });
}

/// The dtype a scalar operand supplies: its own type, or the element type of
/// a one-element region (loaded when the op runs).
static Type scalarOperandType(Value v) {
  return isPointRegion(v.getType()) ? getTileElementType(v.getType())
                                    : v.getType();
}

LogicalResult BinaryOp::verify() {
  if (failed(verifySameTile(*this, getDst(), getLhs(), /*allowCast=*/false)))
    return failure();
  Type rhs = scalarOperandType(getRhs());
  if (isa<BufferType, RegionType>(rhs))
    return verifySameTile(*this, getDst(), getRhs(), /*allowCast=*/false);
  if (rhs != getTileElementType(getDst().getType()))
    return emitOpError("a scalar rhs must have the tile's dtype ")
           << getTileElementType(getDst().getType()) << ", got " << rhs;
  return success();
}

LogicalResult FillOp::verify() {
  Type value = scalarOperandType(getValue());
  if (value == getTileElementType(getDst().getType()))
    return success();
  if (isa<RegionType>(getValue().getType()))
    return emitOpError("a region fill value must be one element of the "
                       "tile's dtype ")
           << getTileElementType(getDst().getType()) << ", got "
           << getValue().getType();
  if (value != getTileElementType(getDst().getType()))
    return emitOpError("fill value must have the tile's dtype ")
           << getTileElementType(getDst().getType()) << ", got "
           << getValue().getType();
  return success();
}

LogicalResult ReduceOp::verify() {
  uop::ReduceOpKind kind = getKind();
  if (kind != uop::ReduceOpKind::Add && kind != uop::ReduceOpKind::Max &&
      kind != uop::ReduceOpKind::Min)
    return emitOpError("a tile reduction is sum, max or min, got ")
           << uop::stringifyReduceOpKind(kind);
  ArrayRef<int64_t> src = getTileShape(getSrc().getType());
  ArrayRef<int64_t> dst = getTileShape(getDst().getType());
  SmallVector<bool> reduced(src.size(), false);
  for (int64_t a : getAxes()) {
    if (a < 0 || a >= static_cast<int64_t>(src.size()) || reduced[a])
      return emitOpError("reduce axes must be distinct dimensions of the "
                         "source, got ")
             << a;
    reduced[a] = true;
  }
  SmallVector<int64_t> dropped, kept;
  for (auto [d, size] : llvm::enumerate(src)) {
    kept.push_back(reduced[d] ? 1 : size);
    if (!reduced[d])
      dropped.push_back(size);
  }
  if (dst != ArrayRef<int64_t>(dropped) && dst != ArrayRef<int64_t>(kept))
    return emitOpError("dst shape must be the source shape without the "
                       "reduced axes (or with them as 1)");
  if (getTileElementType(getDst().getType()) !=
      getTileElementType(getSrc().getType()))
    return emitOpError("dst and src tiles differ in dtype");
  return success();
}

/// C = op(A) * op(B): agree on M, N, K and on dtypes.
template <typename GemmT>
static LogicalResult verifyGemm(GemmT op) {
  auto shape2d = [&](Value v, StringRef name,
                     SmallVectorImpl<int64_t> &out) -> LogicalResult {
    // Leading unit dimensions do not change a matrix.
    ArrayRef<int64_t> s = getTileShape(v.getType());
    while (s.size() > 2 && s.front() == 1)
      s = s.drop_front();
    if (s.size() != 2)
      return op.emitOpError("operand ")
             << name << " must be a 2-D tile, got " << v.getType();
    out.assign(s.begin(), s.end());
    return success();
  };
  SmallVector<int64_t> c, a, b;
  if (failed(shape2d(op.getC(), "C", c)) || failed(shape2d(op.getA(), "A", a)) ||
      failed(shape2d(op.getB(), "B", b)))
    return failure();
  int64_t m = c[0], n = c[1];
  int64_t am = op.getTranspose_A() ? a[1] : a[0];
  int64_t ak = op.getTranspose_A() ? a[0] : a[1];
  int64_t bk = op.getTranspose_B() ? b[1] : b[0];
  int64_t bn = op.getTranspose_B() ? b[0] : b[1];
  if (am != m)
    return op.emitOpError("A has M = ") << am << ", C has M = " << m;
  // A CTA pair's gemm_async (config cta_group 2) gives each CTA its 128
  // rows of C and A but only its half of B's N: B is N/2 wide there.
  int64_t pairs = 1;
  if (TileConfigAttr config = op.getConfigAttr())
    if (config.getCtaGroup() == 2 && isa<GemmAsyncOp>(op.getOperation()))
      pairs = 2;
  if (bn * pairs != n)
    return op.emitOpError("B has N = ")
           << bn << ", C has N = " << n
           << (pairs == 2 ? " (with cta_group 2, B is this CTA's half: N/2)"
                          : "");
  if (ak != bk)
    return op.emitOpError("A has K = ") << ak << ", B has K = " << bk;
  Type ta = getTileElementType(op.getA().getType());
  Type tb = getTileElementType(op.getB().getType());
  Type tc = getTileElementType(op.getC().getType());
  if (ta != tb)
    return op.emitOpError("A and B dtypes differ: ") << ta << " vs " << tb;
  bool ok = false;
  if (ta.isF16() || ta.isBF16())
    ok = tc.isF32() || tc.isF16();
  else if (ta.isF32() || isa<Float8E4M3FNType, Float8E5M2Type>(ta))
    ok = tc.isF32() || tc.isF16();
  else if (ta.isInteger(8))
    ok = tc.isInteger(32);
  if (!ok)
    return op.emitOpError("no accumulator dtype ")
           << tc << " for " << ta << " inputs";
  return success();
}

LogicalResult GemmOp::verify() { return verifyGemm(*this); }
LogicalResult GemmAsyncOp::verify() { return verifyGemm(*this); }

#define GET_OP_CLASSES
#include "uop/Dialect/TIRx/IR/TIRxOps.cpp.inc"
