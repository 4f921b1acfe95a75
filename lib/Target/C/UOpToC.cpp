//===- UOpToC.cpp - uop-to-c: the structure of a kernel's C ---------------===//
//
// C11 from the LINEAR stage of each PROGRAM (uop-translate --uop-to-c): one
// `static void` per kernel with restrict pointers, RANGE/END as for loops,
// IF/ENDIF as if blocks, its outermost output loop over OpenMP threads when
// there is work enough. Here: the translation's registration, the C types and
// names of KernelEmitter.h, and KernelEmitter's kernel structure (parameters,
// loops, registers, INDEX, LOAD, STORE, CUSTOM). ALUToC.cpp writes the arith
// and math ops, ScheduleToC.cpp the module: the kernels the schedules call and
// per schedule function its entry `int uop_<name>(inputs..., outputs...)`.
//
//===----------------------------------------------------------------------===//

#include "KernelEmitter.h"

#include "uop/Target/Translations.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace uop;
using namespace uop::ctarget;

// The helpers KernelEmitter.h declares (and documents).
bool ctarget::isHalf(Type t) { return t.isF16() || t.isBF16(); }

std::string ctarget::halfName(Type t) { return t.isF16() ? "f16" : "bf16"; }

std::string ctarget::vectorName(VectorType vt) {
  return (vt.getElementType().isF32() ? "uoph_f32x" : "uoph_f64x") +
         std::to_string(vt.getNumElements());
}

std::string ctarget::splat(VectorType vt, const std::string &s) {
  std::string out = "((" + vectorName(vt) + "){";
  for (int64_t i = 0; i < vt.getNumElements(); ++i)
    out += (i ? ", " : "") + s;
  return out + "})";
}

FailureOr<std::string> ctarget::cType(Location loc, Type t) {
  if (isCVectorType(t))
    return vectorName(cast<VectorType>(t));
  if (isCMaskType(t))
    return "uoph_m32x" + std::to_string(cast<VectorType>(t).getNumElements());
  if (isa<VectorType>(t))
    return emitError(loc, "uop-to-c: no C vector type for ")
               << t << " (vectors of f32 or f64 with a power-of-two number of "
               << "lanes, at most 256 bytes); split it into lanes with "
               << "uop-devectorize",
           failure();
  if (t.isF32())
    return std::string("float");
  if (t.isF64())
    return std::string("double");
  if (isHalf(t))
    return std::string("uint16_t");
  if (t.isIndex() || t.isInteger(64))
    return std::string("int64_t");
  if (t.isInteger(32))
    return std::string("int32_t");
  if (t.isInteger(16))
    return std::string("int16_t");
  if (t.isInteger(8))
    return std::string("int8_t");
  if (t.isInteger(1))
    return std::string("_Bool");
  return emitError(loc, "uop-to-c: unsupported dtype ")
             << t
             << " (supported: f16, bf16, f32, f64, i1, i8, i16, i32, i64, "
                "index)",
         failure();
}

std::string ctarget::kernelSymbol(StringRef kernel) {
  return ("uopk_" + kernel).str();
}

llvm::SmallDenseSet<Value> ctarget::writtenBuffers(Block &body) {
  llvm::SmallDenseSet<Value> written;
  for (Operation &op : body) {
    if (isa<StoreOp, StoreLanesOp>(op))
      if (auto idx = op.getOperand(0).getDefiningOp<IndexOp>())
        written.insert(afterRoot(idx.getBuffer()));
    if (isa<CustomOp, CustomIOp>(op))
      for (Value a : op.getOperands()) {
        if (auto idx = a.getDefiningOp<IndexOp>())
          a = idx.getBuffer();
        if (isa<PtrType>(a.getType()))
          written.insert(afterRoot(a));
      }
  }
  return written;
}

SmallVector<StringRef> ctarget::kernelVars(Block &body) {
  SmallVector<StringRef> vars;
  for (auto v : body.getOps<DefineVarOp>())
    if (!llvm::is_contained(vars, v.getName()))
      vars.push_back(v.getName());
  return vars;
}

namespace {
std::string floatLiteral(APFloat v, Type t) {
  if (isHalf(t))
    return llvm::formatv("(uint16_t)0x{0:x-4}",
                         v.bitcastToAPInt().getZExtValue())
        .str();
  if (v.isNaN())
    return t.isF32() ? "NAN" : "((double)NAN)";
  if (v.isInfinity())
    return std::string(v.isNegative() ? "-" : "") +
           (t.isF32() ? "INFINITY" : "((double)INFINITY)");
  double d = v.convertToDouble();
  std::string out = llvm::formatv("{0:e17}", d).str();
  if (t.isF32())
    out = llvm::formatv("{0:e9}f", d).str();
  return out;
}

/// Whether `v` is computed from `r` (within the LINEAR body).
static bool dependsOn(Value v, Value r, DenseMap<Value, bool> &memo) {
  if (v == r)
    return true;
  auto it = memo.find(v);
  if (it != memo.end())
    return it->second;
  memo[v] = false;
  bool d = false;
  if (Operation *def = v.getDefiningOp())
    for (Value o : def->getOperands())
      if ((d = dependsOn(o, r, memo)))
        break;
  return memo[v] = d;
}

/// Whether `a` and `b` compute the same value: the same SSA value, or the
/// same side-effect-free op (name, attributes, result type) of operands that
/// are, up to `depth` ops deep.
static bool sameValue(Value a, Value b, int depth) {
  if (a == b)
    return true;
  Operation *x = a.getDefiningOp(), *y = b.getDefiningOp();
  if (!x || !y || depth == 0 || x->getName() != y->getName() ||
      x->getAttrDictionary() != y->getAttrDictionary() ||
      x->getNumResults() != 1 || y->getNumResults() != 1 ||
      a.getType() != b.getType() ||
      x->getNumOperands() != y->getNumOperands() || x->getNumRegions() ||
      !isMemoryEffectFree(x) || isa<RangeOp>(x))
    return false;
  return llvm::all_of_zip(
      x->getOperands(), y->getOperands(),
      [&](Value p, Value q) { return sameValue(p, q, depth - 1); });
}

/// Threads pay for themselves from about 2^15 elements stored (or
/// innermost iterations, for a reduction).
constexpr int64_t kMinWork = 32768;

/// The work of one iteration of parallel loop `r`: the iterations of the
/// kernel's other loops (their constant extents), or, when more, the
/// elements its stores write: those of one pass over the output loops (the
/// lanes of an upcast tile, expanded or a vector) times the output loops'
/// iterations. A copy kernel's tile of 16 stores does 16 times an
/// iteration's work; a matmul's tile is stored once per K loop, not per
/// step (a 64^3 matmul stays on one thread).
static int64_t workPerIteration(Block &body, RangeOp r) {
  constexpr int64_t kCap = int64_t(1) << 40;
  int64_t iterations = 1, outputs = 1;
  for (auto loop : body.getOps<RangeOp>())
    if (loop != r)
      if (auto c = getConstantIntValue(loop.getEnd())) {
        iterations = std::min<int64_t>(iterations * std::max<int64_t>(*c, 1),
                                       kCap);
        if (loop.getAxisType() != AxisType::Reduce)
          outputs =
              std::min<int64_t>(outputs * std::max<int64_t>(*c, 1), kCap);
      }
  int64_t elements = 0;
  for (Operation &st : body)
    if (!isa<StoreOp, StoreLanesOp>(st))
      continue;
    else if (auto idx = st.getOperand(0).getDefiningOp<IndexOp>();
             idx && isa<BlockArgument>(idx.getBuffer()))
      elements += isa<VectorType>(st.getOperand(1).getType())
                      ? cast<VectorType>(st.getOperand(1).getType())
                            .getNumElements()
                      : 1;
  return std::max(iterations, std::min<int64_t>(outputs * elements, kCap));
}

/// The loop of a kernel that runs on every core (OpenMP): its outermost
/// RANGE when that is an output loop whose iterations are independent. They
/// are when every store to a parameter inside it is at an index computed
/// from the range (each iteration writes its own elements), a parameter both
/// read and written is read only at the indices of one of its stores (no
/// iteration reads another's output), and there is no CUSTOM code.
/// Registers are private to each iteration.
static RangeOp parallelLoop(Block &body) {
  RangeOp outer;
  for (Operation &op : body) {
    if (isa<CustomOp, CustomIOp>(op))
      return {};
    if (!outer)
      if (auto r = dyn_cast<RangeOp>(op))
        outer = r;
  }
  if (!outer || (outer.getAxisType() != AxisType::Loop &&
                 outer.getAxisType() != AxisType::Global))
    return {};
  llvm::SmallDenseSet<Value> written = writtenBuffers(body);
  // A parameter both read and written: each load of it must read an element
  // the same iteration stores (the same indices as one of its stores; a
  // K-blocked reduction adds to what the previous block stored).
  SmallVector<IndexOp> storeIndices;
  for (Operation &op : body)
    if (isa<StoreOp, StoreLanesOp>(op))
      if (auto idx = op.getOperand(0).getDefiningOp<IndexOp>())
        storeIndices.push_back(idx);
  for (auto ld : body.getOps<LoadOp>()) {
    Value buf = afterRoot(ld.getBuffer());
    if (!isa<BlockArgument>(buf) || !written.contains(buf))
      continue;
    auto idx = ld.getIndex().getDefiningOp<IndexOp>();
    if (!idx || !llvm::any_of(storeIndices, [&](IndexOp s) {
          return afterRoot(s.getBuffer()) == buf &&
                 s.getIndices().size() == idx.getIndices().size() &&
                 llvm::all_of_zip(
                     s.getIndices(), idx.getIndices(),
                     [](Value a, Value b) { return sameValue(a, b, 8); });
        }))
      return {};
  }
  DenseMap<Value, bool> memo;
  bool inside = false;
  int depth = 0;
  for (Operation &op : body) {
    if (&op == outer.getOperation())
      inside = true;
    if (!inside)
      continue;
    if (isa<RangeOp>(op))
      ++depth;
    if (isa<StoreOp, StoreLanesOp>(op)) {
      auto idx = op.getOperand(0).getDefiningOp<IndexOp>();
      if (!idx)
        return {};
      if (isa<BlockArgument>(afterRoot(idx.getBuffer())) &&
          !llvm::any_of(idx.getIndices(), [&](Value i) {
            return dependsOn(i, outer.getResult(), memo);
          }))
        return {};
    }
    if (isa<EndOp>(op) && --depth == 0)
      break;
  }
  return outer;
}

/// Whether the last iteration of `loop` may write elements of the one
/// before it: uop-optimize's overlapping upcast indexes with
/// `min(r * f, c)`, c >= (extent - 2) * f, which shifts only the last tile
/// back onto its neighbour.
static bool lastIterationOverlaps(RangeOp loop) {
  APInt e, f, c;
  if (!matchPattern(loop.getEnd(), m_ConstantInt(&e)))
    return false;
  for (Operation *mul : loop->getUsers()) {
    if (!isa<arith::MulIOp>(mul) ||
        !matchPattern(mul->getOperand(mul->getOperand(0) == loop.getResult()),
                      m_ConstantInt(&f)))
      continue;
    for (Operation *min : mul->getUsers())
      if (isa<arith::MinSIOp>(min) &&
          matchPattern(min->getOperand(min->getOperand(0) == mul->getResult(0)),
                       m_ConstantInt(&c)) &&
          c.getSExtValue() >= (e.getSExtValue() - 2) * f.getSExtValue())
        return true;
  }
  return false;
}
} // namespace

LogicalResult KernelEmitter::emitKernel(StringRef name, LinearOp linear) {
  Block &body = linear.getBody().front();
  markDead(body);
  parallel = parallelLoop(body);
  rowsExtent = parallel ? splitExtent(body, parallel) : std::nullopt;
  std::string params, args;
  if (failed(nameParameters(linear, params, args)))
    return failure();
  std::string sym = kernelSymbol(name);
  if (rowsExtent)
    os << "static void " << sym << "_rows(" << params
       << (params.empty() ? "" : ", ")
       << "const int64_t uop_lo, const int64_t uop_hi) {\n";
  else
    os << "static void " << sym << "(" << params << ") {\n";
  indent = 1;
  voidUnreadParameters(body);
  for (Operation &op : body)
    if (failed(emitOp(&op)))
      return failure();
  // Streaming stores are weakly ordered: each thread fences its own before
  // the kernel's end (the OpenMP barrier that follows orders them for the
  // other threads).
  if (llvm::any_of(body.getOps<StoreOp>(),
                   [](StoreOp st) { return st.getNontemporal(); }))
    line() << "uoph_stream_fence();\n";
  os << "}\n\n";
  if (rowsExtent)
    emitThreadSplit(sym, params, args);
  return success();
}

/// A value nothing emitted reads would be an unused C variable
/// (-Wunused-variable): a side-effect-free op is dead when each use is by a
/// dead op or by an op whose C does not read it: GROUP, SINK, END (its
/// ranges and computation only order) and an AFTER's dependencies. One
/// backward sweep: users follow their operands.
void KernelEmitter::markDead(Block &body) {
  dead.clear();
  auto reads = [&](OpOperand &use) { return readInC(use); };
  // A RANGE opens the loop its END closes: never dead.
  for (Operation &op : llvm::reverse(body))
    if (op.getNumResults() && !isa<RangeOp>(op) &&
        wouldOpBeTriviallyDead(&op) && llvm::none_of(op.getUses(), reads))
      dead.insert(&op);
}

/// Names the kernel's parameters (`p<n>` per buffer, `var<i>` per shape
/// variable) and spells them twice: `params`, the C parameter list, and
/// `args`, the same names as call arguments (for the thread split's call
/// of the _rows function). Parameters written through are outputs; the
/// rest are const.
LogicalResult KernelEmitter::nameParameters(LinearOp linear,
                                            std::string &params,
                                            std::string &args) {
  Block &body = linear.getBody().front();
  llvm::SmallDenseSet<Value> written = writtenBuffers(body);
  llvm::raw_string_ostream ps(params);
  for (BlockArgument a : body.getArguments()) {
    auto p = dyn_cast<PtrType>(a.getType());
    if (!p || p.getAddrSpace() != AddrSpace::Global)
      return linear.emitError("uop-to-c: kernel parameters must be global "
                              "!uop.ptr, got ")
             << a.getType();
    FailureOr<std::string> t = cType(linear.getLoc(), p.getElementType());
    if (failed(t))
      return failure();
    std::string n = "p" + std::to_string(a.getArgNumber());
    names[a] = n;
    ps << (a.getArgNumber() ? ", " : "")
       << (written.contains(a) ? "" : "const ") << *t << " *restrict " << n;
  }
  for (auto [i, v] : llvm::enumerate(kernelVars(body))) {
    varNames[v] = "var" + std::to_string(i);
    ps << (body.getNumArguments() + i ? ", " : "") << "const int64_t "
       << varNames[v];
  }
  for (BlockArgument a : body.getArguments())
    args += (a.getArgNumber() ? ", " : "") + names[a];
  for (auto [i, v] : llvm::enumerate(kernelVars(body)))
    args += (body.getNumArguments() + i ? ", " : "") + varNames[v];
  return success();
}

/// A buffer (or variable) whose reads simplified away is still passed:
/// `(void)` it against -Wunused-parameter. In a _rows function the
/// parallel loop's extent (a variable) is read by the wrapper instead.
void KernelEmitter::voidUnreadParameters(Block &body) {
  auto reads = [&](OpOperand &use) { return readInC(use); };
  for (BlockArgument a : body.getArguments())
    if (llvm::none_of(a.getUses(), reads))
      line() << "(void)" << names[a] << ";\n";
  for (StringRef name : kernelVars(body))
    if (rowsExtent ||
        llvm::none_of(body.getOps<DefineVarOp>(), [&](DefineVarOp v) {
          return v.getName() == name && llvm::any_of(v->getUses(), reads);
        }))
      line() << "(void)" << varNames[name] << ";\n";
}

/// The kernel `sym` of a _rows function: the parallel loop's iterations
/// split into one block per thread, each run by the _rows function, whose
/// registers are its own locals (not an outlined region's captured
/// privates, after which clang's SLP vectorizer grouped a matmul tile's
/// lanes worse: 150 instead of 185 GFLOP/s on one thread). When the last
/// iteration overlaps the one before it (a tile uop-optimize shifted back
/// to the end of its range), the blocks split the first E - 1 iterations
/// and the last thread also runs the last one: two threads must not write
/// the same elements.
void KernelEmitter::emitThreadSplit(const std::string &sym,
                                    const std::string &params,
                                    const std::string &args) {
  const std::string &ext = rowsExtent->first;
  bool shifted = lastIterationOverlaps(parallel);
  std::string head = shifted ? "(" + ext + " - 1)" : ext;
  std::string last = shifted ? "uop_t + 1 == uop_n ? " + ext + " : " : "";
  os << "static void " << sym << "(" << params << ") {\n#ifdef _OPENMP\n"
     << "#pragma omp parallel";
  if (!rowsExtent->second.empty())
    os << " if (" << rowsExtent->second << ")";
  os << "\n  {\n"
     << "    const int64_t uop_n = omp_get_num_threads(), uop_t = "
        "omp_get_thread_num();\n"
     << "    " << sym << "_rows(" << args << (args.empty() ? "" : ", ") << head
     << " * uop_t / uop_n, " << last << head
     << " * (uop_t + 1) / uop_n);\n  }\n#else\n  " << sym << "_rows(" << args
     << (args.empty() ? "" : ", ") << "0, " << ext << ");\n#endif\n}\n\n";
}

/// For a parallel loop run as blocks of rows (see emitThreadSplit): its
/// extent as a C expression of the kernel's parameters (a constant or a shape
/// variable), and the condition for threads (empty: always); none when
/// there is too little work for threads (kMinWork: the loop's extent
/// times workPerIteration), its extent is computed in the kernel, or
/// something before the loop writes memory (each thread runs what
/// precedes the loop).
std::optional<std::pair<std::string, std::string>>
KernelEmitter::splitExtent(Block &body, RangeOp r) {
  for (Operation &op : body) {
    if (&op == r.getOperation())
      break;
    if (isa<StoreOp, StoreLanesOp, CustomOp, CustomIOp>(op))
      return std::nullopt;
  }
  int64_t work = workPerIteration(body, r);
  if (std::optional<int64_t> extent = getConstantIntValue(r.getEnd())) {
    if (*extent * work < kMinWork)
      return std::nullopt;
    return std::make_pair("INT64_C(" + std::to_string(*extent) + ")",
                          std::string());
  }
  auto var = r.getEnd().getDefiningOp<DefineVarOp>();
  if (!var)
    return std::nullopt;
  SmallVector<StringRef> vars = kernelVars(body);
  std::string v =
      "var" + std::to_string(llvm::find(vars, var.getName()) - vars.begin());
  return std::make_pair(v, v + " * INT64_C(" + std::to_string(work) +
                               ") >= " + std::to_string(kMinWork));
}

Value ctarget::afterRoot(Value v) {
  while (auto a = v.getDefiningOp<AfterOp>())
    v = a.getPassthrough();
  return v;
}

raw_ostream &KernelEmitter::line() {
  for (int i = 0; i < indent; ++i)
    os << "  ";
  return os;
}

/// Whether the C of `use`'s owner reads the value (see markDead).
bool KernelEmitter::readInC(OpOperand &use) {
  Operation *user = use.getOwner();
  if (isa<GroupOp, SinkOp, EndOp>(user) || dead.contains(user))
    return false;
  auto after = dyn_cast<AfterOp>(user);
  return !after || use.get() == after.getPassthrough();
}

std::string KernelEmitter::fresh(Value v, StringRef prefix) {
  std::string n = (prefix + Twine(counter++)).str();
  names[v] = n;
  return n;
}

FailureOr<std::string> KernelEmitter::expr(Value v) {
  auto it = names.find(v);
  if (it != names.end())
    return it->second;
  if (auto c = v.getDefiningOp<arith::ConstantOp>())
    return literal(c);
  return emitError(v.getLoc(), "uop-to-c: value used before it is defined "
                               "in the LINEAR order"),
         failure();
}

FailureOr<std::string> KernelEmitter::literal(arith::ConstantOp c) {
  Attribute a = c.getValue();
  if (auto d = dyn_cast<DenseElementsAttr>(a);
      d && d.isSplat() && isCVectorType(d.getType())) {
    APFloat v = d.getSplatValue<APFloat>();
    // +0.0 in every lane: C's zero initializer.
    if (v.isPosZero())
      return "((" + vectorName(cast<VectorType>(d.getType())) + "){0})";
    return splat(cast<VectorType>(d.getType()),
                 floatLiteral(v, d.getType().getElementType()));
  }
  if (auto f = dyn_cast<FloatAttr>(a))
    return floatLiteral(f.getValue(), f.getType());
  if (auto i = dyn_cast<IntegerAttr>(a)) {
    if (i.getType().isInteger(1))
      return std::string(i.getValue().isZero() ? "0" : "1");
    int64_t v = i.getValue().getSExtValue();
    bool wide = i.getType().isIndex() || i.getType().isInteger(64);
    // The most negative value has no literal (its magnitude overflows).
    if (wide && v == INT64_MIN)
      return std::string("INT64_MIN");
    if (!wide && i.getType().isInteger(32) && v == INT32_MIN)
      return std::string("INT32_MIN");
    std::string s = std::to_string(v);
    return wide ? "INT64_C(" + s + ")" : s;
  }
  return c.emitError("uop-to-c: unsupported constant"), failure();
}

// `rhs` in a fresh const of the result's type; a half computed in float
// (`roundHalf`) is rounded to its bit pattern.
LogicalResult KernelEmitter::define(Operation *op, const std::string &rhs) {
  Value r = op->getResult(0);
  FailureOr<std::string> t = cType(op->getLoc(), r.getType());
  if (failed(t))
    return failure();
  std::string v = rhs;
  if (roundHalf && isHalf(r.getType()))
    v = "uoph_f32_to_" + halfName(r.getType()) + "(" + rhs + ")";
  std::string n = fresh(r);
  line() << "const " << *t << " " << n << " = " << v << ";\n";
  // An unread value of an op with effects (a CUSTOMI) is still computed.
  if (llvm::none_of(r.getUses(), [&](OpOperand &u) { return readInC(u); }))
    line() << "(void)" << n << ";\n";
  return success();
}

// One op of the LINEAR body as C: a statement, or a name for its value.
LogicalResult KernelEmitter::emitOp(Operation *op) {
  // Constants and shape variables are names only: named even when dead.
  if (auto c = dyn_cast<arith::ConstantOp>(op)) {
    FailureOr<std::string> l = literal(c);
    if (failed(l))
      return failure();
    names[c.getResult()] = *l;
    return success();
  }
  if (auto v = dyn_cast<DefineVarOp>(op)) {
    names[v.getResult()] = varNames.lookup(v.getName());
    return success();
  }
  // BIND and PRECAST mean arith ops, which uop-normalize (the first pass
  // of uop-to-program) makes them; C renders only those.
  if (isa<BindOp, PrecastOp>(op))
    return op->emitError("uop-to-c: a ")
           << op->getName() << " in a LINEAR; uop-normalize (the first "
           << "pass of uop-to-program) makes it plain values and casts "
           << "before the kernel is rendered";
  if (dead.contains(op))
    return success();
  return TypeSwitch<Operation *, LogicalResult>(op)
      // DEVICE, GROUP and SINK have no C of their own.
      .Case<DeviceOp, GroupOp, SinkOp>([](auto) { return success(); })
      .Case<RangeOp, EndOp, IfOp, EndIfOp>(
          [&](Operation *) { return emitControl(op); })
      .Case<AfterOp>([&](AfterOp a) {
        names[a.getResult()] = names.lookup(a.getPassthrough());
        return success();
      })
      .Case<DefineRegOp>([&](DefineRegOp reg) { return emitDefineReg(reg); })
      .Case<IndexOp>([&](IndexOp idx) { return emitIndex(idx); })
      .Case<LoadOp>([&](LoadOp ld) { return emitLoad(ld); })
      .Case<StoreOp>([&](StoreOp st) { return emitStore(st); })
      .Case<StoreLanesOp>([&](StoreLanesOp st) { return emitStoreLanes(st); })
      .Case<PrefetchOp>([&](PrefetchOp pf) { return emitPrefetch(pf); })
      .Case<CustomOp, CustomIOp>([&](Operation *) { return emitCustom(op); })
      .Case<SpecialOp>([&](SpecialOp) {
        return op->emitError("uop-to-c: SPECIAL has no CPU meaning; "
                             "compile for target=cpu (no uop-gpudims)");
      })
      .Default([&](Operation *) { return emitALU(op); });
}

// RANGE and IF open a C block (a for loop, an if) that END and ENDIF close.
LogicalResult KernelEmitter::emitControl(Operation *op) {
  if (isa<EndOp, EndIfOp>(op)) {
    --indent;
    line() << "}\n";
    return success();
  }
  if (auto i = dyn_cast<IfOp>(op)) {
    FailureOr<std::string> c = expr(i.getCondition());
    if (failed(c))
      return failure();
    line() << "if (" << *c << ") {\n";
    ++indent;
    return success();
  }
  auto r = cast<RangeOp>(op);
  FailureOr<std::string> end = expr(r.getEnd());
  if (failed(end))
    return failure();
  std::string n = fresh(r.getResult(), "r");
  // A _rows function runs its block of the parallel loop's iterations.
  if (r == parallel && rowsExtent) {
    line() << "for (int64_t " << n << " = uop_lo; " << n << " < uop_hi; ++" << n
           << ") {\n";
    ++indent;
    return success();
  }
  if (r == parallel)
    emitParallelFor(r, *end);
  line() << "for (int64_t " << n << " = 0; " << n << " < " << *end << "; ++"
         << n << ") {\n";
  ++indent;
  return success();
}

// The OpenMP pragma of the parallel loop `r` (of extent `end`) run in
// place. Threads only when there is enough work to pay for them
// (kMinWork: the loop's extent times workPerIteration); a symbolic extent
// decides at run time. Without -fopenmp
// the loop is serial.
void KernelEmitter::emitParallelFor(RangeOp r, const std::string &end) {
  int64_t work = workPerIteration(*r->getBlock(), r);
  std::optional<int64_t> extent = getConstantIntValue(r.getEnd());
  if (extent && *extent * work < kMinWork)
    return;
  os << "#ifdef _OPENMP\n#pragma omp parallel for schedule(static)";
  if (!extent)
    os << " if (" << end << " * INT64_C(" << work << ") >= " << kMinWork << ")";
  if (!regNames.empty()) {
    os << " private(";
    for (auto [i, reg] : llvm::enumerate(regNames))
      os << (i ? ", " : "") << reg;
    os << ")";
  }
  os << "\n#endif\n";
}

// A STORE to an INDEX's lvalue: an assignment, a memcpy for a vector, or
// UOP_STREAM_STORE when nontemporal.
LogicalResult KernelEmitter::emitStore(StoreOp st) {
  // An INDEX is an address (a C lvalue), not a value to store.
  if (st.getValue().getDefiningOp<IndexOp>() ||
      st.getValue().getDefiningOp<PtrCatOp>())
    return st.emitError("uop-to-c: the stored value is an INDEX (an "
                        "address), which has no C value; LOAD it");
  FailureOr<std::string> addr = expr(st.getIndex());
  FailureOr<std::string> v = expr(st.getValue());
  if (failed(addr) || failed(v))
    return failure();
  bool vec = vectorAddrs.contains(st.getIndex());
  if (st.getNontemporal()) {
    // UOP_STREAM_STORE (emitStreamHelpers) takes an address.
    FailureOr<std::string> t =
        vec ? FailureOr<std::string>(
                  vectorName(cast<VectorType>(st.getValue().getType())))
            : cType(st.getLoc(), st.getValue().getType());
    if (failed(t))
      return failure();
    line() << "UOP_STREAM_STORE(" << *t << ", " << (vec ? *addr : "&" + *addr)
           << ", " << *v << ");\n";
    return success();
  }
  if (vec) {
    line() << "{ const "
           << vectorName(cast<VectorType>(st.getValue().getType()))
           << " t = " << *v << "; memcpy(" << *addr << ", &t, sizeof t); }\n";
    return success();
  }
  line() << *addr << " = " << *v << ";\n";
  return success();
}

/// STORE_LANES: lanes [lo, hi) through uoph_store_lanes_*
/// (emitStoreLanesHelpers), given the buffer and lane 0's index apart: lane 0's
/// address may lie outside the buffer, and the C forms no pointer there.
LogicalResult KernelEmitter::emitStoreLanes(StoreLanesOp st) {
  auto idx = st.getIndex().getDefiningOp<IndexOp>();
  auto vt = cast<VectorType>(st.getValue().getType());
  if (idx.getIndices().size() != 1 || !isCVectorType(vt) ||
      scalarRegs.contains(afterRoot(idx.getBuffer())))
    return st.emitError("uop-to-c: STORE_LANES needs one index into a "
                        "buffer and a C vector type; run uop-devectorize "
                        "first");
  FailureOr<std::string> buf = expr(idx.getBuffer());
  FailureOr<std::string> i = expr(idx.getIndices().front());
  FailureOr<std::string> v = expr(st.getValue());
  FailureOr<std::string> lo = expr(st.getLo());
  FailureOr<std::string> hi = expr(st.getHi());
  if (failed(buf) || failed(i) || failed(v) || failed(lo) || failed(hi))
    return failure();
  line() << "{ const " << vectorName(vt) << " t = " << *v << "; "
         << storeLanesHelper(vt) << "(" << *buf << ", " << *i << ", &t, " << *lo
         << ", " << *hi << "); }\n";
  return success();
}

LogicalResult KernelEmitter::emitPrefetch(PrefetchOp pf) {
  FailureOr<std::string> addr = expr(pf.getIndex());
  if (failed(addr))
    return failure();
  line() << "__builtin_prefetch(&" << *addr << ", " << (pf.getWrite() ? 1 : 0)
         << ", " << pf.getLocality() << ");\n";
  return success();
}

// CUSTOM is a statement, CUSTOMI an expression: the format with `{n}`
// replaced by operand n's C expression (its name, or an INDEX's lvalue).
LogicalResult KernelEmitter::emitCustom(Operation *op) {
  StringRef fmt = op->getAttrOfType<StringAttr>("fmt").getValue();
  std::string code;
  for (size_t i = 0; i < fmt.size(); ++i) {
    size_t close = fmt.find('}', i);
    unsigned n;
    if (fmt[i] == '{' && close != StringRef::npos &&
        !fmt.slice(i + 1, close).getAsInteger(10, n) &&
        n < op->getNumOperands()) {
      FailureOr<std::string> e = expr(op->getOperand(n));
      if (failed(e))
        return failure();
      code += *e;
      i = close;
      continue;
    }
    code += fmt[i];
  }
  if (isa<CustomIOp>(op))
    return define(op, "(" + code + ")");
  line() << code << "\n";
  return success();
}

// A register: a local array, or a plain variable when it has one element.
LogicalResult KernelEmitter::emitDefineReg(DefineRegOp reg) {
  auto p = cast<PtrType>(reg.getType());
  FailureOr<std::string> t = cType(reg->getLoc(), p.getElementType());
  if (failed(t))
    return failure();
  std::string n = fresh(reg.getResult(), "acc");
  regNames.push_back(n);
  // A register nothing stores to reads as zeros: the IR leaves its value
  // undefined, but reading an uninitialized C variable is undefined
  // behaviour the C compiler warns about (uop-fuzz's finding).
  std::string init = isEverStored(reg.getResult()) ? "" : " = {0}";
  // A one-element register is a plain variable (the C compiler keeps it
  // in a register and vectorizes groups of them).
  if (reg.getSize() == 1) {
    scalarRegs.insert(reg.getResult());
    line() << *t << " " << n << init << ";\n";
  } else {
    line() << *t << " " << n << "[" << reg.getSize() << "]" << init << ";\n";
  }
  return success();
}

/// Whether some STORE writes through an INDEX of `buf` (or of an AFTER of
/// it).
bool KernelEmitter::isEverStored(Value buf) {
  SmallVector<Value> work = {buf};
  while (!work.empty()) {
    Value v = work.pop_back_val();
    for (OpOperand &use : v.getUses()) {
      Operation *user = use.getOwner();
      if (isa<AfterOp>(user) && use.getOperandNumber() == 0)
        work.push_back(user->getResult(0));
      else if (auto idx = dyn_cast<IndexOp>(user); idx && idx.getBuffer() == v)
        for (Operation *u : idx->getUsers())
          if (isa<StoreOp, StoreLanesOp>(u) &&
              u->getOperand(0) == idx.getResult())
            return true;
    }
  }
  return false;
}

// An INDEX names an lvalue (`buf[i]`, or the variable of a scalar register).
LogicalResult KernelEmitter::emitIndex(IndexOp idx) {
  if (idx.getIndices().size() != 1)
    return idx.emitError("uop-to-c: INDEX needs one index; run "
                         "uop-devectorize first");
  FailureOr<std::string> buf = expr(idx.getBuffer());
  if (failed(buf))
    return failure();
  if (scalarRegs.contains(afterRoot(idx.getBuffer()))) {
    names[idx.getResult()] = *buf;
    return success();
  }
  FailureOr<std::string> i = expr(idx.getIndices().front());
  if (failed(i))
    return failure();
  // Consecutive elements as one vector: the address of the first, read
  // and written through memcpy (no alignment assumed).
  if (isCVectorType(idx.getType()) && idx.getType() != idx.getElementType()) {
    if (idx.getGate())
      return idx.emitError("uop-to-c: no C form for a gated vector INDEX; "
                           "split it into lanes (uop-devectorize without "
                           "keep-vectors)");
    vectorAddrs.insert(idx.getResult());
    names[idx.getResult()] = "(" + *buf + " + " + *i + ")";
    return success();
  }
  names[idx.getResult()] = *buf + "[" + *i + "]";
  return success();
}

// A LOAD, gated by its INDEX's gate (the alternative value, or 0, when off).
LogicalResult KernelEmitter::emitLoad(LoadOp ld) {
  auto idx = ld.getIndex().getDefiningOp<IndexOp>();
  FailureOr<std::string> addr = expr(ld.getIndex());
  if (failed(addr))
    return failure();
  if (vectorAddrs.contains(ld.getIndex())) {
    // memcpy: no alignment assumed (it compiles to one unaligned load).
    std::string n = fresh(ld.getResult());
    line() << vectorName(cast<VectorType>(ld.getType())) << " " << n << ";\n";
    line() << "memcpy(&" << n << ", " << *addr << ", sizeof " << n << ");\n";
    return success();
  }
  if (idx && idx.getGate()) {
    FailureOr<std::string> g = expr(idx.getGate());
    FailureOr<std::string> alt = ld.getAlt()
                                     ? expr(ld.getAlt())
                                     : FailureOr<std::string>(std::string("0"));
    if (failed(g) || failed(alt))
      return failure();
    return define(ld, "(" + *g + ") ? " + *addr + " : " + *alt);
  }
  return define(ld, *addr);
}

void uop::registerUOpToCTranslation() {
  TranslateFromMLIRRegistration reg(
      "uop-to-c", "translate linearised uop programs (PROGRAM/LINEAR) to C11",
      translateUOpToC, [](DialectRegistry &registry) {
        // vector: what uop-expand prints parses (and then gets a located
        // error if it is not linearised yet).
        registry.insert<UOpDialect, arith::ArithDialect, math::MathDialect,
                        func::FuncDialect, vector::VectorDialect>();
      });
}
