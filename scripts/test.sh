#!/usr/bin/env bash
# Runs every Rubicon test: unit (GoogleTest), lit (FileCheck) and end-to-end.
#
#   scripts/test.sh [--build-dir DIR]
#
# Builds first if needed (same build directory as scripts/setup.sh).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="$root/build"
if [ "${1:-}" = "--build-dir" ]; then build=$(realpath -m "$2"); fi
if [ ! -f "$build/build.ninja" ]; then
  cmake -G Ninja -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=Release
fi
ninja -C "$build" check
