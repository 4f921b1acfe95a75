// RUN: rm -rf %t && split-file %s %t
// RUN: uop-opt %t/addr.mlir --uop-to-program=target=cpu | uop-translate --uop-to-c > %t/addr.c
// RUN: cc -std=c11 -O2 -Wall -Werror %t/addr.c %t/driver.c -o %t/addr
// RUN: %t/addr | FileCheck %s
// RUN: uop-opt %t/addr.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 | FileCheck %s --check-prefix=PTX
//
// Kernel-level address forms: PARAMs (the kernel's arguments by slot), a
// BUFFER_VIEW of the upper half of `in` and a POINTER_INDEX two elements in:
// out[i] = view[i] - shifted[i] = in[8 + i] - in[2 + i]. With in[k] = k * k
// (driver): (8 + i)^2 - (2 + i)^2 = 60 + 12 i.
// CHECK: addr: 60 72 84 96 108 120 132 144
// The view's offset is 8 floats (32 bytes), the shift 2 (8 bytes).
// PTX-LABEL: .entry addr_k(
// PTX-DAG: ld.global.b32 %{{r[0-9]+}}, [%{{rd[0-9]+}}+32];
// PTX-DAG: ld.global.b32 %{{r[0-9]+}}, [%{{rd[0-9]+}}+8];
// PTX: sub.rn.f32

//--- addr.mlir
uop.function @addr_k(%out: !uop.ptr<f32, global, 8>, %in: !uop.ptr<f32, global, 16>) {
  %c2 = arith.constant 2 : index
  %c8 = arith.constant 8 : index
  %p0 = uop.param 0 size 8 : !uop.ptr<f32, global, 8>
  %p1 = uop.param 1 size 16 : !uop.ptr<f32, global, 16>
  %hi = uop.buffer_view %p1 size 8 offset 8 : !uop.ptr<f32, global, 16> -> !uop.ptr<f32, global, 8>
  %i = uop.range %c8, R0, loop
  %x = uop.index %hi[%i] : !uop.ptr<f32, global, 8> -> f32
  %v = uop.load %hi, %x : !uop.ptr<f32, global, 8> -> f32
  %sh = uop.pointer_index %p1, %c2 : !uop.ptr<f32, global, 16>
  %y = uop.index %sh[%i] : !uop.ptr<f32, global, 16> -> f32
  %w = uop.load %sh, %y : !uop.ptr<f32, global, 16> -> f32
  %s = arith.subf %v, %w : f32
  %o = uop.index %p0[%i] : !uop.ptr<f32, global, 8> -> f32
  %st = uop.store %o, %s : f32
  %e = uop.end %st[%i] : !uop.void
  uop.sink %e : !uop.void info <name = "addr_k">
}
uop.function @addr(%out: !uop.ptr<f32, global, 8>, %in: !uop.ptr<f32, global, 16>) {
  %c = uop.call @addr_k(%out, %in) : (!uop.ptr<f32, global, 8>, !uop.ptr<f32, global, 16>)
  uop.sink %c : !uop.void
}

//--- driver.c
#include <stdio.h>
int uop_addr(float *out, const float *in);
int main(void) {
  float in[16], out[8];
  for (int k = 0; k < 16; ++k)
    in[k] = (float)(k * k);
  uop_addr(out, in);
  printf("addr:");
  for (int i = 0; i < 8; ++i)
    printf(" %g", out[i]);
  printf("\n");
  return 0;
}
