// --rubicon-native-wave64 on the host target: warpSize is 64, masks are
// 64-bit, and every warp function acts on the whole wavefront, with partial
// masks and a partial last warp (a 96-thread block: 64 + 32 lanes). Prints
// one line per function: "ok" or the first mismatch against CUDA's
// documented semantics.
#include <cstdio>

typedef unsigned long long u64;

__global__ void wave64(u64 *out) {
  const unsigned t = threadIdx.x, lane = t % warpSize, base = t - lane;
  const unsigned lanes = min((unsigned)warpSize, blockDim.x - base);
  const u64 full = lanes == 64 ? ~0ull : (1ull << lanes) - 1;
  u64 *o = out + t * 8;
  const unsigned v = (t * 5 + 1) % 13;
  o[0] = warpSize * 1000 + lane;
  o[1] = __activemask();
  o[2] = __ballot_sync(full, v > 6);
  unsigned sum = v;
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    sum += __shfl_xor_sync(full, sum, offset);
  o[3] = sum; // lanes that do not exist give nothing to a partial warp
  o[4] = __shfl_sync(full, v, lanes - 1);
  o[5] = __match_any_sync(full, v % 4);
  o[6] = lane % 2 ? __reduce_add_sync(full & 0xaaaaaaaaaaaaaaaaull, v) : 0;
  o[7] = lane >= 40 ? __shfl_up_sync(full & ~((1ull << 40) - 1), v, 2) : 0;
}

int main() {
  const unsigned threads = 96;
  u64 *out;
  cudaMallocManaged(&out, threads * 8 * sizeof(u64));
  wave64<<<1, threads>>>(out);
  cudaError_t e = cudaDeviceSynchronize();
  printf("sync: %s\n", cudaGetErrorName(e));
  const char *names[] = {"warpSize/laneid", "activemask", "ballot_sync",
                         "shfl_xor_sync reduction", "shfl_sync last lane",
                         "match_any_sync", "reduce_add_sync odd lanes",
                         "shfl_up_sync lanes 40-63"};
  auto value = [](unsigned t) { return (t * 5 + 1) % 13; };
  bool allOk = true;
  for (int r = 0; r < 8; ++r) {
    bool ok = true;
    for (unsigned t = 0; t < threads && ok; ++t) {
      unsigned lane = t % 64, base = t - lane;
      unsigned lanes = threads - base < 64 ? threads - base : 64;
      u64 full = lanes == 64 ? ~0ull : (1ull << lanes) - 1;
      u64 want = 0, sum = 0, ballot = 0, match = 0, odd = 0;
      for (unsigned l = 0; l < lanes; ++l) {
        sum += value(base + l);
        ballot |= u64(value(base + l) > 6) << l;
        match |= u64(value(base + l) % 4 == value(t) % 4) << l;
        odd += l % 2 ? value(base + l) : 0;
      }
      switch (r) {
      case 0: want = 64 * 1000 + lane; break;
      case 1: want = full; break;
      case 2: want = ballot; break;
      case 3: want = sum; break;
      case 4: want = value(base + lanes - 1); break;
      case 5: want = match; break;
      case 6: want = lane % 2 ? odd : 0; break;
      // lanes 40 and 41 read lanes 38 and 39, outside the mask: 0.
      case 7: want = lane >= 42 ? value(t - 2) : 0; break;
      }
      if (r == 3 && lanes != 64)
        continue; // the xor partners of a partial warp do not exist
      if (out[t * 8 + r] != want) {
        printf("%s: thread %u: got %llu, expected %llu\n", names[r], t,
               out[t * 8 + r], want);
        ok = allOk = false;
      }
    }
    if (ok)
      printf("%s: ok\n", names[r]);
  }
  printf("native_wave64: %s\n", allOk ? "PASSED" : "FAILED");
  return allOk ? 0 : 1;
}
