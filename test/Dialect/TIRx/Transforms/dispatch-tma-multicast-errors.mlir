// RUN: uop-opt %s -split-input-file -verify-diagnostics --tirx-dispatch-tile-primitives="chip=sm_90a"
//
// TMA multicast names CTAs of the cluster in force: a mask needs the
// cluster's shape and must stay inside it.

tirx.prim_func @no_cluster(%A: !tirx.buffer<256x64xbf16, global>) {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<16x64xbf16, shared>
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %src = tirx.region %A[%c0 : 16, %c0 : 64] : !tirx.buffer<256x64xbf16, global>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call}}
    // expected-note @+3 {{tma: config multicast writes to the CTAs of a cluster: the kernel needs a cluster -> cta scope id of 2 or more CTAs}}
    // expected-note @+2 {{bulk: a bulk copy between CTAs copies shared -> another CTA's shared memory (a tirx.cluster_view)}}
    // expected-note @+1 {{cp_async: cp.async completes by commit/wait groups, not on a barrier}}
    tirx.tile.copy_async <thread> %S, %src barrier %bar : !tirx.buffer<1xi64, shared> config {multicast = 3}
      : !tirx.buffer<16x64xbf16, shared>, !tirx.region<16x64, !tirx.buffer<256x64xbf16, global>>
  }
  tirx.return
}

// -----

tirx.prim_func @beyond_cluster(%A: !tirx.buffer<256x64xbf16, global>) {
  tirx.device_entry {
    %cb = tirx.scope_id_def cluster -> cta [2]
    %tx = tirx.scope_id_def cta -> thread [128]
    %c0 = arith.constant 0 : index
    %S = tirx.alloc_buffer : !tirx.buffer<16x64xbf16, shared>
    %bar = tirx.alloc_buffer : !tirx.buffer<1xi64, shared>
    %src = tirx.region %A[%c0 : 16, %c0 : 64] : !tirx.buffer<256x64xbf16, global>
    // expected-error @+4 {{no implementation of 'tirx.tile.copy_async' accepts this call}}
    // expected-note @+3 {{tma: config multicast: the mask 4 names CTAs outside the 2-CTA cluster}}
    // expected-note @+2 {{bulk: a bulk copy between CTAs copies shared -> another CTA's shared memory (a tirx.cluster_view)}}
    // expected-note @+1 {{cp_async: cp.async completes by commit/wait groups, not on a barrier}}
    tirx.tile.copy_async <thread> %S, %src barrier %bar : !tirx.buffer<1xi64, shared> config {multicast = 4}
      : !tirx.buffer<16x64xbf16, shared>, !tirx.region<16x64, !tirx.buffer<256x64xbf16, global>>
  }
  tirx.return
}
