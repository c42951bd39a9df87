// Directed rounding written as inline PTX (fma/div/rcp/sqrt .rz/.rm/.rp on
// .f64, and .f32 through clang's __nvvm_* builtins, the same NVVM
// intrinsics) on the host target, bit for bit against the CPU's IEEE
// arithmetic in the same rounding mode (fesetround).
#include <cfenv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

#ifndef __CUDA_ARCH__
#pragma STDC FENV_ACCESS ON
#endif

struct Input {
  double a, b, c;
};
constexpr int kOps = 8, kModes = 3; // fma div rcp sqrt (f64), the same (f32)

#define PTX3(op, mode, r, a, b, c)                                             \
  asm(op "." mode ".f64 %0, %1, %2, %3;" : "=d"(r) : "d"(a), "d"(b), "d"(c))
#define PTX2(op, mode, r, a, b)                                                \
  asm(op "." mode ".f64 %0, %1, %2;" : "=d"(r) : "d"(a), "d"(b))
#define PTX1(op, mode, r, a) asm(op "." mode ".f64 %0, %1;" : "=d"(r) : "d"(a))
#define ALL_MODES(M)                                                           \
  M("rm", 0) M("rp", 1) M("rz", 2)

__global__ void evaluate(const Input *in, int n, double *out) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n)
    return;
  Input x = in[k];
  double *o = out + (size_t)k * kOps * kModes;
#define F64(mode, m)                                                           \
  PTX3("fma", mode, o[0 * 3 + m], x.a, x.b, x.c);                              \
  PTX2("div", mode, o[1 * 3 + m], x.a, x.b);                                   \
  PTX1("rcp", mode, o[2 * 3 + m], x.a);                                        \
  PTX1("sqrt", mode, o[3 * 3 + m], x.a);
  ALL_MODES(F64)
  float fa = (float)x.a, fb = (float)x.b, fc = (float)x.c;
  o[12] = __nvvm_fma_rm_f(fa, fb, fc);
  o[13] = __nvvm_fma_rp_f(fa, fb, fc);
  o[14] = __nvvm_fma_rz_f(fa, fb, fc);
  o[15] = __nvvm_div_rm_f(fa, fb);
  o[16] = __nvvm_div_rp_f(fa, fb);
  o[17] = __nvvm_div_rz_f(fa, fb);
  o[18] = __nvvm_rcp_rm_f(fa);
  o[19] = __nvvm_rcp_rp_f(fa);
  o[20] = __nvvm_rcp_rz_f(fa);
  o[21] = __nvvm_sqrt_rm_f(fa);
  o[22] = __nvvm_sqrt_rp_f(fa);
  o[23] = __nvvm_sqrt_rz_f(fa);
}

static double reference(int op, int mode, const Input &x) {
  static const int modes[] = {FE_DOWNWARD, FE_UPWARD, FE_TOWARDZERO};
  volatile double a = x.a, b = x.b, c = x.c;
  volatile float fa = (float)x.a, fb = (float)x.b, fc = (float)x.c;
  std::fesetround(modes[mode]);
  double r;
  switch (op) {
  case 0: r = std::fma(a, b, c); break;
  case 1: r = a / b; break;
  case 2: r = 1.0 / a; break;
  case 3: r = std::sqrt(a); break;
  case 4: r = std::fmaf(fa, fb, fc); break;
  case 5: r = (float)(fa / fb); break;
  case 6: r = (float)(1.0f / fa); break;
  default: r = std::sqrt((float)fa); break;
  }
  std::fesetround(FE_TONEAREST);
  return r;
}

int main() {
  std::vector<Input> in;
  unsigned long long seed = 0x9e3779b97f4a7c15ull;
  auto next = [&]() {
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    return seed;
  };
  auto randomDouble = [&](int spread) {
    double m = 1.0 + (next() >> 11) * 0x1p-53;
    int e = (int)(next() % (2 * spread + 1)) - spread;
    return (next() & 1 ? -1 : 1) * std::ldexp(m, e);
  };
  for (int i = 0; i < 3000; ++i) {
    int spread = i < 2000 ? 60 : 1070;
    in.push_back({randomDouble(spread), randomDouble(spread), randomDouble(spread)});
  }
  // Cancellations and exact cases.
  for (int i = 0; i < 300; ++i) {
    double a = randomDouble(20), b = randomDouble(20);
    in.push_back({a, b, -a * b});
    in.push_back({a * a, a, 0.0});
    in.push_back({std::fabs(a) * std::fabs(a), b, -0.0});
  }
  const double special[] = {0.0, -0.0, 1.0, -1.0, 3.0, INFINITY, -INFINITY, NAN,
                            0x1p-1074, 0x1p-1022, 0x1.fffffffffffffp+1023, 0x1p-600};
  for (double a : special)
    for (double b : special)
      in.push_back({a, b, 1.0});
  // Positive square roots are the interesting ones.
  for (Input &x : in)
    if ((&x - in.data()) % 2 == 0)
      x.a = std::fabs(x.a);
  int n = (int)in.size();
  Input *din;
  double *dout;
  cudaMalloc(&din, n * sizeof(Input));
  cudaMalloc(&dout, (size_t)n * kOps * kModes * sizeof(double));
  cudaMemcpy(din, in.data(), n * sizeof(Input), cudaMemcpyHostToDevice);
  evaluate<<<(n + 127) / 128, 128>>>(din, n, dout);
  std::vector<double> out((size_t)n * kOps * kModes);
  cudaMemcpy(out.data(), dout, out.size() * sizeof(double), cudaMemcpyDeviceToHost);
  static const char *names[] = {"fma.f64", "div.f64", "rcp.f64", "sqrt.f64",
                                "fma.f32", "div.f32", "rcp.f32", "sqrt.f32"};
  static const char *modeNames[] = {"rm", "rp", "rz"};
  int failures = 0;
  for (int k = 0; k < n; ++k)
    for (int op = 0; op < kOps; ++op)
      for (int m = 0; m < kModes; ++m) {
        double got = out[(size_t)k * kOps * kModes + op * 3 + m];
        double want = reference(op, m, in[k]);
        bool same = std::isnan(want) ? std::isnan(got) : !std::memcmp(&got, &want, 8);
        if (!same && failures++ < 20)
          printf("expected %s.%s(%a, %a, %a) = %a, got %a\n", names[op], modeNames[m],
                 in[k].a, in[k].b, in[k].c, want, got);
      }
  printf("ptx directed rounding: %d inputs: %s\n", n, failures ? "FAILED" : "PASSED");
  return failures != 0;
}
