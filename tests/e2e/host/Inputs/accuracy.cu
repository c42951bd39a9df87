// The accuracy suite: every row of accuracy.def (a device math function over
// a domain, with the maximum error CUDA documents there) evaluated in device
// code over random inputs (random bit patterns across the domain's binades,
// uniform values, and the special values) and compared with a reference
// computed on the host in long double (64-bit significand) or, for IEEE
// operations, with the CPU's own correctly rounded arithmetic.
//
//   accuracy [--samples N] [--verbose] [--results FILE]
//   accuracy [--samples N] --markdown [--gfx942 FILE]
//
// prints "FAIL" lines for rows over their bound and "accuracy: PASSED" when
// none is; --results also writes each row's maximum error to FILE.
// --markdown prints the table of docs/math-accuracy.table.md: this run's
// maxima (the host target) and, with --gfx942, the column of the results
// FILE of a gfx942-emulated build (the AMD lowering and device library run
// on the CPU, docs/amdgpu-emulation.md).
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#pragma STDC FENV_ACCESS ON

// ---- The rows ---------------------------------------------------------------
enum RowId {
#define ACCURACY_F(Id, ...) F_##Id,
#define ACCURACY_D(Id, ...) D_##Id,
#define ACCURACY_H(Id, ...) H_##Id,
#define ACCURACY_B(Id, ...) B_##Id,
#include "accuracy.def"
#undef ACCURACY_F
#undef ACCURACY_D
#undef ACCURACY_H
#undef ACCURACY_B
  NumRows
};

// ---- Device side --------------------------------------------------------------
__device__ float sincosSine(float x) { float s, c; sincosf(x, &s, &c); return s; }
__device__ float sincosCosine(float x) { float s, c; sincosf(x, &s, &c); return c; }
__device__ double sincosSine(double x) { double s, c; sincos(x, &s, &c); return s; }
__device__ double sincosCosine(double x) { double s, c; sincos(x, &s, &c); return c; }
__device__ float sincospiSine(float x) { float s, c; sincospif(x, &s, &c); return s; }
__device__ float sincospiCosine(float x) { float s, c; sincospif(x, &s, &c); return c; }
__device__ double sincospiSine(double x) { double s, c; sincospi(x, &s, &c); return s; }
__device__ double sincospiCosine(double x) { double s, c; sincospi(x, &s, &c); return c; }
__device__ float frexpFraction(float x) { int e; return frexpf(x, &e); }
__device__ double frexpFraction(double x) { int e; return frexp(x, &e); }
__device__ float modfFraction(float x) { float i; return modff(x, &i); }
__device__ double modfFraction(double x) { double i; return modf(x, &i); }

__device__ float evalFloat(int row, float x, float y, float z, float w) {
  switch (row) {
#define ACCURACY_F(Id, Label, Call, ...) case F_##Id: return Call;
#define ACCURACY_D(...)
#define ACCURACY_H(...)
#define ACCURACY_B(...)
#include "accuracy.def"
#undef ACCURACY_F
#undef ACCURACY_D
#undef ACCURACY_H
#undef ACCURACY_B
  }
  return 0;
}

__device__ double evalDouble(int row, double x, double y, double z, double w) {
  switch (row) {
#define ACCURACY_F(...)
#define ACCURACY_D(Id, Label, Call, ...) case D_##Id: return Call;
#define ACCURACY_H(...)
#define ACCURACY_B(...)
#include "accuracy.def"
#undef ACCURACY_F
#undef ACCURACY_D
#undef ACCURACY_H
#undef ACCURACY_B
  }
  return 0;
}

__device__ unsigned short evalHalf(int row, unsigned short a, unsigned short b,
                                   unsigned short c) {
  __half x = __ushort_as_half(a), y = __ushort_as_half(b),
         z = __ushort_as_half(c);
  switch (row) {
#define ACCURACY_F(...)
#define ACCURACY_D(...)
#define ACCURACY_H(Id, Label, Call, ...)                                       \
  case H_##Id: return __half_as_ushort(Call);
#define ACCURACY_B(...)
#include "accuracy.def"
#undef ACCURACY_F
#undef ACCURACY_D
#undef ACCURACY_H
#undef ACCURACY_B
  }
  return 0;
}

__device__ unsigned short evalBfloat(int row, unsigned short a,
                                     unsigned short b, unsigned short c) {
  __nv_bfloat16 x = __ushort_as_bfloat16(a), y = __ushort_as_bfloat16(b),
                z = __ushort_as_bfloat16(c);
  switch (row) {
#define ACCURACY_F(...)
#define ACCURACY_D(...)
#define ACCURACY_H(...)
#define ACCURACY_B(Id, Label, Call, ...)                                       \
  case B_##Id: return __bfloat16_as_ushort(Call);
#include "accuracy.def"
#undef ACCURACY_F
#undef ACCURACY_D
#undef ACCURACY_H
#undef ACCURACY_B
  }
  return 0;
}

// One thread per sample: in[k * n + i] is argument k of sample i.
__global__ void evaluateFloat(int row, const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = evalFloat(row, in[i], in[n + i], in[2 * n + i], in[3 * n + i]);
}
__global__ void evaluateDouble(int row, const double *in, double *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = evalDouble(row, in[i], in[n + i], in[2 * n + i], in[3 * n + i]);
}
__global__ void evaluateNarrow(int row, bool bf16, const unsigned short *in,
                               unsigned short *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = bf16 ? evalBfloat(row, in[i], in[n + i], in[2 * n + i])
                  : evalHalf(row, in[i], in[n + i], in[2 * n + i]);
}

// ---- Host side: formats, rounding, ulps ---------------------------------------
typedef long double LD;

struct Format {
  const char *name;
  int p, emin, emax; // significand bits, exponent range of normal numbers
};
static const Format FloatFormat{"float", 24, -126, 127};
static const Format DoubleFormat{"double", 53, -1022, 1023};
static const Format HalfFormat{"__half", 11, -14, 15};
static const Format BfloatFormat{"__nv_bfloat16", 8, -126, 127};

static LD largest(const Format &f) {
  return ldexpl(2 - ldexpl(1, 1 - f.p), f.emax);
}

// v correctly rounded (to nearest even) to the format.
static LD roundTo(LD v, const Format &f) {
  if (v == 0 || std::isnan(v) || std::isinf(v))
    return v;
  int q = std::max(ilogbl(v), f.emin) - (f.p - 1);
  LD r = ldexpl(nearbyintl(ldexpl(v, -q)), q);
  if (fabsl(r) > largest(f))
    return copysignl(INFINITY, v);
  return r == 0 ? copysignl(0, v) : r;
}

static LD ulpOf(LD v, const Format &f) {
  int e = v == 0 ? f.emin : std::min(std::max(ilogbl(v), f.emin), f.emax);
  return ldexpl(1, e - (f.p - 1));
}

// ---- Host side: references ------------------------------------------------------
using std::ceil;
using std::exp2;
using std::fabs;
using std::floor;

static int scratch;
static LD scratchl;

static LD norm(LD x, LD y, LD z, LD w) {
  if (std::isinf(x) || std::isinf(y) || std::isinf(z) || std::isinf(w))
    return INFINITY;
  return sqrtl(x * x + y * y + z * z + w * w); // never overflows long double
}

// sin(pi x), cos(pi x): x reduced exactly to [-1/4, 1/4] first.
static LD sinPi(LD x) {
  if (std::isinf(x) || std::isnan(x))
    return NAN;
  LD y = fmodl(x, 2);
  if (y > 1)
    y -= 2;
  else if (y < -1)
    y += 2;
  LD a = fabsl(y), r;
  const LD pi = 3.141592653589793238462643383279502884L;
  if (a <= 0.25L)
    return y == 0 ? y : sinl(pi * y);
  if (a <= 0.75L)
    r = cosl(pi * (a - 0.5L));
  else
    r = sinl(pi * (1 - a));
  return y < 0 ? -r : r;
}
static LD cosPi(LD x) {
  if (std::isinf(x) || std::isnan(x))
    return NAN;
  LD a = fmodl(fabsl(x), 2);
  if (a > 1)
    a = 2 - a;
  const LD pi = 3.141592653589793238462643383279502884L;
  if (a <= 0.25L)
    return cosl(pi * a);
  if (a <= 0.75L)
    return sinl(pi * (0.5L - a));
  return -cosl(pi * (1 - a));
}

// The x > 0 with erfc(x) = q, for 0 < q <= 1, by bisection in long double.
static LD erfcInvSmall(LD q) {
  LD lo = 0, hi = 1;
  while (erfcl(hi) > q)
    hi *= 2;
  for (int i = 0; i < 200 && lo < hi; ++i) {
    LD mid = (lo + hi) / 2;
    if (mid == lo || mid == hi)
      break;
    if (erfcl(mid) > q)
      lo = mid;
    else
      hi = mid;
  }
  return (lo + hi) / 2;
}
static LD erfcInv(LD q) {
  if (std::isnan(q) || q < 0 || q > 2)
    return NAN;
  if (q == 0)
    return INFINITY;
  if (q == 2)
    return -INFINITY;
  if (q == 1)
    return 0;
  return q < 1 ? erfcInvSmall(q) : -erfcInvSmall(2 - q);
}
static LD erfInv(LD y) {
  if (std::isnan(y) || fabsl(y) > 1)
    return NAN;
  if (fabsl(y) < 1e-12L) // erfinv(y) = sqrt(pi)/2 (y + pi/12 y^3 + ...)
    return y * 0.886226925452758013649083741671L;
  // erfinv(y) = erfcinv(1 - y); 1 - |y| is exact for |y| >= 1/2.
  if (fabsl(y) >= 0.5L) {
    LD r = fabsl(y) == 1 ? INFINITY : erfcInvSmall(1 - fabsl(y));
    return y < 0 ? -r : r;
  }
  LD lo = 0, hi = 1, a = fabsl(y);
  for (int i = 0; i < 200; ++i) {
    LD mid = (lo + hi) / 2;
    if (mid == lo || mid == hi)
      break;
    if (erfl(mid) < a)
      lo = mid;
    else
      hi = mid;
  }
  return y < 0 ? -(lo + hi) / 2 : (lo + hi) / 2;
}
static LD erfcx(LD x) {
  if (std::isnan(x))
    return x;
  if (x == INFINITY)
    return 0;
  if (x < -110) // exp(x^2) overflows even long double
    return INFINITY;
  if (x > 100) { // the asymptotic series 1/(x sqrt(pi)) sum (-1)^k (2k-1)!!/(2x^2)^k
    LD t = 1, s = 1, u = 1 / (2 * x * x);
    for (int k = 1; k < 12; ++k) {
      t *= -(2 * k - 1) * u;
      s += t;
    }
    return s / (x * 1.772453850905516027298167483341145183L);
  }
  LD h = x * x, l = fmal(x, x, -h); // x^2 = h + l exactly
  return expl(h) * (1 + l) * erfcl(x);
}
static LD normCdf(LD x) {
  return erfcl(-x / 1.414213562373095048801688724209698079L) / 2;
}
static LD normCdfInv(LD p) {
  return -1.414213562373095048801688724209698079L * erfcInv(2 * p);
}
// Modified Bessel functions of the first kind by their power series (all
// terms positive: no cancellation).
static LD besselI(int order, LD x) {
  if (std::isnan(x))
    return x;
  if (fabsl(x) > 1000)
    return order && x < 0 ? -INFINITY : INFINITY;
  LD q = x * x / 4, t = order ? x / 2 : 1, s = t;
  for (int k = 1; k < 4000; ++k) {
    t *= q / ((LD)k * (k + order));
    s += t;
    if (fabsl(t) < fabsl(s) * 1e-22L)
      break;
  }
  return s;
}
static LD besselI0(LD x) { return besselI(0, x); }
static LD besselI1(LD x) { return besselI(1, x); }
// a + b for values of a format of at most 12 significant bits (the product
// of two of them is exact in long double), as a long double that rounds to
// that format as the exact sum does: when the rounded sum s is one of the
// format's midpoints and not exact, it moves one long double ulp toward the
// exact sum.
static LD exactSum(LD a, LD b) {
  LD s = a + b;
  if (!std::isfinite(s) || s == 0)
    return s;
  LD bb = s - a, t = (a - (s - bb)) + (b - bb); // a + b = s + t exactly
  LD m = ldexpl(s, 11 - ilogbl(s));
  if (t != 0 && m == truncl(m))
    s = nextafterl(s, t > 0 ? INFINITY : -INFINITY);
  return s;
}
static LD saturate(LD x) {
  return std::isnan(x) || x <= 0 ? 0 : x > 1 ? 1 : x; // -0 gives +0
}

// IEEE operations on the CPU in a rounding mode (volatile: no folding).
enum Op { Add, Sub, Mul, Div, Rcp, Sqrt, Fma };
static const int RoundingModes[] = {FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD,
                                    FE_DOWNWARD};
template <typename T> static T inMode(int mode, Op op, T a, T b = 0, T c = 0) {
  volatile T va = a, vb = b, vc = c, r;
  fesetround(mode);
  switch (op) {
  case Add: r = va + vb; break;
  case Sub: r = va - vb; break;
  case Mul: r = va * vb; break;
  case Div: r = va / vb; break;
  case Rcp: r = T(1) / va; break;
  case Sqrt: r = std::sqrt((T)va); break;
  case Fma: r = std::fma((T)va, (T)vb, (T)vc); break;
  }
  fesetround(FE_TONEAREST);
  return r;
}

// ---- Host side: the table -------------------------------------------------------
enum Error { ULP, ABS, REL, NOTDOC };
enum Kind { Unused, Full, Range };
struct Domain {
  Kind kind;
  LD lo, hi;
};
static Domain domain(Kind kind, LD lo, LD hi) { return Domain{kind, lo, hi}; }
#define ALL domain(Full, -INFINITY, INFINITY)
#define NONE domain(Unused, 0, 0)
#define R(Lo, Hi) domain(Range, Lo, Hi)

typedef LD (*Reference)(const LD *);
typedef LD (*BoundFn)(LD);
struct Row {
  int id;
  const Format *format;
  const char *label, *call, *bound;
  Reference reference;
  Error error;
  BoundFn boundOf;
  Domain domain[4];
};

// The reference of a float/double row sees its arguments both as the
// row's type (x, y, z, w) and as long double (X, Y, Z, W).
#define ROW(Prefix, Fmt, T, Id, Label, Call, Ref, Err, Bound, D0, D1, D2, D3)   \
  {Prefix##_##Id,                                                              \
   &Fmt,                                                                       \
   Label,                                                                      \
   #Call,                                                                      \
   #Bound,                                                                     \
   [](const LD *a) -> LD {                                                     \
     T x = (T)a[0], y = (T)a[1], z = (T)a[2], w = (T)a[3];                     \
     LD X = a[0], Y = a[1], Z = a[2], W = a[3];                                \
     (void)x, (void)y, (void)z, (void)w, (void)X, (void)Y, (void)Z, (void)W;   \
     return (LD)(Ref);                                                         \
   },                                                                          \
   Err,                                                                        \
   [](LD X) -> LD { (void)X; return (LD)(Bound); },                            \
   {D0, D1, D2, D3}},
static const Row Rows[] = {
#define ACCURACY_F(Id, ...) ROW(F, FloatFormat, float, Id, __VA_ARGS__)
#define ACCURACY_D(Id, ...) ROW(D, DoubleFormat, double, Id, __VA_ARGS__)
#define ACCURACY_H(Id, ...) ROW(H, HalfFormat, LD, Id, __VA_ARGS__)
#define ACCURACY_B(Id, ...) ROW(B, BfloatFormat, LD, Id, __VA_ARGS__)
#include "accuracy.def"
#undef ACCURACY_F
#undef ACCURACY_D
#undef ACCURACY_H
#undef ACCURACY_B
};
#undef ROW

// ---- Host side: sampling ----------------------------------------------------------
static bool inside(LD v, const Domain &d) {
  if (d.kind == Full)
    return true;
  return v >= d.lo && v <= d.hi;
}

// A random value of the format in d: a random binade among those d spans,
// then random significand bits.
static bool randomBits(std::mt19937_64 &rng, const Format &f, const Domain &d,
                       LD &out) {
  LD lo = std::max(d.lo, -largest(f)), hi = std::min(d.hi, largest(f));
  for (int attempt = 0; attempt < 64; ++attempt) {
    bool negative = hi <= 0 || (lo < 0 && (rng() & 1));
    LD mlo = negative ? std::max(-hi, (LD)0) : std::max(lo, (LD)0);
    LD mhi = negative ? -lo : hi;
    int subnormalLow = f.emin - (f.p - 1);
    int elo = mlo == 0 ? subnormalLow : ilogbl(mlo);
    int ehi = ilogbl(mhi);
    int e = elo + (int)(rng() % (uint64_t)(ehi - elo + 1));
    int bits = e >= f.emin ? f.p - 1 : e - subnormalLow;
    uint64_t k = bits ? rng() >> (64 - bits) : 0;
    LD v = ldexpl(1 + ldexpl((LD)k, -bits), e);
    if (negative)
      v = -v;
    if (v >= lo && v <= hi) {
      out = v;
      return true;
    }
  }
  return false;
}

static bool uniform(std::mt19937_64 &rng, const Format &f, const Domain &d,
                    LD clip, LD &out) {
  LD lo = std::max(d.lo, -clip), hi = std::min(d.hi, clip);
  if (!(lo < hi))
    return false;
  for (int attempt = 0; attempt < 16; ++attempt) {
    LD u = (LD)(rng() >> 11) * 0x1p-53L;
    LD v = roundTo(lo + (hi - lo) * u, f);
    if (v >= lo && v <= hi) {
      out = v;
      return true;
    }
  }
  return false;
}

static std::vector<LD> specialValues(const Format &f, const Domain &d) {
  LD all[] = {0,
              -0.0L,
              INFINITY,
              -INFINITY,
              NAN,
              ldexpl(1, f.emin - (f.p - 1)),
              -ldexpl(1, f.emin - (f.p - 1)),
              ldexpl(1, f.emin),
              -ldexpl(1, f.emin),
              largest(f),
              -largest(f),
              1,
              -1,
              0.5L,
              2};
  std::vector<LD> out;
  for (LD v : all)
    if (d.kind == Full || (!std::isnan(v) && inside(v, d)))
      out.push_back(v);
  for (LD v : {d.lo, d.hi}) { // a range's own ends, where representable
    LD r = roundTo(v, f);
    if (d.kind == Range && std::isfinite(r) && inside(r, d))
      out.push_back(r);
  }
  return out;
}

// Samples x arguments: in[k][i] is argument k of sample i.
static std::vector<std::vector<LD>> sample(const Row &row, int count) {
  std::mt19937_64 rng(0x5eed + row.id);
  const Format &f = *row.format;
  int arity = 0;
  while (arity < 4 && row.domain[arity].kind != Unused)
    ++arity;
  std::vector<std::vector<LD>> in(4);
  // Special values: every combination while there are few, else random ones.
  std::vector<std::vector<LD>> specials;
  size_t combinations = 1;
  for (int k = 0; k < arity; ++k) {
    specials.push_back(specialValues(f, row.domain[k]));
    combinations *= specials.back().size();
  }
  if (combinations <= 4096) {
    for (size_t c = 0; c < combinations; ++c) {
      size_t r = c;
      for (int k = 0; k < arity; ++k) {
        in[k].push_back(specials[k][r % specials[k].size()]);
        r /= specials[k].size();
      }
    }
  } else {
    for (int c = 0; c < 4096; ++c)
      for (int k = 0; k < arity; ++k)
        in[k].push_back(specials[k][rng() % specials[k].size()]);
  }
  for (int i = 0; i < count; ++i)
    for (int k = 0; k < arity; ++k) {
      LD v = 0;
      int how = (int)(rng() % 3);
      bool ok = how == 0 ? randomBits(rng, f, row.domain[k], v)
                : how == 1 ? uniform(rng, f, row.domain[k], 1000, v)
                           : uniform(rng, f, row.domain[k], 8, v);
      if (!ok && !randomBits(rng, f, row.domain[k], v) &&
          !uniform(rng, f, row.domain[k], INFINITY, v))
        v = roundTo(row.domain[k].lo, f);
      in[k].push_back(v);
    }
  for (int k = arity; k < 4; ++k)
    in[k].assign(in[0].size(), 0);
  return in;
}

// ---- Host side: evaluation ----------------------------------------------------------
static std::vector<LD> evaluate(const Row &row,
                                const std::vector<std::vector<LD>> &in) {
  int n = (int)in[0].size();
  std::vector<LD> out(n);
  const int block = 256, grid = (n + block - 1) / block;
  if (row.format == &FloatFormat || row.format == &DoubleFormat) {
    bool isFloat = row.format == &FloatFormat;
    size_t size = isFloat ? sizeof(float) : sizeof(double);
    void *dIn, *dOut;
    cudaMalloc(&dIn, 4 * n * size);
    cudaMalloc(&dOut, n * size);
    std::vector<char> hIn(4 * n * size), hOut(n * size);
    for (int k = 0; k < 4; ++k)
      for (int i = 0; i < n; ++i) {
        if (isFloat)
          ((float *)hIn.data())[k * n + i] = (float)in[k][i];
        else
          ((double *)hIn.data())[k * n + i] = (double)in[k][i];
      }
    cudaMemcpy(dIn, hIn.data(), hIn.size(), cudaMemcpyHostToDevice);
    if (isFloat)
      evaluateFloat<<<grid, block>>>(row.id, (float *)dIn, (float *)dOut, n);
    else
      evaluateDouble<<<grid, block>>>(row.id, (double *)dIn, (double *)dOut,
                                      n);
    cudaMemcpy(hOut.data(), dOut, hOut.size(), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i)
      out[i] = isFloat ? (LD)((float *)hOut.data())[i]
                       : (LD)((double *)hOut.data())[i];
    cudaFree(dIn);
    cudaFree(dOut);
    return out;
  }
  bool bf16 = row.format == &BfloatFormat;
  std::vector<unsigned short> hIn(4 * n), hOut(n);
  for (int k = 0; k < 4; ++k)
    for (int i = 0; i < n; ++i) {
      float v = (float)in[k][i]; // exact: the value is of the narrow format
      unsigned bits;
      memcpy(&bits, &v, 4);
      if (bf16) {
        hIn[k * n + i] = (unsigned short)(bits >> 16);
      } else {
        _Float16 h = (_Float16)v;
        memcpy(&hIn[k * n + i], &h, 2);
      }
    }
  unsigned short *dIn, *dOut;
  cudaMalloc(&dIn, hIn.size() * 2);
  cudaMalloc(&dOut, n * 2);
  cudaMemcpy(dIn, hIn.data(), hIn.size() * 2, cudaMemcpyHostToDevice);
  evaluateNarrow<<<grid, block>>>(row.id, bf16, dIn, dOut, n);
  cudaMemcpy(hOut.data(), dOut, n * 2, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    float v;
    if (bf16) {
      unsigned bits = (unsigned)hOut[i] << 16;
      memcpy(&v, &bits, 4);
    } else {
      _Float16 h;
      memcpy(&h, &hOut[i], 2);
      v = (float)h;
    }
    out[i] = v;
  }
  cudaFree(dIn);
  cudaFree(dOut);
  return out;
}

// The error of one result against the exact reference, in the row's unit.
static LD errorOf(const Row &row, LD got, LD ref, bool &exact) {
  const Format &f = *row.format;
  exact = false;
  if (std::isnan(ref) || std::isnan(got)) {
    exact = std::isnan(ref) && std::isnan(got);
    return exact ? 0 : INFINITY;
  }
  LD rounded = roundTo(ref, f);
  exact = got == rounded && std::signbit(got) == std::signbit(rounded);
  if (std::isinf(ref) || std::isinf(rounded)) {
    if (got == rounded)
      return 0;
    if (std::isinf(ref))
      return INFINITY;
  }
  LD g = std::isinf(got) ? copysignl(ldexpl(1, f.emax + 1), got) : got;
  LD diff = fabsl(g - ref);
  switch (row.error) {
  case ULP:
  case NOTDOC:
    return diff / ulpOf(ref, f);
  case ABS:
    return diff;
  case REL:
    return ref == 0 ? (got == 0 ? 0 : INFINITY) : diff / fabsl(ref);
  }
  return INFINITY;
}

struct Result {
  LD maxError = 0;
  long failures = 0, samples = 0;
  LD worst[4] = {0, 0, 0, 0}, worstGot = 0, worstRef = 0;
  LD firstFailure[4] = {0, 0, 0, 0}, failureGot = 0, failureRef = 0;
};

static Result run(const Row &row, int count) {
  std::vector<std::vector<LD>> in = sample(row, count);
  std::vector<LD> got = evaluate(row, in);
  Result r;
  r.samples = (long)got.size();
  for (size_t i = 0; i < got.size(); ++i) {
    LD args[4] = {in[0][i], in[1][i], in[2][i], in[3][i]};
    LD ref = row.reference(args);
    bool exact;
    LD e = errorOf(row, got[i], ref, exact);
    LD bound = row.boundOf(args[0]);
    bool ok = (row.error == ULP || row.error == NOTDOC) && bound == 0
                  ? exact
              : row.error == ULP || row.error == NOTDOC ? e <= bound + 0.5L
                                                        : e <= bound;
    if (e > r.maxError || (std::isnan(e) && !std::isnan(r.maxError))) {
      r.maxError = e;
      memcpy(r.worst, args, sizeof args);
      r.worstGot = got[i];
      r.worstRef = ref;
    }
    if (!ok && r.failures++ == 0) {
      memcpy(r.firstFailure, args, sizeof args);
      r.failureGot = got[i];
      r.failureRef = ref;
    }
  }
  return r;
}

static std::string domainText(const Row &row) {
  std::string s;
  for (int k = 0; k < 4 && row.domain[k].kind != Unused; ++k) {
    const Domain &d = row.domain[k];
    char buffer[96];
    if (d.kind == Full)
      snprintf(buffer, sizeof buffer, "all");
    else
      snprintf(buffer, sizeof buffer, "[%.6Lg, %.6Lg]", d.lo, d.hi);
    if (k)
      s += " × ";
    s += buffer;
  }
  return s;
}

static const char *unitOf(const Row &row) {
  switch (row.error) {
  case ULP: return "ulp";
  case ABS: return "absolute";
  case REL: return "relative";
  case NOTDOC: return "ulp (not documented)";
  }
  return "";
}

static std::string boundText(const Row &row) {
  std::string s = row.bound;
  for (char &c : s)
    if (c == 'X')
      c = 'x';
  return s;
}

static void printArgs(const Row &row, const LD *a) {
  for (int k = 0; k < 4 && row.domain[k].kind != Unused; ++k)
    printf("%s%.21Lg", k ? ", " : "", a[k]);
}

// The maxima of another run (--results), by row.
struct Column {
  int samples = 0;
  std::vector<LD> maxError;
  std::vector<long> failures;
};

static bool readColumn(const char *path, Column &c) {
  FILE *f = fopen(path, "r");
  if (!f)
    return false;
  c.maxError.assign(NumRows, NAN);
  c.failures.assign(NumRows, 0);
  bool ok = fscanf(f, "samples %d", &c.samples) == 1;
  int index;
  LD e;
  long failures;
  while (ok && fscanf(f, "%d %Lg %ld", &index, &e, &failures) == 3)
    if (index >= 0 && index < NumRows) {
      c.maxError[index] = e;
      c.failures[index] = failures;
    }
  fclose(f);
  return ok;
}

int main(int argc, char **argv) {
  int count = 2048;
  bool verbose = false, markdown = false;
  const char *resultsPath = nullptr, *gfxPath = nullptr;
  for (int i = 1; i < argc; ++i) {
    if (!strcmp(argv[i], "--samples") && i + 1 < argc)
      count = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--verbose"))
      verbose = true;
    else if (!strcmp(argv[i], "--markdown"))
      markdown = true;
    else if (!strcmp(argv[i], "--results") && i + 1 < argc)
      resultsPath = argv[++i];
    else if (!strcmp(argv[i], "--gfx942") && i + 1 < argc)
      gfxPath = argv[++i];
  }
  Column gfx;
  if (gfxPath && !readColumn(gfxPath, gfx)) {
    printf("FAIL: cannot read %s\n", gfxPath);
    return 1;
  }
  FILE *results = resultsPath ? fopen(resultsPath, "w") : nullptr;
  if (resultsPath && !results) {
    printf("FAIL: cannot write %s\n", resultsPath);
    return 1;
  }
  if (results)
    fprintf(results, "samples %d\n", count);
  if (markdown) {
    printf("<!-- Generated by `accuracy --markdown` "
           "(tests/e2e/host/Inputs/accuracy.cu, scripts/gen-docs.sh) from "
           "accuracy.def; do not edit. -->\n");
    printf("| Function | Type | Domain | Error | Documented bound | Measured "
           "max (host target, %d random samples + special values) |",
           count);
    if (gfxPath)
      printf(" gfx942 (gfx942-emulated, %d samples + special values) |",
             gfx.samples);
    printf("\n|---|---|---|---|---|---|%s\n", gfxPath ? "---|" : "");
  }
  int failed = 0;
  long samples = 0;
  for (const Row &row : Rows) {
    Result r = run(row, count);
    samples += r.samples;
    if (results)
      fprintf(results, "%d %.6Lg %ld\n", row.id, r.maxError, r.failures);
    if (markdown) {
      printf("| `%s` | %s | %s | %s | %s | %.3Lg%s |", row.label,
             row.format->name, domainText(row).c_str(), unitOf(row),
             boundText(row).c_str(), r.maxError, r.failures ? " (over)" : "");
      if (gfxPath)
        printf(" %.3Lg%s |", gfx.maxError[row.id],
               gfx.failures[row.id] ? " (over)" : "");
      printf("\n");
    } else if (verbose || r.failures) {
      printf("%s %s (%s) %s: max %.4Lg %s, bound %s", r.failures ? "FAIL" : "ok",
             row.label, row.format->name, domainText(row).c_str(), r.maxError,
             unitOf(row), boundText(row).c_str());
      if (r.failures) {
        printf(", %ld of %ld over; first at (", r.failures, r.samples);
        printArgs(row, r.firstFailure);
        printf("): %.21Lg, expected %.21Lg", r.failureGot, r.failureRef);
      } else if (r.maxError > 0) {
        printf(", at (");
        printArgs(row, r.worst);
        printf("): %.21Lg, expected %.21Lg", r.worstGot, r.worstRef);
      }
      printf("\n");
    }
    failed += r.failures != 0;
  }
  if (results)
    fclose(results);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("FAIL: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 1;
  }
  if (markdown)
    return 0;
  printf("%d rows, %ld samples\n", (int)NumRows, samples);
  printf("accuracy: %s\n", failed ? "FAILED" : "PASSED");
  return failed != 0;
}
