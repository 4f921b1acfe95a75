//===- ALUTableTest.cpp - every ALU op, every consumer --------------------===//
//
// Walks uop/Support/ALUOps.def (through uop::aluOps()) and checks that each
// consumer of ALU semantics handles every row: the op exists under its name,
// the interpreter evaluates it, uop-to-c writes it with the row's spelling,
// its tirx kind and Python name parse. A row added without its consumers fails
// here, in CI, not in a user's run.
//
//===----------------------------------------------------------------------===//

#include "uop/Dialect/UOp/IR/ALUTable.h"
#include "uop/Dialect/TIRx/IR/TIRx.h"
#include "uop/Dialect/TIRx/Transforms/ElementwiseKinds.h"
#include "uop/Dialect/UOp/IR/UOp.h"
#include "uop/Pipelines/Pipelines.h"
#include "uop/Runtime/Compile.h"
#include "uop/Runtime/Interpreter.h"
#include "uop/Target/Translations.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace uop;

namespace {

/// The element types the C test gives a row's signature: operands, result.
std::pair<SmallVector<StringRef>, StringRef> cTypes(const ALUOpInfo &row) {
  switch (row.signature) {
  case ALUSignature::FloatToFloat:
    return {SmallVector<StringRef>(row.arity, "f32"), "f32"};
  case ALUSignature::IntToInt:
    return {SmallVector<StringRef>(row.arity, "i32"), "i32"};
  case ALUSignature::FloatCompare:
    return {{"f32", "f32"}, "i1"};
  case ALUSignature::IntCompare:
    return {{"i32", "i32"}, "i1"};
  case ALUSignature::Select:
    return {{"i1", "f32", "f32"}, "f32"};
  case ALUSignature::FloatExtend:
    return {{"f16"}, "f32"};
  case ALUSignature::FloatTruncate:
    return {{"f32"}, "f16"};
  case ALUSignature::IntToFloat:
    return {{"i32"}, "f32"};
  case ALUSignature::FloatToInt:
    return {{"f32"}, "i32"};
  case ALUSignature::IntExtend:
    return {{"i16"}, "i32"};
  case ALUSignature::IntTruncate:
    return {{"i32"}, "i16"};
  case ALUSignature::IntToIndex:
    return {{"i32"}, "index"};
  case ALUSignature::Bitcast:
    return {{"f32"}, "i32"};
  }
  return {};
}

/// A tensor-level function of one op of `row` on 4-element tensors (the
/// generic form, so one template serves every row).
std::string oneOpFunction(const ALUOpInfo &row) {
  auto [operands, result] = cTypes(row);
  auto tensor = [](StringRef t) { return ("tensor<4x" + t + ">").str(); };
  SmallVector<std::string> args, names, types;
  for (auto [i, t] : llvm::enumerate(operands)) {
    names.push_back("%a" + std::to_string(i));
    args.push_back(names.back() + ": " + tensor(t));
    types.push_back(tensor(t));
  }
  std::string attr;
  if (row.signature == ALUSignature::FloatCompare)
    attr = " {predicate = 4 : i64}"; // olt
  if (row.signature == ALUSignature::IntCompare)
    attr = " {predicate = 2 : i64}"; // slt
  return "func.func @f(" + llvm::join(args, ", ") + ") -> " + tensor(result) +
         " {\n  %r = \"" + row.name.str() + "\"(" + llvm::join(names, ", ") +
         ")" + attr + " : (" + llvm::join(types, ", ") + ") -> " +
         tensor(result) + "\n  return %r : " + tensor(result) + "\n}\n";
}

/// The prelude helper a row's form calls on f32/i32, or "".
std::string helperOf(const ALUOpInfo &row) {
  std::string s = row.cSpelling.str();
  switch (row.cForm) {
  case ALUCForm::Polynomial:
    return "uoph_" + s + "_f32";
  case ALUCForm::FloatMinMax:
    return s + "f32";
  case ALUCForm::WidthHelper:
  case ALUCForm::BitsHelper:
  case ALUCForm::IntPowHelper:
    return s;
  default:
    return "";
  }
}

/// What the C that computes `row`'s op on f32/i32 contains: its spelling in
/// the shape of its form; empty for the forms without a spelling.
std::string spelledAs(const ALUOpInfo &row) {
  std::string s = row.cSpelling.trim().str();
  switch (row.cForm) {
  case ALUCForm::Infix:
  case ALUCForm::Wrapping:
  case ALUCForm::UnsignedInfix:
  case ALUCForm::SignedDivision:
  case ALUCForm::Shift:
  case ALUCForm::SignedMinMax:
  case ALUCForm::UnsignedMinMax:
    return " " + s + " ";
  case ALUCForm::Negate:
    return "(" + s + "v";
  case ALUCForm::Call:
    return s + "f(";
  case ALUCForm::ReciprocalCall:
    return "/ " + s + "f(";
  // On a C vector, the helper's vector form: uoph_exp_f32x2(&r, &x).
  case ALUCForm::Polynomial:
    return helperOf(row);
  case ALUCForm::FloatMinMax:
  case ALUCForm::WidthHelper:
  case ALUCForm::BitsHelper:
  case ALUCForm::IntPowHelper:
    return helperOf(row) + "(";
  default:
    return "";
  }
}

class ALUTableTest : public ::testing::Test {
protected:
  ALUTableTest() : b(&context) {
    context.loadDialect<UOpDialect, arith::ArithDialect, math::MathDialect>();
    module = ModuleOp::create(b.getUnknownLoc());
    b.setInsertionPointToEnd(module->getBody());
  }

  /// The operand types and the result type of a row's signature.
  std::pair<SmallVector<Type>, Type> types(const ALUOpInfo &row) {
    Type f16 = b.getF16Type(), f32 = b.getF32Type(), i1 = b.getI1Type();
    Type i16 = b.getI16Type(), i32 = b.getI32Type();
    SmallVector<Type> same(row.arity,
                           row.signature == ALUSignature::IntToInt ? i32 : f32);
    switch (row.signature) {
    case ALUSignature::FloatToFloat:
      return {same, f32};
    case ALUSignature::IntToInt:
      return {same, i32};
    case ALUSignature::FloatCompare:
      return {{f32, f32}, i1};
    case ALUSignature::IntCompare:
      return {{i32, i32}, i1};
    case ALUSignature::Select:
      return {{i1, f32, f32}, f32};
    case ALUSignature::FloatExtend:
      return {{f16}, f32};
    case ALUSignature::FloatTruncate:
      return {{f32}, f16};
    case ALUSignature::IntToFloat:
      return {{i32}, f32};
    case ALUSignature::FloatToInt:
      return {{f32}, i32};
    case ALUSignature::IntExtend:
      return {{i16}, i32};
    case ALUSignature::IntTruncate:
      return {{i32}, i16};
    case ALUSignature::IntToIndex:
      return {{i32}, b.getIndexType()};
    case ALUSignature::Bitcast:
      return {{f32}, i32};
    }
    return {{}, Type()};
  }

  /// A verified instance of the row's op on block arguments.
  Operation *build(const ALUOpInfo &row) {
    auto [operandTypes, result] = types(row);
    Block *block = new Block();
    module->getBodyRegion().push_back(block);
    SmallVector<Value> operands;
    for (Type t : operandTypes)
      operands.push_back(block->addArgument(t, b.getUnknownLoc()));
    OperationState state(b.getUnknownLoc(), row.name);
    state.addOperands(operands);
    state.addTypes(result);
    if (row.signature == ALUSignature::FloatCompare)
      state.addAttribute("predicate", arith::CmpFPredicateAttr::get(
                                          &context, arith::CmpFPredicate::OLT));
    if (row.signature == ALUSignature::IntCompare)
      state.addAttribute("predicate", arith::CmpIPredicateAttr::get(
                                          &context, arith::CmpIPredicate::slt));
    OpBuilder ob = OpBuilder::atBlockEnd(block);
    Operation *op = ob.create(state);
    EXPECT_TRUE(succeeded(mlir::verify(op))) << row.name.str();
    return op;
  }

  MLIRContext context;
  OpBuilder b;
  OwningOpRef<ModuleOp> module;
};

TEST_F(ALUTableTest, RowsNameTheirOpOnce) {
  llvm::StringSet<> names;
  llvm::DenseSet<TypeID> ids;
  for (const ALUOpInfo &row : aluOps()) {
    std::optional<RegisteredOperationName> op =
        RegisteredOperationName::lookup(row.name, &context);
    ASSERT_TRUE(op.has_value()) << row.name.str();
    EXPECT_EQ(op->getTypeID(), row.typeID) << row.name.str();
    EXPECT_TRUE(names.insert(row.name).second) << row.name.str();
    EXPECT_TRUE(ids.insert(row.typeID).second) << row.name.str();
  }
}

TEST_F(ALUTableTest, LookupFindsEveryRowAndNoConstant) {
  for (const ALUOpInfo &row : aluOps()) {
    Operation *op = build(row);
    EXPECT_EQ(lookupALUOp(op), &row) << row.name.str();
    EXPECT_EQ(op->getNumOperands(), row.arity) << row.name.str();
  }
  auto c =
      arith::ConstantOp::create(b, b.getUnknownLoc(), b.getI32IntegerAttr(1));
  EXPECT_FALSE(isALUOp(c));
}

// The interpreter (uop-run --check's reference) evaluates every row.
TEST_F(ALUTableTest, InterpreterEvaluatesEveryRow) {
  for (const ALUOpInfo &row : aluOps()) {
    Operation *op = build(row);
    ElementEvaluator eval = elementEvaluator(*op);
    ASSERT_TRUE(eval) << row.name.str() << ": the interpreter lacks it";
    SmallVector<ElementValue> in(row.arity, ElementValue{1.5, 3, false});
    (void)eval(in);
  }
}

// uop-to-c writes every row (its emitter switches over ALUCForm, so a form
// it lacks does not compile); the rows without a C form are these, exactly.
TEST_F(ALUTableTest, CEmitterHasAFormForEveryRow) {
  llvm::StringSet<> noCForm = {"arith.ceildivui"};
  for (const ALUOpInfo &row : aluOps()) {
    EXPECT_EQ(row.cForm == ALUCForm::None, noCForm.contains(row.name))
        << row.name.str();
    bool spelled = !row.cSpelling.empty();
    switch (row.cForm) {
    case ALUCForm::None:
    case ALUCForm::SignedDivision:
    case ALUCForm::AbsI:
    case ALUCForm::Compare:
    case ALUCForm::Select:
    case ALUCForm::Bitcast:
    case ALUCForm::Conversion:
      break;
    default:
      EXPECT_TRUE(spelled) << row.name.str() << ": its form needs a spelling";
    }
  }
}

// uop-to-c writes every row in its form with its spelling (a one-op
// function through uop-to-program{target=cpu} and translateUOpToC): the
// kernel's lines that compute values contain the spelling, and a prelude
// helper the form calls is defined. A row the emitter does not write as its
// C form and spelling say, or a None row it does write, fails here.
TEST(ALUTableCTest, EveryRowIsWrittenInItsFormAndSpelling) {
  DialectRegistry registry;
  registerCompilerDialects(registry);
  MLIRContext context(registry);
  context.disableMultithreading();
  std::string diagnostics;
  ScopedDiagnosticHandler handler(&context, [&](Diagnostic &d) {
    diagnostics += d.str() + "\n";
    return success();
  });
  UOpToProgramPipelineOptions options; // fixed options: no host query
  for (const ALUOpInfo &row : aluOps()) {
    diagnostics.clear();
    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(oneOpFunction(row), &context);
    ASSERT_TRUE(module) << row.name.str() << ": " << diagnostics;
    PassManager pm(&context);
    buildUOpToProgramPipeline(pm, options);
    ASSERT_TRUE(succeeded(pm.run(*module)))
        << row.name.str() << ": " << diagnostics;
    std::string c;
    llvm::raw_string_ostream os(c);
    bool written = succeeded(translateUOpToC(*module, os));
    if (row.cForm == ALUCForm::None) {
      EXPECT_FALSE(written) << row.name.str() << ": a None row is written";
      EXPECT_NE(diagnostics.find("no C form"), std::string::npos)
          << row.name.str() << ": " << diagnostics;
      continue;
    }
    ASSERT_TRUE(written) << row.name.str() << ": " << diagnostics;
    // The kernels' value definitions, without the index arithmetic and the
    // vector stores' address computations.
    size_t begin = c.find("static void uopk_"), end = c.find("\nint uop_f(");
    ASSERT_TRUE(begin != std::string::npos && end != std::string::npos)
        << row.name.str() << ":\n"
        << c;
    SmallVector<StringRef> lines, values;
    StringRef(c).slice(begin, end).split(lines, '\n');
    for (StringRef l : lines)
      if (l.contains(" = ") && !l.contains("INT64_C") &&
          !l.contains("memcpy") && !l.trim().starts_with("const int64_t"))
        values.push_back(l);
    EXPECT_FALSE(values.empty()) << row.name.str() << ":\n" << c;
    std::string spelled = spelledAs(row);
    if (!spelled.empty()) {
      EXPECT_TRUE(llvm::any_of(
          values, [&](StringRef l) { return l.contains(spelled); }))
          << row.name.str() << ": no \"" << spelled << "\" in\n"
          << llvm::join(values, "\n");
    }
    std::string helper = helperOf(row);
    if (helper.empty())
      continue;
    SmallVector<StringRef> all;
    StringRef(c).split(all, '\n');
    EXPECT_TRUE(llvm::any_of(all,
                             [&](StringRef l) {
                               return l.starts_with("static inline") &&
                                      l.contains(" " + helper + "(");
                             }))
        << row.name.str() << ": the prelude does not define " << helper;
  }
}

// Rangeify's cost list is the table's: the transcendental rows (math ops
// that are library calls or prelude polynomials), the float division, and
// nothing else; aluOpWeight reads it.
TEST_F(ALUTableTest, CostClassesAreTheTables) {
  for (const ALUOpInfo &row : aluOps()) {
    Operation *op = build(row);
    EXPECT_EQ(isTranscendentalALUOp(op), row.cost == ALUCost::Transcendental)
        << row.name.str();
    if (row.cost == ALUCost::Transcendental) {
      EXPECT_TRUE(row.name.starts_with("math.")) << row.name.str();
    }
    EXPECT_EQ(row.cost == ALUCost::Divide, row.name == "arith.divf")
        << row.name.str();
    int64_t weight = row.cost == ALUCost::Cheap    ? 1
                     : row.cost == ALUCost::Divide ? 2
                                                   : 16;
    EXPECT_EQ(aluOpWeight(op, /*mathCost=*/16), weight) << row.name.str();
  }
}

// A tirx kind names a UnaryKind (one operand) or BinaryKind (two).
TEST_F(ALUTableTest, TIRxKindsParse) {
  for (const ALUOpInfo &row : aluOps()) {
    if (row.tirxKind.empty())
      continue;
    if (row.arity == 1)
      EXPECT_TRUE(tirx::symbolizeUnaryKind(row.tirxKind).has_value())
          << row.name.str();
    else
      EXPECT_TRUE(tirx::symbolizeBinaryKind(row.tirxKind).has_value())
          << row.name.str();
  }
}

// tirx's emitUnary builds every UnaryKind: the row whose TIRX column names
// it, or a composite (reciprocal, silu, relu); a kind with neither, or a row
// whose kind emitUnary builds as another op, fails here.
TEST_F(ALUTableTest, TIRxUnaryKindsComeFromTheTable) {
  llvm::StringSet<> composites = {"reciprocal", "silu", "relu"};
  for (uint32_t v = 0; v <= tirx::getMaxEnumValForUnaryKind(); ++v) {
    std::optional<tirx::UnaryKind> kind = tirx::symbolizeUnaryKind(v);
    if (!kind)
      continue;
    StringRef name = tirx::stringifyUnaryKind(*kind);
    const ALURow *row = lookupALURowByTIRxKind(name, 1);
    EXPECT_NE(row == nullptr, !composites.contains(name))
        << name.str() << ": a UnaryKind is a table row or a composite";
    Block *block = new Block();
    module->getBodyRegion().push_back(block);
    OpBuilder ob = OpBuilder::atBlockEnd(block);
    Value x = block->addArgument(b.getF32Type(), b.getUnknownLoc());
    Value y = tirx::emitUnary(ob, b.getUnknownLoc(), *kind, x);
    ASSERT_TRUE(y) << name.str() << ": emitUnary has no form";
    EXPECT_EQ(y.getType(), x.getType()) << name.str();
    if (row) {
      EXPECT_EQ(y.getDefiningOp()->getName().getStringRef(), row->name)
          << name.str();
    }
  }
  for (const ALURow &row : aluRows()) {
    if (row.arity == 1 && !row.tirxKind.empty()) {
      EXPECT_EQ(lookupALURowByTIRxKind(row.tirxKind, 1), &row)
          << row.name.str() << ": two rows name tirx kind "
          << row.tirxKind.str();
    }
  }
}

// A Python name is "class:op", class float, int, signed or unsigned, and
// one (class, op) pair names one row.
TEST_F(ALUTableTest, PythonNamesAreUnique) {
  llvm::StringSet<> seen;
  for (const ALUOpInfo &row : aluOps()) {
    if (row.pyName.empty())
      continue;
    auto [cls, name] = row.pyName.split(':');
    EXPECT_TRUE(cls == "float" || cls == "int" || cls == "signed" ||
                cls == "unsigned")
        << row.name.str();
    EXPECT_FALSE(name.empty()) << row.name.str();
    EXPECT_TRUE(seen.insert(row.pyName).second) << row.pyName.str();
  }
}

} // namespace
