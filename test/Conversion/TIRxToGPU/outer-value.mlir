// RUN: uop-opt %s --convert-tirx-to-gpu | FileCheck %s
//
// Values the device_entry uses from the host part of the prim_func: pure
// scalar computations (constants, index arithmetic) are re-computed at the
// start of the kernel, since the gpu.func is isolated from above. (This used
// to crash in the verifier of the pass's output.) Non-pure values are an error,
// see errors.mlir.

// CHECK: gpu.module @tirx_kernels {

// A constant is cloned into the kernel.
// CHECK-LABEL: gpu.func @outer
// CHECK-SAME: (%[[A:.*]]: memref<16xf32, #gpu.address_space<global>>)
// CHECK-NEXT: %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[V:.*]] = memref.load %[[A]][%[[C3]]] : memref<16xf32, #gpu.address_space<global>>
// CHECK-NEXT: memref.store %[[V]], %[[A]][%[[C3]]] : memref<16xf32, #gpu.address_space<global>>
// CHECK-NEXT: gpu.return
tirx.prim_func @outer(%A: !tirx.buffer<16xf32, global>) {
  %c3 = arith.constant 3 : index
  tirx.device_entry {
    %v = tirx.buffer_load %A[%c3] : !tirx.buffer<16xf32, global>
    tirx.buffer_store %v, %A[%c3] : !tirx.buffer<16xf32, global>
  }
  tirx.return
}

// A chain of index arithmetic on a parameter moves with its operands, in
// program order, before the device statements; host values the kernel does
// not use (%unused) and host statements after the device_entry stay behind.
// CHECK-LABEL: gpu.func @chain
// CHECK-SAME: (%[[A:.*]]: memref<16xf32, #gpu.address_space<global>>, %[[N:.*]]: index)
// CHECK-NEXT: %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[I:.*]] = arith.muli %[[N]], %[[C3]] : index
// CHECK-NEXT: %[[J:.*]] = arith.addi %[[I]], %[[C2]] : index
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: memref.store %[[Z]], %[[A]][%[[J]]] : memref<16xf32, #gpu.address_space<global>>
// CHECK-NEXT: gpu.return
// CHECK-NOT: arith.constant 7
tirx.prim_func @chain(%A: !tirx.buffer<16xf32, global>, %n: index) {
  %c3 = arith.constant 3 : index
  %c2 = arith.constant 2 : index
  %i = arith.muli %n, %c3 : index
  %j = arith.addi %i, %c2 : index
  %unused = arith.constant 7 : index
  tirx.device_entry {
    %f = arith.constant 0.0 : f32
    tirx.buffer_store %f, %A[%j] : !tirx.buffer<16xf32, global>
  }
  %k = arith.addi %j, %c2 : index
  tirx.return
}
