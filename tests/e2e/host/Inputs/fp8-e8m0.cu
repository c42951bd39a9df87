// cuda_fp8.h's E8M0 on the device and the host. A code c is 2^(c - 127)
// (0..254), 0xFF is NaN. Encoding rounds toward zero (cudaRoundZero) or up
// to the next power of two (cudaRoundPosInf); past 2^127 it saturates to
// 0xFE (__NV_SATFINITE) or gives NaN (__NV_NOSAT); NaN gives 0xFF, zero and
// negative values the smallest code 0x00.
#include <cuda_fp8.h>
#include <cfloat>
#include <cmath>
#include <cstdio>
#include <vector>

static int failures = 0;
static void expectCode(const char *what, double x, int got, int want) {
  if (got != want && failures++ < 30)
    printf("expected %s(%a) = 0x%02x, got 0x%02x\n", what, x, want, got);
}

static double reference(int code) { return code == 0xff ? NAN : std::ldexp(1.0, code - 127); }

static int referenceEncode(double x, int sat, bool up) {
  if (std::isnan(x))
    return 0xff;
  if (x <= 0)
    return 0x00;
  int overflow = sat == __NV_SATFINITE ? 0xfe : 0xff;
  if (up) { // the smallest code at or above x
    for (int c = 0; c <= 0xfe; ++c)
      if (reference(c) >= x)
        return c;
    return overflow;
  }
  if (x >= std::ldexp(1.0, 128))
    return overflow;
  int best = 0x00; // the largest code at or below x (x below 2^-127: the smallest)
  for (int c = 0; c <= 0xfe; ++c)
    if (reference(c) <= x)
      best = c;
  return best;
}

// Per input: [sat][up] from double, then from float, then from bfloat16.
__global__ void encode(const double *in, int n, unsigned char *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  double d = in[i];
  unsigned char *o = out + 12 * i;
  for (int sat = 0; sat < 2; ++sat)
    for (int up = 0; up < 2; ++up) {
      cudaRoundMode mode = up ? cudaRoundPosInf : cudaRoundZero;
      o[sat * 2 + up] = __nv_cvt_double_to_e8m0(d, (__nv_saturation_t)sat, mode);
      o[4 + sat * 2 + up] = __nv_cvt_float_to_e8m0((float)d, (__nv_saturation_t)sat, mode);
      o[8 + sat * 2 + up] =
          __nv_cvt_bfloat16raw_to_e8m0(__nv_bfloat16_raw(__float2bfloat16_rz((float)d)),
                                       (__nv_saturation_t)sat, mode);
    }
}

__global__ void decode(unsigned short *bf, float *f, unsigned char *classes) {
  int c = threadIdx.x; // 256 threads
  bf[c] = __nv_cvt_e8m0_to_bf16raw((__nv_fp8_storage_t)c).x;
  __nv_fp8_e8m0 e;
  e.__x = (__nv_fp8_storage_t)c;
  f[c] = float(e);
  // The classes round up and saturate.
  classes[c] = __nv_fp8_e8m0(1.5f * float(e)).__x;
  __nv_fp8x2_e8m0 pair(make_float2(float(e), 3.0f));
  classes[256 + c] = (unsigned char)(pair.__x & 0xff);
  classes[512 + c] = (unsigned char)(pair.__x >> 8);
}

int main() {
  std::vector<double> in;
  for (int c = 0; c < 255; ++c) {
    double v = reference(c);
    in.push_back(v);
    in.push_back(std::nextafter(v, 0.0));
    in.push_back(std::nextafter(v, INFINITY));
    in.push_back(v * 1.5);
  }
  const double special[] = {0.0, -0.0, -1.0, INFINITY, -INFINITY, NAN, 1e-300, 1e-45,
                            std::ldexp(1.0, 128), std::ldexp(1.0, 200), DBL_MAX, 3.0};
  for (double s : special)
    in.push_back(s);
  int n = (int)in.size();
  double *din;
  unsigned char *dout;
  cudaMalloc(&din, n * sizeof(double));
  cudaMalloc(&dout, 12 * n);
  cudaMemcpy(din, in.data(), n * sizeof(double), cudaMemcpyHostToDevice);
  encode<<<(n + 127) / 128, 128>>>(din, n, dout);
  std::vector<unsigned char> out(12 * n);
  cudaMemcpy(out.data(), dout, 12 * n, cudaMemcpyDeviceToHost);
  const char *names[2][2] = {{"nosat rz", "nosat rp"}, {"satfinite rz", "satfinite rp"}};
  for (int i = 0; i < n; ++i)
    for (int sat = 0; sat < 2; ++sat)
      for (int up = 0; up < 2; ++up) {
        double d = in[i];
        float f = (float)d;
        double b = (double)__bfloat162float(__float2bfloat16_rz(f));
        expectCode(names[sat][up], d, out[12 * i + sat * 2 + up], referenceEncode(d, sat, up));
        expectCode(names[sat][up], f, out[12 * i + 4 + sat * 2 + up], referenceEncode(f, sat, up));
        expectCode(names[sat][up], b, out[12 * i + 8 + sat * 2 + up], referenceEncode(b, sat, up));
        expectCode("host", d,
                   __nv_cvt_double_to_e8m0(d, (__nv_saturation_t)sat,
                                           up ? cudaRoundPosInf : cudaRoundZero),
                   referenceEncode(d, sat, up));
      }

  unsigned short *dbf;
  float *df;
  unsigned char *dc;
  cudaMalloc(&dbf, 256 * sizeof(unsigned short));
  cudaMalloc(&df, 256 * sizeof(float));
  cudaMalloc(&dc, 768);
  decode<<<1, 256>>>(dbf, df, dc);
  unsigned short bf[256];
  float f[256];
  unsigned char cls[768];
  cudaMemcpy(bf, dbf, sizeof(bf), cudaMemcpyDeviceToHost);
  cudaMemcpy(f, df, sizeof(f), cudaMemcpyDeviceToHost);
  cudaMemcpy(cls, dc, sizeof(cls), cudaMemcpyDeviceToHost);
  for (int c = 0; c < 256; ++c) {
    double want = reference(c);
    bool same = std::isnan(want) ? std::isnan(f[c]) : f[c] == want;
    if (!same && failures++ < 30)
      printf("expected e8m0 0x%02x -> %a, got %a\n", c, want, f[c]);
    unsigned short wantBf = c == 0xff ? 0x7fff : (unsigned short)(c == 0 ? 0x0040 : c << 7);
    if (bf[c] != wantBf && failures++ < 30)
      printf("expected e8m0 0x%02x -> bf16 0x%04x, got 0x%04x\n", c, wantBf, bf[c]);
    expectCode("__nv_fp8_e8m0(1.5x)", 1.5 * want, cls[c],
               c == 0xff ? 0xff : referenceEncode((float)(1.5 * want), __NV_SATFINITE, true));
    expectCode("__nv_fp8x2_e8m0.lo", want, cls[256 + c], c);
    expectCode("__nv_fp8x2_e8m0.hi(3)", 3.0, cls[512 + c], 128 + 1);
  }
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess)
    printf("expected no error, got %s\n", cudaGetErrorString(err));
  printf("fp8-e8m0: %d inputs: %s\n", n, failures || err ? "FAILED" : "PASSED");
  return failures != 0;
}
