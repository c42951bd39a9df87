// A spin-wait with __nanosleep between threads of one block: thread 0 waits
// for a flag that the block's last thread sets after a barrier-free
// computation. On the host target the sleeper yields its fiber, so the
// producer runs and the wait ends. __match_all_sync's predicate comes back
// with its mask (llvm.nvvm.match.all.sync.i32p).
#include <cstdio>

__global__ void handoff(volatile int *flag, int *data, int *seen) {
  if (threadIdx.x == blockDim.x - 1) {
    data[0] = 1234;
    __threadfence_block();
    *flag = 1;
  } else if (threadIdx.x == 0) {
    int spins = 0;
    // Bounded, so that a sleeper that never lets the producer run fails
    // the test instead of hanging it.
    while (*flag == 0 && spins < 100000) {
      __nanosleep(100);
      ++spins;
    }
    seen[0] = data[0];
    seen[1] = spins > 0;
  }
}

__global__ void matchAll(unsigned *masks, int *preds) {
  int pred = -1;
  unsigned lane = threadIdx.x % 32;
  // Warp 0 holds one value everywhere; warp 1 two values.
  int value = threadIdx.x < 32 ? 7 : (lane < 16 ? 1 : 2);
  masks[threadIdx.x] = __match_all_sync(__activemask(), value, &pred);
  preds[threadIdx.x] = pred;
}

int main() {
  int *flag, *data, *seen;
  cudaMalloc((void **)&flag, sizeof(int));
  cudaMalloc((void **)&data, sizeof(int));
  cudaMalloc((void **)&seen, 2 * sizeof(int));
  cudaMemset(flag, 0, sizeof(int));
  handoff<<<1, 64>>>(flag, data, seen);
  int host[2] = {0, 0};
  cudaError_t status = cudaMemcpy(host, seen, sizeof(host), cudaMemcpyDeviceToHost);
  printf("handoff: %s, seen %d, waited %d\n", cudaGetErrorName(status), host[0],
         host[1]);

  unsigned *masks;
  int *preds;
  cudaMalloc((void **)&masks, 64 * sizeof(unsigned));
  cudaMalloc((void **)&preds, 64 * sizeof(int));
  matchAll<<<1, 64>>>(masks, preds);
  unsigned m[64];
  int p[64];
  cudaMemcpy(m, masks, sizeof(m), cudaMemcpyDeviceToHost);
  cudaMemcpy(p, preds, sizeof(p), cudaMemcpyDeviceToHost);
  printf("match_all: warp 0 mask %#x pred %d, warp 1 mask %#x pred %d\n", m[0],
         p[0], m[40], p[40]);
  return 0;
}
