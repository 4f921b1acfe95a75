#!/usr/bin/env bash
# All-reduce bandwidth of a multi-device uop program (an ALLREDUCE add of an
# MSTACK of two f32 vectors, run by `uop-run --devices 2`) against Open MPI's
# own MPI_Allreduce on the same sizes, measured in the same run with the same
# launch flags. Time is each rank's median; the slower rank counts.
#   benchmarks/mpi/allreduce.sh [COUNT...]   (default: 2^18 2^22 2^24 floats)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
bin="${UOP_BUILD_DIR:-$root/build}/bin"
[ -x "$bin/uop-run" ] || { echo "allreduce.sh: build uop-run first" >&2; exit 1; }
command -v mpicc > /dev/null || { echo "allreduce.sh: needs mpicc (libopenmpi-dev)" >&2; exit 1; }
counts=("$@")
[ ${#counts[@]} -gt 0 ] || counts=(262144 4194304 16777216)
repeat=${REPEAT:-100}
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
mpicc -O2 -o "$tmp/ref" "$root/benchmarks/mpi/allreduce_ref.c"
flags=(--oversubscribe --bind-to none)
[ "$(id -u)" -ne 0 ] || flags+=(--allow-run-as-root)
echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $(nproc) cores; $(mpirun --version | head -1)"
echo "baseline: MPI_Allreduce(MPI_FLOAT, MPI_SUM), out of place, mpirun -np 2 ${flags[*]}"
printf "%-10s %10s %12s %12s %12s %8s\n" floats MiB "mpi ms" "uop ms" "uop GB/s" ratio
for n in "${counts[@]}"; do
  cat > "$tmp/ar.mlir" <<MLIR
func.func @allreduce(%a: tensor<${n}xf32>, %b: tensor<${n}xf32>) -> tensor<${n}xf32> {
  %devs = uop.device ("CPU:0", "CPU:1")
  %s = uop.mstack %a, %b : tensor<${n}xf32>
  %r = uop.allreduce add %s, %devs : tensor<${n}xf32>
  return %r : tensor<${n}xf32>
}
MLIR
  ref_ms="$(OMP_NUM_THREADS=1 mpirun -np 2 "${flags[@]}" "$tmp/ref" "$n" "$repeat" | sed -n 's/.*ms=//p')"
  ours="$("$bin/uop-run" "$tmp/ar.mlir" --devices 2 --repeat "$repeat")"
  uop_ms="$(sed -n 's/^rank=[0-9]* time_ms_median=//p' <<< "$ours" | sort -g | tail -1)"
  awk -v n="$n" -v r="$ref_ms" -v u="$uop_ms" 'BEGIN {
    printf "%-10d %10.1f %12.4f %12.4f %12.2f %8.2f\n", n, n * 4 / 1048576, r, u,
           n * 4 / u / 1e6, r / u }'
done
echo "ratio = MPI_Allreduce time / uop time (>= 0.9 is the target; GB/s counts one buffer)"
