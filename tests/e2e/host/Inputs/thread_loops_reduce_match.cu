// __reduce_*_sync and __match_*_sync in thread loops
// (lowering/host/HostThreadLoops.def: warp points whose result is computed
// from the operands of the lanes of the mask that took part): by every lane
// with the whole warp's mask, and under `lane < 16` with the mask of those
// lanes. Blocks of 96, 48 and 33 threads (partial last warps: lanes past the
// block's end do not take part). The output must be the same on fibers
// (RUBICON_HOST_THREAD_LOOPS=0) and match CUDA's definitions.
#include <cstdio>

constexpr unsigned Ops = 14;
constexpr unsigned Full = 0xffffffffu;

__global__ void reduceMatch(unsigned *out) {
  unsigned t = threadIdx.x, lane = t % 32, v = (t * 37 + 11) % 101;
  unsigned *o = out + t * Ops;
  int s = int(v) - 50;
  o[0] = __reduce_add_sync(Full, v);
  o[1] = unsigned(__reduce_min_sync(Full, s));
  o[2] = unsigned(__reduce_max_sync(Full, s));
  o[3] = __reduce_min_sync(Full, v);
  o[4] = __reduce_max_sync(Full, v);
  o[5] = __reduce_and_sync(Full, v | 0x100);
  o[6] = __reduce_or_sync(Full, v);
  o[7] = __reduce_xor_sync(Full, v);
  o[8] = __match_any_sync(Full, v % 5);
  int pred = -1;
  o[9] = __match_all_sync(Full, t / 32, &pred);
  o[10] = unsigned(pred);
  o[11] = __match_all_sync(Full, v % 2, &pred) + unsigned(pred);
  unsigned sub = 0;
  if (lane < 16)
    sub = __reduce_add_sync(0xffffu, v) * 4 + __match_any_sync(0xffffu, v % 3);
  o[12] = sub;
  o[13] = 0;
}

int main() {
  bool ok = true;
  const unsigned sizes[] = {96, 48, 33};
  for (unsigned threads : sizes) {
    unsigned *out;
    cudaMallocManaged(&out, threads * Ops * sizeof(unsigned));
    reduceMatch<<<1, threads>>>(out);
    cudaDeviceSynchronize();
    int bad = 0;
    for (unsigned t = 0; t < threads; ++t) {
      unsigned lane = t % 32, base = t - lane;
      unsigned end = base + 32 < threads ? base + 32 : threads;
      auto v = [](unsigned u) { return (u * 37 + 11) % 101; };
      unsigned add = 0, umin = ~0u, umax = 0, band = ~0u, bor = 0, bxor = 0;
      int smin = 1 << 30, smax = -(1 << 30);
      unsigned any = 0, all = Full, sub = 0, sub3 = 0;
      bool same = true;
      for (unsigned u = base; u < end; ++u) {
        unsigned x = v(u);
        int s = int(x) - 50;
        add += x, umin = x < umin ? x : umin, umax = x > umax ? x : umax;
        smin = s < smin ? s : smin, smax = s > smax ? s : smax;
        band &= x | 0x100, bor |= x, bxor ^= x;
        if (x % 5 == v(t) % 5)
          any |= 1u << (u - base);
        same &= x % 2 == v(base) % 2;
        if (u - base < 16) {
          sub += x;
          if (x % 3 == v(t) % 3)
            sub3 |= 1u << (u - base);
        }
      }
      unsigned *o = out + t * Ops;
      bad += o[0] != add;
      bad += o[1] != unsigned(smin);
      bad += o[2] != unsigned(smax);
      bad += o[3] != umin;
      bad += o[4] != umax;
      bad += o[5] != band;
      bad += o[6] != bor;
      bad += o[7] != bxor;
      bad += o[8] != any;
      bad += o[9] != all || o[10] != 1;
      bad += o[11] != (same ? Full + 1 : 0);
      bad += o[12] != (lane < 16 ? sub * 4 + sub3 : 0);
    }
    unsigned hash = 0;
    for (unsigned i = 0; i < threads * Ops; ++i)
      hash = hash * 31 + out[i];
    std::printf("%u threads: %08x, %d wrong\n", threads, hash, bad);
    ok &= bad == 0;
    cudaFree(out);
  }
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
