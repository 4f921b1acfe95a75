//===- KernelTimer.cpp - the runtime's timer for uop-optimize's search ----===//
//
// uop-optimize{search=N} calls this through the KernelTimer hook of its own
// layer: the candidate kernel compiles and runs through the path uop-run
// takes for kernel-level programs, in a context of its own.
//
//===----------------------------------------------------------------------===//

#include "uop/Runtime/KernelTimer.h"
#include "uop/Dialect/UOp/Transforms/KernelTimer.h"
#include "uop/Runtime/Compile.h"
#include "uop/Runtime/Error.h"
#include "uop/Runtime/Execute.h"
#include "uop/Runtime/HostData.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <algorithm>
#include <mutex>
#include <random>

using namespace mlir;
using namespace uop;

namespace {
constexpr llvm::StringLiteral kSchedule = "__uop_search_schedule";
/// The runs of a measurement fill about this many milliseconds.
constexpr double kTargetMs = 100;
constexpr unsigned kMinRuns = 3, kMaxRuns = 50;

/// The kernel, and a schedule that calls it once on buffers of its own, as
/// text for the timer's context.
llvm::Expected<std::string> programText(FunctionOp kernel) {
  SmallVector<Type> types(kernel.getArgumentTypes());
  for (Type t : types) {
    auto p = dyn_cast<PtrType>(t);
    if (!p || !p.hasSize() || !p.getElementType().isIntOrFloat())
      return makeError(RuntimeErrorKind::BadInput,
                       "the kernel's parameters are not all sized buffers of "
                       "integers or floats (a shape variable?)");
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  kernel->print(os);
  os << "\nuop.function @" << kSchedule << "(";
  for (auto [i, t] : llvm::enumerate(types))
    os << (i ? ", " : "") << "%a" << i << ": " << t;
  os << ") {\n  %c = uop.call "
     << FlatSymbolRefAttr::get(kernel.getSymNameAttr()) << "(";
  for (size_t i = 0; i < types.size(); ++i)
    os << (i ? ", " : "") << "%a" << i;
  os << ")";
  if (!types.empty()) {
    os << " : (";
    llvm::interleaveComma(types, os);
    os << ")";
  }
  os << "\n  uop.sink %c : !uop.void\n}\n";
  return text;
}

/// Seeded data for each buffer parameter: floats in [-1, 1), integers and
/// bools 1 (an index or a divisor read from a buffer stays in bounds).
std::vector<AlignedBytes> makeData(FunctionOp kernel) {
  std::mt19937_64 rng(0x5eedULL);
  std::uniform_real_distribution<double> dist(-1, 1);
  std::vector<AlignedBytes> data;
  for (Type t : kernel.getArgumentTypes()) {
    auto p = cast<PtrType>(t);
    DType d{p.getElementType()};
    AlignedBytes bytes(p.getSize() * d.bytes());
    for (int64_t e = 0; e < p.getSize(); ++e)
      d.store(d.isFloat() ? dist(rng) : 1.0, bytes.data() + e * d.bytes());
    data.push_back(std::move(bytes));
  }
  return data;
}

/// One run to warm up, one timed; unless that exceeds `boundMs`, the median
/// of enough more to fill about kTargetMs.
llvm::Expected<double> measure(Executable &exe, std::vector<AlignedBytes> &data,
                               double boundMs) {
  SmallVector<const void *> in;
  SmallVector<void *> out;
  for (AlignedBytes &b : data) {
    in.push_back(b.data());
    out.push_back(b.data());
  }
  if (llvm::Error err = exe.run(in, out))
    return std::move(err);
  llvm::Expected<double> first = exe.time(1);
  if (!first || *first > boundMs)
    return first;
  double runs = kTargetMs / std::max(*first, 1e-3);
  return exe.time(static_cast<unsigned>(
      std::clamp(runs, double(kMinRuns), double(kMaxRuns))));
}
} // namespace

llvm::Expected<double> uop::timeKernel(FunctionOp kernel, Target target,
                                       double boundMs) {
  if (target != Target::CPU)
    return makeError(RuntimeErrorKind::BadInput,
                     "the runtime's kernel timer runs cpu kernels only");
  llvm::Expected<std::string> text = programText(kernel);
  if (!text)
    return text.takeError();
  // One measurement at a time: the pass runs kernels on several threads,
  // and two timings at once would each slow the other.
  static std::mutex mutex;
  std::lock_guard<std::mutex> lock(mutex);
  // The search times many schedules of one kernel: its data is made once
  // (four 4096^2 f32 buffers took seconds per candidate) and kept, with the
  // parameter types it was made for, until another kernel's replaces it.
  static std::string dataFor;
  static std::vector<AlignedBytes> data;
  std::string types;
  llvm::raw_string_ostream os(types);
  llvm::interleaveComma(kernel.getArgumentTypes(), os);
  if (types != dataFor || data.empty()) {
    data = makeData(kernel);
    dataFor = types;
  }
  DialectRegistry registry;
  registerCompilerDialects(registry);
  MLIRContext ctx(registry, MLIRContext::Threading::DISABLED);
  std::string diagnostics;
  ScopedDiagnosticHandler capture(&ctx, [&](Diagnostic &d) {
    if (d.getSeverity() == DiagnosticSeverity::Error)
      diagnostics += (diagnostics.empty() ? "" : "; ") + d.str();
    return success();
  });
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>(*text, &ctx);
  if (!module)
    return makeError(RuntimeErrorKind::CompileFailed,
                     "the kernel does not parse back: " + diagnostics);
  auto sched = module->lookupSymbol<FunctionOp>(kSchedule);
  llvm::Expected<std::unique_ptr<Executable>> exe =
      Executable::compileSchedule(*module, sched, Target::CPU);
  if (!exe) {
    std::string why = llvm::toString(exe.takeError());
    return makeError(RuntimeErrorKind::CompileFailed,
                     why + (diagnostics.empty() ? "" : ": " + diagnostics));
  }
  return measure(**exe, data, boundMs);
}

void uop::installKernelTimer() { registerKernelTimer(timeKernel); }
