//===- Tcgen05ClusterTest.cpp - sm_100a tcgen05 and clusters against the ISA =//
//
// Hand-written sm_100a PTX for tensor memory and the fifth-generation tensor
// core with cta_group::1 (PTX ISA 9.7.16: tcgen05.alloc / dealloc /
// relinquish_alloc_permit, tcgen05.mma kind::f16, tcgen05.commit,
// tcgen05.ld / wait::ld), and for clusters of CTAs (PTX ISA 2.2.3 "Cluster
// of cooperative thread arrays", the cluster special registers of chapter
// 10, mapa 9.7.9.19, barrier.cluster 9.7.13.3, mbarrier arrivals on another
// CTA's barrier 9.7.13.15). Subsections are named by title where their
// number shifts between ISA versions. Every expected value is worked out
// here from the ISA's text, never from the emulator's code. The negative
// tests are kernels the emulator must reject, each with its own message.
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

const char *kHeader100 = ".version 8.7\n.target sm_100a\n.address_size 64\n";

using uop::emu::test::Buffers;

// Parses `body` as the sm_100a kernel `k(params)` and launches it with
// `cfg`; `args` points at each parameter's bytes. Returns the error, or "".
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

LaunchConfig block(unsigned threads, uint64_t seed = 1) {
  LaunchConfig cfg;
  cfg.block[0] = threads;
  cfg.seed = seed;
  return cfg;
}

LaunchConfig cluster2(unsigned grid, unsigned threads, uint64_t seed = 1) {
  LaunchConfig cfg;
  cfg.grid[0] = grid;
  cfg.cluster[0] = 2;
  cfg.block[0] = threads;
  cfg.seed = seed;
  return cfg;
}

bool has(const std::string &err, const char *what) {
  return err.find(what) != std::string::npos;
}

float flt(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

// The try_wait loop: spins until the phase of parity PAR of the mbarrier
// at shared address BAR has completed (9.7.13.15, mbarrier.try_wait).
std::string waitLoop(const std::string &bar, const std::string &par,
                     const std::string &label = "W") {
  return "  {\n  .reg .pred P1;\n  LAB_" + label +
         ":\n"
         "  mbarrier.try_wait.parity.shared::cta.b64 P1, [" +
         bar + "], " + par + ", 1000000;\n  @P1 bra.uni DONE_" + label +
         ";\n  bra.uni LAB_" + label + ";\n  DONE_" + label + ":\n  }\n";
}

//===----------------------------------------------------------------------===//
// tcgen05 with cta_group::1 (9.7.16)
//===----------------------------------------------------------------------===//

// Shared memory matrix layout for tcgen05 (9.7.16, "Shared memory
// descriptor" and "Shared memory layout and swizzling"), K-major without
// swizzling: core matrices of 8 rows x 16 bytes (8 f16 along K); LBO is the
// distance between core matrices adjacent in K, SBO between core matrices
// adjacent in M (or N). Element (row, k) lies at
// start + (row/8)*SBO + (row%8)*16 + (k/8)*LBO + (k%8)*2.
// A is M x K = 128 x 16; B (N x K, K-major) is 8 x 16.
struct Layout {
  unsigned start, lbo, sbo;
  unsigned at(unsigned row, unsigned k) const {
    return start + (row / 8) * sbo + (row % 8) * 16 + (k / 8) * lbo +
           (k % 8) * 2;
  }
  // The sm_100 shared memory descriptor: bits 0-13 start >> 4, 16-29
  // LBO >> 4, 32-45 SBO >> 4, 46-47 version (must be 1), 49-51 base offset
  // 0, 52 LBO mode 0, 61-63 swizzle 0 (none). The start is added in the
  // kernel (the shared address of the image); this is the rest, with the
  // offset of `start` inside the image.
  uint64_t descBits() const {
    return uint64_t(start >> 4) | uint64_t(lbo >> 4) << 16 |
           uint64_t(sbo >> 4) << 32 | uint64_t(1) << 46;
  }
};

// The image: A1 at 0 (LBO 2048, SBO 128: the K halves 2 KiB apart), B1 at
// 4096 (LBO 128, SBO 256), A2 at 4608 (LBO 128, SBO 256: 4 KiB), B2 at
// 8704 (LBO 256, SBO 1024). 256 bytes at the end hold an f16 NaN, and so
// do the unused bytes of B2's core-matrix gaps, so reading one would show.
constexpr unsigned kImageBytes = 9216 + 512;
const Layout kA1{0, 2048, 128}, kB1{4096, 128, 256}, kA2{4608, 128, 256},
    kB2{8704, 256, 1024};

float aVal(unsigned which, unsigned m, unsigned k) {
  return float(int((m * 3 + k * 5 + which * 2) % 9) - 4);
}
float bVal(unsigned which, unsigned k, unsigned n) {
  return float(int((k * 7 + n * 3 + which) % 5) - 2);
}

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

std::vector<uint16_t> image() {
  std::vector<uint16_t> img(kImageBytes / 2, 0x7e00);
  for (unsigned w = 0; w < 2; ++w) {
    const Layout &A = w ? kA2 : kA1, &B = w ? kB2 : kB1;
    for (unsigned m = 0; m < 128; ++m)
      for (unsigned k = 0; k < 16; ++k)
        img[A.at(m, k) / 2] = f16(aVal(w, m, k));
    for (unsigned n = 0; n < 8; ++n)
      for (unsigned k = 0; k < 16; ++k)
        img[B.at(n, k) / 2] = f16(bVal(w, k, n));
  }
  return img;
}

// The instruction descriptor for kind::f16 (9.7.16, "Instruction
// descriptor"): bits 0-3 sparsity/saturate 0, 4-5 D format 1 (f32), 7-9 A
// format 0 (f16), 10-12 B format 0 (f16), 13/14 no negation, 15/16 A/B
// K-major (0), 17-22 N >> 3 = 1, 24-28 M >> 4 = 8.
constexpr uint32_t kIdesc = (1u << 4) | (1u << 17) | (8u << 24);
static_assert(kIdesc == 0x08020010u, "M = 128, N = 8, f32 += f16 * f16");

// 128 threads (4 warps) copy the image into shared memory, fence the
// generic writes for the async proxy (9.7.16: tcgen05.mma reads its
// operands through the async proxy), thread 0 initialises the mbarrier
// `bar` (count 1), warp 0 allocates 32 columns (the address goes to `slot`)
// and relinquishes its permit; after bar.sync every thread holds the
// tensor memory address in %r10, the descriptors in %rd10 (A1) %rd11 (B1)
// %rd12 (A2) %rd13 (B2), the instruction descriptor in %r11, %p1 = (tid ==
// 0), %p2 = false, %p3 = true, %p4 = (warp 0), and the address of its
// warp's lane quarter, %r10 + ((32 * warp) << 16), in %r12. Then `body`;
// the kernel ends with the dealloc by warp 0 unless !dealloc. Warp 0
// allocates `cols` columns.
std::string tcKernel(const std::string &body, bool dealloc = true,
                     unsigned cols = 32) {
  auto desc = [](const char *reg, const Layout &l) {
    return std::string("  add.s64 ") + reg + ", %rd5, " +
           std::to_string(l.descBits()) + ";\n";
  };
  std::string s = R"(
  .shared .align 128 .b8 img[)" + std::to_string(kImageBytes) + R"(];
  .shared .align 8 .b8 bar[8];
  .shared .align 4 .b8 slot[4];
  .reg .pred %p<8>;
  .reg .b32 %r<60>;
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
  setp.lt.u32 %p5, %r3, )" + std::to_string(kImageBytes / 4 / 128) + R"(;
  @%p5 bra $L_copy;
  fence.proxy.async.shared::cta;
  mov.u32 %r8, bar;
  mov.u32 %r9, slot;
  setp.eq.u32 %p1, %r1, 0;
  setp.ne.u32 %p2, %r1, %r1;
  setp.eq.u32 %p3, %r1, %r1;
  setp.lt.u32 %p4, %r1, 32;
  @%p1 mbarrier.init.shared::cta.b64 [%r8], 1;
  @!%p4 bra.uni $L_alloced;
  tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%r9], )" +
       std::to_string(cols) + R"(;
  tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;
$L_alloced:
  tcgen05.fence::before_thread_sync;
  bar.sync 0;
  tcgen05.fence::after_thread_sync;
  ld.shared.u32 %r10, [%r9];
  mov.u32 %r11, )" + std::to_string(kIdesc) + R"(;
  shr.u32 %r13, %r1, 5;
  shl.b32 %r13, %r13, 21;
  add.u32 %r12, %r10, %r13;
  // The start address field: (shared address of img) >> 4.
  cvt.u64.u32 %rd5, %r2;
  shr.u64 %rd5, %rd5, 4;
  and.b64 %rd5, %rd5, 16383;
)";
  s += desc("%rd10", kA1) + desc("%rd11", kB1) + desc("%rd12", kA2) +
       desc("%rd13", kB2);
  s += body;
  if (dealloc)
    s += R"(
  tcgen05.fence::before_thread_sync;
  bar.sync 0;
  @!%p4 bra.uni $L_end;
  tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r10, )" +
         std::to_string(cols) + R"(;
$L_end:
)";
  s += "  ret;";
  return s;
}

const char *kTcParams = ".param .u64 k_param_0, .param .u64 k_param_1";

std::string runTc(const std::string &body, std::vector<uint32_t> &out,
                  bool dealloc = true, unsigned cols = 32,
                  const LaunchConfig &cfg = block(128)) {
  std::vector<uint16_t> img = image();
  Buffers b;
  b.add(img);
  b.add(out);
  uint64_t outPtr = uintptr_t(out.data()), imgPtr = uintptr_t(img.data());
  return run(kTcParams, tcKernel(body, dealloc, cols), {&outPtr, &imgPtr},
             cfg, b);
}

// tcgen05.ld.sync.aligned.32x32b.x8.b32 of the warp's quarter (%r12) into
// %r20..%r27, tcgen05.wait::ld, then out[off/4 + 8 * tid + j] = r_j.
std::string loadAndStore(unsigned off) {
  return R"(
  tcgen05.ld.sync.aligned.32x32b.x8.b32 {%r20, %r21, %r22, %r23, %r24, %r25, %r26, %r27}, [%r12];
  tcgen05.wait::ld.sync.aligned;
  mul.wide.u32 %rd6, %r1, 32;
  add.s64 %rd6, %rd6, )" +
         std::to_string(off) + R"(;
  add.s64 %rd7, %rd1, %rd6;
  st.global.v4.u32 [%rd7], {%r20, %r21, %r22, %r23};
  st.global.v4.u32 [%rd7+16], {%r24, %r25, %r26, %r27};
)";
}

// D = sum over the operand pairs `which` of A_w * B_w^T (B stored N x K).
float product(std::initializer_list<unsigned> which, unsigned m,
              unsigned n) {
  double sum = 0;
  for (unsigned w : which)
    for (unsigned k = 0; k < 16; ++k)
      sum += double(aVal(w, m, k)) * bVal(w, k, n);
  return float(sum);
}

// 9.7.16 (data path layout, "Layout D", M = 128 with cta_group::1): row i
// of D lies in tensor memory lane i, column j in column j of the
// accumulator's address. 9.7.16 (tcgen05.ld, shape 32x32b): warp w of the
// warpgroup may access lanes 32w..32w+31 and lane l of the warp reads lane
// 32w + l; .x8 reads 8 consecutive columns into its 8 registers. So thread
// t = 32w + l holds r_j = D[t][j].
void expectD(const std::vector<uint32_t> &out, unsigned base,
             std::initializer_list<unsigned> which) {
  for (unsigned t = 0; t < 128; ++t)
    for (unsigned j = 0; j < 8; ++j)
      EXPECT_EQ(flt(out[base + t * 8 + j]), product(which, t, j))
          << "thread " << t << " r" << j << " = D[" << t << "][" << j << "]";
}

std::string mma(const char *a, const char *b, const char *enableD) {
  return std::string("  @%p1 tcgen05.mma.cta_group::1.kind::f16 [%r10], ") +
         a + ", " + b + ", %r11, " + enableD + ";\n";
}

const char *kCommit =
    "  @%p1 tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::"
    "cluster.b64 [%r8];\n";

// 9.7.16 (tcgen05.alloc): the warp-collective alloc writes the tensor
// memory address of the allocation to shared memory. 9.7.16 (tcgen05.mma):
// with enable-input-d false, D = A * B (the freshly allocated, undefined
// columns are not read). 9.7.16 (tcgen05.commit): the mbarrier arrive-on
// (.arrive::one: one arrival) is triggered once the thread's earlier
// asynchronous tcgen05 operations complete, so once the phase of the
// count-1 barrier completes (parity 0, 9.7.13.15) D is in tensor memory.
TEST(PtxEmulatorTcgen05, M128N8K16FromDescriptors) {
  std::vector<uint32_t> out(128 * 8, 0);
  ASSERT_EQ(runTc(mma("%rd10", "%rd11", "%p2") + kCommit + waitLoop("%r8", "0") +
                      "  tcgen05.fence::after_thread_sync;\n" +
                      loadAndStore(0),
                  out),
            "");
  expectD(out, 0, {0});
}

// 9.7.16 (tcgen05.mma): two MMAs on one accumulator issued by one thread
// execute in order; the second, with enable-input-d true, adds A2*B2 to
// the first's result (D = A*B + D). One commit tracks both.
TEST(PtxEmulatorTcgen05, ChainedAccumulation) {
  std::vector<uint32_t> out(128 * 8, 0);
  ASSERT_EQ(runTc(mma("%rd10", "%rd11", "%p2") + mma("%rd12", "%rd13", "%p3") +
                      kCommit + waitLoop("%r8", "0") +
                      "  tcgen05.fence::after_thread_sync;\n" +
                      loadAndStore(0),
                  out),
            "");
  expectD(out, 0, {0, 1});
}

// The same across two commits and two phases: commit after the first MMA,
// wait for phase 0, read, then a second accumulating MMA, commit, wait for
// phase 1 (parity 1), read again. Both intermediate results must show.
TEST(PtxEmulatorTcgen05, TwoCommitsTwoPhases) {
  std::vector<uint32_t> out(2 * 128 * 8, 0);
  ASSERT_EQ(runTc(mma("%rd10", "%rd11", "%p2") + kCommit +
                      waitLoop("%r8", "0", "A") +
                      "  tcgen05.fence::after_thread_sync;\n" +
                      loadAndStore(0) +
                      "  tcgen05.fence::before_thread_sync;\n  bar.sync 0;\n"
                      "  tcgen05.fence::after_thread_sync;\n" +
                      mma("%rd12", "%rd13", "%p3") + kCommit +
                      waitLoop("%r8", "1", "B") +
                      "  tcgen05.fence::after_thread_sync;\n" +
                      loadAndStore(128 * 8 * 4),
                  out),
            "");
  expectD(out, 0, {0});
  expectD(out, 128 * 8, {0, 1});
}

// 9.7.13.15 (mbarrier.test_wait / try_wait): .parity 1 on a fresh barrier
// names the phase preceding the current one, which counts as complete, so
// the wait returns at once, before the commit's arrival (the only one the
// barrier expects) has happened. 9.7.16 (tcgen05.mma): the MMA is
// asynchronous and only the commit's mbarrier tells of its completion;
// 9.7.16 (tcgen05.alloc): a new allocation's contents are undefined. So the
// first read sees undefined data: the emulator, completing the commit at
// the latest legal moment (when every thread is blocked, here in the
// parity-0 loop below), gives poison 0xffffffff in every register. No
// error: the read itself is legal, only its value is undefined. After
// waiting on parity 0 (the phase the commit completes), D is A * B.
TEST(PtxEmulatorTcgen05, ReadBeforeCommitFiresIsPoison) {
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    std::vector<uint32_t> out(2 * 128 * 8, 0);
    ASSERT_EQ(runTc(mma("%rd10", "%rd11", "%p2") + kCommit +
                        waitLoop("%r8", "1", "A") +
                        "  tcgen05.fence::after_thread_sync;\n" +
                        loadAndStore(128 * 8 * 4) + waitLoop("%r8", "0", "B") +
                        "  tcgen05.fence::after_thread_sync;\n" +
                        loadAndStore(0),
                    out, true, 32, block(128, seed)),
              "")
        << "seed " << seed;
    for (unsigned i = 0; i < 128 * 8; ++i)
      ASSERT_EQ(out[128 * 8 + i], 0xffffffffu) << "seed " << seed << " " << i;
    expectD(out, 0, {0});
  }
}

// 9.7.16 (tcgen05.dealloc): taddr must be the address of an allocation
// made by tcgen05.alloc (and nCols its size). Column 32 of a 32-column
// allocation at column 0 is not one.
TEST(PtxEmulatorTcgen05, DeallocOfNonAllocationIsAnError) {
  std::vector<uint32_t> out(8, 0);
  std::string err = runTc(R"(
  add.u32 %r30, %r10, 32;
  @!%p4 bra.uni $L_x;
  tcgen05.dealloc.cta_group::1.sync.aligned.b32 %r30, 32;
$L_x:
)",
                          out);
  EXPECT_TRUE(has(err, "not an allocation")) << err;
}

// 9.7.16 (tcgen05.alloc / dealloc): all tensor memory a CTA allocated
// must be deallocated before the CTA exits.
TEST(PtxEmulatorTcgen05, ExitWithTensorMemoryAllocatedIsAnError) {
  std::vector<uint32_t> out(8, 0);
  std::string err = runTc("", out, /*dealloc=*/false);
  EXPECT_TRUE(has(err, "tcgen05.dealloc is missing")) << err;
}

// 9.7.16 ("Access restrictions" of tensor memory, and tcgen05.ld): warp w
// of a warpgroup may access only lanes 32(w%4)..32(w%4)+31. Here every warp
// reads at lane 0 (%r10, not its quarter %r12): warps 1-3 break the rule.
TEST(PtxEmulatorTcgen05, LoadOutsideTheWarpsLaneQuarterIsAnError) {
  std::vector<uint32_t> out(128 * 8, 0);
  std::string err = runTc(mma("%rd10", "%rd11", "%p2") + kCommit +
                              waitLoop("%r8", "0") + "  mov.u32 %r12, %r10;\n" +
                              loadAndStore(0),
                          out);
  EXPECT_TRUE(has(err, "may access tensor memory lanes")) << err;
}

// 9.7.16 (tensor memory addressing): a tensor memory address holds the
// lane in bits 31-16 and the column in bits 15-0, and an MMA's D may start
// at any column of an allocation. In one 64-column allocation, A1*B1 goes
// to columns 8-15 and A2*B2 to columns 40-47 (both enable-input-d false);
// each is read back through its own column offset.
TEST(PtxEmulatorTcgen05, AccumulatorsAtColumnOffsets) {
  std::vector<uint32_t> out(2 * 128 * 8, 0);
  std::string body = R"(
  add.u32 %r30, %r10, 8;
  add.u32 %r31, %r10, 40;
  @%p1 tcgen05.mma.cta_group::1.kind::f16 [%r30], %rd10, %rd11, %r11, %p2;
  @%p1 tcgen05.mma.cta_group::1.kind::f16 [%r31], %rd12, %rd13, %r11, %p2;
)" + std::string(kCommit) + waitLoop("%r8", "0") +
                     "  tcgen05.fence::after_thread_sync;\n"
                     "  mov.u32 %r40, %r12;\n  add.u32 %r12, %r40, 8;\n" +
                     loadAndStore(0) + "  add.u32 %r12, %r40, 40;\n" +
                     loadAndStore(128 * 8 * 4);
  ASSERT_EQ(runTc(body, out, true, 64), "");
  expectD(out, 0, {0});
  expectD(out, 128 * 8, {1});
}

// 9.7.16 (tcgen05.ld): the columns read must lie in tensor memory the CTA
// allocated; columns 32-39 of a 32-column allocation at column 0 do not
// (were another allocation there they could be someone else's).
TEST(PtxEmulatorTcgen05, LoadOutsideTheAllocationIsAnError) {
  std::vector<uint32_t> out(128 * 8, 0);
  std::string err = runTc("  add.u32 %r12, %r12, 32;\n" + loadAndStore(0), out);
  EXPECT_TRUE(has(err, "outside an allocation")) << err;
}

// Each CTA of a 2-CTA cluster runs its own cta_group::1 MMA on its own
// tensor memory and shared memory (9.7.16: cta_group::1 involves the
// executing CTA only). The descriptor's start field is 14 bits of
// (shared::cta address >> 4), masked as CUTLASS does. CTA c writes its D to
// out + 4096 c.
TEST(PtxEmulatorTcgen05, OneMmaPerCtaInACluster) {
  std::vector<uint32_t> out(2 * 128 * 8, 0);
  std::string body = R"(
  mov.u32 %r41, %ctaid.x;
  mul.wide.u32 %rd9, %r41, 4096;
  add.s64 %rd1, %rd1, %rd9;
)" + mma("%rd10", "%rd11", "%p2") + kCommit + waitLoop("%r8", "0") +
                     "  tcgen05.fence::after_thread_sync;\n" + loadAndStore(0);
  ASSERT_EQ(runTc(body, out, true, 32, cluster2(2, 128)), "");
  expectD(out, 0, {0});
  expectD(out, 128 * 8, {0});
}

//===----------------------------------------------------------------------===//
// Clusters
//===----------------------------------------------------------------------===//

// Chapter 10 (special registers %cluster_ctarank, %cluster_nctarank,
// %clusterid, %nclusterid, %cluster_ctaid): with a 1-D grid of 4 CTAs in
// clusters of 2, CTA c is in cluster c / 2 (of 2 clusters), has
// %cluster_ctaid.x = %cluster_ctarank = c % 2 (the rank of a CTA in a 1-D
// cluster is its x position) and %cluster_nctarank = 2.
TEST(PtxEmulatorCluster, SpecialRegisters) {
  std::string body = R"(
  .reg .b32 %r<16>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [k_param_0];
  mov.u32 %r1, %ctaid.x;
  mul.wide.u32 %rd2, %r1, 32;
  add.s64 %rd1, %rd1, %rd2;
  mov.u32 %r2, %cluster_ctarank;
  mov.u32 %r3, %clusterid.x;
  mov.u32 %r4, %cluster_nctarank;
  mov.u32 %r5, %cluster_ctaid.x;
  mov.u32 %r6, %nclusterid.x;
  mov.u32 %r7, %cluster_nctaid.x;
  st.global.v4.u32 [%rd1], {%r1, %r2, %r3, %r4};
  st.global.v4.u32 [%rd1+16], {%r5, %r6, %r7, %r7};
  ret;)";
  std::vector<uint32_t> out(4 * 8, 77);
  Buffers b;
  b.add(out);
  uint64_t outPtr = uintptr_t(out.data());
  ASSERT_EQ(run(".param .u64 k_param_0", body, {&outPtr}, cluster2(4, 1), b),
            "");
  for (unsigned c = 0; c < 4; ++c) {
    const uint32_t want[8] = {c, c % 2, c / 2, 2, c % 2, 2, 2, 2};
    for (unsigned i = 0; i < 8; ++i)
      EXPECT_EQ(out[c * 8 + i], want[i]) << "CTA " << c << " value " << i;
  }
}

// 9.7.9.19 (mapa): mapa.shared::cluster maps the shared address of a
// variable in the executing CTA to the address of the same variable in CTA
// `rank` of the cluster. Each thread t of CTA r stores 1000 * r + t into
// buf[t] of CTA r ^ 1 with st.shared::cluster (9.7.9.9, the
// shared::cluster window). 9.7.13.3 (barrier.cluster): arrive has release
// and wait acquire semantics by default, and wait returns once every
// non-exited thread of the cluster has arrived; so afterwards each CTA's
// buf[t] holds 1000 * (r ^ 1) + t, read both with ld.shared and with
// ld.shared::cluster of its own mapped address.
TEST(PtxEmulatorCluster, MapaStoreIntoThePeerThenClusterBarrier) {
  std::string body = R"(
  .shared .align 4 .b8 buf[128];
  .reg .b32 %r<16>;
  .reg .b64 %rd<12>;
  ld.param.u64 %rd1, [k_param_0];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %cluster_ctarank;
  xor.b32 %r3, %r2, 1;
  mad.lo.u32 %r4, %r2, 1000, %r1;
  mov.u64 %rd2, buf;
  mul.wide.u32 %rd3, %r1, 4;
  add.s64 %rd4, %rd2, %rd3;
  mapa.shared::cluster.u64 %rd5, %rd4, %r3;
  st.shared::cluster.u32 [%rd5], %r4;
  barrier.cluster.arrive;
  barrier.cluster.wait;
  ld.shared.u32 %r5, [%rd4];
  mapa.shared::cluster.u64 %rd6, %rd4, %r2;
  ld.shared::cluster.u32 %r6, [%rd6];
  mad.lo.u32 %r7, %r2, 32, %r1;
  mul.wide.u32 %rd7, %r7, 8;
  add.s64 %rd8, %rd1, %rd7;
  st.global.v2.u32 [%rd8], {%r5, %r6};
  // The peer must not exit while its shared memory may still be read.
  barrier.cluster.arrive;
  barrier.cluster.wait;
  ret;)";
  for (uint64_t seed = 1; seed <= 8; ++seed) {
    std::vector<uint32_t> out(2 * 32 * 2, 7);
    Buffers b;
    b.add(out);
    uint64_t outPtr = uintptr_t(out.data());
    ASSERT_EQ(run(".param .u64 k_param_0", body, {&outPtr},
                  cluster2(2, 32, seed), b),
              "")
        << "seed " << seed;
    for (unsigned r = 0; r < 2; ++r)
      for (unsigned t = 0; t < 32; ++t) {
        uint32_t want = 1000 * (r ^ 1) + t;
        EXPECT_EQ(out[(r * 32 + t) * 2], want) << "rank " << r << " t " << t;
        EXPECT_EQ(out[(r * 32 + t) * 2 + 1], want)
            << "rank " << r << " t " << t << " (shared::cluster)";
      }
  }
}

// 9.7.13.15 (mbarrier.arrive with .shared::cluster): a thread may arrive on
// an mbarrier of another CTA of its cluster (the result operand must then
// be the sink _); .release.cluster orders its earlier writes before the
// arrival. CTA 0 initialises its barrier with count 32 and makes the
// initialisation visible to the cluster (fence.mbarrier_init.release.cluster
// then barrier.cluster, 9.7.13.4 and 9.7.13.3); each of CTA 1's 32 threads
// stores 500 + t into CTA 0's buf[t] and arrives remotely. The 32 arrivals
// complete phase 0, so CTA 0's wait on parity 0 returns and buf[t] holds
// 500 + t. (The emulator decodes only the default .acquire.cta form of
// try_wait; a fence.acq_rel.gpu after it extends the acquire to the
// cluster's scope, 9.7.13.4.)
TEST(PtxEmulatorCluster, RemoteMbarrierArriveCompletesThePhase) {
  std::string body = R"(
  .shared .align 8 .b8 bar[8];
  .shared .align 4 .b8 buf[128];
  .reg .pred %p<8>;
  .reg .b32 %r<16>;
  .reg .b64 %rd<12>;
  ld.param.u64 %rd1, [k_param_0];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %cluster_ctarank;
  mov.u32 %r8, bar;
  mov.u32 %r9, buf;
  setp.eq.u32 %p1, %r2, 0;
  setp.eq.u32 %p2, %r1, 0;
  and.pred %p3, %p1, %p2;
  @%p3 mbarrier.init.shared::cta.b64 [%r8], 32;
  fence.mbarrier_init.release.cluster;
  barrier.cluster.arrive.release.aligned;
  barrier.cluster.wait.acquire.aligned;
  @%p1 bra.uni $L_owner;
  mov.u64 %rd2, bar;
  mapa.shared::cluster.u64 %rd3, %rd2, 0;
  mov.u64 %rd4, buf;
  mul.wide.u32 %rd5, %r1, 4;
  add.s64 %rd4, %rd4, %rd5;
  mapa.shared::cluster.u64 %rd6, %rd4, 0;
  add.u32 %r3, %r1, 500;
  st.shared::cluster.u32 [%rd6], %r3;
  mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%rd3];
  bra.uni $L_end;
$L_owner:
)" + waitLoop("%r8", "0") + R"(
  fence.acq_rel.gpu;
  shl.b32 %r4, %r1, 2;
  add.u32 %r5, %r9, %r4;
  ld.shared.u32 %r6, [%r5];
  mul.wide.u32 %rd7, %r1, 4;
  add.s64 %rd8, %rd1, %rd7;
  st.global.u32 [%rd8], %r6;
$L_end:
  barrier.cluster.arrive.release.aligned;
  barrier.cluster.wait.acquire.aligned;
  ret;)";
  for (uint64_t seed = 1; seed <= 8; ++seed) {
    std::vector<uint32_t> out(32, 7);
    Buffers b;
    b.add(out);
    uint64_t outPtr = uintptr_t(out.data());
    ASSERT_EQ(run(".param .u64 k_param_0", body, {&outPtr},
                  cluster2(2, 32, seed), b),
              "")
        << "seed " << seed;
    for (unsigned t = 0; t < 32; ++t)
      EXPECT_EQ(out[t], 500 + t) << "seed " << seed << " t " << t;
  }
}

// 9.7.13.3 (barrier.cluster): "barrier.cluster.wait ... causes the
// executing thread to wait for all non-exited threads of the cluster to
// perform barrier.cluster.arrive"; the ISA uses the instructions as a
// pair, each thread's wait completing the phase its own arrive joined. A
// wait with no preceding arrive of that thread names no phase (the ISA
// gives it no meaning), so the emulator rejects it rather than guess.
TEST(PtxEmulatorCluster, ClusterWaitWithoutArriveIsAnError) {
  std::string body = R"(
  barrier.cluster.wait;
  ret;)";
  Buffers b;
  std::string err = run("", body, {}, cluster2(2, 32), b);
  EXPECT_TRUE(has(err, "barrier.cluster.wait without an arrive")) << err;
}

} // namespace

namespace {

// 9.7.13.3 (barrier.cluster): wait waits for all *non-exited* threads of
// the cluster to arrive. Warp 1 of CTA 1 exits at once; the other three
// warps exchange values through the peer's shared memory as above and meet
// at the cluster barrier, which must complete without warp 1.
TEST(PtxEmulatorCluster, ExitedThreadsDoNotHoldTheClusterBarrier) {
  std::string body = R"(
  .shared .align 4 .b8 buf[128];
  .reg .pred %p<4>;
  .reg .b32 %r<16>;
  .reg .b64 %rd<12>;
  ld.param.u64 %rd1, [k_param_0];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %cluster_ctarank;
  setp.ge.u32 %p1, %r1, 32;
  setp.eq.u32 %p2, %r2, 1;
  and.pred %p3, %p1, %p2;
  @%p3 bra.uni $L_exit;
  and.b32 %r1, %r1, 31;
  xor.b32 %r3, %r2, 1;
  mad.lo.u32 %r4, %r2, 1000, %r1;
  mov.u64 %rd2, buf;
  mul.wide.u32 %rd3, %r1, 4;
  add.s64 %rd4, %rd2, %rd3;
  mapa.shared::cluster.u64 %rd5, %rd4, %r3;
  @!%p1 st.shared::cluster.u32 [%rd5], %r4;
  barrier.cluster.arrive;
  barrier.cluster.wait;
  ld.shared.u32 %r5, [%rd4];
  mov.u32 %r6, %tid.x;
  mad.lo.u32 %r7, %r2, 64, %r6;
  mul.wide.u32 %rd7, %r7, 4;
  add.s64 %rd8, %rd1, %rd7;
  st.global.u32 [%rd8], %r5;
  barrier.cluster.arrive;
  barrier.cluster.wait;
$L_exit:
  ret;)";
  for (uint64_t seed = 1; seed <= 8; ++seed) {
    std::vector<uint32_t> out(2 * 64, 7);
    Buffers b;
    b.add(out);
    uint64_t outPtr = uintptr_t(out.data());
    ASSERT_EQ(run(".param .u64 k_param_0", body, {&outPtr},
                  cluster2(2, 64, seed), b),
              "")
        << "seed " << seed;
    for (unsigned r = 0; r < 2; ++r)
      for (unsigned t = 0; t < 64; ++t) {
        // Warp 1 of CTA 1 exited and stored nothing.
        uint32_t want = r == 1 && t >= 32 ? 7 : 1000 * (r ^ 1) + t % 32;
        EXPECT_EQ(out[r * 64 + t], want) << "rank " << r << " t " << t;
      }
  }
}

} // namespace
