// RUN: uop-opt %s | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | uop-opt | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
//
// The seed's BUFFERIZE example:
//
//   BUFFERIZE(opts={addrspace=Global})
//   ├── REDUCE(Add, ...)         — computation
//   ├── RANGE(R0, Global)        — output dim 0
//   └── RANGE(R1, Global)        — output dim 1

// CHECK-LABEL: func.func @bufferize
// CHECK-SAME: (%[[X:.*]]: f32)
func.func @bufferize(%x: f32) -> (tensor<64x32xf32>, tensor<64x32xf32>, !uop.ptr<f32, local, 2048>) {
  %c64 = arith.constant 64 : index
  %c32 = arith.constant 32 : index
  %c8 = arith.constant 8 : index
  // CHECK: %[[R0:.*]] = uop.range %{{.*}}, R0, global
  %r0 = uop.range %c64, R0, global
  // CHECK: %[[R1:.*]] = uop.range %{{.*}}, R1, global
  %r1 = uop.range %c32, R1, global
  // CHECK: %[[R2:.*]] = uop.range %{{.*}}, R2, reduce
  %r2 = uop.range %c8, R2, reduce
  // CHECK: %[[ACC:.*]] = uop.reduce add %[[X]][%[[R2]]] : f32
  %acc = uop.reduce add %x [%r2] : f32
  // The default options (global, removable) print as an empty struct.
  // CHECK: uop.bufferize %[[ACC]][%[[R0]], %[[R1]]] opts <> : f32 -> tensor<64x32xf32>
  %t = uop.bufferize %acc [%r0, %r1] opts <addrspace = global> : f32 -> tensor<64x32xf32>
  // CHECK: uop.bufferize %[[ACC]][%[[R0]], %[[R1]]] opts <device = "CUDA", removable = false> : f32 -> tensor<64x32xf32>
  %k = uop.bufferize %acc [%r0, %r1] opts <device = "CUDA", removable = false> : f32 -> tensor<64x32xf32>
  // Shared memory as a kernel-level pointer.
  // CHECK: uop.bufferize %[[ACC]][%[[R0]], %[[R1]]] opts <addrspace = local> : f32 -> !uop.ptr<f32, local, 2048>
  %l = uop.bufferize %acc [%r0, %r1] opts <addrspace = local> : f32 -> !uop.ptr<f32, local, 2048>
  return %t, %k, %l : tensor<64x32xf32>, tensor<64x32xf32>, !uop.ptr<f32, local, 2048>
}

// GENERIC: "uop.bufferize"(%{{.*}}, %{{.*}}, %{{.*}}) <{opts = #uop.bufferize_opts<>}> : (f32, index, index) -> tensor<64x32xf32>
// GENERIC: "uop.bufferize"(%{{.*}}, %{{.*}}, %{{.*}}) <{opts = #uop.bufferize_opts<device = "CUDA", removable = false>}>
// GENERIC: "uop.bufferize"(%{{.*}}, %{{.*}}, %{{.*}}) <{opts = #uop.bufferize_opts<addrspace = local>}>

// A vector computation materialises into a buffer of its element type.
// CHECK-LABEL: func.func @bufferize_vector
func.func @bufferize_vector(%v: vector<4xf16>) -> tensor<16xf16> {
  %c16 = arith.constant 16 : index
  %r = uop.range %c16, R0, global
  // CHECK: uop.bufferize %{{.*}}[%{{.*}}] : vector<4xf16> -> tensor<16xf16>
  %t = uop.bufferize %v [%r] : vector<4xf16> -> tensor<16xf16>
  return %t : tensor<16xf16>
}

// BUFFER and BUFFER_VIEW: storage and a slice of it.
// CHECK-LABEL: func.func @buffers
func.func @buffers() -> (tensor<10x20xf32>, tensor<20xf32>, !uop.ptr<f32, global, 20>) {
  // CHECK: %[[U:.*]] = uop.unique 7
  %u = uop.unique 7
  // CHECK: %[[D:.*]] = uop.device "CUDA"
  %d = uop.device "CUDA"
  // CHECK: %[[B:.*]] = uop.buffer %[[U]], %[[D]] size 200 : tensor<10x20xf32>
  %b = uop.buffer %u, %d size 200 : tensor<10x20xf32>
  // CHECK: uop.buffer_view %[[B]] size 20 offset 180 : tensor<10x20xf32> -> tensor<20xf32>
  %v = uop.buffer_view %b size 20 offset 180 : tensor<10x20xf32> -> tensor<20xf32>
  // CHECK: %[[P:.*]] = uop.buffer %[[U]], %[[D]] size 200 : !uop.ptr<f32, global>
  %p = uop.buffer %u, %d size 200 : !uop.ptr<f32, global>
  // CHECK: uop.buffer_view %[[P]] size 20 offset 0 : !uop.ptr<f32, global> -> !uop.ptr<f32, global, 20>
  %pv = uop.buffer_view %p size 20 offset 0 : !uop.ptr<f32, global> -> !uop.ptr<f32, global, 20>
  return %b, %v, %pv : tensor<10x20xf32>, tensor<20xf32>, !uop.ptr<f32, global, 20>
}
