// RUN: not uop-opt %s -split-input-file 2>&1 | FileCheck %s
//
// Unknown axis names in layouts. Only laneid, warpid, wgid, tid_in_wg,
// wid_in_wg, tx, bx, by, bz, cbx, cby, cbz, m, TLane and TCol exist.
// Each case must give a located error and no crash.

// CHECK-NOT: Stack dump

tirx.prim_func @f() {
  tirx.device_entry {
// CHECK: bad-input-axis.mlir:[[@LINE+1]]:{{[0-9]+}}: error: invalid tile layout: invalid layout '{{.*}}': shard iter #0 names unknown axis 'lane'
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local, #tirx.tile<S[(4,4):(1@lane,1)]>>
  }
  tirx.return
}

// -----

tirx.prim_func @f() {
  tirx.device_entry {
// CHECK: bad-input-axis.mlir:[[@LINE+1]]:{{[0-9]+}}: error: invalid tile layout: invalid layout '{{.*}}': shard iter #1 names unknown axis 'threadIdx'
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local, #tirx.tile<S[(4,4):(1@warpid,1@threadIdx)]>>
  }
  tirx.return
}

// -----

// In a replica.
tirx.prim_func @f() {
  tirx.device_entry {
// CHECK: bad-input-axis.mlir:[[@LINE+1]]:{{[0-9]+}}: error: invalid tile layout: invalid layout '{{.*}}': replica iter #0 names unknown axis 'warp'
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local, #tirx.tile<S[16:1@laneid] + R[2:1@warp]>>
  }
  tirx.return
}

// -----

// In an offset.
tirx.prim_func @f() {
  tirx.device_entry {
// CHECK: bad-input-axis.mlir:[[@LINE+1]]:{{[0-9]+}}: error: invalid tile layout: invalid layout '{{.*}}': offset #1 names unknown axis 'blockIdx'
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, local, #tirx.tile<S[16:1@laneid] + 4@warpid + 1@blockIdx>>
  }
  tirx.return
}

// -----

// Axis names are case sensitive: M is not m.
tirx.prim_func @f() {
  tirx.device_entry {
// CHECK: bad-input-axis.mlir:[[@LINE+1]]:{{[0-9]+}}: error: invalid tile layout: invalid layout '{{.*}}': shard iter #0 names unknown axis 'M'
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, shared, #tirx.tile<S[16:1@M]>>
  }
  tirx.return
}

// -----

// Nor is tlane TLane.
tirx.prim_func @f() {
  tirx.device_entry {
// CHECK: bad-input-axis.mlir:[[@LINE+1]]:{{[0-9]+}}: error: invalid tile layout: invalid layout '{{.*}}': shard iter #0 names unknown axis 'tlane'
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, tmem, #tirx.tile<S[(8,2):(1@tlane,1@TCol)]>>
  }
  tirx.return
}

// -----

// Inside a compose.
tirx.prim_func @f() {
  tirx.device_entry {
// CHECK: bad-input-axis.mlir:[[@LINE+1]]:{{[0-9]+}}: error: invalid tile layout: invalid layout '{{.*}}': shard iter #0 names unknown axis 'mem'
    %r = tirx.alloc_buffer : !tirx.buffer<16xf32, shared, #tirx.compose<#tirx.swizzle<per_element = 3, swizzle_len = 3, atom_len = 3>, #tirx.tile<S[16:1@mem]>>>
  }
  tirx.return
}

// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit a bug report
