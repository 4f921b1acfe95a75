// RUN: rm -rf %t && split-file %s %t
// A kernel-level program (kernel uop.functions and the uop.function schedule
// that CALLs them) runs on the CPU, every schedule parameter a buffer of
// seeded random data, and --check compares the buffers the kernels write
// with the kernel reference: the kernels interpreted as written, before
// uop-simplify and uop-optimize (uop/Runtime/KernelInterpreter.h).
//
// The bundled example, with the heuristic schedule and with a pinned one:
// RUN: uop-run %uop_src_root/examples/uop/matmul_kernel.mlir --check | FileCheck %s --check-prefix=MATMUL
// RUN: uop-run %uop_src_root/examples/uop/matmul_kernel.mlir --check --opts '#uop.opt<UPCAST,0,4>,#uop.opt<UPCAST,1,8>,#uop.opt<UNROLL,2,4>' | FileCheck %s --check-prefix=MATMUL
// MATMUL: entry=main target=cpu kernels=1
// MATMUL: checked=4096 mismatches=0 check=pass
//
// Two kernels through an intermediate BUFFER, a BUFFER_VIEW of the output
// and a COPY in the schedule; the input is read only, so only the output
// (8 elements) is checked.
// RUN: uop-run %t/sched.mlir --check --seed 3 | FileCheck %s --check-prefix=SCHED
// SCHED: entry=sched target=cpu kernels=2
// SCHED: checked=8 mismatches=0 check=pass
//
// A mismatch is reported and fails: this kernel stores a register it never
// wrote, which the reference leaves undefined, so no compiled value matches.
// RUN: not uop-run %t/uninit.mlir --check | FileCheck %s --check-prefix=UNINIT
// RUN: sh -c 'uop-run %t/uninit.mlir --check > /dev/null; test $? -eq 1'
// UNINIT: checked=4 mismatches=4 check=fail
//
// The reference reports an access outside its buffer at the access.
// RUN: not uop-run %t/oob.mlir --check 2>&1 | FileCheck %s --check-prefix=OOB
// OOB: oob.mlir:{{[0-9]+}}:{{[0-9]+}}: error: kernel reference: element 4 is outside its buffer of 4 elements
// OOB: uop-run: the kernel reference interpreter failed
//
// On the GPU (uop-to-nvvm, the schedule's host function), here the PTX
// emulator behind the CUDA driver API:
// RUN: %emu_run %uop_src_root/examples/uop/matmul_kernel.mlir --target cuda --check --repeat 1 2>&1 | FileCheck %s --check-prefix=CUDA
// CUDA: entry=main target=cuda kernels=1
// CUDA: checked=4096 mismatches=0 check=pass
//
// A kernel with a BARRIER (or a WMMA: test/Emulator/wmma.test) runs its
// block's threads in lockstep in the reference, each op for every thread
// before the next. Here each of 64 threads sums a prefix of its block's
// input (t + 1 steps: the threads' loops diverge, each with its own
// accumulator register), stores it in shared memory and, after the BARRIER,
// reads its neighbour's; run one after another, thread t would read element
// t + 1 before thread t + 1 stored it. (The reference failed on BARRIER
// before.)
// RUN: %emu_run %t/barrier.mlir --target cuda --check --repeat 1 2>&1 | FileCheck %s --check-prefix=BARRIER
// BARRIER: entry=main target=cuda kernels=1
// BARRIER: checked=128 mismatches=0 check=pass
//
// The tensor-level options are not for kernel-level programs.
// RUN: not uop-run %uop_src_root/examples/uop/matmul_kernel.mlir --var n=3 2>&1 | FileCheck %s --check-prefix=VAR
// VAR: uop-run: --input, --var, --devices and --param are not for kernel-level programs (@main is a uop.function schedule)
//
// A file of kernels without a schedule has nothing to run.
// RUN: not uop-run %t/kernel-only.mlir 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: uop-run: no func.func, tirx.prim_func or uop.function schedule to run in {{.*}}kernel-only.mlir

//--- sched.mlir
uop.function @double_k(%dst: !uop.ptr<f32, global, 8>, %src: !uop.ptr<f32, global, 8>) {
  %c8 = arith.constant 8 : index
  %two = arith.constant 2.0 : f32
  %i = uop.range %c8, R0, loop
  %x = uop.index %src[%i] : !uop.ptr<f32, global, 8> -> f32
  %v = uop.load %src, %x : !uop.ptr<f32, global, 8> -> f32
  %d = arith.mulf %v, %two : f32
  %o = uop.index %dst[%i] : !uop.ptr<f32, global, 8> -> f32
  %st = uop.store %o, %d : f32
  %e = uop.end %st[%i] : !uop.void
  uop.sink %e : !uop.void info <name = "double_k">
}
uop.function @add_k(%dst: !uop.ptr<f32, global, 4>, %a: !uop.ptr<f32, global, 4>, %b: !uop.ptr<f32, global, 8>) {
  %c4 = arith.constant 4 : index
  %i = uop.range %c4, R0, loop
  %x = uop.index %a[%i] : !uop.ptr<f32, global, 4> -> f32
  %va = uop.load %a, %x : !uop.ptr<f32, global, 4> -> f32
  %y = uop.index %b[%i] : !uop.ptr<f32, global, 8> -> f32
  %vb = uop.load %b, %y : !uop.ptr<f32, global, 8> -> f32
  %s = arith.addf %va, %vb : f32
  %o = uop.index %dst[%i] : !uop.ptr<f32, global, 4> -> f32
  %st = uop.store %o, %s : f32
  %e = uop.end %st[%i] : !uop.void
  uop.sink %e : !uop.void info <name = "add_k">
}
uop.function @sched(%in: !uop.ptr<f32, global, 8>, %out: !uop.ptr<f32, global, 8>) {
  %dev = uop.device "CPU"
  %u = uop.unique 0
  %tmp = uop.buffer %u, %dev size 8 : !uop.ptr<f32, global, 8>
  %c1 = uop.call @double_k(%tmp, %in) : (!uop.ptr<f32, global, 8>, !uop.ptr<f32, global, 8>)
  %t2 = uop.after %tmp (%c1 : !uop.void) : !uop.ptr<f32, global, 8>
  %cp = uop.copy %t2, %dev : !uop.ptr<f32, global, 8>
  %hi = uop.buffer_view %cp size 4 offset 4 : !uop.ptr<f32, global, 8> -> !uop.ptr<f32, global, 4>
  %dst = uop.buffer_view %out size 4 offset 4 : !uop.ptr<f32, global, 8> -> !uop.ptr<f32, global, 4>
  %c2 = uop.call @add_k(%dst, %hi, %in) : (!uop.ptr<f32, global, 4>, !uop.ptr<f32, global, 4>, !uop.ptr<f32, global, 8>)
  %d2 = uop.buffer_view %out size 4 offset 0 : !uop.ptr<f32, global, 8> -> !uop.ptr<f32, global, 4>
  %c3 = uop.call @add_k(%d2, %hi, %in) : (!uop.ptr<f32, global, 4>, !uop.ptr<f32, global, 4>, !uop.ptr<f32, global, 8>)
  uop.sink %c2, %c3 : !uop.void, !uop.void
}

//--- uninit.mlir
uop.function @uninit_k(%out: !uop.ptr<i32, global, 4>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %reg = uop.define_reg size 1 id 0 : !uop.ptr<i32, reg, 1>
  %i = uop.range %c4, R0, loop
  %at = uop.after %reg(%i : index) : !uop.ptr<i32, reg, 1>
  %ri = uop.index %at[%c0] : !uop.ptr<i32, reg, 1> -> i32
  %v = uop.load %at, %ri : !uop.ptr<i32, reg, 1> -> i32
  %o = uop.index %out[%i] : !uop.ptr<i32, global, 4> -> i32
  %st = uop.store %o, %v : i32
  %e = uop.end %st[%i] : !uop.void
  uop.sink %e : !uop.void info <name = "uninit_k">
}
uop.function @uninit(%out: !uop.ptr<i32, global, 4>) {
  %c = uop.call @uninit_k(%out) : (!uop.ptr<i32, global, 4>)
  uop.sink %c : !uop.void
}

//--- oob.mlir
uop.function @oob_k(%out: !uop.ptr<f32, global, 4>, %in: !uop.ptr<f32, global, 4>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %i = uop.range %c4, R0, loop
  %j = arith.addi %i, %c1 : index
  %x = uop.index %in[%j] : !uop.ptr<f32, global, 4> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 4> -> f32
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 4> -> f32
  %st = uop.store %o, %v : f32
  %e = uop.end %st[%i] : !uop.void
  uop.sink %e : !uop.void info <name = "oob_k">
}
uop.function @oob(%out: !uop.ptr<f32, global, 4>, %in: !uop.ptr<f32, global, 4>) {
  %c = uop.call @oob_k(%out, %in) : (!uop.ptr<f32, global, 4>, !uop.ptr<f32, global, 4>)
  uop.sink %c : !uop.void
}

//--- kernel-only.mlir
uop.function @only_k(%out: !uop.ptr<f32, global, 4>) {
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f32
  %i = uop.range %c4, R0, loop
  %o = uop.index %out[%i] : !uop.ptr<f32, global, 4> -> f32
  %st = uop.store %o, %z : f32
  %e = uop.end %st[%i] : !uop.void
  uop.sink %e : !uop.void info <name = "only_k">
}

//--- barrier.mlir
uop.function @prefix_k(%out: !uop.ptr<f32, global, 128>, %in: !uop.ptr<f32, global, 128>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  %blk = uop.range %c2, R0, global
  %t = uop.range %c64, R1, local
  %base = arith.muli %blk, %c64 : index
  %gi = arith.addi %base, %t : index
  %t1 = arith.addi %t, %c1 : index
  %j = uop.range %t1, R2, reduce
  %gj = arith.addi %base, %j : index
  %x = uop.index %in[%gj] : !uop.ptr<f32, global, 128> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 128> -> f32
  %acc = uop.reduce add %v [%j] : f32
  %s = uop.define_local 0 : !uop.ptr<f32, local, 64>
  %si = uop.index %s[%t] : !uop.ptr<f32, local, 64> -> f32
  %st = uop.store %si, %acc : f32
  %b = uop.barrier %s (%st : !uop.void) : !uop.ptr<f32, local, 64>
  %n = arith.remui %t1, %c64 : index
  %ni = uop.index %b[%n] : !uop.ptr<f32, local, 64> -> f32
  %w = uop.load %b, %ni : !uop.ptr<f32, local, 64> -> f32
  %o = uop.index %out[%gi] : !uop.ptr<f32, global, 128> -> f32
  %so = uop.store %o, %w : f32
  %e = uop.end %so [%t, %blk] : !uop.void
  uop.sink %e : !uop.void info <name = "prefix">
}
uop.function @main(%out: !uop.ptr<f32, global, 128>, %in: !uop.ptr<f32, global, 128>) {
  %k = uop.call @prefix_k(%out, %in) : (!uop.ptr<f32, global, 128>, !uop.ptr<f32, global, 128>)
  uop.sink %k : !uop.void
}
