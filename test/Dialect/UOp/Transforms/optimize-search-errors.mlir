// RUN: not uop-opt %s --uop-optimize="search=-1" 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: not uop-opt %s --uop-optimize="search=17" 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: not uop-opt %s --uop-optimize="search=1 search-candidates=0" 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: not uop-opt %s --uop-optimize="target=cuda search=1" 2>&1 | FileCheck %s --check-prefix=CUDA
// RUN: uop-opt %s --uop-optimize="search=1 search-candidates=2" 2>&1 | FileCheck %s --check-prefix=VAR
//
// uop-optimize's search options: a beam width of 1..16, at least one
// candidate, the cpu only, each an error at the kernel. A kernel over a
// shape variable has no fixed buffers to time: it keeps the heuristic's
// schedule, with a warning. (search > 0 without a kernel timer, which
// uop-opt always installs: unittests/UOp/OptimizeSearchTest.cpp.)

// NEG: :[[# @LINE + 4]]:1: error: uop-optimize: search must be 0 (off) or a beam width from 1 to 16, and search-candidates at least 1, got {{-1|17}} and 48
// NONE: error: uop-optimize: search must be 0 (off) or a beam width from 1 to 16, and search-candidates at least 1, got 1 and 0
// CUDA: error: uop-optimize: search times kernels on the cpu only (target=cpu)
// VAR: :[[# @LINE + 1]]:1: warning: uop-optimize: search skipped, the heuristic's schedule kept: cannot time the heuristic's schedule: the kernel's parameters are not all sized buffers of integers or floats (a shape variable?)
uop.function @rowsum_k0(%arg0: !uop.ptr<f32, global> {uop.capacity = 4096 : i64}, %arg1: !uop.ptr<f32, global> {uop.capacity = 1572864 : i64}) attributes {uop.vars = [#uop.var<"n", 1, 4096>]} {
  %c384 = arith.constant 384 : index
  %0 = uop.define_var "n"[1, 4096]
  %1 = uop.range %0, R0, loop
  %2 = uop.range %c384, R1, reduce
  %3 = arith.muli %1, %c384 : index
  %4 = arith.addi %3, %2 : index
  %5 = uop.index %arg1[%4] : !uop.ptr<f32, global> -> f32
  %6 = uop.load %arg1, %5 : !uop.ptr<f32, global> -> f32
  %7 = uop.reduce add %6[%2] : f32
  %8 = uop.index %arg0[%1] : !uop.ptr<f32, global> -> f32
  %9 = uop.store %8, %7 : f32
  %10 = uop.end %9[%1] : !uop.void
  uop.sink %10 : !uop.void info <name = "rowsum_k0">
}
// VAR: applied_opts = [
