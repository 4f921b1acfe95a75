// RUN: uop-opt %s --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 | FileCheck %s
//
// The PTX path gives the results of docs/uop-dialect.md, "Edge cases", as the
// interpreter and the C do (defined-edges.test): convert-uop-to-tirx guards
// each op so that it only sees operands where arith defines it. Without the
// guards div.s32 divided by 0 (an unspecified value), the shifts and the
// conversion were LLVM poison.
//
// divsi: the divisor is 1 where it is 0 (or min / -1), the quotient 0 where
// it was 0.
// CHECK-LABEL: .entry edges_k0(
// CHECK: setp.eq.b32 [[Z:%p[0-9]+]], [[B:%r[0-9]+]], 0;
// CHECK: setp.eq.b32 {{%p[0-9]+}}, [[B]], -1;
// CHECK: setp.eq.b32 {{%p[0-9]+}}, {{%r[0-9]+}}, -2147483648;
// CHECK: selp.b32 [[D:%r[0-9]+]], 1, {{%r[0-9]+}}, [[Z]];
// CHECK: div.s32 [[Q:%r[0-9]+]], {{%r[0-9]+}}, [[D]];
// CHECK: selp.b32 {{%r[0-9]+}}, 0, [[Q]], [[Z]];
// remui: never by 0 (max(b, 1)), 0 where the divisor was 0.
// CHECK-LABEL: .entry edges_k1(
// CHECK: setp.eq.b32 [[Z:%p[0-9]+]], {{%r[0-9]+}}, 0;
// CHECK: max.u32 [[D:%r[0-9]+]], {{%r[0-9]+}}, 1;
// CHECK: rem.u32 [[R:%r[0-9]+]], {{%r[0-9]+}}, [[D]];
// CHECK: selp.b32 {{%r[0-9]+}}, 0, [[R]], [[Z]];
// shrsi: the count clamped to 31 (the sign).
// CHECK-LABEL: .entry edges_k2(
// CHECK: min.u32 [[N:%r[0-9]+]], {{%r[0-9]+}}, 31;
// CHECK: shr.s32 {{%r[0-9]+}}, {{%r[0-9]+}}, [[N]];
// shli: 0 for a count >= 32, which PTX's shl.b32 gives itself (its count
// clamps), so the guard folds away.
// CHECK-LABEL: .entry edges_k3(
// CHECK: shl.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, {{%r[0-9]+}};
// fptosi: saturating, NaN giving 0.
// CHECK-LABEL: .entry edges_k4(
// CHECK: setp.leu.f32 [[LO:%p[0-9]+]], [[X:%r[0-9]+]], 0fCF000000;
// CHECK: setp.ge.f32 [[HI:%p[0-9]+]], [[X]], 0f4F000000;
// CHECK: cvt.rzi.s32.f32 [[C:%r[0-9]+]], [[X]];
// CHECK: setp.nan.f32 [[NAN:%p[0-9]+]], [[X]], [[X]];
// CHECK: selp.b32 [[L:%r[0-9]+]], 0, -2147483648, [[NAN]];
// CHECK: selp.b32 [[M:%r[0-9]+]], [[L]], [[C]], [[LO]];
// CHECK: selp.b32 {{%r[0-9]+}}, 2147483647, [[M]], [[HI]];
// fptosi to i1: true for x <= -1 (the range [-1, 0] saturated), as in C.
// CHECK-LABEL: .entry edges_k5(
// CHECK: setp.le.f32 [[T:%p[0-9]+]], {{%r[0-9]+}}, 0fBF800000;
// CHECK: selp.b16 {{%rs[0-9]+}}, 1, 0, [[T]];
func.func @edges(%a: tensor<64xi32>, %b: tensor<64xi32>, %x: tensor<64xf32>)
    -> (tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>,
        tensor<64xi1>) {
  %q = arith.divsi %a, %b : tensor<64xi32>
  %r = arith.remui %a, %b : tensor<64xi32>
  %s = arith.shrsi %a, %b : tensor<64xi32>
  %l = arith.shli %a, %b : tensor<64xi32>
  %i = arith.fptosi %x : tensor<64xf32> to tensor<64xi32>
  %t = arith.fptosi %x : tensor<64xf32> to tensor<64xi1>
  return %q, %r, %s, %l, %i, %t : tensor<64xi32>, tensor<64xi32>, tensor<64xi32>, tensor<64xi32>,
      tensor<64xi32>, tensor<64xi1>
}
