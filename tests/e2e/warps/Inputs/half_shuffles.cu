// Shuffles of __half, __half2, __nv_bfloat16 and __nv_bfloat162 (all four
// kinds, full and partial widths) and 16-bit arithmetic in device code,
// against a CPU model; blocks of 96 threads (a wavefront carries two logical
// warps plus one more warp).
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cstdio>

constexpr int Threads = 96;

__global__ void shuffles(const float *in, float *out) {
  const int t = threadIdx.x;
  const unsigned all = __activemask();
  const __half h = __float2half(in[t]);
  const __half2 h2 = __floats2half2_rn(in[t], -in[t]);
  const __nv_bfloat16 b = __float2bfloat16(in[t]);
  const __nv_bfloat162 b2 = __floats2bfloat162_rn(in[t], 2 * in[t]);
  float *o = out + t * 8;
  o[0] = __half2float(__shfl_xor_sync(all, h, 5));
  o[1] = __high2float(__shfl_down_sync(all, h2, 3, 16));
  o[2] = __bfloat162float(__shfl_up_sync(all, b, 2));
  o[3] = __high2float(__shfl_sync(all, b2, 7, 8));
  // Arithmetic in device code (f16 instructions, packed pairs).
  o[4] = __half2float(__hfma(h, h, __float2half(0.5f)));
  o[5] = __low2float(__hmul2(h2, h2) + h2);
  o[6] = __bfloat162float(__hadd(b, __float2bfloat16(1000.0f)));
  o[7] = __high2float(__hfma2(b2, b2, b2));
}

// atomicAdd on a __half2 and on the upper __half of a 32-bit word.
__global__ void atomics(__half2 *pair, __half *halves, __nv_bfloat16 *b) {
  atomicAdd(pair, __floats2half2_rn(1.0f, 2.0f));
  atomicAdd(&halves[1], __float2half(0.5f));
  atomicAdd(b, __float2bfloat16(1.0f));
}

int main() {
  float *in, *out;
  cudaMallocManaged(&in, Threads * sizeof(float));
  cudaMallocManaged(&out, Threads * 8 * sizeof(float));
  for (int t = 0; t < Threads; ++t)
    in[t] = 0.25f * t + 1;
  shuffles<<<1, Threads>>>(in, out);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("launch failed\n");
    return 1;
  }
  int failures = 0;
  const char *names[8] = {"shfl_xor half",  "shfl_down half2 width 16",
                          "shfl_up bf16",   "shfl bf162 width 8",
                          "hfma",           "half2 mul add",
                          "bf16 add",       "bf162 fma"};
  for (int k = 0; k < 8; ++k) {
    int bad = 0;
    for (int t = 0; t < Threads; ++t) {
      const int lane = t % 32, warp = t - lane;
      float want;
      switch (k) {
      case 0: want = in[warp + (lane ^ 5)]; break;
      case 1: want = -((lane % 16) + 3 < 16 ? in[t + 3] : in[t]); break;
      case 2: want = lane >= 2 ? in[t - 2] : in[t]; break;
      case 3: want = 2 * in[warp + (lane & ~7) + 7]; break;
      case 4: want = __half2float(__float2half(in[t] * in[t] + 0.5f)); break;
      case 5: want = __half2float(__float2half(__half2float(__float2half(in[t] * in[t])) + in[t])); break;
      case 6: want = __bfloat162float(__float2bfloat16(__bfloat162float(__float2bfloat16(in[t])) + 1000.0f)); break;
      default: { float v = __bfloat162float(__float2bfloat16(2 * in[t]));
                 want = __bfloat162float(__float2bfloat16(v * v + v)); }
      }
      if (out[t * 8 + k] != want && ++bad <= 3)
        printf("thread %d: %s = %g, expected %g\n", t, names[k], out[t * 8 + k], want);
    }
    printf("%s: %s\n", names[k], bad ? "FAILED" : "ok");
    failures += bad;
  }
  __half2 *pair;
  __half *halves;
  __nv_bfloat16 *b;
  cudaMallocManaged(&pair, sizeof(__half2));
  cudaMallocManaged(&halves, 2 * sizeof(__half));
  cudaMallocManaged(&b, sizeof(__nv_bfloat16));
  *pair = __floats2half2_rn(0.0f, 0.0f);
  halves[0] = __float2half(7.0f);
  halves[1] = __float2half(0.0f);
  *b = __float2bfloat16(0.0f);
  atomics<<<1, Threads>>>(pair, halves, b);
  cudaDeviceSynchronize();
  const bool atomicsOk = __low2float(*pair) == Threads &&
                         __high2float(*pair) == 2 * Threads &&
                         __half2float(halves[0]) == 7.0f &&
                         __half2float(halves[1]) == Threads / 2 &&
                         __bfloat162float(*b) == Threads;
  printf("atomicAdd: %s\n", atomicsOk ? "ok" : "FAILED");
  failures += !atomicsOk;
  printf("half_shuffles: %s\n", failures ? "FAILED" : "PASSED");
  return failures != 0;
}
