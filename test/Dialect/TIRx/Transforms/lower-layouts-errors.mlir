// RUN: uop-opt %s -split-input-file -verify-diagnostics --tirx-lower-layouts
//
// Tensor memory has no element loads and stores: tirx-lower-layouts rejects
// them (tcgen05.ld/st move tmem data).

tirx.prim_func @tmem_load(%i: index, %j: index) {
  tirx.device_entry {
    %t = tirx.alloc_buffer : !tirx.buffer<128x128xf32, tmem, #tirx.tile<S[(128,128):(1@TLane,1@TCol)]>>
    // expected-error @+1 {{tensor memory is accessed with tcgen05.ld/st, not element loads and stores}}
    %v = tirx.buffer_load %t[%i, %j] : !tirx.buffer<128x128xf32, tmem, #tirx.tile<S[(128,128):(1@TLane,1@TCol)]>>
  }
  tirx.return
}

// -----

tirx.prim_func @tmem_store(%i: index, %x: f32) {
  tirx.device_entry {
    %t = tirx.alloc_buffer : !tirx.buffer<128x4xf32, tmem, #tirx.tile<S[(128,4):(1@TLane,1@TCol)]>, allocated_addr = 0>
    // expected-error @+1 {{tensor memory is accessed with tcgen05.ld/st, not element loads and stores}}
    tirx.buffer_store %x, %t[%i, %i] : !tirx.buffer<128x4xf32, tmem, #tirx.tile<S[(128,4):(1@TLane,1@TCol)]>, allocated_addr = 0>
  }
  tirx.return
}

// -----

// Every bad access is reported, not only the first.
tirx.prim_func @two_errors(%i: index) {
  tirx.device_entry {
    %t = tirx.alloc_buffer : !tirx.buffer<128x128xf32, tmem, #tirx.tile<S[(128,128):(1@TLane,1@TCol)]>>
    // expected-error @+1 {{tensor memory is accessed with tcgen05.ld/st}}
    %v = tirx.buffer_load %t[%i, %i] : !tirx.buffer<128x128xf32, tmem, #tirx.tile<S[(128,128):(1@TLane,1@TCol)]>>
    // expected-error @+1 {{tensor memory is accessed with tcgen05.ld/st}}
    tirx.buffer_store %v, %t[%i, %i] : !tirx.buffer<128x128xf32, tmem, #tirx.tile<S[(128,128):(1@TLane,1@TCol)]>>
  }
  tirx.return
}

// -----

// A thread-distributed register buffer read at an element another lane owns
// (element i lives in lane i): lowering it would read the thread's own
// element, so it is an error.
tirx.prim_func @other_lane(%i: index) {
  tirx.device_entry {
    %w = tirx.scope_id_def cta -> warp [1]
    %L = tirx.alloc_buffer : !tirx.buffer<32xf32, local, #tirx.tile<S[(32):(1@laneid)]>>
    // expected-error @+1 {{the laneid coordinate of this element of '!tirx.buffer<32xf32, local, #tirx.tile<S[32:1@laneid]>>' is not provably the executing thread's own}}
    %y = tirx.buffer_load %L[%i] : !tirx.buffer<32xf32, local, #tirx.tile<S[(32):(1@laneid)]>>
  }
  tirx.return
}

// -----

// The neighbour's row: known, but another lane's.
tirx.prim_func @neighbour_lane(%x: f32) {
  tirx.device_entry {
    %l = tirx.scope_id_def warp -> thread [32]
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %n0 = arith.addi %l, %c1 : index
    %n = arith.remui %n0, %c32 : index
    %L = tirx.alloc_buffer : !tirx.buffer<32x4xf32, local, #tirx.tile<S[(32,4):(1@laneid,1)]>>
    // expected-error @+1 {{the laneid coordinate of this element}}
    tirx.buffer_store %x, %L[%n, %c1] : !tirx.buffer<32x4xf32, local, #tirx.tile<S[(32,4):(1@laneid,1)]>>
  }
  tirx.return
}

// -----

// A constant element is lane 3's, not every lane's.
tirx.prim_func @constant_lane() {
  tirx.device_entry {
    %l = tirx.scope_id_def warp -> thread [32]
    %c3 = arith.constant 3 : index
    %L = tirx.alloc_buffer : !tirx.buffer<32xf32, local, #tirx.tile<S[(32):(1@laneid)]>>
    // expected-error @+1 {{the laneid coordinate of this element}}
    %y = tirx.buffer_load %L[%c3] : !tirx.buffer<32xf32, local, #tirx.tile<S[(32):(1@laneid)]>>
  }
  tirx.return
}

// -----

// An owner test on the wrong lane does not make the access the thread's own.
tirx.prim_func @wrong_owner_test() {
  tirx.device_entry {
    %l = tirx.scope_id_def warp -> thread [32]
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %L = tirx.alloc_buffer : !tirx.buffer<32xf32, local, #tirx.tile<S[(32):(1@laneid)]>>
    scf.for %e = %c0 to %c32 step %c1 {
      %mine = arith.cmpi ule, %e, %l : index
      scf.if %mine {
        // expected-error @+1 {{the laneid coordinate of this element}}
        %y = tirx.buffer_load %L[%e] : !tirx.buffer<32xf32, local, #tirx.tile<S[(32):(1@laneid)]>>
      }
    }
  }
  tirx.return
}

// -----

// A value broadcast from lane 0 (shfl.sync idx, as tirx-lower-scope-ids makes
// warp ids warp-uniform) is evaluated in lane 0: lane 0's id is every lane's
// index here, so only lane 0 owns the element.
tirx.prim_func @broadcast_lane_id() {
  tirx.device_entry {
    %w = tirx.scope_id_def cta -> warp [1]
    %l = tirx.scope_id_def warp -> thread [32]
    %L = tirx.alloc_buffer : !tirx.buffer<32xf32, local, #tirx.tile<S[(32):(1@laneid)]>>
    %l32 = arith.index_castui %l : index to i32
    %m = arith.constant -1 : i32
    %z = arith.constant 0 : i32
    %c = arith.constant 31 : i32
    %s = nvvm.shfl.sync idx %m, %l32, %z, %c : i32 -> i32
    %i = arith.index_castui %s : i32 to index
    // expected-error @+1 {{the laneid coordinate of this element of '!tirx.buffer<32xf32, local, #tirx.tile<S[32:1@laneid]>>' is not provably the executing thread's own}}
    %y = tirx.buffer_load %L[%i] : !tirx.buffer<32xf32, local, #tirx.tile<S[(32):(1@laneid)]>>
  }
  tirx.return
}

// -----

// The same broadcast of the warp id (tx / 32) is every lane's own warp id.
tirx.prim_func @broadcast_warp_id(%x: f32) {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %L = tirx.alloc_buffer : !tirx.buffer<4xf32, local, #tirx.tile<S[(4):(1@warpid)]>>
    %c32 = arith.constant 32 : index
    %wid = arith.divui %tx, %c32 : index
    %w32 = arith.index_castui %wid : index to i32
    %m = arith.constant -1 : i32
    %z = arith.constant 0 : i32
    %c = arith.constant 31 : i32
    %s = nvvm.shfl.sync idx %m, %w32, %z, %c : i32 -> i32
    %i = arith.index_castui %s : i32 to index
    tirx.buffer_store %x, %L[%i] : !tirx.buffer<4xf32, local, #tirx.tile<S[(4):(1@warpid)]>>
  }
  tirx.return
}

// -----

// Block axes: element (c, t) of a tile over (cbx, tx) is thread t's of CTA c
// in the cluster. Row 0 is only CTA 0's, so reading it in every CTA is an
// error (the CTA ids are free over the cluster's shape).
tirx.prim_func @other_cta() {
  tirx.device_entry {
    %cb = tirx.scope_id_def cluster -> cta [2]
    %tx = tirx.scope_id_def cta -> thread [128]
    %L = tirx.alloc_buffer : !tirx.buffer<2x128xf32, local, #tirx.tile<S[(2,128):(1@cbx,1@tx)]>>
    %c0 = arith.constant 0 : index
    // expected-error @+1 {{the cbx coordinate of this element of '!tirx.buffer<2x128xf32, local, #tirx.tile<S[(2,128):(1@cbx,1@tx)]>>' is not provably the executing thread's own}}
    %v = tirx.buffer_load %L[%c0, %tx] : !tirx.buffer<2x128xf32, local, #tirx.tile<S[(2,128):(1@cbx,1@tx)]>>
  }
  tirx.return
}

// -----

// The same tile read at the CTA's own id (another read of cluster -> cta
// is the same id) is every thread's own.
tirx.prim_func @own_cta(%x: f32) {
  tirx.device_entry {
    %cb = tirx.scope_id_def cluster -> cta [2]
    %tx = tirx.scope_id_def cta -> thread [128]
    %L = tirx.alloc_buffer : !tirx.buffer<2x128xf32, local, #tirx.tile<S[(2,128):(1@cbx,1@tx)]>>
    %cb2 = tirx.scope_id_def cluster -> cta [2]
    tirx.buffer_store %x, %L[%cb2, %tx] : !tirx.buffer<2x128xf32, local, #tirx.tile<S[(2,128):(1@cbx,1@tx)]>>
  }
  tirx.return
}
