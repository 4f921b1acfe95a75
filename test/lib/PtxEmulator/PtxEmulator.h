//===- PtxEmulator.h - A functional PTX emulator ----------------*- C++ -*-===//
//
// The interface the emulating CUDA driver (libuop-emu-cuda.so) uses: parse a
// PTX module once, then run one of its entries for a launch. Semantics come
// from the PTX ISA (the section is cited where an instruction is executed),
// never from uop-mlir's lowering. Plain C++17: no LLVM or MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_TEST_PTXEMULATOR_PTXEMULATOR_H
#define UOP_TEST_PTXEMULATOR_PTXEMULATOR_H

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace uop::emu {

struct Module;

/// Parses and decodes a whole PTX module. Every instruction is decoded here,
/// so an instruction, modifier or operand form the emulator does not
/// implement fails the load with the PTX line (fail closed). The caller
/// owns the result and frees it with destroyModule; null on error.
Module *parseModule(const char *ptx, std::string &error);
void destroyModule(Module *m);

/// The PTX `.target` of a parsed module ("sm_80", "sm_90a").
const std::string &moduleTarget(const Module &m);

struct LaunchConfig {
  unsigned grid[3] = {1, 1, 1};
  unsigned block[3] = {1, 1, 1};
  unsigned cluster[3] = {1, 1, 1};
  uint64_t dynamicShared = 0;
  /// Seeds the adversarial (but deterministic) thread schedule.
  uint64_t seed = 1;
};

/// Says whether [addr, addr + size) lies in one live device allocation and
/// sets [begin, end) to that allocation; otherwise `why` explains.
using GlobalRangeCheck = std::function<bool(
    uint64_t addr, uint64_t size, uint64_t &begin, uint64_t &end,
    std::string &why)>;

/// Runs `entry` to completion for every block of the grid. `params` holds
/// one pointer per `.param`, as cuLaunchKernel receives them. Returns ""
/// on success, else the first error (it names the PTX line, the block and
/// the thread).
std::string launch(const Module &m, const std::string &entry,
                   const LaunchConfig &config, void **params,
                   const GlobalRangeCheck &global);

/// Thread-instructions executed by this process so far (for benchmarks).
uint64_t executedInstructions();

} // namespace uop::emu

#endif // UOP_TEST_PTXEMULATOR_PTXEMULATOR_H
