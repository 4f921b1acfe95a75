// RUN: rm -rf %t && split-file %s %t
// RUN: uop-opt %t/written.mlir --uop-to-program=target=cpu --mlir-print-debuginfo | not uop-translate --uop-to-c 2>&1 | FileCheck %s --check-prefix=WRITTEN
// RUN: uop-opt %t/read.mlir --uop-to-program=target=cpu | uop-translate --uop-to-c > %t/read.c
// RUN: FileCheck %s --check-prefix=READ --input-file=%t/read.c
// RUN: cc -std=c11 -Wall -Wextra -Werror -c %t/read.c -o %t/read.o
//
// Found by the long uop-fuzz run (c-warning in cc, -Wrestrict; seeds
// test/Dialect/UOp/Transforms/optimize.mlir and
// test/Integration/schedule-forms.mlir): one buffer passed as two arguments
// of a kernel that writes through one of them. The parameters are restrict,
// so the C was undefined behaviour; it is a located error now. The same
// buffer passed twice to parameters the kernel only reads stays valid C.

//--- written.mlir
// WRITTEN: written.mlir:{{[0-9]+}}:{{[0-9]+}}: error: uop-to-c: arguments 0 and 1 are one buffer, which the kernel writes; C kernel parameters are restrict
uop.function @copy(%out: !uop.ptr<f32, global, 4>, %in: !uop.ptr<f32, global, 4>) {
  %c4 = arith.constant 4 : index
  %r = uop.range %c4, R0, loop
  %i = uop.index %in[%r] : !uop.ptr<f32, global, 4> -> f32
  %v = uop.load %in, %i : !uop.ptr<f32, global, 4> -> f32
  %o = uop.index %out[%r] : !uop.ptr<f32, global, 4> -> f32
  %s = uop.store %o, %v : f32
  %e = uop.end %s[%r] : !uop.void
  uop.sink %e : !uop.void info <name = "copy">
}
uop.function @main(%a: !uop.ptr<f32, global, 4>) {
  %c = uop.call @copy(%a, %a) : (!uop.ptr<f32, global, 4>, !uop.ptr<f32, global, 4>)
  uop.sink %c : !uop.void
}

//--- read.mlir
// READ: uopk_add(a1, a0, a0);
uop.function @add(%out: !uop.ptr<f32, global, 4>, %x: !uop.ptr<f32, global, 4>, %y: !uop.ptr<f32, global, 4>) {
  %c4 = arith.constant 4 : index
  %r = uop.range %c4, R0, loop
  %i = uop.index %x[%r] : !uop.ptr<f32, global, 4> -> f32
  %a = uop.load %x, %i : !uop.ptr<f32, global, 4> -> f32
  %j = uop.index %y[%r] : !uop.ptr<f32, global, 4> -> f32
  %b = uop.load %y, %j : !uop.ptr<f32, global, 4> -> f32
  %v = arith.addf %a, %b : f32
  %o = uop.index %out[%r] : !uop.ptr<f32, global, 4> -> f32
  %s = uop.store %o, %v : f32
  %e = uop.end %s[%r] : !uop.void
  uop.sink %e : !uop.void info <name = "add">
}
uop.function @main(%in: !uop.ptr<f32, global, 4>, %out: !uop.ptr<f32, global, 4>) {
  %c = uop.call @add(%out, %in, %in) : (!uop.ptr<f32, global, 4>, !uop.ptr<f32, global, 4>, !uop.ptr<f32, global, 4>)
  uop.sink %c : !uop.void
}
