//===- References.h - host references of tirx kernels -----------*- C++ -*-===//
//
// A tirx kernel names what it computes with `tirx.reference` (copy, gemm,
// gemm_nt). These are the double-precision host computations a runner
// compares its output with, and the host buffers it launches it on.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_RUNTIME_REFERENCES_H
#define UOP_RUNTIME_REFERENCES_H

#include "uop/Dialect/TIRx/IR/TIRx.h"
#include "uop/Runtime/HostData.h"

#include "llvm/Support/Error.h"

namespace uop {
/// The host side of a kernel's buffer parameters, in order: every buffer but
/// the last is an input of seeded random values, the last is the output.
struct KernelBuffers {
  /// Each buffer in its element type: the inputs' values, the output (zeros
  /// until then) as read back for the check.
  llvm::SmallVector<HostBuffer> buffers;
  /// The inputs' values in double precision, integers as the numbers they
  /// denote, which is what the references compute on; the output's are 0.
  llvm::SmallVector<HostTensor> values;
};

KernelBuffers makeKernelBuffers(tirx::PrimFuncOp fn, uint64_t seed);

/// C = A B (or A B^T) in double precision at the output elements checked:
/// all of them, or a sample of 65536 (seeded with `seed`) for large
/// problems. The inputs are exact in their type, so the output is judged in
/// its own type: the output type's bound, or K f32 roundings of the
/// accumulation when larger (tensor cores accumulate in f32 in an
/// unspecified order).
void compareGemm(const HostTensor &got, const HostTensor &a,
                 const HostTensor &b, bool transposedB, DType outType,
                 uint64_t seed, Comparison &c);

/// Compares the output buffer (the last of `k`, as read back) with the
/// reference `ref` computed from the inputs. An error when the kernel has
/// fewer buffers than the reference needs.
llvm::Error checkReference(tirx::ReferenceKind ref, const KernelBuffers &k,
                           uint64_t seed, Comparison &c);
} // namespace uop

#endif // UOP_RUNTIME_REFERENCES_H
