// RUN: rm -rf %t && split-file %s %t
// RUN: uop-opt %t/vec.mlir --uop-to-program=target=cpu | uop-translate --uop-to-c > %t/vec.c
// RUN: uop-opt %t/unroll.mlir --uop-to-program=target=cpu | uop-translate --uop-to-c > %t/unroll.c
// RUN: uop-opt %t/ptrcat.mlir --uop-to-program=target=cpu | uop-translate --uop-to-c > %t/ptrcat.c
// RUN: cc -std=c11 -O2 -Wall -Werror %t/vec.c %t/unroll.c %t/ptrcat.c %t/driver.c -o %t/k
// RUN: %t/k | FileCheck %s
// RUN: uop-opt %t/vec.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 | FileCheck %s --check-prefix=PTX-VEC
// RUN: uop-opt %t/unroll.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 | FileCheck %s --check-prefix=PTX-UNROLL
// RUN: uop-opt %t/ptrcat.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 | FileCheck %s --check-prefix=PTX-PTRCAT
// What uop-expand prints (vector.extract / vector.from_elements) parses in
// uop-translate; not linearised yet, it is a located error there.
// RUN: uop-opt %t/unroll.mlir --uop-expand | not uop-translate --uop-to-c 2>&1 | FileCheck %s --check-prefix=EXPAND
//
// Kernel-level vector values (VECTORIZE, VCONST, CAT, GEP, arith on vectors)
// and the seed's explicit UNROLL / CONTRACT over a vector LOAD and STORE:
// uop-expand expands UNROLL/CONTRACT, uop-devectorize splits every vector
// into lanes, so C and PTX see scalars. With in[k] = k (driver):
//   @vec:    out[4i] = gep(cat(vectorize(in[4i], in[4i+1]) + [10, 20],
//            [10, 20]), 1) = in[4i+1] + 20: out[0] = 21, out[4] = 25, the
//            rest keeps -1;
//   @unroll: out[r, 0..3] = 2 * in[r, 0..3]: 0 2 4 6 8 10 12 14.
// CHECK: vec: 21 -1 -1 -1 25 -1 -1 -1
// CHECK: unroll: 0 2 4 6 8 10 12 14
//   @ptrcat: a 4-lane LOAD through PTRCAT(a[2..3], b[0..1]) stored at out[4..7];
//            with a = 10..13, b = 20..23:
// CHECK: ptrcat: -1 -1 -1 -1 12 13 20 21
// PTX-VEC-LABEL: .entry vec_k(
// PTX-VEC: ld.global.b32 %[[X:r[0-9]+]], [%{{rd[0-9]+}}+4];
// PTX-VEC: add.rn.f32 %[[Y:r[0-9]+]], %[[X]], 0f41A00000;
// PTX-VEC: st.global.b32 [%{{rd[0-9]+}}], %[[Y]];
// PTX-UNROLL-LABEL: .entry unroll_k(
// x * 2 is x + x in PTX.
// PTX-UNROLL-COUNT-4: ld.global.b32
// PTX-UNROLL-COUNT-4: add.rn.f32
// PTX-UNROLL-COUNT-4: st.global.b32
// PTX-PTRCAT-LABEL: .entry ptrcat_k(
// PTX-PTRCAT-COUNT-4: ld.global.b32
// EXPAND: error: uop-to-c: kernel @unroll_k has no PROGRAM in this schedule

//--- vec.mlir
uop.function @vec_k(%out: !uop.ptr<f32, global, 8>, %in: !uop.ptr<f32, global, 8>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %i = uop.range %c2, R0, loop
  %b = arith.muli %i, %c4 : index
  %b1 = arith.addi %b, %c1 : index
  %x0 = uop.index %in[%b] : !uop.ptr<f32, global, 8> -> f32
  %x1 = uop.index %in[%b1] : !uop.ptr<f32, global, 8> -> f32
  %v0 = uop.load %in, %x0 : !uop.ptr<f32, global, 8> -> f32
  %v1 = uop.load %in, %x1 : !uop.ptr<f32, global, 8> -> f32
  %v = uop.vectorize %v0, %v1 : vector<2xf32>
  %k = uop.vconst dense<[10.0, 20.0]> : vector<2xf32>
  %s = arith.addf %v, %k : vector<2xf32>
  %cat = uop.cat %s, %k : vector<2xf32>, vector<2xf32> -> vector<4xf32>
  %e = uop.gep %cat [1] : vector<4xf32> -> f32
  %o = uop.index %out[%b] : !uop.ptr<f32, global, 8> -> f32
  %st = uop.store %o, %e : f32
  %end = uop.end %st[%i] : !uop.void
  uop.sink %end : !uop.void info <name = "vec_k">
}
uop.function @vec(%out: !uop.ptr<f32, global, 8>, %in: !uop.ptr<f32, global, 8>) {
  %c = uop.call @vec_k(%out, %in) : (!uop.ptr<f32, global, 8>, !uop.ptr<f32, global, 8>)
  uop.sink %c : !uop.void
}

//--- unroll.mlir
uop.function @unroll_k(%out: !uop.ptr<f32, global, 8> {uop.shape = array<i64: 2, 4>}, %in: !uop.ptr<f32, global, 8> {uop.shape = array<i64: 2, 4>}) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %two = arith.constant 2.0 : f32
  %r = uop.range %c2, R0, loop
  %i = uop.index %in[%r, %c0] : !uop.ptr<f32, global, 8> -> vector<4xf32>
  %v = uop.load %in, %i : !uop.ptr<f32, global, 8> -> vector<4xf32>
  %u = uop.unroll %v [(0, 4)] : vector<4xf32> -> f32
  %m = arith.mulf %u, %two : f32
  %c = uop.contract %m [(0, 4)] : f32 -> vector<4xf32>
  %o = uop.index %out[%r, %c0] : !uop.ptr<f32, global, 8> -> vector<4xf32>
  %s = uop.store %o, %c : vector<4xf32>
  %e = uop.end %s[%r] : !uop.void
  uop.sink %e : !uop.void info <name = "unroll_k">
}
uop.function @unroll(%out: !uop.ptr<f32, global, 8>, %in: !uop.ptr<f32, global, 8>) {
  %c = uop.call @unroll_k(%out, %in) : (!uop.ptr<f32, global, 8>, !uop.ptr<f32, global, 8>)
  uop.sink %c : !uop.void
}

//--- ptrcat.mlir
uop.function @ptrcat_k(%out: !uop.ptr<f32, global, 8>, %a: !uop.ptr<f32, global, 4>, %b: !uop.ptr<f32, global, 4>) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %ia = uop.index %a[%c2] : !uop.ptr<f32, global, 4> -> vector<2xf32>
  %ib = uop.index %b[%c0] : !uop.ptr<f32, global, 4> -> vector<2xf32>
  %p = uop.ptrcat %ia, %ib : vector<2xf32>, vector<2xf32> -> vector<4xf32>
  %v = uop.load %a, %p : !uop.ptr<f32, global, 4> -> vector<4xf32>
  %o = uop.index %out[%c4] : !uop.ptr<f32, global, 8> -> vector<4xf32>
  %s = uop.store %o, %v : vector<4xf32>
  uop.sink %s : !uop.void info <name = "ptrcat_k">
}
uop.function @ptrcat(%out: !uop.ptr<f32, global, 8>, %a: !uop.ptr<f32, global, 4>, %b: !uop.ptr<f32, global, 4>) {
  %c = uop.call @ptrcat_k(%out, %a, %b) : (!uop.ptr<f32, global, 8>, !uop.ptr<f32, global, 4>, !uop.ptr<f32, global, 4>)
  uop.sink %c : !uop.void
}

//--- driver.c
#include <stdio.h>
int uop_vec(float *out, const float *in);
int uop_unroll(float *out, const float *in);
int uop_ptrcat(float *out, const float *a, const float *b);
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
  uop_vec(out, in);
  show("vec", out);
  for (int i = 0; i < 8; ++i)
    out[i] = -1;
  uop_unroll(out, in);
  show("unroll", out);
  float a[4] = {10, 11, 12, 13}, b[4] = {20, 21, 22, 23};
  for (int i = 0; i < 8; ++i)
    out[i] = -1;
  uop_ptrcat(out, a, b);
  show("ptrcat", out);
  return 0;
}
