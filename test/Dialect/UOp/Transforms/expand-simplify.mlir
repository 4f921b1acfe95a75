// RUN: rm -rf %t && split-file %s %t
// uop-expand ends with uop-simplify's pattern sets (Patterns.h): run alone,
// it leaves each lane's address simplified. Lane c of the upcast reads
// ((i*8 + jo*4 + c) / 4) * 4 + (i*8 + jo*4 + c) % 4, which the symbolic
// rules make (i*2 + jo)*4 + c: no division or remainder is left.
// RUN: uop-opt %t/kernel.mlir --uop-expand | FileCheck %s
// CHECK-LABEL: uop.function @reshape_k
// CHECK-NOT: arith.divui
// CHECK-NOT: arith.remui
// CHECK-COUNT-4: uop.store
// CHECK: uop.sink
//
// Without them (simplify=false) every lane keeps its division and remainder.
// RUN: uop-opt %t/kernel.mlir --uop-expand=simplify=false | grep -c arith.divui | FileCheck %s --check-prefix=RAW
// RUN: uop-opt %t/kernel.mlir --uop-expand=simplify=false | grep -c arith.remui | FileCheck %s --check-prefix=RAW
// RAW: {{^}}4{{$}}
//
// The composed run is the separate passes it replaces: expand then
// uop-simplify prints the same kernel (so the pipelines' C is unchanged).
// RUN: uop-opt %t/kernel.mlir --uop-expand > %t/composed.mlir
// RUN: uop-opt %t/kernel.mlir --uop-expand=simplify=false --uop-simplify > %t/separate.mlir
// RUN: diff %t/composed.mlir %t/separate.mlir
//
// The same for uop-devectorize: its arith-only run is uop-simplify{arith-only}.
// RUN: uop-opt %t/kernel.mlir --uop-expand --uop-devectorize > %t/dev-composed.mlir
// RUN: uop-opt %t/kernel.mlir --uop-expand --uop-devectorize=simplify=false --uop-simplify=arith-only=true > %t/dev-separate.mlir
// RUN: diff %t/dev-composed.mlir %t/dev-separate.mlir
//
// And the kernel computes what it did as written: compiled through the cpu
// pipeline (its SINK pins the upcast) and checked against the
// kernel reference interpreter.
// RUN: uop-run %t/program.mlir --check | FileCheck %s --check-prefix=EXEC
// EXEC: checked=16 mismatches=0 check=pass

//--- kernel.mlir
uop.function @reshape_k(%out: !uop.ptr<f32, global, 16>, %in: !uop.ptr<f32, global, 16>) {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %i = uop.range %c2, R0, loop
  %jo = uop.range %c2, R1, loop
  %ji = uop.range %c4, R2, upcast
  %row = arith.muli %i, %c8 : index
  %col = arith.muli %jo, %c4 : index
  %j = arith.addi %col, %ji : index
  %flat = arith.addi %row, %j : index
  %q = arith.divui %flat, %c4 : index
  %q4 = arith.muli %q, %c4 : index
  %r = arith.remui %flat, %c4 : index
  %src = arith.addi %q4, %r : index
  %x = uop.index %in[%src] : !uop.ptr<f32, global, 16> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 16> -> f32
  %e = math.exp %v : f32
  %o = uop.index %out[%flat] : !uop.ptr<f32, global, 16> -> f32
  %st = uop.store %o, %e : f32
  %end = uop.end %st[%i, %jo, %ji] : !uop.void
  uop.sink %end : !uop.void info <name = "reshape_k">
}

//--- program.mlir
// The kernel above before its upcast: `--opts '#uop.opt<UPCAST,1,4>'` would make it;
// here the SINK pins it.
uop.function @reshape_k(%out: !uop.ptr<f32, global, 16>, %in: !uop.ptr<f32, global, 16>) {
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %i = uop.range %c2, R0, loop
  %j = uop.range %c8, R1, loop
  %row = arith.muli %i, %c8 : index
  %flat = arith.addi %row, %j : index
  %q = arith.divui %flat, %c4 : index
  %q4 = arith.muli %q, %c4 : index
  %r = arith.remui %flat, %c4 : index
  %src = arith.addi %q4, %r : index
  %x = uop.index %in[%src] : !uop.ptr<f32, global, 16> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 16> -> f32
  %e = math.exp %v : f32
  %o = uop.index %out[%flat] : !uop.ptr<f32, global, 16> -> f32
  %st = uop.store %o, %e : f32
  %end = uop.end %st[%i, %j] : !uop.void
  uop.sink %end : !uop.void info <name = "reshape_k", opts_to_apply = [<UPCAST, 1, 4>]>
}
uop.function @main(%out: !uop.ptr<f32, global, 16>, %in: !uop.ptr<f32, global, 16>) {
  %call = uop.call @reshape_k(%out, %in) info <name = "reshape_k">
      : (!uop.ptr<f32, global, 16>, !uop.ptr<f32, global, 16>)
  uop.sink %call : !uop.void
}
