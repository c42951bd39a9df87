#!/usr/bin/env bash
# Regenerates the coverage tables in docs/ from the tables in the code.
#   scripts/gen-docs.sh [--build-dir DIR]
# lit tests fail when a committed table differs from what the code prints.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build="$root/build"
if [ "${1:-}" = "--build-dir" ]; then build=$(realpath -m "$2"); fi
"$build/toolkit/bin/nvcc" --rubicon-print-option-table > "$root/docs/nvcc-options.table.md"
if [ -x "$build/bin/rubicon-opt" ]; then
  "$build/bin/rubicon-opt" --print-intrinsic-table > "$root/docs/nvvm-intrinsics.table.md"
  "$build/bin/rubicon-opt" --print-warp-fast-path-table > "$root/docs/warp-fast-paths.table.md"
  "$build/bin/rubicon-opt" --print-wave-intrinsic-table > "$root/docs/amdgpu-emulation-wave-intrinsics.table.md"
fi
python3 "$root/runtime-shim/cudart/ApiTable.py" "$root/runtime-shim/cudart/ApiFunctions.def" \
  -o "$root/docs/cuda-api-coverage.table.md"
python3 "$root/libraries/ApiTable.py" "$root/libraries/cublas/Cublas.def" "$root/libraries/cublaslt/CublasLt.def" \
  "$root/libraries/curand/Curand.def" "$root/libraries/cufft/Cufft.def" "$root/libraries/cusparse/Cusparse.def" \
  "$root/libraries/cusolver/Cusolver.def" "$root/libraries/nvrtc/Nvrtc.def" "$root/libraries/nvml/Nvml.def" \
  "$root/libraries/npp/Npp.def" "$root/libraries/nvjpeg/Nvjpeg.def" "$root/libraries/nvjitlink/NvJitLink.def" \
  "$root/libraries/nvvm/Nvvm.def" \
  -o "$root/docs/cuda-libraries.table.md"
# The accuracy suite's table: what it measures on the host target and on
# the gfx942 mapping (gfx942-emulated).
accuracy_dir=$(mktemp -d)
RUBICON_HOST_CPU=x86-64 "$build/toolkit/bin/nvcc" -O2 -w --amdgpu-arch=host "$root/tests/e2e/host/Inputs/accuracy.cu" \
  -o "$accuracy_dir/accuracy"
"$build/toolkit/bin/nvcc" -O2 -w --amdgpu-arch=gfx942-emulated "$root/tests/e2e/host/Inputs/accuracy.cu" \
  -o "$accuracy_dir/accuracy-gfx942"
LD_LIBRARY_PATH="$build/toolkit/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
  "$accuracy_dir/accuracy-gfx942" --results "$accuracy_dir/gfx942.txt" > /dev/null || true
LD_LIBRARY_PATH="$build/toolkit/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
  "$accuracy_dir/accuracy" --markdown --gfx942 "$accuracy_dir/gfx942.txt" \
  > "$root/docs/math-accuracy.table.md"
rm -rf "$accuracy_dir"
echo "rubicon: regenerated docs/*.table.md"
