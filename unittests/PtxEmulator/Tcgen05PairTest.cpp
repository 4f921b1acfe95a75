//===- Tcgen05PairTest.cpp - CTA-pair forms of TMA, mbarrier and tcgen05 --===//
//
// Inventory forms test/Emulator/unit-test-forms.test listed without a unit
// test, all about CTA pairs and multicast in a cluster (PTX ISA 9.7.16,
// "CTA pair" / "peer CTA": ranks 2i and 2i + 1):
//  - cp.async.bulk.tensor ... .cta_group::2, with and without
//    .multicast::cluster (9.7.9.25.5.1): where the data lands and which
//    CTA's mbarrier each destination signals;
//  - mbarrier.arrive.expect_tx.release.cluster.shared::cluster (9.7.13.15)
//    on another CTA's barrier;
//  - tcgen05.alloc / dealloc / relinquish_alloc_permit .cta_group::2,
//    tcgen05.mma .cta_group::{1,2}.kind::f16.collector::a::discard and
//    tcgen05.commit .cta_group::2 ... .multicast::cluster (9.7.16).
// Every expected value comes from a C++ reference written here from the
// ISA's text, never from the emulator's code.
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
using uop::emu::test::Buffers;

namespace {

const char *kHeader100 = ".version 8.7\n.target sm_100a\n.address_size 64\n";

bool has(const std::string &err, const char *what) {
  return err.find(what) != std::string::npos;
}

float flt(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

std::string run(const std::string &params, const std::string &body,
                std::vector<void *> args, const LaunchConfig &cfg,
                Buffers &bufs) {
  std::string ptx = std::string(kHeader100) + ".visible .entry k(" + params +
                    ")\n{\n" + body + "\n}\n";
  std::string err;
  Module *m = parseModule(ptx.c_str(), err);
  if (!m)
    return "parse: " + err;
  err = launch(*m, "k", cfg, args.data(), bufs.check());
  destroyModule(m);
  return err;
}

LaunchConfig cluster(unsigned ctas, unsigned threads, uint64_t seed = 1) {
  LaunchConfig cfg;
  cfg.grid[0] = ctas;
  cfg.cluster[0] = ctas;
  cfg.block[0] = threads;
  cfg.seed = seed;
  return cfg;
}

// The try_wait loop on parity PAR of the barrier at shared address BAR.
std::string waitLoop(const std::string &bar, const std::string &par,
                     const std::string &label) {
  return "  {\n  .reg .pred P1;\n  LAB_" + label +
         ":\n  mbarrier.try_wait.parity.shared::cta.b64 P1, [" + bar + "], " +
         par + ", 1000000;\n  @P1 bra.uni DONE_" + label +
         ";\n  bra.uni LAB_" + label + ";\n  DONE_" + label + ":\n  }\n";
}

//===----------------------------------------------------------------------===//
// TMA loads with .cta_group::2 (9.7.9.25.5.1)
//===----------------------------------------------------------------------===//

constexpr uint64_t kMagic = 0x50414d5446504f55ull;

// A rank-2 f32 tensor map (CUtensorMapDataType 7) of w x h elements, rows
// `pitch` bytes apart, box bx x by, no swizzle.
TensorMap makeMap(const void *base, uint64_t w, uint64_t h, uint64_t pitch,
                  uint32_t bx, uint32_t by) {
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
  m.dtype = 7;
  m.rank = 2;
  return m;
}

struct alignas(64) MapParam {
  TensorMap map;
};

// 40 x 20 f32, element (x, y) = 1000 y + x, rows 48 floats apart.
std::vector<float> globalTensor() {
  std::vector<float> g(20 * 48, -1.0f);
  for (int y = 0; y < 20; ++y)
    for (int x = 0; x < 40; ++x)
      g[y * 48 + x] = float(1000 * y + x);
  return g;
}

// 5.5 (tiled mode, no swizzle): word r * 16 + c of a 16 x 4 box at {x, y}
// is element (x + c, y + r).
float boxWord(int x, int y, unsigned w) {
  return float(1000 * (y + int(w / 16)) + x + int(w % 16));
}

// A cluster kernel of 32-thread CTAs. Each CTA fills its 256-byte `buf`
// with 0x5e000000 + 256 * rank + word (so a CTA that receives no data
// keeps it), fences it for the async proxy, initialises its `bar` (count
// 1) and makes that visible to the cluster; thread 0 of the CTA of rank
// `issuer` then runs `issue` (%r4 = shared::cluster address of its own buf,
// %rd2 = the tensor map, %r20/%r21 the box coordinates 8, 3), and every
// thread of a CTA in `waiters` (a rank mask) waits on its bar's phase 0.
// After a cluster barrier each CTA copies buf to out + 256 * rank.
std::string tmaKernel(unsigned issuer, const std::string &issue,
                      unsigned waiters) {
  return R"(
  .shared .align 1024 .b8 buf[256];
  .shared .align 8 .b8 bar[8];
  .reg .pred %p<8>;
  .reg .b16 %rs<4>;
  .reg .b32 %r<40>;
  .reg .b64 %rd<20>;
  ld.param.u64 %rd1, [k_param_0];
  mov.b64 %rd2, k_param_1;
  cvta.param.u64 %rd2, %rd2;
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %cluster_ctarank;
  mov.u32 %r3, buf;
  mov.u32 %r5, bar;
  // The shared::cluster address of buf: generic, then cvta.to.
  mov.u64 %rd3, buf;
  cvta.shared.u64 %rd3, %rd3;
  cvta.to.shared::cluster.u64 %rd4, %rd3;
  cvt.u32.u64 %r4, %rd4;
  shl.b32 %r6, %r1, 3;
  add.u32 %r7, %r3, %r6;
  shl.b32 %r8, %r2, 8;
  shl.b32 %r9, %r1, 1;
  add.u32 %r10, %r8, %r9;
  add.u32 %r10, %r10, 0x5e000000;
  add.u32 %r11, %r10, 1;
  st.shared.v2.u32 [%r7], {%r10, %r11};
  fence.proxy.async.shared::cta;
  setp.eq.u32 %p1, %r1, 0;
  @%p1 mbarrier.init.shared::cta.b64 [%r5], 1;
  fence.mbarrier_init.release.cluster;
  barrier.cluster.arrive.release.aligned;
  barrier.cluster.wait.acquire.aligned;
  setp.eq.u32 %p2, %r2, )" + std::to_string(issuer) + R"(;
  and.pred %p3, %p1, %p2;
  @!%p3 bra.uni $L_issued;
  mov.u32 %r20, 8;
  mov.u32 %r21, 3;
)" + issue + R"(
$L_issued:
  mov.u32 %r30, )" + std::to_string(waiters) + R"(;
  shr.u32 %r12, %r30, %r2;
  and.b32 %r12, %r12, 1;
  setp.eq.u32 %p4, %r12, 1;
  @!%p4 bra.uni $L_waited;
)" + waitLoop("%r5", "0", "T") + R"(
$L_waited:
  barrier.cluster.arrive.release.aligned;
  barrier.cluster.wait.acquire.aligned;
  ld.shared.v2.u32 {%r13, %r14}, [%r7];
  mul.wide.u32 %rd5, %r2, 256;
  add.s64 %rd6, %rd1, %rd5;
  mul.wide.u32 %rd7, %r1, 8;
  add.s64 %rd8, %rd6, %rd7;
  st.global.v2.u32 [%rd8], {%r13, %r14};
  ret;)";
}

// `mapa.shared::cluster.u64 %rd<reg>, bar, rank`: the barrier of `rank`.
std::string barOf(unsigned reg, unsigned rank) {
  return "  mov.u64 %rd" + std::to_string(reg) + ", bar;\n"
         "  mapa.shared::cluster.u64 %rd" + std::to_string(reg) + ", %rd" +
         std::to_string(reg) + ", " + std::to_string(rank) + ";\n";
}

std::string expectTx(unsigned reg, unsigned bytes) {
  return "  mbarrier.arrive.expect_tx.release.cluster.shared::cluster.b64 _, "
         "[%rd" + std::to_string(reg) + "], " + std::to_string(bytes) + ";\n";
}

const char *kTmaParams =
    ".param .u64 k_param_0, .param .align 64 .b8 k_param_1[128]";

std::string runTma(unsigned ctas, unsigned issuer, const std::string &issue,
                   unsigned waiters, std::vector<uint32_t> &out,
                   uint64_t seed = 1) {
  std::vector<float> g = globalTensor();
  MapParam p{makeMap(g.data(), 40, 20, 192, 16, 4)};
  out.assign(64 * ctas, 0);
  Buffers b;
  b.add(g);
  b.add(out);
  uint64_t outPtr = uintptr_t(out.data());
  return run(kTmaParams, tmaKernel(issuer, issue, waiters), {&outPtr, &p},
             cluster(ctas, 32, seed), b);
}

// Checks CTA r's copy of buf: the box at {8, 3} if `landed`, else its own
// fill pattern.
void expectBuf(const std::vector<uint32_t> &out, unsigned r, bool landed) {
  for (unsigned w = 0; w < 64; ++w) {
    if (landed)
      EXPECT_EQ(flt(out[r * 64 + w]), boxWord(8, 3, w))
          << "rank " << r << " word " << w;
    else
      EXPECT_EQ(out[r * 64 + w], 0x5e000000u + 256 * r + w)
          << "rank " << r << " word " << w;
  }
}

// .multicast::cluster with .cta_group::2: "the source data is multicast to
// the same offset as dstMem in the shared memory of each destination CTA"
// (ctaMask bit i = %cluster_ctarank i), and "for each destination CTA
// specified in the ctaMask, the mbarrier signal is sent either to the
// destination CTA or its peer-CTA based on the %cluster_ctarank parity of
// the shared memory where the mbarrier object mbar resides". CTA 0 issues
// with ctaMask 0b1101 (CTAs 0, 2, 3) and mbar in CTA 1 (odd): destination
// 0 signals CTA 1, destinations 2 and 3 signal CTA 3. So CTA 1's barrier
// receives 256 bytes and CTA 3's 512; CTA 0 announces exactly that with
// mbarrier.arrive.expect_tx on each (their one arrival each), and CTAs 1
// and 3 wait. CTA 1 gets no data. A reversed mask, a signal to the
// destination itself, or one signal per instruction instead of per
// destination leaves a barrier short (a deadlock) or moves the data.
TEST(PtxEmulatorTmaPair, MulticastSignalsTheParityCtaOfEachPair) {
  std::string issue = barOf(10, 1) + barOf(11, 3) + expectTx(10, 256) +
                      expectTx(11, 512) + R"(
  mov.u16 %rs1, 13;
  cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster.cta_group::2 [%r4], [%rd2, {%r20, %r21}], [%rd10], %rs1;
)";
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    std::vector<uint32_t> out;
    ASSERT_EQ(runTma(4, 0, issue, 0b1010, out, seed), "") << "seed " << seed;
    expectBuf(out, 0, true);
    expectBuf(out, 1, false);
    expectBuf(out, 2, true);
    expectBuf(out, 3, true);
  }
}

// The same with mbar in CTA 2 (even) and ctaMask 0b0110: destination 1
// signals its even peer CTA 0, destination 2 CTA 2 itself.
TEST(PtxEmulatorTmaPair, MulticastToTheEvenCtas) {
  std::string issue = barOf(10, 0) + barOf(11, 2) + expectTx(10, 256) +
                      expectTx(11, 256) + R"(
  mov.u16 %rs1, 6;
  cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.multicast::cluster.cta_group::2 [%r4], [%rd2, {%r20, %r21}], [%rd11], %rs1;
)";
  std::vector<uint32_t> out;
  ASSERT_EQ(runTma(4, 3, issue, 0b0101, out), "");
  expectBuf(out, 0, false);
  expectBuf(out, 1, true);
  expectBuf(out, 2, true);
  expectBuf(out, 3, false);
}

// Without multicast, .cta_group::2 lets mbar lie in the destination's CTA
// or in its peer: CTA 1 loads into its own buf and signals CTA 0's
// barrier, on which it also announced the bytes (expect_tx on the peer's
// barrier); only CTA 0 waits.
TEST(PtxEmulatorTmaPair, UnicastSignalsThePeer) {
  std::string issue = barOf(10, 0) + expectTx(10, 256) + R"(
  cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.cta_group::2 [%r4], [%rd2, {%r20, %r21}], [%rd10];
)";
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    std::vector<uint32_t> out;
    ASSERT_EQ(runTma(2, 1, issue, 0b01, out, seed), "") << "seed " << seed;
    expectBuf(out, 0, false);
    expectBuf(out, 1, true);
  }
}

// "When .cta_group::2 is specified, the mbarrier object mbar can be in
// shared memory of either the same CTA as the shared memory destination
// dstMem or in its peer-CTA": CTA 0's load signalling CTA 3 (another pair)
// is outside that, so an error rather than a guess at which barrier.
TEST(PtxEmulatorTmaPair, UnicastBarrierOutsideThePairIsAnError) {
  std::string issue = barOf(10, 3) + expectTx(10, 256) + R"(
  cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.cta_group::2 [%r4], [%rd2, {%r20, %r21}], [%rd10];
)";
  std::vector<uint32_t> out;
  std::string err = runTma(4, 0, issue, 0b1000, out);
  EXPECT_TRUE(has(err, "peer")) << err;
}

// 9.7.13.15: expect_tx on a remote barrier raises its tx-count, and the
// phase waits for those bytes: announcing 4 bytes more than the load
// completes leaves CTA 0 waiting forever (a deadlock, reported).
TEST(PtxEmulatorTmaPair, RemoteExpectTxCountsOnThePeersBarrier) {
  std::string issue = barOf(10, 0) + expectTx(10, 260) + R"(
  cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes.cta_group::2 [%r4], [%rd2, {%r20, %r21}], [%rd10];
)";
  std::vector<uint32_t> out;
  std::string err = runTma(2, 1, issue, 0b01, out);
  EXPECT_TRUE(has(err, "deadlock")) << err;
}

//===----------------------------------------------------------------------===//
// tcgen05 with .cta_group::2 (9.7.16)
//===----------------------------------------------------------------------===//

// binary16 of a small integer (exact), by the format's definition.
uint16_t f16(int v) {
  if (v == 0)
    return 0;
  uint16_t sign = v < 0 ? 0x8000 : 0;
  int e;
  float m = std::frexp(std::fabs(float(v)), &e);
  return sign | uint16_t((e - 1 + 15) << 10) |
         uint16_t(std::ldexp(m, 11) - 1024);
}

// Each CTA's image (9.7.16, shared memory descriptor; K-major, no
// swizzle: core matrices of 8 rows x 16 bytes, LBO between K-adjacent and
// SBO between M/N-adjacent ones): its 128 rows of A (M x K = 128 x 16) at
// 0 with LBO 128, SBO 256, and its rows of B (N x K) at 4096 with LBO 512,
// SBO 128 (so mixing LBO and SBO up reads NaN). Values depend on the CTA's
// rank, so that reading the wrong CTA's operand changes the sums.
constexpr unsigned kImageBytes = 4096 + 1024;
int aVal(unsigned rank, unsigned m, unsigned k) {
  return int((m * 3 + k * 5 + rank * 7) % 9) - 4;
}
int bVal(unsigned rank, unsigned n, unsigned k) {
  return int((n * 7 + k * 3 + rank * 2) % 5) - 2;
}
unsigned aAt(unsigned m, unsigned k) {
  return (m / 8) * 256 + (m % 8) * 16 + (k / 8) * 128 + (k % 8) * 2;
}
unsigned bAt(unsigned n, unsigned k) {
  return 4096 + (n / 8) * 128 + (n % 8) * 16 + (k / 8) * 512 + (k % 8) * 2;
}

std::vector<uint16_t> image(unsigned rank, unsigned bRows) {
  std::vector<uint16_t> img(kImageBytes / 2, 0x7e00);
  for (unsigned m = 0; m < 128; ++m)
    for (unsigned k = 0; k < 16; ++k)
      img[aAt(m, k) / 2] = f16(aVal(rank, m, k));
  for (unsigned n = 0; n < bRows; ++n)
    for (unsigned k = 0; k < 16; ++k)
      img[bAt(n, k) / 2] = f16(bVal(rank, n, k));
  return img;
}

// The sm_100 shared memory descriptor without the start address (added in
// the kernel): LBO >> 4 at 16, SBO >> 4 at 32, version 1 at 46, base offset
// 0, swizzle 0 at 61-63.
constexpr uint64_t kDescA = (128 >> 4) << 16 | uint64_t(256 >> 4) << 32 |
                            uint64_t(1) << 46;
constexpr uint64_t kDescB = (4096 >> 4) | (512 >> 4) << 16 |
                            uint64_t(128 >> 4) << 32 | uint64_t(1) << 46;

// Instruction descriptor, kind::f16 (9.7.16, "Instruction descriptor"):
// D format f32 (1) at bits 4-5, A/B f16 (0), K-major, N >> 3 at 17-22,
// M >> 4 at 24-28. With cta_group::2, M = 256 (128 rows per CTA) and N = 16
// (8 rows of B per CTA).
constexpr uint32_t idesc(unsigned m, unsigned n) {
  return (1u << 4) | ((n >> 3) << 17) | ((m >> 4) << 24);
}

// 128 threads per CTA. Each CTA copies its image into `img`, fences it
// for the async proxy; thread 0 initialises `bar` (count 1); warp 0
// allocates 32 tensor memory columns with .cta_group::G and relinquishes
// the permit; a cluster barrier; then thread 0 of each CTA whose rank is
// even (G = 2) or every CTA (G = 1) runs two MMAs on its descriptors
// (enable-input-d false, then true: D = 2 A B) and `commit`. Every thread
// waits for its own bar's phase 0, reads its warp's 32 lanes x 16 columns
// (tcgen05.ld 32x32b.x8, twice) and stores them to out + rank * 8192 +
// tid * 64; a cluster barrier, and warp 0 deallocates.
std::string tcKernel(unsigned group, const std::string &commit,
                     bool discard = true) {
  std::string g = std::to_string(group);
  std::string mmaForm = "tcgen05.mma.cta_group::" + g + ".kind::f16" +
                        (discard ? ".collector::a::discard" : "");
  std::string s = R"(
  .shared .align 128 .b8 img[)" + std::to_string(kImageBytes) + R"(];
  .shared .align 8 .b8 bar[8];
  .shared .align 4 .b8 slot[4];
  .reg .pred %p<8>;
  .reg .b16 %rs<4>;
  .reg .b32 %r<60>;
  .reg .b64 %rd<20>;
  ld.param.u64 %rd1, [k_param_0];
  ld.param.u64 %rd2, [k_param_1];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %cluster_ctarank;
  mul.wide.u32 %rd3, %r2, )" + std::to_string(kImageBytes) + R"(;
  add.s64 %rd2, %rd2, %rd3;
  mov.u32 %r3, img;
  mov.u32 %r4, 0;
$L_copy:
  mad.lo.u32 %r5, %r4, 128, %r1;
  shl.b32 %r6, %r5, 2;
  cvt.u64.u32 %rd4, %r6;
  add.s64 %rd5, %rd2, %rd4;
  ld.global.u32 %r7, [%rd5];
  add.u32 %r8, %r3, %r6;
  st.shared.u32 [%r8], %r7;
  add.u32 %r4, %r4, 1;
  setp.lt.u32 %p5, %r4, )" + std::to_string(kImageBytes / 512) + R"(;
  @%p5 bra $L_copy;
  fence.proxy.async.shared::cta;
  mov.u32 %r9, bar;
  mov.u32 %r10, slot;
  setp.eq.u32 %p1, %r1, 0;
  setp.lt.u32 %p4, %r1, 32;
  @%p1 mbarrier.init.shared::cta.b64 [%r9], 1;
  fence.mbarrier_init.release.cluster;
  @!%p4 bra.uni $L_alloced;
  tcgen05.alloc.cta_group::)" + g + R"(.sync.aligned.shared::cta.b32 [%r10], 32;
  tcgen05.relinquish_alloc_permit.cta_group::)" + g + R"(.sync.aligned;
$L_alloced:
  tcgen05.fence::before_thread_sync;
  barrier.cluster.arrive.release.aligned;
  barrier.cluster.wait.acquire.aligned;
  tcgen05.fence::after_thread_sync;
  ld.shared.u32 %r11, [%r10];
  // Descriptors: start = img >> 4 (14 bits) plus the fixed fields.
  cvt.u64.u32 %rd6, %r3;
  shr.u64 %rd6, %rd6, 4;
  and.b64 %rd6, %rd6, 16383;
  add.s64 %rd10, %rd6, )" + std::to_string(kDescA) + R"(;
  add.s64 %rd11, %rd6, )" + std::to_string(kDescB) + R"(;
  mov.u32 %r12, )" + std::to_string(idesc(128 * group, 8 * group)) + R"(;
  setp.ne.u32 %p2, %r1, %r1;
  setp.eq.u32 %p3, %r1, %r1;
  and.b32 %r13, %r2, )" + (group == 2 ? "1" : "0") + R"(;
  setp.eq.u32 %p6, %r13, 0;
  and.pred %p6, %p6, %p1;
  @!%p6 bra.uni $L_issued;
  )" + mmaForm + R"( [%r11], %rd10, %rd11, %r12, %p2;
  )" + mmaForm + R"( [%r11], %rd10, %rd11, %r12, %p3;
)" + commit + R"(
$L_issued:
)" + waitLoop("%r9", "0", "M") + R"(
  tcgen05.fence::after_thread_sync;
  shr.u32 %r14, %r1, 5;
  shl.b32 %r14, %r14, 21;
  add.u32 %r15, %r11, %r14;
  mul.wide.u32 %rd7, %r2, 8192;
  add.s64 %rd8, %rd1, %rd7;
  mul.wide.u32 %rd9, %r1, 64;
  add.s64 %rd8, %rd8, %rd9;
  tcgen05.ld.sync.aligned.32x32b.x8.b32 {%r20, %r21, %r22, %r23, %r24, %r25, %r26, %r27}, [%r15];
  add.u32 %r16, %r15, 8;
  tcgen05.ld.sync.aligned.32x32b.x8.b32 {%r28, %r29, %r30, %r31, %r32, %r33, %r34, %r35}, [%r16];
  tcgen05.wait::ld.sync.aligned;
  st.global.v4.u32 [%rd8], {%r20, %r21, %r22, %r23};
  st.global.v4.u32 [%rd8+16], {%r24, %r25, %r26, %r27};
  st.global.v4.u32 [%rd8+32], {%r28, %r29, %r30, %r31};
  st.global.v4.u32 [%rd8+48], {%r32, %r33, %r34, %r35};
  tcgen05.fence::before_thread_sync;
  barrier.cluster.arrive.release.aligned;
  barrier.cluster.wait.acquire.aligned;
  tcgen05.fence::after_thread_sync;
  @!%p4 bra.uni $L_end;
  tcgen05.dealloc.cta_group::)" + g + R"(.sync.aligned.b32 %r11, 32;
$L_end:
  ret;)";
  return s;
}

std::string runTc(unsigned ctas, unsigned group, const std::string &commit,
                  std::vector<uint32_t> &out, uint64_t seed = 1,
                  bool discard = true) {
  std::vector<uint16_t> imgs;
  for (unsigned r = 0; r < ctas; ++r) {
    std::vector<uint16_t> one = image(r, 8);
    imgs.insert(imgs.end(), one.begin(), one.end());
  }
  out.assign(size_t(ctas) * 2048, 0);
  Buffers b;
  b.add(imgs);
  b.add(out);
  uint64_t outPtr = uintptr_t(out.data()), imgPtr = uintptr_t(imgs.data());
  return run(".param .u64 k_param_0, .param .u64 k_param_1",
             tcKernel(group, commit, discard), {&outPtr, &imgPtr},
             cluster(ctas, 128, seed), b);
}

// 9.7.16 (tcgen05.mma with .cta_group::2; the data path layout of M = 256):
// the pair (2i, 2i + 1) computes one M = 256 product. A's rows 0-127 are
// the even CTA's (its shared memory at the descriptor's address) and
// 128-255 the odd CTA's; B (N x K) is split along N, rows 0..N/2-1 from the
// even CTA and N/2..N-1 from the odd one; D's rows 0-127 land in the even
// CTA's tensor memory (lane = row), 128-255 in the odd CTA's, at the same
// address. tcgen05.ld 32x32b: lane l of warp w reads lane 32w + l, .x8
// columns c..c+7. So thread t of CTA r holds, in column j of its 16,
// D[128 (r % 2) + t][j] of its pair = 2 * sum_k A[..][k] B[j][k].
void expectPair(const std::vector<uint32_t> &out, unsigned ctas,
                unsigned group) {
  unsigned bad = 0;
  for (unsigned r = 0; r < ctas; ++r)
    for (unsigned t = 0; t < 128; ++t)
      for (unsigned j = 0; j < 8 * group; ++j) {
        unsigned even = group == 2 ? r & ~1u : r;
        unsigned bRank = even + j / 8; // N half j / 8 comes from that CTA
        double want = 0;
        for (unsigned k = 0; k < 16; ++k)
          want += 2.0 * aVal(r, t, k) * bVal(bRank, j % 8, k);
        float got = flt(out[r * 2048 + t * 16 + j]);
        if (got != float(want) && ++bad <= 8)
          ADD_FAILURE() << "CTA " << r << " thread " << t << " column " << j
                        << ": got " << got << ", want " << want;
      }
  EXPECT_EQ(bad, 0u);
}

// 9.7.16 (tcgen05.commit): the arrive-on fires once the issuing thread's
// earlier tcgen05 operations complete; with .multicast::cluster it is sent
// to the mbarrier at the same offset in every CTA of ctaMask. The even CTA
// of each pair commits to both CTAs of its pair, mask 0b11 << (rank & 2),
// so each CTA's own count-1 barrier completes phase 0. A commit to the
// issuing CTA only would leave the odd CTAs waiting (a deadlock).
const char *kPairCommit = R"(
  and.b32 %r17, %r2, 2;
  mov.u32 %r18, 3;
  shl.b32 %r18, %r18, %r17;
  cvt.u16.u32 %rs1, %r18;
  mov.u64 %rd12, bar;
  tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.multicast::cluster.b64 [%rd12], %rs1;)";

TEST(PtxEmulatorTcgen05Pair, TwoPairsM256N16) {
  for (uint64_t seed = 1; seed <= 3; ++seed) {
    std::vector<uint32_t> out;
    ASSERT_EQ(runTc(4, 2, kPairCommit, out, seed), "") << "seed " << seed;
    expectPair(out, 4, 2);
  }
}

// The reference must tell the pair's halves apart: CTA 1's column 8
// (B's row 0 of CTA 1) differs from a reading of CTA 0's B row 0 or of
// CTA 1's own A with CTA 0's B.
TEST(PtxEmulatorTcgen05Pair, ReferenceSeparatesTheHalves) {
  double own = 0, swapped = 0;
  for (unsigned k = 0; k < 16; ++k) {
    own += aVal(1, 0, k) * bVal(1, 0, k);
    swapped += aVal(1, 0, k) * bVal(0, 0, k);
  }
  EXPECT_NE(own, swapped);
}

// A multicast mask naming only the issuing CTA: the odd CTA's barrier
// never completes, and the emulator reports the deadlock.
TEST(PtxEmulatorTcgen05Pair, CommitToTheIssuerOnlyLeavesThePeerWaiting) {
  std::string commit = kPairCommit;
  commit.replace(commit.find("mov.u32 %r18, 3;"), 16, "mov.u32 %r18, 1;");
  std::vector<uint32_t> out;
  std::string err = runTc(2, 2, commit, out);
  EXPECT_TRUE(has(err, "deadlock")) << err;
}

// ctaMask bit i names %cluster_ctarank i: in a cluster of 2, mask 0b100
// names a CTA that does not exist, an error rather than no arrival.
TEST(PtxEmulatorTcgen05Pair, CommitMaskOutsideTheClusterIsAnError) {
  std::string commit = kPairCommit;
  commit.replace(commit.find("mov.u32 %r18, 3;"), 16, "mov.u32 %r18, 4;");
  std::vector<uint32_t> out;
  std::string err = runTc(2, 2, commit, out);
  EXPECT_TRUE(has(err, "multicast mask")) << err;
}

// tcgen05.mma.cta_group::1.kind::f16.collector::a::discard: the collector
// qualifier only says that the A matrix need not stay in the collector
// buffer for reuse; the result is the plain MMA's. Each CTA of a cluster
// of 2 computes its own M = 128, N = 8 product.
TEST(PtxEmulatorTcgen05Pair, CtaGroup1CollectorDiscard) {
  std::vector<uint32_t> out;
  ASSERT_EQ(runTc(2, 1,
                  "  tcgen05.commit.cta_group::1.mbarrier::arrive::one."
                  "shared::cluster.b64 [%r9];",
                  out),
            "");
  expectPair(out, 2, 1);
}

// 9.7.16: "All tcgen05 instructions within a kernel must specify the same
// value for the .cta_group qualifier." A kernel that allocates with
// cta_group::2 and runs a cta_group::1 MMA is rejected.
TEST(PtxEmulatorTcgen05Pair, MixedCtaGroupsAreAnError) {
  std::string body = tcKernel(2, kPairCommit);
  size_t at = body.find("tcgen05.mma.cta_group::2");
  body.replace(at, 24, "tcgen05.mma.cta_group::1");
  std::vector<uint32_t> out(2 * 2048, 0);
  std::vector<uint16_t> img = image(0, 8), img1 = image(1, 8);
  img.insert(img.end(), img1.begin(), img1.end());
  Buffers b;
  b.add(img);
  b.add(out);
  uint64_t outPtr = uintptr_t(out.data()), imgPtr = uintptr_t(img.data());
  std::string err = run(".param .u64 k_param_0, .param .u64 k_param_1", body,
                        {&outPtr, &imgPtr}, cluster(2, 128), b);
  EXPECT_TRUE(has(err, "must use the same .cta_group")) << err;
}

// 9.7.16 (tcgen05.alloc): with .cta_group::2 "one warp from each of the
// peer CTAs must collectively perform the allocation and de-allocation".
// Here only CTA 0 of the pair allocates and frees: on hardware its warp
// would wait for the peer; the emulator reports the unmatched steps.
TEST(PtxEmulatorTcgen05Pair, AllocByOneCtaOfThePairIsAnError) {
  std::string body = R"(
  .shared .align 4 .b8 slot[4];
  .reg .pred %p<4>;
  .reg .b32 %r<8>;
  mov.u32 %r1, %cluster_ctarank;
  setp.ne.u32 %p1, %r1, 0;
  @%p1 bra.uni $L_end;
  tcgen05.alloc.cta_group::2.sync.aligned.shared::cta.b32 [slot], 32;
  tcgen05.fence::before_thread_sync;
  bar.sync 0;
  tcgen05.fence::after_thread_sync;
  ld.shared.u32 %r2, [slot];
  tcgen05.dealloc.cta_group::2.sync.aligned.b32 %r2, 32;
$L_end:
  ret;)";
  Buffers b;
  std::string err = run("", body, {}, cluster(2, 32), b);
  EXPECT_TRUE(has(err, "both CTAs of the pair")) << err;
  // Both CTAs: fine.
  body.replace(body.find("@%p1 bra.uni $L_end;"), 20, "");
  EXPECT_EQ(run("", body, {}, cluster(2, 32), b), "");
}

} // namespace
