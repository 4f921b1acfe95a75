#!/usr/bin/env bash
# Compile time of the uop pipeline (uop-to-program, target=cpu) per kernel:
# the five bundled examples and generated graphs of 1k, 10k and 100k ops
# (gen_graph.py). Time is MLIR's own pass timing (--mlir-timing, wall clock)
# without parsing and printing; the C compiler is not involved. For each
# example, "x20 ms/kernel" is the same on a module of 20 renamed copies on one
# thread (--mlir-disable-threading, best of three runs): the steady cost per kernel, without the
# process's one-time costs (the dynamic linker binding libMLIR's symbols on
# first call, pattern sets, dialect loading) that the single copy pays.
# With UOP_TINYGRAD_DIR set to a tinygrad checkout, the examples are also
# lowered by tinygrad (tinygrad_codegen.py: its to_program without the C
# compiler) and the ratios printed: tinygrad's first lowering per kernel /
# our single copy, and its lowering again / our x20 steady cost. "runtime x20"
# is the x20 cost with the module verified once at the end instead of after
# every pass, as uop-run, Python and the C API run the pipeline
# (lib/Runtime/Compile.cpp's runPipeline); uop-opt verifies after every pass.
#   benchmarks/compile/uop_pipeline.sh [SIZES...]   (default: 1000 10000 100000)
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
bin="${UOP_BUILD_DIR:-$root/build}/bin"
[ -x "$bin/uop-opt" ] || { echo "uop_pipeline.sh: build uop-opt first" >&2; exit 1; }
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(1000 10000 100000)
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

# measure FILE [uop-opt flags] -> "ops kernels pipeline_ms"
measure() {
  local file="$1" timing
  shift
  timing="$("$bin/uop-opt" --uop-to-program="target=cpu" "$file" "$@" \
              -o "$tmp/out.mlir" --mlir-timing 2>&1 >/dev/null)"
  local kernels ops
  kernels="$(grep -c 'info <name' "$tmp/out.mlir" || true)"
  ops="$(grep -cE '^ +%[^ ]+ = |^ +(uop|arith|math)\.' "$file" || true)"
  # Rows are "[user (%)] wall (%) name"; the wall time is the last number.
  awk -v k="$kernels" -v o="$ops" '
    /Total Execution Time:/ { total = $4; next }
    { gsub(/\([^)]*\)/, "") }
    $NF == "Parser" { parser = $(NF - 1) }
    $NF == "Output" { output = $(NF - 1) }
    END { printf "%d %d %.1f\n", o, k, (total - parser - output) * 1000 }' <<< "$timing"
}

printf "%-28s %8s %8s %12s %10s %15s %18s\n" graph ops kernels "pipeline ms" "ms/kernel" "x20 ms/kernel" "runtime x20 ms/k"
# parse_ms FILE [flags]: uop-opt's Parser time on FILE in ms, best of three.
parse_ms() {
  local best=""
  for _ in 1 2 3; do
    local t
    t="$("$bin/uop-opt" "$@" -o /dev/null --mlir-timing 2>&1 >/dev/null |
      awk '{ gsub(/\([^)]*\)/, "") } $NF == "Parser" { print $(NF - 1) * 1000 }')"
    best="$(awk -v m="$t" -v b="$best" 'BEGIN {print (b == "" || m < b) ? m : b}')"
  done
  echo "$best"
}
# best_x20 FILE [flags]: ms per kernel of the x20 module on one thread, best
# of three (the first run of a process pays cold caches). With flags
# (--verify-each=0) the one verification of the result is added: parsing
# the lowered module with the verifier less parsing it without.
best_x20() {
  local file="$1" best="" k20 ms20 extra=0
  shift
  for _ in 1 2 3; do
    read -r _ k20 ms20 <<< "$(measure "$file" --mlir-disable-threading "$@")"
    best="$(awk -v m="$ms20" -v b="$best" 'BEGIN {print (b == "" || m < b) ? m : b}')"
  done
  if [ "$#" -gt 0 ]; then
    "$bin/uop-opt" --uop-to-program="target=cpu" "$file" -o "$tmp/x20out.mlir"
    extra="$(awk -v a="$(parse_ms "$tmp/x20out.mlir")" \
      -v b="$(parse_ms "$tmp/x20out.mlir" --mlir-very-unsafe-disable-verifier-on-parsing)" \
      'BEGIN {print (a > b ? a - b : 0)}')"
  fi
  awk -v m="$best" -v e="$extra" -v k="$k20" 'BEGIN {printf "%.3f", k ? (m + e) / k : 0}'
}
row() {
  read -r ops kernels ms <<< "$(measure "$2")"
  steady=""
  runtime=""
  if [ -n "${3:-}" ]; then
    steady="$(best_x20 "$3")"
    runtime="$(best_x20 "$3" --verify-each=0)"
  fi
  printf "%-28s %8d %8d %12.1f %10.3f %15s %18s\n" "$1" "$ops" "$kernels" "$ms" \
    "$(awk -v m="$ms" -v k="$kernels" 'BEGIN {print (k ? m / k : 0)}')" "$steady" "$runtime"
  last_per_kernel="$(awk -v m="$ms" -v k="$kernels" 'BEGIN {print (k ? m / k : 0)}')"
}
# 20 copies of an example's function, renamed, in one module.
copies() {
  python3 - "$1" <<'PY'
import re, sys
src = open(sys.argv[1]).read()
body = src[src.index("func.func"):]
names = re.findall(r"func\.func @([A-Za-z0-9_]+)", body)
out = []
for i in range(20):
    b = body
    for n in names:
        b = re.sub(r"@" + n + r"\b", "@%s_c%d" % (n, i), b)
    out.append(b)
print("".join(out))
PY
}
for ex in elementwise reduce matmul softmax matmul_bias_relu; do
  copies "$root/examples/uop/$ex.mlir" > "$tmp/$ex.x20.mlir"
  row "examples/uop/$ex" "$root/examples/uop/$ex.mlir" "$tmp/$ex.x20.mlir"
  echo "$ex $last_per_kernel $steady $runtime" >> "$tmp/ours.txt"
done
first=""
for n in "${sizes[@]}"; do
  python3 "$root/benchmarks/compile/gen_graph.py" "$n" > "$tmp/g$n.mlir"
  row "generated ($n ops)" "$tmp/g$n.mlir"
  [ -n "$first" ] || first="$last_per_kernel"
done
if [ "${#sizes[@]}" -gt 1 ]; then
  awk -v a="$first" -v b="$last_per_kernel" -v lo="${sizes[0]}" -v hi="${sizes[-1]}" \
    'BEGIN {printf "ms/kernel growth from %d to %d ops: %.2fx (1.00x is linear)\n", lo, hi, (a ? b / a : 0)}'
fi
if [ -n "${UOP_TINYGRAD_DIR:-}" ]; then
  python3 "$root/benchmarks/compile/tinygrad_codegen.py" --tsv --rounds "${TG_ROUNDS:-3}" > "$tmp/tg.txt"
  echo
  echo "tinygrad codegen (to_program, no C compiler, SPEC=${SPEC:-1}, median of ${TG_ROUNDS:-3} processes) against ours:"
  printf "%-20s %14s %12s %8s %14s %12s %8s %12s %8s\n" example "tg first ms" "ours 1 copy" ratio \
    "tg again ms" "ours x20" ratio "runtime x20" ratio
  join <(sort "$tmp/ours.txt") <(sort "$tmp/tg.txt") | while read -r ex one x20 rt first again; do
    printf "%-20s %14.2f %12.3f %7.1fx %14.2f %12.3f %7.1fx %12.3f %7.1fx\n" "$ex" "$first" "$one" \
      "$(awk -v a="$first" -v b="$one" 'BEGIN {print (b > 0 ? a / b : 0)}')" "$again" "$x20" \
      "$(awk -v a="$again" -v b="$x20" 'BEGIN {print (b > 0 ? a / b : 0)}')" "$rt" \
      "$(awk -v a="$again" -v b="$rt" 'BEGIN {print (b > 0 ? a / b : 0)}')"
  done
  echo "target (issue 45 item 5): every ratio >= 20x"
fi
