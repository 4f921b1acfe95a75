// RUN: uop-opt %s | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | uop-opt | FileCheck %s
// RUN: uop-opt %s --emit-bytecode | uop-opt | FileCheck %s
// RUN: uop-opt %s --verify-roundtrip | FileCheck %s
//
// Every uop attribute standalone, in an attribute dictionary.

// CHECK-LABEL: func.func private @axis_ids()
// CHECK-SAME: r = #uop.axis_id<R3>
// CHECK-SAME: u = #uop.axis_id<U0>
// CHECK-SAME: w = #uop.axis_id<R12>
func.func private @axis_ids() attributes {r = #uop.axis_id<R3>, u = #uop.axis_id<U0>, w = #uop.axis_id<R012>}

// CHECK-LABEL: func.func private @enums()
// CHECK-SAME: a = #uop<axis_type placeholder>
// CHECK-SAME: b = #uop<axis_type group_reduce>
// CHECK-SAME: c = #uop<axis_type unroll>
// CHECK-SAME: d = #uop<reduce_op min>
// CHECK-SAME: e = #uop<addrspace reg>
// CHECK-SAME: f = #uop<custom_function_kind enc_dec>
func.func private @enums() attributes {a = #uop<axis_type placeholder>, b = #uop<axis_type group_reduce>, c = #uop<axis_type unroll>, d = #uop<reduce_op min>, e = #uop<addrspace reg>, f = #uop<custom_function_kind enc_dec>}

// Defaults (addrspace = global, removable = true) are elided.
// CHECK-LABEL: func.func private @bufferize_opts()
// CHECK-SAME: a = #uop.bufferize_opts<>
// CHECK-SAME: b = #uop.bufferize_opts<device = "CUDA:1">
// CHECK-SAME: c = #uop.bufferize_opts<addrspace = local, removable = false>
// CHECK-SAME: d = #uop.bufferize_opts<>
func.func private @bufferize_opts() attributes {a = #uop.bufferize_opts<>, b = #uop.bufferize_opts<device = "CUDA:1">, c = #uop.bufferize_opts<removable = false, addrspace = local>, d = #uop.bufferize_opts<addrspace = global, removable = true>}

// CHECK-LABEL: func.func private @call_info()
// CHECK-SAME: a = #uop.call_info<>
// CHECK-SAME: b = #uop.call_info<name = "f", grad_tag = "grad_f", metadata = ["x", "y"], precompile = true, precompile_backward = true>
// CHECK-SAME: c = #uop.call_info<precompile_backward = true>
func.func private @call_info() attributes {a = #uop.call_info<>, b = #uop.call_info<name = "f", grad_tag = "grad_f", metadata = ["x", "y"], precompile = true, precompile_backward = true>, c = #uop.call_info<precompile = false, precompile_backward = true>}

// CHECK-LABEL: func.func private @kernel_info()
// CHECK-SAME: a = #uop.kernel_info<>
// CHECK-SAME: b = #uop.kernel_info<name = "r_64_64", dont_use_locals = true, applied_opts = [<LOCAL, 0, 16>, <UPCAST, 1, 4>]>
// CHECK-SAME: c = #uop.kernel_info<applied_opts = [<NOLOCALS, 0, 0>]>
// CHECK-SAME: d = #uop.kernel_info<name = "k", opts_to_apply = [<GROUPTOP, 1, 128>, <UNROLL, 2, 4>]>
func.func private @kernel_info() attributes {a = #uop.kernel_info<>, b = #uop.kernel_info<name = "r_64_64", dont_use_locals = true, applied_opts = [<LOCAL, 0, 16>, #uop.opt<UPCAST, 1, 4>]>, c = #uop.kernel_info<applied_opts = [<NOLOCALS, 0, 0>]>, d = #uop.kernel_info<name = "k", opts_to_apply = [<GROUPTOP, 1, 128>, #uop.opt<UNROLL, 2, 4>]>}

// Every OptOps kind; the quoted form of the kind parses too.
// CHECK-LABEL: func.func private @opts()
// CHECK-SAME: a = #uop.opt<TC, 0, 1>, b = #uop.opt<UPCAST, 1, 16>, c = #uop.opt<UNROLL, 2, 4>, d = #uop.opt<LOCAL, 0, 8>, e = #uop.opt<THREAD, 0, 4>, f = #uop.opt<GROUP, 1, 8>, g = #uop.opt<GROUPTOP, 1, 16>, h = #uop.opt<NOLOCALS, 0, 0>, i = #uop.opt<PADTO, 0, 32>, j = #uop.opt<SWAP, 0, 1>
func.func private @opts() attributes {a = #uop.opt<TC, 0, 1>, b = #uop.opt<UPCAST, 1, 16>, c = #uop.opt<UNROLL, 2, 4>, d = #uop.opt<LOCAL, 0, 8>, e = #uop.opt<THREAD, 0, 4>, f = #uop.opt<GROUP, 1, 8>, g = #uop.opt<"GROUPTOP", 1, 16>, h = #uop.opt<NOLOCALS, 0, 0>, i = #uop.opt<PADTO, 0, 32>, j = #uop.opt<SWAP, 0, 1>}

// CHECK-LABEL: func.func private @special_dims()
// CHECK-SAME: a = #uop<special_dim blockIdx.x>, b = #uop<special_dim threadIdx.z>
func.func private @special_dims() attributes {a = #uop<special_dim blockIdx.x>, b = #uop<special_dim threadIdx.z>}

// CHECK-LABEL: func.func private @wmma()
// CHECK-SAME: a = #uop.wmma<name = "WMMA_16_16_16_half_float", dims = [16, 16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA">
// CHECK-SAME: b = #uop.wmma<name = "WMMA_8_16_16_bf16_float", dims = [8, 16, 16], dtype_in = bf16, dtype_out = f32, device = "AMD", threads = 64, upcast_a = [(0, 2), (1, 2)], upcast_b = [(2, 4)], upcast_c = [(3, 2)], reduce_axes = [(4, 2), (5, 2)], tile_grid = [2, 1]>
// CHECK-SAME: c = #uop.wmma<name = "mma_i8", dims = [8, 8, 32], dtype_in = i8, dtype_out = i32, device = "CUDA", upcast_c = [(0, 2)]>
func.func private @wmma() attributes {
  a = #uop.wmma<name = "WMMA_16_16_16_half_float", dims = [16, 16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA", threads = 32>,
  b = #uop.wmma<name = "WMMA_8_16_16_bf16_float", dims = [8, 16, 16], dtype_in = bf16, dtype_out = f32, device = "AMD", threads = 64, upcast_a = [(0, 2), (1, 2)], upcast_b = [(2, 4)], upcast_c = [(3, 2)], reduce_axes = [(4, 2), (5, 2)], tile_grid = [2, 1]>,
  c = #uop.wmma<name = "mma_i8", dims = [8, 8, 32], dtype_in = i8, dtype_out = i32, device = "CUDA", threads = 32, upcast_c = [(0, 2)]>
}
