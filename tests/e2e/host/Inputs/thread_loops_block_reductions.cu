// __syncthreads_count, __syncthreads_and and __syncthreads_or in thread
// loops (lowering/host/HostThreadLoops.def: block barriers whose result the
// block function combines from the predicates of the threads waiting there).
// At the top level, in a loop (with a value kept across the barrier), after
// a warp operation under a condition (the barrier waits for the warp point's
// round), with threads that returned before the barrier (they do not take
// part, as on fibers), in 2D blocks and in blocks of 33, 48, 256 and 1024
// threads (the largest keeps its state in malloc'd memory). The output must
// be the same on fibers (RUBICON_HOST_THREAD_LOOPS=0) and match CUDA's
// definitions.
#include <cstdio>

constexpr int Ops = 8;

__host__ __device__ int value(int t) { return (t * 37 + 11) % 101; }

__global__ void blockReductions(int *out, int rounds) {
  int t = threadIdx.y * blockDim.x + threadIdx.x;
  int v = value(t);
  int *o = out + (blockIdx.x * blockDim.x * blockDim.y + t) * Ops;
  o[0] = __syncthreads_count(v % 3 == 0);
  o[1] = __syncthreads_and(v < 100);
  o[2] = __syncthreads_or(v == 100);
  o[3] = __syncthreads_and(v != 7);
  int sum = 0;
  for (int r = 0; r < rounds; ++r)
    sum += __syncthreads_count((v + r) % 4 == 0) * (r + 1);
  o[4] = sum;
  // A shuffle by the lower half of each warp (where the block has all 16
  // of its lanes), then a count of the block.
  int lane = t % 32, got = 0;
  if (lane < 16 && (t | 15) < int(blockDim.x * blockDim.y))
    got = __shfl_xor_sync(0xffffu, v, 1);
  o[5] = __syncthreads_count(got > 50) + __syncthreads_or(got == 0);
  o[6] = __syncthreads_count(blockIdx.x);
  // Threads past the first 20 leave: the rest count among themselves.
  if (t >= 20)
    return;
  o[7] = __syncthreads_count(1) * 1000 + __syncthreads_count(v & 1);
}

int main() {
  bool ok = true;
  struct Shape {
    unsigned x, y;
  } shapes[] = {{33, 1}, {48, 1}, {16, 16}, {1024, 1}};
  const int rounds = 5, blocks = 3;
  for (Shape s : shapes) {
    int threads = s.x * s.y;
    int *out;
    cudaMallocManaged(&out, blocks * threads * Ops * sizeof(int));
    for (int i = 0; i < blocks * threads * Ops; ++i)
      out[i] = -1;
    blockReductions<<<blocks, dim3(s.x, s.y)>>>(out, rounds);
    if (cudaDeviceSynchronize() != cudaSuccess) {
      std::printf("launch failed\n");
      return 1;
    }
    int count = 0, all = 1, any = 0, all7 = 1, odd20 = 0, half = 0, none = 0;
    int loop = 0;
    for (int t = 0; t < threads; ++t) {
      int v = value(t);
      count += v % 3 == 0;
      all &= v < 100;
      any |= v == 100;
      all7 &= v != 7;
      int lane = t % 32, got = 0;
      if (lane < 16 && (t | 15) < threads)
        got = value(t ^ 1);
      half += got > 50;
      none |= got == 0;
      if (t < 20)
        odd20 += v & 1;
    }
    for (int r = 0; r < rounds; ++r) {
      int c = 0;
      for (int t = 0; t < threads; ++t)
        c += (value(t) + r) % 4 == 0;
      loop += c * (r + 1);
    }
    int bad = 0, checksum = 0;
    for (int b = 0; b < blocks; ++b)
      for (int t = 0; t < threads; ++t) {
        const int *o = out + (b * threads + t) * Ops;
        int want[Ops] = {count, all,  any, all7, loop, half + none,
                         b ? threads : 0, t < 20 ? 20 * 1000 + odd20 : -1};
        for (int k = 0; k < Ops; ++k) {
          checksum = checksum * 31 + o[k];
          if (o[k] != want[k]) {
            if (++bad < 5)
              std::printf("block %d thread %d op %d: %d, expected %d\n", b,
                          t, k, o[k], want[k]);
          }
        }
      }
    std::printf("%ux%u threads: %08x, %d wrong\n", s.x, s.y, checksum, bad);
    ok &= bad == 0;
    cudaFree(out);
  }
  std::printf(ok ? "PASSED\n" : "FAILED\n");
  return ok ? 0 : 1;
}
