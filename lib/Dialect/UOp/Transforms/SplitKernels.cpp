//===- SplitKernels.cpp - one kernel FUNCTION per BUFFERIZE ---------------===//
//
// A rangeified func.func becomes a schedule uop.function (inputs, then
// outputs, as !uop.ptr) that allocates intermediates and CALLs one kernel per
// BUFFERIZE in program order. A kernel's body is the BUFFERIZE's backward
// slice; reads of tensors become reads of its PARAM-like arguments, and the
// BUFFERIZE becomes INDEX + STORE + END + SINK. Range ids are renumbered per
// kernel (U<n> -> R<n>).
//
//===----------------------------------------------------------------------===//

#include "RangeUtils.h"
#include "uop/Dialect/UOp/Transforms/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

namespace uop {
#define GEN_PASS_DEF_UOPSPLITKERNELS
#include "uop/Dialect/UOp/Transforms/Passes.h.inc"
} // namespace uop

using namespace mlir;
using namespace uop;

/// The pointer a kernel or schedule sees a tensor as; a symbolic tensor's
/// pointer has no static size.
static PtrType ptrFor(RankedTensorType t) {
  return PtrType::get(t.getContext(), t.getElementType(), AddrSpace::Global,
                      t.hasStaticShape() ? t.getNumElements() : -1);
}

/// The element count a schedule allocates for `t`: every variable at its
/// upper bound (one allocation serves every size, as in tinygrad's JIT).
static std::optional<int64_t> allocationSize(RankedTensorType t,
                                             ArrayRef<VarAttr> vars) {
  llvm::StringMap<int64_t> upper;
  for (VarAttr v : vars)
    upper[v.getName().getValue()] = v.getMax();
  return getNumElementsAt(t, upper);
}


namespace {
struct Kernel {
  BufferizeOp bufferize;
  SmallVector<Value> sources; // tensors read: arguments or BUFFERIZE results
  std::string name;           // empty: a tensor of no elements, no kernel
};
} // namespace

/// The backward slice of `k`'s BUFFERIZE in program order, stopping at
/// arguments and other BUFFERIZEs; fills `k.sources` in order of first read.
static SmallVector<Operation *> sliceOf(Kernel &k) {
  // Backward slice, stopping at arguments and other BUFFERIZEs.
  llvm::SetVector<Operation *> slice;
  SmallVector<Value> work(k.bufferize->getOperands());
  llvm::SetVector<Value> sources;
  while (!work.empty()) {
    Value v = work.pop_back_val();
    if (isa<BlockArgument>(v) || v.getDefiningOp<BufferizeOp>()) {
      sources.insert(v);
      continue;
    }
    Operation *def = v.getDefiningOp();
    if (!slice.insert(def))
      continue;
    llvm::append_range(work, def->getOperands());
  }
  SmallVector<Operation *> ordered(slice.begin(), slice.end());
  llvm::sort(ordered, [](Operation *a, Operation *c) {
    return a->isBeforeInBlock(c);
  });
  // Sources in order of first read; the BUFFERIZE itself reads last.
  auto addSources = [&](Operation *op) {
    for (Value o : op->getOperands())
      if (sources.contains(o) && !llvm::is_contained(k.sources, o))
        k.sources.push_back(o);
  };
  for (Operation *op : ordered)
    addSources(op);
  addSources(k.bufferize);
  return ordered;
}

/// The kernel FUNCTION of `k`: its slice `ordered` cloned over pointer
/// parameters, and the BUFFERIZE as INDEX + STORE + END + SINK.
static LogicalResult emitKernel(OpBuilder &b, Location loc, Kernel &k,
                                ArrayRef<Operation *> ordered,
                                ArrayRef<VarAttr> vars) {
  MLIRContext *ctx = b.getContext();
  auto outTy = cast<RankedTensorType>(k.bufferize.getType());
  SmallVector<Type> params = {ptrFor(outTy)};
  for (Value s : k.sources)
    params.push_back(ptrFor(cast<RankedTensorType>(s.getType())));
  auto kfn = FunctionOp::create(b, loc, b.getStringAttr(k.name),
                                TypeAttr::get(b.getFunctionType(params, {})),
                                CallInfoAttr(), ArrayAttr(), ArrayAttr());
  Block *entry = new Block();
  kfn.getBody().push_back(entry);
  // Symbolic buffers are indexed row-major already (uop-rangeify); their
  // capacity is what targets that declare buffer sizes (tirx) need.
  SmallVector<RankedTensorType> argTypes = {outTy};
  for (Value s : k.sources)
    argTypes.push_back(cast<RankedTensorType>(s.getType()));
  for (auto [i, t] : llvm::enumerate(argTypes)) {
    if (t.hasStaticShape()) {
      kfn.setArgAttr(i, UOpDialect::ShapeAttrHelper::getNameStr(),
                     b.getDenseI64ArrayAttr(t.getShape()));
      continue;
    }
    std::optional<int64_t> capacity = allocationSize(t, vars);
    if (!capacity)
      return k.bufferize.emitError("uop-split-kernels: ")
             << t << " at the variables' upper bounds has more than "
             << "INT64_MAX elements";
    kfn.setArgAttr(i, UOpDialect::CapacityAttrHelper::getNameStr(),
                   b.getI64IntegerAttr(*capacity));
  }
  if (!vars.empty())
    kfn->setAttr(UOpDialect::VarsAttrHelper::getNameStr(),
                 k.bufferize->getParentOfType<func::FuncOp>()->getAttr(
                     UOpDialect::VarsAttrHelper::getNameStr()));
  for (Type t : params)
    entry->addArgument(t, loc);
  OpBuilder kb = OpBuilder::atBlockEnd(entry);
  IRMapping map;
  for (auto [s, arg] : llvm::zip(k.sources, entry->getArguments().drop_front()))
    map.map(s, arg);
  for (Operation *op : ordered)
    kb.clone(*op, map);
  Value out = entry->getArgument(0);
  SmallVector<Value> ranges;
  for (Value r : k.bufferize.getRanges())
    ranges.push_back(map.lookup(r));
  Value compute = map.lookup(k.bufferize.getCompute());
  Type elt = outTy.getElementType();
  SmallVector<Value> at(ranges);
  if (at.empty()) // a 0-d output is element 0
    at.push_back(arith::ConstantIndexOp::create(kb, loc, 0));
  if (!outTy.hasStaticShape()) {
    // Row-major over the ranges' extents (the variables for `?`).
    SmallVector<Value> extents;
    for (Value r : ranges)
      extents.push_back(r.getDefiningOp<RangeOp>().getEnd());
    at = {buildRowMajorIndex(kb, loc, ranges, extents)};
  }
  Value idx = IndexOp::create(kb, loc, elt, out, at, Value());
  Value done = StoreOp::create(kb, loc, idx, compute, ValueRange{});
  if (!ranges.empty())
    done = EndOp::create(kb, loc, VoidType::get(ctx), done, ranges);
  SinkOp::create(kb, loc, ValueRange{done},
                 KernelInfoAttr::get(ctx, kb.getStringAttr(k.name), false,
                                     ArrayRef<OptAttr>(), ArrayRef<OptAttr>()));
  // Renumber the kernel's ranges.
  int64_t next = 0;
  kfn.walk([&](RangeOp r) {
    r.setAxisIdAttr(AxisIdAttr::get(ctx, next++, /*renumbered=*/true));
  });
  return success();
}

/// Replaces `fn` by its schedule: a FUNCTION over pointers that allocates
/// the intermediates and CALLs the kernels in order.
static LogicalResult replaceBySchedule(func::FuncOp fn,
                              MutableArrayRef<Kernel> kernels,
                              StringRef device) {
  MLIRContext *ctx = fn.getContext();
  Block &body = fn.getBody().front();
  auto ret = cast<func::ReturnOp>(body.getTerminator());
  SmallVector<Type> params;
  for (Type t : fn.getArgumentTypes())
    params.push_back(ptrFor(cast<RankedTensorType>(t)));
  for (Type t : fn.getResultTypes())
    params.push_back(ptrFor(cast<RankedTensorType>(t)));
  std::string name = fn.getName().str();
  Location fnLoc = fn.getLoc();
  OpBuilder b(fn);
  auto sched = FunctionOp::create(
      b, fnLoc, b.getStringAttr(name + ".schedule.tmp"),
      TypeAttr::get(b.getFunctionType(params, {})), CallInfoAttr(),
      ArrayAttr(), ArrayAttr());
  Block *entry = new Block();
  sched.getBody().push_back(entry);
  for (Type t : params)
    entry->addArgument(t, fnLoc);
  for (auto [i, t] : llvm::enumerate(llvm::concat<const Type>(
           fn.getArgumentTypes(), fn.getResultTypes())))
    if (auto rt = cast<RankedTensorType>(t); !rt.hasStaticShape())
      if (std::optional<int64_t> capacity =
              allocationSize(rt, getShapeVars(fn)))
        sched.setArgAttr(i, UOpDialect::CapacityAttrHelper::getNameStr(),
                         b.getI64IntegerAttr(*capacity));
  OpBuilder sb = OpBuilder::atBlockEnd(entry);
  DenseMap<Value, Value> ptrOf;
  for (auto [a, p] : llvm::zip(body.getArguments(), entry->getArguments()))
    ptrOf[a] = p;
  for (auto [i, r] : llvm::enumerate(ret.getOperands()))
    ptrOf[r] = entry->getArgument(fn.getNumArguments() + i);
  // The shape variables stay on the schedule, in declaration order: the
  // entry's scalar parameters (uop-to-c); a kernel that reads one has its
  // own DEFINE_VAR of it.
  SmallVector<VarAttr> vars = getShapeVars(fn);
  if (Attribute list = fn->getAttr(UOpDialect::VarsAttrHelper::getNameStr()))
    sched->setAttr(UOpDialect::VarsAttrHelper::getNameStr(), list);
  Value dev = DeviceOp::create(sb, fnLoc, VoidType::get(ctx), device);
  int64_t unique = 0;
  SmallVector<Value> calls;
  for (Kernel &k : kernels) {
    Value result = k.bufferize.getResult();
    if (!ptrOf.count(result)) {
      auto tt = cast<RankedTensorType>(result.getType());
      std::optional<int64_t> size = allocationSize(tt, vars);
      if (!size) {
        sched.erase();
        return k.bufferize.emitError("uop-split-kernels: the buffer of ")
               << tt << " at the variables' upper bounds has more than "
               << "INT64_MAX elements";
      }
      Value u = UniqueOp::create(sb, fnLoc, VoidType::get(ctx), unique++);
      ptrOf[result] = BufferOp::create(sb, k.bufferize.getLoc(), ptrFor(tt),
                                     u, dev, *size);
    }
    if (k.name.empty())
      continue; // nothing to write; its buffer stays for its readers
    SmallVector<Value> args = {ptrOf[result]};
    for (Value s : k.sources)
      args.push_back(ptrOf.lookup(s));
    calls.push_back(CallOp::create(sb, fnLoc, VoidType::get(ctx),
                                   FlatSymbolRefAttr::get(ctx, k.name), args,
                                   CallInfoAttr()));
  }
  SinkOp::create(sb, fnLoc, calls, KernelInfoAttr());
  fn.erase();
  sched.setName(name);
  return success();
}

/// What the kernels and the schedule are built from must be ranked tensors
/// with static or symbolic (#uop.sym) shapes: the schedule passes them as
/// !uop.ptr, and a kernel reads them element by element.
static LogicalResult checkSplittable(func::FuncOp fn) {
  auto isTensor = [](Type t) {
    auto rt = dyn_cast<RankedTensorType>(t);
    return rt && hasSymbolicShape(rt);
  };
  Block &body = fn.getBody().front();
  for (BlockArgument arg : body.getArguments())
    if (!isTensor(arg.getType()))
      return emitError(arg.getLoc(), "uop-split-kernels: argument #")
             << arg.getArgNumber() << " of type " << arg.getType()
             << " is not a ranked tensor of static or symbolic shape";
  // Results are BUFFERIZEs (checked by the caller), so this covers them.
  for (auto buf : body.getOps<BufferizeOp>())
    if (!isTensor(buf.getType()))
      return buf.emitError("uop-split-kernels: a BUFFERIZE into ")
             << buf.getType()
             << " is not supported (a kernel writes a ranked tensor of "
                "static or symbolic shape)";
  // Every buffer's element count and byte size fit int64 (at the variables'
  // upper bounds): the schedule allocates them, the C sizes them in bytes.
  SmallVector<VarAttr> vars = getShapeVars(fn);
  for (auto buf : body.getOps<BufferizeOp>())
    if (failed(boundedBufferElements(cast<RankedTensorType>(buf.getType()),
                                     vars, buf.getLoc(),
                                     "uop-split-kernels: the buffer")))
      return failure();
  return checkSignatureSizes(fn, "uop-split-kernels");
}

static LogicalResult splitFunction(func::FuncOp fn, StringRef device) {
  if (failed(checkSplittable(fn)))
    return failure();
  Block &body = fn.getBody().front();
  auto ret = cast<func::ReturnOp>(body.getTerminator());
  SmallVector<Kernel> kernels;
  unsigned named = 0;
  for (auto buf : body.getOps<BufferizeOp>()) {
    // A local (or register) BUFFERIZE lives inside the kernel that reads
    // it; this pass only makes global buffers written by kernels of their own.
    if (BufferizeOptsAttr opts = buf.getOptsAttr();
        opts && opts.getAddrspace() != AddrSpace::Global)
      return buf.emitError("uop-split-kernels: a BUFFERIZE into addrspace ")
             << stringifyAddrSpace(opts.getAddrspace())
             << " is not supported (only global buffers become kernels)";
    // A tensor with no elements (a zero extent) needs no kernel: its
    // RANGE of extent 0 would fold to 0 under the ops it closes.
    auto tt = cast<RankedTensorType>(buf.getType());
    bool empty = tt.hasStaticShape() && tt.getNumElements() == 0;
    kernels.push_back(
        {buf, {}, empty ? std::string() : (fn.getName() + "_k" +
                                           Twine(named++)).str()});
  }
  if (kernels.empty())
    return fn.emitError("uop-split-kernels found no BUFFERIZE; run "
                        "uop-rangeify first");
  llvm::SmallDenseSet<Value> seenResults;
  for (Value r : ret.getOperands()) {
    if (!r.getDefiningOp<BufferizeOp>())
      return fn.emitError("uop-split-kernels: result is not a BUFFERIZE");
    if (!seenResults.insert(r).second)
      return fn.emitError("uop-split-kernels: the same value is returned "
                          "twice; return a copy");
  }

  OpBuilder b(fn);
  Location loc = fn.getLoc();
  // Kernels go before the schedule, in order.
  SmallVector<VarAttr> vars = getShapeVars(fn);
  for (Kernel &k : kernels) {
    if (k.name.empty())
      continue;
    SmallVector<Operation *> ordered = sliceOf(k);
    if (failed(emitKernel(b, loc, k, ordered, vars)))
      return failure();
  }
  return replaceBySchedule(fn, kernels, device);
}

namespace {
struct UOpSplitKernelsPass
    : public uop::impl::UOpSplitKernelsBase<UOpSplitKernelsPass> {
  using UOpSplitKernelsBase::UOpSplitKernelsBase;
  void runOnOperation() override {
    StringRef device = getDeviceForTarget(target);
    SmallVector<func::FuncOp> fns;
    for (auto fn : getOperation().getOps<func::FuncOp>()) {
      if (fn.isExternal())
        continue;
      bool tensorLevel =
          llvm::any_of(fn.getArgumentTypes(), llvm::IsaPred<RankedTensorType>) ||
          llvm::any_of(fn.getResultTypes(), llvm::IsaPred<RankedTensorType>);
      if (tensorLevel || !fn.getBody().front().getOps<BufferizeOp>().empty())
        fns.push_back(fn);
    }
    for (func::FuncOp fn : fns)
      if (failed(splitFunction(fn, device)))
        return signalPassFailure();
  }
};
} // namespace
