// RUN: uop-opt %s | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | uop-opt | FileCheck %s
//
// PREFETCH (ours, not in tinygrad's op set): a cache hint on an ungated
// INDEX into a global buffer. Its Void result orders it through an AFTER;
// nothing reads or writes memory, so the canonicalizer keeps it (it is not
// pure) and the AFTER keeps its dependence.

// CHECK-LABEL: uop.function @prefetch
uop.function @prefetch(%out: !uop.ptr<f32, global, 256>, %reg: !uop.ptr<f32, reg, 4>) {
  %c16 = arith.constant 16 : index
  %c0 = arith.constant 0 : index
  %r0 = uop.range %c16, R0, loop
  // CHECK: %[[I:.*]] = uop.index
  %i = uop.index %out[%r0, %c0] : !uop.ptr<f32, global, 256> -> f32
  // CHECK: %[[P:.*]] = uop.prefetch %[[I]] write locality 3 : f32
  %p = uop.prefetch %i write locality 3 : f32
  // CHECK: uop.prefetch %[[I]] locality 0 : f32
  %q = uop.prefetch %i locality 0 : f32
  // CHECK: uop.after %{{.*}}(%[[P]], %{{.*}} : !uop.void, !uop.void)
  %a = uop.after %reg(%p, %q : !uop.void, !uop.void) : !uop.ptr<f32, reg, 4>
  %j = uop.index %a[%c0] : !uop.ptr<f32, reg, 4> -> f32
  %v = uop.load %a, %j : !uop.ptr<f32, reg, 4> -> f32
  %s = uop.store %i, %v : f32
  %e = uop.end %s[%r0] : !uop.void
  uop.sink %e : !uop.void
}

// RUN: uop-opt %s --canonicalize --cse | FileCheck %s --check-prefix=CANON
// CANON-LABEL: uop.function @prefetch
// CANON: uop.prefetch %{{.*}} write locality 3
// CANON: uop.prefetch %{{.*}} locality 0
