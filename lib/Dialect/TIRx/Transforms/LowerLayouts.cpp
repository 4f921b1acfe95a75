//===- LowerLayouts.cpp - tirx-lower-layouts ------------------------------===//
//
// Logical coordinates become flat element offsets through the buffer's
// layout (or its strides and elem_offset), using the same emitLayoutApply
// the unit tests check against the integer algebra. Each accessed buffer
// gets one flat 1-D view (a decl_buffer sharing its data).
//
//===----------------------------------------------------------------------===//

#include "uop/Dialect/TIRx/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

namespace uop::tirx {
#define GEN_PASS_DEF_TIRXLOWERLAYOUTS
#include "uop/Dialect/TIRx/Transforms/Passes.h.inc"
} // namespace uop::tirx

using namespace mlir;
using namespace uop::tirx;

namespace {

bool isFlat(BufferType t) {
  return t.getShape().size() == 1 && !t.getLayout() && t.getStrides().empty() &&
         t.getElemOffset() == 0;
}

/// The flat element offset of `coord` in `type`'s storage.
FailureOr<Value> offsetOf(OpBuilder &b, Location loc, BufferType type,
                          ValueRange coord) {
  Value offset;
  if (auto layout = type.getLayoutInterface()) {
    FailureOr<std::map<std::string, Value>> m =
        emitLayoutApply(b, loc, layout, type.getShape(), coord);
    if (failed(m))
      return failure();
    // A layout only on thread axes leaves each thread one element.
    offset = m->count(layout::kMemoryAxis)
                 ? m->at(layout::kMemoryAxis)
                 : arith::ConstantIndexOp::create(b, loc, 0).getResult();
  } else {
    offset = arith::ConstantIndexOp::create(b, loc, 0);
    ArrayRef<int64_t> shape = type.getShape();
    SmallVector<int64_t> strides(type.getStrides());
    if (strides.empty()) {
      strides.assign(shape.size(), 1);
      for (int64_t d = shape.size() - 2; d >= 0; --d)
        strides[d] = strides[d + 1] * shape[d + 1];
    }
    for (auto [c, s] : llvm::zip(coord, strides))
      offset = b.createOrFold<arith::AddIOp>(
          loc, offset,
          b.createOrFold<arith::MulIOp>(
              loc, c, arith::ConstantIndexOp::create(b, loc, s)));
  }
  if (type.getElemOffset())
    offset = b.createOrFold<arith::AddIOp>(
        loc, offset,
        arith::ConstantIndexOp::create(b, loc, type.getElemOffset()));
  return offset;
}

struct LowerLayouts : uop::tirx::impl::TIRxLowerLayoutsBase<LowerLayouts> {
  void runOnOperation() override {
    flatViews.clear();
    failedAny = false;
    SmallVector<BufferAccessOpInterface> accesses;
    getOperation().walk(
        [&](BufferAccessOpInterface access) { accesses.push_back(access); });
    for (BufferAccessOpInterface access : accesses)
      lowerAccess(access);
    if (failedAny)
      signalPassFailure();
  }

private:
  // The one flat 1-D view of `buffer`, made on first use by `user`.
  Value flatView(Value buffer, Operation *user) {
    if (Value v = flatViews.lookup(buffer))
      return v;
    auto type = cast<BufferType>(buffer.getType());
    OpBuilder b(buffer.getContext());
    if (Operation *def = buffer.getDefiningOp())
      b.setInsertionPointAfter(def);
    else if (auto entry = user->getParentOfType<DeviceEntryOp>())
      // Parameters are viewed inside the device region that uses them.
      b.setInsertionPointToStart(&entry.getBody().front());
    else
      b.setInsertionPointToStart(cast<BlockArgument>(buffer).getOwner());
    auto flatType = BufferType::get(
        buffer.getContext(), {type.getStorageSpan()}, type.getElementType(),
        type.getScope(), Attribute(), {}, 0, type.getAllocatedAddr());
    Value v = DeclBufferOp::create(b, buffer.getLoc(), flatType, buffer);
    flatViews[buffer] = v;
    return v;
  }

  // Retargets one access to the flat view at the flat offset (nothing for
  // flat buffers). Tensor-memory addresses are (lane, column) pairs,
  // resolved by convert-tirx-to-gpu against the allocation.
  void lowerAccess(BufferAccessOpInterface access) {
    BufferType type = access.getAccessedBufferType();
    Operation *op = access;
    if (isFlat(type))
      return;
    if (type.getScope() == StorageScope::TMem) {
      if (isa<AddressOfOp>(op))
        return;
      op->emitError("tensor memory is accessed with tcgen05.ld/st, not "
                    "element loads and stores");
      failedAny = true;
      return;
    }
    OpBuilder b(op);
    FailureOr<Value> offset =
        offsetOf(b, op->getLoc(), type, access.getAccessIndices());
    if (failed(offset)) {
      op->emitError("cannot lower the layout of ") << type;
      failedAny = true;
      return;
    }
    Value flat = flatView(access.getAccessedBuffer(), op);
    access.getAccessedBufferMutable().set(flat);
    access.getAccessIndicesMutable().assign(*offset);
  }

  DenseMap<Value, Value> flatViews;
  bool failedAny = false;
};

} // namespace
