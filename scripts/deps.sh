#!/usr/bin/env bash
# Installs the Debian 12 packages Rubicon builds with (docs/getting-started.md).
set -euo pipefail
packages=(
  clang-22 lld-22 llvm-22 llvm-22-dev llvm-22-tools libclang-22-dev libclang-cpp22-dev
  libclang-rt-22-dev rocm-device-libs libamdhip64-dev libamd-comgr-dev libhsa-runtime-dev
  cmake ninja-build libgtest-dev libgmock-dev ccache g++ python3 make file
  libomp-22-dev libthrust-dev libcub-dev
  libopenblas-dev libfftw3-dev
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "rubicon: all build dependencies are installed"
  exit 0
fi
echo "rubicon: installing ${missing[*]}"
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -q
$sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
