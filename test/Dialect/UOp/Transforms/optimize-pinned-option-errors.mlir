// RUN: not uop-opt %s --uop-optimize="target=cpu opts=#uop.opt<UPCAST,1>" 2>&1 | FileCheck %s
// RUN: not uop-opt %s --uop-optimize="target=cpu opts=UPCAST:1:4" 2>&1 | FileCheck %s --check-prefix=OLD
// RUN: not uop-opt %s --uop-optimize="target=cpu opts=#uop.opt<UPCAST,1,-4>" 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: not uop-opt %s --uop-optimize="target=cpu opts=#uop.opt<NOPE,0,4>" 2>&1 | FileCheck %s --check-prefix=BADKIND
// RUN: not uop-opt %s --uop-optimize="target=cpu opts='[#uop.opt<UPCAST, 0, 4>, #uop.axis_id<R0>]'" 2>&1 | FileCheck %s --check-prefix=OTHER
// RUN: not uop-opt %s --uop-optimize="target=cpu opts=#uop.opt<UPCAST,0,4>]" 2>&1 | FileCheck %s --check-prefix=TAIL
// RUN: not uop-opt %s --uop-optimize="target=cpu opts=#uop.opt<LOCAL,0,16>" 2>&1 | FileCheck %s --check-prefix=CPU
// RUN: uop-opt %s --uop-optimize="target=cpu opts={#uop.opt<UPCAST, 0, 4>, #uop.opt<UPCAST, 1, 2>}" | FileCheck %s --check-prefix=OK
//
// The `opts` option: #uop.opt<KIND, axis, amount> attributes (tinygrad's
// names), parsed by the dialect's attribute parser (with spaces the option
// value needs braces or quotes, as any pass option); a malformed entry (the
// old KIND:axis:amount spelling too) or an option the target has not is an
// error at the kernel.

// CHECK: :[[@LINE+8]]:1: error: uop-optimize: opts '#uop.opt<UPCAST,1>' is not a list of #uop.opt<KIND, axis, amount> (e.g. #uop.opt<UPCAST, 1, 4>): expected ','
// OLD: error: uop-optimize: opts 'UPCAST:1:4' is not a list of #uop.opt<KIND, axis, amount> (e.g. #uop.opt<UPCAST, 1, 4>): expected attribute value
// NEG: error: uop-optimize: opts '#uop.opt<UPCAST,1,-4>' {{.*}}: opt UPCAST needs a non-negative amount, got -4
// BADKIND: error: uop-optimize: opts '#uop.opt<NOPE,0,4>' {{.*}}: expected one of [{{.*}}UPCAST{{.*}}] for a kernel optimisation kind, got: NOPE
// OTHER: error: uop-optimize: opts '[#uop.opt<UPCAST, 0, 4>, #uop.axis_id<R0>]' {{.*}}: #uop.axis_id<R0> is not a #uop.opt
// TAIL: error: uop-optimize: opts '#uop.opt<UPCAST,0,4>]' {{.*}}: unexpected text after the list
// CPU: error: uop-optimize: cannot apply #uop.opt<LOCAL, 0, 16>: LOCAL needs target=cuda
// OK: applied_opts = [<UPCAST, 0, 4>, <UPCAST, 1, 2>]
uop.function @k(%out: !uop.ptr<f32, global, 64>, %in: !uop.ptr<f32, global, 64>) {
  %c64 = arith.constant 64 : index
  %i = uop.range %c64, R0, loop
  %x = uop.index %in[%i] : !uop.ptr<f32, global, 64> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 64> -> f32
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 64> -> f32
  %st = uop.store %o, %v : f32
  %e = uop.end %st[%i] : !uop.void
  uop.sink %e : !uop.void info <name = "k">
}
