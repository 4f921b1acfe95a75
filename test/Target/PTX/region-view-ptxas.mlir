// REQUIRES: ptxas
// RUN: uop-opt %uop_src_root/test/Dialect/TIRx/Transforms/dispatch-region-view.mlir --tirx-to-nvvm="chip=sm_80" | uop-translate --mlir-to-ptx --chip=sm_80 -o %t.ptx
// RUN: %ptxas -arch=sm_80 %t.ptx -o %t.cubin
// RUN: FileCheck %s < %t.ptx
//
// Tile ops on region views (a swizzled shared view, a register view of
// two warps' rows) assemble; the swizzled view's accesses XOR the offset,
// which starts at row 4 (element 256) of the swizzled buffer.
// CHECK: .entry views(
// CHECK: xor.b64
// CHECK: st.shared.v4
// CHECK: or.b64 {{.*}}, 256
// CHECK: xor.b64
// CHECK: ld.shared.v4
