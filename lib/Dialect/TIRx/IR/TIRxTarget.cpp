//===- TIRxTarget.cpp - the chip a module is compiled for -----------------===//

#include "uop/Dialect/TIRx/IR/TIRxTarget.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

using namespace mlir;
using namespace uop;

NVVM::NVVMTargetAttr tirx::getNVVMTarget(MLIRContext *ctx,
                                         const GPUChip &chip) {
  // What gpu's nvvm-attach-target builds for {chip, features} (O2, the
  // nvptx64 triple, no flags or link files), so that the PTX is the same.
  return NVVM::NVVMTargetAttr::get(ctx, /*optLevel=*/2, "nvptx64-nvidia-cuda",
                                   chip.name, chip.ptxFeature());
}

std::optional<StringRef> tirx::getModuleChip(ModuleOp module) {
  if (auto t = module->getAttrOfType<NVVM::NVVMTargetAttr>(kTargetAttrName))
    return t.getChip();
  return std::nullopt;
}

std::optional<StringRef> tirx::getGPUModuleChip(ModuleOp module) {
  for (auto gm : module.getOps<gpu::GPUModuleOp>())
    if (ArrayAttr targets = gm.getTargetsAttr())
      for (Attribute t : targets)
        if (auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(t))
          return nvvm.getChip();
  return std::nullopt;
}

void tirx::setModuleTarget(ModuleOp module, const GPUChip &chip) {
  module->setAttr(kTargetAttrName, getNVVMTarget(module.getContext(), chip));
}

FailureOr<const GPUChip *> tirx::resolveChip(Location loc,
                                             std::optional<StringRef> irChip,
                                             StringRef option, StringRef what,
                                             StringRef prefix) {
  if (irChip && !option.empty() && *irChip != option)
    return mlir::emitError(loc, prefix) << "the module targets "
           << *irChip << " (#nvvm.target) but " << what << option
           << "; leave the option out or make it agree";
  StringRef name = irChip ? *irChip
                          : (option.empty() ? StringRef(kDefaultGPUChip)
                                            : option);
  if (const GPUChip *chip = lookupGPUChip(name))
    return chip;
  InFlightDiagnostic diag = mlir::emitError(loc, prefix)
                            << "unknown chip '" << name << "' (known: " << listGPUChips() << ")";
  if (irChip)
    diag << " in the module's #nvvm.target";
  else
    diag << " in " << what;
  return failure();
}
