//===- UOpToC.cpp - uop-translate --uop-to-c ------------------------------===//
//
// C11 from the LINEAR stage of each PROGRAM: one `static void` per kernel with
// restrict pointers, RANGE/END as for loops, IF/ENDIF as if blocks; and per
// schedule function an entry `int uop_<name>(inputs..., outputs...)` that
// allocates the intermediate BUFFERs and calls the kernels in order (0, or 1
// when an allocation fails: `uop_<name>_error()` says which).
//
//===----------------------------------------------------------------------===//

#include "uop/Dialect/UOp/IR/ALUTable.h"
#include "uop/Dialect/UOp/IR/UOp.h"
#include "uop/Dialect/UOp/Utils/KernelSchedule.h"
#include "uop/Target/Translations.h"

#include "CPrelude.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

using namespace mlir;
using namespace uop;

namespace {
/// f16 and bf16 have no C arithmetic we can rely on: they are stored as their
/// 16-bit patterns and every op computes in float, its result rounded back
/// to nearest even (as tinygrad does for targets without native half).
bool isHalf(Type t) { return t.isF16() || t.isBF16(); }

/// The type a value computes in: float for the halves, else its own.
Type computeType(Type t) {
  return isHalf(t) ? Float32Type::get(t.getContext()) : t;
}

/// `f16` or `bf16`, the suffix of the prelude's conversion helpers.
std::string halfName(Type t) { return t.isF16() ? "f16" : "bf16"; }

/// `uoph_f32x16` for vector<16xf32>: the typedef emitVectorTypes prints.
std::string vectorName(VectorType vt) {
  return (vt.getElementType().isF32() ? "uoph_f32x" : "uoph_f64x") +
         std::to_string(vt.getNumElements());
}

/// `(uoph_f32x4){s, s, s, s}`: every lane `s` (a name or a literal). No
/// helper function: a vector passed or returned by value would change the
/// ABI with the ISA (GCC's -Wpsabi).
std::string splat(VectorType vt, const std::string &s) {
  std::string out = "((" + vectorName(vt) + "){";
  for (int64_t i = 0; i < vt.getNumElements(); ++i)
    out += (i ? ", " : "") + s;
  return out + "})";
}

FailureOr<std::string> cType(Location loc, Type t) {
  if (isCVectorType(t))
    return vectorName(cast<VectorType>(t));
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

/// Kernels are `static` functions prefixed so that no kernel name clashes
/// with the C library (`nan`, `exp`, `main`).
std::string kernelSymbol(StringRef kernel) { return ("uopk_" + kernel).str(); }

/// The unsigned C type of an integer type's width (unsigned comparisons,
/// divisions and remainders reinterpret the bits).
std::string unsignedCType(Type t) {
  if (t.isIndex() || t.isInteger(64))
    return "uint64_t";
  if (t.isInteger(32))
    return "uint32_t";
  if (t.isInteger(16))
    return "uint16_t";
  return "uint8_t";
}

/// The unsigned type wrapping arithmetic computes in: at least 32 bits,
/// because narrower unsigned operands promote to (signed) int, where
/// 65535 * 65535 overflows.
std::string wrapCType(Type t) {
  return t.isIndex() || t.isInteger(64) ? "uint64_t" : "uint32_t";
}

/// The buffers a LINEAR body writes: STORE targets, and every buffer given to
/// a CUSTOM / CUSTOMI (the seed: C only), directly or as an INDEX lvalue,
/// since their code may write it. Kernel parameters among them are outputs.
llvm::SmallDenseSet<Value> writtenBuffers(Block &body) {
  auto root = [](Value v) {
    while (auto a = v.getDefiningOp<AfterOp>())
      v = a.getPassthrough();
    return v;
  };
  llvm::SmallDenseSet<Value> written;
  for (Operation &op : body) {
    if (isa<StoreOp, StoreLanesOp>(op))
      if (auto idx = op.getOperand(0).getDefiningOp<IndexOp>())
        written.insert(root(idx.getBuffer()));
    if (isa<CustomOp, CustomIOp>(op))
      for (Value a : op.getOperands()) {
        if (auto idx = a.getDefiningOp<IndexOp>())
          a = idx.getBuffer();
        if (isa<PtrType>(a.getType()))
          written.insert(root(a));
      }
  }
  return written;
}

/// The shape variables a kernel reads: its DEFINE_VARs by name, in order of
/// first appearance. They follow the buffers as `int64_t` parameters.
SmallVector<StringRef> kernelVars(Block &body) {
  SmallVector<StringRef> vars;
  for (auto v : body.getOps<DefineVarOp>())
    if (!llvm::is_contained(vars, v.getName()))
      vars.push_back(v.getName());
  return vars;
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
  auto root = [](Value v) {
    while (auto a = v.getDefiningOp<AfterOp>())
      v = a.getPassthrough();
    return v;
  };
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
    Value buf = root(ld.getBuffer());
    if (!isa<BlockArgument>(buf) || !written.contains(buf))
      continue;
    auto idx = ld.getIndex().getDefiningOp<IndexOp>();
    if (!idx || !llvm::any_of(storeIndices, [&](IndexOp s) {
          return root(s.getBuffer()) == buf &&
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
      if (isa<BlockArgument>(root(idx.getBuffer())) &&
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

std::string storeLanesHelper(VectorType vt);

class KernelEmitter {
public:
  KernelEmitter(raw_ostream &os) : os(os) {}

  LogicalResult emitKernel(StringRef name, LinearOp linear) {
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

private:
  /// A value nothing emitted reads would be an unused C variable
  /// (-Wunused-variable): a side-effect-free op is dead when each use is by a
  /// dead op or by an op whose C does not read it: GROUP, SINK, END (its
  /// ranges and computation only order) and an AFTER's dependencies. One
  /// backward sweep: users follow their operands.
  void markDead(Block &body) {
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
  LogicalResult nameParameters(LinearOp linear, std::string &params,
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
  void voidUnreadParameters(Block &body) {
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
  void emitThreadSplit(const std::string &sym, const std::string &params,
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
       << "    " << sym << "_rows(" << args << (args.empty() ? "" : ", ")
       << head << " * uop_t / uop_n, " << last << head
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
  std::optional<std::pair<std::string, std::string>> splitExtent(Block &body,
                                                                 RangeOp r) {
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

  Value root(Value v) {
    while (auto a = v.getDefiningOp<AfterOp>())
      v = a.getPassthrough();
    return v;
  }
  raw_ostream &line() {
    for (int i = 0; i < indent; ++i)
      os << "  ";
    return os;
  }
  /// Whether the C of `use`'s owner reads the value (see markDead).
  bool readInC(OpOperand &use) {
    Operation *user = use.getOwner();
    if (isa<GroupOp, SinkOp, EndOp>(user) || dead.contains(user))
      return false;
    auto after = dyn_cast<AfterOp>(user);
    return !after || use.get() == after.getPassthrough();
  }
  std::string fresh(Value v, StringRef prefix = "v") {
    std::string n = (prefix + Twine(counter++)).str();
    names[v] = n;
    return n;
  }
  FailureOr<std::string> expr(Value v) {
    auto it = names.find(v);
    if (it != names.end())
      return it->second;
    if (auto c = v.getDefiningOp<arith::ConstantOp>())
      return literal(c);
    return emitError(v.getLoc(), "uop-to-c: value used before it is defined "
                                 "in the LINEAR order"),
           failure();
  }
  FailureOr<std::string> literal(arith::ConstantOp c) {
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
  LogicalResult define(Operation *op, const std::string &rhs) {
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
  LogicalResult emitOp(Operation *op) {
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
  LogicalResult emitControl(Operation *op) {
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
      line() << "for (int64_t " << n << " = uop_lo; " << n << " < uop_hi; ++"
             << n << ") {\n";
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
  void emitParallelFor(RangeOp r, const std::string &end) {
    int64_t work = workPerIteration(*r->getBlock(), r);
    std::optional<int64_t> extent = getConstantIntValue(r.getEnd());
    if (extent && *extent * work < kMinWork)
      return;
    os << "#ifdef _OPENMP\n#pragma omp parallel for schedule(static)";
    if (!extent)
      os << " if (" << end << " * INT64_C(" << work << ") >= " << kMinWork
         << ")";
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
  LogicalResult emitStore(StoreOp st) {
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
  /// (emitStoreLanesHelpers), given the buffer and lane 0's index apart: lane
  /// 0's address may lie outside the buffer, and the C forms no pointer there.
  LogicalResult emitStoreLanes(StoreLanesOp st) {
    auto idx = st.getIndex().getDefiningOp<IndexOp>();
    auto vt = cast<VectorType>(st.getValue().getType());
    if (idx.getIndices().size() != 1 || !isCVectorType(vt) ||
        scalarRegs.contains(root(idx.getBuffer())))
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
           << storeLanesHelper(vt) << "(" << *buf << ", " << *i << ", &t, "
           << *lo << ", " << *hi << "); }\n";
    return success();
  }

  LogicalResult emitPrefetch(PrefetchOp pf) {
    FailureOr<std::string> addr = expr(pf.getIndex());
    if (failed(addr))
      return failure();
    line() << "__builtin_prefetch(&" << *addr << ", " << (pf.getWrite() ? 1 : 0)
           << ", " << pf.getLocality() << ");\n";
    return success();
  }

  // CUSTOM is a statement, CUSTOMI an expression: the format with `{n}`
  // replaced by operand n's C expression (its name, or an INDEX's lvalue).
  LogicalResult emitCustom(Operation *op) {
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
  LogicalResult emitDefineReg(DefineRegOp reg) {
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
      line() << *t << " " << n << "[" << reg.getSize() << "]" << init
             << ";\n";
    }
    return success();
  }

  /// Whether some STORE writes through an INDEX of `buf` (or of an AFTER of
  /// it).
  static bool isEverStored(Value buf) {
    SmallVector<Value> work = {buf};
    while (!work.empty()) {
      Value v = work.pop_back_val();
      for (OpOperand &use : v.getUses()) {
        Operation *user = use.getOwner();
        if (isa<AfterOp>(user) && use.getOperandNumber() == 0)
          work.push_back(user->getResult(0));
        else if (auto idx = dyn_cast<IndexOp>(user);
                 idx && idx.getBuffer() == v)
          for (Operation *u : idx->getUsers())
            if (isa<StoreOp, StoreLanesOp>(u) &&
                u->getOperand(0) == idx.getResult())
              return true;
      }
    }
    return false;
  }

  // An INDEX names an lvalue (`buf[i]`, or the variable of a scalar register).
  LogicalResult emitIndex(IndexOp idx) {
    if (idx.getIndices().size() != 1)
      return idx.emitError("uop-to-c: INDEX needs one index; run "
                           "uop-devectorize first");
    FailureOr<std::string> buf = expr(idx.getBuffer());
    if (failed(buf))
      return failure();
    if (scalarRegs.contains(root(idx.getBuffer()))) {
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
  LogicalResult emitLoad(LoadOp ld) {
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
      FailureOr<std::string> alt =
          ld.getAlt() ? expr(ld.getAlt())
                      : FailureOr<std::string>(std::string("0"));
      if (failed(g) || failed(alt))
        return failure();
      return define(ld, "(" + *g + ") ? " + *addr + " : " + *alt);
    }
    return define(ld, *addr);
  }

  // An arith or math op with one result as a C expression in a fresh const.
  LogicalResult emitALU(Operation *op) {
    SmallVector<std::string> in;
    for (Value v : op->getOperands()) {
      FailureOr<std::string> e = expr(v);
      if (failed(e))
        return failure();
      in.push_back(*e);
    }
    if (op->getNumResults() != 1)
      return op->emitError("uop-to-c: no C form for this op");
    if (llvm::any_of(op->getOperandTypes(),
                     [](Type t) { return isa<VectorType>(t); }) ||
        isa<VectorType>(op->getResult(0).getType()))
      return emitVectorALU(op, in);
    // The ALU table's row says how C writes the op. Selects, bitcasts and
    // casts handle the halves' bit patterns themselves; every other form
    // computes on float operands and rounds a half result back (in
    // `define`).
    const ALUOpInfo *row = lookupALUOp(op);
    ALUCForm form = row ? row->cForm : ALUCForm::None;
    if (form == ALUCForm::Select || form == ALUCForm::Bitcast)
      return emitBits(op, in);
    if (form == ALUCForm::Conversion)
      return emitConversion(op, in);
    for (auto [i, v] : llvm::enumerate(op->getOperands()))
      if (isHalf(v.getType()))
        in[i] = "uoph_" + halfName(v.getType()) + "_to_f32(" + in[i] + ")";
    roundHalf = true;
    std::optional<LogicalResult> r = emitTableForm(op, in);
    roundHalf = false;
    if (r)
      return *r;
    return op->emitError("uop-to-c: no C form for this op");
  }

  // uop-expand's combine of a REDUCE's lanes, in lane order: ((v[0] op
  // v[1]) op v[2]) ..., the chain the scalar expansion writes.
  LogicalResult emitLaneOrderReduction(vector::ReductionOp red,
                                       ArrayRef<std::string> in) {
    auto vt = dyn_cast<VectorType>(red.getVector().getType());
    Type t = red.getType();
    if (red.getAcc() || !vt || !isCVectorType(vt) ||
        !(t.isF32() || t.isF64()))
      return red.emitError("uop-to-c: no C form for this vector.reduction "
                           "(f32/f64 lanes of a C vector, no accumulator)");
    std::string minMax = t.isF64() ? "f64(" : "f32(";
    auto combine = [&](const std::string &a,
                       const std::string &b) -> std::optional<std::string> {
      switch (red.getKind()) {
      case vector::CombiningKind::ADD:
        return "(" + a + " + " + b + ")";
      case vector::CombiningKind::MUL:
        return "(" + a + " * " + b + ")";
      case vector::CombiningKind::MAXIMUMF:
        return "uoph_maximum_" + minMax + a + ", " + b + ")";
      case vector::CombiningKind::MINIMUMF:
        return "uoph_minimum_" + minMax + a + ", " + b + ")";
      default:
        return std::nullopt;
      }
    };
    auto lane = [&](int64_t i) {
      return "(" + in[0] + ")[" + std::to_string(i) + "]";
    };
    std::string acc = lane(0);
    for (int64_t i = 1; i < vt.getNumElements(); ++i) {
      std::optional<std::string> next = combine(acc, lane(i));
      if (!next)
        return red.emitError("uop-to-c: no C form for this vector.reduction "
                             "kind (add, mul, maximumf, minimumf)");
      acc = std::move(*next);
    }
    return define(red, acc);
  }

  // The ops uop-devectorize{keep-vectors} leaves on vectors, in the vector
  // extensions' operators (IEEE per lane, as the scalar forms).
  LogicalResult emitVectorALU(Operation *op, ArrayRef<std::string> in) {
    Type t = op->getResult(0).getType();
    if (auto red = dyn_cast<vector::ReductionOp>(op))
      return emitLaneOrderReduction(red, in);
    // A lane of a vector, for an op computed lane by lane.
    if (auto ex = dyn_cast<vector::ExtractOp>(op)) {
      if (ex.getStaticPosition().size() != 1 || isa<VectorType>(t) ||
          !isCVectorType(ex.getSource().getType()))
        return op->emitError("uop-to-c: no C form for this vector.extract "
                             "(one position of a C vector)");
      if (ex.getDynamicPosition().empty())
        return define(op, "(" + in[0] + ")[" +
                              std::to_string(ex.getStaticPosition()[0]) +
                              "]");
      // A dynamic position (uop-expand's loop over scattered lanes, the
      // operand after the source) reads the lane through the vector's
      // address: clang lowers `v[i]` by storing v to the stack on every
      // iteration (a convolution's 16 accumulators, 32 lanes: 512 vector
      // stores a tile, 6% of its time), the address keeps one copy.
      FailureOr<std::string> elem = cType(op->getLoc(), t);
      if (failed(elem))
        return failure();
      std::string src = in[0];
      // (A constant's literal is named first.)
      if (!llvm::all_of(src, [](char c) {
            return llvm::isAlnum(c) || c == '_';
          })) {
        src = "t" + std::to_string(counter++);
        line() << "const " << vectorName(ex.getSourceVectorType()) << " "
               << src << " = " << in[0] << ";\n";
      }
      return define(op, "((const " + *elem + " *)&" + src + ")[" + in[1] +
                            "]");
    }
    if (!isCVectorType(t)) {
      if (isa<VectorType>(t))
        return (void)cType(op->getLoc(), t), failure();
      return op->emitError("uop-to-c: no C form for this op on vectors; "
                           "split them into lanes (uop-devectorize without "
                           "keep-vectors)");
    }
    // The float rows that are C operators (the table's Infix and Negate
    // forms: + - * / and negation) apply to the vectors as written.
    if (const ALUOpInfo *row = lookupALUOp(op);
        row && row->signature == ALUSignature::FloatToFloat &&
        (row->cForm == ALUCForm::Infix || row->cForm == ALUCForm::Negate))
      return emitOperator(op, *row, in);
    return TypeSwitch<Operation *, LogicalResult>(op)
        .Case<arith::SelectOp>([&](arith::SelectOp sel) -> LogicalResult {
          if (isa<VectorType>(sel.getCondition().getType()))
            return op->emitError("uop-to-c: no C form for a select with a "
                                 "vector condition; split it into lanes");
          return define(op, "(" + in[0] + " ? " + in[1] + " : " + in[2] + ")");
        })
        .Case<vector::FromElementsOp>([&](auto) {
          return define(op, "(" + vectorName(cast<VectorType>(t)) + "){" +
                                llvm::join(in, ", ") + "}");
        })
        .Case<vector::BroadcastOp>([&](vector::BroadcastOp b) -> LogicalResult {
          if (isa<VectorType>(b.getSource().getType()))
            return op->emitError("uop-to-c: no C form for a vector-to-vector "
                                 "broadcast");
          return define(op, splat(cast<VectorType>(t), in[0]));
        })
        .Default([&](Operation *) {
          return op->emitError("uop-to-c: no C form for this op on vectors; "
                               "split them into lanes (uop-devectorize "
                               "without keep-vectors)");
        });
  }

  // `(a o b)`.
  LogicalResult emitBinary(Operation *op, ArrayRef<std::string> in,
                           StringRef o) {
    return define(op, "(" + in[0] + " " + o.str() + " " + in[1] + ")");
  }

  // A row whose C form is a plain operator on its operands: `(a o b)` or
  // `(o a)`, `o` its spelling.
  LogicalResult emitOperator(Operation *op, const ALUOpInfo &row,
                             ArrayRef<std::string> in) {
    if (row.cForm == ALUCForm::Negate)
      return define(op, "(" + row.cSpelling.str() + in[0] + ")");
    return emitBinary(op, in, row.cSpelling);
  }

  // The result type `t` of a value computed as unsigned `e`: the low bits
  // (C's conversion to a signed type is modular in GCC and Clang; a bool
  // keeps bit 0 where a plain `(_Bool)` would test for non-zero).
  static std::string fromUnsigned(Type t, const std::string &ct,
                                  const std::string &e) {
    if (t.isInteger(1))
      return "(_Bool)((" + e + ") & 1u)";
    return "(" + ct + ")(" + e + ")";
  }

  // arith's integer add/sub/mul wrap; C's signed ones may not overflow, so
  // program integers compute in an unsigned type of at least 32 bits (index
  // arithmetic cannot overflow and stays signed).
  LogicalResult emitWrapping(Operation *op, ArrayRef<std::string> in,
                             StringRef o) {
    Type t = op->getResult(0).getType();
    if (t.isIndex())
      return emitBinary(op, in, o);
    FailureOr<std::string> ct = cType(op->getLoc(), t);
    if (failed(ct))
      return failure();
    std::string u = wrapCType(t);
    return define(op, fromUnsigned(t, *ct,
                                   "(" + u + ")" + in[0] + " " + o.str() +
                                       " (" + u + ")" + in[1]));
  }

  /// The bits of the op's integer type (64 for index).
  static unsigned widthOf(Type t) {
    return t.isIndex() ? 64 : t.getIntOrFloatBitWidth();
  }

  /// Whether `v` is a constant integer in [lo, hi] (signed).
  static bool constantIn(Value v, int64_t lo, int64_t hi) {
    APInt c;
    if (!matchPattern(v, m_ConstantInt(&c)))
      return false;
    int64_t x = c.getSExtValue();
    return x >= lo && x <= hi;
  }

  /// `rhs` in a fresh `const ct tN` (an operand read more than once).
  std::string temp(const std::string &ct, const std::string &rhs) {
    std::string n = "t" + std::to_string(counter++);
    line() << "const " << ct << " " << n << " = " << rhs << ";\n";
    return n;
  }

  // A shift, defined for every count (docs/uop-dialect.md, "Edge cases"):
  // the count reads as unsigned at the op's width; a count >= the width
  // gives 0 (shli, shrui) or the sign (shrsi), as numpy and PTX's clamped
  // shifts do. A left shift on the bits of any integer, index included
  // (shifting a negative value left is undefined in C), a right one as
  // unsigned (shrui) or arithmetic (shrsi: GCC and Clang shift signed
  // values arithmetically).
  LogicalResult emitShift(Operation *op, ArrayRef<std::string> in) {
    Type t = op->getResult(0).getType();
    FailureOr<std::string> ct = cType(op->getLoc(), t);
    if (failed(ct))
      return failure();
    std::string u = wrapCType(t);
    unsigned w = widthOf(t);
    std::string ws = std::to_string(w);
    // A constant count below the width is the plain shift.
    bool inRange = constantIn(op->getOperand(1), 0, w - 1);
    std::string n =
        inRange
            ? "((" + u + ")" + in[1] + ")"
            : temp("uint64_t", "(uint64_t)(" + unsignedCType(t) + ")" + in[1]);
    std::string big = inRange ? "" : "(" + n + " >= " + ws + "u) ? 0u : ";
    if (isa<arith::ShLIOp>(op))
      return define(op, fromUnsigned(t, *ct,
                                     "(" + big + "(" + u + ")" + in[0] +
                                         " << " + n + ")"));
    if (isa<arith::ShRUIOp>(op))
      return define(op,
                    fromUnsigned(t, *ct,
                                 "(" + big + "(" + u + ")(" + unsignedCType(t) +
                                     ")" + in[0] + " >> " + n + ")"));
    if (!inRange)
      n = "(" + n + " >= " + ws + "u ? " + std::to_string(w - 1) + "u : " + n +
          ")";
    return define(op, "(" + *ct + ")(" + in[0] + " >> " + n + ")");
  }

  // divui, remui on the bits as the unsigned type of the width; a zero
  // divisor gives 0 (docs/uop-dialect.md, "Edge cases"), through a divisor
  // of 1 that never traps.
  LogicalResult emitUnsigned(Operation *op, ArrayRef<std::string> in,
                             StringRef o) {
    Type t = op->getResult(0).getType();
    FailureOr<std::string> ct = cType(op->getLoc(), t);
    if (failed(ct))
      return failure();
    std::string u = unsignedCType(t);
    std::string a = "(" + u + ")" + in[0], b = "(" + u + ")" + in[1];
    if (constantIn(op->getOperand(1), 1, INT64_MAX) ||
        constantIn(op->getOperand(1), INT64_MIN, -1))
      return define(op, fromUnsigned(t, *ct, a + " " + o.str() + " " + b));
    std::string d = temp(u, "(" + b + " == 0u ? (" + u + ")1 : " + b + ")");
    std::string e = a + " " + o.str() + " " + d;
    if (o == "/")
      e = "(" + b + " == 0u ? (" + u + ")0 : " + e + ")";
    return define(op, fromUnsigned(t, *ct, e));
  }

  // divsi, remsi, floordivsi, ceildivsi. A zero divisor gives 0 and the
  // most negative value over -1 wraps (the quotient is itself, the
  // remainder 0), as in numpy (docs/uop-dialect.md, "Edge cases"): both
  // divide by 1 instead, which never traps. i8 and i16 promote to int,
  // where the quotient 128 converts back to -128. floordivsi / ceildivsi:
  // C's division truncates; step down (floor) or up (ceil) when there is a
  // remainder and the exact quotient is negative (floor) or positive (ceil).
  LogicalResult emitSignedDivision(Operation *op, ArrayRef<std::string> in) {
    Type t = op->getResult(0).getType();
    FailureOr<std::string> ct = cType(op->getLoc(), t);
    if (failed(ct))
      return failure();
    const std::string &a = in[0];
    std::string b = in[1];
    unsigned w = widthOf(t);
    // A constant divisor other than 0 and -1 divides as written.
    bool safe = constantIn(op->getOperand(1), 1, INT64_MAX) ||
                constantIn(op->getOperand(1), INT64_MIN, -2);
    if (!safe) {
      std::string bad = "(" + b + " == 0)";
      if (w >= 32)
        bad = "(" + bad + " | ((" + a +
              " == " + (w == 32 ? "INT32_MIN" : "INT64_MIN") + ") & (" + b +
              " == -1)))";
      b = temp(*ct, "(" + bad + " ? (" + *ct + ")1 : " + in[1] + ")");
    }
    std::string e;
    if (isa<arith::RemSIOp>(op)) {
      e = "(" + a + " % " + b + ")";
    } else {
      e = "(" + a + " / " + b;
      std::string inexact = "(" + a + " % " + b + " != 0)";
      std::string negative = "((" + a + " < 0) != (" + b + " < 0))";
      if (isa<arith::FloorDivSIOp>(op))
        e += " - (" + inexact + " & " + negative + ")";
      else if (isa<arith::CeilDivSIOp>(op))
        e += " + (" + inexact + " & !" + negative + ")";
      e += ")";
    }
    e = "(" + *ct + ")" + e;
    if (!safe && !isa<arith::RemSIOp>(op))
      e = "(" + in[1] + " == 0 ? (" + *ct + ")0 : " + e + ")";
    return define(op, e);
  }

  // `c ? a : b` of type `t`, as a bit blend for floats.
  static std::string select(Type t, const std::string &c, const std::string &a,
                            const std::string &b) {
    if (t.isF32())
      return "uoph_select_f32(" + c + ", " + a + ", " + b + ")";
    if (t.isF64())
      return "uoph_select_f64(" + c + ", " + a + ", " + b + ")";
    return "(" + c + " ? " + a + " : " + b + ")";
  }

  // A call of the C math function `fn` (its `f` form on f32 and the halves).
  LogicalResult emitCall(Operation *op, ArrayRef<std::string> in,
                         StringRef fn) {
    bool f32 = computeType(op->getResult(0).getType()).isF32();
    std::string name = (fn + (f32 ? "f" : "")).str();
    std::string args = llvm::join(in, ", ");
    return define(op, name + "(" + args + ")");
  }

  // The ALU table's C form of `op` (uop/Support/ALUOps.def, its CFORM and
  // CSPELLING columns); none when `op` has no row or its form is written
  // before the halves widen (select, bitcast, the conversions). Operators
  // here, library calls and prelude helpers in emitHelperForm.
  std::optional<LogicalResult> emitTableForm(Operation *op,
                                             ArrayRef<std::string> in) {
    const ALUOpInfo *row = lookupALUOp(op);
    if (!row)
      return std::nullopt;
    StringRef s = row->cSpelling;
    switch (row->cForm) {
    case ALUCForm::None:
    case ALUCForm::Select:
    case ALUCForm::Bitcast:
    case ALUCForm::Conversion:
      return std::nullopt;
    case ALUCForm::Infix:
    case ALUCForm::Negate:
      return emitOperator(op, *row, in);
    case ALUCForm::Wrapping:
      return emitWrapping(op, in, s);
    case ALUCForm::UnsignedInfix:
      return emitUnsigned(op, in, s);
    case ALUCForm::SignedDivision:
      return emitSignedDivision(op, in);
    case ALUCForm::Shift:
      return emitShift(op, in);
    // arith.remf is LLVM's frem: C's fmod (the sign of the dividend);
    // maxnumf/minnumf return the other operand for one NaN: C's fmax.
    case ALUCForm::Call:
      return emitCall(op, in, s);
    case ALUCForm::Compare:
      return emitCompare(op, in);
    case ALUCForm::Polynomial:
    case ALUCForm::ReciprocalCall:
    case ALUCForm::FloatMinMax:
    case ALUCForm::SignedMinMax:
    case ALUCForm::UnsignedMinMax:
    case ALUCForm::AbsI:
    case ALUCForm::WidthHelper:
    case ALUCForm::BitsHelper:
    case ALUCForm::IntPowHelper:
      return emitHelperForm(op, *row, in);
    }
    return std::nullopt;
  }

  // A signed reading of an i1 operand: true is -1 (C's _Bool promotes to 1).
  static std::string signedBool(Type t, const std::string &v) {
    return t.isInteger(1) ? "(-(int)" + v + ")" : v;
  }

  // The table's forms that compute in a min/max expression or a prelude
  // helper, and the math ops' polynomials.
  LogicalResult emitHelperForm(Operation *op, const ALUOpInfo &row,
                               ArrayRef<std::string> in) {
    Type t = computeType(op->getResult(0).getType());
    bool f32 = t.isF32();
    std::string s = row.cSpelling.str();
    switch (row.cForm) {
    // f32 (and the halves, which compute in f32): the prelude's vectorizable
    // polynomial; f64: the C library.
    case ALUCForm::Polynomial:
      if (!f32)
        return emitCall(op, in, s);
      return define(op, "uoph_" + s + "_f32(" + in[0] + ")");
    case ALUCForm::ReciprocalCall:
      return define(op, std::string("(1") + (f32 ? ".0f" : ".0") + " / " + s +
                            (f32 ? "f(" : "(") + in[0] + "))");
    // maximumf / minimumf propagate NaN and order -0 below +0: the
    // prelude's uoph_maximum_* / uoph_minimum_* (halves compute in float).
    case ALUCForm::FloatMinMax:
      return define(op, s + (t.isF64() ? "f64" : "f32") + "(" + in[0] + ", " +
                            in[1] + ")");
    case ALUCForm::SignedMinMax:
      return define(op, "(" + signedBool(t, in[0]) + s + signedBool(t, in[1]) +
                            " ? " + in[0] + " : " + in[1] + ")");
    case ALUCForm::UnsignedMinMax: {
      // Compare as unsigned (bools: max is any, min is all).
      std::string u = unsignedCType(t);
      return define(op, "((" + u + ")" + in[0] + s + "(" + u + ")" + in[1] +
                            " ? " + in[0] + " : " + in[1] + ")");
    }
    default:
      return emitIntHelper(op, row, t, in);
    }
  }

  // math.absi, and the bit counts and integer powers through the prelude's
  // helpers, on the operand's bits zero-extended to 64 (the width bounds
  // ctlz).
  LogicalResult emitIntHelper(Operation *op, const ALUOpInfo &row, Type t,
                              ArrayRef<std::string> in) {
    FailureOr<std::string> ct = cType(op->getLoc(), t);
    if (failed(ct))
      return failure();
    std::string s = row.cSpelling.str();
    unsigned w = t.isIndex() ? 64 : t.getIntOrFloatBitWidth();
    auto bits = [&](const std::string &v) {
      return "(uint64_t)(" + unsignedCType(t) + ")" + v;
    };
    std::string e;
    switch (row.cForm) {
    case ALUCForm::AbsI: {
      // Negated as unsigned: |INT_MIN| wraps to INT_MIN, as in arith.
      std::string u = wrapCType(t);
      e = "(" + in[0] + " < 0 ? 0u - (" + u + ")" + in[0] + " : (" + u + ")" +
          in[0] + ")";
      break;
    }
    case ALUCForm::WidthHelper:
      e = s + "(" + bits(in[0]) + ", " + std::to_string(w) + ")";
      break;
    case ALUCForm::BitsHelper:
      e = s + "(" + bits(in[0]) + ")";
      break;
    case ALUCForm::IntPowHelper:
      e = s + "((int64_t)" + in[0] + ", (int64_t)" + in[1] + ")";
      break;
    default:
      return op->emitError("uop-to-c: no C form for this op");
    }
    return define(op, fromUnsigned(t, *ct, e));
  }

  // The table's Select and Bitcast forms: ops on the stored bits, halves
  // included.
  LogicalResult emitBits(Operation *op, ArrayRef<std::string> in) {
    Type t = op->getResult(0).getType();
    if (isa<arith::SelectOp>(op))
      return define(op, select(t, in[0], in[1], in[2]));
    // Through memory: the one reinterpretation C defines for every pair.
    Type src = op->getOperand(0).getType();
    FailureOr<std::string> ct = cType(op->getLoc(), t);
    FailureOr<std::string> st = cType(op->getLoc(), src);
    if (failed(ct) || failed(st))
      return failure();
    std::string n = fresh(op->getResult(0));
    line() << *ct << " " << n << ";\n";
    line() << "{ const " << *st << " t = " << in[0] << "; memcpy(&" << n
           << ", &t, sizeof " << n << "); }\n";
    return success();
  }

  // cmpi and cmpf; none when `op` is neither.
  std::optional<LogicalResult> emitCompare(Operation *op,
                                           ArrayRef<std::string> in) {
    if (auto c = dyn_cast<arith::CmpIOp>(op)) {
      static const char *ops[] = {"==", "!=", "<",  "<=", ">",
                                  ">=", "<",  "<=", ">",  ">="};
      using P = arith::CmpIPredicate;
      P p = c.getPredicate();
      Type t = c.getLhs().getType();
      if (p == P::ult || p == P::ule || p == P::ugt || p == P::uge) {
        std::string u = unsignedCType(t);
        return define(op, "((" + u + ")" + in[0] + " " + ops[(int)p] + " (" +
                              u + ")" + in[1] + ")");
      }
      return define(op, "(" + signedBool(t, in[0]) + " " + ops[(int)p] + " " +
                            signedBool(t, in[1]) + ")");
    }
    if (auto c = dyn_cast<arith::CmpFOp>(op))
      return emitCmpF(c, in);
    return std::nullopt;
  }

  // C's relational operators are the ordered predicates (false on NaN) and
  // != is the unordered one; the other cmpf predicates are built from them.
  LogicalResult emitCmpF(arith::CmpFOp c, ArrayRef<std::string> in) {
    Operation *op = c;
    using P = arith::CmpFPredicate;
    const std::string &a = in[0], &b = in[1];
    auto bin = [&](StringRef o) { return emitBinary(op, in, o); };
    auto neg = [&](StringRef o) {
      return define(op, "(!(" + a + " " + o.str() + " " + b + "))");
    };
    switch (c.getPredicate()) {
    case P::OEQ:
      return bin("==");
    case P::OLT:
      return bin("<");
    case P::OLE:
      return bin("<=");
    case P::OGT:
      return bin(">");
    case P::OGE:
      return bin(">=");
    case P::UNE:
      return bin("!=");
    case P::ULT:
      return neg(">=");
    case P::ULE:
      return neg(">");
    case P::UGT:
      return neg("<=");
    case P::UGE:
      return neg("<");
    case P::ONE:
      return define(op, "((" + a + " < " + b + ") | (" + a + " > " + b + "))");
    case P::UEQ:
      return define(op,
                    "(!((" + a + " < " + b + ") | (" + a + " > " + b + ")))");
    case P::ORD:
      return define(op,
                    "((" + a + " == " + a + ") & (" + b + " == " + b + "))");
    case P::UNO:
      return define(op,
                    "((" + a + " != " + a + ") | (" + b + " != " + b + "))");
    // The operands stay read: a LOAD only this compare reads would be an
    // unused variable (-Wunused-variable; uop-fuzz).
    case P::AlwaysFalse:
      return define(op, "((void)" + in[0] + ", (void)" + in[1] + ", 0)");
    case P::AlwaysTrue:
      return define(op, "((void)" + in[0] + ", (void)" + in[1] + ", 1)");
    }
    return c.emitError("uop-to-c: unsupported cmpf predicate");
  }

  // fptosi / fptoui of `x` (a float or double expression): truncation,
  // saturating to the integer's range, NaN giving 0 (poison in arith; uop
  // defines it as PTX's cvt and LLVM's fptosi.sat do: docs/uop-dialect.md,
  // "Edge cases"). No C conversion is out of range: the bounds are powers
  // of two, exact in every float type.
  LogicalResult emitFloatToInt(Operation *op, const std::string &x) {
    Type t = op->getResult(0).getType();
    FailureOr<std::string> ct = cType(op->getLoc(), t);
    if (failed(ct))
      return failure();
    bool isUnsigned = isa<arith::FPToUIOp>(op);
    // i1: signed its range is [-1, 0] (true is -1), unsigned [0, 1].
    if (t.isInteger(1))
      return define(op, isUnsigned ? "(" + x + " >= 1)" : "(" + x + " <= -1)");
    unsigned w = widthOf(t);
    std::string ws = std::to_string(w);
    std::string hi = "0x1p" + std::to_string(isUnsigned ? w : w - 1);
    if (isUnsigned)
      return define(op, "(" + x + " > -1.0 ? (" + x + " < " + hi + " ? (" +
                            *ct + ")(" + unsignedCType(t) + ")(" + x + ") : (" +
                            *ct + ")UINT" + ws + "_MAX) : (" + *ct + ")0)");
    std::string lo = "-0x1p" + std::to_string(w - 1);
    return define(op, "(" + x + " >= " + lo + " ? (" + x + " < " + hi + " ? (" +
                          *ct + ")(" + x + ") : INT" + ws + "_MAX) : " + x +
                          " != " + x + " ? (" + *ct + ")0 : INT" + ws +
                          "_MIN)");
  }

  // The table's Conversion form: the casts. A half result is rounded once
  // from the exact value: from f64 and from integers through a round-to-odd
  // float (24 bits keep enough to round to 11 or 8 correctly), never
  // float-then-half twice to nearest.
  LogicalResult emitConversion(Operation *op, ArrayRef<std::string> in) {
    Type t = op->getResult(0).getType();
    Type src = op->getOperand(0).getType();
    FailureOr<std::string> ct = cType(op->getLoc(), t);
    if (failed(ct))
      return failure();
    std::string x = in[0];
    if (isHalf(src))
      x = "uoph_" + halfName(src) + "_to_f32(" + x + ")";
    auto cast = [&](const std::string &e) {
      return define(op, "(" + *ct + ")(" + e + ")");
    };
    if (auto tf = dyn_cast<arith::TruncFOp>(op))
      if (tf.getRoundingmode() &&
          *tf.getRoundingmode() != arith::RoundingMode::to_nearest_even)
        return op->emitError("uop-to-c: truncf rounds to nearest even only");
    if (isa<arith::ExtFOp, arith::TruncFOp>(op)) {
      if (src.isF64() && t.isF32())
        return define(op, "uoph_f64_to_f32(" + x + ")");
      if (!isHalf(t))
        return cast(x);
      if (src.isF64())
        x = "uoph_f64_to_f32_odd(" + x + ")";
      return define(op, "uoph_f32_to_" + halfName(t) + "(" + x + ")");
    }
    if (isa<arith::SIToFPOp, arith::UIToFPOp>(op)) {
      bool isSigned = isa<arith::SIToFPOp>(op);
      // A signed i1 `true` is -1.
      if (src.isInteger(1))
        x = isSigned ? "(-(int)" + x + ")" : "(int)" + x;
      else if (!isSigned)
        x = "(" + unsignedCType(src) + ")" + x;
      if (!isHalf(t))
        return cast(x);
      std::string odd = isSigned ? "uoph_i64_to_f32_odd((int64_t)"
                                 : "uoph_u64_to_f32_odd((uint64_t)";
      if (src.isInteger(1))
        odd = "uoph_i64_to_f32_odd((int64_t)";
      return define(op, "uoph_f32_to_" + halfName(t) + "(" + odd + x + "))");
    }
    if (isa<arith::FPToSIOp, arith::FPToUIOp>(op))
      return emitFloatToInt(op, x);
    // Integer to integer: widening sign- or zero-extends, narrowing keeps
    // the low bits.
    unsigned sw = src.isIndex() ? 64 : src.getIntOrFloatBitWidth();
    unsigned dw = t.isIndex() ? 64 : t.getIntOrFloatBitWidth();
    bool zext = isa<arith::ExtUIOp, arith::IndexCastUIOp>(op);
    if (dw < sw)
      return define(op, t.isInteger(1) ? "(_Bool)(" + x + " & 1)"
                                       : "(" + *ct + ")(" + x + ")");
    if (src.isInteger(1))
      return cast(zext ? "(int)" + x : "-(int64_t)" + x);
    if (zext)
      return cast("(" + unsignedCType(src) + ")" + x);
    return cast(x);
  }

  raw_ostream &os;
  llvm::SmallPtrSet<Operation *, 16> dead; // of the kernel being emitted
  DenseMap<Value, std::string> names;
  /// Shape variable name -> its parameter.
  llvm::StringMap<std::string> varNames;
  llvm::SmallDenseSet<Value> scalarRegs;
  // The INDEXes naming the first of consecutive elements read or written as
  // one vector (through memcpy).
  llvm::SmallDenseSet<Value> vectorAddrs;
  /// The loop that runs in parallel (parallelLoop) and the registers
  /// declared before it, private to each of its iterations.
  RangeOp parallel;
  // The parallel loop's extent and thread condition when it runs as blocks
  // of rows (splitExtent).
  std::optional<std::pair<std::string, std::string>> rowsExtent;
  SmallVector<std::string> regNames;
  int indent = 0;
  unsigned counter = 0;
  // Set while an op computes in float: a half result is rounded back.
  bool roundHalf = false;
};

/// The vector types the kernels compute on (uop-devectorize{keep-vectors}),
/// each a GCC/Clang vector extension type.
void emitVectorTypes(ModuleOp module, raw_ostream &os) {
  llvm::SetVector<Type> types;
  module.walk([&](Operation *op) {
    for (Type t :
         llvm::concat<Type>(op->getOperandTypes(), op->getResultTypes())) {
      if (auto p = dyn_cast<PtrType>(t))
        t = p.getElementType();
      if (isCVectorType(t))
        types.insert(t);
    }
  });
  for (Type t : types) {
    auto vt = cast<VectorType>(t);
    bool f32 = vt.getElementType().isF32();
    os << "typedef " << (f32 ? "float " : "double ") << vectorName(vt)
       << " __attribute__((vector_size(" << vt.getNumElements() * (f32 ? 4 : 8)
       << ")));\n";
  }
  if (!types.empty())
    os << "\n";
}

/// UOP_STREAM_STORE(T, p, v) and uoph_stream_fence, where a kernel has a
/// nontemporal store: Clang's __builtin_nontemporal_store where p is aligned
/// to T's size (vector types are powers of two; an unaligned streaming
/// vector store would split into scalar ones), an ordinary store otherwise
/// and with GCC, which lacks the builtin. The value is the variadic argument
/// (a compound literal's commas must not split it). On x86 a streaming store
/// waits in a write-combining buffer until an sfence.
void emitStreamHelpers(ModuleOp module, raw_ostream &os) {
  bool any = false;
  module.walk([&](StoreOp st) {
    any |= st.getNontemporal();
    return any ? WalkResult::interrupt() : WalkResult::advance();
  });
  if (!any)
    return;
  os << R"C(#if defined(__has_builtin)
#if __has_builtin(__builtin_nontemporal_store)
#define UOP_NONTEMPORAL 1
#endif
#endif
#ifdef UOP_NONTEMPORAL
#define UOP_STREAM_STORE(T, p, ...) do { const T uop_v = (__VA_ARGS__); \
  if (((uintptr_t)(p) & (sizeof(T) - 1)) == 0) __builtin_nontemporal_store(uop_v, (T *)(p)); \
  else memcpy((p), &uop_v, sizeof uop_v); } while (0)
#else
#define UOP_STREAM_STORE(T, p, ...) do { const T uop_v = (__VA_ARGS__); memcpy((p), &uop_v, sizeof uop_v); } while (0)
#endif
static inline void uoph_stream_fence(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_sfence();
#else
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
#endif
}

)C";
}

/// `uoph_store_lanes_f32x16` for vector<16xf32>.
std::string storeLanesHelper(VectorType vt) {
  return "uoph_store_lanes_" + vectorName(vt).substr(5);
}

/// uoph_store_lanes_<T>(b, i, &v, lo, hi) for each vector type a
/// STORE_LANES writes: b[i + l] = v[l] for lo <= l < hi (clamped to the
/// vector). With AVX-512, masked vector stores, one a 512-bit part (256
/// and 128 bits with AVX512VL) at lane 0's address, made as an integer
/// from the first written element's: it may lie outside the buffer, where
/// C pointer arithmetic may not go, and the masked-off lanes are never
/// touched. Elsewhere a loop over the lanes. The vector comes by address:
/// by value it would change the ABI with the ISA (GCC's -Wpsabi).
void emitStoreLanesHelpers(ModuleOp module, raw_ostream &os) {
  llvm::SetVector<VectorType> types;
  module.walk([&](StoreLanesOp st) {
    types.insert(cast<VectorType>(st.getValue().getType()));
  });
  if (types.empty())
    return;
  os << "#if defined(__AVX512F__)\n#include <immintrin.h>\n#endif\n";
  for (VectorType vt : types) {
    bool f32 = vt.getElementType().isF32();
    int64_t n = vt.getNumElements(), bytes = n * (f32 ? 4 : 8);
    std::string e = f32 ? "float" : "double", sfx = f32 ? "ps" : "pd";
    os << "static inline void " << storeLanesHelper(vt) << "(" << e
       << " *b, int64_t i, const " << vectorName(vt)
       << " *v, int64_t lo, int64_t hi) {\n"
       << "  if (lo < 0) lo = 0;\n  if (hi > " << n << ") hi = " << n
       << ";\n  if (lo >= hi) return;\n";
    // The widest masked store that divides the vector: its part type,
    // lanes, intrinsic prefix and the macro it needs.
    int64_t part = bytes % 64 == 0 ? 64 : bytes % 32 == 0 ? 32 : 16;
    if (bytes % 16 == 0) {
      const char *guard = part == 64 ? "__AVX512F__" : "__AVX512VL__";
      std::string pre = part == 64 ? "_mm512" : part == 32 ? "_mm256" : "_mm";
      std::string ty = "__m" + std::to_string(part * 8) + (f32 ? "" : "d");
      int64_t lanes = part / (f32 ? 4 : 8);
      os << "#if defined(" << guard << ")\n"
         << "  const uintptr_t a = (uintptr_t)(b + (i + lo)) - (uintptr_t)lo * "
            "sizeof(*b);\n"
         << "  for (int64_t c = 0; c < " << bytes / part << "; ++c) {\n"
         << "    const int64_t l0 = lo > c * " << lanes << " ? lo - c * "
         << lanes << " : 0, h0 = hi < (c + 1) * " << lanes << " ? hi - c * "
         << lanes << " : " << lanes << ";\n"
         << "    if (l0 >= h0) continue;\n"
         << "    " << ty << " p;\n"
         << "    memcpy(&p, (const char *)v + c * " << part << ", " << part
         << ");\n"
         << "    " << pre << "_mask_storeu_" << sfx << "((void *)(a + c * "
         << part << "), (__mmask" << std::max<int64_t>(lanes, 8)
         << ")((((uint32_t)1 << h0) - 1) & ~(((uint32_t)1 << l0) - 1)), p);\n"
         << "  }\n  return;\n#endif\n";
    }
    os << "  for (int64_t l = lo; l < hi; ++l)\n    b[i + l] = ((const " << e
       << " *)v)[l];\n}\n\n";
  }
}

/// A PROGRAM's later stages: a SOURCE is its kernel already rendered (the
/// seed's SINK -> LINEAR -> SOURCE), so it stands in the C as written and
/// must define `uopk_<kernel>` with the parameters the LINEAR has; a
/// PROGRAM_BINARY is machine code, which C source cannot carry.
LogicalResult emitRenderedStage(ProgramOp prog, raw_ostream &os) {
  if (prog.getBinary())
    return prog.emitError("uop-to-c: a PROGRAM_BINARY stage is compiled "
                          "code, which C source cannot carry; without it the "
                          "kernel is rendered from its SOURCE or LINEAR");
  auto src = prog.getSource() ? prog.getSource().getDefiningOp<SourceOp>()
                              : SourceOp();
  if (!src)
    return success();
  StringRef code = src.getCode();
  std::string symbol = kernelSymbol(prog.getKernel());
  if (!code.contains(symbol))
    return src.emitError("uop-to-c: the SOURCE of @")
           << prog.getKernel() << " does not define " << symbol
           << ", which the schedule's entry calls";
  os << code << (code.ends_with("\n") ? "" : "\n");
  return success();
}

// One C function per kernel that the schedules run, each once; `emitted`
// collects their names.
LogicalResult emitKernels(ArrayRef<FunctionOp> schedules,
                          llvm::StringSet<> &emitted, raw_ostream &os) {
  // A PROGRAM that no schedule CALLs is left out: its static function would
  // be unused C (-Wunused-function).
  llvm::StringSet<> called;
  for (FunctionOp sched : schedules)
    for (CallOp call : sched.getBody().front().getOps<CallOp>())
      called.insert(call.getCallee());
  for (FunctionOp sched : schedules) {
    for (ProgramOp prog : sched.getBody().front().getOps<ProgramOp>()) {
      auto linear = prog.getLinear()
                        ? prog.getLinear().getDefiningOp<LinearOp>()
                        : LinearOp();
      if (!linear)
        return prog.emitError("uop-to-c: PROGRAM has no LINEAR stage; run "
                              "uop-linearize first");
      if (!called.contains(prog.getKernel()) ||
          !emitted.insert(prog.getKernel()).second)
        continue;
      if (failed(emitRenderedStage(prog, os)))
        return failure();
      if (prog.getSource())
        continue;
      KernelEmitter k(os);
      if (failed(k.emitKernel(prog.getKernel(), linear)))
        return failure();
    }
  }
  return success();
}

/// `T *name = uoph_alloc(...)` for a schedule's BUFFER or COPY of `size`
/// elements of `p`'s type:
/// its bytes must fit int64 (a wrapped `sizeof(T) * N` was malloc(0)), and a
/// failed allocation names the entry, the buffer (its source location) and
/// the size, frees the `earlier` buffers and returns 1 from the entry.
LogicalResult emitAlloc(Operation *op, PtrType p, int64_t size, StringRef t,
                        StringRef name, ArrayRef<std::string> earlier,
                        raw_ostream &os) {
  Type elem = p.getElementType();
  int64_t per =
      elem.isIndex()
          ? 8
          : std::max<int64_t>(1, (elem.getIntOrFloatBitWidth() + 7) / 8);
  int64_t count = std::max<int64_t>(size, 1), bytes = 0;
  if (llvm::MulOverflow(count, per, bytes))
    return op->emitError("uop-to-c: a buffer of ")
           << count << " elements of " << elem << " is more than INT64_MAX "
           << "bytes";
  std::string where;
  llvm::raw_string_ostream ws(where);
  ws << "buffer " << name;
  if (auto fl = dyn_cast<FileLineColLoc>(op->getLoc()))
    ws << " (" << llvm::sys::path::filename(fl.getFilename().getValue()) << ":"
       << fl.getLine() << ":" << fl.getColumn() << ")";
  auto sched = op->getParentOfType<FunctionOp>();
  os << "  " << t << " *" << name << " = uoph_alloc(sizeof(" << t << "), "
     << count << ", \"uop_" << (sched ? sched.getSymName() : "") << "\", \"";
  os.write_escaped(where);
  os << "\");\n  if (!" << name << ") {\n";
  for (const std::string &e : earlier)
    os << "    free(" << e << ");\n";
  os << "    return 1;\n  }\n";
  return success();
}

// The body of an entry: its BUFFERs malloc'd, the kernel calls, the frees.
/// Schedule-level BUFFER_VIEW (a pointer into its buffer) and single-device
/// COPY (a fresh buffer filled with memcpy when the copy runs; the CPU is the
/// only device a C program has).
LogicalResult emitScheduleBufferForm(Operation *op,
                                     DenseMap<Value, std::string> &names,
                                     SmallVectorImpl<std::string> &frees,
                                     unsigned &n, raw_ostream &os) {
  Value src = op->getOperand(0);
  auto it = names.find(src);
  auto p = dyn_cast<PtrType>(op->getResult(0).getType());
  if (it == names.end() || !p || p.getAddrSpace() != AddrSpace::Global)
    return op->emitError("uop-to-c: ")
           << op->getName() << " of a schedule parameter or BUFFER (a global "
           << "!uop.ptr) is supported, got " << src.getType();
  if (auto view = dyn_cast<BufferViewOp>(op)) {
    names[view.getResult()] =
        "(" + it->second + " + " + std::to_string(view.getOffset()) + ")";
    return success();
  }
  auto copy = cast<CopyOp>(op);
  auto dev = copy.getDevice().getDefiningOp<DeviceOp>();
  if (!dev || dev.getSpec() != "CPU")
    return copy.emitError("uop-to-c: COPY to a device other than \"CPU\" has "
                          "no C form (a C program has one device)");
  if (!p.hasSize())
    return copy.emitError("uop-to-c: COPY needs a sized !uop.ptr, got ") << p;
  FailureOr<std::string> t = cType(copy.getLoc(), p.getElementType());
  if (failed(t))
    return failure();
  std::string name = "b" + std::to_string(n++);
  if (failed(emitAlloc(copy, p, p.getSize(), *t, name, frees, os)))
    return failure();
  std::string bytes = "sizeof(" + *t + ") * " +
                      std::to_string(std::max<int64_t>(p.getSize(), 1));
  os << "  memcpy(" << name << ", " << it->second << ", " << bytes << ");\n";
  names[copy.getResult()] = name;
  frees.push_back(name);
  return success();
}

/// Kernel parameters are `restrict`: two arguments of one call that reach
/// the same buffer (through BUFFER_VIEW or AFTER) would be undefined
/// behaviour in C, so they are an error rather than a silent miscompile.
/// One buffer passed twice is fine while the kernel only reads it.
LogicalResult checkNoAliasedArgs(CallOp call) {
  llvm::SmallDenseSet<Value> written;
  Block *kernel = nullptr;
  for (ProgramOp prog : call->getBlock()->getOps<ProgramOp>())
    if (prog.getKernel() == call.getCallee() && prog.getLinear())
      if (auto l = prog.getLinear().getDefiningOp<LinearOp>()) {
        kernel = &l.getBody().front();
        written = writtenBuffers(*kernel);
      }
  auto writes = [&](unsigned i) {
    return kernel && i < kernel->getNumArguments() &&
           written.contains(kernel->getArgument(i));
  };
  auto rootOf = [](Value v) {
    for (;;) {
      if (auto view = v.getDefiningOp<BufferViewOp>())
        v = view.getBuffer();
      else if (auto after = v.getDefiningOp<AfterOp>())
        v = after.getPassthrough();
      else
        return v;
    }
  };
  DenseMap<Value, unsigned> seen;
  for (auto [i, a] : llvm::enumerate(call.getArgs())) {
    auto [it, fresh] = seen.try_emplace(rootOf(a), i);
    if (!fresh && a.getDefiningOp<BufferViewOp>())
      return call.emitError("uop-to-c: arguments ")
             << it->second << " and " << i
             << " are views of one buffer; C kernel parameters are restrict";
    if (!fresh && (writes(it->second) || writes(i)))
      return call.emitError("uop-to-c: arguments ")
             << it->second << " and " << i
             << " are one buffer, which the kernel writes; C kernel "
                "parameters are restrict";
  }
  return success();
}

LogicalResult emitEntryBody(FunctionOp sched, const llvm::StringSet<> &emitted,
                            const llvm::StringMap<LinearOp> &linears,
                            const llvm::StringMap<std::string> &vars,
                            DenseMap<Value, std::string> &names,
                            raw_ostream &os) {
  Block &body = sched.getBody().front();
  SmallVector<std::string> frees;
  unsigned n = 0;
  for (Operation &op : body) {
    if (auto buf = dyn_cast<BufferOp>(op)) {
      auto p = dyn_cast<PtrType>(buf.getType());
      // Local memory belongs to one kernel (DEFINE_LOCAL); a schedule's
      // BUFFER would silently become a global one.
      if (!p || p.getAddrSpace() != AddrSpace::Global)
        return buf.emitError("uop-to-c: a schedule BUFFER must be a global "
                             "!uop.ptr, got ")
               << buf.getType();
      FailureOr<std::string> t = cType(buf.getLoc(), p.getElementType());
      if (failed(t))
        return failure();
      std::string name = "b" + std::to_string(n++);
      names[buf.getResult()] = name;
      if (failed(emitAlloc(buf, p, buf.getSize(), *t, name, frees, os)))
        return failure();
      frees.push_back(name);
    } else if (auto after = dyn_cast<AfterOp>(op)) {
      // Kernels run in order: waiting is implied, the buffer is the same.
      auto it = names.find(after.getPassthrough());
      if (it != names.end())
        names[after.getResult()] = it->second;
    } else if (isa<BufferViewOp, CopyOp>(op)) {
      if (failed(emitScheduleBufferForm(&op, names, frees, n, os)))
        return failure();
    } else if (!isa<CallOp, DeviceOp, UniqueOp, LUniqueOp, LinearOp, ProgramOp,
                    SourceOp, ProgramBinaryOp, GroupOp, SinkOp>(op)) {
      // Anything else would do something C leaves out (CUSTOM_FUNCTION).
      return op.emitError("uop-to-c: no C form for '")
             << op.getName() << "' in a schedule";
    } else if (auto call = dyn_cast<CallOp>(op)) {
      if (!emitted.contains(call.getCallee()))
        return call.emitError("uop-to-c: kernel @")
               << call.getCallee() << " has no PROGRAM in this schedule";
      if (failed(checkNoAliasedArgs(call)))
        return failure();
      os << "  " << kernelSymbol(call.getCallee()) << "(";
      for (auto [i, a] : llvm::enumerate(call.getArgs())) {
        auto it = names.find(a);
        if (it == names.end())
          return call.emitError("uop-to-c: kernel argument is not a "
                                "parameter or BUFFER");
        os << (i ? ", " : "") << it->second;
      }
      // The shape variables the kernel reads, from the entry's parameters.
      if (LinearOp l = linears.lookup(call.getCallee()))
        for (StringRef v : kernelVars(l.getBody().front())) {
          auto var = vars.find(v);
          if (var == vars.end())
            return call.emitError("uop-to-c: kernel @")
                   << call.getCallee() << " reads shape variable '" << v
                   << "', which the schedule does not declare in uop.vars";
          os << (call.getArgs().empty() ? "" : ", ") << var->second;
        }
      os << ");\n";
    }
  }
  for (const std::string &f : frees)
    os << "  free(" << f << ");\n";
  os << "  return 0;\n";
  return success();
}

// The entry `uop_<name>(...)` of one schedule function and its `_packed` form.
LogicalResult emitEntry(FunctionOp sched, const llvm::StringSet<> &emitted,
                        raw_ostream &os) {
  Block &body = sched.getBody().front();
  // Which parameters are written: those passed to a parameter the called
  // kernel's LINEAR writes (the first, the output, when there is none here).
  llvm::SmallDenseSet<Value> outputs;
  llvm::StringMap<LinearOp> linears;
  for (ProgramOp prog : body.getOps<ProgramOp>())
    if (prog.getLinear())
      if (auto l = prog.getLinear().getDefiningOp<LinearOp>())
        linears[prog.getKernel()] = l;
  for (CallOp call : body.getOps<CallOp>()) {
    LinearOp l = linears.lookup(call.getCallee());
    if (!l) {
      if (!call.getArgs().empty())
        outputs.insert(call.getArgs().front());
      continue;
    }
    Block &kernel = l.getBody().front();
    llvm::SmallDenseSet<Value> written = writtenBuffers(kernel);
    for (auto [formal, actual] :
         llvm::zip(kernel.getArguments(), call.getArgs()))
      if (written.contains(formal)) {
        // A write through a view (or an AFTER) writes the viewed buffer.
        Value v = actual;
        for (;;) {
          outputs.insert(v);
          if (auto view = v.getDefiningOp<BufferViewOp>())
            v = view.getBuffer();
          else if (auto after = v.getDefiningOp<AfterOp>())
            v = after.getPassthrough();
          else
            break;
        }
      }
  }
  DenseMap<Value, std::string> names;
  os << "int uop_" << sched.getSymName() << "(";
  for (BlockArgument a : body.getArguments()) {
    auto p = dyn_cast<PtrType>(a.getType());
    if (!p || p.getAddrSpace() != AddrSpace::Global)
      return sched.emitError("uop-to-c: schedule parameters must be global "
                             "!uop.ptr, got ")
             << a.getType();
    FailureOr<std::string> t = cType(sched.getLoc(), p.getElementType());
    if (failed(t))
      return failure();
    names[a] = "a" + std::to_string(a.getArgNumber());
    os << (a.getArgNumber() ? ", " : "")
       << (outputs.contains(a) ? "" : "const ") << *t << " *restrict "
       << names[a];
  }
  // Shape variables follow the buffers, in uop.vars order.
  SmallVector<VarAttr> shapeVars = getShapeVars(sched);
  llvm::StringMap<std::string> vars;
  for (auto [i, v] : llvm::enumerate(shapeVars)) {
    vars[v.getName().getValue()] = "v" + std::to_string(i);
    os << (body.getNumArguments() + i ? ", " : "") << "const int64_t v" << i;
  }
  os << ") {\n";
  // A variable no kernel reads is still part of the interface.
  for (size_t i = 0; i < shapeVars.size(); ++i)
    os << "  (void)v" << i << ";\n";
  // A buffer no kernel is called with (at most the SINK names it) is still
  // a parameter (-Wunused-parameter).
  for (BlockArgument a : body.getArguments())
    if (llvm::all_of(a.getUsers(), [](Operation *u) { return isa<SinkOp>(u); }))
      os << "  (void)" << names[a] << ";\n";
  if (failed(emitEntryBody(sched, emitted, linears, vars, names, os)))
    return failure();
  os << "}\n";
  // Why the last call on this thread returned 1.
  os << "const char *uop_" << sched.getSymName()
     << "_error(void) { return uoph_error; }\n";
  // The same entry with its buffers in one array, for callers that build
  // the call at run time (uop-run, uopRun) whatever the argument count.
  // Shape variables come after the buffers, each as a pointer to int64_t.
  os << "int uop_" << sched.getSymName() << "_packed(void *const *a) {\n";
  if (body.getNumArguments() == 0 && shapeVars.empty())
    os << "  (void)a;\n";
  os << "  return uop_" << sched.getSymName() << "(";
  for (BlockArgument a : body.getArguments())
    os << (a.getArgNumber() ? ", " : "") << "a[" << a.getArgNumber() << "]";
  for (size_t i = 0; i < shapeVars.size(); ++i)
    os << (body.getNumArguments() + i ? ", " : "") << "*(const int64_t *)a["
       << body.getNumArguments() + i << "]";
  os << ");\n}\n";
  return success();
}
} // namespace

LogicalResult uop::translateUOpToC(Operation *op, raw_ostream &os) {
  auto module = dyn_cast<ModuleOp>(op);
  if (!module)
    return op->emitError("uop-to-c: expected a builtin.module");
  SmallVector<FunctionOp> schedules;
  for (FunctionOp fn : module.getOps<FunctionOp>())
    if (!isKernel(fn))
      schedules.push_back(fn);
  if (schedules.empty())
    return module.emitError("uop-to-c: no schedule function; run "
                            "`uop-opt --uop-to-program` first");
  // Every C name outside the entries has a prefix no entry has (`uoph_`
  // helpers, `uopk_` kernels); the entries themselves collide only when one
  // graph is another's name plus `_packed` or `_error`.
  llvm::StringSet<> names;
  for (FunctionOp sched : schedules)
    names.insert(sched.getSymName());
  for (FunctionOp sched : schedules)
    for (StringRef suffix : {"_packed", "_error"})
      if (names.contains((sched.getSymName() + suffix).str()))
        return sched.emitError("uop-to-c: graphs @")
               << sched.getSymName() << " and @" << sched.getSymName() << suffix
               << " would both define the C function uop_" << sched.getSymName()
               << suffix << "; rename one";
  // Buffered: a failure prints no partial C; and the prelude, written last,
  // holds only the helpers the rest calls.
  std::string c;
  llvm::raw_string_ostream cs(c);
  emitVectorTypes(module, cs);
  emitStreamHelpers(module, cs);
  emitStoreLanesHelpers(module, cs);
  llvm::StringSet<> emitted;
  if (failed(emitKernels(schedules, emitted, cs)))
    return failure();
  for (FunctionOp sched : schedules)
    if (failed(emitEntry(sched, emitted, cs)))
      return failure();
  emitCPrelude(os, c);
  os << c;
  return success();
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
