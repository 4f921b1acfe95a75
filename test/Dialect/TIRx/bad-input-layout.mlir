// RUN: not uop-opt %s -split-input-file 2>&1 | FileCheck %s
//
// Garbled layout text in buffer types.
// Each case must give a located error and no crash.

// CHECK-NOT: Stack dump

// An unclosed tuple (the lexer sees the unbalanced bracket).
tirx.prim_func @f() {
  tirx.device_entry {
// CHECK: bad-input-layout.mlir:[[@LINE+1]]:{{[0-9]+}}: error: unbalanced '(' character in pretty dialect name
    %r = tirx.alloc_buffer : !tirx.buffer<8x16xf32, local, #tirx.tile<S[(8,2):(4@laneid>>
  }
  tirx.return
}

// -----

// Mismatched brackets.
tirx.prim_func @f() {
  tirx.device_entry {
// CHECK: bad-input-layout.mlir:[[@LINE+1]]:{{[0-9]+}}: error: unbalanced '(' character in pretty dialect name
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local, #tirx.tile<S[(8,2):(4@laneid]>>
  }
  tirx.return
}

// -----

// No ':' between extents and strides.
tirx.prim_func @f() {
  tirx.device_entry {
// CHECK: bad-input-layout.mlir:[[@LINE+1]]:{{[0-9]+}}: error: invalid tile layout: expected ':'
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local, #tirx.tile<S[(8,2)(4@laneid,1)]>>
  }
  tirx.return
}

// -----

// An '@' without an axis name.
tirx.prim_func @f() {
  tirx.device_entry {
// CHECK: bad-input-layout.mlir:[[@LINE+1]]:{{[0-9]+}}: error: @ identifier expected to start with letter or '_'
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local, #tirx.tile<S[(8,2):(4@,1)]>>
  }
  tirx.return
}

// -----

// A dangling '+'.
tirx.prim_func @f() {
  tirx.device_entry {
// CHECK: bad-input-layout.mlir:[[@LINE+1]]:{{[0-9]+}}: error: invalid tile layout: expected an integer
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local, #tirx.tile<S[(8,2):(4@laneid,1)] +>>
  }
  tirx.return
}

// -----

// No 'S'.
tirx.prim_func @f() {
  tirx.device_entry {
// CHECK: bad-input-layout.mlir:[[@LINE+1]]:{{[0-9]+}}: error: invalid tile layout: expected 'S['
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local, #tirx.tile<(8,2):(4@laneid,1)>>
  }
  tirx.return
}

// -----

// A space inside an axis name.
tirx.prim_func @f() {
  tirx.device_entry {
// CHECK: bad-input-layout.mlir:[[@LINE+1]]:{{[0-9]+}}: error: invalid tile layout: expected ')'
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local, #tirx.tile<S[(8,2):(4@lane id,1)]>>
  }
  tirx.return
}

// -----

// An extent beyond int64.
tirx.prim_func @f() {
  tirx.device_entry {
// CHECK: bad-input-layout.mlir:[[@LINE+1]]:{{[0-9]+}}: error: integer value too large
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local, #tirx.tile<S[99999999999999999999:1]>>
  }
  tirx.return
}

// -----

// A fractional stride.
tirx.prim_func @f() {
  tirx.device_entry {
// CHECK: bad-input-layout.mlir:[[@LINE+1]]:{{[0-9]+}}: error: unexpected token in tile layout; expected the form S[(e,...):(s@axis,...)] + R[...] + k@axis
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local, #tirx.tile<S[16:1.5]>>
  }
  tirx.return
}

// -----

// A string stride.
tirx.prim_func @f() {
  tirx.device_entry {
// CHECK: bad-input-layout.mlir:[[@LINE+1]]:{{[0-9]+}}: error: unexpected token in tile layout; expected the form S[(e,...):(s@axis,...)] + R[...] + k@axis
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local, #tirx.tile<S[16:"1"]>>
  }
  tirx.return
}

// -----

// Two replica parts.
tirx.prim_func @f() {
  tirx.device_entry {
// CHECK: bad-input-layout.mlir:[[@LINE+1]]:{{[0-9]+}}: error: invalid tile layout: a second 'R[...]' (write all replica iters in one)
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local, #tirx.tile<S[16:1] + R[2:1@warpid] + R[2:2@warpid]>>
  }
  tirx.return
}

// -----

// Fewer strides than extents.
tirx.prim_func @f() {
  tirx.device_entry {
// CHECK: bad-input-layout.mlir:[[@LINE+1]]:{{[0-9]+}}: error: invalid tile layout: S has 2 extents but 1 strides
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local, #tirx.tile<S[(8,2):(1)]>>
  }
  tirx.return
}

// -----

// A swizzle_inner that is not a bool.
tirx.prim_func @f() {
  tirx.device_entry {
// CHECK: bad-input-layout.mlir:[[@LINE+1]]:{{[0-9]+}}: error: failed to parse TIRx_SwizzleLayoutAttr parameter 'swizzle_inner' which is to be a `bool`
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local, #tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3, swizzle_inner = maybe>>
  }
  tirx.return
}

// -----

// An unknown swizzle key.
tirx.prim_func @f() {
  tirx.device_entry {
// CHECK: bad-input-layout.mlir:[[@LINE+1]]:{{[0-9]+}}: error: duplicate or unknown struct parameter name: atom
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local, #tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3, atom = 3>>
  }
  tirx.return
}

// -----

// A compose without its tile.
tirx.prim_func @f() {
  tirx.device_entry {
// CHECK: bad-input-layout.mlir:[[@LINE+1]]:{{[0-9]+}}: error: expected ','
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>>>
  }
  tirx.return
}

// -----

// An unknown layout attribute.
tirx.prim_func @f() {
  tirx.device_entry {
// CHECK: bad-input-layout.mlir:[[@LINE+1]]:{{[0-9]+}}: error: unknown attribute `layout` in dialect `tirx`
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local, #tirx.layout<S[16:1]>>
  }
  tirx.return
}

// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit a bug report
