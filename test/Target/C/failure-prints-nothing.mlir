// RUN: rm -rf %t && split-file %s %t
// RUN: not uop-translate %t/custom-function.mlir --uop-to-c > %t/cf.out 2> %t/cf.err
// RUN: count 0 < %t/cf.out
// RUN: FileCheck %s --check-prefix=CF --input-file=%t/cf.err
// RUN: not uop-translate %t/late-failure.mlir --uop-to-c > %t/late.out 2> %t/late.err
// RUN: count 0 < %t/late.out
// RUN: FileCheck %s --check-prefix=LATE --input-file=%t/late.err
//
// Regression test for a fixed bug, as it was reported: --uop-to-c dropped a
// CUSTOM_FUNCTION of a schedule without a word (exit 0, C without it), and
// when it did fail it had already printed the C of the kernels before the
// failing one. Now an op of a schedule that has no C form is an error at
// the op, and a failure prints nothing on stdout (exit status non-zero).

// CF: custom-function.mlir:19:8: error: uop-to-c: no C form for 'uop.custom_function' in a schedule
// LATE: late-failure.mlir:27:9: error: uop-to-c: unsupported dtype 'i4'

//--- custom-function.mlir
uop.function @k(%p: !uop.ptr<f32, global, 4>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %o = uop.index %p[%c0] : !uop.ptr<f32, global, 4> -> f32
  %s = uop.store %o, %one : f32
  uop.sink %s : !uop.void info <name = "k">
}
uop.function @main(%a: !uop.ptr<f32, global, 4>) {
  %d = uop.device "CPU"
  %l = uop.linear @k {
  ^bb0(%p: !uop.ptr<f32, global, 4>):
    %c0 = arith.constant 0 : index
    %one = arith.constant 1.0 : f32
    %o = uop.index %p[%c0] : !uop.ptr<f32, global, 4> -> f32
    %s = uop.store %o, %one : f32
  }
  %pr = uop.program @k device %d linear %l
  %c = uop.call @k(%a) : (!uop.ptr<f32, global, 4>)
  %g = uop.custom_function graph(%a) : (!uop.ptr<f32, global, 4>)
  uop.sink %c, %g : !uop.void, !uop.void
}

//--- late-failure.mlir
// The first kernel translates; the second has a dtype C lacks.
uop.function @ok(%p: !uop.ptr<f32, global, 4>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %o = uop.index %p[%c0] : !uop.ptr<f32, global, 4> -> f32
  %s = uop.store %o, %one : f32
  uop.sink %s : !uop.void info <name = "ok">
}
uop.function @half(%p: !uop.ptr<i4, global, 4>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : i4
  %o = uop.index %p[%c0] : !uop.ptr<i4, global, 4> -> i4
  %s = uop.store %o, %one : i4
  uop.sink %s : !uop.void info <name = "half">
}
uop.function @main(%a: !uop.ptr<f32, global, 4>, %b: !uop.ptr<i4, global, 4>) {
  %d = uop.device "CPU"
  %l0 = uop.linear @ok {
  ^bb0(%p: !uop.ptr<f32, global, 4>):
    %c0 = arith.constant 0 : index
    %one = arith.constant 1.0 : f32
    %o = uop.index %p[%c0] : !uop.ptr<f32, global, 4> -> f32
    %s = uop.store %o, %one : f32
  }
  %p0 = uop.program @ok device %d linear %l0
  %k0 = uop.call @ok(%a) : (!uop.ptr<f32, global, 4>)
  %l1 = uop.linear @half {
  ^bb0(%p: !uop.ptr<i4, global, 4>):
    %c0 = arith.constant 0 : index
    %one = arith.constant 1 : i4
    %o = uop.index %p[%c0] : !uop.ptr<i4, global, 4> -> i4
    %s = uop.store %o, %one : i4
  }
  %p1 = uop.program @half device %d linear %l1
  %k1 = uop.call @half(%b) : (!uop.ptr<i4, global, 4>)
  uop.sink %k0, %k1 : !uop.void, !uop.void
}
