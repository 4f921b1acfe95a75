//===- Interpreter.cpp - reference evaluator of tensor-level uop ----------===//

#include "uop/Runtime/Interpreter.h"
#include "uop/Dialect/UOp/IR/UOp.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "llvm/ADT/TypeSwitch.h"

#include <cmath>

using namespace mlir;
using namespace uop;

namespace {
SmallVector<int64_t> stridesOf(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> s(shape.size(), 1);
  for (int64_t i = (int64_t)shape.size() - 2; i >= 0; --i)
    s[i] = s[i + 1] * shape[i + 1];
  return s;
}

/// Calls f(flat index, multi-index) for every element of `shape`.
template <typename F>
void forEach(ArrayRef<int64_t> shape, F f) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  SmallVector<int64_t> idx(shape.size(), 0);
  for (int64_t flat = 0; flat < n; ++flat) {
    f(flat, ArrayRef<int64_t>(idx));
    for (int64_t i = (int64_t)shape.size() - 1; i >= 0; --i) {
      if (++idx[i] < shape[i])
        break;
      idx[i] = 0;
    }
  }
}

HostTensor like(RankedTensorType t) {
  HostTensor h;
  h.shape.assign(t.getShape().begin(), t.getShape().end());
  h.data.assign(h.numElements(), 0.0);
  return h;
}

/// Rounds to the precision of the element type, so a cast to f32 or to an
/// integer means what it means in the program.
double roundTo(Type t, double v) {
  if (t.isF32())
    return (double)(float)v;
  if (t.isF16() || t.isBF16())
    return (double)(float)v; // close enough for a reference; inputs are f32
  if (auto it = dyn_cast<IntegerType>(t)) {
    if (it.getWidth() == 1)
      return v != 0.0;
    return std::trunc(v);
  }
  return v;
}

FailureOr<double> unary(Operation *op, double a) {
  return TypeSwitch<Operation *, FailureOr<double>>(op)
      .Case<arith::NegFOp>([&](auto) { return -a; })
      .Case<math::ExpOp>([&](auto) { return std::exp(a); })
      .Case<math::Exp2Op>([&](auto) { return std::exp2(a); })
      .Case<math::LogOp>([&](auto) { return std::log(a); })
      .Case<math::Log2Op>([&](auto) { return std::log2(a); })
      .Case<math::SqrtOp>([&](auto) { return std::sqrt(a); })
      .Case<math::RsqrtOp>([&](auto) { return 1.0 / std::sqrt(a); })
      .Case<math::SinOp>([&](auto) { return std::sin(a); })
      .Case<math::CosOp>([&](auto) { return std::cos(a); })
      .Case<math::TanhOp>([&](auto) { return std::tanh(a); })
      .Case<math::AbsFOp>([&](auto) { return std::fabs(a); })
      .Case<arith::ExtUIOp, arith::UIToFPOp>([&](Operation *o) -> double {
        Type src = getElementTypeOrSelf(o->getOperand(0).getType());
        unsigned w = src.getIntOrFloatBitWidth();
        uint64_t bits = (uint64_t)(int64_t)a & (w >= 64 ? ~0ull : ((1ull << w) - 1));
        return (double)bits;
      })
      .Case<arith::ExtFOp, arith::TruncFOp, arith::SIToFPOp, arith::FPToSIOp,
            arith::ExtSIOp, arith::TruncIOp>([&](Operation *o) {
        return roundTo(cast<ShapedType>(o->getResult(0).getType())
                           .getElementType(),
                       a);
      })
      .Default([](Operation *) { return FailureOr<double>(failure()); });
}

/// The bitwise, shift and unsigned integer ops, on the two's complement bits
/// of the result's width (the caller wraps the result to it); none when `op`
/// is not one. Division by zero and shifts by the width or more are
/// undefined in arith: NaN, which no integer output matches (and which
/// propagates).
std::optional<double> integerBinary(Operation *op, double a, double b) {
  Type e = getElementTypeOrSelf(op->getResult(0).getType());
  if (!e.isIntOrIndex())
    return std::nullopt;
  unsigned w = e.isIndex() ? 64 : e.getIntOrFloatBitWidth();
  uint64_t mask = w >= 64 ? ~0ull : ((1ull << w) - 1);
  bool undefined = !std::isfinite(a) || !std::isfinite(b);
  int64_t sa = undefined ? 0 : (int64_t)a, sb = undefined ? 1 : (int64_t)b;
  uint64_t ua = (uint64_t)sa & mask, ub = (uint64_t)sb & mask;
  auto bits = [](uint64_t v) { return (double)(int64_t)v; };
  bool badShift = ub >= w;
  std::optional<double> r =
      TypeSwitch<Operation *, std::optional<double>>(op)
          .Case<arith::AndIOp>([&](auto) { return (double)(sa & sb); })
          .Case<arith::OrIOp>([&](auto) { return (double)(sa | sb); })
          .Case<arith::XOrIOp>([&](auto) { return (double)(sa ^ sb); })
          .Case<arith::ShLIOp>(
              [&](auto) { return badShift ? NAN : bits(ua << ub); })
          .Case<arith::ShRUIOp>(
              [&](auto) { return badShift ? NAN : bits(ua >> ub); })
          .Case<arith::ShRSIOp>(
              [&](auto) { return badShift ? NAN : (double)(sa >> ub); })
          .Case<arith::DivUIOp>([&](auto) { return ub ? bits(ua / ub) : NAN; })
          .Case<arith::RemUIOp>([&](auto) { return ub ? bits(ua % ub) : NAN; })
          .Case<arith::MinUIOp>([&](auto) { return ua < ub ? a : b; })
          .Case<arith::MaxUIOp>([&](auto) { return ua > ub ? a : b; })
          .Case<arith::FloorDivSIOp, arith::CeilDivSIOp>([&](Operation *o) {
            if (!sb)
              return (double)NAN;
            // The exact quotient, then one step down (floor) or up (ceil) when
            // it is not whole; -min / -1 wraps as the program's does.
            int64_t q = sb == -1 ? (int64_t)(0 - (uint64_t)sa) : sa / sb;
            bool inexact = sb != -1 && sa % sb != 0;
            bool negative = (sa < 0) != (sb < 0);
            if (isa<arith::FloorDivSIOp>(o) && inexact && negative)
              --q;
            if (isa<arith::CeilDivSIOp>(o) && inexact && !negative)
              ++q;
            return (double)q;
          })
          .Default([](Operation *) { return std::nullopt; });
  return r && undefined ? std::optional<double>(NAN) : r;
}

FailureOr<double> binary(Operation *op, double a, double b) {
  if (std::optional<double> v = integerBinary(op, a, b))
    return *v;
  return TypeSwitch<Operation *, FailureOr<double>>(op)
      .Case<arith::AddFOp, arith::AddIOp>([&](auto) { return a + b; })
      .Case<arith::SubFOp, arith::SubIOp>([&](auto) { return a - b; })
      .Case<arith::MulFOp, arith::MulIOp>([&](auto) { return a * b; })
      .Case<arith::DivFOp>([&](auto) { return a / b; })
      .Case<arith::DivSIOp>([&](auto) { return std::trunc(a / b); })
      .Case<arith::RemSIOp>([&](auto) { return std::fmod(a, b); })
      // IEEE 754-2019 maximum / minimum: NaN wins, -0 < +0.
      .Case<arith::MaximumFOp>([&](auto) {
        if (std::isnan(a) || std::isnan(b))
          return (double)NAN;
        if (a == b)
          return std::signbit(a) ? b : a;
        return std::max(a, b);
      })
      .Case<arith::MinimumFOp>([&](auto) {
        if (std::isnan(a) || std::isnan(b))
          return (double)NAN;
        if (a == b)
          return std::signbit(a) ? a : b;
        return std::min(a, b);
      })
      .Case<arith::MaxNumFOp, arith::MaxSIOp>([&](auto) { return std::fmax(a, b); })
      .Case<arith::MinNumFOp, arith::MinSIOp>([&](auto) { return std::fmin(a, b); })
      .Case<math::PowFOp>([&](auto) { return std::pow(a, b); })
      .Case<arith::CmpFOp>([&](arith::CmpFOp c) -> FailureOr<double> {
        using P = arith::CmpFPredicate;
        bool unordered = std::isnan(a) || std::isnan(b);
        switch (c.getPredicate()) {
        case P::AlwaysFalse: return 0.0;
        case P::AlwaysTrue: return 1.0;
        case P::OEQ: return double(!unordered && a == b);
        case P::ONE: return double(!unordered && a != b);
        case P::OLT: return double(!unordered && a < b);
        case P::OLE: return double(!unordered && a <= b);
        case P::OGT: return double(!unordered && a > b);
        case P::OGE: return double(!unordered && a >= b);
        case P::ORD: return double(!unordered);
        case P::UEQ: return double(unordered || a == b);
        case P::UNE: return double(unordered || a != b);
        case P::ULT: return double(unordered || a < b);
        case P::ULE: return double(unordered || a <= b);
        case P::UGT: return double(unordered || a > b);
        case P::UGE: return double(unordered || a >= b);
        case P::UNO: return double(unordered);
        }
        return failure();
      })
      .Case<arith::CmpIOp>([&](arith::CmpIOp c) -> FailureOr<double> {
        using P = arith::CmpIPredicate;
        switch (c.getPredicate()) {
        case P::eq: return double(a == b);
        case P::ne: return double(a != b);
        case P::slt: return double(a < b);
        case P::sle: return double(a <= b);
        case P::sgt: return double(a > b);
        case P::sge: return double(a >= b);
        default: break;
        }
        // Unsigned: the operands' bits as unsigned integers of their width.
        Type e = getElementTypeOrSelf(c.getLhs().getType());
        unsigned w = e.isIndex() ? 64 : e.getIntOrFloatBitWidth();
        uint64_t mask = w >= 64 ? ~0ull : ((1ull << w) - 1);
        uint64_t ua = (uint64_t)(int64_t)a & mask, ub = (uint64_t)(int64_t)b & mask;
        switch (c.getPredicate()) {
        case P::ult: return double(ua < ub);
        case P::ule: return double(ua <= ub);
        case P::ugt: return double(ua > ub);
        case P::uge: return double(ua >= ub);
        default: break;
        }
        return failure();
      })
      .Default([](Operation *) { return FailureOr<double>(failure()); });
}

/// Gathers: out[idx] = in[map(idx)] over the shape of `rt`, or 0 where `map`
/// gives nothing.
void gather(RankedTensorType rt, HostTensor &out, const HostTensor &in,
            function_ref<bool(ArrayRef<int64_t>, SmallVectorImpl<int64_t> &)>
                map) {
  SmallVector<int64_t> inStrides = stridesOf(in.shape);
  SmallVector<int64_t> s(in.shape.size());
  forEach(rt.getShape(), [&](int64_t flat, ArrayRef<int64_t> idx) {
    if (!map(idx, s)) {
      out.data[flat] = 0.0;
      return;
    }
    int64_t f = 0;
    for (size_t i = 0; i < s.size(); ++i)
      f += s[i] * inStrides[i];
    out.data[flat] = in.data[f];
  });
}

/// The elements of a dense constant.
LogicalResult evaluateConstant(arith::ConstantOp c, Type elt, HostTensor &out) {
  auto dense = dyn_cast<DenseElementsAttr>(c.getValue());
  if (!dense)
    return c.emitError("interpreter: unsupported constant");
  int64_t i = 0;
  if (isa<FloatType>(elt))
    for (APFloat v : dense.getValues<APFloat>())
      out.data[i++] = v.convertToDouble();
  else
    for (APInt v : dense.getValues<APInt>())
      out.data[i++] = (double)v.getSExtValue();
  if (dense.isSplat())
    std::fill(out.data.begin(), out.data.end(), out.data[0]);
  return success();
}

/// Evaluates a movement op (reshape, permute, expand, ...) into `out`; false
/// when `op` is not one.
bool evaluateMovement(Operation &op, RankedTensorType rt,
                      DenseMap<Value, HostTensor> &env, HostTensor &out) {
  auto src = [&](unsigned i) -> const HostTensor & {
    return env[op.getOperand(i)];
  };
  if (isa<ReshapeOp, ContiguousOp, DetachOp, ContiguousBackwardOp>(op)) {
    out.data = src(0).data;
  } else if (auto p = dyn_cast<PermuteOp>(op)) {
    ArrayRef<int64_t> perm = p.getAxes();
    gather(rt, out, src(0),
           [&](ArrayRef<int64_t> idx, SmallVectorImpl<int64_t> &s) {
             for (size_t i = 0; i < perm.size(); ++i)
               s[perm[i]] = idx[i];
             return true;
           });
  } else if (isa<ExpandOp>(op)) {
    const HostTensor &in = src(0);
    gather(rt, out, in, [&](ArrayRef<int64_t> idx, SmallVectorImpl<int64_t> &s) {
      for (size_t i = 0; i < idx.size(); ++i)
        s[i] = in.shape[i] == 1 ? 0 : idx[i];
      return true;
    });
  } else if (auto sh = dyn_cast<ShrinkOp>(op)) {
    ArrayRef<int64_t> begins = sh.getBegins();
    gather(rt, out, src(0),
           [&](ArrayRef<int64_t> idx, SmallVectorImpl<int64_t> &s) {
             for (size_t i = 0; i < idx.size(); ++i)
               s[i] = idx[i] + begins[i];
             return true;
           });
  } else if (auto f = dyn_cast<FlipOp>(op)) {
    ArrayRef<bool> axes = f.getAxes();
    gather(rt, out, src(0),
           [&](ArrayRef<int64_t> idx, SmallVectorImpl<int64_t> &s) {
             for (size_t i = 0; i < idx.size(); ++i)
               s[i] = axes[i] ? rt.getDimSize(i) - 1 - idx[i] : idx[i];
             return true;
           });
  } else if (auto pad = dyn_cast<PadOp>(op)) {
    const HostTensor &in = src(0);
    ArrayRef<int64_t> lo = pad.getBeginPads();
    gather(rt, out, in, [&](ArrayRef<int64_t> idx, SmallVectorImpl<int64_t> &s) {
      for (size_t i = 0; i < idx.size(); ++i) {
        s[i] = idx[i] - lo[i];
        if (s[i] < 0 || s[i] >= in.shape[i])
          return false;
      }
      return true;
    });
  } else {
    return false;
  }
  return true;
}

/// Reduces `in` over the axes of `red` into `out`.
void evaluateReduce(ReduceAxisOp red, RankedTensorType rt, const HostTensor &in,
                    HostTensor &out) {
  SmallVector<int64_t> outStrides = stridesOf(rt.getShape());
  llvm::SmallDenseSet<int64_t> axes(red.getAxes().begin(), red.getAxes().end());
  ReduceOpKind kind = red.getReduceOp();
  double init = kind == ReduceOpKind::Add   ? 0.0
                : kind == ReduceOpKind::Mul ? 1.0
                : kind == ReduceOpKind::Max ? -INFINITY
                                            : INFINITY;
  std::fill(out.data.begin(), out.data.end(), init);
  forEach(in.shape, [&](int64_t flat, ArrayRef<int64_t> idx) {
    int64_t o = 0, k = 0;
    for (size_t i = 0; i < idx.size(); ++i)
      if (!axes.contains(i))
        o += idx[i] * outStrides[k++];
    double &acc = out.data[o];
    double v = in.data[flat];
    switch (kind) {
    case ReduceOpKind::Add: acc += v; break;
    case ReduceOpKind::Mul: acc *= v; break;
    case ReduceOpKind::Max: acc = std::isnan(v) ? v : std::max(acc, v); break;
    case ReduceOpKind::Min: acc = std::isnan(v) ? v : std::min(acc, v); break;
    }
  });
}

/// Evaluates select and the unary and binary ALU ops element by element.
LogicalResult evaluateElementwise(Operation &op,
                                  DenseMap<Value, HostTensor> &env,
                                  HostTensor &out) {
  auto src = [&](unsigned i) -> const HostTensor & {
    return env[op.getOperand(i)];
  };
  if (isa<arith::SelectOp>(op)) {
    for (int64_t i = 0; i < out.numElements(); ++i)
      out.data[i] = src(0).data[i] != 0.0 ? src(1).data[i] : src(2).data[i];
    return success();
  }
  if (op.getNumOperands() == 1) {
    for (int64_t i = 0; i < out.numElements(); ++i) {
      FailureOr<double> v = unary(&op, src(0).data[i]);
      if (failed(v))
        return failure();
      out.data[i] = *v;
    }
    return success();
  }
  if (op.getNumOperands() == 2) {
    for (int64_t i = 0; i < out.numElements(); ++i) {
      FailureOr<double> v = binary(&op, src(0).data[i], src(1).data[i]);
      if (failed(v))
        return failure();
      out.data[i] = *v;
    }
    return success();
  }
  return failure();
}

/// Integer results wrap to their width, as arith defines them.
void wrapToWidth(Operation &op, Type elt, HostTensor &out) {
  if (auto it = dyn_cast<IntegerType>(elt); it && it.getWidth() < 64 &&
                                             !isa<arith::CmpIOp>(op)) {
    unsigned w = it.getWidth();
    for (double &v : out.data) {
      if (std::isnan(v) || std::isinf(v))
        continue;
      uint64_t bits = (uint64_t)(int64_t)v & ((1ull << w) - 1);
      int64_t sv = w == 1 ? (int64_t)bits
                          : (int64_t)(bits << (64 - w)) >> (64 - w);
      v = (double)sv;
    }
  }
}

/// The value of one op with a static tensor result `rt`, from the values of
/// its operands in `env`; fails with a diagnostic.
FailureOr<HostTensor> evaluateOp(Operation &op, RankedTensorType rt,
                                 DenseMap<Value, HostTensor> &env) {
  Type elt = rt.getElementType();
  HostTensor out = like(rt);
  if (auto c = dyn_cast<arith::ConstantOp>(op)) {
    if (failed(evaluateConstant(c, elt, out)))
      return failure();
  } else if (auto red = dyn_cast<ReduceAxisOp>(op)) {
    evaluateReduce(red, rt, env[op.getOperand(0)], out);
  } else if (!evaluateMovement(op, rt, env, out) &&
             failed(evaluateElementwise(op, env, out))) {
    return op.emitError("interpreter: cannot evaluate this op");
  }
  wrapToWidth(op, elt, out);
  return out;
}
} // namespace

FailureOr<SmallVector<HostTensor>>
uop::interpretTensorFunction(func::FuncOp fn, ArrayRef<HostTensor> args) {
  if (fn.isExternal() || !fn.getBody().hasOneBlock())
    return fn.emitError("interpreter: needs a single-block function body");
  Block &body = fn.getBody().front();
  if (args.size() != body.getNumArguments())
    return fn.emitError("interpreter: expected ")
           << body.getNumArguments() << " arguments, got " << args.size();
  DenseMap<Value, HostTensor> env;
  for (auto [a, h] : llvm::zip(body.getArguments(), args))
    env[a] = h;
  for (Operation &op : body) {
    if (auto ret = dyn_cast<func::ReturnOp>(op)) {
      SmallVector<HostTensor> out;
      for (Value v : ret.getOperands())
        out.push_back(env[v]);
      return out;
    }
    if (op.getNumResults() != 1)
      return op.emitError("interpreter: expected one result");
    auto rt = dyn_cast<RankedTensorType>(op.getResult(0).getType());
    if (!rt || !rt.hasStaticShape())
      return op.emitError("interpreter: expected a static ranked tensor");
    FailureOr<HostTensor> out = evaluateOp(op, rt, env);
    if (failed(out))
      return failure();
    env[op.getResult(0)] = std::move(*out);
  }
  return fn.emitError("interpreter: function has no return");
}
