//===- FakeCudaDriver.cpp - a CUDA driver that checks and runs nothing ----===//
//
// libuop-fake-cuda.so exports the CUDA driver entry points uop-run uses, with
// the names and the ABI cuda.h (CUDA 12/13) gives them, so that machines
// without a GPU can run `uop-run --target cuda` (UOP_CUDA_DRIVER points the
// runtime here). Every argument is checked as strictly as the driver
// documents it, and kernel arguments against the PTX the module was loaded
// from, so a wrong host side fails here as it would on a GPU. Kernels are
// never executed: device memory is host memory and keeps its bytes.
//
// cuda.h is not included (the project builds without CUDA): the few types
// used are redeclared below with the layout cuda.h gives them.
//
//===----------------------------------------------------------------------===//

#include <pthread.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#define UOP_CUDA_API extern "C" __attribute__((visibility("default")))

// Built a second time with UOP_CUDA_EMULATE as libuop-emu-cuda.so, the same
// checks in front of the PTX emulator (test/lib/PtxEmulator), which executes
// every launch.
#ifdef UOP_CUDA_EMULATE
#include "../PtxEmulator/PtxEmulator.h"
#define UOP_DRIVER "uop-emu-cuda"
#else
#define UOP_DRIVER "uop-fake-cuda"
#endif

//===----------------------------------------------------------------------===//
// The driver ABI, as cuda.h (CUDA 13.0) declares it
//===----------------------------------------------------------------------===//

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUdeviceptr_v1 = unsigned int; // the pre-_v2 entry points' pointers
using cuuint32_t = uint32_t;
using cuuint64_t = uint64_t;
typedef struct CUctx_st *CUcontext;
typedef struct CUmod_st *CUmodule;
typedef struct CUfunc_st *CUfunction;
typedef struct CUstream_st *CUstream;
typedef struct CUevent_st *CUevent;

// CUlaunchAttributeValue is a 64-byte union whose largest members hold
// pointers; only clusterDim is read.
union CUlaunchAttributeValue {
  char pad[64];
  void *alignment;
  struct {
    unsigned x, y, z;
  } clusterDim;
};

struct CUlaunchAttribute {
  int id; // CUlaunchAttributeID
  char pad[8 - sizeof(int)];
  CUlaunchAttributeValue value;
};

struct CUlaunchConfig {
  unsigned gridDimX, gridDimY, gridDimZ;
  unsigned blockDimX, blockDimY, blockDimZ;
  unsigned sharedMemBytes;
  CUstream hStream;
  CUlaunchAttribute *attrs;
  unsigned numAttrs;
};

static_assert(sizeof(CUlaunchAttribute) == 72, "CUlaunchAttribute layout");
static_assert(offsetof(CUlaunchConfig, hStream) == 32, "CUlaunchConfig layout");
static_assert(sizeof(CUlaunchConfig) == 56, "CUlaunchConfig layout");

namespace {

// Strings with a traits type of our own: templates instantiated with std
// types only would be exported despite -fvisibility=hidden.
struct CharTraits : std::char_traits<char> {};
using String = std::basic_string<char, CharTraits>;

enum : CUresult {
  CUDA_SUCCESS = 0,
  CUDA_ERROR_INVALID_VALUE = 1,
  CUDA_ERROR_OUT_OF_MEMORY = 2,
  CUDA_ERROR_NOT_INITIALIZED = 3,
  CUDA_ERROR_NO_DEVICE = 100,
  CUDA_ERROR_INVALID_DEVICE = 101,
  CUDA_ERROR_INVALID_IMAGE = 200,
  CUDA_ERROR_INVALID_CONTEXT = 201,
  CUDA_ERROR_NO_BINARY_FOR_GPU = 209,
  CUDA_ERROR_INVALID_PTX = 218,
  CUDA_ERROR_UNSUPPORTED_PTX_VERSION = 222,
  CUDA_ERROR_INVALID_HANDLE = 400,
  CUDA_ERROR_NOT_FOUND = 500,
  CUDA_ERROR_NOT_PERMITTED = 800,
  CUDA_ERROR_NOT_SUPPORTED = 801,
  CUDA_ERROR_LAUNCH_FAILED = 719,
  CUDA_ERROR_INVALID_CLUSTER_SIZE = 912,
};

constexpr int kLaunchAttributeClusterDimension = 4;
constexpr int kFuncAttributeMaxDynamicShared = 8;
constexpr unsigned kEventDisableTiming = 0x2, kEventInterprocess = 0x4;

// Limits of the fake device, H100-like where the architecture does not
// matter.
constexpr uint64_t kStaticSharedLimit = 48 * 1024;
constexpr unsigned kMaxThreadsPerBlock = 1024;
constexpr unsigned kMultiprocessors = 132;
constexpr unsigned kDriverVersion = 13000;
constexpr unsigned kNewestPtxIsa = 90; // PTX ISA 9.0 ships with CUDA 13.0
constexpr uint64_t kDeviceMemory = 80ull << 30;

//===----------------------------------------------------------------------===//
// Errors: the last one's message is what cuGetErrorString returns
//===----------------------------------------------------------------------===//

struct ErrorInfo {
  CUresult code;
  const char *name, *text;
};

// The codes the fake returns and a few more, with the real driver's strings.
const ErrorInfo kErrors[] = {
    {0, "CUDA_SUCCESS", "no error"},
    {1, "CUDA_ERROR_INVALID_VALUE", "invalid argument"},
    {2, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory"},
    {3, "CUDA_ERROR_NOT_INITIALIZED", "initialization error"},
    {4, "CUDA_ERROR_DEINITIALIZED", "driver shutting down"},
    {100, "CUDA_ERROR_NO_DEVICE", "no CUDA-capable device is detected"},
    {101, "CUDA_ERROR_INVALID_DEVICE", "invalid device ordinal"},
    {200, "CUDA_ERROR_INVALID_IMAGE", "device kernel image is invalid"},
    {201, "CUDA_ERROR_INVALID_CONTEXT", "invalid device context"},
    {209, "CUDA_ERROR_NO_BINARY_FOR_GPU",
     "no kernel image is available for execution on the device"},
    {218, "CUDA_ERROR_INVALID_PTX", "a PTX JIT compilation failed"},
    {222, "CUDA_ERROR_UNSUPPORTED_PTX_VERSION",
     "the provided PTX was compiled with an unsupported toolchain."},
    {400, "CUDA_ERROR_INVALID_HANDLE", "invalid resource handle"},
    {500, "CUDA_ERROR_NOT_FOUND", "named symbol not found"},
    {600, "CUDA_ERROR_NOT_READY", "device not ready"},
    {700, "CUDA_ERROR_ILLEGAL_ADDRESS",
     "an illegal memory access was encountered"},
    {701, "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES",
     "too many resources requested for launch"},
    {719, "CUDA_ERROR_LAUNCH_FAILED", "unspecified launch failure"},
    {800, "CUDA_ERROR_NOT_PERMITTED", "operation not permitted"},
    {801, "CUDA_ERROR_NOT_SUPPORTED", "operation not supported"},
    {912, "CUDA_ERROR_INVALID_CLUSTER_SIZE", "invalid cluster size"},
    {999, "CUDA_ERROR_UNKNOWN", "unknown error"},
};

const ErrorInfo *findError(CUresult code) {
  for (const ErrorInfo &e : kErrors)
    if (e.code == code)
      return &e;
  return nullptr;
}

// Per thread, as the driver's error state is.
thread_local const char *currentApi = "";
thread_local CUresult lastCode = CUDA_SUCCESS;
thread_local String lastMessage;

#define ENTER() currentApi = __func__

__attribute__((format(printf, 1, 2))) String format(const char *fmt, ...) {
  char buf[2048];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(buf, sizeof(buf), fmt, args);
  va_end(args);
  return buf;
}

CUresult record(CUresult code, String message) {
  lastCode = code;
  lastMessage = std::move(message);
  std::fprintf(stderr, UOP_DRIVER ": error: %s\n", lastMessage.c_str());
  return code;
}

// Records "<entry point>: <detail>" and returns `code`.
__attribute__((format(printf, 2, 3))) CUresult fail(CUresult code,
                                                    const char *fmt, ...) {
  char buf[2048];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(buf, sizeof(buf), fmt, args);
  va_end(args);
  return record(code, String(currentApi) + ": " + buf);
}

// A runtime that binds the unversioned name gets the CUDA 3.x ABI (32-bit
// device pointers and sizes); real libcuda still exports it for old
// binaries, so the mistake would go unnoticed until pointers pass 4 GiB.
CUresult legacy(const char *name) {
  return record(CUDA_ERROR_NOT_SUPPORTED,
                format("legacy entry point %s called: bind %s_v2 as cuda.h "
                       "does",
                       name, name));
}

unsigned long long ull(uint64_t v) { return v; }

//===----------------------------------------------------------------------===//
// State
//===----------------------------------------------------------------------===//

struct Allocation {
  uint64_t size;
};

struct Param {
  String name, type; // type as the PTX spells it, for messages
  uint64_t size = 0;
  bool pointer = false;
  bool global = false; // a pointer into .global (or generic) memory
  uint64_t pointeeAlign = 1;
  // 128 bytes aligned to 64 (LLVM) or 128 (nvcc, as CUtensorMap is declared):
  // a CUtensorMap passed by value (__grid_constant__).
  bool tensorMap = false;
  // One integer or float of at most 8 bytes passed by value: its PTX type
  // (".u32", ".f32", ...), else empty. Launches print its value.
  String scalarType;
};

struct Module;

struct Function {
  Module *module = nullptr;
  String name;
  std::vector<Param> params;
  unsigned reqntid[3] = {0, 0, 0}; // 0: not declared
  unsigned maxntid[3] = {0, 0, 0};
  unsigned cluster[3] = {0, 0, 0}; // .reqnctapercluster
  bool explicitCluster = false, blocksAreClusters = false;
  uint64_t maxClusterRank = 0;
  uint64_t staticShared = 0;
  int64_t maxDynamicShared = -1; // -1: never set by cuFuncSetAttribute
  bool nonPortableCluster = false;
};

struct Name {
  String text;
  bool operator<(const Name &o) const { return text < o.text; }
};

struct Module {
  std::vector<std::unique_ptr<Function>> functions;
  std::map<Name, Function *> byName;
  unsigned targetCc = 0; // the .target's number (sm_90a: 90)
#ifdef UOP_CUDA_EMULATE
  std::unique_ptr<uop::emu::Module, void (*)(uop::emu::Module *)> emu{
      nullptr, uop::emu::destroyModule};
#endif
};

struct Event {
  unsigned flags = 0;
  uint64_t recordedAt = 0; // 0: never recorded
};

struct State {
  bool initialized = false;
  unsigned cc = 90; // major * 10 + minor
  int primaryRefs = 0;
  std::map<uintptr_t, Allocation> allocations, freed;
  uint64_t allocatedBytes = 0;
  std::set<Module *> modules;
  std::set<Function *> functions;
  std::set<Event *> events;
  // Destroyed objects stay here, never freed, so that a stale handle can
  // never alias a live object.
  std::vector<std::unique_ptr<Module>> allModules;
  std::vector<std::unique_ptr<Event>> allEvents;
  uint64_t clock = 0; // ticks on every record and launch
  bool announced = false;
};

// Leaked on purpose: calls made from other libraries' exit-time
// destructors must still find it.
State &state() {
  static State *s = new State;
  return *s;
}

pthread_mutex_t stateMutex = PTHREAD_MUTEX_INITIALIZER;

struct Lock {
  Lock() { pthread_mutex_lock(&stateMutex); }
  ~Lock() { pthread_mutex_unlock(&stateMutex); }
  Lock(const Lock &) = delete;
  Lock &operator=(const Lock &) = delete;
};

// The primary context's handle: any other value is not a context.
char primaryContextObject;
CUcontext primaryContext() {
  return reinterpret_cast<CUcontext>(&primaryContextObject);
}
thread_local CUcontext currentContext = nullptr;

CUresult requireInit() {
  if (!state().initialized)
    return fail(CUDA_ERROR_NOT_INITIALIZED, "cuInit(0) has not been called");
  return CUDA_SUCCESS;
}

CUresult requireContext() {
  if (CUresult rc = requireInit())
    return rc;
  if (!currentContext)
    return fail(CUDA_ERROR_INVALID_CONTEXT,
                "no current context on this thread (retain the primary "
                "context and make it current with cuCtxSetCurrent)");
  if (state().primaryRefs == 0)
    return fail(CUDA_ERROR_INVALID_CONTEXT,
                "the current context was destroyed (its last reference was "
                "dropped by cuDevicePrimaryCtxRelease_v2)");
  return CUDA_SUCCESS;
}

CUresult checkDevice(CUdevice dev) {
  if (dev != 0)
    return fail(CUDA_ERROR_INVALID_DEVICE,
                "device %d does not exist (the fake driver has device 0 only)",
                dev);
  return CUDA_SUCCESS;
}

#ifdef UOP_CUDA_EMULATE
double emulatedSeconds = 0; // time spent inside the emulator
#endif

void printExitLine() {
  Lock lock;
  State &s = state();
  std::fprintf(stderr,
               UOP_DRIVER ": exit allocations=%zu modules=%zu events=%zu "
               "contexts=%d",
               s.allocations.size(), s.modules.size(), s.events.size(),
               s.primaryRefs);
#ifdef UOP_CUDA_EMULATE
  std::fprintf(stderr, " thread_instructions=%llu emulated_seconds=%.3f",
               ull(uop::emu::executedInstructions()), emulatedSeconds);
#endif
  std::fprintf(stderr, "\n");
}

// Runs when the process exits (or the library is unloaded): what is still
// live here was never freed by the runtime.
struct ExitReport {
  ~ExitReport() { printExitLine(); }
} exitReport;

//===----------------------------------------------------------------------===//
// The device
//===----------------------------------------------------------------------===//

// UOP_FAKE_CUDA_CC: "90", "100", "86", ... (major * 10 + minor).
bool parseComputeCapability(const char *text, unsigned &cc) {
  size_t n = std::strlen(text);
  if (n < 2 || n > 3 || std::strspn(text, "0123456789") != n)
    return false;
  cc = std::atoi(text);
  return cc >= 50 && cc <= 129;
}

// The largest shared memory one block may opt into, per architecture.
uint64_t optinSharedLimit(unsigned cc) {
  if (cc >= 90 && cc < 120)
    return 232448; // H100, B200: 227 KiB
  if (cc == 80 || cc == 87)
    return 166912; // A100, Orin: 163 KiB
  if (cc >= 80)
    return 101376; // GA10x, AD10x, GB20x: 99 KiB
  if (cc == 70 || cc == 72)
    return 98304;
  if (cc == 75)
    return 65536;
  return kStaticSharedLimit;
}

int deviceAttribute(int attribute, unsigned cc) {
  bool hopper = cc >= 90;
  bool smallSm = (cc >= 86 && cc < 90) || cc >= 120;
  switch (attribute) {
  case 1: // MAX_THREADS_PER_BLOCK
  case 2: // MAX_BLOCK_DIM_X
  case 3: // MAX_BLOCK_DIM_Y
    return kMaxThreadsPerBlock;
  case 4: // MAX_BLOCK_DIM_Z
    return 64;
  case 5: // MAX_GRID_DIM_X
    return 2147483647;
  case 6: // MAX_GRID_DIM_Y
  case 7: // MAX_GRID_DIM_Z
    return 65535;
  case 8: // MAX_SHARED_MEMORY_PER_BLOCK
    return kStaticSharedLimit;
  case 9: // TOTAL_CONSTANT_MEMORY
    return 65536;
  case 10: // WARP_SIZE
    return 32;
  case 11: // MAX_PITCH
    return 2147483647;
  case 12: // MAX_REGISTERS_PER_BLOCK
  case 82: // MAX_REGISTERS_PER_MULTIPROCESSOR
    return 65536;
  case 13: // CLOCK_RATE (kHz)
    return 1980000;
  case 16: // MULTIPROCESSOR_COUNT
    return kMultiprocessors;
  case 19: // CAN_MAP_HOST_MEMORY
  case 31: // CONCURRENT_KERNELS
  case 41: // UNIFIED_ADDRESSING
  case 95: // COOPERATIVE_LAUNCH
    return 1;
  case 36: // MEMORY_CLOCK_RATE (kHz)
    return 2619000;
  case 37: // GLOBAL_MEMORY_BUS_WIDTH
    return 5120;
  case 38: // L2_CACHE_SIZE
    return 50 << 20;
  case 39: // MAX_THREADS_PER_MULTIPROCESSOR
    return smallSm ? 1536 : 2048;
  case 75: // COMPUTE_CAPABILITY_MAJOR
    return cc / 10;
  case 76: // COMPUTE_CAPABILITY_MINOR
    return cc % 10;
  case 81: // MAX_SHARED_MEMORY_PER_MULTIPROCESSOR
    return optinSharedLimit(cc) + 1024;
  case 97: // MAX_SHARED_MEMORY_PER_BLOCK_OPTIN
    return optinSharedLimit(cc);
  case 106: // MAX_BLOCKS_PER_MULTIPROCESSOR
    return smallSm ? 24 : 32;
  case 120: // CLUSTER_LAUNCH
  case 127: // TENSOR_MAP_ACCESS_SUPPORTED
    return hopper;
  default:
    return 0;
  }
}

constexpr int kDeviceAttributeMax = 148; // CU_DEVICE_ATTRIBUTE_MAX

//===----------------------------------------------------------------------===//
// Device memory: host memory whose address is the device pointer
//===----------------------------------------------------------------------===//

using AllocationMap = std::map<uintptr_t, Allocation>;

// The live allocation that holds all of [p, p + n), if any.
const AllocationMap::value_type *findAllocation(uint64_t p, uint64_t n) {
  const AllocationMap &a = state().allocations;
  auto it = a.upper_bound(p);
  if (it == a.begin())
    return nullptr;
  --it;
  uint64_t offset = p - it->first;
  if (offset >= it->second.size || n > it->second.size - offset)
    return nullptr;
  return &*it;
}

// Why [p, p + n) is not inside one live allocation.
String whyNotAllocated(uint64_t p, uint64_t n) {
  State &s = state();
  auto holder =
      [&](const AllocationMap &a) -> const AllocationMap::value_type * {
    auto it = a.upper_bound(p);
    if (it == a.begin())
      return nullptr;
    --it;
    return p - it->first < it->second.size ? &*it : nullptr;
  };
  if (const auto *a = holder(s.allocations))
    return format("runs %llu bytes past the end of the allocation "
                  "[0x%llx, +%llu bytes)",
                  ull(p - a->first + n - a->second.size), ull(a->first),
                  ull(a->second.size));
  if (const auto *a = holder(s.freed))
    return format("is in the freed allocation [0x%llx, +%llu bytes)",
                  ull(a->first), ull(a->second.size));
  return "is not in a live allocation";
}

CUresult checkDeviceRange(const char *what, uint64_t p, uint64_t n) {
  if (findAllocation(p, n))
    return CUDA_SUCCESS;
  return fail(CUDA_ERROR_INVALID_VALUE, "%s [0x%llx, +%llu bytes) %s", what,
              ull(p), ull(n), whyNotAllocated(p, n).c_str());
}

// Device memory is host memory here, so a host pointer that is really a
// device pointer would work; on a GPU it would not.
CUresult checkHostRange(const char *what, const void *h, uint64_t n) {
  if (!h)
    return fail(CUDA_ERROR_INVALID_VALUE, "%s is null", what);
  uint64_t p = reinterpret_cast<uintptr_t>(h);
  const AllocationMap &a = state().allocations;
  auto it = a.lower_bound(p + n);
  if (it != a.begin()) {
    --it;
    if (it->first + it->second.size > p)
      return fail(CUDA_ERROR_INVALID_VALUE,
                  "%s [0x%llx, +%llu bytes) overlaps the device allocation "
                  "[0x%llx, +%llu bytes)",
                  what, ull(p), ull(n), ull(it->first), ull(it->second.size));
  }
  return CUDA_SUCCESS;
}

//===----------------------------------------------------------------------===//
// Tensor maps: the fake encoding is the arguments, sealed with a checksum
//===----------------------------------------------------------------------===//

constexpr uint64_t kTensorMapMagic = 0x50414d5446504f55ull; // "UOPFTMAP"

struct EncodedTensorMap { // the 128 bytes of a CUtensorMap
  uint64_t magic;
  uint64_t checksum; // of the bytes after it
  uint64_t globalAddress;
  uint64_t globalDim[5];
  uint64_t globalStrides[4];
  uint32_t boxDim[5];
  uint8_t elementStrides[5];
  uint8_t dtype, rank, interleave, swizzle, l2Promotion, oobFill, reserved;
};
static_assert(sizeof(EncodedTensorMap) == 128, "CUtensorMap is 128 bytes");

uint64_t checksum(const EncodedTensorMap &m) {
  const auto *bytes = reinterpret_cast<const unsigned char *>(&m);
  uint64_t h = 0xcbf29ce484222325ull; // FNV-1a
  for (size_t i = offsetof(EncodedTensorMap, globalAddress); i < sizeof(m); ++i)
    h = (h ^ bytes[i]) * 0x100000001b3ull;
  return h;
}

// Bits one element takes in global memory (the packed types count their
// padding), per CUtensorMapDataType.
const unsigned kTensorMapElementBits[] = {8,  16, 32, 32, 64, 64, 16, 32,
                                          64, 16, 32, 32, 32, 4,  8,  8};
constexpr unsigned kDtype16U4Align8B = 13, kDtype16U4Align16B = 14,
                   kDtype16U6Align16B = 15;

bool isFloatDtype(unsigned dtype) { return dtype >= 6 && dtype <= 12; }

// Bytes from the global address to one past the last element addressed.
unsigned __int128 tensorMapExtent(const EncodedTensorMap &m) {
  unsigned bits = kTensorMapElementBits[m.dtype];
  unsigned __int128 end = ((unsigned __int128)m.globalDim[0] * bits + 7) / 8;
  for (unsigned i = 1; i < m.rank; ++i)
    end += (unsigned __int128)(m.globalDim[i] - 1) * m.globalStrides[i - 1];
  return end;
}

CUresult checkTensorMapMemory(const EncodedTensorMap &m, const char *what) {
  unsigned __int128 extent = tensorMapExtent(m);
  if (extent > kDeviceMemory)
    return fail(CUDA_ERROR_INVALID_VALUE,
                "%s addresses more bytes than the device has", what);
  if (findAllocation(m.globalAddress, (uint64_t)extent))
    return CUDA_SUCCESS;
  return fail(CUDA_ERROR_INVALID_VALUE,
              "%s addresses [0x%llx, +%llu bytes), which %s", what,
              ull(m.globalAddress), ull((uint64_t)extent),
              whyNotAllocated(m.globalAddress, (uint64_t)extent).c_str());
}

//===----------------------------------------------------------------------===//
// PTX: what a launch needs to know of each entry
//===----------------------------------------------------------------------===//

struct SharedVar {
  String name;
  uint64_t size, align;
};

// An .entry or .func body: the .shared variables it declares and every
// identifier it mentions (to find the module-scope variables and the
// functions it uses).
struct Body {
  std::vector<SharedVar> shared;
  std::set<Name> words;
};

struct Token {
  String text;
  unsigned line;
};

bool isWordChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c == '_' || c == '$' || c == '%' ||
         c == '.' || c == ':';
}

bool isIdentifier(const String &t) {
  if (t.empty() || (t[0] >= '0' && t[0] <= '9') || t[0] == '.')
    return false;
  for (char c : t)
    if (!isWordChar(c) || c == '.' || c == ':')
      return false;
  return true;
}

bool parseNumber(const String &t, uint64_t &v) {
  if (t.empty())
    return false;
  char *end = nullptr;
  bool hex = t.size() > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X');
  if (!hex && std::strspn(t.c_str(), "0123456789") != t.size())
    return false;
  v = std::strtoull(t.c_str(), &end, hex ? 16 : 10);
  return *end == 0;
}

// Size in bytes of a PTX fundamental type, 0 if `t` is not one.
unsigned ptxTypeSize(const String &t) {
  static const struct {
    const char *name;
    unsigned size;
  } types[] = {{".b8", 1},    {".u8", 1},     {".s8", 1},    {".b16", 2},
               {".u16", 2},   {".s16", 2},    {".f16", 2},   {".bf16", 2},
               {".b32", 4},   {".u32", 4},    {".s32", 4},   {".f32", 4},
               {".f16x2", 4}, {".bf16x2", 4}, {".b64", 8},   {".u64", 8},
               {".s64", 8},   {".f64", 8},    {".b128", 16}, {".pred", 1}};
  for (const auto &type : types)
    if (t == type.name)
      return type.size;
  return 0;
}

uint64_t alignTo(uint64_t v, uint64_t a) { return a ? (v + a - 1) / a * a : v; }

class PtxParser {
public:
  // On failure `code` and `error` say why.
  bool parse(const char *text);

  CUresult code = CUDA_ERROR_INVALID_PTX;
  String error;
  unsigned version = 0; // major * 10 + minor
  String target;        // "sm_90a"
  unsigned targetNumber = 0;
  char targetSuffix = 0; // 'a', 'f' or 0
  std::vector<std::unique_ptr<Function>> entries;

private:
  bool tokenize(const char *text);
  __attribute__((format(printf, 2, 3))) bool failAt(const char *fmt, ...);
  bool atEnd() const { return pos >= tokens.size(); }
  const String &peek() const {
    static const String eof;
    return atEnd() ? eof : tokens[pos].text;
  }
  bool accept(const char *t) {
    if (atEnd() || tokens[pos].text != t)
      return false;
    ++pos;
    return true;
  }
  bool expect(const char *t) {
    return accept(t) || failAt("expected '%s', found '%s'", t, peek().c_str());
  }
  bool number(uint64_t &v) {
    if (!atEnd() && parseNumber(tokens[pos].text, v)) {
      ++pos;
      return true;
    }
    return failAt("expected a number, found '%s'", peek().c_str());
  }
  bool identifier(String &name) {
    if (!atEnd() && isIdentifier(tokens[pos].text)) {
      name = tokens[pos++].text;
      return true;
    }
    return failAt("expected a name, found '%s'", peek().c_str());
  }

  bool parseTarget();
  bool parseEntry();
  bool parseParam(Function &f);
  bool parseDims(unsigned dims[3]);
  bool parseFunc();
  bool parseBody(Body &body);
  bool parseShared(bool isExtern, std::vector<SharedVar> &out);
  bool skipStatement();
  uint64_t staticShared(const Body &entry) const;

  std::vector<Token> tokens;
  size_t pos = 0;
  std::vector<SharedVar> moduleShared;
  std::map<Name, Body> funcs;
  std::vector<Body> entryBodies; // parallel to `entries`
};

bool PtxParser::failAt(const char *fmt, ...) {
  char buf[1024];
  va_list args;
  va_start(args, fmt);
  std::vsnprintf(buf, sizeof(buf), fmt, args);
  va_end(args);
  unsigned line = tokens.empty() ? 1
                  : atEnd()      ? tokens.back().line
                                 : tokens[pos].line;
  error = format("invalid PTX: line %u: %s", line, buf);
  return false;
}

bool PtxParser::tokenize(const char *p) {
  unsigned line = 1;
  auto bad = [&](const char *why) {
    error = format("invalid PTX: line %u: %s", line, why);
    return false;
  };
  while (*p) {
    char c = *p;
    if (c == '\n') {
      ++line;
      ++p;
    } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
      ++p;
    } else if (c == '/' && p[1] == '/') {
      while (*p && *p != '\n')
        ++p;
    } else if (c == '/' && p[1] == '*') {
      const char *end = std::strstr(p + 2, "*/");
      if (!end)
        return bad("unterminated /* comment");
      for (; p < end; ++p)
        line += *p == '\n';
      p += 2;
    } else if (c == '"') {
      const char *start = p++;
      while (*p && *p != '"' && *p != '\n')
        p += (*p == '\\' && p[1]) ? 2 : 1;
      if (*p != '"')
        return bad("unterminated string");
      ++p;
      tokens.push_back({String(start, p), line});
    } else if (isWordChar(c)) {
      const char *start = p;
      while (isWordChar(*p))
        ++p;
      tokens.push_back({String(start, p), line});
    } else if ((unsigned char)c < 0x20 || (unsigned char)c >= 0x7f) {
      return bad(
          format("byte 0x%02x is not PTX text", (unsigned char)c).c_str());
    } else {
      tokens.push_back({String(1, c), line});
      ++p;
    }
  }
  return true;
}

bool PtxParser::parse(const char *text) {
  if (!tokenize(text))
    return false;
  uint64_t v = 0;
  if (!accept(".version"))
    return failAt("the text does not start with .version (is it PTX?)");
  const String &vt = peek();
  size_t dot = vt.find('.');
  uint64_t major = 0, minor = 0;
  if (dot == String::npos || !parseNumber(vt.substr(0, dot), major) ||
      !parseNumber(vt.substr(dot + 1), minor) || minor > 9)
    return failAt("bad .version '%s'", vt.c_str());
  ++pos;
  version = major * 10 + minor;
  while (!atEnd()) {
    if (accept(";"))
      continue;
    if (accept(".target")) {
      if (!parseTarget())
        return false;
    } else if (accept(".address_size")) {
      if (!number(v))
        return false;
      if (v != 64)
        return failAt(".address_size %llu: the driver loads 64-bit PTX only",
                      ull(v));
    } else if (accept(".file")) {
      // `.file N "name"[, time, size]`: no terminating semicolon.
      if (!number(v) || atEnd() || peek()[0] != '"')
        return failAt("bad .file directive");
      ++pos;
      while (accept(","))
        if (!number(v))
          return false;
    } else {
      bool isExtern = false;
      while (peek() == ".visible" || peek() == ".extern" || peek() == ".weak" ||
             peek() == ".common")
        isExtern |= tokens[pos++].text == ".extern";
      bool ok = accept(".entry")    ? parseEntry()
                : accept(".func")   ? parseFunc()
                : accept(".shared") ? parseShared(isExtern, moduleShared)
                                    : skipStatement();
      if (!ok)
        return false;
    }
  }
  if (target.empty())
    return failAt("no .target directive");
  for (size_t i = 0; i < entries.size(); ++i) {
    Function &f = *entries[i];
    f.staticShared = staticShared(entryBodies[i]);
    if (f.staticShared > kStaticSharedLimit) {
      error =
          format("invalid PTX: entry %s uses %llu bytes of static shared "
                 "memory; the limit is %llu (ptxas would refuse it)",
                 f.name.c_str(), ull(f.staticShared), ull(kStaticSharedLimit));
      return false;
    }
  }
  return true;
}

bool PtxParser::parseTarget() {
  String t = peek();
  ++pos;
  // Further options (`, debug`, `, texmode_independent`) change nothing here.
  while (accept(","))
    ++pos;
  size_t digits = t.size() > 3 ? std::strspn(t.c_str() + 3, "0123456789") : 0;
  uint64_t n = 0;
  if (t.compare(0, 3, "sm_") != 0 || digits < 2 || digits > 3 ||
      !parseNumber(t.substr(3, digits), n) || t.size() > 3 + digits + 1)
    return failAt("bad .target '%s'", t.c_str());
  char suffix = t.size() == 4 + digits ? t.back() : 0;
  // The targets ptxas of CUDA 13.0 knows, and the PTX ISA each needs first.
  static const struct {
    unsigned number, isa, isaA;
  } known[] = {{50, 40, 0},   {52, 41, 0},   {53, 42, 0},   {60, 50, 0},
               {61, 50, 0},   {62, 50, 0},   {70, 60, 0},   {72, 61, 0},
               {75, 63, 0},   {80, 70, 0},   {86, 71, 0},   {87, 74, 0},
               {88, 90, 0},   {89, 78, 0},   {90, 78, 80},  {100, 86, 86},
               {101, 86, 86}, {103, 88, 88}, {110, 90, 90}, {120, 87, 87},
               {121, 88, 88}};
  unsigned isa = 0;
  for (const auto &k : known)
    if (k.number == n)
      isa = suffix == 'a'   ? k.isaA
            : suffix == 'f' ? (k.number >= 100 ? std::max(88u, k.isa) : 0)
                            : k.isa;
  if ((suffix && suffix != 'a' && suffix != 'f') || !isa)
    return failAt("unknown .target '%s'", t.c_str());
  if (version < isa)
    return failAt(".target %s needs PTX ISA %u.%u, the module is .version "
                  "%u.%u",
                  t.c_str(), isa / 10, isa % 10, version / 10, version % 10);
  target = t;
  targetNumber = n;
  targetSuffix = suffix;
  return true;
}

bool PtxParser::parseDims(unsigned dims[3]) {
  for (unsigned i = 0; i < 3; ++i) {
    uint64_t v = 0;
    if (i && !accept(","))
      break;
    if (!number(v))
      return false;
    if (v == 0 || v > 0xffffffffu)
      return failAt("bad dimension %llu", ull(v));
    dims[i] = v;
  }
  for (unsigned i = 0; i < 3; ++i)
    if (!dims[i])
      dims[i] = 1;
  return true;
}

bool PtxParser::parseEntry() {
  if (target.empty())
    return failAt(".entry before .target");
  auto f = std::make_unique<Function>();
  if (!identifier(f->name))
    return false;
  for (const auto &e : entries)
    if (e->name == f->name)
      return failAt("entry %s is defined twice", f->name.c_str());
  if (accept("(") && !accept(")")) {
    do {
      if (!parseParam(*f))
        return false;
    } while (accept(","));
    if (!expect(")"))
      return false;
  }
  // Performance directives, up to the body.
  while (peek() != "{") {
    uint64_t v = 0;
    if (accept(";"))
      return true; // a declaration: nothing to launch
    if (accept(".reqntid")) {
      if (!parseDims(f->reqntid))
        return false;
    } else if (accept(".maxntid")) {
      if (!parseDims(f->maxntid))
        return false;
    } else if (accept(".reqnctapercluster")) {
      if (!parseDims(f->cluster))
        return false;
    } else if (accept(".maxclusterrank")) {
      if (!number(f->maxClusterRank))
        return false;
    } else if (accept(".maxnreg") || accept(".minnctapersm") ||
               accept(".maxnctapersm")) {
      if (!number(v))
        return false;
    } else if (accept(".explicitcluster")) {
      f->explicitCluster = true;
    } else if (accept(".blocksareclusters")) {
      f->blocksAreClusters = true;
    } else if (accept(".pragma")) {
      if (atEnd() || peek()[0] != '"')
        return failAt("bad .pragma");
      ++pos;
      if (!expect(";"))
        return false;
    } else {
      return failAt("unknown directive '%s' after the parameters of entry %s",
                    peek().c_str(), f->name.c_str());
    }
  }
  Body body;
  if (!parseBody(body))
    return false;
  entries.push_back(std::move(f));
  entryBodies.push_back(std::move(body));
  return true;
}

// `.param [.align A] .type [.ptr [.space] [.align N]] name[[N]]`
bool PtxParser::parseParam(Function &f) {
  if (!expect(".param"))
    return false;
  Param p;
  uint64_t elem = 0, vec = 1, count = 1, align = 0, v = 0;
  String typeName, space;
  while (true) {
    const String &t = peek();
    if (t == ".align") {
      ++pos;
      if (!number(v))
        return false;
      (p.pointer ? p.pointeeAlign : align) = v;
    } else if (t == ".ptr") {
      ++pos;
      p.pointer = true;
    } else if (t == ".global" || t == ".const" || t == ".local" ||
               t == ".shared") {
      if (!p.pointer)
        return failAt("state space %s without .ptr", t.c_str());
      space = tokens[pos++].text;
    } else if (t == ".v2" || t == ".v4") {
      vec = t == ".v2" ? 2 : 4;
      ++pos;
    } else if (unsigned size = ptxTypeSize(t)) {
      elem = size;
      typeName = tokens[pos++].text;
    } else if (!t.empty() && t[0] == '.') {
      return failAt("parameter attribute '%s' is not modelled", t.c_str());
    } else {
      break;
    }
  }
  if (!identifier(p.name))
    return false;
  while (accept("[")) {
    if (!number(v) || !expect("]"))
      return false;
    count *= v;
  }
  if (!elem)
    return failAt("parameter %s has no type", p.name.c_str());
  p.size = elem * vec * count;
  if (p.pointer) {
    if (elem != 8 || vec != 1 || count != 1)
      return failAt(".ptr parameter %s is not 64 bits", p.name.c_str());
    p.global = space.empty() || space == ".global" || space == ".const";
    p.type = typeName + " .ptr" + (space.empty() ? "" : " " + space);
  } else {
    p.tensorMap = p.size == 128 && (align == 64 || align == 128);
    // LLVM passes f16 and bf16 as `.align 2 .b8 name[2]`.
    if (vec == 1 && count == 1 && elem <= 8)
      p.scalarType = typeName;
    else if (vec == 1 && typeName == ".b8" && p.size <= 8)
      p.scalarType = format(".b8[%llu]", ull(count));
    p.type = (align ? format(".align %llu ", ull(align)) : String()) +
             typeName + (count > 1 ? format("[%llu]", ull(count)) : "");
  }
  f.params.push_back(std::move(p));
  return true;
}

// `.func [(.param ret)] name [(params)] [attributes] { body }` or `;`.
bool PtxParser::parseFunc() {
  String name;
  int parens = 0;
  while (!atEnd() && !(parens == 0 && (peek() == "{" || peek() == ";"))) {
    const String &t = tokens[pos++].text;
    parens += t == "(" ? 1 : t == ")" ? -1 : 0;
    if (parens == 0 && name.empty() && isIdentifier(t))
      name = t;
  }
  if (name.empty())
    return failAt(".func without a name");
  if (accept(";"))
    return true;
  return parseBody(funcs.emplace(Name{name}, Body()).first->second);
}

bool PtxParser::parseBody(Body &body) {
  if (!expect("{"))
    return false;
  unsigned depth = 1;
  String previous;
  while (true) {
    if (atEnd())
      return failAt("unterminated body");
    String t = tokens[pos++].text;
    if (t == "{") {
      ++depth;
    } else if (t == "}") {
      if (--depth == 0)
        return true;
    } else if (t == ".shared") {
      if (!parseShared(previous == ".extern", body.shared))
        return false;
    } else if (isIdentifier(t) && t[0] != '%') {
      body.words.insert(Name{t});
    }
    previous = std::move(t);
  }
}

// After `.shared`: `[.align A] [.vN] .type name[[N]]... [, name...];`.
bool PtxParser::parseShared(bool isExtern, std::vector<SharedVar> &out) {
  uint64_t elem = 0, vec = 1, align = 0, v = 0;
  while (peek().size() && peek()[0] == '.') {
    const String &t = peek();
    if (t == ".align") {
      ++pos;
      if (!number(align))
        return false;
      continue;
    }
    if (t == ".v2" || t == ".v4" || t == ".v8")
      vec = t[2] - '0';
    else if (!(elem = ptxTypeSize(t)))
      return failAt("unexpected '%s' in a .shared declaration", t.c_str());
    ++pos;
  }
  if (!elem)
    return failAt(".shared declaration without a type");
  do {
    SharedVar var;
    if (!identifier(var.name))
      return false;
    uint64_t count = 1;
    bool unsized = false;
    while (accept("[")) {
      if (accept("]")) {
        unsized = true;
        continue;
      }
      if (!number(v) || !expect("]"))
        return false;
      count *= v;
    }
    // `.extern .shared x[]` is the dynamic shared memory: sized at launch.
    if (isExtern)
      continue;
    if (unsized)
      return failAt(".shared %s has no size", var.name.c_str());
    var.size = elem * vec * count;
    var.align = align ? align : elem * vec;
    out.push_back(std::move(var));
  } while (accept(","));
  return expect(";");
}

// Skips a module-scope statement we need nothing from: up to its `;`, or to
// the `}` that closes its block.
bool PtxParser::skipStatement() {
  unsigned depth = 0;
  while (!atEnd()) {
    const String &t = tokens[pos++].text;
    if (t == ";" && depth == 0)
      return true;
    if (t == "{")
      ++depth;
    if (t == "}") {
      if (depth == 0)
        return failAt("unbalanced '}'");
      if (--depth == 0)
        return true;
    }
  }
  return failAt("unterminated statement");
}

// An approximation of the static shared memory ptxas gives an entry: the
// .shared variables declared in it and in the functions it reaches, plus
// the module-scope ones any of them names, each placed at its alignment.
// (ptxas may order them differently and drop unused ones.)
uint64_t PtxParser::staticShared(const Body &entry) const {
  std::vector<const Body *> reached = {&entry};
  std::set<Name> seen;
  for (size_t i = 0; i < reached.size(); ++i)
    for (const Name &w : reached[i]->words) {
      auto it = funcs.find(w);
      if (it != funcs.end() && seen.insert(w).second)
        reached.push_back(&it->second);
    }
  uint64_t offset = 0;
  auto place = [&](const SharedVar &v) {
    offset = alignTo(offset, v.align) + v.size;
  };
  for (const Body *b : reached)
    for (const SharedVar &v : b->shared)
      place(v);
  for (const SharedVar &v : moduleShared)
    for (const Body *b : reached)
      if (b->words.count(Name{v.name})) {
        place(v);
        break;
      }
  return offset;
}

//===----------------------------------------------------------------------===//
// Launches
//===----------------------------------------------------------------------===//

CUresult checkFunction(CUfunction handle, Function *&f) {
  f = reinterpret_cast<Function *>(handle);
  if (!state().functions.count(f))
    return fail(CUDA_ERROR_INVALID_HANDLE,
                "function %p is not a live function (from "
                "cuModuleGetFunction of a module still loaded)",
                (void *)handle);
  return CUDA_SUCCESS;
}

CUresult checkStream(CUstream stream) {
  if (stream)
    return fail(CUDA_ERROR_INVALID_HANDLE,
                "stream %p: the fake driver has only the null stream",
                (void *)stream);
  return CUDA_SUCCESS;
}

// The value of a scalar parameter as the kernel reads it: little endian,
// `p.size` bytes, shown in its PTX type.
String scalarValue(const Param &p, const void *bytes) {
  uint64_t v = 0;
  std::memcpy(&v, bytes, p.size);
  const String &t = p.scalarType;
  String shown;
  if (t == ".f32" || t == ".f64") {
    double d = 0;
    if (p.size == 4) {
      float f;
      std::memcpy(&f, &v, 4);
      d = f;
    } else {
      std::memcpy(&d, &v, 8);
    }
    shown = format("%g", d);
  } else if (t == ".bf16") {
    uint32_t bits = uint32_t(v) << 16;
    float f;
    std::memcpy(&f, &bits, 4);
    shown = format("%g", f);
  } else if (t.size() > 1 && t[1] == 's') {
    unsigned shift = 64 - 8 * unsigned(p.size);
    shown = format("%lld", (long long)(int64_t(v << shift) >> shift));
  } else if (t != ".f16" && t.find('[') == String::npos) {
    shown = format("%llu", ull(v));
  }
  String text = format("%s 0x%0*llx", t.c_str(), int(2 * p.size), ull(v));
  return shown.empty() ? text : text + " (" + shown + ")";
}

// Checks a launch of `f`, which the caller has checked is live. `cluster`
// is null when no cluster dimension was given.
#ifdef UOP_CUDA_EMULATE
// Runs `command` with `ptx` on its stdin; its stdout becomes `out`.
bool filterPtx(const char *command, const char *ptx, std::string &out) {
  char path[] = "/tmp/uop-emu-ptx-XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0)
    return false;
  size_t n = std::strlen(ptx);
  bool ok = write(fd, ptx, n) == ssize_t(n);
  close(fd);
  std::string cmd = std::string(command) + " < " + path;
  FILE *p = ok ? popen(cmd.c_str(), "r") : nullptr;
  if (p) {
    char buf[65536];
    size_t got;
    while ((got = std::fread(buf, 1, sizeof(buf), p)) > 0)
      out.append(buf, got);
    ok = pclose(p) == 0;
  } else {
    ok = false;
  }
  unlink(path);
  return ok;
}

uint64_t emulatorSeed() {
  const char *text = std::getenv("UOP_EMU_SEED");
  return text ? std::strtoull(text, nullptr, 10) : 1;
}

// Runs the launch in the emulator; global accesses must stay inside one
// live allocation.
CUresult emulate(Function &f, const unsigned grid[3], const unsigned block[3],
                 const unsigned cluster[3], unsigned dynamicShared,
                 void **params) {
  uop::emu::LaunchConfig cfg;
  for (int i = 0; i < 3; ++i) {
    cfg.grid[i] = grid[i];
    cfg.block[i] = block[i];
    cfg.cluster[i] = cluster[i];
  }
  cfg.dynamicShared = dynamicShared;
  cfg.seed = emulatorSeed();
  auto check = [](uint64_t addr, uint64_t size, uint64_t &begin,
                  uint64_t &end, std::string &why) {
    const AllocationMap::value_type *a = findAllocation(addr, size);
    if (!a) {
      String w = whyNotAllocated(addr, size);
      why.assign(w.begin(), w.end());
      return false;
    }
    begin = a->first;
    end = a->first + a->second.size;
    return true;
  };
  auto start = std::chrono::steady_clock::now();
  std::string err = uop::emu::launch(*f.module->emu, std::string(
                                         f.name.begin(), f.name.end()),
                                     cfg, params, check);
  emulatedSeconds += std::chrono::duration<double>(
                         std::chrono::steady_clock::now() - start)
                         .count();
  if (!err.empty())
    return fail(CUDA_ERROR_LAUNCH_FAILED, "%s: %s", f.name.c_str(),
                err.c_str());
  return CUDA_SUCCESS;
}
#endif

CUresult launch(Function &f, const unsigned grid[3], const unsigned block[3],
                unsigned dynamicShared, CUstream stream, void **params,
                void **extra, const unsigned *cluster) {
  State &s = state();
  unsigned cc = s.cc;
#ifdef UOP_CUDA_EMULATE
  cc = std::max(cc, f.module->targetCc); // the chip the module was built for
#endif
  const char *name = f.name.c_str();
  if (CUresult rc = checkStream(stream))
    return rc;
  if (extra)
    return fail(CUDA_ERROR_INVALID_VALUE,
                "extra is not null: pass the parameters in kernelParams");
  static const unsigned maxGrid[3] = {2147483647u, 65535, 65535};
  static const unsigned maxBlock[3] = {1024, 1024, 64};
  static const char xyz[] = "xyz";
  for (unsigned i = 0; i < 3; ++i) {
    if (grid[i] < 1 || grid[i] > maxGrid[i])
      return fail(CUDA_ERROR_INVALID_VALUE,
                  "grid dimension %c = %u of %s is outside [1, %u]", xyz[i],
                  grid[i], name, maxGrid[i]);
    if (block[i] < 1 || block[i] > maxBlock[i])
      return fail(CUDA_ERROR_INVALID_VALUE,
                  "block dimension %c = %u of %s is outside [1, %u]", xyz[i],
                  block[i], name, maxBlock[i]);
  }
  uint64_t threads = uint64_t(block[0]) * block[1] * block[2];
  if (threads > kMaxThreadsPerBlock)
    return fail(CUDA_ERROR_INVALID_VALUE,
                "block (%u, %u, %u) of %s has %llu threads; the limit is %u",
                block[0], block[1], block[2], name, ull(threads),
                kMaxThreadsPerBlock);
  if (f.reqntid[0] && (block[0] != f.reqntid[0] || block[1] != f.reqntid[1] ||
                       block[2] != f.reqntid[2]))
    return fail(CUDA_ERROR_INVALID_VALUE,
                "block (%u, %u, %u) differs from the .reqntid %u, %u, %u of "
                "%s",
                block[0], block[1], block[2], f.reqntid[0], f.reqntid[1],
                f.reqntid[2], name);
  uint64_t maxThreads = uint64_t(f.maxntid[0]) * f.maxntid[1] * f.maxntid[2];
  if (f.maxntid[0] && threads > maxThreads)
    return fail(CUDA_ERROR_INVALID_VALUE,
                "block (%u, %u, %u) has more threads than the .maxntid %u, "
                "%u, %u of %s",
                block[0], block[1], block[2], f.maxntid[0], f.maxntid[1],
                f.maxntid[2], name);

  // Clusters.
  if (f.blocksAreClusters)
    return fail(CUDA_ERROR_NOT_SUPPORTED,
                "%s declares .blocksareclusters, which the fake driver does "
                "not model",
                name);
  if ((f.cluster[0] || f.explicitCluster) && !cluster)
    return fail(CUDA_ERROR_INVALID_CLUSTER_SIZE,
                "%s declares %s, so it must be launched by cuLaunchKernelEx "
                "with a CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION attribute",
                name,
                f.cluster[0] ? format(".reqnctapercluster %u, %u, %u",
                                      f.cluster[0], f.cluster[1], f.cluster[2])
                                   .c_str()
                             : ".explicitcluster");
  static const unsigned one[3] = {1, 1, 1};
  if (cluster) {
    if (cc < 90)
      return fail(CUDA_ERROR_INVALID_CLUSTER_SIZE,
                  "thread block clusters need compute capability 9.0; the "
                  "fake device is sm_%u",
                  cc);
    if (f.cluster[0] &&
        (cluster[0] != f.cluster[0] || cluster[1] != f.cluster[1] ||
         cluster[2] != f.cluster[2]))
      return fail(CUDA_ERROR_INVALID_CLUSTER_SIZE,
                  "cluster (%u, %u, %u) differs from the .reqnctapercluster "
                  "%u, %u, %u of %s",
                  cluster[0], cluster[1], cluster[2], f.cluster[0],
                  f.cluster[1], f.cluster[2], name);
    for (unsigned i = 0; i < 3; ++i)
      if (cluster[i] < 1 || grid[i] % cluster[i])
        return fail(CUDA_ERROR_INVALID_CLUSTER_SIZE,
                    "cluster dimension %c = %u is 0 or does not divide grid "
                    "dimension %u",
                    xyz[i], cluster[i], grid[i]);
    uint64_t size = uint64_t(cluster[0]) * cluster[1] * cluster[2];
    uint64_t limit = f.nonPortableCluster ? 16 : 8;
    if (f.maxClusterRank && size > f.maxClusterRank)
      return fail(CUDA_ERROR_INVALID_CLUSTER_SIZE,
                  "cluster of %llu blocks exceeds the .maxclusterrank %llu "
                  "of %s",
                  ull(size), ull(f.maxClusterRank), name);
    if (size > limit)
      return fail(CUDA_ERROR_INVALID_CLUSTER_SIZE,
                  "cluster of %llu blocks exceeds %llu%s", ull(size),
                  ull(limit),
                  f.nonPortableCluster
                      ? ""
                      : " (set CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_"
                        "ALLOWED for up to 16)");
  } else {
    cluster = one;
  }

  // Shared memory: without cuFuncSetAttribute the dynamic part may only
  // fill what static shared memory leaves of 48 KiB.
  uint64_t dynamicLimit = f.maxDynamicShared >= 0
                              ? uint64_t(f.maxDynamicShared)
                              : (f.staticShared < kStaticSharedLimit
                                     ? kStaticSharedLimit - f.staticShared
                                     : 0);
  if (dynamicShared > dynamicLimit)
    return fail(CUDA_ERROR_INVALID_VALUE,
                "%u bytes of dynamic shared memory exceed the %llu bytes %s "
                "allows %s",
                dynamicShared, ull(dynamicLimit), name,
                f.maxDynamicShared >= 0
                    ? "(its CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES)"
                    : "(48 KiB less its static shared memory; raise it with "
                      "cuFuncSetAttribute(CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_"
                      "SHARED_SIZE_BYTES))");
  uint64_t optin = optinSharedLimit(cc);
  if (f.staticShared + dynamicShared > optin)
    return fail(CUDA_ERROR_INVALID_VALUE,
                "%llu static + %u dynamic bytes of shared memory exceed the "
                "%llu a block may have on sm_%u",
                ull(f.staticShared), dynamicShared, ull(optin), cc);

  // Parameters: one pointer per .param, each to as many bytes as the PTX
  // declares.
  if (!f.params.empty() && !params)
    return fail(CUDA_ERROR_INVALID_VALUE,
                "kernelParams is null but %s has %zu parameters", name,
                f.params.size());
  for (size_t i = 0; i < f.params.size(); ++i) {
    const Param &p = f.params[i];
    String what =
        format("parameter %zu (%s, %s)", i, p.name.c_str(), p.type.c_str());
    if (!params[i])
      return fail(CUDA_ERROR_INVALID_VALUE, "kernelParams[%zu] for %s is null",
                  i, what.c_str());
    if (p.pointer) {
      uint64_t v = 0;
      std::memcpy(&v, params[i], sizeof(v));
      if (!v)
        return fail(CUDA_ERROR_INVALID_VALUE, "%s is a null pointer",
                    what.c_str());
      if (p.global && !findAllocation(v, 1))
        return fail(CUDA_ERROR_INVALID_VALUE, "%s = 0x%llx %s", what.c_str(),
                    ull(v), whyNotAllocated(v, 1).c_str());
      if (v % p.pointeeAlign)
        return fail(CUDA_ERROR_INVALID_VALUE,
                    "%s = 0x%llx is not aligned to the %llu bytes the PTX "
                    "assumes",
                    what.c_str(), ull(v), ull(p.pointeeAlign));
    } else if (p.tensorMap) {
      EncodedTensorMap m;
      std::memcpy(&m, params[i], sizeof(m));
      if (m.magic != kTensorMapMagic || m.checksum != checksum(m))
        return fail(CUDA_ERROR_INVALID_VALUE,
                    "%s is not a CUtensorMap written by "
                    "cuTensorMapEncodeTiled",
                    what.c_str());
      if (CUresult rc = checkTensorMapMemory(m, what.c_str()))
        return rc;
    }
  }
  ++s.clock;
#ifdef UOP_CUDA_EMULATE
  if (CUresult rc = emulate(f, grid, block, cluster, dynamicShared, params))
    return rc;
#endif
  const char *quiet = std::getenv("UOP_FAKE_CUDA_QUIET");
  if (quiet && std::strcmp(quiet, "1") == 0)
    return CUDA_SUCCESS;
  std::fprintf(stderr,
               UOP_DRIVER ": launch %s grid=(%u,%u,%u) block=(%u,%u,%u) "
               "cluster=(%u,%u,%u) shared=%llu+%u params=%zu ok\n",
               name, grid[0], grid[1], grid[2], block[0], block[1], block[2],
               cluster[0], cluster[1], cluster[2], ull(f.staticShared),
               dynamicShared, f.params.size());
  for (size_t i = 0; i < f.params.size(); ++i)
    if (!f.params[i].scalarType.empty())
      std::fprintf(stderr, UOP_DRIVER ": param %zu %s = %s\n", i,
                   f.params[i].name.c_str(),
                   scalarValue(f.params[i], params[i]).c_str());
  return CUDA_SUCCESS;
}

CUresult eventElapsedTime(float *ms, CUevent start, CUevent end) {
  Lock lock;
  if (CUresult rc = requireContext())
    return rc;
  if (!ms)
    return fail(CUDA_ERROR_INVALID_VALUE, "pMilliseconds is null");
  State &s = state();
  Event *events[2] = {reinterpret_cast<Event *>(start),
                      reinterpret_cast<Event *>(end)};
  static const char *const role[2] = {"start", "end"};
  for (int i = 0; i < 2; ++i) {
    if (!s.events.count(events[i]))
      return fail(CUDA_ERROR_INVALID_HANDLE, "%s event %p is not a live event",
                  role[i], (void *)events[i]);
    if (!events[i]->recordedAt)
      return fail(CUDA_ERROR_INVALID_HANDLE, "%s event %p was never recorded",
                  role[i], (void *)events[i]);
    if (events[i]->flags & kEventDisableTiming)
      return fail(CUDA_ERROR_INVALID_HANDLE,
                  "%s event %p was created with CU_EVENT_DISABLE_TIMING",
                  role[i], (void *)events[i]);
  }
  // A microsecond per record or launch between them: small, and negative
  // when the events are swapped, as on a GPU.
  *ms = 0.001f * float(int64_t(events[1]->recordedAt - events[0]->recordedAt));
  return CUDA_SUCCESS;
}

} // namespace

//===----------------------------------------------------------------------===//
// Initialisation, version, errors
//===----------------------------------------------------------------------===//

UOP_CUDA_API CUresult cuInit(unsigned int flags) {
  ENTER();
  Lock lock;
  if (flags != 0)
    return fail(CUDA_ERROR_INVALID_VALUE, "flags = %u must be 0", flags);
  State &s = state();
#ifdef UOP_CUDA_EMULATE
  unsigned cc = 80; // tensor-core kernels then take the mma.sync path
#else
  unsigned cc = 90;
#endif
  if (const char *text = std::getenv("UOP_FAKE_CUDA_CC"))
    if (!parseComputeCapability(text, cc))
      return fail(CUDA_ERROR_NO_DEVICE,
                  "UOP_FAKE_CUDA_CC=%s is not a compute capability such as "
                  "80, 90 or 100",
                  text);
  s.cc = cc;
  s.initialized = true;
  return CUDA_SUCCESS;
}

UOP_CUDA_API CUresult cuDriverGetVersion(int *driverVersion) {
  ENTER();
  if (!driverVersion)
    return fail(CUDA_ERROR_INVALID_VALUE, "driverVersion is null");
  *driverVersion = kDriverVersion;
  return CUDA_SUCCESS;
}

UOP_CUDA_API CUresult cuGetErrorString(CUresult error, const char **pStr) {
  if (!pStr)
    return CUDA_ERROR_INVALID_VALUE;
  if (error == lastCode && error != CUDA_SUCCESS && !lastMessage.empty()) {
    *pStr = lastMessage.c_str();
    return CUDA_SUCCESS;
  }
  const ErrorInfo *e = findError(error);
  *pStr = e ? e->text : nullptr;
  return e ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

UOP_CUDA_API CUresult cuGetErrorName(CUresult error, const char **pStr) {
  if (!pStr)
    return CUDA_ERROR_INVALID_VALUE;
  const ErrorInfo *e = findError(error);
  *pStr = e ? e->name : nullptr;
  return e ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

//===----------------------------------------------------------------------===//
// Device
//===----------------------------------------------------------------------===//

UOP_CUDA_API CUresult cuDeviceGetCount(int *count) {
  ENTER();
  Lock lock;
  if (CUresult rc = requireInit())
    return rc;
  if (!count)
    return fail(CUDA_ERROR_INVALID_VALUE, "count is null");
  *count = 1;
  return CUDA_SUCCESS;
}

UOP_CUDA_API CUresult cuDeviceGet(CUdevice *device, int ordinal) {
  ENTER();
  Lock lock;
  if (CUresult rc = requireInit())
    return rc;
  if (!device)
    return fail(CUDA_ERROR_INVALID_VALUE, "device is null");
  if (CUresult rc = checkDevice(ordinal))
    return rc;
  *device = 0;
  return CUDA_SUCCESS;
}

UOP_CUDA_API CUresult cuDeviceGetAttribute(int *pi, int attrib, CUdevice dev) {
  ENTER();
  Lock lock;
  if (CUresult rc = requireInit())
    return rc;
  if (!pi)
    return fail(CUDA_ERROR_INVALID_VALUE, "pi is null");
  if (attrib < 1 || attrib >= kDeviceAttributeMax)
    return fail(CUDA_ERROR_INVALID_VALUE, "%d is not a CUdevice_attribute",
                attrib);
  if (CUresult rc = checkDevice(dev))
    return rc;
  *pi = deviceAttribute(attrib, state().cc);
  return CUDA_SUCCESS;
}

UOP_CUDA_API CUresult cuDeviceGetName(char *name, int len, CUdevice dev) {
  ENTER();
  Lock lock;
  if (CUresult rc = requireInit())
    return rc;
  if (!name || len <= 0)
    return fail(CUDA_ERROR_INVALID_VALUE, "name is null or len = %d <= 0", len);
  if (CUresult rc = checkDevice(dev))
    return rc;
#ifdef UOP_CUDA_EMULATE
  std::snprintf(name, len, "uop PTX emulator (sm_%u; sm_80 to sm_100a by the "
                           "module's .target)",
                state().cc);
#else
  std::snprintf(name, len, "uop fake CUDA driver (sm_%u, kernels not executed)",
                state().cc);
#endif
  return CUDA_SUCCESS;
}

//===----------------------------------------------------------------------===//
// Context
//===----------------------------------------------------------------------===//

UOP_CUDA_API CUresult cuDevicePrimaryCtxRetain(CUcontext *pctx, CUdevice dev) {
  ENTER();
  Lock lock;
  if (CUresult rc = requireInit())
    return rc;
  if (!pctx)
    return fail(CUDA_ERROR_INVALID_VALUE, "pctx is null");
  if (CUresult rc = checkDevice(dev))
    return rc;
  ++state().primaryRefs;
  *pctx = primaryContext();
  return CUDA_SUCCESS;
}

UOP_CUDA_API CUresult cuDevicePrimaryCtxRelease_v2(CUdevice dev) {
  ENTER();
  Lock lock;
  if (CUresult rc = requireInit())
    return rc;
  if (CUresult rc = checkDevice(dev))
    return rc;
  if (state().primaryRefs == 0)
    return fail(CUDA_ERROR_INVALID_CONTEXT,
                "the primary context is not retained");
  --state().primaryRefs;
  return CUDA_SUCCESS;
}

UOP_CUDA_API CUresult cuCtxSetCurrent(CUcontext ctx) {
  ENTER();
  Lock lock;
  if (CUresult rc = requireInit())
    return rc;
  if (ctx && (ctx != primaryContext() || state().primaryRefs == 0))
    return fail(CUDA_ERROR_INVALID_CONTEXT,
                "%p is not a live context (from cuDevicePrimaryCtxRetain)",
                (void *)ctx);
  currentContext = ctx;
  return CUDA_SUCCESS;
}

UOP_CUDA_API CUresult cuCtxGetCurrent(CUcontext *pctx) {
  ENTER();
  Lock lock;
  if (CUresult rc = requireInit())
    return rc;
  if (!pctx)
    return fail(CUDA_ERROR_INVALID_VALUE, "pctx is null");
  *pctx = currentContext;
  return CUDA_SUCCESS;
}

UOP_CUDA_API CUresult cuCtxSynchronize(void) {
  ENTER();
  Lock lock;
  return requireContext();
}

// CUDA 13 added it beside cuCtxSynchronize(void), not in its place: a
// runtime that binds it for cuCtxSynchronize passes whatever its first
// argument register holds. NULL means the current context, as documented.
UOP_CUDA_API CUresult cuCtxSynchronize_v2(CUcontext ctx) {
  ENTER();
  Lock lock;
  if (CUresult rc = requireInit())
    return rc;
  if (!ctx)
    return requireContext();
  if (ctx != primaryContext() || state().primaryRefs == 0)
    return fail(CUDA_ERROR_INVALID_CONTEXT,
                "%p is not a live context (cuCtxSynchronize_v2 takes the "
                "context to synchronize; cuCtxSynchronize takes none)",
                (void *)ctx);
  return CUDA_SUCCESS;
}

//===----------------------------------------------------------------------===//
// Modules and functions
//===----------------------------------------------------------------------===//

UOP_CUDA_API CUresult cuModuleLoadData(CUmodule *module, const void *image) {
  ENTER();
  Lock lock;
  if (CUresult rc = requireContext())
    return rc;
  if (!module || !image)
    return fail(CUDA_ERROR_INVALID_VALUE, "module or image is null");
  State &s = state();
  // Compared byte by byte, so as not to read past a short PTX's NUL.
  auto startsWith = [image](const unsigned char(&magic)[4]) {
    const auto *bytes = static_cast<const unsigned char *>(image);
    for (int i = 0; i < 4; ++i)
      if (bytes[i] != magic[i])
        return false;
    return true;
  };
  static const unsigned char elf[4] = {0x7f, 'E', 'L', 'F'};
  static const unsigned char fatbin[4] = {0xb1, 0x43, 0x62, 0x46};
  static const unsigned char fatbinWrapper[4] = {0x50, 0xed, 0x55, 0xba};
  if (startsWith(elf) || startsWith(fatbin) || startsWith(fatbinWrapper))
    return fail(CUDA_ERROR_INVALID_IMAGE,
                "the fake driver reads PTX only: set UOP_CUDA_LOAD=ptx");
  PtxParser ptx;
  if (!ptx.parse(static_cast<const char *>(image)))
    return fail(ptx.code, "%s", ptx.error.c_str());
  if (ptx.version > kNewestPtxIsa)
    return fail(CUDA_ERROR_UNSUPPORTED_PTX_VERSION,
                "PTX .version %u.%u is newer than this driver's PTX ISA %u.%u",
                ptx.version / 10, ptx.version % 10, kNewestPtxIsa / 10,
                kNewestPtxIsa % 10);
  unsigned t = ptx.targetNumber, d = s.cc;
  bool loadable = ptx.targetSuffix == 'a'   ? d == t
                  : ptx.targetSuffix == 'f' ? d / 10 == t / 10 && d >= t
                                            : d >= t;
#ifdef UOP_CUDA_EMULATE
  // The emulated device is every chip it implements: the instructions
  // decide (an unimplemented one fails the load below, naming its line).
  loadable = t >= 80 && t <= 100;
  std::string why, filtered;
  const char *text = static_cast<const char *>(image);
  // Fault injection for tests: UOP_EMU_PTX_FILTER is a shell command that
  // rewrites the PTX (stdin to stdout) before the emulator loads it, e.g. to
  // put back a historical bug and show that the emulator catches it.
  if (const char *filter = std::getenv("UOP_EMU_PTX_FILTER")) {
    if (!filterPtx(filter, text, filtered))
      return fail(CUDA_ERROR_INVALID_PTX, "UOP_EMU_PTX_FILTER '%s' failed",
                  filter);
    text = filtered.c_str();
  }
  std::unique_ptr<uop::emu::Module, void (*)(uop::emu::Module *)> emu(
      uop::emu::parseModule(text, why), uop::emu::destroyModule);
  if (!emu)
    return fail(CUDA_ERROR_INVALID_PTX, "%s", why.c_str());
#endif
  if (!loadable)
    return fail(CUDA_ERROR_NO_BINARY_FOR_GPU,
                "PTX for .target %s cannot run on the fake device, sm_%u (set "
                "UOP_FAKE_CUDA_CC)",
                ptx.target.c_str(), d);
  auto m = std::make_unique<Module>();
  m->targetCc = t;
#ifdef UOP_CUDA_EMULATE
  m->emu.reset(emu.release());
#endif
  for (auto &f : ptx.entries) {
    f->module = m.get();
    m->byName.emplace(Name{f->name}, f.get());
    s.functions.insert(f.get());
    m->functions.push_back(std::move(f));
  }
  *module = reinterpret_cast<CUmodule>(m.get());
  s.modules.insert(m.get());
  s.allModules.push_back(std::move(m));
  if (!s.announced) {
    s.announced = true;
#ifdef UOP_CUDA_EMULATE
    std::fprintf(stderr, UOP_DRIVER ": kernels are executed by the PTX "
                                    "emulator (schedule seed %llu)\n",
                 ull(emulatorSeed()));
#else
    std::fprintf(stderr, UOP_DRIVER ": kernels are not executed; outputs "
                         "keep the bytes they were given\n");
#endif
  }
  return CUDA_SUCCESS;
}

UOP_CUDA_API CUresult cuModuleUnload(CUmodule hmod) {
  ENTER();
  Lock lock;
  if (CUresult rc = requireContext())
    return rc;
  State &s = state();
  auto *m = reinterpret_cast<Module *>(hmod);
  if (!s.modules.count(m))
    return fail(CUDA_ERROR_INVALID_HANDLE, "%p is not a loaded module",
                (void *)hmod);
  for (auto &f : m->functions)
    s.functions.erase(f.get());
  s.modules.erase(m);
  return CUDA_SUCCESS;
}

UOP_CUDA_API CUresult cuModuleGetFunction(CUfunction *hfunc, CUmodule hmod,
                                          const char *name) {
  ENTER();
  Lock lock;
  if (CUresult rc = requireContext())
    return rc;
  if (!hfunc || !name)
    return fail(CUDA_ERROR_INVALID_VALUE, "hfunc or name is null");
  auto *m = reinterpret_cast<Module *>(hmod);
  if (!state().modules.count(m))
    return fail(CUDA_ERROR_INVALID_HANDLE, "%p is not a loaded module",
                (void *)hmod);
  auto it = m->byName.find(Name{name});
  if (it == m->byName.end())
    return fail(CUDA_ERROR_NOT_FOUND, "the module has no .entry named '%s'",
                name);
  *hfunc = reinterpret_cast<CUfunction>(it->second);
  return CUDA_SUCCESS;
}

UOP_CUDA_API CUresult cuFuncSetAttribute(CUfunction hfunc, int attrib,
                                         int value) {
  ENTER();
  Lock lock;
  if (CUresult rc = requireContext())
    return rc;
  Function *f;
  if (CUresult rc = checkFunction(hfunc, f))
    return rc;
  switch (attrib) {
  case kFuncAttributeMaxDynamicShared: {
    unsigned cc = state().cc;
#ifdef UOP_CUDA_EMULATE
    cc = std::max(cc, f->module->targetCc); // the module's chip
#endif
    uint64_t optin = optinSharedLimit(cc);
    uint64_t limit = optin > f->staticShared ? optin - f->staticShared : 0;
    if (value < 0 || uint64_t(value) > limit)
      return fail(CUDA_ERROR_INVALID_VALUE,
                  "CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = %d for "
                  "%s is outside [0, %llu] (%llu opt-in less %llu static)",
                  value, f->name.c_str(), ull(limit), ull(optin),
                  ull(f->staticShared));
    f->maxDynamicShared = value;
    return CUDA_SUCCESS;
  }
  case 9: // PREFERRED_SHARED_MEMORY_CARVEOUT: a percentage or -1 (default)
    if (value < -1 || value > 100)
      return fail(CUDA_ERROR_INVALID_VALUE,
                  "shared memory carveout %d is not -1 or 0..100", value);
    return CUDA_SUCCESS;
  case 11: // REQUIRED_CLUSTER_WIDTH, HEIGHT, DEPTH
  case 12:
  case 13:
    if (f->cluster[0])
      return fail(CUDA_ERROR_NOT_PERMITTED,
                  "%s has a compile-time cluster size (.reqnctapercluster)",
                  f->name.c_str());
    if (value < 0)
      return fail(CUDA_ERROR_INVALID_VALUE, "cluster dimension %d < 0", value);
    return CUDA_SUCCESS;
  case 14: // NON_PORTABLE_CLUSTER_SIZE_ALLOWED
    if (value != 0 && value != 1)
      return fail(CUDA_ERROR_INVALID_VALUE,
                  "NON_PORTABLE_CLUSTER_SIZE_ALLOWED = %d is not 0 or 1",
                  value);
    f->nonPortableCluster = value;
    return CUDA_SUCCESS;
  case 15: // CLUSTER_SCHEDULING_POLICY_PREFERENCE
    if (value < 0 || value > 2)
      return fail(CUDA_ERROR_INVALID_VALUE,
                  "%d is not a CUclusterSchedulingPolicy", value);
    return CUDA_SUCCESS;
  default:
    return fail(CUDA_ERROR_INVALID_VALUE,
                "function attribute %d is read-only or unknown", attrib);
  }
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

UOP_CUDA_API CUresult cuMemAlloc_v2(CUdeviceptr *dptr, size_t bytesize) {
  ENTER();
  Lock lock;
  if (CUresult rc = requireContext())
    return rc;
  if (!dptr)
    return fail(CUDA_ERROR_INVALID_VALUE, "dptr is null");
  if (bytesize == 0)
    return fail(CUDA_ERROR_INVALID_VALUE, "bytesize is 0");
  State &s = state();
  uint64_t rounded = alignTo(bytesize, 256);
  void *p = rounded <= kDeviceMemory - s.allocatedBytes
                ? std::aligned_alloc(256, rounded)
                : nullptr;
  if (!p)
    return fail(CUDA_ERROR_OUT_OF_MEMORY,
                "cannot allocate %zu bytes (%llu in use)", bytesize,
                ull(s.allocatedBytes));
  // Not zero: device memory starts with whatever it held.
  std::memset(p, 0xa5, rounded);
  uintptr_t base = reinterpret_cast<uintptr_t>(p);
  s.freed.erase(s.freed.lower_bound(base), s.freed.lower_bound(base + rounded));
  s.allocations.emplace(base, Allocation{bytesize});
  s.allocatedBytes += rounded;
  *dptr = base;
  return CUDA_SUCCESS;
}

UOP_CUDA_API CUresult cuMemFree_v2(CUdeviceptr dptr) {
  ENTER();
  Lock lock;
  if (CUresult rc = requireContext())
    return rc;
  State &s = state();
  auto it = s.allocations.find(dptr);
  if (it == s.allocations.end()) {
    const auto *a = findAllocation(dptr, 1);
    if (a)
      return fail(CUDA_ERROR_INVALID_VALUE,
                  "0x%llx is %llu bytes into the allocation at 0x%llx; free "
                  "its start",
                  ull(dptr), ull(dptr - a->first), ull(a->first));
    return fail(CUDA_ERROR_INVALID_VALUE, "0x%llx %s", ull(dptr),
                s.freed.count(dptr) ? "was freed already"
                                    : "is not a live allocation");
  }
  s.allocatedBytes -= alignTo(it->second.size, 256);
  s.freed.erase(dptr);
  s.freed.emplace(dptr, it->second);
  s.allocations.erase(it);
  std::free(reinterpret_cast<void *>(dptr));
  return CUDA_SUCCESS;
}

UOP_CUDA_API CUresult cuMemcpyHtoD_v2(CUdeviceptr dstDevice,
                                      const void *srcHost, size_t ByteCount) {
  ENTER();
  Lock lock;
  if (CUresult rc = requireContext())
    return rc;
  if (CUresult rc = checkDeviceRange("destination", dstDevice, ByteCount))
    return rc;
  if (CUresult rc = checkHostRange("source host pointer", srcHost, ByteCount))
    return rc;
  std::memcpy(reinterpret_cast<void *>(dstDevice), srcHost, ByteCount);
  return CUDA_SUCCESS;
}

UOP_CUDA_API CUresult cuMemcpyDtoH_v2(void *dstHost, CUdeviceptr srcDevice,
                                      size_t ByteCount) {
  ENTER();
  Lock lock;
  if (CUresult rc = requireContext())
    return rc;
  if (CUresult rc = checkDeviceRange("source", srcDevice, ByteCount))
    return rc;
  if (CUresult rc =
          checkHostRange("destination host pointer", dstHost, ByteCount))
    return rc;
  std::memcpy(dstHost, reinterpret_cast<const void *>(srcDevice), ByteCount);
  return CUDA_SUCCESS;
}

UOP_CUDA_API CUresult cuMemcpyDtoD_v2(CUdeviceptr dstDevice,
                                      CUdeviceptr srcDevice, size_t ByteCount) {
  ENTER();
  Lock lock;
  if (CUresult rc = requireContext())
    return rc;
  if (CUresult rc = checkDeviceRange("destination", dstDevice, ByteCount))
    return rc;
  if (CUresult rc = checkDeviceRange("source", srcDevice, ByteCount))
    return rc;
  std::memmove(reinterpret_cast<void *>(dstDevice),
               reinterpret_cast<const void *>(srcDevice), ByteCount);
  return CUDA_SUCCESS;
}

UOP_CUDA_API CUresult cuMemsetD8_v2(CUdeviceptr dstDevice, unsigned char uc,
                                    size_t N) {
  ENTER();
  Lock lock;
  if (CUresult rc = requireContext())
    return rc;
  if (CUresult rc = checkDeviceRange("destination", dstDevice, N))
    return rc;
  std::memset(reinterpret_cast<void *>(dstDevice), uc, N);
  return CUDA_SUCCESS;
}

UOP_CUDA_API CUresult cuMemsetD32_v2(CUdeviceptr dstDevice, unsigned int ui,
                                     size_t N) {
  ENTER();
  Lock lock;
  if (CUresult rc = requireContext())
    return rc;
  if (dstDevice % 4)
    return fail(CUDA_ERROR_INVALID_VALUE,
                "destination 0x%llx is not 4-byte aligned", ull(dstDevice));
  if (N > (~uint64_t(0)) / 4)
    return fail(CUDA_ERROR_INVALID_VALUE, "N = %zu overflows", N);
  if (CUresult rc = checkDeviceRange("destination", dstDevice, 4 * N))
    return rc;
  auto *dst = reinterpret_cast<unsigned char *>(dstDevice);
  for (size_t i = 0; i < N; ++i)
    std::memcpy(dst + 4 * i, &ui, 4);
  return CUDA_SUCCESS;
}

//===----------------------------------------------------------------------===//
// Launches
//===----------------------------------------------------------------------===//

UOP_CUDA_API CUresult cuLaunchKernel(
    CUfunction f, unsigned int gridDimX, unsigned int gridDimY,
    unsigned int gridDimZ, unsigned int blockDimX, unsigned int blockDimY,
    unsigned int blockDimZ, unsigned int sharedMemBytes, CUstream hStream,
    void **kernelParams, void **extra) {
  ENTER();
  Lock lock;
  if (CUresult rc = requireContext())
    return rc;
  Function *fn;
  if (CUresult rc = checkFunction(f, fn))
    return rc;
  const unsigned grid[3] = {gridDimX, gridDimY, gridDimZ};
  const unsigned block[3] = {blockDimX, blockDimY, blockDimZ};
  return launch(*fn, grid, block, sharedMemBytes, hStream, kernelParams, extra,
                nullptr);
}

UOP_CUDA_API CUresult cuLaunchKernelEx(const CUlaunchConfig *config,
                                       CUfunction f, void **kernelParams,
                                       void **extra) {
  ENTER();
  Lock lock;
  if (CUresult rc = requireContext())
    return rc;
  if (!config)
    return fail(CUDA_ERROR_INVALID_VALUE, "config is null");
  if (config->numAttrs && !config->attrs)
    return fail(CUDA_ERROR_INVALID_VALUE,
                "config->attrs is null but "
                "numAttrs = %u",
                config->numAttrs);
  Function *fn;
  if (CUresult rc = checkFunction(f, fn))
    return rc;
  const unsigned *cluster = nullptr;
  for (unsigned i = 0; i < config->numAttrs; ++i) {
    const CUlaunchAttribute &a = config->attrs[i];
    // CUlaunchAttributeID: 0..14 and 16 exist in CUDA 13.0.
    if (a.id < 0 || a.id > 16 || a.id == 15)
      return fail(CUDA_ERROR_INVALID_VALUE,
                  "attrs[%u].id = %d is not a CUlaunchAttributeID", i, a.id);
    if (a.id != kLaunchAttributeClusterDimension)
      continue;
    if (cluster)
      return fail(CUDA_ERROR_INVALID_VALUE,
                  "attrs[%u] repeats CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION", i);
    cluster = &a.value.clusterDim.x;
  }
  const unsigned grid[3] = {config->gridDimX, config->gridDimY,
                            config->gridDimZ};
  const unsigned block[3] = {config->blockDimX, config->blockDimY,
                             config->blockDimZ};
  return launch(*fn, grid, block, config->sharedMemBytes, config->hStream,
                kernelParams, extra, cluster);
}

//===----------------------------------------------------------------------===//
// Events
//===----------------------------------------------------------------------===//

UOP_CUDA_API CUresult cuEventCreate(CUevent *phEvent, unsigned int Flags) {
  ENTER();
  Lock lock;
  if (CUresult rc = requireContext())
    return rc;
  if (!phEvent)
    return fail(CUDA_ERROR_INVALID_VALUE, "phEvent is null");
  if (Flags & ~0x7u)
    return fail(CUDA_ERROR_INVALID_VALUE, "flags 0x%x are not CUevent_flags",
                Flags);
  if ((Flags & kEventInterprocess) && !(Flags & kEventDisableTiming))
    return fail(CUDA_ERROR_INVALID_VALUE,
                "CU_EVENT_INTERPROCESS needs CU_EVENT_DISABLE_TIMING");
  State &s = state();
  auto e = std::make_unique<Event>();
  e->flags = Flags;
  *phEvent = reinterpret_cast<CUevent>(e.get());
  s.events.insert(e.get());
  s.allEvents.push_back(std::move(e));
  return CUDA_SUCCESS;
}

UOP_CUDA_API CUresult cuEventRecord(CUevent hEvent, CUstream hStream) {
  ENTER();
  Lock lock;
  if (CUresult rc = requireContext())
    return rc;
  State &s = state();
  auto *e = reinterpret_cast<Event *>(hEvent);
  if (!s.events.count(e))
    return fail(CUDA_ERROR_INVALID_HANDLE, "%p is not a live event",
                (void *)hEvent);
  if (CUresult rc = checkStream(hStream))
    return rc;
  e->recordedAt = ++s.clock;
  return CUDA_SUCCESS;
}

// An event never recorded has captured no work: waiting for it returns at
// once, as documented.
UOP_CUDA_API CUresult cuEventSynchronize(CUevent hEvent) {
  ENTER();
  Lock lock;
  if (CUresult rc = requireContext())
    return rc;
  if (!state().events.count(reinterpret_cast<Event *>(hEvent)))
    return fail(CUDA_ERROR_INVALID_HANDLE, "%p is not a live event",
                (void *)hEvent);
  return CUDA_SUCCESS;
}

UOP_CUDA_API CUresult cuEventElapsedTime(float *pMilliseconds, CUevent hStart,
                                         CUevent hEnd) {
  ENTER();
  return eventElapsedTime(pMilliseconds, hStart, hEnd);
}

UOP_CUDA_API CUresult cuEventElapsedTime_v2(float *pMilliseconds,
                                            CUevent hStart, CUevent hEnd) {
  ENTER();
  return eventElapsedTime(pMilliseconds, hStart, hEnd);
}

UOP_CUDA_API CUresult cuEventDestroy_v2(CUevent hEvent) {
  ENTER();
  Lock lock;
  if (CUresult rc = requireContext())
    return rc;
  if (!state().events.erase(reinterpret_cast<Event *>(hEvent)))
    return fail(CUDA_ERROR_INVALID_HANDLE, "%p is not a live event",
                (void *)hEvent);
  return CUDA_SUCCESS;
}

//===----------------------------------------------------------------------===//
// Tensor maps
//===----------------------------------------------------------------------===//

// Checks what the documentation of cuTensorMapEncodeTiled requires. Like
// the real one, it needs no context.
UOP_CUDA_API CUresult cuTensorMapEncodeTiled(
    void *tensorMap, int tensorDataType, cuuint32_t tensorRank,
    void *globalAddress, const cuuint64_t *globalDim,
    const cuuint64_t *globalStrides, const cuuint32_t *boxDim,
    const cuuint32_t *elementStrides, int interleave, int swizzle,
    int l2Promotion, int oobFill) {
  ENTER();
  Lock lock;
  if (CUresult rc = requireInit())
    return rc;
  uintptr_t mapAddress = reinterpret_cast<uintptr_t>(tensorMap);
  if (!tensorMap || mapAddress % 64)
    return fail(CUDA_ERROR_INVALID_VALUE, "tensorMap %p is not 64-byte aligned",
                tensorMap);
  // Whatever fails below leaves no valid map behind.
  std::memset(tensorMap, 0, sizeof(EncodedTensorMap));
  const unsigned dtype = tensorDataType, rank = tensorRank;
  if (tensorDataType < 0 || tensorDataType > 15)
    return fail(CUDA_ERROR_INVALID_VALUE, "%d is not a CUtensorMapDataType",
                tensorDataType);
  if (interleave < 0 || interleave > 2)
    return fail(CUDA_ERROR_INVALID_VALUE, "%d is not a CUtensorMapInterleave",
                interleave);
  if (swizzle < 0 || swizzle > 6)
    return fail(CUDA_ERROR_INVALID_VALUE, "%d is not a CUtensorMapSwizzle",
                swizzle);
  if (l2Promotion < 0 || l2Promotion > 3)
    return fail(CUDA_ERROR_INVALID_VALUE, "%d is not a CUtensorMapL2promotion",
                l2Promotion);
  if (oobFill < 0 || oobFill > 1)
    return fail(CUDA_ERROR_INVALID_VALUE, "%d is not a CUtensorMapFloatOOBfill",
                oobFill);
  if (rank < 1 || rank > 5 || (interleave && rank < 3))
    return fail(CUDA_ERROR_INVALID_VALUE, "tensorRank %u is outside [%d, 5]",
                rank, interleave ? 3 : 1);
  bool packed16 = dtype == kDtype16U4Align16B || dtype == kDtype16U6Align16B;
  uint64_t address = reinterpret_cast<uintptr_t>(globalAddress);
  uint64_t addressAlign = (interleave == 2 || packed16) ? 32 : 16;
  if (!globalAddress || address % addressAlign)
    return fail(CUDA_ERROR_INVALID_VALUE,
                "globalAddress %p is not %llu-byte aligned", globalAddress,
                ull(addressAlign));
  if (!globalDim || (rank > 1 && !globalStrides) || !boxDim || !elementStrides)
    return fail(CUDA_ERROR_INVALID_VALUE,
                "globalDim, globalStrides, boxDim or elementStrides is null");
  unsigned bits = kTensorMapElementBits[dtype];
  for (unsigned i = 0; i < rank; ++i)
    if (globalDim[i] < 1 || globalDim[i] > (1ull << 32))
      return fail(CUDA_ERROR_INVALID_VALUE,
                  "globalDim[%u] = %llu is outside [1, 2^32]", i,
                  ull(globalDim[i]));
  if (packed16 && globalDim[0] % 128)
    return fail(CUDA_ERROR_INVALID_VALUE,
                "globalDim[0] = %llu of a 16U4/16U6 ALIGN16B tensor is not a "
                "multiple of 128",
                ull(globalDim[0]));
  if (dtype == kDtype16U4Align8B && globalDim[0] % 2)
    return fail(CUDA_ERROR_INVALID_VALUE,
                "globalDim[0] = %llu of a 16U4_ALIGN8B tensor is odd",
                ull(globalDim[0]));
  // Each stride must step over the whole previous dimension.
  uint64_t strideAlign = (interleave == 2 || packed16) ? 32 : 16;
  unsigned __int128 span = ((unsigned __int128)globalDim[0] * bits + 7) / 8;
  for (unsigned i = 0; i + 1 < rank; ++i) {
    uint64_t stride = globalStrides[i];
    if (stride % strideAlign || stride >= (1ull << 40))
      return fail(CUDA_ERROR_INVALID_VALUE,
                  "globalStrides[%u] = %llu is not a multiple of %llu below "
                  "2^40",
                  i, ull(stride), ull(strideAlign));
    if (stride < span)
      return fail(CUDA_ERROR_INVALID_VALUE,
                  "globalStrides[%u] = %llu bytes is less than the %llu bytes "
                  "of dimension %u (rows would overlap)",
                  i, ull(stride), ull((uint64_t)span), i);
    span = (unsigned __int128)stride * globalDim[i + 1];
  }
  for (unsigned i = 0; i < rank; ++i) {
    if (boxDim[i] < 1 || boxDim[i] > 256)
      return fail(CUDA_ERROR_INVALID_VALUE,
                  "boxDim[%u] = %u is outside [1, 256]", i, boxDim[i]);
    if (elementStrides[i] < 1 || elementStrides[i] > 8)
      return fail(CUDA_ERROR_INVALID_VALUE,
                  "elementStrides[%u] = %u is outside [1, 8]", i,
                  elementStrides[i]);
  }
  uint64_t boxBits = uint64_t(boxDim[0]) * bits;
  if (interleave == 0 && boxBits % 128)
    return fail(CUDA_ERROR_INVALID_VALUE,
                "boxDim[0] = %u elements is %llu bits, not a multiple of 16 "
                "bytes",
                boxDim[0], ull(boxBits));
  if (packed16 && boxDim[0] != 128)
    return fail(CUDA_ERROR_INVALID_VALUE,
                "boxDim[0] = %u of a 16U4/16U6 ALIGN16B tensor is not 128",
                boxDim[0]);
  if (interleave == 2 && swizzle != 1)
    return fail(CUDA_ERROR_INVALID_VALUE,
                "CU_TENSOR_MAP_INTERLEAVE_32B needs CU_TENSOR_MAP_SWIZZLE_32B");
  if (interleave == 0 && swizzle) {
    uint64_t swizzleBytes = swizzle == 1 ? 32 : swizzle == 2 ? 64 : 128;
    if (boxBits > swizzleBytes * 8)
      return fail(CUDA_ERROR_INVALID_VALUE,
                  "the inner box dimension (%llu bytes) exceeds the %llu-byte "
                  "swizzle span",
                  ull(boxBits / 8), ull(swizzleBytes));
  }
  if (dtype == kDtype16U6Align16B &&
      (interleave ||
       !(swizzle == 0 || swizzle == 3 || swizzle == 4 || swizzle == 6)))
    return fail(CUDA_ERROR_INVALID_VALUE,
                "16U6_ALIGN16B needs no interleave and swizzle NONE, 128B, "
                "128B_ATOM_32B or 128B_ATOM_64B");
  if (dtype == kDtype16U4Align16B &&
      !(swizzle == 0 || swizzle == 3 || swizzle == 4))
    return fail(CUDA_ERROR_INVALID_VALUE,
                "16U4_ALIGN16B needs swizzle NONE, 128B or 128B_ATOM_32B");
  if (oobFill == 1 && !isFloatDtype(dtype))
    return fail(CUDA_ERROR_INVALID_VALUE,
                "CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA needs a "
                "floating-point tensorDataType, not %u",
                dtype);

  EncodedTensorMap m;
  std::memset(&m, 0, sizeof(m));
  m.magic = kTensorMapMagic;
  m.globalAddress = address;
  for (unsigned i = 0; i < rank; ++i) {
    m.globalDim[i] = globalDim[i];
    m.boxDim[i] = boxDim[i];
    m.elementStrides[i] = elementStrides[i];
    if (i + 1 < rank)
      m.globalStrides[i] = globalStrides[i];
  }
  m.dtype = dtype;
  m.rank = rank;
  m.interleave = interleave;
  m.swizzle = swizzle;
  m.l2Promotion = l2Promotion;
  m.oobFill = oobFill;
  if (CUresult rc = checkTensorMapMemory(m, "the tensor"))
    return rc;
  m.checksum = checksum(m);
  std::memcpy(tensorMap, &m, sizeof(m));
  return CUDA_SUCCESS;
}

//===----------------------------------------------------------------------===//
// Legacy names: real libcuda exports them for binaries built before _v2
//===----------------------------------------------------------------------===//

UOP_CUDA_API CUresult cuMemAlloc(CUdeviceptr_v1 *, unsigned int) {
  return legacy("cuMemAlloc");
}
UOP_CUDA_API CUresult cuMemFree(CUdeviceptr_v1) { return legacy("cuMemFree"); }
UOP_CUDA_API CUresult cuMemcpyHtoD(CUdeviceptr_v1, const void *, unsigned int) {
  return legacy("cuMemcpyHtoD");
}
UOP_CUDA_API CUresult cuMemcpyDtoH(void *, CUdeviceptr_v1, unsigned int) {
  return legacy("cuMemcpyDtoH");
}
UOP_CUDA_API CUresult cuMemsetD8(CUdeviceptr_v1, unsigned char, unsigned int) {
  return legacy("cuMemsetD8");
}
UOP_CUDA_API CUresult cuEventDestroy(CUevent) {
  return legacy("cuEventDestroy");
}
UOP_CUDA_API CUresult cuDevicePrimaryCtxRelease(CUdevice) {
  return legacy("cuDevicePrimaryCtxRelease");
}
