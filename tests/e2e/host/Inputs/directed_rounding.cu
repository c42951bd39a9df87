// The directed-rounding intrinsics (__fadd_rd ... __fma_rz, __fmaf_ieee_*)
// and conversions (__int2float_ru ... __double2float_rz) on the host target
// against the host CPU's own IEEE arithmetic in the same rounding mode
// (fesetround), bit for bit: random operands spread over the whole exponent
// range, values near the overflow and subnormal boundaries, signed zeros,
// infinities and NaN.
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#ifndef __CUDA_ARCH__
#pragma STDC FENV_ACCESS ON
#endif

enum Op { Add, Sub, Mul, Div, Rcp, Sqrt, Fma, FmaIeee, NumFloatOps };
enum DOp { DAdd, DSub, DMul, DDiv, DRcp, DSqrt, DFma, NumDoubleOps };
enum Conv { I2F, U2F, LL2F, ULL2F, LL2D, ULL2D, D2F, NumConversions };
static const char *floatNames[] = {"__fadd", "__fsub", "__fmul", "__fdiv",
                                   "__frcp", "__fsqrt", "__fmaf", "__fmaf_ieee"};
static const char *doubleNames[] = {"__dadd", "__dsub", "__dmul", "__ddiv",
                                    "__drcp", "__dsqrt", "__fma"};
static const char *convNames[] = {"__int2float", "__uint2float", "__ll2float",
                                  "__ull2float", "__ll2double", "__ull2double",
                                  "__double2float"};
static const char *modes[] = {"_rd", "_ru", "_rz"};
static const int fenvModes[] = {FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO};

struct Input {
  double a, b, c;
  float fa, fb, fc;
  long long i;
};

#define MODES(F, ...) {F##_rd(__VA_ARGS__), F##_ru(__VA_ARGS__), F##_rz(__VA_ARGS__)}
__global__ void evaluate(const Input *in, int n, float *fout, double *dout,
                         float *cf, double *cd) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n)
    return;
  const Input x = in[k];
  float f[NumFloatOps][3] = {
      MODES(__fadd, x.fa, x.fb), MODES(__fsub, x.fa, x.fb),
      MODES(__fmul, x.fa, x.fb), MODES(__fdiv, x.fa, x.fb),
      MODES(__frcp, x.fa),       MODES(__fsqrt, x.fa),
      MODES(__fmaf, x.fa, x.fb, x.fc), MODES(__fmaf_ieee, x.fa, x.fb, x.fc)};
  double d[NumDoubleOps][3] = {
      MODES(__dadd, x.a, x.b), MODES(__dsub, x.a, x.b), MODES(__dmul, x.a, x.b),
      MODES(__ddiv, x.a, x.b), MODES(__drcp, x.a),      MODES(__dsqrt, x.a),
      MODES(__fma, x.a, x.b, x.c)};
  float c[5][3] = {MODES(__int2float, (int)x.i),
                   MODES(__uint2float, (unsigned)x.i),
                   MODES(__ll2float, x.i),
                   MODES(__ull2float, (unsigned long long)x.i),
                   MODES(__double2float, x.a)};
  double e[2][3] = {MODES(__ll2double, x.i),
                    MODES(__ull2double, (unsigned long long)x.i)};
  memcpy(fout + (size_t)k * NumFloatOps * 3, f, sizeof f);
  memcpy(dout + (size_t)k * NumDoubleOps * 3, d, sizeof d);
  memcpy(cf + (size_t)k * 5 * 3, c, sizeof c);
  memcpy(cd + (size_t)k * 2 * 3, e, sizeof e);
}

// ---- Reference: the CPU in the rounding mode (volatile: no folding). ----
static float floatReference(int op, int mode, float a, float b, float c) {
  volatile float va = a, vb = b, vc = c, r;
  fesetround(fenvModes[mode]);
  switch (op) {
  case Add: r = va + vb; break;
  case Sub: r = va - vb; break;
  case Mul: r = va * vb; break;
  case Div: r = va / vb; break;
  case Rcp: r = 1.0f / va; break;
  case Sqrt: r = sqrtf(va); break;
  default: r = fmaf(va, vb, vc); break;
  }
  fesetround(FE_TONEAREST);
  return r;
}
static double doubleReference(int op, int mode, double a, double b, double c) {
  volatile double va = a, vb = b, vc = c, r;
  fesetround(fenvModes[mode]);
  switch (op) {
  case DAdd: r = va + vb; break;
  case DSub: r = va - vb; break;
  case DMul: r = va * vb; break;
  case DDiv: r = va / vb; break;
  case DRcp: r = 1.0 / va; break;
  case DSqrt: r = sqrt(va); break;
  default: r = fma(va, vb, vc); break;
  }
  fesetround(FE_TONEAREST);
  return r;
}
static double convReference(int conv, int mode, const Input &x) {
  volatile long long i = x.i;
  volatile double a = x.a;
  double r;
  fesetround(fenvModes[mode]);
  switch (conv) {
  case I2F: r = (float)(int)i; break;
  case U2F: r = (float)(unsigned)i; break;
  case LL2F: r = (float)i; break;
  case ULL2F: r = (float)(unsigned long long)i; break;
  case LL2D: r = (double)i; break;
  case ULL2D: r = (double)(unsigned long long)i; break;
  default: r = (float)a; break;
  }
  fesetround(FE_TONEAREST);
  return r;
}

static uint64_t state = 0x9e3779b97f4a7c15ull;
static uint64_t next() {
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return state;
}
// Random bits with the exponent biased toward the interesting ranges.
static double randomDouble() {
  uint64_t bits = next();
  switch (next() % 4) {
  case 0: return (double)(int64_t)(next() % 2000001 - 1000000) / 64.0;
  case 1: { // small exponent range: cancellations and exact results
    double v = ldexp((double)(next() >> 11), -53 + (int)(next() % 9) - 4);
    return next() & 1 ? -v : v;
  }
  default: { memcpy(&bits, &bits, 8); double v; memcpy(&v, &bits, 8);
    return std::isnan(v) ? 1.5 : v; }
  }
}
static float randomFloat() {
  uint32_t bits = (uint32_t)next();
  switch (next() % 4) {
  case 0: return (float)(int)(next() % 20001 - 10000) / 16.0f;
  case 1: {
    float v = ldexpf((float)(next() >> 40), -24 + (int)(next() % 9) - 4);
    return next() & 1 ? -v : v;
  }
  default: { float v; memcpy(&v, &bits, 4); return std::isnan(v) ? 1.5f : v; }
  }
}

static bool same(double x, double y) {
  return (std::isnan(x) && std::isnan(y)) || memcmp(&x, &y, 8) == 0;
}
static bool samef(float x, float y) {
  return (std::isnan(x) && std::isnan(y)) || memcmp(&x, &y, 4) == 0;
}

int main() {
  std::vector<Input> in;
  const double specials[] = {0.0, -0.0, 1.0, -1.0, 3.0, 0.1, INFINITY,
                             -INFINITY, NAN, 0x1p-1074, -0x1p-1074,
                             0x1.fffffffffffffp1023, -0x1.fffffffffffffp1023,
                             0x1p-1022, 0x1.8p-1000, 0x1p-540, 0x1p512,
                             0x1.0000000000001p0, 0x1p-60};
  const float fspecials[] = {0.0f, -0.0f, 1.0f, -1.0f, 3.0f, 0.1f, INFINITY,
                             -INFINITY, NAN, 0x1p-149f, -0x1p-149f,
                             0x1.fffffep127f, -0x1.fffffep127f, 0x1p-126f,
                             0x1.8p-120f, 0x1p-70f, 0x1p64f, 0x1.000002p0f,
                             0x1p-30f};
  const long long ints[] = {0, 1, -1, 16777217, -16777217, 0x7fffffff,
                            (long long)0x80000000u, 0x7fffffffffffffffll,
                            (long long)0x8000000000000000ull, 9007199254740993ll,
                            -9007199254740993ll, (long long)0xffffffffffffffffull};
  int ns = sizeof specials / sizeof specials[0];
  for (int i = 0; i < ns; ++i)
    for (int j = 0; j < ns; ++j)
      for (int k = 0; k < ns; k += 3)
        in.push_back({specials[i], specials[j], specials[k], fspecials[i],
                      fspecials[j], fspecials[k],
                      ints[(i + j) % (sizeof ints / sizeof ints[0])]});
  for (int i = 0; i < 60000; ++i) {
    Input x{randomDouble(), randomDouble(), randomDouble(), randomFloat(),
            randomFloat(), randomFloat(), (long long)next()};
    if (i % 3 == 0) { // products near c: fma cancellation
      x.c = -(x.a * x.b) * (1 + ldexp((double)(int)(next() % 5) - 2, -52));
      x.fc = -(x.fa * x.fb) * (1 + ldexpf((float)(int)(next() % 5) - 2, -23));
    }
    if (i % 5 == 1) // exact sums / differences near zero
      x.b = -x.a * (1 + ldexp((double)(int)(next() % 3) - 1, -52)),
      x.fb = -x.fa * (1 + ldexpf((float)(int)(next() % 3) - 1, -23));
    if (i % 7 == 2) // integers in float's and double's inexact ranges
      x.i >>= next() % 40;
    in.push_back(x);
  }
  int n = (int)in.size();
  Input *dIn;
  float *f, *cf;
  double *d, *cd;
  cudaMallocManaged(&dIn, n * sizeof(Input));
  cudaMallocManaged(&f, (size_t)n * NumFloatOps * 3 * sizeof(float));
  cudaMallocManaged(&d, (size_t)n * NumDoubleOps * 3 * sizeof(double));
  cudaMallocManaged(&cf, (size_t)n * 5 * 3 * sizeof(float));
  cudaMallocManaged(&cd, (size_t)n * 2 * 3 * sizeof(double));
  memcpy(dIn, in.data(), n * sizeof(Input));
  evaluate<<<(n + 127) / 128, 128>>>(dIn, n, f, d, cf, cd);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("launch failed\n");
    return 1;
  }
  int failures = 0;
  for (int op = 0; op < NumFloatOps; ++op)
    for (int m = 0; m < 3; ++m) {
      int bad = 0;
      for (int k = 0; k < n; ++k) {
        const Input &x = in[k];
        float want = floatReference(op, m, x.fa, x.fb, x.fc),
              got = f[((size_t)k * NumFloatOps + op) * 3 + m];
        if (!samef(got, want) && bad++ < 3)
          printf("%s%s(%a, %a, %a) = %a, expected %a\n", floatNames[op],
                 modes[m], x.fa, x.fb, x.fc, got, want);
      }
      failures += bad != 0;
    }
  for (int op = 0; op < NumDoubleOps; ++op)
    for (int m = 0; m < 3; ++m) {
      int bad = 0;
      for (int k = 0; k < n; ++k) {
        const Input &x = in[k];
        double want = doubleReference(op, m, x.a, x.b, x.c),
               got = d[((size_t)k * NumDoubleOps + op) * 3 + m];
        if (!same(got, want) && bad++ < 3)
          printf("%s%s(%a, %a, %a) = %a, expected %a\n", doubleNames[op],
                 modes[m], x.a, x.b, x.c, got, want);
      }
      failures += bad != 0;
    }
  const int floatConv[] = {I2F, U2F, LL2F, ULL2F, D2F};
  for (int c = 0; c < NumConversions; ++c)
    for (int m = 0; m < 3; ++m) {
      int bad = 0;
      for (int k = 0; k < n; ++k) {
        const Input &x = in[k];
        double want = convReference(c, m, x), got;
        if (c == LL2D || c == ULL2D)
          got = cd[((size_t)k * 2 + (c - LL2D)) * 3 + m];
        else {
          int slot = 0;
          while (floatConv[slot] != c) ++slot;
          got = cf[((size_t)k * 5 + slot) * 3 + m];
        }
        if (!same(got, want) && bad++ < 3)
          printf("%s%s(%lld / %a) = %a, expected %a\n", convNames[c], modes[m],
                 x.i, x.a, got, want);
      }
      failures += bad != 0;
    }
  printf("%d functions, %d inputs\n", (NumFloatOps + NumDoubleOps +
                                        NumConversions) * 3, n);
  printf(failures ? "directed rounding: FAILED\n"
                  : "directed rounding: PASSED\n");
  return failures != 0;
}
