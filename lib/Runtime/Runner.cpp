//===- Runner.cpp - a program's host data, runs and checks ----------------===//

#include "uop/Runtime/Runner.h"
#include "uop/Dialect/UOp/Utils/KernelSchedule.h"
#include "uop/Runtime/KernelInterpreter.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <optional>
#include <type_traits>

using namespace mlir;
using namespace uop;

namespace {
/// A ProgramError's message, streamed as a diagnostic's would be:
/// `return ErrorAt(loc) << "argument " << i << " is " << type;`.
class ErrorAt {
public:
  explicit ErrorAt(Location loc) : loc(loc) {}
  /// An error about the op `op` as a whole.
  explicit ErrorAt(Operation *op) : loc(op->getLoc()), op(op) {}
  template <typename T> ErrorAt &operator<<(const T &value) {
    // Types in quotes, as MLIR's diagnostics print them.
    if constexpr (std::is_base_of_v<Type, T>)
      os << "'" << value << "'";
    else
      os << value;
    return *this;
  }
  operator llvm::Error() {
    return llvm::make_error<ProgramError>(loc, text, op);
  }
  template <typename T> operator llvm::Expected<T>() {
    return llvm::Error(*this);
  }

private:
  Location loc;
  Operation *op = nullptr;
  std::string text;
  llvm::raw_string_ostream os{text};
};

llvm::Error badInput(const Twine &message) {
  return makeError(RuntimeErrorKind::BadInput, message);
}

DType argDType(func::FuncOp fn, unsigned i) {
  return DType{getElementTypeOrSelf(fn.getArgumentTypes()[i]),
               isUnsignedArgument(fn, i)};
}
DType resultDType(func::FuncOp fn, unsigned i) {
  return DType{getElementTypeOrSelf(fn.getResultTypes()[i]),
               isUnsignedResult(fn, i)};
}

/// The argument `name` denotes: its index, or its source name.
std::optional<unsigned> argumentIndex(func::FuncOp fn, const InputSpec &spec,
                                      StringRef name) {
  unsigned i;
  if (!name.getAsInteger(10, i))
    return i < fn.getNumArguments() ? std::optional<unsigned>(i) : std::nullopt;
  for (auto [k, n] : llvm::enumerate(spec.argumentNames))
    if (n == name.ltrim('%') && k < fn.getNumArguments())
      return k;
  return std::nullopt;
}

/// The most elements argument `i` holds: its shape with each variable at
/// its upper bound (none when that overflows). An --input reads no more.
std::optional<int64_t> maxInputElements(func::FuncOp fn, unsigned i) {
  auto rt = cast<RankedTensorType>(fn.getArgumentTypes()[i]);
  SmallVector<VarAttr> vars = getShapeVars(fn);
  int64_t n = 1;
  for (unsigned d = 0; d < rt.getRank(); ++d) {
    int64_t extent = rt.getDimSize(d);
    if (StringAttr name = getDimVar(rt, d))
      for (VarAttr v : vars)
        if (v.getName() == name)
          extent = v.getMax();
    if (extent < 0 || llvm::MulOverflow(n, extent, n))
      return std::nullopt;
  }
  return n;
}

/// Argument `i`'s values from the .npy file of `--input opt` (`path`),
/// which must hold its dtype and shape. bf16, which numpy lacks, is read
/// from float32 and rounded: what the program will read.
llvm::Expected<HostTensor> readInputFile(func::FuncOp fn, unsigned i,
                                         StringRef opt, StringRef path) {
  Location loc = fn.getArgument(i).getLoc();
  llvm::Expected<npy::Array> a = npy::read(path, maxInputElements(fn, i));
  if (!a)
    return ErrorAt(loc) << "--input " << opt << ": "
                        << llvm::toString(a.takeError());
  DType d = argDType(fn, i);
  auto rt = cast<RankedTensorType>(fn.getArgumentTypes()[i]);
  std::string want = npy::descrFor(d.type, d.isUnsigned);
  if (a->descr != want)
    return ErrorAt(loc) << "--input " << opt << ": the file holds dtype '"
                        << a->descr << "', argument " << i << " is "
                        << d.name() << " ('" << want << "'"
                        << (d.type.isBF16() ? ", bf16 travels as float32" : "")
                        << (!d.isFloat() && d.width() > 1 && !d.isUnsigned
                                ? "; mark it uop.unsigned for uint data"
                                : "")
                        << ")";
  if (ArrayRef<int64_t>(a->shape) != rt.getShape())
    return ErrorAt(loc) << "--input " << opt << ": the file's shape is "
                        << numpyShape(a->shape) << ", argument " << i << " is "
                        << rt;
  if (!d.type.isBF16())
    return d.fromBytes(a->bytes.data(), a->shape);
  HostTensor h =
      DType{Float32Type::get(fn.getContext())}.fromBytes(a->bytes.data(),
                                                         a->shape);
  for (double &v : h.data)
    v = roundToFloatType(d.type, v);
  return h;
}

/// The --input files' values, by argument index.
llvm::Expected<std::map<unsigned, HostTensor>>
readInputFiles(func::FuncOp fn, const InputSpec &spec) {
  std::map<unsigned, HostTensor> given;
  for (StringRef opt : spec.files) {
    auto [name, path] = opt.split('=');
    if (!opt.contains('=') || name.empty() || path.empty())
      return badInput("--input expects NAME=FILE.npy, got '" + opt + "'");
    std::optional<unsigned> i = argumentIndex(fn, spec, name);
    if (!i)
      return ErrorAt(fn.getOperation())
             << "--input " << opt << ": @" << fn.getName()
             << " has no argument '" << name << "' (give its index or its name)";
    if (given.count(*i))
      return ErrorAt(fn.getArgument(*i).getLoc())
             << "--input " << opt << ": argument " << *i
             << " has an input already";
    llvm::Expected<HostTensor> h = readInputFile(fn, *i, opt, path);
    if (!h)
      return h.takeError();
    given[*i] = std::move(*h);
  }
  return given;
}

/// Checks that `what` `i` (an argument or a result) of type `ty` is a static
/// tensor the host can hold; adds what its copies take to `held`, which
/// must stay within `budget`.
llvm::Error checkHostable(Type ty, Location loc, StringRef what, unsigned i,
                          DType d, int64_t budget, int64_t &held) {
  auto rt = dyn_cast<RankedTensorType>(ty);
  if (!rt || !rt.hasStaticShape())
    return ErrorAt(loc) << what << " " << i
                        << " must be a static ranked tensor";
  if (!d.isSupported())
    return ErrorAt(loc) << what << " " << i << ": unsupported dtype " << d.type
                        << " (supported: f16, bf16, f32, f64, i1, i8, i16, "
                           "i32, i64 and their uop.unsigned forms)";
  int64_t n = 1, bytes = 0;
  for (int64_t e : rt.getShape())
    if (n >= 0 && llvm::MulOverflow(n, e, n))
      n = -1;
  if (n < 0)
    return ErrorAt(loc) << what << " " << i << " (" << ty
                        << ") has more than INT64_MAX elements";
  // Held as doubles (8 bytes an element) for the check and as the
  // program's bytes.
  if (llvm::MulOverflow(n, int64_t(8 + d.bytes()), bytes) ||
      llvm::AddOverflow(held, bytes, held) || held > budget)
    return ErrorAt(loc) << what << " " << i << " (" << ty << ", " << n
                        << " elements) brings uop-run's host copies (doubles "
                           "and "
                        << d.name() << " bytes) over their limit of "
                        << (budget >> 20)
                        << " MiB (UOP_INTERPRETER_MAX_MIB, else half the "
                           "memory)";
  return llvm::Error::success();
}
} // namespace

int64_t GraphData::trafficBytes() const {
  int64_t n = 0;
  for (const HostBuffer &b : inputs)
    n += b.bytes.size();
  for (const HostBuffer &b : outputs)
    n += b.bytes.size();
  return n;
}

llvm::Expected<GraphData> uop::makeGraphData(func::FuncOp fn,
                                             const InputSpec &spec) {
  FailureOr<int64_t> budget = hostMemoryBudget(fn);
  if (failed(budget))
    return diagnosedError();
  GraphData data;
  for (auto [i, ty] : llvm::enumerate(fn.getArgumentTypes()))
    if (llvm::Error err = checkHostable(ty, fn.getArgument(i).getLoc(),
                                        "argument", i, argDType(fn, i),
                                        *budget, data.hostBytes))
      return std::move(err);
  for (auto [i, ty] : llvm::enumerate(fn.getResultTypes()))
    if (llvm::Error err = checkHostable(ty, fn.getLoc(), "result", i,
                                        resultDType(fn, i), *budget,
                                        data.hostBytes))
      return std::move(err);
  llvm::Expected<std::map<unsigned, HostTensor>> given =
      readInputFiles(fn, spec);
  if (!given)
    return given.takeError();
  std::mt19937_64 rng(spec.seed);
  for (auto [i, ty] : llvm::enumerate(fn.getArgumentTypes())) {
    DType d = argDType(fn, i);
    HostTensor h;
    h.shape = llvm::to_vector(cast<RankedTensorType>(ty).getShape());
    fillRandom(h, d, rng); // drawn for a given argument too (InputSpec)
    if (auto it = given->find(i); it != given->end())
      h = it->second;
    data.inputs.push_back(HostBuffer::fromValues(d, h));
  }
  for (auto [i, ty] : llvm::enumerate(fn.getResultTypes()))
    data.outputs.push_back(HostBuffer::poisoned(
        resultDType(fn, i), cast<RankedTensorType>(ty).getShape()));
  return data;
}

namespace {
/// The values --var gives, by variable; several values make as many runs.
llvm::Expected<llvm::StringMap<SmallVector<int64_t>>>
parseVarValues(func::FuncOp fn, ArrayRef<std::string> opts, size_t &runs) {
  SmallVector<VarAttr> vars = getShapeVars(fn);
  llvm::StringMap<SmallVector<int64_t>> given;
  for (StringRef opt : opts) {
    auto [name, list] = opt.split('=');
    if (!opt.contains('=') || name.empty() || list.empty())
      return badInput("--var expects NAME=V[,V...], got '" + opt + "'");
    if (!llvm::any_of(vars, [&](VarAttr v) { return v.getName() == name; }))
      return ErrorAt(fn.getLoc()) << "--var " << opt << ": @" << fn.getName()
                                  << " has no shape variable '" << name << "'";
    if (given.count(name))
      return badInput("--var " + opt + ": '" + name + "' has values already");
    SmallVector<StringRef> parts;
    list.split(parts, ',');
    for (StringRef part : parts) {
      int64_t x;
      if (part.trim().getAsInteger(10, x))
        return badInput("--var " + opt + ": '" + part + "' is not an integer");
      given[name].push_back(x);
    }
  }
  runs = 1;
  for (auto &entry : given)
    if (entry.second.size() > 1) {
      if (runs > 1 && entry.second.size() != runs)
        return badInput("--var: variables with several values need the same "
                        "number of them");
      runs = entry.second.size();
    }
  return given;
}

/// Gives each variable without --var its extent in an --input file's shape
/// where it names a dimension of that argument.
llvm::Error addVarsFromInputFiles(func::FuncOp fn, const InputSpec &spec,
                                  llvm::StringMap<SmallVector<int64_t>> &given) {
  for (StringRef opt : spec.files) {
    auto [name, path] = opt.split('=');
    std::optional<unsigned> i = argumentIndex(fn, spec, name);
    if (!i)
      continue; // makeGraphData reports it
    auto rt = cast<RankedTensorType>(fn.getArgumentTypes()[*i]);
    llvm::Expected<npy::Array> a = npy::read(path, maxInputElements(fn, *i));
    if (!a)
      return ErrorAt(fn.getArgument(*i).getLoc())
             << "--input " << opt << ": " << llvm::toString(a.takeError());
    if ((int64_t)a->shape.size() != rt.getRank())
      continue;
    for (unsigned d = 0; d < rt.getRank(); ++d)
      if (StringAttr v = getDimVar(rt, d); v && !given.count(v.getValue()))
        given[v.getValue()] = {a->shape[d]};
  }
  return llvm::Error::success();
}
} // namespace

llvm::Expected<SmallVector<llvm::StringMap<int64_t>>>
uop::shapeVarRuns(func::FuncOp fn, ArrayRef<std::string> vars,
                  const InputSpec &spec) {
  size_t runs = 1;
  llvm::Expected<llvm::StringMap<SmallVector<int64_t>>> given =
      parseVarValues(fn, vars, runs);
  if (!given)
    return given.takeError();
  if (llvm::Error err = addVarsFromInputFiles(fn, spec, *given))
    return std::move(err);
  SmallVector<llvm::StringMap<int64_t>> out(runs);
  for (VarAttr v : getShapeVars(fn)) {
    StringRef name = v.getName().getValue();
    auto it = given->find(name);
    if (it == given->end())
      return ErrorAt(fn.getLoc())
             << "shape variable '" << name << "' of @" << fn.getName()
             << " has no value; give it with --var " << name
             << "=VALUE (bounds [" << v.getMin() << ", " << v.getMax() << "])";
    for (size_t r = 0; r < runs; ++r) {
      int64_t x = it->second.size() == 1 ? it->second[0] : it->second[r];
      if (x < v.getMin() || x > v.getMax())
        return ErrorAt(fn.getLoc())
               << "--var " << name << "=" << x << " is outside its bounds ["
               << v.getMin() << ", " << v.getMax() << "]";
      out[r][name] = x;
    }
  }
  return out;
}

llvm::Error uop::runGraph(Executable &exe, GraphData &data,
                          ArrayRef<int64_t> values) {
  SmallVector<const void *> ins;
  SmallVector<void *> outs;
  for (const HostBuffer &b : data.inputs)
    ins.push_back(b.bytes.data());
  for (HostBuffer &b : data.outputs)
    outs.push_back(b.bytes.data());
  return exe.run(ins, outs, values);
}

llvm::Expected<Comparison> uop::checkGraph(func::FuncOp fn,
                                           const GraphData &data) {
  SmallVector<HostTensor> args;
  for (const HostBuffer &b : data.inputs)
    args.push_back(b.values());
  FailureOr<SmallVector<HostTensor>> ref =
      interpretTensorFunction(fn, args, data.hostBytes);
  if (failed(ref))
    return makeError(RuntimeErrorKind::CheckFailed,
                     "the reference interpreter failed");
  Comparison c;
  for (auto [i, o] : llvm::enumerate(data.outputs))
    compare(o, (*ref)[i], c);
  if (!c.bad)
    return c;
  // A second opinion: the mismatches may be rounding the data amplify.
  int64_t held = data.hostBytes;
  for (const HostTensor &h : *ref)
    held += int64_t(h.data.size() * sizeof(double) +
                    h.ints.size() * sizeof(int64_t));
  FailureOr<SmallVector<HostTensor>> perturbed = interpretTensorFunction(
      fn, args, held, FloatRounding::Perturbed);
  if (failed(perturbed))
    return makeError(RuntimeErrorKind::CheckFailed,
                     "the reference interpreter failed");
  Comparison judged;
  for (auto [i, o] : llvm::enumerate(data.outputs))
    compare(o.values(), (*ref)[i], o.dtype, judged, 0, &(*perturbed)[i]);
  return judged;
}

//===----------------------------------------------------------------------===//
// Programs
//===----------------------------------------------------------------------===//

llvm::Expected<OwningOpRef<ModuleOp>>
uop::parseProgramFile(StringRef path, MLIRContext &ctx, llvm::SourceMgr &sm,
                      AsmParserState &state) {
  std::string openError;
  std::unique_ptr<llvm::MemoryBuffer> file = openInputFile(path, &openError);
  if (!file)
    return badInput("cannot parse " + path + ": " + openError);
  sm.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  Block parsed;
  ParserConfig config(&ctx);
  if (failed(parseAsmSourceFile(sm, &parsed, config, &state)))
    return badInput("cannot parse " + path);
  OwningOpRef<ModuleOp> module =
      mlir::detail::constructContainerOpForParserIfNecessary<ModuleOp>(
          &parsed, &ctx, FileLineColLoc::get(&ctx, path, 0, 0));
  if (!module)
    return badInput("cannot parse " + path);
  return module;
}

std::vector<std::string> uop::sourceArgumentNames(Block &body,
                                                  const AsmParserState &state) {
  std::vector<std::string> names;
  const AsmParserState::BlockDefinition *def = state.getBlockDef(&body);
  if (!def)
    return names;
  for (const AsmParserState::SMDefinition &arg : def->arguments)
    names.push_back(
        StringRef(arg.loc.Start.getPointer(),
                  arg.loc.End.getPointer() - arg.loc.Start.getPointer())
            .ltrim('%')
            .str());
  return names;
}

llvm::Expected<Operation *> uop::findRunEntry(ModuleOp module, StringRef name,
                                              StringRef source) {
  Operation *entry = nullptr;
  bool hasFunc =
      llvm::any_of(module.getBody()->getOperations(), [](Operation &op) {
        return isa<func::FuncOp, tirx::PrimFuncOp>(op);
      });
  for (Operation &op : module.getBody()->getOperations()) {
    auto sym = dyn_cast<SymbolOpInterface>(op);
    auto schedule = dyn_cast<FunctionOp>(op);
    // Kernels, and a schedule when a function is there to run, are not
    // entries unless named.
    if (schedule && (isKernel(schedule) || !schedule.getSink() ||
                     (hasFunc && name.empty())))
      continue;
    if (!sym || !isa<func::FuncOp, tirx::PrimFuncOp, FunctionOp>(op))
      continue;
    if (auto f = dyn_cast<FunctionOpInterface>(op); f && f.isExternal()) {
      if (!name.empty() && sym.getName() == name)
        return badInput("'" + name + "' is a declaration without a body");
      continue;
    }
    if (name.empty() ? !entry : sym.getName() == name)
      entry = &op;
  }
  if (!entry)
    return badInput(name.empty()
                        ? "no func.func, tirx.prim_func or uop.function "
                          "schedule to run in " +
                              source
                        : "no function named '" + name + "' in " + source);
  return entry;
}

//===----------------------------------------------------------------------===//
// Kernel-level programs
//===----------------------------------------------------------------------===//

llvm::Expected<SmallVector<HostBuffer>>
uop::makeScheduleBuffers(FunctionOp sched, uint64_t seed) {
  SmallVector<HostBuffer> out;
  std::mt19937_64 rng(seed);
  for (BlockArgument a : sched.getBody().front().getArguments()) {
    auto p = dyn_cast<PtrType>(a.getType());
    DType d{p ? p.getElementType() : Type()};
    if (!p || !p.hasSize() || !d.type.isIntOrFloat() || !d.isSupported())
      return ErrorAt(a.getLoc())
             << "schedule parameter " << a.getArgNumber()
             << " must be a !uop.ptr with an element count, of f16, bf16, "
                "f32, f64, i1, i8, i16, i32 or i64";
    HostTensor h;
    h.shape = {p.getSize()};
    fillRandom(h, d, rng);
    out.push_back(HostBuffer::fromValues(d, h));
  }
  return out;
}

llvm::Expected<SmallVector<HostBuffer>>
uop::runSchedule(Executable &exe, ArrayRef<HostBuffer> initial) {
  SmallVector<HostBuffer> result(initial.begin(), initial.end());
  SmallVector<const void *> ins;
  SmallVector<void *> outs;
  for (auto [in, out] : llvm::zip(initial, result)) {
    ins.push_back(in.bytes.data());
    outs.push_back(out.bytes.data());
  }
  if (llvm::Error err = exe.run(ins, outs))
    return std::move(err);
  return result;
}

llvm::Expected<Comparison> uop::checkSchedule(ModuleOp module,
                                              FunctionOp sched,
                                              ArrayRef<HostBuffer> initial,
                                              ArrayRef<HostBuffer> got) {
  SmallVector<HostTensor> ref;
  for (const HostBuffer &b : initial)
    ref.push_back(b.values());
  if (failed(interpretSchedule(module, sched, ref)))
    return makeError(RuntimeErrorKind::CheckFailed,
                     "the kernel reference interpreter failed");
  SmallVector<bool> written = writtenParameters(module, sched);
  Comparison c;
  for (auto [i, o] : llvm::enumerate(got))
    if (written[i])
      compare(o, ref[i], c);
  return c;
}

//===----------------------------------------------------------------------===//
// tirx prim_funcs
//===----------------------------------------------------------------------===//

llvm::Expected<ScalarArgs>
uop::parseScalarArgs(tirx::PrimFuncOp fn, ArrayRef<std::string> params) {
  ArrayRef<Type> types = fn.getArgumentTypes();
  auto errorAt = [&](unsigned i) {
    return ErrorAt(fn.getBody().front().getArgument(i).getLoc());
  };
  ScalarArgs args;
  for (StringRef opt : params) {
    auto [index, text] = opt.split('=');
    unsigned i = 0;
    if (!opt.contains('=') || index.trim().getAsInteger(10, i))
      return badInput("--param expects INDEX=VALUE, got '" + opt + "'");
    if (i >= types.size())
      return badInput("--param " + opt + ": @" + fn.getSymName() + " has " +
                      Twine(types.size()) + " parameters");
    if (isa<tirx::BufferType>(types[i]))
      return errorAt(i) << "--param " << opt << ": parameter " << i << " of @"
                        << fn.getSymName() << " is a buffer, not a scalar";
    if (args.count(i))
      return errorAt(i) << "--param " << opt << ": parameter " << i
                        << " has a value already";
    llvm::Expected<ScalarValue> value = ScalarValue::parse(types[i], text);
    if (!value)
      return errorAt(i) << "--param " << opt << ": "
                        << llvm::toString(value.takeError());
    args.emplace(i, *value);
  }
  for (auto [i, t] : llvm::enumerate(types)) {
    if (isa<tirx::BufferType>(t) || args.count(i))
      continue;
    if (!isScalarParamType(t))
      return errorAt(i) << "parameter " << i << " of @" << fn.getSymName()
                        << " has type " << t
                        << "; kernels take buffers and integer or float "
                           "scalars";
    return errorAt(i) << "scalar parameter " << i << " (" << t << ") of @"
                      << fn.getSymName()
                      << " has no value; give it with --param " << i
                      << "=VALUE";
  }
  return args;
}

std::optional<tirx::ReferenceKind> uop::kernelReference(tirx::PrimFuncOp fn,
                                                        StringRef spelling) {
  if (!spelling.empty())
    return tirx::symbolizeReferenceKind(spelling);
  if (auto attr = fn.getContext()
                      ->getLoadedDialect<tirx::TIRxDialect>()
                      ->getReferenceAttrHelper()
                      .getAttr(fn))
    return attr.getValue();
  return std::nullopt;
}

llvm::Error uop::runKernel(Executable &exe, KernelBuffers &k, bool readOutput,
                           bool readReturned) {
  SmallVector<const void *> ins;
  SmallVector<void *> outs;
  for (auto [i, b] : llvm::enumerate(k.buffers)) {
    bool output = i + 1 == k.buffers.size();
    bool returned =
        readReturned && llvm::any_of(exe.results(), [&](const HostResult &r) {
          auto *index = std::get_if<unsigned>(&r);
          return index && *index == i;
        });
    ins.push_back(output ? nullptr : b.bytes.data());
    outs.push_back((output && readOutput) || returned ? b.bytes.data()
                                                      : nullptr);
  }
  return exe.run(ins, outs);
}

//===----------------------------------------------------------------------===//
// Outputs
//===----------------------------------------------------------------------===//

llvm::Error uop::createOutputDir(StringRef dir) {
  if (std::error_code ec = llvm::sys::fs::create_directories(dir))
    return badInput("--output-dir " + dir + ": " + ec.message());
  return llvm::Error::success();
}

std::string uop::outputPath(StringRef dir, unsigned index) {
  SmallString<128> path(dir);
  llvm::sys::path::append(path, Twine(index) + ".npy");
  return std::string(path);
}
