// GROUP (a reduction across the threads of a block) and the cpu vector
// shape options (vector-bits, vector-registers): the options, the
// verifier and the passes that carry it reject what they cannot honour,
// each with a diagnostic at the op (or function).
//
// RUN: rm -rf %t && split-file %s %t
// RUN: uop-opt %t/options.mlir --uop-optimize="target=cuda group=16" -verify-diagnostics
// RUN: uop-opt %t/local.mlir --uop-optimize="target=cuda local=0" -verify-diagnostics
// RUN: uop-opt %t/vector-bits.mlir --uop-optimize="vector-bits=96" -verify-diagnostics
// RUN: uop-opt %t/vector-registers.mlir --uop-optimize="vector-registers=1" -verify-diagnostics
// RUN: uop-opt %t/verify.mlir -split-input-file -verify-diagnostics
// RUN: uop-opt %t/gpudims.mlir -split-input-file --uop-gpudims -verify-diagnostics
// RUN: uop-opt %t/uop-to-tirx.mlir -split-input-file --convert-uop-to-tirx -verify-diagnostics
// RUN: uop-opt %t/cpu.mlir --uop-devectorize --uop-linearize -verify-diagnostics

//--- options.mlir
// expected-error @+1 {{uop-optimize: group must be 0 or 1 (off) or 32..1024 (whole warps, at most a block), got 16}}
uop.function @k(%out: !uop.ptr<f32, global, 4>) {
  %c4 = arith.constant 4 : index
  %cst = arith.constant 1.0 : f32
  %i = uop.range %c4, R0, loop
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 4> -> f32
  %st = uop.store %o, %cst : f32
  %e = uop.end %st[%i] : !uop.void
  uop.sink %e : !uop.void info <name = "k">
}

//--- vector-bits.mlir
// expected-error @+1 {{uop-optimize: vector-bits must be a power of two from 64 to 4096 and vector-registers at least 2, got 96 and 32}}
uop.function @k(%out: !uop.ptr<f32, global, 4>) {
  %c4 = arith.constant 4 : index
  %cst = arith.constant 1.0 : f32
  %i = uop.range %c4, R0, loop
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 4> -> f32
  %st = uop.store %o, %cst : f32
  %e = uop.end %st[%i] : !uop.void
  uop.sink %e : !uop.void info <name = "k">
}

//--- vector-registers.mlir
// expected-error @+1 {{uop-optimize: vector-bits must be a power of two from 64 to 4096 and vector-registers at least 2, got 512 and 1}}
uop.function @k(%out: !uop.ptr<f32, global, 4>) {
  %c4 = arith.constant 4 : index
  %cst = arith.constant 1.0 : f32
  %i = uop.range %c4, R0, loop
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 4> -> f32
  %st = uop.store %o, %cst : f32
  %e = uop.end %st[%i] : !uop.void
  uop.sink %e : !uop.void info <name = "k">
}

//--- local.mlir
// expected-error @+1 {{uop-optimize: local must be at least 1, got 0}}
uop.function @k(%out: !uop.ptr<f32, global, 4>) {
  %c4 = arith.constant 4 : index
  %cst = arith.constant 1.0 : f32
  %i = uop.range %c4, R0, loop
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 4> -> f32
  %st = uop.store %o, %cst : f32
  %e = uop.end %st[%i] : !uop.void
  uop.sink %e : !uop.void info <name = "k">
}

//--- verify.mlir
uop.function @k(%v: f32) {
  %c4 = arith.constant 4 : index
  %b = uop.special %c4, blockIdx.x
  // expected-error @+1 {{'uop.reduce' op cannot reduce across blocks (blockIdx.x): only a threadIdx SPECIAL is a reduction across threads}}
  %s = uop.reduce add %v [%b] : f32
  uop.sink %s : f32
}

// -----

uop.function @k(%v: f32) {
  %c4 = arith.constant 4 : index
  %t = uop.special %c4, threadIdx.x
  // expected-error @+1 {{'uop.reduce' op range operand #1 repeats range operand #0}}
  %s = uop.reduce add %v [%t, %t] : f32
  uop.sink %s : f32
}

// -----

uop.function @k(%v: f32, %n: index) {
  // expected-error @+1 {{'uop.reduce' op range operand #0 must be the result of a uop.range or a threadIdx uop.special}}
  %s = uop.reduce add %v [%n] : f32
  uop.sink %s : f32
}

//--- gpudims.mlir
// A group range's threads reduce across the whole block: no other thread
// axis may split it.
uop.function @k(%out: !uop.ptr<f32, global, 64>, %in: !uop.ptr<f32, global, 8192>) {
  %c32 = arith.constant 32 : index
  %c2 = arith.constant 2 : index
  %c128 = arith.constant 128 : index
  %i = uop.range %c2, R0, global
  // expected-error @+1 {{uop-gpudims: a group_reduce range must be the kernel's only thread axis (its threads reduce across the whole block)}}
  %l = uop.range %c32, R1, local
  %il = arith.muli %i, %c32 : index
  %row = arith.addi %il, %l : index
  %g = uop.range %c128, R2, group_reduce
  %rb = arith.muli %row, %c128 : index
  %flat = arith.addi %rb, %g : index
  %x = uop.index %in[%flat] : !uop.ptr<f32, global, 8192> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 8192> -> f32
  %s = uop.reduce add %v [%g] : f32
  %o = uop.index %out[%row] : !uop.ptr<f32, global, 64> -> f32
  %st = uop.store %o, %s : f32
  %e = uop.end %st[%i, %l] : !uop.void
  uop.sink %e : !uop.void info <name = "k">
}

// -----

uop.function @k(%out: !uop.ptr<f32, global, 1>, %in: !uop.ptr<f32, global, 4096>) {
  %c4096 = arith.constant 4096 : index
  // expected-error @+1 {{uop-gpudims: a group_reduce range needs a constant extent of 1..1024 (threads per block)}}
  %g = uop.range %c4096, R0, group_reduce
  %x = uop.index %in[%g] : !uop.ptr<f32, global, 4096> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 4096> -> f32
  %s = uop.reduce add %v [%g] : f32
  %c0 = arith.constant 0 : index
  %o = uop.index %out[%c0] : !uop.ptr<f32, global, 1> -> f32
  %st = uop.store %o, %s : f32
  uop.sink %st : !uop.void info <name = "k">
}

//--- uop-to-tirx.mlir
// A REDUCE across threads combines int or float values.
uop.function @k(%out: !uop.ptr<i32, global, 1>) {
  %c32 = arith.constant 32 : index
  %tx = uop.special %c32, threadIdx.x
  // expected-error @+1 {{convert-uop-to-tirx: a REDUCE across threads of 'index' (int or float scalars only)}}
  %s = uop.reduce add %tx [%tx] : index
  %v = arith.index_cast %s : index to i32
  %c0 = arith.constant 0 : index
  %o = uop.index %out[%c0] : !uop.ptr<i32, global, 1> -> i32
  %st = uop.store %o, %v : i32
  uop.sink %st : !uop.void info <name = "k">
}

//--- cpu.mlir
// On a CPU nothing makes a group range a thread axis.
uop.function @k(%out: !uop.ptr<f32, global, 1>, %in: !uop.ptr<f32, global, 64>) {
  %c64 = arith.constant 64 : index
  %g = uop.range %c64, R0, group_reduce
  %x = uop.index %in[%g] : !uop.ptr<f32, global, 64> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 64> -> f32
  // expected-error @+1 {{cannot schedule a REDUCE over a group_reduce range (GROUP) on a CPU; on a GPU uop-gpudims makes it a reduction across threads}}
  %s = uop.reduce add %v [%g] : f32
  %c0 = arith.constant 0 : index
  %o = uop.index %out[%c0] : !uop.ptr<f32, global, 1> -> f32
  %st = uop.store %o, %s : f32
  uop.sink %st : !uop.void info <name = "k">
}
uop.function @main(%out: !uop.ptr<f32, global, 1>, %in: !uop.ptr<f32, global, 64>) {
  %c = uop.call @k(%out, %in) : (!uop.ptr<f32, global, 1>, !uop.ptr<f32, global, 64>)
  uop.sink %c : !uop.void
}
