// RUN: rm -rf %t && split-file %s %t
//
// The bestiary's forms with a simpler equivalent, run end to end: compiled
// to C (uop-to-program starts with uop-normalize) and in the PTX emulator,
// each checked against the kernel reference, which runs them as written
// (BIND, PRECAST, CALL/TUPLE/GET_TUPLE, CUSTOM_FUNCTION graph in the
// interpreter itself), and the outputs compared with numbers worked out by
// hand (Inputs/npy_print.py prints the .npy files).
//
// STORE closing its own ranges (index=0, value=1, ranges=2+), with the
// seed's REDUCE as the value: out[4 i + j] = sum_{k<5} (4 i + j + k)
// = 5 (4 i + j) + 10.
// RUN: uop-run %t/store.mlir --check --output-dir %t/store | FileCheck %s --check-prefix=OK12
// RUN: %python %S/Inputs/npy_print.py %t/store/0.npy | FileCheck %s --check-prefix=STORE
// OK12: checked=12 mismatches=0 check=pass
// STORE: 10.0 15.0 20.0 25.0 30.0 35.0 40.0 45.0 50.0 55.0 60.0 65.0
// RUN: %emu_run %t/store.mlir --target cuda --check --repeat 1 | FileCheck %s --check-prefix=OK12
// On the GPU the ranges a STORE closes are thread ids (global):
// out[4 i + j] = 4 i + j + 0.5.
// RUN: %emu_run %t/store2d.mlir --target cuda --check --repeat 1 --output-dir %t/store2d | FileCheck %s --check-prefix=OK12
// RUN: uop-run %t/store2d.mlir --check | FileCheck %s --check-prefix=OK12
// RUN: %python %S/Inputs/npy_print.py %t/store2d/0.npy | FileCheck %s --check-prefix=STORE2D
// STORE2D: 0.5 1.5 2.5 3.5 4.5 5.5 6.5 7.5 8.5 9.5 10.5 11.5
//
// BIND gives DEFINE_VAR "n" the value 5: the loop over n runs 5 times and
// out[i] = i + n; out[5..7] keep their values (both runs start from the
// same seeded buffers).
// RUN: uop-run %t/bind.mlir --check --output-dir %t/bind | FileCheck %s --check-prefix=OK8
// RUN: %emu_run %t/bind.mlir --target cuda --check --repeat 1 | FileCheck %s --check-prefix=OK8
// RUN: %python %S/Inputs/npy_print.py %t/bind/0.npy --first 5 | FileCheck %s --check-prefix=BIND
// OK8: checked=8 mismatches=0 check=pass
// BIND: 5.0 6.0 7.0 8.0 9.0
//
// PRECAST (the bestiary's preliminary cast) is tinygrad's CAST: f32 1.5 k
// to i32 truncates (0 1 3 4), to bool is 1.5 k != 0, to its own type it is
// the value (k + 0.25).
// RUN: uop-run %t/precast.mlir --check --output-dir %t/precast | FileCheck %s --check-prefix=OK4x3
// RUN: %emu_run %t/precast.mlir --target cuda --check --repeat 1 | FileCheck %s --check-prefix=OK4x3
// RUN: %python %S/Inputs/npy_print.py %t/precast/0.npy > %t/precast.txt
// RUN: %python %S/Inputs/npy_print.py %t/precast/1.npy >> %t/precast.txt
// RUN: %python %S/Inputs/npy_print.py %t/precast/2.npy >> %t/precast.txt
// RUN: FileCheck %s --check-prefix=PRECAST --input-file=%t/precast.txt
// OK4x3: checked=12 mismatches=0 check=pass
// PRECAST: 0 1 3 4
// PRECAST-NEXT: 0.25 1.25 2.25 3.25
// PRECAST-NEXT: 0 1 1 1
//
// A CALL of a FUNCTION returning a TUPLE inside a kernel, taken apart with
// GET_TUPLE: divmod(5 k + 3, 7) gives q and r; out[k] = 10 q + r.
// RUN: uop-run %t/tuple.mlir --entry divmod_all --check --output-dir %t/tuple | FileCheck %s --check-prefix=OK8
// RUN: %emu_run %t/tuple.mlir --entry divmod_all --target cuda --check --repeat 1 | FileCheck %s --check-prefix=OK8
// RUN: %python %S/Inputs/npy_print.py %t/tuple/0.npy | FileCheck %s --check-prefix=TUPLE
// TUPLE: 3 11 16 24 32 40 45 53
//
// CUSTOM_FUNCTION graph batches two launches: their effect in order,
// tmp = 2 in, out = tmp + 1.
// RUN: uop-run %t/graph.mlir --check | FileCheck %s --check-prefix=GRAPH
// RUN: %emu_run %t/graph.mlir --target cuda --check --repeat 1 | FileCheck %s --check-prefix=GRAPH
// GRAPH: checked=16 mismatches=0 check=pass
//
// CUSTOM_FUNCTION enc_dec: no target has a video encoder/decoder.
// RUN: not uop-run %t/encdec.mlir --check 2>&1 | FileCheck %s --check-prefix=ENCDEC
// RUN: not %emu_run %t/encdec.mlir --target cuda 2>&1 | FileCheck %s --check-prefix=ENCDEC
// ENCDEC: encdec.mlir:{{[0-9]+}}:{{[0-9]+}}: error: {{.*}}CUSTOM_FUNCTION enc_dec

//--- store.mlir
uop.function @sum_k(%out: !uop.ptr<f32, global, 12>) {
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %i = uop.range %c3, R0, global
  %j = uop.range %c4, R1, global
  %k = uop.range %c5, R2, reduce
  %m = arith.muli %i, %c4 : index
  %ij = arith.addi %m, %j : index
  %ijk = arith.addi %ij, %k : index
  %t = arith.index_cast %ijk : index to i32
  %x = arith.sitofp %t : i32 to f32
  %s = uop.reduce add %x [%k] : f32
  %o = uop.index %out[%ij] : !uop.ptr<f32, global, 12> -> f32
  %st = uop.store %o, %s [%i, %j] : f32
  uop.sink %st : !uop.void info <name = "sum_k">
}
uop.function @sum(%out: !uop.ptr<f32, global, 12>) {
  %c = uop.call @sum_k(%out) : (!uop.ptr<f32, global, 12>)
  uop.sink %c : !uop.void
}

//--- store2d.mlir
uop.function @iota_k(%out: !uop.ptr<f32, global, 12>) {
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %h = arith.constant 0.5 : f32
  %i = uop.range %c3, R0, global
  %j = uop.range %c4, R1, global
  %m = arith.muli %i, %c4 : index
  %ij = arith.addi %m, %j : index
  %t = arith.index_cast %ij : index to i32
  %x = arith.sitofp %t : i32 to f32
  %v = arith.addf %x, %h : f32
  %o = uop.index %out[%ij] : !uop.ptr<f32, global, 12> -> f32
  %st = uop.store %o, %v [%i, %j] : f32
  uop.sink %st : !uop.void info <name = "iota_k">
}
uop.function @iota(%out: !uop.ptr<f32, global, 12>) {
  %c = uop.call @iota_k(%out) : (!uop.ptr<f32, global, 12>)
  uop.sink %c : !uop.void
}

//--- bind.mlir
uop.function @bind_k(%out: !uop.ptr<f32, global, 8>) {
  %n = uop.define_var "n" [1, 8]
  %c5 = arith.constant 5 : index
  %b = uop.bind %n, %c5
  %i = uop.range %b, R0, loop
  %v = arith.addi %i, %n : index
  %t = arith.index_cast %v : index to i32
  %x = arith.sitofp %t : i32 to f32
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 8> -> f32
  %st = uop.store %o, %x [%i] : f32
  uop.sink %st : !uop.void info <name = "bind_k">
}
uop.function @bind(%out: !uop.ptr<f32, global, 8>) {
  %c = uop.call @bind_k(%out) : (!uop.ptr<f32, global, 8>)
  uop.sink %c : !uop.void
}

//--- precast.mlir
uop.function @precast_k(%ints: !uop.ptr<i32, global, 4>, %same: !uop.ptr<f32, global, 4>, %nz: !uop.ptr<i8, global, 4>) {
  %c4 = arith.constant 4 : index
  %h = arith.constant 1.5 : f32
  %q = arith.constant 0.25 : f32
  %i = uop.range %c4, R0, loop
  %t = arith.index_cast %i : index to i32
  %x = arith.sitofp %t : i32 to f32
  %y = arith.mulf %x, %h : f32
  %p = uop.precast %y : f32 -> i32
  %o = uop.index %ints[%i] : !uop.ptr<i32, global, 4> -> i32
  %s0 = uop.store %o, %p : i32
  %z = arith.addf %x, %q : f32
  %pz = uop.precast %z : f32 -> f32
  %o1 = uop.index %same[%i] : !uop.ptr<f32, global, 4> -> f32
  %s1 = uop.store %o1, %pz : f32
  %b = uop.precast %y : f32 -> i1
  %b8 = uop.precast %b : i1 -> i8
  %o2 = uop.index %nz[%i] : !uop.ptr<i8, global, 4> -> i8
  %s2 = uop.store %o2, %b8 : i8
  %g = uop.group(%s0, %s1, %s2) : !uop.void, !uop.void, !uop.void
  %e = uop.end %g[%i] : !uop.void
  uop.sink %e : !uop.void info <name = "precast_k">
}
uop.function @precast(%ints: !uop.ptr<i32, global, 4>, %same: !uop.ptr<f32, global, 4>, %nz: !uop.ptr<i8, global, 4>) {
  %c = uop.call @precast_k(%ints, %same, %nz) : (!uop.ptr<i32, global, 4>, !uop.ptr<f32, global, 4>, !uop.ptr<i8, global, 4>)
  uop.sink %c : !uop.void
}

//--- tuple.mlir
uop.function @divmod(%a: i32, %b: i32) {
  %q = arith.divsi %a, %b : i32
  %r = arith.remsi %a, %b : i32
  %t = uop.tuple(%q, %r) : i32, i32
  uop.sink %t : !uop.void
}
uop.function @divmod_k(%out: !uop.ptr<i32, global, 8>) {
  %c8 = arith.constant 8 : index
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %c7 = arith.constant 7 : i32
  %c10 = arith.constant 10 : i32
  %i = uop.range %c8, R0, loop
  %t = arith.index_cast %i : index to i32
  %m = arith.muli %t, %c5 : i32
  %x = arith.addi %m, %c3 : i32
  %c = uop.call @divmod(%x, %c7) : (i32, i32)
  %q = uop.get_tuple %c[0] : i32
  %r = uop.get_tuple %c[1] : i32
  %q10 = arith.muli %q, %c10 : i32
  %v = arith.addi %q10, %r : i32
  %o = uop.index %out[%i] : !uop.ptr<i32, global, 8> -> i32
  %st = uop.store %o, %v [%i] : i32
  uop.sink %st : !uop.void info <name = "divmod_k">
}
uop.function @divmod_all(%out: !uop.ptr<i32, global, 8>) {
  %c = uop.call @divmod_k(%out) : (!uop.ptr<i32, global, 8>)
  uop.sink %c : !uop.void
}

//--- graph.mlir
uop.function @double_k(%tmp: !uop.ptr<f32, global, 8>, %in: !uop.ptr<f32, global, 8>) {
  %c8 = arith.constant 8 : index
  %two = arith.constant 2.0 : f32
  %i = uop.range %c8, R0, loop
  %x = uop.index %in[%i] : !uop.ptr<f32, global, 8> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 8> -> f32
  %m = arith.mulf %v, %two : f32
  %o = uop.index %tmp[%i] : !uop.ptr<f32, global, 8> -> f32
  %st = uop.store %o, %m [%i] : f32
  uop.sink %st : !uop.void info <name = "double_k">
}
uop.function @inc_k(%out: !uop.ptr<f32, global, 8>, %tmp: !uop.ptr<f32, global, 8>) {
  %c8 = arith.constant 8 : index
  %one = arith.constant 1.0 : f32
  %i = uop.range %c8, R0, loop
  %x = uop.index %tmp[%i] : !uop.ptr<f32, global, 8> -> f32
  %v = uop.load %tmp, %x : !uop.ptr<f32, global, 8> -> f32
  %m = arith.addf %v, %one : f32
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 8> -> f32
  %st = uop.store %o, %m [%i] : f32
  uop.sink %st : !uop.void info <name = "inc_k">
}
uop.function @graph(%out: !uop.ptr<f32, global, 8>, %tmp: !uop.ptr<f32, global, 8>, %in: !uop.ptr<f32, global, 8>) {
  %a = uop.call @double_k(%tmp, %in) : (!uop.ptr<f32, global, 8>, !uop.ptr<f32, global, 8>)
  %t = uop.after %tmp(%a : !uop.void) : !uop.ptr<f32, global, 8>
  %b = uop.call @inc_k(%out, %t) : (!uop.ptr<f32, global, 8>, !uop.ptr<f32, global, 8>)
  %g = uop.custom_function graph(%a, %b) : (!uop.void, !uop.void)
  uop.sink %g : !uop.void
}

//--- encdec.mlir
uop.function @decode(%frame: !uop.ptr<i8, global, 64>) {
  %h = uop.custom_function enc_dec(%frame) : (!uop.ptr<i8, global, 64>)
  uop.sink %h : !uop.void
}
