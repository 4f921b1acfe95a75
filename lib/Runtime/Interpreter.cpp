//===- Interpreter.cpp - reference evaluator of tensor-level uop ----------===//

#include "uop/Runtime/Interpreter.h"
#include "InterpreterALU.h"
#include "uop/Dialect/UOp/IR/ALUTable.h"
#include "uop/Dialect/UOp/IR/UOp.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>
#if __has_include(<unistd.h>)
#include <unistd.h>
#endif

using namespace mlir;
using namespace uop;
using namespace uop::interp;

//===----------------------------------------------------------------------===//
// Element representation
//===----------------------------------------------------------------------===//

double uop::roundToFloatType(Type t, double v) {
  if (t.isF64())
    return v;
  if (t.isF32())
    return (double)(float)v;
  // f16/bf16: the f32 result of the computation, rounded once more.
  llvm::APFloat a((float)v);
  bool lost;
  a.convert(t.isF16() ? llvm::APFloat::IEEEhalf() : llvm::APFloat::BFloat(),
            llvm::APFloat::rmNearestTiesToEven, &lost);
  a.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven,
            &lost);
  return a.convertToDouble();
}

namespace {
/// The rounding of the interpretTensorFunction call running on this thread.
thread_local FloatRounding currentRounding = FloatRounding::Reference;
} // namespace

double uop::interp::roundResult(Type t, double v) {
  return currentRounding == FloatRounding::Perturbed ? v
                                                     : roundToFloatType(t, v);
}

bool uop::interp::roundsEveryStep() {
  return currentRounding == FloatRounding::Perturbed;
}

int64_t uop::wrapToWidth(int64_t v, unsigned w) {
  if (w >= 64)
    return v;
  if (w == 1)
    return v & 1;
  return llvm::SignExtend64(v, w);
}

namespace {

//===----------------------------------------------------------------------===//
// Tensors
//===----------------------------------------------------------------------===//

SmallVector<int64_t> stridesOf(ArrayRef<int64_t> shape) {
  SmallVector<int64_t> s(shape.size(), 1);
  for (int64_t i = (int64_t)shape.size() - 2; i >= 0; --i)
    s[i] = s[i + 1] * shape[i + 1];
  return s;
}

/// Calls f(flat index, multi-index) for every element of `shape`.
template <typename F> void forEach(ArrayRef<int64_t> shape, F f) {
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

/// An empty (zero) tensor of type `t`, its values in the field its element
/// type uses.
HostTensor like(RankedTensorType t) {
  HostTensor h;
  h.shape.assign(t.getShape().begin(), t.getShape().end());
  if (isa<FloatType>(t.getElementType()))
    h.data.assign(h.numElements(), 0.0);
  else
    h.ints.assign(h.numElements(), 0);
  return h;
}

bool isFloatTensor(Value v) {
  return isa<FloatType>(getElementTypeOrSelf(v.getType()));
}

Scalar readElement(const HostTensor &h, bool isFloat, int64_t i) {
  if (isFloat)
    return Scalar{h.data[i], 0, false};
  return Scalar{0, h.ints[i], h.isUndefined(i)};
}

void markUndefined(HostTensor &h, int64_t i) {
  if (h.undefined.empty())
    h.undefined.assign(h.numElements(), 0);
  h.undefined[i] = 1;
}

/// Stores `s` as element `i` of `out` (of element type `elt`), rounded or
/// wrapped to the type.
void writeElement(HostTensor &out, Type elt, int64_t i, Scalar s) {
  if (isa<FloatType>(elt)) {
    out.data[i] = roundResult(elt, s.f);
    return;
  }
  out.ints[i] = wrapToWidth(s.i, widthOf(elt));
  if (s.undef)
    markUndefined(out, i);
}

/// Gathers: out[idx] = in[map(idx)] over the shape of `rt`, or 0 where `map`
/// gives nothing.
void gather(
    RankedTensorType rt, HostTensor &out, const HostTensor &in,
    function_ref<bool(ArrayRef<int64_t>, SmallVectorImpl<int64_t> &)> map) {
  SmallVector<int64_t> inStrides = stridesOf(in.shape);
  SmallVector<int64_t> s(in.shape.size());
  bool isFloat = isa<FloatType>(rt.getElementType());
  forEach(rt.getShape(), [&](int64_t flat, ArrayRef<int64_t> idx) {
    if (!map(idx, s))
      return; // `out` starts as zeros
    int64_t f = 0;
    for (size_t i = 0; i < s.size(); ++i)
      f += s[i] * inStrides[i];
    if (isFloat) {
      out.data[flat] = in.data[f];
      return;
    }
    out.ints[flat] = in.ints[f];
    if (in.isUndefined(f))
      markUndefined(out, flat);
  });
}

/// The elements of a dense constant.
LogicalResult evaluateConstant(arith::ConstantOp c, Type elt, HostTensor &out) {
  auto dense = dyn_cast<DenseElementsAttr>(c.getValue());
  if (!dense)
    return c.emitError("interpreter: unsupported constant");
  int64_t n = out.numElements();
  if (n == 0) // a zero extent: nothing to read, even from a splat
    return success();
  if (isa<FloatType>(elt)) {
    int64_t i = 0;
    for (APFloat v : dense.getValues<APFloat>()) {
      bool lost;
      v.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &lost);
      out.data[i++] = v.convertToDouble();
      if (i == n)
        break;
    }
    if (dense.isSplat())
      std::fill(out.data.begin(), out.data.end(), out.data[0]);
  } else {
    int64_t i = 0;
    unsigned w = widthOf(elt);
    for (APInt v : dense.getValues<APInt>()) {
      out.ints[i++] =
          wrapToWidth(w == 1 ? v.getZExtValue() : v.getSExtValue(), w);
      if (i == n)
        break;
    }
    if (dense.isSplat())
      std::fill(out.ints.begin(), out.ints.end(), out.ints[0]);
  }
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
    out.ints = src(0).ints;
    out.undefined = src(0).undefined;
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
    gather(rt, out, in,
           [&](ArrayRef<int64_t> idx, SmallVectorImpl<int64_t> &s) {
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
    gather(rt, out, in,
           [&](ArrayRef<int64_t> idx, SmallVectorImpl<int64_t> &s) {
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

/// The identity a float reduction starts from.
inline double floatReduceInit(ReduceOpKind kind) {
  return kind == ReduceOpKind::Add   ? 0.0
         : kind == ReduceOpKind::Mul ? 1.0
         : kind == ReduceOpKind::Max ? -INFINITY
                                     : INFINITY;
}

/// One step of a float reduction.
inline void accumulateFloat(ReduceOpKind kind, double &acc, double v) {
  switch (kind) {
  case ReduceOpKind::Add:
    acc += v;
    break;
  case ReduceOpKind::Mul:
    acc *= v;
    break;
  case ReduceOpKind::Max:
    acc = std::isnan(v) || std::isnan(acc) ? NAN : std::max(acc, v);
    break;
  case ReduceOpKind::Min:
    acc = std::isnan(v) || std::isnan(acc) ? NAN : std::min(acc, v);
    break;
  case ReduceOpKind::UMax:
  case ReduceOpKind::UMin:
    break; // integers only (the verifier)
  }
}

/// Reduces `in` over the axes of `red` into `out`. Floats: f32/f64 accumulate
/// in double and round once; f16/bf16 (and every type under
/// FloatRounding::Perturbed) round after every step, as a half accumulator
/// computed in f32 does. Integers wrap; MAX/MIN compare signed,
/// except i1, where they are any() and all().
void evaluateReduce(ArrayRef<int64_t> reduced, ReduceOpKind kind,
                    RankedTensorType rt, const HostTensor &in,
                    HostTensor &out) {
  SmallVector<int64_t> outStrides = stridesOf(rt.getShape());
  llvm::SmallDenseSet<int64_t> axes(reduced.begin(), reduced.end());
  Type elt = rt.getElementType();
  auto outIndex = [&](ArrayRef<int64_t> idx) {
    int64_t o = 0, k = 0;
    for (size_t i = 0; i < idx.size(); ++i)
      if (!axes.contains(i))
        o += idx[i] * outStrides[k++];
    return o;
  };
  if (isa<FloatType>(elt)) {
    bool perStep = elt.isF16() || elt.isBF16() || roundsEveryStep();
    double init = floatReduceInit(kind);
    std::fill(out.data.begin(), out.data.end(), init);
    forEach(in.shape, [&](int64_t flat, ArrayRef<int64_t> idx) {
      double &acc = out.data[outIndex(idx)];
      accumulateFloat(kind, acc, in.data[flat]);
      if (perStep)
        acc = roundToFloatType(elt, acc);
    });
    for (double &v : out.data)
      v = roundToFloatType(elt, v);
    return;
  }
  unsigned w = widthOf(elt);
  int64_t smax = w >= 64 ? std::numeric_limits<int64_t>::max()
                         : (int64_t)((1ull << (w - 1)) - 1);
  int64_t init = kind == ReduceOpKind::Add    ? 0
                 : kind == ReduceOpKind::Mul  ? 1
                 : kind == ReduceOpKind::UMax ? 0
                 : kind == ReduceOpKind::UMin ? -1
                 : w == 1 ? (kind == ReduceOpKind::Max ? 0 : 1)
                 : kind == ReduceOpKind::Max ? -smax - 1
                                             : smax;
  std::fill(out.ints.begin(), out.ints.end(), wrapToWidth(init, w));
  forEach(in.shape, [&](int64_t flat, ArrayRef<int64_t> idx) {
    int64_t o = outIndex(idx);
    int64_t &acc = out.ints[o];
    int64_t v = in.ints[flat];
    if (in.isUndefined(flat))
      markUndefined(out, o);
    // i1 is 0/1 here, so its MAX/MIN on the stored bits are any()/all().
    switch (kind) {
    case ReduceOpKind::Add:
      acc = (int64_t)((uint64_t)acc + (uint64_t)v);
      break;
    case ReduceOpKind::Mul:
      acc = (int64_t)((uint64_t)acc * (uint64_t)v);
      break;
    case ReduceOpKind::Max:
      acc = std::max(acc, v);
      break;
    case ReduceOpKind::Min:
      acc = std::min(acc, v);
      break;
    // Sign-extended bits keep the unsigned order of their width.
    case ReduceOpKind::UMax:
      acc = (uint64_t)v > (uint64_t)acc ? v : acc;
      break;
    case ReduceOpKind::UMin:
      acc = (uint64_t)v < (uint64_t)acc ? v : acc;
      break;
    }
    acc = wrapToWidth(acc, w);
  });
}

/// Evaluates an ALU op (or cast) element by element; failure when the
/// interpreter does not know it.
LogicalResult evaluateElementwise(Operation &op, Type elt,
                                  DenseMap<Value, HostTensor> &env,
                                  HostTensor &out) {
  std::optional<ElementFn> f = elementFunction(op);
  if (!f)
    return failure();
  SmallVector<const HostTensor *> srcs;
  SmallVector<bool> isFloat;
  for (Value v : op.getOperands()) {
    srcs.push_back(&env[v]);
    isFloat.push_back(isFloatTensor(v));
  }
  SmallVector<Scalar, 3> args(srcs.size());
  for (int64_t i = 0, e = out.numElements(); i < e; ++i) {
    for (size_t k = 0; k < srcs.size(); ++k)
      args[k] = readElement(*srcs[k], isFloat[k], i);
    writeElement(out, elt, i, (*f)(args));
  }
  return success();
}

/// TUPLE keeps its elements for the GET_TUPLEs that take them apart (the
/// seed: several values through a Void boundary).
LogicalResult evaluateTuple(Operation &op, DenseMap<Value, HostTensor> &env,
                            DenseMap<Value, SmallVector<HostTensor>> &tuples) {
  if (auto t = dyn_cast<TupleOp>(op)) {
    SmallVector<HostTensor> &elems = tuples[t.getResult()];
    for (Value v : t.getSrc()) {
      auto it = env.find(v);
      if (it == env.end())
        return op.emitError("interpreter: a TUPLE element that is not a "
                            "computed tensor");
      elems.push_back(it->second);
    }
    return success();
  }
  auto g = cast<GetTupleOp>(op);
  auto it = tuples.find(g.getSrc());
  if (it == tuples.end())
    return op.emitError("interpreter: GET_TUPLE of a CALL in a tensor-level "
                        "graph; uop-normalize inlines the called FUNCTION");
  env[g.getResult()] = it->second[g.getIndex()];
  return success();
}

/// The value of one op with a static tensor result `rt`, from the values of
/// its operands in `env`; fails with a diagnostic.
FailureOr<HostTensor> evaluateOp(Operation &op, RankedTensorType rt,
                                 DenseMap<Value, HostTensor> &env) {
  Type elt = rt.getElementType();
  if (!elt.isIntOrIndexOrFloat())
    return op.emitError("interpreter: unsupported element type ") << elt;
  HostTensor out = like(rt);
  if (auto c = dyn_cast<arith::ConstantOp>(op)) {
    if (failed(evaluateConstant(c, elt, out)))
      return failure();
  } else if (auto red = dyn_cast<ReduceAxisOp>(op)) {
    evaluateReduce(red.getAxes(), red.getReduceOp(), rt, env[op.getOperand(0)],
                   out);
  } else if (!evaluateMovement(op, rt, env, out) &&
             failed(evaluateElementwise(op, elt, env, out))) {
    return op.emitError("interpreter: cannot evaluate this op");
  }
  return out;
}

/// The values of a tensor-level function that live once per device: MSTACK
/// values and what is computed from them.
using PerDeviceValues = DenseMap<Value, SmallVector<HostTensor>>;

/// The operands `srcs` of `op` (a MULTI or an MSTACK), which must be whole
/// values: each takes one value per device from whole ones.
FailureOr<SmallVector<HostTensor *>>
wholeOperands(Operation &op, ValueRange srcs, DenseMap<Value, HostTensor> &env,
              const PerDeviceValues &perDevice) {
  SmallVector<HostTensor *> values;
  for (Value v : srcs) {
    if (perDevice.count(v))
      return op.emitError("interpreter: ")
             << op.getName() << " of a per-device (MSTACK) value";
    values.push_back(&env[v]);
  }
  return values;
}

/// `shards` laid end to end along `axis` into a value of type `rt`: `outer`
/// blocks of `chunk` elements from each shard in turn.
HostTensor concatenateShards(ArrayRef<HostTensor *> shards, int64_t axis,
                             RankedTensorType rt) {
  HostTensor out = *shards[0];
  out.shape.assign(rt.getShape().begin(), rt.getShape().end());
  out.data.clear();
  out.ints.clear();
  out.undefined.clear();
  int64_t outer = 1, chunk = 1;
  for (int64_t d = 0; d < axis; ++d)
    outer *= rt.getDimSize(d);
  for (int64_t d = axis; d < (int64_t)shards[0]->shape.size(); ++d)
    chunk *= shards[0]->shape[d];
  bool anyUndef =
      llvm::any_of(shards, [](HostTensor *s) { return !s->undefined.empty(); });
  for (int64_t o = 0; o < outer; ++o)
    for (HostTensor *s : shards) {
      auto range = [&](auto &v) {
        return llvm::make_range(v.begin() + o * chunk,
                                v.begin() + (o + 1) * chunk);
      };
      if (!s->data.empty())
        llvm::append_range(out.data, range(s->data));
      if (!s->ints.empty())
        llvm::append_range(out.ints, range(s->ints));
      if (anyUndef) {
        if (s->undefined.empty())
          out.undefined.insert(out.undefined.end(), chunk, 0);
        else
          llvm::append_range(out.undefined, range(s->undefined));
      }
    }
  return out;
}

/// A MULTI: its shards end to end along its axis; without one, the value
/// every device holds (so its replicas must agree).
LogicalResult evaluateMulti(MultiOp multi, RankedTensorType rt,
                            DenseMap<Value, HostTensor> &env,
                            const PerDeviceValues &perDevice) {
  FailureOr<SmallVector<HostTensor *>> shards =
      wholeOperands(*multi, multi.getSrcs(), env, perDevice);
  if (failed(shards))
    return failure();
  if (!multi.getAxis()) {
    for (HostTensor *s : *shards)
      if (s->data != (*shards)[0]->data || s->ints != (*shards)[0]->ints)
        return multi.emitError("interpreter: the replicas of a MULTI without "
                               "an axis differ");
    env[multi.getResult()] = *(*shards)[0];
    return success();
  }
  env[multi.getResult()] = concatenateShards(*shards, *multi.getAxis(), rt);
  return success();
}

/// An MSTACK: one value per device.
LogicalResult evaluateMStack(MStackOp stack, DenseMap<Value, HostTensor> &env,
                             PerDeviceValues &perDevice) {
  FailureOr<SmallVector<HostTensor *>> srcs =
      wholeOperands(*stack, stack.getSrcs(), env, perDevice);
  if (failed(srcs))
    return failure();
  SmallVector<HostTensor> values;
  for (HostTensor *h : *srcs)
    values.push_back(*h);
  perDevice[stack.getResult()] = std::move(values);
  return success();
}

/// An MSELECT: device d's value (of a whole value: the value itself).
LogicalResult evaluateMSelect(MSelectOp sel, DenseMap<Value, HostTensor> &env,
                              const PerDeviceValues &perDevice) {
  auto it = perDevice.find(sel.getSrc());
  if (it == perDevice.end()) {
    env[sel.getResult()] = env[sel.getSrc()]; // a whole value
    return success();
  }
  if ((size_t)sel.getDeviceIndex() >= it->second.size())
    return sel.emitError("interpreter: device index ")
           << sel.getDeviceIndex() << " of a value on " << it->second.size()
           << " devices";
  env[sel.getResult()] = it->second[sel.getDeviceIndex()];
  return success();
}

/// The devices' `values` stacked along a new axis 0, each of type `rt`.
HostTensor stackValues(ArrayRef<HostTensor> values, RankedTensorType rt) {
  HostTensor stacked;
  stacked.shape = {(int64_t)values.size()};
  llvm::append_range(stacked.shape, rt.getShape());
  bool anyUndef = false;
  for (const HostTensor &v : values) {
    llvm::append_range(stacked.data, v.data);
    llvm::append_range(stacked.ints, v.ints);
    anyUndef |= !v.undefined.empty();
  }
  if (anyUndef)
    for (const HostTensor &v : values) {
      if (v.undefined.empty())
        stacked.undefined.insert(stacked.undefined.end(), v.numElements(), 0);
      else
        llvm::append_range(stacked.undefined, v.undefined);
    }
  return stacked;
}

/// An ALLREDUCE: the reduction of the devices' values (of a whole value: of
/// one copy per device of its DEVICE tuple), as a REDUCE_AXIS over the
/// devices stacked along a new axis.
LogicalResult evaluateAllReduce(AllReduceOp ar, RankedTensorType rt,
                                DenseMap<Value, HostTensor> &env,
                                const PerDeviceValues &perDevice) {
  auto dev = ar.getDevice().getDefiningOp<DeviceOp>();
  SmallVector<HostTensor> values;
  if (auto it = perDevice.find(ar.getSrc()); it != perDevice.end())
    values = it->second;
  else
    values.assign(dev.getNumDevices(), env[ar.getSrc()]);
  if (values.size() != dev.getNumDevices())
    return ar.emitError("interpreter: ALLREDUCE over ")
           << dev.getNumDevices() << " devices of a value on " << values.size();
  HostTensor out = like(rt);
  evaluateReduce({0}, ar.getReduceOp(), rt, stackValues(values, rt), out);
  env[ar.getResult()] = std::move(out);
  return success();
}

/// MULTI, MSTACK, MSELECT and ALLREDUCE on the whole values; per-device
/// values (MSTACK's) are kept in `perDevice`.
LogicalResult evaluateMultiDevice(Operation &op, RankedTensorType rt,
                                  DenseMap<Value, HostTensor> &env,
                                  PerDeviceValues &perDevice) {
  return TypeSwitch<Operation *, LogicalResult>(&op)
      .Case([&](MultiOp o) { return evaluateMulti(o, rt, env, perDevice); })
      .Case([&](MStackOp o) { return evaluateMStack(o, env, perDevice); })
      .Case([&](MSelectOp o) { return evaluateMSelect(o, env, perDevice); })
      .Default([&](Operation *o) {
        return evaluateAllReduce(cast<AllReduceOp>(o), rt, env, perDevice);
      });
}

/// An argument in the interpreter's representation: integers from `ints`,
/// or from `data` when `ints` is empty; wrapped or rounded to the type.
FailureOr<HostTensor> importArgument(BlockArgument arg, const HostTensor &h) {
  auto rt = dyn_cast<RankedTensorType>(arg.getType());
  Location loc = arg.getLoc();
  if (!rt || !rt.hasStaticShape() || !rt.getElementType().isIntOrIndexOrFloat())
    return emitError(loc, "interpreter: argument ")
           << arg.getArgNumber() << " is not a static tensor of numbers";
  HostTensor out = like(rt);
  int64_t n = out.numElements();
  Type elt = rt.getElementType();
  bool fromInts = !isa<FloatType>(elt) && (int64_t)h.ints.size() == n;
  if (!fromInts && (int64_t)h.data.size() != n)
    return emitError(loc, "interpreter: argument ")
           << arg.getArgNumber() << " has " << h.data.size()
           << " elements, its type " << n;
  for (int64_t i = 0; i < n; ++i) {
    Scalar s;
    if (fromInts) {
      s.i = h.ints[i];
      s.undef = h.isUndefined(i);
    } else if (isa<FloatType>(elt)) {
      s.f = h.data[i];
    } else if (std::isfinite(h.data[i])) {
      double t = std::trunc(h.data[i]);
      s.i = t >= 0x1p63 ? (int64_t)(uint64_t)t : (int64_t)t;
    } else {
      s.undef = true;
    }
    writeElement(out, elt, i, s);
  }
  return out;
}

/// A strided view of a tensor's elements: element `idx` of the view is
/// element `offset + sum(idx[i] * strides[i])` of the tensor's data.
struct View {
  SmallVector<int64_t> shape, strides;
  int64_t offset = 0;
};

/// `v` reshaped to `shape` without moving elements, as numpy's no-copy
/// reshape: each run of dimensions that merges or splits must be contiguous
/// in `v`. None when it is not.
std::optional<View> reshapeView(const View &v, ArrayRef<int64_t> shape) {
  SmallVector<int64_t> od, os;
  for (auto [d, st] : llvm::zip(v.shape, v.strides))
    if (d != 1) {
      od.push_back(d);
      os.push_back(st);
    }
  View r;
  r.offset = v.offset;
  r.shape.assign(shape.begin(), shape.end());
  r.strides.assign(shape.size(), 0);
  SmallVector<int64_t> nd; // the new dimensions other than 1, by position
  SmallVector<size_t> pos;
  for (auto [i, d] : llvm::enumerate(shape))
    if (d != 1) {
      nd.push_back(d);
      pos.push_back(i);
    }
  size_t i = 0, j = 0;
  while (i < od.size() && j < nd.size()) {
    size_t ni = i + 1, nj = j + 1;
    int64_t po = od[i], pn = nd[j];
    while (po != pn) {
      if (pn < po) {
        if (nj == nd.size())
          return std::nullopt;
        pn *= nd[nj++];
      } else {
        if (ni == od.size())
          return std::nullopt;
        po *= od[ni++];
      }
    }
    for (size_t k = i; k + 1 < ni; ++k)
      if (os[k] != od[k + 1] * os[k + 1])
        return std::nullopt;
    int64_t st = os[ni - 1];
    for (size_t k = nj; k-- > j;) {
      r.strides[pos[k]] = st;
      st *= nd[k];
    }
    i = ni;
    j = nj;
  }
  if (i != od.size() || j != nd.size())
    return std::nullopt;
  return r;
}

/// A float reduction of `a * b` where `a` and `b` are movement ops (expand,
/// reshape, permute) of computed tensors: a matmul's shape. Evaluated without
/// materializing the product or the broadcasts (N^3 elements).
struct FusedReduce {
  Value leaves[2];
  View views[2];
  Type elt;
};

/// Matches `red`; `inCone` collects the ops it evaluates itself (the
/// multiply and the movement ops, each used only on the way to `red`).
std::optional<FusedReduce>
matchFusedReduce(ReduceAxisOp red, SmallVectorImpl<Operation *> &inCone) {
  auto mul = red.getOperand().getDefiningOp<arith::MulFOp>();
  auto in = dyn_cast<RankedTensorType>(red.getOperand().getType());
  if (!mul || !mul->hasOneUse() || !in || !in.hasStaticShape() ||
      in.getNumElements() == 0)
    return std::nullopt;
  Type elt = in.getElementType();
  if (!elt.isF32() && !elt.isF64())
    return std::nullopt;
  FusedReduce f;
  f.elt = elt;
  SmallVector<Operation *> cone{mul};
  for (unsigned k = 0; k < 2; ++k) {
    Value v = mul.getOperand(k);
    SmallVector<Operation *> chain; // from the multiply's operand down
    while (Operation *d = v.getDefiningOp()) {
      if (!isa<ExpandOp, ReshapeOp, PermuteOp>(d) || !v.hasOneUse())
        break;
      chain.push_back(d);
      v = d->getOperand(0);
    }
    auto lt = dyn_cast<RankedTensorType>(v.getType());
    if (!lt || !lt.hasStaticShape() || lt.getElementType() != elt)
      return std::nullopt;
    View view;
    view.shape.assign(lt.getShape().begin(), lt.getShape().end());
    view.strides = stridesOf(lt.getShape());
    for (Operation *d : llvm::reverse(chain)) {
      ArrayRef<int64_t> shape =
          cast<RankedTensorType>(d->getResult(0).getType()).getShape();
      if (auto p = dyn_cast<PermuteOp>(d)) {
        View next = view;
        for (auto [i, a] : llvm::enumerate(p.getAxes())) {
          next.shape[i] = view.shape[a];
          next.strides[i] = view.strides[a];
        }
        view = next;
      } else if (isa<ExpandOp>(d)) {
        for (size_t i = 0; i < shape.size(); ++i)
          if (view.shape[i] == 1 && shape[i] != 1)
            view.strides[i] = 0;
        view.shape.assign(shape.begin(), shape.end());
      } else {
        std::optional<View> r = reshapeView(view, shape);
        if (!r)
          return std::nullopt;
        view = *r;
      }
    }
    f.leaves[k] = v;
    f.views[k] = view;
    llvm::append_range(cone, chain);
  }
  llvm::append_range(inCone, cone);
  return f;
}

/// Evaluates a matched reduction: the product of each pair, rounded to the
/// element type as the multiply would, combined as evaluateReduce does.
HostTensor evaluateFusedReduce(ReduceAxisOp red, const FusedReduce &f,
                               RankedTensorType rt,
                               DenseMap<Value, HostTensor> &env) {
  HostTensor out = like(rt);
  ReduceOpKind kind = red.getReduceOp();
  std::fill(out.data.begin(), out.data.end(), floatReduceInit(kind));
  ArrayRef<int64_t> shape =
      cast<RankedTensorType>(red.getOperand().getType()).getShape();
  // The output's stride per input dimension (0 on the reduced axes).
  llvm::SmallDenseSet<int64_t> axes(red.getAxes().begin(), red.getAxes().end());
  SmallVector<int64_t> outStrides = stridesOf(rt.getShape()), os;
  for (size_t i = 0, k = 0; i < shape.size(); ++i)
    os.push_back(axes.contains(i) ? 0 : outStrides[k++]);
  const double *a = env[f.leaves[0]].data.data();
  const double *b = env[f.leaves[1]].data.data();
  ArrayRef<int64_t> as = f.views[0].strides, bs = f.views[1].strides;
  int64_t ia = f.views[0].offset, ib = f.views[1].offset, io = 0;
  SmallVector<int64_t> idx(shape.size(), 0);
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  bool perStep = roundsEveryStep();
  Type elt = rt.getElementType();
  for (int64_t flat = 0; flat < n; ++flat) {
    accumulateFloat(kind, out.data[io], roundResult(f.elt, a[ia] * b[ib]));
    if (perStep)
      out.data[io] = roundToFloatType(elt, out.data[io]);
    for (size_t i = shape.size(); i-- > 0;) {
      ia += as[i];
      ib += bs[i];
      io += os[i];
      if (++idx[i] < shape[i])
        break;
      ia -= as[i] * shape[i];
      ib -= bs[i] * shape[i];
      io -= os[i] * shape[i];
      idx[i] = 0;
    }
  }
  for (double &v : out.data)
    v = roundToFloatType(elt, v);
  return out;
}

/// A result as the caller sees it: integers also as doubles in `data`.
HostTensor exportResult(const HostTensor &h, Type elt) {
  HostTensor out = h;
  if (isa<FloatType>(elt))
    return out;
  out.data.resize(out.ints.size());
  for (size_t i = 0; i < out.ints.size(); ++i)
    out.data[i] = out.isUndefined(i) ? NAN : (double)out.ints[i];
  return out;
}
} // namespace

int64_t uop::countReductionFlops(func::FuncOp fn) {
  int64_t flops = 0;
  fn.walk([&](ReduceAxisOp red) {
    auto in = dyn_cast<RankedTensorType>(red.getOperand().getType());
    if (!in || !in.hasStaticShape())
      return;
    flops += in.getNumElements();
    // The float ALU ops computed per reduced element, each used only here.
    SmallVector<Operation *> work;
    if (Operation *d = red.getOperand().getDefiningOp())
      work.push_back(d);
    while (!work.empty()) {
      Operation *op = work.pop_back_val();
      if (!isALUOp(op) || !op->hasOneUse() || op->getNumResults() != 1 ||
          op->getResult(0).getType() != in || !isFloatTensor(op->getResult(0)))
        continue;
      flops += in.getNumElements();
      for (Value v : op->getOperands())
        if (Operation *d = v.getDefiningOp())
          work.push_back(d);
    }
  });
  return flops;
}

/// The bytes a tensor holds.
static int64_t tensorBytes(const HostTensor &h) {
  return int64_t(h.data.size() + h.ints.size()) * 8 + h.undefined.size();
}

/// How many bytes of tensors the reference may hold at once:
/// UOP_INTERPRETER_MAX_MIB, else half the machine's memory. It materializes
/// every value but a fused reduction's cone, so a large program fails here
/// with a diagnostic instead of being killed for memory.
FailureOr<int64_t> uop::hostMemoryBudget(Operation *fn) {
  if (const char *env = std::getenv("UOP_INTERPRETER_MAX_MIB")) {
    int64_t mib = 0;
    if (StringRef(env).getAsInteger(10, mib) || mib <= 0 ||
        mib > (int64_t(1) << 40))
      return fn->emitError("interpreter: UOP_INTERPRETER_MAX_MIB must be a "
                           "positive number of MiB, got '")
             << env << "'";
    return mib << 20;
  }
#if defined(_SC_PHYS_PAGES) && defined(_SC_PAGE_SIZE)
  long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  if (pages > 0 && page > 0)
    return int64_t(pages) * page / 2;
#endif
  return int64_t(8) << 30;
}

namespace {
/// One run of interpretTensorFunction: the values computed so far, the plan
/// of which ops run inside a fused reduction and where each value dies, and
/// the bytes of live tensors checked against the budget.
class FunctionInterpreter {
public:
  FunctionInterpreter(Block &body, int64_t budget, int64_t held)
      : body(body), budget(budget), held(held), live(held) {}

  FailureOr<SmallVector<HostTensor>> run(func::FuncOp fn,
                                         ArrayRef<HostTensor> args);

private:
  void planFusedReductions();
  void planLifetimes();
  LogicalResult importArguments(func::FuncOp fn, ArrayRef<HostTensor> args);
  void drop(Operation &op);
  FailureOr<SmallVector<HostTensor>> returnValues(func::ReturnOp ret);
  LogicalResult step(Operation &op);
  LogicalResult evaluate(Operation &op);
  LogicalResult evaluateCopy(CopyOp copy);
  LogicalResult checkBudget(Operation &op, RankedTensorType rt);
  LogicalResult evaluateOnDevices(Operation &op, RankedTensorType rt,
                                  size_t devices);
  LogicalResult evaluateWhole(Operation &op, RankedTensorType rt);

  Block &body;
  int64_t budget, held, live;
  DenseMap<Operation *, FusedReduce> fused;
  DenseMap<Operation *, Operation *> runsAt; // a cone's op -> its reduction
  DenseMap<Operation *, SmallVector<Value>> dying;
  DenseMap<Value, HostTensor> env;
  // MSTACK values and what is computed from them: one tensor per device.
  PerDeviceValues perDevice;
  // Each TUPLE's elements, copied when it ran (its operands may die there).
  DenseMap<Value, SmallVector<HostTensor>> tuples;
};

/// Matmul-shaped reductions are evaluated without their N^3 operands; the
/// ops in their cones run as part of them. (Not with per-device values,
/// which are evaluated once per device.)
void FunctionInterpreter::planFusedReductions() {
  if (llvm::any_of(body, [](Operation &op) {
        return isa<MultiOp, MStackOp, MSelectOp, AllReduceOp>(op);
      }))
    return;
  for (auto red : body.getOps<ReduceAxisOp>()) {
    SmallVector<Operation *> cone;
    if (std::optional<FusedReduce> f = matchFusedReduce(red, cone)) {
      fused[red] = *f;
      for (Operation *op : cone)
        runsAt[op] = red;
    }
  }
}

/// Each value is dropped after its last user, so that only live tensors
/// count against the budget. A use in a fused cone is a use at its
/// reduction.
void FunctionInterpreter::planLifetimes() {
  DenseMap<Operation *, unsigned> position;
  for (Operation &op : body)
    position[&op] = position.size();
  DenseMap<Value, Operation *> last;
  for (Operation &op : body) {
    Operation *at = runsAt.lookup(&op);
    at = at ? at : &op;
    op.walk([&](Operation *inner) {
      for (Value v : inner->getOperands()) {
        Operation *&l = last[v];
        if (!l || position[at] > position[l])
          l = at;
      }
    });
  }
  for (auto [v, op] : last)
    dying[op].push_back(v);
}

LogicalResult FunctionInterpreter::importArguments(func::FuncOp fn,
                                                   ArrayRef<HostTensor> args) {
  if (args.size() != body.getNumArguments())
    return fn.emitError("interpreter: expected ")
           << body.getNumArguments() << " arguments, got " << args.size();
  for (auto [a, h] : llvm::zip(body.getArguments(), args)) {
    FailureOr<HostTensor> in = importArgument(a, h);
    if (failed(in))
      return failure();
    live += tensorBytes(*in);
    env[a] = std::move(*in);
  }
  return success();
}

/// Frees the values whose last user is `op`.
void FunctionInterpreter::drop(Operation &op) {
  for (Value v : dying.lookup(&op)) {
    if (auto it = env.find(v); it != env.end()) {
      live -= tensorBytes(it->second);
      env.erase(it);
    }
    if (auto it = perDevice.find(v); it != perDevice.end()) {
      for (const HostTensor &h : it->second)
        live -= tensorBytes(h);
      perDevice.erase(it);
    }
  }
}

FailureOr<SmallVector<HostTensor>>
FunctionInterpreter::returnValues(func::ReturnOp ret) {
  SmallVector<HostTensor> out;
  for (Value v : ret.getOperands()) {
    if (perDevice.count(v))
      return ret.emitError("interpreter: a per-device (MSTACK) value is "
                           "not one tensor to return; MSELECT or "
                           "ALLREDUCE it");
    out.push_back(exportResult(env[v], getElementTypeOrSelf(v.getType())));
  }
  return out;
}

FailureOr<SmallVector<HostTensor>>
FunctionInterpreter::run(func::FuncOp fn, ArrayRef<HostTensor> args) {
  planFusedReductions();
  planLifetimes();
  if (failed(importArguments(fn, args)))
    return failure();
  for (Operation &op : body) {
    if (auto ret = dyn_cast<func::ReturnOp>(op))
      return returnValues(ret);
    if (failed(step(op)))
      return failure();
  }
  return fn.emitError("interpreter: function has no return");
}

/// Evaluates one op other than the return, then frees what dies there. The
/// ops of a fused cone run at their reduction; a DEVICE names where a COPY
/// goes, and has no value of its own.
LogicalResult FunctionInterpreter::step(Operation &op) {
  if (runsAt.count(&op))
    return success();
  if (op.getNumResults() != 1)
    return op.emitError("interpreter: expected one result");
  if (isa<DeviceOp>(op))
    return success();
  if (failed(evaluate(op)))
    return failure();
  drop(op);
  return success();
}

LogicalResult FunctionInterpreter::evaluate(Operation &op) {
  if (isa<TupleOp, GetTupleOp>(op))
    return evaluateTuple(op, env, tuples);
  if (auto copy = dyn_cast<CopyOp>(op);
      copy && isa<RankedTensorType>(copy.getType()))
    return evaluateCopy(copy);
  auto rt = dyn_cast<RankedTensorType>(op.getResult(0).getType());
  if (!rt || !rt.hasStaticShape())
    return op.emitError("interpreter: expected a static ranked tensor");
  if (failed(checkBudget(op, rt)))
    return failure();
  if (isa<MultiOp, MStackOp, MSelectOp, AllReduceOp>(op)) {
    if (failed(evaluateMultiDevice(op, rt, env, perDevice)))
      return failure();
    for (const HostTensor &h : perDevice.lookup(op.getResult(0)))
      live += tensorBytes(h);
    if (auto it = env.find(op.getResult(0)); it != env.end())
      live += tensorBytes(it->second);
    return success();
  }
  // An op on per-device values runs once per device.
  auto onDevices = llvm::find_if(op.getOperands(),
                                 [&](Value v) { return perDevice.count(v); });
  if (onDevices != op.operand_end())
    return evaluateOnDevices(op, rt, perDevice[*onDevices].size());
  return evaluateWhole(op, rt);
}

/// The COPY's value is its source's (where a value lives is the runtime's
/// business).
LogicalResult FunctionInterpreter::evaluateCopy(CopyOp copy) {
  if (perDevice.count(copy.getSrc()))
    return copy.emitError("interpreter: COPY of a per-device (MSTACK) "
                          "value; MSELECT or ALLREDUCE it");
  auto it = env.find(copy.getSrc());
  if (it == env.end())
    return copy.emitError("interpreter: the copied value is not computed");
  HostTensor v = it->second;
  live += tensorBytes(v);
  env[copy.getResult()] = std::move(v);
  return success();
}

/// Fails, before computing it, when a value of type `rt` would bring the
/// live tensors over the budget.
LogicalResult FunctionInterpreter::checkBudget(Operation &op,
                                               RankedTensorType rt) {
  int64_t need = rt.getNumElements() * 8;
  if (live + need <= budget)
    return success();
  return op.emitError("interpreter: this value's ")
         << rt.getNumElements() << " elements would bring the "
         << "reference's live tensors"
         << (held ? " and its caller's copies" : "") << " to "
         << ((live + need) >> 20) << " MiB, over its limit of "
         << (budget >> 20)
         << " MiB (UOP_INTERPRETER_MAX_MIB; the reference materializes "
            "every intermediate tensor)";
}

/// Evaluates `op` once per device, on each device's operands (a whole
/// operand is the same on every device).
LogicalResult FunctionInterpreter::evaluateOnDevices(Operation &op,
                                                     RankedTensorType rt,
                                                     size_t devices) {
  SmallVector<HostTensor> outs;
  for (size_t d = 0; d < devices; ++d) {
    DenseMap<Value, HostTensor> local;
    for (Value v : op.getOperands()) {
      auto it = perDevice.find(v);
      if (it != perDevice.end() && it->second.size() != devices)
        return op.emitError("interpreter: per-device operands on ")
               << devices << " and " << it->second.size() << " devices";
      local[v] = it != perDevice.end() ? it->second[d] : env[v];
    }
    FailureOr<HostTensor> out = evaluateOp(op, rt, local);
    if (failed(out))
      return failure();
    live += tensorBytes(*out);
    outs.push_back(std::move(*out));
  }
  perDevice[op.getResult(0)] = std::move(outs);
  return success();
}

LogicalResult FunctionInterpreter::evaluateWhole(Operation &op,
                                                 RankedTensorType rt) {
  FailureOr<HostTensor> out =
      fused.count(&op) ? FailureOr<HostTensor>(evaluateFusedReduce(
                             cast<ReduceAxisOp>(op), fused[&op], rt, env))
                       : evaluateOp(op, rt, env);
  if (failed(out))
    return failure();
  live += tensorBytes(*out);
  env[op.getResult(0)] = std::move(*out);
  return success();
}
} // namespace

FailureOr<SmallVector<HostTensor>>
uop::interpretTensorFunction(func::FuncOp fn, ArrayRef<HostTensor> args,
                             int64_t held, FloatRounding rounding) {
  // The mode of this call, restored for a caller interpreting in another.
  struct Scope {
    FloatRounding saved = currentRounding;
    explicit Scope(FloatRounding r) { currentRounding = r; }
    ~Scope() { currentRounding = saved; }
  } scope(rounding);
  if (fn.isExternal() || !fn.getBody().hasOneBlock())
    return fn.emitError("interpreter: needs a single-block function body");
  FailureOr<int64_t> budget = hostMemoryBudget(fn);
  if (failed(budget))
    return failure();
  return FunctionInterpreter(fn.getBody().front(), *budget, held).run(fn, args);
}

OwningOpRef<func::FuncOp>
uop::specializeShapes(func::FuncOp fn, const llvm::StringMap<int64_t> &values) {
  for (VarAttr v : getShapeVars(fn))
    if (!values.count(v.getName().getValue()))
      return emitError(fn.getLoc(), "shape variable '")
                 << v.getName().getValue() << "' of @" << fn.getName()
                 << " has no value",
             nullptr;
  OwningOpRef<func::FuncOp> copy(fn.clone());
  auto specialize = [&](Value v) {
    if (auto t = dyn_cast<RankedTensorType>(v.getType()))
      if (RankedTensorType s = specializeType(t, values))
        v.setType(s);
  };
  copy->walk([&](Operation *op) {
    for (Region &r : op->getRegions())
      for (Block &b : r)
        for (BlockArgument a : b.getArguments())
          specialize(a);
    for (Value r : op->getResults())
      specialize(r);
  });
  auto types = [&](TypeRange in) {
    SmallVector<Type> out;
    for (Type t : in) {
      auto rt = dyn_cast<RankedTensorType>(t);
      RankedTensorType s = rt ? specializeType(rt, values) : RankedTensorType();
      out.push_back(s ? Type(s) : t);
    }
    return out;
  };
  copy->setFunctionType(FunctionType::get(fn.getContext(),
                                          types(fn.getArgumentTypes()),
                                          types(fn.getResultTypes())));
  (*copy)->removeAttr(UOpDialect::VarsAttrHelper::getNameStr());
  return copy;
}

uop::ElementEvaluator uop::elementEvaluator(Operation &op) {
  if (op.getNumResults() != 1)
    return nullptr;
  std::optional<ElementFn> f = elementFunction(op);
  if (!f)
    return nullptr;
  Type res = getElementTypeOrSelf(op.getResult(0).getType());
  return [f = *f, res](ArrayRef<ElementValue> in) {
    Scalar s = f(in);
    if (isa<FloatType>(res))
      return ElementValue{roundToFloatType(res, s.f), 0, false};
    return ElementValue{0, wrapToWidth(s.i, widthOf(res)), s.undef};
  };
}
