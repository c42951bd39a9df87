#!/usr/bin/env bash
# Rubicon, from a fresh Debian 12 machine: install the dependencies, build,
# install the toolkit into a prefix shaped like a CUDA toolkit, and compile the
# bundled examples with the installed nvcc, printing each kernel's resources.
#
#   scripts/setup.sh [--prefix DIR] [--build-dir DIR] [--cccl DIR]
#
# Defaults: --prefix ./install, --build-dir ./build. --cccl names a checkout
# of NVIDIA/cccl whose Thrust, CUB and libcu++ are installed into the prefix
# (scripts/install-cccl.sh, docs/cccl.md) and whose own tests `ninja check`
# then runs a slice of (tests/e2e/cccl/cccl-tests-slice.test); without it
# nvcc uses Debian's Thrust and CUB.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
prefix="$root/install"
build="$root/build"
cccl=""
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix=$(realpath -m "$2"); shift 2 ;;
    --build-dir) build=$(realpath -m "$2"); shift 2 ;;
    --cccl) cccl=$(realpath -m "$2"); shift 2 ;;
    *) echo "usage: scripts/setup.sh [--prefix DIR] [--build-dir DIR] [--cccl DIR]" >&2; exit 2 ;;
  esac
done

"$root/scripts/deps.sh"

cccl_arg=()
if [ -n "$cccl" ]; then cccl_arg=(-DRUBICON_CCCL_DIR="$cccl"); fi
cmake -G Ninja -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX="$prefix" "${cccl_arg[@]}"
ninja -C "$build"
cmake --install "$build" > /dev/null
echo "rubicon: installed into $prefix"
if [ -n "$cccl" ]; then
  "$root/scripts/install-cccl.sh" "$cccl" --prefix "$prefix"
fi

examples="$build/examples-out"
mkdir -p "$examples"
for src in "$root"/examples/*.cu; do
  name=$(basename "$src" .cu)
  "$prefix/bin/nvcc" -O2 "$src" -o "$examples/$name"
  echo "== $name (gfx942)"
  "$prefix/bin/cuobjdump" --dump-resource-usage "$examples/$name"
done
