//===- StreamStores.cpp - nontemporal stores of large outputs -------------===//
//
// An ordinary store first reads the line it writes into the cache (a
// read-for-ownership); a streaming store does not. For a kernel whose output
// is larger than what the next reader could find in the cache, that read is
// pure memory traffic. The decision needs the buffer's size and the vector
// width, so it runs after uop-devectorize; the C emitter does the rest.
//
//===----------------------------------------------------------------------===//

#include "uop/Dialect/UOp/Transforms/Passes.h"

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
    if (minBytes <= 0)
      return;
    FunctionOp fn = getOperation();
    llvm::SmallDenseSet<Value> read;
    fn.walk([&](LoadOp ld) { read.insert(ld.getBuffer()); });
    fn.walk([&](StoreOp st) {
      auto idx = st.getIndex().getDefiningOp<IndexOp>();
      if (!idx || idx.getGate() || !isa<VectorType>(st.getValue().getType()))
        return;
      Value buf = idx.getBuffer();
      auto ptr = dyn_cast<PtrType>(buf.getType());
      if (!ptr || !isa<BlockArgument>(buf) || read.contains(buf) ||
          bufferBytes(ptr) < minBytes)
        return;
      st.setNontemporal(true);
    });
  }
};
} // namespace
