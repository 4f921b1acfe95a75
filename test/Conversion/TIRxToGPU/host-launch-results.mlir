// RUN: uop-opt %s --tirx-lower-scope-ids --convert-tirx-to-gpu | FileCheck %s
// The whole lowering keeps the results (and the kernel reaches NVVM):
// RUN: uop-opt %s --tirx-to-nvvm="chip=sm_80" | FileCheck --check-prefix=NVVM %s
// test/Target/PTX/host-results-ptxas.mlir assembles the kernel.
//
// A host prim_func's ret_type results are the func.func's results: scalars
// (its parameters, constants) and the global buffers it was passed, returned
// after its own buffers are freed.

// CHECK-LABEL: func.func @host
// CHECK-SAME: (%[[X:.*]]: memref<64xf32, #gpu.address_space<global>>, %[[N:.*]]: index) -> (memref<64xf32, #gpu.address_space<global>>, index, f32)
// CHECK: %[[A:.*]] = arith.constant 2.500000e+00 : f32
// CHECK: %[[T:.*]] = gpu.alloc () : memref<64xf32, #gpu.address_space<global>>
// CHECK: gpu.launch_func @tirx_kernels::@axpy
// CHECK: gpu.dealloc %[[T]]
// CHECK-NEXT: return %[[X]], %[[N]], %[[A]] : memref<64xf32, #gpu.address_space<global>>, index, f32
// NVVM-LABEL: func.func @host
// NVVM-SAME: -> (memref<64xf32, #gpu.address_space<global>>, index, f32)
// NVVM: return %{{.*}}, %{{.*}}, %{{.*}} : memref<64xf32, #gpu.address_space<global>>, index, f32
tirx.prim_func @host(%x: !tirx.buffer<64xf32, global>, %n: index) -> (!tirx.buffer<64xf32, global>, index, f32) {
  %a = arith.constant 2.5 : f32
  %t = tirx.alloc_buffer : !tirx.buffer<64xf32, global>
  tirx.launch @axpy(%t, %n, %a) : (!tirx.buffer<64xf32, global>, index, f32)
  tirx.launch @axpy(%x, %n, %a) : (!tirx.buffer<64xf32, global>, index, f32)
  tirx.return %x, %n, %a : !tirx.buffer<64xf32, global>, index, f32
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
