// RUN: uop-opt %s -split-input-file -verify-diagnostics --tirx-dispatch-tile-primitives="chip=sm_100a"
//
// Config settings no implementation can honour are errors naming each
// candidate's reason, never ignored. An implementation's own reasons come
// before a config key it does not read.

// vec = 8 f32 is 32 bytes: more than one access; the generic loop does not
// vectorize.
tirx.prim_func @vec_too_wide(%A: !tirx.buffer<64xf32, global>) {
  tirx.device_entry {
    %S = tirx.alloc_buffer : !tirx.buffer<64xf32, shared>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy' accepts this call on sm_100a}}
    // expected-note @+3 {{tcgen05_ld: reading 128 tmem lanes takes a warpgroup}}
    // expected-note @+2 {{vectorized: config vec = 8 exceeds a 16-byte access of this dtype}}
    // expected-note @+1 {{generic: config vec = 8 asks for vector accesses; the generic loop is element-wise}}
    tirx.tile.copy <thread> %S, %A config {vec = 8} : !tirx.buffer<64xf32, shared>, !tirx.buffer<64xf32, global>
  }
  tirx.return
}

// -----

// vec on an op whose implementations do not read it.
tirx.prim_func @vec_on_reduce() {
  tirx.device_entry {
    %w = tirx.scope_id_def cta -> thread [32]
    %A = tirx.alloc_buffer : !tirx.buffer<4x64xf32, shared>
    %B = tirx.alloc_buffer : !tirx.buffer<4xf32, shared>
    // expected-error @+4 {{no implementation of 'tirx.tile.reduce' accepts this call}}
    // expected-note @+3 {{workspace: needs one workspace buffer for the warps' partials}}
    // expected-note @+2 {{shuffle: does not read config key 'vec'}}
    // expected-note @+1 {{generic: does not read config key 'vec'}}
    tirx.tile.reduce sum <cta> %B, %A axes [1] config {vec = 4} : !tirx.buffer<4xf32, shared>, !tirx.buffer<4x64xf32, shared>
  }
  tirx.return
}

// -----

// TMA multicast needs a cluster (a cluster -> cta scope id); cp.async has no
// multicast.
tirx.prim_func @multicast(%G: !tirx.buffer<128x64xf16, global>) {
  tirx.device_entry {
    %c0 = arith.constant 0 : index
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %S = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared>
    %r = tirx.region %G[%c0 : 128, %c0 : 64] : !tirx.buffer<128x64xf16, global>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call}}
    // expected-note @+3 {{tma: config multicast writes to the CTAs of a cluster: the kernel needs a cluster -> cta scope id of 2 or more CTAs}}
    // expected-note @+2 {{bulk: a bulk copy between CTAs copies shared -> another CTA's shared memory (a tirx.cluster_view)}}
    // expected-note @+1 {{cp_async: cp.async completes by commit/wait groups, not on a barrier}}
    tirx.tile.copy_async <thread> %S, %r barrier %bar : !tirx.buffer<1xi64, shared> config {multicast = true} : !tirx.buffer<128x64xf16, shared>, !tirx.region<128x64, !tirx.buffer<128x64xf16, global>>
  }
  tirx.return
}
