//===- Normalize.cpp - uop-normalize: the seed's forms, one spelling each -===//
//
// The bestiary has forms that say what a simpler form says; the passes after
// this one (and C, PTX) take only the simpler one:
// - STORE closing ranges (ranges=2+)   -> END(STORE, ranges)
// - BIND(var, value)                    -> value, for the BIND and the var
// - PRECAST                             -> its source, or the arith cast
// - GET_TUPLE(CALL @f(args))            -> the TUPLE element of @f's body,
//                                          inlined with args
// - CUSTOM_FUNCTION graph(calls)        -> GROUP(calls)
// CUSTOM_FUNCTION enc_dec has no equivalent: a located error.
//
//===----------------------------------------------------------------------===//

#include "uop/Dialect/UOp/Transforms/Normalize.h"
#include "uop/Dialect/UOp/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"

namespace uop {
#define GEN_PASS_DEF_UOPNORMALIZE
#include "uop/Dialect/UOp/Transforms/Passes.h.inc"
} // namespace uop

using namespace mlir;
using namespace uop;

void uop::splitStoreRanges(Operation *root) {
  SmallVector<StoreOp> stores;
  root->walk([&](StoreOp st) {
    if (!st.getRanges().empty())
      stores.push_back(st);
  });
  for (StoreOp st : stores) {
    OpBuilder b(st);
    auto plain = StoreOp::create(b, st.getLoc(), st.getIndex(), st.getValue(),
                                 ValueRange{});
    plain.setNontemporal(st.getNontemporal());
    auto end = EndOp::create(b, st.getLoc(), plain.getResult(), st.getRanges());
    st.getResult().replaceAllUsesWith(end.getResult());
    st.erase();
  }
}

/// Gives `var` the value `value` wherever it is read (except by BINDs):
/// a constant is cloned after the DEFINE_VAR; any other value must dominate
/// every read.
static LogicalResult bindVariable(BindOp bind, DominanceInfo &dom) {
  Value var = bind.getVar(), value = bind.getValue();
  if (value == var)
    return success();
  Operation *def = value.getDefiningOp();
  bool cloned = false;
  for (OpOperand &use : llvm::make_early_inc_range(var.getUses())) {
    Operation *user = use.getOwner();
    if (isa<BindOp>(user))
      continue;
    if (!cloned && def && matchPattern(value, m_Constant()) &&
        !dom.properlyDominates(value, user)) {
      OpBuilder b(var.getDefiningOp()->getBlock(),
                  std::next(Block::iterator(var.getDefiningOp())));
      value = b.clone(*def)->getResult(0);
      cloned = true;
    }
    if (!dom.properlyDominates(value, user)) {
      InFlightDiagnostic d = user->emitError(
          "uop-normalize: reads variable '")
          << cast<DefineVarOp>(var.getDefiningOp()).getName()
          << "' before the value its BIND gives it is computed";
      d.attachNote(bind.getLoc()) << "bound here";
      return d;
    }
    use.set(value);
  }
  return success();
}

/// BIND is its value, and the DEFINE_VAR it binds reads that value too
/// (tinygrad's var_vals: the value a run gives the variable).
static LogicalResult lowerBinds(ModuleOp module) {
  SmallVector<BindOp> binds;
  module.walk([&](BindOp b) { binds.push_back(b); });
  // A run gives a variable one value (tinygrad's var_vals refuse two).
  DenseMap<Value, BindOp> first;
  for (BindOp bind : binds) {
    auto [it, fresh] = first.try_emplace(bind.getVar(), bind);
    APInt a, b;
    Value v0 = it->second.getValue(), v1 = bind.getValue();
    if (fresh || v0 == v1 ||
        (matchPattern(v0, m_ConstantInt(&a)) &&
         matchPattern(v1, m_ConstantInt(&b)) && a == b))
      continue;
    InFlightDiagnostic d = bind.emitError("uop-normalize: binds '")
        << cast<DefineVarOp>(bind.getVar().getDefiningOp()).getName()
        << "' to a second value; a variable has one value per run";
    d.attachNote(it->second.getLoc()) << "the first BIND";
    return d;
  }
  DominanceInfo dom(module);
  for (BindOp bind : binds)
    if (failed(bindVariable(bind, dom)))
      return failure();
  for (BindOp bind : binds) {
    Operation *var = bind.getVar().getDefiningOp();
    bind.getResult().replaceAllUsesWith(bind.getValue());
    bind.erase();
    if (var->use_empty())
      var->erase();
  }
  return success();
}

/// `v` cast to `to` with tinygrad's CAST rules, as arith ops: floats
/// extend or round, float <-> integer as sitofp / fptosi, integers
/// sign-extend or wrap, bool is 0 or 1 (unsigned) and to bool is `x != 0`.
Value uop::buildPrecast(OpBuilder &b, Location loc, Value v, Type to) {
  Type from = v.getType();
  if (from == to)
    return v;
  Type fe = getElementTypeOrSelf(from), te = getElementTypeOrSelf(to);
  bool ff = isa<FloatType>(fe), tf = isa<FloatType>(te);
  if (!tf && te.isInteger(1)) {
    Value zero = arith::ConstantOp::create(b, loc, from, b.getZeroAttr(from));
    if (ff)
      return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, v, zero);
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, v, zero);
  }
  if (ff && tf)
    return fe.getIntOrFloatBitWidth() < te.getIntOrFloatBitWidth()
               ? Value(arith::ExtFOp::create(b, loc, to, v))
               : Value(arith::TruncFOp::create(b, loc, to, v));
  bool bit = fe.isInteger(1);
  if (tf)
    return bit ? Value(arith::UIToFPOp::create(b, loc, to, v))
               : Value(arith::SIToFPOp::create(b, loc, to, v));
  if (ff)
    return arith::FPToSIOp::create(b, loc, to, v);
  if (fe.isIndex() || te.isIndex())
    return bit ? Value(arith::IndexCastUIOp::create(b, loc, to, v))
               : Value(arith::IndexCastOp::create(b, loc, to, v));
  if (fe.getIntOrFloatBitWidth() > te.getIntOrFloatBitWidth())
    return arith::TruncIOp::create(b, loc, to, v);
  return bit ? Value(arith::ExtUIOp::create(b, loc, to, v))
             : Value(arith::ExtSIOp::create(b, loc, to, v));
}

/// PRECAST, the bestiary's preliminary cast, is the CAST it performs.
static void lowerPrecasts(ModuleOp module) {
  SmallVector<PrecastOp> casts;
  module.walk([&](PrecastOp p) { casts.push_back(p); });
  for (PrecastOp p : casts) {
    OpBuilder b(p);
    p.getResult().replaceAllUsesWith(
        buildPrecast(b, p.getLoc(), p.getSrc(), p.getType()));
    p.erase();
  }
}

/// The TUPLE a FUNCTION's SINK returns, if it returns one.
static TupleOp returnedTuple(FunctionOp fn) {
  SinkOp sink = fn ? fn.getSink() : SinkOp();
  if (!sink || sink.getSources().size() != 1)
    return {};
  return sink.getSources()[0].getDefiningOp<TupleOp>();
}

/// Inlines `call`'s FUNCTION at the call and replaces each GET_TUPLE of it
/// with the element it names.
static void inlineTupleCall(CallOp call, FunctionOp fn, TupleOp tuple) {
  IRMapping map;
  map.map(fn.getBody().front().getArguments(), call.getArgs());
  OpBuilder b(call);
  for (Operation &op : fn.getBody().front().without_terminator())
    b.clone(op, map);
  for (Operation *user : llvm::make_early_inc_range(call->getUsers()))
    if (auto g = dyn_cast<GetTupleOp>(user)) {
      g.getResult().replaceAllUsesWith(
          map.lookup(tuple.getSrc()[g.getIndex()]));
      g.erase();
    }
  call.getResult().replaceAllUsesWith(map.lookup(tuple.getResult()));
  call.erase();
}

/// GET_TUPLE of a CALL: the called body, inlined, gives the element (a
/// FUNCTION is Void; a TUPLE carries its values across that boundary).
/// Functions only reached that way are dropped once inlined.
static LogicalResult inlineTupleCalls(ModuleOp module) {
  llvm::SmallPtrSet<Operation *, 4> helpers;
  // A helper's body may call another: each round inlines one level.
  for (int round = 0;; ++round) {
    SmallVector<CallOp> calls;
    module.walk([&](CallOp c) {
      if (llvm::any_of(c->getUsers(), llvm::IsaPred<GetTupleOp>))
        calls.push_back(c);
    });
    if (calls.empty())
      break;
    if (round == 64)
      return calls.front().emitError("uop-normalize: GET_TUPLE of CALLs "
                                     "nested over 64 deep (recursion?)");
    for (CallOp call : calls) {
      auto fn = SymbolTable::lookupNearestSymbolFrom<FunctionOp>(
          call, call.getCalleeAttr());
      TupleOp tuple = returnedTuple(fn);
      if (!tuple)
        return call.emitError("uop-normalize: @")
               << call.getCallee() << " returns no TUPLE to take apart";
      helpers.insert(fn);
      inlineTupleCall(call, fn, tuple);
    }
  }
  module.walk([](GetTupleOp g) {
    if (auto t = g.getSrc().getDefiningOp<TupleOp>())
      g.getResult().replaceAllUsesWith(t.getSrc()[g.getIndex()]);
  });
  module.walk([](Operation *op) {
    if (isa<GetTupleOp, TupleOp>(op) && op->use_empty())
      op->erase();
  });
  for (Operation *fn : helpers)
    if (SymbolTable::symbolKnownUseEmpty(fn, module))
      fn->erase();
  return success();
}

/// A `graph` CUSTOM_FUNCTION batches kernel launches into one replayable
/// unit (tinygrad's graph runner): its effect is its CALLs' in order,
/// which a GROUP of them says. `enc_dec` hands buffers to a hardware video
/// encoder/decoder, which no target here has.
static LogicalResult lowerCustomFunctions(ModuleOp module) {
  SmallVector<CustomFunctionOp> hooks;
  module.walk([&](CustomFunctionOp cf) { hooks.push_back(cf); });
  for (CustomFunctionOp cf : hooks) {
    if (cf.getKind() == CustomFunctionKind::EncDec)
      return cf.emitError("uop-normalize: CUSTOM_FUNCTION enc_dec is a "
                          "runtime hook of a hardware video encoder/decoder "
                          "(tinygrad's NV video decode); neither the CPU nor "
                          "the CUDA target has one");
    for (auto [i, a] : llvm::enumerate(cf.getArgs()))
      if (!a.getDefiningOp<CallOp>())
        return cf.emitError("uop-normalize: CUSTOM_FUNCTION graph operand #")
               << i << " is not a uop.call; a graph batches kernel launches";
    OpBuilder b(cf);
    auto g = GroupOp::create(b, cf.getLoc(), VoidType::get(cf.getContext()),
                             cf.getArgs());
    cf.getResult().replaceAllUsesWith(g.getResult());
    cf.erase();
  }
  return success();
}

namespace {
struct UOpNormalizePass
    : public uop::impl::UOpNormalizeBase<UOpNormalizePass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(lowerCustomFunctions(module)) ||
        failed(inlineTupleCalls(module)) || failed(lowerBinds(module)))
      return signalPassFailure();
    lowerPrecasts(module);
    splitStoreRanges(module);
  }
};
} // namespace
