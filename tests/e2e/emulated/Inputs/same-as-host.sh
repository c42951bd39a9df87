#!/bin/sh
# same-as-host.sh SOURCE TARGET...: builds SOURCE for the host target and for
# each TARGET (gfx942-emulated, ...), runs each, and fails unless every
# TARGET prints the same output and ends with the same status as the host
# target's build.
set -e
src=$1
shift
name=$(basename "$src" .cu)
run() { ./"$1" > "$1.out" 2>&1 || echo "exit status $?" >> "$1.out"; }
nvcc -O2 -w --amdgpu-arch=host "$src" -o "$name.host"
run "$name.host"
for target in "$@"; do
  nvcc -O2 -w --amdgpu-arch="$target" "$src" -o "$name.$target"
  run "$name.$target"
  diff "$name.host.out" "$name.$target.out"
  echo "$name: $target: same as host"
done
