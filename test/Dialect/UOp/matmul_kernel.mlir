// RUN: uop-opt %s | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | uop-opt | FileCheck %s
// RUN: uop-opt %s -canonicalize -cse | FileCheck %s --check-prefix=CANON
//
// A full kernel-level 64x64x64 matmul, C[i, j] = sum_k A[i, k] * B[k, j]:
// two global ranges index the output, a reduce range is closed by REDUCE,
// STORE writes through an INDEX, END closes the output ranges and SINK (with
// its KernelInfo) ends the FUNCTION. A second FUNCTION schedules it with a
// CALL, and a PROGRAM carries it to a binary.

// CHECK-LABEL: uop.function @matmul
// CHECK-SAME: (%[[C:.*]]: !uop.ptr<f32, global, 4096>, %[[A:.*]]: !uop.ptr<f32, global, 4096>, %[[B:.*]]: !uop.ptr<f32, global, 4096>)
// CHECK-SAME: attributes {info = #uop.call_info<name = "matmul">}
uop.function @matmul(%c: !uop.ptr<f32, global, 4096>,
                     %a: !uop.ptr<f32, global, 4096>,
                     %b: !uop.ptr<f32, global, 4096>) attributes {info = #uop.call_info<name = "matmul">} {
  // CHECK: %[[C64:.*]] = arith.constant 64 : index
  %c64 = arith.constant 64 : index
  // CHECK: %[[I:.*]] = uop.range %[[C64]], R0, global
  %i = uop.range %c64, R0, global
  // CHECK: %[[J:.*]] = uop.range %[[C64]], R1, global
  %j = uop.range %c64, R1, global
  // CHECK: %[[K:.*]] = uop.range %[[C64]], R2, reduce
  %k = uop.range %c64, R2, reduce
  // CHECK: %[[IA:.*]] = uop.index %[[A]][%[[I]], %[[K]]] : !uop.ptr<f32, global, 4096> -> f32
  %ia = uop.index %a[%i, %k] : !uop.ptr<f32, global, 4096> -> f32
  // CHECK: %[[IB:.*]] = uop.index %[[B]][%[[K]], %[[J]]] : !uop.ptr<f32, global, 4096> -> f32
  %ib = uop.index %b[%k, %j] : !uop.ptr<f32, global, 4096> -> f32
  // CHECK: %[[VA:.*]] = uop.load %[[A]], %[[IA]] : !uop.ptr<f32, global, 4096> -> f32
  %va = uop.load %a, %ia : !uop.ptr<f32, global, 4096> -> f32
  // CHECK: %[[VB:.*]] = uop.load %[[B]], %[[IB]] : !uop.ptr<f32, global, 4096> -> f32
  %vb = uop.load %b, %ib : !uop.ptr<f32, global, 4096> -> f32
  // CHECK: %[[PROD:.*]] = arith.mulf %[[VA]], %[[VB]] : f32
  %prod = arith.mulf %va, %vb : f32
  // CHECK: %[[ACC:.*]] = uop.reduce add %[[PROD]][%[[K]]] : f32
  %acc = uop.reduce add %prod [%k] : f32
  // CHECK: %[[IC:.*]] = uop.index %[[C]][%[[I]], %[[J]]] : !uop.ptr<f32, global, 4096> -> f32
  %ic = uop.index %c[%i, %j] : !uop.ptr<f32, global, 4096> -> f32
  // CHECK: %[[ST:.*]] = uop.store %[[IC]], %[[ACC]] : f32
  %st = uop.store %ic, %acc : f32
  // CHECK: %[[DONE:.*]] = uop.end %[[ST]][%[[I]], %[[J]]] : !uop.void
  %done = uop.end %st [%i, %j] : !uop.void
  // CHECK: uop.sink %[[DONE]] : !uop.void info <name = "matmul_64x64x64">
  uop.sink %done : !uop.void info <name = "matmul_64x64x64">
}

// The schedule: buffers, one call of the kernel, and its compilation.
// CHECK-LABEL: uop.function @main
uop.function @main() {
  // CHECK: %[[DEV:.*]] = uop.device "CUDA"
  %dev = uop.device "CUDA"
  // CHECK: %[[U0:.*]] = uop.unique 0
  // CHECK: %[[U1:.*]] = uop.unique 1
  // CHECK: %[[U2:.*]] = uop.unique 2
  %u0 = uop.unique 0
  %u1 = uop.unique 1
  %u2 = uop.unique 2
  // CHECK: %[[BC:.*]] = uop.buffer %[[U0]], %[[DEV]] size 4096 : !uop.ptr<f32, global, 4096>
  // CHECK: %[[BA:.*]] = uop.buffer %[[U1]], %[[DEV]] size 4096 : !uop.ptr<f32, global, 4096>
  // CHECK: %[[BB:.*]] = uop.buffer %[[U2]], %[[DEV]] size 4096 : !uop.ptr<f32, global, 4096>
  %bc = uop.buffer %u0, %dev size 4096 : !uop.ptr<f32, global, 4096>
  %ba = uop.buffer %u1, %dev size 4096 : !uop.ptr<f32, global, 4096>
  %bb = uop.buffer %u2, %dev size 4096 : !uop.ptr<f32, global, 4096>
  // CHECK: %[[CALL:.*]] = uop.call @matmul(%[[BC]], %[[BA]], %[[BB]]) info <name = "matmul"> : (!uop.ptr<f32, global, 4096>, !uop.ptr<f32, global, 4096>, !uop.ptr<f32, global, 4096>)
  %call = uop.call @matmul(%bc, %ba, %bb) info <name = "matmul">
      : (!uop.ptr<f32, global, 4096>, !uop.ptr<f32, global, 4096>, !uop.ptr<f32, global, 4096>)
  // CHECK: %[[OUT:.*]] = uop.after %[[BC]](%[[CALL]] : !uop.void) : !uop.ptr<f32, global, 4096>
  %out = uop.after %bc (%call : !uop.void) : !uop.ptr<f32, global, 4096>
  // CHECK: %[[PROG:.*]] = uop.program @matmul device %[[DEV]]
  %prog = uop.program @matmul device %dev
  // CHECK: uop.sink %[[OUT]], %[[PROG]] : !uop.ptr<f32, global, 4096>, !uop.void
  uop.sink %out, %prog : !uop.ptr<f32, global, 4096>, !uop.void
}

// Nothing in the kernel is dead or foldable: the canonicalizer and CSE keep
// every op, and the three UNIQUEs keep the three BUFFERs apart.
// CANON-LABEL: uop.function @matmul
// CANON-COUNT-3: uop.range
// CANON-COUNT-2: uop.index
// CANON-COUNT-2: uop.load
// CANON: arith.mulf
// CANON: uop.reduce add
// CANON: uop.index
// CANON: uop.store
// CANON: uop.end
// CANON: uop.sink
// CANON-LABEL: uop.function @main
// CANON-COUNT-3: uop.buffer
// CANON: uop.call @matmul
