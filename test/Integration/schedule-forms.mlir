// RUN: rm -rf %t && split-file %s %t
// RUN: uop-opt %t/sched.mlir --uop-to-program=target=cpu | uop-translate --uop-to-c > %t/sched.c
// RUN: uop-opt %t/after.mlir --uop-to-program=target=cpu | uop-translate --uop-to-c > %t/after.c
// RUN: FileCheck %s --check-prefix=C --input-file=%t/sched.c
// RUN: cc -std=c11 -O2 -Wall -Werror %t/sched.c %t/after.c %t/driver.c -o %t/run
// RUN: %t/run | FileCheck %s
// RUN: uop-opt %t/after.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 | FileCheck %s --check-prefix=PTX
// RUN: not uop-opt %t/sched.mlir --uop-to-nvvm=chip=sm_80 2>&1 | FileCheck %s --check-prefix=NOPTX
// Two views of one buffer in one call would break C's restrict: an error.
// RUN: sed 's/@add_k(%dst, %hi, %in)/@add_k(%dst, %dst, %in)/' %t/sched.mlir | uop-opt --uop-to-program=target=cpu | not uop-translate --uop-to-c 2>&1 | FileCheck %s --check-prefix=ALIAS
// ALIAS: error: uop-to-c: arguments 0 and 1 are views of one buffer; C kernel parameters are restrict
//
// Schedule-level forms: AFTER (the intermediate after the kernel that writes
// it), a single-device COPY (a fresh buffer, memcpy) and BUFFER_VIEW (a
// pointer into its buffer), as kernel arguments, in and out. With in[k] = k:
//   @sched: tmp = 2 in; cp = copy(tmp); out[4 + i] = cp[4 + i] + in[i]
//           = 2 (4 + i) + i = 8 + 3 i for i < 4, out[0..3] keep -1;
//   @after: out = 2 in + in = 3 in.
// CHECK: sched: -1 -1 -1 -1 8 11 14 17
// CHECK: after: 0 3 6 9 12 15 18 21
// The view of the output makes `out` writable; `in` stays const.
// C: int uop_sched(const float *restrict a0, float *restrict a1) {
// C: memcpy(b1, b0, sizeof(float) * 8);
// C: uopk_add_k((a1 + 4), (b1 + 4), a0);
// AFTER reaches PTX (launches run in stream order).
// PTX: .entry double_k(
// PTX: .entry add8_k(
// COPY / BUFFER_VIEW in a schedule have no tirx host form.
// NOPTX: sched.mlir:{{[0-9]+}}:{{[0-9]+}}: error: convert-uop-to-tirx: a schedule-level uop.copy has no tirx host form

//--- sched.mlir
uop.function @double_k(%tmp: !uop.ptr<f32, global, 8>, %in: !uop.ptr<f32, global, 8>) {
  %c8 = arith.constant 8 : index
  %two = arith.constant 2.0 : f32
  %i = uop.range %c8, R0, loop
  %x = uop.index %in[%i] : !uop.ptr<f32, global, 8> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 8> -> f32
  %m = arith.mulf %v, %two : f32
  %o = uop.index %tmp[%i] : !uop.ptr<f32, global, 8> -> f32
  %st = uop.store %o, %m : f32
  %e = uop.end %st[%i] : !uop.void
  uop.sink %e : !uop.void info <name = "double_k">
}
uop.function @add_k(%dst: !uop.ptr<f32, global, 4>, %hi: !uop.ptr<f32, global, 4>, %in: !uop.ptr<f32, global, 8>) {
  %c4 = arith.constant 4 : index
  %i = uop.range %c4, R0, loop
  %x = uop.index %hi[%i] : !uop.ptr<f32, global, 4> -> f32
  %a = uop.load %hi, %x : !uop.ptr<f32, global, 4> -> f32
  %y = uop.index %in[%i] : !uop.ptr<f32, global, 8> -> f32
  %b = uop.load %in, %y : !uop.ptr<f32, global, 8> -> f32
  %s = arith.addf %a, %b : f32
  %o = uop.index %dst[%i] : !uop.ptr<f32, global, 4> -> f32
  %st = uop.store %o, %s : f32
  %e = uop.end %st[%i] : !uop.void
  uop.sink %e : !uop.void info <name = "add_k">
}
uop.function @sched(%in: !uop.ptr<f32, global, 8>, %out: !uop.ptr<f32, global, 8>) {
  %dev = uop.device "CPU"
  %u = uop.unique 0
  %tmp = uop.buffer %u, %dev size 8 : !uop.ptr<f32, global, 8>
  %c1 = uop.call @double_k(%tmp, %in) : (!uop.ptr<f32, global, 8>, !uop.ptr<f32, global, 8>)
  %t2 = uop.after %tmp (%c1 : !uop.void) : !uop.ptr<f32, global, 8>
  %cp = uop.copy %t2, %dev : !uop.ptr<f32, global, 8>
  %hi = uop.buffer_view %cp size 4 offset 4 : !uop.ptr<f32, global, 8> -> !uop.ptr<f32, global, 4>
  %dst = uop.buffer_view %out size 4 offset 4 : !uop.ptr<f32, global, 8> -> !uop.ptr<f32, global, 4>
  %c2 = uop.call @add_k(%dst, %hi, %in) : (!uop.ptr<f32, global, 4>, !uop.ptr<f32, global, 4>, !uop.ptr<f32, global, 8>)
  uop.sink %c2 : !uop.void
}

//--- after.mlir
uop.function @double_k(%tmp: !uop.ptr<f32, global, 8>, %in: !uop.ptr<f32, global, 8>) {
  %c8 = arith.constant 8 : index
  %two = arith.constant 2.0 : f32
  %i = uop.range %c8, R0, loop
  %x = uop.index %in[%i] : !uop.ptr<f32, global, 8> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 8> -> f32
  %m = arith.mulf %v, %two : f32
  %o = uop.index %tmp[%i] : !uop.ptr<f32, global, 8> -> f32
  %st = uop.store %o, %m : f32
  %e = uop.end %st[%i] : !uop.void
  uop.sink %e : !uop.void info <name = "double_k">
}
uop.function @add8_k(%dst: !uop.ptr<f32, global, 8>, %t: !uop.ptr<f32, global, 8>, %in: !uop.ptr<f32, global, 8>) {
  %c8 = arith.constant 8 : index
  %i = uop.range %c8, R0, loop
  %x = uop.index %t[%i] : !uop.ptr<f32, global, 8> -> f32
  %a = uop.load %t, %x : !uop.ptr<f32, global, 8> -> f32
  %y = uop.index %in[%i] : !uop.ptr<f32, global, 8> -> f32
  %b = uop.load %in, %y : !uop.ptr<f32, global, 8> -> f32
  %s = arith.addf %a, %b : f32
  %o = uop.index %dst[%i] : !uop.ptr<f32, global, 8> -> f32
  %st = uop.store %o, %s : f32
  %e = uop.end %st[%i] : !uop.void
  uop.sink %e : !uop.void info <name = "add8_k">
}
uop.function @after(%in: !uop.ptr<f32, global, 8>, %out: !uop.ptr<f32, global, 8>) {
  %dev = uop.device "CPU"
  %u = uop.unique 0
  %tmp = uop.buffer %u, %dev size 8 : !uop.ptr<f32, global, 8>
  %c1 = uop.call @double_k(%tmp, %in) : (!uop.ptr<f32, global, 8>, !uop.ptr<f32, global, 8>)
  %t2 = uop.after %tmp (%c1 : !uop.void) : !uop.ptr<f32, global, 8>
  %c2 = uop.call @add8_k(%out, %t2, %in) : (!uop.ptr<f32, global, 8>, !uop.ptr<f32, global, 8>, !uop.ptr<f32, global, 8>)
  uop.sink %c2 : !uop.void
}

//--- driver.c
#include <stdio.h>
int uop_sched(const float *in, float *out);
int uop_after(const float *in, float *out);
static void show(const char *name, const float *v) {
  printf("%s:", name);
  for (int i = 0; i < 8; ++i)
    printf(" %g", v[i]);
  printf("\n");
}
int main(void) {
  float in[8], out[8];
  for (int i = 0; i < 8; ++i)
    in[i] = (float)i, out[i] = -1;
  uop_sched(in, out);
  show("sched", out);
  for (int i = 0; i < 8; ++i)
    out[i] = -1;
  uop_after(in, out);
  show("after", out);
  return 0;
}
