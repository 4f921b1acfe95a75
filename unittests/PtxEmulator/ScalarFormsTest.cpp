//===- ScalarFormsTest.cpp - Scalar forms of the compiler's inventory -----===//
//
// The scalar forms test/Emulator/unit-test-forms.test found without a unit
// test: 16- and 64-bit integer, predicate and f32 forms, and plain loads and
// stores. Each expected value is worked out by hand from the PTX ISA 9.0
// instruction's description (section named at each test), never from the
// compiler's lowering.
//
//===----------------------------------------------------------------------===//

#include "Buffers.h"
#include "PtxEmulator.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <vector>

using namespace uop::emu;
using uop::emu::test::Buffers;

namespace {

// Runs `body` as a one-thread kernel k(.u64 out) and returns out's first
// 8 bytes; %rd2 holds out's address, and %r1 the thread index (0).
uint64_t run1(const std::string &body, std::vector<uint64_t> *all = nullptr) {
  std::string ptx = ".version 8.0\n.target sm_80\n.address_size 64\n"
                    ".visible .entry k(.param .u64 k_param_0)\n{\n"
                    "  .reg .pred %p<8>;\n  .reg .b16 %rs<8>;\n"
                    "  .reg .b32 %r<32>;\n  .reg .f32 %f<16>;\n"
                    "  .reg .b64 %rd<16>;\n"
                    "  ld.param.u64 %rd2, [k_param_0];\n"
                    "  mov.u32 %r1, %tid.x;\n" +
                    body + "\n  ret;\n}\n";
  std::vector<uint64_t> out(4, 0);
  Buffers b;
  b.add(out);
  std::string err;
  Module *m = parseModule(ptx.c_str(), err);
  EXPECT_NE(m, nullptr) << err;
  if (!m)
    return 0;
  uint64_t arg = uint64_t(uintptr_t(out.data()));
  void *args[] = {&arg};
  LaunchConfig cfg;
  err = launch(*m, "k", cfg, args, b.check());
  destroyModule(m);
  EXPECT_EQ(err, "") << body;
  if (all)
    *all = out;
  return out[0];
}

// `code` leaves a b32 result in %r9.
uint32_t r32(const std::string &code) {
  return uint32_t(run1(code + "\n  st.global.u32 [%rd2], %r9;"));
}
// `code` leaves a b16 result in %rs7.
uint32_t r16(const std::string &code) {
  return uint32_t(run1(code + "\n  st.global.u16 [%rd2], %rs7;"));
}
// `code` leaves a b64 result in %rd9.
uint64_t r64(const std::string &code) {
  return run1(code + "\n  st.global.u64 [%rd2], %rd9;");
}
// `code` leaves a predicate in %p7: 1 if true.
uint32_t pred(const std::string &code) {
  return r32(code + "\n  selp.b32 %r9, 1, 0, %p7;");
}
float f32(const std::string &code) {
  uint32_t u = r32(code + "\n  mov.b32 %r9, %f9;");
  float f;
  std::memcpy(&f, &u, 4);
  return f;
}

// 9.7.1 (add, mul, shl, selp on .b16/.s16/.u16): arithmetic modulo 2^16.
TEST(PtxEmulatorScalarForms, SixteenBit) {
  // add.s16 wraps: 0x7fff + 1 = 0x8000 (the ISA does not saturate add.s16).
  EXPECT_EQ(r16("mov.u16 %rs1, 0x7fff; add.s16 %rs7, %rs1, 1;"), 0x8000u);
  // shl.b16: 0x00ff << 12 keeps the low 16 bits: 0xf000.
  EXPECT_EQ(r16("mov.u16 %rs1, 0x00ff; shl.b16 %rs7, %rs1, 12;"), 0xf000u);
  // mul.wide.u16: the full 32-bit product, 0xffff^2 = 0xfffe0001.
  EXPECT_EQ(r32("mov.u16 %rs1, 0xffff; mul.wide.u16 %r9, %rs1, %rs1;"),
            0xfffe0001u);
  // selp.b16 d, a, b, c: a if c else b; setp.ne.b32 of tid 0 is false.
  EXPECT_EQ(r16("mov.u16 %rs1, 5; mov.u16 %rs2, 9; setp.ne.b32 %p1, %r1, 0;"
                " selp.b16 %rs7, %rs1, %rs2, %p1;"),
            9u);
}

// 9.7.8 logic (not, or, xor on .b32/.b64/.pred) and 9.7.9 mov.pred.
TEST(PtxEmulatorScalarForms, LogicAndPredicates) {
  EXPECT_EQ(r32("mov.u32 %r2, 0x0f0f0000; not.b32 %r9, %r2;"), 0xf0f0ffffu);
  EXPECT_EQ(r32("mov.u32 %r2, 0xf0; or.b32 %r9, %r2, 0x0f;"), 0xffu);
  EXPECT_EQ(r64("mov.u64 %rd4, 0xff00000000; or.b64 %rd9, %rd4, 0xff;"),
            0xff000000ffull);
  EXPECT_EQ(r64("mov.u64 %rd4, 0xffff0000ffff0000; mov.u64 %rd5, -1;"
                " xor.b64 %rd9, %rd4, %rd5;"),
            0x0000ffff0000ffffull);
  // 3 == 3 is true; its not.pred is false; false or true is true.
  EXPECT_EQ(pred("mov.u32 %r2, 3; setp.eq.b32 %p7, %r2, 3;"), 1u);
  EXPECT_EQ(pred("mov.u32 %r2, 3; setp.eq.b32 %p1, %r2, 3;"
                 " not.pred %p7, %p1;"),
            0u);
  EXPECT_EQ(pred("mov.u32 %r2, 3; setp.eq.b32 %p1, %r2, 3;"
                 " not.pred %p2, %p1; or.pred %p7, %p2, %p1;"),
            1u);
  EXPECT_EQ(pred("mov.u32 %r2, 4; setp.eq.b32 %p1, %r2, 3;"
                 " not.pred %p2, %p1; or.pred %p3, %p1, %p1;"
                 " mov.pred %p7, %p3;"),
            0u);
  EXPECT_EQ(pred("mov.u32 %r2, 4; setp.eq.b32 %p1, %r2, 3;"
                 " not.pred %p2, %p1; mov.pred %p7, %p2;"),
            1u);
}

// 9.7.7.1 setp: .u compares unsigned; .b compares bits (eq/ne only).
TEST(PtxEmulatorScalarForms, Comparisons) {
  // -1 as u32 is 0xffffffff > 1.
  EXPECT_EQ(pred("mov.u32 %r2, -1; setp.gt.u32 %p7, %r2, 1;"), 1u);
  EXPECT_EQ(pred("mov.u32 %r2, 1; setp.gt.u32 %p7, %r2, 1;"), 0u);
  EXPECT_EQ(pred("mov.u32 %r2, 5; setp.ne.b32 %p7, %r2, 5;"), 0u);
  // 2^32 and 1 differ only above bit 31: 64-bit compares must see it.
  const char *big = "mov.u64 %rd4, 0x100000000; mov.u64 %rd5, 1; ";
  EXPECT_EQ(pred(std::string(big) + "setp.eq.b64 %p7, %rd4, %rd5;"), 0u);
  EXPECT_EQ(pred(std::string(big) + "setp.ne.b64 %p7, %rd4, %rd5;"), 1u);
  EXPECT_EQ(pred(std::string(big) + "setp.gt.u64 %p7, %rd4, %rd5;"), 1u);
  EXPECT_EQ(pred(std::string(big) + "setp.lt.u64 %p7, %rd4, %rd5;"), 0u);
  // -1 as u64 is the largest: not below 1.
  EXPECT_EQ(pred("mov.u64 %rd4, -1; setp.lt.u64 %p7, %rd4, 1;"), 0u);
  EXPECT_EQ(pred("mov.u64 %rd4, 0; setp.lt.u64 %p7, %rd4, 1;"), 1u);
  EXPECT_EQ(pred("mov.u64 %rd4, 7; setp.eq.b64 %p7, %rd4, 7;"), 1u);
}

// 9.7.1 on 64-bit integers (sub, mul.lo/.hi, mad.lo, div, shl, bfe) and
// selp.b64.
TEST(PtxEmulatorScalarForms, SixtyFourBit) {
  EXPECT_EQ(r64("mov.u64 %rd4, 5; sub.s64 %rd9, %rd4, 7;"),
            0xfffffffffffffffeull);
  EXPECT_EQ(r64("mov.u64 %rd4, 0x100000001; mul.lo.s64 %rd9, %rd4, 3;"),
            0x300000003ull);
  // (2^63 * 6) >> 64 = 3.
  EXPECT_EQ(r64("mov.u64 %rd4, 0x8000000000000000; mul.hi.u64 %rd9, %rd4, 6;"),
            3ull);
  EXPECT_EQ(r64("mov.u64 %rd4, 0x100000000; mad.lo.s64 %rd9, %rd4, 2, 5;"),
            0x200000005ull);
  // Unsigned: (2^64 - 1) / 2 = 2^63 - 1.
  EXPECT_EQ(r64("mov.u64 %rd4, -1; div.u64 %rd9, %rd4, 2;"),
            0x7fffffffffffffffull);
  EXPECT_EQ(r64("mov.u64 %rd4, 1; shl.b64 %rd9, %rd4, 40;"), 1ull << 40);
  // bfe.u64: bits 48..55 of 0xabcd000000000000 are 0xcd, zero-extended.
  EXPECT_EQ(r64("mov.u64 %rd4, 0xabcd000000000000; bfe.u64 %rd9, %rd4, 48, 8;"),
            0xcdull);
  EXPECT_EQ(r64("mov.u64 %rd4, 0x100000000; mov.u64 %rd5, 2;"
                " setp.ne.b32 %p1, %r1, 0; selp.b64 %rd9, %rd4, %rd5, %p1;"),
            2ull);
  EXPECT_EQ(r64("mov.u64 %rd4, 0x100000000; mov.u64 %rd5, 2;"
                " setp.eq.b32 %p1, %r1, 0; selp.b64 %rd9, %rd4, %rd5, %p1;"),
            0x100000000ull);
}

// 9.7.9.21 cvt: integer narrowing keeps the low bits (truncation).
TEST(PtxEmulatorScalarForms, NarrowingConversions) {
  EXPECT_EQ(r32("mov.u64 %rd4, 0x123456789; cvt.u32.u64 %r9, %rd4;"),
            0x23456789u);
  EXPECT_EQ(r16("mov.u64 %rd4, 0x12345; cvt.u16.u64 %rs7, %rd4;"), 0x2345u);
}

// 9.7.3 floating point (neg, sub.rn, div.rn, fma.rm, selp.f32), 9.7.9.21
// cvt.sat, and the approximate ex2 / rsqrt.
TEST(PtxEmulatorScalarForms, Float) {
  EXPECT_EQ(f32("mov.f32 %f1, 0f3FC00000; neg.f32 %f9, %f1;"), -1.5f);
  // neg flips the sign bit: -(+0) is -0.
  EXPECT_TRUE(std::signbit(f32("mov.f32 %f1, 0f00000000; neg.f32 %f9, %f1;")));
  EXPECT_EQ(f32("mov.f32 %f1, 0f3F800000; sub.rn.f32 %f9, %f1, 0f3E800000;"),
            0.75f);
  // 1/3 correctly rounded to nearest: 0x3eaaaaab.
  EXPECT_EQ(r32("mov.f32 %f1, 0f3F800000; div.rn.f32 %f9, %f1, 0f40400000;"
                " mov.b32 %r9, %f9;"),
            0x3eaaaaabu);
  // (1+2^-23) * -(1+2^-23) = -(1 + 2^-22 + 2^-46): toward -inf gives
  // -(1 + 3*2^-23) = 0xbf800003 (to nearest it would be 0xbf800002).
  EXPECT_EQ(r32("mov.f32 %f1, 0f3F800001; mov.f32 %f2, 0fBF800001;"
                " fma.rm.f32 %f9, %f1, %f2, 0f00000000; mov.b32 %r9, %f9;"),
            0xbf800003u);
  EXPECT_EQ(f32("setp.eq.b32 %p1, %r1, 0;"
                " selp.f32 %f9, 0f3FC00000, 0f40000000, %p1;"),
            1.5f);
  // .sat clamps to [0, 1], and a NaN result becomes +0.
  EXPECT_EQ(f32("mov.f32 %f1, 0f3FC00000; cvt.sat.f32.f32 %f9, %f1;"), 1.0f);
  EXPECT_EQ(r32("mov.f32 %f1, 0fBF000000; cvt.sat.f32.f32 %f9, %f1;"
                " mov.b32 %r9, %f9;"),
            0u);
  EXPECT_EQ(r32("mov.f32 %f1, 0f7FC00000; cvt.sat.f32.f32 %f9, %f1;"
                " mov.b32 %r9, %f9;"),
            0u);
  // ex2.approx: 2^3 = 8 within the ISA's 2 ulp; .ftz flushes a subnormal
  // input to 0, so 2^(subnormal) is exactly 1.
  EXPECT_NEAR(f32("mov.f32 %f1, 0f40400000; ex2.approx.ftz.f32 %f9, %f1;"),
              8.0f, 8.0f * 4e-7f);
  EXPECT_EQ(f32("mov.f32 %f1, 0f00000001; ex2.approx.ftz.f32 %f9, %f1;"),
            1.0f);
  // rsqrt.approx: 1/sqrt(0.25) = 2, max relative error 2^-22.9.
  EXPECT_NEAR(f32("mov.f32 %f1, 0f3E800000; rsqrt.approx.f32 %f9, %f1;"),
              2.0f, 2.0f * 2.5e-7f);
}

// 9.7.9.8 ld / 9.7.9.10 st of .b16/.b32 in global, .b32 in shared, ld.param
// .b64, and 9.7.9.17 cvta.shared (a shared address to a generic one).
TEST(PtxEmulatorScalarForms, LoadsAndStores) {
  // out[0] holds 0x...44332211: ld.global.b16 reads 0x2211 and
  // st.global.b16 writes it at byte 4; ld.global.b32 reads the low word.
  std::string body = R"(
  .shared .align 4 .b8 buf[8];
  ld.param.b64 %rd3, [k_param_0];
  mov.u32 %r2, 0x44332211;
  st.global.u32 [%rd3], %r2;
  ld.global.b16 %rs1, [%rd3];
  st.global.b16 [%rd3+4], %rs1;
  ld.global.b32 %r3, [%rd3];
  mov.u32 %r4, buf;
  st.shared.b32 [%r4+4], %r3;
  ld.shared.b32 %r5, [%r4+4];
  st.global.b32 [%rd3+8], %r5;
  mov.u64 %rd5, buf;
  cvta.shared.u64 %rd6, %rd5;
  ld.u32 %r6, [%rd6+4];
  st.global.b32 [%rd3+12], %r6;)";
  std::vector<uint64_t> out;
  run1(body, &out);
  ASSERT_EQ(out.size(), 4u);
  EXPECT_EQ(out[0], 0x0000221144332211ull);
  // Bytes 8..15: the word through shared memory, then through its generic
  // address.
  EXPECT_EQ(out[1], 0x4433221144332211ull);
}

// 9.7.9.8 ld / 9.7.9.10 st of vectors and .b16 in shared memory: .v4.b32
// moves four consecutive words, .v2.b64 two doublewords, .b16 two bytes
// (little-endian); 9.7.13.2 bar.warp.sync, its mask naming the one lane, is a
// no-op for data (a mask naming absent lanes is an error).
TEST(PtxEmulatorScalarForms, SharedVectors) {
  std::string body = R"(
  .shared .align 16 .b8 buf[48];
  mov.u32 %r4, buf;
  mov.u32 %r2, 0x11111111; mov.u32 %r3, 0x22222222;
  mov.u32 %r5, 0x33333333; mov.u32 %r6, 0x44444444;
  st.shared.v4.b32 [%r4], {%r2, %r3, %r5, %r6};
  mov.u64 %rd4, 0x5555555566666666; mov.u64 %rd5, 0x7777777788888888;
  st.shared.v2.b64 [%r4+16], {%rd4, %rd5};
  mov.u16 %rs1, 0xabcd;
  st.shared.b16 [%r4+2], %rs1;
  bar.warp.sync 1;
  ld.shared.v4.b32 {%r7, %r8, %r10, %r11}, [%r4];
  st.global.v4.b32 [%rd2], {%r7, %r8, %r10, %r11};
  ld.shared.v4.b32 {%r7, %r8, %r10, %r11}, [%r4+16];
  st.global.v4.b32 [%rd2+16], {%r7, %r8, %r10, %r11};)";
  std::vector<uint64_t> out;
  run1(body, &out);
  ASSERT_EQ(out.size(), 4u);
  // Bytes 2..3 of the first word are 0xabcd: 0xabcd1111.
  EXPECT_EQ(out[0], 0x22222222abcd1111ull);
  EXPECT_EQ(out[1], 0x4444444433333333ull);
  EXPECT_EQ(out[2], 0x5555555566666666ull);
  EXPECT_EQ(out[3], 0x7777777788888888ull);
}

} // namespace
