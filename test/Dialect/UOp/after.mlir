// RUN: uop-opt %s | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | uop-opt | FileCheck %s
//
// The seed's AFTER example: a buffer is used only once a kernel completed.
// Kernels are CALLs of FUNCTIONs.
//
//   SINK
//   ├── AFTER
//   │   ├── PARAM(0)     — passthrough (buffer reference)
//   │   └── KERNEL(...)          — must complete first
//   └── KERNEL(...)              — can use buffer after AFTER

uop.function @producer(%b: !uop.ptr<f32, global, 64>) {
  uop.sink
}

uop.function @consumer(%b: !uop.ptr<f32, global, 64>) {
  uop.sink
}

// CHECK-LABEL: uop.function @schedule
uop.function @schedule() {
  // CHECK: %[[P:.*]] = uop.param 0 size 64 : !uop.ptr<f32, global, 64>
  %p = uop.param 0 size 64 : !uop.ptr<f32, global, 64>
  // CHECK: %[[K1:.*]] = uop.call @producer(%[[P]]) : (!uop.ptr<f32, global, 64>)
  %k1 = uop.call @producer(%p) : (!uop.ptr<f32, global, 64>)
  // CHECK: %[[A:.*]] = uop.after %[[P]](%[[K1]] : !uop.void) : !uop.ptr<f32, global, 64>
  %a = uop.after %p (%k1 : !uop.void) : !uop.ptr<f32, global, 64>
  // CHECK: %[[K2:.*]] = uop.call @consumer(%[[A]]) : (!uop.ptr<f32, global, 64>)
  %k2 = uop.call @consumer(%a) : (!uop.ptr<f32, global, 64>)
  // CHECK: uop.sink %[[A]], %[[K2]] : !uop.ptr<f32, global, 64>, !uop.void
  uop.sink %a, %k2 : !uop.ptr<f32, global, 64>, !uop.void
}

// AFTER with several deps, and BARRIER: a workgroup synchronisation that
// passes a value through.
// CHECK-LABEL: func.func @deps
func.func @deps(%x: f32, %s0: !uop.void, %s1: !uop.void, %l: !uop.ptr<f32, local, 128>) -> (f32, !uop.ptr<f32, local, 128>, !uop.ptr<f32, local, 128>) {
  // CHECK: uop.after %{{.*}}(%{{.*}}, %{{.*}} : !uop.void, !uop.void) : f32
  %a = uop.after %x (%s0, %s1 : !uop.void, !uop.void) : f32
  // CHECK: uop.barrier %{{.*}}(%{{.*}} : !uop.void) : !uop.ptr<f32, local, 128>
  %b = uop.barrier %l (%s0 : !uop.void) : !uop.ptr<f32, local, 128>
  // CHECK: uop.barrier %{{.*}} : !uop.ptr<f32, local, 128>
  %c = uop.barrier %l : !uop.ptr<f32, local, 128>
  return %a, %b, %c : f32, !uop.ptr<f32, local, 128>, !uop.ptr<f32, local, 128>
}

// Only an AFTER without deps is a no-op; the canonicalizer keeps the others.
// RUN: uop-opt %s -canonicalize | FileCheck %s --check-prefix=CANON
// CANON-LABEL: func.func @deps
// CANON: uop.after
// CANON: uop.barrier
// CANON: uop.barrier
