//===- Buffers.h - Host buffers a test kernel may touch ---------*- C++ -*-===//
//
// Shared by the emulator's unit tests: the global range check launch()
// takes, accepting exactly the registered host vectors.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_UNITTESTS_PTXEMULATOR_BUFFERS_H
#define UOP_UNITTESTS_PTXEMULATOR_BUFFERS_H

#include "PtxEmulator.h"

#include <string>
#include <utility>
#include <vector>

namespace uop::emu::test {

// Buffers the kernel may touch; everything else is out of bounds.
struct Buffers {
  std::vector<std::pair<uint64_t, uint64_t>> ranges;
  template <typename T> void add(std::vector<T> &v) {
    ranges.push_back({uint64_t(uintptr_t(v.data())), v.size() * sizeof(T)});
  }
  GlobalRangeCheck check() const {
    return [this](uint64_t a, uint64_t n, uint64_t &b, uint64_t &e,
                  std::string &why) {
      for (auto [base, size] : ranges)
        if (a >= base && a + n <= base + size) {
          b = base, e = base + size;
          return true;
        }
      why = "outside every buffer";
      return false;
    };
  }
};

} // namespace uop::emu::test

#endif // UOP_UNITTESTS_PTXEMULATOR_BUFFERS_H
