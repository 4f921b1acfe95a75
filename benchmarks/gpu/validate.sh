#!/usr/bin/env bash
# Validate the whole GPU side of uop-mlir in one call: build, the lit tests
# that need a GPU, every tirx and uop example on the GPU, and the GPU
# benchmark; write one report. See benchmarks/gpu/README.md.
#
#   benchmarks/gpu/validate.sh OUTDIR
#   benchmarks/gpu/validate.sh --emulate [OUTDIR]   (no GPU: emulate.sh)
#
# Steps (each one recorded, a failing one does not stop the others, except
# the build):
#   1. no CUDA GPU (nvidia-smi missing, or `nvidia-smi -L` failing or listing
#      none): one line `validate.sh: no GPU: <why>` on stderr, exit 3, before
#      creating OUTDIR, installing or building anything;
#   2. install what is missing, configure and build (scripts/bootstrap.sh),
#      logged to OUTDIR/build.log; a failed build ends the run;
#   3. every lit test under test/ that says `REQUIRES: cuda-gpu`, one lit run
#      each on the build tree's suite;
#   4. every examples/tirx/*.mlir holding a tirx.prim_func with a
#      tirx.device_entry, with `uop-run FILE --target cuda --check --repeat 5`
#      (the chip and reference each needs; skipped when the GPU lacks the
#      instructions it uses), e.g. gemm_mma_sync_pipelined.mlir at 4096^3
#      against gemm_nn;
#   5. every examples/uop/*.mlir holding a func.func, the same way;
#   6. benchmarks/gpu/run.sh;
#   7. the same example kernels in the PTX emulator (emulate.sh), in what is
#      left of the budget, so that each item's hardware result sits next to
#      the emulator's (UOP_VALIDATE_EMULATE=0 skips it).
#
# Output, in OUTDIR:
#   results.md      header (date, commit, device, driver, ptxas), one row per
#                   item (pass / FAIL / skipped), the benchmark table, the
#                   last 30 log lines of every failure; also printed on stdout
#   build.log       the package installation, configuration and build
#   benchmark.md    run.sh's table as it printed it
#   logs/ITEM.log   the full output of each item (logs/build.log: a copy of
#                   build.log)
# Progress goes to stderr.
#
# Exit status: 0 nothing failed (skips are not failures); 1 something failed
# (or OUTDIR cannot be written); 2 bad usage; 3 no CUDA GPU.
#
# Environment:
#   UOP_BUILD_DIR            build directory (default <repo>/build)
#   UOP_VALIDATE_SKIP_BUILD  1: install and build nothing, reuse the build
#                            directory as it is
#   UOP_VALIDATE_TARGETS     ninja targets to build (default "uop-opt
#                            uop-translate uop-run"; "all" builds everything)
#   UOP_VALIDATE_BUDGET      seconds the whole run may take (default 450);
#                            each step's time limit is capped by what is left,
#                            and steps reached after it is spent are recorded
#                            as FAIL (not run)
#   UOP_VALIDATE_TIMEOUT     seconds per example run (default 120)
#   UOP_BENCH_*              passed to run.sh; defaults here:
#                            UOP_BENCH_GEMM_SIZES="4096 8192",
#                            UOP_BENCH_REPEAT=10, UOP_BENCH_TIMEOUT=90
#                            (others: run.sh's defaults)
#   UOP_LIT                  lit (default /usr/lib/llvm-22/bin/lit)
#   UOP_PTXAS                the ptxas whose version is recorded (default as
#                            the compiler finds it: PATH, $CUDA_HOME/bin,
#                            /usr/local/cuda/bin)
#   UOP_NVIDIA_SMI           nvidia-smi to ask (default: nvidia-smi on PATH,
#                            like lit's cuda-gpu feature; for tests)
set -uo pipefail

me="validate.sh"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"

usage() {
  echo "usage: $me OUTDIR" >&2
  exit 2
}

# ---------------------------------------------------------------------------
# Arguments, then the GPU check: both before anything is created or installed.

# --emulate: no GPU needed; the emulator tier (emulate.sh), which runs every
# example kernel in the PTX emulator with --check (docs/gpu-emulator.md).
if [ "${1:-}" = "--emulate" ]; then
  shift
  exec "$here/emulate.sh" "$@"
fi
if [ "$#" -ne 1 ] || [ -z "$1" ]; then usage; fi
case "$1" in
  -h | --help) sed -n '2,/^set -uo/p' "${BASH_SOURCE[0]}" | sed -e '$d' -e 's/^# \{0,1\}//'; exit 0 ;;
  -*) usage ;;
esac
outdir_arg="$1"

# Time limits (seconds; SECONDS counts from the start of the script).
budget="${UOP_VALIDATE_BUDGET:-450}"
example_timeout="${UOP_VALIDATE_TIMEOUT:-120}"
seconds_or_usage() {
  if ! [[ "$2" =~ ^[0-9]+$ ]] || (( $2 == 0 )); then
    echo "$me: $1='$2' is not a positive number of seconds" >&2
    exit 2
  fi
}
seconds_or_usage UOP_VALIDATE_BUDGET "$budget"
seconds_or_usage UOP_VALIDATE_TIMEOUT "$example_timeout"

no_gpu() {
  echo "$me: no GPU: $1" >&2
  exit 3
}

# The same test as lit's cuda-gpu feature and run.sh: nvidia-smi runs and
# `nvidia-smi -L` lists a GPU.
smi_name="${UOP_NVIDIA_SMI:-nvidia-smi}"
smi="$(command -v "$smi_name" 2> /dev/null)" || no_gpu "$smi_name not found"
[ -n "$smi" ] || no_gpu "$smi_name not found"
gpu_list="$(timeout -k 5 60 "$smi" -L 2> /dev/null)" || no_gpu "'nvidia-smi -L' failed (exit $?)"
grep -q '^GPU ' <<< "$gpu_list" || no_gpu "'nvidia-smi -L' lists no GPU"

smi_query() { timeout -k 5 60 "$smi" -i 0 --query-gpu="$1" --format=csv,noheader 2> /dev/null | sed -n 1p; }
cc="$(smi_query compute_cap | tr -d ' ')"
[[ "$cc" =~ ^[0-9]+\.[0-9]+$ ]] || no_gpu "nvidia-smi reports no compute capability for GPU 0 ('$cc')"
major="${cc%.*}"
minor="${cc#*.}"
native="sm_${major}${minor}"
gpu_count="$(grep -c '^GPU ' <<< "$gpu_list")"
device_csv="$(timeout -k 5 60 "$smi" --query-gpu=name,compute_cap,driver_version --format=csv,noheader 2> /dev/null)"
gpu_name="$(smi_query name)"
driver="$(smi_query driver_version | tr -d ' ')"

# ---------------------------------------------------------------------------
# Set-up.

mkdir -p "$outdir_arg/logs" || { echo "$me: cannot create $outdir_arg/logs" >&2; exit 1; }
outdir="$(cd "$outdir_arg" && pwd)"
logs="$outdir/logs"
rm -f "$logs"/*.log "$outdir/build.log" "$outdir/benchmark.md" "$outdir/results.md"

build="${UOP_BUILD_DIR:-$root/build}"
case "$build" in /*) ;; *) build="$PWD/$build" ;; esac
export UOP_BUILD_DIR="$build"
bin="$build/bin"
lit="${UOP_LIT:-/usr/lib/llvm-22/bin/lit}"
targets="${UOP_VALIDATE_TARGETS:-uop-opt uop-translate uop-run}"

note() { echo "$me: $*" >&2; }

# ptxas as the compiler finds it (lib/Target/PTX/PTXTranslation.cpp).
find_ptxas() {
  if [ -n "${UOP_PTXAS:-}" ]; then echo "$UOP_PTXAS"; return; fi
  local c
  for c in "$(command -v ptxas 2> /dev/null)" "${CUDA_HOME:-}/bin/ptxas" /usr/local/cuda/bin/ptxas; do
    if [ -n "$c" ] && [ -x "$c" ]; then echo "$c"; return; fi
  done
}
ptxas="$(find_ptxas)"
ptxas_version="not found"
if [ -n "$ptxas" ]; then
  ptxas_version="$("$ptxas" --version 2> /dev/null | grep -m1 -i 'release' || true)"
  ptxas_version="${ptxas_version:-unknown} ($ptxas)"
fi

commit="$(git -c safe.directory="$root" -C "$root" rev-parse --short HEAD 2> /dev/null || echo unknown)"
if [ "$commit" != unknown ] && [ -n "$(git -c safe.directory="$root" -C "$root" status --porcelain --untracked-files=no 2> /dev/null)" ]; then
  commit="$commit (with uncommitted changes)"
fi
started="$(date -u '+%Y-%m-%d %H:%M:%S UTC')"

# ---------------------------------------------------------------------------
# Recording.

items=() statuses=() details=() item_logs=()
failed=0

# log_of ITEM: the log file of ITEM.
log_of() { echo "$logs/$(tr -c 'A-Za-z0-9._\n-' '-' <<< "${1//: /-}").log"; }

# record ITEM STATUS(pass|FAIL|skipped) DETAILS [LOG]
record() {
  items+=("$1") statuses+=("$2") details+=("$3") item_logs+=("${4:-}")
  if [ "$2" = FAIL ]; then failed=1; fi
  note "$2: $1: $3"
}

left() { echo $(( budget - SECONDS )); }

# timed LOG LIMIT CMD...: runs CMD under `timeout` (LIMIT capped by the time
# left), stdout and stderr into LOG. Sets rc (124: cut off; 125 not run: the
# budget is spent), secs and limit (the limit it ran under).
rc=0 secs=0 limit=0
timed() {
  local log="$1" t0="$SECONDS"
  limit="$2"
  shift 2
  if (( $(left) < limit )); then limit="$(left)"; fi
  if (( limit <= 0 )); then
    echo "not run: the time budget of $budget s (UOP_VALIDATE_BUDGET) is spent" > "$log"
    rc=125 secs=0
    return
  fi
  timeout -k 10 "$limit" "$@" > "$log" 2>&1
  rc=$?
  secs=$(( SECONDS - t0 ))
  # 124: timeout sent TERM; 137: it had to KILL (or something else did).
  if (( rc == 124 || (rc == 137 && secs >= limit) )); then
    rc=124
    echo "validate.sh: cut off after $limit s" >> "$log"
  fi
}

# why_not: the details of a run that timed() cut off or did not start.
why_not() {
  if (( rc == 125 )); then
    echo "not run: the time budget ($budget s) is spent"
  else
    echo "timeout: cut off after $limit s"
  fi
}

# ---------------------------------------------------------------------------
# Steps.

step_build() {
  local log="$outdir/build.log"
  if [ "${UOP_VALIDATE_SKIP_BUILD:-0}" = 1 ]; then
    echo "UOP_VALIDATE_SKIP_BUILD=1: reusing $build" > "$log"
    if [ -x "$bin/uop-run" ]; then
      record build skipped "UOP_VALIDATE_SKIP_BUILD=1: reusing $build"
    else
      record build FAIL "UOP_VALIDATE_SKIP_BUILD=1 but $bin/uop-run does not exist" "$log"
    fi
    return
  fi
  note "installing what is missing and building ($targets) into $build; log: $log"
  # A separate shell, where bootstrap.sh's `set -e` holds (no && around
  # `source`): it installs and configures when sourced, then builds.
  # shellcheck disable=SC2016,SC2086 # $1 is bash -c's; targets is a word list
  timed "$log" "$(left)" bash -c 'source "$1"; shift; uop_build "$@"' \
    validate-build "$root/scripts/bootstrap.sh" $targets
  cp "$log" "$logs/build.log"
  if (( rc == 124 || rc == 125 )); then
    record build FAIL "$(why_not)" "$log"
  elif (( rc != 0 )); then
    record build FAIL "exit $rc after ${secs} s" "$log"
  elif [ ! -x "$bin/uop-run" ]; then
    record build FAIL "built in ${secs} s, but $bin/uop-run does not exist" "$log"
  else
    record build pass "targets: $targets; ${secs} s" "$log"
  fi
}

# The lit tests that need a GPU, as paths relative to test/.
gpu_lit_tests() {
  (cd "$root/test" && grep -rlE --include='*.mlir' --include='*.test' \
    'REQUIRES:.*(^|[^a-z-])cuda-gpu([^a-z-]|$)' . | sed 's|^\./||' \
    | grep -vE '(^|/)(Inputs|Downstream)/' | sort)
}

# re_escape TEXT: TEXT as an extended regular expression matching itself.
# shellcheck disable=SC2001 # one sed beats a loop over the special characters
re_escape() { sed 's/[][\.*^$+?(){}|]/\\&/g' <<< "$1"; }

step_lit() {
  local tests t item log code
  tests="$(gpu_lit_tests)"
  if [ -z "$tests" ]; then
    record "lit (REQUIRES: cuda-gpu)" FAIL "no lit test under test/ says REQUIRES: cuda-gpu"
    return
  fi
  while read -r t; do
    item="lit: $t"
    log="$(log_of "lit-$t")"
    note "lit $t"
    # lit names a test "SUITE :: path relative to test/"; --filter is a
    # regular expression searched in that name.
    timed "$log" 300 "$lit" -v "$build/test" --filter ":: $(re_escape "$t")\$"
    # Its result line: "PASS: UOP :: Integration/x.test (1 of 1)".
    code="$(grep -m1 -E "^[A-Z]+: .* :: $(re_escape "$t") " "$log" | cut -d: -f1)"
    if (( rc == 124 || rc == 125 )); then
      record "$item" FAIL "$(why_not)" "$log"
    elif (( rc == 0 )) && [ "$code" = PASS ]; then
      record "$item" pass "PASS, ${secs} s" "$log"
    elif [ "$code" = UNSUPPORTED ]; then
      record "$item" FAIL "UNSUPPORTED: lit does not see the GPU (feature cuda-gpu) or a required tool" "$log"
    else
      record "$item" FAIL "${code:-no result} (lit exit $rc)" "$log"
    fi
  done <<< "$tests"
}

# run_example ITEM FILE ARGS...: uop-run FILE --target cuda --check --repeat 5
# ARGS, recorded with its exit status, check line and time line.
run_example() {
  local item="$1" file="$2" log check time_line what
  shift 2
  log="$(log_of "$item")"
  note "uop-run $file --target cuda --check --repeat 5${*:+ $*}"
  timed "$log" "$example_timeout" "$bin/uop-run" "$file" --target cuda --check --repeat 5 "$@"
  check="$(grep -m1 'check=' "$log")"
  time_line="$(grep -m1 '^time_ms_median=' "$log")"
  what="exit $rc, ${secs} s;${*:+ $*;} ${check:-no check line}; ${time_line:-no time line}"
  if (( rc == 124 || rc == 125 )); then
    record "$item" FAIL "$(why_not)" "$log"
  elif (( rc == 0 )) && [[ "$check" =~ check=(pass|skipped) ]]; then
    record "$item" pass "$what" "$log"
  elif (( rc == 3 )); then
    record "$item" FAIL "uop-run found no usable GPU: $(tail -n 1 "$log")" "$log"
  else
    record "$item" FAIL "$what" "$log"
  fi
}

# strip_comments FILE: FILE without // comments.
strip_comments() { sed 's|//.*||' "$1"; }

# has REGEX FILE: FILE, comments aside, matches REGEX. (Not `grep -q` after a
# pipe: it stops reading, and with pipefail sed's SIGPIPE fails the test.)
has() { strip_comments "$2" | grep -E "$1" > /dev/null; }

# tirx_needs FILE: sets need (what FILE's kernel needs, in words) and chip;
# succeeds when GPU 0 has it. Decided by the instructions the kernel uses.
need="" chip=""
tirx_needs() {
  local text
  text="$(strip_comments "$1")"
  if grep -q 'tcgen05' <<< "$text"; then
    # tcgen05 is sm_100a's in the chip table (the NVVM verifier of MLIR 22
    # accepts it there only), so other 10.x chips skip these.
    need="compute capability 10.0 (tcgen05, sm_100a)" chip="sm_100a"
    [ "$cc" = 10.0 ]
  elif grep -qE 'wgmma|gemm(_async)? <warpgroup>' <<< "$text"; then
    need="compute capability 9.0 (wgmma, sm_90a)" chip="sm_90a"
    [ "$cc" = 9.0 ]
  elif grep -qE 'dispatch "tma"' <<< "$text"; then
    need="compute capability >= 9.0 (TMA, sm_90a)" chip="${native}a"
    (( major >= 9 ))
  else
    need="compute capability >= 8.0" chip="$native"
    (( major >= 8 ))
  fi
}

step_tirx_examples() {
  local f name
  for f in "$root"/examples/tirx/*.mlir; do
    if ! has 'tirx\.prim_func' "$f" || ! has 'tirx\.device_entry' "$f"; then continue; fi
    name="tirx: $(basename "$f")"
    if ! tirx_needs "$f"; then
      record "$name" skipped "needs $need; GPU 0 has $cc"
      continue
    fi
    # The reference, if any, is the file's tirx.reference attribute.
    run_example "$name" "$f" --chip "$chip"
  done
}

step_uop_examples() {
  local f
  for f in "$root"/examples/uop/*.mlir; do
    has 'func\.func' "$f" || continue
    # Multi-device programs need a GPU per rank (NCCL refuses two ranks on
    # one GPU); their CPU ranks are checked by lit (Integration/multi-device).
    if has 'uop\.(multi|mstack)' "$f"; then
      note "skipped $(basename "$f"): a multi-device program (one GPU here)"
      continue
    fi
    run_example "uop: $(basename "$f")" "$f"
  done
}

# The same example kernels in the PTX emulator (emulate.sh; no GPU used), so
# that a failure on the hardware can be told apart from one the emulator
# also shows. Runs last, in what is left of the budget (at most 240 s);
# UOP_VALIDATE_EMULATE=0 skips it.
step_emulator() {
  local item="emulator: every example kernel (emulate.sh)" log
  log="$(log_of emulator)"
  if [ "${UOP_VALIDATE_EMULATE:-1}" = 0 ]; then
    record "$item" skipped "UOP_VALIDATE_EMULATE=0"
    return
  fi
  timed "$log" 240 "$here/emulate.sh" "$outdir/emulator"
  if (( rc == 0 )); then
    record "$item" pass "every row passed: see the table below" "$log"
  elif (( rc == 124 || rc == 125 )); then
    record "$item" FAIL "$(why_not)" "$log"
  else
    record "$item" FAIL "a row failed: see the table below" "$log"
  fi
}

step_benchmark() {
  local item="benchmark: run.sh" log bad rows
  log="$(log_of benchmark)"
  local -x UOP_BENCH_GEMM_SIZES="${UOP_BENCH_GEMM_SIZES:-4096 8192}"
  local -x UOP_BENCH_REPEAT="${UOP_BENCH_REPEAT:-10}"
  local -x UOP_BENCH_TIMEOUT="${UOP_BENCH_TIMEOUT:-90}"
  note "benchmarks/gpu/run.sh (GEMM sizes $UOP_BENCH_GEMM_SIZES, repeat $UOP_BENCH_REPEAT)"
  # The table (stdout) into benchmark.md, the progress (stderr) into the log.
  # shellcheck disable=SC2016 # $1 and $2 are bash -c's
  timed "$log" "$(left)" bash -c '"$1" > "$2"' validate-bench "$here/run.sh" "$outdir/benchmark.md"
  [ -f "$outdir/benchmark.md" ] || : > "$outdir/benchmark.md"
  { echo "== stdout"; cat "$outdir/benchmark.md"; } >> "$log"
  rows="$(awk '/^\| [a-z]/ && !/^\| kernel \|/ { n++ } END { print n + 0 }' "$outdir/benchmark.md")"
  # Rows whose last cell (check) is not "pass".
  bad="$(awk -F'|' '/^\| [a-z]/ && !/^\| kernel \|/ {
            c = $(NF - 1); gsub(/^ +| +$/, "", c)
            if (c != "pass") { gsub(/^ +| +$/, "", $2); gsub(/^ +| +$/, "", $4); printf "%s%s %s: %s", sep, $2, $4, c; sep = "; " } }' \
          "$outdir/benchmark.md")"
  local sizes="GEMM $UOP_BENCH_GEMM_SIZES, copies ${UOP_BENCH_COPY_MIB:-1024 2048} MiB, repeat $UOP_BENCH_REPEAT"
  if (( rc == 124 || rc == 125 )); then
    record "$item" FAIL "$(why_not)" "$log"
  elif (( rc == 0 )); then
    record "$item" pass "$rows measurements ($sizes), ${secs} s" "$log"
  else
    record "$item" FAIL "exit $rc after ${secs} s; ${bad:-no table row failed}" "$log"
  fi
}

# ---------------------------------------------------------------------------
# The report.

# md_cell TEXT: TEXT on one line, its | escaped, for a markdown table cell.
md_cell() {
  local s="${1//|/\\|}"
  echo "${s//$'\n'/ }"
}

write_results() {
  local i
  echo "# GPU validation of uop-mlir"
  echo
  echo "- date: $started (finished after $SECONDS s)"
  echo "- commit: $commit"
  echo "- device: $gpu_name, compute capability $cc (GPU 0 of $gpu_count)"
  echo "- driver: $driver"
  echo "- ptxas: $ptxas_version"
  echo "- nvidia-smi (name, compute_cap, driver_version):"
  local line
  while IFS= read -r line; do echo "  - $line"; done <<< "${device_csv:-?}"
  echo "- build: $build"
  echo
  echo "| item | status | details |"
  echo "|---|---|---|"
  for i in "${!items[@]}"; do
    echo "| $(md_cell "${items[$i]}") | ${statuses[$i]} | $(md_cell "${details[$i]}") |"
  done
  echo
  echo "## The same kernels in the PTX emulator"
  echo
  if [ -s "$outdir/emulator/emulated.md" ]; then
    cat "$outdir/emulator/emulated.md"
  else
    echo "(not run)"
  fi
  echo
  echo "## Benchmark"
  echo
  if [ -s "$outdir/benchmark.md" ]; then
    cat "$outdir/benchmark.md"
  elif [ -f "$logs/benchmark.log" ]; then
    echo "(run.sh printed no table: see logs/benchmark.log)"
  else
    echo "(not run)"
  fi
  local any=0
  for i in "${!items[@]}"; do
    [ "${statuses[$i]}" = FAIL ] || continue
    if (( any == 0 )); then echo; echo "## Failures"; any=1; fi
    echo
    echo "### ${items[$i]}"
    echo
    if [ -n "${item_logs[$i]}" ] && [ -f "${item_logs[$i]}" ]; then
      echo "Last 30 lines of ${item_logs[$i]#"$outdir"/}:"
      echo
      echo '```'
      tail -n 30 "${item_logs[$i]}"
      echo '```'
    else
      echo "${details[$i]}"
    fi
  done
}

finish() {
  write_results > "$outdir/results.md"
  cat "$outdir/results.md"
  exit "$failed"
}

# ---------------------------------------------------------------------------

note "GPU 0: $gpu_name (compute capability $cc, driver $driver); results in $outdir"
step_build
[ "$failed" = 0 ] || finish
step_lit
step_tirx_examples
step_uop_examples
step_benchmark
step_emulator
finish
