// RUN: uop-opt %s | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | uop-opt | FileCheck %s
//
// The seed's definition ops: PARAM, DEFINE_LOCAL, DEFINE_VAR, DEFINE_REG,
// BIND, UNIQUE, LUNIQUE, DEVICE and SPECIAL.

// CHECK-LABEL: uop.function @definitions
uop.function @definitions() {
  // CHECK: %[[DEV:.*]] = uop.device "CUDA:0"
  %dev = uop.device "CUDA:0"
  // PARAM: positional buffer slot and element count, optionally on a device.
  // CHECK: uop.param 0 size 4096 : !uop.ptr<f32, global, 4096>
  %p0 = uop.param 0 size 4096 : !uop.ptr<f32, global, 4096>
  // CHECK: uop.param 1 size 128 device %[[DEV]] : !uop.ptr<f16, global>
  %p1 = uop.param 1 size 128 device %dev : !uop.ptr<f16, global>
  // DEFINE_LOCAL: shared memory, sized.
  // CHECK: uop.define_local 0 : !uop.ptr<f32, local, 1024>
  %l0 = uop.define_local 0 : !uop.ptr<f32, local, 1024>
  // CHECK: uop.define_local 1 : !uop.ptr<vector<4xf16>, local, 64>
  %l1 = uop.define_local 1 : !uop.ptr<vector<4xf16>, local, 64>
  // DEFINE_REG: two accumulators of the same dtype kept apart by their id.
  // CHECK: uop.define_reg size 1 id 0 : !uop.ptr<f32, reg, 1>
  %a0 = uop.define_reg size 1 id 0 : !uop.ptr<f32, reg, 1>
  // CHECK: uop.define_reg size 1 id 1 : !uop.ptr<f32, reg, 1>
  %a1 = uop.define_reg size 1 id 1 : !uop.ptr<f32, reg, 1>
  // CHECK: uop.define_reg size 16 id 2 : !uop.ptr<f32, reg>
  %a2 = uop.define_reg size 16 id 2 : !uop.ptr<f32, reg>
  // DEFINE_VAR and BIND: the seed's batch_size in [1, 128].
  // CHECK: %[[BS:.*]] = uop.define_var "batch_size"[1, 128]
  %bs = uop.define_var "batch_size" [1, 128]
  %c32 = arith.constant 32 : index
  // CHECK: uop.bind %[[BS]], %{{.*}}
  %b = uop.bind %bs, %c32
  // The bounds themselves are fine values.
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  // CHECK: uop.bind %[[BS]], %{{.*}}
  %b1 = uop.bind %bs, %c1
  // CHECK: uop.bind %[[BS]], %{{.*}}
  %b128 = uop.bind %bs, %c128
  // A runtime value cannot be checked statically.
  // CHECK: uop.bind %[[BS]], %[[BS]]
  %bself = uop.bind %bs, %bs
  // A DEFINE_VAR with a single value.
  // CHECK: uop.define_var "fixed"[-3, -3]
  %f = uop.define_var "fixed" [-3, -3]
  // UNIQUE and LUNIQUE identities.
  // CHECK: uop.unique 0
  %u0 = uop.unique 0
  // CHECK: uop.unique 18
  %u1 = uop.unique 18
  // CHECK: uop.lunique 0
  %lu = uop.lunique 0
  // SPECIAL: the seed's blockIdx.x over 128, and threadIdx.y.
  // CHECK: uop.special %[[C128:.*]], blockIdx.x
  %bx = uop.special %c128, blockIdx.x
  // CHECK: uop.special %{{.*}}, threadIdx.y
  %ty = uop.special %c32, threadIdx.y
  // The quoted form still parses; it prints as a keyword.
  // CHECK: uop.special %[[BS]], threadIdx.z
  %g = uop.special %bs, "threadIdx.z"
  uop.sink
}
