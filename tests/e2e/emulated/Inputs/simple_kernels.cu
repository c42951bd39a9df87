// Simple kernels for the AMDGPU emulation: indexing in 3-D grids and blocks,
// global memory, static and dynamic LDS, __syncthreads, atomics, a device
// variable and a byval struct argument. Each result is checked against a CPU
// computation; the output is also compared with the host target's.
#include <cstdio>
#include <cstring>

struct Params {
  int scale;
  float bias;
  double weights[3];
};

__device__ int counter;
__constant__ int offsets[3]; // written by cudaMemcpyToSymbol

__global__ void indexing(int *out, int3 dims) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int z = blockIdx.z * blockDim.z + threadIdx.z;
  if (x < dims.x && y < dims.y && z < dims.z)
    out[(z * dims.y + y) * dims.x + x] =
        x + 100 * y + 10000 * z + gridDim.x * 7 + gridDim.y * 11 +
        gridDim.z * 13 + blockDim.x * 17 + blockDim.y * 19 + blockDim.z * 23 +
        offsets[(x + y + z) % 3];
}

// Reverses each block's slice through static LDS, then sums it through
// dynamic LDS with barriers in a loop.
__global__ void lds(const float *in, float *reversed, float *sums, Params p) {
  __shared__ float tile[256];
  extern __shared__ float partial[];
  unsigned t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  tile[t] = in[i] * p.scale + p.bias;
  partial[t] = in[i] * p.weights[t % 3];
  __syncthreads();
  reversed[i] = tile[blockDim.x - 1 - t];
  for (unsigned s = blockDim.x / 2; s > 0; s /= 2) {
    if (t < s)
      partial[t] += partial[t + s];
    __syncthreads();
  }
  if (t == 0)
    sums[blockIdx.x] = partial[0];
}

__global__ void atomics(unsigned *histogram, const int *values, int n,
                        unsigned long long *total, int *maximum) {
  __shared__ unsigned local[16];
  if (threadIdx.x < 16)
    local[threadIdx.x] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x) {
    atomicAdd(&local[values[i] & 15], 1u);
    atomicAdd(total, (unsigned long long)values[i]);
    atomicMax(maximum, values[i]);
    atomicAdd(&counter, 1);
  }
  __syncthreads();
  if (threadIdx.x < 16)
    atomicAdd(&histogram[threadIdx.x], local[threadIdx.x]);
}

// A private array indexed at run time lives in scratch (addrspace 5).
__global__ void scratch(int *out, int k) {
  int table[40];
  for (int j = 0; j < 40; ++j)
    table[j] = j * j + threadIdx.x;
  out[threadIdx.x] = table[(threadIdx.x + k) % 40] + table[k % 40];
}

static int failures = 0;
static void check(bool ok, const char *what) {
  printf("%s: %s\n", what, ok ? "ok" : "FAILED");
  failures += !ok;
}

int main() {
  // indexing
  int3 dims = {37, 9, 5};
  int *out;
  cudaMallocManaged(&out, dims.x * dims.y * dims.z * sizeof(int));
  dim3 block(8, 4, 2), grid((dims.x + 7) / 8, (dims.y + 3) / 4, (dims.z + 1) / 2);
  const int offsetValues[3] = {1000000, 2000000, 3000000};
  cudaMemcpyToSymbol(offsets, offsetValues, sizeof(offsetValues));
  indexing<<<grid, block>>>(out, dims);
  cudaDeviceSynchronize();
  bool ok = true;
  for (int z = 0; z < dims.z; ++z)
    for (int y = 0; y < dims.y; ++y)
      for (int x = 0; x < dims.x; ++x)
        ok &= out[(z * dims.y + y) * dims.x + x] ==
              x + 100 * y + 10000 * z + (int)grid.x * 7 + (int)grid.y * 11 +
                  (int)grid.z * 13 + 8 * 17 + 4 * 19 + 2 * 23 +
                  offsetValues[(x + y + z) % 3];
  check(ok, "indexing, __constant__");

  // LDS
  const int blocks = 6, threads = 128, n = blocks * threads;
  float *in, *reversed, *sums;
  cudaMallocManaged(&in, n * sizeof(float));
  cudaMallocManaged(&reversed, n * sizeof(float));
  cudaMallocManaged(&sums, blocks * sizeof(float));
  for (int i = 0; i < n; ++i)
    in[i] = (float)(i % 17) - 3.0f;
  Params p = {3, 0.5f, {1.0, 2.0, -1.0}};
  lds<<<blocks, threads, threads * sizeof(float)>>>(in, reversed, sums, p);
  cudaDeviceSynchronize();
  ok = true;
  for (int b = 0; b < blocks; ++b) {
    double sum = 0;
    for (int t = 0; t < threads; ++t) {
      int i = b * threads + t;
      ok &= reversed[i] == in[b * threads + threads - 1 - t] * 3 + 0.5f;
      sum += in[i] * p.weights[t % 3];
    }
    ok &= sums[b] == (float)sum;
  }
  check(ok, "static and dynamic LDS, barriers");

  // atomics
  const int count = 5000;
  int *values, *maximum;
  unsigned *histogram;
  unsigned long long *total;
  cudaMallocManaged(&values, count * sizeof(int));
  cudaMallocManaged(&histogram, 16 * sizeof(unsigned));
  cudaMallocManaged(&total, sizeof(unsigned long long));
  cudaMallocManaged(&maximum, sizeof(int));
  memset(histogram, 0, 16 * sizeof(unsigned));
  *total = 0;
  *maximum = 0;
  unsigned expected[16] = {};
  unsigned long long expectedTotal = 0;
  int expectedMax = 0;
  for (int i = 0; i < count; ++i) {
    values[i] = (i * 7919) % 1013;
    expected[values[i] & 15]++;
    expectedTotal += values[i];
    expectedMax = values[i] > expectedMax ? values[i] : expectedMax;
  }
  atomics<<<7, 96>>>(histogram, values, count, total, maximum);
  cudaDeviceSynchronize();
  int counted = 0;
  cudaMemcpyFromSymbol(&counted, counter, sizeof(int));
  ok = *total == expectedTotal && *maximum == expectedMax && counted == count;
  for (int j = 0; j < 16; ++j)
    ok &= histogram[j] == expected[j];
  check(ok, "atomics (global, LDS, device variable)");

  // scratch
  int *s;
  cudaMallocManaged(&s, 64 * sizeof(int));
  scratch<<<1, 64>>>(s, 13);
  cudaDeviceSynchronize();
  ok = true;
  for (int t = 0; t < 64; ++t) {
    int a = (t + 13) % 40;
    ok &= s[t] == a * a + t + 13 * 13 + t;
  }
  check(ok, "scratch");

  cudaError_t e = cudaGetLastError();
  check(e == cudaSuccess, "no error");
  printf("simple_kernels: %s\n", failures ? "FAILED" : "PASSED");
  return failures != 0;
}
