// cuda_fp8.h on the device and the host: every E4M3 and E5M2 code decoded
// (to float and half), and conversions to fp8 from double, float, half and
// bfloat16 with and without saturation, against a brute-force reference
// built from the formats' definitions: the nearest code, ties to the even
// code, values that round past the largest finite one saturate or become
// NaN (E4M3) / infinity (E5M2), NaN becomes 0x7F.
#include <cuda_fp8.h>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

static int failures = 0;
static void expectCode(const char *what, double x, int got, int want) {
  if (got != want && failures++ < 30)
    printf("expected %s(%a) = 0x%02x, got 0x%02x\n", what, x, want, got);
}

// The value of a code from the definition; NaN for NaN codes.
static double reference(int code, int kind) {
  int mbits = kind == __NV_E5M2 ? 2 : 3, bias = kind == __NV_E5M2 ? 15 : 7;
  int field = (code & 0x7f) >> mbits, mant = code & ((1 << mbits) - 1);
  double sign = code & 0x80 ? -1 : 1;
  if (kind == __NV_E4M3 && (code & 0x7f) == 0x7f)
    return NAN;
  if (kind == __NV_E5M2 && field == 31)
    return mant ? NAN : sign * INFINITY;
  if (field == 0)
    return sign * std::ldexp(mant, 1 - bias - mbits);
  return sign * std::ldexp((1 << mbits) + mant, field - bias - mbits);
}

static int referenceEncode(double x, int sat, int kind) {
  if (std::isnan(x))
    return 0x7f;
  int sign = std::signbit(x) ? 0x80 : 0;
  int maxCode = kind == __NV_E5M2 ? 0x7b : 0x7e;
  int overflow = sat == __NV_SATFINITE ? maxCode : (kind == __NV_E5M2 ? 0x7c : 0x7f);
  double a = std::fabs(x);
  if (std::isinf(a))
    return sign | overflow;
  // Candidates 0..maxCode, and one step beyond the largest finite value.
  double top = reference(maxCode, kind);
  double beyond = top + (top - reference(maxCode - 1, kind));
  if (a >= beyond)
    return sign | overflow;
  int best = 0;
  double bestErr = INFINITY;
  for (int c = 0; c <= maxCode + 1; ++c) {
    double v = c <= maxCode ? reference(c, kind) : beyond;
    double err = std::fabs(v - a);
    if (err < bestErr || (err == bestErr && (c & 1) == 0)) {
      best = c;
      bestErr = err;
    }
  }
  if (best > maxCode)
    return sign | overflow;
  return sign | best;
}

__global__ void encode(const double *in, int n, unsigned char *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  double d = in[i];
  float f = (float)d;
  unsigned char *o = out + 8 * i;
  for (int kind = 0; kind < 2; ++kind)
    for (int sat = 0; sat < 2; ++sat) {
      o[kind * 4 + sat * 2] =
          __nv_cvt_double_to_fp8(d, (__nv_saturation_t)sat, (__nv_fp8_interpretation_t)kind);
      o[kind * 4 + sat * 2 + 1] =
          __nv_cvt_float_to_fp8(f, (__nv_saturation_t)sat, (__nv_fp8_interpretation_t)kind);
    }
}

__global__ void decode(float *f, unsigned short *h, unsigned char *classes) {
  int c = threadIdx.x; // 256 threads
  __nv_fp8_e4m3 a;
  a.__x = (__nv_fp8_storage_t)c;
  __nv_fp8_e5m2 b;
  b.__x = (__nv_fp8_storage_t)c;
  f[c] = float(a);
  f[256 + c] = float(b);
  h[c] = __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)c, __NV_E4M3).x;
  h[256 + c] = __nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)c, __NV_E5M2).x;
  // Round trips through the classes (saturating) and the x2/x4 forms.
  __nv_fp8_e4m3 back{static_cast<float>(a)};
  classes[c] = back.__x;
  __nv_fp8x2_e5m2 pair(make_float2(float(b), -float(b)));
  classes[256 + c] = (unsigned char)(pair.__x >> 8);
  __nv_fp8x4_e4m3 quad(make_float4(0.5f, float(a), 3.0f, 1000.0f));
  classes[512 + c] = (unsigned char)(quad.__x >> 8);
  classes[768 + c] = (unsigned char)(quad.__x >> 24);
  __half hv = __half(__nv_cvt_fp8_to_halfraw((__nv_fp8_storage_t)c, __NV_E5M2));
  classes[1024 + c] = __nv_fp8_e5m2(hv).__x;
}

int main() {
  std::vector<double> in;
  for (int kind = 0; kind < 2; ++kind)
    for (int c = 0; c < 256; ++c) {
      double v = reference(c, kind), next = reference((c & 0x80) | ((c & 0x7f) + 1), kind);
      in.push_back(v);
      if (std::isfinite(v) && std::isfinite(next)) {
        double mid = (v + next) / 2; // ties
        in.push_back(mid);
        in.push_back(std::nextafter(mid, 0.0));
        in.push_back(std::nextafter(mid, 1e300 * v));
      }
    }
  const double special[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, 448, 464, 479, 480, 1e6,
                            57344, 61439, 61440, 65536, 1e-10, 1e-300, -1e300,
                            std::ldexp(1.0, -9), std::ldexp(1.0, -10),
                            std::ldexp(1.5, -10), std::ldexp(1.0, -16),
                            std::ldexp(1.0, -17), std::ldexp(1.0001, -17)};
  for (double s : special)
    in.push_back(s);
  unsigned seed = 99;
  for (int i = 0; i < 4000; ++i) {
    seed = seed * 1103515245u + 12345u;
    double m = 1.0 + (seed >> 8) / 16777216.0;
    seed = seed * 1103515245u + 12345u;
    int e = (int)(seed >> 16) % 40 - 22;
    in.push_back((seed & 1 ? -1 : 1) * std::ldexp(m, e));
  }
  int n = (int)in.size();
  double *din;
  unsigned char *dout;
  cudaMalloc(&din, n * sizeof(double));
  cudaMalloc(&dout, 8 * n);
  cudaMemcpy(din, in.data(), n * sizeof(double), cudaMemcpyHostToDevice);
  encode<<<(n + 127) / 128, 128>>>(din, n, dout);
  std::vector<unsigned char> out(8 * n);
  cudaMemcpy(out.data(), dout, 8 * n, cudaMemcpyDeviceToHost);
  const char *names[2][2] = {{"e4m3 nosat", "e4m3 satfinite"}, {"e5m2 nosat", "e5m2 satfinite"}};
  for (int i = 0; i < n; ++i)
    for (int kind = 0; kind < 2; ++kind)
      for (int sat = 0; sat < 2; ++sat) {
        double d = in[i];
        float f = (float)d;
        expectCode(names[kind][sat], d, out[8 * i + kind * 4 + sat * 2],
                   referenceEncode(d, sat, kind));
        expectCode(names[kind][sat], f, out[8 * i + kind * 4 + sat * 2 + 1],
                   referenceEncode(f, sat, kind));
        // The same header on the host.
        expectCode("host", d,
                   __nv_cvt_double_to_fp8(d, (__nv_saturation_t)sat, (__nv_fp8_interpretation_t)kind),
                   referenceEncode(d, sat, kind));
      }

  float *df;
  unsigned short *dh;
  unsigned char *dc;
  cudaMalloc(&df, 512 * sizeof(float));
  cudaMalloc(&dh, 512 * sizeof(unsigned short));
  cudaMalloc(&dc, 1280);
  decode<<<1, 256>>>(df, dh, dc);
  float f[512];
  unsigned short h[512];
  unsigned char cls[1280];
  cudaMemcpy(f, df, sizeof(f), cudaMemcpyDeviceToHost);
  cudaMemcpy(h, dh, sizeof(h), cudaMemcpyDeviceToHost);
  cudaMemcpy(cls, dc, sizeof(cls), cudaMemcpyDeviceToHost);
  for (int kind = 0; kind < 2; ++kind)
    for (int c = 0; c < 256; ++c) {
      double want = reference(c, kind);
      float got = f[256 * kind + c];
      bool same = std::isnan(want) ? std::isnan(got)
                                   : (got == want && std::signbit(got) == std::signbit(want));
      if (!same && failures++ < 30)
        printf("expected %s 0x%02x -> %a, got %a\n", kind ? "e5m2" : "e4m3", c, want, got);
      // To half: the same value, NaN as 0x7fff.
      unsigned short hb = h[256 * kind + c];
      unsigned short wantHalf;
      if (std::isnan(want))
        wantHalf = 0x7fff;
      else {
        __half hh = __float2half((float)want);
        std::memcpy(&wantHalf, &hh, 2);
      }
      if (hb != wantHalf && failures++ < 30)
        printf("expected %s 0x%02x -> half 0x%04x, got 0x%04x\n", kind ? "e5m2" : "e4m3", c,
               wantHalf, hb);
    }
  for (int c = 0; c < 256; ++c) {
    double a = reference(c, __NV_E4M3), b = reference(c, __NV_E5M2);
    expectCode("e4m3 round trip", a, cls[c], referenceEncode(a, __NV_SATFINITE, __NV_E4M3));
    expectCode("fp8x2_e5m2.hi(-x)", -b, cls[256 + c], referenceEncode(-b, __NV_SATFINITE, __NV_E5M2));
    expectCode("fp8x4_e4m3 byte 1", a, cls[512 + c], referenceEncode(a, __NV_SATFINITE, __NV_E4M3));
    expectCode("fp8x4_e4m3 byte 3 (1000, saturated)", 1000, cls[768 + c], 0x7e);
    expectCode("e5m2 from half", b, cls[1024 + c], referenceEncode(b, __NV_SATFINITE, __NV_E5M2));
  }
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess)
    printf("expected no error, got %s\n", cudaGetErrorString(err));
  printf("fp8: %d inputs: %s\n", n, failures || err ? "FAILED" : "PASSED");
  return failures != 0;
}
