// CUDA-only math functions that CUDA declares __host__ __device__, called
// from host code and from a kernel: the results agree.
#include <cstdio>
#include <cstring>

#define HOST_DEVICE_MATH(X)                                                    \
  X(rsqrtf(4.0f)) X(rsqrt(4.0)) X(rcbrtf(8.0f)) X(rcbrt(27.0))                 \
  X(sinpif(0.5f)) X(sinpi(1.0e6 + 0.5)) X(cospif(1.0f)) X(cospi(0.25))         \
  X(erfinvf(0.5f)) X(erfinv(-0.25)) X(erfcinvf(0.5f)) X(erfcinv(1.5))          \
  X(erfcxf(2.0f)) X(erfcx(-1.0)) X(normcdff(1.0f)) X(normcdf(-2.0))            \
  X(normcdfinvf(0.975f)) X(normcdfinv(0.5))

#define COUNT(E) +1
constexpr int N = 0 HOST_DEVICE_MATH(COUNT);

__host__ __device__ void evaluate(double *out) {
  int i = 0;
#define STORE(E) out[i++] = (E);
  HOST_DEVICE_MATH(STORE)
  float s, c;
  sincospif(1.5f, &s, &c);
  out[i++] = s;
  out[i++] = c;
}

__global__ void onDevice(double *out) { evaluate(out); }

int main() {
  double host[N + 2], device[N + 2], *d;
  evaluate(host);
  cudaMalloc(&d, sizeof device);
  onDevice<<<1, 1>>>(d);
  cudaMemcpy(device, d, sizeof device, cudaMemcpyDeviceToHost);
  for (int i = 0; i < N + 2; ++i)
    printf("%d: %.9g%s\n", i, host[i],
           memcmp(&host[i], &device[i], sizeof(double)) ? " (device differs)" : "");
  // Called directly from host code, outside any __host__ __device__ function.
  printf("host: %g %g\n", rsqrtf(16.0f), normcdf(0.0));
  return 0;
}
