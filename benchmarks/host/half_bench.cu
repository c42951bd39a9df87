// f16 conversions in a thread loop: float -> __half -> float round trips,
// timed against the same loop on the host CPU, which (baseline x86-64, no
// F16C) calls the C runtime's __truncsfhf2 and __extendhfsf2 per element, in
// one run.
//
//   nvcc -O3 --amdgpu-arch=host benchmarks/host/half_bench.cu -o half_bench
//   RUBICON_HOST_WORKERS=1 ./half_bench [elements=4194304] [repeats=8]
//
// rubicon-host-expand-half (docs/host-target.md) makes both conversions
// inline integer operations, vectorized across the threads: the kernel's
// time per element is then a fraction of the C runtime's (ratio below 1).
// Each line prints CPU nanoseconds per element; the kernel's results are
// checked bit for bit against the host's.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <vector>
#include <cuda_fp16.h>
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

__global__ void roundTrip(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = __half2float(__float2half(in[i] * 3.0f));
}

__attribute__((noinline)) static void hostRoundTrip(const float *in,
                                                    float *out, int n) {
  for (int i = 0; i < n; ++i)
    out[i] = (float)(_Float16)(in[i] * 3.0f);
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
  std::vector<float> data(n), want(n), got(n);
  std::srand(1);
  for (float &v : data) // normal, subnormal and overflowing halves
    v = (float(std::rand()) / float(RAND_MAX) - 0.5f) *
        float(1 << (std::rand() % 48)) * 1e-9f;
  float *in, *out;
  CHECK(cudaMalloc(&in, n * sizeof(float)));
  CHECK(cudaMalloc(&out, n * sizeof(float)));
  CHECK(cudaMemcpy(in, data.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  roundTrip<<<(n + 255) / 256, 256>>>(in, out, n); // warm-up, checked
  CHECK(cudaMemcpy(got.data(), out, n * sizeof(float), cudaMemcpyDeviceToHost));
  hostRoundTrip(data.data(), want.data(), n);
  if (std::memcmp(got.data(), want.data(), n * sizeof(float))) {
    std::printf("FAIL: the kernel's results differ from the host's\n");
    return 1;
  }
  double Start = cpuSeconds();
  for (int r = 0; r < repeats; ++r)
    roundTrip<<<(n + 255) / 256, 256>>>(in, out, n);
  CHECK(cudaDeviceSynchronize());
  double Kernel = (cpuSeconds() - Start) * 1e9 / (double(n) * repeats);
  Start = cpuSeconds();
  for (int r = 0; r < repeats; ++r)
    hostRoundTrip(data.data(), want.data(), n);
  double Host = (cpuSeconds() - Start) * 1e9 / (double(n) * repeats);
  std::printf("float -> half -> float: kernel %6.2f ns  C runtime %6.2f ns  "
              "ratio %.2f\n",
              Kernel, Host, Kernel / Host);
  return 0;
}
