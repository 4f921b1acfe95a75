//===- GPUProgram.cpp - kernels loaded on a GPU, launches prepared --------===//

#include "uop/Runtime/GPUProgram.h"
#include "uop/Support/GPUChip.h"
#include "uop/Target/Translations.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <cstring>
#include <limits>
#include <optional>

using namespace mlir;
using namespace uop;

unsigned uop::elementBytes(Type t) {
  if (t.isIndex())
    return 8;
  return std::max<unsigned>(1, t.getIntOrFloatBitWidth() / 8);
}

static std::string typeName(Type t) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << t;
  return s;
}

/// "an i32", "an f16", "a bf16", "an index".
static std::string withArticle(Type t) {
  std::string name = typeName(t);
  return (name[0] == 'b' ? "a " : "an ") + name;
}

static llvm::Error badInput(const llvm::Twine &why) {
  return makeError(RuntimeErrorKind::BadInput, why);
}

static llvm::Error compileFailed(const llvm::Twine &why) {
  return makeError(RuntimeErrorKind::CompileFailed, why);
}

//===----------------------------------------------------------------------===//
// Scalar values
//===----------------------------------------------------------------------===//

bool uop::isScalarParamType(Type t) {
  if (t.isIndex())
    return true;
  if (auto i = dyn_cast<IntegerType>(t))
    return i.isSignless() && llvm::is_contained({1u, 8u, 16u, 32u, 64u},
                                                i.getWidth());
  return t.isF16() || t.isBF16() || t.isF32() || t.isF64();
}

/// `text` as an integer of `width` bits: its signed or its unsigned range.
static std::optional<uint64_t> parseInteger(StringRef text, unsigned width) {
  if (width == 1 && (text == "true" || text == "false"))
    return text == "true" ? 1 : 0;
  bool negative = text.consume_front("-");
  if (!negative)
    text.consume_front("+");
  unsigned radix = text.consume_front_insensitive("0x") ? 16 : 10;
  llvm::APInt v;
  if (text.empty() || text.getAsInteger(radix, v) || v.getActiveBits() > 64)
    return std::nullopt;
  uint64_t magnitude = v.getZExtValue();
  if (negative) {
    if (magnitude > (uint64_t(1) << (width - 1)))
      return std::nullopt;
    return (0 - magnitude) & llvm::maskTrailingOnes<uint64_t>(width);
  }
  if (width < 64 && magnitude >> width)
    return std::nullopt;
  return magnitude;
}

llvm::Expected<ScalarValue> ScalarValue::parse(Type type, StringRef text) {
  if (!isScalarParamType(type))
    return badInput("scalar parameters are integers (i1, i8, i16, i32, i64, "
                    "index) or floats (f16, bf16, f32, f64), not " +
                    typeName(type));
  StringRef t = text.trim();
  if (auto ft = dyn_cast<FloatType>(type)) {
    llvm::APFloat f(ft.getFloatSemantics());
    auto status = f.convertFromString(t, llvm::APFloat::rmNearestTiesToEven);
    if (!status) {
      llvm::consumeError(status.takeError());
      return badInput("'" + text + "' is not " + withArticle(type) + " value");
    }
    if (*status & llvm::APFloat::opOverflow)
      return badInput("'" + text + "' is out of the range of " +
                      typeName(type));
    return ScalarValue(type, f.bitcastToAPInt().getZExtValue());
  }
  unsigned width = type.isIndex() ? 64 : type.getIntOrFloatBitWidth();
  if (std::optional<uint64_t> bits = parseInteger(t, width))
    return ScalarValue(type, *bits);
  llvm::APInt min = llvm::APInt::getSignedMinValue(width);
  llvm::APInt max = llvm::APInt::getMaxValue(width);
  return badInput("'" + text + "' is not " + withArticle(type) +
                  " value (an integer from " + llvm::toString(min, 10, true) +
                  " to " + llvm::toString(max, 10, false) + ")");
}

void ScalarValue::print(llvm::raw_ostream &os) const {
  if (auto ft = dyn_cast<FloatType>(type)) {
    llvm::APFloat f(ft.getFloatSemantics(),
                    llvm::APInt(ft.getWidth(), bits));
    SmallString<32> text;
    f.toString(text);
    os << text;
  } else if (type.isInteger(1)) {
    os << (bits ? "true" : "false");
  } else {
    unsigned width = type.isIndex() ? 64 : type.getIntOrFloatBitWidth();
    os << llvm::APInt(width, bits).getSExtValue();
  }
  os << " : " << type;
}

llvm::Expected<ScalarValue> ScalarValue::get(TypedAttr attr) {
  Type type = attr.getType();
  if (!isScalarParamType(type))
    return badInput("a kernel cannot take a scalar of type " + typeName(type));
  if (auto i = dyn_cast<IntegerAttr>(attr))
    return ScalarValue(type, i.getValue().getZExtValue());
  if (auto f = dyn_cast<FloatAttr>(attr))
    return ScalarValue(type, f.getValue().bitcastToAPInt().getZExtValue());
  return badInput("a kernel cannot take this constant as a scalar");
}

//===----------------------------------------------------------------------===//
// The device, its chip and the lowered kernels
//===----------------------------------------------------------------------===//

llvm::Expected<std::string> uop::chipForDevice(const CudaDriver &cu) {
  const GPUChip *c = chipForComputeCapability(cu.computeCapability());
  if (!c)
    return compileFailed("no chip in the table for compute capability " +
                         llvm::Twine(cu.computeCapability() / 10) + "." +
                         llvm::Twine(cu.computeCapability() % 10) + " (" +
                         cu.deviceName() + "); pass --chip (known: " +
                         listGPUChips() + ")");
  return c->name.str();
}

LLVM::LLVMFuncOp uop::findKernel(ModuleOp m, StringRef name) {
  LLVM::LLVMFuncOp found;
  m.walk([&](LLVM::LLVMFuncOp f) {
    if (f.getName() == name && f->hasAttr("gpu.kernel"))
      found = f;
  });
  return found;
}

//===----------------------------------------------------------------------===//
// GPUProgram
//===----------------------------------------------------------------------===//

GPUProgram::~GPUProgram() {
  if (module)
    llvm::consumeError(cu.unloadModule(module));
}

llvm::Error GPUProgram::load(ModuleOp lowered, StringRef chip) {
  // UOP_CUDA_LOAD=ptx hands the driver PTX to JIT-compile (the fake driver
  // reads PTX only); otherwise ptxas assembles a cubin where it is found.
  const char *load = std::getenv("UOP_CUDA_LOAD");
  bool ptxOnly = load && StringRef(load) == "ptx";
  // The translations replace the gpu.module by a gpu.binary: work on a copy
  // so the caller still finds the kernels' signatures and attributes.
  OwningOpRef<ModuleOp> copy(cast<ModuleOp>(lowered->clone()));
  FailureOr<std::string> image = failure();
  if (!ptxOnly)
    image = translateToCubin(*copy, chip);
  if (failed(image)) {
    copy = cast<ModuleOp>(lowered->clone());
    image = translateToPTX(*copy, chip);
  }
  if (failed(image))
    return compileFailed("cannot produce PTX for the kernels");
  llvm::Expected<void *> m = cu.loadModule(*image);
  if (!m)
    return m.takeError();
  module = *m;
  return llvm::Error::success();
}

/// The driver's CUtensorMapDataType of an element type.
static std::optional<TensorMapDType> tensorMapDType(Type t) {
  if (t.isF16())
    return TensorMapDType::Float16;
  if (t.isBF16())
    return TensorMapDType::BFloat16;
  if (t.isF32())
    return TensorMapDType::Float32;
  if (t.isF64())
    return TensorMapDType::Float64;
  // TMA moves bits: the signedness of integers does not matter.
  if (t.isInteger(8))
    return TensorMapDType::UInt8;
  if (t.isInteger(16))
    return TensorMapDType::UInt16;
  if (t.isInteger(32))
    return TensorMapDType::UInt32;
  if (t.isInteger(64))
    return TensorMapDType::UInt64;
  return std::nullopt;
}

llvm::Error GPUProgram::encodeMap(tirx::TensorMapParamAttr entry,
                                  const KernelArg &arg, void *out) {
  const DeviceBuffer *b = std::get_if<DeviceBuffer>(&arg);
  if (!b)
    return compileFailed("tensor-map parameter " +
                         llvm::Twine(entry.getArg()) +
                         " is passed a scalar, not the buffer it maps");
  std::optional<TensorMapDType> dtype = tensorMapDType(b->type);
  if (!dtype)
    return compileFailed("no tensor-map data type for elements of type " +
                         typeName(b->type));
  // The map addresses the buffer densely, row-major, from its first byte.
  ArrayRef<int64_t> shape = entry.getShape().asArrayRef();
  int64_t elements = 1;
  for (int64_t d : shape)
    elements *= d;
  if (elements != b->count)
    return compileFailed("a tensor map over " + llvm::Twine(elements) +
                         " elements describes a buffer of " +
                         llvm::Twine(b->count));
  return cu.encodeTensorMap(out, *dtype, b->ptr, shape,
                            entry.getBox().asArrayRef(), elementBytes(b->type),
                            static_cast<int>(entry.getSwizzle()));
}

/// Writes `value` into `out` as kernel parameter `index` of `kernel`, whose
/// lowered type is `type`: the same kind and width (index takes the width
/// of the parameter).
static llvm::Error packScalar(LLVM::LLVMFuncOp kernel, unsigned index,
                              Type type, const ScalarValue &value, void *out) {
  Type given = value.getType();
  bool ok = false;
  unsigned bytes = 0;
  if (auto it = dyn_cast<IntegerType>(type)) {
    ok = given.isIndex() ||
         (isa<IntegerType>(given) &&
          given.getIntOrFloatBitWidth() == it.getWidth());
    bytes = std::max(1u, it.getWidth() / 8);
  } else if (isa<FloatType>(type)) {
    ok = given == type;
    bytes = elementBytes(type);
  } else {
    return compileFailed("kernel parameter " + llvm::Twine(index) + " of @" +
                         kernel.getName() + " has type " + typeName(type) +
                         ", which the runtime cannot pass");
  }
  if (!ok || bytes > sizeof(uint64_t))
    return badInput("kernel parameter " + llvm::Twine(index) + " of @" +
                    kernel.getName() + " is " + typeName(type) +
                    ", the launch passes " + typeName(given));
  uint64_t bits = value.getBits(); // little endian: the low bytes first
  std::memcpy(out, &bits, bytes);
  return llvm::Error::success();
}

llvm::Error GPUProgram::packParams(LLVM::LLVMFuncOp kernel,
                                   ArrayRef<KernelArg> args, Launch &l) {
  auto value = [&]() -> unsigned char * {
    l.values.push_back(std::make_unique<ParamValue>());
    std::memset(l.values.back()->bytes, 0, sizeof(ParamValue::bytes));
    return l.values.back()->bytes;
  };
  auto *tirxDialect = kernel->getContext()->getLoadedDialect<tirx::TIRxDialect>();
  ArrayAttr mapsAttr = tirxDialect->getTensorMapsAttrHelper().getAttr(kernel);
  auto mapEntry = [&](unsigned param) -> tirx::TensorMapParamAttr {
    if (mapsAttr)
      for (auto d : mapsAttr.getAsRange<tirx::TensorMapParamAttr>())
        if (d.getArg() == param)
          return d;
    return {};
  };
  // Kernels are lowered with bare-pointer memrefs: one parameter per
  // argument, in order, plus the by-value tensor maps.
  unsigned next = 0;
  for (auto [i, type] : llvm::enumerate(kernel.getFunctionType().getParams())) {
    if (next >= args.size())
      return compileFailed("kernel @" + kernel.getName() +
                           " has more parameters than the launch passes "
                           "arguments (" + llvm::Twine(args.size()) + ")");
    const KernelArg &arg = args[next++];
    if (tirx::TensorMapParamAttr entry = mapEntry(i)) {
      if (!kernel.getArgAttr(i, LLVM::LLVMDialect::getByValAttrName()))
        return compileFailed("tensor-map parameter " + llvm::Twine(i) +
                             " is not by value (run tirx-grid-constant-params)");
      if (llvm::Error err = encodeMap(entry, arg, value()))
        return err;
      continue;
    }
    if (const auto *b = std::get_if<DeviceBuffer>(&arg)) {
      if (!isa<LLVM::LLVMPointerType>(type))
        return badInput("kernel parameter " + llvm::Twine(i) + " of @" +
                        kernel.getName() + " is " + typeName(type) +
                        ", the launch passes a buffer");
      std::memcpy(value(), &b->ptr, sizeof(b->ptr));
      continue;
    }
    if (llvm::Error err = packScalar(kernel, i, type,
                                     std::get<ScalarValue>(arg), value()))
      return err;
  }
  if (next != args.size())
    return compileFailed("the launch passes " + llvm::Twine(args.size()) +
                         " arguments, kernel @" + kernel.getName() +
                         " takes " + llvm::Twine(next));
  for (auto &v : l.values)
    l.params.push_back(v->bytes);
  return llvm::Error::success();
}

llvm::Error GPUProgram::addLaunch(LLVM::LLVMFuncOp kernel,
                                  ArrayRef<KernelArg> args,
                                  const LaunchConfig &config) {
  Launch l;
  llvm::Expected<void *> fn = cu.getFunction(module, kernel.getName());
  if (!fn)
    return fn.takeError();
  l.fn = *fn;
  if (llvm::Error err = packParams(kernel, args, l))
    return err;
  l.config = config;
  if (config.shared)
    if (llvm::Error err = cu.setDynamicShared(l.fn, config.shared))
      return err;
  launches.push_back(std::move(l));
  return llvm::Error::success();
}

llvm::Error GPUProgram::launchAll() {
  for (Launch &l : launches) {
    LaunchConfig &c = l.config;
    if (llvm::Error e = cu.launch(l.fn, c.grid, c.block, c.shared,
                                  l.params.data(),
                                  c.cluster[0] ? c.cluster : nullptr))
      return e;
  }
  return llvm::Error::success();
}

//===----------------------------------------------------------------------===//
// Launch configuration
//===----------------------------------------------------------------------===//

/// `op` applied to `a` and `b`, for the arith integer ops a host function
/// computes launch sizes with; nullopt for another op or a division by 0.
static std::optional<int64_t> applyBinary(Operation *op, int64_t a, int64_t b) {
  bool byZero = b == 0 && isa<arith::DivUIOp, arith::DivSIOp, arith::CeilDivUIOp,
                              arith::CeilDivSIOp, arith::FloorDivSIOp,
                              arith::RemUIOp, arith::RemSIOp>(op);
  if (byZero)
    return std::nullopt;
  uint64_t ua = a, ub = b;
  return llvm::TypeSwitch<Operation *, std::optional<int64_t>>(op)
      .Case([&](arith::AddIOp) { return a + b; })
      .Case([&](arith::SubIOp) { return a - b; })
      .Case([&](arith::MulIOp) { return a * b; })
      .Case([&](arith::DivUIOp) { return int64_t(ua / ub); })
      .Case([&](arith::DivSIOp) { return a / b; })
      .Case([&](arith::CeilDivUIOp) { return int64_t(llvm::divideCeil(ua, ub)); })
      .Case([&](arith::CeilDivSIOp) { return llvm::divideCeilSigned(a, b); })
      .Case([&](arith::FloorDivSIOp) { return llvm::divideFloorSigned(a, b); })
      .Case([&](arith::RemUIOp) { return int64_t(ua % ub); })
      .Case([&](arith::RemSIOp) { return a % b; })
      .Case([&](arith::MaxSIOp) { return std::max(a, b); })
      .Case([&](arith::MinSIOp) { return std::min(a, b); })
      .Case([&](arith::MaxUIOp) { return int64_t(std::max(ua, ub)); })
      .Case([&](arith::MinUIOp) { return int64_t(std::min(ua, ub)); })
      .Default([](Operation *) { return std::nullopt; });
}

static std::string locationOf(Operation *op) {
  std::string s;
  llvm::raw_string_ostream os(s);
  op->getLoc().print(os);
  return s;
}

/// The integer `v` holds: a value of `known`, an integer arith.constant, or
/// an arith integer op (casts included) over such values.
static llvm::Expected<int64_t>
evaluateSize(Value v, const llvm::DenseMap<Value, int64_t> &known) {
  if (auto it = known.find(v); it != known.end())
    return it->second;
  Operation *def = v.getDefiningOp();
  if (!def)
    return compileFailed("a parameter of the host function that is not a "
                         "shape variable or an integer scalar");
  if (auto c = dyn_cast<arith::ConstantOp>(def))
    if (auto i = dyn_cast<IntegerAttr>(c.getValue()))
      return i.getValue().getSExtValue();
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp, arith::ExtSIOp,
          arith::ExtUIOp>(def))
    return evaluateSize(def->getOperand(0), known);
  if (def->getNumOperands() == 2 && isa<arith::ArithDialect>(def->getDialect())) {
    llvm::Expected<int64_t> a = evaluateSize(def->getOperand(0), known);
    if (!a)
      return a.takeError();
    llvm::Expected<int64_t> b = evaluateSize(def->getOperand(1), known);
    if (!b)
      return b.takeError();
    if (std::optional<int64_t> r = applyBinary(def, *a, *b))
      return *r;
  }
  return compileFailed("'" + def->getName().getStringRef() + "' at " +
                       locationOf(def) + ", which the runtime does not "
                       "evaluate (it evaluates integer constants and arith "
                       "integer ops on shape variables)");
}

/// Evaluates `values` into `out`, each from `min` to 2^31 - 1.
static llvm::Error evaluateDims(gpu::LaunchFuncOp launch, StringRef what,
                                ValueRange values, int64_t min,
                                const llvm::DenseMap<Value, int64_t> &known,
                                unsigned *out) {
  std::string where = ("the launch of " + launch.getKernelName().getValue() +
                       " at " + locationOf(launch) + ": its " + what)
                          .str();
  for (auto [i, v] : llvm::enumerate(values)) {
    llvm::Expected<int64_t> x = evaluateSize(v, known);
    if (!x)
      return prependMessage(x.takeError(), where + " is computed by ");
    if (*x < min || *x > std::numeric_limits<int32_t>::max())
      return badInput(where + " is " + llvm::Twine(*x) + ", not from " +
                      llvm::Twine(min) + " to 2^31 - 1");
    out[i] = static_cast<unsigned>(*x);
  }
  return llvm::Error::success();
}

llvm::Expected<LaunchConfig>
uop::evaluateLaunchConfig(gpu::LaunchFuncOp launch,
                          const llvm::DenseMap<Value, int64_t> &known) {
  LaunchConfig c;
  gpu::KernelDim3 grid = launch.getGridSizeOperandValues();
  gpu::KernelDim3 block = launch.getBlockSizeOperandValues();
  if (llvm::Error e = evaluateDims(launch, "grid", {grid.x, grid.y, grid.z}, 1,
                                   known, c.grid))
    return std::move(e);
  if (llvm::Error e = evaluateDims(launch, "block",
                                   {block.x, block.y, block.z}, 1, known,
                                   c.block))
    return std::move(e);
  if (launch.hasClusterSize()) {
    gpu::KernelDim3 cl = launch.getClusterSizeOperandValues();
    if (llvm::Error e = evaluateDims(launch, "cluster", {cl.x, cl.y, cl.z}, 1,
                                     known, c.cluster))
      return std::move(e);
  }
  if (Value shared = launch.getDynamicSharedMemorySize())
    if (llvm::Error e = evaluateDims(launch, "dynamic shared memory",
                                     ValueRange(shared), 0, known, &c.shared))
      return std::move(e);
  return c;
}
