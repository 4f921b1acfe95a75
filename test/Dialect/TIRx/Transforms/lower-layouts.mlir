// RUN: uop-opt %s -split-input-file --tirx-lower-layouts | FileCheck %s
//
// tirx-lower-layouts: each access to a multi-dimensional or laid-out buffer
// becomes an access to one flat 1-D view of its storage (a decl_buffer over
// the storage span, placed after the buffer's definition or at the top of the
// device_entry for parameters) at the offset the layout gives.

// Row-major 4x8x16: offset = 128 i + 16 j + k. One view serves every access.
// CHECK-LABEL: tirx.prim_func @row_major
// CHECK-SAME: (%[[A:.*]]: !tirx.buffer<4x8x16xf32, global>, %[[I:.*]]: index, %[[J:.*]]: index, %[[K:.*]]: index)
// CHECK-NEXT: tirx.device_entry {
// CHECK-NEXT: %[[V:.*]] = tirx.decl_buffer %[[A]] storage : !tirx.buffer<4x8x16xf32, global> -> !tirx.buffer<512xf32, global>
// CHECK-NEXT: arith.constant 0 : index
// CHECK-NEXT: %[[C128:.*]] = arith.constant 128 : index
// CHECK-NEXT: %[[O0:.*]] = arith.muli %[[I]], %[[C128]] : index
// CHECK-NEXT: %[[C16:.*]] = arith.constant 16 : index
// CHECK-NEXT: %[[O1:.*]] = arith.muli %[[J]], %[[C16]] : index
// CHECK-NEXT: %[[O2:.*]] = arith.addi %[[O0]], %[[O1]] : index
// CHECK-NEXT: arith.constant 1 : index
// CHECK-NEXT: %[[O3:.*]] = arith.addi %[[O2]], %[[K]] : index
// CHECK-NEXT: %[[X:.*]] = tirx.buffer_load %[[V]][%[[O3]]] : !tirx.buffer<512xf32, global>
// The store at (k, j, i) uses the same view.
// CHECK: %[[P0:.*]] = arith.muli %[[K]], %{{.*}} : index
// CHECK: %[[P1:.*]] = arith.muli %[[J]], %{{.*}} : index
// CHECK-NEXT: %[[P2:.*]] = arith.addi %[[P0]], %[[P1]] : index
// CHECK-NEXT: arith.constant 1 : index
// CHECK-NEXT: %[[P3:.*]] = arith.addi %[[P2]], %[[I]] : index
// CHECK-NEXT: tirx.buffer_store %[[X]], %[[V]][%[[P3]]] : !tirx.buffer<512xf32, global>
// CHECK-NOT: tirx.decl_buffer
// CHECK-NOT: !tirx.buffer<4x8x16xf32, global>]
tirx.prim_func @row_major(%A: !tirx.buffer<4x8x16xf32, global>, %i: index, %j: index, %k: index) {
  tirx.device_entry {
    %v = tirx.buffer_load %A[%i, %j, %k] : !tirx.buffer<4x8x16xf32, global>
    tirx.buffer_store %v, %A[%k, %j, %i] : !tirx.buffer<4x8x16xf32, global>
  }
  tirx.return
}

// -----

// Explicit strides [128, 2] and elem_offset 64: offset = 128 i + 2 j + 64; the
// view spans 63*128 + 63*2 + 64 + 1 = 8255 elements.
// CHECK-LABEL: tirx.prim_func @strided
// CHECK-SAME: (%[[A:.*]]: !tirx.buffer<64x64xf16, global, strides = [128, 2], elem_offset = 64>, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK-NEXT: tirx.device_entry {
// CHECK-NEXT: %[[V:.*]] = tirx.decl_buffer %[[A]] storage : !tirx.buffer<64x64xf16, global, strides = [128, 2], elem_offset = 64> -> !tirx.buffer<8255xf16, global>
// CHECK-NEXT: arith.constant 0 : index
// CHECK-NEXT: %[[C128:.*]] = arith.constant 128 : index
// CHECK-NEXT: %[[O0:.*]] = arith.muli %[[I]], %[[C128]] : index
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : index
// CHECK-NEXT: %[[O1:.*]] = arith.muli %[[J]], %[[C2]] : index
// CHECK-NEXT: %[[O2:.*]] = arith.addi %[[O0]], %[[O1]] : index
// CHECK-NEXT: %[[C64:.*]] = arith.constant 64 : index
// CHECK-NEXT: %[[O3:.*]] = arith.addi %[[O2]], %[[C64]] : index
// CHECK-NEXT: tirx.buffer_load %[[V]][%[[O3]]] : !tirx.buffer<8255xf16, global>
tirx.prim_func @strided(%A: !tirx.buffer<64x64xf16, global, strides = [128, 2], elem_offset = 64>, %i: index, %j: index) {
  tirx.device_entry {
    %v = tirx.buffer_load %A[%i, %j] : !tirx.buffer<64x64xf16, global, strides = [128, 2], elem_offset = 64>
  }
  tirx.return
}

// -----

// A 1-D buffer with only an elem_offset is not flat: offset = i + 7 into a
// view of 16 + 7 elements placed right after the allocation.
// CHECK-LABEL: tirx.prim_func @elem_offset
// CHECK-SAME: (%[[I:.*]]: index, %[[X:.*]]: f32)
// CHECK-NEXT: tirx.device_entry {
// CHECK-NEXT: %[[S:.*]] = tirx.alloc_buffer : !tirx.buffer<16xf32, shared, elem_offset = 7>
// CHECK-NEXT: %[[V:.*]] = tirx.decl_buffer %[[S]] storage : !tirx.buffer<16xf32, shared, elem_offset = 7> -> !tirx.buffer<23xf32, shared>
// CHECK-NEXT: arith.constant 0 : index
// CHECK-NEXT: arith.constant 1 : index
// CHECK-NEXT: %[[C7:.*]] = arith.constant 7 : index
// CHECK-NEXT: %[[O:.*]] = arith.addi %[[I]], %[[C7]] : index
// CHECK-NEXT: tirx.buffer_store %[[X]], %[[V]][%[[O]]] : !tirx.buffer<23xf32, shared>
tirx.prim_func @elem_offset(%i: index, %x: f32) {
  tirx.device_entry {
    %S = tirx.alloc_buffer : !tirx.buffer<16xf32, shared, elem_offset = 7>
    tirx.buffer_store %x, %S[%i] : !tirx.buffer<16xf32, shared, elem_offset = 7>
  }
  tirx.return
}

// -----

// A tile layout S[(16,8):(1,16)] (column-major 16x8): the logical coordinate
// is linearised row-major (f = 8 i + j), split over the layout's shape
// (f % 8, (f / 8) % 16) and dotted with its strides (16, 1):
// offset = 16 (f % 8) + (f / 8) % 16 = 16 j + i.
// CHECK-LABEL: tirx.prim_func @tile_layout
// CHECK-SAME: (%[[I:.*]]: index, %[[J:.*]]: index)
// CHECK: %[[S:.*]] = tirx.alloc_buffer : !tirx.buffer<16x8xf32, shared, #tirx.tile<S[(16,8):(1,16)]>>
// CHECK-NEXT: %[[V:.*]] = tirx.decl_buffer %[[S]] storage : !tirx.buffer<16x8xf32, shared, #tirx.tile<S[(16,8):(1,16)]>> -> !tirx.buffer<128xf32, shared>
// CHECK: %[[C8:.*]] = arith.constant 8 : index
// CHECK-NEXT: %[[R:.*]] = arith.muli %[[I]], %[[C8]] : index
// CHECK-NEXT: %[[F:.*]] = arith.addi %[[R]], %[[J]] : index
// CHECK: %[[C8B:.*]] = arith.constant 8 : index
// CHECK-NEXT: arith.constant 1 : index
// CHECK-NEXT: %[[D1:.*]] = arith.remui %[[F]], %[[C8B]] : index
// CHECK-NEXT: %[[C16:.*]] = arith.constant 16 : index
// CHECK-NEXT: %[[T1:.*]] = arith.muli %[[D1]], %[[C16]] : index
// CHECK-NEXT: %[[C16B:.*]] = arith.constant 16 : index
// CHECK-NEXT: %[[C8C:.*]] = arith.constant 8 : index
// CHECK-NEXT: %[[Q:.*]] = arith.divui %[[F]], %[[C8C]] : index
// CHECK-NEXT: %[[D0:.*]] = arith.remui %[[Q]], %[[C16B]] : index
// CHECK-NEXT: arith.constant 1 : index
// CHECK-NEXT: %[[O:.*]] = arith.addi %[[T1]], %[[D0]] : index
// CHECK-NEXT: tirx.buffer_load %[[V]][%[[O]]] : !tirx.buffer<128xf32, shared>
tirx.prim_func @tile_layout(%i: index, %j: index) {
  tirx.device_entry {
    %S = tirx.alloc_buffer : !tirx.buffer<16x8xf32, shared, #tirx.tile<S[(16,8):(1,16)]>>
    %v = tirx.buffer_load %S[%i, %j] : !tirx.buffer<16x8xf32, shared, #tirx.tile<S[(16,8):(1,16)]>>
  }
  tirx.return
}

// -----

// The 128-byte swizzle on f16 (per_element = 3, swizzle_len = 3,
// atom_len = 3): with f = 64 i + j, chunk = f >> 3 (16-byte units),
// chunk' = chunk ^ ((chunk >> 3) & 7), offset = (chunk' << 3) + (f & 7).
// CHECK-LABEL: tirx.prim_func @swizzle_128b
// CHECK-SAME: (%[[I:.*]]: index, %[[J:.*]]: index)
// CHECK: %[[S:.*]] = tirx.alloc_buffer : !tirx.buffer<64x64xf16, shared, #tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>>
// CHECK-NEXT: %[[V:.*]] = tirx.decl_buffer %[[S]] storage : {{.*}} -> !tirx.buffer<4096xf16, shared>
// CHECK: %[[R:.*]] = arith.muli %[[I]], %c64{{(_[0-9]+)?}} : index
// CHECK-NEXT: %[[F:.*]] = arith.addi %[[R]], %[[J]] : index
// CHECK-NEXT: %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[CHUNK:.*]] = arith.shrui %[[F]], %[[C3]] : index
// CHECK-NEXT: %[[C7:.*]] = arith.constant 7 : index
// CHECK-NEXT: %[[C3B:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[ROW:.*]] = arith.shrui %[[CHUNK]], %[[C3B]] : index
// CHECK-NEXT: %[[ROW7:.*]] = arith.andi %[[ROW]], %[[C7]] : index
// CHECK-NEXT: %[[SW:.*]] = arith.xori %[[CHUNK]], %[[ROW7]] : index
// CHECK-NEXT: %[[C7B:.*]] = arith.constant 7 : index
// CHECK-NEXT: %[[LOW:.*]] = arith.andi %[[F]], %[[C7B]] : index
// CHECK-NEXT: %[[HI:.*]] = arith.shli %[[SW]], %[[C3]] : index
// CHECK-NEXT: %[[O:.*]] = arith.addi %[[HI]], %[[LOW]] : index
// CHECK-NEXT: tirx.buffer_load %[[V]][%[[O]]] : !tirx.buffer<4096xf16, shared>
tirx.prim_func @swizzle_128b(%i: index, %j: index) {
  tirx.device_entry {
    %S = tirx.alloc_buffer : !tirx.buffer<64x64xf16, shared, #tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>>
    %v = tirx.buffer_load %S[%i, %j] : !tirx.buffer<64x64xf16, shared, #tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>>
  }
  tirx.return
}

// -----

// The swizzle composed over a row-major tile: the tile offset (64 i + j)
// first, then the same XOR sequence on it.
// CHECK-LABEL: tirx.prim_func @swizzle_compose
// CHECK-SAME: (%[[I:.*]]: index, %[[J:.*]]: index)
// CHECK: %[[V:.*]] = tirx.decl_buffer %{{.*}} -> !tirx.buffer<4096xf16, shared>
// CHECK: %[[R:.*]] = arith.muli %[[I]], %c64{{(_[0-9]+)?}} : index
// CHECK-NEXT: %[[F:.*]] = arith.addi %[[R]], %[[J]] : index
// CHECK: %[[D1:.*]] = arith.remui %[[F]], %c64{{(_[0-9]+)?}} : index
// CHECK: %[[Q:.*]] = arith.divui %[[F]], %c64{{(_[0-9]+)?}} : index
// CHECK-NEXT: %[[D0:.*]] = arith.remui %[[Q]], %c64{{(_[0-9]+)?}} : index
// CHECK-NEXT: arith.constant 64 : index
// CHECK-NEXT: %[[M:.*]] = arith.muli %[[D0]], %c64{{(_[0-9]+)?}} : index
// CHECK-NEXT: %[[T:.*]] = arith.addi %[[D1]], %[[M]] : index
// CHECK-NEXT: %[[C3:.*]] = arith.constant 3 : index
// CHECK-NEXT: %[[CHUNK:.*]] = arith.shrui %[[T]], %[[C3]] : index
// CHECK: %[[ROW:.*]] = arith.shrui %[[CHUNK]], %{{.*}} : index
// CHECK-NEXT: %[[ROW7:.*]] = arith.andi %[[ROW]], %{{.*}} : index
// CHECK-NEXT: %[[SW:.*]] = arith.xori %[[CHUNK]], %[[ROW7]] : index
// CHECK: %[[LOW:.*]] = arith.andi %[[T]], %{{.*}} : index
// CHECK-NEXT: %[[HI:.*]] = arith.shli %[[SW]], %[[C3]] : index
// CHECK-NEXT: %[[O:.*]] = arith.addi %[[HI]], %[[LOW]] : index
// CHECK-NEXT: tirx.buffer_load %[[V]][%[[O]]] : !tirx.buffer<4096xf16, shared>
tirx.prim_func @swizzle_compose(%i: index, %j: index) {
  tirx.device_entry {
    %S = tirx.alloc_buffer : !tirx.buffer<64x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
    %v = tirx.buffer_load %S[%i, %j] : !tirx.buffer<64x64xf16, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,64):(64,1)]>>>
  }
  tirx.return
}

// -----

// Flat buffers (1-D, no layout, strides or offset) are left alone: no view,
// no arithmetic.
// CHECK-LABEL: tirx.prim_func @flat
// CHECK-SAME: (%[[A:.*]]: !tirx.buffer<64xf32, global>, %[[I:.*]]: index)
// CHECK-NEXT: tirx.device_entry {
// CHECK-NEXT: %[[S:.*]] = tirx.alloc_buffer : !tirx.buffer<64xf32, shared>
// CHECK-NEXT: %[[X:.*]] = tirx.buffer_load %[[A]][%[[I]]] : !tirx.buffer<64xf32, global>
// CHECK-NEXT: tirx.buffer_store %[[X]], %[[S]][%[[I]]] : !tirx.buffer<64xf32, shared>
// CHECK-NEXT: }
// CHECK-NEXT: tirx.return
tirx.prim_func @flat(%A: !tirx.buffer<64xf32, global>, %i: index) {
  tirx.device_entry {
    %S = tirx.alloc_buffer : !tirx.buffer<64xf32, shared>
    %x = tirx.buffer_load %A[%i] : !tirx.buffer<64xf32, global>
    tirx.buffer_store %x, %S[%i] : !tirx.buffer<64xf32, shared>
  }
  tirx.return
}

// -----

// Accesses through a strided decl_buffer view address the storage of the
// buffer it views, here flat and so accessed directly, at the view's
// offsets; the view itself is left unused.
// CHECK-LABEL: tirx.prim_func @views
// CHECK-SAME: (%[[I:.*]]: index, %[[J:.*]]: index)
// CHECK-NEXT: tirx.device_entry {
// CHECK-NEXT: %[[S:.*]] = tirx.alloc_buffer : !tirx.buffer<128xf32, shared>
// CHECK-NEXT: %[[W:.*]] = tirx.decl_buffer %[[S]] : !tirx.buffer<128xf32, shared> -> !tirx.buffer<4x4xf32, shared, strides = [32, 1], elem_offset = 4>
// CHECK: scf.for
// CHECK: %[[C32:.*]] = arith.constant 32 : index
// CHECK-NEXT: %[[O0:.*]] = arith.muli %[[I]], %[[C32]] : index
// CHECK-NEXT: arith.constant 1 : index
// CHECK-NEXT: %[[O1:.*]] = arith.addi %[[O0]], %[[J]] : index
// CHECK-NEXT: %[[C4:.*]] = arith.constant 4 : index
// CHECK-NEXT: %[[O2:.*]] = arith.addi %[[O1]], %[[C4]] : index
// CHECK-NEXT: %[[X:.*]] = tirx.buffer_load %[[S]][%[[O2]]] : !tirx.buffer<128xf32, shared>
// CHECK-NEXT: tirx.buffer_store %[[X]], %[[S]][%[[I]]] : !tirx.buffer<128xf32, shared>
tirx.prim_func @views(%i: index, %j: index) {
  tirx.device_entry {
    %S = tirx.alloc_buffer : !tirx.buffer<128xf32, shared>
    %W = tirx.decl_buffer %S : !tirx.buffer<128xf32, shared> -> !tirx.buffer<4x4xf32, shared, strides = [32, 1], elem_offset = 4>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %k = %c0 to %c4 step %c1 {
      %x = tirx.buffer_load %W[%i, %j] : !tirx.buffer<4x4xf32, shared, strides = [32, 1], elem_offset = 4>
      tirx.buffer_store %x, %S[%i] : !tirx.buffer<128xf32, shared>
    }
  }
  tirx.return
}

// -----

// tirx.vector_load / vector_store are lowered like buffer_load/store: the
// offset of the first element into the flat view (here a row-major global
// buffer and a 128-byte-swizzled shared tile, whose 16-byte runs stay whole);
// flat buffers are left alone.
// CHECK-LABEL: tirx.prim_func @vectors
// CHECK-SAME: (%[[A:.*]]: !tirx.buffer<64x32xf32, global>, %[[F:.*]]: !tirx.buffer<256xf32, global>, %[[I:.*]]: index, %[[J:.*]]: index)
// CHECK-NEXT: tirx.device_entry {
// CHECK-NEXT: %[[VA:.*]] = tirx.decl_buffer %[[A]] storage : !tirx.buffer<64x32xf32, global> -> !tirx.buffer<2048xf32, global>
// CHECK-NEXT: %[[S:.*]] = tirx.alloc_buffer : !tirx.buffer<64x32xf32, shared, #tirx.compose<{{.*}}>>
// CHECK-NEXT: %[[VS:.*]] = tirx.decl_buffer %[[S]] storage : {{.*}} -> !tirx.buffer<2048xf32, shared>
// CHECK-NEXT: arith.constant 0 : index
// CHECK-NEXT: %[[C32:.*]] = arith.constant 32 : index
// CHECK-NEXT: %[[O0:.*]] = arith.muli %[[I]], %[[C32]] : index
// CHECK-NEXT: arith.constant 1 : index
// CHECK-NEXT: %[[O1:.*]] = arith.addi %[[O0]], %[[J]] : index
// CHECK-NEXT: %[[X:.*]] = tirx.vector_load %[[VA]][%[[O1]]] : !tirx.buffer<2048xf32, global> -> vector<4xf32>
// CHECK: arith.xori
// CHECK: %[[SO:.*]] = arith.addi %{{.*}}, %{{.*}} : index
// CHECK-NEXT: tirx.vector_store %[[X]], %[[VS]][%[[SO]]] : vector<4xf32>, !tirx.buffer<2048xf32, shared>
// CHECK-NEXT: %[[Y:.*]] = tirx.vector_load %[[F]][%[[J]]] : !tirx.buffer<256xf32, global> -> vector<4xf32>
// CHECK-NEXT: tirx.vector_store %[[Y]], %[[F]][%[[I]]] : vector<4xf32>, !tirx.buffer<256xf32, global>
// CHECK-NEXT: }
tirx.prim_func @vectors(%A: !tirx.buffer<64x32xf32, global>, %F: !tirx.buffer<256xf32, global>, %i: index, %j: index) {
  tirx.device_entry {
    %S = tirx.alloc_buffer : !tirx.buffer<64x32xf32, shared, #tirx.compose<#tirx.swizzle<per_element = 2, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,32):(32,1)]>>>
    %x = tirx.vector_load %A[%i, %j] : !tirx.buffer<64x32xf32, global> -> vector<4xf32>
    tirx.vector_store %x, %S[%i, %j] : vector<4xf32>, !tirx.buffer<64x32xf32, shared, #tirx.compose<#tirx.swizzle<per_element = 2, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[(64,32):(32,1)]>>>
    %y = tirx.vector_load %F[%j] : !tirx.buffer<256xf32, global> -> vector<4xf32>
    tirx.vector_store %y, %F[%i] : vector<4xf32>, !tirx.buffer<256xf32, global>
  }
  tirx.return
}
