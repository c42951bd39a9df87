// Cache-hinted loads and stores of __half, __half2, __nv_bfloat16 and
// __nv_bfloat162 move the bits unchanged; htanh_approx/h2tanh_approx are
// tanh within the approximation's bound; CUDA 13's 16- and 32-byte aligned
// 4-vectors (double4_32a, longlong4_16a, ...) have that alignment and
// make_* fills them in order.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cmath>
#include <cstdio>
#include <cstring>

static_assert(alignof(double4_32a) == 32 && alignof(double4_16a) == 16, "alignment");
static_assert(alignof(longlong4_32a) == 32 && alignof(ulong4_16a) == 16, "alignment");
static_assert(sizeof(double4_32a) == 32, "size");

constexpr int N = 64;

__global__ void hints(const __half *h, const __half2 *h2, const __nv_bfloat16 *b,
                      const __nv_bfloat162 *b2, __half *oh, __half2 *oh2,
                      __nv_bfloat16 *ob, __nv_bfloat162 *ob2, float *tanhOut,
                      double *vec) {
  int i = threadIdx.x;
  // Each thread uses one load and one store hint, cycling through them.
  __half x;
  __half2 x2;
  __nv_bfloat16 y;
  __nv_bfloat162 y2;
  switch (i % 5) {
  case 0: x = __ldca(h + i); x2 = __ldca(h2 + i); y = __ldca(b + i); y2 = __ldca(b2 + i); break;
  case 1: x = __ldcg(h + i); x2 = __ldcg(h2 + i); y = __ldcg(b + i); y2 = __ldcg(b2 + i); break;
  case 2: x = __ldcs(h + i); x2 = __ldcs(h2 + i); y = __ldcs(b + i); y2 = __ldcs(b2 + i); break;
  case 3: x = __ldlu(h + i); x2 = __ldlu(h2 + i); y = __ldlu(b + i); y2 = __ldlu(b2 + i); break;
  default: x = __ldcv(h + i); x2 = __ldcv(h2 + i); y = __ldcv(b + i); y2 = __ldcv(b2 + i); break;
  }
  switch (i % 4) {
  case 0: __stwb(oh + i, x); __stwb(oh2 + i, x2); __stwb(ob + i, y); __stwb(ob2 + i, y2); break;
  case 1: __stcg(oh + i, x); __stcg(oh2 + i, x2); __stcg(ob + i, y); __stcg(ob2 + i, y2); break;
  case 2: __stcs(oh + i, x); __stcs(oh2 + i, x2); __stcs(ob + i, y); __stcs(ob2 + i, y2); break;
  default: __stwt(oh + i, x); __stwt(oh2 + i, x2); __stwt(ob + i, y); __stwt(ob2 + i, y2); break;
  }
  __half t = htanh_approx(x);
  __half2 t2 = h2tanh_approx(x2);
  __nv_bfloat16 u = htanh_approx(y);
  tanhOut[4 * i] = __half2float(t);
  tanhOut[4 * i + 1] = __low2float(t2);
  tanhOut[4 * i + 2] = __high2float(t2);
  tanhOut[4 * i + 3] = __bfloat162float(u);
  if (i == 0) {
    double4_32a d = make_double4_32a(1.5, 2.5, 3.5, 4.5);
    longlong4_16a l = make_longlong4_16a(-1, 2, -3, 4);
    ulong4_32a ul = make_ulong4_32a(5, 6, 7, 8);
    vec[0] = d.x + 10 * d.y + 100 * d.z + 1000 * d.w;
    vec[1] = (double)(l.x + 10 * l.y + 100 * l.z + 1000 * l.w);
    vec[2] = (double)(ul.x + 10 * ul.y + 100 * ul.z + 1000 * ul.w);
    vec[3] = (double)(((unsigned long long)&d) % 32);
  }
}

int main() {
  __half h[N], oh[N];
  __half2 h2[N], oh2[N];
  __nv_bfloat16 b[N], ob[N];
  __nv_bfloat162 b2[N], ob2[N];
  for (int i = 0; i < N; ++i) {
    float v = (i - 32) / 9.0f;
    h[i] = __float2half(v);
    h2[i] = __floats2half2_rn(v, -2 * v);
    b[i] = __float2bfloat16(v);
    b2[i] = __floats2bfloat162_rn(-v, 3 * v);
  }
  void *d[8];
  size_t sizes[8] = {sizeof h, sizeof h2, sizeof b, sizeof b2, sizeof h, sizeof h2, sizeof b, sizeof b2};
  for (int k = 0; k < 8; ++k)
    cudaMalloc(&d[k], sizes[k]);
  cudaMemcpy(d[0], h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemcpy(d[1], h2, sizeof h2, cudaMemcpyHostToDevice);
  cudaMemcpy(d[2], b, sizeof b, cudaMemcpyHostToDevice);
  cudaMemcpy(d[3], b2, sizeof b2, cudaMemcpyHostToDevice);
  float *dt;
  double *dv;
  cudaMalloc(&dt, 4 * N * sizeof(float));
  cudaMalloc(&dv, 4 * sizeof(double));
  hints<<<1, N>>>((__half *)d[0], (__half2 *)d[1], (__nv_bfloat16 *)d[2], (__nv_bfloat162 *)d[3],
                  (__half *)d[4], (__half2 *)d[5], (__nv_bfloat16 *)d[6], (__nv_bfloat162 *)d[7],
                  dt, dv);
  cudaMemcpy(oh, d[4], sizeof oh, cudaMemcpyDeviceToHost);
  cudaMemcpy(oh2, d[5], sizeof oh2, cudaMemcpyDeviceToHost);
  cudaMemcpy(ob, d[6], sizeof ob, cudaMemcpyDeviceToHost);
  cudaMemcpy(ob2, d[7], sizeof ob2, cudaMemcpyDeviceToHost);
  float t[4 * N];
  double v[4];
  cudaMemcpy(t, dt, sizeof t, cudaMemcpyDeviceToHost);
  cudaMemcpy(v, dv, sizeof v, cudaMemcpyDeviceToHost);
  int failures = 0;
  auto fail = [&](const char *what, int i) {
    if (failures++ < 20)
      printf("expected %s[%d] to match\n", what, i);
  };
  for (int i = 0; i < N; ++i) {
    if (memcmp(&oh[i], &h[i], 2)) fail("__half copy", i);
    if (memcmp(&oh2[i], &h2[i], 4)) fail("__half2 copy", i);
    if (memcmp(&ob[i], &b[i], 2)) fail("__nv_bfloat16 copy", i);
    if (memcmp(&ob2[i], &b2[i], 4)) fail("__nv_bfloat162 copy", i);
    float in[4] = {__half2float(h[i]), __low2float(h2[i]), __high2float(h2[i]),
                   __bfloat162float(b[i])};
    for (int k = 0; k < 4; ++k) {
      float want = std::tanh(in[k]);
      float tol = (k == 3 ? 0x1p-7f : 0x1p-10f) * (1 + std::fabs(want));
      if (!(std::fabs(t[4 * i + k] - want) <= tol)) fail("htanh_approx", 4 * i + k);
    }
  }
  if (v[0] != 1.5 + 25 + 350 + 4500) fail("make_double4_32a", 0);
  if (v[1] != -1 + 20 - 300 + 4000) fail("make_longlong4_16a", 0);
  if (v[2] != 5 + 60 + 700 + 8000) fail("make_ulong4_32a", 0);
  if (v[3] != 0) fail("double4_32a alignment on the device", 0);
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess)
    printf("expected no error, got %s\n", cudaGetErrorString(err));
  printf("half_hints_aligned: %s\n", failures || err ? "FAILED" : "PASSED");
  return failures != 0;
}
