#!/bin/sh
# same-as-host.sh SOURCE TARGET...: builds SOURCE for the host target and for
# each TARGET (gfx942-emulated, ...), runs each, and fails unless every
# TARGET prints the same output and ends with the same status as the host
# target's build. Each run has 300 seconds (RUBICON_TEST_TIMEOUT): a
# wavefront operation whose lanes never all arrive hangs, and the script
# then fails, naming the program.
set -e
src=$1
shift
name=$(basename "$src" .cu)
run() {
  status=0
  timeout "${RUBICON_TEST_TIMEOUT:-300}" ./"$1" > "$1.out" 2>&1 || status=$?
  if [ $status = 124 ]; then
    echo "same-as-host.sh: $1 did not finish in ${RUBICON_TEST_TIMEOUT:-300} s" >&2
    exit 1
  fi
  if [ $status != 0 ]; then
    echo "exit status $status" >> "$1.out"
  fi
}
nvcc -O2 -w --amdgpu-arch=host "$src" -o "$name.host"
run "$name.host"
for target in "$@"; do
  nvcc -O2 -w --amdgpu-arch="$target" "$src" -o "$name.$target"
  run "$name.$target"
  diff "$name.host.out" "$name.$target.out"
  echo "$name: $target: same as host"
done
