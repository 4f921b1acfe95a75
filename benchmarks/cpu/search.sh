#!/usr/bin/env bash
# uop-optimize{search=N} against the heuristic on the CPU benchmark programs
# (benchmarks/programs.sh). Each program's kernel is searched by uop-opt (the
# runtime's kernel timer: every candidate compiled to C and run), then the
# program runs through uop-run with the heuristic's schedule and with the
# searched one (--opts), alternating, ROUNDS rounds of a median of REPEAT
# runs; each side's best round is printed (noise only slows a run down),
# with every round, the search's own remark and its wall time.
#   [SEARCH=2] [CANDIDATES=32] [ROUNDS=3] [REPEAT=10] \
#     benchmarks/cpu/search.sh [mm512|mm1023|ew|reduce ...]
# Each program has one kernel, which --opts pins.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
bin="${UOP_BUILD_DIR:-$root/build}/bin"
for t in uop-opt uop-run; do
  [ -x "$bin/$t" ] || { echo "search.sh: build $t first" >&2; exit 1; }
done
source "$root/benchmarks/programs.sh"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
search="${SEARCH:-2}" candidates="${CANDIDATES:-32}"
rounds="${ROUNDS:-3}" repeat="${REPEAT:-10}"
# The vector registers uop-run gives uop-optimize (Compile.h's
# hostVectorShape), so that the search starts from uop-run's heuristic.
case "$flags" in
  *avx512f*) vec="vector-bits=512 vector-registers=32" ;;
  *avx*) vec="vector-bits=256 vector-registers=16" ;;
  *) vec="vector-bits=128 vector-registers=16" ;;
esac
kernels() { # PROGRAM OPTIONS -> the kernels after uop-optimize{OPTIONS}
  "$bin/uop-opt" "$1" --pass-pipeline="builtin.module(uop-normalize,func.func(uop-rangeify{math-cost=16}),uop-split-kernels{target=cpu},uop.function(uop-simplify,uop-optimize{target=cpu $vec $2}))"
}
ms() { grep -o 'time_ms_median=[0-9.]*' "$1" | cut -d= -f2; }
best() { tr ' ' '\n' <<< "$1" | grep . | sort -g | head -1; }
echo "search=$search search-candidates=$candidates ($vec); $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
printf "%-8s %12s %12s %7s  %s\n" program heuristic searched ratio "rounds (ms, heuristic | searched)"
for p in "${@:-mm512 mm1023 ew reduce}"; do
  for q in $p; do
    case "$q" in
      mm512) matmul 512 ;; mm1023) matmul 1023 ;;
      ew) elementwise 4096 4096 ;; reduce) reduce 4096 4096 ;;
      *) echo "search.sh: unknown program $q" >&2; exit 2 ;;
    esac > "$tmp/$q.mlir"
    heuristic="$(kernels "$tmp/$q.mlir" "" | grep -o 'applied_opts = \[[^]]*\]' || true)"
    start=$(date +%s)
    kernels "$tmp/$q.mlir" "search=$search search-candidates=$candidates" \
      > /dev/null 2> "$tmp/$q.remark"
    took=$(( $(date +%s) - start ))
    opts="$(sed -n 's/.*chosen [0-9.]* ms: \[\(.*\)\]$/\1/p' "$tmp/$q.remark" | tr -d ' ')"
    [ -n "$opts" ] || { cat "$tmp/$q.remark" >&2; exit 1; }
    hs="" ss=""
    for _ in $(seq "$rounds"); do
      "$bin/uop-run" "$tmp/$q.mlir" --repeat "$repeat" > "$tmp/h.log"
      "$bin/uop-run" "$tmp/$q.mlir" --repeat "$repeat" --opts "$opts" > "$tmp/s.log"
      hs="$hs $(ms "$tmp/h.log")" ss="$ss $(ms "$tmp/s.log")"
    done
    h="$(best "$hs")" s="$(best "$ss")"
    printf "%-8s %12s %12s %7s  %s |%s\n" "$q" "$h" "$s" \
      "$(awk -v a="$h" -v b="$s" 'BEGIN {printf "%.2fx", a / b}')" "$hs" "$ss"
    echo "  heuristic: $heuristic"
    echo "  search (${took}s): $(sed -n 's/.*remark: //p' "$tmp/$q.remark")"
  done
done
