//===- GPUChip.h - the NVIDIA chips uop-mlir targets ------------*- C++ -*-===//
//
// One table of the chips we compile for: the name LLVM's NVPTX backend and
// ptxas take (`sm_90a`), the PTX ISA version we emit for it, and the
// hardware features our lowerings use. The tirx dispatch, the PTX
// translation, the pipelines and the runtime all ask this table; nothing
// else spells a chip rule.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_SUPPORT_GPUCHIP_H
#define UOP_SUPPORT_GPUCHIP_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace uop {

/// Hardware features the lowerings choose between (a bit set).
enum class ChipFeature : unsigned {
  CpAsync = 1u << 0,         ///< cp.async (sm_80+)
  MBarrierTryWait = 1u << 1, ///< mbarrier.try_wait(.parity) (sm_90+)
  TMA = 1u << 2,             ///< cp.async.bulk.tensor, tensor maps (sm_90+)
  Clusters = 1u << 3,        ///< thread-block clusters, DSMEM (sm_90+)
  WGMMA = 1u << 4,           ///< wgmma.mma_async (sm_90a only)
  Tcgen05 = 1u << 5,         ///< tcgen05.* and tensor memory (sm_100a class)
  GridConstant = 1u << 6,    ///< by-value __grid_constant__ parameters
  MmaSync = 1u << 7,         ///< mma.sync m16n8k16 f16/bf16 (sm_80+)
  /// setmaxnreg (nvvm.setmaxregister, tirx.warp_specialize): the
  /// architecture- and family-specific chips of sm_90 and up.
  SetMaxNReg = 1u << 8,
};

/// The chip of every option and tool that is given none (uop-to-nvvm,
/// tirx-to-nvvm, tirx-dispatch-tile-primitives, --mlir-to-ptx): the oldest
/// with the tensor-core and cp.async paths.
inline constexpr llvm::StringLiteral kDefaultGPUChip = "sm_80";

struct GPUChip {
  /// The processor name: `sm_<N>` with an optional `a` (architecture-
  /// specific) or `f` (family-specific) suffix.
  llvm::StringRef name;
  /// Compute capability as 10 * major + minor (90 for sm_90a).
  unsigned sm;
  /// 0, 'a' or 'f'.
  char variant;
  /// The PTX ISA version we emit, 10 * major + minor: the oldest one LLVM 22
  /// accepts for the chip, raised where a feature we use needs a newer one
  /// (TMA on plain sm_90 needs PTX 8.0).
  unsigned ptx;
  unsigned features;

  bool has(ChipFeature f) const { return features & static_cast<unsigned>(f); }
  /// The NVPTX target feature of the PTX version ("+ptx80").
  std::string ptxFeature() const;
  /// "8.0".
  std::string ptxVersion() const;
};

/// Every chip of the table, oldest first.
llvm::ArrayRef<GPUChip> getGPUChips();

/// The chip named `name`, or null when the table does not know it: the one
/// parse of a chip's name; its capabilities are the entry's features.
const GPUChip *lookupGPUChip(llvm::StringRef name);

/// The chip to compile for on a device of compute capability `cc`
/// (10 * major + minor): the architecture-specific variant where one exists
/// (sm_90a, sm_100a: their tensor-core instructions need it), else the plain
/// chip. Null for a device the table does not know.
const GPUChip *chipForComputeCapability(int cc);

/// The names of the table, comma separated, for diagnostics.
std::string listGPUChips();

} // namespace uop

#endif // UOP_SUPPORT_GPUCHIP_H
