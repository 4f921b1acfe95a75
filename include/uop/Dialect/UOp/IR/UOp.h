//===- UOp.h - the uop dialect ----------------------------------*- C++ -*-===//
//
// Dialect, types, attributes, interfaces and ops of the UOp IR.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_UOP_IR_UOP_H
#define UOP_DIALECT_UOP_IR_UOP_H

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/TensorEncoding.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferIntRangeInterface.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/StringMap.h"

#include "uop/Support/ReductionKind.h"

#include "uop/Dialect/UOp/IR/UOpOpsDialect.h.inc"
#include "uop/Dialect/UOp/IR/UOpEnums.h.inc"

namespace uop {
/// Nesting priority of an axis type (the seed's table): lower is outer.
int64_t getAxisTypePriority(AxisType type);
/// The neutral element of a reduction for `type` (0, 1, -inf/min, +inf/max).
mlir::TypedAttr getReduceIdentity(ReduceOpKind op, mlir::Type type);

/// Whether argument `index` / result `index` of `fn` is an unsigned integer
/// tensor (carries `uop.unsigned`); MLIR integers are signless, so this is
/// where the program interface says how to read them.
bool isUnsignedArgument(mlir::FunctionOpInterface fn, unsigned index);
bool isUnsignedResult(mlir::FunctionOpInterface fn, unsigned index);
/// The arith reduction a REDUCE of `op` over `elem` values is: the one
/// definition of its identity and combine (arith::getIdentityValueAttr,
/// arith::getReductionOp). Bools (i1) and unsigned integers compare
/// unsigned, so MAX over bools is any() and MIN is all(); other integers
/// compare signed.
mlir::arith::AtomicRMWKind getReductionKind(ReduceOpKind op, mlir::Type elem);
/// blockIdx.* (tinygrad's gidx) rather than threadIdx.* (lidx).
inline bool isBlock(SpecialDim dim) { return dim <= SpecialDim::BlockZ; }
/// The axis of a SPECIAL: 0 for x, 1 for y, 2 for z.
inline unsigned getSpecialAxis(SpecialDim dim) {
  return static_cast<unsigned>(dim) % 3;
}
/// The SPECIAL dimension of `axis` (0..2) of the block or thread grid.
inline SpecialDim getSpecialDim(bool block, unsigned axis) {
  assert(axis < 3 && "SPECIAL axis out of range");
  return static_cast<SpecialDim>((block ? 0 : 3) + axis);
}

/// True when `v` is the result of a uop.range.
bool isRangeValue(mlir::Value v);
/// True when UNROLL propagates through `op` during expansion: the uop ops of
/// the seed's list and every arith/math op.
bool isUnrollPropagating(mlir::Operation *op);

/// The vectors the CPU path keeps whole (uop-expand{vectorize},
/// uop-devectorize{keep-vectors}, --uop-to-c): rank 1, f32 or f64, a
/// power-of-two number of lanes, at most 256 bytes (four 512-bit registers)
/// -- what a GCC/Clang `vector_size` type holds.
bool isCVectorType(mlir::Type t);
/// True for the ops --uop-to-c prints on such vectors: f32/f64 add, sub,
/// mul, div, neg and a select on a scalar condition with the vector
/// extensions' operators, and the f32 math ops the C prelude has a
/// polynomial for (exp, log, sin, tanh...: ALUCForm::Polynomial) through a
/// helper per vector type. Other elementwise ops on them compute lane by
/// lane.
bool hasCVectorForm(mlir::Operation *op);
/// A vector of i1 that --uop-to-c holds as a lane mask of 32-bit integers
/// (-1 true, 0 false: what a comparison of f32 C vectors gives): rank 1,
/// a power-of-two number of lanes, at most 64.
bool isCMaskType(mlir::Type t);
/// The vector ops on lane masks --uop-to-c prints: a cmpf of two f32 C
/// vectors, andi / ori / xori of masks, and a select of f32 C vectors on a
/// mask of the same lanes.
bool hasCMaskForm(mlir::Operation *op);
/// True when `use` reads or writes memory through its INDEX: a LOAD's, a
/// STORE's or a STORE_LANES's index operand (an INDEX read as a value is a scalar lvalue in C).
bool isAccessThroughIndex(mlir::OpOperand &use);

// Assembly helpers shared by attributes and ops.
mlir::FailureOr<llvm::SmallVector<int64_t>> parseIntList(mlir::AsmParser &p);
void printIntList(mlir::AsmPrinter &p, llvm::ArrayRef<int64_t> values);
mlir::FailureOr<llvm::SmallVector<int64_t>> parsePairList(mlir::AsmParser &p);
void printPairList(mlir::AsmPrinter &p, llvm::ArrayRef<int64_t> flat);

class SinkOp;
} // namespace uop

#define GET_TYPEDEF_CLASSES
#include "uop/Dialect/UOp/IR/UOpOpsTypes.h.inc"
#define GET_ATTRDEF_CLASSES
#include "uop/Dialect/UOp/IR/UOpAttrs.h.inc"
#include "uop/Dialect/UOp/IR/UOpInterfaces.h.inc"
#define GET_OP_CLASSES
#include "uop/Dialect/UOp/IR/UOpOps.h.inc"

namespace uop {
/// `[<UPCAST, 1, 16>, ...]`, the applied_opts of a KernelInfo.
mlir::FailureOr<llvm::SmallVector<OptAttr>> parseOptList(mlir::AsmParser &p);
void printOptList(mlir::AsmPrinter &p, llvm::ArrayRef<OptAttr> opts);

/// Symbolic shapes: a function declares its shape variables in `uop.vars`
/// (#uop.var), and a tensor's `?` dimensions name them (#uop.sym).
/// The variables of `fn`, in order (empty when it has none).
llvm::SmallVector<VarAttr> getShapeVars(mlir::Operation *fn);
/// The variable dimension `dim` of `t` is, or null when it is static.
mlir::StringAttr getDimVar(mlir::RankedTensorType t, unsigned dim);
/// True when every dynamic dimension of `t` names a variable (#uop.sym).
bool hasSymbolicShape(mlir::RankedTensorType t);
/// The element count of `t` with each variable at its value in `values`
/// (by name); nullopt when a variable has no value or the count overflows
/// int64.
std::optional<int64_t>
getNumElementsAt(mlir::RankedTensorType t,
                 const llvm::StringMap<int64_t> &values);
/// `t` with each variable at its value in `values`: a static tensor type
/// without encoding (t itself when static); null when a variable has no
/// value.
mlir::RankedTensorType specializeType(mlir::RankedTensorType t,
                                      const llvm::StringMap<int64_t> &values);
/// Whether `op` makes or combines values of several devices: MULTI, MSTACK,
/// MSELECT, ALLREDUCE or a DEVICE tuple (docs/multi-device.md).
bool isMultiDeviceOp(mlir::Operation *op);
/// Parses an axis id keyword (`R3` renumbered, `U3` unrenumbered); a bad
/// keyword is reported at `errorLoc`.
mlir::FailureOr<AxisIdAttr> parseAxisIdKeyword(mlir::AsmParser &p,
                                               llvm::SMLoc errorLoc);
} // namespace uop

#endif // UOP_DIALECT_UOP_IR_UOP_H
