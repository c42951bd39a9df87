// cuda_fp6.h (E2M3, E3M2) and cuda_fp4.h (E2M1) on the device and the host,
// against references built from the formats' definition: a code with sign
// s, exponent field e and fraction f (E exponent bits with bias
// 2^(E-1) - 1, M fraction bits) is (-1)^s 2^(e - bias) (1 + f / 2^M), or
// (-1)^s 2^(1 - bias) f / 2^M when e is 0; no infinity or NaN. Encoding
// saturates (infinities too) and gives the positive largest value for NaN;
// cudaRoundNearest is nearest with ties to the even code, cudaRoundZero
// truncates. x2/x4 storage puts the first value in the lowest byte (fp6) or
// nibble (fp4).
#include <cuda_fp4.h>
#include <cuda_fp6.h>
#include <cmath>
#include <cstdio>
#include <vector>

struct Format {
  const char *name;
  int ebits, mbits;
};
static const Format formats[3] = {{"e2m3", 2, 3}, {"e3m2", 3, 2}, {"e2m1", 2, 1}};

static int failures = 0;
static void expect(const char *what, const char *format, double x, unsigned got,
                   unsigned want) {
  if (got != want && failures++ < 30)
    printf("expected %s %s(%a) = 0x%02x, got 0x%02x\n", format, what, x, want, got);
}

static double value(const Format &f, unsigned code) {
  int bias = (1 << (f.ebits - 1)) - 1;
  unsigned sign = (code >> (f.ebits + f.mbits)) & 1;
  unsigned e = (code >> f.mbits) & ((1u << f.ebits) - 1);
  unsigned m = code & ((1u << f.mbits) - 1);
  double v = e ? std::ldexp(1.0 + m / double(1 << f.mbits), int(e) - bias)
               : std::ldexp(m / double(1 << f.mbits), 1 - bias);
  return sign ? -v : v;
}

// Brute force over the non-negative codes.
static unsigned referenceEncode(const Format &f, double x, bool nearest) {
  unsigned maxCode = (1u << (f.ebits + f.mbits)) - 1;
  unsigned sign = std::signbit(x) ? 1u << (f.ebits + f.mbits) : 0;
  if (std::isnan(x))
    return maxCode;
  double a = std::fabs(x);
  if (a >= value(f, maxCode)) // saturates (infinities too)
    return sign | maxCode;
  unsigned best = 0;
  for (unsigned c = 0; c <= maxCode; ++c) {
    double v = value(f, c);
    if (nearest) {
      double d = std::fabs(v - a), bd = std::fabs(value(f, best) - a);
      if (d < bd || (d == bd && (c & 1) == 0))
        best = c;
    } else if (v <= a) {
      best = c;
    }
  }
  return sign | best;
}

// Per input and format: nearest and toward zero, from double, float, half and
// bfloat16 (the input rounded to each first), then the class (nearest).
constexpr int PerInput = 3 * 9;
__host__ __device__ void encodeAll(double d, unsigned char *o) {
  float f = (float)d;
  __half_raw h = __half_raw(__double2half(d));
  __nv_bfloat16_raw b = __nv_bfloat16_raw(__double2bfloat16(d));
  for (int r = 0; r < 2; ++r) {
    cudaRoundMode mode = r ? cudaRoundZero : cudaRoundNearest;
    for (int k = 0; k < 2; ++k) {
      __nv_fp6_interpretation_t kind = k ? __NV_E3M2 : __NV_E2M3;
      unsigned char *p = o + 9 * k + 4 * r;
      p[0] = __nv_cvt_double_to_fp6(d, kind, mode);
      p[1] = __nv_cvt_float_to_fp6(f, kind, mode);
      p[2] = __nv_cvt_halfraw_to_fp6(h, kind, mode);
      p[3] = __nv_cvt_bfloat16raw_to_fp6(b, kind, mode);
    }
    unsigned char *p = o + 18 + 4 * r;
    p[0] = __nv_cvt_double_to_fp4(d, __NV_E2M1, mode);
    p[1] = __nv_cvt_float_to_fp4(f, __NV_E2M1, mode);
    p[2] = __nv_cvt_halfraw_to_fp4(h, __NV_E2M1, mode);
    p[3] = __nv_cvt_bfloat16raw_to_fp4(b, __NV_E2M1, mode);
  }
  o[8] = __nv_fp6_e2m3(d).__x;
  o[17] = __nv_fp6_e3m2(f).__x;
  o[26] = __nv_fp4_e2m1(f).__x;
}

__global__ void encode(const double *in, int n, unsigned char *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    encodeAll(in[i], out + PerInput * i);
}

// Every code of every format (64 per format; fp4 uses 16): half bits, float
// and the class's float/int conversions.
struct Decoded {
  unsigned short half[3];
  float f[3], fromClass[3];
  int asInt[3];
};
__host__ __device__ void decodeAll(int c, Decoded *d) {
  d->half[0] = __nv_cvt_fp6_to_halfraw(c, __NV_E2M3).x;
  d->half[1] = __nv_cvt_fp6_to_halfraw(c, __NV_E3M2).x;
  d->half[2] = __nv_cvt_fp4_to_halfraw(c & 0xf, __NV_E2M1).x;
  __nv_fp6_e2m3 a;
  a.__x = c;
  __nv_fp6_e3m2 b;
  b.__x = c;
  __nv_fp4_e2m1 e;
  e.__x = c & 0xf;
  d->fromClass[0] = float(a);
  d->fromClass[1] = float(b);
  d->fromClass[2] = float(e);
  d->f[0] = __half2float(__half(__half_raw{d->half[0]}));
  d->f[1] = __half2float(__half(__half_raw{d->half[1]}));
  d->f[2] = __half2float(__half(__half_raw{d->half[2]}));
  d->asInt[0] = int(a);
  d->asInt[1] = int(b);
  d->asInt[2] = int(e);
}
__global__ void decode(Decoded *out) { decodeAll(threadIdx.x, out + threadIdx.x); }

// The packed forms.
struct Packed {
  unsigned short fp6x2;
  unsigned int fp6x4;
  unsigned char fp4x2;
  unsigned short fp4x4, fp4x4FromHalves;
  float2 fp6x2Back;
  float4 fp4x4Back;
};
__host__ __device__ void packAll(Packed *p) {
  p->fp6x2 = __nv_cvt_float2_to_fp6x2(make_float2(1.0f, 2.0f), __NV_E2M3, cudaRoundNearest);
  p->fp6x4 = __nv_fp6x4_e3m2(make_float4(1, 2, 3, 4)).__x;
  p->fp4x2 = __nv_cvt_float2_to_fp4x2(make_float2(1.0f, 2.0f), __NV_E2M1, cudaRoundNearest);
  p->fp4x4 = __nv_fp4x4_e2m1(make_float4(1, 2, 3, 4)).__x;
  p->fp4x4FromHalves =
      __nv_fp4x4_e2m1(__floats2half2_rn(-0.5f, 6.0f), __floats2half2_rn(100.0f, 0.25f)).__x;
  p->fp6x2Back = float2(__nv_fp6x2_e3m2(make_double2(-28.0, 0.0625)));
  p->fp4x4Back = float4(__nv_fp4x4_e2m1(make_float4(0.5f, -1.5f, 3.0f, -6.0f)));
}
__global__ void pack(Packed *p) { packAll(p); }

int main() {
  // Inputs: every code's value, the midpoints between neighbours and their
  // neighbours (ties and just off them), beyond the largest values,
  // specials, and a sweep.
  std::vector<double> in = {0.0, -0.0, INFINITY, -INFINITY, NAN, -NAN, 1e-300, -1e-300,
                            1e30, -1e30, 7.75, 7.5000001, 29.99, 30.0, 30.01, 6.99, 7.0};
  for (const Format &f : formats) {
    unsigned maxCode = (1u << (f.ebits + f.mbits)) - 1;
    for (unsigned c = 0; c <= maxCode; ++c) {
      double v = value(f, c), next = c < maxCode ? value(f, c + 1) : 2 * v;
      double mid = (v + next) / 2;
      for (double x : {v, mid, std::nextafter(mid, 0.0), std::nextafter(mid, 1e9), next * 0.999})
        in.push_back(x), in.push_back(-x);
    }
  }
  for (int i = 0; i < 2000; ++i)
    in.push_back(std::ldexp(1.0 + (i % 97) / 97.0, i % 13 - 8) * (i & 1 ? -1 : 1));
  int n = (int)in.size();

  double *dIn;
  unsigned char *dOut;
  Decoded *dDec;
  Packed *dPack;
  cudaMalloc(&dIn, n * sizeof(double));
  cudaMalloc(&dOut, n * PerInput);
  cudaMalloc(&dDec, 64 * sizeof(Decoded));
  cudaMalloc(&dPack, sizeof(Packed));
  cudaMemcpy(dIn, in.data(), n * sizeof(double), cudaMemcpyHostToDevice);
  encode<<<(n + 127) / 128, 128>>>(dIn, n, dOut);
  decode<<<1, 64>>>(dDec);
  pack<<<1, 1>>>(dPack);
  cudaError_t e = cudaDeviceSynchronize();
  printf("launch: %s\n", cudaGetErrorName(e));
  std::vector<unsigned char> dev(n * PerInput), host(n * PerInput);
  Decoded devDec[64], hostDec[64];
  Packed devPack, hostPack;
  cudaMemcpy(dev.data(), dOut, n * PerInput, cudaMemcpyDeviceToHost);
  cudaMemcpy(devDec, dDec, sizeof devDec, cudaMemcpyDeviceToHost);
  cudaMemcpy(&devPack, dPack, sizeof devPack, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i)
    encodeAll(in[i], host.data() + PerInput * i);
  for (int c = 0; c < 64; ++c)
    decodeAll(c, hostDec + c);
  packAll(&hostPack);

  for (int side = 0; side < 2; ++side) {
    const unsigned char *out = side ? host.data() : dev.data();
    const char *where = side ? "host" : "device";
    for (int i = 0; i < n; ++i) {
      double d = in[i];
      double asFloat = (float)d;
      double asHalf = __half2float(__double2half(d));
      double asBf16 = __bfloat162float(__double2bfloat16(d));
      if (std::isnan(d))
        asFloat = asHalf = asBf16 = d;
      for (int k = 0; k < 3; ++k) {
        const Format &f = formats[k];
        const unsigned char *p = out + PerInput * i + 9 * k;
        for (int r = 0; r < 2; ++r) {
          bool nearest = r == 0;
          char what[64];
          snprintf(what, sizeof what, "%s %s from double", where, nearest ? "rn" : "rz");
          expect(what, f.name, d, p[4 * r], referenceEncode(f, d, nearest));
          snprintf(what, sizeof what, "%s %s from float", where, nearest ? "rn" : "rz");
          expect(what, f.name, d, p[4 * r + 1], referenceEncode(f, asFloat, nearest));
          snprintf(what, sizeof what, "%s %s from half", where, nearest ? "rn" : "rz");
          expect(what, f.name, d, p[4 * r + 2], referenceEncode(f, asHalf, nearest));
          snprintf(what, sizeof what, "%s %s from bfloat16", where, nearest ? "rn" : "rz");
          expect(what, f.name, d, p[4 * r + 3], referenceEncode(f, asBf16, nearest));
        }
        expect(where, f.name, d, p[8], referenceEncode(f, k == 0 ? d : asFloat, true));
      }
    }
    const Decoded *dec = side ? hostDec : devDec;
    for (int k = 0; k < 3; ++k) {
      const Format &f = formats[k];
      int codes = 1 << (1 + f.ebits + f.mbits);
      for (int c = 0; c < 64; ++c) {
        double want = value(f, c & (codes - 1)); // only the format's bits count
        if (dec[c].f[k] != want || dec[c].fromClass[k] != want ||
            std::signbit(dec[c].f[k]) != std::signbit(want) ||
            dec[c].asInt[k] != (int)want) {
          if (failures++ < 30)
            printf("expected %s %s code 0x%02x = %g (int %d), got %g / %g (int %d)\n", where,
                   f.name, c, want, (int)want, dec[c].f[k], dec[c].fromClass[k],
                   dec[c].asInt[k]);
        }
      }
    }
  }
  auto same = [](float2 a, float2 b) { return a.x == b.x && a.y == b.y; };
  auto same4 = [](float4 a, float4 b) {
    return a.x == b.x && a.y == b.y && a.z == b.z && a.w == b.w;
  };
  if (devPack.fp6x2 != hostPack.fp6x2 || devPack.fp6x4 != hostPack.fp6x4 ||
      devPack.fp4x2 != hostPack.fp4x2 || devPack.fp4x4 != hostPack.fp4x4 ||
      devPack.fp4x4FromHalves != hostPack.fp4x4FromHalves ||
      !same(devPack.fp6x2Back, hostPack.fp6x2Back) ||
      !same4(devPack.fp4x4Back, hostPack.fp4x4Back))
    printf("expected the device's packed values to be the host's\n"), ++failures;
  printf("fp6x2 %04x fp6x4 %08x fp4x2 %02x fp4x4 %04x %04x back %g %g, %g %g %g %g\n",
         devPack.fp6x2, devPack.fp6x4, devPack.fp4x2, devPack.fp4x4, devPack.fp4x4FromHalves,
         devPack.fp6x2Back.x, devPack.fp6x2Back.y, devPack.fp4x4Back.x, devPack.fp4x4Back.y,
         devPack.fp4x4Back.z, devPack.fp4x4Back.w);
  printf("fp6-fp4: %d inputs, %d codes: %s\n", n, 64, failures ? "FAILED" : "PASSED");
  return failures != 0;
}
