// RUN: uop-opt %s -canonicalize | FileCheck %s
//
// Pure uop ops without uses are dead and go; ops with effects or identity
// (STORE, END, UNIQUE, DEFINE_REG, BARRIER, CUSTOM, CALL...) are kept even
// when nothing uses them.

uop.function @k(%a: index) {
  uop.sink
}

// CHECK-LABEL: func.func @dead_pure_ops
// CHECK-NOT: uop.range
// CHECK-NOT: uop.index
// CHECK-NOT: uop.vectorize
// CHECK-NOT: uop.gep
// CHECK-NOT: uop.special
// CHECK-NOT: uop.define_var
// CHECK-NOT: uop.device
// CHECK-NOT: uop.reshape
// CHECK-NOT: uop.tuple
// CHECK: return
func.func @dead_pure_ops(%n: index, %p: !uop.ptr<f32, global>, %x: f32, %t: tensor<2x3xf32>) {
  %r = uop.range %n, R0, global
  %i = uop.index %p[%r] : !uop.ptr<f32, global> -> f32
  %v = uop.vectorize %x, %x : vector<2xf32>
  %g = uop.gep %v [1, 0] : vector<2xf32> -> vector<2xf32>
  %s = uop.special %n, blockIdx.x
  %dv = uop.define_var "n" [0, 4]
  %d = uop.device "CPU"
  %rs = uop.reshape %t : tensor<2x3xf32> -> tensor<6xf32>
  %tu = uop.tuple(%x, %n) : f32, index
  return
}

// CHECK-LABEL: func.func @live_effects
// CHECK: uop.store
// CHECK: uop.end
// CHECK: uop.unique
// CHECK: uop.define_reg
// CHECK: uop.barrier
// CHECK: uop.custom "
// CHECK: uop.call @k
// CHECK: uop.if
// CHECK: uop.endif
// CHECK: return
func.func @live_effects(%n: index, %p: !uop.ptr<f32, global>, %x: f32, %c: i1) {
  %r = uop.range %n, R0, global
  %i = uop.index %p[%r] : !uop.ptr<f32, global> -> f32
  %s = uop.store %i, %x : f32
  %e = uop.end %s [%r] : !uop.void
  %u = uop.unique 3
  %reg = uop.define_reg size 1 id 0 : !uop.ptr<f32, reg, 1>
  %b = uop.barrier %x (%s : !uop.void) : f32
  %cu = uop.custom "__syncthreads();" () : () -> !uop.void
  %call = uop.call @k(%n) : (index)
  %if = uop.if %c : i1
  %endif = uop.endif %if
  return
}
