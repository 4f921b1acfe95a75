// Host code run by uop-run: the runtime walks the host function the prim_func
// became (its gpu.alloc'd buffer, its launches in order, with its scalar
// parameter and constants as launch arguments) and returns its ret_type
// results, which uop-run prints: scalars as `VALUE : TYPE`, buffers as the
// parameter they are. The fake CUDA driver checks each launch and that
// every buffer (the host code's own one too) is freed.
//
// RUN: env UOP_CUDA_DRIVER=%fake_cuda UOP_CUDA_LOAD=ptx UOP_FAKE_CUDA_CC=80 uop-run %s --target cuda --repeat 1 --param 1=48 2>&1 | FileCheck %s
// CHECK: uop-fake-cuda: launch axpy grid=(1,1,1) block=(64,1,1) cluster=(1,1,1) shared=0+0 params=3 ok
// CHECK-NEXT: uop-fake-cuda: param 1 axpy_param_1 = .u64 0x0000000000000030 (48)
// CHECK-NEXT: uop-fake-cuda: param 2 axpy_param_2 = .f32 0x40200000 (2.5)
// CHECK-NEXT: uop-fake-cuda: launch axpy grid=(1,1,1) block=(64,1,1) cluster=(1,1,1) shared=0+0 params=3 ok
// CHECK: entry=host target=cuda kernels=2
// CHECK-NEXT: device="uop fake CUDA driver (sm_80, kernels not executed)" chip=sm_80
// CHECK-NEXT: result 0 = buffer parameter 0 of shape (64,) f32
// CHECK-NEXT: result 1 = 48 : index
// CHECK-NEXT: result 2 = 2.5 : f32
// CHECK-NEXT: result 3 = -3 : i32
// CHECK-NEXT: result 4 = true : i1
// CHECK-NEXT: result 5 = buffer parameter 2 of shape (2, 8) f16
// CHECK-NEXT: time_ms_median=
// CHECK: uop-fake-cuda: exit allocations=0 modules=0 events=0 contexts=0
//
// --output-dir writes each returned buffer as DIR/<result index>.npy, as
// read back after the run (a 128-byte .npy header, then 64 f32 and 16 f16).
// RUN: rm -rf %t && env UOP_CUDA_DRIVER=%fake_cuda UOP_CUDA_LOAD=ptx UOP_FAKE_CUDA_CC=80 uop-run %s --target cuda --repeat 1 --param 1=48 --output-dir %t 2>&1 | FileCheck %s --check-prefix=DIR
// DIR: result 0 = buffer parameter 0 of shape (64,) f32 -> {{.*}}0.npy
// DIR: result 5 = buffer parameter 2 of shape (2, 8) f16 -> {{.*}}5.npy
// RUN: wc -c < %t/0.npy | FileCheck %s --check-prefix=SIZE0
// SIZE0: 384
// RUN: wc -c < %t/5.npy | FileCheck %s --check-prefix=SIZE5
// SIZE5: 160
// RUN: head -c 80 %t/5.npy | FileCheck %s --check-prefix=HEADER5
// HEADER5: 'descr': '<f2', 'fortran_order': False, 'shape': (2, 8)
//
// A kernel returns nothing, so there is nothing to write.
// RUN: not env UOP_CUDA_DRIVER=%fake_cuda UOP_CUDA_LOAD=ptx UOP_FAKE_CUDA_CC=80 uop-run %s --entry axpy --target cuda --param 1=1 --param 2=1.0 --output-dir %t 2>&1 | FileCheck %s --check-prefix=NONE
// NONE: uop-run: --output-dir writes the buffers host code returns; @axpy returns nothing
//
// Host code's scalar parameters need values as a kernel's do.
// RUN: not env UOP_CUDA_DRIVER=%fake_cuda UOP_CUDA_LOAD=ptx UOP_FAKE_CUDA_CC=80 uop-run %s --target cuda 2>&1 | FileCheck %s --check-prefix=NOPARAM
// NOPARAM: fake-cuda-host-results.mlir:[[@LINE+2]]:{{[0-9]+}}: error: uop-run: scalar parameter 1 ('index') of @host has no value; give it with --param 1=VALUE

tirx.prim_func @host(%x: !tirx.buffer<64xf32, global>, %n: index,
                     %h: !tirx.buffer<2x8xf16, global>)
    -> (!tirx.buffer<64xf32, global>, index, f32, i32, i1,
        !tirx.buffer<2x8xf16, global>) {
  %a = arith.constant 2.5 : f32
  %m = arith.constant -3 : i32
  %t = arith.constant true
  %tmp = tirx.alloc_buffer : !tirx.buffer<64xf32, global>
  tirx.launch @axpy(%tmp, %n, %a) : (!tirx.buffer<64xf32, global>, index, f32)
  tirx.launch @axpy(%x, %n, %a) : (!tirx.buffer<64xf32, global>, index, f32)
  tirx.return %x, %n, %a, %m, %t, %h : !tirx.buffer<64xf32, global>, index, f32, i32, i1, !tirx.buffer<2x8xf16, global>
}

tirx.prim_func @axpy(%x: !tirx.buffer<64xf32, global>, %n: index, %a: f32) {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [64]
    %in = arith.cmpi ult, %t, %n : index
    scf.if %in {
      %v = tirx.buffer_load %x[%t] : !tirx.buffer<64xf32, global>
      %w = arith.mulf %v, %a : f32
      tirx.buffer_store %w, %x[%t] : !tirx.buffer<64xf32, global>
    }
  }
  tirx.return
}
