// RUN: uop-opt %s | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | uop-opt | FileCheck %s
// RUN: uop-opt %s --emit-bytecode | uop-opt | FileCheck %s
// RUN: uop-opt %s --verify-roundtrip | FileCheck %s
//
// !uop.void and !uop.ptr in every address space, with and without a size,
// over scalar and vector element types.

// CHECK-LABEL: func.func private @void(!uop.void) -> !uop.void
func.func private @void(!uop.void) -> !uop.void

// CHECK-LABEL: func.func private @ptr_global
// CHECK-SAME: (!uop.ptr<f32, global>, !uop.ptr<f32, global, 1024>)
func.func private @ptr_global(!uop.ptr<f32, global>, !uop.ptr<f32, global, 1024>)

// CHECK-LABEL: func.func private @ptr_local
// CHECK-SAME: (!uop.ptr<f16, local>, !uop.ptr<f16, local, 256>)
func.func private @ptr_local(!uop.ptr<f16, local>, !uop.ptr<f16, local, 256>)

// CHECK-LABEL: func.func private @ptr_reg
// CHECK-SAME: (!uop.ptr<i32, reg>, !uop.ptr<i32, reg, 1>)
func.func private @ptr_reg(!uop.ptr<i32, reg>, !uop.ptr<i32, reg, 1>)

// A size of 0 is a size.
// CHECK-LABEL: func.func private @ptr_sizes
// CHECK-SAME: (!uop.ptr<f32, global, 0>, !uop.ptr<f32, global, 1>)
func.func private @ptr_sizes(!uop.ptr<f32, global, 0>, !uop.ptr<f32, global, 1>)

// CHECK-LABEL: func.func private @ptr_elements
// CHECK-SAME: (!uop.ptr<vector<4xf32>, global, 16>, !uop.ptr<index, reg>, !uop.ptr<i1, local, 8>, !uop.ptr<bf16, global>, !uop.ptr<i8, global>, !uop.ptr<f64, reg, 2>, !uop.ptr<ui32, global>)
func.func private @ptr_elements(!uop.ptr<vector<4xf32>, global, 16>, !uop.ptr<index, reg>, !uop.ptr<i1, local, 8>, !uop.ptr<bf16, global>, !uop.ptr<i8, global>, !uop.ptr<f64, reg, 2>, !uop.ptr<ui32, global>)

// Types in op signatures print qualified.
// CHECK-LABEL: func.func @in_ops
func.func @in_ops(%p: !uop.ptr<f32, global, 64>, %i: index) -> !uop.void {
  // CHECK: uop.pointer_index %{{.*}}, %{{.*}} : !uop.ptr<f32, global, 64>
  %q = uop.pointer_index %p, %i : !uop.ptr<f32, global, 64>
  // CHECK: uop.define_local 0 : !uop.ptr<f32, local, 64>
  %l = uop.define_local 0 : !uop.ptr<f32, local, 64>
  // CHECK: uop.define_reg size 1 id 0 : !uop.ptr<f32, reg, 1>
  %r = uop.define_reg size 1 id 0 : !uop.ptr<f32, reg, 1>
  // CHECK: %[[T:.*]] = uop.tuple(%{{.*}}, %{{.*}}, %{{.*}}) : !uop.ptr<f32, global, 64>, !uop.ptr<f32, local, 64>, !uop.ptr<f32, reg, 1>
  %t = uop.tuple(%q, %l, %r) : !uop.ptr<f32, global, 64>, !uop.ptr<f32, local, 64>, !uop.ptr<f32, reg, 1>
  // CHECK: return %[[T]] : !uop.void
  return %t : !uop.void
}
