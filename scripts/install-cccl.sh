#!/usr/bin/env bash
# Installs the CCCL (Thrust, CUB, libcu++) of a user's checkout of
# NVIDIA/cccl into a Rubicon prefix, laid out as NVIDIA's toolkit ships it:
# headers in <prefix>/include (thrust/, cub/, cuda/, nv/; also reachable as
# include/cccl/<dir>, where CUDA 13 puts them), CMake packages in
# <prefix>/lib/cmake (cccl, thrust, cub, libcudacxx: lib/, where CMake looks
# on every distribution; Debian's CMake does not search lib64/). CCCL's own
# install rules do the copying (nothing is built); nvcc then finds the headers
# with no flags, ahead of Debian's, and find_package(CCCL) finds the packages
# when <prefix>/bin is on PATH or <prefix> is in CMAKE_PREFIX_PATH.
#
#   scripts/install-cccl.sh CCCL_DIR [--prefix DIR]
#
# Default prefix: ./install. Run again after updating the checkout; the
# files it installed are listed in <prefix>/lib/cmake/cccl/rubicon-installed.txt
# and are removed first.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
prefix="$root/install"
cccl=""
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix=$(realpath -m "$2"); shift 2 ;;
    -*) echo "usage: scripts/install-cccl.sh CCCL_DIR [--prefix DIR]" >&2; exit 2 ;;
    *) cccl=$(realpath -m "$1"); shift ;;
  esac
done
if [ -z "$cccl" ]; then
  echo "usage: scripts/install-cccl.sh CCCL_DIR [--prefix DIR]" >&2
  exit 2
fi
for d in thrust/thrust cub/cub libcudacxx/include/cuda lib/cmake/cccl; do
  if [ ! -d "$cccl/$d" ]; then
    echo "install-cccl: $cccl is not a CCCL checkout (no $d)" >&2
    exit 1
  fi
done

manifest="$prefix/lib/cmake/cccl/rubicon-installed.txt"
if [ -f "$manifest" ]; then
  xargs -d '\n' rm -f < "$manifest"
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cmake -S "$cccl" -B "$work" -DCMAKE_INSTALL_PREFIX="$prefix" \
  -DCMAKE_INSTALL_INCLUDEDIR=include -DCMAKE_INSTALL_LIBDIR=lib \
  -DCCCL_SKIP_BUILD_CHECKS=ON -DCCCL_ENABLE_CUDA_SMOKE_TESTS=OFF \
  -Dcudax_ENABLE_INSTALL_RULES=OFF -DCCCL_ENABLE_TESTING=OFF \
  -DCCCL_ENABLE_EXAMPLES=OFF -DCCCL_ENABLE_BENCHMARKS=OFF \
  -DCCCL_ENABLE_LIBCUDACXX=OFF -DCCCL_ENABLE_CUB=OFF \
  -DCCCL_ENABLE_THRUST=OFF -DCCCL_ENABLE_CUDAX=OFF > "$work/configure.log" 2>&1 || {
  cat "$work/configure.log" >&2
  echo "install-cccl: configuring $cccl failed" >&2
  exit 1
}
cmake --install "$work" > /dev/null
cp "$work/install_manifest.txt" "$manifest"
# CUDA 13 keeps CCCL in include/cccl/ too (its nvcc searches there;
# matrixMul_nvrtc copies include/cccl/nv and include/cccl/cuda): the same
# directories, linked.
mkdir -p "$prefix/include/cccl"
for d in thrust cub cuda nv; do
  if [ -d "$prefix/include/$d" ]; then
    ln -sfn "../$d" "$prefix/include/cccl/$d"
    echo "$prefix/include/cccl/$d" >> "$manifest"
  fi
done
# Older checkouts have no cccl-version.json: the version is then unknown.
version=""
if [ -f "$cccl/cccl-version.json" ]; then
  version=$(sed -n 's/.*"full": *"\([^"]*\)".*/\1/p' "$cccl/cccl-version.json" | head -1)
fi
echo "rubicon: CCCL ${version:-(version unknown)} from $cccl installed into $prefix"
