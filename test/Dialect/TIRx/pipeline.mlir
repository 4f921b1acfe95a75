// RUN: uop-opt %s | uop-opt | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | uop-opt | FileCheck %s
//
// A two-stage full/empty mbarrier pipeline between a producer and a
// consumer warpgroup, with their register budgets: the ops parse, verify
// and round-trip through the generic form.

!bar_t = !tirx.buffer<2xi64, shared>
!pipe_t = !tirx.pipeline<stages = 2, producers = 1, consumers = 128>

// CHECK-LABEL: tirx.prim_func @ring
// CHECK: %[[P:.*]] = tirx.pipeline.init %{{.*}}, %{{.*}} : !tirx.buffer<2xi64, shared>, !tirx.buffer<2xi64, shared> -> !tirx.pipeline<stages = 2, producers = 1, consumers = 128>
// CHECK: tirx.warp_specialize
// CHECK-NEXT: role(%{{.*}}) warpgroups 1 maxnreg 40 {
// CHECK: %{{.*}} = tirx.pipeline.producer_acquire %[[P]][%{{.*}}] : !tirx.pipeline<stages = 2, producers = 1, consumers = 128>
// CHECK: tirx.pipeline.producer_commit %[[P]][%{{.*}}] : !tirx.pipeline<stages = 2, producers = 1, consumers = 128>
// CHECK: role(%[[C:.*]]) warpgroups 1 maxnreg 232 {
// CHECK: %{{.*}} = tirx.pipeline.consumer_wait %[[P]][%[[C]]] : !tirx.pipeline<stages = 2, producers = 1, consumers = 128>
// CHECK: tirx.pipeline.consumer_release %[[P]][%[[C]]] : !tirx.pipeline<stages = 2, producers = 1, consumers = 128>
tirx.prim_func @ring() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [256]
    %full = tirx.alloc_buffer : !bar_t
    %empty = tirx.alloc_buffer : !bar_t
    %pipe = tirx.pipeline.init %full, %empty : !bar_t, !bar_t -> !pipe_t
    tirx.warp_specialize
    role(%p) warpgroups 1 maxnreg 40 {
      %s = tirx.pipeline.producer_acquire %pipe[%p] : !pipe_t
      tirx.pipeline.producer_commit %pipe[%p] : !pipe_t
    }
    role(%c) warpgroups 1 maxnreg 232 {
      %s = tirx.pipeline.consumer_wait %pipe[%c] : !pipe_t
      tirx.pipeline.consumer_release %pipe[%c] : !pipe_t
    }
  }
  tirx.return
}
