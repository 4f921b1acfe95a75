//===- LowerLayouts.cpp - tirx-lower-layouts ------------------------------===//
//
// Logical coordinates become flat element offsets through the buffer's
// layout (or its strides and elem_offset), using the same emitLayoutApply
// the unit tests check against the integer algebra. Accesses through a
// decl_buffer view address the storage of the buffer it views, from where
// that buffer starts. Each accessed storage gets one flat 1-D view (a
// decl_buffer sharing its data); a store writes every memory replica.
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

/// The flat element offset of `coord` in the storage of `buffer`'s root
/// (getStorageRoot), on replica `replica` of its layout (emitLayoutApply).
/// A view starts where the buffer it views starts and, without a layout or
/// strides of its own, uses that buffer's strides (the seed's views inherit
/// elem_offset and strides).
FailureOr<Value> offsetOf(OpBuilder &b, Location loc, Value buffer,
                          ValueRange coord, ArrayRef<int64_t> replica = {}) {
  auto type = cast<BufferType>(buffer.getType());
  Value offset;
  if (auto layout = type.getLayoutInterface()) {
    FailureOr<std::map<std::string, Value>> m =
        emitLayoutApply(b, loc, layout, type.getShape(), coord, replica);
    if (failed(m))
      return failure();
    // A layout only on thread axes leaves each thread one element.
    offset = m->count(layout::kMemoryAxis)
                 ? m->at(layout::kMemoryAxis)
                 : arith::ConstantIndexOp::create(b, loc, 0).getResult();
  } else {
    offset = arith::ConstantIndexOp::create(b, loc, 0);
    ArrayRef<int64_t> shape = type.getShape();
    SmallVector<int64_t> strides = getInheritedStrides(buffer);
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
  if (int64_t origin = type.getElemOffset() + getInheritedElemOffset(buffer))
    offset = b.createOrFold<arith::AddIOp>(
        loc, offset, arith::ConstantIndexOp::create(b, loc, origin));
  return offset;
}

/// Replica digits of every memory location of an element but the first:
/// one tuple per combination of the layout's replica iters on `m` (iters on
/// thread axes stay 0: those copies live in other threads, which store them
/// themselves). A store writes each.
SmallVector<SmallVector<int64_t>> otherMemoryReplicas(BufferType type) {
  SmallVector<SmallVector<int64_t>> result;
  auto attr = type.getLayoutInterface();
  if (!attr)
    return result;
  layout::Layout algebra = attr.getAlgebra();
  const layout::TileLayout *tile = algebra.getTile();
  if (!tile || tile->replica.empty())
    return result;
  SmallVector<int64_t> digits(tile->replica.size(), 0);
  for (;;) {
    // Odometer over the memory-axis iters.
    size_t k = 0;
    for (; k < digits.size(); ++k) {
      const layout::Iter &it = tile->replica[k];
      if (it.axis != layout::kMemoryAxis)
        continue;
      if (++digits[k] < it.extent)
        break;
      digits[k] = 0;
    }
    if (k == digits.size())
      return result;
    result.push_back(digits);
  }
}

/// More memory replicas than this make a store a located error rather than
/// a long run of stores.
constexpr size_t kMaxStoredReplicas = 64;

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
  // The one flat 1-D view of `buffer`, made on first use by `user` (the
  // buffer itself when it is flat).
  Value flatView(Value buffer, Operation *user) {
    auto type = cast<BufferType>(buffer.getType());
    if (isFlat(type))
      return buffer;
    if (Value v = flatViews.lookup(buffer))
      return v;
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
    Value v = DeclBufferOp::create(b, buffer.getLoc(), flatType, buffer,
                                   /*storage=*/true);
    flatViews[buffer] = v;
    return v;
  }

  // Retargets one access to the flat view of its storage root at the flat
  // offset (nothing for a flat buffer that is not a view); a store is
  // repeated for each memory replica. Tensor-memory addresses are (lane,
  // column) pairs, resolved by convert-tirx-to-gpu against the allocation.
  void lowerAccess(BufferAccessOpInterface access) {
    BufferType type = access.getAccessedBufferType();
    Value buffer = access.getAccessedBuffer();
    Value root = getStorageRoot(buffer);
    Operation *op = access;
    if (isFlat(type) && root == buffer)
      return;
    if (type.getScope() == StorageScope::TMem) {
      if (isa<AddressOfOp>(op))
        return;
      op->emitError("tensor memory is accessed with tcgen05.ld/st, not "
                    "element loads and stores");
      failedAny = true;
      return;
    }
    SmallVector<SmallVector<int64_t>> replicas;
    if (isa<BufferStoreOp, VectorStoreOp>(op))
      replicas = otherMemoryReplicas(type);
    if (replicas.size() >= kMaxStoredReplicas) {
      op->emitError("a store to ")
          << replicas.size() + 1 << " replicas of each element of " << type
          << " (at most " << kMaxStoredReplicas << ")";
      failedAny = true;
      return;
    }
    OpBuilder b(op);
    SmallVector<Value> coord(access.getAccessIndices());
    for (ArrayRef<int64_t> replica : replicas) {
      auto copy = cast<BufferAccessOpInterface>(b.clone(*op));
      retarget(b, copy, buffer, root, coord, replica);
    }
    retarget(b, access, buffer, root, coord, {});
  }

  void retarget(OpBuilder &b, BufferAccessOpInterface access, Value buffer,
                Value root, ValueRange coord, ArrayRef<int64_t> replica) {
    Operation *op = access;
    b.setInsertionPoint(op);
    FailureOr<Value> offset = offsetOf(b, op->getLoc(), buffer, coord, replica);
    if (failed(offset)) {
      op->emitError("cannot lower the layout of ") << buffer.getType();
      failedAny = true;
      return;
    }
    access.getAccessedBufferMutable().set(flatView(root, op));
    access.getAccessIndicesMutable().assign(*offset);
  }

  DenseMap<Value, Value> flatViews;
  bool failedAny = false;
};

} // namespace
