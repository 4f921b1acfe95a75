//===- uop-run.cpp - compile, run and check uop and tirx programs ---------===//
//
//   uop-run FILE [--entry NAME] [--target cpu|cuda] [--check] [--repeat N]
//           [--seed S] [--chip sm_XX]
//
// A tensor-level func.func runs on the CPU (uop-to-program, --uop-to-c, the
// system C compiler, dlopen) or on a GPU (uop-to-nvvm, PTX, the CUDA driver);
// a tirx.prim_func runs on a GPU. Inputs are seeded random data, outputs are
// poisoned (NaN) before the run so unwritten elements fail the check, and
// --check compares every output with a double-precision reference: the
// interpreter for uop graphs, the kernel's `uop.reference` for tirx.
//
// Exit status: 0 success, 1 failure or mismatch, 2 bad usage or input,
// 3 no GPU (for --target cuda).
//
//===----------------------------------------------------------------------===//

#include "uop/Dialect/TIRx/IR/TIRx.h"
#include "uop/Dialect/UOp/IR/UOp.h"
#include "uop/Dialect/UOp/Utils/KernelSchedule.h"
#include "uop/Runtime/Compile.h"
#include "uop/Runtime/CudaDriver.h"
#include "uop/Runtime/Interpreter.h"
#include "uop/Target/Translations.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <dlfcn.h>
#include <random>

using namespace mlir;
using namespace uop;

namespace {
enum ExitCode { kOk = 0, kFail = 1, kUsage = 2, kNoGPU = 3 };

llvm::cl::OptionCategory clCategory("uop-run options");

llvm::cl::opt<std::string> clInput(llvm::cl::Positional,
                                   llvm::cl::desc("<input .mlir>"),
                                   llvm::cl::Required,
                                   llvm::cl::cat(clCategory));
llvm::cl::opt<std::string> clEntry("entry",
                                   llvm::cl::desc("function to run (default: "
                                                  "the first func.func or "
                                                  "tirx.prim_func)"),
                                   llvm::cl::cat(clCategory));
llvm::cl::opt<std::string> clTarget("target", llvm::cl::desc("cpu or cuda"),
                                    llvm::cl::init("cpu"),
                                    llvm::cl::cat(clCategory));
llvm::cl::opt<bool> clCheck("check",
                            llvm::cl::desc("compare outputs with the reference"),
                            llvm::cl::cat(clCategory));
llvm::cl::opt<unsigned> clRepeat("repeat",
                                 llvm::cl::desc("timed runs (median printed)"),
                                 llvm::cl::init(10), llvm::cl::cat(clCategory));
llvm::cl::opt<unsigned> clSeed("seed", llvm::cl::desc("input seed"),
                               llvm::cl::init(0), llvm::cl::cat(clCategory));
/// `--chip` is registered by the PTX translation library, which uop-run
/// links; it is read from there (empty or default: the device's chip).
std::string requestedChip() {
  auto &opts = llvm::cl::getRegisteredOptions();
  auto it = opts.find("chip");
  if (it == opts.end() || !it->second->getNumOccurrences())
    return "";
  return static_cast<llvm::cl::opt<std::string> *>(it->second)->getValue();
}
llvm::cl::opt<std::string> clReference(
    "reference",
    llvm::cl::desc("what a tirx kernel computes, for --check: copy (last "
                   "buffer = first), gemm_nn (C = A B), gemm_nt (C = A B^T); "
                   "default: the prim_func's uop.reference attribute"),
    llvm::cl::cat(clCategory));
llvm::cl::opt<bool> clKeep("keep-temps",
                           llvm::cl::desc("keep the generated C / PTX files"),
                           llvm::cl::cat(clCategory));

int fail(const Twine &msg, int code = kFail) {
  llvm::errs() << "uop-run: " << msg << "\n";
  return code;
}

double median(std::vector<double> v) {
  if (v.empty())
    return 0;
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

/// Element type handling on the host: storage size and conversions.
struct DType {
  Type type;
  unsigned bytes() const {
    return std::max<unsigned>(1, type.getIntOrFloatBitWidth() / 8);
  }
  bool isFloat() const { return isa<FloatType>(type); }
  void store(double v, void *p) const {
    if (type.isF32()) {
      float f = (float)v;
      std::memcpy(p, &f, 4);
    } else if (type.isF64()) {
      std::memcpy(p, &v, 8);
    } else if (type.isF16() || type.isBF16()) {
      APFloat a(v);
      bool lost;
      a.convert(type.isF16() ? APFloat::IEEEhalf() : APFloat::BFloat(),
                APFloat::rmNearestTiesToEven, &lost);
      uint16_t bits = (uint16_t)a.bitcastToAPInt().getZExtValue();
      std::memcpy(p, &bits, 2);
    } else {
      int64_t i = (int64_t)v;
      std::memcpy(p, &i, bytes()); // little endian
    }
  }
  double load(const void *p) const {
    if (type.isF32()) {
      float f;
      std::memcpy(&f, p, 4);
      return f;
    }
    if (type.isF64()) {
      double d;
      std::memcpy(&d, p, 8);
      return d;
    }
    if (type.isF16() || type.isBF16()) {
      uint16_t bits;
      std::memcpy(&bits, p, 2);
      APFloat a(type.isF16() ? APFloat::IEEEhalf() : APFloat::BFloat(),
                APInt(16, bits));
      bool lost;
      a.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &lost);
      return a.convertToDouble();
    }
    int64_t i = 0;
    std::memcpy(&i, p, bytes());
    unsigned w = type.getIntOrFloatBitWidth();
    if (w < 64)
      i = (i << (64 - w)) >> (64 - w);
    return (double)i;
  }
  /// Relative error bound of a result computed from inputs of this type.
  double tolerance() const {
    if (type.isF64())
      return 1e-9;
    if (type.isF32())
      return 1e-5;
    if (type.isF16() || type.isBF16())
      return 1e-2;
    return 0;
  }
};

/// Seeded random values, already rounded to the element type so the
/// reference sees exactly what the program sees.
void fillRandom(HostTensor &h, DType t, std::mt19937_64 &rng) {
  std::uniform_real_distribution<double> real(-1.0, 1.0);
  std::uniform_int_distribution<int> integer(-8, 8);
  std::vector<unsigned char> tmp(8);
  for (double &v : h.data) {
    double x = t.isFloat() ? real(rng) : (double)integer(rng);
    t.store(x, tmp.data());
    v = t.load(tmp.data());
  }
}

struct Comparison {
  double maxAbs = 0, maxRel = 0;
  int64_t bad = 0, checked = 0;
};

/// |got - ref| <= tol * scale, where scale is |ref| floored by the output's
/// RMS magnitude so that values near zero are judged against the data.
void compare(const HostTensor &got, const HostTensor &ref, DType t,
             Comparison &c) {
  double rms = 0;
  for (double r : ref.data)
    rms += r * r;
  rms = std::sqrt(rms / std::max<size_t>(1, ref.data.size()));
  double floor = std::max(rms, 1e-30);
  for (size_t i = 0; i < ref.data.size(); ++i) {
    double g = got.data[i], r = ref.data[i];
    double abs = std::fabs(g - r);
    double rel = abs / std::max(std::fabs(r), floor);
    ++c.checked;
    if (std::isnan(g) || std::isnan(abs) || rel > t.tolerance()) {
      // NaN (an unwritten, poisoned element) or out of bounds.
      if (!(std::isnan(g) && std::isnan(r)))
        ++c.bad;
    }
    if (!std::isnan(abs)) {
      c.maxAbs = std::max(c.maxAbs, abs);
      c.maxRel = std::max(c.maxRel, rel);
    } else {
      c.maxAbs = c.maxRel = INFINITY;
    }
  }
}

void printComparison(const Comparison &c) {
  llvm::outs() << "max_abs_err=" << llvm::format("%.3e", c.maxAbs)
               << " max_rel_err=" << llvm::format("%.3e", c.maxRel)
               << " checked=" << c.checked << " mismatches=" << c.bad
               << " check=" << (c.bad ? "fail" : "pass") << "\n";
}

//===----------------------------------------------------------------------===//
// CPU: tensor-level func.func -> C -> shared object
//===----------------------------------------------------------------------===//

using Entry0 = void (*)();
int callEntry(void *fn, ArrayRef<void *> a) {
  // The entry takes one pointer per input and output.
  switch (a.size()) {
#define ARGS_1 void *
#define ARGS_2 ARGS_1, void *
#define ARGS_3 ARGS_2, void *
#define ARGS_4 ARGS_3, void *
#define ARGS_5 ARGS_4, void *
#define ARGS_6 ARGS_5, void *
#define ARGS_7 ARGS_6, void *
#define ARGS_8 ARGS_7, void *
  case 1: ((void (*)(ARGS_1))fn)(a[0]); return 0;
  case 2: ((void (*)(ARGS_2))fn)(a[0], a[1]); return 0;
  case 3: ((void (*)(ARGS_3))fn)(a[0], a[1], a[2]); return 0;
  case 4: ((void (*)(ARGS_4))fn)(a[0], a[1], a[2], a[3]); return 0;
  case 5: ((void (*)(ARGS_5))fn)(a[0], a[1], a[2], a[3], a[4]); return 0;
  case 6: ((void (*)(ARGS_6))fn)(a[0], a[1], a[2], a[3], a[4], a[5]); return 0;
  case 7: ((void (*)(ARGS_7))fn)(a[0], a[1], a[2], a[3], a[4], a[5], a[6]); return 0;
  case 8: ((void (*)(ARGS_8))fn)(a[0], a[1], a[2], a[3], a[4], a[5], a[6], a[7]); return 0;
  default: return 1;
  }
}

struct Tensors {
  SmallVector<HostTensor> inputs;
  SmallVector<DType> inTypes, outTypes;
  SmallVector<SmallVector<int64_t>> outShapes;
};

FailureOr<Tensors> makeInputs(func::FuncOp fn) {
  Tensors t;
  std::mt19937_64 rng(clSeed);
  for (Type ty : fn.getArgumentTypes()) {
    auto rt = dyn_cast<RankedTensorType>(ty);
    if (!rt || !rt.hasStaticShape())
      return fn.emitError("uop-run: arguments must be static ranked tensors"),
             failure();
    Type e = rt.getElementType();
    if (!e.isF32() && !e.isF64() && !e.isInteger(32) && !e.isInteger(64))
      return fn.emitError("uop-run: unsupported dtype ")
                 << e << " (supported: f32, f64, i32, i64)",
             failure();
    HostTensor h;
    h.shape.assign(rt.getShape().begin(), rt.getShape().end());
    h.data.assign(h.numElements(), 0);
    fillRandom(h, DType{e}, rng);
    t.inputs.push_back(std::move(h));
    t.inTypes.push_back(DType{e});
  }
  for (Type ty : fn.getResultTypes()) {
    auto rt = dyn_cast<RankedTensorType>(ty);
    if (!rt || !rt.hasStaticShape())
      return fn.emitError("uop-run: results must be static ranked tensors"),
             failure();
    t.outTypes.push_back(DType{rt.getElementType()});
    t.outShapes.push_back(llvm::to_vector(rt.getShape()));
  }
  return t;
}

int checkOutputs(func::FuncOp fn, const Tensors &t,
                 ArrayRef<HostTensor> outputs) {
  if (!clCheck)
    return kOk;
  FailureOr<SmallVector<HostTensor>> ref = interpretTensorFunction(fn, t.inputs);
  if (failed(ref))
    return fail("the reference interpreter failed");
  Comparison c;
  for (auto [i, o] : llvm::enumerate(outputs))
    compare(o, (*ref)[i], t.outTypes[i], c);
  printComparison(c);
  return c.bad ? kFail : kOk;
}

int runCPU(ModuleOp module, func::FuncOp fn) {
  FailureOr<Tensors> t = makeInputs(fn);
  if (failed(t))
    return kUsage;
  OwningOpRef<ModuleOp> compiled(cast<ModuleOp>(module->clone()));
  // Only the entry is compiled.
  for (auto other : llvm::make_early_inc_range(compiled->getOps<func::FuncOp>()))
    if (other.getName() != fn.getName())
      other->erase();
  if (failed(runPipeline(*compiled, "uop-to-program{target=cpu}")))
    return fail("the uop-to-program pipeline failed");
  std::string source;
  llvm::raw_string_ostream os(source);
  if (failed(translateUOpToC(*compiled, os)))
    return fail("--uop-to-c failed");
  SmallString<128> dir;
  if (llvm::sys::fs::createUniqueDirectory("uop-run", dir))
    return fail("cannot create a temporary directory");
  llvm::scope_exit cleanup([&] {
    if (!clKeep)
      llvm::sys::fs::remove_directories(dir);
    else
      llvm::errs() << "uop-run: kept " << dir << "\n";
  });
  std::string log;
  FailureOr<std::string> so = compileCSharedObject(source, dir, log);
  if (failed(so))
    return fail(log);
  void *lib = dlopen(so->c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!lib)
    return fail(Twine("dlopen failed: ") + dlerror());
  std::string sym = ("uop_" + fn.getName()).str();
  void *entry = dlsym(lib, sym.c_str());
  if (!entry)
    return fail("the compiled program has no entry " + sym);

  // Buffers in the program's dtypes; outputs poisoned.
  std::vector<std::vector<unsigned char>> storage;
  SmallVector<void *> args;
  for (auto [h, d] : llvm::zip(t->inputs, t->inTypes)) {
    storage.emplace_back(h.data.size() * d.bytes());
    for (size_t i = 0; i < h.data.size(); ++i)
      d.store(h.data[i], storage.back().data() + i * d.bytes());
    args.push_back(storage.back().data());
  }
  SmallVector<size_t> outSlots;
  for (auto [shape, d] : llvm::zip(t->outShapes, t->outTypes)) {
    int64_t n = 1;
    for (int64_t s : shape)
      n *= s;
    storage.emplace_back(n * d.bytes(), 0xFF); // NaN for floats
    outSlots.push_back(storage.size() - 1);
    args.push_back(storage.back().data());
  }
  if (args.size() > 8)
    return fail("at most 8 inputs and outputs together are supported");
  callEntry(entry, args);
  // Outputs are read after the first run; timed runs follow.
  SmallVector<HostTensor> outputs;
  for (auto [i, slot] : llvm::enumerate(outSlots)) {
    HostTensor h;
    h.shape = t->outShapes[i];
    h.data.resize(h.numElements());
    for (int64_t k = 0; k < h.numElements(); ++k)
      h.data[k] = t->outTypes[i].load(storage[slot].data() +
                                      k * t->outTypes[i].bytes());
    outputs.push_back(std::move(h));
  }
  std::vector<double> times;
  for (unsigned r = 0; r < clRepeat; ++r) {
    auto start = std::chrono::steady_clock::now();
    callEntry(entry, args);
    auto stop = std::chrono::steady_clock::now();
    times.push_back(std::chrono::duration<double, std::milli>(stop - start).count());
  }
  int64_t bytes = 0;
  for (auto &s : storage)
    bytes += s.size();
  double ms = median(times);
  llvm::outs() << "entry=" << fn.getName() << " target=cpu kernels="
               << llvm::count_if(compiled->getOps<FunctionOp>(),
                                 [](FunctionOp f) { return isKernel(f); })
               << "\n";
  llvm::outs() << "time_ms_median=" << llvm::format("%.4f", ms)
               << " gbps=" << llvm::format("%.2f", ms > 0 ? bytes / ms / 1e6 : 0.0)
               << " repeat=" << clRepeat << "\n";
  int rc = checkOutputs(fn, *t, outputs);
  dlclose(lib);
  return rc;
}

//===----------------------------------------------------------------------===//
// CUDA
//===----------------------------------------------------------------------===//

std::string chipFor(int cc) {
  std::string forced = requestedChip();
  if (!forced.empty())
    return forced;
  std::string chip = "sm_" + std::to_string(cc);
  if (cc == 90 || cc == 100 || cc == 101)
    chip += "a";
  return chip;
}

int tensorMapDType(Type t) {
  if (t.isF16()) return 6;
  if (t.isF32()) return 7;
  if (t.isF64()) return 8;
  if (t.isBF16()) return 9;
  if (t.isInteger(8)) return 0;
  if (t.isInteger(32)) return 3;
  return 7;
}

/// One kernel launch: the lowered kernel and the device buffer of each of
/// its gpu.func buffer parameters.
struct Launch {
  LLVM::LLVMFuncOp kernel;
  SmallVector<int64_t> buffers; // indices into the buffer table
};

struct DeviceBuffer {
  CudaDriver::DevicePtr ptr = 0;
  int64_t count = 0;
  DType type;
  SmallVector<int64_t> shape;
};

/// Builds the kernel's parameter list from the lowered signature: a memref
/// is (ptr, ptr, offset, size, stride), a generic !llvm.ptr a tensor map.
std::string launchKernel(CudaDriver &cu, void *fn, Launch &l,
                         SmallVectorImpl<DeviceBuffer> &table,
                         std::vector<CudaDriver::DevicePtr> &maps) {
  auto fty = l.kernel.getFunctionType();
  std::vector<std::vector<unsigned char>> values;
  unsigned memrefs = 0, gpuParam = 0;
  ArrayRef<Type> params = fty.getParams();
  auto mapsAttr = l.kernel->getAttrOfType<ArrayAttr>("tirx.tensor_maps");
  for (size_t i = 0; i < params.size();) {
    auto ptr = dyn_cast<LLVM::LLVMPointerType>(params[i]);
    if (ptr && ptr.getAddressSpace() == 1) {
      if (memrefs >= l.buffers.size())
        return "kernel has more buffer parameters than the launch provides";
      DeviceBuffer &b = table[l.buffers[memrefs++]];
      auto push = [&](auto v) {
        values.emplace_back(sizeof(v));
        std::memcpy(values.back().data(), &v, sizeof(v));
      };
      push(b.ptr);
      push(b.ptr);
      push((int64_t)0);
      push((int64_t)b.count);
      push((int64_t)1);
      i += 5;
      ++gpuParam;
      continue;
    }
    if (ptr && ptr.getAddressSpace() == 0) {
      // A tensor map, encoded on the host and passed in global memory.
      DictionaryAttr entry;
      for (Attribute a : mapsAttr ? mapsAttr.getValue() : ArrayRef<Attribute>())
        if (auto d = dyn_cast<DictionaryAttr>(a);
            d && d.getAs<IntegerAttr>("arg").getInt() == (int64_t)gpuParam)
          entry = d;
      if (!entry)
        return "kernel parameter " + std::to_string(i) +
               " is a pointer without a tirx.tensor_maps entry";
      DeviceBuffer &b =
          table[l.buffers[entry.getAs<IntegerAttr>("buffer_arg").getInt()]];
      auto shape = entry.getAs<DenseI64ArrayAttr>("shape");
      auto box = entry.getAs<DenseI64ArrayAttr>("box");
      if (!shape || !box)
        return "tensor map entry lacks shape or box";
      alignas(64) unsigned char map[128];
      std::string err = cu.encodeTensorMap(
          map, tensorMapDType(b.type.type), b.ptr, shape.asArrayRef(),
          box.asArrayRef(), b.type.bytes(),
          (int)entry.getAs<IntegerAttr>("swizzle").getInt());
      if (!err.empty())
        return err;
      CudaDriver::DevicePtr d;
      if (!(err = cu.alloc(&d, 128)).empty() ||
          !(err = cu.copyToDevice(d, map, 128)).empty())
        return err;
      maps.push_back(d);
      values.emplace_back(sizeof(d));
      std::memcpy(values.back().data(), &d, sizeof(d));
      ++i;
      ++gpuParam;
      continue;
    }
    return "unsupported kernel parameter type (scalars are not supported)";
  }
  std::vector<void *> ptrs;
  for (auto &v : values)
    ptrs.push_back(v.data());
  unsigned grid[3] = {1, 1, 1}, block[3] = {1, 1, 1};
  if (auto g = l.kernel->getAttrOfType<DenseI32ArrayAttr>("gpu.known_grid_size"))
    for (size_t k = 0; k < 3 && k < (size_t)g.size(); ++k)
      grid[k] = g[k];
  if (auto b = l.kernel->getAttrOfType<DenseI32ArrayAttr>("gpu.known_block_size"))
    for (size_t k = 0; k < 3 && k < (size_t)b.size(); ++k)
      block[k] = b[k];
  unsigned shared = 0;
  if (auto d = l.kernel->getAttrOfType<IntegerAttr>("tirx.dynamic_shared_bytes")) {
    shared = d.getInt();
    std::string err = cu.setDynamicShared(fn, shared);
    if (!err.empty())
      return err;
  }
  return cu.launch(fn, grid, block, shared, ptrs.data());
}

/// Compiles `module` (already lowered to NVVM) and runs `launches` in order.
int runOnGPU(CudaDriver &cu, ModuleOp lowered, StringRef chip,
             SmallVectorImpl<Launch> &launches,
             SmallVectorImpl<DeviceBuffer> &table, double flops,
             double bytesMoved, std::function<int()> check) {
  FailureOr<std::string> image = translateToCubin(lowered, chip);
  if (failed(image)) {
    // Without ptxas the driver JIT-compiles the PTX.
    image = translateToPTX(lowered, chip);
    if (failed(image))
      return fail("cannot produce PTX for the kernels");
  }
  void *module = nullptr;
  std::string err = cu.loadModule(*image, &module);
  if (!err.empty())
    return fail(err);
  SmallVector<void *> fns;
  for (Launch &l : launches) {
    void *f = nullptr;
    if (!(err = cu.getFunction(module, l.kernel.getName(), &f)).empty())
      return fail(err);
    fns.push_back(f);
  }
  std::vector<CudaDriver::DevicePtr> maps;
  auto runAll = [&]() -> std::string {
    for (auto [l, f] : llvm::zip(launches, fns)) {
      std::string e = launchKernel(cu, f, l, table, maps);
      if (!e.empty())
        return e;
    }
    return "";
  };
  if (!(err = runAll()).empty() || !(err = cu.synchronize()).empty())
    return fail("launch failed: " + err);
  int rc = check();
  std::vector<double> times;
  for (unsigned r = 0; r < clRepeat; ++r) {
    float ms = 0;
    if (!(err = cu.time(runAll, &ms)).empty())
      return fail(err);
    times.push_back(ms);
  }
  for (auto m : maps)
    cu.free(m);
  double ms = median(times);
  llvm::outs() << "device=\"" << cu.deviceName() << "\" chip=" << chip << "\n";
  llvm::outs() << "time_ms_median=" << llvm::format("%.4f", ms);
  if (flops > 0)
    llvm::outs() << " tflops=" << llvm::format("%.2f", flops / ms / 1e9);
  if (bytesMoved > 0)
    llvm::outs() << " gbps=" << llvm::format("%.2f", bytesMoved / ms / 1e6);
  llvm::outs() << " repeat=" << clRepeat << "\n";
  return rc;
}

int copyOut(CudaDriver &cu, DeviceBuffer &b, HostTensor &h) {
  std::vector<unsigned char> raw(b.count * b.type.bytes());
  std::string err = cu.copyToHost(raw.data(), b.ptr, raw.size());
  if (!err.empty())
    return fail(err);
  h.shape = b.shape;
  h.data.resize(b.count);
  for (int64_t i = 0; i < b.count; ++i)
    h.data[i] = b.type.load(raw.data() + i * b.type.bytes());
  return kOk;
}

int upload(CudaDriver &cu, DeviceBuffer &b, const HostTensor *h) {
  size_t bytes = b.count * b.type.bytes();
  std::string err = cu.alloc(&b.ptr, std::max<size_t>(bytes, 1));
  if (!err.empty())
    return fail(err);
  if (!h)
    return (err = cu.memset8(b.ptr, 0xFF, bytes)).empty() ? kOk : fail(err);
  std::vector<unsigned char> raw(bytes);
  for (int64_t i = 0; i < b.count; ++i)
    b.type.store(h->data[i], raw.data() + i * b.type.bytes());
  err = cu.copyToDevice(b.ptr, raw.data(), bytes);
  return err.empty() ? kOk : fail(err);
}

LLVM::LLVMFuncOp findKernel(ModuleOp m, StringRef name) {
  LLVM::LLVMFuncOp found;
  m.walk([&](LLVM::LLVMFuncOp f) {
    if (f.getName() == name && f->hasAttr("gpu.kernel"))
      found = f;
  });
  return found;
}

/// A tirx kernel: every buffer parameter is an input except the last, the
/// output; `uop.reference` says what it computes.
int runTIRx(ModuleOp module, tirx::PrimFuncOp fn, CudaDriver &cu) {
  std::string chip = chipFor(cu.computeCapability());
  OwningOpRef<ModuleOp> lowered(cast<ModuleOp>(module->clone()));
  for (auto other :
       llvm::make_early_inc_range(lowered->getOps<tirx::PrimFuncOp>()))
    if (other.getSymName() != fn.getSymName())
      other->erase();
  if (failed(runPipeline(*lowered, "tirx-to-nvvm{chip=" + chip + "}")))
    return fail("the tirx-to-nvvm pipeline failed");
  SmallVector<DeviceBuffer> table;
  SmallVector<HostTensor> hosts;
  std::mt19937_64 rng(clSeed);
  auto params = fn.getFunctionType().getInputs();
  for (auto [i, t] : llvm::enumerate(params)) {
    auto bt = dyn_cast<tirx::BufferType>(t);
    if (!bt)
      return fail("uop-run supports buffer parameters only", kUsage);
    DeviceBuffer b;
    b.type = DType{bt.getElementType()};
    b.shape = llvm::to_vector(bt.getShape());
    b.count = 1;
    for (int64_t d : b.shape)
      b.count *= d;
    HostTensor h;
    h.shape = b.shape;
    h.data.assign(b.count, 0);
    bool output = i + 1 == params.size();
    if (!output)
      fillRandom(h, b.type, rng);
    if (int rc = upload(cu, b, output ? nullptr : &h))
      return rc;
    table.push_back(b);
    hosts.push_back(std::move(h));
  }
  Launch l;
  l.kernel = findKernel(*lowered, fn.getSymName());
  if (!l.kernel)
    return fail("the lowered module has no kernel @" + fn.getSymName());
  for (size_t i = 0; i < table.size(); ++i)
    l.buffers.push_back(i);
  SmallVector<Launch> launches = {l};
  auto ref = fn->getAttrOfType<StringAttr>("uop.reference");
  if (!clReference.empty())
    ref = StringAttr::get(fn.getContext(), clReference);
  double flops = 0, bytes = 0;
  if (ref && ref.getValue().starts_with("gemm") && table.size() == 3) {
    int64_t m = table[2].shape[0], n = table[2].shape[1], k = table[0].shape[1];
    flops = 2.0 * m * n * k;
  } else {
    for (DeviceBuffer &b : table)
      bytes += b.count * b.type.bytes();
  }
  auto check = [&]() -> int {
    if (!clCheck)
      return kOk;
    if (!ref) {
      llvm::outs() << "check=skipped (give --reference or a uop.reference "
                      "attribute)\n";
      return kOk;
    }
    HostTensor got;
    if (int rc = copyOut(cu, table.back(), got))
      return rc;
    Comparison c;
    DType inType = table.front().type;
    if (ref.getValue() == "copy") {
      compare(got, hosts.front(), inType, c);
    } else if (ref.getValue() == "gemm_nn" || ref.getValue() == "gemm_nt") {
      bool nt = ref.getValue() == "gemm_nt";
      const HostTensor &a = hosts[0], &bm = hosts[1];
      int64_t m = got.shape[0], n = got.shape[1], k = a.shape[1];
      // Large problems are checked on a seeded sample of the outputs.
      int64_t total = m * n, samples = total * k > (1ll << 32) ? 65536 : total;
      std::mt19937_64 pick(clSeed + 1);
      HostTensor g, r;
      g.shape = r.shape = {samples};
      for (int64_t s = 0; s < samples; ++s) {
        int64_t idx = samples == total ? s : (int64_t)(pick() % total);
        int64_t i = idx / n, j = idx % n;
        double acc = 0;
        for (int64_t p = 0; p < k; ++p)
          acc += a.data[i * k + p] *
                 (nt ? bm.data[j * k + p] : bm.data[p * n + j]);
        g.data.push_back(got.data[idx]);
        r.data.push_back(acc);
      }
      compare(g, r, inType, c);
    } else {
      return fail("unknown uop.reference '" + ref.getValue() +
                  "' (copy, gemm_nn, gemm_nt)", kUsage);
    }
    printComparison(c);
    return c.bad ? kFail : kOk;
  };
  int rc = runOnGPU(cu, *lowered, chip, launches, table, flops,
                    flops > 0 ? 0 : bytes, check);
  for (DeviceBuffer &b : table)
    cu.free(b.ptr);
  return rc;
}

/// A tensor-level graph on the GPU: uop-to-nvvm, then the launches recorded
/// in `uop.schedule`.
int runGraphOnGPU(ModuleOp module, func::FuncOp fn, CudaDriver &cu) {
  FailureOr<Tensors> t = makeInputs(fn);
  if (failed(t))
    return kUsage;
  std::string chip = chipFor(cu.computeCapability());
  OwningOpRef<ModuleOp> lowered(cast<ModuleOp>(module->clone()));
  for (auto other : llvm::make_early_inc_range(lowered->getOps<func::FuncOp>()))
    if (other.getName() != fn.getName())
      other->erase();
  if (failed(runPipeline(*lowered, "uop-to-nvvm{chip=" + chip + "}")))
    return fail("the uop-to-nvvm pipeline failed");
  auto sched = (*lowered)->getAttrOfType<DictionaryAttr>("uop.schedule");
  if (!sched)
    return fail("the lowered module has no uop.schedule");
  SmallVector<DeviceBuffer> table;
  unsigned nIn = t->inputs.size();
  for (unsigned i = 0; i < nIn; ++i) {
    DeviceBuffer b{0, (int64_t)t->inputs[i].data.size(), t->inTypes[i],
                   t->inputs[i].shape};
    if (int rc = upload(cu, b, &t->inputs[i]))
      return rc;
    table.push_back(b);
  }
  for (auto [shape, d] : llvm::zip(t->outShapes, t->outTypes)) {
    int64_t n = 1;
    for (int64_t s : shape)
      n *= s;
    DeviceBuffer b{0, n, d, shape};
    if (int rc = upload(cu, b, nullptr))
      return rc;
    table.push_back(b);
  }
  auto sizes = sched.getAs<DenseI64ArrayAttr>("buffers");
  auto types = sched.getAs<ArrayAttr>("buffer_types");
  for (auto [n, ty] : llvm::zip(sizes.asArrayRef(), types.getValue())) {
    DeviceBuffer b{0, n, DType{cast<TypeAttr>(ty).getValue()}, {n}};
    if (int rc = upload(cu, b, nullptr))
      return rc;
    table.push_back(b);
  }
  SmallVector<Launch> launches;
  for (Attribute a : sched.getAs<ArrayAttr>("calls")) {
    auto call = cast<DictionaryAttr>(a);
    Launch l;
    StringRef name = call.getAs<FlatSymbolRefAttr>("kernel").getValue();
    l.kernel = findKernel(*lowered, name);
    if (!l.kernel)
      return fail("no lowered kernel @" + name);
    l.buffers = llvm::to_vector(call.getAs<DenseI64ArrayAttr>("args").asArrayRef());
    launches.push_back(l);
  }
  double bytes = 0;
  for (unsigned i = 0; i < nIn + t->outShapes.size(); ++i)
    bytes += table[i].count * table[i].type.bytes();
  auto check = [&]() -> int {
    SmallVector<HostTensor> outs;
    for (unsigned i = 0; i < t->outShapes.size(); ++i) {
      HostTensor h;
      if (int rc = copyOut(cu, table[nIn + i], h))
        return rc;
      h.shape = t->outShapes[i];
      outs.push_back(std::move(h));
    }
    return checkOutputs(fn, *t, outs);
  };
  llvm::outs() << "entry=" << fn.getName() << " target=cuda kernels="
               << launches.size() << "\n";
  int rc = runOnGPU(cu, *lowered, chip, launches, table, 0, bytes, check);
  for (DeviceBuffer &b : table)
    cu.free(b.ptr);
  return rc;
}
} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  // --chip belongs to the PTX translation library; show it with ours.
  if (auto *chip = llvm::cl::getRegisteredOptions().lookup("chip"))
    chip->addCategory(clCategory);
  llvm::cl::HideUnrelatedOptions(clCategory);
  llvm::cl::ParseCommandLineOptions(
      argc, argv,
      "uop-run: compile, run and check uop graphs (cpu, cuda) and tirx "
      "kernels (cuda)\n");
  if (clTarget != "cpu" && clTarget != "cuda")
    return fail("--target must be cpu or cuda", kUsage);
  if (!clReference.empty() && clReference != "copy" &&
      clReference != "gemm_nn" && clReference != "gemm_nt")
    return fail("--reference must be copy, gemm_nn or gemm_nt", kUsage);

  DialectRegistry registry;
  registerCompilerDialects(registry);
  MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  llvm::SourceMgr sm;
  SourceMgrDiagnosticHandler diag(sm, &ctx);
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(clInput, sm, &ctx);
  if (!module)
    return fail("cannot parse " + clInput, kUsage);

  // The entry: a tensor-level func.func or a tirx.prim_func.
  Operation *entry = nullptr;
  for (Operation &op : module->getBody()->getOperations()) {
    auto sym = dyn_cast<SymbolOpInterface>(op);
    if (!sym || !isa<func::FuncOp, tirx::PrimFuncOp>(op))
      continue;
    if (clEntry.empty() ? !entry : sym.getName() == clEntry)
      entry = &op;
  }
  if (!entry)
    return fail(clEntry.empty()
                    ? "no func.func or tirx.prim_func to run in " + clInput
                    : "no function named '" + clEntry + "' in " + clInput,
                kUsage);

  if (clTarget == "cpu") {
    auto fn = dyn_cast<func::FuncOp>(entry);
    if (!fn)
      return fail("tirx kernels run with --target cuda", kUsage);
    return runCPU(*module, fn);
  }
  std::string why;
  std::unique_ptr<CudaDriver> cu = CudaDriver::open(why);
  if (!cu)
    return fail("no GPU: " + why, kNoGPU);
  if (auto fn = dyn_cast<func::FuncOp>(entry))
    return runGraphOnGPU(*module, fn, *cu);
  return runTIRx(*module, cast<tirx::PrimFuncOp>(entry), *cu);
}
