// cuda_fp16.h and cuda_bf16.h on the CPU (host code of a .cu file): every
// float-to-16-bit conversion, in every rounding mode, against a reference
// that looks the neighbours up in the sorted list of all values of the
// format; 16-bit-to-float conversions for every bit pattern; integer
// conversions; arithmetic rounded once; operators and comparisons.
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

static int failures = 0;
static void expect(bool ok, const char *what, double x, unsigned got,
                   unsigned want) {
  if (!ok && ++failures <= 10)
    printf("FAIL %s(%.17g): got 0x%04x, expected 0x%04x\n", what, x, got, want);
}

// All finite values and the infinities of a format, sorted.
struct Format {
  std::vector<std::pair<double, unsigned>> values;
  unsigned maxBits;   // largest finite
  double overflowAt;  // |x| from which round-to-nearest gives infinity
  Format(double (*decode)(unsigned), unsigned infinity, unsigned maxFinite,
         double halfUlpAtMax) {
    for (unsigned b = 0; b < 0x10000; ++b) {
      double v = decode(b);
      if (!std::isnan(v) && b != 0x8000)
        values.push_back({v, b});
    }
    std::sort(values.begin(), values.end());
    maxBits = maxFinite;
    overflowAt = decode(maxFinite) + halfUlpAtMax;
    (void)infinity;
  }
  // The reference: mode 0 rn, 1 rz, 2 rd, 3 ru.
  unsigned round(double x, int mode) const {
    auto up = std::lower_bound(values.begin(), values.end(),
                               std::make_pair(x, 0u));
    if (up != values.end() && up->first == x)
      return x == 0 && std::signbit(x) ? 0x8000 : up->second;
    auto down = up - 1;
    unsigned result;
    const bool neg = x < 0;
    switch (mode) {
    case 0:
      if (std::fabs(x) >= overflowAt)
        result = neg ? values.front().second : values.back().second;
      else if (x - down->first < up->first - x)
        result = down->second;
      else if (x - down->first > up->first - x)
        result = up->second;
      else
        result = (down->second & 1) ? up->second : down->second;
      break;
    case 1:
      result = neg ? up->second : down->second;
      break;
    case 2:
      result = down->second;
      break;
    default:
      result = up->second;
      break;
    }
    if (result == 0 && neg)
      result = 0x8000;
    return result;
  }
};

static double decodeHalf(unsigned b) {
  int e = (b >> 10) & 31, f = b & 1023;
  double v = e == 31 ? (f ? NAN : INFINITY)
             : e == 0 ? std::ldexp(f, -24)
                      : std::ldexp(1024 + f, e - 25);
  return (b & 0x8000) ? -v : v;
}
static double decodeBf16(unsigned b) {
  unsigned bits = b << 16;
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

int main() {
  const Format half(decodeHalf, 0x7c00, 0x7bff, 16.0);
  const Format bf16(decodeBf16, 0x7f80, 0x7f7f, std::ldexp(1.0, 127 - 8));

  // 16 bits -> float, every pattern.
  for (unsigned b = 0; b < 0x10000; ++b) {
    float h = __half2float(__ushort_as_half((unsigned short)b));
    float r = (float)decodeHalf(b);
    unsigned hb, rb;
    std::memcpy(&hb, &h, 4);
    std::memcpy(&rb, &r, 4);
    expect(hb == rb || (std::isnan(h) && std::isnan(r)), "__half2float", b,
           hb, rb);
    float g = __bfloat162float(__ushort_as_bfloat16((unsigned short)b));
    float s = (float)decodeBf16(b);
    std::memcpy(&hb, &g, 4);
    std::memcpy(&rb, &s, 4);
    expect(hb == rb || (std::isnan(g) && std::isnan(s)), "__bfloat162float",
           b, hb, rb);
  }
  printf("16-bit to float: %s\n", failures ? "FAILED" : "ok");

  // float -> 16 bits, four modes: edge values and 2^21 random floats.
  std::vector<float> inputs = {0.0f, -0.0f, 1.0f, -1.0f, 65504.0f, 65519.99f,
                               65520.0f, 1e30f, -1e30f, 5.96e-8f, 2.98e-8f,
                               2.99e-8f, -2.98e-8f, 1e-45f, 3.3895314e38f};
  std::mt19937 rng(42);
  for (int i = 0; i < (1 << 21); ++i) {
    unsigned bits = rng();
    float f;
    std::memcpy(&f, &bits, 4);
    if (std::isnan(f))
      continue;
    if (i & 1) // near the half range
      f = std::ldexp(f / std::ldexp(1.0f, std::ilogb(f) == FP_ILOGB0 ? 0 : std::ilogb(f)),
                     (int)(bits % 48) - 30);
    inputs.push_back(f);
  }
  const int before = failures;
  for (float f : inputs) {
    expect(__half_as_ushort(__float2half_rn(f)) == half.round(f, 0), "__float2half_rn", f, __half_as_ushort(__float2half_rn(f)), half.round(f, 0));
    expect(__half_as_ushort(__float2half_rz(f)) == half.round(f, 1), "__float2half_rz", f, __half_as_ushort(__float2half_rz(f)), half.round(f, 1));
    expect(__half_as_ushort(__float2half_rd(f)) == half.round(f, 2), "__float2half_rd", f, __half_as_ushort(__float2half_rd(f)), half.round(f, 2));
    expect(__half_as_ushort(__float2half_ru(f)) == half.round(f, 3), "__float2half_ru", f, __half_as_ushort(__float2half_ru(f)), half.round(f, 3));
    expect(__half_as_ushort(__double2half((double)f * 1.0000001)) == half.round((double)f * 1.0000001, 0), "__double2half", f, __half_as_ushort(__double2half((double)f * 1.0000001)), half.round((double)f * 1.0000001, 0));
    expect(__bfloat16_as_ushort(__float2bfloat16_rn(f)) == bf16.round(f, 0), "__float2bfloat16_rn", f, __bfloat16_as_ushort(__float2bfloat16_rn(f)), bf16.round(f, 0));
    expect(__bfloat16_as_ushort(__float2bfloat16_rz(f)) == bf16.round(f, 1), "__float2bfloat16_rz", f, __bfloat16_as_ushort(__float2bfloat16_rz(f)), bf16.round(f, 1));
    expect(__bfloat16_as_ushort(__float2bfloat16_rd(f)) == bf16.round(f, 2), "__float2bfloat16_rd", f, __bfloat16_as_ushort(__float2bfloat16_rd(f)), bf16.round(f, 2));
    expect(__bfloat16_as_ushort(__float2bfloat16_ru(f)) == bf16.round(f, 3), "__float2bfloat16_ru", f, __bfloat16_as_ushort(__float2bfloat16_ru(f)), bf16.round(f, 3));
  }
  printf("float to 16-bit, 4 modes, %zu inputs: %s\n", inputs.size(),
         failures == before ? "ok" : "FAILED");

  // Integers: exact reference through double.
  const int ints[] = {0, 1, -1, 2049, 2051, -2051, 65504, 65519, 65520,
                      70000, -70000, 16777217, 2147483647, -2147483647 - 1};
  const int beforeInts = failures;
  for (int v : ints) {
    expect(__half_as_ushort(__int2half_rn(v)) == half.round(v, 0), "__int2half_rn", v, __half_as_ushort(__int2half_rn(v)), half.round(v, 0));
    expect(__half_as_ushort(__int2half_rd(v)) == half.round(v, 2), "__int2half_rd", v, __half_as_ushort(__int2half_rd(v)), half.round(v, 2));
    expect(__bfloat16_as_ushort(__int2bfloat16_rn(v)) == bf16.round(v, 0), "__int2bfloat16_rn", v, __bfloat16_as_ushort(__int2bfloat16_rn(v)), bf16.round(v, 0));
    expect(__bfloat16_as_ushort(__ll2bfloat16_ru(v)) == bf16.round(v, 3), "__ll2bfloat16_ru", v, __bfloat16_as_ushort(__ll2bfloat16_ru(v)), bf16.round(v, 3));
  }
  expect(__half2int_rn(__float2half(2.5f)) == 2, "__half2int_rn", 2.5, __half2int_rn(__float2half(2.5f)), 2);
  expect(__half2int_rn(__float2half(3.5f)) == 4, "__half2int_rn", 3.5, __half2int_rn(__float2half(3.5f)), 4);
  expect(__half2int_rd(__float2half(-2.5f)) == -3, "__half2int_rd", -2.5, __half2int_rd(__float2half(-2.5f)), -3);
  expect(__half2int_ru(__float2half(-2.5f)) == -2, "__half2int_ru", -2.5, __half2int_ru(__float2half(-2.5f)), -2);
  expect(__half2short_rz(CUDART_INF_FP16) == 32767, "__half2short_rz", INFINITY, __half2short_rz(CUDART_INF_FP16), 32767);
  expect(__half2uint_rz(__float2half(-5.0f)) == 0, "__half2uint_rz", -5, __half2uint_rz(__float2half(-5.0f)), 0);
  expect(__half2int_rz(CUDART_NAN_FP16) == 0, "__half2int_rz", NAN, __half2int_rz(CUDART_NAN_FP16), 0);
  expect(__bfloat162int_rz(__float2bfloat16(3e9f)) == 2147483647, "__bfloat162int_rz", 3e9, __bfloat162int_rz(__float2bfloat16(3e9f)), 2147483647);
  expect(__bfloat162ull_rn(__float2bfloat16(-1.0f)) == 0, "__bfloat162ull_rn", -1, (unsigned)__bfloat162ull_rn(__float2bfloat16(-1.0f)), 0);
  printf("integer conversions: %s\n", failures == beforeInts ? "ok" : "FAILED");

  // Arithmetic: one rounding of the exact result (float holds it exactly for
  // +, -, * of two halves; the reference rounds the double result).
  const int beforeArith = failures;
  for (int i = 0; i < 200000; ++i) {
    __half a = __ushort_as_half((unsigned short)(rng() & 0x7bff ^ (rng() & 0x8000)));
    __half b = __ushort_as_half((unsigned short)(rng() & 0x7bff ^ (rng() & 0x8000)));
    __half c = __ushort_as_half((unsigned short)(rng() & 0x7bff ^ (rng() & 0x8000)));
    double x = decodeHalf(__half_as_ushort(a)), y = decodeHalf(__half_as_ushort(b)), z = decodeHalf(__half_as_ushort(c));
    expect(__half_as_ushort(__hadd(a, b)) == half.round(x + y, 0), "__hadd", x, __half_as_ushort(__hadd(a, b)), half.round(x + y, 0));
    expect(__half_as_ushort(a - b) == half.round(x - y, 0), "operator-", x, __half_as_ushort(a - b), half.round(x - y, 0));
    expect(__half_as_ushort(__hmul(a, b)) == half.round(x * y, 0), "__hmul", x, __half_as_ushort(__hmul(a, b)), half.round(x * y, 0));
    expect(__half_as_ushort(__hfma(a, b, c)) == half.round(std::fma(x, y, z), 0), "__hfma", x, __half_as_ushort(__hfma(a, b, c)), half.round(std::fma(x, y, z), 0));
    if (y != 0)
      expect(__half_as_ushort(__hdiv(a, b)) == half.round(x / y, 0), "__hdiv", x, __half_as_ushort(__hdiv(a, b)), half.round(x / y, 0));
    __half2 p = __halves2half2(a, b), q = __halves2half2(b, c);
    __half2 s = p + q;
    expect(__half_as_ushort(__low2half(s)) == half.round(x + y, 0) && __half_as_ushort(__high2half(s)) == half.round(y + z, 0), "__half2 +", x, __half_as_ushort(__high2half(s)), half.round(y + z, 0));
    __nv_bfloat16 u = __float2bfloat16((float)x * 1e10f), v = __float2bfloat16((float)y);
    double ux = __bfloat162float(u), vy = __bfloat162float(v);
    expect(__bfloat16_as_ushort(__hmul(u, v)) == bf16.round(ux * vy, 0), "__hmul(bf16)", ux, __bfloat16_as_ushort(__hmul(u, v)), bf16.round(ux * vy, 0));
    __nv_bfloat16 w = __float2bfloat16((float)z * 1e10f);
    double wz = __bfloat162float(w);
    expect(__bfloat16_as_ushort(__hfma(u, v, w)) == bf16.round(std::fma(ux, vy, wz), 0), "__hfma(bf16)", ux, __bfloat16_as_ushort(__hfma(u, v, w)), bf16.round(std::fma(ux, vy, wz), 0));
  }
  printf("arithmetic: %s\n", failures == beforeArith ? "ok" : "FAILED");

  // Comparisons, NaN and the special values.
  const __half one = CUDART_ONE_FP16, nan = CUDART_NAN_FP16;
  const bool compares = __hlt(CUDART_ZERO_FP16, one) && !__hlt(nan, one) &&
                        __hltu(nan, one) && !__heq(nan, nan) && (nan != nan) &&
                        __hne(one, CUDART_ZERO_FP16) && !__hne(nan, one) &&
                        __hisnan(nan) && __hisinf(-CUDART_INF_FP16) == -1 &&
                        __half_as_ushort(__hmax(nan, one)) == 0x3c00 &&
                        __hisnan(__hmax_nan(nan, one)) &&
                        __half_as_ushort(__hadd_sat(one, one)) == 0x3c00 &&
                        __hbeq2(__half2half2(one), __half2half2(one)) &&
                        __heq2_mask(__halves2half2(one, nan), __half2half2(one)) == 0xffffu &&
                        __low2float(__hlt2(__halves2half2(CUDART_ZERO_FP16, one), __half2half2(one))) == 1.0f &&
                        __hgt(__float2bfloat16(2.0f), CUDART_ONE_BF16) &&
                        (float)hsqrt(__float2half(4.0f)) == 2.0f &&
                        (float)h2exp2(__float2half2_rn(3.0f)).y == 8.0f &&
                        __bfloat162float(hfloor(__float2bfloat16(-1.5f))) == -2.0f;
  if (!compares)
    ++failures;
  printf("comparisons and functions: %s\n", compares ? "ok" : "FAILED");

  printf("half_types: %s\n", failures ? "FAILED" : "PASSED");
  return failures != 0;
}
