// Atomics on shared memory in a thread loop: a per-block histogram built
// with atomicAdd on __shared__ bins, against the same kernel with a plain
// increment (which a GPU would race on, but a host block runs its threads on
// one CPU thread: the cost of the update itself), in one run.
//
//   nvcc -O3 --amdgpu-arch=host benchmarks/host/shared_atomics_bench.cu -o shared_atomics_bench
//   RUBICON_HOST_WORKERS=1 ./shared_atomics_bench [elements=4194304] [repeats=8]
//
// With rubicon-host-shared-atomics (docs/host-target.md) the atomic is a
// plain update too and the ratio atomic / plain is near 1; with a LOCK'ed
// instruction per update it is several times that. Each line prints CPU
// nanoseconds per element; both histograms are checked against the host's.
#include <algorithm>
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

constexpr int Bins = 256, Threads = 256, PerThread = 16;

template <bool Atomic>
__global__ void histogram(const unsigned char *in, unsigned *out) {
  __shared__ unsigned bins[Bins];
  bins[threadIdx.x] = 0;
  __syncthreads();
  const unsigned char *mine =
      in + (size_t(blockIdx.x) * Threads) * PerThread + threadIdx.x;
  for (int k = 0; k < PerThread; ++k) {
    unsigned char v = mine[k * Threads];
    if (Atomic)
      atomicAdd(&bins[v], 1u);
    else
      ++bins[v];
  }
  __syncthreads();
  atomicAdd(&out[threadIdx.x], bins[threadIdx.x]);
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
  n = std::max(Threads * PerThread, n / (Threads * PerThread) *
                                        (Threads * PerThread));
  int blocks = n / (Threads * PerThread);
  std::vector<unsigned char> data(n);
  std::vector<unsigned> expected(Bins, 0), got(Bins);
  std::srand(1);
  for (unsigned char &v : data) {
    v = std::rand() & 0xff;
    ++expected[v];
  }
  unsigned char *in;
  unsigned *out;
  CHECK(cudaMalloc(&in, n));
  CHECK(cudaMalloc(&out, Bins * sizeof(unsigned)));
  CHECK(cudaMemcpy(in, data.data(), n, cudaMemcpyHostToDevice));
  auto time = [&](auto kernel) {
    CHECK(cudaMemset(out, 0, Bins * sizeof(unsigned)));
    kernel<<<blocks, Threads>>>(in, out); // warm-up, checked
    CHECK(cudaMemcpy(got.data(), out, Bins * sizeof(unsigned),
                     cudaMemcpyDeviceToHost));
    if (got != expected) {
      std::printf("FAIL: wrong histogram\n");
      std::exit(1);
    }
    double Start = cpuSeconds();
    for (int r = 0; r < repeats; ++r)
      kernel<<<blocks, Threads>>>(in, out);
    CHECK(cudaDeviceSynchronize());
    return (cpuSeconds() - Start) * 1e9 / (double(n) * repeats);
  };
  double Atomic = time(histogram<true>), Plain = time(histogram<false>);
  std::printf("shared histogram: atomicAdd %6.2f ns  plain %6.2f ns  "
              "ratio %.2f\n",
              Atomic, Plain, Atomic / Plain);
  return 0;
}
