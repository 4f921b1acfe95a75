// RUN: uop-opt %s --convert-uop-to-tirx | FileCheck %s
// RUN: uop-opt %s --convert-uop-to-tirx --tirx-to-nvvm=chip=sm_80 | uop-translate --mlir-to-ptx --chip=sm_80 | FileCheck %s --check-prefix=PTX
//
// DEFINE_LOCAL is a shared buffer of the kernel (allocated at the top of the
// device entry); BARRIER is a CTA barrier where it is scheduled, its result
// the buffer it passes through. Here each of 64 threads stores its element
// into shared memory, the block waits, and each reads its neighbour's: the
// rotation that needs the barrier.

// CHECK-LABEL: tirx.prim_func @rotate
// CHECK: %[[S:.*]] = tirx.alloc_buffer : !tirx.buffer<64xf32, shared>
// CHECK: %[[T:.*]] = tirx.scope_id_def cta -> thread [64]
// CHECK: %[[V:.*]] = tirx.buffer_load %arg1[%[[T]]] : !tirx.buffer<64xf32, global>
// CHECK: tirx.buffer_store %[[V]], %[[S]][%[[T]]] : !tirx.buffer<64xf32, shared>
// CHECK-NEXT: gpu.barrier
// CHECK: %[[N:.*]] = arith.remui
// CHECK: %[[W:.*]] = tirx.buffer_load %[[S]][%[[N]]] : !tirx.buffer<64xf32, shared>
// CHECK: tirx.buffer_store %[[W]], %arg0[%[[T]]] : !tirx.buffer<64xf32, global>
// PTX: .shared .align {{[0-9]+}} .b8 rotate_shared_0[256];
// PTX: st.shared.b32
// PTX-NEXT: bar.sync 0;
// PTX: ld.shared.b32
uop.function @rotate(%out: !uop.ptr<f32, global, 64>, %in: !uop.ptr<f32, global, 64>) {
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %t = uop.special %c64, threadIdx.x
  %x = uop.index %in[%t] : !uop.ptr<f32, global, 64> -> f32
  %v = uop.load %in, %x : !uop.ptr<f32, global, 64> -> f32
  %s = uop.define_local 0 : !uop.ptr<f32, local, 64>
  %si = uop.index %s[%t] : !uop.ptr<f32, local, 64> -> f32
  %st = uop.store %si, %v : f32
  %b = uop.barrier %s (%st : !uop.void) : !uop.ptr<f32, local, 64>
  %t1 = arith.addi %t, %c1 : index
  %n = arith.remui %t1, %c64 : index
  %ni = uop.index %b[%n] : !uop.ptr<f32, local, 64> -> f32
  %w = uop.load %b, %ni : !uop.ptr<f32, local, 64> -> f32
  %o = uop.index %out[%t] : !uop.ptr<f32, global, 64> -> f32
  %so = uop.store %o, %w : f32
  uop.sink %so : !uop.void info <name = "rotate">
}
