// REQUIRES: ptxas
//
// Regression test for a fixed bug, as it was reported: the PTX of a kernel that uses math.exp only assembles when CUDA_HOME
// (or CUDA_ROOT / CUDA_PATH) is set in the environment. uop-to-nvvm lowers
// math.exp to a call of libdevice's __nv_expf, and `uop-translate
// --mlir-to-ptx` links libdevice only if upstream's getCUDAToolkitPath()
// finds the toolkit through those variables. lit does not pass them through
// (lit.cfg.py's with_system_environment), so the PTX keeps
// `.extern .func __nv_expf` and ptxas fails: "Unresolved extern function
// '__nv_expf'". Reproduce outside lit with `env -u CUDA_HOME`. uop-run's
// GPU path (translateToCubin, then the driver JIT) would be hit the same way.
//
// Expected: libdevice is found where ptxas is found (PTXTranslation.cpp
// already searches UOP_PTXAS, CUDA_HOME/bin and /usr/local/cuda/bin), or the
// translation fails with a diagnostic instead of emitting an unresolved
// extern; and lit passes CUDA_HOME through. Then move these RUN lines back
// to test/Conversion/UOpToTIRx/uop-to-nvvm.mlir.
//
// RUN: uop-opt --uop-to-nvvm="chip=sm_80" %uop_src_root/examples/uop/elementwise.mlir | uop-translate --mlir-to-ptx --chip=sm_80 > %t.elementwise.ptx
// RUN: %ptxas -arch=sm_80 %t.elementwise.ptx -o %t.elementwise.cubin
// RUN: FileCheck %s --check-prefix=EW --input-file=%t.elementwise.ptx
// RUN: uop-opt --uop-to-nvvm="chip=sm_80" %uop_src_root/examples/uop/softmax.mlir | uop-translate --mlir-to-ptx --chip=sm_80 > %t.softmax.ptx
// RUN: %ptxas -arch=sm_80 %t.softmax.ptx -o %t.softmax.cubin
// RUN: FileCheck %s --check-prefix=SM --input-file=%t.softmax.ptx

// EW: .visible .entry elementwise_k0(
// EW-NOT: .entry

// SM: .visible .entry softmax_k0(
// SM: .visible .entry softmax_k1(
// SM: .visible .entry softmax_k2(
// SM-NOT: .entry
