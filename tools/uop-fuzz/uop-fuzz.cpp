//===- uop-fuzz.cpp - structure-aware fuzzer of the uop-mlir tools --------===//
//
// Parses seed programs (test/ and examples/), mutates the parsed IR (integer
// attributes, shapes and element types, operands, erased and duplicated ops),
// prints each mutant in the generic form and runs it in a forked child the
// way a user would: parse, verify, one pass pipeline, then the translation
// that follows it (C or PTX). A child that dies on a signal, hits an LLVM
// fatal error, runs past the time limit, or reports an error without a
// location is a finding: its input is written, minimized, to the output
// directory with the command that reproduces it. So is C that the C compiler
// warns about: every --cc-every'th input compiles the C it translated to with
// -Wall -Wextra -Werror. Crashes in MLIR's own parser that upstream mlir-opt
// shares are listed as upstream's.
//
// Mutating parsed IR rather than text keeps most mutants parseable, so they
// reach the verifiers and passes (random text edits mostly stop at the
// parser). Mutations happen in the child, after the fork: a mutation that
// breaks an invariant the printer relies on only costs that one input.
//
//===----------------------------------------------------------------------===//

#include "uop/InitAll.h"
#include "uop/Target/Translations.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Verifier.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <map>
#include <set>
#include <tuple>
#include <random>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace mlir;
namespace cl = llvm::cl;

static cl::list<std::string> seedPaths(cl::Positional, cl::OneOrMore,
                                       cl::desc("<seed .mlir files or dirs>"));
static cl::opt<unsigned> maxTime("max-time", cl::init(120),
                                 cl::desc("stop after this many seconds"));
static cl::opt<unsigned> maxRuns("runs", cl::init(0),
                                 cl::desc("stop after this many inputs (0: no limit)"));
static cl::opt<unsigned> seedOpt("seed", cl::init(1), cl::desc("random seed"));
static cl::opt<unsigned> timeoutOpt("timeout", cl::init(20),
                                    cl::desc("seconds one input may take (a hang)"));
static cl::opt<std::string> outDir("out", cl::init("uop-fuzz-findings"),
                                   cl::desc("where findings are written"));
static cl::opt<unsigned> maxMutations("mutations", cl::init(3),
                                      cl::desc("most mutations per input"));
static cl::opt<unsigned> ccEvery(
    "cc-every", cl::init(1),
    cl::desc("compile the C of one in N inputs that translate to C with "
             "-Wall -Wextra -Werror (1: all, 0: none)"));
static cl::opt<std::string> ccOpt("cc", cl::init("cc"),
                                  cl::desc("the C compiler of --cc-every"));
static cl::opt<bool> injectFaults(
    "inject-faults", cl::Hidden, cl::init(false),
    cl::desc("test hook: a function named fuzz_crash, fuzz_fatal, fuzz_hang, "
             "fuzz_unlocated or fuzz_c_warning makes the child fail that way"));
static cl::opt<std::string> upstreamOpt(
    "upstream-opt", cl::init("/usr/lib/llvm-22/bin/mlir-opt"),
    cl::desc("upstream mlir-opt, to tell upstream parser crashes apart"));

namespace {
/// What one input does after parsing, and how the parent reproduces it.
struct Pipeline {
  const char *passes;
  enum { None, C, PTX } translate;
};
constexpr Pipeline kPipelines[] = {
    {"uop-to-program{target=cpu}", Pipeline::C},
    {"uop-to-program{target=cuda}", Pipeline::None},
    {"uop-to-nvvm{chip=sm_80}", Pipeline::PTX},
    {"tirx-to-nvvm{chip=sm_80}", Pipeline::PTX},
    {"tirx-to-nvvm{chip=sm_90a}", Pipeline::PTX},
    {"tirx-to-nvvm{chip=sm_100a}", Pipeline::PTX},
    {"func.func(uop-rangeify)", Pipeline::None},
    {"func.func(uop-rangeify),uop-split-kernels", Pipeline::None},
    {"func.func(uop-shard{rank=1}),uop-outline-collectives", Pipeline::None},
    {"uop.function(uop-simplify)", Pipeline::None},
    {"uop.function(uop-optimize)", Pipeline::None},
    {"uop.function(uop-expand)", Pipeline::None},
    {"uop.function(uop-devectorize)", Pipeline::None},
    {"uop.function(uop-gpudims)", Pipeline::None},
    {"uop-linearize", Pipeline::C},
    {"convert-uop-to-tirx", Pipeline::None},
    {"tirx.prim_func(tirx-dispatch-tile-primitives)", Pipeline::None},
    {"tirx.prim_func(tirx-lower-layouts)", Pipeline::None},
    {"tirx.prim_func(tirx-lower-scope-ids)", Pipeline::None},
    {"convert-tirx-to-gpu", Pipeline::None},
    {"", Pipeline::C},
};

/// Outcome classes; the first three are findings.
enum Outcome : int {
  Ok = 0,
  Error = 1,        // located errors: what bad input should get
  Unlocated = 3,    // an error without a location
  Fatal = 4,        // an LLVM fatal error (report_fatal_error)
  Internal = 5,     // the mutation itself failed (not a finding)
  CWarning = 6,     // the C compiler warned about (or rejected) our C
  Crash = 100,      // a signal
  Hang = 101,       // past --timeout
};

/// Where the child is, so a crash can be attributed (written through shared
/// memory: the child may not live to report it).
enum Stage : int {
  Mutating,
  Parsing,
  Verifying,
  Passes,
  Translating,
  CompilingC,
  Done
};
const char *stageName(int s) {
  static const char *names[] = {"mutate",    "parse", "verify", "passes",
                                "translate", "cc",    "done"};
  return s >= 0 && s <= Done ? names[s] : "?";
}
volatile int *sharedStage;
volatile int *sharedCompiled; // C translations the children compiled

struct Seed {
  std::string file;
  OwningOpRef<ModuleOp> module;
};

DialectRegistry &registry() {
  static DialectRegistry r = [] {
    DialectRegistry reg;
    registerAllDialects(reg);
    registerAllExtensions(reg);
    registerAllToLLVMIRTranslations(reg);
    uop::registerAllDialects(reg);
    return reg;
  }();
  return r;
}

/// Splits a test file into its programs (`// -----` and `//--- name`).
SmallVector<std::string> splitPrograms(StringRef text) {
  SmallVector<std::string> out;
  std::string cur;
  SmallVector<StringRef> lines;
  text.split(lines, '\n');
  for (StringRef l : lines) {
    StringRef t = l.trim();
    if (t.starts_with("// -----") || t.starts_with("//---")) {
      out.push_back(std::move(cur));
      cur.clear();
      continue;
    }
    cur += l.str() + "\n";
  }
  out.push_back(std::move(cur));
  return out;
}

void collectFiles(StringRef path, std::vector<std::string> &files) {
  if (llvm::sys::fs::is_regular_file(path)) {
    files.push_back(path.str());
    return;
  }
  std::error_code ec;
  for (llvm::sys::fs::recursive_directory_iterator it(path, ec), end;
       it != end && !ec; it.increment(ec))
    if (llvm::sys::path::extension(it->path()) == ".mlir")
      files.push_back(it->path());
  std::sort(files.begin(), files.end());
}

//===----------------------------------------------------------------------===//
// Mutations of parsed IR
//===----------------------------------------------------------------------===//

class Mutator {
public:
  Mutator(ModuleOp m, std::mt19937_64 &rng) : module(m), rng(rng) {
    m.walk([&](Operation *op) {
      if (op != m.getOperation())
        ops.push_back(op);
    });
  }

  bool mutateOnce() {
    if (ops.empty())
      return false;
    switch (pick(6)) {
    case 0: return mutateIntAttr();
    case 1: return mutateResultType();
    case 2: return swapOperand();
    case 3: return eraseOp();
    case 4: return duplicateOp();
    default: return mutateArrayAttr();
    }
  }

private:
  unsigned pick(unsigned n) { return n ? rng() % n : 0; }
  Operation *anyOp() { return ops[pick(ops.size())]; }

  int64_t interesting(int64_t old) {
    static const int64_t values[] = {0,         1,        -1,      2,
                                     3,         7,        64,      1024,
                                     1 << 20,   INT32_MAX, (int64_t)INT32_MAX + 1,
                                     INT32_MIN, (int64_t)UINT32_MAX + 2,
                                     INT64_MAX, INT64_MIN};
    switch (pick(3)) {
    case 0: return values[pick(std::size(values))];
    case 1: return old + (int64_t)pick(5) - 2;
    default: return old * 2;
    }
  }

  /// An integer attribute (of the op's own or a discardable one) set to a
  /// boundary value, keeping its type.
  bool mutateIntAttr() {
    for (unsigned tries = 0; tries < 8; ++tries) {
      Operation *op = anyOp();
      SmallVector<NamedAttribute> attrs(op->getAttrs());
      SmallVector<unsigned> ints;
      for (auto [i, na] : llvm::enumerate(attrs))
        if (isa<IntegerAttr>(na.getValue()))
          ints.push_back(i);
      if (ints.empty())
        continue;
      NamedAttribute na = attrs[ints[pick(ints.size())]];
      auto ia = cast<IntegerAttr>(na.getValue());
      APInt v(ia.getValue().getBitWidth(),
              (uint64_t)interesting(ia.getValue().getSExtValue()), true);
      op->setAttr(na.getName(), IntegerAttr::get(ia.getType(), v));
      return true;
    }
    return false;
  }

  /// One element of a dense i64/i32 array or an ArrayAttr of integers.
  bool mutateArrayAttr() {
    for (unsigned tries = 0; tries < 8; ++tries) {
      Operation *op = anyOp();
      for (NamedAttribute na : op->getAttrs()) {
        if (auto a = dyn_cast<DenseI64ArrayAttr>(na.getValue());
            a && !a.empty()) {
          SmallVector<int64_t> v(a.asArrayRef());
          if (pick(4) == 0)
            v.push_back(interesting(0));
          else
            v[pick(v.size())] = interesting(v[pick(v.size())]);
          op->setAttr(na.getName(), DenseI64ArrayAttr::get(op->getContext(), v));
          return true;
        }
        if (auto a = dyn_cast<DenseI32ArrayAttr>(na.getValue());
            a && !a.empty()) {
          SmallVector<int32_t> v(a.asArrayRef());
          v[pick(v.size())] = (int32_t)interesting(v[0]);
          op->setAttr(na.getName(), DenseI32ArrayAttr::get(op->getContext(), v));
          return true;
        }
      }
    }
    return false;
  }

  Type mutateType(Type t) {
    MLIRContext *ctx = t.getContext();
    Builder b(ctx);
    Type scalars[] = {b.getF32Type(), b.getF16Type(), b.getBF16Type(),
                      b.getF64Type(), b.getI1Type(),  b.getI8Type(),
                      b.getI32Type(), b.getI64Type(), b.getIndexType()};
    if (auto rt = dyn_cast<RankedTensorType>(t)) {
      SmallVector<int64_t> shape(rt.getShape());
      switch (shape.empty() ? 2 : pick(3)) {
      case 0:
        shape[pick(shape.size())] = std::max<int64_t>(0, interesting(4) % (1 << 24));
        return RankedTensorType::get(shape, rt.getElementType());
      case 1:
        shape.push_back(1 + pick(3));
        return RankedTensorType::get(shape, rt.getElementType());
      default:
        return RankedTensorType::get(shape, scalars[pick(std::size(scalars))]);
      }
    }
    if (auto vt = dyn_cast<VectorType>(t))
      return VectorType::get({(int64_t)(1 + pick(8))}, vt.getElementType());
    return scalars[pick(std::size(scalars))];
  }

  bool mutateResultType() {
    for (unsigned tries = 0; tries < 8; ++tries) {
      Operation *op = anyOp();
      if (op->getNumResults() == 0)
        continue;
      OpResult r = op->getResult(pick(op->getNumResults()));
      Type t = r.getType();
      if (!isa<RankedTensorType, VectorType, IntegerType, FloatType,
               IndexType>(t))
        continue;
      r.setType(mutateType(t));
      return true;
    }
    return false;
  }

  /// Values visible before `op`: earlier results in its block and enclosing
  /// blocks, and their arguments.
  SmallVector<Value> visibleBefore(Operation *op) {
    SmallVector<Value> out;
    for (Operation *cur = op; cur && cur != module.getOperation();
         cur = cur->getParentOp()) {
      Block *block = cur->getBlock();
      if (!block)
        break;
      llvm::append_range(out, block->getArguments());
      for (Operation &o : *block) {
        if (&o == cur)
          break;
        llvm::append_range(out, o.getResults());
      }
    }
    return out;
  }

  /// An operand replaced by another visible value, of the same type or not.
  bool swapOperand() {
    for (unsigned tries = 0; tries < 8; ++tries) {
      Operation *op = anyOp();
      if (op->getNumOperands() == 0)
        continue;
      unsigned i = pick(op->getNumOperands());
      SmallVector<Value> vis = visibleBefore(op);
      SmallVector<Value> same;
      for (Value v : vis)
        if (v.getType() == op->getOperand(i).getType() && v != op->getOperand(i))
          same.push_back(v);
      SmallVector<Value> &from = (!same.empty() && pick(3)) ? same : vis;
      if (from.empty())
        continue;
      op->setOperand(i, from[pick(from.size())]);
      return true;
    }
    return false;
  }

  /// An op removed, its uses given another visible value of the same type.
  bool eraseOp() {
    for (unsigned tries = 0; tries < 8; ++tries) {
      Operation *op = anyOp();
      if (op->hasTrait<OpTrait::IsTerminator>() || op->getNumRegions())
        continue;
      SmallVector<Value> vis = visibleBefore(op);
      bool ok = true;
      for (OpResult r : op->getResults()) {
        Value repl;
        for (Value v : vis)
          if (v.getType() == r.getType())
            repl = v;
        if (!repl && !r.use_empty()) {
          ok = false;
          break;
        }
        if (repl)
          r.replaceAllUsesWith(repl);
      }
      if (!ok)
        continue;
      llvm::erase(ops, op);
      op->erase();
      return true;
    }
    return false;
  }

  /// An op cloned next to itself; some of its uses move to the clone.
  bool duplicateOp() {
    for (unsigned tries = 0; tries < 8; ++tries) {
      Operation *op = anyOp();
      if (op->hasTrait<OpTrait::IsTerminator>() ||
          isa<SymbolOpInterface>(op) || op->getNumRegions())
        continue;
      OpBuilder b(op->getContext());
      b.setInsertionPointAfter(op);
      Operation *copy = b.clone(*op);
      for (auto [r, c] : llvm::zip(op->getResults(), copy->getResults()))
        for (OpOperand &use : llvm::make_early_inc_range(r.getUses()))
          if (use.getOwner() != copy && pick(2))
            use.set(c);
      ops.push_back(copy);
      return true;
    }
    return false;
  }

  ModuleOp module;
  std::mt19937_64 &rng;
  std::vector<Operation *> ops;
};

//===----------------------------------------------------------------------===//
// The child: what a user's run of the tools does with the mutant
//===----------------------------------------------------------------------===//

void fatalHandler(void *, const char *reason, bool) {
  llvm::errs() << "LLVM ERROR: " << reason << "\n";
  _exit(Fatal);
}

/// The C compiler's verdict on `c` under -Wall -Wextra -Werror.
int compileC(StringRef c) {
  *sharedStage = CompilingC;
  int fd;
  SmallString<128> path;
  if (llvm::sys::fs::createTemporaryFile("uop-fuzz", "c", fd, path))
    return Internal;
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << c;
  }
  auto prog = llvm::sys::findProgramByName(ccOpt);
  if (!prog) {
    llvm::sys::fs::remove(path);
    return Internal;
  }
  StringRef args[] = {*prog,  "-std=c11", "-Wall", "-Wextra", "-Werror",
                      "-c",   path,       "-o",    "/dev/null"};
  std::optional<StringRef> quiet[] = {StringRef(""), StringRef(""),
                                      StringRef("")};
  int rc = llvm::sys::ExecuteAndWait(*prog, args, std::nullopt, quiet);
  llvm::sys::fs::remove(path);
  ++*sharedCompiled;
  if (rc < 0)
    return Internal;
  if (rc != 0)
    return CWarning;
  *sharedStage = Done;
  return Ok;
}

/// Parses `text`, verifies, runs `p` and its translation (and, with
/// `checkC`, compiles the C); the exit status.
int runInput(StringRef text, const Pipeline &p, bool checkC) {
  llvm::install_fatal_error_handler(fatalHandler);
  MLIRContext ctx(registry(), MLIRContext::Threading::DISABLED);
  bool unlocated = false;
  ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &d) {
    if (d.getSeverity() == DiagnosticSeverity::Error &&
        isa<UnknownLoc>(d.getLocation())) {
      unlocated = true;
      llvm::errs() << "unlocated error: " << d.str() << "\n";
    }
    return success();
  });
  // The stage stays where an error stopped the input.
  auto status = [&](bool ok) -> int {
    if (ok)
      *sharedStage = Done;
    return unlocated ? Unlocated : ok ? Ok : Error;
  };
  *sharedStage = Parsing;
  ParserConfig config(&ctx, /*verifyAfterParse=*/false);
  OwningOpRef<ModuleOp> m = parseSourceString<ModuleOp>(text, config);
  if (!m)
    return status(false);
  *sharedStage = Verifying;
  if (injectFaults) {
    // Proves in lit that each kind of fault is caught and reported.
    SymbolTable symbols(*m);
    if (symbols.lookup("fuzz_crash"))
      raise(SIGSEGV);
    if (symbols.lookup("fuzz_fatal"))
      llvm::report_fatal_error("injected fault");
    if (symbols.lookup("fuzz_hang"))
      for (;;)
        pause();
    if (symbols.lookup("fuzz_unlocated")) {
      emitError(UnknownLoc::get(&ctx), "injected fault");
      return status(false);
    }
    if (symbols.lookup("fuzz_c_warning"))
      return compileC("void fuzz_c_warning(void) { int unused; }\n");
  }
  if (failed(verify(*m)))
    return status(false);
  *sharedStage = Passes;
  if (*p.passes) {
    PassManager pm(&ctx, ModuleOp::getOperationName(),
                   OpPassManager::Nesting::Implicit);
    std::string err;
    llvm::raw_string_ostream es(err);
    if (failed(parsePassPipeline(p.passes, pm, es))) {
      llvm::errs() << "uop-fuzz: bad pipeline " << p.passes << ": " << err;
      return Internal;
    }
    if (failed(pm.run(*m)))
      return status(false);
  }
  *sharedStage = Translating;
  if (p.translate == Pipeline::C) {
    std::string c;
    llvm::raw_string_ostream os(c);
    int s = status(succeeded(uop::translateUOpToC(*m, os)));
    // CUSTOM and CUSTOMI insert the user's C, which no translation checks.
    bool userC = m->walk([](Operation *op) {
                    StringRef n = op->getName().getStringRef();
                    return n == "uop.custom" || n == "uop.customi"
                               ? WalkResult::interrupt()
                               : WalkResult::advance();
                  }).wasInterrupted();
    return s == Ok && checkC && !userC ? compileC(c) : s;
  }
  if (p.translate == Pipeline::PTX)
    return status(succeeded(uop::translateToPTX(*m)));
  return status(true);
}

//===----------------------------------------------------------------------===//
// The parent
//===----------------------------------------------------------------------===//

struct Result {
  int outcome = Ok;
  int stage = Done;
  std::string text; // the mutant (empty when mutation failed)
};

/// Forks a child that runs `body` (which prints the input it runs to the
/// pipe first), waits with a timeout, classifies.
template <typename F>
Result runForked(F body) {
  int fds[2];
  if (pipe(fds) != 0)
    return {Internal, Mutating, ""};
  *sharedStage = Mutating;
  pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    int devnull = open("/dev/null", O_WRONLY);
    dup2(devnull, 2); // diagnostics of bad input are expected
    dup2(devnull, 1);
    _exit(body(fds[1]));
  }
  close(fds[1]);
  Result r;
  // Read the input text while waiting: the child may block on a full pipe.
  auto start = std::chrono::steady_clock::now();
  fcntl(fds[0], F_SETFL, O_NONBLOCK);
  char buf[65536];
  int wstatus = 0;
  bool exited = false;
  while (!exited) {
    ssize_t n;
    while ((n = read(fds[0], buf, sizeof(buf))) > 0)
      r.text.append(buf, n);
    pid_t w = waitpid(pid, &wstatus, WNOHANG);
    if (w == pid) {
      exited = true;
      break;
    }
    if (std::chrono::steady_clock::now() - start >
        std::chrono::seconds(timeoutOpt)) {
      kill(pid, SIGKILL);
      waitpid(pid, &wstatus, 0);
      r.outcome = Hang;
      r.stage = *sharedStage;
      close(fds[0]);
      return r;
    }
    usleep(200);
  }
  ssize_t n;
  while ((n = read(fds[0], buf, sizeof(buf))) > 0)
    r.text.append(buf, n);
  close(fds[0]);
  r.stage = *sharedStage;
  // In a sanitizer build a fault is a report and an exit status, not a
  // signal (ASan handles SIGSEGV itself): any report counts as a crash.
  bool report = StringRef(r.text).contains("ERROR: AddressSanitizer") ||
                StringRef(r.text).contains("ERROR: LeakSanitizer") ||
                StringRef(r.text).contains("runtime error:");
  if (WIFSIGNALED(wstatus) || report)
    r.outcome = Crash;
  else
    r.outcome = WEXITSTATUS(wstatus);
  return r;
}

bool isFinding(int o) {
  return o == Crash || o == Hang || o == Fatal || o == Unlocated ||
         o == CWarning;
}

const char *outcomeName(int o) {
  switch (o) {
  case Ok: return "ok";
  case Error: return "error";
  case Unlocated: return "unlocated-error";
  case Fatal: return "llvm-fatal-error";
  case CWarning: return "c-warning";
  case Crash: return "crash";
  case Hang: return "hang";
  default: return "internal";
  }
}

void writeAll(int fd, StringRef s) {
  while (!s.empty()) {
    ssize_t n = write(fd, s.data(), s.size());
    if (n <= 0)
      return;
    s = s.drop_front(n);
  }
  close(fd);
}

/// Runs a fixed text (no mutation) under `p`.
Result runText(const std::string &text, const Pipeline &p, bool checkC) {
  return runForked([&](int fd) {
    writeAll(fd, text);
    return runInput(text, p, checkC);
  });
}

/// Drops lines while the same outcome and stage remain (bounded effort).
std::string minimize(std::string text, const Pipeline &p, int outcome,
                     int stage) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  SmallVector<StringRef> lines;
  std::string work = text;
  for (size_t chunk = 16; chunk >= 1; chunk /= 2) {
    bool progress = true;
    while (progress && std::chrono::steady_clock::now() < deadline) {
      progress = false;
      lines.clear();
      StringRef(work).split(lines, '\n');
      for (size_t i = 0; i + chunk <= lines.size(); i += chunk) {
        std::string cand;
        for (size_t j = 0; j < lines.size(); ++j)
          if (j < i || j >= i + chunk)
            cand += lines[j].str() + "\n";
        if (cand.size() >= work.size())
          continue;
        Result r = runText(cand, p, outcome == CWarning);
        if (r.outcome == outcome && r.stage == stage) {
          work = cand;
          progress = true;
          break;
        }
        if (std::chrono::steady_clock::now() >= deadline)
          break;
      }
    }
    if (chunk == 1)
      break;
  }
  return work;
}

/// True when upstream mlir-opt also dies on `file` (parser crashes).
bool upstreamCrashes(StringRef file) {
  if (!llvm::sys::fs::can_execute(upstreamOpt))
    return false;
  std::string cmd = upstreamOpt + " --allow-unregistered-dialect " +
                    file.str() + " -o /dev/null >/dev/null 2>&1";
  int rc = std::system(cmd.c_str());
  return WIFSIGNALED(rc) || (WIFEXITED(rc) && WEXITSTATUS(rc) > 1);
}
/// Every program of every file under the seed paths that parses (without
/// verifying: invalid programs are seeds too). `files` gets the files read.
std::vector<Seed> loadSeeds(MLIRContext &ctx, std::vector<std::string> &files) {
  for (const std::string &p : seedPaths)
    collectFiles(p, files);
  std::vector<Seed> seeds;
  for (const std::string &f : files) {
    auto buf = llvm::MemoryBuffer::getFile(f);
    if (!buf)
      continue;
    for (const std::string &prog : splitPrograms((*buf)->getBuffer())) {
      ParserConfig config(&ctx, /*verifyAfterParse=*/false);
      OwningOpRef<ModuleOp> m = parseSourceString<ModuleOp>(prog, config);
      if (m)
        seeds.push_back({f, std::move(m)});
    }
  }
  return seeds;
}

/// What the parent counts over a run, printed at the end (printSummary).
struct Tally {
  std::map<int, unsigned> counts; // per outcome
  std::map<int, unsigned> stages; // per stage reached
  unsigned runs = 0, findings = 0, upstream = 0;
  /// Findings already written: outcome, stage and the minimized text's hash.
  std::set<std::string> seen;
  /// Findings looked at per outcome, stage and seed program.
  std::map<std::tuple<int, int, size_t>, unsigned> perSeed;
};

/// The uop-opt (and uop-translate, cc) command line that reproduces a
/// finding in `path`, for the finding's .txt and the console.
std::string reproduceCommand(StringRef path, const Pipeline &p, int outcome) {
  return std::string("uop-opt --mlir-print-debuginfo ") + path.str() +
         (*p.passes ? std::string(" --pass-pipeline='builtin.module(") +
                          p.passes + ")'"
                    : std::string()) +
         (p.translate == Pipeline::C     ? " | uop-translate --uop-to-c"
          : p.translate == Pipeline::PTX ? " | uop-translate --mlir-to-ptx"
                                         : "") +
         (outcome == CWarning
              ? " | " + ccOpt +
                    " -std=c11 -Wall -Wextra -Werror -c -x c - -o /dev/null"
              : "");
}

/// Writes a new finding as --out/<outcome>-<N>.mlir with a .txt beside it
/// (outcome, stage, seed file, how to reproduce), and reports it unless
/// upstream mlir-opt crashes on it too. Repeats of a finding are dropped.
void recordFinding(Tally &t, const Result &r, const Pipeline &p,
                   const Seed &seed, size_t seedIndex) {
  // The same kind of finding from the same seed program is most likely the
  // same bug: look at it twice at most (minimizing costs many runs).
  if (++t.perSeed[{r.outcome, r.stage, seedIndex}] > 2)
    return;
  // A hang costs --timeout per try: written as found.
  std::string small = r.outcome == Hang
                          ? r.text
                          : minimize(r.text, p, r.outcome, r.stage);
  std::string key = std::string(outcomeName(r.outcome)) + stageName(r.stage) +
                    std::to_string(llvm::hash_value(small));
  if (!t.seen.insert(key).second)
    return;
  SmallString<128> path(outDir.getValue());
  llvm::sys::path::append(path, std::string(outcomeName(r.outcome)) + "-" +
                                    std::to_string(t.findings) + ".mlir");
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(path, ec);
    os << small;
  }
  bool theirs = r.stage == Parsing && upstreamCrashes(path);
  std::string cmd = reproduceCommand(path, p, r.outcome);
  {
    std::error_code ec;
    llvm::raw_fd_ostream os((path + ".txt").str(), ec);
    os << "outcome: " << outcomeName(r.outcome)
       << "\nstage: " << stageName(r.stage) << "\nseed file: " << seed.file
       << "\nreproduce: " << cmd << "\n"
       << (theirs ? "upstream: mlir-opt also crashes on it\n" : "");
  }
  if (theirs) {
    ++t.upstream;
    return;
  }
  ++t.findings;
  llvm::outs() << "finding: " << outcomeName(r.outcome) << " in "
               << stageName(r.stage) << " (seed " << seed.file << "): " << path
               << "\n  " << cmd << "\n";
  llvm::outs().flush();
}

/// Mutates a copy of `seed` `n` times in a child (seeded with childSeed, so
/// a run is reproducible) and runs the mutant under `p`.
Result runMutant(Seed &seed, const Pipeline &p, uint64_t childSeed, unsigned n,
                 bool checkC) {
  return runForked([&](int fd) {
    std::mt19937_64 crng(childSeed);
    ModuleOp m = *seed.module;
    Mutator mut(m, crng);
    for (unsigned i = 0; i < n; ++i)
      mut.mutateOnce();
    std::string text;
    llvm::raw_string_ostream os(text);
    m->print(os, OpPrintingFlags().printGenericOpForm().assumeVerified());
    writeAll(fd, text);
    return runInput(text, p, checkC);
  });
}

/// The last lines: inputs run and their rate, outcomes and stages reached,
/// C translations compiled, findings.
void printSummary(const Tally &t, double secs) {
  llvm::outs() << "inputs=" << t.runs
               << " seconds=" << llvm::format("%.0f", secs) << " rate="
               << llvm::format("%.1f", t.runs / std::max(secs, 1e-9))
               << "/s\n";
  llvm::outs() << "outcomes:";
  for (auto [o, c] : t.counts)
    llvm::outs() << " " << outcomeName(o) << "=" << c;
  llvm::outs() << "\nreached:";
  for (auto [s, c] : t.stages)
    llvm::outs() << " " << stageName(s) << "=" << c;
  llvm::outs() << "\nc-compiled=" << *sharedCompiled
               << "\nfindings=" << t.findings << " upstream=" << t.upstream
               << "\n";
}
} // namespace

int main(int argc, char **argv) {
  registerAllPasses();
  uop::registerAllPasses();
  cl::ParseCommandLineOptions(
      argc, argv,
      "uop-fuzz: mutate parsed uop/tirx programs and run every pipeline on "
      "them; findings (crashes, fatal errors, hangs, unlocated errors) are "
      "written to --out\n");

  void *mem = mmap(nullptr, 2 * sizeof(int), PROT_READ | PROT_WRITE,
                   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  sharedStage = static_cast<volatile int *>(mem);
  sharedCompiled = sharedStage + 1;

  MLIRContext ctx(registry(), MLIRContext::Threading::DISABLED);
  ctx.getDiagEngine().registerHandler([](Diagnostic &) { return success(); });
  std::vector<std::string> files;
  std::vector<Seed> seeds = loadSeeds(ctx, files);
  if (seeds.empty()) {
    llvm::errs() << "uop-fuzz: no seed program parses\n";
    return 2;
  }
  llvm::sys::fs::create_directories(outDir);
  llvm::outs() << "uop-fuzz: " << seeds.size() << " seed programs from "
               << files.size() << " files, seed " << seedOpt << ", up to "
               << maxTime << " s\n";
  llvm::outs().flush();

  std::mt19937_64 rng(seedOpt);
  Tally t;
  auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() -
                                         start)
        .count();
  };
  while (elapsed() < maxTime && (!maxRuns || t.runs < maxRuns)) {
    // One draw each, in this order: a --seed replays the same run.
    size_t seedIndex = rng() % seeds.size();
    const Pipeline &p = kPipelines[rng() % std::size(kPipelines)];
    uint64_t childSeed = rng();
    unsigned n = 1 + rng() % maxMutations;
    bool checkC = ccEvery && childSeed % ccEvery == 0;
    Result r = runMutant(seeds[seedIndex], p, childSeed, n, checkC);
    ++t.runs;
    ++t.counts[r.outcome];
    ++t.stages[r.stage];
    if (isFinding(r.outcome) && !r.text.empty() && r.stage != Mutating)
      recordFinding(t, r, p, seeds[seedIndex], seedIndex);
  }
  printSummary(t, elapsed());
  return t.findings ? 1 : 0;
}
