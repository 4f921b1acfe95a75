//===- uop-plugin.cpp - dialect plugin for stock mlir-opt -----------------===//
//
// `mlir-opt --load-dialect-plugin=UOpPlugin.so` makes our dialects available
// to an unmodified mlir-opt (22) linked against the same libMLIR.so.
//
//===----------------------------------------------------------------------===//

#include "uop/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "llvm/Config/llvm-config.h"

extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "UOpPlugin", LLVM_VERSION_STRING,
          [](mlir::DialectRegistry *registry) {
            uop::registerAllDialects(*registry);
          }};
}
