//===- AsyncTest.cpp - sm_90a asynchronous forms against the ISA ----------===//
//
// Hand-written sm_90a PTX for the asynchronous forms: mbarrier phases and
// transaction counts (PTX ISA 9.7.13.15), TMA tensor loads and stores
// (cp.async.bulk.tensor, 9.7.9.25.5; tensors, bounding boxes, out-of-bound
// fill and swizzling in 5.5), bulk async-groups (9.7.9.25.4), the async
// proxy (fence.proxy.async under membar/fence, 9.7.13.4, and the memory
// consistency model's proxies, chapter 8), and warpgroup MMA (wgmma,
// 9.7.15). Subsections are named by title where their number shifts
// between ISA versions. Every expected value
// is worked out here from the ISA's text, never from the emulator's code.
// The negative tests are kernels the emulator must reject, each with its
// own message.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"
#include "Buffers.h"
#include "PtxEmulator.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>
#include <vector>

using namespace uop::emu;

namespace {

const char *kHeader90 = ".version 8.0\n.target sm_90a\n.address_size 64\n";

using uop::emu::test::Buffers;

// Parses `body` as the sm_90a kernel `k(params)` and runs one block of
// `threads` threads; `args` points at each parameter's bytes. Returns the
// error, or "".
std::string run(const std::string &params, const std::string &body,
                std::vector<void *> args, unsigned threads, Buffers &bufs,
                uint64_t seed = 1) {
  std::string ptx = std::string(kHeader90) + ".visible .entry k(" + params +
                    ")\n{\n" + body + "\n}\n";
  std::string err;
  Module *m = parseModule(ptx.c_str(), err);
  if (!m)
    return "parse: " + err;
  LaunchConfig cfg;
  cfg.block[0] = threads;
  cfg.seed = seed;
  err = launch(*m, "k", cfg, args.data(), bufs.check());
  destroyModule(m);
  return err;
}

bool has(const std::string &err, const char *what) {
  return err.find(what) != std::string::npos;
}

float flt(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

// The try_wait loop as the repo's PTX spells it: spins until the phase of
// parity PAR of the mbarrier at shared address BAR has completed.
std::string waitLoop(const std::string &bar, const std::string &par) {
  return "  {\n  .reg .pred P1;\n  LAB_WAIT:\n"
         "  mbarrier.try_wait.parity.shared.b64 P1, [" +
         bar + "], " + par +
         ", 1000000;\n  @P1 bra.uni DONE;\n  bra.uni LAB_WAIT;\n  DONE:\n  }\n";
}

//===----------------------------------------------------------------------===//
// mbarrier phases (9.7.13.15)
//===----------------------------------------------------------------------===//

// 9.7.13.15 (mbarrier.init): the current phase becomes 0 and the expected
// and pending arrival counts `count`. 9.7.13.15 (phase completion,
// mbarrier.arrive): each arrive-on decrements the pending count; when it
// and the tx-count are zero the current phase completes, the pending count
// is reset to the expected count and the next phase begins. 9.7.13.15
// (mbarrier.test_wait / try_wait): .parity waits on "the current phase or
// the immediately
// preceding phase", even phases having parity 0, and returns true once the
// phase of that parity has completed. So on a fresh barrier parity 1 names
// the (complete) preceding phase and parity 0 the incomplete current one.
TEST(PtxEmulatorMbarrier, PhasesAndParity) {
  // Two threads, count 2. Between barriers (so the order is fixed):
  //  fresh:          parity 0 -> false, parity 1 -> true
  //  both arrived:   phase 0 completes, phase 1 is current:
  //                  parity 0 -> true, parity 1 -> false
  //  both again:     phase 1 completes (pending was reset to 2), phase 2
  //                  is current: parity 0 -> false, parity 1 -> true
  std::string body = R"(
  .shared .align 8 .b8 bar[8];
  .reg .pred %p<8>;
  .reg .b32 %r<16>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [k_param_0];
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd2, %r1, 24;
  add.s64 %rd1, %rd1, %rd2;
  mov.u32 %r2, bar;
  setp.eq.u32 %p1, %r1, 0;
  @%p1 mbarrier.init.shared.b64 [%r2], 2;
  bar.sync 0;
  mbarrier.try_wait.parity.shared.b64 %p2, [%r2], 0;
  mbarrier.try_wait.parity.shared.b64 %p3, [%r2], 1;
  selp.u32 %r3, 1, 0, %p2;
  selp.u32 %r4, 1, 0, %p3;
  st.global.v2.u32 [%rd1], {%r3, %r4};
  bar.sync 0;
  mbarrier.arrive.shared.b64 %rd3, [%r2];
  bar.sync 0;
  mbarrier.try_wait.parity.shared.b64 %p2, [%r2], 0;
  mbarrier.try_wait.parity.shared.b64 %p3, [%r2], 1;
  selp.u32 %r3, 1, 0, %p2;
  selp.u32 %r4, 1, 0, %p3;
  st.global.v2.u32 [%rd1+8], {%r3, %r4};
  bar.sync 0;
  mbarrier.arrive.shared::cta.b64 %rd3, [%r2];
  bar.sync 0;
  mbarrier.try_wait.parity.shared::cta.b64 %p2, [%r2], 0;
  mbarrier.try_wait.parity.shared::cta.b64 %p3, [%r2], 1;
  selp.u32 %r3, 1, 0, %p2;
  selp.u32 %r4, 1, 0, %p3;
  st.global.v2.u32 [%rd1+16], {%r3, %r4};
  ret;)";
  // A failed one-shot try_wait is an answer, not a wait: the thread goes
  // on (to bar.sync here). Many seeds, so that some schedule has a thread
  // run the failing try_wait alone while the other waits at the barrier
  // (seed 16 did: the emulator took it for a spin and reported a
  // deadlock).
  const uint32_t want[6] = {0, 1, 1, 0, 0, 1};
  for (uint64_t seed = 1; seed <= 64; ++seed) {
    std::vector<uint32_t> out(2 * 6, 7);
    Buffers b;
    b.add(out);
    uint64_t outPtr = uintptr_t(out.data());
    ASSERT_EQ(run(".param .u64 k_param_0", body, {&outPtr}, 2, b, seed), "")
        << "seed " << seed;
    for (unsigned t = 0; t < 2; ++t)
      for (unsigned i = 0; i < 6; ++i)
        EXPECT_EQ(out[t * 6 + i], want[i])
            << "seed " << seed << " thread " << t << " value " << i;
  }
}

// A waiter's try_wait loop completes once the other threads arrive: the
// waiting thread arrives too (count 3, threads 0..2), each spins on parity
// 0, and then reads a value thread 2 stored before arriving. 9.7.13.15
// (mbarrier.arrive, mbarrier.test_wait / try_wait): arrive has .release
// and try_wait .acquire semantics by default
// (scope .cta), so a successful try_wait makes the participants' writes
// before their arrive visible: no race (the emulator's race detector used
// to report one: only bar.sync ended its interval).
TEST(PtxEmulatorMbarrier, WaitLoopSeesWritesBeforeArrive) {
  std::string body = R"(
  .shared .align 8 .b8 bar[8];
  .shared .align 4 .b8 val[4];
  .reg .pred %p<8>;
  .reg .b32 %r<16>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [k_param_0];
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd1, %rd1, %rd2;
  mov.u32 %r2, bar;
  mov.u32 %r5, val;
  setp.eq.u32 %p1, %r1, 0;
  @%p1 mbarrier.init.shared.b64 [%r2], 3;
  bar.sync 0;
  setp.eq.u32 %p2, %r1, 2;
  @%p2 st.shared.u32 [%r5], 1234;
  mbarrier.arrive.shared.b64 %rd3, [%r2];
)" + waitLoop("%r2", "0") +
                     R"(
  ld.shared.u32 %r6, [%r5];
  st.global.u32 [%rd1], %r6;
  ret;)";
  for (uint64_t seed = 1; seed <= 16; ++seed) {
    std::vector<uint32_t> out(3, 0);
    Buffers b;
    b.add(out);
    uint64_t outPtr = uintptr_t(out.data());
    ASSERT_EQ(run(".param .u64 k_param_0", body, {&outPtr}, 3, b, seed), "");
    for (unsigned t = 0; t < 3; ++t)
      EXPECT_EQ(out[t], 1234u) << "seed " << seed << " thread " << t;
  }
}

// 9.7.13.15 (mbarrier.try_wait): a try_wait loop on a phase nobody
// completes never exits. The emulator must report it (a
// deadlock), not hang.
TEST(PtxEmulatorMbarrier, NobodyArrivesIsADeadlock) {
  std::string body = R"(
  .shared .align 8 .b8 bar[8];
  .reg .pred %p<8>;
  .reg .b32 %r<16>;
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, bar;
  setp.eq.u32 %p1, %r1, 0;
  @%p1 mbarrier.init.shared.b64 [%r2], 1;
  bar.sync 0;
)" + waitLoop("%r2", "0") +
                     "  ret;";
  Buffers b;
  std::string err = run("", body, {}, 4, b);
  EXPECT_TRUE(has(err, "deadlock")) << err;
  EXPECT_TRUE(has(err, "mbarrier")) << err;
}

//===----------------------------------------------------------------------===//
// TMA tensor loads (9.7.9.25.5; 5.5)
//===----------------------------------------------------------------------===//

constexpr uint64_t kMagic = 0x50414d5446504f55ull;

// A rank-2 tiled tensor map: `w` x `h` elements of `dtype` (the
// CUtensorMapDataType: 6 FLOAT16, 7 FLOAT32, 9 BFLOAT16) with rows `pitch`
// bytes apart, a box of `bx` x `by` elements, `swizzle` 0 none / 1 32B /
// 2 64B / 3 128B.
TensorMap makeMap(const void *base, uint64_t w, uint64_t h, uint64_t pitch,
                  uint32_t bx, uint32_t by, uint8_t dtype, uint8_t swizzle) {
  TensorMap m;
  std::memset(&m, 0, sizeof(m));
  m.magic = kMagic;
  m.globalAddress = uintptr_t(base);
  m.globalDim[0] = w;
  m.globalDim[1] = h;
  for (int i = 2; i < 5; ++i)
    m.globalDim[i] = 1;
  m.globalStrides[0] = pitch;
  m.boxDim[0] = bx;
  m.boxDim[1] = by;
  for (int i = 2; i < 5; ++i)
    m.boxDim[i] = 1;
  for (int i = 0; i < 5; ++i)
    m.elementStrides[i] = 1;
  m.dtype = dtype;
  m.rank = 2;
  m.swizzle = swizzle;
  return m;
}

struct alignas(64) MapParam {
  TensorMap map;
};

// A 32-thread kernel: thread 0 initialises the mbarrier at `bar` with
// count 2, arrives with expect_tx(`tx`) and issues one TMA load per
// coordinate pair into buf + 1024*i (buf is 1024-aligned); thread 1
// arrives plainly. Every thread then spins on parity 0 and copies the
// 1024 * coords.size() bytes of buf to out. `dst` (default "%r4", buf)
// is the first load's destination; `beforeWait` is code every thread runs
// before the wait loop; !secondArrives leaves out thread 1's arrival.
std::string loadKernel(const std::vector<std::pair<int, int>> &coords,
                       unsigned tx, const std::string &dst = "%r4",
                       const std::string &beforeWait = "",
                       bool secondArrives = true) {
  unsigned bytes = 1024 * unsigned(coords.size());
  std::string s = R"(
  .shared .align 1024 .b8 buf[)" + std::to_string(bytes) + R"(];
  .shared .align 8 .b8 bar[8];
  .reg .pred %p<8>;
  .reg .b32 %r<40>;
  .reg .b64 %rd<16>;
  ld.param.u64 %rd1, [k_param_0];
  mov.b64 %rd2, k_param_1;
  cvta.param.u64 %rd2, %rd2;
  mov.u32 %r1, %tid.x;
  mov.u32 %r4, buf;
  mov.u32 %r5, bar;
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra $L_inited;
  mbarrier.init.shared.b64 [%r5], 2;
$L_inited:
  bar.sync 0;
  setp.eq.u32 %p2, %r1, 1;
)";
  if (secondArrives)
    s += "  @%p2 mbarrier.arrive.shared.b64 %rd3, [%r5];\n";
  s += "  @%p1 bra $L_issued;\n"
       "  mbarrier.arrive.expect_tx.shared.b64 %rd3, [%r5], " +
       std::to_string(tx) + ";\n";
  for (size_t i = 0; i < coords.size(); ++i) {
    s += "  mov.u32 %r10, " + std::to_string(coords[i].first) +
         ";\n  mov.u32 %r11, " + std::to_string(coords[i].second) +
         ";\n  add.u32 %r12, %r4, " + std::to_string(1024 * i) + ";\n";
    s += "  cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::"
         "complete_tx::bytes [" +
         (i == 0 ? dst : std::string("%r12")) +
         "], [%rd2, {%r10, %r11}], [%r5];\n";
  }
  s += "$L_issued:\n" + beforeWait + waitLoop("%r5", "0");
  s += R"(
  // Copy buf to out, one word per thread per step.
  shl.b32 %r20, %r1, 2;
$L_copy:
  add.u32 %r21, %r4, %r20;
  ld.shared.u32 %r22, [%r21];
  cvt.u64.u32 %rd4, %r20;
  add.s64 %rd5, %rd1, %rd4;
  st.global.u32 [%rd5], %r22;
  add.u32 %r20, %r20, 128;
  setp.lt.u32 %p3, %r20, )" +
       std::to_string(bytes) + R"(;
  @%p3 bra $L_copy;
  ret;)";
  return s;
}

const char *kLoadParams =
    ".param .u64 k_param_0, .param .align 64 .b8 k_param_1[128]";

// The global tensor of the load tests: 40 x 20 f32, rows 48 floats (192
// bytes) apart; element (x, y) = 1000*y + x, and the 8 floats of padding
// past x = 39 hold -1 (outside the tensor: a load must not read them).
std::vector<float> globalTensor() {
  std::vector<float> g(20 * 48);
  for (int y = 0; y < 20; ++y)
    for (int x = 0; x < 48; ++x)
      g[y * 48 + x] = x < 40 ? float(1000 * y + x) : -1.0f;
  return g;
}
float tensorAt(int x, int y) { // 0 outside the 40 x 20 tensor
  return x >= 0 && y >= 0 && x < 40 && y < 20 ? float(1000 * y + x) : 0.0f;
}

// 5.5 (tensor copies, tiled mode): the box at coordinates {x, y} (x the
// innermost dimension) holds elements (x + c, y + r); in shared memory it
// is packed row after row (row r at r * boxDim[0] * elementSize) when not
// swizzled. Elements of the box outside the tensor's bounds are filled
// with zeros (OOB fill NONE), and the transaction still counts the whole
// box (complete_tx of boxDim[0] * boxDim[1] * elementSize bytes). Two
// loads complete on one mbarrier whose expect_tx is their sum, so the
// phase (9.7.13.15) must wait for both: the second buffer must have
// landed when the wait succeeds. The third box starts at negative
// coordinates.
TEST(PtxEmulatorTma, LoadNoSwizzleWithOutOfBounds) {
  std::vector<float> g = globalTensor();
  // Box 16 x 4 f32: 64-byte rows, 256 bytes.
  MapParam p{makeMap(g.data(), 40, 20, 192, 16, 4, 7, 0)};
  const std::vector<std::pair<int, int>> coords = {{8, 3}, {32, 18}, {-4, -1}};
  for (uint64_t seed : {1, 2, 3}) {
    std::vector<uint32_t> out(3 * 256, 0);
    Buffers b;
    b.add(g);
    b.add(out);
    uint64_t outPtr = uintptr_t(out.data());
    ASSERT_EQ(run(kLoadParams, loadKernel(coords, 3 * 256), {&outPtr, &p},
                  32, b, seed),
              "");
    for (unsigned i = 0; i < 3; ++i)
      for (int r = 0; r < 4; ++r)
        for (int c = 0; c < 16; ++c) {
          float want = tensorAt(coords[i].first + c, coords[i].second + r);
          EXPECT_EQ(flt(out[i * 256 + (r * 64 + c * 4) / 4]), want)
              << "seed " << seed << " box " << i << " r " << r << " c " << c;
        }
    // Past each 256-byte box, nothing was written: poison.
    EXPECT_EQ(out[64], 0xffffffffu);
    EXPECT_EQ(out[256 + 255], 0xffffffffu);
  }
}

// 5.5 (swizzling modes): with CU_TENSOR_MAP_SWIZZLE_128B the 16-byte chunk
// index (address bits 4-6) of each byte is XORed with its 128-byte row
// index within the 1024-byte pattern (bits 7-9). The box is 32 x 8 f32
// (128-byte rows, the most the 128B mode allows), buf is 1024-aligned, so
// element (r, c) lands at o ^ ((o >> 7 & 7) << 4) with o = r*128 + c*4.
// The second box is partly outside the tensor: its zeros are swizzled
// alike.
TEST(PtxEmulatorTma, Load128BSwizzle) {
  std::vector<float> g = globalTensor();
  MapParam p{makeMap(g.data(), 40, 20, 192, 32, 8, 7, 3)};
  const std::vector<std::pair<int, int>> coords = {{4, 5}, {20, 16}};
  std::vector<uint32_t> out(2 * 256, 0);
  Buffers b;
  b.add(g);
  b.add(out);
  uint64_t outPtr = uintptr_t(out.data());
  ASSERT_EQ(run(kLoadParams, loadKernel(coords, 2 * 1024), {&outPtr, &p}, 32,
                b),
            "");
  for (unsigned i = 0; i < 2; ++i)
    for (int r = 0; r < 8; ++r)
      for (int c = 0; c < 32; ++c) {
        unsigned o = r * 128 + c * 4;
        unsigned s = o ^ (((o >> 7) & 7) << 4);
        float want = tensorAt(coords[i].first + c, coords[i].second + r);
        EXPECT_EQ(flt(out[i * 256 + s / 4]), want)
            << "box " << i << " r " << r << " c " << c;
      }
  // Spot checks of the formula itself: row 1, column 0 moves to chunk 1;
  // row 7, column 5 (byte 20, chunk 1) moves to chunk 6 (byte 100).
  EXPECT_EQ(flt(out[(128 + 16) / 4]), tensorAt(4, 6));
  EXPECT_EQ(flt(out[(7 * 128 + 100) / 4]), tensorAt(4 + 5, 5 + 7));
}

// dtype 9 (BFLOAT16) has 2-byte elements: a box of 8 x 2 is two 16-byte
// rows and 32 transaction bytes (bf16 values as raw bits).
TEST(PtxEmulatorTma, LoadBf16Box) {
  std::vector<uint16_t> g(4 * 16);
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 16; ++x)
      g[y * 16 + x] = uint16_t(0x100 * y + x);
  MapParam p{makeMap(g.data(), 12, 4, 32, 8, 2, 9, 0)};
  std::vector<uint32_t> out(256, 0);
  Buffers b;
  b.add(g);
  b.add(out);
  uint64_t outPtr = uintptr_t(out.data());
  // Box at {6, 2}: x 6..13 (12, 13 outside the 12-wide tensor), y 2..3.
  ASSERT_EQ(run(kLoadParams, loadKernel({{6, 2}}, 32), {&outPtr, &p}, 32, b),
            "");
  auto at = [&](int x, int y) -> uint32_t {
    return x < 12 ? 0x100u * y + x : 0u;
  };
  for (int r = 0; r < 2; ++r)
    for (int c = 0; c < 8; c += 2)
      EXPECT_EQ(out[(r * 16 + c * 2) / 4],
                at(6 + c, 2 + r) | at(6 + c + 1, 2 + r) << 16)
          << r << " " << c;
  EXPECT_EQ(out[8], 0xffffffffu); // byte 32: past the box
}

// 9.7.13.15: the phase completes only when the pending arrivals AND the
// tx-count are both zero. An expect_tx of 4 bytes more than the load
// completes, or a missing arrival, leaves phase 0 incomplete forever: the
// wait loop deadlocks.
TEST(PtxEmulatorTma, PhaseNeedsBothArrivalsAndBytes) {
  std::vector<float> g = globalTensor();
  MapParam p{makeMap(g.data(), 40, 20, 192, 16, 4, 7, 0)};
  std::vector<uint32_t> out(256, 0);
  Buffers b;
  b.add(g);
  b.add(out);
  uint64_t outPtr = uintptr_t(out.data());
  std::string err =
      run(kLoadParams, loadKernel({{0, 0}}, 256 + 4), {&outPtr, &p}, 32, b);
  EXPECT_TRUE(has(err, "deadlock")) << err;
  err = run(kLoadParams, loadKernel({{0, 0}}, 256, "%r4", "", false),
            {&outPtr, &p}, 32, b);
  EXPECT_TRUE(has(err, "deadlock")) << err;
  // Both present: no deadlock.
  EXPECT_EQ(run(kLoadParams, loadKernel({{0, 0}}, 256), {&outPtr, &p}, 32, b),
            "");
  EXPECT_EQ(flt(out[(3 * 64 + 5 * 4) / 4]), tensorAt(5, 3));
}

// 5.5 / 9.7.9.25.5 (cp.async.bulk.tensor): the shared destination of a tensor
// copy must be 128-byte aligned.
TEST(PtxEmulatorTma, MisalignedDestinationIsAnError) {
  std::vector<float> g = globalTensor();
  MapParam p{makeMap(g.data(), 40, 20, 192, 16, 4, 7, 0)};
  std::vector<uint32_t> out(256, 0);
  Buffers b;
  b.add(g);
  b.add(out);
  uint64_t outPtr = uintptr_t(out.data());
  std::string body = loadKernel({{0, 0}}, 256, "%r13");
  body.replace(body.find("$L_inited:"), 10,
               "$L_inited:\n  add.u32 %r13, %r4, 16;");
  std::string err = run(kLoadParams, body, {&outPtr, &p}, 32, b);
  EXPECT_TRUE(has(err, "not 128-byte aligned")) << err;
}

// 9.7.9.25.5 (cp.async.bulk.tensor): the destination's contents are undefined
// until the mbarrier reports completion; the emulator lands the box as late as
// possible and leaves its bytes poison (0xff) until then. Thread 0 reads
// buf[0] right after issuing, before waiting.
TEST(PtxEmulatorTma, ReadBeforeWaitIsPoison) {
  std::vector<float> g = globalTensor();
  MapParam p{makeMap(g.data(), 40, 20, 192, 16, 4, 7, 0)};
  std::vector<uint32_t> out(257, 0);
  Buffers b;
  b.add(g);
  b.add(out);
  uint64_t outPtr = uintptr_t(out.data());
  // Stash the early read in %r30, then store it to out[256], past the
  // 1024 bytes the copy loop writes.
  std::string body = loadKernel({{8, 3}}, 256, "%r4",
                                "  @!%p1 ld.shared.u32 %r30, [%r4];\n");
  body.replace(body.rfind("ret;"), 4,
               "@!%p1 st.global.u32 [%rd1+1024], %r30;\n  ret;");
  ASSERT_EQ(run(kLoadParams, body, {&outPtr, &p}, 32, b), "");
  EXPECT_EQ(out[256], 0xffffffffu);
  EXPECT_EQ(flt(out[0]), tensorAt(8, 3)); // after the wait: landed
}

//===----------------------------------------------------------------------===//
// TMA tensor stores and bulk groups (9.7.9.25.5, 9.7.9.25.4; chapter 8)
//===----------------------------------------------------------------------===//

// 32 threads write the 16 x 4 f32 box (word i = 0x1000 + i) with
// st.shared, optionally fence.proxy.async, bar.sync; thread 0 stores the
// box at {30, 18} and commits; wait_group.read 0 retires it.
std::string storeKernel(bool fence) {
  return std::string(R"(
  .shared .align 128 .b8 buf[256];
  .reg .pred %p<8>;
  .reg .b32 %r<40>;
  .reg .b64 %rd<16>;
  mov.b64 %rd2, k_param_0;
  cvta.param.u64 %rd2, %rd2;
  mov.u32 %r1, %tid.x;
  mov.u32 %r4, buf;
  shl.b32 %r5, %r1, 2;
  add.u32 %r6, %r4, %r5;
  add.u32 %r7, %r1, 0x1000;
  st.shared.u32 [%r6], %r7;
  add.u32 %r7, %r7, 32;
  st.shared.u32 [%r6+128], %r7;
)") + (fence ? "  fence.proxy.async.shared::cta;\n" : "") +
         R"(
  bar.sync 0;
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra $L_done;
  mov.u32 %r10, 30;
  mov.u32 %r11, 18;
  cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%rd2, {%r10, %r11}], [%r4];
  cp.async.bulk.commit_group;
  cp.async.bulk.wait_group.read 0;
$L_done:
  ret;)";
}

// 5.5: a tensor store writes only the box's elements inside the tensor;
// the rest of the box is dropped (here columns 40..45 and rows 20, 21; the
// rows would lie past the allocation, the columns in the row padding).
TEST(PtxEmulatorTma, StoreClipsToTheTensor) {
  const uint32_t sentinel = 0xaaaaaaaau;
  std::vector<uint32_t> g(20 * 48, sentinel);
  MapParam p{makeMap(g.data(), 40, 20, 192, 16, 4, 7, 0)};
  Buffers b;
  b.add(g);
  ASSERT_EQ(run(".param .align 64 .b8 k_param_0[128]", storeKernel(true), {&p},
                32, b),
            "");
  for (int y = 0; y < 20; ++y)
    for (int x = 0; x < 48; ++x) {
      bool inBox = x >= 30 && x < 40 && y >= 18; // y < 22 is implied
      uint32_t want = inBox ? 0x1000u + (y - 18) * 16 + (x - 30) : sentinel;
      EXPECT_EQ(g[y * 48 + x], want) << x << ", " << y;
    }
}

// Chapter 8 (proxies) / 9.7.13.4 (fence.proxy): the TMA store reads shared
// memory through the async proxy; generic-proxy writes to it must be
// ordered by fence.proxy.async first, or the store may read stale data.
TEST(PtxEmulatorTma, StoreWithoutProxyFenceIsAnError) {
  std::vector<uint32_t> g(20 * 48, 0);
  MapParam p{makeMap(g.data(), 40, 20, 192, 16, 4, 7, 0)};
  Buffers b;
  b.add(g);
  std::string err = run(".param .align 64 .b8 k_param_0[128]",
                        storeKernel(false), {&p}, 32, b);
  EXPECT_TRUE(has(err, "fence.proxy.async")) << err;
}

// A load and a store through one kernel: the box lands, each thread
// doubles its words in place (generic proxy), fences, and thread 0 stores
// the box to a second tensor: a round trip with the values of the ISA's
// box arithmetic on both sides.
TEST(PtxEmulatorTma, LoadModifyStore) {
  std::vector<float> g = globalTensor();
  std::vector<float> dst(20 * 48, -5.0f);
  MapParam in{makeMap(g.data(), 40, 20, 192, 16, 4, 7, 0)};
  MapParam outMap{makeMap(dst.data(), 40, 20, 192, 16, 4, 7, 0)};
  std::string body = R"(
  .shared .align 1024 .b8 buf[256];
  .shared .align 8 .b8 bar[8];
  .reg .pred %p<8>;
  .reg .b32 %r<40>;
  .reg .f32 %f<4>;
  .reg .b64 %rd<16>;
  mov.b64 %rd2, k_param_0;
  cvta.param.u64 %rd2, %rd2;
  mov.b64 %rd6, k_param_1;
  cvta.param.u64 %rd6, %rd6;
  mov.u32 %r1, %tid.x;
  mov.u32 %r4, buf;
  mov.u32 %r5, bar;
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra $L_inited;
  mbarrier.init.shared.b64 [%r5], 1;
  mbarrier.arrive.expect_tx.shared.b64 %rd3, [%r5], 256;
  mov.u32 %r10, 12;
  mov.u32 %r11, 7;
  cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%r4], [%rd2, {%r10, %r11}], [%r5];
$L_inited:
  bar.sync 0;
)" + waitLoop("%r5", "0") +
                     R"(
  shl.b32 %r6, %r1, 3;
  add.u32 %r6, %r4, %r6;
  ld.shared.v2.f32 {%f1, %f2}, [%r6];
  add.f32 %f1, %f1, %f1;
  add.f32 %f2, %f2, %f2;
  st.shared.v2.f32 [%r6], {%f1, %f2};
  fence.proxy.async.shared::cta;
  bar.sync 0;
  @%p1 bra $L_done;
  mov.u32 %r10, 2;
  mov.u32 %r11, 9;
  cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%rd6, {%r10, %r11}], [%r4];
  cp.async.bulk.commit_group;
  cp.async.bulk.wait_group.read 0;
$L_done:
  ret;)";
  Buffers b;
  b.add(g);
  b.add(dst);
  ASSERT_EQ(run(".param .align 64 .b8 k_param_0[128], .param .align 64 .b8 "
                "k_param_1[128]",
                body, {&in, &outMap}, 32, b),
            "");
  for (int y = 0; y < 20; ++y)
    for (int x = 0; x < 48; ++x) {
      bool inBox = x >= 2 && x < 18 && y >= 9 && y < 13;
      float want = inBox ? 2 * tensorAt(x - 2 + 12, y - 9 + 7) : -5.0f;
      EXPECT_EQ(dst[y * 48 + x], want) << x << ", " << y;
    }
}

//===----------------------------------------------------------------------===//
// wgmma (9.7.15)
//===----------------------------------------------------------------------===//

// binary16 of a small integer (exact), by the format's definition.
uint16_t f16(float v) {
  if (v == 0)
    return 0;
  uint16_t sign = v < 0 ? 0x8000 : 0;
  int e;
  float m = std::frexp(std::fabs(v), &e); // v = m * 2^e, m in [0.5, 1)
  return sign | uint16_t((e - 1 + 15) << 10) |
         uint16_t(std::ldexp(m, 11) - 1024);
}

// 9.7.15 (shared memory matrix layout), K-major without swizzling:
// the matrix is tiled by core matrices of 8 rows x 16 bytes (8 f16 along
// K, rows 16 bytes apart); the leading-dimension byte offset (LBO) is the
// distance between core matrices adjacent in K, the stride-dimension byte
// offset (SBO) between core matrices adjacent in M (or N). So element
// (row, k) lies at start + (row/8)*SBO + (row%8)*16 + (k/8)*LBO + (k%8)*2.
// A is M x K = 64 x 16; B (K x N, "column-major" = K-major, no transpose)
// is stored as N rows of K.
struct Layout {
  unsigned start, lbo, sbo;
  unsigned at(unsigned row, unsigned k) const {
    return start + (row / 8) * sbo + (row % 8) * 16 + (k / 8) * lbo +
           (k % 8) * 2;
  }
  // 9.7.15 (matrix descriptor): bits 0-13 start >> 4, 16-29
  // LBO >> 4, 32-45 SBO >> 4, 49-51 base offset 0, 62-63 swizzle 0.
  // The start is added in the kernel (the shared address); this is the
  // rest, with the offset of `start` inside the image.
  uint64_t descBits() const {
    return uint64_t(start >> 4) | uint64_t(lbo >> 4) << 16 |
           uint64_t(sbo >> 4) << 32;
  }
};

// The image: A1 at 0 (LBO 128, SBO 256: 2 KiB), B1 at 2048 (LBO 256,
// SBO 1024: N = 8 is one core-matrix row), A2 at 2560 (LBO 1024, SBO 128,
// the K halves far apart), B2 at 4608 (LBO 128, SBO 512). Unused bytes
// hold an f16 NaN, so reading one would show.
constexpr unsigned kImageBytes = 5120;
const Layout kA1{0, 128, 256}, kB1{2048, 256, 1024}, kA2{2560, 1024, 128},
    kB2{4608, 128, 512};

float aVal(unsigned which, unsigned m, unsigned k) {
  return float(int((m * 3 + k * 5 + which * 2) % 9) - 4);
}
float bVal(unsigned which, unsigned k, unsigned n) {
  return float(int((k * 7 + n * 3 + which) % 5) - 2);
}

std::vector<uint16_t> wgmmaImage() {
  std::vector<uint16_t> img(kImageBytes / 2, 0x7e00);
  for (unsigned w = 0; w < 2; ++w) {
    const Layout &A = w ? kA2 : kA1, &B = w ? kB2 : kB1;
    for (unsigned m = 0; m < 64; ++m)
      for (unsigned k = 0; k < 16; ++k)
        img[A.at(m, k) / 2] = f16(aVal(w, m, k));
    for (unsigned n = 0; n < 8; ++n)
      for (unsigned k = 0; k < 16; ++k)
        img[B.at(n, k) / 2] = f16(bVal(w, k, n));
  }
  return img;
}

// 128 threads copy the image into shared memory, fence the generic writes
// for the async proxy (unless !fence), bar.sync, build the descriptors in
// %rd10 (A1) %rd11 (B1) %rd12 (A2) %rd13 (B2), %p2 = false and %p3 =
// true, then run `mma`; the D fragment registers are %f1..%f4, and each
// thread stores them to out + 16 * tid (out[4 * tid + j] = d[j]) after
// `mma`, which may store more itself.
std::string wgmmaKernel(const std::string &mma, bool fence = true) {
  auto desc = [](const char *reg, const Layout &l) {
    return std::string("  add.s64 ") + reg + ", %rd5, " +
           std::to_string(l.descBits()) + ";\n";
  };
  std::string s = R"(
  .shared .align 128 .b8 img[)" + std::to_string(kImageBytes) + R"(];
  .reg .pred %p<8>;
  .reg .b32 %r<40>;
  .reg .f32 %f<16>;
  .reg .b64 %rd<20>;
  ld.param.u64 %rd1, [k_param_0];
  ld.param.u64 %rd2, [k_param_1];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, img;
  mov.u32 %r3, 0;
$L_copy:
  mad.lo.u32 %r4, %r3, 128, %r1;
  shl.b32 %r5, %r4, 2;
  cvt.u64.u32 %rd3, %r5;
  add.s64 %rd4, %rd2, %rd3;
  ld.global.u32 %r6, [%rd4];
  add.u32 %r7, %r2, %r5;
  st.shared.u32 [%r7], %r6;
  add.u32 %r3, %r3, 1;
  setp.lt.u32 %p1, %r3, )" + std::to_string(kImageBytes / 4 / 128) + R"(;
  @%p1 bra $L_copy;
)";
  if (fence)
    s += "  fence.proxy.async.shared::cta;\n";
  s += R"(  bar.sync 0;
  // The start address field: (shared address of img) >> 4.
  cvt.u64.u32 %rd5, %r2;
  shr.u64 %rd5, %rd5, 4;
)";
  s += desc("%rd10", kA1) + desc("%rd11", kB1) + desc("%rd12", kA2) +
       desc("%rd13", kB2);
  s += R"(  mul.wide.u32 %rd6, %r1, 16;
  add.s64 %rd7, %rd1, %rd6;
  setp.ne.u32 %p2, %r1, %r1; // false
  setp.eq.u32 %p3, %r1, %r1; // true
)" + mma + R"(
  st.global.v4.f32 [%rd7], {%f1, %f2, %f3, %f4};
  ret;)";
  return s;
}

const char *kWgmmaParams = ".param .u64 k_param_0, .param .u64 k_param_1";

std::string runWgmma(const std::string &mma, std::vector<uint32_t> &out,
                     bool fence = true) {
  std::vector<uint16_t> img = wgmmaImage();
  Buffers b;
  b.add(img);
  b.add(out);
  uint64_t outPtr = uintptr_t(out.data()), imgPtr = uintptr_t(img.data());
  return run(kWgmmaParams, wgmmaKernel(mma, fence), {&outPtr, &imgPtr}, 128,
             b);
}

// D = sum over the operand pairs `which` of A_w * B_w, plus `c`.
float product(std::initializer_list<unsigned> which, unsigned m, unsigned n,
              float c) {
  double sum = c;
  for (unsigned w : which)
    for (unsigned k = 0; k < 16; ++k)
      sum += double(aVal(w, m, k)) * bVal(w, k, n);
  return float(sum);
}

// 9.7.15 (register fragments, D of m64nNk16 with .f32): thread t of
// the warpgroup, warp w = t/32, lane l, holds d[4i + j] =
// D[16w + l/4 + 8(j/2)][8i + 2(l%4) + j%2]; N = 8 has i = 0 only.
void expectD(const std::vector<uint32_t> &out, unsigned base,
             std::initializer_list<unsigned> which, float c) {
  for (unsigned t = 0; t < 128; ++t) {
    unsigned w = t / 32, l = t % 32;
    for (unsigned j = 0; j < 4; ++j) {
      unsigned m = 16 * w + l / 4 + 8 * (j / 2), n = 2 * (l % 4) + j % 2;
      EXPECT_EQ(flt(out[base + t * 4 + j]), product(which, m, n, c))
          << "thread " << t << " d" << j << " = D[" << m << "][" << n << "]";
    }
  }
}

const char *kMma1 =
    "  wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f1, %f2, %f3, "
    "%f4}, %rd10, %rd11, %p2, 1, 1, 0, 0;\n";
const char *kMma2 =
    "  wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f1, %f2, %f3, "
    "%f4}, %rd12, %rd13, %p3, 1, 1, 0, 0;\n";

// 9.7.15 (wgmma.mma_async): with scale-d false, D = A * B (the
// registers' previous values, here 100, are ignored); the result is in D
// after wgmma.wait_group retires the group (wgmma.commit_group,
// wgmma.wait_group).
TEST(PtxEmulatorWgmma, M64N8K16FromDescriptors) {
  std::vector<uint32_t> out(128 * 4, 0);
  ASSERT_EQ(runWgmma(R"(
  mov.f32 %f1, 0f42C80000;
  mov.f32 %f2, 0f42C80000;
  mov.f32 %f3, 0f42C80000;
  mov.f32 %f4, 0f42C80000;
  wgmma.fence.sync.aligned;
)" + std::string(kMma1) + R"(
  wgmma.commit_group.sync.aligned;
  wgmma.wait_group.sync.aligned 0;)",
                     out),
            "");
  expectD(out, 0, {0}, 0.0f);
}

// 9.7.15 (wgmma.mma_async): reading the accumulator registers of a
// wgmma.mma_async before the wait_group that retires it is undefined; the
// emulator gives poison (0xffffffff). The first store happens after commit,
// before wait.
TEST(PtxEmulatorWgmma, ReadingDBeforeWaitIsPoison) {
  std::vector<uint32_t> out(128 * 4 * 2, 0);
  ASSERT_EQ(runWgmma(R"(
  wgmma.fence.sync.aligned;
)" + std::string(kMma1) + R"(
  wgmma.commit_group.sync.aligned;
  mul.wide.u32 %rd8, %r1, 16;
  add.s64 %rd8, %rd8, 2048;
  add.s64 %rd8, %rd1, %rd8;
  st.global.v4.f32 [%rd8], {%f1, %f2, %f3, %f4};
  wgmma.wait_group.sync.aligned 0;)",
                     out),
            "");
  for (unsigned i = 0; i < 128 * 4; ++i)
    ASSERT_EQ(out[512 + i], 0xffffffffu) << i;
  expectD(out, 0, {0}, 0.0f);
}

// 9.7.15 (wgmma.mma_async): two mma_async on the same accumulator registers in
// one group, in order: the second (scale-d true) adds to the first's result.
// The first also has scale-d true, on registers holding 1.0 (C = 1).
// D = A1*B1 + A2*B2 + 1.
TEST(PtxEmulatorWgmma, ChainedAccumulatorsInOneGroup) {
  std::vector<uint32_t> out(128 * 4, 0);
  std::string first = kMma1;
  first.replace(first.find("%p2"), 3, "%p3");
  ASSERT_EQ(runWgmma(R"(
  mov.f32 %f1, 0f3F800000;
  mov.f32 %f2, 0f3F800000;
  mov.f32 %f3, 0f3F800000;
  mov.f32 %f4, 0f3F800000;
  wgmma.fence.sync.aligned;
)" + first + kMma2 +
                         R"(
  wgmma.commit_group.sync.aligned;
  wgmma.wait_group.sync.aligned 0;)",
                     out),
            "");
  expectD(out, 0, {0, 1}, 1.0f);
}

// Two groups: wait_group 1 retires only the older one (9.7.15,
// wgmma.wait_group: "wait
// until N or fewer of the most recent wgmma-groups are pending"). The
// first group writes %f1..%f4, the second %f5..%f8 from A2, B2; after
// wait_group 1 the first's D is final and the second's still poison.
TEST(PtxEmulatorWgmma, WaitGroupOneRetiresTheOlderGroup) {
  std::vector<uint32_t> out(128 * 4 * 3, 0);
  ASSERT_EQ(runWgmma(R"(
  wgmma.fence.sync.aligned;
)" + std::string(kMma1) + R"(
  wgmma.commit_group.sync.aligned;
  wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%f5, %f6, %f7, %f8}, %rd12, %rd13, %p2, 1, 1, 0, 0;
  wgmma.commit_group.sync.aligned;
  wgmma.wait_group.sync.aligned 1;
  mul.wide.u32 %rd8, %r1, 16;
  add.s64 %rd8, %rd1, %rd8;
  st.global.v4.f32 [%rd8+2048], {%f5, %f6, %f7, %f8};
  wgmma.wait_group.sync.aligned 0;
  st.global.v4.f32 [%rd8+4096], {%f5, %f6, %f7, %f8};)",
                     out),
            "");
  expectD(out, 0, {0}, 0.0f);
  for (unsigned i = 0; i < 128 * 4; ++i)
    ASSERT_EQ(out[512 + i], 0xffffffffu) << i;
  expectD(out, 1024, {1}, 0.0f);
}

// 9.7.15 (wgmma.mma_async) / chapter 8 (proxies): wgmma reads A and B through
// the async proxy; shared memory written by st.shared needs fence.proxy.async
// first.
TEST(PtxEmulatorWgmma, OperandsWithoutProxyFenceIsAnError) {
  std::vector<uint32_t> out(128 * 4, 0);
  std::string err = runWgmma(R"(
  wgmma.fence.sync.aligned;
)" + std::string(kMma1) + R"(
  wgmma.commit_group.sync.aligned;
  wgmma.wait_group.sync.aligned 0;)",
                             out, /*fence=*/false);
  EXPECT_TRUE(has(err, "fence.proxy.async")) << err;
}

} // namespace
