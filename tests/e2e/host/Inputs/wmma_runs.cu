// Runs of independent wmma products on the host target (docs/host-target.md,
// "Tensor cores"): the products of a warp's tile loop that do not depend on
// one another share one warp meeting, once the loops the source unrolls are
// unrolled. Each result is compared bit for bit with D = A * B + C summed k
// ascending with one fma per step, on random f16 values whose sums round at
// every step (so any other order or rounding shows):
//  - tiles: a warp computes a 32 x 64 block of D as 2 x 4 accumulators over
//    four k steps (#pragma unroll), loading A and B fragments between the
//    products, as cuda-samples' cudaTensorCoreGemm does;
//  - dependent: in one straight run, a product whose C is the previous
//    product's D (it must wait for it), between independent ones;
//  - shuffled: a __shfl_sync between two products (they must not share the
//    meeting across it), on 4 warps.
#include <mma.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

using namespace nvcuda;
using FragA = wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major>;
using FragB = wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major>;
using Acc = wmma::fragment<wmma::accumulator, 16, 16, 16, float>;

constexpr int KSteps = 4, K = 16 * KSteps;

// A: 32 x K row-major, B: K x 64 column-major (64 columns of K), C and D:
// 32 x 64 row-major. Warp w of the block adds w to nothing: every warp
// computes the same block into its own D.
__global__ void tiles(const __half *a, const __half *b, const float *c,
                      float *d) {
  int w = threadIdx.x / 32;
  Acc acc[2][4];
#pragma unroll
  for (int i = 0; i < 2; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j)
      wmma::load_matrix_sync(acc[i][j], c + 16 * i * 64 + 16 * j, 64,
                             wmma::mem_row_major);
#pragma unroll
  for (int s = 0; s < KSteps; ++s) {
    FragA fa[2];
    FragB fb[4];
#pragma unroll
    for (int i = 0; i < 2; ++i) {
      wmma::load_matrix_sync(fa[i], a + 16 * i * K + 16 * s, K);
#pragma unroll
      for (int j = 0; j < 4; ++j) {
        if (i == 0)
          wmma::load_matrix_sync(fb[j], b + 16 * j * K + 16 * s, K);
        wmma::mma_sync(acc[i][j], fa[i], fb[j], acc[i][j]);
      }
    }
  }
#pragma unroll
  for (int i = 0; i < 2; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j)
      wmma::store_matrix_sync(d + 2048 * w + 16 * i * 64 + 16 * j, acc[i][j],
                              64, wmma::mem_row_major);
}

// Three products from the first k step's tiles: p0 = A0 B0 + C00,
// p1 = A0 B1 + p0 (dependent), p2 = A1 B0 + C10 (independent of both).
__global__ void dependent(const __half *a, const __half *b, const float *c,
                          float *d) {
  FragA a0, a1;
  FragB b0, b1;
  Acc p0, p1, p2;
  wmma::load_matrix_sync(a0, a, K);
  wmma::load_matrix_sync(a1, a + 16 * K, K);
  wmma::load_matrix_sync(b0, b, K);
  wmma::load_matrix_sync(b1, b + 16 * K, K);
  wmma::load_matrix_sync(p0, c, 64, wmma::mem_row_major);
  wmma::load_matrix_sync(p2, c + 16 * 64, 64, wmma::mem_row_major);
  wmma::mma_sync(p0, a0, b0, p0);
  wmma::mma_sync(p1, a0, b1, p0);
  wmma::mma_sync(p2, a1, b0, p2);
  wmma::store_matrix_sync(d, p0, 16, wmma::mem_row_major);
  wmma::store_matrix_sync(d + 256, p1, 16, wmma::mem_row_major);
  wmma::store_matrix_sync(d + 512, p2, 16, wmma::mem_row_major);
}

// Two products with a shuffle between them whose result feeds the second's
// C: lane l's first element of p0, from lane l ^ 1.
__global__ void shuffled(const __half *a, const __half *b, const float *c,
                         float *d) {
  int w = threadIdx.x / 32;
  FragA a0;
  FragB b0, b1;
  Acc p0, p1;
  wmma::load_matrix_sync(a0, a, K);
  wmma::load_matrix_sync(b0, b, K);
  wmma::load_matrix_sync(b1, b + 16 * K, K);
  wmma::load_matrix_sync(p0, c, 64, wmma::mem_row_major);
  wmma::mma_sync(p0, a0, b0, p0);
  float other = __shfl_xor_sync(0xffffffffu, p0.x[0], 1);
  Acc p1c;
  wmma::fill_fragment(p1c, other);
  wmma::mma_sync(p1, a0, b1, p1c);
  wmma::store_matrix_sync(d + 512 * w, p0, 16, wmma::mem_row_major);
  wmma::store_matrix_sync(d + 512 * w + 256, p1, 16, wmma::mem_row_major);
}

static uint32_t bitsOf(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return u;
}

// D[i][j] = C + sum over k of A[i][k0 + k] B[j][k0 + k], k ascending, fma.
static float reference(const std::vector<__half> &a, int aRow,
                       const std::vector<__half> &b, int bColumn, int k0,
                       float c) {
  for (int k = 0; k < 16; ++k)
    c = std::fmaf(__half2float(a[aRow * K + k0 + k]),
                  __half2float(b[bColumn * K + k0 + k]), c);
  return c;
}

static int compare(const char *name, const float *got, const float *expected,
                   int count) {
  int bad = 0;
  for (int e = 0; e < count; ++e)
    if (bitsOf(got[e]) != bitsOf(expected[e]) && bad++ < 3)
      printf("%s: element %d = %a, expected %a\n", name, e, got[e],
             expected[e]);
  printf("%s: %s\n", name, bad ? "FAILED" : "ok");
  return bad != 0;
}

int main() {
  uint32_t seed = 2024;
  auto uniform = [&](float lo, float hi) {
    seed = seed * 1664525u + 1013904223u;
    return lo + (hi - lo) * float(seed >> 8) / 16777216.0f;
  };
  std::vector<__half> a(32 * K), b(64 * K);
  std::vector<float> c(32 * 64);
  for (auto &x : a)
    x = __float2half(uniform(-3, 3));
  for (auto &x : b)
    x = __float2half(uniform(-3, 3));
  for (auto &x : c)
    x = uniform(-50, 50);
  __half *da, *db;
  float *dc, *dd;
  cudaMalloc(&da, a.size() * 2);
  cudaMalloc(&db, b.size() * 2);
  cudaMalloc(&dc, c.size() * 4);
  cudaMalloc(&dd, 4 * 2048 * 4);
  cudaMemcpy(da, a.data(), a.size() * 2, cudaMemcpyHostToDevice);
  cudaMemcpy(db, b.data(), b.size() * 2, cudaMemcpyHostToDevice);
  cudaMemcpy(dc, c.data(), c.size() * 4, cudaMemcpyHostToDevice);
  int failed = 0;

  {
    tiles<<<2, 128>>>(da, db, dc, dd);
    std::vector<float> d(4 * 2048), expected(4 * 2048);
    cudaError_t e = cudaMemcpy(d.data(), dd, d.size() * 4,
                               cudaMemcpyDeviceToHost);
    for (int w = 0; w < 4; ++w)
      for (int i = 0; i < 32; ++i)
        for (int j = 0; j < 64; ++j) {
          float acc = c[64 * i + j];
          for (int s = 0; s < KSteps; ++s)
            acc = reference(a, i, b, j, 16 * s, acc);
          expected[2048 * w + 64 * i + j] = acc;
        }
    failed += e != cudaSuccess ||
              compare("tiles, 2 x 4 per k step", d.data(), expected.data(),
                      int(d.size()));
  }
  {
    dependent<<<1, 32>>>(da, db, dc, dd);
    std::vector<float> d(768), expected(768);
    cudaError_t e = cudaMemcpy(d.data(), dd, d.size() * 4,
                               cudaMemcpyDeviceToHost);
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j) {
        float p0 = reference(a, i, b, j, 0, c[64 * i + j]);
        expected[16 * i + j] = p0;
        expected[256 + 16 * i + j] = reference(a, i, b, 16 + j, 0, p0);
        expected[512 + 16 * i + j] =
            reference(a, 16 + i, b, j, 0, c[64 * (16 + i) + j]);
      }
    failed += e != cudaSuccess ||
              compare("dependent", d.data(), expected.data(), 768);
  }
  {
    shuffled<<<1, 128>>>(da, db, dc, dd);
    std::vector<float> d(2048), expected(2048);
    cudaError_t e = cudaMemcpy(d.data(), dd, d.size() * 4,
                               cudaMemcpyDeviceToHost);
    // Lane l's first accumulator element (generic layout: row l % 16,
    // column 8 (l / 16)), from lane l ^ 1.
    std::vector<float> p0(256);
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j)
        p0[16 * i + j] = reference(a, i, b, j, 0, c[64 * i + j]);
    for (int w = 0; w < 4; ++w)
      for (int l = 0; l < 32; ++l) {
        int o = l ^ 1;
        float other = p0[16 * (o % 16) + 8 * (o / 16)];
        for (int s = 0; s < 8; ++s) {
          int i = l % 16, j = 8 * (l / 16) + s;
          expected[512 * w + 16 * i + j] = p0[16 * i + j];
          expected[512 * w + 256 + 16 * i + j] =
              reference(a, i, b, 16 + j, 0, other);
        }
      }
    failed += e != cudaSuccess ||
              compare("shuffled", d.data(), expected.data(), 2048);
  }
  printf("wmma_runs: %s\n", failed ? "FAILED" : "PASSED");
  return failed;
}
