// The host target's wmma products (the block's matrix exchange,
// docs/host-target.md "Tensor cores"), on what the exact-integer GEMM tests
// do not reach, each compared bit for bit with D = A * B + C summed k
// ascending with one fma per step (the generic path's and the PTX ISA's
// order):
//  - f16 multiplicands that are subnormal, zero of either sign, infinite or
//    NaN (widened without the C library), random normal values;
//  - bf16 products that overflow f32 and cancel against C, or fall below
//    f32's normal range (an fma rounds once: fmul then fadd would differ);
//  - 32 warps of one block, each with a chain of dependent products (the
//    exchange's two buffers per warp, parities per thread), beside 48 KiB of
//    the block's own shared memory that the products must not touch.
#include <mma.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

using namespace nvcuda;

static uint32_t bitsOf(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}
static bool same(float a, float b) {
  return (std::isnan(a) && std::isnan(b)) || bitsOf(a) == bitsOf(b);
}

// One 16x16x16 product per warp, A row-major, B column-major, C and D
// row-major; warp w uses matrices w.
template <typename T>
__global__ void product(const T *a, const T *b, const float *c, float *d) {
  int w = threadIdx.x / 32;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, T, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, T, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::load_matrix_sync(fa, a + 256 * w, 16);
  wmma::load_matrix_sync(fb, b + 256 * w, 16);
  wmma::load_matrix_sync(acc, c + 256 * w, 16, wmma::mem_row_major);
  wmma::mma_sync(acc, fa, fb, acc);
  wmma::store_matrix_sync(d + 256 * w, acc, 16, wmma::mem_row_major);
}

template <typename T>
static int check(const char *name, const std::vector<float> &a,
                 const std::vector<float> &b, const std::vector<float> &c,
                 int warps) {
  std::vector<T> ta(a.size()), tb(b.size());
  for (size_t i = 0; i < a.size(); ++i)
    ta[i] = T(a[i]), tb[i] = T(b[i]);
  T *da, *db;
  float *dc, *dd;
  cudaMalloc(&da, ta.size() * sizeof(T));
  cudaMalloc(&db, tb.size() * sizeof(T));
  cudaMalloc(&dc, c.size() * 4);
  cudaMalloc(&dd, c.size() * 4);
  cudaMemcpy(da, ta.data(), ta.size() * sizeof(T), cudaMemcpyHostToDevice);
  cudaMemcpy(db, tb.data(), tb.size() * sizeof(T), cudaMemcpyHostToDevice);
  cudaMemcpy(dc, c.data(), c.size() * 4, cudaMemcpyHostToDevice);
  product<T><<<1, 32 * warps>>>(da, db, dc, dd);
  std::vector<float> d(c.size());
  cudaError_t e = cudaMemcpy(d.data(), dd, d.size() * 4, cudaMemcpyDeviceToHost);
  int bad = e != cudaSuccess;
  for (int w = 0; w < warps && !bad; ++w)
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j) {
        float acc = c[256 * w + 16 * i + j];
        for (int k = 0; k < 16; ++k)
          acc = std::fmaf(float(ta[256 * w + 16 * i + k]),
                          float(tb[256 * w + 16 * j + k]), acc);
        float got = d[256 * w + 16 * i + j];
        if (!same(acc, got) && bad++ < 3)
          printf("%s: warp %d d[%d][%d] = %a, expected %a\n", name, w, i, j,
                 got, acc);
      }
  printf("%s: %s\n", name, bad ? "FAILED" : "ok");
  cudaFree(da), cudaFree(db), cudaFree(dc), cudaFree(dd);
  return bad;
}

// 32 warps, each a chain of `steps` dependent products (D becomes the next
// C), next to 48 KiB of shared memory filled before and checked after.
__global__ void chains(const __half *a, const __half *b, float *d, int steps,
                       int *sharedIntact) {
  __shared__ int guard[12 * 1024];
  for (int i = threadIdx.x; i < 12 * 1024; i += blockDim.x)
    guard[i] = i * 7 + 1;
  __syncthreads();
  int w = threadIdx.x / 32;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  for (int s = 0; s < steps; ++s) {
    wmma::load_matrix_sync(fa, a + 256 * ((w + s) % 32), 16);
    wmma::load_matrix_sync(fb, b + 256 * ((w * 3 + s) % 32), 16);
    wmma::mma_sync(acc, fa, fb, acc);
    for (int i = 0; i < acc.num_elements; ++i)
      acc.x[i] *= 0.5f;
  }
  wmma::store_matrix_sync(d + 256 * w, acc, 16, wmma::mem_row_major);
  __syncthreads();
  for (int i = threadIdx.x; i < 12 * 1024; i += blockDim.x)
    if (guard[i] != i * 7 + 1)
      atomicExch(sharedIntact, 0);
}

int main() {
  int failed = 0;
  uint32_t seed = 12345;
  auto next = [&] {
    seed = seed * 1664525u + 1013904223u;
    return seed >> 8;
  };
  auto uniform = [&](float lo, float hi) {
    return lo + (hi - lo) * float(next() & 0xffff) / 65536.0f;
  };

  // f16: random values, with the special values scattered through A and B.
  {
    const float specials[] = {0x1p-24f, -0x1p-20f, 0x1.ff8p-15f, 0.0f, -0.0f,
                              INFINITY, -INFINITY, NAN, 65504.0f, -0x1p-14f};
    std::vector<float> a(512), b(512), c(512);
    for (int i = 0; i < 512; ++i) {
      a[i] = uniform(-8, 8), b[i] = uniform(-8, 8), c[i] = uniform(-100, 100);
      if (i % 37 == 5)
        a[i] = specials[(i / 37) % 10];
      if (i % 41 == 7)
        b[i] = specials[(i / 41 + 3) % 10];
    }
    // A row of subnormals only, against B's first column.
    for (int k = 0; k < 16; ++k)
      a[16 * 3 + k] = float(k + 1) * 0x1p-24f;
    failed += check<__half>("f16 specials, 2 warps", a, b, c, 2);
  }
  // bf16: products beyond f32's range cancelling against C, and products
  // below its normal range.
  {
    std::vector<float> a(256), b(256), c(256);
    for (int i = 0; i < 256; ++i)
      a[i] = uniform(-2, 2), b[i] = uniform(-2, 2), c[i] = uniform(-1, 1);
    for (int k = 0; k < 16; ++k) {
      a[16 * 1 + k] = k == 0 ? 0x1p100f : 0.0f;  // row 1: 2^100 * 2^100 ...
      b[16 * 2 + k] = k == 0 ? 0x1p100f : 0.0f;  // ... at column 2
      // Row 4 times column 5: 1.5 * 2^-150, below f32's smallest
      // subnormal. fma rounds C + that once (C: 0.375 ulp above it gives C);
      // fmul first would round it to 2^-149, half an ulp of C, and the tie
      // would go to the even neighbour above C.
      a[16 * 4 + k] = k == 0 ? 0x1.8p-75f : 0.0f;
      b[16 * 5 + k] = k == 0 ? 0x1p-75f : 0.0f;
    }
    c[16 * 1 + 2] = -0x1.fffffep127f; // 2^200 - FLT_MAX: still +inf
    c[16 * 4 + 5] = 0x1.000002p-125f; // odd last bit
    failed += check<__nv_bfloat16>("bf16 range edges", a, b, c, 1);
  }
  // 32 warps, dependent chains, shared memory untouched.
  {
    const int steps = 9;
    std::vector<__half> a(32 * 256), b(32 * 256);
    for (size_t i = 0; i < a.size(); ++i)
      a[i] = __float2half(float(int(next() % 7) - 3)),
      b[i] = __float2half(float(int(next() % 5) - 2));
    __half *da, *db;
    float *dd;
    int *intact, one = 1;
    cudaMalloc(&da, a.size() * 2);
    cudaMalloc(&db, b.size() * 2);
    cudaMalloc(&dd, 32 * 256 * 4);
    cudaMalloc(&intact, 4);
    cudaMemcpy(da, a.data(), a.size() * 2, cudaMemcpyHostToDevice);
    cudaMemcpy(db, b.data(), b.size() * 2, cudaMemcpyHostToDevice);
    cudaMemcpy(intact, &one, 4, cudaMemcpyHostToDevice);
    chains<<<3, 1024>>>(da, db, dd, steps, intact);
    std::vector<float> d(32 * 256);
    cudaError_t e = cudaMemcpy(d.data(), dd, d.size() * 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(&one, intact, 4, cudaMemcpyDeviceToHost);
    int bad = e != cudaSuccess || !one;
    for (int w = 0; w < 32 && !bad; ++w)
      for (int i = 0; i < 16; ++i)
        for (int j = 0; j < 16; ++j) {
          double acc = 0; // exact: small integers halved, well inside f32
          for (int s = 0; s < steps; ++s) {
            const __half *pa = &a[256 * ((w + s) % 32)];
            const __half *pb = &b[256 * ((w * 3 + s) % 32)];
            for (int k = 0; k < 16; ++k)
              acc += double(__half2float(pa[16 * i + k])) *
                     __half2float(pb[16 * j + k]);
            acc *= 0.5;
          }
          if (float(acc) != d[256 * w + 16 * i + j] && bad++ < 3)
            printf("chains: warp %d d[%d][%d] = %g, expected %g\n", w, i, j,
                   d[256 * w + 16 * i + j], acc);
        }
    printf("32 warps, chains of %d, shared memory intact: %s\n", steps,
           bad ? "FAILED" : "ok");
    failed += bad;
  }
  printf("wmma_exchange: %s\n", failed ? "FAILED" : "PASSED");
  return failed != 0;
}
