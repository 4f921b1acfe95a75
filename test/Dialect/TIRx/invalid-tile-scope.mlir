// RUN: uop-opt %s -split-input-file -verify-diagnostics
//
// Where tile primitives may appear and which scopes they may use: inside a
// tirx.device_entry only; not the kernel scope; warp / warpgroup / cta scopes
// need the CTA's thread count from a scope_id_def in force (a multiple of 32 /
// 128 / 1), and the cluster scope a cluster scope_id_def. A scope_id_def is in
// force for the ops after it in its block and in blocks nested there.

// copy in the prim_func body, outside the device_entry.
tirx.prim_func @copy_outside_device_entry() {
  %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
  %H = tirx.alloc_buffer : !tirx.buffer<128x128xf16, local>
  %R = tirx.alloc_buffer : !tirx.buffer<128xf32, local>
  %A = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared>
  %B = tirx.alloc_buffer : !tirx.buffer<64x128xf16, shared>
  %t = arith.constant true
  %f = arith.constant 0.0 : f32
  // expected-error @+1 {{'tirx.tile.copy' op tile primitives run on the device; place it inside a tirx.device_entry}}
  tirx.tile.copy <thread> %C, %C : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x128xf32, local>
  tirx.device_entry {
  }
  tirx.return
}

// -----

// copy_async in the prim_func body, outside the device_entry.
tirx.prim_func @copy_async_outside_device_entry() {
  %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
  %H = tirx.alloc_buffer : !tirx.buffer<128x128xf16, local>
  %R = tirx.alloc_buffer : !tirx.buffer<128xf32, local>
  %A = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared>
  %B = tirx.alloc_buffer : !tirx.buffer<64x128xf16, shared>
  %t = arith.constant true
  %f = arith.constant 0.0 : f32
  // expected-error @+1 {{'tirx.tile.copy_async' op tile primitives run on the device; place it inside a tirx.device_entry}}
  tirx.tile.copy_async <thread> %C, %C : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x128xf32, local>
  tirx.device_entry {
  }
  tirx.return
}

// -----

// gemm in the prim_func body, outside the device_entry.
tirx.prim_func @gemm_outside_device_entry() {
  %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
  %H = tirx.alloc_buffer : !tirx.buffer<128x128xf16, local>
  %R = tirx.alloc_buffer : !tirx.buffer<128xf32, local>
  %A = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared>
  %B = tirx.alloc_buffer : !tirx.buffer<64x128xf16, shared>
  %t = arith.constant true
  %f = arith.constant 0.0 : f32
  // expected-error @+1 {{'tirx.tile.gemm' op tile primitives run on the device; place it inside a tirx.device_entry}}
  tirx.tile.gemm <thread> %C, %A, %B, accum %t : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x64xf16, shared>, !tirx.buffer<64x128xf16, shared>
  tirx.device_entry {
  }
  tirx.return
}

// -----

// gemm_async in the prim_func body, outside the device_entry.
tirx.prim_func @gemm_async_outside_device_entry() {
  %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
  %H = tirx.alloc_buffer : !tirx.buffer<128x128xf16, local>
  %R = tirx.alloc_buffer : !tirx.buffer<128xf32, local>
  %A = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared>
  %B = tirx.alloc_buffer : !tirx.buffer<64x128xf16, shared>
  %t = arith.constant true
  %f = arith.constant 0.0 : f32
  // expected-error @+1 {{'tirx.tile.gemm_async' op tile primitives run on the device; place it inside a tirx.device_entry}}
  tirx.tile.gemm_async <thread> %C, %A, %B, accum %t : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x64xf16, shared>, !tirx.buffer<64x128xf16, shared>
  tirx.device_entry {
  }
  tirx.return
}

// -----

// fill in the prim_func body, outside the device_entry.
tirx.prim_func @fill_outside_device_entry() {
  %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
  %H = tirx.alloc_buffer : !tirx.buffer<128x128xf16, local>
  %R = tirx.alloc_buffer : !tirx.buffer<128xf32, local>
  %A = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared>
  %B = tirx.alloc_buffer : !tirx.buffer<64x128xf16, shared>
  %t = arith.constant true
  %f = arith.constant 0.0 : f32
  // expected-error @+1 {{'tirx.tile.fill' op tile primitives run on the device; place it inside a tirx.device_entry}}
  tirx.tile.fill <thread> %C, %f : !tirx.buffer<128x128xf32, local>, f32
  tirx.device_entry {
  }
  tirx.return
}

// -----

// cast in the prim_func body, outside the device_entry.
tirx.prim_func @cast_outside_device_entry() {
  %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
  %H = tirx.alloc_buffer : !tirx.buffer<128x128xf16, local>
  %R = tirx.alloc_buffer : !tirx.buffer<128xf32, local>
  %A = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared>
  %B = tirx.alloc_buffer : !tirx.buffer<64x128xf16, shared>
  %t = arith.constant true
  %f = arith.constant 0.0 : f32
  // expected-error @+1 {{'tirx.tile.cast' op tile primitives run on the device; place it inside a tirx.device_entry}}
  tirx.tile.cast <thread> %H, %C : !tirx.buffer<128x128xf16, local>, !tirx.buffer<128x128xf32, local>
  tirx.device_entry {
  }
  tirx.return
}

// -----

// unary in the prim_func body, outside the device_entry.
tirx.prim_func @unary_outside_device_entry() {
  %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
  %H = tirx.alloc_buffer : !tirx.buffer<128x128xf16, local>
  %R = tirx.alloc_buffer : !tirx.buffer<128xf32, local>
  %A = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared>
  %B = tirx.alloc_buffer : !tirx.buffer<64x128xf16, shared>
  %t = arith.constant true
  %f = arith.constant 0.0 : f32
  // expected-error @+1 {{'tirx.tile.unary' op tile primitives run on the device; place it inside a tirx.device_entry}}
  tirx.tile.unary exp <thread> %C, %C : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x128xf32, local>
  tirx.device_entry {
  }
  tirx.return
}

// -----

// binary in the prim_func body, outside the device_entry.
tirx.prim_func @binary_outside_device_entry() {
  %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
  %H = tirx.alloc_buffer : !tirx.buffer<128x128xf16, local>
  %R = tirx.alloc_buffer : !tirx.buffer<128xf32, local>
  %A = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared>
  %B = tirx.alloc_buffer : !tirx.buffer<64x128xf16, shared>
  %t = arith.constant true
  %f = arith.constant 0.0 : f32
  // expected-error @+1 {{'tirx.tile.binary' op tile primitives run on the device; place it inside a tirx.device_entry}}
  tirx.tile.binary add <thread> %C, %C, %f : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x128xf32, local>, f32
  tirx.device_entry {
  }
  tirx.return
}

// -----

// reduce in the prim_func body, outside the device_entry.
tirx.prim_func @reduce_outside_device_entry() {
  %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
  %H = tirx.alloc_buffer : !tirx.buffer<128x128xf16, local>
  %R = tirx.alloc_buffer : !tirx.buffer<128xf32, local>
  %A = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared>
  %B = tirx.alloc_buffer : !tirx.buffer<64x128xf16, shared>
  %t = arith.constant true
  %f = arith.constant 0.0 : f32
  // expected-error @+1 {{'tirx.tile.reduce' op tile primitives run on the device; place it inside a tirx.device_entry}}
  tirx.tile.reduce sum <thread> %R, %C axes [1] : !tirx.buffer<128xf32, local>, !tirx.buffer<128x128xf32, local>
  tirx.device_entry {
  }
  tirx.return
}

// -----

tirx.prim_func @copy_kernel_scope() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
    %H = tirx.alloc_buffer : !tirx.buffer<128x128xf16, local>
    %R = tirx.alloc_buffer : !tirx.buffer<128xf32, local>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared>
    %B = tirx.alloc_buffer : !tirx.buffer<64x128xf16, shared>
    %t = arith.constant true
    %f = arith.constant 0.0 : f32
    // expected-error @+1 {{'tirx.tile.copy' op a kernel-scope tile primitive needs the grid from a kernel -> cta scope_id_def in force}}
    tirx.tile.copy <kernel> %C, %C : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x128xf32, local>
  }
  tirx.return
}

// -----

tirx.prim_func @copy_async_kernel_scope() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
    %H = tirx.alloc_buffer : !tirx.buffer<128x128xf16, local>
    %R = tirx.alloc_buffer : !tirx.buffer<128xf32, local>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared>
    %B = tirx.alloc_buffer : !tirx.buffer<64x128xf16, shared>
    %t = arith.constant true
    %f = arith.constant 0.0 : f32
    // expected-error @+1 {{'tirx.tile.copy_async' op a kernel-scope tile primitive needs the grid from a kernel -> cta scope_id_def in force}}
    tirx.tile.copy_async <kernel> %C, %C : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x128xf32, local>
  }
  tirx.return
}

// -----

tirx.prim_func @gemm_kernel_scope() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
    %H = tirx.alloc_buffer : !tirx.buffer<128x128xf16, local>
    %R = tirx.alloc_buffer : !tirx.buffer<128xf32, local>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared>
    %B = tirx.alloc_buffer : !tirx.buffer<64x128xf16, shared>
    %t = arith.constant true
    %f = arith.constant 0.0 : f32
    // expected-error @+1 {{'tirx.tile.gemm' op a kernel-scope tile primitive needs the grid from a kernel -> cta scope_id_def in force}}
    tirx.tile.gemm <kernel> %C, %A, %B, accum %t : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x64xf16, shared>, !tirx.buffer<64x128xf16, shared>
  }
  tirx.return
}

// -----

tirx.prim_func @gemm_async_kernel_scope() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
    %H = tirx.alloc_buffer : !tirx.buffer<128x128xf16, local>
    %R = tirx.alloc_buffer : !tirx.buffer<128xf32, local>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared>
    %B = tirx.alloc_buffer : !tirx.buffer<64x128xf16, shared>
    %t = arith.constant true
    %f = arith.constant 0.0 : f32
    // expected-error @+1 {{'tirx.tile.gemm_async' op a kernel-scope tile primitive needs the grid from a kernel -> cta scope_id_def in force}}
    tirx.tile.gemm_async <kernel> %C, %A, %B, accum %t : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x64xf16, shared>, !tirx.buffer<64x128xf16, shared>
  }
  tirx.return
}

// -----

tirx.prim_func @fill_kernel_scope() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
    %H = tirx.alloc_buffer : !tirx.buffer<128x128xf16, local>
    %R = tirx.alloc_buffer : !tirx.buffer<128xf32, local>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared>
    %B = tirx.alloc_buffer : !tirx.buffer<64x128xf16, shared>
    %t = arith.constant true
    %f = arith.constant 0.0 : f32
    // expected-error @+1 {{'tirx.tile.fill' op a kernel-scope tile primitive needs the grid from a kernel -> cta scope_id_def in force}}
    tirx.tile.fill <kernel> %C, %f : !tirx.buffer<128x128xf32, local>, f32
  }
  tirx.return
}

// -----

tirx.prim_func @cast_kernel_scope() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
    %H = tirx.alloc_buffer : !tirx.buffer<128x128xf16, local>
    %R = tirx.alloc_buffer : !tirx.buffer<128xf32, local>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared>
    %B = tirx.alloc_buffer : !tirx.buffer<64x128xf16, shared>
    %t = arith.constant true
    %f = arith.constant 0.0 : f32
    // expected-error @+1 {{'tirx.tile.cast' op a kernel-scope tile primitive needs the grid from a kernel -> cta scope_id_def in force}}
    tirx.tile.cast <kernel> %H, %C : !tirx.buffer<128x128xf16, local>, !tirx.buffer<128x128xf32, local>
  }
  tirx.return
}

// -----

tirx.prim_func @unary_kernel_scope() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
    %H = tirx.alloc_buffer : !tirx.buffer<128x128xf16, local>
    %R = tirx.alloc_buffer : !tirx.buffer<128xf32, local>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared>
    %B = tirx.alloc_buffer : !tirx.buffer<64x128xf16, shared>
    %t = arith.constant true
    %f = arith.constant 0.0 : f32
    // expected-error @+1 {{'tirx.tile.unary' op a kernel-scope tile primitive needs the grid from a kernel -> cta scope_id_def in force}}
    tirx.tile.unary exp <kernel> %C, %C : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x128xf32, local>
  }
  tirx.return
}

// -----

tirx.prim_func @binary_kernel_scope() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
    %H = tirx.alloc_buffer : !tirx.buffer<128x128xf16, local>
    %R = tirx.alloc_buffer : !tirx.buffer<128xf32, local>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared>
    %B = tirx.alloc_buffer : !tirx.buffer<64x128xf16, shared>
    %t = arith.constant true
    %f = arith.constant 0.0 : f32
    // expected-error @+1 {{'tirx.tile.binary' op a kernel-scope tile primitive needs the grid from a kernel -> cta scope_id_def in force}}
    tirx.tile.binary add <kernel> %C, %C, %f : !tirx.buffer<128x128xf32, local>, !tirx.buffer<128x128xf32, local>, f32
  }
  tirx.return
}

// -----

tirx.prim_func @reduce_kernel_scope() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
    %H = tirx.alloc_buffer : !tirx.buffer<128x128xf16, local>
    %R = tirx.alloc_buffer : !tirx.buffer<128xf32, local>
    %A = tirx.alloc_buffer : !tirx.buffer<128x64xf16, shared>
    %B = tirx.alloc_buffer : !tirx.buffer<64x128xf16, shared>
    %t = arith.constant true
    %f = arith.constant 0.0 : f32
    // expected-error @+1 {{'tirx.tile.reduce' op a kernel-scope tile primitive needs the grid from a kernel -> cta scope_id_def in force}}
    tirx.tile.reduce sum <kernel> %R, %C axes [1] : !tirx.buffer<128xf32, local>, !tirx.buffer<128x128xf32, local>
  }
  tirx.return
}

// -----

tirx.prim_func @warp_no_ids() {
  tirx.device_entry {
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
    %f = arith.constant 0.0 : f32
    // expected-error @+1 {{'tirx.tile.fill' op a warp-scope tile primitive needs the CTA's threads from a scope_id_def in force (e.g. cta -> thread)}}
    tirx.tile.fill <warp> %C, %f : !tirx.buffer<128x128xf32, local>, f32
  }
  tirx.return
}

// -----

tirx.prim_func @warpgroup_no_ids() {
  tirx.device_entry {
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
    %f = arith.constant 0.0 : f32
    // expected-error @+1 {{'tirx.tile.fill' op a warpgroup-scope tile primitive needs the CTA's threads from a scope_id_def in force (e.g. cta -> thread)}}
    tirx.tile.fill <warpgroup> %C, %f : !tirx.buffer<128x128xf32, local>, f32
  }
  tirx.return
}

// -----

tirx.prim_func @cta_no_ids() {
  tirx.device_entry {
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
    %f = arith.constant 0.0 : f32
    // expected-error @+1 {{'tirx.tile.fill' op a cta-scope tile primitive needs the CTA's threads from a scope_id_def in force (e.g. cta -> thread)}}
    tirx.tile.fill <cta> %C, %f : !tirx.buffer<128x128xf32, local>, f32
  }
  tirx.return
}

// -----

// kernel -> cta ids say nothing about the threads of a CTA.
tirx.prim_func @cta_grid_ids_only() {
  tirx.device_entry {
    %bx = tirx.scope_id_def kernel -> cta [8]
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
    %f = arith.constant 0.0 : f32
    // expected-error @+1 {{'tirx.tile.fill' op a cta-scope tile primitive needs the CTA's threads from a scope_id_def in force (e.g. cta -> thread)}}
    tirx.tile.fill <cta> %C, %f : !tirx.buffer<128x128xf32, local>, f32
  }
  tirx.return
}

// -----

// warp -> thread ids say nothing about the number of warps per CTA.
tirx.prim_func @warp_lane_ids_only() {
  tirx.device_entry {
    %lane = tirx.scope_id_def warp -> thread [32]
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
    %f = arith.constant 0.0 : f32
    // expected-error @+1 {{'tirx.tile.fill' op a warp-scope tile primitive needs the CTA's threads from a scope_id_def in force (e.g. cta -> thread)}}
    tirx.tile.fill <warp> %C, %f : !tirx.buffer<128x128xf32, local>, f32
  }
  tirx.return
}

// -----

tirx.prim_func @warp_not_multiple() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [48]
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
    %f = arith.constant 0.0 : f32
    // expected-error @+1 {{'tirx.tile.fill' op a warp-scope tile primitive needs a multiple of 32 threads per CTA, the scope ids give 48}}
    tirx.tile.fill <warp> %C, %f : !tirx.buffer<128x128xf32, local>, f32
  }
  tirx.return
}

// -----

// Several extents multiply: 4 * 12 = 48.
tirx.prim_func @warp_not_multiple_2d() {
  tirx.device_entry {
    %tx, %ty = tirx.scope_id_def cta -> thread [4, 12]
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
    %f = arith.constant 0.0 : f32
    // expected-error @+1 {{'tirx.tile.fill' op a warp-scope tile primitive needs a multiple of 32 threads per CTA, the scope ids give 48}}
    tirx.tile.fill <warp> %C, %f : !tirx.buffer<128x128xf32, local>, f32
  }
  tirx.return
}

// -----

tirx.prim_func @warpgroup_not_multiple() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [64]
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
    %f = arith.constant 0.0 : f32
    // expected-error @+1 {{'tirx.tile.fill' op a warpgroup-scope tile primitive needs a multiple of 128 threads per CTA, the scope ids give 64}}
    tirx.tile.fill <warpgroup> %C, %f : !tirx.buffer<128x128xf32, local>, f32
  }
  tirx.return
}

// -----

tirx.prim_func @warpgroup_not_multiple_192() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [192]
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
    %f = arith.constant 0.0 : f32
    // expected-error @+1 {{'tirx.tile.fill' op a warpgroup-scope tile primitive needs a multiple of 128 threads per CTA, the scope ids give 192}}
    tirx.tile.fill <warpgroup> %C, %f : !tirx.buffer<128x128xf32, local>, f32
  }
  tirx.return
}

// -----

// cta -> warp [2] gives 2 * 32 = 64 threads.
tirx.prim_func @warpgroup_from_warps() {
  tirx.device_entry {
    %w = tirx.scope_id_def cta -> warp [2]
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
    %f = arith.constant 0.0 : f32
    // expected-error @+1 {{'tirx.tile.fill' op a warpgroup-scope tile primitive needs a multiple of 128 threads per CTA, the scope ids give 64}}
    tirx.tile.fill <warpgroup> %C, %f : !tirx.buffer<128x128xf32, local>, f32
  }
  tirx.return
}

// -----

// cta -> warp [6] gives 6 * 32 = 192 threads.
tirx.prim_func @warpgroup_from_warps_6() {
  tirx.device_entry {
    %w = tirx.scope_id_def cta -> warp [6]
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
    %f = arith.constant 0.0 : f32
    // expected-error @+1 {{'tirx.tile.fill' op a warpgroup-scope tile primitive needs a multiple of 128 threads per CTA, the scope ids give 192}}
    tirx.tile.fill <warpgroup> %C, %f : !tirx.buffer<128x128xf32, local>, f32
  }
  tirx.return
}

// -----

// A scope_id_def after the op is not in force.
tirx.prim_func @ids_after_the_op() {
  tirx.device_entry {
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
    %f = arith.constant 0.0 : f32
    // expected-error @+1 {{'tirx.tile.fill' op a cta-scope tile primitive needs the CTA's threads from a scope_id_def in force (e.g. cta -> thread)}}
    tirx.tile.fill <cta> %C, %f : !tirx.buffer<128x128xf32, local>, f32
    %tx = tirx.scope_id_def cta -> thread [128]
  }
  tirx.return
}

// -----

// A scope_id_def inside an earlier scf.if is not in force after it.
tirx.prim_func @ids_in_earlier_region() {
  tirx.device_entry {
    %c = arith.constant true
    scf.if %c {
      %tx = tirx.scope_id_def cta -> thread [128]
    }
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
    %f = arith.constant 0.0 : f32
    // expected-error @+1 {{'tirx.tile.fill' op a warp-scope tile primitive needs the CTA's threads from a scope_id_def in force (e.g. cta -> thread)}}
    tirx.tile.fill <warp> %C, %f : !tirx.buffer<128x128xf32, local>, f32
  }
  tirx.return
}

// -----

tirx.prim_func @cluster_no_ids() {
  tirx.device_entry {
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
    %f = arith.constant 0.0 : f32
    // expected-error @+1 {{'tirx.tile.fill' op a cluster-scope tile primitive needs a cluster scope_id_def in force (e.g. kernel -> cluster)}}
    tirx.tile.fill <cluster> %C, %f : !tirx.buffer<128x128xf32, local>, f32
  }
  tirx.return
}

// -----

// CTA and grid ids are not cluster ids.
tirx.prim_func @cluster_cta_ids_only() {
  tirx.device_entry {
    %bx = tirx.scope_id_def kernel -> cta [8]
    %tx = tirx.scope_id_def cta -> thread [128]
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
    %f = arith.constant 0.0 : f32
    // expected-error @+1 {{'tirx.tile.fill' op a cluster-scope tile primitive needs a cluster scope_id_def in force (e.g. kernel -> cluster)}}
    tirx.tile.fill <cluster> %C, %f : !tirx.buffer<128x128xf32, local>, f32
  }
  tirx.return
}

// -----

// The scope ids of an earlier device_entry are not in force in a later one.
tirx.prim_func @ids_of_other_device_entry() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
  }
  tirx.device_entry {
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
    %f = arith.constant 0.0 : f32
    // expected-error @+1 {{'tirx.tile.fill' op a warp-scope tile primitive needs the CTA's threads from a scope_id_def in force (e.g. cta -> thread)}}
    tirx.tile.fill <warp> %C, %f : !tirx.buffer<128x128xf32, local>, f32
  }
  tirx.return
}

// -----

// Ids in force also hold inside nested loops and branches (no error on the
// first fill), and every op of the nest is checked (the second one fails).
tirx.prim_func @nested_ops_checked() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [96]
    %C = tirx.alloc_buffer : !tirx.buffer<128x128xf32, local>
    %f = arith.constant 0.0 : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %true = arith.constant true
    scf.for %i = %c0 to %c4 step %c1 {
      scf.if %true {
        tirx.tile.fill <warp> %C, %f : !tirx.buffer<128x128xf32, local>, f32
        // expected-error @+1 {{'tirx.tile.fill' op a warpgroup-scope tile primitive needs a multiple of 128 threads per CTA, the scope ids give 96}}
        tirx.tile.fill <warpgroup> %C, %f : !tirx.buffer<128x128xf32, local>, f32
      }
    }
  }
  tirx.return
}
