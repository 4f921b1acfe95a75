//===- PtxEmulatorTest.cpp - Each PTX form against the ISA ----------------===//
//
// Hand-written PTX, one kernel per form, with expected values worked out
// from the PTX ISA's text and tables (the section is named at each test),
// never from uop-mlir's lowering. The negative tests are kernels the
// emulator must reject.
//
//===----------------------------------------------------------------------===//

#include "Buffers.h"
#include "PtxEmulator.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <vector>

using namespace uop::emu;

namespace {

const char *kHeader = ".version 8.0\n.target sm_80\n.address_size 64\n";

using uop::emu::test::Buffers;

// Parses `body` as the kernel `k` with one .u64 parameter per pointer and
// runs it with `threads` threads in one block. Returns the error, or "".
std::string run(const std::string &params, const std::string &body,
                std::vector<uint64_t> args, unsigned threads, Buffers &bufs,
                uint64_t dynShared = 0, uint64_t seed = 1) {
  std::string ptx = std::string(kHeader) + ".visible .entry k(" + params +
                    ")\n{\n" + body + "\n}\n";
  std::string err;
  Module *m = parseModule(ptx.c_str(), err);
  if (!m)
    return "parse: " + err;
  std::vector<void *> ptrs;
  for (uint64_t &a : args)
    ptrs.push_back(&a);
  LaunchConfig cfg;
  cfg.block[0] = threads;
  cfg.dynamicShared = dynShared;
  cfg.seed = seed;
  err = launch(*m, "k", cfg, ptrs.data(), bufs.check());
  destroyModule(m);
  return err;
}

const char *kOneParam = ".param .u64 k_param_0";
const char *kTwoParams = ".param .u64 k_param_0, .param .u64 k_param_1";

// out[tid] = f(tid): a prologue that leaves &out[tid] (4-byte elements) in
// %rd2 and tid in %r1.
const char *kPerThread = R"(
  .reg .pred %p<4>;
  .reg .b16 %rs<8>;
  .reg .b32 %r<32>;
  .reg .f32 %f<16>;
  .reg .b64 %rd<8>;
  ld.param.u64 %rd1, [k_param_0];
  mov.u32 %r1, %tid.x;
  mul.wide.u32 %rd3, %r1, 4;
  add.s64 %rd2, %rd1, %rd3;
)";

uint32_t bits(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
float flt(uint32_t u) {
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

//===----------------------------------------------------------------------===//
// Scalar (9.7.1 integer, 9.7.3 float, 9.7.8 logic, 9.7.9.21 cvt)
//===----------------------------------------------------------------------===//

// Runs a one-thread kernel that stores the b32 %r9 after `code`.
uint32_t scalar(const std::string &code) {
  std::vector<uint32_t> out(1, 0);
  Buffers b;
  b.add(out);
  std::string err = run(kOneParam,
                        std::string(kPerThread) + code +
                            "\n  st.global.b32 [%rd2], %r9;\n  ret;",
                        {uint64_t(uintptr_t(out.data()))}, 1, b);
  EXPECT_EQ(err, "") << code;
  return out[0];
}

TEST(PtxEmulatorScalar, IntegerArithmetic) {
  EXPECT_EQ(scalar("mov.u32 %r2, 7; mul.lo.s32 %r9, %r2, -3;"), uint32_t(-21));
  EXPECT_EQ(scalar("mov.u32 %r2, 0x80000000; mul.hi.u32 %r9, %r2, 6;"), 3u);
  EXPECT_EQ(scalar("mov.u32 %r2, -2; mul.hi.s32 %r9, %r2, 3;"), 0xffffffffu);
  EXPECT_EQ(scalar("mov.u32 %r2, 5; mad.lo.s32 %r9, %r2, %r2, 3;"), 28u);
  EXPECT_EQ(scalar("mov.u32 %r2, -7; div.s32 %r9, %r2, 2;"), uint32_t(-3));
  EXPECT_EQ(scalar("mov.u32 %r2, -7; rem.s32 %r9, %r2, 2;"), uint32_t(-1));
  EXPECT_EQ(scalar("mov.u32 %r2, -7; div.u32 %r9, %r2, 2;"), 0x7ffffffcu);
  EXPECT_EQ(scalar("mov.u32 %r2, -7; abs.s32 %r9, %r2;"), 7u);
  EXPECT_EQ(scalar("mov.u32 %r2, -7; min.s32 %r9, %r2, 3;"), uint32_t(-7));
  EXPECT_EQ(scalar("mov.u32 %r2, -7; min.u32 %r9, %r2, 3;"), 3u);
  // 9.7.1.8: division by zero is unspecified: the emulator poisons it.
  EXPECT_EQ(scalar("mov.u32 %r2, 0; div.u32 %r9, 5, %r2;"), 0xdeadbeefu);
}

TEST(PtxEmulatorScalar, ShiftsClampAndBitFields) {
  // 9.7.8.8: shift amounts greater than the width are clamped to it.
  EXPECT_EQ(scalar("mov.u32 %r2, 40; shl.b32 %r9, 1, %r2;"), 0u);
  EXPECT_EQ(scalar("mov.u32 %r2, 40; mov.u32 %r3, -8; shr.s32 %r9, %r3, %r2;"),
            0xffffffffu);
  EXPECT_EQ(scalar("mov.u32 %r2, 40; mov.u32 %r3, -8; shr.u32 %r9, %r3, %r2;"),
            0u);
  // bfe.s32 of 0xF0 at pos 4, len 4: 0xF sign-extended from bit 3.
  EXPECT_EQ(scalar("mov.u32 %r2, 0xF0; bfe.s32 %r9, %r2, 4, 4;"), 0xffffffffu);
  EXPECT_EQ(scalar("mov.u32 %r2, 0xF0; bfe.u32 %r9, %r2, 4, 4;"), 0xfu);
  EXPECT_EQ(scalar("mov.u32 %r2, 0xAB; bfi.b32 %r9, %r2, 0, 8, 8;"), 0xab00u);
  // prmt default mode: selector 0x5140 picks bytes 0,4,1,5 of {b,a}.
  EXPECT_EQ(scalar("mov.u32 %r2, 0x03020100; mov.u32 %r3, 0x07060504;"
                   "prmt.b32 %r9, %r2, %r3, 0x5140;"),
            0x05010400u);
  EXPECT_EQ(scalar("mov.u32 %r2, 0x00F00000; clz.b32 %r9, %r2;"), 8u);
  EXPECT_EQ(scalar("mov.u32 %r2, 0x00F00001; popc.b32 %r9, %r2;"), 5u);
  EXPECT_EQ(scalar("mov.u32 %r2, 1; brev.b32 %r9, %r2;"), 0x80000000u);
}

TEST(PtxEmulatorScalar, FloatArithmeticAndNaN) {
  EXPECT_EQ(flt(scalar("add.rn.f32 %f1, 0f3F800000, 0f40000000;"
                       "mov.b32 %r9, %f1;")),
            3.0f);
  EXPECT_EQ(flt(scalar("fma.rn.f32 %f1, 0f40000000, 0f40400000, 0f3F800000;"
                       "mov.b32 %r9, %f1;")),
            7.0f);
  // 9.7.3.10-11: a NaN operand gives the other one; .NaN propagates it.
  EXPECT_EQ(flt(scalar("max.f32 %f1, 0f7FC00000, 0f40800000;"
                       "mov.b32 %r9, %f1;")),
            4.0f);
  EXPECT_TRUE(std::isnan(flt(scalar("max.NaN.f32 %f1, 0f7FC00000, "
                                    "0f40800000; mov.b32 %r9, %f1;"))));
  // .sat clamps to [0, 1]; .ftz flushes subnormal results to zero.
  EXPECT_EQ(flt(scalar("add.sat.f32 %f1, 0f40000000, 0f40000000;"
                       "mov.b32 %r9, %f1;")),
            1.0f);
  EXPECT_EQ(scalar("mul.rn.ftz.f32 %f1, 0f00800000, 0f3F000000;"
                   "mov.b32 %r9, %f1;"),
            0u);
  EXPECT_EQ(scalar("mul.rn.f32 %f1, 0f00800000, 0f3F000000;"
                   "mov.b32 %r9, %f1;"),
            0x00400000u);
  EXPECT_EQ(flt(scalar("ex2.approx.f32 %f1, 0f40400000; mov.b32 %r9, %f1;")),
            8.0f);
}

TEST(PtxEmulatorScalar, Conversions) {
  // 9.7.9.21: float to integer saturates; NaN gives 0.
  EXPECT_EQ(scalar("cvt.rzi.s32.f32 %r9, 0f4F800000;"), 0x7fffffffu); // 2^32
  EXPECT_EQ(scalar("cvt.rzi.s32.f32 %r9, 0fCF800000;"), 0x80000000u);
  EXPECT_EQ(scalar("cvt.rzi.u32.f32 %r9, 0fBF800000;"), 0u); // -1.0
  EXPECT_EQ(scalar("cvt.rzi.s32.f32 %r9, 0f7FC00000;"), 0u);
  EXPECT_EQ(scalar("cvt.rni.s32.f32 %r9, 0f40200000;"), 2u); // 2.5 -> 2
  EXPECT_EQ(scalar("cvt.rmi.s32.f32 %r9, 0fC0200000;"), uint32_t(-3));
  EXPECT_EQ(flt(scalar("cvt.rn.f32.s32 %f1, -5; mov.b32 %r9, %f1;")), -5.0f);
  // f32 -> f16 rounds to nearest even: 1 + 2^-11 is a tie, goes to 1.0.
  EXPECT_EQ(scalar("cvt.rn.f16.f32 %rs1, 0f3F801000; cvt.u32.u16 %r9, %rs1;"),
            0x3c00u);
  EXPECT_EQ(scalar("cvt.rn.f16.f32 %rs1, 0f3F803000; cvt.u32.u16 %r9, %rs1;"),
            0x3c02u);
  EXPECT_EQ(scalar("cvt.rn.f16.f32 %rs1, 0f47800000; cvt.u32.u16 %r9, %rs1;"),
            0x7c00u); // 65536 overflows to inf
  EXPECT_EQ(scalar("cvt.rn.bf16.f32 %rs1, 0f3F808000; cvt.u32.u16 %r9, %rs1;"),
            0x3f80u); // tie to even
  EXPECT_EQ(flt(scalar("mov.b16 %rs1, 0x3555; cvt.f32.f16 %f1, %rs1;"
                       "mov.b32 %r9, %f1;")),
            0.333251953125f);
  // .f16x2 from two f32: a in the upper half, b in the lower.
  EXPECT_EQ(scalar("cvt.rn.f16x2.f32 %r9, 0f40000000, 0f3F800000;"),
            0x40003c00u);
  EXPECT_EQ(scalar("mov.u32 %r2, -1; cvt.u32.u8 %r9, %r2;"), 0xffu);
  EXPECT_EQ(scalar("mov.u32 %r2, 0x80; cvt.s32.s8 %r9, %r2;"), 0xffffff80u);
  EXPECT_EQ(scalar("mov.u32 %r2, 300; cvt.sat.u8.u32 %r9, %r2;"), 0xffu);
}

TEST(PtxEmulatorScalar, PredicatesAndBranches) {
  // setp with a second predicate and a combining operation (9.7.7.1).
  EXPECT_EQ(scalar("setp.lt.s32 %p1|%p2, -1, 0; selp.b32 %r9, 10, 20, %p2;"),
            20u);
  EXPECT_EQ(scalar("setp.lo.u32 %p1, -1, 0; selp.b32 %r9, 10, 20, %p1;"), 20u);
  EXPECT_EQ(scalar("setp.nan.f32 %p1, 0f7FC00000, 0f00000000;"
                   "selp.b32 %r9, 1, 2, %p1;"),
            1u);
  EXPECT_EQ(scalar("setp.neu.f32 %p1, 0f7FC00000, 0f7FC00000;"
                   "selp.b32 %r9, 1, 2, %p1;"),
            1u);
  EXPECT_EQ(scalar("setp.ne.f32 %p1, 0f7FC00000, 0f7FC00000;"
                   "selp.b32 %r9, 1, 2, %p1;"),
            2u);
  // A counted loop: sum 0..9.
  EXPECT_EQ(scalar(R"(mov.u32 %r9, 0; mov.u32 %r2, 0;
$L_loop:
  add.s32 %r9, %r9, %r2;
  add.s32 %r2, %r2, 1;
  setp.lt.u32 %p1, %r2, 10;
  @%p1 bra $L_loop;)"),
            45u);
}

//===----------------------------------------------------------------------===//
// Warp-level: shfl.sync (9.7.9.6)
//===----------------------------------------------------------------------===//

std::vector<uint32_t> perLane(const std::string &code, unsigned threads = 32,
                              std::string *error = nullptr) {
  std::vector<uint32_t> out(threads, 0);
  Buffers b;
  b.add(out);
  std::string err = run(kOneParam,
                        std::string(kPerThread) + code +
                            "\n  st.global.b32 [%rd2], %r9;\n  ret;",
                        {uint64_t(uintptr_t(out.data()))}, threads, b);
  if (error)
    *error = err;
  else
    EXPECT_EQ(err, "") << code;
  return out;
}

TEST(PtxEmulatorWarp, ShflButterflySum) {
  auto out = perLane(R"(mov.u32 %r9, %r1;
  shfl.sync.bfly.b32 %r2, %r9, 16, 31, -1; add.s32 %r9, %r9, %r2;
  shfl.sync.bfly.b32 %r2, %r9, 8, 31, -1; add.s32 %r9, %r9, %r2;
  shfl.sync.bfly.b32 %r2, %r9, 4, 31, -1; add.s32 %r9, %r9, %r2;
  shfl.sync.bfly.b32 %r2, %r9, 2, 31, -1; add.s32 %r9, %r9, %r2;
  shfl.sync.bfly.b32 %r2, %r9, 1, 31, -1; add.s32 %r9, %r9, %r2;)");
  for (unsigned l = 0; l < 32; ++l)
    EXPECT_EQ(out[l], 496u) << l;
}

TEST(PtxEmulatorWarp, ShflUpDownIdxBoundaries) {
  // down by 3, c = 31: lanes 29..31 have j > maxLane, keep their own value
  // and a false predicate.
  auto down = perLane(R"(mul.lo.s32 %r3, %r1, 10;
  shfl.sync.down.b32 %r9|%p1, %r3, 3, 31, -1;
  @!%p1 add.s32 %r9, %r9, 1000;)");
  EXPECT_EQ(down[0], 30u);
  EXPECT_EQ(down[28], 310u);
  EXPECT_EQ(down[29], 1290u);
  // up by 2, c = 0: lanes 0, 1 keep their own.
  auto up = perLane(R"(mul.lo.s32 %r3, %r1, 10;
  shfl.sync.up.b32 %r9, %r3, 2, 0, -1;)");
  EXPECT_EQ(up[0], 0u);
  EXPECT_EQ(up[1], 10u);
  EXPECT_EQ(up[5], 30u);
  // idx with segments of 8 (c = 0x1807: segmask 0x18, clamp 7): lane 13
  // reads lane (13 & 0x18) | (2 & ~0x18) = 10.
  auto idx = perLane(R"(mul.lo.s32 %r3, %r1, 10;
  shfl.sync.idx.b32 %r9, %r3, 2, 0x1807, -1;)");
  EXPECT_EQ(idx[13], 100u);
  EXPECT_EQ(idx[3], 20u);
}

TEST(PtxEmulatorWarp, ShflPartialWarpIsAnError) {
  std::string err;
  perLane("shfl.sync.bfly.b32 %r9, %r1, 1, 31, -1;", 16, &err);
  EXPECT_NE(err.find("does not exist in this partial warp"), std::string::npos)
      << err;
}

TEST(PtxEmulatorWarp, DivergentShflIsAnError) {
  std::string err;
  perLane(R"(setp.lt.u32 %p1, %r1, 16;
  @%p1 bra $L_a;
  shfl.sync.bfly.b32 %r9, %r1, 1, 31, -1;
  bra $L_b;
$L_a:
  shfl.sync.bfly.b32 %r9, %r1, 2, 31, -1;
$L_b:)",
          32, &err);
  EXPECT_NE(err.find("divergent"), std::string::npos) << err;
}

//===----------------------------------------------------------------------===//
// Barriers and shared memory (9.7.13.1; 5.1.5)
//===----------------------------------------------------------------------===//

std::string exchange(bool withBarrier, std::vector<uint32_t> &out,
                     uint64_t seed = 1) {
  Buffers b;
  b.add(out);
  std::string body = std::string(".shared .align 4 .b8 s[256];\n") +
                     kPerThread + R"(
  mov.u32 %r4, s;
  shl.b32 %r5, %r1, 2;
  add.s32 %r6, %r4, %r5;
  st.shared.u32 [%r6], %r1;
)" + (withBarrier ? "  bar.sync 0;\n" : "") +
                     R"(
  add.s32 %r7, %r1, 1;
  and.b32 %r7, %r7, 63;
  shl.b32 %r7, %r7, 2;
  add.s32 %r7, %r4, %r7;
  ld.shared.u32 %r9, [%r7];
  st.global.b32 [%rd2], %r9;
  ret;)";
  return run(kOneParam, body, {uint64_t(uintptr_t(out.data()))}, 64, b, 0,
             seed);
}

TEST(PtxEmulatorBlock, BarrierOrdersSharedMemory) {
  std::vector<uint32_t> out(64, 0);
  EXPECT_EQ(exchange(true, out), "");
  for (unsigned i = 0; i < 64; ++i)
    EXPECT_EQ(out[i], (i + 1) % 64);
}

TEST(PtxEmulatorBlock, RemovedBarrierIsARace) {
  std::vector<uint32_t> out(64, 0);
  std::string err = exchange(false, out);
  EXPECT_NE(err.find("shared-memory race"), std::string::npos) << err;
}

TEST(PtxEmulatorBlock, SharedOutOfBoundsIsAnError) {
  std::vector<uint32_t> out(1, 0);
  Buffers b;
  b.add(out);
  std::string err = run(kOneParam, std::string(".shared .align 4 .b8 s[16];\n") +
                                       kPerThread + R"(
  mov.u32 %r4, s;
  ld.shared.u32 %r9, [%r4+16];
  ret;)",
                        {uint64_t(uintptr_t(out.data()))}, 1, b);
  EXPECT_NE(err.find("outside the block's shared memory"), std::string::npos)
      << err;
}

TEST(PtxEmulatorBlock, GlobalOutOfBoundsIsAnError) {
  std::vector<uint32_t> out(4, 0);
  Buffers b;
  b.add(out);
  std::string err = run(kOneParam, std::string(kPerThread) +
                                       "st.global.b32 [%rd2+16], %r1; ret;",
                        {uint64_t(uintptr_t(out.data()))}, 1, b);
  EXPECT_NE(err.find("global access"), std::string::npos) << err;
}

TEST(PtxEmulatorBlock, UninitializedSharedIsPoison) {
  std::vector<uint32_t> out(1, 0);
  Buffers b;
  b.add(out);
  EXPECT_EQ(run(kOneParam, std::string(".shared .align 4 .b8 s[16];\n") +
                               kPerThread + R"(
  mov.u32 %r4, s;
  ld.shared.u32 %r9, [%r4];
  st.global.b32 [%rd2], %r9;
  ret;)",
                {uint64_t(uintptr_t(out.data()))}, 1, b),
            "");
  EXPECT_TRUE(std::isnan(flt(out[0])));
}

TEST(PtxEmulatorBlock, DynamicSharedFollowsStatic) {
  // .extern .shared is the dynamic part, placed after the static variables;
  // writing all of it must not touch `s`.
  std::vector<uint32_t> out(1, 0);
  Buffers b;
  b.add(out);
  EXPECT_EQ(run(kOneParam, std::string(".shared .align 4 .b8 s[4];\n"
                                       ".extern .shared .align 16 .b8 dyn[];\n") +
                               kPerThread + R"(
  mov.u32 %r4, s;
  st.shared.u32 [%r4], 77;
  mov.u32 %r5, dyn;
  st.shared.v4.u32 [%r5], {%r1, %r1, %r1, %r1};
  st.shared.v4.u32 [%r5+16], {%r1, %r1, %r1, %r1};
  ld.shared.u32 %r9, [%r4];
  st.global.b32 [%rd2], %r9;
  ret;)",
                {uint64_t(uintptr_t(out.data()))}, 1, b, 32),
            "");
  EXPECT_EQ(out[0], 77u);
}

//===----------------------------------------------------------------------===//
// cp.async (9.7.9.25)
//===----------------------------------------------------------------------===//

std::string cpAsync(const char *wait, std::vector<float> &src,
                    std::vector<uint32_t> &out) {
  Buffers b;
  b.add(src);
  b.add(out);
  std::string body = std::string(".shared .align 16 .b8 s[16];\n") +
                     kPerThread + R"(
  ld.param.u64 %rd4, [k_param_1];
  mov.u32 %r4, s;
  cp.async.cg.shared.global [%r4], [%rd4], 16;
  cp.async.commit_group;
  cp.async.cg.shared.global [%r4], [%rd4], 16, 8;
  cp.async.commit_group;
)" + wait + R"(
  ld.shared.u32 %r9, [%r4+12];
  st.global.b32 [%rd2], %r9;
  ld.shared.u32 %r9, [%r4];
  st.global.b32 [%rd2+4], %r9;
  ret;)";
  return run(kTwoParams, body,
             {uint64_t(uintptr_t(out.data())), uint64_t(uintptr_t(src.data()))},
             1, b);
}

TEST(PtxEmulatorAsync, WaitGroupLandsTheData) {
  std::vector<float> src = {1, 2, 3, 4};
  std::vector<uint32_t> out(2, 0);
  // wait_group 0 retires both groups: the second (src-size 8) zero-fills.
  EXPECT_EQ(cpAsync("cp.async.wait_group 0;", src, out), "");
  EXPECT_EQ(out[0], 0u);
  EXPECT_EQ(flt(out[1]), 1.0f);
  // wait_group 1 retires only the first group.
  EXPECT_EQ(cpAsync("cp.async.wait_group 1;", src, out), "");
  EXPECT_TRUE(std::isnan(flt(out[0])))
      << "the second group's bytes must not have landed";
}

TEST(PtxEmulatorAsync, NoWaitReadsPoison) {
  std::vector<float> src = {1, 2, 3, 4};
  std::vector<uint32_t> out(2, 0);
  EXPECT_EQ(cpAsync("", src, out), "");
  EXPECT_TRUE(std::isnan(flt(out[0])));
  EXPECT_TRUE(std::isnan(flt(out[1])));
}

//===----------------------------------------------------------------------===//
// ldmatrix (9.7.14.5.15) and mma.sync m16n8k16 (9.7.14.5.8)
//===----------------------------------------------------------------------===//

// Shared holds four 8x8 b16 matrices, element (i, r, c) = i*64 + r*8 + c;
// lane l gives the address of row l % 8 of matrix l / 8.
std::vector<uint32_t> ldmatrix(const char *form, unsigned regs) {
  std::vector<uint32_t> out(32 * 4, 0);
  Buffers b;
  b.add(out);
  std::string body = std::string(".shared .align 16 .b8 s[512];\n") +
                     kPerThread + R"(
  mul.wide.u32 %rd3, %r1, 16;
  add.s64 %rd2, %rd1, %rd3;
  mov.u32 %r4, s;
  // Fill: thread t writes halfwords 8t .. 8t+7 with their index.
  shl.b32 %r5, %r1, 4;
  add.s32 %r6, %r4, %r5;
  shl.b32 %r7, %r1, 3;
  mov.u32 %r10, 0;
$L_fill:
  add.s32 %r11, %r7, %r10;
  cvt.u16.u32 %rs1, %r11;
  shl.b32 %r12, %r10, 1;
  add.s32 %r13, %r6, %r12;
  st.shared.u16 [%r13], %rs1;
  add.s32 %r10, %r10, 1;
  setp.lt.u32 %p1, %r10, 8;
  @%p1 bra $L_fill;
  bar.sync 0;
  )" + std::string(form) + R"( {%r20, %r21, %r22, %r23}, [%r6];
  st.global.v4.b32 [%rd2], {%r20, %r21, %r22, %r23};
  ret;)";
  // Only as many destination registers as the form has.
  if (regs == 1)
    body.replace(body.find("{%r20, %r21, %r22, %r23}, [%r6]"), 24, "{%r20}");
  if (regs == 2)
    body.replace(body.find("{%r20, %r21, %r22, %r23}, [%r6]"), 24,
                 "{%r20, %r21}");
  EXPECT_EQ(run(kOneParam, body, {uint64_t(uintptr_t(out.data()))}, 32, b), "");
  return out;
}

TEST(PtxEmulatorTensor, LdmatrixX4) {
  auto out = ldmatrix("ldmatrix.sync.aligned.m8n8.x4.shared.b16", 4);
  // Lane 5: row 1, columns 2 and 3 of each matrix.
  EXPECT_EQ(out[5 * 4 + 0], (11u << 16) | 10u);
  EXPECT_EQ(out[5 * 4 + 3], ((192u + 11) << 16) | (192u + 10));
  // Lane 31: row 7, columns 6 and 7 of matrix 1.
  EXPECT_EQ(out[31 * 4 + 1], ((64u + 63) << 16) | (64u + 62));
}

TEST(PtxEmulatorTensor, LdmatrixTransX2) {
  auto out = ldmatrix("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16", 2);
  // .trans: lane 5 gets (row 2, col 1) and (row 3, col 1).
  EXPECT_EQ(out[5 * 4 + 0], (25u << 16) | 17u);
  EXPECT_EQ(out[5 * 4 + 1], ((64u + 25) << 16) | (64u + 17));
}

// binary16 of a value it holds exactly (the test's inputs are small
// multiples of 0.5), by the format's definition.
uint16_t f16(float v) {
  if (v == 0)
    return 0;
  uint16_t sign = v < 0 ? 0x8000 : 0;
  int e;
  float m = std::frexp(std::fabs(v), &e); // v = m * 2^e, m in [0.5, 1)
  return sign | uint16_t((e - 1 + 15) << 10) |
         uint16_t(std::ldexp(m, 11) - 1024);
}

// The ISA's fragment table for m16n8k16 (.f16/.bf16 A and B, .f32 C/D),
// written out for the test: groupID = lane >> 2, tig = lane % 4.
void fragments(const float A[16][16], const float B[16][8], unsigned lane,
               uint32_t a[4], uint32_t b[2]) {
  unsigned g = lane >> 2, t = lane % 4;
  // a0,a1: (g, 2t), (g, 2t+1); a2,a3: (g+8, ..); a4,a5: (g, 2t+8 ..);
  // a6,a7: (g+8, 2t+8 ..)
  const unsigned rows[4] = {g, g + 8, g, g + 8};
  const unsigned cols[4] = {2 * t, 2 * t, 2 * t + 8, 2 * t + 8};
  for (int r = 0; r < 4; ++r)
    a[r] = f16(A[rows[r]][cols[r]]) |
           uint32_t(f16(A[rows[r]][cols[r] + 1])) << 16;
  // b0,b1: (2t, g), (2t+1, g); b2,b3: (2t+8, g), (2t+9, g)
  b[0] = f16(B[2 * t][g]) | uint32_t(f16(B[2 * t + 1][g])) << 16;
  b[1] = f16(B[2 * t + 8][g]) | uint32_t(f16(B[2 * t + 9][g])) << 16;
}

std::string mmaKernel(unsigned threads, std::vector<uint32_t> &in,
                      std::vector<uint32_t> &out) {
  Buffers bufs;
  bufs.add(in);
  bufs.add(out);
  std::string body = std::string(kPerThread) + R"(
  ld.param.u64 %rd4, [k_param_1];
  mul.wide.u32 %rd3, %r1, 48;
  add.s64 %rd4, %rd4, %rd3;
  ld.global.v4.b32 {%r10, %r11, %r12, %r13}, [%rd4];
  ld.global.v2.b32 {%r14, %r15}, [%rd4+16];
  ld.global.v4.b32 {%r16, %r17, %r18, %r19}, [%rd4+32];
  mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%r20, %r21, %r22, %r23}, {%r10, %r11, %r12, %r13}, {%r14, %r15}, {%r16, %r17, %r18, %r19};
  mul.wide.u32 %rd3, %r1, 16;
  add.s64 %rd2, %rd1, %rd3;
  st.global.v4.b32 [%rd2], {%r20, %r21, %r22, %r23};
  ret;)";
  return run(kTwoParams, body,
             {uint64_t(uintptr_t(out.data())), uint64_t(uintptr_t(in.data()))},
             threads, bufs);
}

TEST(PtxEmulatorTensor, MmaSyncM16N8K16) {
  float A[16][16], B[16][8], C[16][8];
  for (int i = 0; i < 16; ++i)
    for (int k = 0; k < 16; ++k)
      A[i][k] = float((i * 3 + k) % 7) - 3;
  for (int k = 0; k < 16; ++k)
    for (int j = 0; j < 8; ++j)
      B[k][j] = float((k + 2 * j) % 5) * 0.5f;
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 8; ++j)
      C[i][j] = float(i - j);
  std::vector<uint32_t> in(32 * 12), out(32 * 4);
  for (unsigned l = 0; l < 32; ++l) {
    uint32_t *p = &in[l * 12];
    fragments(A, B, l, p, p + 4);
    unsigned g = l >> 2, t = l % 4;
    // c0,c1: (g, 2t), (g, 2t+1); c2,c3: (g+8, 2t), (g+8, 2t+1)
    p[8] = bits(C[g][2 * t]);
    p[9] = bits(C[g][2 * t + 1]);
    p[10] = bits(C[g + 8][2 * t]);
    p[11] = bits(C[g + 8][2 * t + 1]);
  }
  ASSERT_EQ(mmaKernel(32, in, out), "");
  for (unsigned l = 0; l < 32; ++l) {
    unsigned g = l >> 2, t = l % 4;
    const unsigned rows[4] = {g, g, g + 8, g + 8};
    const unsigned cols[4] = {2 * t, 2 * t + 1, 2 * t, 2 * t + 1};
    for (int r = 0; r < 4; ++r) {
      double want = C[rows[r]][cols[r]];
      for (int k = 0; k < 16; ++k)
        want += double(A[rows[r]][k]) * B[k][cols[r]];
      EXPECT_EQ(flt(out[l * 4 + r]), float(want)) << "lane " << l;
    }
  }
}

TEST(PtxEmulatorTensor, PartialWarpMmaIsAnError) {
  std::vector<uint32_t> in(32 * 12, 0), out(32 * 4);
  std::string err = mmaKernel(16, in, out);
  EXPECT_NE(err.find("partial warp"), std::string::npos) << err;
}

//===----------------------------------------------------------------------===//
// Fail closed
//===----------------------------------------------------------------------===//

TEST(PtxEmulatorDecode, UnknownInstructionNamesTheLine) {
  std::string ptx = std::string(kHeader) +
                    ".visible .entry k()\n{\n  .reg .b32 %r<2>;\n"
                    "  frobnicate.b32 %r1, %r1;\n  ret;\n}\n";
  std::string err;
  Module *m = parseModule(ptx.c_str(), err);
  EXPECT_EQ(m, nullptr);
  EXPECT_NE(err.find("PTX line 7"), std::string::npos) << err;
  EXPECT_NE(err.find("unknown instruction 'frobnicate'"), std::string::npos);
}

TEST(PtxEmulatorDecode, UnknownModifierIsAnError) {
  std::string ptx = std::string(kHeader) +
                    ".visible .entry k()\n{\n  .reg .b32 %r<2>;\n"
                    "  add.frob.s32 %r1, %r1, 1;\n  ret;\n}\n";
  std::string err;
  EXPECT_EQ(parseModule(ptx.c_str(), err), nullptr);
  EXPECT_NE(err.find("unsupported modifier .frob"), std::string::npos) << err;
}

TEST(PtxEmulatorSchedule, SeedsGiveTheSameResult) {
  for (uint64_t seed : {1, 2, 3, 99}) {
    std::vector<uint32_t> out(64, 0);
    EXPECT_EQ(exchange(true, out, seed), "") << seed;
    EXPECT_EQ(out[63], 0u);
  }
}

} // namespace
