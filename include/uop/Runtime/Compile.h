//===- Compile.h - contexts, pipelines and the C compiler -------*- C++ -*-===//
//
// How the runtime compiles: a registry with every upstream and uop-mlir
// dialect (and the translations gpu-module-to-binary needs), the pipelines
// it builds in C++, and the system C compiler for the CPU path. (Every
// pass, and pipelines given as text, are uop/CAPI/CompilerRegistry.h's.)
//
//===----------------------------------------------------------------------===//

#ifndef UOP_RUNTIME_COMPILE_H
#define UOP_RUNTIME_COMPILE_H

#include "uop/Runtime/CompileCache.h"
#include "uop/Runtime/Error.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"

#include <optional>
#include <string>
#include <vector>

namespace uop {
/// Every dialect, extension and LLVM IR translation uop-opt has.
void registerCompilerDialects(mlir::DialectRegistry &registry);
/// Runs the pipeline `build` adds to a module pass manager (the in-process
/// pipelines: built with the C++ builders of uop/Pipelines/Pipelines.h),
/// verifying the module once at the end rather than after every pass.
/// Fails with "the <name> pipeline failed", or "... produced invalid IR"
/// (CompileFailed).
llvm::Error runPipeline(mlir::ModuleOp module, llvm::StringRef name,
                        llvm::function_ref<void(mlir::OpPassManager &)> build);
/// The C compiler that builds generated code: `$CC` when set, else clang-22
/// when installed (`clang-22` on PATH or /usr/lib/llvm-22/bin/clang), else
/// `cc`. `path` is empty when none is found; `clang` says which flags it
/// gets; `libDir` is where a clang's libomp is (for the RUNPATH).
struct CCompiler {
  std::string name, path, libDir;
  bool clang = false;
};
CCompiler findCCompiler();
/// Whether generated C gets -fopenmp: `UOP_OPENMP` is not `0`.
bool openMPRequested();
/// Programs whose estimated work (programWork) is below this compile Quick,
/// below kUnoptimizedCompileWork Unoptimized.
constexpr int64_t kQuickCompileWork = int64_t(1) << 20;
constexpr int64_t kUnoptimizedCompileWork = int64_t(1) << 18;
/// An estimate of the operations one run of the lowered program `module`
/// (uop-to-program's output) executes: each op of a kernel's LINEAR counts
/// once per iteration of the RANGEs open around it (a vector op once,
/// whatever its lanes). A symbolic extent counts as kQuickCompileWork; the
/// sum saturates at INT64_MAX.
int64_t programWork(mlir::ModuleOp module);
/// Unoptimized when programWork(module) < kUnoptimizedCompileWork, Quick
/// when < kQuickCompileWork, else Optimized.
CCompileTier programCompileTier(mlir::ModuleOp module);
/// The flags every route gives generated C (the shared object's and the
/// in-process compile's, without input, output and -shared): `-std=c11 -O2
/// -march=native -ffp-contract=fast -fno-math-errno` (`-O1
/// -fno-unroll-loops` for the Quick tier, `-O0` for Unoptimized), then per
/// compiler:
/// clang `-mprefer-vector-width=512 -fno-vectorize`; GCC
/// `-fno-tree-loop-vectorize -mprefer-vector-width=256` (which avoid two GCC
/// 12 miscompilations of correct C); -fopenmp first when `openmp`; then
/// `UOP_CFLAGS`.
std::vector<std::string>
cCompileFlags(const CCompiler &compiler, bool openmp,
              CCompileTier tier = CCompileTier::Optimized);
/// The vector registers the generated C compiles for (it is built with
/// -march=native): the host's, AVX-512 512 bits x 32, AVX / AVX2 256 x 16,
/// other x86 128 x 16, AArch64 128 x 32. `UOP_VECTOR_BITS` (64..4096, a
/// power of two) overrides the width, the register count following it on
/// x86; the register tile uop-optimize sizes from them (vector-bits,
/// vector-registers). Returns nullopt for a malformed `UOP_VECTOR_BITS`.
struct VectorShape {
  int64_t bits = 512;
  int64_t registers = 32;
};
std::optional<VectorShape> hostVectorShape();
/// The kernel footprint from which the generated C writes its outputs with
/// streaming stores (uop-to-program's stream-store-bytes): the host's
/// last-level cache, as Linux reports it for CPU 0 under
/// /sys/devices/system/cpu (the slice this core shares, not the whole
/// socket's that sysconf may count), or 32 MiB where it reports none.
/// `UOP_STREAM_STORE_BYTES` (a non-negative byte count; 0: none) overrides
/// it. Returns nullopt for a malformed `UOP_STREAM_STORE_BYTES`.
std::optional<int64_t> hostStreamStoreBytes();
/// The size in bytes of the highest-level data or unified cache CPU 0 sees,
/// read from `cacheDir` (Linux's sysfs layout: index*/level, type, size such
/// as "32768K"); 0 when none is found.
int64_t lastLevelCacheBytes(
    llvm::StringRef cacheDir = "/sys/devices/system/cpu/cpu0/cache");
/// Compiles C11 source into a shared object in `dir` with findCCompiler()'s
/// compiler, cCompileFlags(tier) and `-shared -fPIC` (-fopenmp dropped when
/// the compiler lacks OpenMP).
/// Returns its path, or a CompileFailed error with the compiler's output.
llvm::Expected<std::string>
compileCSharedObject(llvm::StringRef source, llvm::StringRef dir,
                     CCompileTier tier = CCompileTier::Optimized);
} // namespace uop

#endif
