// RUN: rm -rf %t && split-file %s %t
// A hand-written register accumulator in exactly the form uop-devectorize
// emits for its own (DEFINE_REG; the identity stored through an AFTER of the
// output range; a loop that loads it, combines and stores back through an
// AFTER carried around the loop; the result loaded through an AFTER of the
// loop's END): a row max of a 64 x 64 matrix. uop-optimize used to UNROLL
// the loop (or UPCAST it when it is a `loop` range) without a register per
// lane and without ordering the unrolled steps, and the rows came out wrong
// (51 of 64 mismatched). It now gives the ranges such a register depends on
// no lanes and says so on the SINK; --check (the kernel reference) proves
// the result.
//
// RUN: uop-run %t/reduce.mlir --check | FileCheck %s --check-prefix=OK
// RUN: uop-run %t/loop.mlir --check | FileCheck %s --check-prefix=OK
// RUN: (cd %t && uop-run reduce.mlir --check --seed 7) | FileCheck %s --check-prefix=OK
// RUN: (cd %t && uop-run loop.mlir --check --seed 7 --num-threads 1) | FileCheck %s --check-prefix=OK
// OK: checked=64 mismatches=0 check=pass
//
// On the GPU (the PTX emulator) the loop a register is carried around stays
// a loop in each thread: it was made a grid dimension (63 of 64 rows of
// loop.mlir and the whole sum of total.mlir wrong), its steps in different
// threads, each with its own register.
// RUN: %emu_run %t/reduce.mlir --target cuda --check --repeat 1 | FileCheck %s --check-prefix=OK
// RUN: %emu_run %t/loop.mlir --target cuda --check --repeat 1 | FileCheck %s --check-prefix=OK
// RUN: %emu_run %t/total.mlir --target cuda --check --repeat 1 | FileCheck %s --check-prefix=TOTAL
// RUN: uop-run %t/total.mlir --check | FileCheck %s --check-prefix=TOTAL
// TOTAL: checked=1 mismatches=0 check=pass
//
// RUN: uop-opt %t/reduce.mlir --uop-simplify --uop-optimize=target=cpu | FileCheck %s --check-prefix=NOTE
// RUN: uop-opt %t/loop.mlir --uop-simplify --uop-optimize=target=cpu | FileCheck %s --check-prefix=NOTE
// RUN: uop-opt %t/reduce.mlir --uop-simplify --uop-optimize=target=cuda | FileCheck %s --check-prefix=NOTE
// NOTE-NOT: UNROLL, 1
// NOTE-NOT: UPCAST, 1
// NOTE: uop.sink {{.*}} info <name = "rowmax_64x64"> {declined_opts = "UPCAST/UNROLL/GROUP on R0, R1: a hand-written register (DEFINE_REG) accumulator depends on them"}
//
// A pinned UNROLL of the loop is an error, not a wrong result.
// RUN: not uop-run %t/reduce.mlir --check --opts '#uop.opt<UNROLL,1,4>' 2>&1 | FileCheck %s --check-prefix=PINNED
// PINNED: error: uop-optimize: cannot apply #uop.opt<UNROLL, 1, 4>: a hand-written register (DEFINE_REG) accumulator depends on axis 1; its lanes would share the register
// RUN: not uop-opt %t/total.mlir --uop-optimize="target=cuda opts=#uop.opt<LOCAL,0,32>" 2>&1 | FileCheck %s --check-prefix=LOCAL
// LOCAL: error: uop-optimize: cannot apply #uop.opt<LOCAL, 0, 32>: a hand-written register (DEFINE_REG) is carried around axis 0; it stays a sequential loop

//--- reduce.mlir
uop.function @rowmax_k(%out: !uop.ptr<f32, global, 64> {uop.shape = array<i64: 64>},
                       %in: !uop.ptr<f32, global, 4096> {uop.shape = array<i64: 64, 64>}) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %ninf = arith.constant 0xFF800000 : f32
  %reg = uop.define_reg size 1 id 0 : !uop.ptr<f32, reg, 1>
  %i = uop.range %c64, R0, global
  %init_at = uop.after %reg(%i : index) : !uop.ptr<f32, reg, 1>
  %init_ix = uop.index %init_at[%c0] : !uop.ptr<f32, reg, 1> -> f32
  %init = uop.store %init_ix, %ninf : f32
  %j = uop.range %c64, R1, reduce
  %acc_at = uop.after %reg(%init, %j : !uop.void, index) : !uop.ptr<f32, reg, 1>
  %acc_ix = uop.index %acc_at[%c0] : !uop.ptr<f32, reg, 1> -> f32
  %acc = uop.load %acc_at, %acc_ix : !uop.ptr<f32, reg, 1> -> f32
  %x_ix = uop.index %in[%i, %j] : !uop.ptr<f32, global, 4096> -> f32
  %x = uop.load %in, %x_ix : !uop.ptr<f32, global, 4096> -> f32
  %m = arith.maximumf %acc, %x : f32
  %upd = uop.store %acc_ix, %m : f32
  %done = uop.end %upd[%j] : !uop.void
  %fin_at = uop.after %reg(%done : !uop.void) : !uop.ptr<f32, reg, 1>
  %fin_ix = uop.index %fin_at[%c0] : !uop.ptr<f32, reg, 1> -> f32
  %fin = uop.load %fin_at, %fin_ix : !uop.ptr<f32, reg, 1> -> f32
  %out_ix = uop.index %out[%i] : !uop.ptr<f32, global, 64> -> f32
  %st = uop.store %out_ix, %fin : f32
  %e = uop.end %st[%i] : !uop.void
  uop.sink %e : !uop.void info <name = "rowmax_64x64">
}

uop.function @rowmax(%out: !uop.ptr<f32, global, 64>, %in: !uop.ptr<f32, global, 4096>) {
  %c = uop.call @rowmax_k(%out, %in) : (!uop.ptr<f32, global, 64>, !uop.ptr<f32, global, 4096>)
  uop.sink %c : !uop.void
}

//--- loop.mlir
uop.function @rowmax_k(%out: !uop.ptr<f32, global, 64> {uop.shape = array<i64: 64>},
                       %in: !uop.ptr<f32, global, 4096> {uop.shape = array<i64: 64, 64>}) {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %ninf = arith.constant 0xFF800000 : f32
  %reg = uop.define_reg size 1 id 0 : !uop.ptr<f32, reg, 1>
  %i = uop.range %c64, R0, global
  %init_at = uop.after %reg(%i : index) : !uop.ptr<f32, reg, 1>
  %init_ix = uop.index %init_at[%c0] : !uop.ptr<f32, reg, 1> -> f32
  %init = uop.store %init_ix, %ninf : f32
  %j = uop.range %c64, R1, loop
  %acc_at = uop.after %reg(%init, %j : !uop.void, index) : !uop.ptr<f32, reg, 1>
  %acc_ix = uop.index %acc_at[%c0] : !uop.ptr<f32, reg, 1> -> f32
  %acc = uop.load %acc_at, %acc_ix : !uop.ptr<f32, reg, 1> -> f32
  %x_ix = uop.index %in[%i, %j] : !uop.ptr<f32, global, 4096> -> f32
  %x = uop.load %in, %x_ix : !uop.ptr<f32, global, 4096> -> f32
  %m = arith.maximumf %acc, %x : f32
  %upd = uop.store %acc_ix, %m : f32
  %done = uop.end %upd[%j] : !uop.void
  %fin_at = uop.after %reg(%done : !uop.void) : !uop.ptr<f32, reg, 1>
  %fin_ix = uop.index %fin_at[%c0] : !uop.ptr<f32, reg, 1> -> f32
  %fin = uop.load %fin_at, %fin_ix : !uop.ptr<f32, reg, 1> -> f32
  %out_ix = uop.index %out[%i] : !uop.ptr<f32, global, 64> -> f32
  %st = uop.store %out_ix, %fin : f32
  %e = uop.end %st[%i] : !uop.void
  uop.sink %e : !uop.void info <name = "rowmax_64x64">
}

uop.function @rowmax(%out: !uop.ptr<f32, global, 64>, %in: !uop.ptr<f32, global, 4096>) {
  %c = uop.call @rowmax_k(%out, %in) : (!uop.ptr<f32, global, 64>, !uop.ptr<f32, global, 4096>)
  uop.sink %c : !uop.void
}

//--- total.mlir
uop.function @total_k(%out: !uop.ptr<f32, global, 1>, %in: !uop.ptr<f32, global, 4096>) {
  %c0 = arith.constant 0 : index
  %c4096 = arith.constant 4096 : index
  %zero = arith.constant 0.0 : f32
  %reg = uop.define_reg size 1 id 0 : !uop.ptr<f32, reg, 1>
  %init_ix = uop.index %reg[%c0] : !uop.ptr<f32, reg, 1> -> f32
  %init = uop.store %init_ix, %zero : f32
  %j = uop.range %c4096, R0, loop
  %acc_at = uop.after %reg(%init, %j : !uop.void, index) : !uop.ptr<f32, reg, 1>
  %acc_ix = uop.index %acc_at[%c0] : !uop.ptr<f32, reg, 1> -> f32
  %acc = uop.load %acc_at, %acc_ix : !uop.ptr<f32, reg, 1> -> f32
  %x_ix = uop.index %in[%j] : !uop.ptr<f32, global, 4096> -> f32
  %x = uop.load %in, %x_ix : !uop.ptr<f32, global, 4096> -> f32
  %m = arith.addf %acc, %x : f32
  %upd = uop.store %acc_ix, %m : f32
  %done = uop.end %upd[%j] : !uop.void
  %fin_at = uop.after %reg(%done : !uop.void) : !uop.ptr<f32, reg, 1>
  %fin_ix = uop.index %fin_at[%c0] : !uop.ptr<f32, reg, 1> -> f32
  %fin = uop.load %fin_at, %fin_ix : !uop.ptr<f32, reg, 1> -> f32
  %out_ix = uop.index %out[%c0] : !uop.ptr<f32, global, 1> -> f32
  %st = uop.store %out_ix, %fin : f32
  uop.sink %st : !uop.void info <name = "total">
}
uop.function @total(%out: !uop.ptr<f32, global, 1>, %in: !uop.ptr<f32, global, 4096>) {
  %c = uop.call @total_k(%out, %in) : (!uop.ptr<f32, global, 1>, !uop.ptr<f32, global, 4096>)
  uop.sink %c : !uop.void
}
