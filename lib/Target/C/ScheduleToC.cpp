//===- ScheduleToC.cpp - uop-to-c: the module and its entries ------------===//
//
// translateUOpToC (uop-translate --uop-to-c) on a module: the vector
// typedefs and store helpers the kernels use, each kernel the schedules call
// once (a rendered SOURCE as written, else KernelEmitter on its LINEAR), and
// per schedule function an entry `int uop_<name>(inputs..., outputs...)` that
// allocates the intermediate BUFFERs and calls the kernels in order (0, or 1
// when an allocation fails: `uop_<name>_error()` says which), with its
// `_packed` form; the prelude (CPrelude.cpp) goes first.
//
//===----------------------------------------------------------------------===//

#include "KernelEmitter.h"

#include "CPrelude.h"

#include "uop/Dialect/UOp/IR/ALUTable.h"
#include "uop/Dialect/UOp/Utils/KernelSchedule.h"
#include "uop/Target/Translations.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/Path.h"

using namespace mlir;
using namespace uop;
using namespace uop::ctarget;

std::string ctarget::storeLanesHelper(VectorType vt) {
  return "uoph_store_lanes_" + vectorName(vt).substr(5);
}

std::string ctarget::vectorMathHelper(StringRef fn, VectorType vt) {
  return ("uoph_" + fn + "_" + vectorName(vt).substr(5)).str();
}

namespace {
/// The vector types the kernels compute on (uop-devectorize{keep-vectors}),
/// each a GCC/Clang vector extension type.
void emitVectorTypes(ModuleOp module, raw_ostream &os) {
  llvm::SetVector<Type> types;
  module.walk([&](Operation *op) {
    for (Type t :
         llvm::concat<Type>(op->getOperandTypes(), op->getResultTypes())) {
      if (auto p = dyn_cast<PtrType>(t))
        t = p.getElementType();
      if (isCVectorType(t) || isCMaskType(t))
        types.insert(t);
    }
  });
  for (Type t : types) {
    auto vt = cast<VectorType>(t);
    // A lane mask: 32-bit lanes, as a comparison of f32 vectors gives.
    if (isCMaskType(vt)) {
      os << "typedef int32_t " << *cType(UnknownLoc::get(module.getContext()), vt)
         << " __attribute__((vector_size(" << vt.getNumElements() * 4
         << ")));\n";
      continue;
    }
    bool f32 = vt.getElementType().isF32();
    os << "typedef " << (f32 ? "float " : "double ") << vectorName(vt)
       << " __attribute__((vector_size(" << vt.getNumElements() * (f32 ? 4 : 8)
       << ")));\n";
  }
  if (!types.empty())
    os << "\n";
}

/// UOP_STREAM_STORE(T, p, v) and uoph_stream_fence, where a kernel has a
/// nontemporal store: Clang's __builtin_nontemporal_store where p is aligned
/// to T's size (vector types are powers of two; an unaligned streaming
/// vector store would split into scalar ones), an ordinary store otherwise
/// and with GCC, which lacks the builtin. The value is the variadic argument
/// (a compound literal's commas must not split it). On x86 a streaming store
/// waits in a write-combining buffer until an sfence.
void emitStreamHelpers(ModuleOp module, raw_ostream &os) {
  bool any = false;
  module.walk([&](StoreOp st) {
    any |= st.getNontemporal();
    return any ? WalkResult::interrupt() : WalkResult::advance();
  });
  if (!any)
    return;
  os << R"C(#if defined(__has_builtin)
#if __has_builtin(__builtin_nontemporal_store)
#define UOP_NONTEMPORAL 1
#endif
#endif
#ifdef UOP_NONTEMPORAL
#define UOP_STREAM_STORE(T, p, ...) do { const T uop_v = (__VA_ARGS__); \
  if (((uintptr_t)(p) & (sizeof(T) - 1)) == 0) __builtin_nontemporal_store(uop_v, (T *)(p)); \
  else memcpy((p), &uop_v, sizeof uop_v); } while (0)
#else
#define UOP_STREAM_STORE(T, p, ...) do { const T uop_v = (__VA_ARGS__); memcpy((p), &uop_v, sizeof uop_v); } while (0)
#endif
static inline void uoph_stream_fence(void) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_sfence();
#else
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
#endif
}

)C";
}

/// uoph_store_lanes_<T>(b, i, &v, lo, hi) for each vector type a
/// STORE_LANES writes: b[i + l] = v[l] for lo <= l < hi (clamped to the
/// vector). With AVX-512, masked vector stores, one a 512-bit part (256
/// and 128 bits with AVX512VL) at lane 0's address, made as an integer
/// from the first written element's: it may lie outside the buffer, where
/// C pointer arithmetic may not go, and the masked-off lanes are never
/// touched. Elsewhere a loop over the lanes. The vector comes by address:
/// by value it would change the ABI with the ISA (GCC's -Wpsabi).
void emitStoreLanesHelpers(ModuleOp module, raw_ostream &os);

/// uoph_<fn>_<T>(&r, &x) for each f32 polynomial (exp, tanh...) a kernel
/// applies to a C vector: the prelude's scalar helper in a loop over the
/// lanes that the C compiler is told to vectorize (the runtime's clang runs
/// with -fno-vectorize; a pragma still vectorizes that loop). Lane by lane
/// in the C, clang's SLP vectorizer left the 32 inlined copies of a GELU's
/// tanh scalar (matmul + GELU epilogue 11.5 ms against 7.8 for + bias).
void emitVectorMathHelpers(ModuleOp module, raw_ostream &os) {
  llvm::SetVector<std::pair<StringRef, VectorType>> uses;
  module.walk([&](Operation *op) {
    const ALUOpInfo *row = lookupALUOp(op);
    if (!row || row->cForm != ALUCForm::Polynomial ||
        op->getNumResults() != 1)
      return;
    auto vt = dyn_cast<VectorType>(op->getResult(0).getType());
    if (vt && isCVectorType(vt) && vt.getElementType().isF32())
      uses.insert({row->cSpelling, vt});
  });
  for (auto [fn, vt] : uses) {
    int64_t n = vt.getNumElements();
    os << "static inline __attribute__((always_inline)) void "
       << vectorMathHelper(fn, vt) << "(" << vectorName(vt) << " *r, const "
       << vectorName(vt) << " *x) {\n"
       << "  float a[" << n << "], y[" << n << "];\n"
       << "  memcpy(a, x, sizeof a);\n"
       << "#if defined(__clang__)\n"
       << "#pragma clang loop vectorize(enable) interleave(disable)\n"
       << "#elif defined(_OPENMP)\n#pragma omp simd\n#endif\n"
       << "  for (int l = 0; l < " << n << "; ++l)\n"
       << "    y[l] = uoph_" << fn << "_f32(a[l]);\n"
       << "  memcpy(r, y, sizeof y);\n}\n";
  }
}

void emitStoreLanesHelpers(ModuleOp module, raw_ostream &os) {
  llvm::SetVector<VectorType> types;
  module.walk([&](StoreLanesOp st) {
    types.insert(cast<VectorType>(st.getValue().getType()));
  });
  if (types.empty())
    return;
  os << "#if defined(__AVX512F__)\n#include <immintrin.h>\n#endif\n";
  for (VectorType vt : types) {
    bool f32 = vt.getElementType().isF32();
    int64_t n = vt.getNumElements(), bytes = n * (f32 ? 4 : 8);
    std::string e = f32 ? "float" : "double", sfx = f32 ? "ps" : "pd";
    os << "static inline void " << storeLanesHelper(vt) << "(" << e
       << " *b, int64_t i, const " << vectorName(vt)
       << " *v, int64_t lo, int64_t hi) {\n"
       << "  if (lo < 0) lo = 0;\n  if (hi > " << n << ") hi = " << n
       << ";\n  if (lo >= hi) return;\n";
    // The widest masked store that divides the vector: its part type,
    // lanes, intrinsic prefix and the macro it needs.
    int64_t part = bytes % 64 == 0 ? 64 : bytes % 32 == 0 ? 32 : 16;
    if (bytes % 16 == 0) {
      const char *guard = part == 64 ? "__AVX512F__" : "__AVX512VL__";
      std::string pre = part == 64 ? "_mm512" : part == 32 ? "_mm256" : "_mm";
      std::string ty = "__m" + std::to_string(part * 8) + (f32 ? "" : "d");
      int64_t lanes = part / (f32 ? 4 : 8);
      os << "#if defined(" << guard << ")\n"
         << "  const uintptr_t a = (uintptr_t)(b + (i + lo)) - (uintptr_t)lo * "
            "sizeof(*b);\n"
         << "  for (int64_t c = 0; c < " << bytes / part << "; ++c) {\n"
         << "    const int64_t l0 = lo > c * " << lanes << " ? lo - c * "
         << lanes << " : 0, h0 = hi < (c + 1) * " << lanes << " ? hi - c * "
         << lanes << " : " << lanes << ";\n"
         << "    if (l0 >= h0) continue;\n"
         << "    " << ty << " p;\n"
         << "    memcpy(&p, (const char *)v + c * " << part << ", " << part
         << ");\n"
         << "    " << pre << "_mask_storeu_" << sfx << "((void *)(a + c * "
         << part << "), (__mmask" << std::max<int64_t>(lanes, 8)
         << ")((((uint32_t)1 << h0) - 1) & ~(((uint32_t)1 << l0) - 1)), p);\n"
         << "  }\n  return;\n#endif\n";
    }
    os << "  for (int64_t l = lo; l < hi; ++l)\n    b[i + l] = ((const " << e
       << " *)v)[l];\n}\n\n";
  }
}

/// A PROGRAM's later stages: a SOURCE is its kernel already rendered (the
/// seed's SINK -> LINEAR -> SOURCE), so it stands in the C as written and
/// must define `uopk_<kernel>` with the parameters the LINEAR has; a
/// PROGRAM_BINARY is machine code, which C source cannot carry.
LogicalResult emitRenderedStage(ProgramOp prog, raw_ostream &os) {
  if (prog.getBinary())
    return prog.emitError("uop-to-c: a PROGRAM_BINARY stage is compiled "
                          "code, which C source cannot carry; without it the "
                          "kernel is rendered from its SOURCE or LINEAR");
  auto src = prog.getSource() ? prog.getSource().getDefiningOp<SourceOp>()
                              : SourceOp();
  if (!src)
    return success();
  StringRef code = src.getCode();
  std::string symbol = kernelSymbol(prog.getKernel());
  if (!code.contains(symbol))
    return src.emitError("uop-to-c: the SOURCE of @")
           << prog.getKernel() << " does not define " << symbol
           << ", which the schedule's entry calls";
  os << code << (code.ends_with("\n") ? "" : "\n");
  return success();
}

// One C function per kernel that the schedules run, each once; `emitted`
// collects their names.
LogicalResult emitKernels(ArrayRef<FunctionOp> schedules,
                          llvm::StringSet<> &emitted, raw_ostream &os) {
  // A PROGRAM that no schedule CALLs is left out: its static function would
  // be unused C (-Wunused-function).
  llvm::StringSet<> called;
  for (FunctionOp sched : schedules)
    for (CallOp call : sched.getBody().front().getOps<CallOp>())
      called.insert(call.getCallee());
  for (FunctionOp sched : schedules) {
    for (ProgramOp prog : sched.getBody().front().getOps<ProgramOp>()) {
      auto linear = prog.getLinear()
                        ? prog.getLinear().getDefiningOp<LinearOp>()
                        : LinearOp();
      if (!linear)
        return prog.emitError("uop-to-c: PROGRAM has no LINEAR stage; run "
                              "uop-linearize first");
      if (!called.contains(prog.getKernel()) ||
          !emitted.insert(prog.getKernel()).second)
        continue;
      if (failed(emitRenderedStage(prog, os)))
        return failure();
      if (prog.getSource())
        continue;
      KernelEmitter k(os);
      if (failed(k.emitKernel(prog.getKernel(), linear)))
        return failure();
    }
  }
  return success();
}

/// `T *name = uoph_alloc(...)` for a schedule's BUFFER or COPY of `size`
/// elements of `p`'s type:
/// its bytes must fit int64 (a wrapped `sizeof(T) * N` was malloc(0)), and a
/// failed allocation names the entry, the buffer (its source location) and
/// the size, frees the `earlier` buffers and returns 1 from the entry.
LogicalResult emitAlloc(Operation *op, PtrType p, int64_t size, StringRef t,
                        StringRef name, ArrayRef<std::string> earlier,
                        raw_ostream &os) {
  Type elem = p.getElementType();
  int64_t per =
      elem.isIndex()
          ? 8
          : std::max<int64_t>(1, (elem.getIntOrFloatBitWidth() + 7) / 8);
  int64_t count = std::max<int64_t>(size, 1), bytes = 0;
  if (llvm::MulOverflow(count, per, bytes))
    return op->emitError("uop-to-c: a buffer of ")
           << count << " elements of " << elem << " is more than INT64_MAX "
           << "bytes";
  std::string where;
  llvm::raw_string_ostream ws(where);
  ws << "buffer " << name;
  if (auto fl = dyn_cast<FileLineColLoc>(op->getLoc()))
    ws << " (" << llvm::sys::path::filename(fl.getFilename().getValue()) << ":"
       << fl.getLine() << ":" << fl.getColumn() << ")";
  auto sched = op->getParentOfType<FunctionOp>();
  os << "  " << t << " *" << name << " = uoph_alloc(sizeof(" << t << "), "
     << count << ", \"uop_" << (sched ? sched.getSymName() : "") << "\", \"";
  os.write_escaped(where);
  os << "\");\n  if (!" << name << ") {\n";
  for (const std::string &e : earlier)
    os << "    free(" << e << ");\n";
  os << "    return 1;\n  }\n";
  return success();
}

/// Schedule-level BUFFER_VIEW (a pointer into its buffer) and single-device
/// COPY (a fresh buffer filled with memcpy when the copy runs; the CPU is the
/// only device a C program has).
LogicalResult emitScheduleBufferForm(Operation *op,
                                     DenseMap<Value, std::string> &names,
                                     SmallVectorImpl<std::string> &frees,
                                     unsigned &n, raw_ostream &os) {
  Value src = op->getOperand(0);
  auto it = names.find(src);
  auto p = dyn_cast<PtrType>(op->getResult(0).getType());
  if (it == names.end() || !p || p.getAddrSpace() != AddrSpace::Global)
    return op->emitError("uop-to-c: ")
           << op->getName() << " of a schedule parameter or BUFFER (a global "
           << "!uop.ptr) is supported, got " << src.getType();
  if (auto view = dyn_cast<BufferViewOp>(op)) {
    names[view.getResult()] =
        "(" + it->second + " + " + std::to_string(view.getOffset()) + ")";
    return success();
  }
  auto copy = cast<CopyOp>(op);
  auto dev = copy.getDevice().getDefiningOp<DeviceOp>();
  if (!dev || dev.getSpec() != "CPU")
    return copy.emitError("uop-to-c: COPY to a device other than \"CPU\" has "
                          "no C form (a C program has one device)");
  if (!p.hasSize())
    return copy.emitError("uop-to-c: COPY needs a sized !uop.ptr, got ") << p;
  FailureOr<std::string> t = cType(copy.getLoc(), p.getElementType());
  if (failed(t))
    return failure();
  std::string name = "b" + std::to_string(n++);
  if (failed(emitAlloc(copy, p, p.getSize(), *t, name, frees, os)))
    return failure();
  std::string bytes = "sizeof(" + *t + ") * " +
                      std::to_string(std::max<int64_t>(p.getSize(), 1));
  os << "  memcpy(" << name << ", " << it->second << ", " << bytes << ");\n";
  names[copy.getResult()] = name;
  frees.push_back(name);
  return success();
}

/// Kernel parameters are `restrict`: two arguments of one call that reach
/// the same buffer (through BUFFER_VIEW or AFTER) would be undefined
/// behaviour in C, so they are an error rather than a silent miscompile.
/// One buffer passed twice is fine while the kernel only reads it.
LogicalResult checkNoAliasedArgs(CallOp call) {
  llvm::SmallDenseSet<Value> written;
  Block *kernel = nullptr;
  for (ProgramOp prog : call->getBlock()->getOps<ProgramOp>())
    if (prog.getKernel() == call.getCallee() && prog.getLinear())
      if (auto l = prog.getLinear().getDefiningOp<LinearOp>()) {
        kernel = &l.getBody().front();
        written = writtenBuffers(*kernel);
      }
  auto writes = [&](unsigned i) {
    return kernel && i < kernel->getNumArguments() &&
           written.contains(kernel->getArgument(i));
  };
  auto rootOf = [](Value v) {
    for (;;) {
      if (auto view = v.getDefiningOp<BufferViewOp>())
        v = view.getBuffer();
      else if (auto after = v.getDefiningOp<AfterOp>())
        v = after.getPassthrough();
      else
        return v;
    }
  };
  DenseMap<Value, unsigned> seen;
  for (auto [i, a] : llvm::enumerate(call.getArgs())) {
    auto [it, fresh] = seen.try_emplace(rootOf(a), i);
    if (!fresh && a.getDefiningOp<BufferViewOp>())
      return call.emitError("uop-to-c: arguments ")
             << it->second << " and " << i
             << " are views of one buffer; C kernel parameters are restrict";
    if (!fresh && (writes(it->second) || writes(i)))
      return call.emitError("uop-to-c: arguments ")
             << it->second << " and " << i
             << " are one buffer, which the kernel writes; C kernel "
                "parameters are restrict";
  }
  return success();
}

// The body of an entry: its BUFFERs malloc'd, the kernel calls, the frees.
LogicalResult emitEntryBody(FunctionOp sched, const llvm::StringSet<> &emitted,
                            const llvm::StringMap<LinearOp> &linears,
                            const llvm::StringMap<std::string> &vars,
                            DenseMap<Value, std::string> &names,
                            raw_ostream &os) {
  Block &body = sched.getBody().front();
  SmallVector<std::string> frees;
  unsigned n = 0;
  for (Operation &op : body) {
    if (auto buf = dyn_cast<BufferOp>(op)) {
      auto p = dyn_cast<PtrType>(buf.getType());
      // Local memory belongs to one kernel (DEFINE_LOCAL); a schedule's
      // BUFFER would silently become a global one.
      if (!p || p.getAddrSpace() != AddrSpace::Global)
        return buf.emitError("uop-to-c: a schedule BUFFER must be a global "
                             "!uop.ptr, got ")
               << buf.getType();
      FailureOr<std::string> t = cType(buf.getLoc(), p.getElementType());
      if (failed(t))
        return failure();
      std::string name = "b" + std::to_string(n++);
      names[buf.getResult()] = name;
      if (failed(emitAlloc(buf, p, buf.getSize(), *t, name, frees, os)))
        return failure();
      frees.push_back(name);
    } else if (auto after = dyn_cast<AfterOp>(op)) {
      // Kernels run in order: waiting is implied, the buffer is the same.
      auto it = names.find(after.getPassthrough());
      if (it != names.end())
        names[after.getResult()] = it->second;
    } else if (isa<BufferViewOp, CopyOp>(op)) {
      if (failed(emitScheduleBufferForm(&op, names, frees, n, os)))
        return failure();
    } else if (!isa<CallOp, DeviceOp, UniqueOp, LUniqueOp, LinearOp, ProgramOp,
                    SourceOp, ProgramBinaryOp, GroupOp, SinkOp>(op)) {
      // Anything else would do something C leaves out (CUSTOM_FUNCTION).
      return op.emitError("uop-to-c: no C form for '")
             << op.getName() << "' in a schedule";
    } else if (auto call = dyn_cast<CallOp>(op)) {
      if (!emitted.contains(call.getCallee()))
        return call.emitError("uop-to-c: kernel @")
               << call.getCallee() << " has no PROGRAM in this schedule";
      if (failed(checkNoAliasedArgs(call)))
        return failure();
      os << "  " << kernelSymbol(call.getCallee()) << "(";
      for (auto [i, a] : llvm::enumerate(call.getArgs())) {
        auto it = names.find(a);
        if (it == names.end())
          return call.emitError("uop-to-c: kernel argument is not a "
                                "parameter or BUFFER");
        os << (i ? ", " : "") << it->second;
      }
      // The shape variables the kernel reads, from the entry's parameters.
      if (LinearOp l = linears.lookup(call.getCallee()))
        for (StringRef v : kernelVars(l.getBody().front())) {
          auto var = vars.find(v);
          if (var == vars.end())
            return call.emitError("uop-to-c: kernel @")
                   << call.getCallee() << " reads shape variable '" << v
                   << "', which the schedule does not declare in uop.vars";
          os << (call.getArgs().empty() ? "" : ", ") << var->second;
        }
      os << ");\n";
    }
  }
  for (const std::string &f : frees)
    os << "  free(" << f << ");\n";
  os << "  return 0;\n";
  return success();
}

// The entry `uop_<name>(...)` of one schedule function and its `_packed` form.
LogicalResult emitEntry(FunctionOp sched, const llvm::StringSet<> &emitted,
                        raw_ostream &os) {
  Block &body = sched.getBody().front();
  // Which parameters are written: those passed to a parameter the called
  // kernel's LINEAR writes (the first, the output, when there is none here).
  llvm::SmallDenseSet<Value> outputs;
  llvm::StringMap<LinearOp> linears;
  for (ProgramOp prog : body.getOps<ProgramOp>())
    if (prog.getLinear())
      if (auto l = prog.getLinear().getDefiningOp<LinearOp>())
        linears[prog.getKernel()] = l;
  for (CallOp call : body.getOps<CallOp>()) {
    LinearOp l = linears.lookup(call.getCallee());
    if (!l) {
      if (!call.getArgs().empty())
        outputs.insert(call.getArgs().front());
      continue;
    }
    Block &kernel = l.getBody().front();
    llvm::SmallDenseSet<Value> written = writtenBuffers(kernel);
    for (auto [formal, actual] :
         llvm::zip(kernel.getArguments(), call.getArgs()))
      if (written.contains(formal)) {
        // A write through a view (or an AFTER) writes the viewed buffer.
        Value v = actual;
        for (;;) {
          outputs.insert(v);
          if (auto view = v.getDefiningOp<BufferViewOp>())
            v = view.getBuffer();
          else if (auto after = v.getDefiningOp<AfterOp>())
            v = after.getPassthrough();
          else
            break;
        }
      }
  }
  DenseMap<Value, std::string> names;
  os << "int uop_" << sched.getSymName() << "(";
  for (BlockArgument a : body.getArguments()) {
    auto p = dyn_cast<PtrType>(a.getType());
    if (!p || p.getAddrSpace() != AddrSpace::Global)
      return sched.emitError("uop-to-c: schedule parameters must be global "
                             "!uop.ptr, got ")
             << a.getType();
    FailureOr<std::string> t = cType(sched.getLoc(), p.getElementType());
    if (failed(t))
      return failure();
    names[a] = "a" + std::to_string(a.getArgNumber());
    os << (a.getArgNumber() ? ", " : "")
       << (outputs.contains(a) ? "" : "const ") << *t << " *restrict "
       << names[a];
  }
  // Shape variables follow the buffers, in uop.vars order.
  SmallVector<VarAttr> shapeVars = getShapeVars(sched);
  llvm::StringMap<std::string> vars;
  for (auto [i, v] : llvm::enumerate(shapeVars)) {
    vars[v.getName().getValue()] = "v" + std::to_string(i);
    os << (body.getNumArguments() + i ? ", " : "") << "const int64_t v" << i;
  }
  os << ") {\n";
  // A variable no kernel reads is still part of the interface.
  for (size_t i = 0; i < shapeVars.size(); ++i)
    os << "  (void)v" << i << ";\n";
  // A buffer no kernel is called with (at most the SINK names it) is still
  // a parameter (-Wunused-parameter).
  for (BlockArgument a : body.getArguments())
    if (llvm::all_of(a.getUsers(), [](Operation *u) { return isa<SinkOp>(u); }))
      os << "  (void)" << names[a] << ";\n";
  if (failed(emitEntryBody(sched, emitted, linears, vars, names, os)))
    return failure();
  os << "}\n";
  // Why the last call on this thread returned 1.
  os << "const char *uop_" << sched.getSymName()
     << "_error(void) { return uoph_error; }\n";
  // The same entry with its buffers in one array, for callers that build
  // the call at run time (uop-run, uopRun) whatever the argument count.
  // Shape variables come after the buffers, each as a pointer to int64_t.
  os << "int uop_" << sched.getSymName() << "_packed(void *const *a) {\n";
  if (body.getNumArguments() == 0 && shapeVars.empty())
    os << "  (void)a;\n";
  os << "  return uop_" << sched.getSymName() << "(";
  for (BlockArgument a : body.getArguments())
    os << (a.getArgNumber() ? ", " : "") << "a[" << a.getArgNumber() << "]";
  for (size_t i = 0; i < shapeVars.size(); ++i)
    os << (body.getNumArguments() + i ? ", " : "") << "*(const int64_t *)a["
       << body.getNumArguments() + i << "]";
  os << ");\n}\n";
  return success();
}
} // namespace

LogicalResult uop::translateUOpToC(Operation *op, raw_ostream &os) {
  auto module = dyn_cast<ModuleOp>(op);
  if (!module)
    return op->emitError("uop-to-c: expected a builtin.module");
  SmallVector<FunctionOp> schedules;
  for (FunctionOp fn : module.getOps<FunctionOp>())
    if (!isKernel(fn))
      schedules.push_back(fn);
  if (schedules.empty())
    return module.emitError("uop-to-c: no schedule function; run "
                            "`uop-opt --uop-to-program` first");
  // Every C name outside the entries has a prefix no entry has (`uoph_`
  // helpers, `uopk_` kernels); the entries themselves collide only when one
  // graph is another's name plus `_packed` or `_error`.
  llvm::StringSet<> names;
  for (FunctionOp sched : schedules)
    names.insert(sched.getSymName());
  for (FunctionOp sched : schedules)
    for (StringRef suffix : {"_packed", "_error"})
      if (names.contains((sched.getSymName() + suffix).str()))
        return sched.emitError("uop-to-c: graphs @")
               << sched.getSymName() << " and @" << sched.getSymName() << suffix
               << " would both define the C function uop_" << sched.getSymName()
               << suffix << "; rename one";
  // Buffered: a failure prints no partial C; and the prelude, written last,
  // holds only the helpers the rest calls.
  std::string c;
  llvm::raw_string_ostream cs(c);
  emitVectorTypes(module, cs);
  emitStreamHelpers(module, cs);
  emitStoreLanesHelpers(module, cs);
  emitVectorMathHelpers(module, cs);
  llvm::StringSet<> emitted;
  if (failed(emitKernels(schedules, emitted, cs)))
    return failure();
  for (FunctionOp sched : schedules)
    if (failed(emitEntry(sched, emitted, cs)))
      return failure();
  emitCPrelude(os, c);
  os << c;
  return success();
}
