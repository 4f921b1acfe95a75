// --mlir-to-cubin says clearly when ptxas cannot be found (UOP_PTXAS pins
// the lookup to one path), exits non-zero, and --mlir-to-ptx needs no ptxas.
// RUN: uop-opt %uop_src_root/examples/tirx/copy.mlir --tirx-to-nvvm="chip=sm_80" > %t.mlir
// RUN: env UOP_PTXAS=%t.does-not-exist not uop-translate --mlir-to-cubin %t.mlir 2>&1 | FileCheck %s
// RUN: env UOP_PTXAS=%t.does-not-exist uop-translate --mlir-to-ptx %t.mlir | FileCheck %s --check-prefix=PTX

// CHECK: error: ptxas not found: put the CUDA toolkit's bin on PATH, set CUDA_HOME or UOP_PTXAS (--mlir-to-ptx needs no toolkit)
// CHECK-NOT: Stack dump
// PTX: .target sm_80
// PTX: .entry copy
