// REQUIRES: ptxas
// RUN: rm -rf %t && split-file %s %t
//
// The edge cases of edge-cases.mlir that stress shapes and dtypes, through the
// CUDA path: uop-to-nvvm (gpudims, convert-uop-to-tirx, tirx-to-nvvm), PTX for
// sm_80, and ptxas must accept it. (Numerics on a GPU: uop-run --target cuda.)
// RUN: uop-opt %t/prime3d.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 > %t/prime3d.ptx
// RUN: %ptxas -arch=sm_80 %t/prime3d.ptx -o %t/prime3d.cubin
// RUN: FileCheck %s --check-prefix=ENTRY --input-file=%t/prime3d.ptx
// RUN: uop-opt %t/reduce_all_axes.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 > %t/reduce_all_axes.ptx
// RUN: %ptxas -arch=sm_80 %t/reduce_all_axes.ptx -o %t/reduce_all_axes.cubin
// RUN: FileCheck %s --check-prefix=ENTRY --input-file=%t/reduce_all_axes.ptx
// RUN: uop-opt %t/reduce_all_axes_max.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 > %t/reduce_all_axes_max.ptx
// RUN: %ptxas -arch=sm_80 %t/reduce_all_axes_max.ptx -o %t/reduce_all_axes_max.cubin
// RUN: FileCheck %s --check-prefix=ENTRY --input-file=%t/reduce_all_axes_max.ptx
// RUN: uop-opt %t/big_pad_reduce.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 > %t/big_pad_reduce.ptx
// RUN: %ptxas -arch=sm_80 %t/big_pad_reduce.ptx -o %t/big_pad_reduce.cubin
// RUN: FileCheck %s --check-prefix=ENTRY --input-file=%t/big_pad_reduce.ptx
// RUN: uop-opt %t/shrink_single_reshape0d.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 > %t/shrink_single_reshape0d.ptx
// RUN: %ptxas -arch=sm_80 %t/shrink_single_reshape0d.ptx -o %t/shrink_single_reshape0d.cubin
// RUN: FileCheck %s --check-prefix=ENTRY --input-file=%t/shrink_single_reshape0d.ptx
// RUN: uop-opt %t/flip_reduced_add.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 > %t/flip_reduced_add.ptx
// RUN: %ptxas -arch=sm_80 %t/flip_reduced_add.ptx -o %t/flip_reduced_add.cubin
// RUN: FileCheck %s --check-prefix=ENTRY --input-file=%t/flip_reduced_add.ptx
// RUN: uop-opt %t/reshape_chain_perm.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 > %t/reshape_chain_perm.ptx
// RUN: %ptxas -arch=sm_80 %t/reshape_chain_perm.ptx -o %t/reshape_chain_perm.cubin
// RUN: FileCheck %s --check-prefix=ENTRY --input-file=%t/reshape_chain_perm.ptx
// RUN: uop-opt %t/i32_reduce.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 > %t/i32_reduce.ptx
// RUN: %ptxas -arch=sm_80 %t/i32_reduce.ptx -o %t/i32_reduce.cubin
// RUN: FileCheck %s --check-prefix=ENTRY --input-file=%t/i32_reduce.ptx
// RUN: uop-opt %t/i64_graph.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 > %t/i64_graph.ptx
// RUN: %ptxas -arch=sm_80 %t/i64_graph.ptx -o %t/i64_graph.cubin
// RUN: FileCheck %s --check-prefix=ENTRY --input-file=%t/i64_graph.ptx
// RUN: uop-opt %t/f64_graph.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 > %t/f64_graph.ptx
// RUN: %ptxas -arch=sm_80 %t/f64_graph.ptx -o %t/f64_graph.cubin
// RUN: FileCheck %s --check-prefix=ENTRY --input-file=%t/f64_graph.ptx
// RUN: uop-opt %t/cast_int.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 > %t/cast_int.ptx
// RUN: %ptxas -arch=sm_80 %t/cast_int.ptx -o %t/cast_int.cubin
// RUN: FileCheck %s --check-prefix=ENTRY --input-file=%t/cast_int.ptx
// RUN: uop-opt %t/identity_two.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 > %t/identity_two.ptx
// RUN: %ptxas -arch=sm_80 %t/identity_two.ptx -o %t/identity_two.cubin
// RUN: FileCheck %s --check-prefix=ENTRY --input-file=%t/identity_two.ptx
// RUN: uop-opt %t/input_twice_output.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 > %t/input_twice_output.ptx
// RUN: %ptxas -arch=sm_80 %t/input_twice_output.ptx -o %t/input_twice_output.cubin
// RUN: FileCheck %s --check-prefix=ENTRY --input-file=%t/input_twice_output.ptx
// RUN: uop-opt %t/output_and_intermediate.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 > %t/output_and_intermediate.ptx
// RUN: %ptxas -arch=sm_80 %t/output_and_intermediate.ptx -o %t/output_and_intermediate.cubin
// RUN: FileCheck %s --check-prefix=ENTRY --input-file=%t/output_and_intermediate.ptx
// RUN: uop-opt %t/contiguous_mid.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 > %t/contiguous_mid.ptx
// RUN: %ptxas -arch=sm_80 %t/contiguous_mid.ptx -o %t/contiguous_mid.cubin
// RUN: FileCheck %s --check-prefix=ENTRY --input-file=%t/contiguous_mid.ptx
// RUN: uop-opt %t/matmul_odd.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 > %t/matmul_odd.ptx
// RUN: %ptxas -arch=sm_80 %t/matmul_odd.ptx -o %t/matmul_odd.cubin
// RUN: FileCheck %s --check-prefix=ENTRY --input-file=%t/matmul_odd.ptx
// RUN: uop-opt %t/deep_dag.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 > %t/deep_dag.ptx
// RUN: %ptxas -arch=sm_80 %t/deep_dag.ptx -o %t/deep_dag.cubin
// RUN: FileCheck %s --check-prefix=ENTRY --input-file=%t/deep_dag.ptx
// RUN: uop-opt %t/conv_like.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 > %t/conv_like.ptx
// RUN: %ptxas -arch=sm_80 %t/conv_like.ptx -o %t/conv_like.cubin
// RUN: FileCheck %s --check-prefix=ENTRY --input-file=%t/conv_like.ptx
// RUN: uop-opt %t/cmp_pad_select.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 > %t/cmp_pad_select.ptx
// RUN: %ptxas -arch=sm_80 %t/cmp_pad_select.ptx -o %t/cmp_pad_select.cubin
// RUN: FileCheck %s --check-prefix=ENTRY --input-file=%t/cmp_pad_select.ptx
// RUN: uop-opt %t/rank6_reduce.mlir --uop-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 > %t/rank6_reduce.ptx
// RUN: %ptxas -arch=sm_80 %t/rank6_reduce.ptx -o %t/rank6_reduce.cubin
// RUN: FileCheck %s --check-prefix=ENTRY --input-file=%t/rank6_reduce.ptx

// ENTRY: .visible .entry

//--- prime3d.mlir
func.func @prime3d(%a: tensor<7x13x17xf32>, %b: tensor<17xf32>) -> tensor<7x13x17xf32> {
  %br = uop.reshape %b : tensor<17xf32> -> tensor<1x1x17xf32>
  %be = uop.expand %br : tensor<1x1x17xf32> -> tensor<7x13x17xf32>
  %m = arith.mulf %a, %be : tensor<7x13x17xf32>
  %s = arith.subf %m, %a : tensor<7x13x17xf32>
  return %s : tensor<7x13x17xf32>
}

//--- reduce_all_axes.mlir
func.func @reduce_all_axes(%a: tensor<5x6x7xf32>) -> tensor<f32> {
  %s = uop.reduce_axis add %a [0, 1, 2] : tensor<5x6x7xf32> -> tensor<f32>
  return %s : tensor<f32>
}

//--- reduce_all_axes_max.mlir
func.func @reduce_all_axes_max(%a: tensor<5x6x7xf32>) -> tensor<f32> {
  %s = uop.reduce_axis max %a [0, 1, 2] : tensor<5x6x7xf32> -> tensor<f32>
  return %s : tensor<f32>
}

//--- big_pad_reduce.mlir
func.func @big_pad_reduce(%a: tensor<3x2xf32>) -> tensor<40xf32> {
  %e = math.exp %a : tensor<3x2xf32>
  %p = uop.pad %e low [17, 5] high [20, 28] : tensor<3x2xf32> -> tensor<40x35xf32>
  %s = uop.reduce_axis add %p [1] : tensor<40x35xf32> -> tensor<40xf32>
  return %s : tensor<40xf32>
}

//--- shrink_single_reshape0d.mlir
func.func @shrink_single_reshape0d(%a: tensor<7x13xf32>) -> tensor<f32> {
  %s = uop.shrink %a [3, 5] to [4, 6] : tensor<7x13xf32> -> tensor<1x1xf32>
  %r = uop.reshape %s : tensor<1x1xf32> -> tensor<f32>
  return %r : tensor<f32>
}

//--- flip_reduced_add.mlir
func.func @flip_reduced_add(%a: tensor<6x5xf32>) -> tensor<6xf32> {
  %s = uop.reduce_axis add %a [1] : tensor<6x5xf32> -> tensor<6xf32>
  %f = uop.flip %s [true] : tensor<6xf32>
  %o = arith.addf %f, %s : tensor<6xf32>
  return %o : tensor<6xf32>
}

//--- reshape_chain_perm.mlir
func.func @reshape_chain_perm(%a: tensor<2x3x4xf32>) -> tensor<3x8xf32> {
  %p = uop.permute %a [2, 0, 1] : tensor<2x3x4xf32> -> tensor<4x2x3xf32>
  %r1 = uop.reshape %p : tensor<4x2x3xf32> -> tensor<4x6xf32>
  %t = uop.permute %r1 [1, 0] : tensor<4x6xf32> -> tensor<6x4xf32>
  %r2 = uop.reshape %t : tensor<6x4xf32> -> tensor<24xf32>
  %f = uop.flip %r2 [true] : tensor<24xf32>
  %r3 = uop.reshape %f : tensor<24xf32> -> tensor<3x8xf32>
  return %r3 : tensor<3x8xf32>
}

//--- i32_reduce.mlir
func.func @i32_reduce(%a: tensor<5x7xi32>) -> tensor<5xi32> {
  %c = arith.constant dense<-20> : tensor<5x7xi32>
  %x = arith.addi %a, %c : tensor<5x7xi32>
  %m = uop.reduce_axis max %x [1] : tensor<5x7xi32> -> tensor<5xi32>
  %s = uop.reduce_axis add %x [1] : tensor<5x7xi32> -> tensor<5xi32>
  %o = arith.addi %m, %s : tensor<5xi32>
  return %o : tensor<5xi32>
}

//--- i64_graph.mlir
func.func @i64_graph(%a: tensor<5x7xi64>) -> tensor<5xi64> {
  %m = arith.muli %a, %a : tensor<5x7xi64>
  %s = uop.reduce_axis add %m [1] : tensor<5x7xi64> -> tensor<5xi64>
  return %s : tensor<5xi64>
}

//--- f64_graph.mlir
func.func @f64_graph(%a: tensor<9x11xf64>, %b: tensor<11xf64>) -> tensor<9xf64> {
  %br = uop.reshape %b : tensor<11xf64> -> tensor<1x11xf64>
  %be = uop.expand %br : tensor<1x11xf64> -> tensor<9x11xf64>
  %m = arith.mulf %a, %be : tensor<9x11xf64>
  %e = math.exp %m : tensor<9x11xf64>
  %s = uop.reduce_axis add %e [1] : tensor<9x11xf64> -> tensor<9xf64>
  %l = math.log %s : tensor<9xf64>
  return %l : tensor<9xf64>
}

//--- cast_int.mlir
func.func @cast_int(%a: tensor<9x11xf32>) -> tensor<9x11xi32> {
  %c = arith.constant dense<7.5> : tensor<9x11xf32>
  %x = arith.mulf %a, %c : tensor<9x11xf32>
  %i = arith.fptosi %x : tensor<9x11xf32> to tensor<9x11xi32>
  return %i : tensor<9x11xi32>
}

//--- identity_two.mlir
func.func @identity_two(%a: tensor<4x5xf32>, %b: tensor<3xf32>) -> (tensor<3xf32>, tensor<4x5xf32>) {
  return %b, %a : tensor<3xf32>, tensor<4x5xf32>
}

//--- input_twice_output.mlir
func.func @input_twice_output(%a: tensor<4x5xf32>) -> (tensor<4x5xf32>, tensor<4x5xf32>) {
  return %a, %a : tensor<4x5xf32>, tensor<4x5xf32>
}

//--- output_and_intermediate.mlir
func.func @output_and_intermediate(%a: tensor<8x8xf32>) -> (tensor<8xf32>, tensor<8x8xf32>) {
  %m = uop.reduce_axis max %a [1] : tensor<8x8xf32> -> tensor<8xf32>
  %mr = uop.reshape %m : tensor<8xf32> -> tensor<8x1xf32>
  %me = uop.expand %mr : tensor<8x1xf32> -> tensor<8x8xf32>
  %d = arith.subf %a, %me : tensor<8x8xf32>
  return %m, %d : tensor<8xf32>, tensor<8x8xf32>
}

//--- contiguous_mid.mlir
func.func @contiguous_mid(%a: tensor<6x10xf32>) -> tensor<10x6xf32> {
  %e = math.exp %a : tensor<6x10xf32>
  %c = uop.contiguous %e : tensor<6x10xf32>
  %t = uop.permute %c [1, 0] : tensor<6x10xf32> -> tensor<10x6xf32>
  %n = arith.negf %t : tensor<10x6xf32>
  return %n : tensor<10x6xf32>
}

//--- matmul_odd.mlir
func.func @matmul_odd(%a: tensor<13x17xf32>, %b: tensor<17x7xf32>) -> tensor<13x7xf32> {
  %ar = uop.reshape %a : tensor<13x17xf32> -> tensor<13x1x17xf32>
  %ae = uop.expand %ar : tensor<13x1x17xf32> -> tensor<13x7x17xf32>
  %bt = uop.permute %b [1, 0] : tensor<17x7xf32> -> tensor<7x17xf32>
  %br = uop.reshape %bt : tensor<7x17xf32> -> tensor<1x7x17xf32>
  %be = uop.expand %br : tensor<1x7x17xf32> -> tensor<13x7x17xf32>
  %p = arith.mulf %ae, %be : tensor<13x7x17xf32>
  %c = uop.reduce_axis add %p [2] : tensor<13x7x17xf32> -> tensor<13x7xf32>
  return %c : tensor<13x7xf32>
}

//--- deep_dag.mlir
func.func @deep_dag(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %c = arith.constant dense<0.5> : tensor<4x4xf32>
  %v0 = arith.mulf %a, %c : tensor<4x4xf32>
  %v1 = arith.addf %a, %c : tensor<4x4xf32>
  %t2 = arith.addf %v1, %v0 : tensor<4x4xf32>
  %v2 = arith.mulf %t2, %c : tensor<4x4xf32>
  %t3 = arith.addf %v2, %v1 : tensor<4x4xf32>
  %v3 = arith.mulf %t3, %c : tensor<4x4xf32>
  %t4 = arith.addf %v3, %v2 : tensor<4x4xf32>
  %v4 = arith.mulf %t4, %c : tensor<4x4xf32>
  %t5 = arith.addf %v4, %v3 : tensor<4x4xf32>
  %v5 = arith.mulf %t5, %c : tensor<4x4xf32>
  %t6 = arith.addf %v5, %v4 : tensor<4x4xf32>
  %v6 = arith.mulf %t6, %c : tensor<4x4xf32>
  %t7 = arith.addf %v6, %v5 : tensor<4x4xf32>
  %v7 = arith.mulf %t7, %c : tensor<4x4xf32>
  %t8 = arith.addf %v7, %v6 : tensor<4x4xf32>
  %v8 = arith.mulf %t8, %c : tensor<4x4xf32>
  %t9 = arith.addf %v8, %v7 : tensor<4x4xf32>
  %v9 = arith.mulf %t9, %c : tensor<4x4xf32>
  %t10 = arith.addf %v9, %v8 : tensor<4x4xf32>
  %v10 = arith.mulf %t10, %c : tensor<4x4xf32>
  %t11 = arith.addf %v10, %v9 : tensor<4x4xf32>
  %v11 = arith.mulf %t11, %c : tensor<4x4xf32>
  %t12 = arith.addf %v11, %v10 : tensor<4x4xf32>
  %v12 = arith.mulf %t12, %c : tensor<4x4xf32>
  %t13 = arith.addf %v12, %v11 : tensor<4x4xf32>
  %v13 = arith.mulf %t13, %c : tensor<4x4xf32>
  %t14 = arith.addf %v13, %v12 : tensor<4x4xf32>
  %v14 = arith.mulf %t14, %c : tensor<4x4xf32>
  %t15 = arith.addf %v14, %v13 : tensor<4x4xf32>
  %v15 = arith.mulf %t15, %c : tensor<4x4xf32>
  %t16 = arith.addf %v15, %v14 : tensor<4x4xf32>
  %v16 = arith.mulf %t16, %c : tensor<4x4xf32>
  %t17 = arith.addf %v16, %v15 : tensor<4x4xf32>
  %v17 = arith.mulf %t17, %c : tensor<4x4xf32>
  %t18 = arith.addf %v17, %v16 : tensor<4x4xf32>
  %v18 = arith.mulf %t18, %c : tensor<4x4xf32>
  %t19 = arith.addf %v18, %v17 : tensor<4x4xf32>
  %v19 = arith.mulf %t19, %c : tensor<4x4xf32>
  %t20 = arith.addf %v19, %v18 : tensor<4x4xf32>
  %v20 = arith.mulf %t20, %c : tensor<4x4xf32>
  %t21 = arith.addf %v20, %v19 : tensor<4x4xf32>
  %v21 = arith.mulf %t21, %c : tensor<4x4xf32>
  %t22 = arith.addf %v21, %v20 : tensor<4x4xf32>
  %v22 = arith.mulf %t22, %c : tensor<4x4xf32>
  %t23 = arith.addf %v22, %v21 : tensor<4x4xf32>
  %v23 = arith.mulf %t23, %c : tensor<4x4xf32>
  %t24 = arith.addf %v23, %v22 : tensor<4x4xf32>
  %v24 = arith.mulf %t24, %c : tensor<4x4xf32>
  %t25 = arith.addf %v24, %v23 : tensor<4x4xf32>
  %v25 = arith.mulf %t25, %c : tensor<4x4xf32>
  %t26 = arith.addf %v25, %v24 : tensor<4x4xf32>
  %v26 = arith.mulf %t26, %c : tensor<4x4xf32>
  %t27 = arith.addf %v26, %v25 : tensor<4x4xf32>
  %v27 = arith.mulf %t27, %c : tensor<4x4xf32>
  %t28 = arith.addf %v27, %v26 : tensor<4x4xf32>
  %v28 = arith.mulf %t28, %c : tensor<4x4xf32>
  %t29 = arith.addf %v28, %v27 : tensor<4x4xf32>
  %v29 = arith.mulf %t29, %c : tensor<4x4xf32>
  %t30 = arith.addf %v29, %v28 : tensor<4x4xf32>
  %v30 = arith.mulf %t30, %c : tensor<4x4xf32>
  %t31 = arith.addf %v30, %v29 : tensor<4x4xf32>
  %v31 = arith.mulf %t31, %c : tensor<4x4xf32>
  %t32 = arith.addf %v31, %v30 : tensor<4x4xf32>
  %v32 = arith.mulf %t32, %c : tensor<4x4xf32>
  %t33 = arith.addf %v32, %v31 : tensor<4x4xf32>
  %v33 = arith.mulf %t33, %c : tensor<4x4xf32>
  %t34 = arith.addf %v33, %v32 : tensor<4x4xf32>
  %v34 = arith.mulf %t34, %c : tensor<4x4xf32>
  %t35 = arith.addf %v34, %v33 : tensor<4x4xf32>
  %v35 = arith.mulf %t35, %c : tensor<4x4xf32>
  %t36 = arith.addf %v35, %v34 : tensor<4x4xf32>
  %v36 = arith.mulf %t36, %c : tensor<4x4xf32>
  %t37 = arith.addf %v36, %v35 : tensor<4x4xf32>
  %v37 = arith.mulf %t37, %c : tensor<4x4xf32>
  %t38 = arith.addf %v37, %v36 : tensor<4x4xf32>
  %v38 = arith.mulf %t38, %c : tensor<4x4xf32>
  %t39 = arith.addf %v38, %v37 : tensor<4x4xf32>
  %v39 = arith.mulf %t39, %c : tensor<4x4xf32>
  %t40 = arith.addf %v39, %v38 : tensor<4x4xf32>
  %v40 = arith.mulf %t40, %c : tensor<4x4xf32>
  %t41 = arith.addf %v40, %v39 : tensor<4x4xf32>
  %v41 = arith.mulf %t41, %c : tensor<4x4xf32>
  %t42 = arith.addf %v41, %v40 : tensor<4x4xf32>
  %v42 = arith.mulf %t42, %c : tensor<4x4xf32>
  %t43 = arith.addf %v42, %v41 : tensor<4x4xf32>
  %v43 = arith.mulf %t43, %c : tensor<4x4xf32>
  %t44 = arith.addf %v43, %v42 : tensor<4x4xf32>
  %v44 = arith.mulf %t44, %c : tensor<4x4xf32>
  %t45 = arith.addf %v44, %v43 : tensor<4x4xf32>
  %v45 = arith.mulf %t45, %c : tensor<4x4xf32>
  %t46 = arith.addf %v45, %v44 : tensor<4x4xf32>
  %v46 = arith.mulf %t46, %c : tensor<4x4xf32>
  %t47 = arith.addf %v46, %v45 : tensor<4x4xf32>
  %v47 = arith.mulf %t47, %c : tensor<4x4xf32>
  %t48 = arith.addf %v47, %v46 : tensor<4x4xf32>
  %v48 = arith.mulf %t48, %c : tensor<4x4xf32>
  %t49 = arith.addf %v48, %v47 : tensor<4x4xf32>
  %v49 = arith.mulf %t49, %c : tensor<4x4xf32>
  %t50 = arith.addf %v49, %v48 : tensor<4x4xf32>
  %v50 = arith.mulf %t50, %c : tensor<4x4xf32>
  %t51 = arith.addf %v50, %v49 : tensor<4x4xf32>
  %v51 = arith.mulf %t51, %c : tensor<4x4xf32>
  %t52 = arith.addf %v51, %v50 : tensor<4x4xf32>
  %v52 = arith.mulf %t52, %c : tensor<4x4xf32>
  %t53 = arith.addf %v52, %v51 : tensor<4x4xf32>
  %v53 = arith.mulf %t53, %c : tensor<4x4xf32>
  %t54 = arith.addf %v53, %v52 : tensor<4x4xf32>
  %v54 = arith.mulf %t54, %c : tensor<4x4xf32>
  %t55 = arith.addf %v54, %v53 : tensor<4x4xf32>
  %v55 = arith.mulf %t55, %c : tensor<4x4xf32>
  %t56 = arith.addf %v55, %v54 : tensor<4x4xf32>
  %v56 = arith.mulf %t56, %c : tensor<4x4xf32>
  %t57 = arith.addf %v56, %v55 : tensor<4x4xf32>
  %v57 = arith.mulf %t57, %c : tensor<4x4xf32>
  %t58 = arith.addf %v57, %v56 : tensor<4x4xf32>
  %v58 = arith.mulf %t58, %c : tensor<4x4xf32>
  %t59 = arith.addf %v58, %v57 : tensor<4x4xf32>
  %v59 = arith.mulf %t59, %c : tensor<4x4xf32>
  return %v59 : tensor<4x4xf32>
}

//--- conv_like.mlir
func.func @conv_like(%x: tensor<12xf32>, %w: tensor<3xf32>) -> tensor<10xf32> {
  %xr = uop.reshape %x : tensor<12xf32> -> tensor<1x12xf32>
  %xe = uop.expand %xr : tensor<1x12xf32> -> tensor<3x12xf32>
  %xf = uop.reshape %xe : tensor<3x12xf32> -> tensor<36xf32>
  %xp = uop.pad %xf low [0] high [3] : tensor<36xf32> -> tensor<39xf32>
  %xq = uop.reshape %xp : tensor<39xf32> -> tensor<3x13xf32>
  %xs = uop.shrink %xq [0, 0] to [3, 10] : tensor<3x13xf32> -> tensor<3x10xf32>
  %wr = uop.reshape %w : tensor<3xf32> -> tensor<3x1xf32>
  %we = uop.expand %wr : tensor<3x1xf32> -> tensor<3x10xf32>
  %m = arith.mulf %xs, %we : tensor<3x10xf32>
  %s = uop.reduce_axis add %m [0] : tensor<3x10xf32> -> tensor<10xf32>
  return %s : tensor<10xf32>
}

//--- cmp_pad_select.mlir
func.func @cmp_pad_select(%a: tensor<4x5xf32>, %b: tensor<6x5xf32>) -> tensor<6x5xf32> {
  %z = arith.constant dense<0.0> : tensor<4x5xf32>
  %c = arith.cmpf ogt, %a, %z : tensor<4x5xf32>
  %p = uop.pad %c low [1, 0] high [1, 0] : tensor<4x5xi1> -> tensor<6x5xi1>
  %n = arith.negf %b : tensor<6x5xf32>
  %s = arith.select %p, %b, %n : tensor<6x5xi1>, tensor<6x5xf32>
  return %s : tensor<6x5xf32>
}

//--- rank6_reduce.mlir
func.func @rank6_reduce(%a: tensor<2x3x4x5x2x3xf32>) -> tensor<3x5x3xf32> {
  %s = uop.reduce_axis add %a [0, 2, 4] : tensor<2x3x4x5x2x3xf32> -> tensor<3x5x3xf32>
  return %s : tensor<3x5x3xf32>
}
