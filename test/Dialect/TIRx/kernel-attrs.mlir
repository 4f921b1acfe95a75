// RUN: uop-opt %s -split-input-file -verify-diagnostics | FileCheck %s
//
// What the lowering records on a kernel for its launcher is declared by the
// tirx dialect (discardable attributes with one definition each) and
// verified wherever it appears: the launch dimensions, the tensor-map
// parameters, the shared memory bytes.

// CHECK-LABEL: llvm.func @kernel
// CHECK-SAME: tirx.block_dims = array<i64: 128, 2>
// CHECK-SAME: tirx.dynamic_shared_bytes = 66560 : i64
// CHECK-SAME: tirx.grid_dims = array<i64: 4>
// CHECK-SAME: tirx.tensor_maps = [#tirx.tensor_map_param<arg = 1, buffer_arg = 0, shape = [256, 128], box = [64, 64], swizzle = 128>]
llvm.func @kernel(%a: !llvm.ptr<1>, %m: !llvm.ptr) attributes {
    tirx.block_dims = array<i64: 128, 2>, tirx.grid_dims = array<i64: 4>,
    tirx.dynamic_shared_bytes = 66560 : i64,
    tirx.tensor_maps = [#tirx.tensor_map_param<arg = 1, buffer_arg = 0, shape = [256, 128], box = [64, 64], swizzle = 128>]} {
  llvm.return
}

// -----

// expected-error @+1 {{'tirx.block_dims' must be 1 to 3 extents in [1, 2^31)}}
llvm.func @zero_block() attributes {tirx.block_dims = array<i64: 0>} {
  llvm.return
}

// -----

// The driver takes 32-bit extents: a grid of 2^31 blocks is refused here,
// not narrowed to a negative number later.
// expected-error @+1 {{'tirx.grid_dims' must be 1 to 3 extents in [1, 2^31)}}
llvm.func @huge_grid() attributes {tirx.grid_dims = array<i64: 2147483648>} {
  llvm.return
}

// -----

// Issue 13: 2^31 threads were narrowed to nvvm.maxntid = -2^31; a CTA has
// at most 1024 threads in all.
// expected-error @+1 {{'tirx.block_dims' gives a CTA of 2048 threads; a CTA has at most 1024}}
llvm.func @big_block() attributes {tirx.block_dims = array<i64: 32, 32, 2>} {
  llvm.return
}

// -----

// expected-error @+1 {{'tirx.grid_dims' y and z extents are at most 65535}}
llvm.func @grid_y() attributes {tirx.grid_dims = array<i64: 1, 65536>} {
  llvm.return
}

// -----

llvm.func @grid_limits() attributes {tirx.block_dims = array<i64: 1024>, tirx.grid_dims = array<i64: 2147483647, 65535, 65535>} {
  llvm.return
}

// -----

// expected-error @+1 {{'tirx.grid_dims' must be 1 to 3 extents in [1, 2^31)}}
llvm.func @four_dims() attributes {tirx.grid_dims = array<i64: 1, 1, 1, 1>} {
  llvm.return
}

// -----

// expected-error @+1 {{'tirx.tensor_maps' must be an array of #tirx.tensor_map_param}}
llvm.func @dict_maps() attributes {tirx.tensor_maps = [{arg = 1 : i64}]} {
  llvm.return
}

// -----

// expected-error @+1 {{'tirx.dynamic_shared_bytes' must be a non-negative integer}}
llvm.func @negative_shared() attributes {tirx.dynamic_shared_bytes = -1 : i64} {
  llvm.return
}

// -----

// expected-error @+1 {{swizzle is 0, 32, 64 or 128 bytes, got 48}}
llvm.func @swizzle() attributes {tirx.tensor_maps = [#tirx.tensor_map_param<arg = 0, buffer_arg = 0, shape = [64], box = [64], swizzle = 48>]} {
  llvm.return
}

// -----

// expected-error @+1 {{a tensor map has 1 to 5 dimensions and a box of the same rank}}
llvm.func @rank() attributes {tirx.tensor_maps = [#tirx.tensor_map_param<arg = 0, buffer_arg = 0, shape = [64, 64], box = [64], swizzle = 0>]} {
  llvm.return
}

// -----

// expected-error @+1 {{box extents are 1 to 256 and within the shape}}
llvm.func @box() attributes {tirx.tensor_maps = [#tirx.tensor_map_param<arg = 0, buffer_arg = 0, shape = [1024], box = [512], swizzle = 0>]} {
  llvm.return
}

// -----

// expected-error @+1 {{parameter indices must be non-negative}}
llvm.func @index() attributes {tirx.tensor_maps = [#tirx.tensor_map_param<arg = -1, buffer_arg = 0, shape = [64], box = [64], swizzle = 0>]} {
  llvm.return
}

// -----

// What a kernel computes, for `uop-run --check`, is an enum on the prim_func.
// CHECK-LABEL: tirx.prim_func @copy
// CHECK-SAME: attributes {tirx.reference = #tirx.reference<gemm_nt>}
tirx.prim_func @copy(%A: !tirx.buffer<64xf32, global>)
    attributes {tirx.reference = #tirx.reference<gemm_nt>} {
  tirx.return
}

// -----

// expected-error @+1 {{'tirx.reference' must be a #tirx.reference}}
tirx.prim_func @string(%A: !tirx.buffer<64xf32, global>)
    attributes {tirx.reference = "gemm_nt"} {
  tirx.return
}

// -----

// expected-error @+1 {{'tirx.reference' belongs on a tirx.prim_func}}
llvm.func @not_a_prim_func() attributes {tirx.reference = #tirx.reference<copy>} {
  llvm.return
}

// -----

tirx.prim_func @unknown(%A: !tirx.buffer<64xf32, global>)
    // expected-error @+2 {{expected ::uop::tirx::ReferenceKind to be one of: copy, gemm_nn, gemm_nt}}
    // expected-error @+1 {{failed to parse TIRx_ReferenceAttr parameter 'value'}}
    attributes {tirx.reference = #tirx.reference<gemm_tt>} {
  tirx.return
}
