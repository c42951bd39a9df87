// A kernel that waits for clock() to advance, as cuda-samples'
// graphMemoryFootprint does (clockBlock): on a GPU the threads of a block
// wait together, so a block takes about one wait. In thread-loop form the
// loop that reads the clock runs one iteration of every thread per round
// (lowering/host/HostThreadLoops.def, RUBICON_HOST_CLOCK): every thread of
// a block has started waiting before any has finished. The waits of a
// block's threads one after the other would make the block take a wait per
// thread, and the check below fail.
#include <cstdio>

__global__ void clockBlock(long long wait, long long *start,
                           long long *end) {
  long long first = clock64();
  long long waited = 0;
  while (waited < wait)
    waited = clock64() - first;
  unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
  start[t] = first;
  end[t] = clock64();
}

int main() {
  const int blocks = 3, threads = 256;
  const long long wait = 20000; // cycles
  long long *start, *end;
  cudaMallocManaged(&start, blocks * threads * sizeof(long long));
  cudaMallocManaged(&end, blocks * threads * sizeof(long long));
  clockBlock<<<blocks, threads>>>(wait, start, end);
  cudaError_t e = cudaDeviceSynchronize();
  int bad = 0, short_waits = 0;
  for (int b = 0; b < blocks; ++b) {
    long long lastStart = 0, firstEnd = 0;
    for (int t = 0; t < threads; ++t) {
      int i = b * threads + t;
      if (end[i] - start[i] < wait)
        ++short_waits;
      if (t == 0 || start[i] > lastStart)
        lastStart = start[i];
      if (t == 0 || end[i] < firstEnd)
        firstEnd = end[i];
    }
    // Every thread started its wait before the first one ended it.
    if (lastStart > firstEnd)
      ++bad;
  }
  std::printf("%s; short waits: %d; blocks whose waits did not overlap: %d\n",
              cudaGetErrorName(e), short_waits, bad);
  std::printf(e == cudaSuccess && !bad && !short_waits ? "PASSED\n"
                                                       : "FAILED\n");
  return 0;
}
