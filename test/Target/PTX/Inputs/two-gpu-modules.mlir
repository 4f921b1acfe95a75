// Two gpu.modules (as convert-tirx-to-gpu produced before it put every kernel
// into one @tirx_kernels): one PTX file cannot hold both.
module attributes {gpu.container_module} {
  gpu.module @a_kernels [#nvvm.target<chip = "sm_80", features = "+ptx70">] {
    llvm.func @a() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
  gpu.module @b_kernels [#nvvm.target<chip = "sm_80", features = "+ptx70">] {
    llvm.func @b() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
}
