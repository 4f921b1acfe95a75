// RUN: uop-opt %s -split-input-file --convert-uop-to-tirx -verify-diagnostics
//
// A kernel that records TC must still be a matmul the tensor-core lowering
// tiles (MatmulMatch.h), with M and N multiples of 128 and K of 32.

// expected-error @+1 {{convert-uop-to-tirx: the kernel has TC but is not a matmul of f16 / bf16 tiles the tensor-core lowering knows (MatmulMatch.h)}}
uop.function @f32(%c: !uop.ptr<f32, global, 65536> {uop.shape = array<i64: 256, 256>}, %a: !uop.ptr<f32, global, 65536> {uop.shape = array<i64: 256, 256>}, %b: !uop.ptr<f32, global, 65536> {uop.shape = array<i64: 256, 256>}) {
  %c256 = arith.constant 256 : index
  %i = uop.range %c256, R0, loop
  %j = uop.range %c256, R1, loop
  %k = uop.range %c256, R2, reduce
  %ia = uop.index %a[%i, %k] : !uop.ptr<f32, global, 65536> -> f32
  %va = uop.load %a, %ia : !uop.ptr<f32, global, 65536> -> f32
  %ib = uop.index %b[%k, %j] : !uop.ptr<f32, global, 65536> -> f32
  %vb = uop.load %b, %ib : !uop.ptr<f32, global, 65536> -> f32
  %p = arith.mulf %va, %vb : f32
  %s = uop.reduce add %p [%k] : f32
  %o = uop.index %c[%i, %j] : !uop.ptr<f32, global, 65536> -> f32
  %st = uop.store %o, %s : f32
  %e = uop.end %st[%i, %j] : !uop.void
  uop.sink %e : !uop.void info <name = "f32", applied_opts = [<TC, 2, 32>]>
}

// -----

// expected-error @+1 {{convert-uop-to-tirx: the matmul is 64x256x256; the tensor-core tiles need M and N multiples of 128 and K of 32}}
uop.function @small(%c: !uop.ptr<f32, global, 16384> {uop.shape = array<i64: 64, 256>}, %a: !uop.ptr<f16, global, 16384> {uop.shape = array<i64: 64, 256>}, %b: !uop.ptr<f16, global, 65536> {uop.shape = array<i64: 256, 256>}) {
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %i = uop.range %c64, R0, loop
  %j = uop.range %c256, R1, loop
  %k = uop.range %c256, R2, reduce
  %ia = uop.index %a[%i, %k] : !uop.ptr<f16, global, 16384> -> f16
  %va = uop.load %a, %ia : !uop.ptr<f16, global, 16384> -> f16
  %ib = uop.index %b[%k, %j] : !uop.ptr<f16, global, 65536> -> f16
  %vb = uop.load %b, %ib : !uop.ptr<f16, global, 65536> -> f16
  %xa = arith.extf %va : f16 to f32
  %xb = arith.extf %vb : f16 to f32
  %p = arith.mulf %xa, %xb : f32
  %s = uop.reduce add %p [%k] : f32
  %o = uop.index %c[%i, %j] : !uop.ptr<f32, global, 16384> -> f32
  %st = uop.store %o, %s : f32
  %e = uop.end %st[%i, %j] : !uop.void
  uop.sink %e : !uop.void info <name = "small", applied_opts = [<TC, 2, 32>]>
}

// -----

// expected-error @+1 {{convert-uop-to-tirx: argument #1 holds 1024 elements; the matmul reads 65536}}
uop.function @short(%c: !uop.ptr<f32, global, 65536> {uop.shape = array<i64: 256, 256>}, %a: !uop.ptr<f16, global, 1024> {uop.shape = array<i64: 256, 256>}, %b: !uop.ptr<f16, global, 65536> {uop.shape = array<i64: 256, 256>}) {
  %c256 = arith.constant 256 : index
  %i = uop.range %c256, R0, loop
  %j = uop.range %c256, R1, loop
  %k = uop.range %c256, R2, reduce
  %ia = uop.index %a[%i, %k] : !uop.ptr<f16, global, 1024> -> f16
  %va = uop.load %a, %ia : !uop.ptr<f16, global, 1024> -> f16
  %ib = uop.index %b[%k, %j] : !uop.ptr<f16, global, 65536> -> f16
  %vb = uop.load %b, %ib : !uop.ptr<f16, global, 65536> -> f16
  %xa = arith.extf %va : f16 to f32
  %xb = arith.extf %vb : f16 to f32
  %p = arith.mulf %xa, %xb : f32
  %s = uop.reduce add %p [%k] : f32
  %o = uop.index %c[%i, %j] : !uop.ptr<f32, global, 65536> -> f32
  %st = uop.store %o, %s : f32
  %e = uop.end %st[%i, %j] : !uop.void
  uop.sink %e : !uop.void info <name = "short", applied_opts = [<TC, 2, 32>]>
}
