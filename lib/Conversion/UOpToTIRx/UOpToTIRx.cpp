//===- UOpToTIRx.cpp - kernel-level uop to thread-level tirx --------------===//
//
// A kernel after uop-gpudims is a loop tree (KernelSchedule.h) whose outer
// dimensions are SPECIALs. It becomes a prim_func whose device_entry defines
// the block and thread ids as scope ids and nests scf.for loops for the
// remaining RANGEs. Memory goes through tirx buffers: parameters are global
// buffers, DEFINE_REG a local one, DEFINE_LOCAL a shared one (BARRIER a
// gpu.barrier). A REDUCE across threadIdx.x (GROUP) is a
// CTA-wide tirx.tile.reduce over the threads' partials in shared memory.
// The loop nest is a walker (the schedule places every op); those memory,
// barrier and REDUCE ops lower by the exported conversion patterns
// (uop/Conversion/UOpToTIRx/Patterns.h), applied to each as it is placed.
//
//===----------------------------------------------------------------------===//

#include "PrimFunc.h"
#include "uop/Conversion/UOpToTIRx/Patterns.h"
#include "uop/Conversion/UOpToTIRx/UOpToTIRx.h"
#include "uop/Conversion/UOpToTIRx/WMMA.h"
#include "uop/Dialect/TIRx/IR/TIRxTarget.h"
#include "uop/Dialect/UOp/IR/ALUTable.h"
#include "uop/Dialect/UOp/IR/UOp.h"
#include "uop/Dialect/UOp/Transforms/Passes.h"
#include "uop/Dialect/UOp/Utils/KernelSchedule.h"
#include "uop/Dialect/UOp/Utils/MatmulMatch.h"
#include "uop/Support/GPUChip.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"

namespace uop {
#define GEN_PASS_DEF_CONVERTUOPTOTIRX
#include "uop/Conversion/Passes.h.inc"
} // namespace uop

using namespace mlir;
using namespace uop;
using namespace uop::tirx;
using uop::detail::bufferFor;
using uop::detail::createPrimFuncFor;

BufferType uop::detail::bufferFor(PtrType p, StorageScope scope) {
  return BufferType::get(p.getContext(), {p.getSize()}, p.getElementType(),
                         scope, Attribute(), {}, 0, -1);
}

FailureOr<PrimFuncOp>
uop::detail::createPrimFuncFor(FunctionOp fn, OpBuilder &mb, IRMapping &map, StringRef what,
                  ArrayRef<StringRef> vars,
                  llvm::StringMap<Value> &varParams) {
  SmallVector<Type> params;
  for (auto [i, t] : llvm::enumerate(fn.getArgumentTypes())) {
    auto p = dyn_cast<PtrType>(t);
    // A symbolic buffer is declared at its capacity (uop-split-kernels).
    if (p && !p.hasSize())
      if (auto capacity = fn.getArgAttrOfType<IntegerAttr>(
              i, UOpDialect::CapacityAttrHelper::getNameStr()))
        p = PtrType::get(p.getContext(), p.getElementType(), p.getAddrSpace(),
                         capacity.getInt());
    if (!p || !p.hasSize())
      return fn.emitError("convert-uop-to-tirx: ")
             << what << " parameters must be sized !uop.ptr (or carry "
             << "uop.capacity), got " << t;
    // Local and register memory belong to one kernel (DEFINE_LOCAL,
    // DEFINE_REG); nothing passes them in.
    if (p.getAddrSpace() != AddrSpace::Global)
      return fn.emitError("convert-uop-to-tirx: ")
             << what << " parameters must be global buffers, got " << t;
    params.push_back(bufferFor(p, StorageScope::Global));
  }
  // Shape variables follow the buffers as index scalars.
  params.append(vars.size(), mb.getIndexType());
  auto prim = PrimFuncOp::create(mb, fn.getLoc(), fn.getSymNameAttr(),
                                 TypeAttr::get(mb.getFunctionType(params, {})),
                                 ArrayAttr(), ArrayAttr());
  Block *entry = new Block();
  prim.getBody().push_back(entry);
  for (auto [a, t] : llvm::zip(fn.getArguments(), params))
    map.map(a, entry->addArgument(t, a.getLoc()));
  for (StringRef v : vars)
    varParams[v] = entry->addArgument(mb.getIndexType(), fn.getLoc());
  return prim;
}

/// The shape variables a kernel reads (its DEFINE_VARs by name, in order of
/// first appearance): its scalar parameters after the buffers.
static SmallVector<StringRef> kernelVarNames(FunctionOp kernel) {
  SmallVector<StringRef> vars;
  kernel.walk([&](DefineVarOp v) {
    if (!llvm::is_contained(vars, v.getName()))
      vars.push_back(v.getName());
  });
  return vars;
}

/// An integer (or splat vector) constant of type `t`.
static Value intConstant(OpBuilder &b, Location loc, Type t, int64_t v) {
  Type e = getElementTypeOrSelf(t);
  unsigned w = e.isIndex() ? 64 : e.getIntOrFloatBitWidth();
  APInt bits(w, (uint64_t)v, /*isSigned=*/true, /*implicitTrunc=*/true);
  if (auto vt = dyn_cast<VectorType>(t))
    return arith::ConstantOp::create(b, loc, DenseElementsAttr::get(vt, bits));
  return arith::ConstantOp::create(b, loc, IntegerAttr::get(t, bits));
}

/// A float (or splat vector) constant of type `t`, rounded to it.
static Value floatConstant(OpBuilder &b, Location loc, Type t, double v) {
  auto e = cast<FloatType>(getElementTypeOrSelf(t));
  APFloat f(v);
  bool lost;
  f.convert(e.getFloatSemantics(), APFloat::rmNearestTiesToEven, &lost);
  if (auto vt = dyn_cast<VectorType>(t))
    return arith::ConstantOp::create(b, loc, DenseElementsAttr::get(vt, f));
  return arith::ConstantOp::create(b, loc, FloatAttr::get(e, f));
}

/// The bits of an integer (or index) element type.
static unsigned intWidth(Type t) {
  Type e = getElementTypeOrSelf(t);
  return e.isIndex() ? 64 : e.getIntOrFloatBitWidth();
}

namespace {
/// Integer division, remainder, shifts and float-to-int casts with the
/// results uop defines where arith has poison (docs/uop-dialect.md, "Edge
/// cases"; the interpreter and the C agree): x / 0 and x % 0 are 0 and
/// min / -1 wraps (the divisor becomes 1, so div.s32 never sees 0); a shift
/// by the width or more gives 0 (shli, shrui) or the sign (shrsi); fptosi /
/// fptoui saturate, NaN giving 0. The cloned op only ever sees operands
/// where it is defined.
struct DefinedEdges {
  OpBuilder &b;
  Operation *op;
  IRMapping &map;
  Location loc = op->getLoc();
  Type t = op->getResult(0).getType();

  Value mapped(unsigned i) { return map.lookup(op->getOperand(i)); }
  Value constant(int64_t v) { return intConstant(b, loc, t, v); }
  Value cmpi(arith::CmpIPredicate p, Value x, Value y) {
    return arith::CmpIOp::create(b, loc, p, x, y);
  }
  Value sel(Value c, Value x, Value y) {
    return arith::SelectOp::create(b, loc, c, x, y);
  }
  /// `op` cloned onto `operands`.
  Value clone(ValueRange operands) {
    Operation *c = b.clone(*op, map);
    c->setOperands(operands);
    return c->getResult(0);
  }

  /// False when `op` is none of these ops, or needs no guard (a constant
  /// divisor other than 0 and -1, a constant shift below the width).
  bool run() {
    if (isa<arith::DivSIOp, arith::RemSIOp, arith::FloorDivSIOp,
            arith::CeilDivSIOp, arith::DivUIOp, arith::RemUIOp,
            arith::CeilDivUIOp>(op))
      return division();
    if (isa<arith::ShLIOp, arith::ShRUIOp, arith::ShRSIOp>(op))
      return shift();
    if (isa<arith::FPToSIOp, arith::FPToUIOp>(op))
      return floatToInt();
    return false;
  }

  bool division() {
    using P = arith::CmpIPredicate;
    APInt c;
    bool isSigned = !isa<arith::DivUIOp, arith::RemUIOp, arith::CeilDivUIOp>(op);
    if (matchPattern(op->getOperand(1), m_ConstantInt(&c)) && !c.isZero() &&
        !(isSigned && c.isAllOnes()))
      return false;
    Value a = mapped(0), d = mapped(1), zero = constant(0);
    Value isZero = cmpi(P::eq, d, zero), bad = isZero;
    if (isSigned) {
      Value min = constant(APInt::getSignedMinValue(intWidth(t)).getSExtValue());
      Value overflow = arith::AndIOp::create(b, loc, cmpi(P::eq, a, min),
                                             cmpi(P::eq, d, constant(-1)));
      bad = arith::OrIOp::create(b, loc, isZero, overflow);
    }
    Value q = clone({a, sel(bad, constant(1), d)});
    map.map(op->getResult(0), sel(isZero, zero, q));
    return true;
  }

  bool shift() {
    int64_t w = intWidth(t);
    APInt c;
    if (matchPattern(op->getOperand(1), m_ConstantInt(&c)) && c.ult(w))
      return false;
    Value n = mapped(1), zero = constant(0);
    Value big = cmpi(arith::CmpIPredicate::uge, n, constant(w));
    if (isa<arith::ShRSIOp>(op)) {
      map.map(op->getResult(0), clone({mapped(0), sel(big, constant(w - 1), n)}));
      return true;
    }
    Value r = clone({mapped(0), sel(big, zero, n)});
    map.map(op->getResult(0), sel(big, zero, r));
    return true;
  }

  bool floatToInt() {
    unsigned w = intWidth(t);
    bool isSigned = isa<arith::FPToSIOp>(op);
    Value x = mapped(0);
    Type ft = x.getType();
    using F = arith::CmpFPredicate;
    // i1: signed its range is [-1, 0] (true is -1), unsigned [0, 1].
    if (w == 1) {
      map.map(op->getResult(0),
              isSigned ? arith::CmpFOp::create(b, loc, F::OLE, x,
                                               floatConstant(b, loc, ft, -1.0))
                       : arith::CmpFOp::create(b, loc, F::OGE, x,
                                               floatConstant(b, loc, ft, 1.0)));
      return true;
    }
    // (lo, hi) in the float type, where the cast is exact.
    double loV = isSigned ? -std::ldexp(1.0, w - 1) : 0.0;
    Value lo = floatConstant(b, loc, ft, loV);
    Value hi = floatConstant(b, loc, ft, std::ldexp(1.0, isSigned ? w - 1 : w));
    Value below = arith::CmpFOp::create(b, loc, F::ULE, x, lo); // NaN too
    Value above = arith::CmpFOp::create(b, loc, F::OGE, x, hi);
    Value outside = arith::OrIOp::create(b, loc, below, above);
    Value r = clone({sel(outside, floatConstant(b, loc, ft, 0.0), x)});
    APInt max = isSigned ? APInt::getSignedMaxValue(w) : APInt::getMaxValue(w);
    Value nan = arith::CmpFOp::create(b, loc, F::UNO, x, x);
    Value low = sel(nan, constant(0), constant(isSigned ? (int64_t)loV : 0));
    r = sel(below, low, r);
    map.map(op->getResult(0), sel(above, constant(max.getSExtValue()), r));
    return true;
  }
};
} // namespace

namespace {
class KernelConverter {
public:
  KernelConverter(FunctionOp fn, PatternApplicator &applicator)
      : fn(fn), applicator(applicator) {}

  FailureOr<PrimFuncOp> run(OpBuilder &mb) {
    lowerIfsToGates(fn);
    FailureOr<KernelSchedule> sched = scheduleKernel(fn);
    if (failed(sched))
      return failure();
    FailureOr<PrimFuncOp> prim = createPrimFuncFor(
        fn, mb, map, "kernel", kernelVarNames(fn), varParams);
    if (failed(prim))
      return failure();
    OpBuilder b = OpBuilder::atBlockEnd(&prim->getBody().front());
    auto dev = DeviceEntryOp::create(b, fn.getLoc());
    dev.getBody().push_back(new Block());
    ReturnOp::create(b, fn.getLoc(), ValueRange{});
    b.setInsertionPointToStart(&dev.getBody().front());
    if (failed(defineIds(b)))
      return failure();
    if (failed(emit(b, sched->root)))
      return failure();
    return prim;
  }

private:
  /// SPECIALs -> one scope_id_def per kind (x first).
  LogicalResult defineIds(OpBuilder &b) {
    SmallVector<SpecialOp> block(3), thread(3);
    WalkResult res = fn.walk([&](SpecialOp s) {
      auto &slot = isBlock(s.getDim()) ? block : thread;
      unsigned d = getSpecialAxis(s.getDim());
      if (slot[d]) {
        s.emitError("convert-uop-to-tirx: SPECIAL ")
            << stringifySpecialDim(s.getDim()) << " defined twice";
        return WalkResult::interrupt();
      }
      slot[d] = s;
      return WalkResult::advance();
    });
    if (res.wasInterrupted())
      return failure();
    auto define = [&](SmallVector<SpecialOp> &slot, ExecScopeKind parent,
                      ExecScopeKind child) -> LogicalResult {
      SmallVector<int64_t> extents;
      for (SpecialOp s : slot) {
        if (!s)
          break;
        APInt n;
        if (!matchPattern(s.getEnd(), m_ConstantInt(&n)))
          return s.emitError("convert-uop-to-tirx: SPECIAL needs a constant "
                             "extent");
        extents.push_back(n.getSExtValue());
      }
      if (extents.empty()) {
        for (SpecialOp s : slot)
          if (s)
            return s.emitError("convert-uop-to-tirx: SPECIAL dimensions must "
                               "start at x without gaps");
        return success();
      }
      for (SpecialOp s : slot)
        if (s && (int64_t)extents.size() <
                     (int64_t)(llvm::find(slot, s) - slot.begin()) + 1)
          return s.emitError("convert-uop-to-tirx: SPECIAL dimensions must "
                             "start at x without gaps");
      if (child == ExecScopeKind::Thread && extents.size() > 1)
        return slot[1].emitError("convert-uop-to-tirx: one thread dimension "
                                 "is supported");
      auto def = ScopeIdDefOp::create(
          b, fn.getLoc(), SmallVector<Type>(extents.size(), b.getIndexType()),
          ExecScopeKindAttr::get(b.getContext(), parent),
          ExecScopeKindAttr::get(b.getContext(), child),
          b.getDenseI64ArrayAttr(extents), DenseI64ArrayAttr());
      for (auto [i, v] : llvm::enumerate(def.getIds()))
        map.map(slot[i].getResult(), v);
      if (child == ExecScopeKind::Thread)
        threadExtents = extents;
      return success();
    };
    if (failed(define(block, ExecScopeKind::Kernel, ExecScopeKind::Cta)))
      return failure();
    // A kernel without blocks still needs a grid of one.
    if (!block[0])
      ScopeIdDefOp::create(b, fn.getLoc(), TypeRange{b.getIndexType()},
                           ExecScopeKindAttr::get(b.getContext(), ExecScopeKind::Kernel),
                           ExecScopeKindAttr::get(b.getContext(), ExecScopeKind::Cta),
                           b.getDenseI64ArrayAttr({1}), DenseI64ArrayAttr());
    return define(thread, ExecScopeKind::Cta, ExecScopeKind::Thread);
  }

  LogicalResult emit(OpBuilder &b, LoopNode *node) {
    for (ScheduleItem &item : node->items) {
      if (item.op) {
        if (failed(emitOp(b, item.op)))
          return failure();
        continue;
      }
      RangeOp r = item.loop->range;
      Location loc = r.getLoc();
      Value lb = arith::ConstantIndexOp::create(b, loc, 0);
      Value step = arith::ConstantIndexOp::create(b, loc, 1);
      Value end = map.lookupOrNull(r.getEnd());
      // An INDEX is an address: it has no value to loop to.
      if (!end)
        return r.emitError("convert-uop-to-tirx: the RANGE's extent has no "
                           "thread-level form (is it an INDEX?)");
      auto loop = scf::ForOp::create(b, loc, lb, end, step);
      map.map(r.getResult(), loop.getInductionVar());
      OpBuilder inner = OpBuilder::atBlockBegin(loop.getBody());
      if (failed(emit(inner, item.loop)))
        return failure();
    }
    return success();
  }

  /// (buffer, index) of an INDEX.
  std::pair<Value, Value> address(IndexOp idx) {
    Value buf = map.lookup(idx.getBuffer());
    Value i = idx.getIndices().empty()
                  ? Value()
                  : map.lookup(idx.getIndices().front());
    return {buf, i};
  }

  LogicalResult emitOp(OpBuilder &b, Operation *op) {
    Location loc = op->getLoc();
    if (isa<SpecialOp, GroupOp, EndOp, SinkOp, IndexOp>(op))
      return success();
    if (auto v = dyn_cast<DefineVarOp>(op)) {
      map.map(v.getResult(), varParams.lookup(v.getName()));
      return success();
    }
    if (auto after = dyn_cast<AfterOp>(op)) {
      map.map(after.getResult(), map.lookup(after.getPassthrough()));
      return success();
    }
    // DEFINE_LOCAL, BARRIER, DEFINE_REG, LOAD, STORE and a cross-thread
    // REDUCE lower by the conversion patterns (Patterns.h), once the checks
    // that say why one could not have been made at the original op.
    if (isa<DefineLocalOp, BarrierOp, DefineRegOp>(op))
      return lowerWithPatterns(b, op);
    if (auto load = dyn_cast<LoadOp>(op)) {
      auto idx = load.getIndex().getDefiningOp<IndexOp>();
      if (!idx || idx.getIndices().size() != 1)
        return op->emitError("convert-uop-to-tirx: LOAD needs a single-index "
                             "INDEX; run uop-devectorize first");
      return lowerWithPatterns(b, op, idx);
    }
    if (auto store = dyn_cast<StoreOp>(op)) {
      auto idx = store.getIndex().getDefiningOp<IndexOp>();
      if (!idx || idx.getIndices().size() != 1)
        return op->emitError("convert-uop-to-tirx: STORE needs a single-index "
                             "INDEX; run uop-devectorize first");
      // An INDEX is an address here: it has no value to store.
      if (!map.lookupOrNull(store.getValue()))
        return op->emitError("convert-uop-to-tirx: the stored value has no "
                             "thread-level form (is it an INDEX?)");
      return lowerWithPatterns(b, op, idx);
    }
    // ALU ops (the table's) and the constants they read stay arith/math,
    // which tirx-to-nvvm lowers; an arith/math op outside the table has no
    // tirx form (below).
    if (isALUOp(op) || isa<arith::ConstantOp>(op)) {
      for (Value o : op->getOperands())
        if (!map.contains(o))
          return op->emitError("convert-uop-to-tirx: an operand has no "
                               "thread-level form (is it an INDEX?)");
      if (!DefinedEdges{b, op, map}.run())
        b.clone(*op, map);
      return success();
    }
    if (auto red = dyn_cast<uop::ReduceOp>(op)) {
      if (failed(checkThreadReduce(red)))
        return failure();
      return lowerWithPatterns(b, op);
    }
    // A WMMA's lane-level op (uop-wmma-lanes, WMMA.h): nvvm.mma.sync.
    if (isWmmaLaneOp(op))
      return lowerWithPatterns(b, op);
    if (isa<WmmaOp>(op))
      return op->emitError("convert-uop-to-tirx: a WMMA is split into lanes "
                           "before uop-devectorize (uop-wmma-lanes, as "
                           "uop-to-nvvm does)");
    // A cache hint for the CPU's prefetchers; a GPU thread runs without it.
    if (isa<PrefetchOp>(op))
      return success();
    if (isa<CustomOp, CustomIOp>(op))
      return op->emitError("convert-uop-to-tirx: CUSTOM / CUSTOMI hold C code "
                           "(the seed: Custom supports only C); compile this "
                           "kernel with target=cpu and uop-translate --uop-to-c");
    return op->emitError("convert-uop-to-tirx: no tirx form for this op");
  }

  /// Places `op` at `b` (and before it the INDEX it addresses through)
  /// with its operands' thread-level values and lowers it with the
  /// conversion patterns; its results then map to what replaced them.
  LogicalResult lowerWithPatterns(OpBuilder &b, Operation *op,
                                  IndexOp idx = IndexOp()) {
    Operation *idxCopy = idx ? b.clone(*idx, map) : nullptr;
    Operation *copy = b.clone(*op, map);
    // An INDEX is an address: it has no value for other ops to read.
    if (idx)
      map.erase(idx.getResult());
    FailureOr<SmallVector<Value>> repl = applyUOpToTIRxPatterns(copy, applicator);
    if (failed(repl))
      copy->erase();
    if (idxCopy && idxCopy->use_empty())
      idxCopy->erase();
    if (failed(repl))
      return op->emitError("convert-uop-to-tirx: no tirx form for this op");
    for (auto [i, r] : llvm::enumerate(op->getResults())) {
      // A value of the kernel (a BARRIER's unlowered source) has no
      // thread-level form.
      Value v = i < repl->size() ? (*repl)[i] : Value();
      Operation *owner = v ? v.getParentBlock()->getParentOp() : nullptr;
      if (v && !fn->isAncestor(owner))
        map.map(r, v);
      else
        map.erase(r);
    }
    return success();
  }

  /// A REDUCE left for this pass reduces across threadIdx.x (GROUP), the
  /// CTA's only thread axis, a scalar whose partial each thread has.
  LogicalResult checkThreadReduce(uop::ReduceOp red) {
    auto tidOp = red.getRanges().size() == 1
                     ? red.getRanges().front().getDefiningOp<SpecialOp>()
                     : SpecialOp();
    if (!tidOp || tidOp.getDim() != SpecialDim::ThreadX)
      return red.emitError("convert-uop-to-tirx: a REDUCE must be "
                           "devectorized, or reduce across threadIdx.x alone "
                           "(GROUP); run uop-devectorize and uop-gpudims");
    if (threadExtents.size() != 1)
      return red.emitError("convert-uop-to-tirx: a REDUCE across threadIdx.x "
                           "needs it to be the CTA's only thread axis");
    Type t = red.getType();
    if (!t.isIntOrFloat())
      return red.emitError("convert-uop-to-tirx: a REDUCE across threads of ")
             << t << " (int or float scalars only)";
    if (!map.lookupOrNull(red.getSrc()))
      return red.emitError("convert-uop-to-tirx: the reduced value has no "
                           "thread-level form (is it an INDEX?)");
    return success();
  }

  FunctionOp fn;
  PatternApplicator &applicator;
  IRMapping map;
  llvm::StringMap<Value> varParams;
  SmallVector<int64_t> threadExtents;
};

/// The schedule FUNCTION (its BUFFERs and CALLs) becomes host code: a
/// prim_func without a device_entry that allocates the intermediates as
/// global buffers and launches the kernels in order. Launchers walk this IR
/// (after convert-tirx-to-gpu: gpu.alloc and gpu.launch_func).
static LogicalResult
convertSchedule(FunctionOp s, OpBuilder &mb,
                const llvm::StringMap<SmallVector<StringRef>> &kernelVars) {
  IRMapping map;
  SmallVector<StringRef> vars;
  for (VarAttr v : getShapeVars(s))
    vars.push_back(v.getName().getValue());
  llvm::StringMap<Value> varParams;
  FailureOr<PrimFuncOp> host =
      createPrimFuncFor(s, mb, map, "schedule", vars, varParams);
  if (failed(host))
    return failure();
  OpBuilder b = OpBuilder::atBlockEnd(&host->getBody().front());
  for (Operation &op : s.getBody().front()) {
    if (auto buf = dyn_cast<BufferOp>(op)) {
      auto p = dyn_cast<PtrType>(buf.getType());
      // A symbolic intermediate is allocated at its upper bound (its size).
      if (p && !p.hasSize())
        p = PtrType::get(p.getContext(), p.getElementType(), p.getAddrSpace(),
                         buf.getSize());
      if (!p || !p.hasSize() || p.getAddrSpace() != AddrSpace::Global)
        return buf.emitError("convert-uop-to-tirx: a schedule BUFFER must be "
                             "a sized global !uop.ptr, got ")
               << buf.getType();
      map.map(buf.getResult(),
              AllocBufferOp::create(b, buf.getLoc(),
                                    bufferFor(p, StorageScope::Global))
                  .getResult());
    } else if (auto call = dyn_cast<CallOp>(op)) {
      SmallVector<Value> args;
      for (Value a : call.getArgs()) {
        if (!map.contains(a))
          return call.emitError("convert-uop-to-tirx: a kernel argument must "
                                "be a schedule parameter or BUFFER");
        args.push_back(map.lookup(a));
      }
      for (StringRef v : kernelVars.lookup(call.getCallee())) {
        Value p = varParams.lookup(v);
        if (!p)
          return call.emitError("convert-uop-to-tirx: kernel @")
                 << call.getCallee() << " reads shape variable '" << v
                 << "', which the schedule does not declare in uop.vars";
        args.push_back(p);
      }
      LaunchOp::create(b, call.getLoc(), call.getCalleeAttr(), args);
    } else if (auto after = dyn_cast<AfterOp>(op)) {
      // Launches run in stream order: the buffer after its writers is the
      // same buffer.
      if (map.contains(after.getPassthrough()))
        map.map(after.getResult(), map.lookup(after.getPassthrough()));
    } else if (isa<BufferViewOp, uop::CopyOp>(op)) {
      return op.emitError("convert-uop-to-tirx: a schedule-level ")
             << op.getName()
             << " has no tirx host form (the host code only allocates and "
                "launches); on the CPU, --uop-to-c runs it";
    } else if (!isa<DeviceOp, UniqueOp, LUniqueOp, GroupOp, SinkOp,
                    ProgramOp, LinearOp>(op)) {
      return op.emitError("convert-uop-to-tirx: no host form for '")
             << op.getName() << "' in a schedule";
    }
  }
  ReturnOp::create(b, s.getLoc(), ValueRange{});
  return success();
}

struct ConvertUOpToTIRxPass
    : public uop::impl::ConvertUOpToTIRxBase<ConvertUOpToTIRxPass> {
  using ConvertUOpToTIRxBase::ConvertUOpToTIRxBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // The option is wrong, not the module: located at the module's first
    // op (the module itself is file:0:0) and without Operation::emitError's
    // dump of the whole module.
    Location loc = module.getBody()->empty()
                       ? module.getLoc()
                       : module.getBody()->front().getLoc();
    FailureOr<const GPUChip *> resolved =
        tirx::resolveChip(loc, tirx::getModuleChip(module), chip,
                          "the pass option chip=", "convert-uop-to-tirx: ");
    if (failed(resolved))
      return signalPassFailure();
    const GPUChip *c = *resolved;
    // From here on the chip lives in the IR, for dispatch, the PTX
    // translation and the runtime.
    tirx::setModuleTarget(module, *c);
    // The tensor-core design follows the chip: wgmma where it has it.
    bool wgmma = c->has(ChipFeature::WGMMA);
    // The patterns take the chip's entry, so they are made per run.
    RewritePatternSet set(&getContext());
    populateUOpToTIRxPatterns(set, *c);
    FrozenRewritePatternSet patterns(std::move(set));
    SmallVector<FunctionOp> kernels, schedules;
    for (FunctionOp fn : module.getOps<FunctionOp>())
      (isKernel(fn) ? kernels : schedules).push_back(fn);
    if (schedules.size() > 1) {
      schedules[1].emitError("convert-uop-to-tirx: one schedule function per "
                             "module is supported");
      return signalPassFailure();
    }
    // Which shape variables each kernel takes, before kernels become
    // prim_funcs of the same names.
    llvm::StringMap<SmallVector<StringRef>> kernelVars;
    for (FunctionOp k : kernels)
      kernelVars[k.getSymName()] = kernelVarNames(k);
    PatternApplicator applicator(patterns);
    applicator.applyDefaultCostModel();
    for (FunctionOp k : kernels) {
      OpBuilder b(k);
      // TC's per-warp (WMMA) form is an ordinary kernel by now.
      if (hasTiledTensorCoreOpt(k)) {
        if (failed(convertTensorCoreMatmul(k, b, wgmma)))
          return signalPassFailure();
        continue;
      }
      KernelConverter conv(k, applicator);
      if (failed(conv.run(b)))
        return signalPassFailure();
    }
    for (FunctionOp f : schedules) {
      OpBuilder b(f);
      if (failed(convertSchedule(f, b, kernelVars)))
        return signalPassFailure();
      f->erase();
    }
    for (FunctionOp k : kernels)
      k->erase();
  }
};
} // namespace
