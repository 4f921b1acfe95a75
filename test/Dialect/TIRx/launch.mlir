// RUN: uop-opt %s | uop-opt | FileCheck %s
//
// Host code: a prim_func without a device_entry allocates global buffers and
// launches kernels on them, in order (the host side of a compiled graph).

// CHECK-LABEL: tirx.prim_func @graph
// CHECK-SAME: (%[[X:.*]]: !tirx.buffer<64xf32, global>, %[[Y:.*]]: !tirx.buffer<64xf32, global>)
// CHECK-NEXT: %[[T:.*]] = tirx.alloc_buffer : !tirx.buffer<64xf32, global>
// CHECK-NEXT: tirx.launch @scale(%[[T]], %[[X]]) : (!tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>)
// CHECK-NEXT: tirx.launch @scale(%[[Y]], %[[T]]) : (!tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>)
// CHECK-NEXT: tirx.return
tirx.prim_func @graph(%x: !tirx.buffer<64xf32, global>, %y: !tirx.buffer<64xf32, global>) {
  %t = tirx.alloc_buffer : !tirx.buffer<64xf32, global>
  tirx.launch @scale(%t, %x) : (!tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>)
  tirx.launch @scale(%y, %t) : (!tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>)
  tirx.return
}

tirx.prim_func @scale(%out: !tirx.buffer<64xf32, global>, %in: !tirx.buffer<64xf32, global>) {
  tirx.device_entry {
    %t = tirx.scope_id_def cta -> thread [64]
    %v = tirx.buffer_load %in[%t] : !tirx.buffer<64xf32, global>
    %w = arith.addf %v, %v : f32
    tirx.buffer_store %w, %out[%t] : !tirx.buffer<64xf32, global>
  }
  tirx.return
}
