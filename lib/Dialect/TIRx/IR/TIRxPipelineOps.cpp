//===- TIRxPipelineOps.cpp - mbarrier pipelines and warp roles ------------===//
//
// Verifiers and assembly of TIRxPipelineOps.td: the rules PTX puts on
// mbarrier counts and setmaxnreg budgets, said at the op that breaks them.
//
//===----------------------------------------------------------------------===//

#include "uop/Dialect/TIRx/IR/TIRx.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;
using namespace uop::tirx;

/// The largest arrival count an mbarrier holds (PTX: 2^20 - 1).
static constexpr int64_t kMaxArrivals = (1 << 20) - 1;
/// The registers of one SM's register file, shared by its resident threads.
static constexpr int64_t kRegistersPerSM = 65536;

LogicalResult
PipelineType::verify(function_ref<InFlightDiagnostic()> emitError,
                     int64_t stages, int64_t producers, int64_t consumers) {
  if (stages < 1)
    return emitError() << "a pipeline has at least one stage, got " << stages;
  for (auto [name, count] : {std::pair<StringRef, int64_t>{"producers", producers},
                             {"consumers", consumers}})
    if (count < 1 || count > kMaxArrivals)
      return emitError() << name << " is an mbarrier arrival count, 1 to "
                         << kMaxArrivals << ", got " << count;
  return success();
}

/// Whether `op`'s kernel runs in thread-block clusters: a cluster -> cta
/// scope id, or the cluster shape tirx-lower-scope-ids recorded from one.
static bool inClusterKernel(Operation *op) {
  auto fn = op->getParentOfType<PrimFuncOp>();
  if (!fn)
    return false;
  auto *tirx = op->getContext()->getLoadedDialect<TIRxDialect>();
  if (tirx->getClusterDimsAttrHelper().isAttrPresent(fn))
    return true;
  WalkResult found = fn.walk([](ScopeIdDefOp def) {
    return def.getParent() == ExecScopeKind::Cluster &&
                   def.getChild() == ExecScopeKind::Cta
               ? WalkResult::interrupt()
               : WalkResult::advance();
  });
  return found.wasInterrupted();
}

/// Whether `op` sits directly in a device_entry's body, where every thread
/// of the CTA executes it.
static bool isInDeviceEntryBody(Operation *op) {
  return isa_and_nonnull<DeviceEntryOp>(op->getParentOp());
}

LogicalResult PipelineInitOp::verify() {
  PipelineType pipe = getPipe().getType();
  for (auto [name, value] : {std::pair<StringRef, Value>{"full", getFull()},
                             {"empty", getEmpty()}}) {
    auto t = cast<BufferType>(value.getType());
    if (t.getScope() != StorageScope::Shared || !t.getElementType().isInteger(64))
      return emitOpError("the ") << name << " barriers are a shared i64 buffer "
                                 << "(one mbarrier per stage), got " << t;
    if (t.getShape().size() != 1 || t.getShape()[0] != pipe.getStages())
      return emitOpError("the ") << name << " barriers are one per stage: "
                                 << "expected " << pipe.getStages()
                                 << " elements in one dimension, got " << t;
    if (t.getLayout() || !t.getStrides().empty() || t.getElemOffset() != 0)
      return emitOpError("the ") << name << " barriers are a plain ring: no "
                                 << "layout, strides or elem_offset, got " << t;
  }
  if (getFull() == getEmpty())
    return emitOpError("the full and empty barriers must be two buffers");
  if (getCluster() && !inClusterKernel(*this))
    return emitOpError("synchronises the thread-block cluster (cluster): the "
                       "kernel needs a cluster -> cta scope id");
  if (!isInDeviceEntryBody(*this))
    return emitOpError("initialises the barriers for the whole CTA and "
                       "synchronises it: place it directly in the "
                       "tirx.device_entry body");
  return success();
}

/// The step ops run on the device, where their pipeline was declared.
static LogicalResult verifyPipelineStep(Operation *op) {
  if (!op->getParentOfType<DeviceEntryOp>())
    return op->emitOpError("waits on and arrives at mbarriers on the device: "
                           "place it inside a tirx.device_entry");
  return success();
}

LogicalResult PipelineProducerAcquireOp::verify() {
  return verifyPipelineStep(*this);
}
/// The arrival forms: a remote arrive (rank) or a tcgen05 commit, with the
/// commit's multicast and CTA group.
template <typename Op>
static LogicalResult verifyPipelineArrive(Op op) {
  if (failed(verifyPipelineStep(op)))
    return failure();
  if (op.getRank() && op.getTcgen05())
    return op.emitOpError("arrives either on another CTA's barrier (rank) or "
                          "by a tcgen05 commit (tcgen05), not both");
  if ((op.getMulticast() || op.getCtaGroup()) && !op.getTcgen05())
    return op.emitOpError("multicast and cta_group are forms of the tcgen05 "
                          "commit: add tcgen05");
  std::optional<int64_t> group = op.getCtaGroup();
  if (group && *group != 1 && *group != 2)
    return op.emitOpError("cta_group is 1 (one CTA) or 2 (a CTA pair), got ")
           << *group;
  if ((op.getRank() || op.getMulticast() || (group && *group == 2)) &&
      !inClusterKernel(op))
    return op.emitOpError("arrives on other CTAs' barriers, which needs a "
                          "thread-block cluster: the kernel needs a cluster "
                          "-> cta scope id");
  return success();
}

LogicalResult PipelineProducerCommitOp::verify() {
  return verifyPipelineArrive(*this);
}
LogicalResult PipelineProducerTailOp::verify() {
  return verifyPipelineStep(*this);
}
LogicalResult PipelineConsumerWaitOp::verify() {
  return verifyPipelineStep(*this);
}
LogicalResult PipelineConsumerReleaseOp::verify() {
  return verifyPipelineArrive(*this);
}

//===----------------------------------------------------------------------===//
// tirx.warp_specialize
//===----------------------------------------------------------------------===//

int64_t WarpSpecializeOp::getRoleStart(unsigned k) {
  int64_t start = 0;
  for (int64_t w : getWarpgroups().take_front(k))
    start += w;
  return start;
}

/// The CTA's threads: from the scope ids in force, or once
/// tirx-lower-scope-ids has replaced them, the kernel's recorded block.
static std::optional<int64_t> threadsPerCta(Operation *op) {
  if (std::optional<int64_t> n = getThreadsPerCtaInForce(op))
    return n;
  auto fn = op->getParentOfType<PrimFuncOp>();
  auto *tirx = op->getContext()->getLoadedDialect<TIRxDialect>();
  if (!fn || !tirx)
    return std::nullopt;
  DenseI64ArrayAttr dims = tirx->getBlockDimsAttrHelper().getAttr(fn);
  if (!dims)
    return std::nullopt;
  int64_t n = 1;
  for (int64_t d : dims.asArrayRef())
    n *= d;
  return n;
}

LogicalResult WarpSpecializeOp::verify() {
  ArrayRef<int64_t> groups = getWarpgroups(), budgets = getMaxnreg();
  size_t roles = getRoles().size();
  if (roles == 0 || groups.size() != roles || budgets.size() != roles)
    return emitOpError("expected one warpgroup count and one maxnreg per "
                       "role, got ")
           << groups.size() << " and " << budgets.size() << " for " << roles
           << " roles";
  int64_t warpgroups = 0, registers = 0;
  for (auto [k, w, n] : llvm::enumerate(groups, budgets)) {
    if (w < 1)
      return emitOpError("role ") << k << " needs at least one warpgroup, got "
                                  << w;
    if (n < 24 || n > 256 || n % 8)
      return emitOpError("role ") << k << ": setmaxnreg takes a multiple of 8 "
                                  << "in [24, 256] registers, got " << n;
    Block &body = getRoles()[k].front();
    if (body.getNumArguments() != 1 || !body.getArgument(0).getType().isIndex())
      return emitOpError("role ") << k << " takes one index argument, the "
                                  << "warpgroup's index within the role";
    warpgroups += w;
    registers += w * 128 * n;
  }
  if (!isInDeviceEntryBody(*this))
    return emitOpError("every warpgroup of the CTA must reach it: place it "
                       "directly in the tirx.device_entry body");
  std::optional<int64_t> threads = threadsPerCta(*this);
  if (!threads)
    return emitOpError("needs the CTA's thread count: a cta -> thread, warp "
                       "or warpgroup scope id before it");
  if (*threads != warpgroups * 128)
    return emitOpError("the roles cover ")
           << warpgroups << " warpgroups (" << warpgroups * 128
           << " threads), the CTA has " << *threads << " threads";
  if (registers > kRegistersPerSM)
    return emitOpError("the roles' register budgets take ")
           << registers << " registers, more than the " << kRegistersPerSM
           << " of an SM";
  return success();
}

// tirx.warp_specialize role(%p) warpgroups 1 maxnreg 40 { ... } role(...) ...
ParseResult WarpSpecializeOp::parse(OpAsmParser &p, OperationState &state) {
  SmallVector<int64_t> groups, budgets;
  while (succeeded(p.parseOptionalKeyword("role"))) {
    OpAsmParser::Argument arg;
    int64_t w = 0, n = 0;
    if (p.parseLParen() || p.parseArgument(arg) || p.parseRParen() ||
        p.parseKeyword("warpgroups") || p.parseInteger(w) ||
        p.parseKeyword("maxnreg") || p.parseInteger(n))
      return failure();
    arg.type = p.getBuilder().getIndexType();
    Region *role = state.addRegion();
    if (p.parseRegion(*role, {arg}))
      return failure();
    if (role->empty())
      role->emplaceBlock().addArgument(arg.type, state.location);
    groups.push_back(w);
    budgets.push_back(n);
  }
  if (groups.empty())
    return p.emitError(p.getCurrentLocation(), "expected at least one role");
  Builder &b = p.getBuilder();
  state.addAttribute(getWarpgroupsAttrName(state.name),
                     b.getDenseI64ArrayAttr(groups));
  state.addAttribute(getMaxnregAttrName(state.name),
                     b.getDenseI64ArrayAttr(budgets));
  return p.parseOptionalAttrDict(state.attributes);
}

void WarpSpecializeOp::print(OpAsmPrinter &p) {
  for (auto [k, role] : llvm::enumerate(getRoles())) {
    p.printNewline();
    p << "role(";
    if (!role.empty() && role.front().getNumArguments() == 1)
      p.printRegionArgument(role.front().getArgument(0), {}, /*omitType=*/true);
    p << ") warpgroups " << getWarpgroups()[k] << " maxnreg "
      << getMaxnreg()[k] << " ";
    p.printRegion(role, /*printEntryBlockArgs=*/false);
  }
  p.printOptionalAttrDict((*this)->getAttrs(),
                          {getWarpgroupsAttrName(), getMaxnregAttrName()});
}

//===----------------------------------------------------------------------===//
// tirx.tile_schedule
//===----------------------------------------------------------------------===//

ScopeIdDefOp TileScheduleOp::getWorkerDef() {
  return getWorker().getDefiningOp<ScopeIdDefOp>();
}

SmallVector<OpFoldResult> TileScheduleOp::getMixedTiles() {
  Builder b(getContext());
  return getMixedValues(getStaticTiles(), getDynamicTiles(), b);
}

LogicalResult TileScheduleOp::verify() {
  ScopeIdDefOp def = getWorkerDef();
  // The workers are the CTAs (clusters) of a one-dimensional grid, so that
  // their number is the grid's size (tirx.scope_extent).
  if (!def || def.getParent() != ExecScopeKind::Kernel ||
      (def.getChild() != ExecScopeKind::Cta &&
       def.getChild() != ExecScopeKind::Cluster) ||
      def.getIds().size() != 1)
    return emitOpError("expects the worker to be the id of a one-dimensional "
                       "grid (a kernel -> cta or kernel -> cluster scope id "
                       "with one extent)");
  if (getStaticTiles().size() != 2)
    return emitOpError("schedules a grid of M x N tiles, got ")
           << getStaticTiles().size() << " tile counts";
  if (failed(verifyListOfOperandsOrIntegers(*this, "tile count", 2,
                                            getStaticTiles(),
                                            getDynamicTiles())))
    return failure();
  for (int64_t t : getStaticTiles())
    if (!ShapedType::isDynamic(t) && t < 1)
      return emitOpError("tile counts must be positive, got ") << t;
  if (getGroup() < 1)
    return emitOpError("groups have at least one M tile, got ") << getGroup();
  Block &body = getBody().front();
  if (body.getNumArguments() != 3 ||
      !llvm::all_of(body.getArgumentTypes(),
                    [](Type t) { return t.isIndex(); }))
    return emitOpError("body takes the M tile, the N tile and the worker's "
                       "iteration, three index arguments");
  return success();
}

// tirx.tile_schedule %cta tiles [32, %n] group 8 (%m, %n, %it) { ... }
ParseResult TileScheduleOp::parse(OpAsmParser &p, OperationState &state) {
  OpAsmParser::UnresolvedOperand worker;
  SmallVector<OpAsmParser::UnresolvedOperand> dynamic;
  DenseI64ArrayAttr tiles;
  Type index = p.getBuilder().getIndexType();
  if (p.parseOperand(worker) || p.parseKeyword("tiles") ||
      parseDynamicIndexList(p, dynamic, tiles) ||
      p.resolveOperand(worker, index, state.operands) ||
      p.resolveOperands(dynamic, index, state.operands))
    return failure();
  int64_t group = 1;
  if (succeeded(p.parseOptionalKeyword("group")) && p.parseInteger(group))
    return failure();
  SmallVector<OpAsmParser::Argument> args;
  if (p.parseArgumentList(args, OpAsmParser::Delimiter::Paren))
    return failure();
  for (OpAsmParser::Argument &a : args)
    a.type = index;
  Region *body = state.addRegion();
  if (p.parseRegion(*body, args) || p.parseOptionalAttrDict(state.attributes))
    return failure();
  if (body->empty())
    body->emplaceBlock();
  MLIRContext *ctx = p.getContext();
  state.addAttribute(getStaticTilesAttrName(state.name), tiles);
  state.addAttribute(getGroupAttrName(state.name),
                     IntegerAttr::get(IntegerType::get(ctx, 64), group));
  return success();
}

void TileScheduleOp::print(OpAsmPrinter &p) {
  p << ' ' << getWorker() << " tiles ";
  printDynamicIndexList(p, *this, getDynamicTiles(), getStaticTiles());
  if (getGroup() != 1)
    p << " group " << getGroup();
  p << " (";
  llvm::interleaveComma(getBody().getArguments(), p,
                        [&](BlockArgument a) { p.printOperand(a); });
  p << ") ";
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false);
  p.printOptionalAttrDict((*this)->getAttrs(),
                          {getStaticTilesAttrName(), getGroupAttrName()});
}
