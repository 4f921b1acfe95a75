// RUN: uop-opt %s | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | uop-opt | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
//
// The seed's SINK example: one root for several outputs.
//
//   SINK
//   ├── STORE(output_0, ...)
//   ├── STORE(output_1, ...)
//   └── STORE(output_2, ...)

// CHECK-LABEL: uop.function @three_outputs
// CHECK-SAME: (%[[O0:.*]]: !uop.ptr<f32, global, 16>, %[[O1:.*]]: !uop.ptr<f32, global, 16>, %[[O2:.*]]: !uop.ptr<f32, global, 16>, %[[X:.*]]: f32)
uop.function @three_outputs(%o0: !uop.ptr<f32, global, 16>, %o1: !uop.ptr<f32, global, 16>, %o2: !uop.ptr<f32, global, 16>, %x: f32) {
  %c16 = arith.constant 16 : index
  %r = uop.range %c16, R0, global
  %i0 = uop.index %o0[%r] : !uop.ptr<f32, global, 16> -> f32
  %i1 = uop.index %o1[%r] : !uop.ptr<f32, global, 16> -> f32
  %i2 = uop.index %o2[%r] : !uop.ptr<f32, global, 16> -> f32
  // CHECK: %[[S0:.*]] = uop.store %{{.*}}, %[[X]][%{{.*}}] : f32
  %s0 = uop.store %i0, %x [%r] : f32
  // CHECK: %[[S1:.*]] = uop.store %{{.*}}, %[[X]][%{{.*}}] : f32
  %s1 = uop.store %i1, %x [%r] : f32
  // CHECK: %[[S2:.*]] = uop.store %{{.*}}, %[[X]][%{{.*}}] : f32
  %s2 = uop.store %i2, %x [%r] : f32
  // CHECK: uop.sink %[[S0]], %[[S1]], %[[S2]] : !uop.void, !uop.void, !uop.void info <name = "E_16_3">
  uop.sink %s0, %s1, %s2 : !uop.void, !uop.void, !uop.void info <name = "E_16_3">
}

// GENERIC: "uop.sink"(%{{.*}}, %{{.*}}, %{{.*}}) <{info = #uop.kernel_info<name = "E_16_3">}> : (!uop.void, !uop.void, !uop.void) -> ()

// A plain SINK (no kernel info), an empty SINK, and a SINK carrying a TUPLE of
// several outputs through the Void boundary of a FUNCTION.
// CHECK-LABEL: uop.function @plain
// CHECK: uop.sink %{{.*}} : !uop.void{{$}}
uop.function @plain(%s: !uop.void) {
  uop.sink %s : !uop.void
}

// CHECK-LABEL: uop.function @empty
// CHECK-NEXT: uop.sink{{$}}
uop.function @empty() {
  uop.sink
}

// CHECK-LABEL: uop.function @info_only
// CHECK-NEXT: uop.sink info <name = "k", dont_use_locals = true>{{$}}
uop.function @info_only() {
  uop.sink info <name = "k", dont_use_locals = true>
}

// CHECK-LABEL: uop.function @tuple_out
// CHECK: %[[T:.*]] = uop.tuple(%{{.*}}, %{{.*}}) : f32, index
// CHECK: uop.sink %[[T]] : !uop.void
uop.function @tuple_out(%a: f32, %b: index) {
  %t = uop.tuple(%a, %b) : f32, index
  uop.sink %t : !uop.void
}
