/*===- uop-c/Compiler.h - the uop-mlir compiler as a C library ----*- C -*-===*\
|*                                                                            *|
|* A self-contained, string-in/string-out API for bindings (Python ctypes):   *|
|* a compiler holds an MLIR context with every upstream and uop-mlir dialect. *|
|* Every function returns 0 on success and non-zero on failure; on failure    *|
|* `*diagnostics` receives the MLIR diagnostics (with locations) as a         *|
|* NUL-terminated string. Outputs go to `*out` (NUL-terminated; `*outLen` is  *|
|* the byte length, a cubin may contain NULs). Free both with uopFree. Bad    *|
|* input never aborts the process.                                            *|
|*                                                                            *|
|* Threads:                                                                   *|
|* - Every function may be called from any thread.                           *|
|* - Calls on one UOpCompiler are serialised by a lock of its own: a compiler *|
|*   shared by threads is safe, but its calls (a whole uopRun: compile, run   *|
|*   and timed run) wait for each other. Give each thread its own compiler to *|
|*   compile and run in parallel; different compilers share no state that a  *|
|*   call changes.                                                            *|
|* - uopCompilerDestroy must not race with a call on the same compiler (wait  *|
|*   for the calls to return first), as with free().                         *|
|* - Compiled CPU programs run their loops on the process's OpenMP runtime,   *|
|*   which the library loads once and never unloads or pauses: the host's own *|
|*   OpenMP parallel regions, and other threads' programs, run undisturbed.  *|
|*   A program's code is unloaded when its uopRun returns.                   *|
|* - Environment variables (CC, TMPDIR, UOP_*) are read during calls; do not  *|
|*   change them (setenv) while another thread is inside a call.             *|
\*===----------------------------------------------------------------------===*/

#ifndef UOP_C_COMPILER_H
#define UOP_C_COMPILER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct UOpCompiler UOpCompiler;

UOpCompiler *uopCompilerCreate(void);
void uopCompilerDestroy(UOpCompiler *compiler);

/// Parses and verifies `mlir`; `*out` is the module printed back.
int uopParseVerify(UOpCompiler *compiler, const char *mlir, char **out,
                   size_t *outLen, char **diagnostics);

/// Parses `mlir` and runs `pipeline` on it, e.g.
/// "builtin.module(uop-to-program{target=cpu})" or "tirx-to-nvvm{chip=sm_80}";
/// `*out` is the resulting module.
int uopRunPipeline(UOpCompiler *compiler, const char *mlir,
                   const char *pipeline, char **out, size_t *outLen,
                   char **diagnostics);

/// Translates `mlir`: target "c" (a linearised uop module, --uop-to-c),
/// "ptx" or "cubin" (a module in NVVM form; `chip` such as "sm_90a", or NULL
/// for the module's own).
int uopTranslate(UOpCompiler *compiler, const char *mlir, const char *target,
                 const char *chip, char **out, size_t *outLen,
                 char **diagnostics);

/// Compiles function `entry` (NULL: the first func.func) of the tensor-level
/// module `mlir` for `target` "cpu" (C through the system compiler) or "cuda"
/// (`chip` such as "sm_90a", NULL for the device's) and runs it once.
/// `inputs[i]` and `outputs[j]` are contiguous row-major host buffers in the
/// element types of the function's arguments and results. `*milliseconds`
/// (may be NULL) receives the time of a second, timed run. Returns 0 on success, 3 when
/// target is "cuda" and no GPU is usable, 2 for unusable input, 1 for other
/// failures; `*diagnostics` says why.
int uopRun(UOpCompiler *compiler, const char *mlir, const char *entry,
           const char *target, const char *chip, const void *const *inputs,
           size_t numInputs, void *const *outputs, size_t numOutputs,
           double *milliseconds, char **diagnostics);

/// Compile once, run many times. uopCompile compiles function `entry` (NULL:
/// the first func.func) of the tensor-level module `mlir` for `target` "cpu"
/// or "cuda" exactly as uopRun and uop-run do (cpu: the host's vector width
/// and last-level cache, clang-22 when installed else $CC or cc, OpenMP, the
/// UOP_CACHE_DIR cache of shared objects; docs/python.md) and returns the
/// loaded program in `*executable`. Status as uopRun. The executable uses
/// the compiler's context: destroy it before the compiler.
typedef struct UOpExecutable UOpExecutable;
int uopCompile(UOpCompiler *compiler, const char *mlir, const char *entry,
               const char *target, const char *chip,
               UOpExecutable **executable, char **diagnostics);
/// Runs it once on contiguous row-major host buffers (as uopRun); `vars`
/// are the values of the graph's shape variables (`uop.vars`, in order).
/// Calls on one executable are serialised; different executables run in
/// parallel.
int uopExecutableRun(UOpExecutable *executable, const void *const *inputs,
                     size_t numInputs, void *const *outputs,
                     size_t numOutputs, const int64_t *vars, size_t numVars,
                     char **diagnostics);
/// `*milliseconds`: the median of `repeat` runs on the last run's buffers,
/// which must still be valid (the runs write the outputs again).
int uopExecutableTime(UOpExecutable *executable, unsigned repeat,
                      double *milliseconds, char **diagnostics);
void uopExecutableDestroy(UOpExecutable *executable);

/// Compiles C11 `source` with the runtime's C compiler and flags (those of
/// generated programs, the UOP_CACHE_DIR cache included) and loads it.
/// Returns 0, or 1 with the compiler's output in `*diagnostics`.
typedef struct UOpLibrary UOpLibrary;
int uopLoadC(const char *source, UOpLibrary **library, char **diagnostics);
/// The address of `name` in the library, or NULL.
void *uopLibrarySymbol(UOpLibrary *library, const char *name);
void uopLibraryDestroy(UOpLibrary *library);

void uopFree(void *p);

#ifdef __cplusplus
}
#endif

#endif /* UOP_C_COMPILER_H */
