//===- PTXTranslation.cpp - uop-translate --mlir-to-ptx / --mlir-to-cubin -===//
//
// A module whose gpu.modules are in NVVM/LLVM form becomes PTX through
// upstream's gpu-module-to-binary (format=isa); the cubin comes from ptxas,
// which we run ourselves so that a missing toolkit is a clear diagnostic.
//
//===----------------------------------------------------------------------===//

#include "uop/Dialect/TIRx/Transforms/Passes.h"
#include "uop/Target/Translations.h"
#include "uop/Support/GPUChip.h"
#include "uop/Dialect/TIRx/IR/TIRx.h"
#include "uop/Dialect/UOp/IR/UOp.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

using namespace mlir;

static llvm::cl::opt<std::string>
    clChip("chip",
           llvm::cl::desc("Target chip for --mlir-to-ptx / --mlir-to-cubin "
                          "(sm_80, sm_90a, sm_100a, ...)"),
           llvm::cl::init(uop::kDefaultGPUChip.str()));

/// ptxas: $UOP_PTXAS when set (and only it), else PATH, $CUDA_HOME/bin and
/// /usr/local/cuda/bin.
static std::optional<std::string> findPtxas() {
  if (const char *forced = std::getenv("UOP_PTXAS")) {
    if (llvm::sys::fs::can_execute(forced))
      return std::string(forced);
    return std::nullopt;
  }
  if (auto p = llvm::sys::findProgramByName("ptxas"))
    return *p;
  SmallVector<std::string> dirs;
  if (const char *home = std::getenv("CUDA_HOME"))
    dirs.push_back(std::string(home) + "/bin");
  dirs.push_back("/usr/local/cuda/bin");
  for (const std::string &d : dirs) {
    std::string p = d + "/ptxas";
    if (llvm::sys::fs::can_execute(p))
      return p;
  }
  return std::nullopt;
}

/// The CUDA toolkit whose libdevice math calls (`__nv_expf`) link against:
/// $CUDA_HOME / $CUDA_ROOT / $CUDA_PATH as upstream reads them, else the
/// toolkit ptxas comes from, else /usr/local/cuda.
static std::optional<std::string> findToolkit() {
  for (const char *var : {"CUDA_HOME", "CUDA_ROOT", "CUDA_PATH"})
    if (const char *dir = std::getenv(var))
      return std::string(dir);
  SmallVector<std::string> candidates;
  if (std::optional<std::string> ptxas = findPtxas())
    candidates.push_back(
        llvm::sys::path::parent_path(llvm::sys::path::parent_path(*ptxas)).str());
  candidates.push_back("/usr/local/cuda");
  for (const std::string &dir : candidates) {
    SmallString<256> lib(dir);
    llvm::sys::path::append(lib, "nvvm", "libdevice", "libdevice.10.bc");
    if (llvm::sys::fs::exists(lib))
      return dir;
  }
  return std::nullopt;
}

/// NVVM ops by name prefix and the chip feature whose PTX they need (the
/// PTX ISA's target requirements).
static const std::pair<StringRef, uop::ChipFeature> kNVVMOpNeeds[] = {
    // sm_90: mbarrier transactions, bulk copies, clusters and their fences.
    {"nvvm.fence.mbarrier.init", uop::ChipFeature::TMA},
    {"nvvm.fence.proxy.acquire", uop::ChipFeature::TMA},
    {"nvvm.fence.proxy.release", uop::ChipFeature::TMA},
    {"nvvm.fence.sc.cluster", uop::ChipFeature::Clusters},
    {"nvvm.cp.async.bulk", uop::ChipFeature::TMA},
    {"nvvm.mbarrier.try_wait", uop::ChipFeature::MBarrierTryWait},
    {"nvvm.mbarrier.arrive.expect_tx", uop::ChipFeature::TMA},
    {"nvvm.elect.sync", uop::ChipFeature::TMA},
    {"nvvm.stmatrix", uop::ChipFeature::TMA},
    {"nvvm.mapa", uop::ChipFeature::Clusters},
    {"nvvm.cluster.", uop::ChipFeature::Clusters},
    // sm_90a only.
    {"nvvm.wgmma.", uop::ChipFeature::WGMMA},
    {"nvvm.setmaxregister", uop::ChipFeature::WGMMA},
    // sm_100a class.
    {"nvvm.tcgen05.", uop::ChipFeature::Tcgen05},
};

/// A located error for the first NVVM op in `module` that `chip` cannot run.
static LogicalResult checkNVVMOpsOnChip(ModuleOp module,
                                        const uop::GPUChip &chip) {
  WalkResult walk = module.walk([&](Operation *op) {
    StringRef name = op->getName().getStringRef();
    if (!name.starts_with("nvvm."))
      return WalkResult::advance();
    for (auto [prefix, feature] : kNVVMOpNeeds)
      if (name.starts_with(prefix) && !chip.has(feature)) {
        op->emitError("'") << name << "' is not available on " << chip.name;
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

/// Runs gpu-module-to-binary{format=isa} and returns the PTX of the module's
/// gpu.module; `chip` receives the chip it was built for.
static FailureOr<std::string> emitPTX(Operation *op, StringRef requested,
                                      std::string &chip) {
  auto module = dyn_cast<ModuleOp>(op);
  if (!module)
    return op->emitError("expected a builtin.module");
  SmallVector<gpu::GPUModuleOp> gpuModules(module.getOps<gpu::GPUModuleOp>());
  if (gpuModules.empty())
    return module.emitError("no gpu.module to translate; lower with "
                            "`uop-opt --tirx-to-nvvm=\"chip=...\"` first");
  // One PTX file can hold one module's kernels.
  if (gpuModules.size() > 1)
    return gpuModules[1].emitError("expected one gpu.module, found ")
           << gpuModules.size() << "; PTX and cubin files hold one module";
  chip =
      (requested.empty() ? StringRef(uop::kDefaultGPUChip) : requested).str();
  // The chip the module was lowered for must match the one asked for.
  bool needTarget = false;
  for (gpu::GPUModuleOp gm : gpuModules) {
    if (!gm.getTargetsAttr() || gm.getTargetsAttr().empty()) {
      needTarget = true;
      continue;
    }
    for (Attribute t : gm.getTargetsAttr()) {
      auto nvvm = dyn_cast<NVVM::NVVMTargetAttr>(t);
      if (!nvvm)
        continue;
      if (!requested.empty() && nvvm.getChip() != requested)
        return gm.emitError("gpu.module targets ")
               << nvvm.getChip() << " but --chip=" << requested;
      chip = nvvm.getChip().str();
    }
  }
  const uop::GPUChip *info = uop::lookupGPUChip(chip);
  // The chip (--chip or the gpu.module's target) is wrong, not the module:
  // located at the gpu.module, without a dump of the whole module.
  if (!info)
    return mlir::emitError(gpuModules.front().getLoc(), "unknown chip '")
           << chip << "' (known: " << uop::listGPUChips() << ")";
  // NVPTX instruction selection aborts the process on an intrinsic the
  // chip lacks ("Cannot select"), and not every NVVM op carries upstream's
  // requires-SM check: a located error here instead.
  if (failed(checkNVVMOpsOnChip(module, *info)))
    return failure();
  auto pm = PassManager::on<ModuleOp>(module.getContext());
  if (needTarget) {
    GpuNVVMAttachTargetOptions target;
    target.chip = chip;
    target.features = info->ptxFeature();
    pm.addPass(createGpuNVVMAttachTarget(target));
  }
  // Math lowered to libdevice calls needs the toolkit's libdevice.
  bool usesLibdevice = false;
  module.walk([&](Operation *f) {
    if (auto sym = f->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName()))
      usesLibdevice |= sym.getValue().starts_with("__nv_");
  });
  std::optional<std::string> toolkit = findToolkit();
  if (usesLibdevice && !toolkit)
    return module.emitError("the kernels call libdevice (math functions) but "
                            "no CUDA toolkit with nvvm/libdevice was found; set "
                            "CUDA_HOME");
  GpuModuleToBinaryPassOptions binary;
  binary.compilationTarget = "isa";
  if (toolkit)
    binary.toolkitPath = *toolkit;
  pm.addPass(createGpuModuleToBinaryPass(binary));
  if (failed(pm.run(module)))
    return failure();
  std::string ptx;
  for (auto binary : module.getOps<gpu::BinaryOp>())
    for (Attribute a : binary.getObjectsAttr())
      ptx += cast<gpu::ObjectAttr>(a).getObject().getValue().str();
  return ptx;
}

static LogicalResult emitCubin(Operation *op, StringRef requested,
                               raw_ostream &os) {
  std::string chip;
  FailureOr<std::string> ptx = emitPTX(op, requested, chip);
  if (failed(ptx))
    return failure();
  std::optional<std::string> ptxas = findPtxas();
  if (!ptxas)
    return op->emitError("ptxas not found: put the CUDA toolkit's bin on PATH, "
                         "set CUDA_HOME or UOP_PTXAS (--mlir-to-ptx needs no "
                         "toolkit)");
  SmallString<128> ptxPath, cubinPath, logPath;
  std::error_code tmpError;
  for (auto [ext, path] : {std::pair<StringRef, SmallString<128> *>{"ptx", &ptxPath},
                           {"cubin", &cubinPath},
                           {"log", &logPath}})
    if (!tmpError)
      tmpError = llvm::sys::fs::createTemporaryFile("uop", ext, *path);
  if (tmpError) {
    SmallString<128> dir;
    llvm::sys::path::system_temp_directory(/*ErasedOnReboot=*/true, dir);
    return op->emitError("cannot create temporary files for ptxas in ")
           << dir << ": " << tmpError.message()
           << " (set TMPDIR to a writable directory)";
  }
  llvm::scope_exit cleanup([&] {
    llvm::sys::fs::remove(ptxPath);
    llvm::sys::fs::remove(cubinPath);
    llvm::sys::fs::remove(logPath);
  });
  {
    std::error_code ec;
    llvm::raw_fd_ostream out(ptxPath, ec);
    if (ec)
      return op->emitError("cannot write ") << ptxPath << ": " << ec.message();
    out << *ptx;
    // A full disk: named here, not raw_fd_ostream's fatal "IO failure".
    out.close();
    if (out.has_error()) {
      std::error_code writeError = out.error();
      out.clear_error();
      return op->emitError("cannot write ")
             << ptxPath << ": " << writeError.message()
             << " (set TMPDIR to a directory with space)";
    }
  }
  std::string arch = "-arch=" + chip;
  SmallVector<StringRef> args = {*ptxas, arch, "-o", cubinPath, ptxPath};
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(logPath),
                                          StringRef(logPath)};
  std::string err;
  int rc = llvm::sys::ExecuteAndWait(*ptxas, args, std::nullopt, redirects, 0, 0,
                                     &err);
  if (rc != 0) {
    auto log = llvm::MemoryBuffer::getFile(logPath);
    return op->emitError("ptxas failed (")
           << (err.empty() ? "exit " + std::to_string(rc) : err) << "): "
           << (log ? (*log)->getBuffer() : StringRef());
  }
  auto cubin = llvm::MemoryBuffer::getFile(cubinPath, /*IsText=*/false);
  if (!cubin)
    return op->emitError("cannot read the cubin ptxas wrote");
  // A ptxas that exits 0 without writing one (UOP_PTXAS=/bin/true) is no
  // success: a cubin is an ELF file.
  if (!(*cubin)->getBuffer().starts_with("\x7f" "ELF"))
    return op->emitError("ptxas (")
           << *ptxas << ") exited 0 but wrote "
           << ((*cubin)->getBufferSize() ? "no ELF file" : "an empty file")
           << " as the cubin";
  os << (*cubin)->getBuffer();
  return success();
}

/// The chip given on the command line, or "" to take the module's.
static StringRef requestedChip() {
  return clChip.getNumOccurrences() ? StringRef(clChip) : StringRef();
}

FailureOr<std::string> uop::translateToPTX(Operation *module, StringRef chip) {
  std::string used;
  return emitPTX(module, chip, used);
}

FailureOr<std::string> uop::translateToCubin(Operation *module,
                                             StringRef chip) {
  std::string out;
  llvm::raw_string_ostream os(out);
  if (failed(emitCubin(module, chip, os)))
    return failure();
  return out;
}

static void registerGPUDialects(DialectRegistry &registry) {
  registerAllDialects(registry);
  // NVVM's target interface (serialisation to PTX) is an extension.
  registerAllExtensions(registry);
  // So that an unlowered module gets our diagnostic, not a parse error.
  registry.insert<uop::UOpDialect, uop::tirx::TIRxDialect>();
  registerAllGPUToLLVMIRTranslations(registry);
  registerAllToLLVMIRTranslations(registry);
}

void uop::registerPTXTranslations() {
  // The translations run nvvm-attach-target and gpu-module-to-binary.
  registerGPUPasses();
  TranslateFromMLIRRegistration ptx(
      "mlir-to-ptx", "translate gpu.modules in NVVM form to PTX (--chip)",
      [](Operation *op, raw_ostream &os) -> LogicalResult {
        std::string chip;
        FailureOr<std::string> text = emitPTX(op, requestedChip(), chip);
        if (failed(text))
          return failure();
        os << *text;
        return success();
      },
      registerGPUDialects);
  TranslateFromMLIRRegistration cubin(
      "mlir-to-cubin",
      "translate gpu.modules in NVVM form to a cubin through ptxas (--chip)",
      [](Operation *op, raw_ostream &os) {
        return emitCubin(op, requestedChip(), os);
      },
      registerGPUDialects);
}
