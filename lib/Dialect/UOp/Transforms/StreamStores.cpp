//===- StreamStores.cpp - nontemporal stores of large outputs -------------===//
//
// An ordinary store first reads the line it writes into the cache (a
// read-for-ownership); a streaming store does not, and leaves the line out of
// the cache. That trade pays when the kernel's buffers together exceed the
// cache: its output could not stay there next to the inputs streaming past
// it, so the read is pure memory traffic. Below that, the output would have
// stayed cached for its next reader. The decision needs the buffers' sizes
// and the vector width, so it runs after uop-devectorize; the C emitter does
// the rest.
//
//===----------------------------------------------------------------------===//

#include "uop/Dialect/UOp/Transforms/Passes.h"

#include <algorithm>

namespace uop {
#define GEN_PASS_DEF_UOPSTREAMSTORES
#include "uop/Dialect/UOp/Transforms/Passes.h.inc"
} // namespace uop

using namespace mlir;
using namespace uop;

/// The size in bytes of a global buffer of static size, or -1.
static int64_t bufferBytes(PtrType ptr) {
  if (ptr.getAddrSpace() != AddrSpace::Global || ptr.getSize() < 0)
    return -1;
  Type elem = ptr.getElementType();
  if (!elem.isIntOrFloat() || elem.getIntOrFloatBitWidth() % 8)
    return -1;
  return ptr.getSize() * (elem.getIntOrFloatBitWidth() / 8);
}

namespace {
struct UOpStreamStoresPass
    : public uop::impl::UOpStreamStoresBase<UOpStreamStoresPass> {
  using UOpStreamStoresBase::UOpStreamStoresBase;

  void runOnOperation() override {
    if (minFootprint <= 0)
      return;
    FunctionOp fn = getOperation();
    // The bytes of every global parameter of static size: what the kernel
    // moves through the cache, whichever way.
    int64_t footprint = 0;
    for (BlockArgument arg : fn.getArguments())
      if (auto ptr = dyn_cast<PtrType>(arg.getType()))
        footprint += std::max<int64_t>(bufferBytes(ptr), 0);
    if (footprint < minFootprint)
      return;
    llvm::SmallDenseSet<Value> read;
    fn.walk([&](LoadOp ld) { read.insert(ld.getBuffer()); });
    fn.walk([&](StoreOp st) {
      auto idx = st.getIndex().getDefiningOp<IndexOp>();
      if (!idx || idx.getGate() || !isa<VectorType>(st.getValue().getType()))
        return;
      Value buf = idx.getBuffer();
      auto ptr = dyn_cast<PtrType>(buf.getType());
      if (!ptr || !isa<BlockArgument>(buf) || read.contains(buf) ||
          bufferBytes(ptr) < 0)
        return;
      st.setNontemporal(true);
    });
  }
};
} // namespace
