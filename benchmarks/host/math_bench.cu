// Device math on the host target: what a thread costs in kernels made of
// expf/logf, against the same loop on the host CPU calling the C library.
//
//   nvcc -O3 --amdgpu-arch=host benchmarks/host/math_bench.cu -o math_bench
//   RUBICON_HOST_WORKERS=1 ./math_bench [elements=4194304] [repeats=8]
//
// With one worker the kernel and the host loop run on one core each, so the
// ratio compares code, not cores. Each line prints CPU nanoseconds per
// element of the kernel, of the host loop (libm's expf/logf, one call per element,
// as the C library is called on the CPU) and their ratio; below 1 the kernel
// is faster than the plain C loop. The last kernel prices European options
// with the Black-Scholes formula (a guarded `if (i < n)` thread, one log,
// three exponentials and a square root per option), the shape of
// cuda-samples' BlackScholes.
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

__global__ void expKernel(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = expf(in[i]);
}

__global__ void logKernel(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = logf(in[i]);
}

__global__ void fastExpLogKernel(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = __expf(in[i]) + __logf(in[i]);
}

// Standard normal distribution function, Abramowitz and Stegun 26.2.17.
__host__ __device__ inline float normalCdf(float d) {
  float k = 1.0f / (1.0f + 0.2316419f * fabsf(d));
  float poly =
      k * (0.319381530f +
           k * (-0.356563782f +
                k * (1.781477937f + k * (-1.821255978f + k * 1.330274429f))));
  float tail = 0.398942280f * expf(-0.5f * d * d) * poly;
  return d > 0 ? 1.0f - tail : tail;
}

__host__ __device__ inline void price(float spot, float strike, float years,
                                      float rate, float volatility,
                                      float &call, float &put) {
  float root = sqrtf(years);
  float d1 = (logf(spot / strike) +
              (rate + 0.5f * volatility * volatility) * years) /
             (volatility * root);
  float d2 = d1 - volatility * root;
  float discounted = strike * expf(-rate * years);
  float n1 = normalCdf(d1), n2 = normalCdf(d2);
  call = spot * n1 - discounted * n2;
  put = discounted * (1.0f - n2) - spot * (1.0f - n1);
}

__global__ void optionsKernel(const float *spot, const float *strike,
                              const float *years, float *call, float *put,
                              int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    price(spot[i], strike[i], years[i], 0.02f, 0.30f, call[i], put[i]);
}

// The process's CPU time, not the wall clock: on a machine that other jobs
// share, the wall time of a step depends on them. The program's own threads
// do not spin while they wait for the device.
struct Clock {
  typedef double time_point;
  static double now() {
    timespec T;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &T);
    return T.tv_sec + 1e-9 * T.tv_nsec;
  }
};
static double seconds(double Start) { return Clock::now() - Start; }

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 1 << 22;
  int repeats = argc > 2 ? std::atoi(argv[2]) : 8;
  std::vector<float> a(n), b(n), c(n), out(n), out2(n);
  std::srand(1);
  for (int i = 0; i < n; ++i) {
    a[i] = 5.0f + 25.0f * float(std::rand()) / float(RAND_MAX);  // spot; also exp/log input
    b[i] = 1.0f + 99.0f * float(std::rand()) / float(RAND_MAX);  // strike
    c[i] = 0.25f + 9.75f * float(std::rand()) / float(RAND_MAX); // years
  }
  float *da, *db, *dc, *dout, *dout2;
  size_t bytes = n * sizeof(float);
  CHECK(cudaMalloc(&da, bytes));
  CHECK(cudaMalloc(&db, bytes));
  CHECK(cudaMalloc(&dc, bytes));
  CHECK(cudaMalloc(&dout, bytes));
  CHECK(cudaMalloc(&dout2, bytes));
  CHECK(cudaMemcpy(da, a.data(), bytes, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(db, b.data(), bytes, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dc, c.data(), bytes, cudaMemcpyHostToDevice));
  int threads = 128, blocks = (n + threads - 1) / threads;

  auto timeKernel = [&](auto launch) {
    launch(); // warm-up
    CHECK(cudaDeviceSynchronize());
    auto Start = Clock::now();
    for (int r = 0; r < repeats; ++r)
      launch();
    CHECK(cudaDeviceSynchronize());
    return seconds(Start) * 1e9 / (double(n) * repeats);
  };
  auto timeHost = [&](auto body) {
    body(); // warm-up
    auto Start = Clock::now();
    for (int r = 0; r < repeats; ++r)
      body();
    return seconds(Start) * 1e9 / (double(n) * repeats);
  };
  auto report = [](const char *Name, double Kernel, double Host) {
    std::printf("%-34s kernel %6.2f ns  host C loop %6.2f ns  ratio %.2f\n",
                Name, Kernel, Host, Kernel / Host);
  };
  // The host loops call the C library through volatile function pointers,
  // as a program's loop calling libm does where no vector library is used.
  float (*volatile hostExp)(float) = expf;
  float (*volatile hostLog)(float) = logf;

  report("expf", timeKernel([&] {
           expKernel<<<blocks, threads>>>(da, dout, n);
         }),
         timeHost([&] {
           for (int i = 0; i < n; ++i)
             out[i] = hostExp(a[i]);
         }));
  report("logf", timeKernel([&] {
           logKernel<<<blocks, threads>>>(da, dout, n);
         }),
         timeHost([&] {
           for (int i = 0; i < n; ++i)
             out[i] = hostLog(a[i]);
         }));
  report("__expf + __logf", timeKernel([&] {
           fastExpLogKernel<<<blocks, threads>>>(da, dout, n);
         }),
         timeHost([&] {
           for (int i = 0; i < n; ++i)
             out[i] = hostExp(a[i]) + hostLog(a[i]);
         }));
  report("Black-Scholes option", timeKernel([&] {
           optionsKernel<<<blocks, threads>>>(da, db, dc, dout, dout2, n);
         }),
         timeHost([&] {
           for (int i = 0; i < n; ++i)
             price(a[i], b[i], c[i], 0.02f, 0.30f, out[i], out2[i]);
         }));
  // The kernel's prices against the host's, so that a fast wrong kernel
  // does not pass unnoticed.
  CHECK(cudaMemcpy(c.data(), dout, bytes, cudaMemcpyDeviceToHost));
  double worst = 0;
  for (int i = 0; i < n; ++i)
    worst = std::fmax(worst, std::fabs(c[i] - out[i]) /
                                 std::fmax(1.0f, std::fabs(out[i])));
  std::printf("largest difference of a call price from the host's: %.2g\n",
              worst);
  return 0;
}
