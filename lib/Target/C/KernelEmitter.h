//===- KernelEmitter.h - uop-to-c's C of one kernel -------------*- C++ -*-===//
//
// Internal to lib/Target/C. KernelEmitter writes the LINEAR body of one
// kernel as a C function: its structure (parameters, loops, loads, stores,
// the OpenMP split) is defined in UOpToC.cpp, its arith and math ops in
// ALUToC.cpp; ScheduleToC.cpp runs it per kernel and writes the schedules'
// entries. The free helpers below spell types and names for all three.
//
//===----------------------------------------------------------------------===//

#ifndef UOP_LIB_TARGET_C_KERNELEMITTER_H
#define UOP_LIB_TARGET_C_KERNELEMITTER_H

#include "uop/Dialect/UOp/IR/ALUTable.h"
#include "uop/Dialect/UOp/IR/UOp.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <utility>

namespace uop::ctarget {
/// f16 and bf16 have no C arithmetic we can rely on: they are stored as their
/// 16-bit patterns and every op computes in float, its result rounded back
/// to nearest even (as tinygrad does for targets without native half).
bool isHalf(mlir::Type t);
/// `f16` or `bf16`, the suffix of the prelude's conversion helpers.
std::string halfName(mlir::Type t);
/// `uoph_f32x16` for vector<16xf32>: the typedef emitVectorTypes prints.
std::string vectorName(mlir::VectorType vt);
/// `(uoph_f32x4){s, s, s, s}`: every lane `s` (a name or a literal). No
/// helper function: a vector passed or returned by value would change the
/// ABI with the ISA (GCC's -Wpsabi).
std::string splat(mlir::VectorType vt, const std::string &s);
/// The C type of a value (or element) of type `t`; an error at `loc` when C
/// has none.
mlir::FailureOr<std::string> cType(mlir::Location loc, mlir::Type t);
/// Kernels are `static` functions prefixed so that no kernel name clashes
/// with the C library (`nan`, `exp`, `main`).
std::string kernelSymbol(llvm::StringRef kernel);
/// The buffers a LINEAR body writes: STORE targets, and every buffer given to
/// a CUSTOM / CUSTOMI (the seed: C only), directly or as an INDEX lvalue,
/// since their code may write it. Kernel parameters among them are outputs.
llvm::SmallDenseSet<mlir::Value> writtenBuffers(mlir::Block &body);
/// The shape variables a kernel reads: its DEFINE_VARs by name, in order of
/// first appearance. They follow the buffers as `int64_t` parameters.
llvm::SmallVector<llvm::StringRef> kernelVars(mlir::Block &body);
/// `uoph_store_lanes_f32x16` for vector<16xf32>: the helper of STORE_LANES
/// that emitStoreLanesHelpers defines.
std::string storeLanesHelper(mlir::VectorType vt);
/// `uoph_tanh_f32x32` for math.tanh on vector<32xf32>: the helper that
/// emitVectorMathHelpers defines for an f32 polynomial on a C vector.
std::string vectorMathHelper(llvm::StringRef fn, mlir::VectorType vt);
/// The buffer an AFTER chain orders: AFTER only sequences, so its passthrough
/// is the storage that loads and stores reach.
mlir::Value afterRoot(mlir::Value v);

/// The C function of one kernel's LINEAR body, written to `os`.
class KernelEmitter {
public:
  KernelEmitter(llvm::raw_ostream &os) : os(os) {}

  mlir::LogicalResult emitKernel(llvm::StringRef name, LinearOp linear);

private:
  // The kernel's parameters and its split over threads (UOpToC.cpp).
  void markDead(mlir::Block &body);
  mlir::LogicalResult nameParameters(LinearOp linear, std::string &params,
                                     std::string &args);
  void voidUnreadParameters(mlir::Block &body);
  void emitThreadSplit(const std::string &sym, const std::string &params,
                       const std::string &args);
  std::optional<std::pair<std::string, std::string>>
  splitExtent(mlir::Block &body, RangeOp r);

  // Names, values and statements (UOpToC.cpp).
  llvm::raw_ostream &line();
  bool readInC(mlir::OpOperand &use);
  std::string fresh(mlir::Value v, llvm::StringRef prefix = "v");
  mlir::FailureOr<std::string> expr(mlir::Value v);
  mlir::FailureOr<std::string> literal(mlir::arith::ConstantOp c);
  mlir::LogicalResult define(mlir::Operation *op, const std::string &rhs);

  // The ops of the LINEAR body but the ALU ones (UOpToC.cpp).
  mlir::LogicalResult emitOp(mlir::Operation *op);
  mlir::LogicalResult emitControl(mlir::Operation *op);
  void emitParallelFor(RangeOp r, const std::string &end);
  mlir::LogicalResult emitStore(StoreOp st);
  mlir::LogicalResult emitStoreLanes(StoreLanesOp st);
  mlir::LogicalResult emitPrefetch(PrefetchOp pf);
  mlir::LogicalResult emitCustom(mlir::Operation *op);
  mlir::LogicalResult emitDefineReg(DefineRegOp reg);
  static bool isEverStored(mlir::Value buf);
  mlir::LogicalResult emitIndex(IndexOp idx);
  mlir::LogicalResult emitLoad(LoadOp ld);

  // arith and math ops (ALUToC.cpp): the dispatch on the ALU table's C form,
  // the forms on C vectors, and each scalar form with its helpers.
  mlir::LogicalResult emitALU(mlir::Operation *op);
  mlir::LogicalResult emitLaneOrderReduction(mlir::vector::ReductionOp red,
                                             llvm::ArrayRef<std::string> in);
  mlir::LogicalResult emitVectorALU(mlir::Operation *op,
                                    llvm::ArrayRef<std::string> in);
  mlir::LogicalResult emitBinary(mlir::Operation *op,
                                 llvm::ArrayRef<std::string> in,
                                 llvm::StringRef o);
  mlir::LogicalResult emitOperator(mlir::Operation *op, const ALUOpInfo &row,
                                   llvm::ArrayRef<std::string> in);
  static std::string fromUnsigned(mlir::Type t, const std::string &ct,
                                  const std::string &e);
  mlir::LogicalResult emitWrapping(mlir::Operation *op,
                                   llvm::ArrayRef<std::string> in,
                                   llvm::StringRef o);
  static unsigned widthOf(mlir::Type t);
  static bool constantIn(mlir::Value v, int64_t lo, int64_t hi);
  std::string temp(const std::string &ct, const std::string &rhs);
  mlir::LogicalResult emitShift(mlir::Operation *op,
                                llvm::ArrayRef<std::string> in);
  mlir::LogicalResult emitUnsigned(mlir::Operation *op,
                                   llvm::ArrayRef<std::string> in,
                                   llvm::StringRef o);
  mlir::LogicalResult emitSignedDivision(mlir::Operation *op,
                                         llvm::ArrayRef<std::string> in);
  static std::string select(mlir::Type t, const std::string &c,
                            const std::string &a, const std::string &b);
  mlir::LogicalResult emitCall(mlir::Operation *op,
                               llvm::ArrayRef<std::string> in,
                               llvm::StringRef fn);
  std::optional<mlir::LogicalResult>
  emitTableForm(mlir::Operation *op, llvm::ArrayRef<std::string> in);
  static std::string signedBool(mlir::Type t, const std::string &v);
  mlir::LogicalResult emitHelperForm(mlir::Operation *op, const ALUOpInfo &row,
                                     llvm::ArrayRef<std::string> in);
  mlir::LogicalResult emitIntHelper(mlir::Operation *op, const ALUOpInfo &row,
                                    mlir::Type t,
                                    llvm::ArrayRef<std::string> in);
  mlir::LogicalResult emitBits(mlir::Operation *op,
                               llvm::ArrayRef<std::string> in);
  std::optional<mlir::LogicalResult>
  emitCompare(mlir::Operation *op, llvm::ArrayRef<std::string> in);
  mlir::LogicalResult emitMaskOp(mlir::Operation *op,
                                 llvm::ArrayRef<std::string> in);
  mlir::LogicalResult emitCmpF(mlir::arith::CmpFOp c,
                               llvm::ArrayRef<std::string> in);
  mlir::LogicalResult emitFloatToInt(mlir::Operation *op, const std::string &x);
  mlir::LogicalResult emitConversion(mlir::Operation *op,
                                     llvm::ArrayRef<std::string> in);

  llvm::raw_ostream &os;
  llvm::SmallPtrSet<mlir::Operation *, 16> dead; // of the kernel being emitted
  llvm::DenseMap<mlir::Value, std::string> names;
  /// Shape variable name -> its parameter.
  llvm::StringMap<std::string> varNames;
  llvm::SmallDenseSet<mlir::Value> scalarRegs;
  // The INDEXes naming the first of consecutive elements read or written as
  // one vector (through memcpy).
  llvm::SmallDenseSet<mlir::Value> vectorAddrs;
  /// The loop that runs in parallel (parallelLoop) and the registers
  /// declared before it, private to each of its iterations.
  RangeOp parallel;
  // The parallel loop's extent and thread condition when it runs as blocks
  // of rows (splitExtent).
  std::optional<std::pair<std::string, std::string>> rowsExtent;
  llvm::SmallVector<std::string> regNames;
  int indent = 0;
  unsigned counter = 0;
  // Set while an op computes in float: a half result is rounded back.
  bool roundHalf = false;
};
} // namespace uop::ctarget

#endif // UOP_LIB_TARGET_C_KERNELEMITTER_H
