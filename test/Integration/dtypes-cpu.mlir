// Every dtype on the CPU against the interpreter: per dtype a small program
// that adds, multiplies, takes a max, compares, casts and reduces, run with
// seeded random inputs of that dtype (signed integers in [-8, 8], unsigned
// ones, marked uop.unsigned, in [0, 16], floats in [-1, 1), bools 0/1) and
// checked element by element (integers and bools exactly, floats to a
// tolerance of a few units in the last place of the dtype). f16 and bf16
// are in dtypes-half-cpu.mlir.
// RUN: uop-run %s --entry i8 --target cpu --check --repeat 1 | FileCheck %s
// RUN: uop-run %s --entry i16 --target cpu --check --repeat 1 | FileCheck %s
// RUN: uop-run %s --entry i32 --target cpu --check --repeat 1 | FileCheck %s
// RUN: uop-run %s --entry i64 --target cpu --check --repeat 1 | FileCheck %s
// RUN: uop-run %s --entry u8 --target cpu --check --repeat 1 | FileCheck %s
// RUN: uop-run %s --entry u16 --target cpu --check --repeat 1 | FileCheck %s
// RUN: uop-run %s --entry u32 --target cpu --check --repeat 1 | FileCheck %s
// RUN: uop-run %s --entry u64 --target cpu --check --repeat 1 | FileCheck %s
// RUN: uop-run %s --entry f32 --target cpu --check --repeat 1 | FileCheck %s
// RUN: uop-run %s --entry f64 --target cpu --check --repeat 1 | FileCheck %s
// RUN: uop-run %s --entry bool --target cpu --check --repeat 1 | FileCheck %s

// CHECK: mismatches=0 check=pass

func.func @i8(%a: tensor<4x16xi8>, %b: tensor<4x16xi8>)
    -> (tensor<4x16xi8>, tensor<4x16xi8>, tensor<4x16xi8>, tensor<4x16xi1>, tensor<4xi8>, tensor<4x16xf32>, tensor<4x16xi8>) {
  %s = arith.addi %a, %b : tensor<4x16xi8>
  %m = arith.muli %a, %b : tensor<4x16xi8>
  %x = arith.maxsi %a, %b : tensor<4x16xi8>
  %c = arith.cmpi slt, %a, %b : tensor<4x16xi8>
  %r = uop.reduce_axis add %m [1] : tensor<4x16xi8> -> tensor<4xi8>
  %f = arith.sitofp %a : tensor<4x16xi8> to tensor<4x16xf32>
  %one = arith.constant dense<1> : tensor<4x16xi8>
  %nz = arith.ori %b, %one : tensor<4x16xi8>
  %fl = arith.floordivsi %s, %nz : tensor<4x16xi8>
  return %s, %m, %x, %c, %r, %f, %fl : tensor<4x16xi8>, tensor<4x16xi8>, tensor<4x16xi8>, tensor<4x16xi1>, tensor<4xi8>, tensor<4x16xf32>, tensor<4x16xi8>
}

func.func @i16(%a: tensor<4x16xi16>, %b: tensor<4x16xi16>)
    -> (tensor<4x16xi16>, tensor<4x16xi16>, tensor<4x16xi16>, tensor<4x16xi1>, tensor<4xi16>, tensor<4x16xf32>, tensor<4x16xi16>) {
  %s = arith.addi %a, %b : tensor<4x16xi16>
  %m = arith.muli %a, %b : tensor<4x16xi16>
  %x = arith.maxsi %a, %b : tensor<4x16xi16>
  %c = arith.cmpi slt, %a, %b : tensor<4x16xi16>
  %r = uop.reduce_axis add %m [1] : tensor<4x16xi16> -> tensor<4xi16>
  %f = arith.sitofp %a : tensor<4x16xi16> to tensor<4x16xf32>
  %one = arith.constant dense<1> : tensor<4x16xi16>
  %nz = arith.ori %b, %one : tensor<4x16xi16>
  %fl = arith.floordivsi %s, %nz : tensor<4x16xi16>
  return %s, %m, %x, %c, %r, %f, %fl : tensor<4x16xi16>, tensor<4x16xi16>, tensor<4x16xi16>, tensor<4x16xi1>, tensor<4xi16>, tensor<4x16xf32>, tensor<4x16xi16>
}

func.func @i32(%a: tensor<4x16xi32>, %b: tensor<4x16xi32>)
    -> (tensor<4x16xi32>, tensor<4x16xi32>, tensor<4x16xi32>, tensor<4x16xi1>, tensor<4xi32>, tensor<4x16xf32>, tensor<4x16xi32>) {
  %s = arith.addi %a, %b : tensor<4x16xi32>
  %m = arith.muli %a, %b : tensor<4x16xi32>
  %x = arith.maxsi %a, %b : tensor<4x16xi32>
  %c = arith.cmpi slt, %a, %b : tensor<4x16xi32>
  %r = uop.reduce_axis add %m [1] : tensor<4x16xi32> -> tensor<4xi32>
  %f = arith.sitofp %a : tensor<4x16xi32> to tensor<4x16xf32>
  %one = arith.constant dense<1> : tensor<4x16xi32>
  %nz = arith.ori %b, %one : tensor<4x16xi32>
  %fl = arith.floordivsi %s, %nz : tensor<4x16xi32>
  return %s, %m, %x, %c, %r, %f, %fl : tensor<4x16xi32>, tensor<4x16xi32>, tensor<4x16xi32>, tensor<4x16xi1>, tensor<4xi32>, tensor<4x16xf32>, tensor<4x16xi32>
}

func.func @i64(%a: tensor<4x16xi64>, %b: tensor<4x16xi64>)
    -> (tensor<4x16xi64>, tensor<4x16xi64>, tensor<4x16xi64>, tensor<4x16xi1>, tensor<4xi64>, tensor<4x16xf32>, tensor<4x16xi64>) {
  %s = arith.addi %a, %b : tensor<4x16xi64>
  %m = arith.muli %a, %b : tensor<4x16xi64>
  %x = arith.maxsi %a, %b : tensor<4x16xi64>
  %c = arith.cmpi slt, %a, %b : tensor<4x16xi64>
  %r = uop.reduce_axis add %m [1] : tensor<4x16xi64> -> tensor<4xi64>
  %f = arith.sitofp %a : tensor<4x16xi64> to tensor<4x16xf32>
  %one = arith.constant dense<1> : tensor<4x16xi64>
  %nz = arith.ori %b, %one : tensor<4x16xi64>
  %fl = arith.floordivsi %s, %nz : tensor<4x16xi64>
  return %s, %m, %x, %c, %r, %f, %fl : tensor<4x16xi64>, tensor<4x16xi64>, tensor<4x16xi64>, tensor<4x16xi1>, tensor<4xi64>, tensor<4x16xf32>, tensor<4x16xi64>
}

// u8: i8 values the interface marks unsigned; the ops say unsigned.
func.func @u8(%a: tensor<4x16xi8> {uop.unsigned}, %b: tensor<4x16xi8> {uop.unsigned})
    -> (tensor<4x16xi8> {uop.unsigned}, tensor<4x16xi8> {uop.unsigned}, tensor<4x16xi1>, tensor<4xi8> {uop.unsigned}, tensor<4x16xf32>, tensor<4x16xi8> {uop.unsigned}) {
  %one = arith.constant dense<1> : tensor<4x16xi8>
  %nz = arith.ori %b, %one : tensor<4x16xi8>
  %d = arith.divui %a, %nz : tensor<4x16xi8>
  %x = arith.maxui %a, %b : tensor<4x16xi8>
  %c = arith.cmpi ult, %a, %b : tensor<4x16xi8>
  %w = arith.subi %a, %b : tensor<4x16xi8>
  %r = uop.reduce_axis add %w [1] : tensor<4x16xi8> -> tensor<4xi8>
  %f = arith.uitofp %w : tensor<4x16xi8> to tensor<4x16xf32>
  %rm = arith.remui %a, %nz : tensor<4x16xi8>
  return %d, %x, %c, %r, %f, %rm : tensor<4x16xi8>, tensor<4x16xi8>, tensor<4x16xi1>, tensor<4xi8>, tensor<4x16xf32>, tensor<4x16xi8>
}

// u16: i16 values the interface marks unsigned; the ops say unsigned.
func.func @u16(%a: tensor<4x16xi16> {uop.unsigned}, %b: tensor<4x16xi16> {uop.unsigned})
    -> (tensor<4x16xi16> {uop.unsigned}, tensor<4x16xi16> {uop.unsigned}, tensor<4x16xi1>, tensor<4xi16> {uop.unsigned}, tensor<4x16xf32>, tensor<4x16xi16> {uop.unsigned}) {
  %one = arith.constant dense<1> : tensor<4x16xi16>
  %nz = arith.ori %b, %one : tensor<4x16xi16>
  %d = arith.divui %a, %nz : tensor<4x16xi16>
  %x = arith.maxui %a, %b : tensor<4x16xi16>
  %c = arith.cmpi ult, %a, %b : tensor<4x16xi16>
  %w = arith.subi %a, %b : tensor<4x16xi16>
  %r = uop.reduce_axis add %w [1] : tensor<4x16xi16> -> tensor<4xi16>
  %f = arith.uitofp %w : tensor<4x16xi16> to tensor<4x16xf32>
  %rm = arith.remui %a, %nz : tensor<4x16xi16>
  return %d, %x, %c, %r, %f, %rm : tensor<4x16xi16>, tensor<4x16xi16>, tensor<4x16xi1>, tensor<4xi16>, tensor<4x16xf32>, tensor<4x16xi16>
}

// u32: i32 values the interface marks unsigned; the ops say unsigned.
func.func @u32(%a: tensor<4x16xi32> {uop.unsigned}, %b: tensor<4x16xi32> {uop.unsigned})
    -> (tensor<4x16xi32> {uop.unsigned}, tensor<4x16xi32> {uop.unsigned}, tensor<4x16xi1>, tensor<4xi32> {uop.unsigned}, tensor<4x16xf32>, tensor<4x16xi32> {uop.unsigned}) {
  %one = arith.constant dense<1> : tensor<4x16xi32>
  %nz = arith.ori %b, %one : tensor<4x16xi32>
  %d = arith.divui %a, %nz : tensor<4x16xi32>
  %x = arith.maxui %a, %b : tensor<4x16xi32>
  %c = arith.cmpi ult, %a, %b : tensor<4x16xi32>
  %w = arith.subi %a, %b : tensor<4x16xi32>
  %r = uop.reduce_axis add %w [1] : tensor<4x16xi32> -> tensor<4xi32>
  %f = arith.uitofp %w : tensor<4x16xi32> to tensor<4x16xf32>
  %rm = arith.remui %a, %nz : tensor<4x16xi32>
  return %d, %x, %c, %r, %f, %rm : tensor<4x16xi32>, tensor<4x16xi32>, tensor<4x16xi1>, tensor<4xi32>, tensor<4x16xf32>, tensor<4x16xi32>
}

// u64: i64 values the interface marks unsigned; the ops say unsigned.
func.func @u64(%a: tensor<4x16xi64> {uop.unsigned}, %b: tensor<4x16xi64> {uop.unsigned})
    -> (tensor<4x16xi64> {uop.unsigned}, tensor<4x16xi64> {uop.unsigned}, tensor<4x16xi1>, tensor<4xi64> {uop.unsigned}, tensor<4x16xf32>, tensor<4x16xi64> {uop.unsigned}) {
  %one = arith.constant dense<1> : tensor<4x16xi64>
  %nz = arith.ori %b, %one : tensor<4x16xi64>
  %d = arith.divui %a, %nz : tensor<4x16xi64>
  %x = arith.maxui %a, %b : tensor<4x16xi64>
  %c = arith.cmpi ult, %a, %b : tensor<4x16xi64>
  %w = arith.subi %a, %b : tensor<4x16xi64>
  %r = uop.reduce_axis add %w [1] : tensor<4x16xi64> -> tensor<4xi64>
  %f = arith.uitofp %w : tensor<4x16xi64> to tensor<4x16xf32>
  %rm = arith.remui %a, %nz : tensor<4x16xi64>
  return %d, %x, %c, %r, %f, %rm : tensor<4x16xi64>, tensor<4x16xi64>, tensor<4x16xi1>, tensor<4xi64>, tensor<4x16xf32>, tensor<4x16xi64>
}

func.func @f32(%a: tensor<4x16xf32>, %b: tensor<4x16xf32>)
    -> (tensor<4x16xf32>, tensor<4x16xf32>, tensor<4x16xf32>, tensor<4x16xi1>, tensor<4xf32>, tensor<4x16xi32>, tensor<4x16xf32>) {
  %s = arith.addf %a, %b : tensor<4x16xf32>
  %m = arith.mulf %a, %b : tensor<4x16xf32>
  %x = arith.maximumf %a, %b : tensor<4x16xf32>
  %c = arith.cmpf olt, %a, %b : tensor<4x16xf32>
  %r = uop.reduce_axis add %m [1] : tensor<4x16xf32> -> tensor<4xf32>
  %eight = arith.constant dense<8.0> : tensor<4x16xf32>
  %sc = arith.mulf %a, %eight : tensor<4x16xf32>
  %i = arith.fptosi %sc : tensor<4x16xf32> to tensor<4x16xi32>
  %f = arith.addf %a, %b : tensor<4x16xf32>
  return %s, %m, %x, %c, %r, %i, %f : tensor<4x16xf32>, tensor<4x16xf32>, tensor<4x16xf32>, tensor<4x16xi1>, tensor<4xf32>, tensor<4x16xi32>, tensor<4x16xf32>
}

func.func @f64(%a: tensor<4x16xf64>, %b: tensor<4x16xf64>)
    -> (tensor<4x16xf64>, tensor<4x16xf64>, tensor<4x16xf64>, tensor<4x16xi1>, tensor<4xf64>, tensor<4x16xi32>, tensor<4x16xf32>) {
  %s = arith.addf %a, %b : tensor<4x16xf64>
  %m = arith.mulf %a, %b : tensor<4x16xf64>
  %x = arith.maximumf %a, %b : tensor<4x16xf64>
  %c = arith.cmpf olt, %a, %b : tensor<4x16xf64>
  %r = uop.reduce_axis add %m [1] : tensor<4x16xf64> -> tensor<4xf64>
  %eight = arith.constant dense<8.0> : tensor<4x16xf64>
  %sc = arith.mulf %a, %eight : tensor<4x16xf64>
  %i = arith.fptosi %sc : tensor<4x16xf64> to tensor<4x16xi32>
  %f = arith.truncf %a : tensor<4x16xf64> to tensor<4x16xf32>
  return %s, %m, %x, %c, %r, %i, %f : tensor<4x16xf64>, tensor<4x16xf64>, tensor<4x16xf64>, tensor<4x16xi1>, tensor<4xf64>, tensor<4x16xi32>, tensor<4x16xf32>
}

func.func @bool(%a: tensor<4x16xi1>, %b: tensor<4x16xi1>, %x: tensor<4x16xf32>, %y: tensor<4x16xf32>)
    -> (tensor<4x16xi1>, tensor<4x16xi1>, tensor<4x16xi1>, tensor<4x16xf32>, tensor<4xi1>, tensor<4xi1>, tensor<4x16xi32>) {
  %and = arith.andi %a, %b : tensor<4x16xi1>
  %or = arith.ori %a, %b : tensor<4x16xi1>
  %xor = arith.xori %a, %b : tensor<4x16xi1>
  %sel = arith.select %a, %x, %y : tensor<4x16xi1>, tensor<4x16xf32>
  %any = uop.reduce_axis max %xor [1] : tensor<4x16xi1> -> tensor<4xi1>
  %all = uop.reduce_axis min %or [1] : tensor<4x16xi1> -> tensor<4xi1>
  %z = arith.extui %and : tensor<4x16xi1> to tensor<4x16xi32>
  return %and, %or, %xor, %sel, %any, %all, %z : tensor<4x16xi1>, tensor<4x16xi1>, tensor<4x16xi1>, tensor<4x16xf32>, tensor<4xi1>, tensor<4xi1>, tensor<4x16xi32>
}
