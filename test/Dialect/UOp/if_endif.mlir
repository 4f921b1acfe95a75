// RUN: uop-opt %s | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | uop-opt | FileCheck %s
//
// The seed's IF/ENDIF example: a bounds check guarding two stores.
//
//   IF
//   ├── LT(idx, bound)           — condition (src[0])
//   ├── STORE(...)               — body[0]
//   └── STORE(...)               — body[1]
//
//   ENDIF
//   └── IF(...)                  — references IF op

// CHECK-LABEL: uop.function @guarded
// CHECK-SAME: (%[[P:.*]]: !uop.ptr<f32, global, 100>, %[[X:.*]]: f32)
uop.function @guarded(%p: !uop.ptr<f32, global, 100>, %x: f32) {
  %c128 = arith.constant 128 : index
  %c100 = arith.constant 100 : index
  // CHECK: %[[IDX:.*]] = uop.range %{{.*}}, R0, global
  %idx = uop.range %c128, R0, global
  // CHECK: %[[LT:.*]] = arith.cmpi slt, %[[IDX]], %{{.*}} : index
  %lt = arith.cmpi slt, %idx, %c100 : index
  %i = uop.index %p[%idx] : !uop.ptr<f32, global, 100> -> f32
  // CHECK: %[[S0:.*]] = uop.store
  %s0 = uop.store %i, %x : f32
  // CHECK: %[[S1:.*]] = uop.store
  %s1 = uop.store %i, %x : f32
  // CHECK: %[[IF:.*]] = uop.if %[[LT]](%[[S0]], %[[S1]] : !uop.void, !uop.void) : i1
  %if = uop.if %lt (%s0, %s1 : !uop.void, !uop.void) : i1
  // CHECK: %[[ENDIF:.*]] = uop.endif %[[IF]]
  %endif = uop.endif %if
  // CHECK: %[[E:.*]] = uop.end %[[ENDIF]][%[[IDX]]] : !uop.void
  %e = uop.end %endif [%idx] : !uop.void
  // CHECK: uop.sink %[[E]] : !uop.void
  uop.sink %e : !uop.void
}

// In a LINEAR the guarded ops follow the IF, up to its ENDIF.
// CHECK-LABEL: func.func @linear_if
// CHECK: uop.linear {
// CHECK-NEXT: ^bb0(%[[C:.*]]: i1, %[[Q:.*]]: !uop.ptr<f32, global>, %[[J:.*]]: index):
// CHECK-NEXT: %[[IF:.*]] = uop.if %[[C]] : i1
// CHECK-NEXT: uop.index %[[Q]][%[[J]]]
// CHECK-NEXT: arith.constant
// CHECK-NEXT: uop.store
// CHECK-NEXT: uop.endif %[[IF]]
// CHECK-NEXT: }
func.func @linear_if() -> !uop.void {
  %l = uop.linear {
  ^bb0(%c: i1, %q: !uop.ptr<f32, global>, %j: index):
    %if = uop.if %c : i1
    %i = uop.index %q[%j] : !uop.ptr<f32, global> -> f32
    %z = arith.constant 0.0 : f32
    %s = uop.store %i, %z : f32
    %end = uop.endif %if
  }
  return %l : !uop.void
}

// Brackets nest: a range inside the IF closes before its ENDIF, an IF inside
// a range closes before the range's END.
// CHECK-LABEL: func.func @linear_nested
// CHECK: uop.endif
// CHECK: uop.end
// CHECK: uop.endif
func.func @linear_nested() -> !uop.void {
  %l = uop.linear {
  ^bb0(%c: i1, %q: !uop.ptr<f32, global>):
    %c4 = arith.constant 4 : index
    %z = arith.constant 0.0 : f32
    %r = uop.range %c4, R0, loop
    %if = uop.if %c : i1
    %i = uop.index %q[%r] : !uop.ptr<f32, global> -> f32
    %s = uop.store %i, %z : f32
    %end = uop.endif %if
    %e = uop.end %s[%r] : !uop.void
    %if2 = uop.if %c : i1
    %r2 = uop.range %c4, R1, loop
    %i2 = uop.index %q[%r2] : !uop.ptr<f32, global> -> f32
    %s2 = uop.store %i2, %z : f32
    %e2 = uop.end %s2[%r2] : !uop.void
    %end2 = uop.endif %if2
  }
  return %l : !uop.void
}
