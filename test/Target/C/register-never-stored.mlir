// RUN: uop-opt %s --pass-pipeline='builtin.module(uop-to-program{target=cpu})' | uop-translate --uop-to-c | FileCheck %s
// RUN: uop-opt %s --pass-pipeline='builtin.module(uop-to-program{target=cpu})' | uop-translate --uop-to-c | cc -std=c11 -Wall -Wextra -Werror -c -x c - -o /dev/null
//
// A register that no STORE writes is zero-initialized in the C: the IR
// leaves its value undefined (uop-run --check reports it, check-kernel-level's
// uninit.mlir), but reading an uninitialized C variable is undefined
// behaviour that GCC warns about (-Wmaybe-uninitialized, a uop-fuzz finding
// in CI). A register that is written keeps its plain declaration.
// CHECK-LABEL: static void uopk_uninit_k(
// CHECK: int32_t acc0 = {0};
uop.function @uninit_k(%out: !uop.ptr<i32, global, 4>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %reg = uop.define_reg size 1 id 0 : !uop.ptr<i32, reg, 1>
  %i = uop.range %c4, R0, loop
  %at = uop.after %reg(%i : index) : !uop.ptr<i32, reg, 1>
  %ri = uop.index %at[%c0] : !uop.ptr<i32, reg, 1> -> i32
  %v = uop.load %at, %ri : !uop.ptr<i32, reg, 1> -> i32
  %o = uop.index %out[%i] : !uop.ptr<i32, global, 4> -> i32
  %st = uop.store %o, %v : i32
  %e = uop.end %st[%i] : !uop.void
  uop.sink %e : !uop.void info <name = "uninit_k">
}
uop.function @uninit(%out: !uop.ptr<i32, global, 4>) {
  %c = uop.call @uninit_k(%out) : (!uop.ptr<i32, global, 4>)
  uop.sink %c : !uop.void
}
