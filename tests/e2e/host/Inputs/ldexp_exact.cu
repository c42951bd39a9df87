// ldexpf/ldexp, and exp2f of integers (which LLVM's optimizer turns into
// ldexp), on the host target: rubicon-host-expand-ldexp replaces the C
// library call with musl's scalbn, inline. Every result must equal the C
// library's bit for bit: normal, subnormal, zero, infinite and NaN inputs,
// exponents from -330 to 330 (results that overflow, underflow to zero,
// become subnormal or come back from subnormal).
#include <cmath>
#include <cstdio>
#include <cstring>

__global__ void scale(const float *x, const double *y, const int *n,
                      float *f, double *d, float *e, int count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= count)
    return;
  f[i] = ldexpf(x[i], n[i]);
  d[i] = ldexp(y[i], n[i]);
  e[i] = exp2f(float(n[i] % 200));
}

template <class T> static bool same(T a, T b) {
  if (a != a && b != b)
    return true;
  return std::memcmp(&a, &b, sizeof a) == 0;
}

int main() {
  const float xs[] = {1.0f, -1.0f, 1.5f, 3.0e38f, 1.17549435e-38f, 1.0e-40f,
                      1.4e-45f, 0.0f, -0.0f, INFINITY, -INFINITY, NAN,
                      0.7234f, -123.456f};
  const double ys[] = {1.0, -1.0, 1.5, 1.7e308, 2.2250738585072014e-308,
                       4.9e-324, 1.0e-310, 0.0, -0.0, INFINITY, NAN,
                       0.7234, -123.456, 3.0e-300};
  const int kinds = sizeof(xs) / sizeof(xs[0]);
  const int count = kinds * 661;
  float *x, *f, *e;
  double *y, *d;
  int *n;
  cudaMallocManaged(&x, count * sizeof(float));
  cudaMallocManaged(&f, count * sizeof(float));
  cudaMallocManaged(&e, count * sizeof(float));
  cudaMallocManaged(&y, count * sizeof(double));
  cudaMallocManaged(&d, count * sizeof(double));
  cudaMallocManaged(&n, count * sizeof(int));
  for (int i = 0; i < count; ++i) {
    x[i] = xs[i % kinds];
    y[i] = ys[i % kinds];
    n[i] = i / kinds - 330;
  }
  scale<<<(count + 255) / 256, 256>>>(x, y, n, f, d, e, count);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    std::printf("launch failed\n");
    return 1;
  }
  int bad = 0;
  for (int i = 0; i < count; ++i) {
    float wf = std::ldexp(x[i], n[i]);
    double wd = std::ldexp(y[i], n[i]);
    float we = std::exp2(float(n[i] % 200));
    if (!same(f[i], wf) || !same(d[i], wd) || !same(e[i], we)) {
      if (++bad < 8)
        std::printf("%a * 2^%d: %a (expected %a), %a (expected %a), "
                    "exp2: %a (expected %a)\n",
                    x[i], n[i], f[i], wf, d[i], wd, e[i], we);
    }
  }
  std::printf("%d values, %d wrong\n", count, bad);
  std::printf(bad ? "FAILED\n" : "PASSED\n");
  return bad != 0;
}
