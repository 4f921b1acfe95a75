// uop-opt lists our dialects next to upstream's, and our passes and
// pipeline; uop-translate lists our translations.
// RUN: uop-opt --help | FileCheck %s --check-prefix=OPT
// RUN: uop-translate --help | FileCheck %s --check-prefix=TRANSLATE

// OPT: Available Dialects: {{.*}}nvvm{{.*}}tirx{{.*}}uop
// OPT-DAG: --convert-tirx-to-gpu
// OPT-DAG: --tirx-dispatch-tile-primitives
// OPT-DAG: --tirx-lower-layouts
// OPT-DAG: --tirx-lower-scope-ids
// OPT-DAG: --tirx-to-nvvm
// OPT-DAG: --gpu-module-to-binary
// TRANSLATE-DAG: --mlir-to-cubin
// TRANSLATE-DAG: --mlir-to-ptx
// TRANSLATE-DAG: --tirx-layout-table
// TRANSLATE-DAG: --mlir-to-llvmir
