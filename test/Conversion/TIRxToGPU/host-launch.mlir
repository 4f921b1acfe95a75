// RUN: uop-opt %s --tirx-lower-scope-ids --convert-tirx-to-gpu | FileCheck %s
//
// Host code (a prim_func without a device_entry) becomes a func.func on
// memrefs: its global allocations gpu.alloc (freed with gpu.dealloc before
// it returns), each tirx.launch a gpu.launch_func of the converted kernel
// with the grid and block the kernel's scope ids give it. The kernels are
// converted first, wherever they stand in the module.

// CHECK-LABEL: func.func @graph
// CHECK-SAME: (%[[X:.*]]: memref<64xf32, #gpu.address_space<global>>, %[[Y:.*]]: memref<64xf32, #gpu.address_space<global>>)
// CHECK-NEXT: %[[T:.*]] = gpu.alloc () : memref<64xf32, #gpu.address_space<global>>
// CHECK: gpu.launch_func @tirx_kernels::@scale blocks in (%[[G:.*]], %{{.*}}, %{{.*}}) threads in (%[[B:.*]], %{{.*}}, %{{.*}}) args(%[[T]] : memref<64xf32, #gpu.address_space<global>>, %[[X]] : memref<64xf32, #gpu.address_space<global>>)
// CHECK: gpu.launch_func @tirx_kernels::@scale blocks in ({{.*}}) threads in ({{.*}}) args(%[[Y]] : memref<64xf32, #gpu.address_space<global>>, %[[T]] : memref<64xf32, #gpu.address_space<global>>)
// CHECK-NEXT: gpu.dealloc %[[T]] : memref<64xf32, #gpu.address_space<global>>
// CHECK-NEXT: return
// CHECK-NOT: tirx.
// CHECK: gpu.func @scale
// CHECK-SAME: known_block_size = array<i32: 32, 1, 1>
// CHECK-SAME: known_grid_size = array<i32: 2, 1, 1>
tirx.prim_func @graph(%x: !tirx.buffer<64xf32, global>, %y: !tirx.buffer<64xf32, global>) {
  %t = tirx.alloc_buffer : !tirx.buffer<64xf32, global>
  tirx.launch @scale(%t, %x) : (!tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>)
  tirx.launch @scale(%y, %t) : (!tirx.buffer<64xf32, global>, !tirx.buffer<64xf32, global>)
  tirx.return
}

tirx.prim_func @scale(%out: !tirx.buffer<64xf32, global>, %in: !tirx.buffer<64xf32, global>) {
  tirx.device_entry {
    %b = tirx.scope_id_def kernel -> cta [2]
    %t = tirx.scope_id_def cta -> thread [32]
    %c32 = arith.constant 32 : index
    %o = arith.muli %b, %c32 : index
    %i = arith.addi %o, %t : index
    %v = tirx.buffer_load %in[%i] : !tirx.buffer<64xf32, global>
    %w = arith.addf %v, %v : f32
    tirx.buffer_store %w, %out[%i] : !tirx.buffer<64xf32, global>
  }
  tirx.return
}
