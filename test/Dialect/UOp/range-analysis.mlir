// RUN: uop-opt %s --int-range-optimizations | FileCheck %s
//
// RANGE, SPECIAL and DEFINE_VAR implement InferIntRangeInterface: a RANGE and
// a SPECIAL run over [0, end - 1], a DEFINE_VAR over [min, max]. The upstream
// integer range analysis sees these bounds and folds comparisons they imply,
// and only those.

// CHECK-LABEL: func.func @range_bounds
// CHECK-DAG: %[[TRUE:.*]] = arith.constant true
// CHECK-DAG: %[[C127:.*]] = arith.constant 127 : index
// CHECK: %[[R:.*]] = uop.range %{{.*}}, R0, global
// r <= 127 is implied, r < 127 is not.
// CHECK: %[[LT127:.*]] = arith.cmpi ult, %[[R]], %[[C127]] : index
// CHECK: return %[[TRUE]], %[[TRUE]], %[[TRUE]], %[[LT127]]
func.func @range_bounds() -> (i1, i1, i1, i1) {
  %c0 = arith.constant 0 : index
  %c127 = arith.constant 127 : index
  %c128 = arith.constant 128 : index
  %r = uop.range %c128, R0, global
  %lt128 = arith.cmpi ult, %r, %c128 : index
  %le127 = arith.cmpi sle, %r, %c127 : index
  %ge0 = arith.cmpi sge, %r, %c0 : index
  %lt127 = arith.cmpi ult, %r, %c127 : index
  return %lt128, %le127, %ge0, %lt127 : i1, i1, i1, i1
}

// Arithmetic on a RANGE: 4 * r + 3 over r in [0, 63] lies in [3, 255].
// CHECK-LABEL: func.func @range_arith
// CHECK-DAG: %[[TRUE:.*]] = arith.constant true
// CHECK-DAG: %[[FALSE:.*]] = arith.constant false
// CHECK: %[[X:.*]] = arith.addi
// CHECK: %[[NE:.*]] = arith.cmpi ne, %[[X]], %{{.*}} : index
// CHECK: return %[[TRUE]], %[[FALSE]], %[[NE]]
func.func @range_arith() -> (i1, i1, i1) {
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c100 = arith.constant 100 : index
  %c256 = arith.constant 256 : index
  %r = uop.range %c64, R1, loop
  %m = arith.muli %r, %c4 : index
  %x = arith.addi %m, %c3 : index
  %lt256 = arith.cmpi ult, %x, %c256 : index
  %lt3 = arith.cmpi ult, %x, %c3 : index
  %ne100 = arith.cmpi ne, %x, %c100 : index
  return %lt256, %lt3, %ne100 : i1, i1, i1
}

// A RANGE whose end is a DEFINE_VAR in [1, 128] is below 128 too; with an
// unknown end only r >= 0 is known.
// CHECK-LABEL: func.func @range_symbolic_end
// CHECK-SAME: (%[[N:.*]]: index)
// CHECK-DAG: %[[TRUE:.*]] = arith.constant true
// CHECK: %[[RN:.*]] = uop.range %[[N]], R1, loop
// CHECK: %[[UNK:.*]] = arith.cmpi ult, %[[RN]], %{{.*}} : index
// CHECK: return %[[TRUE]], %[[TRUE]], %[[UNK]]
func.func @range_symbolic_end(%n: index) -> (i1, i1, i1) {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %v = uop.define_var "n" [1, 128]
  %r = uop.range %v, R0, loop
  %lt = arith.cmpi ult, %r, %c128 : index
  %rn = uop.range %n, R1, loop
  %ge0 = arith.cmpi sge, %rn, %c0 : index
  %unk = arith.cmpi ult, %rn, %c128 : index
  return %lt, %ge0, %unk : i1, i1, i1
}

// A RANGE of end 1 has the single value 0.
// CHECK-LABEL: func.func @range_single_iteration
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NOT: uop.range
// CHECK: return %[[C0]] : index
func.func @range_single_iteration() -> index {
  %c1 = arith.constant 1 : index
  %r = uop.range %c1, R0, upcast
  return %r : index
}

// CHECK-LABEL: func.func @special_bounds
// CHECK-DAG: %[[TRUE:.*]] = arith.constant true
// CHECK: %[[S:.*]] = uop.special %{{.*}}, threadIdx.x
// CHECK: %[[LT31:.*]] = arith.cmpi slt, %[[S]], %{{.*}} : index
// CHECK: return %[[TRUE]], %[[TRUE]], %[[LT31]]
func.func @special_bounds() -> (i1, i1, i1) {
  %c0 = arith.constant 0 : index
  %c31 = arith.constant 31 : index
  %c32 = arith.constant 32 : index
  %s = uop.special %c32, threadIdx.x
  %lt32 = arith.cmpi slt, %s, %c32 : index
  %ge0 = arith.cmpi sge, %s, %c0 : index
  %lt31 = arith.cmpi slt, %s, %c31 : index
  return %lt32, %ge0, %lt31 : i1, i1, i1
}

// blockIdx.x * 32 + threadIdx.x over a 4x32 grid stays below 128.
// CHECK-LABEL: func.func @special_global_id
// CHECK-DAG: %[[TRUE:.*]] = arith.constant true
// CHECK: %[[GID:.*]] = arith.addi
// CHECK: %[[LT127:.*]] = arith.cmpi ult, %[[GID]], %{{.*}} : index
// CHECK: return %[[TRUE]], %[[LT127]]
func.func @special_global_id() -> (i1, i1) {
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %c127 = arith.constant 127 : index
  %c128 = arith.constant 128 : index
  %bx = uop.special %c4, blockIdx.x
  %tx = uop.special %c32, threadIdx.x
  %base = arith.muli %bx, %c32 : index
  %gid = arith.addi %base, %tx : index
  %lt128 = arith.cmpi ult, %gid, %c128 : index
  %lt127 = arith.cmpi ult, %gid, %c127 : index
  return %lt128, %lt127 : i1, i1
}

// CHECK-LABEL: func.func @define_var_bounds
// CHECK-DAG: %[[TRUE:.*]] = arith.constant true
// CHECK-DAG: %[[FALSE:.*]] = arith.constant false
// CHECK: %[[V:.*]] = uop.define_var "batch_size"[1, 128]
// CHECK: %[[GT1:.*]] = arith.cmpi sgt, %[[V]], %{{.*}} : index
// CHECK: %[[LT128:.*]] = arith.cmpi slt, %[[V]], %{{.*}} : index
// CHECK: return %[[TRUE]], %[[TRUE]], %[[FALSE]], %[[GT1]], %[[LT128]]
func.func @define_var_bounds() -> (i1, i1, i1, i1, i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %v = uop.define_var "batch_size" [1, 128]
  %ge1 = arith.cmpi sge, %v, %c1 : index
  %le128 = arith.cmpi sle, %v, %c128 : index
  %eq0 = arith.cmpi eq, %v, %c0 : index
  %gt1 = arith.cmpi sgt, %v, %c1 : index
  %lt128 = arith.cmpi slt, %v, %c128 : index
  return %ge1, %le128, %eq0, %gt1, %lt128 : i1, i1, i1, i1, i1
}

// Negative bounds are signed.
// CHECK-LABEL: func.func @define_var_negative
// CHECK-DAG: %[[TRUE:.*]] = arith.constant true
// CHECK: %[[V:.*]] = uop.define_var "offset"[-8, 8]
// CHECK: %[[NEG:.*]] = arith.cmpi slt, %[[V]], %{{.*}} : index
// CHECK: return %[[TRUE]], %[[NEG]]
func.func @define_var_negative() -> (i1, i1) {
  %c0 = arith.constant 0 : index
  %cm9 = arith.constant -9 : index
  %v = uop.define_var "offset" [-8, 8]
  %gt = arith.cmpi sgt, %v, %cm9 : index
  %neg = arith.cmpi slt, %v, %c0 : index
  return %gt, %neg : i1, i1
}

// A DEFINE_VAR pinned to one value is that constant.
// CHECK-LABEL: func.func @define_var_fixed
// CHECK: %[[C16:.*]] = arith.constant 16 : index
// CHECK-NOT: uop.define_var
// CHECK: return %[[C16]] : index
func.func @define_var_fixed() -> index {
  %v = uop.define_var "fixed" [16, 16]
  return %v : index
}
