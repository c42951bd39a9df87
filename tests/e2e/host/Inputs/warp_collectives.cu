// Warp collectives written on the machine primitives, run on the host
// target's wavefront emulation: __reduce_*_sync, __match_any_sync, __all/
// __any_sync, __syncwarp, shuffles of 64-bit values, in a 64-thread block (one
// wavefront, two logical warps).
#include <cstdio>

__global__ void collectives(unsigned *out) {
  unsigned t = threadIdx.x, lane = t % 32;
  unsigned full = __activemask();
  out[8 * t + 0] = __reduce_add_sync(full, lane);
  out[8 * t + 1] = __reduce_max_sync(full, t);
  out[8 * t + 2] = __match_any_sync(full, lane / 8);
  out[8 * t + 3] = __all_sync(full, t < 64);
  out[8 * t + 4] = __any_sync(full, t == 40);
  __syncwarp(full);
  long long wide = (static_cast<long long>(t) << 40) | t;
  long long got = __shfl_xor_sync(full, wide, 1);
  out[8 * t + 5] = static_cast<unsigned>(got >> 40);
  out[8 * t + 6] = static_cast<unsigned>(got & 0xffffffff);
  out[8 * t + 7] = __popc(__ballot_sync(full, lane < 5));
}

int main() {
  unsigned *out;
  cudaMallocManaged(&out, 64 * 8 * sizeof(unsigned));
  collectives<<<1, 64>>>(out);
  cudaError_t e = cudaDeviceSynchronize();
  int bad = e != cudaSuccess;
  for (unsigned t = 0; t < 64; ++t) {
    unsigned lane = t % 32, warpBase = t - lane;
    unsigned expected[8] = {31 * 32 / 2, warpBase + 31,
                            0xffu << (lane / 8 * 8), 1,
                            t >= 32 ? 1u : 0u, t ^ 1, t ^ 1, 5};
    for (int k = 0; k < 8; ++k)
      if (out[8 * t + k] != expected[k]) {
        if (bad < 10)
          std::printf("thread %u value %d: %#x, expected %#x\n", t, k,
                      out[8 * t + k], expected[k]);
        ++bad;
      }
  }
  std::printf("warp_collectives: %s\n", bad ? "FAILED" : "PASSED");
  return bad ? 1 : 0;
}
