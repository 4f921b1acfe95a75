// RUN: uop-opt %s | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | uop-opt | FileCheck %s
// RUN: uop-opt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
//
// Graph hints (DETACH, CONTIGUOUS, CONTIGUOUS_BACKWARD, PRECAST, GROUP) and
// user code (CUSTOM, CUSTOMI, CUSTOM_FUNCTION).

// CHECK-LABEL: func.func @hints
// CHECK-SAME: (%[[T:.*]]: tensor<4x4xf32>, %[[V:.*]]: vector<4xf16>)
func.func @hints(%t: tensor<4x4xf32>, %v: vector<4xf16>) -> (tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xbf16>, vector<4xi16>, !uop.void) {
  // CHECK: %[[D:.*]] = uop.detach %[[T]] : tensor<4x4xf32>
  %d = uop.detach %t : tensor<4x4xf32>
  // CHECK: %[[C:.*]] = uop.contiguous %[[D]] : tensor<4x4xf32>
  %c = uop.contiguous %d : tensor<4x4xf32>
  // CHECK: %[[B:.*]] = uop.contiguous_backward %[[C]] : tensor<4x4xf32>
  %b = uop.contiguous_backward %c : tensor<4x4xf32>
  // PRECAST keeps the shape and may change the element type.
  // CHECK: %[[P:.*]] = uop.precast %[[B]] : tensor<4x4xf32> -> tensor<4x4xbf16>
  %p = uop.precast %b : tensor<4x4xf32> -> tensor<4x4xbf16>
  // CHECK: %[[PV:.*]] = uop.precast %[[V]] : vector<4xf16> -> vector<4xi16>
  %pv = uop.precast %v : vector<4xf16> -> vector<4xi16>
  // CHECK: %[[G:.*]] = uop.group(%[[D]], %[[P]]) : tensor<4x4xf32>, tensor<4x4xbf16>
  %g = uop.group(%d, %p) : tensor<4x4xf32>, tensor<4x4xbf16>
  // CHECK: return %[[D]], %[[C]], %[[B]], %[[P]], %[[PV]], %[[G]]
  return %d, %c, %b, %p, %pv, %g : tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xbf16>, vector<4xi16>, !uop.void
}

// CHECK-LABEL: func.func @user_code
// CHECK-SAME: (%[[X:.*]]: f32, %[[Y:.*]]: f32, %[[T:.*]]: tensor<8xf32>)
func.func @user_code(%x: f32, %y: f32, %t: tensor<8xf32>) -> (f32, !uop.void, !uop.void, !uop.void) {
  // CHECK: %[[E:.*]] = uop.customi "fmaf({0}, {1}, {0})"(%[[X]], %[[Y]]) : (f32, f32) -> f32
  %e = uop.customi "fmaf({0}, {1}, {0})" (%x, %y) : (f32, f32) -> f32
  // Braces that hold no number are plain code.
  // CHECK: uop.custom "if ({0} > 0) { asm volatile(\22nop\22); }"(%[[E]]) : (f32) -> !uop.void
  %s = uop.custom "if ({0} > 0) { asm volatile(\"nop\"); }" (%e) : (f32) -> !uop.void
  // CHECK: uop.custom "__syncthreads();"() : () -> !uop.void
  %b = uop.custom "__syncthreads();" () : () -> !uop.void
  // CHECK: uop.custom_function enc_dec(%[[T]], %[[X]]) : (tensor<8xf32>, f32)
  %f = uop.custom_function enc_dec(%t, %x) : (tensor<8xf32>, f32)
  // CHECK: return %[[E]]
  return %e, %s, %b, %f : f32, !uop.void, !uop.void, !uop.void
}

// GENERIC: "uop.customi"(%{{.*}}, %{{.*}}) <{fmt = "fmaf({0}, {1}, {0})"}> : (f32, f32) -> f32
// GENERIC: "uop.custom_function"(%{{.*}}, %{{.*}}) <{kind = #uop<custom_function_kind enc_dec>}> : (tensor<8xf32>, f32) -> !uop.void
