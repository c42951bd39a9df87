// CUDA's SIMD video intrinsics on the host target against a lane-by-lane
// reference written from the CUDA Math API descriptions: edge lanes (0, 1,
// the largest and smallest signed and unsigned values) in every combination,
// then random words.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

enum { Unary, Binary, Select16, Select32, Three };
#define SIMD_FUNCTIONS(X)                                                      \
  X(__vabs2) X(__vabs4) X(__vabsss2) X(__vabsss4) X(__vneg2) X(__vneg4)        \
  X(__vnegss2) X(__vnegss4)                                                    \
  X(__vadd2) X(__vadd4) X(__vaddss2) X(__vaddss4) X(__vaddus2) X(__vaddus4)    \
  X(__vsub2) X(__vsub4) X(__vsubss2) X(__vsubss4) X(__vsubus2) X(__vsubus4)    \
  X(__vabsdiffs2) X(__vabsdiffs4) X(__vabsdiffu2) X(__vabsdiffu4)              \
  X(__vavgs2) X(__vavgs4) X(__vavgu2) X(__vavgu4) X(__vhaddu2) X(__vhaddu4)    \
  X(__vmaxs2) X(__vmaxs4) X(__vmaxu2) X(__vmaxu4) X(__vmins2) X(__vmins4)      \
  X(__vminu2) X(__vminu4)                                                      \
  X(__vcmpeq2) X(__vcmpeq4) X(__vcmpne2) X(__vcmpne4) X(__vcmpges2)            \
  X(__vcmpges4) X(__vcmpgeu2) X(__vcmpgeu4) X(__vcmpgts2) X(__vcmpgts4)        \
  X(__vcmpgtu2) X(__vcmpgtu4) X(__vcmples2) X(__vcmples4) X(__vcmpleu2)        \
  X(__vcmpleu4) X(__vcmplts2) X(__vcmplts4) X(__vcmpltu2) X(__vcmpltu4)        \
  X(__vseteq2) X(__vseteq4) X(__vsetne2) X(__vsetne4) X(__vsetges2)            \
  X(__vsetges4) X(__vsetgeu2) X(__vsetgeu4) X(__vsetgts2) X(__vsetgts4)        \
  X(__vsetgtu2) X(__vsetgtu4) X(__vsetles2) X(__vsetles4) X(__vsetleu2)        \
  X(__vsetleu4) X(__vsetlts2) X(__vsetlts4) X(__vsetltu2) X(__vsetltu4)        \
  X(__vsads2) X(__vsads4) X(__vsadu2) X(__vsadu4)
#define THREE_FUNCTIONS(X)                                                     \
  X(__viaddmax_s32) X(__viaddmax_s32_relu) X(__viaddmax_u32)                   \
  X(__viaddmax_s16x2) X(__viaddmax_s16x2_relu) X(__viaddmax_u16x2)             \
  X(__viaddmin_s32) X(__viaddmin_s32_relu) X(__viaddmin_u32)                   \
  X(__viaddmin_s16x2) X(__viaddmin_s16x2_relu) X(__viaddmin_u16x2)             \
  X(__vimax3_s32) X(__vimax3_s32_relu) X(__vimax3_u32) X(__vimax3_s16x2)       \
  X(__vimax3_s16x2_relu) X(__vimax3_u16x2) X(__vimin3_s32)                     \
  X(__vimin3_s32_relu) X(__vimin3_u32) X(__vimin3_s16x2)                       \
  X(__vimin3_s16x2_relu) X(__vimin3_u16x2)
#define TWO_FUNCTIONS(X)                                                       \
  X(__vimax_s32_relu) X(__vimax_s16x2_relu) X(__vimin_s32_relu)                \
  X(__vimin_s16x2_relu)
#define SELECT_FUNCTIONS(X)                                                    \
  X(__vibmax_s32) X(__vibmax_u32) X(__vibmin_s32) X(__vibmin_u32)
#define SELECT16_FUNCTIONS(X)                                                  \
  X(__vibmax_s16x2) X(__vibmax_u16x2) X(__vibmin_s16x2) X(__vibmin_u16x2)

#define NAME(F) #F,
static const char *names[] = {SIMD_FUNCTIONS(NAME) THREE_FUNCTIONS(NAME)
                                  TWO_FUNCTIONS(NAME) SELECT_FUNCTIONS(NAME)
                                      SELECT16_FUNCTIONS(NAME)};
static const int count = sizeof(names) / sizeof(names[0]);

// Unary functions ignore the second operand.
template <class F>
__device__ auto evaluateOne(F f, unsigned x, unsigned y, int)
    -> decltype(f(x, y)) {
  return f(x, y);
}
template <class F>
__device__ auto evaluateOne(F f, unsigned x, unsigned, long) -> decltype(f(x)) {
  return f(x);
}
// Each thread evaluates every function on its (a, b, c); predicates are
// returned in bits of a second word.
__global__ void evaluate(const unsigned *in, int n, unsigned *out,
                         unsigned *predicates) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  unsigned a = in[3 * i], b = in[3 * i + 1], c = in[3 * i + 2];
  unsigned *o = out + (size_t)i * count;
  int k = 0;
#define UNARY_OR_BINARY(F) o[k++] = evaluateOne(F, a, b, 0);
  SIMD_FUNCTIONS(UNARY_OR_BINARY)
#define THREE(F) o[k++] = (unsigned)F(a, b, c);
  THREE_FUNCTIONS(THREE)
#define TWO(F) o[k++] = (unsigned)F(a, b);
  TWO_FUNCTIONS(TWO)
  unsigned bits = 0;
  int bit = 0;
#define SELECT(F)                                                              \
  {                                                                            \
    bool p = false;                                                            \
    o[k++] = (unsigned)F(a, b, &p);                                            \
    bits |= (unsigned)p << bit++;                                              \
  }
  SELECT_FUNCTIONS(SELECT)
#define SELECT16(F)                                                            \
  {                                                                            \
    bool hi = false, lo = false;                                               \
    o[k++] = F(a, b, &hi, &lo);                                                \
    bits |= (unsigned)hi << bit++;                                             \
    bits |= (unsigned)lo << bit++;                                             \
  }
  SELECT16_FUNCTIONS(SELECT16)
  predicates[i] = bits;
}

// ---- Reference: one lane at a time, in int arithmetic. ----
static int sx(unsigned v, int bits) { // sign-extended lane
  return (int)(v << (32 - bits)) >> (32 - bits);
}
static long long clampll(long long v, long long lo, long long hi) {
  return v < lo ? lo : v > hi ? hi : v;
}
// The lane result of 2-/4-lane function `base` on lanes (sa, sb) signed and
// (ua, ub) unsigned of width `bits`; `sum` accumulates the __vsad lanes.
static long long lane(const char *f, int bits, long long sa, long long sb,
                      long long ua, long long ub, long long &sum) {
  long long smax = (1ll << (bits - 1)) - 1, smin = -smax - 1,
            umax = (1ll << bits) - 1, ones = umax;
  auto is = [&](const char *base) {
    size_t n = strlen(base);
    return strncmp(f, base, n) == 0 && (f[n] == '2' || f[n] == '4') &&
           f[n + 1] == 0;
  };
  if (is("__vabs")) return sa < 0 ? -sa : sa;
  if (is("__vabsss")) return clampll(sa < 0 ? -sa : sa, smin, smax);
  if (is("__vneg")) return -sa;
  if (is("__vnegss")) return clampll(-sa, smin, smax);
  if (is("__vadd")) return ua + ub;
  if (is("__vaddss")) return clampll(sa + sb, smin, smax);
  if (is("__vaddus")) return clampll(ua + ub, 0, umax);
  if (is("__vsub")) return ua - ub;
  if (is("__vsubss")) return clampll(sa - sb, smin, smax);
  if (is("__vsubus")) return clampll(ua - ub, 0, umax);
  if (is("__vabsdiffs")) return sa > sb ? sa - sb : sb - sa;
  if (is("__vabsdiffu")) return ua > ub ? ua - ub : ub - ua;
  if (is("__vavgs")) { // halves away from zero
    long long s = sa + sb;
    return s >= 0 ? (s + 1) / 2 : -((-s + 1) / 2);
  }
  if (is("__vavgu")) return (ua + ub + 1) / 2;
  if (is("__vhaddu")) return (ua + ub) / 2;
  if (is("__vmaxs")) return sa > sb ? sa : sb;
  if (is("__vmaxu")) return ua > ub ? ua : ub;
  if (is("__vmins")) return sa < sb ? sa : sb;
  if (is("__vminu")) return ua < ub ? ua : ub;
  const struct { const char *name; bool value; } compares[] = {
      {"eq", ua == ub},  {"ne", ua != ub},  {"ges", sa >= sb}, {"geu", ua >= ub},
      {"gts", sa > sb},  {"gtu", ua > ub},  {"les", sa <= sb}, {"leu", ua <= ub},
      {"lts", sa < sb},  {"ltu", ua < ub}};
  for (auto &c : compares) {
    char cmp[32], set[32];
    snprintf(cmp, sizeof cmp, "__vcmp%s", c.name);
    snprintf(set, sizeof set, "__vset%s", c.name);
    if (is(cmp)) return c.value ? ones : 0;
    if (is(set)) return c.value ? 1 : 0;
  }
  if (is("__vsads")) { sum += sa > sb ? sa - sb : sb - sa; return 0; }
  if (is("__vsadu")) { sum += ua > ub ? ua - ub : ub - ua; return 0; }
  fprintf(stderr, "no reference for %s\n", f);
  exit(1);
}

static unsigned lanes(const char *f, unsigned a, unsigned b) {
  int n = f[strlen(f) - 1] - '0', bits = 32 / n;
  unsigned result = 0;
  long long sum = 0;
  for (int l = 0; l < n; ++l) {
    unsigned ua = (a >> (l * bits)) & ((1ull << bits) - 1),
             ub = (b >> (l * bits)) & ((1ull << bits) - 1);
    long long r = lane(f, bits, sx(ua, bits), sx(ub, bits), ua, ub, sum);
    result |= (unsigned)(r & ((1ll << bits) - 1)) << (l * bits);
  }
  return strncmp(f, "__vsad", 6) == 0 ? (unsigned)sum : result;
}

// The 32-bit and 16x2 family: Name_{s32,u32,s16x2,u16x2}[_relu].
static unsigned family(const char *f, unsigned a, unsigned b, unsigned c,
                       unsigned &predicates) {
  bool sixteen = strstr(f, "16x2") != nullptr, sign = strstr(f, "_s") != nullptr,
       relu = strstr(f, "_relu") != nullptr;
  int bits = sixteen ? 16 : 32, n = sixteen ? 2 : 1;
  unsigned result = 0;
  predicates = 0;
  for (int l = 0; l < n; ++l) {
    unsigned long long mask = (1ull << bits) - 1;
    unsigned la = (a >> (l * bits)) & mask, lb = (b >> (l * bits)) & mask,
             lc = (c >> (l * bits)) & mask;
    long long x = sign ? (long long)sx(la, bits) : (long long)la,
              y = sign ? (long long)sx(lb, bits) : (long long)lb,
              z = sign ? (long long)sx(lc, bits) : (long long)lc, r;
    auto wrap = [&](long long v) { // to the lane's range
      long long u = v & mask;
      return sign ? (long long)sx((unsigned)u, bits) : u;
    };
    auto mx = [](long long p, long long q) { return p > q ? p : q; };
    auto mn = [](long long p, long long q) { return p < q ? p : q; };
    if (strncmp(f, "__viaddmax", 10) == 0) r = mx(wrap(x + y), z);
    else if (strncmp(f, "__viaddmin", 10) == 0) r = mn(wrap(x + y), z);
    else if (strncmp(f, "__vimax3", 8) == 0) r = mx(mx(x, y), z);
    else if (strncmp(f, "__vimin3", 8) == 0) r = mn(mn(x, y), z);
    else if (strncmp(f, "__vimax_", 8) == 0) r = mx(x, y);
    else if (strncmp(f, "__vimin_", 8) == 0) r = mn(x, y);
    else if (strncmp(f, "__vibmax", 8) == 0) {
      r = mx(x, y);
      predicates |= (x >= y) << l;
    } else {
      r = mn(x, y);
      predicates |= (x <= y) << l;
    }
    if (relu) r = mx(r, 0);
    result |= (unsigned)(r & mask) << (l * bits);
  }
  return result;
}

int main() {
  const unsigned edges16[] = {0, 1, 0x7fff, 0x8000, 0x8001, 0xffff, 0x7ffe, 2};
  const unsigned edges8[] = {0, 1, 0x7f, 0x80, 0x81, 0xff, 0x7e, 2};
  std::vector<unsigned> in;
  for (unsigned x : edges16)
    for (unsigned y : edges16)
      for (unsigned z : edges8)
        for (unsigned w : edges8) {
          // a, b: 16-bit edges in the high halfwords, byte edges low; c mixed.
          in.push_back(x << 16 | z << 8 | w);
          in.push_back(y << 16 | w << 8 | z);
          in.push_back(y << 16 | x);
        }
  srand(14);
  for (int i = 0; i < 4096 * 3; ++i)
    in.push_back((unsigned)rand() << 17 ^ (unsigned)rand());
  int n = (int)in.size() / 3;
  unsigned *dIn, *dOut, *dPred;
  cudaMallocManaged(&dIn, in.size() * 4);
  cudaMallocManaged(&dOut, (size_t)n * count * 4);
  cudaMallocManaged(&dPred, (size_t)n * 4);
  memcpy(dIn, in.data(), in.size() * 4);
  evaluate<<<(n + 255) / 256, 256>>>(dIn, n, dOut, dPred);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("launch failed\n");
    return 1;
  }
  int failures = 0, simd = 0;
#define COUNT(F) ++simd;
  SIMD_FUNCTIONS(COUNT)
  for (int f = 0; f < count; ++f) {
    int bad = 0;
    for (int i = 0; i < n; ++i) {
      unsigned a = in[3 * i], b = in[3 * i + 1], c = in[3 * i + 2], p = 0,
               want = f < simd ? lanes(names[f], a, b)
                               : family(names[f], a, b, c, p);
      unsigned got = dOut[(size_t)i * count + f];
      bool predOk = true;
      if (strncmp(names[f], "__vib", 5) == 0) {
        // Bit position of this function's predicates in dPred.
        int first = f - (count - 8), shift =
            first < 4 ? first : 4 + 2 * (first - 4);
        unsigned width = first < 4 ? 1 : 2;
        unsigned gotP = (dPred[i] >> shift) & ((1u << width) - 1);
        // 16x2: hi is the first bit written, lo the second.
        unsigned wantP = width == 1 ? p : ((p >> 1) & 1) | ((p & 1) << 1);
        predOk = gotP == wantP;
      }
      if ((got != want || !predOk) && bad++ < 3)
        printf("%s(%08x, %08x, %08x) = %08x, expected %08x%s\n", names[f], a, b,
               c, got, want, predOk ? "" : " (predicate)");
    }
    failures += bad != 0;
  }
  printf("%d functions, %d inputs\n", count, n);
  printf(failures ? "simd: FAILED\n" : "simd: PASSED\n");
  return failures != 0;
}
