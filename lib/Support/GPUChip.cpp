//===- GPUChip.cpp - the NVIDIA chips uop-mlir targets --------------------===//
//
// The PTX versions are the oldest LLVM 22's NVPTX backend accepts for each
// processor (measured with `llc -mcpu=... -mattr=+ptxNN`), except plain
// sm_90, raised from 7.8 to 8.0 because cp.async.bulk.tensor needs it.
//
//===----------------------------------------------------------------------===//

#include "uop/Support/GPUChip.h"

#include "llvm/ADT/STLExtras.h"

using namespace uop;

namespace {
constexpr unsigned bit(ChipFeature f) { return static_cast<unsigned>(f); }
constexpr unsigned kAmpere = bit(ChipFeature::CpAsync) |
                             bit(ChipFeature::GridConstant) |
                             bit(ChipFeature::MmaSync);
constexpr unsigned kHopper = kAmpere | bit(ChipFeature::MBarrierTryWait) |
                             bit(ChipFeature::TMA) | bit(ChipFeature::Clusters);
// The architecture- (`a`) and family-specific (`f`) chips of sm_90 and up.
constexpr unsigned kHopperV = kHopper | bit(ChipFeature::SetMaxNReg);
constexpr unsigned kHopperA = kHopperV | bit(ChipFeature::WGMMA);
constexpr unsigned kBlackwellDC = kHopperV | bit(ChipFeature::Tcgen05);

// clang-format off
const GPUChip kChips[] = {
    {"sm_75",   75,  0,  63, bit(ChipFeature::GridConstant)},
    {"sm_80",   80,  0,  70, kAmpere},
    {"sm_86",   86,  0,  71, kAmpere},
    {"sm_87",   87,  0,  74, kAmpere},
    {"sm_88",   88,  0,  90, kAmpere},
    {"sm_89",   89,  0,  78, kAmpere},
    {"sm_90",   90,  0,  80, kHopper},
    {"sm_90a",  90, 'a', 80, kHopperA},
    // Datacenter Blackwell. The hardware of every `a`/`f` variant has
    // tcgen05, but MLIR 22's NVVM verifier accepts tcgen05 ops on sm_100a
    // (and sm_101a, which CUDA 13's ptxas no longer knows) only, so only
    // sm_100a gets the feature here.
    {"sm_100",  100, 0,  86, kHopper},
    {"sm_100a", 100, 'a', 86, kBlackwellDC},
    {"sm_100f", 100, 'f', 88, kHopperV},
    {"sm_103",  103, 0,  88, kHopper},
    {"sm_103a", 103, 'a', 88, kHopperV},
    {"sm_103f", 103, 'f', 88, kHopperV},
    // Thor (sm_101 before CUDA 13).
    {"sm_110",  110, 0,  90, kHopper},
    {"sm_110a", 110, 'a', 90, kHopperV},
    {"sm_110f", 110, 'f', 90, kHopperV},
    // Consumer Blackwell and DGX Spark: clusters and TMA, no tcgen05.
    {"sm_120",  120, 0,  87, kHopper},
    {"sm_120a", 120, 'a', 87, kHopperV},
    {"sm_120f", 120, 'f', 88, kHopperV},
    {"sm_121",  121, 0,  88, kHopper},
    {"sm_121a", 121, 'a', 88, kHopperV},
    {"sm_121f", 121, 'f', 88, kHopperV},
};
// clang-format on
} // namespace

std::string GPUChip::ptxFeature() const { return "+ptx" + std::to_string(ptx); }

std::string GPUChip::ptxVersion() const {
  return std::to_string(ptx / 10) + "." + std::to_string(ptx % 10);
}

llvm::ArrayRef<GPUChip> uop::getGPUChips() { return kChips; }

const GPUChip *uop::lookupGPUChip(llvm::StringRef name) {
  const GPUChip *it =
      llvm::find_if(kChips, [&](const GPUChip &c) { return c.name == name; });
  return it == std::end(kChips) ? nullptr : it;
}

const GPUChip *uop::chipForComputeCapability(int cc) {
  const GPUChip *plain = nullptr;
  for (const GPUChip &c : kChips) {
    if (c.sm != static_cast<unsigned>(cc))
      continue;
    if (c.variant == 'a')
      return &c;
    if (!c.variant)
      plain = &c;
  }
  return plain;
}

std::string uop::listGPUChips() {
  std::string s;
  for (const GPUChip &c : kChips)
    s += (s.empty() ? "" : ", ") + c.name.str();
  return s;
}
