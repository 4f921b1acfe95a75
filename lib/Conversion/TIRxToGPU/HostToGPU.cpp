//===- HostToGPU.cpp - host code of convert-tirx-to-gpu -------------------===//
//
// The host side of a compiled program is IR, not a table for launchers to
// decode: `tirx.launch` becomes `gpu.launch_func`, whose verifier checks the
// kernel and its operands, and the runtime walks the resulting function.
//
//===----------------------------------------------------------------------===//

#include "HostToGPU.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace uop::tirx;

/// Whether `fn` is host code that launches kernels or allocates for them.
static bool launchesKernels(PrimFuncOp fn) {
  WalkResult r = fn.walk([](Operation *op) {
    if (isa<LaunchOp>(op))
      return WalkResult::interrupt();
    if (auto alloc = dyn_cast<AllocBufferOp>(op);
        alloc && alloc.getType().getScope() == StorageScope::Global)
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return r.wasInterrupted();
}

/// gpu.launch_func of `kernel` on `operands`, configured as the kernel
/// recorded it (known grid and block sizes, dynamic shared bytes).
static LogicalResult emitLaunch(OpBuilder &b, LaunchOp launch,
                                gpu::GPUFuncOp kernel, ValueRange operands) {
  Location loc = launch.getLoc();
  auto *tirx = kernel->getContext()->getLoadedDialect<TIRxDialect>();
  if (tirx->getTensorMapsAttrHelper().isAttrPresent(kernel))
    return launch.emitError("launching a kernel that uses tensor maps from "
                            "host code is not supported yet");
  // A kernel without block (thread) scope ids runs one block (one thread).
  DenseI32ArrayAttr grid = kernel.getKnownGridSizeAttr();
  DenseI32ArrayAttr block = kernel.getKnownBlockSizeAttr();
  auto dim = [&](DenseI32ArrayAttr a) {
    auto at = [&](int i) -> Value {
      return arith::ConstantIndexOp::create(b, loc,
                                            a && i < a.size() ? a[i] : 1);
    };
    return gpu::KernelDim3{at(0), at(1), at(2)};
  };
  Value shared;
  if (IntegerAttr bytes = tirx->getDynamicSharedBytesAttrHelper().getAttr(kernel))
    shared = arith::ConstantOp::create(
        b, loc, b.getI32IntegerAttr(static_cast<int32_t>(bytes.getInt())));
  gpu::LaunchFuncOp::create(b, loc, kernel, dim(grid), dim(block), shared,
                            operands);
  return success();
}

LogicalResult uop::tirx::convertHostToGPU(PrimFuncOp fn,
                                          gpu::GPUModuleOp kernels) {
  if (!launchesKernels(fn))
    return success();
  if (!fn.getFunctionType().getResults().empty())
    return fn.emitError("host code that launches kernels returns nothing");
  OpBuilder b(fn);
  SmallVector<Type> params;
  for (Type t : fn.getArgumentTypes()) {
    auto buffer = dyn_cast<BufferType>(t);
    if (!buffer)
      return fn.emitError("host code that launches kernels takes buffers "
                          "only, got ")
             << t;
    params.push_back(getMemRefForBuffer(buffer));
  }
  auto host = func::FuncOp::create(b, fn.getLoc(), fn.getSymName(),
                                   b.getFunctionType(params, {}));
  Block *entry = host.addEntryBlock();
  IRMapping map;
  map.map(fn.getArguments(), entry->getArguments());
  b.setInsertionPointToEnd(entry);
  SmallVector<Value> allocations;
  for (Operation &op : fn.getBody().front()) {
    Location loc = op.getLoc();
    if (auto alloc = dyn_cast<AllocBufferOp>(op)) {
      Value m = gpu::AllocOp::create(b, loc, getMemRefForBuffer(alloc.getType()),
                                     Type(), ValueRange(), ValueRange(),
                                     ValueRange())
                    .getMemref();
      map.map(alloc.getResult(), m);
      allocations.push_back(m);
    } else if (auto launch = dyn_cast<LaunchOp>(op)) {
      auto kernel = kernels.lookupSymbol<gpu::GPUFuncOp>(launch.getKernel());
      if (!kernel)
        return launch.emitError("no converted kernel '")
               << launch.getKernel() << "'";
      SmallVector<Value> operands;
      for (Value a : launch.getArgs())
        operands.push_back(map.lookup(a));
      if (failed(emitLaunch(b, launch, kernel, operands)))
        return failure();
    } else if (isa<ReturnOp>(op)) {
      for (Value m : allocations)
        gpu::DeallocOp::create(b, loc, Type(), ValueRange(), m);
      func::ReturnOp::create(b, loc);
    } else {
      return op.emitError("host code that launches kernels holds only "
                          "tirx.alloc_buffer and tirx.launch");
    }
  }
  fn.erase();
  return success();
}
