// UNSUPPORTED: sanitizer
// (`ulimit -v` leaves AddressSanitizer no room for its shadow memory, so
// an instrumented process cannot start; the release build runs this test.)
// RUN: rm -rf %t && split-file %s %t
// Sizes that wrap or cannot be allocated: a clear error naming the tensor or
// buffer and its size, a non-zero exit, no signal, no abort, no heap
// corruption. Nothing here allocates what it reports (ulimit -v bounds the
// runs that reach the generated C).
//
// An argument of (2^62 + 1) * 4 elements wrapped to 4 and uop-run
// corrupted the heap (exit 0 or SIGABRT); now it is bad input (exit 2), and
// uop-to-program rejects it too (test/Dialect/UOp/Transforms/size-limits.mlir).
// RUN: not uop-run %t/wrap.mlir --target cpu 2>&1 | FileCheck %s --check-prefix=WRAP
// RUN: sh -c 'uop-run %t/wrap.mlir --target cpu >/dev/null 2>&1; test $? -eq 2'
// WRAP: wrap.mlir:1:14: error: uop-run: argument 0 ('tensor<4611686018427387905x4xf32>') has more than INT64_MAX elements
//
// A symbolic program whose buffers, sized for rows <= 2^40, are 4 TiB: at
// --var rows=4 the generated C called abort() with no message (and a bound
// whose bytes wrapped corrupted the heap); now it names the entry, the
// buffer and its size, and exits 1.
// RUN: sh -c 'ulimit -v 8000000; uop-run %t/bound.mlir --target cpu --repeat 1 --var rows=4; echo rc=$?' 2>&1 | FileCheck %s --check-prefix=BOUND
// BOUND: uop_softmax: cannot allocate buffer b0 (bound.mlir:{{[0-9]+}}:{{[0-9]+}}): 1099511627776 elements of 4 bytes (4398046511104 bytes)
// BOUND: rc=1
//
// A 2^40-element argument (4 TiB; 2^62 elements was std::length_error, 100 GB
// "LLVM ERROR: out of memory"): uop-run's host copies (doubles and the
// program's bytes) are bounded before anything is allocated (exit 2).
// RUN: sh -c 'ulimit -v 8000000; uop-run %t/huge.mlir --target cpu; echo rc=$?' 2>&1 | FileCheck %s --check-prefix=HUGE
// HUGE: huge.mlir:1:14: error: uop-run: argument 0 ('tensor<1099511627776xf32>', 1099511627776 elements) brings uop-run's host copies (doubles and f32 bytes) over their limit of {{[0-9]+}} MiB (UOP_INTERPRETER_MAX_MIB, else half the memory)
// HUGE: rc=2
//
// The host copies count against UOP_INTERPRETER_MAX_MIB with or without
// --check: 128x1024 f32 is 1.5 MiB as doubles and bytes (it ran before).
// RUN: env UOP_INTERPRETER_MAX_MIB=1 not uop-run %t/small.mlir --target cpu 2>&1 | FileCheck %s --check-prefix=HOST
// RUN: env UOP_INTERPRETER_MAX_MIB=8 uop-run %t/small.mlir --target cpu --check | FileCheck %s --check-prefix=PASS
// HOST: small.mlir:1:14: error: uop-run: argument 0 ('tensor<128x1024xf32>', 131072 elements) brings uop-run's host copies (doubles and f32 bytes) over their limit of 1 MiB
// PASS: check=pass

//--- wrap.mlir
func.func @f(%a: tensor<4611686018427387905x4xf32>) -> tensor<4611686018427387905x4xf32> {
  %0 = arith.addf %a, %a : tensor<4611686018427387905x4xf32>
  return %0 : tensor<4611686018427387905x4xf32>
}

//--- bound.mlir
func.func @softmax(%x: tensor<?x4xf32, #uop.sym<"rows">>) -> tensor<?x4xf32, #uop.sym<"rows">>
    attributes {uop.vars = [#uop.var<"rows", 1, 1099511627776>]} {
  %m = uop.reduce_axis max %x [1] : tensor<?x4xf32, #uop.sym<"rows">> -> tensor<?xf32, #uop.sym<"rows">>
  %mr = uop.reshape %m : tensor<?xf32, #uop.sym<"rows">> -> tensor<?x1xf32, #uop.sym<"rows">>
  %me = uop.expand %mr : tensor<?x1xf32, #uop.sym<"rows">> -> tensor<?x4xf32, #uop.sym<"rows">>
  %d = arith.subf %x, %me : tensor<?x4xf32, #uop.sym<"rows">>
  %e = math.exp %d : tensor<?x4xf32, #uop.sym<"rows">>
  %s = uop.reduce_axis add %e [1] : tensor<?x4xf32, #uop.sym<"rows">> -> tensor<?xf32, #uop.sym<"rows">>
  %sr = uop.reshape %s : tensor<?xf32, #uop.sym<"rows">> -> tensor<?x1xf32, #uop.sym<"rows">>
  %se = uop.expand %sr : tensor<?x1xf32, #uop.sym<"rows">> -> tensor<?x4xf32, #uop.sym<"rows">>
  %o = arith.divf %e, %se : tensor<?x4xf32, #uop.sym<"rows">>
  return %o : tensor<?x4xf32, #uop.sym<"rows">>
}

//--- huge.mlir
func.func @f(%a: tensor<1099511627776xf32>) -> tensor<1099511627776xf32> {
  %0 = arith.addf %a, %a : tensor<1099511627776xf32>
  return %0 : tensor<1099511627776xf32>
}

//--- small.mlir
func.func @f(%a: tensor<128x1024xf32>) -> tensor<128x1024xf32> {
  %0 = arith.addf %a, %a : tensor<128x1024xf32>
  return %0 : tensor<128x1024xf32>
}
