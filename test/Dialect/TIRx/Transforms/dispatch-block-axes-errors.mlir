// RUN: uop-opt %s -split-input-file -verify-diagnostics --tirx-dispatch-tile-primitives="chip=sm_90a"
//
// Block axes the scope cannot serve: a CTA holds one CTA's part of a tile
// distributed over cbx or bx, a cluster one cluster's part of one over bx;
// a block axis needs the grid (cluster) shape in force; shared memory is
// per CTA.

!C = !tirx.buffer<2x128xf32, local, #tirx.tile<S[(2,128):(1@cbx,1@tx)]>>
tirx.prim_func @cbx_at_cta_scope(%x: f32) {
  tirx.device_entry {
    %cb = tirx.scope_id_def cluster -> cta [2]
    %tx = tirx.scope_id_def cta -> thread [128]
    %w = tirx.alloc_buffer : !C
    // expected-error @+2 {{no implementation of 'tirx.tile.fill' accepts this call}}
    // expected-note @+1 {{generic: an operand is distributed over the thread axis cbx, which the cta scope does not contain}}
    tirx.tile.fill <cta> %w, %x : !C, f32
  }
  tirx.return
}

// -----

!B = !tirx.buffer<8x128xf32, local, #tirx.tile<S[(8,128):(1@bx,1@tx)]>>
tirx.prim_func @bx_at_cluster_scope(%x: f32) {
  tirx.device_entry {
    %cb = tirx.scope_id_def cluster -> cta [2]
    %tx = tirx.scope_id_def cta -> thread [128]
    %w = tirx.alloc_buffer : !B
    // expected-error @+2 {{no implementation of 'tirx.tile.fill' accepts this call}}
    // expected-note @+1 {{generic: an operand is distributed over the thread axis bx, which the cluster scope does not contain}}
    tirx.tile.fill <cluster> %w, %x : !B, f32
  }
  tirx.return
}

// -----

// At kernel scope a tile over cbx needs the cluster's shape.
!C = !tirx.buffer<2x128xf32, local, #tirx.tile<S[(2,128):(1@cbx,1@tx)]>>
tirx.prim_func @cbx_without_cluster(%x: f32) {
  tirx.device_entry {
    %bx = tirx.scope_id_def kernel -> cta [8]
    %tx = tirx.scope_id_def cta -> thread [128]
    %w = tirx.alloc_buffer : !C
    // expected-error @+2 {{no implementation of 'tirx.tile.fill' accepts this call}}
    // expected-note @+1 {{generic: the block axis cbx needs the cluster's shape (a cluster -> cta scope id in force)}}
    tirx.tile.fill <kernel> %w, %x : !C, f32
  }
  tirx.return
}

// -----

// A cluster of unknown shape: its threads cannot be counted.
tirx.prim_func @cluster_without_shape(%A: !tirx.buffer<8xf32, global>) {
  tirx.device_entry {
    %c = tirx.scope_id_def kernel -> cluster [2]
    %tx = tirx.scope_id_def cta -> thread [128]
    // expected-error @+4 {{no implementation of 'tirx.tile.copy' accepts this call}}
    // expected-note @+3 {{tcgen05_ld: tcgen05.ld needs sm_100a, target is sm_90a}}
    // expected-note @+2 {{vectorized: cluster scope needs the cluster's shape (a cluster -> cta scope id) and the CTA's threads in force}}
    // expected-note @+1 {{generic: cluster scope needs the cluster's shape (a cluster -> cta scope id) and the CTA's threads in force}}
    tirx.tile.copy <cluster> %A, %A : !tirx.buffer<8xf32, global>, !tirx.buffer<8xf32, global>
  }
  tirx.return
}

// -----

// Shared memory is per CTA.
tirx.prim_func @shared_at_cluster_scope(%A: !tirx.buffer<128xf32, global>) {
  tirx.device_entry {
    %cb = tirx.scope_id_def cluster -> cta [2]
    %tx = tirx.scope_id_def cta -> thread [128]
    %S = tirx.alloc_buffer : !tirx.buffer<128xf32, shared>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy' accepts this call}}
    // expected-note @+3 {{tcgen05_ld: tcgen05.ld needs sm_100a, target is sm_90a}}
    // expected-note @+2 {{vectorized: cluster scope on a shared operand needs distributed shared memory}}
    // expected-note @+1 {{generic: cluster scope on a shared operand needs distributed shared memory}}
    tirx.tile.copy <cluster> %S, %A : !tirx.buffer<128xf32, shared>, !tirx.buffer<128xf32, global>
  }
  tirx.return
}
