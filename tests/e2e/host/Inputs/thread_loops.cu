// Kernels that run as loops over a block's threads on the host target
// (lowering/host/HostThreadLoops.cpp) and kernels that keep fibers: each
// result is checked against the CPU here, and the whole output must be the
// same with RUBICON_HOST_THREAD_LOOPS=0 (every kernel on fibers).
#include <cmath>
#include <cstdio>
#include <cstring>

struct Params {
  int scale;
  int offset[3];
};

__device__ int flatIndex() {
  return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
}

// 3D blocks and grids: every special register, a helper that reads them, a
// by-value struct that each thread modifies (its own copy), a per-thread
// local array.
__global__ void indices(int *out, Params p) {
  int block = (blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
  int t = flatIndex();
  int local[8];
  for (int i = 0; i < 8; ++i)
    local[i] = t * i;
  p.scale += t; // this thread's copy only
  int *o = out + 4 * (block * blockDim.x * blockDim.y * blockDim.z + t);
  o[0] = p.scale;
  o[1] = local[t % 8] + p.offset[threadIdx.z % 3];
  o[2] = threadIdx.x + 10 * threadIdx.y + 100 * threadIdx.z;
  o[3] = blockIdx.x + 10 * blockIdx.y + 100 * blockIdx.z;
}

// Math and a bounds check: what LLVM vectorizes.
__global__ void saxpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + sinf(y[i]);
}

// Shared memory without a barrier: each thread its own slot.
__global__ void sharedSlots(int *out) {
  __shared__ int slot[128];
  slot[threadIdx.x] = threadIdx.x * 3;
  out[blockIdx.x * blockDim.x + threadIdx.x] = slot[threadIdx.x] + 1;
}

// A barrier at the top level: two loops over the block's threads.
__global__ void reverse(int *data) {
  __shared__ int tile[256];
  tile[threadIdx.x] = data[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  data[blockIdx.x * blockDim.x + threadIdx.x] = tile[blockDim.x - 1 - threadIdx.x];
}

// A 2D tile transpose: three barriers (four regions), values kept per thread
// across both.
__global__ void transposeTwice(const float *in, float *out, int n) {
  __shared__ float tile[16][17];
  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  float mine = in[y * n + x];
  float scaled = mine * 2.0f + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = mine;
  __syncthreads();
  float t = tile[threadIdx.x][threadIdx.y];
  __syncthreads();
  tile[threadIdx.y][threadIdx.x] = t + 1.0f;
  __syncthreads();
  int tx = blockIdx.y * 16 + threadIdx.x, ty = blockIdx.x * 16 + threadIdx.y;
  out[ty * n + tx] = tile[threadIdx.x][threadIdx.y] + scaled - mine * 2.0f;
}

// More state per thread than fits the stack (1024 threads x 48 bytes).
__global__ void bigState(const double *in, double *out) {
  __shared__ double sum[1024];
  int t = threadIdx.x;
  double a = in[t], b = a * a, c = b + 1.0, d = c * a, e = d - b;
  sum[t] = a;
  __syncthreads();
  out[blockIdx.x * 1024 + t] = a + b + c + d + e + sum[1023 - t];
}

// A barrier in a loop, and a local array used across a barrier: thread
// loops too (thread_loops_barriers.cu has more).
__global__ void treeSum(const int *in, int *out) {
  __shared__ int s[256];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  for (int half = 128; half > 0; half /= 2) {
    if (threadIdx.x < half)
      s[threadIdx.x] += s[threadIdx.x + half];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    *out = s[0];
}

__global__ void localAcross(int *out) {
  __shared__ int s[64];
  int local[4];
  for (int i = 0; i < 4; ++i)
    local[i] = threadIdx.x * i;
  s[threadIdx.x] = local[threadIdx.x % 4];
  __syncthreads();
  out[threadIdx.x] = s[63 - threadIdx.x] + local[(threadIdx.x + 1) % 4];
}

// A grid-stride loop: one iteration of every thread of the block per round.
__global__ void gridStride(const unsigned char *in, unsigned char *out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += blockDim.x * gridDim.x)
    out[i] = in[i] + 1;
}

// Each thread's own chunk: its loop runs to the end, thread after thread.
__global__ void chunks(const unsigned char *in, unsigned char *out, int chunk) {
  int first = (blockIdx.x * blockDim.x + threadIdx.x) * chunk;
  for (int i = first; i < first + chunk; ++i)
    out[i] = in[i] + 2;
}

// A warp shuffle: a thread loop too.
__global__ void warpSum(int *out) {
  int v = threadIdx.x;
  for (int d = 16; d > 0; d /= 2)
    v += __shfl_down_sync(0xffffffffu, v, d);
  if (threadIdx.x % 32 == 0)
    out[threadIdx.x / 32] = v;
}

// printf from a loop: threads print in thread order, as on fibers.
__global__ void hello() { printf("hello from thread %d of block %d\n", threadIdx.x, blockIdx.x); }

// Faults end the kernel in either form.
__global__ void trapAt(int *out, int which) {
  if (threadIdx.x == which)
    __trap();
  out[threadIdx.x] = 1;
}

__global__ void wild(int *out) {
  if (threadIdx.x == 5)
    *reinterpret_cast<int *>(16) = 1;
  out[threadIdx.x] = 1;
}

int main() {
  bool ok = true;
  {
    dim3 grid(3, 2, 2), block(5, 3, 2);
    int blocks = 12, threads = 30;
    int *out;
    cudaMallocManaged(&out, sizeof(int) * 4 * blocks * threads);
    Params p{7, {1, 2, 3}};
    indices<<<grid, block>>>(out, p);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int bz = 0; bz < 2; ++bz)
      for (int by = 0; by < 2; ++by)
        for (int bx = 0; bx < 3; ++bx)
          for (int tz = 0; tz < 2; ++tz)
            for (int ty = 0; ty < 3; ++ty)
              for (int tx = 0; tx < 5; ++tx) {
                int b = (bz * 2 + by) * 3 + bx, t = (tz * 3 + ty) * 5 + tx;
                int *o = out + 4 * (b * threads + t);
                int want[4] = {7 + t, t * (t % 8) + p.offset[tz % 3],
                               tx + 10 * ty + 100 * tz,
                               bx + 10 * by + 100 * bz};
                bad += std::memcmp(o, want, sizeof(want)) != 0;
              }
    std::printf("indices: %d wrong\n", bad);
    ok &= bad == 0;
    cudaFree(out);
  }
  {
    int n = 1000;
    float *x, *y;
    cudaMallocManaged(&x, n * sizeof(float));
    cudaMallocManaged(&y, n * sizeof(float));
    for (int i = 0; i < n; ++i)
      x[i] = i * 0.5f, y[i] = i * 0.25f;
    saxpy<<<(n + 127) / 128, 128>>>(2.0f, x, y, n);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int i = 0; i < n; ++i)
      bad += std::fabs(y[i] - (2.0f * (i * 0.5f) + std::sin(i * 0.25f))) > 1e-3f;
    std::printf("saxpy: %d wrong\n", bad);
    ok &= bad == 0;
  }
  {
    int *out;
    cudaMallocManaged(&out, 4 * 128 * sizeof(int));
    sharedSlots<<<4, 128>>>(out);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int i = 0; i < 4 * 128; ++i)
      bad += out[i] != (i % 128) * 3 + 1;
    std::printf("shared slots: %d wrong\n", bad);
    ok &= bad == 0;
  }
  {
    int *data;
    cudaMallocManaged(&data, 2 * 256 * sizeof(int));
    for (int i = 0; i < 512; ++i)
      data[i] = i;
    reverse<<<2, 256>>>(data);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int i = 0; i < 512; ++i)
      bad += data[i] != (i / 256) * 256 + 255 - i % 256;
    std::printf("reverse: %d wrong\n", bad);
    ok &= bad == 0;
  }
  {
    const int n = 64;
    float *in, *out;
    cudaMallocManaged(&in, n * n * sizeof(float));
    cudaMallocManaged(&out, n * n * sizeof(float));
    for (int i = 0; i < n * n; ++i)
      in[i] = float(i % 97);
    transposeTwice<<<dim3(n / 16, n / 16), dim3(16, 16)>>>(in, out, n);
    cudaDeviceSynchronize();
    int bad = 0;
    // Thread (i, j) of block (bx, by) reads back, after the second
    // transpose of the tile, its own value plus one.
    for (int by = 0; by < n / 16; ++by)
      for (int bx = 0; bx < n / 16; ++bx)
        for (int j = 0; j < 16; ++j)
          for (int i = 0; i < 16; ++i)
            bad += out[(bx * 16 + j) * n + by * 16 + i] !=
                   in[(by * 16 + j) * n + bx * 16 + i] + 1.0f + float(j);
    std::printf("transpose: %d wrong\n", bad);
    ok &= bad == 0;
  }
  {
    double *in, *out;
    cudaMallocManaged(&in, 1024 * sizeof(double));
    cudaMallocManaged(&out, 2 * 1024 * sizeof(double));
    for (int i = 0; i < 1024; ++i)
      in[i] = i * 0.5;
    bigState<<<2, 1024>>>(in, out);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int i = 0; i < 2 * 1024; ++i) {
      int t = i % 1024;
      double a = in[t], b = a * a, c = b + 1.0, d = c * a, e = d - b;
      bad += out[i] != a + b + c + d + e + in[1023 - t];
    }
    std::printf("big state: %d wrong\n", bad);
    ok &= bad == 0;
  }
  {
    int *in, *out;
    cudaMallocManaged(&in, 256 * sizeof(int));
    cudaMallocManaged(&out, 64 * sizeof(int));
    int want = 0;
    for (int i = 0; i < 256; ++i)
      want += in[i] = i * 3 % 11;
    treeSum<<<1, 256>>>(in, out);
    cudaDeviceSynchronize();
    std::printf("tree sum: %s\n", *out == want ? "right" : "wrong");
    ok &= *out == want;
    localAcross<<<1, 64>>>(out);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int t = 0; t < 64; ++t) {
      int u = 63 - t;
      bad += out[t] != u * (u % 4) + t * ((t + 1) % 4);
    }
    std::printf("local across: %d wrong\n", bad);
    ok &= bad == 0;
    warpSum<<<1, 64>>>(out);
    cudaDeviceSynchronize();
    std::printf("warp sum: %s\n",
                out[0] == 496 && out[1] == 496 + 32 * 32 ? "right" : "wrong");
    ok &= out[0] == 496 && out[1] == 496 + 32 * 32;
  }
  {
    const int n = 100003;
    unsigned char *in, *out;
    cudaMallocManaged(&in, n);
    cudaMallocManaged(&out, n);
    for (int i = 0; i < n; ++i)
      in[i] = i * 7, out[i] = 0;
    gridStride<<<5, 96>>>(in, out, n);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int i = 0; i < n; ++i)
      bad += out[i] != (unsigned char)(i * 7 + 1);
    chunks<<<4, 64>>>(in, out, n / 256);
    cudaDeviceSynchronize();
    for (int i = 0; i < n / 256 * 256; ++i)
      bad += out[i] != (unsigned char)(i * 7 + 2);
    std::printf("grid stride: %d wrong\n", bad);
    ok &= bad == 0;
  }
  hello<<<1, 3>>>();
  cudaDeviceSynchronize();
  {
    int *out;
    cudaMallocManaged(&out, 64 * sizeof(int));
    trapAt<<<1, 64>>>(out, 9);
    std::printf("trap: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaDeviceReset();
    cudaMallocManaged(&out, 64 * sizeof(int));
    wild<<<1, 64>>>(out);
    std::printf("wild pointer: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    cudaDeviceReset();
  }
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
