//===- Target.h - the compilation targets of uop-mlir -----------*- C++ -*-===//
//
// The one enum of what a tensor-level program compiles for: the CPU (C
// through the system compiler) or CUDA (tirx, NVVM, PTX). Pass and pipeline
// options take it as `target=cpu|cuda` through `UOP_TARGET_CL_VALUES`, so the
// option parser rejects any other spelling; the runtime, the C API and
// uop-run parse a user's string once with parseTarget() and pass the enum
// inward. The chip of a CUDA target is GPUChip.h's.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_SUPPORT_TARGET_H
#define UOP_SUPPORT_TARGET_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"

#include <optional>

namespace uop {

enum class Target { CPU, CUDA };

/// The `llvm::cl::values` of a `target` option: the spellings "cpu" and
/// "cuda", the only ones every option, the runtime and the tools accept.
#define UOP_TARGET_CL_VALUES                                                   \
  ::llvm::cl::values(                                                          \
      clEnumValN(::uop::Target::CPU, "cpu", "C through the system compiler"),  \
      clEnumValN(::uop::Target::CUDA, "cuda", "tirx, NVVM and PTX"))

/// "cpu" or "cuda".
inline llvm::StringRef stringifyTarget(Target t) {
  return t == Target::CPU ? "cpu" : "cuda";
}

/// The target spelled `s` ("cpu" or "cuda"), or nullopt.
inline std::optional<Target> parseTarget(llvm::StringRef s) {
  if (s == "cpu")
    return Target::CPU;
  if (s == "cuda")
    return Target::CUDA;
  return std::nullopt;
}

/// The bestiary DEVICE of a schedule's buffers on `t`: "CPU" or "CUDA".
inline llvm::StringRef getDeviceForTarget(Target t) {
  return t == Target::CPU ? "CPU" : "CUDA";
}

} // namespace uop

#endif // UOP_SUPPORT_TARGET_H
