//===- Compile.cpp - one compiler session for tools and the C API ---------===//

#include "uop/Runtime/Compile.h"
#include "uop/InitAll.h"

#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <mutex>

using namespace mlir;

void uop::registerCompilerDialects(DialectRegistry &registry) {
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
  uop::registerAllDialects(registry);
}

void uop::registerCompilerPasses() {
  static std::once_flag once;
  std::call_once(once, [] {
    mlir::registerAllPasses();
    uop::registerAllPasses();
  });
}

llvm::Error uop::runPipeline(ModuleOp module, StringRef pipeline) {
  registerCompilerPasses();
  auto pm = PassManager::on<ModuleOp>(module.getContext());
  // The pass manager is anchored on the module: its pipeline text is the
  // list inside "builtin.module(...)".
  StringRef inner = pipeline.trim();
  if (inner.starts_with("builtin.module(")) {
    if (!inner.ends_with(")"))
      return makeError(RuntimeErrorKind::BadInput,
                       "bad pass pipeline '" + pipeline +
                           "': missing the closing ')'");
    inner = inner.drop_front(strlen("builtin.module(")).drop_back().trim();
  }
  std::string text = inner.str();
  std::string err;
  llvm::raw_string_ostream es(err);
  if (failed(parsePassPipeline(text, pm, es)))
    return makeError(RuntimeErrorKind::BadInput,
                     "bad pass pipeline '" + text + "': " + err);
  if (failed(pm.run(module)))
    return makeError(RuntimeErrorKind::CompileFailed, "the pipeline failed");
  return llvm::Error::success();
}

llvm::Error
uop::runPipeline(ModuleOp module, StringRef name,
                 llvm::function_ref<void(OpPassManager &)> build) {
  auto pm = PassManager::on<ModuleOp>(module.getContext());
  build(pm);
  if (failed(pm.run(module)))
    return makeError(RuntimeErrorKind::CompileFailed,
                     "the " + name + " pipeline failed");
  return llvm::Error::success();
}

llvm::Expected<std::string> uop::compileCSharedObject(StringRef source,
                                                      StringRef dir) {
  auto fail = [](const llvm::Twine &log) {
    return makeError(RuntimeErrorKind::CompileFailed, log);
  };
  SmallString<256> c(dir), so(dir), logPath(dir);
  llvm::sys::path::append(c, "program.c");
  llvm::sys::path::append(so, "program.so");
  llvm::sys::path::append(logPath, "cc.log");
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(c, ec);
    if (ec)
      return fail(llvm::Twine("cannot write ") + c + ": " + ec.message());
    os << source;
  }
  std::string cc = "cc";
  if (const char *env = std::getenv("CC"))
    cc = env;
  auto prog = llvm::sys::findProgramByName(cc);
  if (!prog)
    return fail("C compiler '" + cc + "' not found (set CC)");
  // Two GCC 12 miscompilations of correct C (test/Target/C/gcc12-*.mlir):
  // the loop vectorizer double-counts in permuted in-order float reductions
  // (GCC PR 110381), and 512-bit SLP drops float <-> double round trips.
  // -fopenmp runs each kernel's parallel loop on every core (uop-to-c marks
  // it); UOP_OPENMP=0, or a compiler without OpenMP, builds serial code.
  const char *omp = std::getenv("UOP_OPENMP");
  bool openmp = !(omp && StringRef(omp) == "0");
  SmallVector<StringRef> args = {*prog,
                                 "-std=c11",
                                 "-O2",
                                 "-march=native",
                                 "-fno-tree-loop-vectorize",
                                 "-mprefer-vector-width=256",
                                 "-shared",
                                 "-fPIC",
                                 "-o",
                                 so,
                                 c,
                                 "-lm"};
  if (openmp)
    args.insert(args.begin() + 1, "-fopenmp");
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(logPath),
                                          StringRef(logPath)};
  std::string err;
  int rc = llvm::sys::ExecuteAndWait(*prog, args, std::nullopt, redirects, 0, 0,
                                     &err);
  if (rc != 0 && openmp) {
    // Without OpenMP support the same source builds serial.
    args.erase(args.begin() + 1);
    err.clear();
    rc = llvm::sys::ExecuteAndWait(*prog, args, std::nullopt, redirects, 0, 0,
                                   &err);
  }
  if (rc != 0) {
    auto text = llvm::MemoryBuffer::getFile(logPath);
    return fail(llvm::Twine("C compiler failed (") +
                (err.empty() ? "exit " + std::to_string(rc) : err) + "):\n" +
                (text ? (*text)->getBuffer() : StringRef()));
  }
  return so.str().str();
}
