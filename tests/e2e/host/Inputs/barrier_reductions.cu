// Block barriers written as inline PTX: barrier.red.{popc,and,or} with and
// without .aligned, under every barrier id (a work-group has one barrier),
// and bar.sync with a thread count: the block's size synchronizes the block,
// a smaller count (warps meeting at a named barrier) traps rather than
// synchronizing the whole block or racing.
#include <cstdio>

__global__ void reductions(unsigned *out) {
  unsigned popc, all, any, popcNot;
  asm volatile("{ .reg .pred p, q;"
               " setp.lt.u32 p, %4, 10;"
               " barrier.red.popc.u32 %0, 0, p;"
               " barrier.red.and.pred q, 1, p; selp.u32 %1, 1, 0, q;"
               " barrier.red.or.aligned.pred q, 2, 96, p; selp.u32 %2, 1, 0, q;"
               " barrier.red.popc.aligned.u32 %3, 3, !p; }"
               : "=r"(popc), "=r"(all), "=r"(any), "=r"(popcNot)
               : "r"(threadIdx.x));
  out[4 * threadIdx.x] = popc;
  out[4 * threadIdx.x + 1] = all;
  out[4 * threadIdx.x + 2] = any;
  out[4 * threadIdx.x + 3] = popcNot;
}

__global__ void everyone(unsigned *out) {
  unsigned all;
  asm volatile("{ .reg .pred p, q; setp.lt.u32 p, %1, 1000;"
               " barrier.red.and.pred q, 0, p; selp.u32 %0, 1, 0, q; }"
               : "=r"(all)
               : "r"(threadIdx.x));
  out[threadIdx.x] = all;
}

// Each thread reads its neighbour's word, written before the barrier.
__global__ void counted(int *out) {
  __shared__ int words[128];
  words[threadIdx.x] = 3 * threadIdx.x;
  asm volatile("bar.sync 1, 64;");
  out[threadIdx.x] = words[(threadIdx.x + 1) % blockDim.x];
}

int main() {
  unsigned *r;
  cudaMallocManaged(&r, 4 * 96 * sizeof(unsigned));
  reductions<<<1, 96>>>(r);
  cudaError_t e = cudaDeviceSynchronize();
  unsigned mismatches = 0;
  for (int t = 0; t < 96; ++t)
    mismatches += r[4 * t] != r[0] || r[4 * t + 1] != r[1] ||
                  r[4 * t + 2] != r[2] || r[4 * t + 3] != r[3];
  printf("reductions: %s popc %u and %u or %u popc(!p) %u, threads that "
         "disagree %u\n",
         cudaGetErrorName(e), r[0], r[1], r[2], r[3], mismatches);
  everyone<<<1, 96>>>(r);
  e = cudaDeviceSynchronize();
  printf("and of true: %s %u\n", cudaGetErrorName(e), r[95]);

  int *words;
  cudaMallocManaged(&words, 128 * sizeof(int));
  counted<<<1, 64>>>(words);
  e = cudaDeviceSynchronize();
  printf("bar.sync 1, 64 in 64 threads: %s, thread 63 read %d\n",
         cudaGetErrorName(e), words[63]);
  counted<<<1, 128>>>(words);
  e = cudaDeviceSynchronize();
  printf("bar.sync 1, 64 in 128 threads: %s\n", cudaGetErrorName(e));
}
