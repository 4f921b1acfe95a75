// RUN: not uop-opt %s -split-input-file 2>&1 | FileCheck %s
//
// Unknown storage and execution scopes.
// Each case must give a located error and no crash.

// CHECK-NOT: Stack dump

// A storage scope that does not exist.
// CHECK: bad-input-scope.mlir:[[@LINE+1]]:{{[0-9]+}}: error: unknown storage scope 'register'; expected global, shared, local or tmem
tirx.prim_func @f(%A: !tirx.buffer<16xf32, register>) {
  tirx.return
}

// -----

// CUDA spellings are not storage scopes.
tirx.prim_func @f() {
  tirx.device_entry {
// CHECK: bad-input-scope.mlir:[[@LINE+1]]:{{[0-9]+}}: error: unknown storage scope 'smem'; expected global, shared, local or tmem
    %s = tirx.alloc_buffer : !tirx.buffer<16xf32, smem>
  }
  tirx.return
}

// -----

// Storage scopes are lower case.
tirx.prim_func @f() {
  tirx.device_entry {
// CHECK: bad-input-scope.mlir:[[@LINE+1]]:{{[0-9]+}}: error: unknown storage scope 'Shared'; expected global, shared, local or tmem
    %s = tirx.alloc_buffer : !tirx.buffer<16xf32, Shared>
  }
  tirx.return
}

// -----

// A buffer without a storage scope.
tirx.prim_func @f() {
  tirx.device_entry {
// CHECK: bad-input-scope.mlir:[[@LINE+1]]:{{[0-9]+}}: error: expected ','
    %s = tirx.alloc_buffer : !tirx.buffer<16xf32>
  }
  tirx.return
}

// -----

// An execution scope that does not exist, in a scope pair.
tirx.prim_func @f() {
  tirx.device_entry {
// CHECK: bad-input-scope.mlir:[[@LINE+1]]:{{[0-9]+}}: error: custom op 'tirx.scope_id_def' unknown execution scope 'block'
    %t = tirx.scope_id_def block -> thread [128]
  }
  tirx.return
}

// -----

tirx.prim_func @f() {
  tirx.device_entry {
// CHECK: bad-input-scope.mlir:[[@LINE+1]]:{{[0-9]+}}: error: custom op 'tirx.scope_id_def' unknown execution scope 'lane'
    %t = tirx.scope_id_def cta -> lane [128]
  }
  tirx.return
}

// -----

// A storage scope is not an execution scope.
tirx.prim_func @f() {
  tirx.device_entry {
    %tx = tirx.scope_id_def cta -> thread [128]
    %s = tirx.alloc_buffer : !tirx.buffer<16xf32, shared>
    %f = arith.constant 0.0 : f32
// CHECK: bad-input-scope.mlir:[[@LINE+1]]:{{[0-9]+}}: error: custom op 'tirx.tile.fill' expected ::uop::tirx::ExecScopeKind to be one of: thread, warp, warpgroup, cta, cluster, kernel
    tirx.tile.fill <shared> %s, %f : !tirx.buffer<16xf32, shared>, f32
  }
  tirx.return
}

// -----

// In a standalone attribute.
// CHECK: bad-input-scope.mlir:[[@LINE+1]]:{{[0-9]+}}: error: expected ::uop::tirx::ExecScopeKind to be one of: thread, warp, warpgroup, cta, cluster, kernel
tirx.prim_func @f() attributes {s = #tirx.scope<grid>} {
  tirx.return
}

// CHECK-NOT: Stack dump
// CHECK-NOT: PLEASE submit a bug report
