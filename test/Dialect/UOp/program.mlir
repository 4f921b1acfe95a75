// RUN: uop-opt %s -split-input-file -verify-diagnostics | FileCheck %s
// RUN: uop-opt %s -split-input-file -verify-diagnostics --mlir-print-op-generic | uop-opt -split-input-file | FileCheck %s
//
// The seed's PROGRAM pipeline: a kernel goes SINK -> LINEAR -> SOURCE ->
// PROGRAM_BINARY; each stage fills the next field, and no stage exists
// without the one before it.

// CHECK-LABEL: uop.function @k
// CHECK: uop.sink %{{.*}} : !uop.void info <name = "k">
uop.function @k(%p: !uop.ptr<f32, global, 4>) {
  %c4 = arith.constant 4 : index
  %r = uop.range %c4, R0, global
  %i = uop.index %p[%r] : !uop.ptr<f32, global, 4> -> f32
  %z = arith.constant 0.0 : f32
  %s = uop.store %i, %z [%r] : f32
  uop.sink %s : !uop.void info <name = "k">
}

// CHECK-LABEL: func.func @pipeline
func.func @pipeline() -> (!uop.void, !uop.void, !uop.void, !uop.void) {
  // CHECK: %[[DEV:.*]] = uop.device "CUDA"
  %dev = uop.device "CUDA"
  // Stage 1: only the SINK (the kernel).
  // CHECK: %[[P0:.*]] = uop.program @k device %[[DEV]]{{$}}
  %p0 = uop.program @k device %dev
  // Stage 2: linearised.
  // CHECK: %[[LIN:.*]] = uop.linear @k {
  // CHECK: uop.store
  // CHECK: }
  %lin = uop.linear @k {
  ^bb0(%p: !uop.ptr<f32, global, 4>):
    %c0 = arith.constant 0 : index
    %i = uop.index %p[%c0] : !uop.ptr<f32, global, 4> -> f32
    %z = arith.constant 0.0 : f32
    %s = uop.store %i, %z : f32
  }
  // CHECK: %[[P1:.*]] = uop.program @k device %[[DEV]] linear %[[LIN]]{{$}}
  %p1 = uop.program @k device %dev linear %lin
  // Stage 3: rendered.
  // CHECK: %[[SRC:.*]] = uop.source "extern \22C\22 __global__ void k(float* p) { p[0] = 0.0f; }"
  %src = uop.source "extern \"C\" __global__ void k(float* p) { p[0] = 0.0f; }"
  // CHECK: %[[P2:.*]] = uop.program @k device %[[DEV]] linear %[[LIN]] source %[[SRC]]{{$}}
  %p2 = uop.program @k device %dev linear %lin source %src
  // Stage 4: compiled.
  // CHECK: %[[BIN:.*]] = uop.program_binary "\7FELF\02\01\01"
  %bin = uop.program_binary "\7FELF\02\01\01"
  // CHECK: %[[P3:.*]] = uop.program @k device %[[DEV]] linear %[[LIN]] source %[[SRC]] binary %[[BIN]]{{$}}
  %p3 = uop.program @k device %dev linear %lin source %src binary %bin
  // CHECK: return %[[P0]], %[[P1]], %[[P2]], %[[P3]]
  return %p0, %p1, %p2, %p3 : !uop.void, !uop.void, !uop.void, !uop.void
}

// -----

// Out of order: a PROGRAM_BINARY cannot follow a LINEAR without its SOURCE.
// CHECK-NOT: uop.program @k2
uop.function @k2() {
  uop.sink
}

func.func @out_of_order() {
  %dev = uop.device "CUDA"
  %lin = uop.linear @k2 {
  }
  %bin = uop.program_binary "\00"
  // expected-error @+1 {{'uop.program' op has a PROGRAM_BINARY stage but no SOURCE stage; stages run SINK -> LINEAR -> SOURCE -> PROGRAM_BINARY}}
  %p = uop.program @k2 device %dev linear %lin binary %bin
  return
}

// -----

// Out of order: a SOURCE needs a LINEAR.
uop.function @k3() {
  uop.sink
}

func.func @source_first() {
  %dev = uop.device "CUDA"
  %src = uop.source "code"
  // expected-error @+1 {{'uop.program' op has a SOURCE stage but no LINEAR stage}}
  %p = uop.program @k3 device %dev source %src
  return
}
