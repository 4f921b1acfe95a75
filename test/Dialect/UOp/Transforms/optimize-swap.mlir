// RUN: uop-opt %s -split-input-file --uop-optimize=target=cpu | FileCheck %s
//
// SWAP a, b (cpu): two output loops exchange places in the END that closes
// them, so the loop that was inside runs outside. A transposing copy with
// its loops swapped walks the output it stores along its rows' stride.

// CHECK-LABEL: uop.function @transpose
// CHECK: %[[I:.*]] = uop.range %{{.*}}, R0, loop
// CHECK: %[[J:.*]] = uop.range %{{.*}}, R1, loop
// CHECK: uop.end %{{.*}}[%[[J]], %[[I]]]
// CHECK: applied_opts = [<SWAP, 0, 1>]
uop.function @transpose(%out: !uop.ptr<f32, global, 2048>, %in: !uop.ptr<f32, global, 2048>) {
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %i = uop.range %c32, R0, loop
  %j = uop.range %c64, R1, loop
  %ii = arith.muli %i, %c64 : index
  %a = arith.addi %ii, %j : index
  %x = uop.index %in[%a] : !uop.ptr<f32, global, 2048> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 2048> -> f32
  %jj = arith.muli %j, %c32 : index
  %b = arith.addi %jj, %i : index
  %o = uop.index %out[%b] : !uop.ptr<f32, global, 2048> -> f32
  %st = uop.store %o, %v : f32
  %e = uop.end %st[%i, %j] : !uop.void
  uop.sink %e : !uop.void info <opts_to_apply = [<SWAP, 0, 1>]>
}
