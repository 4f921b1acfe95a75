//===- UOpToC.cpp - uop-translate --uop-to-c ------------------------------===//
//
// C11 from the LINEAR stage of each PROGRAM: one `static void` per kernel with
// restrict pointers, RANGE/END as for loops, IF/ENDIF as if blocks; and per
// schedule function an entry `void uop_<name>(inputs..., outputs...)` that
// allocates the intermediate BUFFERs and calls the kernels in order.
//
//===----------------------------------------------------------------------===//

#include "uop/Dialect/UOp/IR/UOp.h"
#include "uop/Dialect/UOp/Utils/KernelSchedule.h"
#include "uop/Target/Translations.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace uop;

namespace {
FailureOr<std::string> cType(Location loc, Type t) {
  if (t.isF32())
    return std::string("float");
  if (t.isF64())
    return std::string("double");
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
  return emitError(loc, "uop-to-c: unsupported dtype ") << t
         << " (supported: f32, f64, i1, i8, i16, i32, i64, index)",
         failure();
}

std::string floatLiteral(APFloat v, Type t) {
  if (v.isNaN())
    return t.isF32() ? "NAN" : "((double)NAN)";
  if (v.isInfinity())
    return std::string(v.isNegative() ? "-" : "") +
           (t.isF32() ? "INFINITY" : "((double)INFINITY)");
  SmallString<32> s;
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
    if (auto st = dyn_cast<StoreOp>(op))
      if (auto idx = st.getIndex().getDefiningOp<IndexOp>())
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

class KernelEmitter {
public:
  KernelEmitter(raw_ostream &os) : os(os) {}

  LogicalResult emitKernel(StringRef name, LinearOp linear) {
    Block &body = linear.getBody().front();
    // Parameters written through are outputs; the rest are const.
    llvm::SmallDenseSet<Value> written = writtenBuffers(body);
    os << "static void " << kernelSymbol(name) << "(";
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
      os << (a.getArgNumber() ? ", " : "")
         << (written.contains(a) ? "" : "const ") << *t << " *restrict " << n;
    }
    os << ") {\n";
    indent = 1;
    for (Operation &op : body)
      if (failed(emitOp(&op)))
        return failure();
    os << "}\n\n";
    return success();
  }

private:
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

  LogicalResult define(Operation *op, const std::string &rhs) {
    Value r = op->getResult(0);
    FailureOr<std::string> t = cType(op->getLoc(), r.getType());
    if (failed(t))
      return failure();
    line() << "const " << *t << " " << fresh(r) << " = " << rhs << ";\n";
    return success();
  }

  // One op of the LINEAR body as C: a statement, or a name for its value.
  LogicalResult emitOp(Operation *op) {
    if (isa<arith::ConstantOp>(op)) {
      FailureOr<std::string> l = literal(cast<arith::ConstantOp>(op));
      if (failed(l))
        return failure();
      names[op->getResult(0)] = *l;
      return success();
    }
    if (isa<DeviceOp, GroupOp, SinkOp, EndIfOp>(op)) {
      if (isa<EndIfOp>(op)) {
        --indent;
        line() << "}\n";
      }
      return success();
    }
    if (auto r = dyn_cast<RangeOp>(op)) {
      FailureOr<std::string> end = expr(r.getEnd());
      if (failed(end))
        return failure();
      std::string n = fresh(r.getResult(), "r");
      line() << "for (int64_t " << n << " = 0; " << n << " < " << *end << "; ++"
             << n << ") {\n";
      ++indent;
      return success();
    }
    if (isa<EndOp>(op)) {
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
    if (auto a = dyn_cast<AfterOp>(op)) {
      names[a.getResult()] = names.lookup(a.getPassthrough());
      return success();
    }
    if (auto reg = dyn_cast<DefineRegOp>(op))
      return emitDefineReg(reg);
    if (auto idx = dyn_cast<IndexOp>(op))
      return emitIndex(idx);
    if (auto ld = dyn_cast<LoadOp>(op))
      return emitLoad(ld);
    if (auto st = dyn_cast<StoreOp>(op)) {
      FailureOr<std::string> addr = expr(st.getIndex());
      FailureOr<std::string> v = expr(st.getValue());
      if (failed(addr) || failed(v))
        return failure();
      line() << *addr << " = " << *v << ";\n";
      return success();
    }
    if (isa<CustomOp, CustomIOp>(op))
      return emitCustom(op);
    if (isa<SpecialOp>(op))
      return op->emitError("uop-to-c: SPECIAL has no CPU meaning; compile for "
                           "target=cpu (no uop-gpudims)");
    return emitALU(op);
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
    // A one-element register is a plain variable (the C compiler keeps it
    // in a register and vectorizes groups of them).
    if (reg.getSize() == 1) {
      scalarRegs.insert(reg.getResult());
      line() << *t << " " << n << ";\n";
    } else {
      line() << *t << " " << n << "[" << reg.getSize() << "];\n";
    }
    return success();
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
    names[idx.getResult()] = *buf + "[" + *i + "]";
    return success();
  }

  // A LOAD, gated by its INDEX's gate (the alternative value, or 0, when off).
  LogicalResult emitLoad(LoadOp ld) {
    auto idx = ld.getIndex().getDefiningOp<IndexOp>();
    FailureOr<std::string> addr = expr(ld.getIndex());
    if (failed(addr))
      return failure();
    if (idx && idx.getGate()) {
      FailureOr<std::string> g = expr(idx.getGate());
      FailureOr<std::string> alt =
          ld.getAlt() ? expr(ld.getAlt()) : FailureOr<std::string>(std::string("0"));
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
    if (std::optional<LogicalResult> r = emitArith(op, in))
      return *r;
    if (std::optional<LogicalResult> r = emitMinMaxSelect(op, in))
      return *r;
    if (std::optional<LogicalResult> r = emitCompare(op, in))
      return *r;
    if (std::optional<LogicalResult> r = emitConversion(op, in))
      return *r;
    if (std::optional<LogicalResult> r = emitMath(op, in))
      return *r;
    return op->emitError("uop-to-c: no C form for this op");
  }

  // `(a o b)`.
  LogicalResult emitBinary(Operation *op, ArrayRef<std::string> in,
                           StringRef o) {
    return define(op, "(" + in[0] + " " + o.str() + " " + in[1] + ")");
  }

  // arith's integer add/sub/mul wrap; C's signed ones may not overflow, so
  // program integers compute in the unsigned type of their width (index
  // arithmetic cannot overflow and stays signed).
  LogicalResult emitWrapping(Operation *op, ArrayRef<std::string> in,
                             StringRef o) {
    Type t = op->getResult(0).getType();
    if (t.isIndex())
      return emitBinary(op, in, o);
    FailureOr<std::string> ct = cType(op->getLoc(), t);
    if (failed(ct))
      return failure();
    std::string u = t.isInteger(1) ? "unsigned" : unsignedCType(t);
    return define(op, "(" + *ct + ")((" + u + ")" + in[0] + " " + o.str() +
                          " (" + u + ")" + in[1] + ")");
  }

  // `a o b` on the bits as the unsigned type of the width (divui, remui,
  // shrui).
  LogicalResult emitUnsigned(Operation *op, ArrayRef<std::string> in,
                             StringRef o) {
    Type t = op->getResult(0).getType();
    FailureOr<std::string> ct = cType(op->getLoc(), t);
    if (failed(ct))
      return failure();
    std::string u = unsignedCType(t);
    return define(op, "(" + *ct + ")((" + u + ")" + in[0] + " " + o.str() +
                          " (" + u + ")" + in[1] + ")");
  }

  // floordivsi / ceildivsi: C's division truncates; step down (floor) or up
  // (ceil) when there is a remainder and the exact quotient is negative
  // (floor) or positive (ceil).
  LogicalResult emitRoundedDivision(Operation *op, ArrayRef<std::string> in) {
    FailureOr<std::string> ct = cType(op->getLoc(), op->getResult(0).getType());
    if (failed(ct))
      return failure();
    const std::string &a = in[0], &b = in[1];
    bool floor = isa<arith::FloorDivSIOp>(op);
    std::string inexact = "(" + a + " % " + b + " != 0)";
    std::string negative = "((" + a + " < 0) != (" + b + " < 0))";
    return define(op, "(" + *ct + ")(" + a + " / " + b +
                          (floor ? " - (" + inexact + " & " + negative + ")"
                                 : " + (" + inexact + " & !" + negative + ")") +
                          ")");
  }

  // `c ? a : b` of type `t`, as a bit blend for floats.
  static std::string select(Type t, const std::string &c, const std::string &a,
                            const std::string &b) {
    if (t.isF32())
      return "uop_select_f32(" + c + ", " + a + ", " + b + ")";
    if (t.isF64())
      return "uop_select_f64(" + c + ", " + a + ", " + b + ")";
    return "(" + c + " ? " + a + " : " + b + ")";
  }

  // A call of the C math function `fn` (its `f` form on f32).
  LogicalResult emitCall(Operation *op, ArrayRef<std::string> in,
                         StringRef fn) {
    bool f32 = op->getResult(0).getType().isF32();
    std::string name = (fn + (f32 ? "f" : "")).str();
    std::string args = llvm::join(in, ", ");
    return define(op, name + "(" + args + ")");
  }

  // Add, subtract, multiply, divide, remainder, bitwise ops, shifts and
  // negation; none when `op` is not one of them.
  std::optional<LogicalResult> emitArith(Operation *op,
                                         ArrayRef<std::string> in) {
    auto bin = [&](StringRef o) { return emitBinary(op, in, o); };
    auto wrapping = [&](StringRef o) { return emitWrapping(op, in, o); };
    return TypeSwitch<Operation *, std::optional<LogicalResult>>(op)
        .Case<arith::AddFOp>([&](auto) { return bin("+"); })
        .Case<arith::SubFOp>([&](auto) { return bin("-"); })
        .Case<arith::MulFOp>([&](auto) { return bin("*"); })
        .Case<arith::AddIOp>([&](auto) { return wrapping("+"); })
        .Case<arith::SubIOp>([&](auto) { return wrapping("-"); })
        .Case<arith::MulIOp>([&](auto) { return wrapping("*"); })
        .Case<arith::DivFOp, arith::DivSIOp>([&](auto) { return bin("/"); })
        .Case<arith::RemSIOp>([&](auto) { return bin("%"); })
        .Case<arith::DivUIOp>([&](auto) { return emitUnsigned(op, in, "/"); })
        .Case<arith::RemUIOp>([&](auto) { return emitUnsigned(op, in, "%"); })
        .Case<arith::AndIOp>([&](auto) { return bin("&"); })
        .Case<arith::OrIOp>([&](auto) { return bin("|"); })
        .Case<arith::XOrIOp>([&](auto) { return bin("^"); })
        // Shifting a negative value left is undefined in C: shift the bits.
        .Case<arith::ShLIOp>([&](auto) { return wrapping("<<"); })
        // GCC and Clang shift signed values arithmetically.
        .Case<arith::ShRSIOp>([&](auto) { return bin(">>"); })
        .Case<arith::ShRUIOp>([&](auto) { return emitUnsigned(op, in, ">>"); })
        .Case<arith::FloorDivSIOp, arith::CeilDivSIOp>(
            [&](auto) { return emitRoundedDivision(op, in); })
        .Case<arith::NegFOp>([&](auto) { return define(op, "(-" + in[0] + ")"); })
        .Default([](Operation *) { return std::nullopt; });
  }

  // The min/max family and select; none when `op` is not one of them.
  std::optional<LogicalResult> emitMinMaxSelect(Operation *op,
                                                ArrayRef<std::string> in) {
    Type t = op->getResult(0).getType();
    return TypeSwitch<Operation *, std::optional<LogicalResult>>(op)
        // maxnumf/minnumf return the other operand for one NaN: C's fmax.
        .Case<arith::MaxNumFOp>([&](auto) { return emitCall(op, in, "fmax"); })
        .Case<arith::MinNumFOp>([&](auto) { return emitCall(op, in, "fmin"); })
        .Case<arith::MaximumFOp>([&](auto) {
          // maximumf propagates NaN (a NaN b takes b) and puts +0 above -0;
          // branch-free.
          const std::string &a = in[0], &b = in[1];
          return define(op, select(t, "((" + a + " > " + b + ") | (" + a +
                                          " != " + a + ") | ((" + a + " == " +
                                          b + ") & !signbit(" + a + ")))",
                                   a, b));
        })
        .Case<arith::MinimumFOp>([&](auto) {
          const std::string &a = in[0], &b = in[1];
          return define(op, select(t, "((" + a + " < " + b + ") | (" + a +
                                          " != " + a + ") | ((" + a + " == " +
                                          b + ") & (signbit(" + a + ") != 0)))",
                                   a, b));
        })
        .Case<arith::MaxSIOp>([&](auto) {
          return define(op, "(" + in[0] + " > " + in[1] + " ? " + in[0] +
                                " : " + in[1] + ")");
        })
        .Case<arith::MinSIOp>([&](auto) {
          return define(op, "(" + in[0] + " < " + in[1] + " ? " + in[0] +
                                " : " + in[1] + ")");
        })
        .Case<arith::MaxUIOp, arith::MinUIOp>([&](auto) {
          // Compare as unsigned (bools: max is any, min is all).
          std::string u = unsignedCType(t);
          const char *cmp = isa<arith::MaxUIOp>(op) ? " > " : " < ";
          return define(op, "((" + u + ")" + in[0] + cmp + "(" + u + ")" +
                                in[1] + " ? " + in[0] + " : " + in[1] + ")");
        })
        .Case<arith::SelectOp>([&](auto) {
          return define(op, select(t, in[0], in[1], in[2]));
        })
        .Default([](Operation *) { return std::nullopt; });
  }

  // cmpi and cmpf; none when `op` is neither.
  std::optional<LogicalResult> emitCompare(Operation *op,
                                           ArrayRef<std::string> in) {
    if (auto c = dyn_cast<arith::CmpIOp>(op)) {
      static const char *ops[] = {"==", "!=", "<", "<=", ">", ">=",
                                  "<", "<=", ">", ">="};
      using P = arith::CmpIPredicate;
      P p = c.getPredicate();
      if (p == P::ult || p == P::ule || p == P::ugt || p == P::uge) {
        std::string u = unsignedCType(c.getLhs().getType());
        return define(op, "((" + u + ")" + in[0] + " " + ops[(int)p] + " (" +
                              u + ")" + in[1] + ")");
      }
      return emitBinary(op, in, ops[(int)p]);
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
    case P::OEQ: return bin("==");
    case P::OLT: return bin("<");
    case P::OLE: return bin("<=");
    case P::OGT: return bin(">");
    case P::OGE: return bin(">=");
    case P::UNE: return bin("!=");
    case P::ULT: return neg(">=");
    case P::ULE: return neg(">");
    case P::UGT: return neg("<=");
    case P::UGE: return neg("<");
    case P::ONE:
      return define(op, "((" + a + " < " + b + ") | (" + a + " > " + b + "))");
    case P::UEQ:
      return define(op, "(!((" + a + " < " + b + ") | (" + a + " > " + b + ")))");
    case P::ORD:
      return define(op, "((" + a + " == " + a + ") & (" + b + " == " + b + "))");
    case P::UNO:
      return define(op, "((" + a + " != " + a + ") | (" + b + " != " + b + "))");
    case P::AlwaysFalse: return define(op, "0");
    case P::AlwaysTrue: return define(op, "1");
    }
    return c.emitError("uop-to-c: unsupported cmpf predicate");
  }

  // Casts between int and float types; none when `op` is not one.
  std::optional<LogicalResult> emitConversion(Operation *op,
                                              ArrayRef<std::string> in) {
    Type t = op->getResult(0).getType();
    if (isa<arith::ExtFOp, arith::TruncFOp, arith::SIToFPOp, arith::FPToSIOp,
            arith::ExtSIOp, arith::TruncIOp, arith::IndexCastOp>(op)) {
      FailureOr<std::string> ct = cType(op->getLoc(), t);
      if (failed(ct))
        return failure();
      return define(op, "(" + *ct + ")(" + in[0] + ")");
    }
    if (isa<arith::ExtUIOp, arith::UIToFPOp>(op)) {
      // Zero extension: through the unsigned type of the source width.
      FailureOr<std::string> ct = cType(op->getLoc(), t);
      if (failed(ct))
        return failure();
      Type src = op->getOperand(0).getType();
      std::string u = src.isInteger(1) ? "" : "(" + unsignedCType(src) + ")";
      std::string v = src.isInteger(1) ? "(" + in[0] + " != 0)" : in[0];
      return define(op, "(" + *ct + ")" + u + v);
    }
    return std::nullopt;
  }

  // math ops as calls of the C library; none when `op` is not one.
  std::optional<LogicalResult> emitMath(Operation *op,
                                        ArrayRef<std::string> in) {
    bool f32 = op->getResult(0).getType().isF32();
    auto call = [&](StringRef fn) { return emitCall(op, in, fn); };
    return TypeSwitch<Operation *, std::optional<LogicalResult>>(op)
        .Case<math::ExpOp>([&](auto) { return call("exp"); })
        .Case<math::Exp2Op>([&](auto) { return call("exp2"); })
        .Case<math::LogOp>([&](auto) { return call("log"); })
        .Case<math::Log2Op>([&](auto) { return call("log2"); })
        .Case<math::SqrtOp>([&](auto) { return call("sqrt"); })
        .Case<math::SinOp>([&](auto) { return call("sin"); })
        .Case<math::CosOp>([&](auto) { return call("cos"); })
        .Case<math::TanhOp>([&](auto) { return call("tanh"); })
        .Case<math::AbsFOp>([&](auto) { return call("fabs"); })
        .Case<math::PowFOp>([&](auto) { return call("pow"); })
        .Case<math::RsqrtOp>([&](auto) {
          return define(op, std::string("(1") + (f32 ? ".0f" : ".0") + " / " +
                                (f32 ? "sqrtf(" : "sqrt(") + in[0] + "))");
        })
        .Default([](Operation *) { return std::nullopt; });
  }

  raw_ostream &os;
  DenseMap<Value, std::string> names;
  llvm::SmallDenseSet<Value> scalarRegs;
  int indent = 0;
  unsigned counter = 0;
};

// The includes and the select helpers every generated file starts with.
void emitPrelude(raw_ostream &os) {
  os << "// Generated by uop-translate --uop-to-c.\n"
        "#include <math.h>\n#include <stdint.h>\n#include <stdlib.h>\n"
        "#include <string.h>\n\n"
        // A float select as a bit blend: `c ? a : b` on floats becomes a
        // branch in GCC's IR, which stops it from vectorizing lanes.
        "static inline float uop_select_f32(int c, float a, float b) {\n"
        "  uint32_t x, y, m = -(uint32_t)(c != 0);\n"
        "  memcpy(&x, &a, 4); memcpy(&y, &b, 4); x = (x & m) | (y & ~m);\n"
        "  memcpy(&a, &x, 4); return a;\n}\n"
        "static inline double uop_select_f64(int c, double a, double b) {\n"
        "  uint64_t x, y, m = -(uint64_t)(c != 0);\n"
        "  memcpy(&x, &a, 8); memcpy(&y, &b, 8); x = (x & m) | (y & ~m);\n"
        "  memcpy(&a, &x, 8); return a;\n}\n\n";
}

// One C function per kernel that the schedules run, each once; `emitted`
// collects their names.
LogicalResult emitKernels(ArrayRef<FunctionOp> schedules,
                          llvm::StringSet<> &emitted, raw_ostream &os) {
  for (FunctionOp sched : schedules) {
    for (ProgramOp prog : sched.getBody().front().getOps<ProgramOp>()) {
      auto linear = prog.getLinear()
                        ? prog.getLinear().getDefiningOp<LinearOp>()
                        : LinearOp();
      if (!linear)
        return prog.emitError("uop-to-c: PROGRAM has no LINEAR stage; run "
                              "uop-linearize first");
      if (!emitted.insert(prog.getKernel()).second)
        continue;
      KernelEmitter k(os);
      if (failed(k.emitKernel(prog.getKernel(), linear)))
        return failure();
    }
  }
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
    return copy.emitError("uop-to-c: COPY needs a sized !uop.ptr, got ")
           << p;
  FailureOr<std::string> t = cType(copy.getLoc(), p.getElementType());
  if (failed(t))
    return failure();
  std::string name = "b" + std::to_string(n++);
  std::string bytes = "sizeof(" + *t + ") * " +
                      std::to_string(std::max<int64_t>(p.getSize(), 1));
  os << "  " << *t << " *" << name << " = malloc(" << bytes << ");\n";
  os << "  if (!" << name << ") abort();\n";
  os << "  memcpy(" << name << ", " << it->second << ", " << bytes << ");\n";
  names[copy.getResult()] = name;
  frees.push_back(name);
  return success();
}

/// Kernel parameters are `restrict`: two arguments of one call that reach
/// the same buffer (through BUFFER_VIEW or AFTER) would be undefined
/// behaviour in C, so they are an error rather than a silent miscompile.
LogicalResult checkNoAliasedArgs(CallOp call) {
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
  }
  return success();
}

LogicalResult emitEntryBody(FunctionOp sched, const llvm::StringSet<> &emitted,
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
      os << "  " << *t << " *" << name << " = malloc(sizeof(" << *t << ") * "
         << std::max<int64_t>(buf.getSize(), 1) << ");\n";
      os << "  if (!" << name << ") abort();\n";
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
                    GroupOp, SinkOp>(op)) {
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
      os << ");\n";
    }
  }
  for (const std::string &f : frees)
    os << "  free(" << f << ");\n";
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
  os << "void uop_" << sched.getSymName() << "(";
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
  os << ") {\n";
  if (failed(emitEntryBody(sched, emitted, names, os)))
    return failure();
  os << "}\n";
  // The same entry with its buffers in one array, for callers that build
  // the call at run time (uop-run, uopRun) whatever the argument count.
  os << "void uop_" << sched.getSymName() << "_packed(void *const *a) {\n  uop_"
     << sched.getSymName() << "(";
  for (BlockArgument a : body.getArguments())
    os << (a.getArgNumber() ? ", " : "") << "a[" << a.getArgNumber() << "]";
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
  // Buffered: a failure prints no partial C.
  std::string c;
  llvm::raw_string_ostream cs(c);
  emitPrelude(cs);
  llvm::StringSet<> emitted;
  if (failed(emitKernels(schedules, emitted, cs)))
    return failure();
  for (FunctionOp sched : schedules)
    if (failed(emitEntry(sched, emitted, cs)))
      return failure();
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
