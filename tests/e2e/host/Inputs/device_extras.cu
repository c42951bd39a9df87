// norm/rnorm (any dimension and 4d), jn/yn, __tanhf, std::scalbln(float,
// long), sincospi(float), __dp4a/__dp2a_lo/__dp2a_hi, __fns, __isCtaShared, the 64-bit signed
// atomicAnd/Or/Xor, atomicAdd(float2/float4) and the 16-byte
// atomicCAS/atomicExch on the host target, against references computed on the
// host: long double sums of squares, the C library's jn/yn/tanhf/scalblnf,
// and byte-by-byte dot products.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

constexpr int N = 256;

struct alignas(16) Pair {
  long long up, down;
};
// Vector atomicAdd and 16-byte atomicCAS/atomicExch: every thread adds its
// vector, increments a 16-byte counter {n, -n} with a CAS loop, and swaps
// its own pair into a slot (the values seen must be a permutation).
__global__ void atomics16(float4 *f4, float2 *f2, Pair *counter, Pair *slot,
                          Pair *seen) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(f4, make_float4(1, 2, 0.5f, -1));
  atomicAdd_block(f2, make_float2(-0.25f, 4));
  Pair old = *counter;
  for (;;) {
    Pair next{old.up + 1, old.down - 1};
    Pair got = atomicCAS(counter, old, next);
    if (got.up == old.up && got.down == old.down)
      break;
    old = got;
  }
  seen[i] = atomicExch_system(slot, Pair{i + 1, -(i + 1)});
}

struct Out {
  double norm, rnorm, norm4, rnorm4, jn, yn;
  float normf, rnormf, norm4f, rnorm4f, jnf, ynf, tanh, scalbln, sinpi, cospi;
  int dp4a, dp2aLo, dp2aHi;
  unsigned udp4a, udp2aLo, udp2aHi, fns;
  bool ctaShared, globalIsCtaShared, gridConstantRoundTrip;
};

__global__ void evaluate(const double *v, const int *bytes, Out *out,
                         long long *bits) {
  int i = threadIdx.x;
  const double *p = v + 5 * i;
  float pf[5];
  for (int k = 0; k < 5; ++k)
    pf[k] = (float)p[k];
  Out o;
  int dim = 1 + i % 5, order = i % 12 - 3;
  o.norm = norm(dim, p);
  o.rnorm = rnorm(dim, p);
  o.norm4 = norm4d(p[0], p[1], p[2], p[3]);
  o.rnorm4 = rnorm4d(p[0], p[1], p[2], p[3]);
  o.normf = normf(dim, pf);
  o.rnormf = rnormf(dim, pf);
  o.norm4f = norm4df(pf[0], pf[1], pf[2], pf[3]);
  o.rnorm4f = rnorm4df(pf[0], pf[1], pf[2], pf[3]);
  double x = fabs(p[4]);
  o.jn = jn(order, p[4]);
  o.yn = yn(order, x);
  o.jnf = jnf(order, (float)p[4]);
  o.ynf = ynf(order, (float)x);
  o.tanh = __tanhf(pf[0]);
  o.scalbln = std::scalbln(pf[1], (long)(i * 7 % 300) - 150);
  sincospi(pf[2], &o.sinpi, &o.cospi);
  int a = bytes[3 * i], b = bytes[3 * i + 1], c = bytes[3 * i + 2];
  o.dp4a = __dp4a(a, b, c);
  o.dp2aLo = __dp2a_lo(a, b, c);
  o.dp2aHi = __dp2a_hi(a, b, c);
  o.udp4a = __dp4a((unsigned)a, (unsigned)b, (unsigned)c);
  o.udp2aLo = __dp2a_lo((unsigned)a, (unsigned)b, (unsigned)c);
  o.udp2aHi = __dp2a_hi((unsigned)a, (unsigned)b, (unsigned)c);
  o.fns = __fns((unsigned)a, (unsigned)(b & 31), c % 40 - 20);
  __shared__ int local;
  o.ctaShared = __isCtaShared(&local);
  o.globalIsCtaShared = __isCtaShared(bits);
  o.gridConstantRoundTrip =
      __cvta_grid_constant_to_generic(__cvta_generic_to_grid_constant(p)) == p;
  out[i] = o;
  // Each thread clears and sets its bit (i % 64) of two words, and flips it in a
// third.
  long long bit = 1ll << (i % 64);
  atomicAnd(&bits[0], ~bit);
  atomicOr(&bits[1], bit);
  if (i < 64 + 3) // bits 0..2 flipped twice, the others once
    atomicXor(&bits[2], bit);
}

static int failures = 0;
static void expectClose(const char *what, int i, double got, double want,
                        double relative, double absolute) {
  bool ok = (std::isnan(got) && std::isnan(want)) || got == want ||
            fabs(got - want) <= relative * fabs(want) + absolute;
  if (!ok && failures++ < 20)
    printf("%s[%d] = %.17g, expected %.17g\n", what, i, got, want);
}
static void expectEqual(const char *what, int i, long long got,
                        long long want) {
  if (got != want && failures++ < 20)
    printf("%s[%d] = %lld, expected %lld\n", what, i, got, want);
}
static long double sumOfSquares(int dim, const double *p) {
  long double s = 0;
  for (int k = 0; k < dim; ++k)
    s += (long double)p[k] * p[k];
  return s;
}
// The offset-th set bit of mask counting from base (toward the MSB for a
// positive offset, toward the LSB for a negative one; 0: base if set).
static unsigned fnsReference(unsigned mask, unsigned base, int offset) {
  if (offset == 0)
    return (mask >> base) & 1 ? base : 0xffffffffu;
  int step = offset > 0 ? 1 : -1, count = 0;
  for (int bit = (int)base; bit >= 0 && bit < 32; bit += step)
    if ((mask >> bit) & 1 && ++count == (offset > 0 ? offset : -offset))
      return (unsigned)bit;
  return 0xffffffffu;
}
static int lane(unsigned x, int bits, int i, bool sign) {
  unsigned v = (x >> (bits * i)) & ((1u << bits) - 1);
  return sign && (v >> (bits - 1)) ? (int)v - (1 << bits) : (int)v;
}

int main() {
  double *v;
  int *bytes;
  Out *out;
  long long *bits;
  cudaMallocManaged(&v, 5 * N * sizeof(double));
  cudaMallocManaged(&bytes, 3 * N * sizeof(int));
  cudaMallocManaged(&out, N * sizeof(Out));
  cudaMallocManaged(&bits, 3 * sizeof(long long));
  srand(14);
  for (int i = 0; i < 5 * N; ++i) {
    double m = (double)rand() / RAND_MAX * 20 - 10;
    // Some coordinates far out of the square's range (no overflow expected).
    v[i] = i % 37 == 0 ? m * 1e200 : i % 41 == 0 ? m * 1e-200 : m;
  }
  for (int i = 0; i < N; ++i) // jn/yn arguments up to 40, both sides of n
    v[5 * i + 4] = ((double)rand() / RAND_MAX - 0.3) * (i % 3 ? 8 : 40);
  v[0] = INFINITY, v[1] = NAN; // norm: inf wins over NaN
  for (int i = 0; i < 3 * N; ++i)
    bytes[i] = rand() ^ (rand() << 16);
  bits[0] = -1, bits[1] = 0, bits[2] = 0x5555555555555555ll;
  evaluate<<<1, N>>>(v, bytes, out, bits);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("launch failed\n");
    return 1;
  }
  for (int i = 0; i < N; ++i) {
    const double *p = v + 5 * i;
    float pf[5];
    double pd[5];
    for (int k = 0; k < 5; ++k)
      pf[k] = (float)p[k], pd[k] = pf[k];
    const Out &o = out[i];
    int dim = 1 + i % 5, order = i % 12 - 3;
    if (i == 0) {
      expectClose("norm(inf, nan)", i, o.norm, INFINITY, 0, 0);
      expectClose("rnorm(inf, nan)", i, o.rnorm, 0, 0, 0);
    } else {
      // CUDA documents 4 ulps for norm, 2 for the 3d/4d forms: 1e-15 ~ 4.5 ulps.
      long double s = sumOfSquares(dim, p), s4 = sumOfSquares(4, p);
      expectClose("norm", i, o.norm, sqrtl(s), 1e-15, 0);
      expectClose("rnorm", i, o.rnorm, 1 / sqrtl(s), 1e-15, 0);
      expectClose("norm4d", i, o.norm4, sqrtl(s4), 1e-15, 0);
      expectClose("rnorm4d", i, o.rnorm4, 1 / sqrtl(s4), 1e-15, 0);
      long double sf = sumOfSquares(dim, pd), sf4 = sumOfSquares(4, pd);
      expectClose("normf", i, o.normf, (float)sqrtl(sf), 5e-7, 0);
      expectClose("rnormf", i, o.rnormf, (float)(1 / sqrtl(sf)), 5e-7, 0);
      expectClose("norm4df", i, o.norm4f, (float)sqrtl(sf4), 5e-7, 0);
      expectClose("rnorm4df", i, o.rnorm4f, (float)(1 / sqrtl(sf4)), 5e-7, 0);
    }
    // CUDA: jn/yn absolute errors around 1e-12 (double), 2.2e-6 (float);
    // Y grows without bound near 0: relative there.
    expectClose("jn", i, o.jn, jn(order, p[4]), 1e-11, 1e-12);
    expectClose("yn", i, o.yn, yn(order, fabs(p[4])), 1e-10, 1e-12);
    expectClose("jnf", i, o.jnf, jn(order, (double)(float)p[4]), 1e-5, 3e-6);
    expectClose("ynf", i, o.ynf, yn(order, fabs((double)(float)p[4])), 1e-4,
                3e-6);
    expectClose("__tanhf", i, o.tanh, tanh((double)pf[0]), 0.000494, 0);
    expectClose("scalbln", i, o.scalbln,
                scalblnf(pf[1], (long)(i * 7 % 300) - 150), 0, 0);
    expectClose("sincospi.sin", i, o.sinpi, sin(M_PI * pf[2]), 2e-7, 1e-7);
    expectClose("sincospi.cos", i, o.cospi, cos(M_PI * pf[2]), 2e-7, 1e-7);
    unsigned a = bytes[3 * i], b = bytes[3 * i + 1], c = bytes[3 * i + 2];
    long long s4 = (int)c, u4 = c, sLo = (int)c, sHi = (int)c, uLo = c, uHi = c;
    for (int k = 0; k < 4; ++k) {
      s4 += lane(a, 8, k, true) * lane(b, 8, k, true);
      u4 += lane(a, 8, k, false) * lane(b, 8, k, false);
    }
    for (int k = 0; k < 2; ++k) {
      sLo += lane(a, 16, k, true) * lane(b, 8, k, true);
      sHi += lane(a, 16, k, true) * lane(b, 8, k + 2, true);
      uLo += (long long)lane(a, 16, k, false) * lane(b, 8, k, false);
      uHi += (long long)lane(a, 16, k, false) * lane(b, 8, k + 2, false);
    }
    expectEqual("__fns", i, o.fns, fnsReference(a, b & 31, (int)c % 40 - 20));
    expectEqual("__isCtaShared(shared)", i, o.ctaShared, 1);
    expectEqual("__isCtaShared(global)", i, o.globalIsCtaShared, 0);
    expectEqual("__cvta_grid_constant", i, o.gridConstantRoundTrip, 1);
    expectEqual("__dp4a", i, o.dp4a, (int)s4);
    expectEqual("__dp4a(unsigned)", i, o.udp4a, (unsigned)u4);
    expectEqual("__dp2a_lo", i, o.dp2aLo, (int)sLo);
    expectEqual("__dp2a_hi", i, o.dp2aHi, (int)sHi);
    expectEqual("__dp2a_lo(unsigned)", i, o.udp2aLo, (unsigned)uLo);
    expectEqual("__dp2a_hi(unsigned)", i, o.udp2aHi, (unsigned)uHi);
  }
  expectEqual("atomicAnd(long long)", 0, bits[0], 0);
  expectEqual("atomicOr(long long)", 0, bits[1], -1);
  expectEqual("atomicXor(long long)", 0, bits[2], (long long)0xaaaaaaaaaaaaaaadull);
  float4 *f4;
  float2 *f2;
  Pair *pairs;
  cudaMallocManaged(&f4, sizeof(float4));
  cudaMallocManaged(&f2, sizeof(float2));
  cudaMallocManaged(&pairs, (2 + 4 * N) * sizeof(Pair));
  *f4 = make_float4(0, 0, 0, 0);
  *f2 = make_float2(0, 0);
  pairs[0] = {0, 0}, pairs[1] = {0, 0};
  atomics16<<<4, N>>>(f4, f2, pairs, pairs + 1, pairs + 2);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("launch failed\n");
    return 1;
  }
  expectClose("atomicAdd(float4).x", 0, f4->x, 4 * N, 0, 0);
  expectClose("atomicAdd(float4).y", 0, f4->y, 8 * N, 0, 0);
  expectClose("atomicAdd(float4).z", 0, f4->z, 2 * N, 0, 0);
  expectClose("atomicAdd(float4).w", 0, f4->w, -4 * N, 0, 0);
  expectClose("atomicAdd_block(float2).x", 0, f2->x, -N, 0, 0);
  expectClose("atomicAdd_block(float2).y", 0, f2->y, 16 * N, 0, 0);
  expectEqual("atomicCAS(16 bytes).up", 0, pairs[0].up, 4 * N);
  expectEqual("atomicCAS(16 bytes).down", 0, pairs[0].down, -4 * N);
  // The slot's values: 0 once, then every thread's but the last one's.
  static bool seenValue[4 * N + 1];
  for (int k = 0; k <= 4 * N; ++k) {
    const Pair &p = k < 4 * N ? pairs[2 + k] : pairs[1];
    if (p.down != -p.up || p.up < 0 || p.up > 4 * N || seenValue[p.up])
      expectEqual("atomicExch(16 bytes)", k, p.up, -1);
    else
      seenValue[p.up] = true;
  }
  printf(failures ? "device extras: FAILED\n" : "device extras: PASSED\n");
  return failures != 0;
}
