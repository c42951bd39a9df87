// Every lane calls __ballot_sync with a mask that leaves some callers out
// (the even lanes), then the warp shuffles converged. NVIDIA's hardware gives each caller, in the mask or not, the
// ballot of the mask's lanes, and the shuffles after it see the whole warp.
// The fiber scheduler (runtime-shim/backend/host/BlockScheduler.cpp) used to
// keep the callers outside the mask waiting apart, so that the converged
// shuffles after it completed among half the warp. Checked on thread loops
// and on fibers (RUBICON_HOST_THREAD_LOOPS=0); blocks of 64 and 48 threads.
#include <cstdio>

constexpr unsigned Outs = 3;

__global__ void partialBallot(unsigned *out) {
  unsigned t = threadIdx.x, lane = t % 32, v = t * 7 + 3;
  unsigned *o = out + t * Outs;
  o[0] = __ballot_sync(0x55555555u, lane < 10);
  o[1] = __shfl_xor_sync(0xffffffffu, v, 1);
  o[2] = __shfl_down_sync(0xffffffffu, v, 3);
}

int main() {
  bool ok = true;
  const unsigned sizes[] = {64, 48};
  for (unsigned threads : sizes) {
    unsigned *out;
    cudaMallocManaged(&out, threads * Outs * sizeof(unsigned));
    partialBallot<<<1, threads>>>(out);
    if (cudaDeviceSynchronize() != cudaSuccess) {
      std::printf("launch failed\n");
      return 1;
    }
    int bad = 0;
    for (unsigned t = 0; t < threads; ++t) {
      unsigned lane = t % 32, base = t - lane;
      unsigned lanes = threads - base < 32 ? threads - base : 32;
      auto v = [&](unsigned l) { return (base + l) * 7 + 3; };
      unsigned even = 0;
      for (unsigned l = 0; l < lanes; ++l)
        even |= unsigned(l % 2 == 0 && l < 10) << l;
      const unsigned *o = out + t * Outs;
      // A source lane past the block's last thread (in range, but not
      // there) gives 0, as on NVIDIA's hardware (docs/warps.md); past the
      // warp, the reader's own value.
      unsigned want[Outs] = {even, v(lane ^ 1),
                             lane + 3 < lanes ? v(lane + 3)
                             : lane + 3 < 32  ? 0
                                              : v(lane)};
      for (unsigned k = 0; k < Outs; ++k)
        if (o[k] != want[k]) {
          if (++bad <= 4)
            std::printf("%u threads: thread %u: output %u is %08x, not %08x\n",
                        threads, t, k, o[k], want[k]);
        }
    }
    std::printf("%u threads: %d wrong\n", threads, bad);
    ok &= bad == 0;
    cudaFree(out);
  }
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
