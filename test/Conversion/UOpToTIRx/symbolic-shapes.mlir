// RUN: uop-opt %s --uop-to-nvvm="chip=sm_80" | FileCheck %s
// RUN: uop-opt %s --uop-to-program="target=cuda" --convert-uop-to-tirx | FileCheck %s --check-prefix=TIRX
//
// Symbolic shapes on the GPU. The launch is fixed when the kernel is built,
// so a range over a shape variable is split at the variable's upper bound
// (1024 = 4 blocks x 256 threads) and every access to a kernel argument is
// gated on `id < n`. Buffers are declared at their capacity (uop.capacity:
// the tensor at the upper bounds); each variable a kernel reads is an index
// parameter after its buffers, passed by the host function from its own
// parameters (one per uop.vars entry, after the buffers).

// TIRX-LABEL: tirx.prim_func @scale_k0
// TIRX-SAME: (%{{.*}}: !tirx.buffer<1024xf32, global>, %{{.*}}: !tirx.buffer<1024xf32, global>, %[[N:.*]]: index)
// TIRX: arith.cmpi ult, %{{.*}}, %[[N]] : index
// TIRX-LABEL: tirx.prim_func @scale
// TIRX-SAME: (%[[X:.*]]: !tirx.buffer<1024xf32, global>, %[[Y:.*]]: !tirx.buffer<1024xf32, global>, %{{.*}}: index, %[[V:.*]]: index)
// TIRX: tirx.launch @scale_k0(%[[Y]], %[[X]], %[[V]])

// CHECK-LABEL: func.func @scale
// CHECK-SAME: %arg0: memref<1024xf32, #gpu.address_space<global>>, %arg1: memref<1024xf32, #gpu.address_space<global>>, %arg2: index, %arg3: index
// CHECK: gpu.launch_func @tirx_kernels::@scale_k0 blocks in (%c4, %c1, %c1) threads in (%c256, %c1, %c1) args(%arg1 : {{.*}}, %arg0 : {{.*}}, %arg3 : index)
// CHECK: llvm.func @scale_k0(%{{.*}}: !llvm.ptr<1>, %{{.*}}: !llvm.ptr<1>, %[[NK:.*]]: i64)
// CHECK: llvm.icmp "ult" %{{.*}}, %[[NK]] : i64
func.func @scale(%x: tensor<?xf32, #uop.sym<"n">>) -> tensor<?xf32, #uop.sym<"n">>
    attributes {uop.vars = [#uop.var<"unused", 1, 2>, #uop.var<"n", 1, 1024>]} {
  %c = arith.constant dense<2.0> : tensor<1xf32>
  %two = uop.expand %c : tensor<1xf32> -> tensor<?xf32, #uop.sym<"n">>
  %y = arith.mulf %x, %two : tensor<?xf32, #uop.sym<"n">>
  return %y : tensor<?xf32, #uop.sym<"n">>
}
