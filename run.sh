#!/usr/bin/env bash
# The main job: install what is missing, build, then compile a bundled
# tensor-level uop program (relu(A @ B + bias)) through the whole pipeline to
# C, run it on the CPU and check it against the reference interpreter.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/scripts/bootstrap.sh"
uop_build uop-opt uop-translate uop-run

example="$UOP_ROOT/examples/uop/matmul_bias_relu.mlir"
bin="$UOP_BUILD_DIR/bin"
echo "== the kernels uop-to-program makes of $example"
"$bin/uop-opt" --uop-to-program="target=cpu" "$example" \
  | grep -E '^ *uop\.function|uop\.sink .* info' || true
echo "== uop-run $example --target cpu --check"
"$bin/uop-run" "$example" --target cpu --check --repeat 5
