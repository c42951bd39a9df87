// `_sync` operations whose mask grows in a loop: in iteration n the lanes
// below n pass the mask of lanes 0..n-1 (libcu++'s warp_match_any tests and
// other code that widens a warp one lane at a time). Lane n skips iteration n
// and waits in iteration n+1 with a mask that differs from iteration n's only
// by its own bit; each operation must still complete among exactly its mask's
// lanes. The fiber scheduler (runtime-shim/backend/host/BlockScheduler.cpp)
// used to let such a lane join the previous iteration's group. Checked on
// thread loops and on fibers (RUBICON_HOST_THREAD_LOOPS=0); blocks of 64 and
// 48 threads (a partial second warp of 16 lanes).
#include <cstdio>

constexpr unsigned Outs = 5;

__global__ void growingMask(unsigned *out) {
  unsigned t = threadIdx.x, lane = t % 32;
  for (unsigned n = 1; n <= 32; ++n) {
    unsigned mask = n == 32 ? ~0u : (1u << n) - 1;
    if (lane < n) {
      unsigned *o = out + (t * 32 + n - 1) * Outs;
      o[0] = __ballot_sync(mask, (lane * 5 + n) % 3 == 0);
      o[1] = __shfl_sync(mask, t * 7 + n, (lane + 1) % n);
      o[2] = __match_any_sync(mask, (lane + n) % 4);
      o[3] = __reduce_add_sync(mask, lane + n);
      __syncwarp(mask);
      o[4] = __any_sync(mask, lane + 1 == n);
    }
  }
}

int main() {
  bool ok = true;
  const unsigned sizes[] = {64, 48};
  for (unsigned threads : sizes) {
    size_t count = size_t(threads) * 32 * Outs;
    unsigned *out;
    cudaMallocManaged(&out, count * sizeof(unsigned));
    cudaMemset(out, 0xff, count * sizeof(unsigned));
    growingMask<<<1, threads>>>(out);
    if (cudaDeviceSynchronize() != cudaSuccess) {
      std::printf("launch failed\n");
      return 1;
    }
    int bad = 0;
    for (unsigned t = 0; t < threads; ++t) {
      unsigned lane = t % 32, base = t - lane;
      unsigned lanes = threads - base < 32 ? threads - base : 32;
      for (unsigned n = 1; n <= 32; ++n) {
        if (lane >= n)
          continue;
        // Lanes past the end of a partial block do not take part.
        unsigned ballot = 0, match = 0, sum = 0;
        for (unsigned l = 0; l < n && l < lanes; ++l) {
          ballot |= unsigned((l * 5 + n) % 3 == 0) << l;
          match |= unsigned((l + n) % 4 == (lane + n) % 4) << l;
          sum += l + n;
        }
        // A shuffle from a lane past the end of the block is undefined.
        unsigned source = (lane + 1) % n;
        unsigned want[Outs] = {ballot, (base + source) * 7 + n, match, sum,
                               n - 1 < lanes};
        const unsigned *o = out + (t * 32 + n - 1) * Outs;
        for (unsigned k = 0; k < Outs; ++k)
          if (o[k] != want[k] && (k != 1 || source < lanes) && ++bad <= 4)
            std::printf("%u threads: thread %u, mask of %u lanes: output %u "
                        "is %08x, not %08x\n",
                        threads, t, n, k, o[k], want[k]);
      }
    }
    std::printf("%u threads: %d wrong\n", threads, bad);
    ok &= bad == 0;
    cudaFree(out);
  }
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
