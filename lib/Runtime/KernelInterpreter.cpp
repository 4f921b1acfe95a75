//===- KernelInterpreter.cpp - reference evaluator of kernel-level uop ----===//

#include "uop/Runtime/KernelInterpreter.h"
#include "uop/Conversion/UOpToTIRx/WMMA.h"
#include "uop/Dialect/UOp/Transforms/Normalize.h"
#include "uop/Dialect/UOp/Transforms/Passes.h"
#include "uop/Dialect/UOp/Utils/KernelSchedule.h"
#include "uop/Runtime/Compile.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"

#include <array>
#include <cmath>
#include <deque>
#include <map>

using namespace mlir;
using namespace uop;

/// The TUPLE a FUNCTION's SINK returns (a helper a GET_TUPLE takes apart),
/// if it returns one.
static TupleOp returnedTuple(FunctionOp fn) {
  SinkOp sink = fn ? fn.getSink() : SinkOp();
  if (!sink || sink.getSources().size() != 1)
    return {};
  return sink.getSources()[0].getDefiningOp<TupleOp>();
}

SmallVector<FunctionOp> uop::scheduleFunctions(ModuleOp module) {
  SmallVector<FunctionOp> out;
  for (FunctionOp fn : module.getOps<FunctionOp>())
    if (!isKernel(fn) && fn.getSink() && !returnedTuple(fn))
      out.push_back(fn);
  return out;
}

/// `v` through AFTERs and BUFFER_VIEWs: the buffer it is.
static Value rootBuffer(Value v) {
  for (;;) {
    if (auto a = v.getDefiningOp<AfterOp>())
      v = a.getPassthrough();
    else if (auto view = v.getDefiningOp<BufferViewOp>())
      v = view.getBuffer();
    else if (auto p = v.getDefiningOp<PointerIndexOp>())
      v = p.getPtr();
    else if (auto p = v.getDefiningOp<ParamOp>()) {
      // PARAM slot N is the kernel's argument N.
      auto fn = p->getParentOfType<FunctionOp>();
      Block &body = fn.getBody().front();
      if (p.getSlot() >= body.getNumArguments())
        return v;
      v = body.getArgument(p.getSlot());
    } else
      return v;
  }
}

SmallVector<bool> uop::writtenParameters(ModuleOp module, FunctionOp sched) {
  Block &body = sched.getBody().front();
  SmallVector<bool> out(body.getNumArguments(), false);
  for (CallOp call : body.getOps<CallOp>()) {
    auto kernel = module.lookupSymbol<FunctionOp>(call.getCallee());
    if (!kernel)
      continue;
    llvm::SmallDenseSet<Value> stored;
    kernel.walk([&](StoreOp st) {
      if (auto idx = st.getIndex().getDefiningOp<IndexOp>())
        stored.insert(rootBuffer(idx.getBuffer()));
    });
    for (auto [formal, actual] :
         llvm::zip(kernel.getBody().front().getArguments(), call.getArgs()))
      if (stored.contains(formal))
        if (auto a = dyn_cast<BlockArgument>(rootBuffer(actual));
            a && a.getOwner() == &body)
          out[a.getArgNumber()] = true;
  }
  return out;
}

namespace {
/// A value while a kernel runs: a scalar, or a buffer (`buf` >= 0) and,
/// for an INDEX, the element and its gate.
struct Val {
  ElementValue s;
  int buf = -1;
  int64_t off = 0;
  bool gate = true;
};

/// One buffer: a HostTensor in the representation of HostTensor, with its
/// element type.
struct Memory {
  HostTensor *h;
  Type elt;
  int64_t base = 0, size = 0; // the view [base, base + size) of `h`
};

/// What one thread holds while a kernel runs: its values, and the element
/// values of each TUPLE (and CALL returning one), taken when it ran (a helper
/// called twice holds two).
struct ThreadState {
  DenseMap<Value, Val> vals;
  DenseMap<Value, SmallVector<Val>> tuples;
};

/// Whether `r` is a thread index on the GPU (uop-gpudims: local ranges, or
/// a GROUP's reduce ranges, which never appear together).
static bool isThreadRange(RangeOp r) {
  return r.getAxisType() == AxisType::Local ||
         r.getAxisType() == AxisType::GroupReduce;
}

/// Runs one kernel (its loop tree) on the buffers of one CALL.
///
/// Every range is a sequential loop, except in a kernel with a
/// warp-collective op (a WMMA's lane-level op, WMMA.h) or a BARRIER: there
/// the block's threads (its thread ranges) run in lockstep, each op for
/// every thread before the next op, so the WMMA sees its whole warp's
/// fragments and a BARRIER holds by construction. Each thread then has its
/// own values and its own copy of each register (DEFINE_REG) defined
/// outside the thread ranges; DEFINE_LOCAL memory is the block's.
class KernelRun {
public:
  KernelRun(FunctionOp kernel, std::vector<Memory> &mem,
            std::deque<HostTensor> &owned)
      : kernel(kernel), mem(mem), owned(owned) {
    kernel.walk([&](Operation *op) {
      if (auto r = dyn_cast<RangeOp>(op); r && isThreadRange(r))
        threadRanges.push_back(r);
      lockstep |= isWmmaLaneOp(op) || isa<BarrierOp>(op);
    });
  }

  LogicalResult run(const KernelSchedule &sched, ArrayRef<int> args) {
    for (auto [a, b] : llvm::zip(kernel.getBody().front().getArguments(), args))
      vals[a].buf = b;
    return runBody(*sched.root);
  }

private:
  LogicalResult runBody(const LoopNode &node) {
    for (const ScheduleItem &item : node.items)
      if (failed(item.op ? exec(item.op) : runLoop(*item.loop)))
        return failure();
    return success();
  }
  LogicalResult runLoop(const LoopNode &loop) {
    RangeOp range = loop.range;
    if (lockstep && isThreadRange(range)) {
      ThreadState parent;
      swapIn(parent);
      LogicalResult r = runLoopLockstep(loop, {&parent});
      swapIn(parent);
      return r;
    }
    if (failed(checkBound(range, range.getEnd())))
      return failure();
    int64_t n = vals[range.getEnd()].s.i;
    for (int64_t i = 0; i < n; ++i) {
      Val var;
      var.s.i = i;
      vals[range.getResult()] = var;
      if (failed(runBody(loop)))
        return failure();
    }
    return success();
  }
  /// Makes `t` the running thread's state (and `t` the previous one's).
  void swapIn(ThreadState &t) {
    std::swap(vals, t.vals);
    std::swap(tuples, t.tuples);
  }
  LogicalResult runLoopLockstep(const LoopNode &loop,
                                ArrayRef<ThreadState *> threads);
  LogicalResult runBodyLockstep(const LoopNode &node,
                                ArrayRef<ThreadState *> threads);
  ThreadState privateCopy(const ThreadState &t);
  LogicalResult execWmma(Operation *op, ArrayRef<ThreadState *> threads);
  FailureOr<int64_t> threadId(Operation *op, ThreadState &t);
  LogicalResult exec(Operation *op);
  LogicalResult execIndex(IndexOp idx);
  LogicalResult execLoad(LoadOp ld);
  LogicalResult execStore(StoreOp st);
  LogicalResult execVar(Operation *op);
  LogicalResult execCall(CallOp call);
  LogicalResult checkBound(Operation *user, Value v);
  int allocate(Type elt, int64_t size);
  LogicalResult checkBounds(Operation *op, const Val &at);

  FunctionOp kernel;
  std::vector<Memory> &mem;
  std::deque<HostTensor> &owned;
  DenseMap<Value, Val> vals;
  DenseMap<Operation *, ElementEvaluator> alu;
  DenseMap<Value, SmallVector<Val>> tuples;
  /// The kernel's thread ranges in walk order (the last is threadIdx.x).
  SmallVector<RangeOp> threadRanges;
  bool lockstep = false;
  /// The buffers DEFINE_REG allocated (a thread's own once in lockstep).
  llvm::DenseSet<int> registerBufs;
};
} // namespace

/// Runs `loop` for each of `threads` in lockstep. A thread range makes
/// each thread as many (the block's threads, with private registers); any
/// other range is a loop the threads take together, iteration i with the
/// threads whose extent is over i (a loop that diverges is masked, as SIMT
/// hardware masks it).
LogicalResult KernelRun::runLoopLockstep(const LoopNode &loop,
                                         ArrayRef<ThreadState *> threads) {
  RangeOp range = loop.range;
  bool spawn = isThreadRange(range);
  std::deque<ThreadState> children;
  SmallVector<int64_t> extents;
  for (ThreadState *t : threads) {
    swapIn(*t);
    LogicalResult bound = checkBound(range, range.getEnd());
    int64_t n = vals[range.getEnd()].s.i;
    swapIn(*t);
    if (failed(bound))
      return failure();
    extents.push_back(n);
    for (int64_t i = 0; spawn && i < n; ++i) {
      children.push_back(privateCopy(*t));
      children.back().vals[range.getResult()].s.i = i;
    }
  }
  if (spawn) {
    SmallVector<ThreadState *> block;
    for (ThreadState &c : children)
      block.push_back(&c);
    return runBodyLockstep(loop, block);
  }
  int64_t most = extents.empty() ? 0 : *llvm::max_element(extents);
  for (int64_t i = 0; i < most; ++i) {
    SmallVector<ThreadState *> active;
    for (auto [t, n] : llvm::zip(threads, extents))
      if (i < n) {
        t->vals[range.getResult()] = Val{ElementValue{0, i, false}};
        active.push_back(t);
      }
    if (failed(runBodyLockstep(loop, active)))
      return failure();
  }
  return success();
}

LogicalResult KernelRun::runBodyLockstep(const LoopNode &node,
                                         ArrayRef<ThreadState *> threads) {
  for (const ScheduleItem &item : node.items) {
    if (item.loop) {
      if (failed(runLoopLockstep(*item.loop, threads)))
        return failure();
      continue;
    }
    if (isWmmaLaneOp(item.op)) {
      if (failed(execWmma(item.op, threads)))
        return failure();
      continue;
    }
    for (ThreadState *t : threads) {
      swapIn(*t);
      LogicalResult r = exec(item.op);
      swapIn(*t);
      if (failed(r))
        return failure();
    }
  }
  return success();
}

/// A copy of thread `t` for a new thread: the same values, but its own
/// copy of each register `t` holds.
ThreadState KernelRun::privateCopy(const ThreadState &t) {
  ThreadState c = t;
  DenseMap<int, int> fresh;
  for (auto &entry : c.vals) {
    Val &v = entry.second;
    if (v.buf < 0 || !registerBufs.contains(v.buf))
      continue;
    auto [it, inserted] = fresh.try_emplace(v.buf, 0);
    if (inserted) {
      // allocate() grows `mem`: no reference into it may live across it.
      it->second = allocate(mem[v.buf].elt, mem[v.buf].size);
      *mem[it->second].h = *mem[v.buf].h;
      registerBufs.insert(it->second);
    }
    v.buf = it->second;
  }
  return c;
}

/// Thread `t`'s linear index in its block, as uop-gpudims numbers threads:
/// the last thread range is threadIdx.x, the one before it y, then z.
FailureOr<int64_t> KernelRun::threadId(Operation *op, ThreadState &t) {
  int64_t id = 0;
  for (RangeOp r : threadRanges) {
    auto it = t.vals.find(r.getResult());
    auto end = t.vals.find(r.getEnd());
    if (it == t.vals.end() || end == t.vals.end())
      return op->emitError("kernel reference: a WMMA runs inside every "
                           "thread range of its kernel; it is outside ")
             << r.getAxisId();
    id = id * end->second.s.i + it->second.s.i;
  }
  return id;
}

/// A WMMA's lane-level op (WMMA.h: A's 8, B's 4 and C's 4 elements in, D's
/// 4 out) for a block of threads: per warp of 32 consecutive threads,
/// D = A * B + C in double, rounded to f32, each fragment element placed as
/// the PTX ISA places mma.m16n8k16's (lane l, g = l / 4, c = l % 4).
LogicalResult KernelRun::execWmma(Operation *op,
                                  ArrayRef<ThreadState *> threads) {
  constexpr int64_t kWarp = 32;
  std::map<int64_t, std::array<ThreadState *, kWarp>> warps;
  for (ThreadState *t : threads) {
    FailureOr<int64_t> id = threadId(op, *t);
    if (failed(id))
      return failure();
    warps[*id / kWarp][*id % kWarp] = t;
  }
  Type f32 = Float32Type::get(op->getContext());
  for (auto &[w, lanes] : warps) {
    if (llvm::is_contained(lanes, nullptr))
      return op->emitError("kernel reference: a WMMA runs on whole warps of "
                           "32 threads; in warp ")
             << w << " of this block fewer threads reach it";
    double a[16][16], b[16][8], c[16][8];
    for (int64_t l = 0; l < kWarp; ++l) {
      int64_t g = l / 4, q = l % 4;
      auto in = [&](int64_t i) { return lanes[l]->vals[op->getOperand(i)].s.f; };
      for (int64_t i = 0; i < 8; ++i)
        a[g + 8 * (i / 2 % 2)][2 * q + i % 2 + 8 * (i / 4)] = in(i);
      for (int64_t i = 0; i < 4; ++i) {
        b[2 * q + i % 2 + 8 * (i / 2)][g] = in(8 + i);
        c[g + 8 * (i / 2)][2 * q + i % 2] = in(12 + i);
      }
    }
    for (int64_t l = 0; l < kWarp; ++l) {
      int64_t g = l / 4, q = l % 4;
      for (int64_t i = 0; i < 4; ++i) {
        int64_t row = g + 8 * (i / 2), col = 2 * q + i % 2;
        double d = c[row][col];
        for (int64_t k = 0; k < 16; ++k)
          d += a[row][k] * b[k][col];
        lanes[l]->vals[op->getResult(i)].s.f = roundToFloatType(f32, d);
      }
    }
  }
  return success();
}

LogicalResult KernelRun::checkBounds(Operation *op, const Val &at) {
  if (at.buf < 0)
    return op->emitError("kernel reference: the address is not an INDEX of "
                         "a buffer");
  int64_t n = mem[at.buf].size;
  if (at.gate && (at.off < 0 || at.off >= n))
    return op->emitError("kernel reference: element ")
           << at.off << " is outside its buffer of " << n << " elements";
  return success();
}

LogicalResult KernelRun::execIndex(IndexOp idx) {
  Val v = vals[idx.getBuffer()];
  if (idx.getIndices().size() != 1 || isa<VectorType>(idx.getType()))
    return idx.emitError("kernel reference: expected a scalar INDEX with "
                         "one (row-major) index after uop-devectorize");
  v.off = vals[idx.getIndices().front()].s.i;
  v.gate = !idx.getGate() || vals[idx.getGate()].s.i;
  vals[idx.getResult()] = v;
  return success();
}

LogicalResult KernelRun::execLoad(LoadOp ld) {
  Val at = vals[ld.getIndex()];
  if (failed(checkBounds(ld, at)))
    return failure();
  Val r;
  if (!at.gate) {
    if (ld.getAlt())
      r.s = vals[ld.getAlt()].s;
  } else {
    const HostTensor &h = *mem[at.buf].h;
    int64_t e = mem[at.buf].base + at.off;
    if (isa<FloatType>(mem[at.buf].elt))
      r.s.f = h.data[e];
    else
      r.s = ElementValue{0, h.ints[e], h.isUndefined(e)};
  }
  vals[ld.getResult()] = r;
  return success();
}

LogicalResult KernelRun::execStore(StoreOp st) {
  // prepareKernels made each STORE closing ranges END(STORE, ranges).
  if (!st.getRanges().empty())
    return st.emitError("kernel reference: a STORE that closes ranges");
  Val at = vals[st.getIndex()];
  if (failed(checkBounds(st, at)))
    return failure();
  if (!at.gate)
    return success();
  Memory &m = mem[at.buf];
  int64_t e = m.base + at.off;
  ElementValue s = vals[st.getValue()].s;
  if (isa<FloatType>(m.elt)) {
    m.h->data[e] = roundToFloatType(m.elt, s.f);
    return success();
  }
  m.h->ints[e] = wrapToWidth(s.i, m.elt.getIntOrFloatBitWidth());
  if (s.undef || !m.h->undefined.empty()) {
    if (m.h->undefined.empty())
      m.h->undefined.assign(m.h->numElements(), 0);
    m.h->undefined[e] = s.undef;
  }
  return success();
}

LogicalResult KernelRun::exec(Operation *op) {
  if (auto c = dyn_cast<arith::ConstantOp>(op)) {
    Val v;
    if (auto i = dyn_cast<IntegerAttr>(c.getValue()))
      v.s.i = c.getType().isIndex()
                  ? i.getInt()
                  : wrapToWidth(i.getValue().getSExtValue(),
                                c.getType().getIntOrFloatBitWidth());
    else if (auto f = dyn_cast<FloatAttr>(c.getValue()))
      v.s.f = f.getValueAsDouble();
    else
      return op->emitError("kernel reference: unsupported constant");
    vals[c.getResult()] = v;
    return success();
  }
  if (auto idx = dyn_cast<IndexOp>(op))
    return execIndex(idx);
  if (auto ld = dyn_cast<LoadOp>(op))
    return execLoad(ld);
  if (auto st = dyn_cast<StoreOp>(op))
    return execStore(st);
  if (auto a = dyn_cast<AfterOp>(op)) {
    vals[a.getResult()] = vals[a.getPassthrough()];
    return success();
  }
  if (isa<DefineVarOp, BindOp, TupleOp, GetTupleOp>(op))
    return execVar(op);
  if (auto call = dyn_cast<CallOp>(op))
    return execCall(call);
  if (auto r = dyn_cast<DefineRegOp>(op)) {
    auto t = cast<PtrType>(r.getType());
    int buf = allocate(t.getElementType(), r.getSize());
    vals[r.getResult()].buf = buf;
    registerBufs.insert(buf);
    return success();
  }
  if (auto l = dyn_cast<DefineLocalOp>(op)) {
    auto t = cast<PtrType>(l.getType());
    vals[l.getResult()].buf = allocate(t.getElementType(), t.getSize());
    return success();
  }
  if (isa<EndOp, GroupOp, SinkOp>(op))
    return success();
  // In lockstep every thread of the block has run every op before this one.
  if (auto bar = dyn_cast<BarrierOp>(op); bar && lockstep) {
    vals[bar.getResult()] = vals[bar.getSrc()];
    return success();
  }
  auto it = alu.find(op);
  if (it == alu.end())
    it = alu.try_emplace(op, elementEvaluator(*op)).first;
  if (!it->second || isa<VectorType>(op->getResult(0).getType()))
    return op->emitError("kernel reference: cannot run '")
           << op->getName() << "'";
  SmallVector<ElementValue, 4> in;
  for (Value o : op->getOperands()) {
    if (failed(checkBound(op, o)))
      return failure();
    in.push_back(vals[o].s);
  }
  vals[op->getResult(0)].s = it->second(in);
  return success();
}

/// A DEFINE_VAR `v` has a value only once a BIND gave it one.
LogicalResult KernelRun::checkBound(Operation *user, Value v) {
  auto var = v.getDefiningOp<DefineVarOp>();
  if (!var || vals.count(v))
    return success();
  return user->emitError("kernel reference: reads variable '")
         << var.getName() << "', which no BIND has given a value yet";
}

/// DEFINE_VAR, BIND, TUPLE, GET_TUPLE. A BIND gives its DEFINE_VAR its
/// value (from then on; from the start when the value is a constant) and is
/// that value; a TUPLE holds its elements for the GET_TUPLEs.
LogicalResult KernelRun::execVar(Operation *op) {
  if (auto var = dyn_cast<DefineVarOp>(op)) {
    for (Operation *user : var->getUsers())
      if (auto bind = dyn_cast<BindOp>(user)) {
        APInt c;
        if (matchPattern(bind.getValue(), m_ConstantInt(&c)))
          vals[var.getResult()].s.i = c.getSExtValue();
      }
    return success();
  }
  if (auto bind = dyn_cast<BindOp>(op)) {
    auto var = bind.getVar().getDefiningOp<DefineVarOp>();
    if (failed(checkBound(op, bind.getValue())))
      return failure();
    int64_t v = vals[bind.getValue()].s.i;
    if (v < var.getMinVal() || v > var.getMaxVal())
      return bind.emitError("kernel reference: BIND gives '")
             << var.getName() << "' the value " << v << ", outside its ["
             << var.getMinVal() << ", " << var.getMaxVal() << "]";
    vals[bind.getVar()] = vals[bind.getValue()];
    vals[bind.getResult()] = vals[bind.getValue()];
    return success();
  }
  if (auto t = dyn_cast<TupleOp>(op)) {
    SmallVector<Val> &elems = tuples[t.getResult()];
    elems.clear();
    for (Value v : t.getSrc())
      elems.push_back(vals[v]);
    return success();
  }
  auto g = cast<GetTupleOp>(op);
  auto it = tuples.find(g.getSrc());
  if (it == tuples.end() || g.getIndex() >= it->second.size())
    return g.emitError("kernel reference: GET_TUPLE of a value that is not "
                       "a TUPLE that ran");
  vals[g.getResult()] = it->second[g.getIndex()];
  return success();
}

/// A CALL inside a kernel runs the called FUNCTION's body, straight-line,
/// on the argument values; its value is the TUPLE the body returns.
LogicalResult KernelRun::execCall(CallOp call) {
  auto fn = SymbolTable::lookupNearestSymbolFrom<FunctionOp>(
      call, call.getCalleeAttr());
  TupleOp tuple = returnedTuple(fn);
  if (!tuple || fn == kernel)
    return call.emitError("kernel reference: a CALL inside a kernel runs a "
                          "FUNCTION whose SINK returns a TUPLE");
  Block &body = fn.getBody().front();
  for (auto [formal, actual] : llvm::zip(body.getArguments(), call.getArgs()))
    vals[formal] = vals[actual];
  for (Operation &op : body.without_terminator()) {
    if (isa<RangeOp>(op))
      return op.emitError("kernel reference: a FUNCTION called inside a "
                          "kernel runs straight-line, without RANGEs");
    if (failed(exec(&op)))
      return failure();
  }
  tuples[call.getResult()] = tuples.lookup(tuple.getResult());
  return success();
}

/// The kernels of `module` prepared for the reference: devectorized, IFs as
/// gates, each STORE closing ranges an END(STORE) (the loop structure the
/// schedule reads; every other seed form the reference runs as written).
/// A WMMA becomes its lanes around its lane-level op first (uop-wmma-lanes,
/// for any chip with mma.sync: the shape checks are the chip-independent
/// ones), which KernelRun::execWmma runs across the warp.
static LogicalResult prepareKernels(ModuleOp module) {
  splitStoreRanges(module);
  if (llvm::Error err =
          runPipeline(module, "kernel reference", [](OpPassManager &pm) {
            OpPassManager &fn = pm.nest<FunctionOp>();
            fn.addPass(createUOpExpand());
            fn.addPass(createUOpWmmaLanesPass(Target::CUDA, ""));
            fn.addPass(createUOpDevectorize());
          })) {
    llvm::consumeError(std::move(err));
    return module.emitError("kernel reference: uop-expand, uop-wmma-lanes or "
                            "uop-devectorize failed");
  }
  for (FunctionOp fn : module.getOps<FunctionOp>())
    if (isKernel(fn))
      lowerIfsToGates(fn);
  return success();
}

/// A new buffer of `size` elements, never written (NaN, or undefined).
static int allocateBuffer(std::vector<Memory> &mem,
                          std::deque<HostTensor> &owned, Type elt,
                          int64_t size) {
  HostTensor &h = owned.emplace_back();
  h.shape = {size};
  if (isa<FloatType>(elt)) {
    h.data.assign(size, NAN);
  } else {
    h.ints.assign(size, 0);
    h.undefined.assign(size, 1);
  }
  mem.push_back({&h, elt, 0, size});
  return mem.size() - 1;
}

int KernelRun::allocate(Type elt, int64_t size) {
  return allocateBuffer(mem, owned, elt, size);
}

/// Runs the CALLs of `sched` in order.
static LogicalResult runSchedule(ModuleOp module, FunctionOp sched,
                                 std::vector<Memory> &mem,
                                 std::deque<HostTensor> &owned) {
  DenseMap<Value, int> bufOf;
  Block &body = sched.getBody().front();
  for (BlockArgument a : body.getArguments())
    bufOf[a] = a.getArgNumber();
  for (Operation &op : body) {
    if (isa<DeviceOp, UniqueOp, SinkOp, GroupOp>(op))
      continue;
    // A graph replays its CALLs, which ran in order already.
    if (auto cf = dyn_cast<CustomFunctionOp>(op)) {
      if (cf.getKind() == CustomFunctionKind::Graph)
        continue;
      return cf.emitError("kernel reference: CUSTOM_FUNCTION enc_dec hands "
                          "buffers to a hardware video encoder/decoder, "
                          "which the reference does not model");
    }
    if (auto a = dyn_cast<AfterOp>(op)) {
      bufOf[a.getResult()] = bufOf.lookup(a.getPassthrough());
      continue;
    }
    if (auto b = dyn_cast<BufferOp>(op)) {
      auto t = dyn_cast<PtrType>(b.getType());
      if (!t)
        return b.emitError("kernel reference: a schedule BUFFER is a "
                           "!uop.ptr");
      bufOf[b.getResult()] = allocateBuffer(mem, owned, t.getElementType(),
                                            b.getSize());
      continue;
    }
    if (auto v = dyn_cast<BufferViewOp>(op)) {
      Memory m = mem[bufOf.lookup(v.getBuffer())];
      if ((int64_t)(v.getOffset() + v.getSize()) > m.size)
        return v.emitError("kernel reference: the view is outside its "
                           "buffer");
      m.base += v.getOffset();
      m.size = v.getSize();
      m.elt = cast<PtrType>(v.getType()).getElementType();
      mem.push_back(m);
      bufOf[v.getResult()] = mem.size() - 1;
      continue;
    }
    if (auto c = dyn_cast<CopyOp>(op)) {
      // A snapshot of the source, in a buffer of its own.
      Memory src = mem[bufOf.lookup(c.getSrc())];
      int n = allocateBuffer(mem, owned, src.elt, src.size);
      HostTensor &h = *mem[n].h;
      for (int64_t i = 0; i < src.size; ++i) {
        if (isa<FloatType>(src.elt))
          h.data[i] = src.h->data[src.base + i];
        else
          h.ints[i] = src.h->ints[src.base + i],
          h.undefined[i] = src.h->isUndefined(src.base + i);
      }
      bufOf[c.getResult()] = n;
      continue;
    }
    auto call = dyn_cast<CallOp>(op);
    if (!call)
      return op.emitError("kernel reference: unexpected op in a schedule");
    auto kernel = module.lookupSymbol<FunctionOp>(call.getCallee());
    if (!kernel || !isKernel(kernel))
      return call.emitError("kernel reference: @")
             << call.getCallee() << " is not a kernel of the module";
    SmallVector<int> args;
    for (Value a : call.getArgs()) {
      auto it = bufOf.find(a);
      if (it == bufOf.end())
        return call.emitError("kernel reference: arguments are buffers");
      args.push_back(it->second);
    }
    FailureOr<KernelSchedule> ks = scheduleKernel(kernel);
    if (failed(ks))
      return failure();
    if (failed(KernelRun(kernel, mem, owned).run(*ks, args)))
      return failure();
  }
  return success();
}

LogicalResult uop::interpretSchedule(ModuleOp module, FunctionOp sched,
                                     MutableArrayRef<HostTensor> buffers) {
  OwningOpRef<ModuleOp> copy(cast<ModuleOp>(module->clone()));
  for (Operation &op : llvm::make_early_inc_range(copy->getBody()->getOperations()))
    if (!isa<FunctionOp>(op))
      op.erase();
  if (failed(prepareKernels(*copy)))
    return failure();
  auto s = copy->lookupSymbol<FunctionOp>(sched.getSymName());
  std::vector<Memory> mem;
  std::deque<HostTensor> owned;
  for (auto [a, h] : llvm::zip(s.getBody().front().getArguments(), buffers)) {
    auto t = dyn_cast<PtrType>(a.getType());
    if (!t)
      return sched.emitError("kernel reference: schedule parameters are "
                             "!uop.ptr");
    mem.push_back({&h, t.getElementType(), 0, h.numElements()});
  }
  return runSchedule(*copy, s, mem, owned);
}
