//===- Decode.cpp - Opcode and modifiers to a decoded instruction ---------===//
//
// One table row per base opcode: which modifiers it takes. Anything else is
// an error naming the PTX line (fail closed): the emulator never skips or
// approximates a form it does not implement.
//
//===----------------------------------------------------------------------===//

#include "Internal.h"

#include <set>

namespace uop::emu {

unsigned tyBits(Ty t) {
  switch (t) {
  case Ty::Pred: return 1;
  case Ty::B8: case Ty::U8: case Ty::S8: return 8;
  case Ty::B16: case Ty::U16: case Ty::S16: case Ty::F16: case Ty::BF16:
    return 16;
  case Ty::B32: case Ty::U32: case Ty::S32: case Ty::F32: case Ty::F16x2:
  case Ty::BF16x2:
    return 32;
  case Ty::B64: case Ty::U64: case Ty::S64: case Ty::F64: return 64;
  case Ty::B128: return 128;
  case Ty::None: return 0;
  }
  return 0;
}

bool tyIsFloat(Ty t) {
  return t == Ty::F16 || t == Ty::F16x2 || t == Ty::BF16 ||
         t == Ty::BF16x2 || t == Ty::F32 || t == Ty::F64;
}

bool tyIsSigned(Ty t) {
  return t == Ty::S8 || t == Ty::S16 || t == Ty::S32 || t == Ty::S64;
}

Ty parseTy(const std::string &s) {
  static const std::map<std::string, Ty> names = {
      {".pred", Ty::Pred}, {".b8", Ty::B8}, {".b16", Ty::B16},
      {".b32", Ty::B32}, {".b64", Ty::B64}, {".b128", Ty::B128},
      {".u8", Ty::U8}, {".u16", Ty::U16}, {".u32", Ty::U32},
      {".u64", Ty::U64}, {".s8", Ty::S8}, {".s16", Ty::S16},
      {".s32", Ty::S32}, {".s64", Ty::S64}, {".f16", Ty::F16},
      {".f16x2", Ty::F16x2}, {".bf16", Ty::BF16}, {".bf16x2", Ty::BF16x2},
      {".f32", Ty::F32}, {".f64", Ty::F64}};
  auto it = names.find(s);
  return it == names.end() ? Ty::None : it->second;
}

namespace {

struct OpInfo {
  Op op;
  // Modifiers the instruction accepts beyond types, spaces and .vN. A
  // modifier listed with a Mod bit sets it; the others are accepted and
  // have no effect on a functional emulator (cache hints, .sync, .aligned).
  std::vector<std::pair<const char *, uint64_t>> mods;
  int minOps, maxOps;
};

const std::vector<std::pair<const char *, uint64_t>> kRound = {
    {"rn", M_Rn}, {"rz", M_Rz}, {"rm", M_Rm}, {"rp", M_Rp}, {"ftz", M_Ftz},
    {"sat", M_Sat}};

std::vector<std::pair<const char *, uint64_t>>
with(std::vector<std::pair<const char *, uint64_t>> a,
     const std::vector<std::pair<const char *, uint64_t>> &b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

const std::map<std::string, OpInfo> &table() {
  static const std::map<std::string, OpInfo> t = {
      {"mov", {Op::Mov, {}, 2, 2}},
      {"ld", {Op::Ld, {{"nc", 0}, {"ca", 0}, {"cg", 0}, {"cs", 0},
                       {"lu", 0}, {"cv", 0}, {"weak", 0},
                       {"L1::no_allocate", 0}, {"L1::evict_last", 0},
                       {"L2::64B", 0}, {"L2::128B", 0}, {"L2::256B", 0}},
              2, 2}},
      {"st", {Op::St, {{"wb", 0}, {"cg", 0}, {"cs", 0}, {"wt", 0},
                       {"weak", 0}, {"L1::no_allocate", 0}},
              2, 2}},
      {"add", {Op::Add, with(kRound, {{"cc", M_CC}}), 3, 3}},
      {"sub", {Op::Sub, kRound, 3, 3}},
      {"mul", {Op::Mul, with(kRound, {{"lo", M_Lo}, {"hi", M_Hi},
                                      {"wide", M_Wide}}),
               3, 3}},
      {"mad", {Op::Mad, with(kRound, {{"lo", M_Lo}, {"hi", M_Hi},
                                      {"wide", M_Wide}}),
               4, 4}},
      {"fma", {Op::Fma, with(kRound, {{"relu", M_Relu}}), 4, 4}},
      {"div", {Op::Div, with(kRound, {{"approx", M_Approx}, {"full", M_Full}}),
               3, 3}},
      {"rem", {Op::Rem, {}, 3, 3}},
      {"neg", {Op::Neg, {{"ftz", M_Ftz}}, 2, 2}},
      {"abs", {Op::Abs, {{"ftz", M_Ftz}}, 2, 2}},
      {"min", {Op::Min, {{"ftz", M_Ftz}, {"NaN", M_NaN}, {"relu", M_Relu}},
               3, 3}},
      {"max", {Op::Max, {{"ftz", M_Ftz}, {"NaN", M_NaN}, {"relu", M_Relu}},
               3, 3}},
      {"and", {Op::And, {}, 3, 3}},
      {"or", {Op::Or, {}, 3, 3}},
      {"xor", {Op::Xor, {}, 3, 3}},
      {"not", {Op::Not, {}, 2, 2}},
      {"cnot", {Op::Cnot, {}, 2, 2}},
      {"shl", {Op::Shl, {}, 3, 3}},
      {"shr", {Op::Shr, {}, 3, 3}},
      {"setp", {Op::Setp, {{"ftz", M_Ftz}}, 3, 5}},
      {"selp", {Op::Selp, {}, 4, 4}},
      {"cvt", {Op::Cvt, with(kRound, {{"rni", M_Rni}, {"rzi", M_Rzi},
                                      {"rmi", M_Rmi}, {"rpi", M_Rpi},
                                      {"relu", M_Relu}}),
               2, 3}},
      {"cvta", {Op::Cvta, {{"to", M_To}}, 2, 2}},
      {"bra", {Op::Bra, {{"uni", M_Uni}}, 1, 1}},
      {"ret", {Op::Ret, {}, 0, 0}},
      {"exit", {Op::Exit, {}, 0, 0}},
      {"ex2", {Op::Ex2, {{"approx", M_Approx}, {"ftz", M_Ftz}}, 2, 2}},
      {"lg2", {Op::Lg2, {{"approx", M_Approx}, {"ftz", M_Ftz}}, 2, 2}},
      {"rcp", {Op::Rcp, with(kRound, {{"approx", M_Approx}}), 2, 2}},
      {"sqrt", {Op::Sqrt, with(kRound, {{"approx", M_Approx}}), 2, 2}},
      {"rsqrt", {Op::Rsqrt, {{"approx", M_Approx}, {"ftz", M_Ftz}}, 2, 2}},
      {"sin", {Op::Sin, {{"approx", M_Approx}, {"ftz", M_Ftz}}, 2, 2}},
      {"cos", {Op::Cos, {{"approx", M_Approx}, {"ftz", M_Ftz}}, 2, 2}},
      {"tanh", {Op::Tanh, {{"approx", M_Approx}}, 2, 2}},
      {"bfe", {Op::Bfe, {}, 4, 4}},
      {"bfi", {Op::Bfi, {}, 5, 5}},
      {"popc", {Op::Popc, {}, 2, 2}},
      {"clz", {Op::Clz, {}, 2, 2}},
      {"brev", {Op::Brev, {}, 2, 2}},
      {"prmt", {Op::Prmt, {}, 4, 4}},
      {"copysign", {Op::Copysign, {}, 3, 3}},
      {"membar", {Op::Fence, {{"cta", 0}, {"gl", 0}, {"sys", 0}}, 0, 0}},
      {"fence", {Op::Fence, {{"sc", 0}, {"acq_rel", 0}, {"cta", 0},
                             {"gpu", 0}, {"sys", 0}}, 0, 0}},
      {"atom", {Op::Atom, {{"relaxed", 0}, {"gpu", 0}, {"cta", 0},
                           {"sys", 0}, {"noftz", 0}}, 3, 4}},
      {"red", {Op::Red, {{"relaxed", 0}, {"gpu", 0}, {"cta", 0}, {"sys", 0},
                         {"noftz", 0}}, 2, 2}},
      {"shfl", {Op::Shfl, {{"sync", 0}}, 5, 6}},
      {"redux", {Op::Redux, {{"sync", 0}}, 3, 3}},
      {"bar", {Op::BarSync, {{"sync", 0}, {"aligned", 0}, {"cta", 0}}, 1, 2}},
      {"barrier", {Op::BarSync, {{"sync", 0}, {"aligned", 0}, {"cta", 0}},
                   1, 2}},
      {"mma", {Op::Mma, {{"sync", 0}, {"aligned", 0}, {"m16n8k16", 0},
                         {"row", 0}, {"col", 0}}, 4, 4}},
      {"ldmatrix", {Op::Ldmatrix, {{"sync", 0}, {"aligned", 0},
                                   {"m8n8", 0}, {"trans", M_Trans}},
                    2, 2}},
      {"cp", {Op::CpAsync, {{"async", 0}, {"ca", 0}, {"cg", 0},
                            {"L2::128B", 0}, {"L2::256B", 0}},
              3, 4}},
  };
  return t;
}

bool parseSpace(const std::string &m, Space &s) {
  static const std::map<std::string, Space> names = {
      {"global", Space::Global}, {"shared", Space::Shared},
      {"shared::cta", Space::Shared}, {"shared::cluster", Space::SharedCluster},
      {"local", Space::Local}, {"param", Space::Param},
      {"const", Space::Const}};
  auto it = names.find(m);
  if (it == names.end())
    return false;
  s = it->second;
  return true;
}

bool parseCmp(const std::string &m, Cmp &c) {
  static const std::map<std::string, Cmp> names = {
      {"eq", Cmp::Eq}, {"ne", Cmp::Ne}, {"lt", Cmp::Lt}, {"le", Cmp::Le},
      {"gt", Cmp::Gt}, {"ge", Cmp::Ge}, {"lo", Cmp::Lo}, {"ls", Cmp::Ls},
      {"hi", Cmp::Hi}, {"hs", Cmp::Hs}, {"equ", Cmp::Equ}, {"neu", Cmp::Neu},
      {"ltu", Cmp::Ltu}, {"leu", Cmp::Leu}, {"gtu", Cmp::Gtu},
      {"geu", Cmp::Geu}, {"num", Cmp::Num}, {"nan", Cmp::Nan}};
  auto it = names.find(m);
  if (it == names.end())
    return false;
  c = it->second;
  return true;
}

std::vector<std::string> splitDots(const std::string &s) {
  std::vector<std::string> parts;
  size_t start = 0;
  for (size_t i = 0; i <= s.size(); ++i)
    if (i == s.size() || s[i] == '.') {
      parts.push_back(s.substr(start, i - start));
      start = i + 1;
    }
  return parts;
}

// The whole opcode, for the forms matched as a unit: their modifiers are
// fixed strings (each listed form is implemented exactly as spelled).
using FormTable = std::map<std::string, std::pair<Op, Space>>;

const FormTable &asyncForms() {
  static const FormTable forms = {
      {"mbarrier.init.shared.b64", {Op::MbarInit, Space::Shared}},
      {"mbarrier.init.shared::cta.b64", {Op::MbarInit, Space::Shared}},
      {"mbarrier.arrive.shared.b64", {Op::MbarArrive, Space::Shared}},
      {"mbarrier.arrive.shared::cta.b64", {Op::MbarArrive, Space::Shared}},
      {"mbarrier.arrive.expect_tx.shared.b64", {Op::MbarArrive, Space::Shared}},
      {"mbarrier.arrive.expect_tx.release.cta.shared::cta.b64",
       {Op::MbarArrive, Space::Shared}},
      {"mbarrier.arrive.release.cta.shared::cta.b64",
       {Op::MbarArrive, Space::Shared}},
      {"mbarrier.try_wait.shared.b64", {Op::MbarTryWait, Space::Shared}},
      {"mbarrier.try_wait.shared::cta.b64", {Op::MbarTryWait, Space::Shared}},
      {"cp.async.bulk.shared::cta.global.mbarrier::complete_tx::bytes",
       {Op::BulkLoad, Space::Shared}},
      {"cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes",
       {Op::BulkLoad, Space::SharedCluster}},
      {"nanosleep.u32", {Op::Nanosleep, Space::Generic}},
      {"mbarrier.arrive.expect_tx.shared::cta.b64",
       {Op::MbarArrive, Space::Shared}},
      {"mbarrier.try_wait.parity.shared.b64",
       {Op::MbarTryWait, Space::Shared}},
      {"mbarrier.try_wait.parity.shared::cta.b64",
       {Op::MbarTryWait, Space::Shared}},
      {"fence.proxy.async.shared::cta", {Op::FenceProxyAsync, Space::Shared}},
      {"fence.proxy.async", {Op::FenceProxyAsync, Space::Generic}},
      {"fence.mbarrier_init.release.cluster", {Op::Fence, Space::Generic}},
      {"cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::"
       "complete_tx::bytes",
       {Op::TmaLoad, Space::SharedCluster}},
      {"cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group",
       {Op::TmaStore, Space::Shared}},
      {"cp.async.bulk.commit_group", {Op::BulkCommit, Space::Generic}},
      {"cp.async.bulk.wait_group", {Op::BulkWait, Space::Generic}},
      {"cp.async.bulk.wait_group.read", {Op::BulkWait, Space::Generic}},
      {"wgmma.fence.sync.aligned", {Op::WgmmaFence, Space::Generic}},
      {"wgmma.commit_group.sync.aligned", {Op::WgmmaCommit, Space::Generic}},
      {"wgmma.wait_group.sync.aligned", {Op::WgmmaWait, Space::Generic}},
      {"setmaxnreg.inc.sync.aligned.u32", {Op::Setmaxnreg, Space::Generic}},
      {"tcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32",
       {Op::TcAlloc, Space::Shared}},
      {"tcgen05.dealloc.cta_group::1.sync.aligned.b32",
       {Op::TcDealloc, Space::Generic}},
      {"tcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned",
       {Op::TcRelinquish, Space::Generic}},
      {"tcgen05.fence::before_thread_sync", {Op::Fence, Space::Generic}},
      {"tcgen05.fence::after_thread_sync", {Op::Fence, Space::Generic}},
      {"tcgen05.mma.cta_group::1.kind::f16", {Op::TcMma, Space::Generic}},
      {"tcgen05.mma.cta_group::1.kind::f16.collector::a::discard",
       {Op::TcMma, Space::Generic}},
      {"tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::cluster.b64",
       {Op::TcCommit, Space::SharedCluster}},
      {"tcgen05.commit.cta_group::1.mbarrier::arrive::one.b64",
       {Op::TcCommit, Space::Generic}},
      {"tcgen05.wait::ld.sync.aligned", {Op::TcWaitLd, Space::Generic}},
      {"setmaxnreg.dec.sync.aligned.u32", {Op::Setmaxnreg, Space::Generic}},
  };
  return forms;
}

const FormTable &clusterForms() {
  static const FormTable forms = {
      {"barrier.cluster.arrive", {Op::ClusterArrive, Space::Generic}},
      {"barrier.cluster.arrive.aligned", {Op::ClusterArrive, Space::Generic}},
      {"barrier.cluster.arrive.release", {Op::ClusterArrive, Space::Generic}},
      {"barrier.cluster.arrive.release.aligned",
       {Op::ClusterArrive, Space::Generic}},
      {"barrier.cluster.arrive.relaxed", {Op::ClusterArrive, Space::Generic}},
      {"barrier.cluster.arrive.relaxed.aligned",
       {Op::ClusterArrive, Space::Generic}},
      {"barrier.cluster.wait", {Op::ClusterWait, Space::Generic}},
      {"barrier.cluster.wait.aligned", {Op::ClusterWait, Space::Generic}},
      {"barrier.cluster.wait.acquire", {Op::ClusterWait, Space::Generic}},
      {"barrier.cluster.wait.acquire.aligned",
       {Op::ClusterWait, Space::Generic}},
      {"mapa.shared::cluster.u64", {Op::Mapa, Space::SharedCluster}},
      {"mapa.shared::cluster.u32", {Op::Mapa, Space::SharedCluster}},
      {"mapa.u64", {Op::Mapa, Space::Generic}},
      {"mapa.u32", {Op::Mapa, Space::Generic}},
      {"mbarrier.arrive.release.cluster.shared::cluster.b64",
       {Op::MbarArrive, Space::SharedCluster}},
      {"mbarrier.arrive.expect_tx.release.cluster.shared::cluster.b64",
       {Op::MbarArrive, Space::SharedCluster}},
      {"cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::"
       "complete_tx::bytes.cta_group::2",
       {Op::TmaLoad, Space::SharedCluster}},
      {"cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::"
       "complete_tx::bytes.multicast::cluster",
       {Op::TmaLoad, Space::SharedCluster}},
      {"cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::"
       "complete_tx::bytes.multicast::cluster.cta_group::2",
       {Op::TmaLoad, Space::SharedCluster}},
      {"tcgen05.alloc.cta_group::2.sync.aligned.shared::cta.b32",
       {Op::TcAlloc, Space::Shared}},
      {"tcgen05.dealloc.cta_group::2.sync.aligned.b32",
       {Op::TcDealloc, Space::Generic}},
      {"tcgen05.relinquish_alloc_permit.cta_group::2.sync.aligned",
       {Op::TcRelinquish, Space::Generic}},
      {"tcgen05.mma.cta_group::2.kind::f16", {Op::TcMma, Space::Generic}},
      {"tcgen05.mma.cta_group::2.kind::f16.collector::a::discard",
       {Op::TcMma, Space::Generic}},
      {"tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster."
       "multicast::cluster.b64",
       {Op::TcCommit, Space::SharedCluster}},
      {"tcgen05.commit.cta_group::2.mbarrier::arrive::one.shared::cluster.b64",
       {Op::TcCommit, Space::SharedCluster}},
  };
  return forms;
}

bool decodeAsyncForm(const std::string &opcode, Inst &inst) {
  auto it = asyncForms().find(opcode);
  if (it == asyncForms().end()) {
    it = clusterForms().find(opcode);
    if (it == clusterForms().end())
      return false;
  }
  inst.op = it->second.first;
  inst.space = it->second.second;
  inst.expectTx = opcode.find("expect_tx") != std::string::npos;
  inst.pair = opcode.find("cta_group::2") != std::string::npos;
  inst.multicast = opcode.find("multicast::cluster") != std::string::npos;
  inst.parity = opcode.find(".parity") != std::string::npos;
  if (inst.op == Op::Mapa)
    inst.ty = opcode.back() == '4' ? Ty::U64 : Ty::U32;
  return true;
}

// wgmma.mma_async.sync.aligned.m64nNk16.f32.{f16,bf16}.{f16,bf16}
// (9.7.15.5): D in registers, A and B through shared memory descriptors.
bool decodeWgmma(const std::string &opcode, Inst &inst, std::string &error) {
  const std::string prefix = "wgmma.mma_async.sync.aligned.m64n";
  if (opcode.compare(0, prefix.size(), prefix))
    return false;
  size_t k = opcode.find("k16.", prefix.size());
  if (k == std::string::npos)
    return (error = "only wgmma m64nNk16 shapes are implemented"), true;
  unsigned n = unsigned(std::atoi(opcode.c_str() + prefix.size()));
  std::string types = opcode.substr(k + 4);
  inst.op = Op::WgmmaMma;
  inst.ty = Ty::F32;
  inst.shapeN = uint16_t(n);
  if (types == "f32.f16.f16")
    inst.ty2 = Ty::F16;
  else if (types == "f32.bf16.bf16")
    inst.ty2 = Ty::BF16;
  else
    error = "wgmma with ." + types + " is not implemented (f32 accumulators "
            "of f16 or bf16 only)";
  if (n < 8 || n > 256 || n % 8)
    error = "wgmma N must be a multiple of 8 in 8..256";
  if (error.empty() && (inst.ops.size() != 8 ||
                        inst.ops[0].kind != Operand::Vec ||
                        inst.ops[0].elems.size() != n / 2))
    error = "wgmma takes {D (N/2 registers)}, a-desc, b-desc, scale-d, "
            "imm-scale-a, imm-scale-b, imm-trans-a, imm-trans-b";
  return true;
}

// Opcodes whose second part selects the instruction (cp.async.*, bar.*).
bool decodeCompound(std::vector<std::string> &parts, Inst &inst,
                    std::string &error) {
  const std::string &b = parts[0];
  auto second = [&](const char *s) { return parts.size() > 1 && parts[1] == s; };
  if (b == "cp" && parts.size() > 2 && parts[1] == "async") {
    const std::string &third = parts[2];
    if (third == "commit_group") {
      inst.op = Op::CpAsyncCommit;
    } else if (third == "wait_group") {
      inst.op = Op::CpAsyncWait;
    } else if (third == "wait_all") {
      inst.op = Op::CpAsyncWaitAll;
    } else {
      return false;
    }
    if (parts.size() != 3)
      return (error = "unsupported modifiers on cp.async." + third), true;
    return true;
  }
  if ((b == "bar" || b == "barrier") && second("warp")) {
    inst.op = Op::BarWarp;
    if (parts.size() != 3 || parts[2] != "sync")
      error = "unsupported form of bar.warp";
    return true;
  }
  if ((b == "bar" || b == "barrier") && second("arrive")) {
    inst.op = Op::BarArrive;
    for (size_t i = 2; i < parts.size(); ++i)
      if (parts[i] != "aligned")
        error = "unsupported modifier ." + parts[i] + " of bar.arrive";
    return true;
  }
  return false;
}

bool checkOperands(Inst &inst, const OpInfo &info, std::string &error) {
  int n = int(inst.ops.size());
  if (n < info.minOps || n > info.maxOps) {
    error = "unexpected operand count " + std::to_string(n);
    return false;
  }
  return true;
}

} // namespace

namespace {

// The operands of the forms decodeAsyncForm matched.
bool checkAsyncOperands(const std::string &opcode, Inst &inst,
                        std::string &error) {
  size_t n = inst.ops.size();
  bool ok = true;
  switch (inst.op) {
  case Op::MbarInit: ok = n == 2; break;
  case Op::MbarArrive: // [state,] [addr], tx-count or arrive count
    ok = n == 3 || (!inst.expectTx && n == 2);
    break;
  case Op::MbarTryWait: ok = n == 3 || n == 4; break;
  case Op::TmaLoad:
    ok = n == (inst.multicast ? 4u : 3u) && inst.ops[1].elems.size() == 2;
    break;
  case Op::Mapa: ok = n == 3; break;
  case Op::TmaStore: ok = n == 2 && inst.ops[0].elems.size() == 2; break;
  case Op::BulkWait: case Op::WgmmaWait:
    ok = n == 1 && inst.ops[0].kind == Operand::Imm;
    if (ok)
      inst.count = uint8_t(inst.ops[0].imm);
    if (opcode.find(".read") != std::string::npos)
      inst.mods |= M_To;
    break;
  case Op::Setmaxnreg: // PTX ISA setmaxnreg: "imm-reg-count must be in the
    // range 24 to 256 (both inclusive) and must be a multiple of 8".
    if (n == 1 && (inst.ops[0].kind != Operand::Imm || inst.ops[0].imm < 24 ||
                   inst.ops[0].imm > 256 || inst.ops[0].imm % 8)) {
      error = "setmaxnreg: the operand imm-reg-count must be a constant in "
              "24..256 and a multiple of 8";
      return false;
    }
    ok = n == 1;
    break;
  case Op::Nanosleep: ok = n == 1; break;
  case Op::BulkLoad: ok = n == 4; break;
  case Op::TcAlloc: case Op::TcDealloc: ok = n == 2; break;
  case Op::TcMma: ok = n == 5 && inst.ops[0].kind == Operand::Addr; break;
  case Op::TcCommit:
    ok = n == (inst.multicast ? 2u : 1u) && inst.ops[0].kind == Operand::Addr;
    break;
  default: ok = n == 0; break;
  }
  if (!ok)
    error = "unexpected operands";
  return ok;
}

// tcgen05.ld.sync.aligned.32x32b.xN.b32 (9.7.16.8.3): N registers.
bool decodeTmemLoad(const std::string &opcode, Inst &inst,
                    std::string &error) {
  const std::string ld = "tcgen05.ld.sync.aligned.32x32b.x";
  if (opcode.compare(0, ld.size(), ld) || opcode.size() <= ld.size() + 4 ||
      opcode.compare(opcode.size() - 4, 4, ".b32"))
    return false;
  unsigned n = unsigned(std::atoi(opcode.c_str() + ld.size()));
  inst.op = Op::TcLd;
  inst.count = uint8_t(n);
  if (n == 0 || n > 128 || (n & (n - 1)) || inst.ops.size() != 2 ||
      inst.ops[0].kind != Operand::Vec || inst.ops[0].elems.size() != n ||
      inst.ops[1].kind != Operand::Addr)
    error = "tcgen05.ld.32x32b.xN takes N registers and a tensor memory "
            "address";
  return true;
}

bool checkCompoundOperands(Inst &inst, std::string &error) {
  if (!error.empty())
    return false;
  if (inst.op == Op::CpAsyncWait) {
    if (inst.ops.size() != 1 || inst.ops[0].kind != Operand::Imm)
      return (error = "cp.async.wait_group takes one immediate"), false;
    inst.count = uint8_t(inst.ops[0].imm);
  }
  if (inst.op == Op::BarWarp && inst.ops.size() != 1)
    return (error = "bar.warp.sync takes a member mask"), false;
  if (inst.op == Op::BarArrive && inst.ops.size() != 2)
    return (error = "bar.arrive takes a barrier and a count"), false;
  return true;
}

// One modifier `m` of a table instruction: a type, a state space, a vector
// width or an instruction-specific selector; false if it is none of them
// and not in the instruction's row.
bool decodeModifier(const std::string &m, const OpInfo &info, Inst &inst,
                    bool &sawType) {
  Ty t = parseTy("." + m);
  if (t != Ty::None) {
    // The second type is cvt's source; mma lists D, A, B, C types.
    if (!sawType)
      inst.ty = t;
    else if (inst.ty2 == Ty::None)
      inst.ty2 = t;
    sawType = true;
    return true;
  }
  Space sp;
  if (parseSpace(m, sp) && (inst.op == Op::Ld || inst.op == Op::St ||
                            inst.op == Op::Cvta || inst.op == Op::Atom ||
                            inst.op == Op::Red || inst.op == Op::Ldmatrix ||
                            inst.op == Op::CpAsync)) {
    // cp.async names the destination space then the source's.
    if (inst.op != Op::CpAsync || inst.space == Space::Generic)
      inst.space = sp;
    return true;
  }
  if (m == "v2" || m == "v4") {
    inst.vec = uint8_t(m[1] - '0');
    return true;
  }
  if (inst.op == Op::Setp && parseCmp(m, inst.cmp))
    return true;
  if (inst.op == Op::Setp && (m == "and" || m == "or" || m == "xor")) {
    inst.boolOp = m == "and" ? BoolOp::And : m == "or" ? BoolOp::Or
                                                       : BoolOp::Xor;
    return true;
  }
  static const std::map<std::string, ShflMode> shfl = {
      {"up", ShflMode::Up}, {"down", ShflMode::Down},
      {"bfly", ShflMode::Bfly}, {"idx", ShflMode::Idx}};
  if (inst.op == Op::Shfl && shfl.count(m)) {
    inst.shfl = shfl.at(m);
    return true;
  }
  if (inst.op == Op::Ldmatrix && (m == "x1" || m == "x2" || m == "x4")) {
    inst.count = uint8_t(m[1] - '0');
    return true;
  }
  static const std::map<std::string, AtomOp> atoms = {
      {"add", AtomOp::Add}, {"min", AtomOp::Min}, {"max", AtomOp::Max},
      {"and", AtomOp::And}, {"or", AtomOp::Or}, {"xor", AtomOp::Xor},
      {"exch", AtomOp::Exch}, {"cas", AtomOp::Cas}, {"inc", AtomOp::Inc},
      {"dec", AtomOp::Dec}};
  if ((inst.op == Op::Atom || inst.op == Op::Red || inst.op == Op::Redux) &&
      atoms.count(m)) {
    inst.atom = atoms.at(m);
    return true;
  }
  bool known = false;
  for (auto &[name, bit] : info.mods)
    if (m == name) {
      inst.mods |= bit;
      known = true;
    }
  return known;
}

// Per-instruction form checks the executor relies on.
bool checkForm(const std::string &opcode,
               const std::vector<std::string> &parts, Inst &inst,
               std::string &error) {
  if (inst.op == Op::Mma && (inst.ty != Ty::F32 ||
                             (inst.ty2 != Ty::F16 && inst.ty2 != Ty::BF16) ||
                             opcode.find("m16n8k16.row.col") ==
                                 std::string::npos))
    return (error = "only mma.sync.aligned.m16n8k16.row.col with f32 "
                    "accumulators and f16/bf16 inputs is implemented"),
           false;
  if (inst.op == Op::Ldmatrix && (!inst.count || inst.ty != Ty::B16 ||
                                  opcode.find("m8n8") == std::string::npos))
    return (error = "ldmatrix needs .m8n8, .x1/.x2/.x4 and .b16"), false;
  if (inst.op == Op::CpAsync) {
    if (inst.space != Space::Shared || opcode.find(".global") ==
                                           std::string::npos)
      return (error = "cp.async copies .global to .shared"), false;
    if (inst.ops[2].kind != Operand::Imm)
      return (error = "cp.async's size must be an immediate"), false;
    inst.count = uint8_t(inst.ops[2].imm);
    if (inst.count != 4 && inst.count != 8 && inst.count != 16)
      return (error = "cp.async copies 4, 8 or 16 bytes"), false;
  }
  if (inst.op == Op::Redux &&
      (inst.ty == Ty::None || tyIsFloat(inst.ty) || tyBits(inst.ty) != 32 ||
       inst.atom == AtomOp::Exch || inst.atom == AtomOp::Cas ||
       inst.atom == AtomOp::Inc || inst.atom == AtomOp::Dec))
    return (error = "redux.sync takes add/min/max/and/or/xor on 32-bit "
                    "integers"),
           false;
  if (inst.op == Op::BarSync && parts.size() > 1 && parts[1] != "sync" &&
      parts[1] != "cta")
    return (error = "unsupported barrier form"), false;
  if ((inst.op == Op::Atom || inst.op == Op::Red) &&
      opcode.find(".cas") != std::string::npos && inst.ops.size() != 4)
    return (error = "atom.cas takes 4 operands"), false;
  return true;
}

} // namespace

bool decodeInstruction(const std::string &opcode, Inst &inst,
                       std::string &error) {
  if (decodeAsyncForm(opcode, inst))
    return checkAsyncOperands(opcode, inst, error);
  if (decodeWgmma(opcode, inst, error) || decodeTmemLoad(opcode, inst, error))
    return error.empty();
  std::vector<std::string> parts = splitDots(opcode);
  if (decodeCompound(parts, inst, error))
    return checkCompoundOperands(inst, error);
  auto it = table().find(parts[0]);
  if (it == table().end())
    return (error = "unknown instruction '" + parts[0] + "'"), false;
  const OpInfo &info = it->second;
  inst.op = info.op;
  bool sawType = false;
  for (size_t i = 1; i < parts.size(); ++i)
    if (!decodeModifier(parts[i], info, inst, sawType))
      return (error = "unsupported modifier ." + parts[i] + " of " + parts[0]),
             false;
  return checkOperands(inst, info, error) &&
         checkForm(opcode, parts, inst, error);
}

} // namespace uop::emu
