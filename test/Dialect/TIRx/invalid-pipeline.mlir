// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// tirx.pipeline: one or more stages, mbarrier arrival counts of 1 to
// 2^20 - 1; pipeline.init over two distinct plain shared i64 rings of one
// barrier per stage, directly in the device_entry body; the step ops on the
// device.

// expected-error @+1 {{a pipeline has at least one stage, got 0}}
func.func private @no_stages(!tirx.pipeline<stages = 0, producers = 1, consumers = 1>)

// -----

// expected-error @+1 {{consumers is an mbarrier arrival count, 1 to 1048575, got 1048576}}
func.func private @too_many_arrivals(!tirx.pipeline<stages = 2, producers = 1, consumers = 1048576>)

// -----

tirx.prim_func @not_i64() {
  tirx.device_entry {
    %full = tirx.alloc_buffer : !tirx.buffer<2xi32, shared>
    %empty = tirx.alloc_buffer : !tirx.buffer<2xi64, shared>
    // expected-error @+1 {{the full barriers are a shared i64 buffer (one mbarrier per stage), got '!tirx.buffer<2xi32, shared>'}}
    %p = tirx.pipeline.init %full, %empty : !tirx.buffer<2xi32, shared>, !tirx.buffer<2xi64, shared> -> !tirx.pipeline<stages = 2, producers = 1, consumers = 1>
  }
  tirx.return
}

// -----

tirx.prim_func @wrong_count() {
  tirx.device_entry {
    %full = tirx.alloc_buffer : !tirx.buffer<2xi64, shared>
    %empty = tirx.alloc_buffer : !tirx.buffer<4xi64, shared>
    // expected-error @+1 {{the empty barriers are one per stage: expected 2 elements in one dimension, got '!tirx.buffer<4xi64, shared>'}}
    %p = tirx.pipeline.init %full, %empty : !tirx.buffer<2xi64, shared>, !tirx.buffer<4xi64, shared> -> !tirx.pipeline<stages = 2, producers = 1, consumers = 1>
  }
  tirx.return
}

// -----

tirx.prim_func @strided() {
  tirx.device_entry {
    %full = tirx.alloc_buffer : !tirx.buffer<2xi64, shared, strides = [2]>
    %empty = tirx.alloc_buffer : !tirx.buffer<2xi64, shared>
    // expected-error @+1 {{the full barriers are a plain ring: no layout, strides or elem_offset}}
    %p = tirx.pipeline.init %full, %empty : !tirx.buffer<2xi64, shared, strides = [2]>, !tirx.buffer<2xi64, shared> -> !tirx.pipeline<stages = 2, producers = 1, consumers = 1>
  }
  tirx.return
}

// -----

tirx.prim_func @one_ring() {
  tirx.device_entry {
    %bars = tirx.alloc_buffer : !tirx.buffer<2xi64, shared>
    // expected-error @+1 {{the full and empty barriers must be two buffers}}
    %p = tirx.pipeline.init %bars, %bars : !tirx.buffer<2xi64, shared>, !tirx.buffer<2xi64, shared> -> !tirx.pipeline<stages = 2, producers = 1, consumers = 1>
  }
  tirx.return
}

// -----

tirx.prim_func @nested_init() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %c0 = arith.constant 0 : index
    %full = tirx.alloc_buffer : !tirx.buffer<2xi64, shared>
    %empty = tirx.alloc_buffer : !tirx.buffer<2xi64, shared>
    %first = arith.cmpi eq, %tx, %c0 : index
    scf.if %first {
      // expected-error @+1 {{initialises the barriers for the whole CTA and synchronises it: place it directly in the tirx.device_entry body}}
      %p = tirx.pipeline.init %full, %empty : !tirx.buffer<2xi64, shared>, !tirx.buffer<2xi64, shared> -> !tirx.pipeline<stages = 2, producers = 1, consumers = 1>
    }
  }
  tirx.return
}

// -----

tirx.prim_func @host_wait(%i: index) {
  %p = builtin.unrealized_conversion_cast to !tirx.pipeline<stages = 2, producers = 1, consumers = 1>
  // expected-error @+1 {{waits on and arrives at mbarriers on the device: place it inside a tirx.device_entry}}
  %s = tirx.pipeline.consumer_wait %p[%i] : !tirx.pipeline<stages = 2, producers = 1, consumers = 1>
  tirx.return
}

// -----

// The cluster forms: a cluster pipeline, a remote (rank) arrival and the
// multicast / CTA-pair commits arrive on other CTAs' barriers, so the kernel
// runs in clusters.
tirx.prim_func @cluster_init_without_cluster() {
  tirx.device_entry {
    %full = tirx.alloc_buffer : !tirx.buffer<2xi64, shared>
    %empty = tirx.alloc_buffer : !tirx.buffer<2xi64, shared>
    // expected-error @+1 {{synchronises the thread-block cluster (cluster): the kernel needs a cluster -> cta scope id}}
    %p = tirx.pipeline.init %full, %empty cluster : !tirx.buffer<2xi64, shared>, !tirx.buffer<2xi64, shared> -> !tirx.pipeline<stages = 2, producers = 1, consumers = 1>
  }
  tirx.return
}

// -----

!pipe_t = !tirx.pipeline<stages = 2, producers = 1, consumers = 2>
tirx.prim_func @rank_without_cluster(%i: index, %r: i32) {
  tirx.device_entry {
    %full = tirx.alloc_buffer : !tirx.buffer<2xi64, shared>
    %empty = tirx.alloc_buffer : !tirx.buffer<2xi64, shared>
    %p = tirx.pipeline.init %full, %empty : !tirx.buffer<2xi64, shared>, !tirx.buffer<2xi64, shared> -> !pipe_t
    // expected-error @+1 {{arrives on other CTAs' barriers, which needs a thread-block cluster: the kernel needs a cluster -> cta scope id}}
    tirx.pipeline.consumer_release %p[%i] rank %r : !pipe_t
  }
  tirx.return
}

// -----

!pipe_t = !tirx.pipeline<stages = 2, producers = 1, consumers = 2>
tirx.prim_func @rank_and_tcgen05(%i: index, %r: i32) {
  tirx.device_entry {
    %c = tirx.scope_id_def cluster -> cta [2]
    %full = tirx.alloc_buffer : !tirx.buffer<2xi64, shared>
    %empty = tirx.alloc_buffer : !tirx.buffer<2xi64, shared>
    %p = tirx.pipeline.init %full, %empty cluster : !tirx.buffer<2xi64, shared>, !tirx.buffer<2xi64, shared> -> !pipe_t
    // expected-error @+1 {{arrives either on another CTA's barrier (rank) or by a tcgen05 commit (tcgen05), not both}}
    tirx.pipeline.producer_commit %p[%i] rank %r tcgen05 : !pipe_t
  }
  tirx.return
}

// -----

!pipe_t = !tirx.pipeline<stages = 2, producers = 1, consumers = 2>
tirx.prim_func @multicast_without_tcgen05(%i: index, %m: i16) {
  tirx.device_entry {
    %c = tirx.scope_id_def cluster -> cta [2]
    %full = tirx.alloc_buffer : !tirx.buffer<2xi64, shared>
    %empty = tirx.alloc_buffer : !tirx.buffer<2xi64, shared>
    %p = tirx.pipeline.init %full, %empty cluster : !tirx.buffer<2xi64, shared>, !tirx.buffer<2xi64, shared> -> !pipe_t
    // expected-error @+1 {{multicast and cta_group are forms of the tcgen05 commit: add tcgen05}}
    tirx.pipeline.consumer_release %p[%i] multicast %m : !pipe_t
  }
  tirx.return
}

// -----

!pipe_t = !tirx.pipeline<stages = 2, producers = 1, consumers = 2>
tirx.prim_func @cta_group_three(%i: index) {
  tirx.device_entry {
    %c = tirx.scope_id_def cluster -> cta [2]
    %full = tirx.alloc_buffer : !tirx.buffer<2xi64, shared>
    %empty = tirx.alloc_buffer : !tirx.buffer<2xi64, shared>
    %p = tirx.pipeline.init %full, %empty cluster : !tirx.buffer<2xi64, shared>, !tirx.buffer<2xi64, shared> -> !pipe_t
    // expected-error @+1 {{cta_group is 1 (one CTA) or 2 (a CTA pair), got 3}}
    tirx.pipeline.consumer_release %p[%i] tcgen05 cta_group 3 : !pipe_t
  }
  tirx.return
}

// -----

!pipe_t = !tirx.pipeline<stages = 2, producers = 1, consumers = 2>
tirx.prim_func @multicast_without_cluster(%i: index, %m: i16) {
  tirx.device_entry {
    %full = tirx.alloc_buffer : !tirx.buffer<2xi64, shared>
    %empty = tirx.alloc_buffer : !tirx.buffer<2xi64, shared>
    %p = tirx.pipeline.init %full, %empty : !tirx.buffer<2xi64, shared>, !tirx.buffer<2xi64, shared> -> !pipe_t
    // expected-error @+1 {{arrives on other CTAs' barriers, which needs a thread-block cluster}}
    tirx.pipeline.consumer_release %p[%i] tcgen05 multicast %m : !pipe_t
  }
  tirx.return
}

// -----

tirx.prim_func @host_tail(%i: index) {
  %p = builtin.unrealized_conversion_cast to !tirx.pipeline<stages = 2, producers = 1, consumers = 1>
  // expected-error @+1 {{waits on and arrives at mbarriers on the device: place it inside a tirx.device_entry}}
  tirx.pipeline.producer_tail %p[%i] : !tirx.pipeline<stages = 2, producers = 1, consumers = 1>
  tirx.return
}
