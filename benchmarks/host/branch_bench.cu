// Branches on the threads' data in a thread loop: a kernel that clamps a
// value computed per thread, written as CUDA code often writes it (a store in
// each arm, a float rounded from a double, Rodinia srad's shape), timed on
// random data and on the same data sorted, in one run.
//
//   nvcc -O3 --amdgpu-arch=host benchmarks/host/branch_bench.cu -o branch_bench
//   RUBICON_HOST_WORKERS=1 ./branch_bench [elements=4194304] [repeats=8]
//
// A GPU runs the arms predicated: the order of the data does not matter. On
// the CPU a branch on random data is mispredicted half the time and sorted
// data is predicted; code without branches on the data (selects as CMOV or
// vector blends) takes the same time on both. The ratio random / sorted
// near 1 says the thread loop has no branch on the data. Each line prints
// CPU nanoseconds per element; the kernels' results are checked against the
// host's.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <vector>
#include <cuda_runtime.h>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t Err = (call);                                                  \
    if (Err != cudaSuccess) {                                                  \
      std::printf("%s:%d: %s\n", __FILE__, __LINE__,                           \
                  cudaGetErrorString(Err));                                    \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

// Saturated diffusion coefficient, in srad's form: a float computed in
// double, then one store per arm.
__host__ __device__ inline float coefficient(float x, float q) {
  float den = (x - q) / (q * (1 + q));
  return 1.0 / (1.0 + den);
}

__global__ void clampKernel(const float *in, float *out, int n, float q) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float c = coefficient(in[i], q);
  if (c < 0)
    out[i] = 0;
  else if (c > 1)
    out[i] = 1;
  else
    out[i] = c;
}

// The same in a block of 16x16 threads with a barrier, through shared
// memory (srad's first kernel: the loop over the block's threads is short
// and has the block's borders in it, so it is not vectorized).
__global__ void clampTileKernel(const float *in, float *out, int cols,
                                float q) {
  __shared__ float result[16][16];
  int tx = threadIdx.x, ty = threadIdx.y;
  int index = (blockIdx.y * 16 + ty) * cols + blockIdx.x * 16 + tx;
  float c = coefficient(in[index], q);
  if (c < 0)
    result[ty][tx] = 0;
  else if (c > 1)
    result[ty][tx] = 1;
  else
    result[ty][tx] = c;
  __syncthreads();
  out[index] = result[ty][tx];
}

// The process's CPU time: on a shared machine the wall time depends on
// other jobs.
static double cpuSeconds() {
  timespec T;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &T);
  return T.tv_sec + 1e-9 * T.tv_nsec;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 1 << 22;
  int repeats = argc > 2 ? std::atoi(argv[2]) : 8;
  n = std::max(256, n / 256 * 256); // whole 16x16 tiles of 256 columns
  const float q = 0.5f;
  std::vector<float> random(n), sorted(n), out(n);
  std::srand(1);
  // Half of the coefficients above 1, a few below 0, at random.
  for (int i = 0; i < n; ++i)
    random[i] = sorted[i] =
        q - 0.4f + 0.8f * float(std::rand()) / float(RAND_MAX);
  std::sort(sorted.begin(), sorted.end());
  float *in, *dout;
  size_t bytes = n * sizeof(float);
  CHECK(cudaMalloc(&in, bytes));
  CHECK(cudaMalloc(&dout, bytes));
  int cols = 256, rows = n / cols;

  auto check = [&](const std::vector<float> &data) {
    CHECK(cudaMemcpy(out.data(), dout, bytes, cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i) {
      float c = coefficient(data[i], q);
      float want = c < 0 ? 0.0f : c > 1 ? 1.0f : c;
      if (out[i] != want) {
        std::printf("FAIL: element %d is %g, expected %g\n", i, out[i], want);
        std::exit(1);
      }
    }
  };
  auto time = [&](const std::vector<float> &data, auto launch) {
    CHECK(cudaMemcpy(in, data.data(), bytes, cudaMemcpyHostToDevice));
    launch(); // warm-up
    CHECK(cudaDeviceSynchronize());
    check(data);
    double Start = cpuSeconds();
    for (int r = 0; r < repeats; ++r)
      launch();
    CHECK(cudaDeviceSynchronize());
    return (cpuSeconds() - Start) * 1e9 / (double(n) * repeats);
  };
  auto report = [&](const char *Name, auto launch) {
    double Random = time(random, launch), Sorted = time(sorted, launch);
    std::printf("%-28s random %6.2f ns  sorted %6.2f ns  ratio %.2f\n", Name,
                Random, Sorted, Random / Sorted);
  };
  report("clamp, guarded thread", [&] {
    clampKernel<<<(n + 127) / 128, 128>>>(in, dout, n, q);
  });
  report("clamp, 16x16 tile + barrier", [&] {
    clampTileKernel<<<dim3(cols / 16, rows / 16), dim3(16, 16)>>>(in, dout,
                                                                 cols, q);
  });
  return 0;
}
