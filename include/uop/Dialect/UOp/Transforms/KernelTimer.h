//===- KernelTimer.h - how uop-optimize's search times a schedule -*- C++ -*-===//
//
// uop-optimize{search=N} times candidate schedules of a kernel and keeps the
// fastest. Timing compiles and runs code, which is lib/Runtime's job, a layer
// above this one: the pass declares only what it needs, and a tool that
// links the runtime installs an implementation (uop/Runtime/KernelTimer.h;
// uop-opt does). Without one, search > 0 is an error at the kernel.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_UOP_TRANSFORMS_KERNELTIMER_H
#define UOP_DIALECT_UOP_TRANSFORMS_KERNELTIMER_H

#include "uop/Dialect/UOp/IR/UOp.h"
#include "uop/Support/Target.h"

#include "llvm/Support/Error.h"

#include <functional>

namespace uop {

/// Times `kernel`: a kernel uop.function as uop-optimize receives it, whose
/// SINK's opts_to_apply pins the schedule to time, compiled for `target`
/// by the passes that follow uop-optimize. Returns milliseconds per run (a
/// median of several), or an error saying why this kernel cannot be timed.
/// A first run slower than `boundMs` may end the measurement: that time is
/// returned (such a schedule cannot win). Called from the pass's threads:
/// an implementation serializes its measurements.
using KernelTimer = std::function<llvm::Expected<double>(
    FunctionOp kernel, Target target, double boundMs)>;

/// Installs the timer uop-optimize's search uses, replacing any; an empty
/// function removes it.
void registerKernelTimer(KernelTimer timer);
/// The installed timer; an empty function when none is.
KernelTimer getKernelTimer();

} // namespace uop

#endif // UOP_DIALECT_UOP_TRANSFORMS_KERNELTIMER_H
