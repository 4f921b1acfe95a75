//===- KernelTimer.h - the runtime's timer for uop-optimize's search -*- C++ -*-===//
//
// uop-optimize{search=N} times schedules through the KernelTimer hook its
// layer declares (uop/Dialect/UOp/Transforms/KernelTimer.h); this is the
// runtime's implementation, which a tool installs.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_RUNTIME_KERNELTIMER_H
#define UOP_RUNTIME_KERNELTIMER_H

#include "uop/Dialect/UOp/IR/UOp.h"
#include "uop/Support/Target.h"

#include "llvm/Support/Error.h"

namespace uop {
/// Times a kernel for the search (see KernelTimer): the kernel, printed and
/// parsed into a context of its own (so a candidate's diagnostics stay out
/// of the caller's), is called by a schedule of one CALL and compiled as
/// uop-run compiles kernel-level programs (Executable::compileSchedule: the
/// uop-to-program passes, with the host's vector registers, uop-to-c, the C
/// compiler), then run on seeded data (floats in [-1, 1), integers 1, which
/// index and divide safely; made once for a run of calls on kernels with
/// the same parameter types, and kept): one run, then, unless it took longer than
/// `boundMs`, the median of as many more as fill about 100 ms (3 to 50).
/// cpu only; a kernel whose parameters are not all sized buffers of
/// integers or floats (a shape variable) is a BadInput error. Measurements
/// are serialized.
llvm::Expected<double> timeKernel(FunctionOp kernel, Target target,
                                  double boundMs);
/// Installs timeKernel as uop-optimize's kernel timer.
void installKernelTimer();
} // namespace uop

#endif // UOP_RUNTIME_KERNELTIMER_H
