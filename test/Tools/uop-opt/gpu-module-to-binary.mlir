// uop-opt carries upstream's GPU-to-LLVM-IR translations: a gpu.module in NVVM
// form becomes PTX through gpu-module-to-binary without any extra plugin.
// RUN: uop-opt %s --nvvm-attach-target="chip=sm_80" \
// RUN:   --gpu-module-to-binary="format=isa" | FileCheck %s

// CHECK: gpu.binary @kernels
// CHECK-SAME: .target sm_80
// CHECK-SAME: .visible .entry add_one
module attributes {gpu.container_module} {
  gpu.module @kernels {
    llvm.func @add_one(%p: !llvm.ptr<1>) attributes {nvvm.kernel} {
      %tid = nvvm.read.ptx.sreg.tid.x : i32
      %idx = llvm.sext %tid : i32 to i64
      %gep = llvm.getelementptr %p[%idx] : (!llvm.ptr<1>, i64) -> !llvm.ptr<1>, f32
      %v = llvm.load %gep : !llvm.ptr<1> -> f32
      %one = llvm.mlir.constant(1.0 : f32) : f32
      %s = llvm.fadd %v, %one : f32
      llvm.store %s, %gep : f32, !llvm.ptr<1>
      llvm.return
    }
  }
}
