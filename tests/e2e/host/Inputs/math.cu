// CUDA-only special functions on the host target against mpmath references
// (math_reference.h), in ulps, within the maximum errors the CUDA Math API
// documents for each function; their special values; sinpi/cospi's exact
// zeros and ones.
#include <cmath>
#include <cstdio>
#include <cstring>

#include "math_reference.h"

enum Function { ErfInv, ErfcInv, Erfcx, NormCdf, NormCdfInv, I0, I1 };

__device__ double apply(Function f, double x) {
  switch (f) {
  case ErfInv: return erfinv(x);
  case ErfcInv: return erfcinv(x);
  case Erfcx: return erfcx(x);
  case NormCdf: return normcdf(x);
  case NormCdfInv: return normcdfinv(x);
  case I0: return cyl_bessel_i0(x);
  case I1: return cyl_bessel_i1(x);
  }
  return 0;
}

__device__ float applyf(Function f, float x) {
  switch (f) {
  case ErfInv: return erfinvf(x);
  case ErfcInv: return erfcinvf(x);
  case Erfcx: return erfcxf(x);
  case NormCdf: return normcdff(x);
  case NormCdfInv: return normcdfinvf(x);
  case I0: return cyl_bessel_i0f(x);
  case I1: return cyl_bessel_i1f(x);
  }
  return 0;
}

__global__ void evaluate(Function f, const Reference *in, int n, double *out,
                         float *outf) {
  int i = threadIdx.x;
  if (i < n) {
    out[i] = apply(f, in[i].x);
    outf[i] = applyf(f, in[i].xf);
  }
}

// sinpi, cospi of xs[i] into xs[n + i], xs[2n + i]; the float forms into
// fs[n + i], fs[2n + i].
__global__ void piFunctions(double *xs, float *fs) {
  int i = threadIdx.x, n = blockDim.x;
  xs[n + i] = sinpi(xs[i]);
  xs[2 * n + i] = cospi(xs[i]);
  fs[n + i] = sinpif((float)xs[i]);
  fs[2 * n + i] = cospif((float)xs[i]);
}

static double ulps(double got, double want) {
  if (std::isinf(want) || std::isinf(got))
    return got == want ? 0 : INFINITY;
  if (want == 0)
    return got == 0 ? 0 : INFINITY;
  int e;
  std::frexp(want, &e);
  double ulp = std::ldexp(1.0, std::max(e - 53, -1074));
  return std::fabs(got - want) / ulp;
}

static double ulpsf(float got, float want) {
  if (std::isinf(want) || std::isinf(got))
    return got == want ? 0 : INFINITY;
  if (want == 0)
    return got == 0 ? 0 : INFINITY;
  int e;
  std::frexp(want, &e);
  double ulp = std::ldexp(1.0, std::max(e - 24, -149));
  return std::fabs((double)got - (double)want) / ulp;
}

struct Row {
  const char *name;
  Function f;
  const Reference *table;
  int n;
  double maxUlps, maxUlpsf; // the CUDA Math API's documented bounds
};

#define ROW(Name, F, Double, Float)                                           \
  {#Name, F, Name##_reference,                                                \
   (int)(sizeof(Name##_reference) / sizeof(Reference)), Double, Float}

int main() {
  const Row rows[] = {
      ROW(erfinv, ErfInv, 5, 2),       ROW(erfcinv, ErfcInv, 6, 4),
      ROW(erfcx, Erfcx, 4, 4),         ROW(normcdf, NormCdf, 5, 5),
      ROW(normcdfinv, NormCdfInv, 8, 5), ROW(cyl_bessel_i0, I0, 6, 6),
      ROW(cyl_bessel_i1, I1, 6, 6),
  };
  Reference *in;
  double *out;
  float *outf;
  cudaMallocManaged(&in, 64 * sizeof(Reference));
  cudaMallocManaged(&out, 64 * sizeof(double));
  cudaMallocManaged(&outf, 64 * sizeof(float));
  bool allOk = true;
  for (const Row &row : rows) {
    std::memcpy(in, row.table, row.n * sizeof(Reference));
    evaluate<<<1, 64>>>(row.f, in, row.n, out, outf);
    if (cudaDeviceSynchronize() != cudaSuccess) {
      printf("%s: kernel failed\n", row.name);
      return 1;
    }
    double worst = 0, worstf = 0;
    for (int i = 0; i < row.n; ++i) {
      double e = ulps(out[i], row.table[i].value);
      if (e > row.maxUlps)
        printf("%s(%.17g) = %.17g, expected %.17g (%g ulps)\n", row.name,
               row.table[i].x, out[i], row.table[i].value, e);
      worst = std::max(worst, e);
      if (std::isnan(row.table[i].valuef))
        continue;
      double ef = ulpsf(outf[i], row.table[i].valuef);
      if (ef > row.maxUlpsf)
        printf("%sf(%.9g) = %.9g, expected %.9g (%g ulps)\n", row.name,
               row.table[i].xf, outf[i], row.table[i].valuef, ef);
      worstf = std::max(worstf, ef);
    }
    bool ok = worst <= row.maxUlps && worstf <= row.maxUlpsf;
    allOk &= ok;
    printf("%s: %s (double %.2f ulps, float %.2f ulps)\n", row.name,
           ok ? "ok" : "FAILED", worst, worstf);
  }

  // Special values.
  const double specials[] = {1, -1, 2, 0, -0.0, INFINITY, -INFINITY, NAN};
  const int n = sizeof(specials) / sizeof(double);
  for (int i = 0; i < n; ++i)
    in[i].x = specials[i], in[i].xf = (float)specials[i];
  for (const Row &row : rows) {
    evaluate<<<1, 64>>>(row.f, in, n, out, outf);
    cudaDeviceSynchronize();
    printf("%s:", row.name);
    for (int i = 0; i < n; ++i)
      printf(" %g/%g", out[i], (double)outf[i]);
    printf("\n");
  }
  // sinpi/cospi reduce exactly: zeros and ones at integers and
  // half-integers of any magnitude.
  const double piPoints[] = {0.5, 1, 1.5, 2, -0.0, 1e6, 1e6 + 0.5, 1e15 + 1};
  const int m = sizeof(piPoints) / sizeof(double);
  for (int i = 0; i < m; ++i)
    out[i] = piPoints[i];
  piFunctions<<<1, m>>>(out, outf);
  cudaDeviceSynchronize();
  printf("sinpi/cospi:");
  for (int i = 0; i < m; ++i)
    printf(" %g/%g", out[m + i], out[2 * m + i]);
  printf("\nsinpif/cospif:");
  for (int i = 0; i < m; ++i)
    printf(" %g/%g", (double)outf[m + i], (double)outf[2 * m + i]);
  printf("\n");
  printf("math: %s\n", allOk ? "PASSED" : "FAILED");
  return allOk ? 0 : 1;
}
