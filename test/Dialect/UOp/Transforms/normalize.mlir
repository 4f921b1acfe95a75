// RUN: uop-opt %s --split-input-file --uop-normalize | FileCheck %s
// RUN: uop-opt %s --split-input-file --uop-normalize --uop-linearize | FileCheck %s --check-prefix=LIN
//
// uop-normalize: each bestiary form with a simpler equivalent, rewritten.

// STORE closing its own ranges is END(STORE, ranges); the SINK collects the
// END. uop-linearize then schedules it like any END.
// CHECK-LABEL: uop.function @store_k
// CHECK: %[[I:.*]] = uop.range %{{.*}}, R0, global
// CHECK: %[[J:.*]] = uop.range %{{.*}}, R1, global
// CHECK: %[[S:.*]] = uop.store %{{.*}}, %{{.*}} nontemporal : f32
// CHECK-NEXT: %[[E:.*]] = uop.end %[[S]][%[[I]], %[[J]]] : !uop.void
// CHECK-NEXT: uop.sink %[[E]] : !uop.void
// LIN: uop.linear @store_k
// LIN: uop.end
uop.function @store_k(%out: !uop.ptr<f32, global, 12>, %x: f32) {
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %i = uop.range %c3, R0, global
  %j = uop.range %c4, R1, global
  %m = arith.muli %i, %c4 : index
  %k = arith.addi %m, %j : index
  %o = uop.index %out[%k] : !uop.ptr<f32, global, 12> -> f32
  %st = uop.store %o, %x [%i, %j] nontemporal : f32
  uop.sink %st : !uop.void info <name = "store_k">
}
uop.function @store(%out: !uop.ptr<f32, global, 12>, %x: f32) {
  %c = uop.call @store_k(%out, %x) : (!uop.ptr<f32, global, 12>, f32)
  uop.sink %c : !uop.void
}

// -----

// BIND is its value, and every read of the variable it binds reads it; the
// DEFINE_VAR goes.
// CHECK-LABEL: uop.function @bind_k
// CHECK-NOT: uop.define_var
// CHECK-NOT: uop.bind
// CHECK: %[[C5:.*]] = arith.constant 5 : index
// CHECK: %[[R:.*]] = uop.range %[[C5]], R0, loop
// CHECK: arith.addi %[[R]], %[[C5]] : index
uop.function @bind_k(%out: !uop.ptr<index, global, 8>) {
  %n = uop.define_var "n" [1, 8]
  %c5 = arith.constant 5 : index
  %b = uop.bind %n, %c5
  %i = uop.range %b, R0, loop
  %v = arith.addi %i, %n : index
  %o = uop.index %out[%i] : !uop.ptr<index, global, 8> -> index
  %st = uop.store %o, %v [%i] : index
  uop.sink %st : !uop.void info <name = "bind_k">
}
uop.function @bind(%out: !uop.ptr<index, global, 8>) {
  %c = uop.call @bind_k(%out) : (!uop.ptr<index, global, 8>)
  uop.sink %c : !uop.void
}

// -----

// PRECAST: the cast it is (tinygrad's CAST rules), the value itself to its
// own type (tensors too); to bool `x != 0`.
// CHECK-LABEL: func.func @precast
// CHECK-SAME: (%[[A:.*]]: f32, %[[T:.*]]: tensor<4xf16>, %[[I:.*]]: i8)
// CHECK: %[[B:.*]] = arith.fptosi %[[A]] : f32 to i32
// CHECK: %[[V:.*]] = arith.extf %[[T]] : tensor<4xf16> to tensor<4xf32>
// CHECK: %[[Z:.*]] = arith.constant 0 : i8
// CHECK: %[[C:.*]] = arith.cmpi ne, %[[I]], %[[Z]] : i8
// CHECK: %[[E:.*]] = arith.extsi %[[I]] : i8 to i64
// CHECK: return %[[B]], %[[A]], %[[V]], %[[C]], %[[E]]
func.func @precast(%a: f32, %t: tensor<4xf16>, %i: i8) -> (i32, f32, tensor<4xf32>, i1, i64) {
  %b = uop.precast %a : f32 -> i32
  %s = uop.precast %a : f32 -> f32
  %v = uop.precast %t : tensor<4xf16> -> tensor<4xf32>
  %c = uop.precast %i : i8 -> i1
  %e = uop.precast %i : i8 -> i64
  return %b, %s, %v, %c, %e : i32, f32, tensor<4xf32>, i1, i64
}

// -----

// GET_TUPLE of a CALL: the called body inlined (helper calls nested too),
// each GET_TUPLE its element; the helpers go.
// CHECK-NOT: uop.function @divmod
// CHECK-NOT: uop.function @twice
// CHECK-LABEL: uop.function @use
// CHECK-SAME: (%[[X:.*]]: i32, %[[Y:.*]]: i32)
// CHECK-NOT: uop.call
// CHECK-NOT: uop.tuple
// CHECK: %[[Q:.*]] = arith.divsi %[[X]], %[[Y]] : i32
// CHECK: %[[R:.*]] = arith.remsi %[[X]], %[[Y]] : i32
// CHECK: %[[Q2:.*]] = arith.addi %[[Q]], %[[Q]] : i32
// CHECK: arith.addi %[[Q2]], %[[R]] : i32
uop.function @divmod(%a: i32, %b: i32) {
  %q = arith.divsi %a, %b : i32
  %r = arith.remsi %a, %b : i32
  %t = uop.tuple(%q, %r) : i32, i32
  uop.sink %t : !uop.void
}
uop.function @twice(%a: i32, %b: i32) {
  %c = uop.call @divmod(%a, %b) : (i32, i32)
  %q = uop.get_tuple %c[0] : i32
  %r = uop.get_tuple %c[1] : i32
  %q2 = arith.addi %q, %q : i32
  %t = uop.tuple(%q2, %r) : i32, i32
  uop.sink %t : !uop.void
}
uop.function @use(%x: i32, %y: i32) {
  %c = uop.call @twice(%x, %y) : (i32, i32)
  %q2 = uop.get_tuple %c[0] : i32
  %r = uop.get_tuple %c[1] : i32
  %s = arith.addi %q2, %r : i32
  %t = uop.tuple(%s) : i32
  uop.sink %t : !uop.void
}

// -----

// CUSTOM_FUNCTION graph: a GROUP of the CALLs it batches.
// CHECK-LABEL: uop.function @sched
// CHECK: %[[A:.*]] = uop.call @k(
// CHECK: %[[B:.*]] = uop.call @k(
// CHECK: %[[G:.*]] = uop.group(%[[A]], %[[B]]) : !uop.void, !uop.void
// CHECK: uop.sink %[[G]]
uop.function @k(%out: !uop.ptr<f32, global, 4>) {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1.0 : f32
  %o = uop.index %out[%c0] : !uop.ptr<f32, global, 4> -> f32
  %st = uop.store %o, %one : f32
  uop.sink %st : !uop.void info <name = "k">
}
uop.function @sched(%out: !uop.ptr<f32, global, 4>) {
  %a = uop.call @k(%out) : (!uop.ptr<f32, global, 4>)
  %b = uop.call @k(%out) : (!uop.ptr<f32, global, 4>)
  %g = uop.custom_function graph(%a, %b) : (!uop.void, !uop.void)
  uop.sink %g : !uop.void
}
