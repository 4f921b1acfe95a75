//===- AsyncCopy.cpp - copy_async: TMA, bulk DSMEM and cp.async -------===//
//
// Part of tirx-dispatch-tile-primitives; see Dispatch.h.
//
//===----------------------------------------------------------------------===//

#include "Dispatch.h"
#include "uop/Dialect/TIRx/IR/TIRxViews.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

#include <numeric>

namespace uop::tirx::dispatch {

/// The swizzle in bytes a TMA box must use to write `dst`'s layout: 0 for a
/// row-major tile, 32/64/128 for a compose layout whose swizzle XORs 16-byte
/// chunks within rows of that many bytes. nullopt when TMA cannot produce it.
std::optional<int64_t> tmaSwizzleBytes(BufferType dst) {
  layout::Shape shape(dst.getShape().begin(), dst.getShape().end());
  auto rowMajor = layout::canonicalize(layout::rowMajor(shape));
  Attribute l = dst.getLayout();
  if (!l)
    return 0;
  auto compose = dyn_cast<ComposeLayoutAttr>(l);
  if (!compose)
    return std::nullopt;
  auto tile = layout::canonicalize(compose.getTile().getLayout());
  if (!tile || !rowMajor || *tile != *rowMajor)
    return std::nullopt;
  layout::SwizzleLayout s = compose.getSwizzle().getLayout();
  int64_t elemBytes = dst.getElementType().getIntOrFloatBitWidth() / 8;
  // The hardware swizzles 16-byte chunks: per_element covers 16 bytes and
  // the atom is the 8 rows of 128 bytes; swizzle_len picks 32/64/128 B.
  if (!s.swizzleInner || (int64_t(1) << s.perElement) * elemBytes != 16 ||
      s.atomLen != 3 || s.swizzleLen < 1 || s.swizzleLen > 3)
    return std::nullopt;
  int64_t bytes = int64_t(16) << s.swizzleLen;
  if (dst.getShape().back() * elemBytes != bytes)
    return std::nullopt;
  return bytes;
}

namespace {
/// Why `barrier` is not an mbarrier a TMA load can complete on: a shared i64
/// buffer (its first element) or a one-element region of one (a stage's
/// barrier in a ring of them).
Declines mbarrierDeclines(Value barrier) {
  if (!barrier || !isa<BufferType, RegionType>(barrier.getType()) ||
      scopeOf(barrier) != StorageScope::Shared ||
      !bufferTypeOf(barrier).getElementType().isInteger(64))
    return std::string("TMA completes on an mbarrier: pass a shared i64 "
                       "buffer, or a one-element region of one, as `barrier`");
  if (isa<RegionType>(barrier.getType()) &&
      llvm::any_of(getTileShape(barrier.getType()),
                   [](int64_t e) { return e != 1; }))
    return std::string("a `barrier` region must be one element (one "
                       "mbarrier of the ring)");
  return std::nullopt;
}

/// The byte alignment convert-tirx-to-gpu gives the storage of the shared
/// buffer `root` (planSharedMemory): 1024 bytes for a swizzled layout, 128
/// for the others, and what divides an allocated_addr (counted from the
/// 1024-byte-aligned block of dynamic shared memory).
int64_t sharedStorageAlignment(BufferType root) {
  int64_t align =
      isa_and_nonnull<ComposeLayoutAttr, SwizzleLayoutAttr>(root.getLayout())
          ? 1024
          : 128;
  if (int64_t addr = root.getAllocatedAddr(); addr > 0)
    align = std::min<int64_t>(align, addr & -addr);
  return align;
}

/// Why the first element of the shared tile `shared` (contiguous in its
/// buffer) is not known to sit on `align` bytes: where its storage is
/// placed, the elem_offsets of its views, and each dimension's offset times
/// its row-major stride must all keep it there.
Declines tmaSharedStartDeclines(Value shared, int64_t align) {
  BufferType type = bufferTypeOf(shared);
  auto region = shared.getDefiningOp<RegionOp>();
  Value buffer = region ? region.getBuffer() : shared;
  if (!isa<BufferType>(buffer.getType()))
    return std::string("the shared tile's buffer is not known");
  std::string need = " (TMA needs its shared tile on " +
                     std::to_string(align) + " bytes)";
  auto root = cast<BufferType>(getStorageRoot(buffer).getType());
  if (sharedStorageAlignment(root) % align)
    return "the shared buffer's storage is placed on only " +
           std::to_string(sharedStorageAlignment(root)) + " bytes" + need;
  int64_t elemBytes = type.getElementType().getIntOrFloatBitWidth() / 8;
  if ((type.getElemOffset() + getInheritedElemOffset(buffer)) * elemBytes %
      align)
    return "the shared tile's elem_offset is not on " + std::to_string(align) +
           " bytes" + need;
  if (!region)
    return std::nullopt;
  ArrayRef<int64_t> shape = type.getShape();
  int64_t stride = elemBytes;
  for (int64_t d = shape.size() - 1; d >= 0; --d) {
    int64_t multiple = align / std::gcd<int64_t>(align, stride);
    if (multiple > 1 && !isKnownMultipleOf(region.getMins()[d], multiple))
      return "the shared tile's offset in dimension " + std::to_string(d) +
             " is not known to keep it on " + std::to_string(align) +
             " bytes" + need;
    stride *= shape[d];
  }
  return std::nullopt;
}

/// Why TMA cannot move the box to or from the shared tile `shared`: the tile
/// is not contiguous in its buffer (leading unit extents, then whole
/// trailing dimensions), a partial swizzled one is off an atom, or its start
/// is not known to be 128-byte aligned (a swizzled one: on the swizzle's
/// period, 8 rows of `swizzle` bytes, since the hardware swizzles absolute
/// address bits).
Declines tmaSharedTileDeclines(Value shared, BufferType dstType,
                               int64_t swizzle) {
  // TMA moves the box densely from the tile's first element: the tile must
  // be contiguous in its buffer (leading unit extents, then whole trailing
  // dimensions), e.g. one stage of a ring.
  ArrayRef<int64_t> dstBox = getTileShape(shared.getType());
  ArrayRef<int64_t> dstShape = dstType.getShape();
  Value buffer = shared;
  if (auto region = shared.getDefiningOp<RegionOp>())
    buffer = region.getBuffer();
  if (!getInheritedStrides(buffer).empty())
    return std::string("the shared buffer is strided (TMA moves the box "
                       "densely)");
  size_t first = 0;
  while (first < dstBox.size() && dstBox[first] == 1)
    ++first;
  for (size_t d = first + 1; d < dstBox.size(); ++d)
    if (dstBox[d] != dstShape[d])
      return std::string("the shared tile is not contiguous (TMA moves the "
                         "box densely)");
  if (first < dstBox.size() && dstBox[first] != dstShape[first] &&
      dstType.getLayout())
    if (auto region = shared.getDefiningOp<RegionOp>();
        region && !isKnownMultipleOf(region.getMins()[first], 8))
      return std::string("a partial swizzled shared tile must start on an "
                         "8-row swizzle atom");
  // cp.async.bulk.tensor needs a 128-byte aligned shared address.
  return tmaSharedStartDeclines(shared, swizzle ? 8 * swizzle : 128);
}

/// Why TMA cannot reach the global buffer `buffer` (a prim_func parameter)
/// through a tensor map: the host encodes the map from the parameter's
/// address as a dense row-major array, and the driver needs every row
/// pitch (the stride of each dimension but the innermost) to be a multiple
/// of 16 bytes.
Declines tmaGlobalDeclines(Value buffer) {
  auto type = cast<BufferType>(buffer.getType());
  if (type.getLayout() || !type.getStrides().empty() || type.getElemOffset())
    return std::string("the global buffer must be dense and row-major (no "
                       "layout, strides or elem_offset): the tensor map "
                       "describes it from its address");
  ArrayRef<int64_t> shape = type.getShape();
  int64_t pitch = type.getElementType().getIntOrFloatBitWidth() / 8;
  for (size_t d = shape.size() - 1; d > 0; --d) {
    pitch *= shape[d];
    if (pitch % 16)
      return "the global buffer's row pitch of " + std::to_string(pitch) +
             " bytes (dimension " + std::to_string(d - 1) +
             ") is not a multiple of 16, as a tensor map needs";
  }
  return std::nullopt;
}

Declines tmaStoreDeclines(CopyAsyncOp copy);

/// The CTAs of the cluster a multicast TMA load writes to: config multicast
/// true is every CTA of the cluster, an integer that mask (bit r = cluster
/// rank r), false or absent none (0).
int64_t tmaMulticastMask(Operation *op) {
  TileConfigAttr config = cast<CopyAsyncOp>(op).getConfigAttr();
  std::optional<int64_t> multicast =
      config ? config.getMulticast() : std::nullopt;
  if (multicast == TileConfigAttr::kMulticastAll)
    return (int64_t(1)
            << std::clamp<int64_t>(clusterCtaCount(op).value_or(0), 0, 16)) -
           1;
  return multicast.value_or(0);
}

/// Why the cluster forms of a TMA load (config multicast, config cta_group
/// 2) do not apply: the kernel has no cluster (of CTA pairs), or the mask
/// names CTAs outside it.
Declines tmaClusterDeclines(Operation *op, const Target &t) {
  TileConfigAttr config = cast<CopyAsyncOp>(op).getConfigAttr();
  if (config && config.getMulticast().value_or(0) != 0) {
    int64_t mask = tmaMulticastMask(op);
    std::optional<int64_t> ctas = clusterCtaCount(op);
    if (!ctas || *ctas < 2)
      return std::string("config multicast writes to the CTAs of a cluster: "
                         "the kernel needs a cluster -> cta scope id of 2 or "
                         "more CTAs");
    if (*ctas < 16 && (mask >> *ctas))
      return "config multicast: the mask " + std::to_string(mask) +
             " names CTAs outside the " + std::to_string(*ctas) +
             "-CTA cluster";
  }
  if (tcgen05CtaGroup(op) == 2) {
    // The .cta_group::2 form of the copy is sm_100a's (with tcgen05).
    if (!t.has(ChipFeature::Tcgen05))
      return "config cta_group 2: the CTA-pair form of a TMA load needs "
             "sm_100a, target is " +
             t.chip;
    if (Declines why = ctaPairDeclines(op))
      return why;
  }
  return std::nullopt;
}

/// The checks a TMA load and a TMA store share: the global side `global` is
/// (a region of) a prim_func parameter, the shared tile `shared` is laid out
/// so that TMA `verb`s it, and both boxes agree within TMA's limits.
Declines tmaBoxDeclines(Value global, Value shared, StringRef verb) {
  Value globalBuffer = global;
  if (auto region = global.getDefiningOp<RegionOp>())
    globalBuffer = region.getBuffer();
  if (!isa<BlockArgument>(globalBuffer))
    return std::string("the global buffer must be a prim_func parameter");
  if (Declines why = tmaGlobalDeclines(globalBuffer))
    return why;
  BufferType sharedType = bufferTypeOf(shared);
  std::optional<int64_t> swizzle = tmaSwizzleBytes(sharedType);
  if (!swizzle)
    return ("the shared tile's layout is not one TMA " + verb +
            " (row-major, or a 32/64/128-byte inner swizzle of 16-byte "
            "chunks over whole rows)")
        .str();
  ArrayRef<int64_t> box = dropLeadingOnes(getTileShape(global.getType()));
  if (box != dropLeadingOnes(getTileShape(shared.getType())))
    return std::string("dst and src boxes differ in shape");
  if (Declines why = tmaSharedTileDeclines(shared, sharedType, *swizzle))
    return why;
  int64_t innerBytes =
      box.back() * sharedType.getElementType().getIntOrFloatBitWidth() / 8;
  if (innerBytes % 16)
    return "the innermost box extent spans " + std::to_string(innerBytes) +
           " bytes, not a multiple of 16";
  if (llvm::any_of(box, [](int64_t e) { return e > 256; }))
    return std::string("TMA boxes are at most 256 per dimension");
  return std::nullopt;
}

/// Why a TMA copy cannot implement this copy_async, or nothing when it can.
Declines tmaAccepts(Operation *op, const Target &t) {
  auto copy = cast<CopyAsyncOp>(op);
  if (!t.has(ChipFeature::TMA))
    return "TMA needs sm_90 or newer, target is " + t.chip;
  if (copy.getScope() != ExecScopeKind::Thread)
    return std::string("a TMA copy is issued by one thread (scope must be "
                       "thread)");
  if (scopeOf(copy.getDst()) == StorageScope::Global &&
      scopeOf(copy.getSrc()) == StorageScope::Shared)
    return tmaStoreDeclines(copy);
  TileConfigAttr config = copy.getConfigAttr();
  if (config && config.getCommit())
    return std::string("config commit: a TMA load completes on its barrier, "
                       "not in a commit group");
  if (Declines why = tmaClusterDeclines(op, t))
    return why;
  if (Declines why = mbarrierDeclines(copy.getBarrier()))
    return why;
  if (scopeOf(copy.getDst()) != StorageScope::Shared ||
      scopeOf(copy.getSrc()) != StorageScope::Global)
    return std::string("TMA here copies global -> shared (or shared -> "
                       "global: a store)");
  return tmaBoxDeclines(copy.getSrc(), copy.getDst(), "writes");
}

/// Expands a copy_async that tmaAccepts took: the tensor map, the
/// mbarrier's expected bytes, and the bulk tensor copy.
void tmaStoreExpand(Operation *op, OpBuilder &b);

void tmaExpand(Operation *op, OpBuilder &b, const Target &) {
  auto copy = cast<CopyAsyncOp>(op);
  if (scopeOf(copy.getDst()) == StorageScope::Global)
    return tmaStoreExpand(op, b);
  Location loc = op->getLoc();
  MLIRContext *ctx = b.getContext();
  TileAccess dst = getAccess(b, loc, copy.getDst());
  TileAccess src = getAccess(b, loc, copy.getSrc());
  auto srcType = cast<BufferType>(src.buffer.getType());
  int64_t rank = srcType.getShape().size();
  // The box over the source's full rank (leading dims of extent 1).
  SmallVector<int64_t> box(rank, 1);
  ArrayRef<int64_t> srcBox = src.shape;
  for (int64_t i = 0; i < static_cast<int64_t>(srcBox.size()); ++i)
    box[rank - srcBox.size() + i] = srcBox[i];
  int64_t swizzle = *tmaSwizzleBytes(bufferTypeOf(copy.getDst()));
  Value map = TensorMapOp::create(b, loc, src.buffer, box, swizzle);
  auto shared = LLVM::LLVMPointerType::get(ctx, 3);
  auto toShared = [&](Value addr) {
    return LLVM::IntToPtrOp::create(b, loc, shared, addr).getResult();
  };
  Value dstAddr = toShared(AddressOfOp::create(b, loc, dst.buffer, dst.mins).getResult());
  SmallVector<Value> barIdx;
  Value barBuffer = copy.getBarrier();
  if (isa<RegionType>(barBuffer.getType())) {
    TileAccess barrier = getAccess(b, loc, barBuffer);
    barBuffer = barrier.buffer;
    barIdx = barrier.mins;
  } else {
    barIdx.assign(bufferTypeOf(barBuffer).getShape().size(), cst(b, loc, 0));
  }
  Value barAddr = AddressOfOp::create(b, loc, barBuffer, barIdx);
  Value bar = toShared(barAddr);
  int64_t bytes = srcType.getElementType().getIntOrFloatBitWidth() / 8;
  for (int64_t e : box)
    bytes *= e;
  // A multicast box lands in every CTA of the mask. The issuing CTA expects
  // all of it on its barrier: that is what lands there when, as the
  // contract of multicast here says, each CTA of the mask issues one box of
  // the same size to the same mask (the CTAs split the shared tile).
  int64_t mask = tmaMulticastMask(op);
  if (mask)
    bytes *= llvm::popcount(static_cast<uint64_t>(mask));
  Value tx = arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(bytes));
  bool pair = tcgen05CtaGroup(op) == 2;
  Value tmaBar = bar;
  if (pair) {
    // cta_group 2: the box completes on the barrier of the pair's even CTA
    // (which issues the pair's MMAs), at the same offset. The copy names it
    // as CUTLASS's SM100 2-SM loads do, by the shared::cta address with the
    // peer bit (bit 24, cluster rank bit 0) cleared; the arrive goes to it
    // through its shared::cluster address (mapa to rank & ~1).
    Value even = arith::AndIOp::create(
        b, loc, barAddr,
        arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(~(int64_t(1) << 24))));
    tmaBar = toShared(even);
    Value rank = NVVM::ClusterId::create(b, loc, b.getI32Type());
    Value leader = arith::AndIOp::create(
        b, loc, rank, arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(~1)));
    Value remote = NVVM::MapaOp::create(
        b, loc, LLVM::LLVMPointerType::get(ctx, 7), bar, leader);
    NVVM::MBarrierArriveExpectTxOp::create(b, loc, Type(), remote, tx,
                                           NVVM::MemScopeKind::CLUSTER, false,
                                           Value());
  } else {
    NVVM::MBarrierArriveExpectTxOp::create(b, loc, Type(), bar, tx,
                                           NVVM::MemScopeKind::CTA, false,
                                           Value());
  }
  // TMA coordinates run innermost first.
  SmallVector<Value> coords;
  for (Value m : llvm::reverse(src.mins))
    coords.push_back(
        arith::IndexCastOp::create(b, loc, b.getI32Type(), m).getResult());
  // The sm_90 form writes to a shared::cluster address (space 7); our own
  // CTA's shared window is part of it.
  Value clusterDst = LLVM::AddrSpaceCastOp::create(
      b, loc, LLVM::LLVMPointerType::get(ctx, 7), dstAddr);
  Value mcast =
      mask ? arith::ConstantOp::create(
                 b, loc, b.getIntegerAttr(b.getI16Type(), mask))
                 .getResult()
           : Value();
  NVVM::CpAsyncBulkTensorGlobalToSharedClusterOp::create(
      b, loc, clusterDst, map, coords, tmaBar, ValueRange(), mcast, Value(),
      NVVM::TMALoadMode::TILE, /*isCTAOnly=*/false,
      pair ? NVVM::CTAGroupKindAttr::get(ctx, NVVM::CTAGroupKind::CTA_2)
           : NVVM::CTAGroupKindAttr(),
      Value());
}

/// Why a TMA store cannot implement this shared -> global copy_async, or
/// nothing when it can.
Declines tmaStoreDeclines(CopyAsyncOp copy) {
  if (copy.getBarrier())
    return std::string("a TMA store completes by bulk async-groups "
                       "(nvvm.cp.async.bulk.wait_group), not on a barrier");
  TileConfigAttr config = copy.getConfigAttr();
  if (config && config.getMulticast())
    return std::string("config multicast: a TMA store has one destination");
  if (config && config.getCtaGroup())
    return std::string("config cta_group: a TMA store completes by bulk "
                       "async-groups, it has no pair barrier");
  return tmaBoxDeclines(copy.getDst(), copy.getSrc(), "reads");
}

/// Expands a store that tmaStoreDeclines took: the tensor map of the
/// global side and one bulk tensor store, closed into its own bulk
/// async-group unless config commit = false.
void tmaStoreExpand(Operation *op, OpBuilder &b) {
  auto copy = cast<CopyAsyncOp>(op);
  Location loc = op->getLoc();
  MLIRContext *ctx = b.getContext();
  TileAccess dst = getAccess(b, loc, copy.getDst());
  TileAccess src = getAccess(b, loc, copy.getSrc());
  auto dstType = cast<BufferType>(dst.buffer.getType());
  int64_t rank = dstType.getShape().size();
  SmallVector<int64_t> box(rank, 1);
  for (int64_t i = 0; i < static_cast<int64_t>(dst.shape.size()); ++i)
    box[rank - dst.shape.size() + i] = dst.shape[i];
  int64_t swizzle = *tmaSwizzleBytes(bufferTypeOf(copy.getSrc()));
  Value map = TensorMapOp::create(b, loc, dst.buffer, box, swizzle);
  Value srcAddr = LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(ctx, 3),
      AddressOfOp::create(b, loc, src.buffer, src.mins).getResult());
  SmallVector<Value> coords;
  for (Value m : llvm::reverse(dst.mins))
    coords.push_back(
        arith::IndexCastOp::create(b, loc, b.getI32Type(), m).getResult());
  NVVM::CpAsyncBulkTensorSharedCTAToGlobalOp::create(
      b, loc, map, srcAddr, coords, Value(), NVVM::TMAStoreMode::TILE,
      Value());
  TileConfigAttr config = copy.getConfigAttr();
  if (!config || config.getCommit().value_or(true))
    NVVM::CpAsyncBulkCommitGroupOp::create(b, loc);
}
} // namespace

/// Thread-scope copy_async on sm_90+: one cp.async.bulk.tensor of the whole
/// box from a global parameter to shared memory, completing on the
/// mbarrier `barrier` (the issuing thread arrives with the byte count); or,
/// shared -> global, a TMA store through the parameter's tensor map, closed
/// into its own bulk async-group unless config commit = false. The writers of
/// a stored tile fence it into the async proxy (fence.proxy.async) and
/// synchronise before the issuing thread stores it; that thread waits with
/// nvvm.cp.async.bulk.wait_group (read) before the tile is written again or
/// the CTA exits.
TileImpl tmaCopy() {
  return {"tma",
          10,
          tmaAccepts,
          tmaExpand,
          {TileConfigAttr::kMulticast, TileConfigAttr::kCommit,
           TileConfigAttr::kCtaGroup}};
}

namespace {
/// The tirx.cluster_view a shared_cluster tile operand (a view, or a region
/// of one) reads, or null.
ClusterViewOp clusterViewOf(Value operand) {
  if (auto region = operand.getDefiningOp<RegionOp>())
    operand = region.getBuffer();
  return operand.getDefiningOp<ClusterViewOp>();
}

/// Why a bulk copy cannot move `tile` as one run of bytes starting on a
/// 16-byte boundary: its buffer is laid out or strided, the tile is not
/// contiguous in it, or its start is not known to be 16-byte aligned.
Declines bulkRunDeclines(Value tile, StringRef what) {
  BufferType type = bufferTypeOf(tile);
  if (type.getLayout() || !type.getStrides().empty())
    return (what + " must be a plain row-major buffer (no layout or strides): "
                   "a bulk copy moves one run of bytes")
        .str();
  ArrayRef<int64_t> box = getTileShape(tile.getType());
  ArrayRef<int64_t> shape = type.getShape();
  size_t first = 0;
  while (first < box.size() && box[first] == 1)
    ++first;
  for (size_t d = first + 1; d < box.size(); ++d)
    if (box[d] != shape[d])
      return (what + " is not contiguous in its buffer (leading unit extents, "
                     "then whole trailing dimensions)")
          .str();
  int64_t elemBytes = type.getElementType().getIntOrFloatBitWidth() / 8;
  Value buffer = tile;
  if (auto region = tile.getDefiningOp<RegionOp>()) {
    buffer = region.getBuffer();
    // Each dimension's offset times its row-major stride, in bytes, must
    // keep the start on 16 bytes.
    int64_t stride = elemBytes;
    for (int64_t d = shape.size() - 1; d >= 0; --d) {
      int64_t need = 16 / std::gcd<int64_t>(16, stride);
      if (!isKnownMultipleOf(region.getMins()[d], need))
        return (what + "'s offset is not known to start on a 16-byte boundary")
            .str();
      stride *= shape[d];
    }
  }
  if (((type.getElemOffset() + getInheritedElemOffset(buffer)) * elemBytes) % 16)
    return (what + "'s elem_offset is not on a 16-byte boundary").str();
  return std::nullopt;
}
} // namespace

/// copy_async shared -> another CTA's shared memory (a tirx.cluster_view) on
/// sm_90+, issued by one thread: one cp.async.bulk.shared::cluster of the
/// tile's bytes, completing on the destination CTA's mbarrier at the offset
/// of `barrier` (the issuing thread arrives on it there with the byte count,
/// as a TMA load does on its own).
TileImpl bulkClusterCopy() {
  auto accepts = [](Operation *op, const Target &t) -> Declines {
    auto copy = cast<CopyAsyncOp>(op);
    if (scopeOf(copy.getDst()) != StorageScope::SharedCluster ||
        scopeOf(copy.getSrc()) != StorageScope::Shared)
      return std::string("a bulk copy between CTAs copies shared -> another "
                         "CTA's shared memory (a tirx.cluster_view)");
    if (!t.has(ChipFeature::Clusters))
      return "bulk copies between CTAs need sm_90 or newer, target is " +
             t.chip;
    if (copy.getScope() != ExecScopeKind::Thread)
      return std::string("a bulk copy is issued by one thread (scope must be "
                         "thread)");
    if (!clusterViewOf(copy.getDst()))
      return std::string("the destination must be a tirx.cluster_view (or a "
                         "region of one), whose rank names the CTA");
    if (Declines why = mbarrierDeclines(copy.getBarrier()))
      return why;
    if (bufferTypeOf(copy.getDst()).getElementType() !=
        bufferTypeOf(copy.getSrc()).getElementType())
      return std::string("dst and src element types differ");
    if (dropLeadingOnes(getTileShape(copy.getDst().getType())) !=
        dropLeadingOnes(getTileShape(copy.getSrc().getType())))
      return std::string("dst and src tiles differ in shape");
    if (Declines why = bulkRunDeclines(copy.getDst(), "the destination"))
      return why;
    if (Declines why = bulkRunDeclines(copy.getSrc(), "the source"))
      return why;
    BufferType type = bufferTypeOf(copy.getSrc());
    int64_t bytes = type.getElementType().getIntOrFloatBitWidth() / 8;
    for (int64_t e : getTileShape(copy.getSrc().getType()))
      bytes *= e;
    if (bytes % 16 || bytes >= (int64_t(1) << 20))
      return "a bulk copy moves a multiple of 16 bytes below 1 MiB (its "
             "barrier's transaction count), this tile has " +
             std::to_string(bytes);
    return std::nullopt;
  };
  auto expand = [](Operation *op, OpBuilder &b, const Target &) {
    auto copy = cast<CopyAsyncOp>(op);
    Location loc = op->getLoc();
    MLIRContext *ctx = b.getContext();
    TileAccess dst = getAccess(b, loc, copy.getDst());
    TileAccess src = getAccess(b, loc, copy.getSrc());
    auto sharedPtr = LLVM::LLVMPointerType::get(ctx, 3);
    auto clusterPtr = LLVM::LLVMPointerType::get(ctx, 7);
    Value dstPtr = LLVM::IntToPtrOp::create(
        b, loc, clusterPtr, AddressOfOp::create(b, loc, dst.buffer, dst.mins).getResult());
    Value srcPtr = LLVM::IntToPtrOp::create(
        b, loc, sharedPtr, AddressOfOp::create(b, loc, src.buffer, src.mins).getResult());
    SmallVector<Value> barIdx;
    Value barBuffer = copy.getBarrier();
    if (isa<RegionType>(barBuffer.getType())) {
      TileAccess barrier = getAccess(b, loc, barBuffer);
      barBuffer = barrier.buffer;
      barIdx = barrier.mins;
    } else {
      barIdx.assign(bufferTypeOf(barBuffer).getShape().size(), cst(b, loc, 0));
    }
    Value bar = LLVM::IntToPtrOp::create(
        b, loc, sharedPtr, AddressOfOp::create(b, loc, barBuffer, barIdx).getResult());
    // The destination CTA's barrier at the same offset: the arrive goes to
    // it by its shared::cluster address, and the copy names that address
    // (the intrinsic types it as a shared pointer; PTX reads it in the
    // .shared::cluster window, as CUTLASS passes mapa's result).
    Value rank = clusterViewOf(copy.getDst()).getRank();
    Value remote = NVVM::MapaOp::create(b, loc, clusterPtr, bar, rank);
    int64_t bytes = bufferTypeOf(copy.getSrc()).getElementType().getIntOrFloatBitWidth() / 8;
    for (int64_t e : src.shape)
      bytes *= e;
    Value tx = arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(bytes));
    NVVM::MBarrierArriveExpectTxOp::create(b, loc, Type(), remote, tx,
                                           NVVM::MemScopeKind::CLUSTER, false,
                                           Value());
    Value remoteBar = LLVM::IntToPtrOp::create(
        b, loc, sharedPtr,
        LLVM::PtrToIntOp::create(b, loc, b.getI64Type(), remote).getResult());
    NVVM::CpAsyncBulkSharedCTAToSharedClusterOp::create(b, loc, dstPtr, srcPtr,
                                                        remoteBar, tx);
  };
  return {"bulk", 8, accepts, expand, {}};
}

/// copy_async with no barrier on sm_80+: each thread of the scope issues
/// 16-byte cp.async.cg copies of aligned runs (the vectorized copy's
/// conditions) and commits them as one group (config commit = false leaves
/// them in the open group, for a later commit); the caller waits with
/// nvvm.cp.async.wait.group and a barrier before reading the tile.
TileImpl cpAsyncCopy() {
  auto accepts = [](Operation *op, const Target &t) -> Declines {
    auto copy = cast<CopyAsyncOp>(op);
    if (!t.has(ChipFeature::CpAsync))
      return "cp.async needs sm_80 or newer, target is " + t.chip;
    if (copy.getBarrier())
      return std::string("cp.async completes by commit/wait groups, not on a "
                         "barrier");
    if (scopeOf(copy.getDst()) != StorageScope::Shared ||
        scopeOf(copy.getSrc()) != StorageScope::Global)
      return std::string("cp.async copies global -> shared");
    if (Declines why = genericAccepts(op, t))
      return why;
    return runCopyDeclines(copy.getDst(), copy.getSrc(), "copies");
  };
  auto expand = [](Operation *op, OpBuilder &b, const Target &) {
    auto copy = cast<CopyAsyncOp>(op);
    Location loc = op->getLoc();
    MLIRContext *ctx = b.getContext();
    TileAccess dst = getAccess(b, loc, copy.getDst());
    TileAccess src = getAccess(b, loc, copy.getSrc());
    int64_t w = vectorWidth(getTileElementType(copy.getDst().getType()));
    emitRunLoop(b, loc, op, copy.getScope(), dst, src, w,
                [&](OpBuilder &nb, ValueRange to, ValueRange from) {
                  Value d = AddressOfOp::create(nb, loc, dst.buffer,
                                                offsetCoord(nb, loc, dst, to));
                  Value s = AddressOfOp::create(nb, loc, src.buffer,
                                                offsetCoord(nb, loc, src, from));
                  Value dPtr = LLVM::IntToPtrOp::create(
                      nb, loc, LLVM::LLVMPointerType::get(ctx, 3), d);
                  Value sPtr = LLVM::IntToPtrOp::create(
                      nb, loc, LLVM::LLVMPointerType::get(ctx, 1), s);
                  NVVM::CpAsyncOp::create(nb, loc, dPtr, sPtr, 16,
                                          NVVM::LoadCacheModifierKind::CG,
                                          Value());
                });
    TileConfigAttr config = copy.getConfigAttr();
    if (!config || config.getCommit().value_or(true))
      NVVM::CpAsyncCommitGroupOp::create(b, loc);
  };
  return {"cp_async", 5, accepts, expand, {TileConfigAttr::kCommit}};
}

} // namespace uop::tirx::dispatch
