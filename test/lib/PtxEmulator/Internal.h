//===- Internal.h - The emulator's decoded PTX ------------------*- C++ -*-===//
//
// What the parser produces and the executor runs: functions of decoded
// instructions over numbered registers. Every register is a 64-bit slot;
// instructions read and write as many low bits as their type has.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_TEST_PTXEMULATOR_INTERNAL_H
#define UOP_TEST_PTXEMULATOR_INTERNAL_H

#include "PtxEmulator.h"

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace uop::emu {

enum class Ty : uint8_t {
  None, Pred,
  B8, B16, B32, B64, B128,
  U8, U16, U32, U64,
  S8, S16, S32, S64,
  F16, F16x2, BF16, BF16x2, F32, F64,
};
unsigned tyBits(Ty t);
bool tyIsFloat(Ty t);
bool tyIsSigned(Ty t);
Ty parseTy(const std::string &s); // ".f32" -> F32; None if not a type

enum class Space : uint8_t { Generic, Global, Shared, SharedCluster, Local,
                             Param, Const };

enum class Op : uint16_t {
  Mov, Ld, St, Add, Sub, Mul, Mad, Fma, Div, Rem, Neg, Abs, Min, Max,
  And, Or, Xor, Not, Cnot, Shl, Shr, Setp, Selp, Cvt, Cvta, Bra, Ret, Exit,
  Ex2, Lg2, Rcp, Sqrt, Rsqrt, Sin, Cos, Tanh, Bfe, Bfi, Popc, Clz, Brev,
  Prmt, Copysign, Testp, Fence, Atom, Red,
  // Warp- and block-level.
  Shfl, Redux, BarSync, BarArrive, BarWarp, Mma, Ldmatrix,
  CpAsync, CpAsyncCommit, CpAsyncWait, CpAsyncWaitAll,
  // Asynchronous (Async.cpp): mbarrier, TMA and bulk groups, proxy fences.
  MbarInit, MbarArrive, MbarTryWait, FenceProxyAsync, TmaLoad, TmaStore,
  BulkCommit, BulkWait, BulkLoad, Nanosleep,
  // Warpgroup-level (Wgmma.cpp).
  WgmmaMma, WgmmaFence, WgmmaCommit, WgmmaWait, Setmaxnreg,
  // Tensor memory (Tcgen05.cpp).
  TcAlloc, TcDealloc, TcRelinquish, TcMma, TcCommit, TcLd, TcWaitLd,
  // Clusters (Cluster.cpp).
  ClusterArrive, ClusterWait, Mapa,
};

// Special registers.
enum class Sreg : uint8_t {
  TidX, TidY, TidZ, NtidX, NtidY, NtidZ, CtaidX, CtaidY, CtaidZ,
  NctaidX, NctaidY, NctaidZ, Laneid, Warpid, Nwarpid, ClusterCtarank,
  ClusterNctarank, DynSmem, TotalSmem, LanemaskLt, LanemaskLe, LanemaskEq,
  LanemaskGe, LanemaskGt, ClusteridX, ClusteridY, ClusteridZ, NclusteridX,
  NclusteridY, NclusteridZ, ClusterCtaidX, ClusterCtaidY, ClusterCtaidZ,
  ClusterNctaidX, ClusterNctaidY, ClusterNctaidZ, Globaltimer, Clock,
  Clock64,
};

struct Operand {
  enum Kind : uint8_t { None, Reg, Imm, Addr, Vec, Label, Sym, Special, Sink };
  Kind kind = None;
  bool negate = false;  // `!%p` as a predicate source
  uint32_t reg = 0;     // Reg; Addr's base register when hasBase
  bool hasBase = false; // Addr: a register base
  int64_t imm = 0;      // Imm (raw bits); Addr offset; Label target index
  int32_t sym = -1;     // Sym, Addr: index into Function::symbols
  Sreg sreg = Sreg::TidX;
  std::vector<Operand> elems; // Vec: registers, immediates or sinks
};

// Modifiers, decoded once.
enum Mod : uint64_t {
  M_Lo = 1ull << 0, M_Hi = 1ull << 1, M_Wide = 1ull << 2,
  M_Sat = 1ull << 3, M_Ftz = 1ull << 4, M_Approx = 1ull << 5,
  M_Rn = 1ull << 6, M_Rz = 1ull << 7, M_Rm = 1ull << 8, M_Rp = 1ull << 9,
  M_Rni = 1ull << 10, M_Rzi = 1ull << 11, M_Rmi = 1ull << 12,
  M_Rpi = 1ull << 13, M_NaN = 1ull << 14, M_Full = 1ull << 15,
  M_To = 1ull << 16, M_Trans = 1ull << 17, M_Uni = 1ull << 18,
  M_Relu = 1ull << 19, M_CC = 1ull << 20, M_Shiftamt = 1ull << 21,
};

// setp comparisons (PTX ISA 9.7.7.1, 9.7.4.1).
enum class Cmp : uint8_t { Eq, Ne, Lt, Le, Gt, Ge, Lo, Ls, Hi, Hs, Equ, Neu,
                           Ltu, Leu, Gtu, Geu, Num, Nan };
enum class BoolOp : uint8_t { None, And, Or, Xor };
enum class ShflMode : uint8_t { Up, Down, Bfly, Idx };
enum class AtomOp : uint8_t { Add, Min, Max, And, Or, Xor, Exch, Cas, Inc,
                              Dec };

struct Inst {
  Op op = Op::Mov;
  Ty ty = Ty::None;  // the (destination) type
  Ty ty2 = Ty::None; // cvt's source type; mma's A/B type
  Space space = Space::Generic;
  uint64_t mods = 0;
  uint8_t vec = 1; // .v2 / .v4
  uint8_t count = 0; // ldmatrix .x1/.x2/.x4; cp.async size; wait_group N
  uint16_t shapeN = 0; // wgmma's N
  bool expectTx = false; // mbarrier.arrive.expect_tx
  bool pair = false;      // cta_group::2
  bool multicast = false; // .multicast::cluster
  bool parity = false;    // mbarrier.try_wait.parity (else a state token)
  Cmp cmp = Cmp::Eq;
  BoolOp boolOp = BoolOp::None;
  ShflMode shfl = ShflMode::Idx;
  AtomOp atom = AtomOp::Add;
  bool guarded = false, guardNeg = false;
  uint32_t guard = 0;
  std::vector<Operand> ops;
  uint32_t line = 0;
  std::string text; // the instruction as written, for messages
  std::string form; // the opcode with its modifiers, as uop-ptx-forms prints
};

/// UOP_EMU_FORMS=FILE: appends each form (Inst::form) the first time an
/// instruction of it executes in this process, so that a test can compare
/// the forms the unit tests execute with the compiler's inventory.
void recordExecutedForm(const std::string &form);

struct Symbol {
  std::string name;
  Space space = Space::Global;
  uint64_t size = 0, align = 1;
  bool isExtern = false;  // `.extern .shared ... []`: the dynamic part
  std::vector<uint8_t> init; // .global/.const initializers
  uint64_t offset = 0;    // shared: offset in the window; local: in depot
  int paramIndex = -1;    // Param: its index in the entry's list
};

struct Param {
  std::string name;
  uint64_t size = 0, align = 1, offset = 0;
};

struct Function {
  std::string name;
  bool isEntry = false;
  std::vector<Param> params;
  std::vector<Inst> code;
  std::vector<Symbol> symbols; // params, module and function variables
  uint32_t numRegs = 0;
  uint64_t sharedStatic = 0;   // bytes of the static shared window
  uint64_t sharedDynAlign = 16;
  uint64_t localBytes = 0;
  uint64_t paramBytes = 0;
};

struct Module {
  std::string target;
  unsigned targetNumber = 0;
  std::vector<Symbol> globals; // module-scope .global/.const/.shared
  std::map<std::string, Function> functions;
  // Storage of module .global/.const variables, by name (their address is
  // the data pointer: device memory is host memory).
  mutable std::map<std::string, std::vector<uint8_t>> globalData;
};

/// Shared memory starts past the 1 KiB that sm_80 and later reserve, so
/// that a null or small shared address is out of bounds.
constexpr uint64_t kSharedBase = 0x400;
/// Generic addresses of the non-global windows (the host's addresses of
/// global memory stay below 2^47).
constexpr uint64_t kGenericShared = 0xA000000000000000ull;
constexpr uint64_t kGenericLocal = 0xB000000000000000ull;
constexpr uint64_t kGenericParam = 0xC000000000000000ull;
constexpr uint64_t kGenericMask = 0xF000000000000000ull;
/// A shared address holds the CTA's rank in its cluster above bit 24 and
/// the offset below: a CTA's shared::cta addresses are its addresses in the
/// shared::cluster window (rank 0 outside clusters). Bit 24 is the CTA's
/// place in its pair, which CUTLASS-style code clears to name the even CTA.
constexpr unsigned kClusterRankShift = 24;
constexpr uint64_t kClusterOffsetMask = (1ull << kClusterRankShift) - 1;

/// The 128 bytes of a CUtensorMap as the driver (test/lib/FakeCudaDriver's
/// cuTensorMapEncodeTiled) encodes it: its arguments, sealed by a checksum.
struct TensorMap {
  uint64_t magic, checksum, globalAddress;
  uint64_t globalDim[5];
  uint64_t globalStrides[4]; // bytes, of dimensions 1..rank-1
  uint32_t boxDim[5];
  uint8_t elementStrides[5];
  uint8_t dtype, rank, interleave, swizzle, l2Promotion, oobFill, reserved;
};
static_assert(sizeof(TensorMap) == 128, "a CUtensorMap is 128 bytes");

// Half-precision conversions (IEEE 754 binary16 and bfloat16), RN-even.
float halfToFloat(uint16_t h);
uint16_t floatToHalf(float f);
float bf16ToFloat(uint16_t h);
uint16_t floatToBf16(float f);

} // namespace uop::emu

#endif // UOP_TEST_PTXEMULATOR_INTERNAL_H
