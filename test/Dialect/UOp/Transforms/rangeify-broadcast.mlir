// RUN: uop-opt %s -split-input-file -uop-rangeify | FileCheck %s
// RUN: uop-run %s --target cpu --entry=norm_matmul --check | FileCheck %s --check-prefix=EXEC
// RUN: uop-run %s --target cpu --entry=softmax_rows_matmul --check | FileCheck %s --check-prefix=EXEC
//
// An expression read through a broadcast runs once per broadcast copy in
// the kernel that reads it: fused into a matmul's A operand (broadcast
// along N) a layer norm's (x - mean) * rstd * w + b ran once per column
// tile. At 2 ALU ops or more (movement ops are index arithmetic, not
// counted) under a broadcast of 16 or more copies it is realized: here the
// mean, the variance and the normalized rows are three buffers and the
// matmul a fourth (three without the rule).

// CHECK-LABEL: func.func @norm_matmul
// CHECK-COUNT-4: uop.bufferize
// CHECK-NOT: uop.bufferize
// CHECK: return
func.func @norm_matmul(%x: tensor<8x32xf32>, %w: tensor<32xf32>, %b: tensor<32xf32>, %m: tensor<32x64xf32>) -> tensor<8x64xf32> {
  %s = uop.reduce_axis add %x [1] : tensor<8x32xf32> -> tensor<8xf32>
  %n = arith.constant dense<3.125000e-02> : tensor<8xf32>
  %mean = arith.mulf %s, %n : tensor<8xf32>
  %mr = uop.reshape %mean : tensor<8xf32> -> tensor<8x1xf32>
  %me = uop.expand %mr : tensor<8x1xf32> -> tensor<8x32xf32>
  %d = arith.subf %x, %me : tensor<8x32xf32>
  %sq = arith.mulf %d, %d : tensor<8x32xf32>
  %vs = uop.reduce_axis add %sq [1] : tensor<8x32xf32> -> tensor<8xf32>
  %var = arith.mulf %vs, %n : tensor<8xf32>
  %eps = arith.constant dense<1.000000e-05> : tensor<8xf32>
  %ve = arith.addf %var, %eps : tensor<8xf32>
  %rstd = math.rsqrt %ve : tensor<8xf32>
  %rr = uop.reshape %rstd : tensor<8xf32> -> tensor<8x1xf32>
  %re = uop.expand %rr : tensor<8x1xf32> -> tensor<8x32xf32>
  %xn = arith.mulf %d, %re : tensor<8x32xf32>
  %wr = uop.reshape %w : tensor<32xf32> -> tensor<1x32xf32>
  %we = uop.expand %wr : tensor<1x32xf32> -> tensor<8x32xf32>
  %br = uop.reshape %b : tensor<32xf32> -> tensor<1x32xf32>
  %be = uop.expand %br : tensor<1x32xf32> -> tensor<8x32xf32>
  %xw = arith.mulf %xn, %we : tensor<8x32xf32>
  %h = arith.addf %xw, %be : tensor<8x32xf32>
  %hr = uop.reshape %h : tensor<8x32xf32> -> tensor<8x32x1xf32>
  %he = uop.expand %hr : tensor<8x32x1xf32> -> tensor<8x32x64xf32>
  %mr2 = uop.reshape %m : tensor<32x64xf32> -> tensor<1x32x64xf32>
  %mex = uop.expand %mr2 : tensor<1x32x64xf32> -> tensor<8x32x64xf32>
  %p = arith.mulf %he, %mex : tensor<8x32x64xf32>
  %o = uop.reduce_axis add %p [1] : tensor<8x32x64xf32> -> tensor<8x64xf32>
  return %o : tensor<8x64xf32>
}
// EXEC: mismatches=0 check=pass

// -----

// One ALU op (a scale of the input) stays fused into the matmul: only its
// own buffer.
// CHECK-LABEL: func.func @cheap_prologue
// CHECK-COUNT-1: uop.bufferize
// CHECK-NOT: uop.bufferize
// CHECK: return
func.func @cheap_prologue(%x: tensor<8x32xf32>, %m: tensor<32x64xf32>) -> tensor<8x64xf32> {
  %c = arith.constant dense<2.000000e+00> : tensor<8x32xf32>
  %h = arith.mulf %x, %c : tensor<8x32xf32>
  %hr = uop.reshape %h : tensor<8x32xf32> -> tensor<8x32x1xf32>
  %he = uop.expand %hr : tensor<8x32x1xf32> -> tensor<8x32x64xf32>
  %mr = uop.reshape %m : tensor<32x64xf32> -> tensor<1x32x64xf32>
  %mex = uop.expand %mr : tensor<1x32x64xf32> -> tensor<8x32x64xf32>
  %p = arith.mulf %he, %mex : tensor<8x32x64xf32>
  %o = uop.reduce_axis add %p [1] : tensor<8x32x64xf32> -> tensor<8x64xf32>
  return %o : tensor<8x64xf32>
}

// -----

// Two ALU ops (an RMS norm's x * rstd * w, LLaMA's: 9% of its block when
// fused into the three projections) are realized: two buffers.
// CHECK-LABEL: func.func @rms_prologue
// CHECK-COUNT-2: uop.bufferize
// CHECK-NOT: uop.bufferize
// CHECK: return
func.func @rms_prologue(%x: tensor<8x32xf32>, %r: tensor<8xf32>, %w: tensor<32xf32>, %m: tensor<32x64xf32>) -> tensor<8x64xf32> {
  %rr = uop.reshape %r : tensor<8xf32> -> tensor<8x1xf32>
  %re = uop.expand %rr : tensor<8x1xf32> -> tensor<8x32xf32>
  %wr = uop.reshape %w : tensor<32xf32> -> tensor<1x32xf32>
  %we = uop.expand %wr : tensor<1x32xf32> -> tensor<8x32xf32>
  %a = arith.mulf %x, %re : tensor<8x32xf32>
  %h = arith.mulf %a, %we : tensor<8x32xf32>
  %hr = uop.reshape %h : tensor<8x32xf32> -> tensor<8x32x1xf32>
  %he = uop.expand %hr : tensor<8x32x1xf32> -> tensor<8x32x64xf32>
  %mr = uop.reshape %m : tensor<32x64xf32> -> tensor<1x32x64xf32>
  %mex = uop.expand %mr : tensor<1x32x64xf32> -> tensor<8x32x64xf32>
  %p = arith.mulf %he, %mex : tensor<8x32x64xf32>
  %o = uop.reduce_axis add %p [1] : tensor<8x32x64xf32> -> tensor<8x64xf32>
  return %o : tensor<8x64xf32>
}

// -----

// Three ALU ops under a broadcast of 8 copies (fewer than 16): fused.
// CHECK-LABEL: func.func @narrow_broadcast
// CHECK-COUNT-1: uop.bufferize
// CHECK-NOT: uop.bufferize
// CHECK: return
func.func @narrow_broadcast(%x: tensor<8x32xf32>, %m: tensor<32x8xf32>) -> tensor<8x8xf32> {
  %c = arith.constant dense<2.000000e+00> : tensor<8x32xf32>
  %a = arith.mulf %x, %c : tensor<8x32xf32>
  %s = arith.addf %a, %c : tensor<8x32xf32>
  %h = arith.mulf %s, %x : tensor<8x32xf32>
  %hr = uop.reshape %h : tensor<8x32xf32> -> tensor<8x32x1xf32>
  %he = uop.expand %hr : tensor<8x32x1xf32> -> tensor<8x32x8xf32>
  %mr = uop.reshape %m : tensor<32x8xf32> -> tensor<1x32x8xf32>
  %mex = uop.expand %mr : tensor<1x32x8xf32> -> tensor<8x32x8xf32>
  %p = arith.mulf %he, %mex : tensor<8x32x8xf32>
  %o = uop.reduce_axis add %p [1] : tensor<8x32x8xf32> -> tensor<8x8xf32>
  return %o : tensor<8x8xf32>
}

// -----

// A float division counts as two ALU ops: attention's softmax rows e / sum,
// fused into the matmul with V, were divided once per K step and column
// tile. The sum, the normalized rows and the matmul are three buffers (two
// without the rule).
// CHECK-LABEL: func.func @softmax_rows_matmul
// CHECK-COUNT-3: uop.bufferize
// CHECK-NOT: uop.bufferize
// CHECK: return
func.func @softmax_rows_matmul(%e: tensor<8x32xf32>, %v: tensor<32x64xf32>) -> tensor<8x64xf32> {
  %s = uop.reduce_axis add %e [1] : tensor<8x32xf32> -> tensor<8xf32>
  %sr = uop.reshape %s : tensor<8xf32> -> tensor<8x1xf32>
  %se = uop.expand %sr : tensor<8x1xf32> -> tensor<8x32xf32>
  %p = arith.divf %e, %se : tensor<8x32xf32>
  %pr = uop.reshape %p : tensor<8x32xf32> -> tensor<8x32x1xf32>
  %pe = uop.expand %pr : tensor<8x32x1xf32> -> tensor<8x32x64xf32>
  %vr = uop.reshape %v : tensor<32x64xf32> -> tensor<1x32x64xf32>
  %ve = uop.expand %vr : tensor<1x32x64xf32> -> tensor<8x32x64xf32>
  %m = arith.mulf %pe, %ve : tensor<8x32x64xf32>
  %o = uop.reduce_axis add %m [1] : tensor<8x32x64xf32> -> tensor<8x64xf32>
  return %o : tensor<8x64xf32>
}
