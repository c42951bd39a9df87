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

// A block-wide count per round: __syncthreads_count.
__global__ void blockCounts(int *out, int rounds) {
  int count = 0;
  for (int r = 0; r < rounds; ++r)
    count += __syncthreads_count((threadIdx.x + r) & 1);
  out[blockIdx.x] = count;
}

// cuda-samples' graphMemoryFootprint's clockBlock: every thread waits until
// clock() has advanced by `cycles`. A GPU's threads wait together.
__global__ void clockWait(long long cycles) {
  long long first = clock64();
  while (clock64() - first < cycles) {
  }
}

// __syncthreads in both: the host target runs the kernels below as loops
// over the block's threads, and keeps a fiber per thread for the same
// kernels starting with __nanosleep(0), so that each is timed in both forms
// in one run.
struct Barrier {
  __device__ static void enter() {}
  __device__ static void wait() { __syncthreads(); }
};
struct FiberBarrier {
  __device__ static void enter() { __nanosleep(0); }
  __device__ static void wait() { __syncthreads(); }
};

// A 32x32 tile transpose through shared memory: one barrier at the top level.
template <class B>
__global__ void transposeTile(const float *in, float *out, int n) {
  __shared__ float tile[32][33];
  B::enter();
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  B::wait();
  out[(blockIdx.x * 32 + threadIdx.y) * n + blockIdx.y * 32 + threadIdx.x] =
      tile[threadIdx.x][threadIdx.y];
}

// Rodinia hotspot's shape: a 16x16 tile relaxed for `steps` steps, two
// barriers per step inside the loop, a flag kept across a barrier.
template <class B>
__global__ void relaxTile(const float *in, float *out, int n, int steps) {
  __shared__ float cur[16][16], next[16][16];
  B::enter();
  int x = threadIdx.x, y = threadIdx.y;
  int gx = blockIdx.x * 16 + x, gy = blockIdx.y * 16 + y;
  cur[y][x] = in[gy * n + gx];
  B::wait();
  for (int i = 0; i < steps; ++i) {
    bool inside = x > 0 && x < 15 && y > 0 && y < 15;
    if (inside)
      next[y][x] = 0.25f * (cur[y - 1][x] + cur[y + 1][x] + cur[y][x - 1] +
                            cur[y][x + 1]);
    B::wait();
    if (inside)
      cur[y][x] = next[y][x];
    B::wait();
  }
  out[gy * n + gx] = cur[y][x];
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

  // The best of several launches (after a warm-up that makes the fiber
  // stacks): one launch takes a few milliseconds, and a machine shared with
  // other jobs stretches some of them.
  auto best = [&](auto launch) {
    launch();
    float ms = 0;
    for (int i = 0; i < 9; ++i) {
      cudaEventRecord(start);
      launch();
      cudaEventRecord(stop);
      cudaEventSynchronize(stop);
      float t = elapsed(start, stop);
      ms = i == 0 || t < ms ? t : ms;
    }
    return ms;
  };
  int *sink;
  cudaMalloc(&sink, 64 * sizeof(int));
  const int rounds = 100;
  std::printf("__syncthreads in 256-thread blocks: %.2f ns per thread per "
              "barrier\n",
              1e6f * best([&] { blockBarriers<<<64, 256>>>(sink, rounds); }) /
                  (64.0f * 256 * rounds));

  int *lanes;
  cudaMalloc(&lanes, 64 * 256 * sizeof(int));
  std::printf("__shfl_xor_sync in 256-thread blocks: %.2f ns per thread per "
              "shuffle\n",
              1e6f * best([&] { warpShuffles<<<64, 256>>>(lanes, rounds); }) /
                  (64.0f * 256 * rounds * 5));
  std::printf("__syncthreads_count in 256-thread blocks: %.2f ns per thread "
              "per barrier\n",
              1e6f * best([&] { blockCounts<<<64, 256>>>(sink, rounds); }) /
                  (64.0f * 256 * rounds));
  {
    const int side = 1024;
    dim3 grid(side / 32, side / 32), block(32, 32);
    auto time = [&](auto launch) {
      launch(); // warm-up
      cudaEventRecord(start);
      for (int i = 0; i < reps; ++i)
        launch();
      cudaEventRecord(stop);
      cudaEventSynchronize(stop);
      return elapsed(start, stop);
    };
    float loopMs = time([&] {
      transposeTile<Barrier><<<grid, block>>>(in, out, side);
    });
    float fiberMs = time([&] {
      transposeTile<FiberBarrier><<<grid, block>>>(in, out, side);
    });
    std::printf("tile transpose (a top-level barrier): thread loops %.1f ns "
                "per thread, fibers %.1f ns per thread: %.1fx\n",
                1e6f * loopMs / (reps * float(side) * side),
                1e6f * fiberMs / (reps * float(side) * side),
                fiberMs / loopMs);
    const int steps = 20;
    dim3 tiles(side / 16, side / 16), tile(16, 16);
    loopMs = time([&] {
      relaxTile<Barrier><<<tiles, tile>>>(in, out, side, steps);
    });
    fiberMs = time([&] {
      relaxTile<FiberBarrier><<<tiles, tile>>>(in, out, side, steps);
    });
    std::printf("tile relaxation (barriers in a loop): thread loops %.2f ns "
                "per thread per step, fibers %.2f ns: %.1fx\n",
                1e6f * loopMs / (reps * float(side) * side * steps),
                1e6f * fiberMs / (reps * float(side) * side * steps),
                fiberMs / loopMs);
  }
  {
    // 16 blocks of 512 threads waiting 5 us each at the reported clock rate:
    // the time as a multiple of the waits of one block (16 waits per worker
    // when the blocks are shared by the workers), 512 if a block's threads
    // waited one after the other.
    int kHz = 0;
    cudaDeviceGetAttribute(&kHz, cudaDevAttrClockRate, 0);
    const float waitMs = 0.005f;
    const int blocks = 16;
    clockWait<<<blocks, 512>>>(1); // warm-up
    float best = 0;
    for (int i = 0; i < 3; ++i) { // the best of three: waits are short
      cudaEventRecord(start);
      clockWait<<<blocks, 512>>>((long long)(waitMs * kHz));
      cudaEventRecord(stop);
      cudaEventSynchronize(stop);
      float ms = elapsed(start, stop);
      best = i == 0 || ms < best ? ms : best;
    }
    std::printf("clock wait (%d blocks of 512 threads, 5 us each): %.1f "
                "waits\n",
                blocks, best / waitMs);
  }
  cudaError_t e = cudaDeviceSynchronize();
  std::printf("status: %s\n", cudaGetErrorName(e));
  return e == cudaSuccess ? 0 : 1;
}
