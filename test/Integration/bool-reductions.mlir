// RUN: uop-run %s --entry any --target cpu --check --repeat 1 | FileCheck %s
// RUN: uop-run %s --entry all --target cpu --check --repeat 1 | FileCheck %s
//
// tinygrad's any() and all(): MAX and MIN reductions over bool (i1). A bool
// is unsigned: MAX starts from false and MIN from true. With i1 taken as a
// signed 1-bit integer (the old identity), MAX started from true (-1), so
// any() of a row of falses was true, and MIN started from false (0), so all()
// of a row of trues was false. The rows mix all-false, all-true and mixed
// rows: half of the inputs are below 0.5 on random data, rows of 3 make
// every kind likely, and the check compares with the interpreter. (Before
// the fix, all() failed with 28 of 64 rows wrong.)

// CHECK: mismatches=0 check=pass
func.func @any(%a: tensor<64x3xf32>) -> tensor<64xi1> {
  %h = arith.constant dense<0.5> : tensor<64x3xf32>
  %c = arith.cmpf olt, %a, %h : tensor<64x3xf32>
  %r = uop.reduce_axis max %c [1] : tensor<64x3xi1> -> tensor<64xi1>
  return %r : tensor<64xi1>
}

func.func @all(%a: tensor<64x3xf32>) -> tensor<64xi1> {
  %h = arith.constant dense<0.5> : tensor<64x3xf32>
  %c = arith.cmpf olt, %a, %h : tensor<64x3xf32>
  %r = uop.reduce_axis min %c [1] : tensor<64x3xi1> -> tensor<64xi1>
  return %r : tensor<64xi1>
}
