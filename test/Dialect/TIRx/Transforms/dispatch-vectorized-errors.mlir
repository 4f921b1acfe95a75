// RUN: uop-opt %s -split-input-file -verify-diagnostics --tirx-dispatch-tile-primitives="chip=sm_80"
//
// Why the vectorized copy declines. An explicit dispatch "vectorized" turns
// the decline into an error whose note gives the reason (tcgen05_ld and
// generic then decline by name). vectorized moves aligned 16-byte runs along
// the last dimension, so it needs: operands that are not lane-distributed,
// global or shared operands (not local), equal boxes (leading 1s aside), a
// dtype that packs at least two elements into 16 bytes, a buffer row length,
// a last extent, region offset (a constant, or provably a multiple: loop
// variables, products, sums), elem_offset and row stride that are multiples
// of the vector width, unit stride along the last dimension, and layouts that
// keep aligned runs contiguous in memory.

// A 6-column region of 8-column buffers: the rows are aligned, the tile's
// last extent is not.
tirx.prim_func @last_extent(%A: !tirx.buffer<4x8xf32, global>, %B: !tirx.buffer<4x8xf32, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %r = tirx.region %A[%c0 : 4, %c0 : 6] : !tirx.buffer<4x8xf32, global>
    %d = tirx.region %B[%c0 : 4, %c0 : 6] : !tirx.buffer<4x8xf32, global>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy' accepts this call on sm_80 with dispatch "vectorized"}}
    // expected-note @+3 {{tcgen05_ld: not the requested dispatch "vectorized"}}
    // expected-note @+2 {{vectorized: dst: the tile's last extent 6 is not a multiple of 4}}
    // expected-note @+1 {{generic: not the requested dispatch "vectorized"}}
    tirx.tile.copy <thread> %d, %r dispatch "vectorized" : !tirx.region<4x6, !tirx.buffer<4x8xf32, global>>, !tirx.region<4x6, !tirx.buffer<4x8xf32, global>>
  }
  tirx.return
}

// -----

// Whole 4x6 buffers: the rows of 6 floats are checked before the tile.
tirx.prim_func @buffer_row_length(%A: !tirx.buffer<4x6xf32, global>, %B: !tirx.buffer<4x6xf32, global>) {
  tirx.device_entry {
    // expected-error @+4 {{no implementation of 'tirx.tile.copy' accepts this call on sm_80 with dispatch "vectorized"}}
    // expected-note @+3 {{tcgen05_ld: not the requested dispatch "vectorized"}}
    // expected-note @+2 {{vectorized: dst: the buffer's row of 6 elements is not a multiple of 4}}
    // expected-note @+1 {{generic: not the requested dispatch "vectorized"}}
    tirx.tile.copy <thread> %B, %A dispatch "vectorized" : !tirx.buffer<4x6xf32, global>, !tirx.buffer<4x6xf32, global>
  }
  tirx.return
}

// -----

// A region starting at column 2: the runs would start at 8-byte offsets.
tirx.prim_func @region_offset(%A: !tirx.buffer<4x16xf32, global>, %B: !tirx.buffer<4x8xf32, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %r = tirx.region %A[%c0 : 4, %c2 : 8] : !tirx.buffer<4x16xf32, global>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy' accepts this call on sm_80 with dispatch "vectorized"}}
    // expected-note @+3 {{tcgen05_ld: not the requested dispatch "vectorized"}}
    // expected-note @+2 {{vectorized: src: the region's last-dimension offset is not known to be a multiple of the vector width}}
    // expected-note @+1 {{generic: not the requested dispatch "vectorized"}}
    tirx.tile.copy <thread> %B, %r dispatch "vectorized" : !tirx.buffer<4x8xf32, global>, !tirx.region<4x8, !tirx.buffer<4x16xf32, global>>
  }
  tirx.return
}

// -----

// A dynamic last-dimension offset (a parameter) cannot be proven aligned.
tirx.prim_func @region_dynamic(%A: !tirx.buffer<4x16xf32, global>, %B: !tirx.buffer<4x8xf32, global>, %j: index) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %r = tirx.region %A[%c0 : 4, %j : 8] : !tirx.buffer<4x16xf32, global>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy' accepts this call on sm_80 with dispatch "vectorized"}}
    // expected-note @+3 {{tcgen05_ld: not the requested dispatch "vectorized"}}
    // expected-note @+2 {{vectorized: src: the region's last-dimension offset is not known to be a multiple of the vector width}}
    // expected-note @+1 {{generic: not the requested dispatch "vectorized"}}
    tirx.tile.copy <thread> %B, %r dispatch "vectorized" : !tirx.buffer<4x8xf32, global>, !tirx.region<4x8, !tirx.buffer<4x16xf32, global>>
  }
  tirx.return
}

// -----

// A loop variable stepping by 2 is not a multiple of 4.
tirx.prim_func @region_loop_step(%A: !tirx.buffer<4x64xf32, global>, %B: !tirx.buffer<4x8xf32, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    scf.for %k = %c0 to %c32 step %c2 {
      %r = tirx.region %A[%c0 : 4, %k : 8] : !tirx.buffer<4x64xf32, global>
      // expected-error @+4 {{no implementation of 'tirx.tile.copy' accepts this call on sm_80 with dispatch "vectorized"}}
      // expected-note @+3 {{tcgen05_ld: not the requested dispatch "vectorized"}}
      // expected-note @+2 {{vectorized: src: the region's last-dimension offset is not known to be a multiple of the vector width}}
      // expected-note @+1 {{generic: not the requested dispatch "vectorized"}}
      tirx.tile.copy <thread> %B, %r dispatch "vectorized" : !tirx.buffer<4x8xf32, global>, !tirx.region<4x8, !tirx.buffer<4x64xf32, global>>
    }
  }
  tirx.return
}

// -----

// Rows of 6 floats: row 1 starts at byte 24.
tirx.prim_func @row_length(%A: !tirx.buffer<4x6xf32, global>, %B: !tirx.buffer<4x4xf32, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %r = tirx.region %A[%c0 : 4, %c0 : 4] : !tirx.buffer<4x6xf32, global>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy' accepts this call on sm_80 with dispatch "vectorized"}}
    // expected-note @+3 {{tcgen05_ld: not the requested dispatch "vectorized"}}
    // expected-note @+2 {{vectorized: src: the buffer's row of 6 elements is not a multiple of 4}}
    // expected-note @+1 {{generic: not the requested dispatch "vectorized"}}
    tirx.tile.copy <thread> %B, %r dispatch "vectorized" : !tirx.buffer<4x4xf32, global>, !tirx.region<4x4, !tirx.buffer<4x6xf32, global>>
  }
  tirx.return
}

// -----

// Same element count, other shape: the runs do not line up.
tirx.prim_func @reshape(%A: !tirx.buffer<8x4xf32, global>, %B: !tirx.buffer<4x8xf32, global>) {
  tirx.device_entry {
    // expected-error @+4 {{no implementation of 'tirx.tile.copy' accepts this call on sm_80 with dispatch "vectorized"}}
    // expected-note @+3 {{tcgen05_ld: not the requested dispatch "vectorized"}}
    // expected-note @+2 {{vectorized: dst and src boxes differ in shape}}
    // expected-note @+1 {{generic: not the requested dispatch "vectorized"}}
    tirx.tile.copy <thread> %B, %A dispatch "vectorized" : !tirx.buffer<4x8xf32, global>, !tirx.buffer<8x4xf32, global>
  }
  tirx.return
}

// -----

tirx.prim_func @elem_offset(%A: !tirx.buffer<4x8xf32, global, elem_offset = 2>, %B: !tirx.buffer<4x8xf32, global>) {
  tirx.device_entry {
    // expected-error @+4 {{no implementation of 'tirx.tile.copy' accepts this call on sm_80 with dispatch "vectorized"}}
    // expected-note @+3 {{tcgen05_ld: not the requested dispatch "vectorized"}}
    // expected-note @+2 {{vectorized: src: elem_offset breaks the alignment}}
    // expected-note @+1 {{generic: not the requested dispatch "vectorized"}}
    tirx.tile.copy <thread> %B, %A dispatch "vectorized" : !tirx.buffer<4x8xf32, global>, !tirx.buffer<4x8xf32, global, elem_offset = 2>
  }
  tirx.return
}

// -----

tirx.prim_func @last_stride(%A: !tirx.buffer<4x8xf32, global, strides = [16, 2]>, %B: !tirx.buffer<4x8xf32, global>) {
  tirx.device_entry {
    // expected-error @+4 {{no implementation of 'tirx.tile.copy' accepts this call on sm_80 with dispatch "vectorized"}}
    // expected-note @+3 {{tcgen05_ld: not the requested dispatch "vectorized"}}
    // expected-note @+2 {{vectorized: src: the last stride is not 1}}
    // expected-note @+1 {{generic: not the requested dispatch "vectorized"}}
    tirx.tile.copy <thread> %B, %A dispatch "vectorized" : !tirx.buffer<4x8xf32, global>, !tirx.buffer<4x8xf32, global, strides = [16, 2]>
  }
  tirx.return
}

// -----

tirx.prim_func @row_stride(%A: !tirx.buffer<4x8xf32, global, strides = [10, 1]>, %B: !tirx.buffer<4x8xf32, global>) {
  tirx.device_entry {
    // expected-error @+4 {{no implementation of 'tirx.tile.copy' accepts this call on sm_80 with dispatch "vectorized"}}
    // expected-note @+3 {{tcgen05_ld: not the requested dispatch "vectorized"}}
    // expected-note @+2 {{vectorized: src: a stride is not a multiple of the vector width}}
    // expected-note @+1 {{generic: not the requested dispatch "vectorized"}}
    tirx.tile.copy <thread> %B, %A dispatch "vectorized" : !tirx.buffer<4x8xf32, global>, !tirx.buffer<4x8xf32, global, strides = [10, 1]>
  }
  tirx.return
}

// -----

// i1 does not pack into 16-byte vectors.
tirx.prim_func @dtype(%A: !tirx.buffer<4x8xi1, global>, %B: !tirx.buffer<4x8xi1, global>) {
  tirx.device_entry {
    // expected-error @+4 {{no implementation of 'tirx.tile.copy' accepts this call on sm_80 with dispatch "vectorized"}}
    // expected-note @+3 {{tcgen05_ld: not the requested dispatch "vectorized"}}
    // expected-note @+2 {{vectorized: the dtype does not pack into 16-byte vectors}}
    // expected-note @+1 {{generic: not the requested dispatch "vectorized"}}
    tirx.tile.copy <thread> %B, %A dispatch "vectorized" : !tirx.buffer<4x8xi1, global>, !tirx.buffer<4x8xi1, global>
  }
  tirx.return
}

// -----

tirx.prim_func @lane_distributed(%A: !tirx.buffer<32xf32, global>) {
  tirx.device_entry {
    %w = tirx.scope_id_def cta -> warp [1]
    %L = tirx.alloc_buffer : !tirx.buffer<32xf32, local, #tirx.tile<S[(32):(1@laneid)]>>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy' accepts this call on sm_80 with dispatch "vectorized"}}
    // expected-note @+3 {{tcgen05_ld: not the requested dispatch "vectorized"}}
    // expected-note @+2 {{vectorized: lane-distributed operands are copied element-wise}}
    // expected-note @+1 {{generic: not the requested dispatch "vectorized"}}
    tirx.tile.copy <warp> %L, %A dispatch "vectorized" : !tirx.buffer<32xf32, local, #tirx.tile<S[(32):(1@laneid)]>>, !tirx.buffer<32xf32, global>
  }
  tirx.return
}

// -----

// A column-major layout: consecutive columns are 8 elements apart.
tirx.prim_func @layout_column_major(%A: !tirx.buffer<8x8xf32, global>) {
  tirx.device_entry {
    %S = tirx.alloc_buffer : !tirx.buffer<8x8xf32, shared, #tirx.tile<S[(8,8):(1,8)]>>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy' accepts this call on sm_80 with dispatch "vectorized"}}
    // expected-note @+3 {{tcgen05_ld: not the requested dispatch "vectorized"}}
    // expected-note @+2 {{vectorized: dst: the layout does not keep aligned runs contiguous}}
    // expected-note @+1 {{generic: not the requested dispatch "vectorized"}}
    tirx.tile.copy <thread> %S, %A dispatch "vectorized" : !tirx.buffer<8x8xf32, shared, #tirx.tile<S[(8,8):(1,8)]>>, !tirx.buffer<8x8xf32, global>
  }
  tirx.return
}

// -----

// A swizzle on 2-element units (8 bytes) splits the 4 x f32 runs.
tirx.prim_func @layout_swizzle(%A: !tirx.buffer<8x32xf32, global>) {
  tirx.device_entry {
    %S = tirx.alloc_buffer : !tirx.buffer<8x32xf32, shared, #tirx.compose<#tirx.swizzle<per_element = 1, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(8,32):(32,1)]>>>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy' accepts this call on sm_80 with dispatch "vectorized"}}
    // expected-note @+3 {{tcgen05_ld: not the requested dispatch "vectorized"}}
    // expected-note @+2 {{vectorized: dst: the layout does not keep aligned runs contiguous}}
    // expected-note @+1 {{generic: not the requested dispatch "vectorized"}}
    tirx.tile.copy <thread> %S, %A dispatch "vectorized" : !tirx.buffer<8x32xf32, shared, #tirx.compose<#tirx.swizzle<per_element = 1, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(8,32):(32,1)]>>>, !tirx.buffer<8x32xf32, global>
  }
  tirx.return
}

// -----

// A thread-private local buffer: registers have no 16-byte alignment to rely
// on, so local operands are copied element by element.
tirx.prim_func @local_dst(%A: !tirx.buffer<4x8xf32, global>) {
  tirx.device_entry {
    %L = tirx.alloc_buffer : !tirx.buffer<4x8xf32, local>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy' accepts this call on sm_80 with dispatch "vectorized"}}
    // expected-note @+3 {{tcgen05_ld: not the requested dispatch "vectorized"}}
    // expected-note @+2 {{vectorized: dst: only global and shared memory are accessed in 16-byte vectors}}
    // expected-note @+1 {{generic: not the requested dispatch "vectorized"}}
    tirx.tile.copy <thread> %L, %A dispatch "vectorized" : !tirx.buffer<4x8xf32, local>, !tirx.buffer<4x8xf32, global>
  }
  tirx.return
}

// -----

tirx.prim_func @local_src(%A: !tirx.buffer<4x8xf16, global>) {
  tirx.device_entry {
    %L = tirx.alloc_buffer : !tirx.buffer<4x8xf16, local>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy' accepts this call on sm_80 with dispatch "vectorized"}}
    // expected-note @+3 {{tcgen05_ld: not the requested dispatch "vectorized"}}
    // expected-note @+2 {{vectorized: src: only global and shared memory are accessed in 16-byte vectors}}
    // expected-note @+1 {{generic: not the requested dispatch "vectorized"}}
    tirx.tile.copy <thread> %A, %L dispatch "vectorized" : !tirx.buffer<4x8xf16, global>, !tirx.buffer<4x8xf16, local>
  }
  tirx.return
}

// -----

// A loop variable stepping by 8 from 2: the step is aligned, the lower bound
// is not.
tirx.prim_func @region_loop_lower_bound(%A: !tirx.buffer<4x64xf32, global>, %B: !tirx.buffer<4x8xf32, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c48 = arith.constant 48 : index
    scf.for %k = %c2 to %c48 step %c8 {
      %r = tirx.region %A[%c0 : 4, %k : 8] : !tirx.buffer<4x64xf32, global>
      // expected-error @+4 {{no implementation of 'tirx.tile.copy' accepts this call on sm_80 with dispatch "vectorized"}}
      // expected-note @+3 {{tcgen05_ld: not the requested dispatch "vectorized"}}
      // expected-note @+2 {{vectorized: src: the region's last-dimension offset is not known to be a multiple of the vector width}}
      // expected-note @+1 {{generic: not the requested dispatch "vectorized"}}
      tirx.tile.copy <thread> %B, %r dispatch "vectorized" : !tirx.buffer<4x8xf32, global>, !tirx.region<4x8, !tirx.buffer<4x64xf32, global>>
    }
  }
  tirx.return
}

// -----

// A sum with one unaligned term (a multiple of 4 plus 2), and a product of
// two unknown values.
tirx.prim_func @region_sum_product(%A: !tirx.buffer<4x64xf32, global>, %B: !tirx.buffer<4x64xf32, global>, %j: index, %n: index) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %j4 = arith.muli %j, %c4 : index
    %col = arith.addi %j4, %c2 : index
    %jn = arith.muli %j, %n : index
    %r = tirx.region %A[%c0 : 4, %col : 8] : !tirx.buffer<4x64xf32, global>
    %d = tirx.region %B[%c0 : 4, %jn : 8] : !tirx.buffer<4x64xf32, global>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy' accepts this call on sm_80 with dispatch "vectorized"}}
    // expected-note @+3 {{tcgen05_ld: not the requested dispatch "vectorized"}}
    // expected-note @+2 {{vectorized: dst: the region's last-dimension offset is not known to be a multiple of the vector width}}
    // expected-note @+1 {{generic: not the requested dispatch "vectorized"}}
    tirx.tile.copy <thread> %d, %r dispatch "vectorized" : !tirx.region<4x8, !tirx.buffer<4x64xf32, global>>, !tirx.region<4x8, !tirx.buffer<4x64xf32, global>>
  }
  tirx.return
}

// -----

// The dst is checked first; with an aligned dst (4 * %j, the constant on the
// left) the unaligned sum 2 + 4 * %j of the src is reported.
tirx.prim_func @region_sum_src(%A: !tirx.buffer<4x64xf32, global>, %B: !tirx.buffer<4x64xf32, global>, %j: index) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %j4 = arith.muli %c4, %j : index
    %col = arith.addi %c2, %j4 : index
    %r = tirx.region %A[%c0 : 4, %col : 8] : !tirx.buffer<4x64xf32, global>
    %d = tirx.region %B[%c0 : 4, %j4 : 8] : !tirx.buffer<4x64xf32, global>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy' accepts this call on sm_80 with dispatch "vectorized"}}
    // expected-note @+3 {{tcgen05_ld: not the requested dispatch "vectorized"}}
    // expected-note @+2 {{vectorized: src: the region's last-dimension offset is not known to be a multiple of the vector width}}
    // expected-note @+1 {{generic: not the requested dispatch "vectorized"}}
    tirx.tile.copy <thread> %d, %r dispatch "vectorized" : !tirx.region<4x8, !tirx.buffer<4x64xf32, global>>, !tirx.region<4x8, !tirx.buffer<4x64xf32, global>>
  }
  tirx.return
}
