// Launch overhead and memory bandwidth of the host execution target
// (nvcc --amdgpu-arch=host). Prints numbers; not a test. See README.md.
#include <cstdio>
#include <cstdlib>

__global__ void empty() {}

__global__ void copy(const float *in, float *out, size_t n) {
  size_t i = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (i < n)
    out[i] = in[i];
}

__global__ void blockBarriers(int *out, int rounds) {
  __shared__ int value[256];
  for (int r = 0; r < rounds; ++r) {
    value[threadIdx.x] = r;
    __syncthreads();
  }
  out[blockIdx.x] = value[0];
}

// A warp sum by butterfly shuffles, repeated: five shuffles per round.
__global__ void warpShuffles(int *out, int rounds) {
  int value = threadIdx.x;
  for (int r = 0; r < rounds; ++r)
    for (int offset = 16; offset > 0; offset /= 2)
      value += __shfl_xor_sync(0xffffffffu, value, offset);
  out[blockIdx.x * blockDim.x + threadIdx.x] = value;
}

// A 32x32 tile transpose through shared memory: one __syncthreads at the
// kernel's top level (on the host target: one loop over the block's threads
// per side of the barrier) ...
__global__ void transposeTile(const float *in, float *out, int n) {
  __shared__ float tile[32][33];
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  out[(blockIdx.x * 32 + threadIdx.y) * n + blockIdx.y * 32 + threadIdx.x] =
      tile[threadIdx.x][threadIdx.y];
}

// ... and the same with the barrier inside a loop that runs once (a fiber per
// thread: the loop form does not take barriers inside loops).
__global__ void transposeTileInLoop(const float *in, float *out, int n,
                                    int trips) {
  __shared__ float tile[32][33];
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  for (int t = 0; t < trips; ++t) {
    tile[threadIdx.y][threadIdx.x] = in[y * n + x];
    __syncthreads();
  }
  out[(blockIdx.x * 32 + threadIdx.y) * n + blockIdx.y * 32 + threadIdx.x] =
      tile[threadIdx.x][threadIdx.y];
}

static float elapsed(cudaEvent_t a, cudaEvent_t b) {
  float ms = 0;
  cudaEventElapsedTime(&ms, a, b);
  return ms;
}

int main(int argc, char **argv) {
  int launches = argc > 1 ? std::atoi(argv[1]) : 2000;
  size_t n = size_t(argc > 2 ? std::atoi(argv[2]) : 1 << 22);
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);

  empty<<<1, 1>>>();
  cudaDeviceSynchronize();
  cudaEventRecord(start);
  for (int i = 0; i < launches; ++i)
    empty<<<1, 1>>>();
  cudaEventRecord(stop);
  cudaEventSynchronize(stop);
  std::printf("launch overhead (1x1 empty kernel): %.2f us per launch\n",
              1000.0f * elapsed(start, stop) / launches);

  cudaEventRecord(start);
  for (int i = 0; i < launches / 10; ++i)
    empty<<<64, 256>>>();
  cudaEventRecord(stop);
  cudaEventSynchronize(stop);
  std::printf("empty 64x256 grid: %.2f us per launch, %.1f ns per thread\n",
              1000.0f * elapsed(start, stop) / (launches / 10),
              1e6f * elapsed(start, stop) / (launches / 10) / (64 * 256));

  float *in, *out;
  cudaMalloc(&in, n * sizeof(float));
  cudaMalloc(&out, n * sizeof(float));
  cudaMemset(in, 0, n * sizeof(float));
  copy<<<(n + 255) / 256, 256>>>(in, out, n);
  cudaEventRecord(start);
  const int reps = 5;
  for (int i = 0; i < reps; ++i)
    copy<<<(n + 255) / 256, 256>>>(in, out, n);
  cudaEventRecord(stop);
  cudaEventSynchronize(stop);
  double bytes = 2.0 * n * sizeof(float) * reps;
  float copyMs = elapsed(start, stop);
  std::printf("copy kernel (%zu floats): %.3f GB/s\n", n,
              bytes / (elapsed(start, stop) * 1e-3) / 1e9);

  cudaEventRecord(start);
  for (int i = 0; i < reps; ++i)
    cudaMemcpy(out, in, n * sizeof(float), cudaMemcpyDeviceToDevice);
  cudaEventRecord(stop);
  cudaEventSynchronize(stop);
  std::printf("cudaMemcpy device to device: %.3f GB/s\n",
              bytes / (elapsed(start, stop) * 1e-3) / 1e9);
  std::printf("copy kernel / cudaMemcpy: %.1f%%\n",
              100.0 * (bytes / (copyMs * 1e-3)) /
                  (bytes / (elapsed(start, stop) * 1e-3)));

  int *sink;
  cudaMalloc(&sink, 64 * sizeof(int));
  const int rounds = 100;
  blockBarriers<<<64, 256>>>(sink, rounds); // warm-up: fiber stacks
  cudaEventRecord(start);
  blockBarriers<<<64, 256>>>(sink, rounds);
  cudaEventRecord(stop);
  cudaEventSynchronize(stop);
  std::printf("__syncthreads in 256-thread blocks: %.1f ns per thread per "
              "barrier\n",
              1e6f * elapsed(start, stop) / (64.0f * 256 * rounds));

  int *lanes;
  cudaMalloc(&lanes, 64 * 256 * sizeof(int));
  warpShuffles<<<64, 256>>>(lanes, rounds); // warm-up
  cudaEventRecord(start);
  warpShuffles<<<64, 256>>>(lanes, rounds);
  cudaEventRecord(stop);
  cudaEventSynchronize(stop);
  std::printf("__shfl_xor_sync in 256-thread blocks: %.1f ns per thread per "
              "shuffle\n",
              1e6f * elapsed(start, stop) / (64.0f * 256 * rounds * 5));
  {
    const int side = 1024;
    dim3 grid(side / 32, side / 32), block(32, 32);
    transposeTile<<<grid, block>>>(in, out, side); // warm-up
    transposeTileInLoop<<<grid, block>>>(in, out, side, 1);
    cudaEventRecord(start);
    for (int i = 0; i < reps; ++i)
      transposeTile<<<grid, block>>>(in, out, side);
    cudaEventRecord(stop);
    cudaEventSynchronize(stop);
    float loopMs = elapsed(start, stop);
    cudaEventRecord(start);
    for (int i = 0; i < reps; ++i)
      transposeTileInLoop<<<grid, block>>>(in, out, side, 1);
    cudaEventRecord(stop);
    cudaEventSynchronize(stop);
    float fiberMs = elapsed(start, stop);
    std::printf("tile transpose with a top-level __syncthreads: %.1f ns per "
                "thread; barrier in a loop (fibers): %.1f ns per thread; "
                "ratio %.1fx\n",
                1e6f * loopMs / (reps * float(side) * side),
                1e6f * fiberMs / (reps * float(side) * side),
                fiberMs / loopMs);
  }
  cudaError_t e = cudaDeviceSynchronize();
  std::printf("status: %s\n", cudaGetErrorName(e));
  return e == cudaSuccess ? 0 : 1;
}
