#!/usr/bin/env bash
# Shared set-up of run.sh and test.sh: install what a fresh Debian 12 machine
# lacks (only when something is missing), configure and build.
set -euo pipefail

UOP_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
UOP_BUILD_DIR="${UOP_BUILD_DIR:-$UOP_ROOT/build}"
export UOP_ROOT UOP_BUILD_DIR

UOP_PACKAGES=(llvm-22-dev llvm-22-tools libmlir-22 libmlir-22-dev mlir-22-tools
              cmake ninja-build ccache g++ python3 libgtest-dev
              python3-numpy python3-pytest clang-22 clang-tidy-22 libomp-22-dev libclang-22-dev libclang-cpp22-dev
              libopenmpi-dev openmpi-bin python3-venv python3-setuptools python3-wheel)

uop_install_packages() {
  local missing=()
  for p in "${UOP_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
      || missing+=("$p")
  done
  if [ ${#missing[@]} -eq 0 ]; then
    return 0
  fi
  echo "== installing: ${missing[*]}"
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
}

uop_configure() {
  export CCACHE_BASEDIR="$UOP_ROOT" CCACHE_NOHASHDIR=1
  if [ ! -f "$UOP_BUILD_DIR/build.ninja" ]; then
    echo "== configuring $UOP_BUILD_DIR"
    cmake -G Ninja -S "$UOP_ROOT" -B "$UOP_BUILD_DIR" \
      -DCMAKE_BUILD_TYPE=Release \
      -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
      -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit
  fi
}

uop_build() {
  local jobs
  jobs="$(nproc)"
  echo "== building ($jobs jobs) $*"
  ninja -C "$UOP_BUILD_DIR" -j"$jobs" "$@"
}

uop_install_packages
uop_configure
