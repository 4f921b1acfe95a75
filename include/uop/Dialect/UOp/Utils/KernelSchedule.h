//===- KernelSchedule.h - the loop tree of a kernel -------------*- C++ -*-===//
//
// A kernel FUNCTION is a graph: each op reads some RANGEs, and END closes
// them. Scheduling it means choosing the loop each op runs in and an order
// inside each loop. uop-linearize writes the result as a flat LINEAR list;
// convert-uop-to-tirx as nested scf.for loops.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_UOP_UTILS_KERNELSCHEDULE_H
#define UOP_DIALECT_UOP_UTILS_KERNELSCHEDULE_H

#include "uop/Dialect/UOp/IR/UOp.h"

#include <memory>
#include <vector>

namespace uop {
struct LoopNode;

/// One entry of a loop body: an op, or a nested loop.
struct ScheduleItem {
  mlir::Operation *op = nullptr;
  LoopNode *loop = nullptr;
};

struct LoopNode {
  RangeOp range;           // null for the kernel's top level
  llvm::SmallVector<EndOp> closers; // the ENDs that close `range`
  unsigned depth = 0;      // number of enclosing loops
  llvm::SmallVector<ScheduleItem> items;
};

struct KernelSchedule {
  std::vector<std::unique_ptr<LoopNode>> nodes;
  LoopNode *root = nullptr;
};

/// True when `fn` is a kernel: its SINK carries KernelInfo.
bool isKernel(FunctionOp fn);

/// Lowers the IFs of kernel `fn` (the seed's graph form: IF(cond, body...)
/// and its ENDIF) to gates, which both schedulers' clients lower: each STORE
/// the IF guards, and each LOAD that only guarded ops use, gets `cond` in its
/// INDEX's gate. The guarded ops are the body's and, transitively, those
/// whose every user is guarded (a loop of stores ENDed into the body).
void lowerIfsToGates(FunctionOp fn);

/// Places every op of `fn` (a kernel, devectorized: no REDUCE left) in the
/// innermost loop of the ranges it reads and orders each loop body by data
/// dependence, keeping the original order among independent ops. Fails with
/// a diagnostic when ranges do not nest or a range has no single END, or
/// when an IF is left (run lowerIfsToGates first).
mlir::FailureOr<KernelSchedule> scheduleKernel(FunctionOp fn);
} // namespace uop

#endif
