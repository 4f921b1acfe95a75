// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// Text the tirx parsers reject: garbled layout attributes, unknown axis
// names, unknown storage and execution scopes. Each case gives a located
// error (some two: the attribute parser's, then the op's) and no crash.

//===----------------------------------------------------------------------===//
// Garbled layout text in buffer types.
//===----------------------------------------------------------------------===//

// An unclosed tuple (the lexer sees the unbalanced bracket).
tirx.prim_func @f() {
  tirx.device_entry {
    // expected-error @+1 {{unbalanced '(' character in pretty dialect name}}
    %r = tirx.alloc_buffer : !tirx.buffer<8x16xf32, local, #tirx.tile<S[(8,2):(4@laneid>>
  }
  tirx.return
}

// -----

// Mismatched brackets.
tirx.prim_func @f() {
  tirx.device_entry {
    // expected-error @+1 {{unbalanced '(' character in pretty dialect name}}
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local, #tirx.tile<S[(8,2):(4@laneid]>>
  }
  tirx.return
}

// -----

// No ':' between extents and strides.
tirx.prim_func @f() {
  tirx.device_entry {
    // expected-error @+1 {{invalid tile layout: expected ':'}}
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local, #tirx.tile<S[(8,2)(4@laneid,1)]>>
  }
  tirx.return
}

// -----

// An '@' without an axis name.
tirx.prim_func @f() {
  tirx.device_entry {
    // expected-error @+1 {{@ identifier expected to start with letter or '_'}}
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local, #tirx.tile<S[(8,2):(4@,1)]>>
  }
  tirx.return
}

// -----

// A dangling '+'.
tirx.prim_func @f() {
  tirx.device_entry {
    // expected-error @+1 {{invalid tile layout: expected an integer}}
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local, #tirx.tile<S[(8,2):(4@laneid,1)] +>>
  }
  tirx.return
}

// -----

// No 'S'.
tirx.prim_func @f() {
  tirx.device_entry {
    // expected-error @+1 {{invalid tile layout: expected 'S['}}
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local, #tirx.tile<(8,2):(4@laneid,1)>>
  }
  tirx.return
}

// -----

// A space inside an axis name.
tirx.prim_func @f() {
  tirx.device_entry {
    // expected-error @+1 {{invalid tile layout: expected ')'}}
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local, #tirx.tile<S[(8,2):(4@lane id,1)]>>
  }
  tirx.return
}

// -----

// An extent beyond int64.
tirx.prim_func @f() {
  tirx.device_entry {
    // expected-error @+1 {{integer value too large}}
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local, #tirx.tile<S[99999999999999999999:1]>>
  }
  tirx.return
}

// -----

// A fractional stride.
tirx.prim_func @f() {
  tirx.device_entry {
    // expected-error @+1 {{unexpected token in tile layout; expected the form S[(e,...):(s@axis,...)] + R[...] + k@axis}}
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local, #tirx.tile<S[16:1.5]>>
  }
  tirx.return
}

// -----

// A string stride.
tirx.prim_func @f() {
  tirx.device_entry {
    // expected-error @+1 {{unexpected token in tile layout; expected the form S[(e,...):(s@axis,...)] + R[...] + k@axis}}
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local, #tirx.tile<S[16:"1"]>>
  }
  tirx.return
}

// -----

// Two replica parts.
tirx.prim_func @f() {
  tirx.device_entry {
    // expected-error @+1 {{invalid tile layout: a second 'R[...]' (write all replica iters in one)}}
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local, #tirx.tile<S[16:1] + R[2:1@warpid] + R[2:2@warpid]>>
  }
  tirx.return
}

// -----

// Fewer strides than extents.
tirx.prim_func @f() {
  tirx.device_entry {
    // expected-error @+1 {{invalid tile layout: S has 2 extents but 1 strides}}
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local, #tirx.tile<S[(8,2):(1)]>>
  }
  tirx.return
}

// -----

// A swizzle_inner that is not a bool.
tirx.prim_func @f() {
  tirx.device_entry {
    // expected-error @+2 {{expected integer value}}
    // expected-error @+1 {{failed to parse TIRx_SwizzleLayoutAttr parameter 'swizzle_inner' which is to be a `bool`}}
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local, #tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3, swizzle_inner = maybe>>
  }
  tirx.return
}

// -----

// An unknown swizzle key.
tirx.prim_func @f() {
  tirx.device_entry {
    // expected-error @+1 {{duplicate or unknown struct parameter name: atom}}
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local, #tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3, atom = 3>>
  }
  tirx.return
}

// -----

// A compose without its tile.
tirx.prim_func @f() {
  tirx.device_entry {
    // expected-error @+1 {{expected ','}}
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>>>
  }
  tirx.return
}

// -----

// An unknown layout attribute.
tirx.prim_func @f() {
  tirx.device_entry {
    // expected-error @+1 {{unknown attribute `layout` in dialect `tirx`}}
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local, #tirx.layout<S[16:1]>>
  }
  tirx.return
}

// -----

//===----------------------------------------------------------------------===//
// Unknown axis names in layouts. Only laneid, warpid, wgid, tid_in_wg,
// wid_in_wg, tx, bx, by, bz, cbx, cby, cbz, m, TLane and TCol exist.
//===----------------------------------------------------------------------===//

tirx.prim_func @f() {
  tirx.device_entry {
    // expected-error-re @+1 {{invalid tile layout: invalid layout '{{.*}}': shard iter #0 names unknown axis 'lane'}}
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local, #tirx.tile<S[(4,4):(1@lane,1)]>>
  }
  tirx.return
}

// -----

tirx.prim_func @f() {
  tirx.device_entry {
    // expected-error-re @+1 {{invalid tile layout: invalid layout '{{.*}}': shard iter #1 names unknown axis 'threadIdx'}}
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local, #tirx.tile<S[(4,4):(1@warpid,1@threadIdx)]>>
  }
  tirx.return
}

// -----

// In a replica.
tirx.prim_func @f() {
  tirx.device_entry {
    // expected-error-re @+1 {{invalid tile layout: invalid layout '{{.*}}': replica iter #0 names unknown axis 'warp'}}
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local, #tirx.tile<S[16:1@laneid] + R[2:1@warp]>>
  }
  tirx.return
}

// -----

// In an offset.
tirx.prim_func @f() {
  tirx.device_entry {
    // expected-error-re @+1 {{invalid tile layout: invalid layout '{{.*}}': offset #1 names unknown axis 'blockIdx'}}
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local, #tirx.tile<S[16:1@laneid] + 4@warpid + 1@blockIdx>>
  }
  tirx.return
}

// -----

// Axis names are case sensitive: M is not m.
tirx.prim_func @f() {
  tirx.device_entry {
    // expected-error-re @+1 {{invalid tile layout: invalid layout '{{.*}}': shard iter #0 names unknown axis 'M'}}
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, shared, #tirx.tile<S[16:1@M]>>
  }
  tirx.return
}

// -----

// Nor is tlane TLane.
tirx.prim_func @f() {
  tirx.device_entry {
    // expected-error-re @+1 {{invalid tile layout: invalid layout '{{.*}}': shard iter #0 names unknown axis 'tlane'}}
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, tmem, #tirx.tile<S[(8,2):(1@tlane,1@TCol)]>>
  }
  tirx.return
}

// -----

// Inside a compose.
tirx.prim_func @f() {
  tirx.device_entry {
    // expected-error-re @+1 {{invalid tile layout: invalid layout '{{.*}}': shard iter #0 names unknown axis 'mem'}}
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[16:1@mem]>>>
  }
  tirx.return
}

// -----

//===----------------------------------------------------------------------===//
// Unknown storage and execution scopes.
//===----------------------------------------------------------------------===//

// A storage scope that does not exist.
// expected-error @+1 {{unknown storage scope 'register'; expected global, shared, local or tmem}}
tirx.prim_func @f(%A: !tirx.buffer<16xf32, register>) {
  tirx.return
}

// -----

// CUDA spellings are not storage scopes.
tirx.prim_func @f() {
  tirx.device_entry {
    // expected-error @+1 {{unknown storage scope 'smem'; expected global, shared, local or tmem}}
    %s = tirx.alloc_buffer : !tirx.buffer<16xf32, smem>
  }
  tirx.return
}

// -----

// Storage scopes are lower case.
tirx.prim_func @f() {
  tirx.device_entry {
    // expected-error @+1 {{unknown storage scope 'Shared'; expected global, shared, local or tmem}}
    %s = tirx.alloc_buffer : !tirx.buffer<16xf32, Shared>
  }
  tirx.return
}

// -----

// A buffer without a storage scope.
tirx.prim_func @f() {
  tirx.device_entry {
    // expected-error @+1 {{expected ','}}
    %s = tirx.alloc_buffer : !tirx.buffer<16xf32>
  }
  tirx.return
}

// -----

// An execution scope that does not exist, in a scope pair.
tirx.prim_func @f() {
  tirx.device_entry {
    // expected-error @+1 {{custom op 'tirx.scope_id_def' unknown execution scope 'block'}}
    %t = tirx.scope_id_def block -> thread [128]
  }
  tirx.return
}

// -----

tirx.prim_func @f() {
  tirx.device_entry {
    // expected-error @+1 {{custom op 'tirx.scope_id_def' unknown execution scope 'lane'}}
    %t = tirx.scope_id_def cta -> lane [128]
  }
  tirx.return
}

// -----

// A storage scope is not an execution scope.
tirx.prim_func @f() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %s = tirx.alloc_buffer : !tirx.buffer<16xf32, shared>
    %f = arith.constant 0.0 : f32
    // expected-error @+2 {{custom op 'tirx.tile.fill' expected ::uop::tirx::ExecScopeKind to be one of: thread, warp, warpgroup, cta, cluster, kernel}}
    // expected-error @+1 {{custom op 'tirx.tile.fill' failed to parse TIRx_ScopeAttr parameter 'value' which is to be a `::uop::tirx::ExecScopeKind`}}
    tirx.tile.fill <shared> %s, %f : !tirx.buffer<16xf32, shared>, f32
  }
  tirx.return
}

// -----

// In a standalone attribute.
// expected-error @+2 {{expected ::uop::tirx::ExecScopeKind to be one of: thread, warp, warpgroup, cta, cluster, kernel}}
// expected-error @+1 {{failed to parse TIRx_ScopeAttr parameter 'value' which is to be a `::uop::tirx::ExecScopeKind`}}
tirx.prim_func @f() attributes {s = #tirx.scope<grid>} {
  tirx.return
}

// -----

//===----------------------------------------------------------------------===//
// Numbers written apart stay apart: the tile parser re-assembles MLIR
// tokens into text, and two integer tokens must not fuse into one
// (`S[(4,8 2):(8,1)]` is not `S[(4,82):(8,1)]`, `S[32:1 2]` not `S[32:12]`,
// `S[4 0:1]` not `S[40:1]`).
//===----------------------------------------------------------------------===//

// expected-error @+1 {{tile layout}}
tirx.prim_func @extents() attributes {l = #tirx.tile<S[(4,8 2):(8,1)]>} {
  tirx.return
}

// -----

// expected-error @+1 {{tile layout}}
tirx.prim_func @stride() attributes {l = #tirx.tile<S[32:1 2]>} {
  tirx.return
}

// -----

tirx.prim_func @in_buffer() {
  tirx.device_entry {
    // expected-error @+1 {{tile layout}}
    %r = tirx.alloc_buffer : !tirx.buffer<40xf32, shared, #tirx.tile<S[4 0:1]>>
  }
  tirx.return
}
