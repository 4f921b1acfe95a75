// RUN: not uop-opt %s --uop-to-nvvm=chip=sm_80 2>&1 | FileCheck %s
//
// Found by uop-fuzz (hang in translate, uop-to-nvvm; seed
// test/Dialect/UOp/Transforms/expand-budget.mlir): an upcast range of 65536
// lanes whose INDEX and STORE (the rest simplifies away) uop-expand copied
// into 131072 ops, within its first budget (2^20); the PTX translation of
// the kernel then ran past 20 s. max-ops is 65536 now.

// CHECK: expand-ops-pipeline.mlir:[[@LINE+1]]:{{[0-9]+}}: error: uop-expand: expanding the upcast/unroll ranges would create 131072 ops, over max-ops=65536
uop.function @many_ops(%p: !uop.ptr<f32, global, 65536>) {
  %n = arith.constant 65536 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.0 : f32
  %r = uop.range %n, R0, upcast
  %a = arith.subi %r, %c1 : index
  %b = arith.addi %a, %c1 : index
  %i = uop.index %p[%b] : !uop.ptr<f32, global, 65536> -> f32
  %s = uop.store %i, %one : f32
  %e = uop.end %s[%r] : !uop.void
  uop.sink %e : !uop.void info <name = "many_ops">
}
uop.function @main(%p: !uop.ptr<f32, global, 65536>) {
  %c = uop.call @many_ops(%p) : (!uop.ptr<f32, global, 65536>)
  uop.sink %c : !uop.void
}
