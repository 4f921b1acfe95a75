// uop-translate lists our translations next to upstream's.
// RUN: uop-translate --help | FileCheck %s

// CHECK-DAG: --mlir-to-cubin
// CHECK-DAG: --mlir-to-ptx
// CHECK-DAG: --tirx-layout-table
// CHECK-DAG: --uop-to-c
// CHECK-DAG: --mlir-to-llvmir
