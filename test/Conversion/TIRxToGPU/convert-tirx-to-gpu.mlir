// RUN: uop-opt %s --convert-tirx-to-gpu | FileCheck %s
//
// convert-tirx-to-gpu: every prim_func with a device_entry becomes a
// gpu.func @<name> kernel in the one gpu.module @tirx_kernels of the module
// (appended at its end), so that one PTX file holds all kernels. Buffer
// parameters become 1-D memrefs of their storage span in global memory,
// scalars stay as they are; shared allocations become private workgroup
// memref.globals of the gpu.module named after the kernel, placed at 128
// bytes (1024 for swizzled tiles), local ones 16-byte aligned allocas at the
// kernel's entry; flat buffer_load/store become memref.load/store and flat
// vector_load/store vector.load/store aligned to the vector's size; the
// recorded block/grid dims become known_block_size/known_grid_size (padded
// to 3-D), and the static shared bytes (each allocation rounded up to its
// alignment) tirx.shared_bytes. Host-only prim_funcs are left alone.

// CHECK: module attributes {gpu.container_module} {

// A host-only prim_func (no device_entry) is untouched and stays where it was,
// before the appended gpu.module.
// CHECK-NEXT: tirx.prim_func @host(%[[X:.*]]: index, %[[B:.*]]: !tirx.buffer<16xf32, global>) -> index {
// CHECK-NEXT: tirx.return %[[X]] : index
// CHECK-NEXT: }

// CHECK-NEXT: gpu.module @tirx_kernels {
// CHECK-NEXT: memref.global "private" @kern_shared_0 : memref<256xf32, #gpu.address_space<workgroup>> {alignment = 128 : i64}
// CHECK-NEXT: memref.global "private" @kern_shared_1 : memref<16xi32, #gpu.address_space<workgroup>> {alignment = 128 : i64}
// CHECK-NEXT: gpu.func @kern(%[[A:.*]]: memref<1024xf32, #gpu.address_space<global>>, %[[N:.*]]: index, %[[X:.*]]: f32, %[[H:.*]]: memref<8255xf16, #gpu.address_space<global>>)
// CHECK-SAME: kernel attributes {known_block_size = array<i32: 128, 1, 1>, known_grid_size = array<i32: 8, 4, 1>, tirx.shared_bytes = 1088 : i64}
// CHECK-NEXT: %[[L:.*]] = memref.alloca() : memref<4xf32, #gpu.address_space<private>>
// CHECK-NEXT: %[[S:.*]] = memref.get_global @kern_shared_0 : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[V:.*]] = memref.load %[[A]][%[[N]]] : memref<1024xf32, #gpu.address_space<global>>
// CHECK-NEXT: %[[W:.*]] = arith.addf %[[V]], %[[X]] : f32
// CHECK-NEXT: memref.store %[[W]], %[[S]][%[[N]]] : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: memref.store %[[W]], %[[L]][%[[C0]]] : memref<4xf32, #gpu.address_space<private>>
// A bind is replaced by its value.
// CHECK-NEXT: %[[U:.*]] = memref.load %[[L]][%[[C0]]] : memref<4xf32, #gpu.address_space<private>>
// CHECK-NEXT: memref.store %[[U]], %[[A]][%[[N]]] : memref<1024xf32, #gpu.address_space<global>>
// Flat decl_buffer views of the same span read the memref of the buffer
// they view.
// CHECK-NEXT: %[[HV:.*]] = memref.load %[[H]][%[[N]]] : memref<8255xf16, #gpu.address_space<global>>
// CHECK-NEXT: %[[HX:.*]] = arith.extf %[[HV]] : f16 to f32
// CHECK-NEXT: memref.store %[[HX]], %[[S]][%[[C0]]] : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: %[[T:.*]] = arith.constant true
// CHECK-NEXT: scf.if %[[T]] {
// CHECK-NEXT: %[[S2:.*]] = memref.get_global @kern_shared_1 : memref<16xi32, #gpu.address_space<workgroup>>
// CHECK-NEXT: %[[I:.*]] = memref.load %[[S2]][%[[C0]]] : memref<16xi32, #gpu.address_space<workgroup>>
// CHECK-NEXT: memref.store %[[I]], %[[S2]][%[[C0]]] : memref<16xi32, #gpu.address_space<workgroup>>
// CHECK-NEXT: }
// CHECK-NEXT: gpu.return
// CHECK-NEXT: }
tirx.prim_func @kern(%A: !tirx.buffer<1024xf32, global>, %n: index, %x: f32,
                     %H: !tirx.buffer<64x64xf16, global, strides = [128, 2], elem_offset = 64>)
    attributes {tirx.block_dims = array<i64: 128>, tirx.grid_dims = array<i64: 8, 4>} {
  tirx.device_entry {
    %S = tirx.alloc_buffer : !tirx.buffer<256xf32, shared>
    %L = tirx.alloc_buffer : !tirx.buffer<4xf32, local>
    %c0 = arith.constant 0 : index
    %v = tirx.buffer_load %A[%n] : !tirx.buffer<1024xf32, global>
    %w = arith.addf %v, %x : f32
    tirx.buffer_store %w, %S[%n] : !tirx.buffer<256xf32, shared>
    tirx.buffer_store %w, %L[%c0] : !tirx.buffer<4xf32, local>
    %b = tirx.bind "m" %n : index
    %u = tirx.buffer_load %L[%c0] : !tirx.buffer<4xf32, local>
    tirx.buffer_store %u, %A[%b] : !tirx.buffer<1024xf32, global>
    %Hf = tirx.decl_buffer %H storage : !tirx.buffer<64x64xf16, global, strides = [128, 2], elem_offset = 64> -> !tirx.buffer<8255xf16, global>
    %hv = tirx.buffer_load %Hf[%n] : !tirx.buffer<8255xf16, global>
    %hx = arith.extf %hv : f16 to f32
    tirx.buffer_store %hx, %S[%c0] : !tirx.buffer<256xf32, shared>
    // A shared allocation nested in a region is still a static global.
    %true = arith.constant true
    scf.if %true {
      %S2 = tirx.alloc_buffer : !tirx.buffer<16xi32, shared>
      %i = tirx.buffer_load %S2[%c0] : !tirx.buffer<16xi32, shared>
      tirx.buffer_store %i, %S2[%c0] : !tirx.buffer<16xi32, shared>
    }
  }
  tirx.return
}

// No recorded dims: no known sizes. A multi-dimensional or laid-out buffer's
// memref is its flat storage span (2x(64x64) swizzled f16 -> 8192). (The
// alignment of plain shared tiles is checked on @kern.)
// CHECK-NEXT: memref.global "private" @nodims_shared_0 : memref<4096xf16, #gpu.address_space<workgroup>> {alignment = 1024 : i64}
// CHECK-NEXT: gpu.func @nodims(%[[A:.*]]: memref<8192xf16, #gpu.address_space<global>>) kernel attributes {tirx.shared_bytes = 8192 : i64} {
// CHECK-NEXT: memref.get_global @nodims_shared_0
// CHECK-NEXT: gpu.return
// CHECK-NEXT: }
tirx.prim_func @nodims(%A: !tirx.buffer<2x64x64xf16, global>) {
  tirx.device_entry {
    %S = tirx.alloc_buffer : !tirx.buffer<64x64xf16, shared, #tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>>
  }
  tirx.return
}

// Only a grid: known_grid_size without known_block_size.
// CHECK-NEXT: gpu.func @grid_only() kernel attributes {known_grid_size = array<i32: 2, 3, 4>, tirx.shared_bytes = 0 : i64} {
// CHECK-NEXT: gpu.return
// CHECK-NEXT: }
tirx.prim_func @grid_only() attributes {tirx.grid_dims = array<i64: 2, 3, 4>} {
  tirx.device_entry {
  }
  tirx.return
}

// A host-only prim_func (no device_entry) is untouched (checked at the top).
tirx.prim_func @host(%x: index, %B: !tirx.buffer<16xf32, global>) -> index {
  tirx.return %x : index
}

// Flat vector accesses become vector.load/store with the alignment of the
// whole vector (16 bytes for 4 x f32, 8 bytes for 4 x f16): the dispatch that
// produced them checked that the runs are aligned.
// CHECK-NEXT: memref.global "private" @vectors_shared_0 : memref<256xf32, #gpu.address_space<workgroup>> {alignment = 128 : i64}
// CHECK-NEXT: gpu.func @vectors(%[[A:.*]]: memref<256xf32, #gpu.address_space<global>>, %[[H:.*]]: memref<64xf16, #gpu.address_space<global>>, %[[I:.*]]: index)
// CHECK-NEXT: %[[L:.*]] = memref.alloca() : memref<8xf16, #gpu.address_space<private>>
// CHECK-NEXT: %[[S:.*]] = memref.get_global @vectors_shared_0 : memref<256xf32, #gpu.address_space<workgroup>>
// CHECK-NEXT: %[[V:.*]] = vector.load %[[A]][%[[I]]] {alignment = 16 : i64} : memref<256xf32, #gpu.address_space<global>>, vector<4xf32>
// CHECK-NEXT: vector.store %[[V]], %[[S]][%[[I]]] {alignment = 16 : i64} : memref<256xf32, #gpu.address_space<workgroup>>, vector<4xf32>
// CHECK-NEXT: %[[W:.*]] = vector.load %[[H]][%[[I]]] {alignment = 8 : i64} : memref<64xf16, #gpu.address_space<global>>, vector<4xf16>
// CHECK-NEXT: vector.store %[[W]], %[[L]][%[[I]]] {alignment = 8 : i64} : memref<8xf16, #gpu.address_space<private>>, vector<4xf16>
// CHECK-NEXT: gpu.return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NOT: gpu.module
// CHECK-NOT: tirx.
tirx.prim_func @vectors(%A: !tirx.buffer<256xf32, global>, %H: !tirx.buffer<64xf16, global>, %i: index) {
  tirx.device_entry {
    %S = tirx.alloc_buffer : !tirx.buffer<256xf32, shared>
    %L = tirx.alloc_buffer : !tirx.buffer<8xf16, local>
    %v = tirx.vector_load %A[%i] : !tirx.buffer<256xf32, global> -> vector<4xf32>
    tirx.vector_store %v, %S[%i] : vector<4xf32>, !tirx.buffer<256xf32, shared>
    %w = tirx.vector_load %H[%i] : !tirx.buffer<64xf16, global> -> vector<4xf16>
    tirx.vector_store %w, %L[%i] : vector<4xf16>, !tirx.buffer<8xf16, local>
  }
  tirx.return
}
