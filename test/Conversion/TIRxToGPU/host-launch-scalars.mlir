// RUN: uop-opt %s --tirx-lower-scope-ids --convert-tirx-to-gpu | FileCheck %s
//
// Host code passes scalars by value next to its buffers: constants and its
// own scalar parameters (a symbolic size, a coefficient) reach the kernel's
// scalar parameters through gpu.launch_func unchanged.

// CHECK-LABEL: func.func @host
// CHECK-SAME: (%[[X:.*]]: memref<64xf32, #gpu.address_space<global>>, %[[N:.*]]: index)
// CHECK: %[[A:.*]] = arith.constant 2.500000e+00 : f32
// CHECK: gpu.launch_func @tirx_kernels::@axpy {{.*}} args(%[[X]] : memref<64xf32, #gpu.address_space<global>>, %[[N]] : index, %[[A]] : f32)
// CHECK: gpu.func @axpy(%{{.*}}: memref<64xf32, #gpu.address_space<global>>, %{{.*}}: index, %{{.*}}: f32) kernel
tirx.prim_func @host(%x: !tirx.buffer<64xf32, global>, %n: index) {
  %a = arith.constant 2.5 : f32
  tirx.launch @axpy(%x, %n, %a) : (!tirx.buffer<64xf32, global>, index, f32)
  tirx.return
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
