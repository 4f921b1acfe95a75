//===- ElementwiseKinds.h - the scalar ops of tirx's kinds ------*- C++ -*-===//
//
// What one element of a tirx.unary / tirx.binary computes, as arith/math
// ops: tirx-dispatch-tile-primitives' generic implementations emit these per
// element. A UnaryKind is the ALU table's row whose TIRX column names it
// (uop/Support/ALUOps.def) or one of the composites the table has no row for
// (reciprocal, silu, relu); unittests/UOp/ALUTableTest.cpp checks that every
// kind is one or the other.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_DIALECT_TIRX_TRANSFORMS_ELEMENTWISEKINDS_H
#define UOP_DIALECT_TIRX_TRANSFORMS_ELEMENTWISEKINDS_H

#include "uop/Dialect/TIRx/IR/TIRx.h"

#include "mlir/IR/Builders.h"

namespace uop::tirx {

/// `kind` applied to the float `x`; null for a kind that is neither a
/// table row nor a composite (which ALUTableTest rules out).
mlir::Value emitUnary(mlir::OpBuilder &b, mlir::Location loc, UnaryKind kind,
                      mlir::Value x);

/// `kind` applied to `x` and `y`: the float op for float operands, the
/// signed integer op otherwise.
mlir::Value emitBinary(mlir::OpBuilder &b, mlir::Location loc, BinaryKind kind,
                       mlir::Value x, mlir::Value y);

} // namespace uop::tirx

#endif // UOP_DIALECT_TIRX_TRANSFORMS_ELEMENTWISEKINDS_H
