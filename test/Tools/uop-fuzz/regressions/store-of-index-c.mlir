// RUN: uop-opt %s --pass-pipeline='builtin.module(uop-linearize)' | not uop-translate --uop-to-c 2>&1 | FileCheck %s
//
// Found by uop-fuzz (seed 23, c-warning in cc; seed
// test/Integration/kernel-vector-forms.mlir): a vector STORE whose value is
// its own INDEX printed the address as the vector to store, C that does not
// compile ("incompatible types when initializing type 'uoph_f32x4'"). A
// scalar one read the element back. Both are now a located error, as in
// convert-uop-to-tirx (store-of-index.mlir).
// CHECK: error: uop-to-c: the stored value is an INDEX (an address), which has no C value; LOAD it
uop.function @k(%p: !uop.ptr<f32, global, 8>) {
  %c4 = arith.constant 4 : index
  %i = uop.index %p[%c4] : !uop.ptr<f32, global, 8> -> vector<4xf32>
  %s = uop.store %i, %i : vector<4xf32>
  uop.sink %s : !uop.void info <name = "k">
}
uop.function @sched(%p: !uop.ptr<f32, global, 8>) {
  %c = uop.call @k(%p) : (!uop.ptr<f32, global, 8>)
  uop.sink %c : !uop.void
}
