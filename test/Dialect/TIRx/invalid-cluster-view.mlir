// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// tirx.cluster_view: another CTA's copy of a shared tirx.alloc_buffer, in a
// kernel with a cluster -> cta scope id, with the source's type but scope
// shared_cluster, at a rank inside the cluster.

tirx.prim_func @not_shared() {
  tirx.device_entry {
    %c = tirx.scope_id_def cluster -> cta [2]
    %r = arith.constant 1 : i32
    %l = tirx.alloc_buffer : !tirx.buffer<64xf32, local>
    // expected-error @+1 {{views a shared buffer, got a local one}}
    %v = tirx.cluster_view %l rank %r : !tirx.buffer<64xf32, local> -> !tirx.buffer<64xf32, shared_cluster>
  }
  tirx.return
}

// -----

tirx.prim_func @not_an_allocation() {
  tirx.device_entry {
    %c = tirx.scope_id_def cluster -> cta [2]
    %r = arith.constant 1 : i32
    %s = tirx.alloc_buffer : !tirx.buffer<64xf32, shared>
    %d = tirx.decl_buffer %s : !tirx.buffer<64xf32, shared> -> !tirx.buffer<8x8xf32, shared>
    // expected-error @+1 {{views a tirx.alloc_buffer (each CTA's copy of it sits at the same offset of its shared memory)}}
    %v = tirx.cluster_view %d rank %r : !tirx.buffer<8x8xf32, shared> -> !tirx.buffer<8x8xf32, shared_cluster>
  }
  tirx.return
}

// -----

tirx.prim_func @other_type() {
  tirx.device_entry {
    %c = tirx.scope_id_def cluster -> cta [2]
    %r = arith.constant 1 : i32
    %s = tirx.alloc_buffer : !tirx.buffer<64xf32, shared, #tirx.tile<S[(8,8):(1,8)]>>
    // expected-error @+1 {{the view is the source with scope shared_cluster: '!tirx.buffer<64xf32, shared_cluster, #tirx.tile<S[(8,8):(1,8)]>>', got '!tirx.buffer<64xf32, shared_cluster>'}}
    %v = tirx.cluster_view %s rank %r : !tirx.buffer<64xf32, shared, #tirx.tile<S[(8,8):(1,8)]>> -> !tirx.buffer<64xf32, shared_cluster>
  }
  tirx.return
}

// -----

tirx.prim_func @still_shared() {
  tirx.device_entry {
    %c = tirx.scope_id_def cluster -> cta [2]
    %r = arith.constant 1 : i32
    %s = tirx.alloc_buffer : !tirx.buffer<64xf32, shared>
    // expected-error @+1 {{the view is the source with scope shared_cluster: '!tirx.buffer<64xf32, shared_cluster>', got '!tirx.buffer<64xf32, shared>'}}
    %v = tirx.cluster_view %s rank %r : !tirx.buffer<64xf32, shared> -> !tirx.buffer<64xf32, shared>
  }
  tirx.return
}

// -----

// Without a cluster there is no other CTA to name.
tirx.prim_func @no_cluster() {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [64]
    %r = arith.constant 0 : i32
    %s = tirx.alloc_buffer : !tirx.buffer<64xf32, shared>
    // expected-error @+1 {{names a CTA of the cluster: it needs a cluster -> cta scope id in force}}
    %v = tirx.cluster_view %s rank %r : !tirx.buffer<64xf32, shared> -> !tirx.buffer<64xf32, shared_cluster>
  }
  tirx.return
}

// -----

tirx.prim_func @rank_outside() {
  tirx.device_entry {
    %c:2 = tirx.scope_id_def cluster -> cta [2, 2]
    %r = arith.constant 4 : i32
    %s = tirx.alloc_buffer : !tirx.buffer<64xf32, shared>
    // expected-error @+1 {{rank 4 is outside the cluster's 4 CTAs}}
    %v = tirx.cluster_view %s rank %r : !tirx.buffer<64xf32, shared> -> !tirx.buffer<64xf32, shared_cluster>
  }
  tirx.return
}

// -----

tirx.prim_func @alloc_remote() {
  tirx.device_entry {
    // expected-error @+1 {{another CTA's shared memory is not allocated here: allocate a shared buffer and view its copy in that CTA with tirx.cluster_view}}
    %s = tirx.alloc_buffer : !tirx.buffer<64xf32, shared_cluster>
  }
  tirx.return
}

// -----

// expected-error @+1 {{a shared_cluster buffer sits where the shared buffer it views does; it takes no allocated_addr}}
tirx.prim_func @placed(%b: !tirx.buffer<64xf32, shared_cluster, allocated_addr = 0>) {
  tirx.return
}
