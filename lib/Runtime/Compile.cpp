//===- Compile.cpp - one compiler session for tools and the C API ---------===//

#include "uop/Runtime/Compile.h"
#include "uop/Dialect/UOp/IR/UOp.h"
#include "uop/InitAll.h"
#include "uop/Runtime/OutputFile.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Verifier.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#include <cstring>
#include <unistd.h>

using namespace mlir;
using namespace uop;

void uop::registerCompilerDialects(DialectRegistry &registry) {
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
  uop::registerAllDialects(registry);
}

llvm::Error uop::runPipeline(ModuleOp module, StringRef name,
                             llvm::function_ref<void(OpPassManager &)> build) {
  auto pm = PassManager::on<ModuleOp>(module.getContext());
  // The module is verified once, after the whole pipeline, not after every
  // pass: on small kernels verification took more time than the passes
  // (examples/uop/reduce.mlir, 20 copies: 1.35 ms a kernel against 0.70,
  // docs/performance.md). uop-opt keeps -verify-each for developing passes.
  pm.enableVerifier(false);
  build(pm);
  if (failed(pm.run(module)))
    return makeError(RuntimeErrorKind::CompileFailed,
                     "the " + name + " pipeline failed");
  if (failed(mlir::verify(module)))
    return makeError(RuntimeErrorKind::CompileFailed,
                     "the " + name + " pipeline produced invalid IR");
  return llvm::Error::success();
}

/// The C compiler of generated code: $CC when set; else clang-22, the LLVM
/// release uop-mlir builds against, when it is installed (it vectorizes
/// without GCC 12's miscompilations and with 512-bit vectors); else cc.
uop::CCompiler uop::findCCompiler() {
  CCompiler c;
  SmallVector<std::string> candidates;
  if (const char *env = std::getenv("CC"); env && *env) {
    candidates.push_back(env);
  } else {
    candidates = {"clang-22", "/usr/lib/llvm-22/bin/clang", "cc"};
  }
  for (const std::string &name : candidates) {
    auto prog = llvm::sys::findProgramByName(name);
    // A name with a slash comes back as is, found or not.
    if (!prog || !llvm::sys::fs::can_execute(*prog))
      continue;
    c.name = name;
    c.path = *prog;
    break;
  }
  if (c.path.empty()) {
    c.name = candidates.front();
    return c;
  }
  SmallString<256> real;
  if (llvm::sys::fs::real_path(c.path, real))
    real = c.path;
  c.clang = llvm::sys::path::filename(real).contains("clang") ||
            llvm::sys::path::filename(c.path).contains("clang");
  if (c.clang) {
    // <prefix>/bin/clang -> <prefix>/lib, where its libomp is.
    SmallString<256> lib =
        llvm::sys::path::parent_path(llvm::sys::path::parent_path(real));
    llvm::sys::path::append(lib, "lib");
    SmallString<256> omp(lib);
    llvm::sys::path::append(omp, "libomp.so");
    if (llvm::sys::fs::exists(omp))
      c.libDir = lib.str().str();
  }
  return c;
}

int64_t uop::programWork(ModuleOp module) {
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max();
  int64_t total = 0;
  // The kernels as the C is emitted from them: LINEAR's ops in order, where
  // a RANGE opens a loop and an END closes the innermost
  // (lib/Target/C/UOpToC.cpp).
  module.walk([&](LinearOp linear) {
    SmallVector<int64_t> times = {1};
    for (Operation &op : linear.getBody().front()) {
      total = total > kMax - times.back() ? kMax : total + times.back();
      if (auto r = dyn_cast<RangeOp>(op)) {
        int64_t n = std::max<int64_t>(
            getConstantIntValue(r.getEnd()).value_or(kQuickCompileWork), 1);
        int64_t inner;
        times.push_back(llvm::MulOverflow(times.back(), n, inner) ? kMax
                                                                  : inner);
      } else if (isa<EndOp>(op) && times.size() > 1) {
        times.pop_back();
      }
    }
  });
  return total;
}

CCompileTier uop::programCompileTier(ModuleOp module) {
  int64_t work = programWork(module);
  return work < kUnoptimizedCompileWork ? CCompileTier::Unoptimized
         : work < kQuickCompileWork     ? CCompileTier::Quick
                                        : CCompileTier::Optimized;
}

bool uop::openMPRequested() {
  const char *omp = std::getenv("UOP_OPENMP");
  return !(omp && StringRef(omp) == "0");
}

std::vector<std::string> uop::cCompileFlags(const CCompiler &compiler,
                                            bool openmp, CCompileTier tier) {
  bool quick = tier == CCompileTier::Quick;
  std::vector<std::string> args = {"-std=c11",
                                   tier == CCompileTier::Optimized ? "-O2"
                                   : quick                         ? "-O1"
                                                                   : "-O0",
                                   "-march=native",
                                   // a * b + c as one FMA: the matmul's
                                   // inner loop (the check's bound is
                                   // relative).
                                   "-ffp-contract=fast",
                                   // No errno from math calls: sqrtf
                                   // becomes the instruction, and
                                   // vectorizes.
                                   "-fno-math-errno"};
  // Quick: no full unrolling of short loops either (the lanes uop-expand
  // wrote out stay; only clang's own copies go).
  if (quick)
    args.push_back("-fno-unroll-loops");
  // -fopenmp runs each kernel's parallel loop on every core (uop-to-c marks
  // it); UOP_OPENMP=0, or a compiler without OpenMP, builds serial code.
  if (openmp)
    args.insert(args.begin(), "-fopenmp");
  if (compiler.clang) {
    // Clang vectorizes the lanes of a register tile with 512-bit vectors
    // where the CPU has them (docs/performance.md).
    args.push_back("-mprefer-vector-width=512");
    // Its loop vectorizer vectorizes across iterations of a loop whose body
    // already holds 16 neighbouring lanes, with gathers (a*b+c at 4 instead
    // of 30 GB/s); the lanes are the SLP vectorizer's.
    args.push_back("-fno-vectorize");
  } else {
    // Two GCC 12 miscompilations of correct C (test/Target/C/gcc12-*.mlir):
    // the loop vectorizer double-counts in permuted in-order float
    // reductions (GCC PR 110381), and 512-bit SLP drops float <-> double
    // round trips.
    args.push_back("-fno-tree-loop-vectorize");
    args.push_back("-mprefer-vector-width=256");
  }
  // UOP_CFLAGS: extra flags, after ours (space-separated).
  if (const char *env = std::getenv("UOP_CFLAGS")) {
    SmallVector<StringRef> extra;
    StringRef(env).split(extra, ' ', -1, /*KeepEmpty=*/false);
    for (StringRef f : extra)
      args.push_back(f.str());
  }
  return args;
}

llvm::Expected<std::string> uop::compileCSharedObject(StringRef source,
                                                      StringRef dir,
                                                      CCompileTier tier) {
  auto fail = [](const llvm::Twine &log) {
    return makeError(RuntimeErrorKind::CompileFailed, log);
  };
  SmallString<256> c(dir), so(dir), logPath(dir);
  llvm::sys::path::append(c, "program.c");
  llvm::sys::path::append(so, "program.so");
  llvm::sys::path::append(logPath, "cc.log");
  // A full disk is an error naming the file (with TMPDIR's hint), not
  // raw_fd_ostream's unnamed "IO failure on output stream".
  if (std::string err = writeFileAtomically(c, source); !err.empty())
    return fail(err + " (set TMPDIR to a directory with space)");
  CCompiler compiler = findCCompiler();
  if (compiler.path.empty())
    return fail("C compiler '" + compiler.name + "' not found (set CC)");
  bool openmp = openMPRequested();
  std::vector<std::string> flags = cCompileFlags(compiler, openmp, tier);
  std::string rpath;
  // Its OpenMP runtime (libomp) lives next to a clang, not on the loader's
  // path: the shared object finds it through its RUNPATH.
  if (compiler.clang && openmp && !compiler.libDir.empty())
    rpath = "-Wl,-rpath," + compiler.libDir;
  SmallVector<StringRef> args = {compiler.path};
  args.append(flags.begin(), flags.end());
  args.append({"-shared", "-fPIC", "-o", so, c, "-lm"});
  if (!rpath.empty())
    args.push_back(rpath);
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(logPath),
                                          StringRef(logPath)};
  // The compiler's own temporary files go into `dir` too, so that they go
  // with it when this process is killed during the compile.
  std::vector<std::string> envStrings = {("TMPDIR=" + dir).str()};
  for (char **e = environ; *e; ++e)
    if (!StringRef(*e).starts_with("TMPDIR="))
      envStrings.push_back(*e);
  SmallVector<StringRef> env(envStrings.begin(), envStrings.end());
  std::string err;
  int rc = llvm::sys::ExecuteAndWait(compiler.path, args, env, redirects, 0, 0,
                                     &err);
  if (rc != 0 && openmp) {
    // Without OpenMP support the same source builds serial.
    llvm::erase(args, StringRef("-fopenmp"));
    err.clear();
    rc = llvm::sys::ExecuteAndWait(compiler.path, args, env, redirects, 0, 0,
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

int64_t uop::lastLevelCacheBytes(StringRef cacheDir) {
  int64_t bestLevel = 0, bestBytes = 0;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it(cacheDir, ec), end;
       it != end && !ec; it.increment(ec)) {
    StringRef name = llvm::sys::path::filename(it->path());
    if (!name.starts_with("index"))
      continue;
    auto read = [&](StringRef file) -> std::string {
      llvm::SmallString<128> path(it->path());
      llvm::sys::path::append(path, file);
      auto text = llvm::MemoryBuffer::getFile(path);
      return text ? (*text)->getBuffer().trim().str() : std::string();
    };
    if (read("type") == "Instruction")
      continue;
    int64_t level = 0, bytes = 0;
    std::string sizeText = read("size");
    StringRef size = sizeText;
    int64_t scale = 1;
    if (size.consume_back("K"))
      scale = 1 << 10;
    else if (size.consume_back("M"))
      scale = 1 << 20;
    else if (size.consume_back("G"))
      scale = int64_t(1) << 30;
    if (StringRef(read("level")).getAsInteger(10, level) ||
        size.getAsInteger(10, bytes) || bytes <= 0)
      continue;
    if (level > bestLevel) {
      bestLevel = level;
      bestBytes = bytes * scale;
    }
  }
  return bestBytes;
}

std::optional<int64_t> uop::hostStreamStoreBytes() {
  if (const char *env = std::getenv("UOP_STREAM_STORE_BYTES")) {
    int64_t bytes = 0;
    if (StringRef(env).getAsInteger(10, bytes) || bytes < 0)
      return std::nullopt;
    return bytes;
  }
  // Read once: every compile asks (the cache does not change under a
  // process).
  static const int64_t cache = lastLevelCacheBytes();
  return cache > 0 ? cache : int64_t(32) << 20;
}

std::optional<uop::VectorShape> uop::hostVectorShape() {
  llvm::Triple host(llvm::sys::getProcessTriple());
  // The host's shape, asked once per process (CPUID on every compile showed
  // in the profile of a thousand-program test suite); UOP_VECTOR_BITS is
  // read on every call.
  static const VectorShape native = [&] {
    llvm::StringMap<bool> features = llvm::sys::getHostCPUFeatures();
    auto has = [&](StringRef f) { return features.lookup(f); };
    VectorShape v;
    if (host.isAArch64())
      v = {128, 32};
    else if (host.isX86())
      v = has("avx512f") ? VectorShape{512, 32}
          : has("avx")   ? VectorShape{256, 16}
                         : VectorShape{128, 16};
    return v;
  }();
  VectorShape shape = native;
  if (const char *env = std::getenv("UOP_VECTOR_BITS")) {
    int64_t bits = 0;
    if (StringRef(env).getAsInteger(10, bits) || bits < 64 || bits > 4096 ||
        !llvm::isPowerOf2_64(bits))
      return std::nullopt;
    shape.bits = bits;
    if (host.isX86())
      shape.registers = bits >= 512 ? 32 : 16;
  }
  return shape;
}
