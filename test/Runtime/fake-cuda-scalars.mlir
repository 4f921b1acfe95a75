// Scalar parameters of a tirx kernel: uop-run takes their values from
// --param INDEX=VALUE, the runtime packs each into the launch's parameter
// array in the parameter's width, and the fake CUDA driver prints the bytes
// it was given (one `param` line per scalar after the launch line).
//
// RUN: env UOP_CUDA_DRIVER=%fake_cuda UOP_CUDA_LOAD=ptx UOP_FAKE_CUDA_CC=80 uop-run %s --entry saxpy --target cuda --repeat 1 --param 1=1000 --param 2=2.5 2>&1 | FileCheck %s --check-prefix=SAXPY
// SAXPY: uop-fake-cuda: launch saxpy grid=(4,1,1) block=(256,1,1) cluster=(1,1,1) shared=0+0 params=4 ok
// SAXPY-NEXT: uop-fake-cuda: param 1 saxpy_param_1 = .u32 0x000003e8 (1000)
// SAXPY-NEXT: uop-fake-cuda: param 2 saxpy_param_2 = .f32 0x40200000 (2.5)
// SAXPY: entry=saxpy target=cuda kernels=1
// SAXPY-NEXT: device="uop fake CUDA driver (sm_80, kernels not executed)" chip=sm_80
// SAXPY-NEXT: time_ms_median={{[0-9.]+}} gbps={{[0-9.]+}} repeat=1
// SAXPY: uop-fake-cuda: exit allocations=0 modules=0 events=0 contexts=0
//
// Negative integers, hex integers and hex floats; the timed launches pass
// the same bytes.
// RUN: env UOP_CUDA_DRIVER=%fake_cuda UOP_CUDA_LOAD=ptx UOP_FAKE_CUDA_CC=80 uop-run %s --entry saxpy --target cuda --repeat 2 --param 2=-0x1.8p1 --param 1=-1 2>&1 | FileCheck %s --check-prefix=NEG
// NEG-COUNT-3: uop-fake-cuda: param 1 saxpy_param_1 = .u32 0xffffffff (4294967295)
// NEG: uop-fake-cuda: exit allocations=0 modules=0 events=0 contexts=0
// RUN: env UOP_CUDA_DRIVER=%fake_cuda UOP_CUDA_LOAD=ptx UOP_FAKE_CUDA_CC=80 uop-run %s --entry saxpy --target cuda --repeat 1 --param 2=-0x1.8p1 --param 1=0x7fffffff 2>&1 | FileCheck %s --check-prefix=HEX
// HEX: uop-fake-cuda: param 1 saxpy_param_1 = .u32 0x7fffffff (2147483647)
// HEX-NEXT: uop-fake-cuda: param 2 saxpy_param_2 = .f32 0xc0400000 (-3)
//
// Every width: i8, i16, i64, index (64 bits after lowering), f16 and bf16
// (which LLVM passes as two-byte arrays) and f64, after a buffer.
// RUN: env UOP_CUDA_DRIVER=%fake_cuda UOP_CUDA_LOAD=ptx UOP_FAKE_CUDA_CC=80 uop-run %s --entry widths --target cuda --repeat 1 --param 1=-2 --param 2=65535 --param 3=-9223372036854775808 --param 4=7 --param 5=1.5 --param 6=-2 --param 7=0.1 2>&1 | FileCheck %s --check-prefix=WIDTHS
// WIDTHS: uop-fake-cuda: launch widths grid=(1,1,1) block=(32,1,1) cluster=(1,1,1) shared=0+0 params=8 ok
// WIDTHS-NEXT: uop-fake-cuda: param 1 widths_param_1 = .u8 0xfe (254)
// WIDTHS-NEXT: uop-fake-cuda: param 2 widths_param_2 = .u16 0xffff (65535)
// WIDTHS-NEXT: uop-fake-cuda: param 3 widths_param_3 = .u64 0x8000000000000000 (9223372036854775808)
// WIDTHS-NEXT: uop-fake-cuda: param 4 widths_param_4 = .u64 0x0000000000000007 (7)
// WIDTHS-NEXT: uop-fake-cuda: param 5 widths_param_5 = .b8[2] 0x3e00
// WIDTHS-NEXT: uop-fake-cuda: param 6 widths_param_6 = .b8[2] 0xc000
// WIDTHS-NEXT: uop-fake-cuda: param 7 widths_param_7 = .f64 0x3fb999999999999a (0.1)
// WIDTHS: entry=widths target=cuda kernels=1
// WIDTHS: uop-fake-cuda: exit allocations=0 modules=0 events=0 contexts=0

tirx.prim_func @saxpy(%x: !tirx.buffer<1024xf32, global>, %n: i32, %alpha: f32,
                      %y: !tirx.buffer<1024xf32, global>) {
  tirx.device_entry {
    %bx = tirx.scope_id_def kernel -> cta [4]
    %tx = tirx.scope_id_def cta -> thread [256]
    %c256 = arith.constant 256 : index
    %base = arith.muli %bx, %c256 : index
    %i = arith.addi %base, %tx : index
    %ii = arith.index_cast %i : index to i32
    %in = arith.cmpi slt, %ii, %n : i32
    scf.if %in {
      %v = tirx.buffer_load %x[%i] : !tirx.buffer<1024xf32, global>
      %w = arith.mulf %v, %alpha : f32
      tirx.buffer_store %w, %y[%i] : !tirx.buffer<1024xf32, global>
    }
  }
  tirx.return
}

tirx.prim_func @widths(%out: !tirx.buffer<32xf64, global>, %a: i8, %b: i16,
                       %c: i64, %d: index, %e: f16, %f: bf16, %g: f64) {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [32]
    %a64 = arith.extsi %a : i8 to i64
    %b64 = arith.extui %b : i16 to i64
    %d64 = arith.index_cast %d : index to i64
    %s0 = arith.addi %a64, %b64 : i64
    %s1 = arith.addi %s0, %c : i64
    %s2 = arith.addi %s1, %d64 : i64
    %sf = arith.sitofp %s2 : i64 to f64
    %e64 = arith.extf %e : f16 to f64
    %f64 = arith.extf %f : bf16 to f64
    %t0 = arith.addf %sf, %e64 : f64
    %t1 = arith.addf %t0, %f64 : f64
    %t2 = arith.addf %t1, %g : f64
    tirx.buffer_store %t2, %out[%tx] : !tirx.buffer<32xf64, global>
  }
  tirx.return
}
