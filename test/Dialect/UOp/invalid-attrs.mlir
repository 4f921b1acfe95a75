// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// Verifiers and parsers of the uop types and attributes.

// expected-error @+1 {{pointer element type must be a scalar or vector, got '!uop.void'}}
func.func @ptr_of_void(%p: !uop.ptr<!uop.void, global>)

// -----

// expected-error @+1 {{pointer element type must be a scalar or vector, got 'tensor<4xf32>'}}
func.func @ptr_of_tensor(%p: !uop.ptr<tensor<4xf32>, global>)

// -----

// expected-error @+1 {{pointer element type must be a scalar or vector, got '!uop.ptr<f32, global>'}}
func.func @ptr_of_ptr(%p: !uop.ptr<!uop.ptr<f32, global>, global>)

// -----

// expected-error @+1 {{pointer element type must be a scalar or vector, got 'memref<4xf32>'}}
func.func @ptr_of_memref(%p: !uop.ptr<memref<4xf32>, local>)

// -----

// expected-error @+1 {{pointer size must be non-negative, got -2}}
func.func @ptr_negative_size(%p: !uop.ptr<f32, global, -2>)

// -----

// An unknown address space is one error (-verify-diagnostics fails on any
// extra, unexpected one).
// expected-error @+1 {{unknown address space 'shared'; expected global, local or reg}}
func.func @ptr_bad_addrspace(%p: !uop.ptr<f32, shared>)

// -----

// expected-error @+1 {{expected an axis id like R0 (renumbered) or U0 (unrenumbered), got 'X3'}}
func.func @axis_id_bad_prefix() attributes {a = #uop.axis_id<X3>}

// -----

// expected-error @+1 {{expected an axis id like R0 (renumbered) or U0 (unrenumbered), got 'R'}}
func.func @axis_id_no_number() attributes {a = #uop.axis_id<R>}

// -----

// expected-error @+1 {{expected an axis id like R0 (renumbered) or U0 (unrenumbered), got 'Rx'}}
func.func @axis_id_not_a_number() attributes {a = #uop.axis_id<Rx>}

// -----

// expected-error @+1 {{expected an axis id like R0 (renumbered) or U0 (unrenumbered), got 'r0'}}
func.func @axis_id_lower_case() attributes {a = #uop.axis_id<r0>}

// -----

// expected-error @+1 {{expected an axis id like R0 (renumbered) or U0 (unrenumbered), got 'U99999999999999999999'}}
func.func @axis_id_overflow() attributes {a = #uop.axis_id<U99999999999999999999>}

// -----

func.func @range_axis_id_bad(%n: index) {
  // expected-error @+1 {{expected an axis id like R0 (renumbered) or U0 (unrenumbered), got 'X3'}}
  %r = uop.range %n, X3, loop
  return
}

// -----

// expected-error @+2 {{expected ::uop::AxisType to be one of: placeholder, loop, global, thread, warp, local, group_reduce, upcast, reduce, unroll}}
// expected-error @+1 {{failed to parse UOp_AxisTypeAttr parameter 'value' which is to be a `::uop::AxisType`}}
func.func @axis_type_bad() attributes {a = #uop<axis_type grid>}

// -----

// expected-error @+2 {{expected ::uop::ReduceOpKind to be one of: add, mul, max, min}}
// expected-error @+1 {{failed to parse UOp_ReduceOpAttr parameter 'value' which is to be a `::uop::ReduceOpKind`}}
func.func @reduce_op_bad() attributes {a = #uop<reduce_op avg>}

// -----

// expected-error @+2 {{expected ::uop::CustomFunctionKind to be one of: enc_dec, graph}}
// expected-error @+1 {{failed to parse UOp_CustomFunctionKindAttr parameter 'value' which is to be a `::uop::CustomFunctionKind`}}
func.func @custom_function_kind_bad() attributes {a = #uop<custom_function_kind encdec>}

// -----

// expected-error @+2 {{expected one of [global, local, reg] for memory address space, got: shared}}
// expected-error @+1 {{failed to parse UOp_BufferizeOptsAttr parameter 'addrspace' which is to be a `::uop::AddrSpace`}}
func.func @bufferize_opts_bad_addrspace() attributes {a = #uop.bufferize_opts<addrspace = shared>}

// -----

// expected-error @+1 {{expected '>'}}
func.func @bufferize_opts_not_struct() attributes {a = #uop.bufferize_opts<3>}

// -----

// expected-error @+1 {{duplicate or unknown struct parameter name: nom}}
func.func @call_info_unknown_param() attributes {a = #uop.call_info<nom = "x">}

// -----

// expected-error @+2 {{expected integer value}}
// expected-error @+1 {{failed to parse UOp_CallInfoAttr parameter 'precompile' which is to be a `bool`}}
func.func @call_info_bad_bool() attributes {a = #uop.call_info<precompile = "yes">}

// -----

// expected-error @+1 {{duplicate or unknown struct parameter name: name}}
func.func @kernel_info_duplicate() attributes {a = #uop.kernel_info<name = "a", name = "b">}

// -----

// expected-error @+1 {{wmma dims must be (N, M, K), got 4 values}}
func.func @wmma_attr_dims() attributes {a = #uop.wmma<name = "w", dims = [16, 16, 16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA">}

// -----

// expected-error @+1 {{wmma dims must be positive}}
func.func @wmma_attr_negative_dim() attributes {a = #uop.wmma<name = "w", dims = [-16, 16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA">}

// -----

// expected-error @+1 {{wmma threads must be positive, got -32}}
func.func @wmma_attr_threads() attributes {a = #uop.wmma<name = "w", dims = [16, 16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA", threads = -32>}

// -----

// expected-error @+1 {{wmma dtypes must be scalar types}}
func.func @wmma_attr_dtype() attributes {a = #uop.wmma<name = "w", dims = [16, 16, 16], dtype_in = f16, dtype_out = !uop.void, device = "CUDA">}

// -----

// expected-error @+1 {{wmma tile_grid must be two positive values}}
func.func @wmma_attr_tile_grid() attributes {a = #uop.wmma<name = "w", dims = [16, 16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA", tile_grid = [4]>}

// -----

// expected-error @+1 {{upcast_a needs non-negative axes and positive factors, got (0, 0)}}
func.func @wmma_attr_upcast_a() attributes {a = #uop.wmma<name = "w", dims = [16, 16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA", upcast_a = [(0, 0)]>}

// -----

// expected-error @+1 {{struct is missing required parameter: device}}
func.func @wmma_attr_missing_device() attributes {a = #uop.wmma<name = "w", dims = [16, 16, 16], dtype_in = f16, dtype_out = f32>}

// -----

// expected-error @+2 {{expected '('}}
// expected-error @+1 {{failed to parse UOp_WmmaMetadataAttr parameter 'reduce_axes' which is to be a `::llvm::ArrayRef<int64_t>`}}
func.func @wmma_attr_flat_pairs() attributes {a = #uop.wmma<name = "w", dims = [16, 16, 16], dtype_in = f16, dtype_out = f32, device = "CUDA", reduce_axes = [0, 2]>}

// -----

// expected-error @+2 {{expected '['}}
// expected-error @+1 {{failed to parse UOp_WmmaMetadataAttr parameter 'dims' which is to be a `::llvm::ArrayRef<int64_t>`}}
func.func @wmma_attr_dims_tuple() attributes {a = #uop.wmma<name = "w", dims = (16, 16, 16), dtype_in = f16, dtype_out = f32, device = "CUDA">}

// -----

// expected-error @+1 {{unknown attribute `nonsense` in dialect `uop`}}
func.func @unknown_attr() attributes {a = #uop.nonsense<1>}

// -----

// expected-error @+1 {{unknown  type `tensor` in dialect `uop`}}
func.func @unknown_type(%x: !uop.tensor<4xf32>)

// -----

// PtrType stores "no size" as -1, but a size written in the text must be
// non-negative: `!uop.ptr<f32, global, -1>` is rejected by the parser rather
// than silently printed back as the unsized `!uop.ptr<f32, global>`.

// expected-error @+1 {{pointer size must be non-negative, got -1}}
func.func private @ptr_minus_one(!uop.ptr<f32, global, -1>)

// -----

// An opt kind is one of tinygrad's OptOps.
// expected-error @+2 {{expected one of [TC, UPCAST, UNROLL, LOCAL, THREAD, GROUP, GROUPTOP, NOLOCALS, PADTO, SWAP, BLOCK, PACK, PREFETCH, PITCH] for a kernel optimisation kind, got: VECTORIZE}}
// expected-error @+1 {{failed to parse UOp_OptAttr parameter 'kind'}}
func.func private @opt_unknown_kind() attributes {a = #uop.opt<VECTORIZE, 0, 4>}

// -----

// expected-error @+1 {{opt UPCAST needs a non-negative axis, got -1}}
func.func private @opt_negative_axis() attributes {a = #uop.opt<UPCAST, -1, 4>}

// -----

// expected-error @+1 {{opt LOCAL needs a non-negative amount, got -4}}
func.func private @opt_negative_arg() attributes {a = #uop.opt<LOCAL, 0, -4>}

// -----

// expected-error @+1 {{expected ','}}
func.func private @opt_missing_arg() attributes {a = #uop.opt<UPCAST, 0>}

// -----

// applied_opts no longer takes the old "KIND:axis:arg" strings.
// expected-error @+2 {{expected '<'}}
// expected-error @+1 {{failed to parse UOp_KernelInfoAttr parameter 'applied_opts'}}
func.func private @applied_opts_string() attributes {a = #uop.kernel_info<applied_opts = ["UPCAST:1:16"]>}

// -----

// expected-error @+2 {{invalid kind of attribute specified}}
// expected-error @+1 {{failed to parse UOp_KernelInfoAttr parameter 'applied_opts'}}
func.func private @applied_opts_not_opt() attributes {a = #uop.kernel_info<applied_opts = [<UPCAST, 0, 4>, #uop.axis_id<R3>]>}
