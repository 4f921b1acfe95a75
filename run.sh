#!/usr/bin/env bash
# The main job: install what is missing, build, and run uop-opt on the bundled
# kernel-level matmul (parse, verify, print).
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/scripts/bootstrap.sh"
uop_build uop-opt

example="$UOP_ROOT/examples/uop/matmul_kernel.mlir"
echo "== uop-opt $example"
"$UOP_BUILD_DIR/bin/uop-opt" "$example"
echo "== verified: $(grep -c 'uop\.' "$example") uop ops parsed, verified and printed"
