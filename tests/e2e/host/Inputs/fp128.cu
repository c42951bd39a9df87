// The quad-precision device functions of <crt/device_fp128_functions.h>
// (__nv_fp128_*) on the host target, bit for bit:
// - every function against the C library's binary128 function of the same
//   meaning, called from host code (its own list, not the header's table;
//   a function mapped to the wrong C function, or one with arguments swapped
//   or dropped, differs), on arguments over each function's domain and its
//   special values (signed zeros, infinities, quiet and signaling NaNs, huge
//   and tiny values); fmax and fmin return the other argument for a NaN,
//   signaling ones too, as CUDA documents (C23's fmaxf128 does not);
// - the arithmetic against exact results: products, sums, quotients and
//   square roots of doubles that binary128 holds exactly, and ties that
//   round-to-nearest-even settles;
// - that the list covers every row of the header's table.
#include <crt/device_fp128_functions.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

typedef __float128 quad;

// The C library's binary128 functions (glibc >= 2.26).
extern "C" {
quad acosf128(quad), acoshf128(quad), asinf128(quad), asinhf128(quad),
    atanf128(quad), atanhf128(quad), ceilf128(quad), cosf128(quad),
    coshf128(quad), expf128(quad), exp10f128(quad), exp2f128(quad),
    expm1f128(quad), fabsf128(quad), floorf128(quad), logf128(quad),
    log10f128(quad), log1pf128(quad), log2f128(quad), rintf128(quad),
    roundf128(quad), sinf128(quad), sinhf128(quad), sqrtf128(quad),
    tanf128(quad), tanhf128(quad), truncf128(quad);
quad copysignf128(quad, quad), fdimf128(quad, quad), fmaxf128(quad, quad),
    fminf128(quad, quad), fmodf128(quad, quad), hypotf128(quad, quad),
    powf128(quad, quad), remainderf128(quad, quad);
quad fmaf128(quad, quad, quad);
quad ldexpf128(quad, int);
int ilogbf128(quad);
quad frexpf128(quad, int *);
quad modff128(quad, quad *);
}

// X(name, arity, device call, host reference): r (quad) and i (int) results.
#define FUNCTIONS(X)                                                           \
  X(acos, 1, r = __nv_fp128_acos(x), r = acosf128(x))                          \
  X(acosh, 1, r = __nv_fp128_acosh(x), r = acoshf128(x))                       \
  X(asin, 1, r = __nv_fp128_asin(x), r = asinf128(x))                          \
  X(asinh, 1, r = __nv_fp128_asinh(x), r = asinhf128(x))                       \
  X(atan, 1, r = __nv_fp128_atan(x), r = atanf128(x))                          \
  X(atanh, 1, r = __nv_fp128_atanh(x), r = atanhf128(x))                       \
  X(ceil, 1, r = __nv_fp128_ceil(x), r = ceilf128(x))                          \
  X(cos, 1, r = __nv_fp128_cos(x), r = cosf128(x))                             \
  X(cosh, 1, r = __nv_fp128_cosh(x), r = coshf128(x))                          \
  X(exp, 1, r = __nv_fp128_exp(x), r = expf128(x))                             \
  X(exp10, 1, r = __nv_fp128_exp10(x), r = exp10f128(x))                       \
  X(exp2, 1, r = __nv_fp128_exp2(x), r = exp2f128(x))                          \
  X(expm1, 1, r = __nv_fp128_expm1(x), r = expm1f128(x))                       \
  X(fabs, 1, r = __nv_fp128_fabs(x), r = fabsf128(x))                          \
  X(floor, 1, r = __nv_fp128_floor(x), r = floorf128(x))                       \
  X(log, 1, r = __nv_fp128_log(x), r = logf128(x))                             \
  X(log10, 1, r = __nv_fp128_log10(x), r = log10f128(x))                       \
  X(log1p, 1, r = __nv_fp128_log1p(x), r = log1pf128(x))                       \
  X(log2, 1, r = __nv_fp128_log2(x), r = log2f128(x))                          \
  X(rint, 1, r = __nv_fp128_rint(x), r = rintf128(x))                          \
  X(round, 1, r = __nv_fp128_round(x), r = roundf128(x))                       \
  X(sin, 1, r = __nv_fp128_sin(x), r = sinf128(x))                             \
  X(sinh, 1, r = __nv_fp128_sinh(x), r = sinhf128(x))                          \
  X(sqrt, 1, r = __nv_fp128_sqrt(x), r = sqrtf128(x))                          \
  X(tan, 1, r = __nv_fp128_tan(x), r = tanf128(x))                             \
  X(tanh, 1, r = __nv_fp128_tanh(x), r = tanhf128(x))                          \
  X(trunc, 1, r = __nv_fp128_trunc(x), r = truncf128(x))                       \
  X(copysign, 2, r = __nv_fp128_copysign(x, y), r = copysignf128(x, y))        \
  X(fdim, 2, r = __nv_fp128_fdim(x, y), r = fdimf128(x, y))                    \
  X(fmax, 2, r = __nv_fp128_fmax(x, y), r = x != x ? y : y != y ? x : fmaxf128(x, y)) \
  X(fmin, 2, r = __nv_fp128_fmin(x, y), r = x != x ? y : y != y ? x : fminf128(x, y)) \
  X(fmod, 2, r = __nv_fp128_fmod(x, y), r = fmodf128(x, y))                    \
  X(hypot, 2, r = __nv_fp128_hypot(x, y), r = hypotf128(x, y))                 \
  X(pow, 2, r = __nv_fp128_pow(x, y), r = powf128(x, y))                       \
  X(remainder, 2, r = __nv_fp128_remainder(x, y), r = remainderf128(x, y))     \
  X(fma, 3, r = __nv_fp128_fma(x, y, z), r = fmaf128(x, y, z))                 \
  X(add, 2, r = __nv_fp128_add(x, y), r = x + y)                               \
  X(sub, 2, r = __nv_fp128_sub(x, y), r = x - y)                               \
  X(mul, 2, r = __nv_fp128_mul(x, y), r = x * y)                               \
  X(div, 2, r = __nv_fp128_div(x, y), r = x / y)                               \
  X(ldexp, 1, r = __nv_fp128_ldexp(x, n), r = ldexpf128(x, n))                 \
  X(ilogb, 1, i = __nv_fp128_ilogb(x), i = ilogbf128(x))                       \
  X(frexp, 1, r = __nv_fp128_frexp(x, &i), r = frexpf128(x, &i))               \
  X(modf, 1, r = __nv_fp128_modf(x, &s), r = modff128(x, &s))                  \
  X(isnan, 1, i = __nv_fp128_isnan(x), i = x != x)                             \
  X(isunordered, 2, i = __nv_fp128_isunordered(x, y), i = x != x || y != y)

enum Function {
#define X(name, arity, device, host) F_##name,
  FUNCTIONS(X)
#undef X
      NumFunctions
};
static const char *names[] = {
#define X(name, arity, device, host) #name,
    FUNCTIONS(X)
#undef X
};
static const int arities[] = {
#define X(name, arity, device, host) arity,
    FUNCTIONS(X)
#undef X
};

struct Case {
  int function;
  quad x, y, z;
  int n;
};
struct Result {
  quad r, s;
  int i;
};

__host__ __device__ static Result evaluate(const Case &c) {
  quad x = c.x, y = c.y, z = c.z, r = 0, s = 0;
  int n = c.n, i = 0;
  (void)z;
  switch (c.function) {
#ifdef __CUDA_ARCH__
#define X(name, arity, device, host)                                           \
  case F_##name:                                                               \
    device;                                                                    \
    break;
#else
#define X(name, arity, device, host)                                           \
  case F_##name:                                                               \
    host;                                                                      \
    break;
#endif
    FUNCTIONS(X)
#undef X
  }
  return Result{r, s, i};
}

__global__ void evaluateAll(const Case *cases, Result *results, int count) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k < count)
    results[k] = evaluate(cases[k]);
}

// Exact results: doubles a, b have 53-bit significands, so a*b (106 bits),
// a+b with close exponents, (a*b)/b and sqrt(a*a) are exact in binary128's
// 113 bits; fma(a, b, c) too. And ties of the arithmetic round to even.
struct Exact {
  quad a, b, c;
};
__global__ void exactChecks(const Exact *in, int count, unsigned *failures) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= count)
    return;
  quad a = in[k].a, b = in[k].b, c = in[k].c;
  double ad = (double)a, bd = (double)b;
  double hi = ad * bd, lo = fma(ad, bd, -hi); // product = hi + lo exactly
  quad product = (quad)hi + (quad)lo;         // exact: fits in 113 bits
  unsigned bad = 0;
  if (__nv_fp128_mul(a, b) != product)
    bad |= 1;
  if (__nv_fp128_div(product, b) != a)
    bad |= 2;
  if (__nv_fp128_sqrt(__nv_fp128_mul(a, a)) != __nv_fp128_fabs(a))
    bad |= 4;
  if (__nv_fp128_fma(a, b, c) != __nv_fp128_add(product, c))
    bad |= 8; // c is a multiple of the product's last place (see host)
  double shi = ad + bd, slo = (ad - shi) + bd; // |a| >= |b|: TwoSum exact
  if (__nv_fp128_add(a, b) != (quad)shi + (quad)slo)
    bad |= 16;
  if (__nv_fp128_sub(a, -b) != __nv_fp128_add(a, b))
    bad |= 32;
  atomicOr(failures, bad);
}

__global__ void tieChecks(unsigned *failures) {
  const quad one = 1, ulp = __nv_fp128_ldexp(1, -112), half = ulp / 2;
  unsigned bad = 0;
  if (__nv_fp128_add(one, half) != one) // tie, 1 is even
    bad |= 1;
  if (__nv_fp128_add(one + ulp, half) != one + 2 * ulp) // tie, up to even
    bad |= 2;
  if (__nv_fp128_add(one, half * 1.5) != one + ulp) // above the tie
    bad |= 4;
  if (__nv_fp128_sub(one, half / 2) != one) // below the tie (ulp below 1 is half)
    bad |= 8;
  if (__nv_fp128_mul(one + ulp, one + ulp) != one + 2 * ulp) // 1+2u+u^2
    bad |= 16;
  *failures |= bad;
}

static bool sameBits(quad a, quad b) {
  if (a != a && b != b)
    return true;
  return memcmp(&a, &b, sizeof a) == 0;
}
static void hex(char *out, quad q) {
  uint64_t w[2];
  memcpy(w, &q, sizeof w);
  sprintf(out, "0x%016llx%016llx", (unsigned long long)w[1],
          (unsigned long long)w[0]);
}

// Counts the rows of the header's table.
#define RUBICON_FP128_1(Name, Host) +1
#define RUBICON_FP128_2(Name, Host) +1
#define RUBICON_FP128_3(Name, Host) +1
#define RUBICON_FP128_ARITHMETIC(Name, Op) +1
#define RUBICON_FP128_MINMAX(Name, Host) +1
#define RUBICON_FP128_INT_ARG(Name, Host) +1
#define RUBICON_FP128_INT_RESULT(Name, Host) +1
#define RUBICON_FP128_POINTER(Name, Host, T) +1
#define RUBICON_FP128_PREDICATE_1(Name, Builtin) +1
#define RUBICON_FP128_PREDICATE_2(Name, Builtin) +1
static const int tableRows = 0
#include <__rubicon/fp128_functions.def>
    ;

int main() {
  uint64_t state = 0x9e3779b97f4a7c15ull;
  auto next = [&] {
    state ^= state << 13, state ^= state >> 7, state ^= state << 17;
    return state;
  };
  auto uniform = [&](double lo, double hi) {
    quad u = (quad)(next() >> 11) / (quad)(1ull << 53) +
             (quad)(next() >> 11) / ((quad)(1ull << 53) * (quad)(1ull << 53));
    return (quad)lo + u * ((quad)hi - (quad)lo);
  };
  const quad inf = (quad)INFINITY, nan = (quad)NAN,
             snan = __builtin_nansf128("");
  const quad specials[] = {0,     -(quad)0, 1,        -1,      0.5,
                           -0.5,  2,        2.5,      -3.5,    1e-30,
                           1e30,  inf,      -inf,     nan,     1e-4940q,
                           1e4930q, 1.0q - 1e-33q, 710.5, -11356.5};

  std::vector<Case> cases;
  for (int f = 0; f < NumFunctions; ++f) {
    for (quad x : specials)
      for (quad y : arities[f] >= 2 ? std::vector<quad>{0, 1, 2.5, -3.5, inf, nan, snan}
                                    : std::vector<quad>{1})
        cases.push_back({f, x, y, arities[f] == 3 ? (quad)0.5 : 0, 3});
    for (int k = 0; k < 64; ++k) {
      // Over the domains that matter: [-1,1] for the inverse trigonometric
      // functions, wider ranges elsewhere.
      quad x = uniform(-1, 1), y = uniform(-40, 40), z = uniform(-1e3, 1e3);
      if (k % 2)
        x = uniform(-60, 60);
      if (k % 4 == 3)
        x = uniform(0, 1e6);
      cases.push_back({f, x, y, z, (int)(next() % 200) - 100});
    }
  }

  Case *dCases;
  Result *dResults;
  int count = (int)cases.size();
  cudaMallocManaged(&dCases, count * sizeof(Case));
  cudaMallocManaged(&dResults, count * sizeof(Result));
  memcpy(dCases, cases.data(), count * sizeof(Case));
  evaluateAll<<<(count + 127) / 128, 128>>>(dCases, dResults, count);
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    printf("kernel failed: %s\n", cudaGetErrorString(err));
    return 1;
  }
  int mismatches = 0;
  for (int k = 0; k < count; ++k) {
    Result want = evaluate(cases[k]), got = dResults[k];
    if (sameBits(got.r, want.r) && sameBits(got.s, want.s) && got.i == want.i)
      continue;
    if (++mismatches <= 20) {
      char x[40], g[40], w[40];
      hex(x, cases[k].x), hex(g, got.r), hex(w, want.r);
      printf("mismatch: __nv_fp128_%s(x=%s): got %s/%d, expected %s/%d\n",
             names[cases[k].function], x, g, got.i, w, want.i);
    }
  }

  std::vector<Exact> exact;
  for (int k = 0; k < 4096; ++k) {
    double a = (double)uniform(-1e6, 1e6), b = (double)uniform(-1e6, 1e6);
    if (fabs(b) > fabs(a))
      std::swap(a, b);
    if (b == 0)
      b = 1;
    double hi = a * b, lo = fma(a, b, -hi);
    // c: a multiple of the product's last place, so fma is exact too.
    quad c = (quad)(int)(next() % 1000) *
             ldexpf128(1, ilogbf128((quad)hi + (quad)lo) - 112);
    exact.push_back({a, b, c});
  }
  Exact *dExact;
  unsigned *failures;
  cudaMallocManaged(&dExact, exact.size() * sizeof(Exact));
  cudaMallocManaged(&failures, 2 * sizeof(unsigned));
  memcpy(dExact, exact.data(), exact.size() * sizeof(Exact));
  failures[0] = failures[1] = 0;
  exactChecks<<<(int)(exact.size() + 127) / 128, 128>>>(dExact, (int)exact.size(), failures);
  tieChecks<<<1, 1>>>(failures + 1);
  cudaDeviceSynchronize();
  if (failures[0])
    printf("exact arithmetic failed: mask %#x\n", failures[0]);
  if (failures[1])
    printf("round-to-nearest-even ties failed: mask %#x\n", failures[1]);

  printf("%d functions (%d rows in the header's table), %d inputs, %zu exact cases\n",
         (int)NumFunctions, tableRows, count, exact.size());
  bool ok = mismatches == 0 && !failures[0] && !failures[1] &&
            tableRows == NumFunctions;
  printf("fp128: %s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
