//===- TIRxTarget.h - the chip a module is compiled for ---------*- C++ -*-===//
//
// The chip of a GPU compilation lives in the IR: convert-uop-to-tirx (or
// the author of a tirx module) puts upstream's `#nvvm.target<chip = ...>`
// on the builtin.module as `tirx.target`; tirx-dispatch-tile-primitives
// reads it there; convert-tirx-to-gpu moves it onto the gpu.module it
// makes, where the PTX translation and the runtime read it. A `chip`
// option is only the default for IR without a target: an option naming
// another chip than the IR's is an error, not an override.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_TIRX_IR_TIRXTARGET_H
#define UOP_DIALECT_TIRX_IR_TIRXTARGET_H

#include "uop/Support/GPUChip.h"

#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"

#include <optional>

namespace uop::tirx {

/// The builtin.module attribute holding the module's #nvvm.target.
inline constexpr llvm::StringLiteral kTargetAttrName = "tirx.target";

/// The #nvvm.target of `chip` as tirx-to-nvvm attaches it: the chip and
/// its PTX version as the feature (`+ptx80`), upstream's defaults else.
mlir::NVVM::NVVMTargetAttr getNVVMTarget(mlir::MLIRContext *ctx,
                                         const GPUChip &chip);

/// The chip named by `module`'s tirx.target, if it has one.
std::optional<llvm::StringRef> getModuleChip(mlir::ModuleOp module);

/// The chip named by the #nvvm.target of a gpu.module in `module`, if any.
std::optional<llvm::StringRef> getGPUModuleChip(mlir::ModuleOp module);

/// Sets `module`'s tirx.target to `chip`'s #nvvm.target.
void setModuleTarget(mlir::ModuleOp module, const GPUChip &chip);

/// The chip to compile for: `irChip` where the IR has one, else `option`,
/// else kDefaultGPUChip. A non-empty `option` naming another chip than the
/// IR's, and a name the GPUChip table lacks, are errors at `loc` (`what`
/// names the option in them, e.g. "the pass option chip="; `prefix`, e.g.
/// "convert-uop-to-tirx: ", starts them).
mlir::FailureOr<const GPUChip *>
resolveChip(mlir::Location loc, std::optional<llvm::StringRef> irChip,
            llvm::StringRef option, llvm::StringRef what,
            llvm::StringRef prefix = "");

} // namespace uop::tirx

#endif // UOP_DIALECT_TIRX_IR_TIRXTARGET_H
