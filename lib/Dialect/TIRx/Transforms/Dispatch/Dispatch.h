//===- Dispatch.h - tile-primitive implementations ----------------*- C++ -*-===//
//
// The pieces tirx-dispatch-tile-primitives is made of: the implementation
// record (name, priority, predicate, expansion), the helpers every
// expansion shares, and one factory per implementation. Each op family's
// implementations live in their own file beside this one.
//
//===----------------------------------------------------------------------===//

#ifndef LIB_DIALECT_TIRX_TRANSFORMS_DISPATCH_DISPATCH_H
#define LIB_DIALECT_TIRX_TRANSFORMS_DISPATCH_DISPATCH_H

#include "uop/Dialect/TIRx/Transforms/ElementwiseKinds.h"
#include "uop/Dialect/TIRx/Transforms/Passes.h"
#include "uop/Support/GPUChip.h"

#include <functional>
#include <optional>
#include <string>

namespace uop::tirx::dispatch {

using namespace mlir;

struct Target {
  std::string chip;
  const GPUChip *info;
  bool has(ChipFeature f) const { return info->has(f); }
};

/// A tile operand seen as (buffer, per-dimension mins, box shape).
struct TileAccess {
  Value buffer;
  SmallVector<Value> mins;
  SmallVector<int64_t> shape;
};

using Declines = std::optional<std::string>;

struct TileImpl {
  StringRef name;
  int priority;
  /// nullopt when the implementation accepts the op, else why it declines.
  std::function<Declines(Operation *, const Target &)> accepts;
  std::function<void(Operation *, OpBuilder &, const Target &)> expand;
  /// The `config` keys the implementation reads; a call setting any other
  /// key is declined, so no setting is silently ignored.
  SmallVector<StringRef, 2> configKeys = {};
};

/// A scalar tile operand's value: itself, or the load of a one-element
/// region (the seed's region-to-load coercion).
Value loadScalarOperand(OpBuilder &b, Location loc, Value v);

/// A tile primitive's config vec (elements per vector access), if set.
std::optional<int64_t> getConfigVec(Operation *op);

//===----------------------------------------------------------------------===//
// Shared helpers (DispatchUtils.cpp)
//===----------------------------------------------------------------------===//

/// A tile operand seen as (buffer, per-dimension mins, box shape).
TileAccess getAccess(OpBuilder &b, Location loc, Value operand);
StorageScope scopeOf(Value tileOperand);
Value cst(OpBuilder &b, Location loc, int64_t v);
/// The linear index of this thread among the threads of `scope`, and their
/// count, as a fresh scope_id_def (lowered later by tirx-lower-scope-ids).
std::pair<Value, int64_t> threadInScope(OpBuilder &b, Location loc,
                                        Operation *op, ExecScopeKind scope);
/// threadInScope with the count as a value: for kernel scope over a free
/// grid (`kernel -> cta [?]`) the count is only known at run time.
std::pair<Value, Value> threadsInScope(OpBuilder &b, Location loc,
                                       Operation *op, ExecScopeKind scope);
/// for (e = tid; e < prod(shape); e += count) body(coordinate of e)
void emitElementLoop(OpBuilder &b, Location loc, Value tid, int64_t count,
                     ArrayRef<int64_t> shape,
                     function_ref<void(OpBuilder &, ValueRange)> body);
void emitElementLoop(OpBuilder &b, Location loc, Value tid, Value count,
                     ArrayRef<int64_t> shape,
                     function_ref<void(OpBuilder &, ValueRange)> body);
Value linearize(OpBuilder &b, Location loc, ValueRange coord,
                ArrayRef<int64_t> shape);
SmallVector<Value> delinearize(OpBuilder &b, Location loc, Value flat,
                               ArrayRef<int64_t> shape);
SmallVector<Value> offsetCoord(OpBuilder &b, Location loc, const TileAccess &a,
                               ValueRange coord);
Value load(OpBuilder &b, Location loc, const TileAccess &a, ValueRange coord);
void store(OpBuilder &b, Location loc, Value v, const TileAccess &a,
           ValueRange coord);
/// The full-rank coordinate of a 2-D access (leading unit dims get 0).
SmallVector<Value> at2d(OpBuilder &b, Location loc, const TileAccess &t,
                        Value row, Value col);
/// A CTA barrier after a cooperative op that wrote shared memory.
void syncAfter(OpBuilder &b, Location loc, ExecScopeKind scope, Value dst);
Value emitCast(OpBuilder &b, Location loc, Value x, Type to);
BufferType bufferTypeOf(Value tileOperand);
std::vector<std::string> threadAxesOf(Value tileOperand);
bool axesMatchScope(const std::vector<std::string> &axes, ExecScopeKind scope);
Value laneDistributedOperand(Operation *op);
/// Shared predicate of the per-thread loop implementations.
Declines genericAccepts(Operation *op, const Target &t);
/// genericAccepts for the element-wise generic loops, which read config
/// `vec` (only 1: they access one element at a time).
Declines genericLoopAccepts(Operation *op, const Target &t);
/// The per-element loop of a generic implementation (owner-computes for
/// thread-distributed operands).
void emitTileLoop(OpBuilder &b, Location loc, Operation *op,
                  ExecScopeKind scope, ArrayRef<int64_t> shape,
                  function_ref<void(OpBuilder &, ValueRange)> body);
/// Elements per 16-byte access of `elem`, 0 when it does not divide 16 bytes.
int64_t vectorWidth(Type elem);
/// Whether `v` is provably a multiple of `w`.
bool isKnownMultipleOf(Value v, int64_t w, int depth = 0);
/// Why `operand` cannot be accessed in aligned runs of `w` elements.
Declines vectorAccessDeclines(Value operand, int64_t w);
/// `s` without its leading unit extents (a box's matrix part).
ArrayRef<int64_t> dropLeadingOnes(ArrayRef<int64_t> s);
/// Why dst <- src cannot move in aligned 16-byte runs (the vectorized copy
/// and cp.async); `unit` names the access in the message ("vectors").
Declines runCopyDeclines(Value dst, Value src, StringRef unit, int64_t w = 0);
/// The elements per vector access of a vectorized copy: config `vec`, else
/// 16 bytes' worth.
int64_t copyVectorWidth(Operation *op);
/// A strided loop over the aligned runs of `w` elements of dst's box; `body`
/// gets the box coordinates of a run's first element in dst and in src.
void emitRunLoop(OpBuilder &b, Location loc, Operation *op, ExecScopeKind scope,
                 const TileAccess &dst, const TileAccess &src, int64_t w,
                 function_ref<void(OpBuilder &, ValueRange, ValueRange)> body);
/// Why `operand` is not a K-major, 128-byte-swizzled shared tile (the
/// operand format of wgmma and tcgen05).
Declines wgmmaOperandDeclines(Value operand, StringRef name);
/// Why the shared-memory matrix descriptors (wgmma, tcgen05) cannot address
/// `operand`: its rows are not whole 8-row swizzle atoms, or its region
/// starts at a row not known to be a multiple of 8 or at a K offset not
/// known to be a multiple of 16.
Declines descriptorOffsetDeclines(Value operand, StringRef name);

//===----------------------------------------------------------------------===//
// Implementations, by op family
//===----------------------------------------------------------------------===//

// Elementwise.cpp
TileImpl genericCopy();
TileImpl genericCast();
TileImpl genericUnary();
TileImpl genericFill();
TileImpl genericBinary();
TileImpl genericReduce();
TileImpl shuffleReduce();
TileImpl workspaceReduce();
TileImpl vectorizedCopy();
// AsyncCopy.cpp
TileImpl tmaCopy();
TileImpl bulkClusterCopy();
TileImpl cpAsyncCopy();
// MMA.cpp
TileImpl genericGemm();
TileImpl mmaSyncGemm();
// WGMMA.cpp
TileImpl wgmmaGemm();
// Tcgen05.cpp
TileImpl tcgen05Gemm();
TileImpl tcgen05LoadCopy();
/// The CTA group of a tcgen05 tile call (config cta_group, default 1).
int64_t tcgen05CtaGroup(Operation *op);
/// The CTAs per cluster of op's kernel (its cluster -> cta scope id).
std::optional<int64_t> clusterCtaCount(Operation *op);
/// Why op's kernel has no CTA pairs (a cluster of an even number of CTAs).
Declines ctaPairDeclines(Operation *op);
/// The kernel-wide tcgen05 rules: one CTA group for every tcgen05
/// operation, cta_group 2 only in a cluster of CTA pairs, multicast
/// tcgen05.commit masks within the cluster.
LogicalResult checkTcgen05CtaGroups(PrimFuncOp fn);

} // namespace uop::tirx::dispatch

#endif // LIB_DIALECT_TIRX_TRANSFORMS_DISPATCH_DISPATCH_H
