// __syncthreads inside loops and under conditions, run as thread loops on the
// host target (lowering/host/HostThreadLoops.cpp): every result is checked
// against the CPU here, and the output must be the same with
// RUBICON_HOST_THREAD_LOOPS=0 (every kernel on fibers).
#include <cstdio>
#include <cstring>

#define TILE 16

// The shape of Rodinia's hotspot and pathfinder: a shared tile updated for
// a number of steps, two barriers per step, a break between them, and a flag
// computed before a barrier and read after it.
__global__ void stencilSteps(const float *in, float *out, int steps) {
  __shared__ float cur[TILE][TILE], next[TILE][TILE];
  int x = threadIdx.x, y = threadIdx.y;
  int gx = blockIdx.x * TILE + x, gy = blockIdx.y * TILE + y;
  int width = gridDim.x * TILE;
  cur[y][x] = in[gy * width + gx];
  __syncthreads();
  for (int i = 0; i < steps; ++i) {
    bool computed = false;
    if (x > i && x < TILE - 1 - i && y > i && y < TILE - 1 - i) {
      next[y][x] = 0.2f * (cur[y][x] + cur[y - 1][x] + cur[y + 1][x] +
                           cur[y][x - 1] + cur[y][x + 1]);
      computed = true;
    }
    __syncthreads();
    if (i == steps - 1)
      break;
    if (computed)
      cur[y][x] = next[y][x];
    __syncthreads();
  }
  out[gy * width + gx] = next[y][x];
}

// A tree reduction whose loop bound and branch are read from shared memory
// (uniform, as CUDA requires of a barrier's control flow).
__global__ void sharedBound(const int *in, int *out) {
  __shared__ int s[128];
  __shared__ int half;
  s[threadIdx.x] = in[blockIdx.x * 128 + threadIdx.x];
  if (threadIdx.x == 0)
    half = 64;
  __syncthreads();
  while (half > 0) {
    if (threadIdx.x < half)
      s[threadIdx.x] += s[threadIdx.x + half];
    __syncthreads();
    if (threadIdx.x == 0)
      half /= 2;
    __syncthreads();
  }
  if (blockIdx.x % 2) {
    // A barrier under a condition that is the same for the whole block.
    int mine = s[0] + threadIdx.x;
    __syncthreads();
    s[127 - threadIdx.x] = mine;
    __syncthreads();
    out[blockIdx.x * 128 + threadIdx.x] = s[threadIdx.x];
  } else {
    out[blockIdx.x * 128 + threadIdx.x] = s[0];
  }
}

// The shape of Rodinia's lud: a loop over the diagonal with an inner loop
// whose trip count depends on the thread, and a 3D block.
__global__ void triangle(int *out) {
  __shared__ int m[4][4][8];
  int x = threadIdx.x, y = threadIdx.y, z = threadIdx.z;
  m[z][y][x] = x + y + z;
  __syncthreads();
  for (int i = 0; i < 8; ++i) {
    if (x > i) {
      int sum = 0;
      for (int j = 0; j < i; ++j)
        sum += m[z][y][j];
      m[z][y][x] += sum % 7;
    }
    __syncthreads();
  }
  out[(z * 4 + y) * 8 + x] = m[z][y][x];
}

// A local array that lives across barriers in a loop.
__global__ void localHistory(int *out) {
  __shared__ int s[64];
  int history[5];
  for (int i = 0; i < 5; ++i) {
    s[threadIdx.x] = threadIdx.x * (i + 1);
    __syncthreads();
    history[(threadIdx.x + i) % 5] = s[63 - threadIdx.x];
    __syncthreads();
  }
  int sum = 0;
  for (int i = 0; i < 5; ++i)
    sum = sum * 3 + history[i];
  out[threadIdx.x] = sum;
}

// Threads that end before the barrier do not take part in it (CUDA allows
// exited threads); the others meet there.
__global__ void earlyExit(int *out, int n) {
  __shared__ int s[64];
  if (threadIdx.x >= n)
    return;
  s[threadIdx.x] = threadIdx.x * 5;
  __syncthreads();
  out[threadIdx.x] = s[(threadIdx.x + 1) % n];
}

// Odd and even threads wait at different barriers (undefined in CUDA); the
// block is released when every thread waits at one, as on fibers.
__global__ void twoSites(int *out) {
  __shared__ int s[32];
  int t = threadIdx.x;
  if (t & 1) {
    s[t] = t;
    __syncthreads();
    out[t] = s[t ^ 1];
  } else {
    s[t] = -t;
    __syncthreads();
    out[t] = 2 * s[t ^ 1];
  }
}

int main() {
  bool ok = true;
  {
    const int blocks = 3, width = blocks * TILE, steps = 4;
    float *in, *out;
    cudaMallocManaged(&in, width * width * sizeof(float));
    cudaMallocManaged(&out, width * width * sizeof(float));
    for (int i = 0; i < width * width; ++i)
      in[i] = float(i % 13), out[i] = 0;
    stencilSteps<<<dim3(blocks, blocks), dim3(TILE, TILE)>>>(in, out, steps);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int by = 0; by < blocks; ++by)
      for (int bx = 0; bx < blocks; ++bx) {
        float cur[TILE][TILE], next[TILE][TILE] = {};
        for (int y = 0; y < TILE; ++y)
          for (int x = 0; x < TILE; ++x)
            cur[y][x] = in[(by * TILE + y) * width + bx * TILE + x];
        for (int i = 0; i < steps; ++i) {
          bool computed[TILE][TILE] = {};
          for (int y = 0; y < TILE; ++y)
            for (int x = 0; x < TILE; ++x)
              if (x > i && x < TILE - 1 - i && y > i && y < TILE - 1 - i) {
                next[y][x] = 0.2f * (cur[y][x] + cur[y - 1][x] + cur[y + 1][x] +
                                     cur[y][x - 1] + cur[y][x + 1]);
                computed[y][x] = true;
              }
          if (i == steps - 1)
            break;
          for (int y = 0; y < TILE; ++y)
            for (int x = 0; x < TILE; ++x)
              if (computed[y][x])
                cur[y][x] = next[y][x];
        }
        for (int y = 0; y < TILE; ++y)
          for (int x = 0; x < TILE; ++x)
            bad += out[(by * TILE + y) * width + bx * TILE + x] != next[y][x];
      }
    std::printf("stencil steps: %d wrong\n", bad);
    ok &= bad == 0;
  }
  {
    int *in, *out;
    cudaMallocManaged(&in, 4 * 128 * sizeof(int));
    cudaMallocManaged(&out, 4 * 128 * sizeof(int));
    for (int i = 0; i < 4 * 128; ++i)
      in[i] = i * 7 % 19;
    sharedBound<<<4, 128>>>(in, out);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int b = 0; b < 4; ++b) {
      int sum = 0;
      for (int t = 0; t < 128; ++t)
        sum += in[b * 128 + t];
      for (int t = 0; t < 128; ++t)
        bad += out[b * 128 + t] != (b % 2 ? sum + 127 - t : sum);
    }
    std::printf("shared bound: %d wrong\n", bad);
    ok &= bad == 0;
  }
  {
    int *out;
    cudaMallocManaged(&out, 128 * sizeof(int));
    triangle<<<1, dim3(8, 4, 4)>>>(out);
    cudaDeviceSynchronize();
    int m[4][4][8];
    for (int z = 0; z < 4; ++z)
      for (int y = 0; y < 4; ++y)
        for (int x = 0; x < 8; ++x)
          m[z][y][x] = x + y + z;
    for (int i = 0; i < 8; ++i)
      for (int z = 0; z < 4; ++z)
        for (int y = 0; y < 4; ++y) {
          // Threads of one row read only columns below i, which no thread
          // writes in this step: the order within the step does not matter.
          int sum = 0;
          for (int j = 0; j < i; ++j)
            sum += m[z][y][j];
          for (int x = i + 1; x < 8; ++x)
            m[z][y][x] += sum % 7;
        }
    int bad = 0;
    for (int i = 0; i < 128; ++i)
      bad += out[i] != (&m[0][0][0])[i];
    std::printf("triangle: %d wrong\n", bad);
    ok &= bad == 0;
  }
  {
    int *out;
    cudaMallocManaged(&out, 64 * sizeof(int));
    localHistory<<<1, 64>>>(out);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int t = 0; t < 64; ++t) {
      int history[5];
      for (int i = 0; i < 5; ++i)
        history[(t + i) % 5] = (63 - t) * (i + 1);
      int sum = 0;
      for (int i = 0; i < 5; ++i)
        sum = sum * 3 + history[i];
      bad += out[t] != sum;
    }
    std::printf("local history: %d wrong\n", bad);
    ok &= bad == 0;
  }
  {
    int *out;
    cudaMallocManaged(&out, 64 * sizeof(int));
    for (int i = 0; i < 64; ++i)
      out[i] = -1;
    earlyExit<<<1, 64>>>(out, 40);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int t = 0; t < 64; ++t)
      bad += out[t] != (t < 40 ? (t + 1) % 40 * 5 : -1);
    std::printf("early exit: %d wrong\n", bad);
    ok &= bad == 0;
    twoSites<<<1, 32>>>(out);
    cudaDeviceSynchronize();
    bad = 0;
    for (int t = 0; t < 32; ++t) {
      int u = t ^ 1;
      bad += out[t] != (t & 1 ? -u : 2 * u);
    }
    std::printf("two sites: %d wrong\n", bad);
    ok &= bad == 0;
  }
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
