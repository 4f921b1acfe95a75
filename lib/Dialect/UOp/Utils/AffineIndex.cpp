//===- AffineIndex.cpp - index values as affine forms ---------------------===//

#include "uop/Dialect/UOp/Utils/AffineIndex.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;

/// `budget` bounds the visits: a DAG of shared sums would otherwise be
/// walked once per path.
static LogicalResult addAffine(Value v, int64_t scale, uop::AffineIndex &out,
                               unsigned &budget) {
  if (budget-- == 0)
    return failure();
  APInt c;
  if (matchPattern(v, m_ConstantInt(&c))) {
    int64_t t;
    if (llvm::MulOverflow(scale, c.getSExtValue(), t) ||
        llvm::AddOverflow(out.constant, t, out.constant))
      return failure();
    return success();
  }
  if (auto add = v.getDefiningOp<arith::AddIOp>())
    return success(succeeded(addAffine(add.getLhs(), scale, out, budget)) &&
                   succeeded(addAffine(add.getRhs(), scale, out, budget)));
  if (auto mul = v.getDefiningOp<arith::MulIOp>()) {
    for (auto [x, k] : {std::pair(mul.getLhs(), mul.getRhs()),
                        std::pair(mul.getRhs(), mul.getLhs())})
      if (matchPattern(k, m_ConstantInt(&c))) {
        int64_t s;
        if (llvm::MulOverflow(scale, c.getSExtValue(), s))
          return failure();
        return addAffine(x, s, out, budget);
      }
    return failure();
  }
  int64_t &k = out.coeff[v];
  return success(!llvm::AddOverflow(k, scale, k));
}

LogicalResult uop::addAffineIndex(Value v, int64_t scale, AffineIndex &out) {
  unsigned budget = 4096;
  return addAffine(v, scale, out, budget);
}
