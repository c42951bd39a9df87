#!/bin/sh
# rodinia.sh RODINIA PROGRAM TARGET...: builds the Rodinia 3.1 program
# PROGRAM from the CUDA sources of the checkout RODINIA (its cuda/ folder, as
# github.com/yuhc/gpu-rodinia has it; read, never modified) for the host
# target and for each TARGET (gfx942-emulated, ...), runs each on a small
# input, and fails unless every TARGET prints the same lines (those that
# report times removed) and writes the same output files as the host
# target's build. Each build defines the switches the program has for
# printing its results (BENCH_PRINT, TRACEBACK, OUTPUT), so that the
# comparison covers all of them, not a summary line.
set -e
rodinia=$1
program=$2
shift 2
src=$rodinia/cuda
here=$(cd "$(dirname "$0")" && pwd)

build() { # build TARGET EXECUTABLE
  flags="-O2 -w --amdgpu-arch=$1"
  case $program in
  gaussian)
    nvcc $flags "$src/gaussian/gaussian.cu" "$here/rodinia_copies.c" \
      -Xlinker --wrap=cudaMemcpy -o "$2" ;;
  pathfinder) nvcc $flags -DBENCH_PRINT "$src/pathfinder/pathfinder.cu" -o "$2" ;;
  lud)
    nvcc $flags -I"$src/lud/common" "$src/lud/cuda/lud.cu" \
      "$src/lud/cuda/lud_kernel.cu" "$src/lud/common/common.c" -o "$2" ;;
  nw) nvcc $flags -DTRACEBACK "$src/nw/needle.cu" -o "$2" ;;
  srad_v2) nvcc $flags -DOUTPUT "$src/srad/srad_v2/srad.cu" -o "$2" ;;
  backprop)
    # The trained network's weights, written by backprop.c's own bpnn_save
    # where facetrain.c frees the network (the program prints no result).
    nvcc $flags -Dbpnn_free=rodinia_save_and_free -c \
      "$src/backprop/facetrain.c" -o "$2.facetrain.o"
    nvcc $flags -I"$src/backprop" "$src/backprop/backprop_cuda.cu" \
      "$src/backprop/backprop.c" "$src/backprop/imagenet.c" "$2.facetrain.o" \
      "$here/rodinia_backprop_save.c" -o "$2" ;;
  lavaMD)
    nvcc $flags -DOUTPUT "$src/lavaMD/main.c" \
      "$src/lavaMD/kernel/kernel_gpu_cuda_wrapper.cu" \
      "$src/lavaMD/util/num/num.c" "$src/lavaMD/util/timer/timer.c" \
      "$src/lavaMD/util/device/device.cu" -o "$2" ;;
  particlefilter)
    # Every particle's position and weight after the last frame, printed
    # as they are copied back, besides the estimate the program prints.
    nvcc $flags -DRODINIA_COPIES_DOUBLE \
      "$src/particlefilter/ex_particle_CUDA_float_seq.cu" \
      "$here/rodinia_copies.c" -Xlinker --wrap=cudaMemcpy -o "$2" ;;
  *) echo "rodinia.sh: no recipe for $program" >&2; exit 2 ;;
  esac
}

# Runs the build in its own folder; prints its output less the time lines,
# then its output files.
run() { # run EXECUTABLE
  rm -rf "$1.run" && mkdir "$1.run"
  (
    cd "$1.run"
    case $program in
    gaussian) timeout "${RUBICON_TEST_TIMEOUT:-300}" ../"$1" -s 24 ;;
    pathfinder) timeout "${RUBICON_TEST_TIMEOUT:-300}" ../"$1" 2000 20 5 ;;
    lud) timeout "${RUBICON_TEST_TIMEOUT:-300}" ../"$1" -s 64 -v ;;
    nw) timeout "${RUBICON_TEST_TIMEOUT:-300}" ../"$1" 256 10 ;;
    srad_v2) timeout "${RUBICON_TEST_TIMEOUT:-300}" ../"$1" 128 128 0 31 0 31 0.5 2 ;;
    backprop) timeout "${RUBICON_TEST_TIMEOUT:-300}" ../"$1" 4096 ;;
    # Both seed from the clock (srand(time(NULL)), time(0) * i): a fixed
    # time makes the runs comparable.
    lavaMD) LD_PRELOAD=$PWD/../fixed_time.so timeout "${RUBICON_TEST_TIMEOUT:-300}" ../"$1" -boxes1d 2 ;;
    particlefilter)
      LD_PRELOAD=$PWD/../fixed_time.so timeout "${RUBICON_TEST_TIMEOUT:-300}" ../"$1" -x 64 -y 64 -z 5 -np 400 ;;
    esac
  ) > "$1.log" 2>&1 || echo "exit status $?" >> "$1.log"
  if grep -q "^exit status 124$" "$1.log"; then
    echo "rodinia.sh: $1 did not finish in ${RUBICON_TEST_TIMEOUT:-300} s" >&2
    exit 1
  fi
  grep -v -i -E 'time|elapsed|seconds|TOOK|BACK:|[0-9] s(,|$)|[0-9] *ms$|GPU Execution' "$1.log" || true
  if [ -f "$1.run/result.txt" ]; then
    echo "== result.txt"
    cat "$1.run/result.txt"
  fi
  if [ -f "$1.run/output.dat" ]; then
    # backprop's bpnn_save writes its three sizes (a byte each) and the
    # 4097x17 input weights, then four times the bytes it allocated: only
    # the first part is the network.
    echo "== output.dat"
    head -c $((3 + 4097 * 17 * 4)) "$1.run/output.dat" | od -A d -t x1
  fi
}

if [ ! -f fixed_time.so ]; then
  cc -shared -fPIC -O2 "$here/fixed_time.c" -o fixed_time.so
fi
build host "$program.host"
run "$program.host" > "$program.host.out"
for target in "$@"; do
  build "$target" "$program.$target"
  run "$program.$target" > "$program.$target.out"
  diff "$program.host.out" "$program.$target.out"
  echo "$program: $target: same as host, $(wc -l < "$program.host.out") lines"
done
