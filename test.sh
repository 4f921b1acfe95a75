#!/usr/bin/env bash
# Install what is missing, build everything, run every test: lit (with its
# summary), the GoogleTest unit tests, a short fuzz run and, where present, the
# Python tests.
# Exits non-zero on any failure.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/scripts/bootstrap.sh"
uop_build

status=0
echo "== lit"
/usr/lib/llvm-22/bin/lit -sv "$UOP_BUILD_DIR/test" || status=1
echo "== lit, uop-run's programs at -O2 (small ones compile below it by default)"
UOP_CFLAGS=-O2 /usr/lib/llvm-22/bin/lit -sv "$UOP_BUILD_DIR/test/Tools/uop-run" \
  "$UOP_BUILD_DIR/test/Integration" "$UOP_BUILD_DIR/test/Target/C" || status=1

echo "== unit tests"
units=$(find "$UOP_BUILD_DIR/unittests" -type f -name '*Tests' -perm -u+x | sort)
if [ -z "$units" ]; then
  echo "no unit test binaries found"; status=1
fi
for t in $units; do
  echo "-- $(basename "$t")"
  out=$("$t" --gtest_brief=1 2>&1) || status=1
  echo "$out" | tail -n 3
done

echo "== lint (clang-tidy, cached; scripts/lint.sh)"
"$UOP_ROOT/scripts/lint.sh" || status=1

echo "== short fuzz (uop-fuzz, 120 s; docs/reliability.md)"
"$UOP_BUILD_DIR/bin/uop-fuzz" "$UOP_ROOT/test" "$UOP_ROOT/examples" --max-time 120 --seed 1 \
  --out "$UOP_BUILD_DIR/fuzz-findings" || status=1

echo "== short runtime fuzz (uop-fuzz-runtime: .npy bytes, uop-run's options, C API calls; docs/reliability.md)"
for mode in npy:20 run:30 capi:30; do
  "$UOP_BUILD_DIR/bin/uop-fuzz-runtime" --mode "${mode%%:*}" --max-time "${mode##*:}" --seed 1 \
    --out "$UOP_BUILD_DIR/fuzz-runtime-findings" || status=1
done

if [ -d "$UOP_ROOT/python/tests" ] && ls "$UOP_ROOT"/python/tests/test_*.py >/dev/null 2>&1; then
  echo "== python tests"
  UOP_BUILD_DIR="$UOP_BUILD_DIR" /usr/bin/python3 -m pytest -q "$UOP_ROOT/python/tests" || status=1
fi

if [ $status -ne 0 ]; then
  echo "== FAILED"
else
  echo "== all tests passed"
fi
exit $status
