// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// The layout attributes' own rules (the algebra's validate() and text parser,
// SwizzleLayoutAttr / ComposeLayoutAttr verifiers) and #tirx.scope, on
// standalone attributes. The tile parser echoes the token text it
// re-assembled; the messages below quote it as printed.

// expected-error @+1 {{shard iter #0 has extent 0 (must be >= 1)}}
tirx.prim_func @shard_extent_zero() attributes {l = #tirx.tile<S[(0,4):(4,1)]>} {
  tirx.return
}

// -----

// expected-error @+1 {{shard iter #1 has extent -2 (must be >= 1)}}
tirx.prim_func @shard_extent_negative() attributes {l = #tirx.tile<S[(4,-2):(4,1)]>} {
  tirx.return
}

// -----

// expected-error @+1 {{replica iter #0 has extent 0 (must be >= 1)}}
tirx.prim_func @replica_extent_zero() attributes {l = #tirx.tile<S[32:1] + R[0:1@warpid]>} {
  tirx.return
}

// -----

// expected-error @+1 {{shard iter #1 has negative stride -1}}
tirx.prim_func @shard_negative_stride() attributes {l = #tirx.tile<S[(4,8):(8,-1)]>} {
  tirx.return
}

// -----

// expected-error @+1 {{replica iter #1 has negative stride -4}}
tirx.prim_func @replica_negative_stride() attributes {l = #tirx.tile<S[32:1] + R[(2,2):(1@warpid,-4)]>} {
  tirx.return
}

// -----

// expected-error @+1 {{offset #0 is negative (-3)}}
tirx.prim_func @negative_offset() attributes {l = #tirx.tile<S[32:1] + -3>} {
  tirx.return
}

// -----

// expected-error @+1 {{shard iter #0 names unknown axis 'threadIdx'}}
tirx.prim_func @shard_unknown_axis() attributes {l = #tirx.tile<S[(4,32):(1@threadIdx,1)]>} {
  tirx.return
}

// -----

// Axis names are case sensitive.
// expected-error @+1 {{shard iter #0 names unknown axis 'tlane'}}
tirx.prim_func @axis_case() attributes {l = #tirx.tile<S[128:1@tlane]>} {
  tirx.return
}

// -----

// expected-error @+1 {{replica iter #0 names unknown axis 'lane'}}
tirx.prim_func @replica_unknown_axis() attributes {l = #tirx.tile<S[32:1] + R[2:1@lane]>} {
  tirx.return
}

// -----

// expected-error @+1 {{offset #1 names unknown axis 'blockIdx'}}
tirx.prim_func @offset_unknown_axis() attributes {l = #tirx.tile<S[32:1] + 1 + 5@blockIdx>} {
  tirx.return
}

// -----

// 2^31 * 2^31 * 2 = 2^63 elements.
// expected-error @+1 {{layout size exceeds 2^62}}
tirx.prim_func @size_too_large() attributes {l = #tirx.tile<S[(2147483648,2147483648,2):(1,1,1)]>} {
  tirx.return
}

// -----

// The span on `m` is (2 - 1) * 2^62 + 1 > 2^62.
// expected-error @+1 {{layout span exceeds 2^62 on some axis}}
tirx.prim_func @span_too_large() attributes {l = #tirx.tile<S[2:4611686018427387904]>} {
  tirx.return
}

// -----

// expected-error @+1 {{invalid tile layout: S has 2 extents but 1 strides}}
tirx.prim_func @extent_stride_count() attributes {l = #tirx.tile<S[(4,8):1]>} {
  tirx.return
}

// -----

// expected-error @+1 {{invalid tile layout: R has 1 extents but 2 strides}}
tirx.prim_func @replica_extent_stride_count() attributes {l = #tirx.tile<S[32:1] + R[2:(1@warpid,2@warpid)]>} {
  tirx.return
}

// -----

// expected-error @+1 {{invalid tile layout: a second 'R[...]' (write all replica iters in one)}}
tirx.prim_func @two_replicas() attributes {l = #tirx.tile<S[32:1@laneid] + R[2:1@warpid] + R[2:2@warpid]>} {
  tirx.return
}

// -----

// expected-error @+1 {{invalid tile layout: expected 'S['}}
tirx.prim_func @no_shard() attributes {l = #tirx.tile<R[2:1@warpid]>} {
  tirx.return
}

// -----

// expected-error @+1 {{invalid tile layout: expected 'S['}}
tirx.prim_func @empty_tile() attributes {l = #tirx.tile<>} {
  tirx.return
}

// -----

// The MLIR lexer refuses an unbalanced dialect attribute body first.
// expected-error @+1 {{unbalanced '[' character in pretty dialect name}}
tirx.prim_func @unclosed_shard() attributes {l = #tirx.tile<S[32:1>} {
  tirx.return
}

// -----

// expected-error @+1 {{invalid tile layout: expected ']'}}
tirx.prim_func @shard_not_closed() attributes {l = #tirx.tile<S[32:1 + 2]>} {
  tirx.return
}

// -----

// A keyword where ',' or ')' belongs.
// expected-error @+1 {{invalid tile layout: expected ')'}}
tirx.prim_func @tuple_not_closed() attributes {l = #tirx.tile<S[(4,8 R):(8,1)]>} {
  tirx.return
}

// -----

// expected-error @+1 {{invalid tile layout: expected an integer}}
tirx.prim_func @missing_stride() attributes {l = #tirx.tile<S[32:]>} {
  tirx.return
}

// -----

// expected-error @+1 {{invalid tile layout: expected '+'}}
tirx.prim_func @missing_plus() attributes {l = #tirx.tile<S[32:1] 3>} {
  tirx.return
}

// -----

// expected-error @+1 {{unexpected token in tile layout; expected the form S[(e,...):(s@axis,...)] + R[...] + k@axis}}
tirx.prim_func @stray_token() attributes {l = #tirx.tile<S[32:1] * 2>} {
  tirx.return
}

// -----

//===----------------------------------------------------------------------===//
// #tirx.swizzle
//===----------------------------------------------------------------------===//

// expected-error @+1 {{invalid swizzle: swizzle atom_len (2) must be >= swizzle_len (3)}}
tirx.prim_func @swizzle_atom_short() attributes {l = #tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 2>} {
  tirx.return
}

// -----

// expected-error @+1 {{invalid swizzle: swizzle fields must be non-negative (per_element = -1, swizzle_len = 3, atom_len = 3)}}
tirx.prim_func @swizzle_negative_per_element() attributes {l = #tirx.swizzle<per_element = -1, swizzle_len = 3, atom_len = 3>} {
  tirx.return
}

// -----

// expected-error @+1 {{invalid swizzle: swizzle fields must be non-negative (per_element = 0, swizzle_len = -1, atom_len = 3)}}
tirx.prim_func @swizzle_negative_len() attributes {l = #tirx.swizzle<per_element = 0, swizzle_len = -1, atom_len = 3>} {
  tirx.return
}

// -----

// expected-error @+1 {{invalid swizzle: swizzle fields must be non-negative (per_element = 0, swizzle_len = 0, atom_len = -2)}}
tirx.prim_func @swizzle_negative_atom() attributes {l = #tirx.swizzle<per_element = 0, swizzle_len = 0, atom_len = -2>} {
  tirx.return
}

// -----

// expected-error @+1 {{invalid swizzle: swizzle per_element + swizzle_len + atom_len must be <= 62}}
tirx.prim_func @swizzle_too_wide() attributes {l = #tirx.swizzle<per_element = 30, swizzle_len = 16, atom_len = 17>} {
  tirx.return
}

// -----

// expected-error @+1 {{struct is missing required parameter: atom_len}}
tirx.prim_func @swizzle_missing_key() attributes {l = #tirx.swizzle<per_element = 3, swizzle_len = 3>} {
  tirx.return
}

// -----

//===----------------------------------------------------------------------===//
// #tirx.compose
//===----------------------------------------------------------------------===//

// expected-error @+1 {{invalid compose layout: compose: the tile layout names no 'm' axis for the swizzle to act on}}
tirx.prim_func @compose_without_m() attributes {l = #tirx.compose<#tirx.swizzle<per_element = 0, swizzle_len = 2, atom_len = 3>, #tirx.tile<S[(4,32):(1@warpid,1@laneid)]>>} {
  tirx.return
}

// -----

// expected-error @+1 {{expected #tirx.compose<#tirx.swizzle<...>, #tirx.tile<...>>}}
tirx.prim_func @compose_swapped() attributes {l = #tirx.compose<#tirx.tile<S[32:1]>, #tirx.swizzle<per_element = 0, swizzle_len = 2, atom_len = 3>>} {
  tirx.return
}

// -----

// expected-error @+1 {{expected #tirx.compose<#tirx.swizzle<...>, #tirx.tile<...>>}}
tirx.prim_func @compose_two_swizzles() attributes {l = #tirx.compose<#tirx.swizzle<per_element = 0, swizzle_len = 2, atom_len = 3>, #tirx.swizzle<per_element = 0, swizzle_len = 2, atom_len = 3>>} {
  tirx.return
}

// -----

//===----------------------------------------------------------------------===//
// #tirx.scope
//===----------------------------------------------------------------------===//

// expected-error @+2 {{failed to parse TIRx_ScopeAttr parameter 'value' which is to be a `::uop::tirx::ExecScopeKind`}}
// expected-error @+1 {{expected ::uop::tirx::ExecScopeKind to be one of: thread, warp, warpgroup, cta, cluster, kernel}}
tirx.prim_func @unknown_scope() attributes {s = #tirx.scope<block>} {
  tirx.return
}
