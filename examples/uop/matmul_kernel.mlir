// A kernel-level uop program: C[i, j] = sum_k A[i, k] * B[k, j] for 64x64
// matrices, as uop-split-kernels produces it. Two global ranges index the
// output, one reduce range is closed by REDUCE; STORE closes the output
// ranges through END, and SINK ends the FUNCTION. A CALL schedules it. Each
// argument records its shape (`uop.shape`) so that uop-devectorize can make
// the two-dimensional INDEXes row-major.
//
//   uop-opt examples/uop/matmul_kernel.mlir
//   uop-run examples/uop/matmul_kernel.mlir --check
//   uop-opt --uop-to-program="target=cpu" examples/uop/matmul_kernel.mlir | uop-translate --uop-to-c
//   uop-opt --uop-to-nvvm="chip=sm_80" examples/uop/matmul_kernel.mlir | uop-translate --mlir-to-ptx --chip=sm_80
uop.function @matmul(%c: !uop.ptr<f32, global, 4096> {uop.shape = array<i64: 64, 64>},
                     %a: !uop.ptr<f32, global, 4096> {uop.shape = array<i64: 64, 64>},
                     %b: !uop.ptr<f32, global, 4096> {uop.shape = array<i64: 64, 64>}) {
  %c64 = arith.constant 64 : index
  %i = uop.range %c64, R0, global
  %j = uop.range %c64, R1, global
  %k = uop.range %c64, R2, reduce
  %ia = uop.index %a[%i, %k] : !uop.ptr<f32, global, 4096> -> f32
  %ib = uop.index %b[%k, %j] : !uop.ptr<f32, global, 4096> -> f32
  %va = uop.load %a, %ia : !uop.ptr<f32, global, 4096> -> f32
  %vb = uop.load %b, %ib : !uop.ptr<f32, global, 4096> -> f32
  %prod = arith.mulf %va, %vb : f32
  %acc = uop.reduce add %prod [%k] : f32
  %ic = uop.index %c[%i, %j] : !uop.ptr<f32, global, 4096> -> f32
  %st = uop.store %ic, %acc : f32
  %done = uop.end %st [%i, %j] : !uop.void
  uop.sink %done : !uop.void info <name = "matmul_64x64x64">
}

// The schedule: three buffers and one call of the kernel.
uop.function @main(%c: !uop.ptr<f32, global, 4096>,
                   %a: !uop.ptr<f32, global, 4096>,
                   %b: !uop.ptr<f32, global, 4096>) {
  %call = uop.call @matmul(%c, %a, %b) info <name = "matmul">
      : (!uop.ptr<f32, global, 4096>, !uop.ptr<f32, global, 4096>, !uop.ptr<f32, global, 4096>)
  uop.sink %call : !uop.void
}
