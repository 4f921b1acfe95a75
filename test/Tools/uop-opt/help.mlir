// uop-opt lists our dialects next to upstream's, and our passes and
// pipeline.
// RUN: uop-opt --help | FileCheck %s

// CHECK: Available Dialects: {{.*}}nvvm{{.*}}tirx{{.*}}uop
// CHECK-DAG: --convert-tirx-to-gpu
// CHECK-DAG: --tirx-dispatch-tile-primitives
// CHECK-DAG: --tirx-lower-layouts
// CHECK-DAG: --tirx-lower-scope-ids
// CHECK-DAG: --tirx-to-nvvm
// CHECK-DAG: --gpu-module-to-binary
