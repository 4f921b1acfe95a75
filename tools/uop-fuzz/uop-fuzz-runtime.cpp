//===- uop-fuzz-runtime.cpp - fuzzer of the runtime and its interfaces ----===//
//
// uop-fuzz covers the passes; this harness covers what surrounds them
// (issue 42, item 11), in three modes:
//   npy   .npy bytes: valid files of every dtype, mutated (bit flips,
//         truncation, header fields set to boundary values, keys repeated or
//         dropped), parsed in memory and read from a file with a bound;
//   run   uop-run's command line: option values at and past their limits
//         (--var, --repeat, --num-threads, --devices, --opts, --param,
//         --entry, --target), mutated --input files, and programs whose
//         shapes sit near the size limits (2^31, 2^32, 2^62, INT64_MAX);
//   capi  call sequences of the C API (uop-c/Compiler.h): compilers created
//         and destroyed, every entry point with valid, malformed, empty and
//         NULL arguments, wrong arities, in random order.
// Each input runs in a forked child (uop-run as a child process). A signal,
// an LLVM fatal error, an assertion, a sanitizer report, a run past
// --timeout, a uop-run exit status outside 0-4 or a failure without a
// message is a finding, written to --out with what reproduces it.
//
//===----------------------------------------------------------------------===//

#include "uop-c/Compiler.h"
#include "uop/Runtime/Npy.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <csignal>
#include <cstring>
#include <functional>
#include <random>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace llvm;

static cl::opt<std::string> modeOpt("mode", cl::init("npy"),
                                    cl::desc("npy, run or capi"));
static cl::opt<unsigned> maxTime("max-time", cl::init(30),
                                 cl::desc("seconds to fuzz"));
static cl::opt<unsigned> seedOpt("seed", cl::init(1), cl::desc("random seed"));
static cl::opt<unsigned> timeoutOpt("timeout", cl::init(60),
                                    cl::desc("seconds per input"));
static cl::opt<std::string> outDir("out", cl::init("uop-fuzz-runtime-findings"),
                                   cl::desc("where findings are written"));
static cl::opt<std::string> uopRunOpt(
    "uop-run", cl::init(""),
    cl::desc("the uop-run to fuzz (default: next to this tool)"));
static cl::opt<uint64_t> sequenceOpt(
    "sequence", cl::init(0),
    cl::desc("capi: run the call sequence of this seed (a finding's) "
             "in-process and print its calls"));
static cl::opt<bool> injectCrash(
    "inject-crash", cl::Hidden, cl::init(false),
    cl::desc("test hook: every 5th child raises SIGSEGV"));

namespace {
using Rng = std::mt19937_64;

struct Stats {
  unsigned inputs = 0, ok = 0, errors = 0, findings = 0;
};

/// What a child did: its status and (for uop-run) its output.
struct Outcome {
  bool finding = false;
  std::string why, output;
  int exitCode = 0;
};

size_t pick(Rng &rng, size_t n) { return n ? rng() % n : 0; }
template <typename T, size_t N> const T &pickOf(Rng &rng, const T (&a)[N]) {
  return a[pick(rng, N)];
}

/// A finding in `output`: text that only a crash or a fatal error prints.
std::string fatalText(StringRef output) {
  for (StringRef marker :
       {"LLVM ERROR", "Assertion", "Stack dump", "AddressSanitizer",
        "LeakSanitizer", "runtime error:", "terminate called",
        "UNREACHABLE", "PLEASE submit a bug report"})
    if (output.contains(marker))
      return ("prints '" + marker + "'").str();
  return "";
}

/// Writes a finding: `name`.txt says why, and `body` reproduces it.
void writeFinding(Stats &stats, StringRef kind, StringRef why,
                  StringRef body, StringRef ext) {
  ++stats.findings;
  sys::fs::create_directories(outDir);
  SmallString<256> path(outDir);
  sys::path::append(path, (kind + "-" + Twine(stats.findings) + ext).str());
  std::error_code ec;
  {
    raw_fd_ostream os(path, ec);
    if (!ec)
      os << body;
  }
  raw_fd_ostream txt((path + ".txt").str(), ec);
  if (!ec)
    txt << why << "\n";
  errs() << "finding: " << kind << ": " << why << " (" << path << ")\n";
}

/// Runs `body` in a forked child with a time limit; a signal or a timeout
/// is a finding. The child's exit status: 0 ok, 1 a clean error.
Outcome inChild(const std::function<int()> &body) {
  Outcome o;
  fflush(nullptr);
  pid_t pid = fork();
  if (pid == 0) {
    alarm(timeoutOpt);
    _exit(body());
  }
  int status = 0;
  waitpid(pid, &status, 0);
  if (WIFSIGNALED(status)) {
    o.finding = true;
    o.why = WTERMSIG(status) == SIGALRM
                ? "ran past " + std::to_string(timeoutOpt) + " s"
                : std::string("killed by signal ") +
                      strsignal(WTERMSIG(status));
  } else {
    o.exitCode = WEXITSTATUS(status);
    if (o.exitCode > 1) {
      o.finding = true;
      o.why = "exit status " + std::to_string(o.exitCode);
    }
  }
  return o;
}

//===----------------------------------------------------------------------===//
// npy
//===----------------------------------------------------------------------===//

/// A valid .npy file of a random dtype and shape (version 1 or 2).
std::string makeNpy(Rng &rng) {
  static const char *descrs[] = {"<f4", "<f8", "<f2", "|b1", "|i1", "|u1",
                                 "<i2", "<u2", "<i4", "<u4", "<i8", "<u8",
                                 ">f4", ">i8", "<c8", "|O"};
  std::string descr = pickOf(rng, descrs);
  SmallVector<int64_t> shape;
  int64_t count = 1;
  for (size_t i = 0, rank = pick(rng, 4); i < rank; ++i) {
    shape.push_back(pick(rng, 6));
    count *= shape.back();
  }
  std::string dict = "{'descr': '" + descr + "', 'fortran_order': False, "
                     "'shape': (";
  for (int64_t d : shape)
    dict += std::to_string(d) + (shape.size() == 1 ? "," : ", ");
  dict += "), }";
  bool v2 = pick(rng, 8) == 0;
  size_t prefix = v2 ? 12 : 10;
  size_t total = (prefix + dict.size() + 1 + 63) / 64 * 64;
  dict.append(total - prefix - dict.size() - 1, ' ');
  dict += '\n';
  std::string out = "\x93NUMPY";
  out += char(v2 ? 2 : 1);
  out += char(0);
  for (size_t i = 0; i < (v2 ? 4u : 2u); ++i)
    out += char((dict.size() >> (8 * i)) & 0xFF);
  out += dict;
  unsigned item = std::max(1u, uop::npy::itemSize(descr));
  for (int64_t i = 0; i < count * item; ++i)
    out += char(rng());
  return out;
}

/// One mutation of a .npy file's bytes or header text.
void mutateNpy(Rng &rng, std::string &f) {
  static const char *numbers[] = {"0", "-1", "1", "2147483648", "4294967296",
                                  "4611686018427387904",
                                  "9223372036854775807",
                                  "18446744073709551617", "1e9", "", "(",
                                  "999999999999999999999999"};
  static const char *keys[] = {"'descr'", "'shape'", "'fortran_order'", "{",
                               "}", "(", ")", ",", ":", "'"};
  switch (pick(rng, 7)) {
  case 0: // flip a byte
    if (!f.empty())
      f[pick(rng, f.size())] ^= char(1 << pick(rng, 8));
    break;
  case 1: // truncate
    f.resize(pick(rng, f.size() + 1));
    break;
  case 2: // append
    f.append(pick(rng, 64), char(rng()));
    break;
  case 3: { // a number in the header replaced
    size_t at = f.find_first_of("0123456789", 10);
    if (at != std::string::npos && at < 200)
      f.replace(at, 1, pickOf(rng, numbers));
    break;
  }
  case 4: { // a structural token repeated or dropped
    std::string k = pickOf(rng, keys);
    size_t at = f.find(k);
    if (at != std::string::npos)
      pick(rng, 2) ? f.insert(at, k) : f.erase(at, k.size());
    break;
  }
  case 5: // the header length field
    if (f.size() > 9)
      f[8 + pick(rng, 2)] = char(rng());
    break;
  default: // the version
    if (f.size() > 6)
      f[6] = char(pick(rng, 5));
  }
}

int npyChild(const std::string &bytes, const std::string &path) {
  llvm::Expected<uop::npy::Array> a = uop::npy::parse(bytes, "fuzz.npy");
  bool ok = bool(a);
  if (!a)
    consumeError(a.takeError());
  {
    std::error_code ec;
    raw_fd_ostream os(path, ec);
    os << bytes;
  }
  auto b = uop::npy::read(path, int64_t(1) << 20);
  if (!b)
    consumeError(b.takeError());
  if (injectCrash)
    raise(SIGSEGV);
  return ok ? 0 : 1;
}

void fuzzNpy(Rng &rng, Stats &stats, const std::function<bool()> &more) {
  SmallString<128> path;
  sys::fs::createTemporaryFile("uop-fuzz", "npy", path);
  while (more()) {
    std::string f = makeNpy(rng);
    // Some stay valid: the reading of every dtype and shape is fuzzed too.
    for (size_t m = 0, n = pick(rng, 4); m < n; ++m)
      mutateNpy(rng, f);
    bool crash = injectCrash && stats.inputs % 5 == 4;
    ++stats.inputs;
    Outcome o = inChild([&] {
      injectCrash = crash;
      return npyChild(f, path.str().str());
    });
    if (o.finding)
      writeFinding(stats, "npy", o.why, f, ".npy");
    else
      ++(o.exitCode ? stats.errors : stats.ok);
  }
  sys::fs::remove(path);
}
} // namespace

namespace {
//===----------------------------------------------------------------------===//
// run: uop-run's command line
//===----------------------------------------------------------------------===//

/// The programs: a symbolic softmax (--var), an elementwise graph, and
/// shapes near the size limits.
std::string programFor(Rng &rng, std::string &argName) {
  static const char *extents[] = {"1",          "4",          "2147483647",
                                  "2147483648", "4294967296", "4294967297",
                                  "1099511627776", "4611686018427387904",
                                  "9223372036854775807", "0"};
  argName = "x";
  switch (pick(rng, 3)) {
  case 0:
    return "func.func @f(%x: tensor<?x4xf32, #uop.sym<\"n\">>) -> "
           "tensor<?xf32, #uop.sym<\"n\">> attributes {uop.vars = "
           "[#uop.var<\"n\", 1, " +
           std::string(pickOf(rng, extents)) +
           ">]} {\n  %s = uop.reduce_axis add %x [1] : tensor<?x4xf32, "
           "#uop.sym<\"n\">> -> tensor<?xf32, #uop.sym<\"n\">>\n  return %s : "
           "tensor<?xf32, #uop.sym<\"n\">>\n}\n";
  case 1:
    return "func.func @f(%x: tensor<8x16xf32>, %y: tensor<16xf32>) -> "
           "tensor<8x16xf32> {\n  %r = uop.reshape %y : tensor<16xf32> -> "
           "tensor<1x16xf32>\n  %e = uop.expand %r : tensor<1x16xf32> -> "
           "tensor<8x16xf32>\n  %s = arith.addf %x, %e : tensor<8x16xf32>\n "
           " return %s : tensor<8x16xf32>\n}\n";
  default: {
    std::string t = "tensor<" + std::string(pickOf(rng, extents)) + "x" +
                    std::string(pickOf(rng, extents)) + "xf32>";
    return "func.func @f(%x: " + t + ") -> " + t + " {\n  %s = arith.addf %x, "
           "%x : " + t + "\n  return %s : " + t + "\n}\n";
  }
  }
}

/// Random options for uop-run, some of them a mutated --input file.
std::vector<std::string> optionsFor(Rng &rng, StringRef dir,
                                    StringRef argName) {
  static const char *values[] = {"0", "-1", "1", "3", "4096", "4097", "65",
                                 "2147483648", "9223372036854775807",
                                 "99999999999999999999", "abc", "", "1,2,",
                                 "1,,2", "-0"};
  // Pinned schedules (#uop.opt attributes): valid kinds with amounts that
  // may not divide or fit, unknown kinds and axes, broken attribute text,
  // and the old KIND:axis:amount spelling, which is an error now.
  static const char *opts[] = {"#uop.opt<GROUPTOP, 1, 128>",
                               "#uop.opt<UPCAST, 0, 4>",
                               "#uop.opt<UPCAST, 9, 0>",
                               "#uop.opt<LOCAL, 0, -1>",
                               "#uop.opt<UNROLL, 0, 4294967296>",
                               "#uop.opt<NOPE, 0, 0>",
                               "#uop.opt<UPCAST, 0>",
                               "#uop.opt<UPCAST, 0, 4>,#uop.opt<UPCAST",
                               "UPCAST:0:4", ",,", "#uop.opt<>"};
  static const char *flags[] = {"--var n=", "--repeat ", "--num-threads ",
                                "--devices ", "--seed ", "--opts ",
                                "--param 0=", "--entry ", "--target ",
                                "--input ", "--check", "--output-dir "};
  std::vector<std::string> args;
  for (size_t i = 0, n = 1 + pick(rng, 3); i < n; ++i) {
    std::string flag = pickOf(rng, flags);
    std::string v = pickOf(rng, values);
    if (flag == "--opts ")
      v = pickOf(rng, opts);
    else if (flag == "--entry ")
      v = pick(rng, 2) ? "f" : "nope";
    else if (flag == "--target ")
      v = pick(rng, 2) ? "cpu" : "tpu";
    else if (flag == "--output-dir ")
      v = pick(rng, 2) ? (dir + "/out").str() : "/dev/full/x";
    else if (flag == "--input ") {
      std::string f = makeNpy(rng);
      if (pick(rng, 2))
        mutateNpy(rng, f);
      std::string path = (dir + "/in" + Twine(i) + ".npy").str();
      std::error_code ec;
      raw_fd_ostream os(path, ec);
      os << f;
      v = (pick(rng, 4) ? argName : StringRef("0")).str() + "=" + path;
    }
    StringRef fs = flag;
    if (fs.ends_with(" ")) {
      args.push_back(fs.drop_back().str());
      args.push_back(v);
    } else if (fs.ends_with("=")) {
      args.push_back(flag + v);
    } else {
      args.push_back(flag);
    }
  }
  return args;
}

/// The address-space limit of a uop-run child, in MiB. None under
/// AddressSanitizer, which reserves terabytes of shadow at start and cannot
/// start under a limit (every child of a sanitizer build's run was a
/// "finding" before).
#if defined(__SANITIZE_ADDRESS__)
constexpr unsigned kChildMemoryMiB = 0;
#else
constexpr unsigned kChildMemoryMiB = 4096;
#endif

/// Runs uop-run once; its exit status must be 0-4 with a message when not
/// 0, and nothing a crash prints.
Outcome runUopRun(StringRef uopRun, ArrayRef<std::string> args,
                  StringRef dir) {
  Outcome o;
  SmallString<128> log(dir);
  sys::path::append(log, "log.txt");
  std::vector<StringRef> argv = {uopRun};
  argv.insert(argv.end(), args.begin(), args.end());
  // Sizes near the limits must be refused by the budget, not allocated.
  std::vector<std::string> env = {"UOP_INTERPRETER_MAX_MIB=256",
                                  ("TMPDIR=" + dir).str(), "PATH=" +
                                  std::string(getenv("PATH") ? getenv("PATH")
                                                             : "/usr/bin:/bin")};
  // A sanitizer build's options reach the child too: without
  // allow_user_poisoning=0, ASan reports LLVM's allocators (poisoned by our
  // instrumented headers, unpoisoned by the uninstrumented libMLIR) in
  // every run.
  for (const char *var : {"ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS"})
    if (const char *value = getenv(var))
      env.push_back((Twine(var) + "=" + value).str());
  std::vector<StringRef> envRefs(env.begin(), env.end());
  std::optional<StringRef> redirects[] = {StringRef("/dev/null"),
                                          StringRef(log), StringRef(log)};
  std::string err;
  int rc = sys::ExecuteAndWait(uopRun, argv, envRefs, redirects, timeoutOpt,
                               kChildMemoryMiB, &err);
  auto text = MemoryBuffer::getFile(log);
  o.output = text ? (*text)->getBuffer().str() : "";
  o.exitCode = rc;
  if (rc == -2)
    o.why = "ran past " + std::to_string(timeoutOpt) + " s or crashed: " + err;
  else if (rc < 0 || rc > 4)
    o.why = "exit status " + std::to_string(rc) + " " + err;
  else if (rc != 0 && StringRef(o.output).trim().empty())
    o.why = "exit status " + std::to_string(rc) + " without a message";
  else
    o.why = fatalText(o.output);
  o.finding = !o.why.empty();
  return o;
}

void fuzzRun(Rng &rng, Stats &stats, const std::function<bool()> &more,
             StringRef uopRun) {
  SmallString<128> dir;
  if (sys::fs::createUniqueDirectory("uop-fuzz-run", dir)) {
    errs() << "uop-fuzz-runtime: cannot create a temporary directory\n";
    ++stats.findings;
    return;
  }
  while (more()) {
    std::string argName;
    std::string program = programFor(rng, argName);
    std::string file = (dir + "/p.mlir").str();
    {
      std::error_code ec;
      raw_fd_ostream os(file, ec);
      os << program;
    }
    std::vector<std::string> args = {file, "--target", "cpu"};
    for (std::string &a : optionsFor(rng, dir, argName))
      args.push_back(std::move(a));
    ++stats.inputs;
    Outcome o = runUopRun(uopRun, args, dir);
    if (o.finding) {
      std::string repro = "uop-run";
      for (const std::string &a : args)
        repro += " '" + a + "'";
      writeFinding(stats, "run", o.why + "\n" + repro + "\n" + o.output,
                   program, ".mlir");
    } else {
      ++(o.exitCode ? stats.errors : stats.ok);
    }
  }
  sys::fs::remove_directories(dir);
}

//===----------------------------------------------------------------------===//
// capi: call sequences
//===----------------------------------------------------------------------===//

const char *kSmall =
    "func.func @f(%a: tensor<8x16xf32>) -> tensor<8xf32> {\n"
    "  %s = uop.reduce_axis add %a [1] : tensor<8x16xf32> -> tensor<8xf32>\n"
    "  return %s : tensor<8xf32>\n}\n";

/// One random C API call on `c` (possibly NULL); `log` records it.
int capiCall(Rng &rng, UOpCompiler *c, std::string &log) {
  static const char *texts[] = {
      kSmall, "", "garbage", "func.func @f(", "module {}",
      "func.func @f(%a: tensor<4611686018427387905x4xf32>) -> "
      "tensor<4611686018427387905x4xf32> {\n  return %a : "
      "tensor<4611686018427387905x4xf32>\n}\n",
      "tirx.prim_func @k() {\n  tirx.return\n}\n", nullptr};
  static const char *pipelines[] = {
      "builtin.module(uop-to-program{target=cpu})",
      "uop-to-program{target=cuda}", "builtin.module(", "no-such-pass",
      "uop-to-program{target=xyz}", "tirx-to-nvvm{chip=sm_80}",
      "uop-to-nvvm{chip=nope}", "", nullptr};
  static const char *targets[] = {"c", "ptx", "cubin", "rust", "", nullptr};
  static const char *chips[] = {"sm_80", "sm_90a", "gfx90a", "", nullptr};
  const char *text = pickOf(rng, texts);
  char *out = nullptr, *diag = nullptr;
  size_t len = 0;
  int rc = 0;
  switch (pick(rng, 10)) {
  case 0: case 1: case 2:
    log += "uopParseVerify\n";
    rc = uopParseVerify(c, text, &out, pick(rng, 2) ? &len : nullptr, &diag);
    break;
  case 3: case 4: case 5: {
    const char *p = pickOf(rng, pipelines);
    log += std::string("uopRunPipeline ") + (p ? p : "NULL") + "\n";
    rc = uopRunPipeline(c, text, p, &out, &len, pick(rng, 2) ? &diag : nullptr);
    break;
  }
  case 6: case 7: case 8: {
    const char *t = pickOf(rng, targets), *ch = pickOf(rng, chips);
    log += std::string("uopTranslate ") + (t ? t : "NULL") + "\n";
    rc = uopTranslate(c, text, t, ch, &out, &len, &diag);
    break;
  }
  default: {
    // The buffers hold the small program's tensors; arities vary.
    static float in[128], res[8];
    const void *ins[] = {in, in};
    void *outs[] = {res, res};
    size_t ni = pick(rng, 3), no = pick(rng, 3);
    const char *entry = pick(rng, 3) ? "f" : (pick(rng, 2) ? "g" : nullptr);
    log += "uopRun ni=" + std::to_string(ni) + " no=" + std::to_string(no) +
           "\n";
    double ms = 0;
    rc = uopRun(c, pick(rng, 2) ? kSmall : text, entry,
                pick(rng, 4) ? "cpu" : "tpu", nullptr, ins, ni, outs, no,
                pick(rng, 2) ? &ms : nullptr, &diag);
  }
  }
  uopFree(out);
  uopFree(diag);
  return rc;
}

/// A sequence of calls over up to two compilers, created and destroyed in
/// between; returns 0.
int capiSequence(uint64_t seed, std::string &log) {
  Rng rng(seed);
  UOpCompiler *cs[2] = {nullptr, nullptr};
  for (size_t i = 0, n = 1 + pick(rng, 12); i < n; ++i) {
    size_t k = pick(rng, 2);
    switch (pick(rng, 8)) {
    case 0:
      uopCompilerDestroy(cs[k]);
      cs[k] = nullptr;
      log += "destroy\n";
      break;
    case 1:
      if (!cs[k])
        cs[k] = uopCompilerCreate();
      log += "create\n";
      break;
    default:
      if (!cs[k] && pick(rng, 4))
        cs[k] = uopCompilerCreate();
      capiCall(rng, cs[k], log);
    }
  }
  uopCompilerDestroy(cs[0]);
  uopCompilerDestroy(cs[1]);
  if (injectCrash)
    raise(SIGSEGV);
  return 0;
}

void fuzzCAPI(Rng &rng, Stats &stats, const std::function<bool()> &more) {
  while (more()) {
    uint64_t seed = rng();
    bool crash = injectCrash && stats.inputs % 5 == 4;
    ++stats.inputs;
    Outcome o = inChild([&] {
      injectCrash = crash;
      std::string log;
      return capiSequence(seed, log);
    });
    if (o.finding) {
      // The child's log went with it: the seed replays the sequence.
      writeFinding(stats, "capi", o.why,
                   "uop-fuzz-runtime --mode capi --sequence " +
                       std::to_string(seed) + "\n",
                   ".txt");
    } else {
      ++stats.ok;
    }
  }
}
} // namespace

int main(int argc, char **argv) {
  cl::ParseCommandLineOptions(
      argc, argv,
      "uop-fuzz-runtime: fuzzes .npy reading, uop-run's command line and "
      "the C API's call sequences (docs/reliability.md)\n");
  Rng rng(seedOpt);
  Stats stats;
  auto start = std::chrono::steady_clock::now();
  auto more = [&] {
    return std::chrono::steady_clock::now() - start <
           std::chrono::seconds(maxTime);
  };
  if (modeOpt == "npy") {
    fuzzNpy(rng, stats, more);
  } else if (modeOpt == "run") {
    std::string uopRun = uopRunOpt;
    if (uopRun.empty()) {
      SmallString<256> self(sys::fs::getMainExecutable(argv[0], (void *)main));
      sys::path::remove_filename(self);
      sys::path::append(self, "uop-run");
      uopRun = self.str().str();
    }
    fuzzRun(rng, stats, more, uopRun);
  } else if (modeOpt == "capi" && sequenceOpt) {
    std::string log;
    capiSequence(sequenceOpt, log);
    outs() << log;
    return 0;
  } else if (modeOpt == "capi") {
    fuzzCAPI(rng, stats, more);
  } else {
    errs() << "uop-fuzz-runtime: --mode must be npy, run or capi, got '"
           << modeOpt << "'\n";
    return 2;
  }
  outs() << "mode=" << modeOpt << " inputs=" << stats.inputs
         << " ok=" << stats.ok << " error=" << stats.errors
         << " findings=" << stats.findings << "\n";
  return stats.findings ? 1 : 0;
}
