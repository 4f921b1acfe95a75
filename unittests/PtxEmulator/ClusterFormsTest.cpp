//===- ClusterFormsTest.cpp - wgmma shapes, ldmatrix.trans, setmaxnreg ----===//
//
// Inventory forms test/Emulator/unit-test-forms.test listed without a unit
// test: wgmma.mma_async m64n32k16 / m64n256k16 (bf16) and m64n128k16 (f16)
// through swizzled and unswizzled descriptors (PTX ISA 9.7.15), ldmatrix
// .x4.trans (9.7.14.5.15), setmaxnreg (section "setmaxnreg") and
// cvta.to.shared::cluster (section "cvta"). Each expected value comes
// from a plain C++ reference written here from the ISA's text (layouts,
// fragments), never from the emulator's code. Tcgen05PairTest.cpp has the CTA-pair forms.
//
//===----------------------------------------------------------------------===//

#include "Buffers.h"
#include "PtxEmulator.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

using namespace uop::emu;
using uop::emu::test::Buffers;

namespace {

bool has(const std::string &err, const char *what) {
  return err.find(what) != std::string::npos;
}

float flt(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

// A PTX f32 literal: 0f and the eight hex digits of the encoding.
std::string hexFloat(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  char b[16];
  std::snprintf(b, sizeof(b), "0f%08X", u);
  return b;
}

// Parses `body` as the kernel `k(params)` under `header` and launches it.
std::string run(const char *header, const std::string &params,
                const std::string &body, std::vector<void *> args,
                const LaunchConfig &cfg, Buffers &bufs) {
  std::string ptx = std::string(header) + ".visible .entry k(" + params +
                    ")\n{\n" + body + "\n}\n";
  std::string err;
  Module *m = parseModule(ptx.c_str(), err);
  if (!m)
    return "parse: " + err;
  err = launch(*m, "k", cfg, args.data(), bufs.check());
  destroyModule(m);
  return err;
}

LaunchConfig block(unsigned threads, unsigned cluster = 1, uint64_t seed = 1) {
  LaunchConfig cfg;
  cfg.block[0] = threads;
  cfg.grid[0] = cluster;
  cfg.cluster[0] = cluster;
  cfg.seed = seed;
  return cfg;
}

const char *kHeader80 = ".version 8.0\n.target sm_80\n.address_size 64\n";
const char *kHeader90 = ".version 8.0\n.target sm_90a\n.address_size 64\n";

//===----------------------------------------------------------------------===//
// wgmma.mma_async m64nNk16 (9.7.15)
//===----------------------------------------------------------------------===//

// binary16 / bfloat16 of a small integer (exact), by the formats'
// definitions: bfloat16 is the upper half of the binary32 encoding.
uint16_t f16(int v) {
  if (v == 0)
    return 0;
  uint16_t sign = v < 0 ? 0x8000 : 0;
  int e;
  float m = std::frexp(std::fabs(float(v)), &e); // |v| = m * 2^e, m in [.5, 1)
  return sign | uint16_t((e - 1 + 15) << 10) |
         uint16_t(std::ldexp(m, 11) - 1024);
}
uint16_t bf16(int v) {
  float f = float(v);
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return uint16_t(u >> 16);
}

// One K-major operand in shared memory (9.7.15, "Shared Memory Matrix
// Layout"). Without swizzling the unit is the core matrix of 8 rows x 16
// bytes (8 elements along K); LBO is the byte distance between core matrices
// adjacent in K, SBO between those adjacent in M/N. With a swizzle of S
// bytes (32, 64, 128) each row of an 8-row atom holds S bytes of K, the atoms
// are SBO apart, and the 16-byte chunk c of row r of an atom is stored at
// chunk c XOR (r / (128 / S)) (the ISA's swizzle figures: 128B XORs with
// r, 64B with r/2, 32B with r/4; the pattern spans the 8 x S bytes of an
// atom, which must be 8 x S aligned).
struct Operand2D {
  unsigned start; // byte offset in the image
  unsigned lbo, sbo, swizzleBytes; // swizzleBytes 0: none
  unsigned at(unsigned row, unsigned k) const {
    if (!swizzleBytes)
      return start + (row / 8) * sbo + (row % 8) * 16 + (k / 8) * lbo +
             (k % 8) * 2;
    unsigned r = row % 8, chunk = k / 8, perRow = swizzleBytes / 16;
    unsigned sw = chunk ^ (r / (8 / perRow)); // 128B: r; 64B: r/2; 32B: r/4
    return start + (row / 8) * sbo + r * swizzleBytes + sw * 16 + (k % 8) * 2;
  }
  // 9.7.15 (matrix descriptor): bits 0-13 start >> 4, 16-29 LBO >> 4,
  // 32-45 SBO >> 4, 49-51 base offset (0), 62-63 swizzle: 0 none, 1 128B,
  // 2 64B, 3 32B. `kByte` advances the start along K inside a swizzle row
  // (the way a K loop steps through a 128-byte row 32 bytes at a time).
  uint64_t descBits(unsigned kByte = 0) const {
    uint64_t mode = swizzleBytes == 128 ? 1 : swizzleBytes == 64 ? 2
                    : swizzleBytes == 32 ? 3 : 0;
    return uint64_t((start + kByte) >> 4) | uint64_t(lbo >> 4) << 16 |
           uint64_t(sbo >> 4) << 32 | mode << 62;
  }
};

// Small integers, different for every (which, row, k) so that a misplaced
// element changes a sum.
int aVal(unsigned w, unsigned m, unsigned k) {
  return int((m * 7 + k * 3 + w * 5) % 9) - 4;
}
int bVal(unsigned w, unsigned n, unsigned k) {
  return int((n * 5 + k * 11 + w * 3) % 7) - 3;
}

// A wgmma case: operands A (64 x kTotal) and B (N x kTotal, K-major) in an
// image of `bytes` bytes, the rest an NaN so that reading a wrong byte shows.
struct WgCase {
  unsigned n, kTotal, bytes;
  bool bf;
  Operand2D a, b;
  std::vector<uint16_t> image() const {
    std::vector<uint16_t> img(bytes / 2, bf ? 0x7fc0 : 0x7e00);
    auto enc = [&](int v) { return bf ? bf16(v) : f16(v); };
    for (unsigned m = 0; m < 64; ++m)
      for (unsigned k = 0; k < kTotal; ++k)
        img[a.at(m, k) / 2] = enc(aVal(0, m, k));
    for (unsigned c = 0; c < n; ++c)
      for (unsigned k = 0; k < kTotal; ++k)
        img[b.at(c, k) / 2] = enc(bVal(0, c, k));
    return img;
  }
};

// 128 threads copy the image to shared memory (1024-aligned), fence the
// generic writes for the async proxy, bar.sync; %rd5 = the image's shared
// address >> 4 (added to each descriptor's start field), %r1 = tid, %p2 =
// false, %p3 = true; then `mma`, whose accumulators are %f1..%f<N/2>, each
// thread t storing them to out[t * N/2 + j].
std::string wgKernel(const WgCase &c, const std::string &mma) {
  unsigned half = c.n / 2;
  std::string s = R"(
  .shared .align 1024 .b8 img[)" + std::to_string(c.bytes) + R"(];
  .reg .pred %p<8>;
  .reg .b32 %r<40>;
  .reg .f32 %f<300>;
  .reg .b64 %rd<40>;
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
  setp.lt.u32 %p1, %r3, )" + std::to_string(c.bytes / 512) + R"(;
  @%p1 bra $L_copy;
  fence.proxy.async.shared::cta;
  bar.sync 0;
  cvt.u64.u32 %rd5, %r2;
  shr.u64 %rd5, %rd5, 4;
  mul.wide.u32 %rd6, %r1, )" + std::to_string(half * 4) + R"(;
  add.s64 %rd7, %rd1, %rd6;
  setp.ne.u32 %p2, %r1, %r1;
  setp.eq.u32 %p3, %r1, %r1;
)" + mma;
  for (unsigned j = 0; j < half; ++j)
    s += "  st.global.f32 [%rd7+" + std::to_string(4 * j) + "], %f" +
         std::to_string(j + 1) + ";\n";
  return s + "  ret;";
}

std::string runWg(const WgCase &c, const std::string &mma,
                  std::vector<uint32_t> &out) {
  std::vector<uint16_t> img = c.image();
  out.assign(128 * c.n / 2, 0);
  Buffers b;
  b.add(img);
  b.add(out);
  uint64_t outPtr = uintptr_t(out.data()), imgPtr = uintptr_t(img.data());
  return run(kHeader90, ".param .u64 k_param_0, .param .u64 k_param_1",
             wgKernel(c, mma), {&outPtr, &imgPtr}, block(128), b);
}

// `add.s64 REG, %rd5, bits`: a descriptor whose start is the image's.
std::string desc(unsigned reg, uint64_t bits) {
  return "  add.s64 %rd" + std::to_string(reg) + ", %rd5, " +
         std::to_string(bits) + ";\n";
}

std::string accList(unsigned n) {
  std::string s = "{";
  for (unsigned j = 1; j <= n / 2; ++j)
    s += (j > 1 ? ", %f" : "%f") + std::to_string(j);
  return s + "}";
}

// 9.7.15 (register fragments, "Matrix fragments for wgmma.m64nNk16", D
// with .f32): thread t of the warpgroup (warp w = t / 32, lane l) holds in
// d[4i + j] the element D[16w + l/4 + 8(j/2)][8i + 2(l%4) + j%2].
unsigned dRow(unsigned t, unsigned r) {
  return 16 * (t / 32) + (t % 32) / 4 + 8 * ((r % 4) / 2);
}
unsigned dCol(unsigned t, unsigned r) {
  return 8 * (r / 4) + 2 * (t % 4) + r % 2;
}

// Checks out against c(t, r) + sum over K-slices s (of 16) of
// sign(s) * A[row][16s..16s+15] . B[col][16s..16s+15].
void expectWg(const WgCase &c, const std::vector<uint32_t> &out,
              const std::function<double(unsigned, unsigned)> &init,
              const std::vector<double> &sliceSign) {
  unsigned half = c.n / 2, bad = 0;
  for (unsigned t = 0; t < 128; ++t)
    for (unsigned r = 0; r < half; ++r) {
      unsigned m = dRow(t, r), n = dCol(t, r);
      double want = init(t, r);
      for (unsigned s = 0; s < sliceSign.size(); ++s)
        for (unsigned k = 16 * s; k < 16 * s + 16; ++k)
          want += sliceSign[s] * aVal(0, m, k) * bVal(0, n, k);
      float got = flt(out[t * half + r]);
      if (got != float(want) && ++bad <= 8)
        ADD_FAILURE() << "thread " << t << " d" << r << " = D[" << m << "]["
                      << n << "]: got " << got << ", want " << want;
    }
  EXPECT_EQ(bad, 0u);
}

// m64n32k16 bf16 from unswizzled descriptors. A's K halves are 128 bytes
// apart and its 8-row groups 256; B's the other way round (LBO 512, SBO
// 128), so swapping LBO and SBO, or the K halves, reads other elements
// (or the NaN filler). scale-d is
// false: the accumulators' previous contents (100) do not count.
TEST(PtxEmulatorWgmmaShapes, M64N32K16Bf16NoSwizzle) {
  WgCase c{32, 16, 3072, true, {0, 128, 256, 0}, {2048, 512, 128, 0}};
  std::string mma;
  for (unsigned j = 1; j <= 16; ++j)
    mma += "  mov.f32 %f" + std::to_string(j) + ", 0f42C80000;\n";
  mma += desc(10, c.a.descBits()) + desc(11, c.b.descBits()) +
         "  wgmma.fence.sync.aligned;\n"
         "  wgmma.mma_async.sync.aligned.m64n32k16.f32.bf16.bf16 " +
         accList(32) +
         ", %rd10, %rd11, %p2, 1, 1, 0, 0;\n"
         "  wgmma.commit_group.sync.aligned;\n"
         "  wgmma.wait_group.sync.aligned 0;\n";
  std::vector<uint32_t> out;
  ASSERT_EQ(runWg(c, mma, out), "");
  expectWg(c, out, [](unsigned, unsigned) { return 0.0; }, {1});
  // A hand-checked element: thread 37 (warp 1, lane 5), d6 = d[4 * 1 + 2]:
  // row 16 + 5/4 + 8 = 25, column 8 + 2 * (5 % 4) + 0 = 10.
  EXPECT_EQ(dRow(37, 6), 25u);
  EXPECT_EQ(dCol(37, 6), 10u);
}

// m64n128k16 f16 through 128-byte swizzled descriptors (SBO 1024: one
// 8-row atom per 1024 bytes, LBO unused): four MMAs step the descriptors'
// start 32 bytes at a time along the 128-byte rows (K = 64), one group,
// scale-d true throughout, so D = C + A * B over all of K. C(t, r) =
// t + 1000 r sits in the registers before the first MMA.
TEST(PtxEmulatorWgmmaShapes, M64N128K16F16Swizzle128) {
  WgCase c{128, 64, 8192 + 16384, false, {0, 16, 1024, 128},
           {8192, 16, 1024, 128}};
  std::string mma = "  cvt.rn.f32.u32 %f290, %r1;\n";
  for (unsigned r = 0; r < 64; ++r)
    mma += "  add.f32 %f" + std::to_string(r + 1) + ", %f290, " +
           hexFloat(1000.0f * float(r)) + ";\n";
  mma += "  wgmma.fence.sync.aligned;\n";
  for (unsigned s = 0; s < 4; ++s)
    mma += desc(10 + 2 * s, c.a.descBits(32 * s)) +
           desc(11 + 2 * s, c.b.descBits(32 * s)) +
           "  wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 " +
           accList(128) + ", %rd" + std::to_string(10 + 2 * s) + ", %rd" +
           std::to_string(11 + 2 * s) + ", %p3, 1, 1, 0, 0;\n";
  mma += "  wgmma.commit_group.sync.aligned;\n"
         "  wgmma.wait_group.sync.aligned 0;\n";
  std::vector<uint32_t> out;
  ASSERT_EQ(runWg(c, mma, out), "");
  expectWg(c, out,
           [](unsigned t, unsigned r) { return double(t) + 1000.0 * r; },
           {1, 1, 1, 1});
}

// m64n256k16 bf16 through 64-byte swizzled descriptors (rows of 32
// elements, atoms of 8 x 64 bytes; A's atoms 1536 bytes apart with NaN in
// between, B's packed at 512). Two groups: A0*B0 with scale-d false, then
// scale-d true with imm-scale-a = -1 on the second K slice (start + 32
// bytes), so D = A0*B0 - A1*B1 (9.7.15: D = scale-d * D + (imm-scale-a * A)
// * (imm-scale-b * B)).
TEST(PtxEmulatorWgmmaShapes, M64N256K16Bf16Swizzle64) {
  WgCase c{256, 32, 12288 + 16384, true, {0, 16, 1536, 64},
           {12288, 16, 512, 64}};
  std::string mma = desc(10, c.a.descBits()) + desc(11, c.b.descBits()) +
                    desc(12, c.a.descBits(32)) + desc(13, c.b.descBits(32)) +
                    "  wgmma.fence.sync.aligned;\n"
                    "  wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 " +
                    accList(256) +
                    ", %rd10, %rd11, %p2, 1, 1, 0, 0;\n"
                    "  wgmma.commit_group.sync.aligned;\n"
                    "  wgmma.mma_async.sync.aligned.m64n256k16.f32.bf16.bf16 " +
                    accList(256) +
                    ", %rd12, %rd13, %p3, -1, 1, 0, 0;\n"
                    "  wgmma.commit_group.sync.aligned;\n"
                    "  wgmma.wait_group.sync.aligned 0;\n";
  std::vector<uint32_t> out;
  ASSERT_EQ(runWg(c, mma, out), "");
  expectWg(c, out, [](unsigned, unsigned) { return 0.0; }, {1, -1});
}

// The references above must be able to tell layouts apart: the 128B
// swizzle moves element (row 3, k 8) from chunk 1 to chunk 1 ^ 3 = 2, the
// 64B swizzle (row 3, k 8) to chunk 1 ^ 1 = 0 (self-checks of the layout
// formulas against the ISA's figures, independent of the emulator).
TEST(PtxEmulatorWgmmaShapes, SwizzleFormulas) {
  Operand2D s128{0, 16, 1024, 128}, s64{0, 16, 512, 64}, s32{0, 16, 256, 32};
  EXPECT_EQ(s128.at(3, 8), 3u * 128 + 2 * 16);
  EXPECT_EQ(s128.at(9, 63), 1024u + 128 + (7 ^ 1) * 16 + 14);
  EXPECT_EQ(s64.at(3, 8), 3u * 64 + 0 * 16);
  EXPECT_EQ(s64.at(6, 0), 6u * 64 + 3 * 16);
  EXPECT_EQ(s32.at(5, 9), 5u * 32 + 0 * 16 + 2);
}

//===----------------------------------------------------------------------===//
// ldmatrix .x4 .trans (9.7.14.5.15)
//===----------------------------------------------------------------------===//

// Lane L supplies the address of row L % 8 of matrix L / 8 (addr0-addr7
// matrix 0, addr8-addr15 matrix 1, ...). Here the rows are scattered:
// lane L points at 16-byte row slot perm(L) of a 32-row table whose
// halfword c of slot s holds 0x100 * s + c. With .trans a matrix is read
// column-major: lane l receives in register i the elements (row 2(l%4),
// column l/4) (low half) and (row 2(l%4)+1, column l/4) (high half) of
// matrix i, i.e. row l/4, columns 2(l%4), 2(l%4)+1 of its transpose
// (Figure "ldmatrix fragment", .trans).
unsigned perm(unsigned lane) { return (lane * 13 + 5) % 32; }

TEST(PtxEmulatorLdmatrix, X4TransScatteredRows) {
  std::string body = R"(
  .shared .align 16 .b8 s[512];
  .reg .pred %p<4>;
  .reg .b16 %rs<4>;
  .reg .b32 %r<40>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [k_param_0];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, s;
  // Thread t fills slot t: halfword c = 0x100 t + c.
  shl.b32 %r3, %r1, 4;
  add.u32 %r4, %r2, %r3;
  shl.b32 %r5, %r1, 8;
  mov.u32 %r6, 0;
$L_fill:
  add.u32 %r7, %r5, %r6;
  cvt.u16.u32 %rs1, %r7;
  shl.b32 %r8, %r6, 1;
  add.u32 %r9, %r4, %r8;
  st.shared.u16 [%r9], %rs1;
  add.u32 %r6, %r6, 1;
  setp.lt.u32 %p1, %r6, 8;
  @%p1 bra $L_fill;
  bar.sync 0;
  // perm(L) = (13 L + 5) % 32
  mad.lo.u32 %r10, %r1, 13, 5;
  and.b32 %r10, %r10, 31;
  shl.b32 %r10, %r10, 4;
  add.u32 %r11, %r2, %r10;
  ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%r20, %r21, %r22, %r23}, [%r11];
  mul.wide.u32 %rd2, %r1, 16;
  add.s64 %rd3, %rd1, %rd2;
  st.global.v4.b32 [%rd3], {%r20, %r21, %r22, %r23};
  ret;)";
  std::vector<uint32_t> out(32 * 4, 0);
  Buffers b;
  b.add(out);
  uint64_t outPtr = uintptr_t(out.data());
  ASSERT_EQ(run(kHeader80, ".param .u64 k_param_0", body, {&outPtr},
                block(32), b),
            "");
  auto elem = [](unsigned i, unsigned row, unsigned col) {
    return 0x100u * perm(8 * i + row) + col; // matrix i, (row, col)
  };
  for (unsigned l = 0; l < 32; ++l)
    for (unsigned i = 0; i < 4; ++i) {
      uint32_t want = elem(i, 2 * (l % 4), l / 4) |
                      elem(i, 2 * (l % 4) + 1, l / 4) << 16;
      EXPECT_EQ(out[l * 4 + i], want) << "lane " << l << " register " << i;
    }
  // By hand: lane 9, matrix 2 -> rows 2 and 3 of matrix 2 (lanes 18, 19:
  // slots 15, 28), column 2; without .trans it would be row 2, columns 2-3
  // (slot 15: 0x0f02 | 0x0f03 << 16).
  EXPECT_EQ(out[9 * 4 + 2], 0x0f02u | 0x1c02u << 16);
}

//===----------------------------------------------------------------------===//
// setmaxnreg (PTX ISA section "setmaxnreg")
//===----------------------------------------------------------------------===//

// Two warpgroups as a warp-specialized kernel has them: warpgroup 0
// releases registers (dec 40), warpgroup 1 requests more (inc 232). The
// instruction changes only how many physical registers the warp owns; the
// PTX registers live before it keep their values (only registers newly
// obtained by .inc are undefined, and a PTX program names none of those:
// ptxas allocates within the count). So each thread's value computed
// before it is stored unchanged after it.
std::string setmaxnregKernel(const std::string &g0, const std::string &g1) {
  return R"(
  .reg .pred %p<4>;
  .reg .b32 %r<16>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [k_param_0];
  mov.u32 %r1, %tid.x;
  mad.lo.u32 %r2, %r1, 7, 3;
  setp.lt.u32 %p1, %r1, 128;
  @!%p1 bra $L_g1;
)" + g0 + R"(
  add.u32 %r2, %r2, 1000;
  bra.uni $L_done;
$L_g1:
)" + g1 + R"(
  add.u32 %r2, %r2, 2000;
$L_done:
  mul.wide.u32 %rd2, %r1, 4;
  add.s64 %rd3, %rd1, %rd2;
  st.global.u32 [%rd3], %r2;
  ret;)";
}

std::string runSetmaxnreg(const std::string &g0, const std::string &g1,
                          std::vector<uint32_t> &out, uint64_t seed = 1) {
  out.assign(256, 0);
  Buffers b;
  b.add(out);
  uint64_t outPtr = uintptr_t(out.data());
  return run(kHeader90, ".param .u64 k_param_0", setmaxnregKernel(g0, g1),
             {&outPtr}, block(256, 1, seed), b);
}

TEST(PtxEmulatorSetmaxnreg, DecAndIncKeepLiveRegisters) {
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    std::vector<uint32_t> out;
    ASSERT_EQ(runSetmaxnreg("  setmaxnreg.dec.sync.aligned.u32 40;",
                            "  setmaxnreg.inc.sync.aligned.u32 232;", out,
                            seed),
              "");
    for (unsigned t = 0; t < 256; ++t)
      EXPECT_EQ(out[t], 7 * t + 3 + (t < 128 ? 1000 : 2000)) << t;
  }
}

// "The value of imm-reg-count must be in the range 24 to 256 (both
// inclusive) and must be a multiple of 8": 20, 100 and 264 are rejected
// (fail closed), 24 and 256 accepted.
TEST(PtxEmulatorSetmaxnreg, RegisterCountOutsideTheRangeIsAnError) {
  std::vector<uint32_t> out;
  for (const char *bad : {"20", "100", "264"}) {
    std::string err = runSetmaxnreg(
        std::string("  setmaxnreg.dec.sync.aligned.u32 ") + bad + ";", "",
        out);
    EXPECT_TRUE(has(err, "imm-reg-count")) << bad << ": " << err;
  }
  EXPECT_EQ(runSetmaxnreg("  setmaxnreg.dec.sync.aligned.u32 24;",
                          "  setmaxnreg.inc.sync.aligned.u32 256;", out),
            "");
}

// "The same setmaxnreg instruction must be executed by all warps in a
// warpgroup" (.sync.aligned): here only warp 0 of warpgroup 0 executes it.
TEST(PtxEmulatorSetmaxnreg, PartOfAWarpgroupIsAnError) {
  std::vector<uint32_t> out;
  std::string err = runSetmaxnreg(
      "  setp.lt.u32 %p2, %r1, 32;\n  @!%p2 bra $L_skip;\n"
      "  setmaxnreg.dec.sync.aligned.u32 40;\n$L_skip:",
      "", out);
  EXPECT_TRUE(has(err, "warpgroup")) << err;
}

// .dec "should be greater than or equal to imm-reg-count" of the count
// owned before, .inc less than or equal: after dec to 40 an inc to 32 (or
// after inc to 232 a dec to 240) is undefined, so an error.
TEST(PtxEmulatorSetmaxnreg, CountMovingTheWrongWayIsAnError) {
  std::vector<uint32_t> out;
  std::string err = runSetmaxnreg("  setmaxnreg.dec.sync.aligned.u32 40;\n"
                                  "  bar.sync 1, 128;\n"
                                  "  setmaxnreg.inc.sync.aligned.u32 32;",
                                  "", out);
  EXPECT_TRUE(has(err, "setmaxnreg.inc")) << err;
  err = runSetmaxnreg("", "  setmaxnreg.inc.sync.aligned.u32 232;\n"
                          "  bar.sync 1, 128;\n"
                          "  setmaxnreg.dec.sync.aligned.u32 240;",
                      out);
  EXPECT_TRUE(has(err, "setmaxnreg.dec")) << err;
  // The right way round is fine.
  EXPECT_EQ(runSetmaxnreg("  setmaxnreg.dec.sync.aligned.u32 40;\n"
                          "  bar.sync 1, 128;\n"
                          "  setmaxnreg.inc.sync.aligned.u32 64;",
                          "", out),
            "");
}

//===----------------------------------------------------------------------===//
// cvta.to.shared::cluster (PTX ISA section "cvta")
//===----------------------------------------------------------------------===//

// cvta.to.shared::cluster converts a generic address to a shared::cluster
// address. A CTA's own shared variable (cvta.shared gives its generic
// address) converts to the address of that variable in the executing CTA's
// part of the shared::cluster window; the generic address of the peer's
// variable (mapa without a state space, 9.7.9.19) converts to the peer's.
// Thread t of rank r stores 100 r + t through the first into its own
// buf[t]; after barrier.cluster it loads through the second, so it must
// read the peer's 100 (r ^ 1) + t (a conversion that dropped the CTA would
// read its own value).
TEST(PtxEmulatorCluster, CvtaToSharedCluster) {
  std::string body = R"(
  .shared .align 4 .b8 buf[128];
  .reg .b32 %r<16>;
  .reg .b64 %rd<16>;
  ld.param.u64 %rd1, [k_param_0];
  mov.u32 %r1, %tid.x;
  mov.u32 %r2, %cluster_ctarank;
  xor.b32 %r3, %r2, 1;
  mad.lo.u32 %r4, %r2, 100, %r1;
  mov.u64 %rd2, buf;
  cvta.shared.u64 %rd3, %rd2;
  mul.wide.u32 %rd4, %r1, 4;
  add.s64 %rd5, %rd3, %rd4;
  cvta.to.shared::cluster.u64 %rd6, %rd5;
  st.shared::cluster.u32 [%rd6], %r4;
  barrier.cluster.arrive;
  barrier.cluster.wait;
  mapa.u64 %rd7, %rd5, %r3;
  cvta.to.shared::cluster.u64 %rd8, %rd7;
  ld.shared::cluster.u32 %r5, [%rd8];
  ld.shared.u32 %r6, [%rd2+0];
  mad.lo.u32 %r7, %r2, 32, %r1;
  mul.wide.u32 %rd9, %r7, 8;
  add.s64 %rd10, %rd1, %rd9;
  st.global.v2.u32 [%rd10], {%r5, %r6};
  barrier.cluster.arrive;
  barrier.cluster.wait;
  ret;)";
  for (uint64_t seed = 1; seed <= 4; ++seed) {
    std::vector<uint32_t> out(2 * 32 * 2, 7);
    Buffers b;
    b.add(out);
    uint64_t outPtr = uintptr_t(out.data());
    ASSERT_EQ(run(kHeader90, ".param .u64 k_param_0", body, {&outPtr},
                  block(32, 2, seed), b),
              "")
        << "seed " << seed;
    for (unsigned r = 0; r < 2; ++r)
      for (unsigned t = 0; t < 32; ++t) {
        EXPECT_EQ(out[(r * 32 + t) * 2], 100 * (r ^ 1) + t)
            << "rank " << r << " t " << t;
        // buf[0] of the own CTA, written by its thread 0.
        EXPECT_EQ(out[(r * 32 + t) * 2 + 1], 100 * r) << "rank " << r;
      }
  }
}

// cvta.to.shared::cluster of a generic address outside shared memory (a
// global one) has no shared::cluster address: an error, not a guess.
TEST(PtxEmulatorCluster, CvtaToSharedClusterOfGlobalIsAnError) {
  std::string body = R"(
  .reg .b64 %rd<8>;
  .reg .b32 %r<4>;
  ld.param.u64 %rd1, [k_param_0];
  cvta.to.shared::cluster.u64 %rd2, %rd1;
  ld.shared::cluster.u32 %r1, [%rd2];
  ret;)";
  std::vector<uint32_t> out(4, 0);
  Buffers b;
  b.add(out);
  uint64_t outPtr = uintptr_t(out.data());
  std::string err = run(kHeader90, ".param .u64 k_param_0", body, {&outPtr},
                        block(32, 2), b);
  EXPECT_TRUE(has(err, "not in this state space")) << err;
}

} // namespace
