#!/usr/bin/env bash
# The convolution tile question of docs/performance.md (stop 60): ResNet-18's
# 3x3 layers at 14 x 14 and 7 x 7, the generated kernel (uop-opt
# --uop-to-program="target=cpu" | uop-translate --uop-to-c, the runtime's
# clang flags) against a hand-written tile with output channels in the
# vector lanes (conv_channel_tile.c), one thread, in one process.
#   [BATCHES="1 8"] benchmarks/cpu/conv_channel_tile.sh
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build="${UOP_BUILD_DIR:-$root/build}"
cc="$(command -v clang-22 || echo /usr/lib/llvm-22/bin/clang)"
flags=(-std=c11 -O2 -march=native -ffp-contract=fast -fno-math-errno
       -mprefer-vector-width=512 -fno-vectorize)
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
echo "machine: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2-), uop-mlir $(git -C "$root" rev-parse --short HEAD), $cc"
# name: channels, output size, pixels per tile
for layer in "c256 256 14 7" "c512 512 7 7"; do
  set -- $layer
  for n in ${BATCHES:-1 8}; do
    UOP_BUILD_DIR="$build" PYTHONPATH="$root/python" /usr/bin/python3 -c "
import sys, numpy as np, uop
n, c, hw = (int(a) for a in sys.argv[1:])
x = np.zeros((n, c, hw, hw), np.float32); w = np.zeros((c, c, 3, 3), np.float32)
print(uop.Tensor(x).conv2d(uop.Tensor(w), stride=1, padding=1).to_mlir())" "$n" "$2" "$3" > "$tmp/l.mlir"
    "$build/bin/uop-opt" "$tmp/l.mlir" --uop-to-program="target=cpu" |
      "$build/bin/uop-translate" --uop-to-c > "$tmp/gen.c"
    "$cc" "${flags[@]}" -c "$tmp/gen.c" -o "$tmp/gen.o"
    "$cc" "${flags[@]}" -DN="$n" -DCI="$2" -DHW="$3" -DP="$4" \
      "$root/benchmarks/cpu/conv_channel_tile.c" "$tmp/gen.o" -lm -o "$tmp/h"
    echo "== $1 batch $n (${2} -> ${2} channels, ${3} x ${3}, tile 32 channels x $4 pixels)"
    "$tmp/h"
  done
done
