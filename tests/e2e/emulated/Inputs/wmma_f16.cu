// nvcuda::wmma with f16 multiplicands, m16n16k16, m32n8k16 and m8n32k16,
// every accumulator type pair, both layouts of A and B, strides, several warps per block, a block
// of one warp (half a gfx9 wavefront), element-wise operations on fragments
// and a K loop; checked against D = A * B + C computed on the host from the
// PTX ISA's definition. The values are small integers, so every sum is exact
// whatever the order of the additions.
#include <cstdio>
#include <cstdlib>
#include <cuda_fp16.h>
#include <mma.h>
#include <vector>
using namespace nvcuda;

static int failures = 0;

template <typename T> struct host_of { using type = T; };

// One MxNxK product per warp: warp w of the grid uses tile w of A, B, C
// (tiles 32 leading dimensions apart).
template <int M, int N, int K, typename LA, typename LB, typename TC,
          typename TD, bool Satf>
__global__ void product(const half *a, const half *b, const TC *c, TD *d,
                        unsigned lda, unsigned ldb, unsigned ldc, bool cRow,
                        bool dRow, float scale) {
  unsigned warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  wmma::fragment<wmma::matrix_a, M, N, K, half, LA> fa;
  wmma::fragment<wmma::matrix_b, M, N, K, half, LB> fb;
  wmma::fragment<wmma::accumulator, M, N, K, TC> fc;
  wmma::fragment<wmma::accumulator, M, N, K, TD> fd;
  wmma::load_matrix_sync(fa, a + warp * 32 * lda, lda);
  wmma::load_matrix_sync(fb, b + warp * 32 * ldb, ldb);
  wmma::load_matrix_sync(fc, c + warp * 32 * ldc, ldc,
                         cRow ? wmma::mem_row_major : wmma::mem_col_major);
  for (int i = 0; i < fc.num_elements; ++i)
    fc.x[i] = TC(float(fc.x[i]) * scale);
  wmma::mma_sync(fd, fa, fb, fc, Satf);
  wmma::store_matrix_sync(d + warp * 32 * ldc, fd, ldc,
                          dRow ? wmma::mem_row_major : wmma::mem_col_major);
}

static float hostHalf(half h) { return __half2float(h); }

template <typename T> static float toFloat(T v) { return float(v); }
template <> float toFloat<half>(half v) { return __half2float(v); }
template <typename T> static T fromFloat(float v) { return T(v); }
template <> half fromFloat<half>(float v) { return __float2half(v); }

// Element (i, j) of a tile stored with leading dimension ld.
static size_t at(bool row, unsigned ld, unsigned i, unsigned j) {
  return row ? size_t(i) * ld + j : size_t(j) * ld + i;
}

template <int M, int N, int K, typename LA, typename LB, typename TC,
          typename TD, bool Satf>
static void check(const char *name, unsigned warps, unsigned blockThreads,
                  float big = 0) {
  const bool aRow = std::is_same<LA, wmma::row_major>::value;
  const bool bRow = std::is_same<LB, wmma::row_major>::value;
  const unsigned lda = 32 + 8, ldb = 32 + 16, ldc = 32 + 4;
  const bool cRow = warps % 2 == 1, dRow = !cRow;
  const float scale = 2.0f;
  // Each warp's tile starts 16 leading dimensions after the previous one.
  std::vector<half> a(warps * 32 * lda), b(warps * 32 * ldb);
  std::vector<TC> c(warps * 32 * ldc);
  std::vector<TD> d(warps * 32 * ldc);
  unsigned seed = 12345u + warps;
  auto next = [&] {
    seed = seed * 1103515245u + 12345u;
    return int((seed >> 16) % 9) - 4;
  };
  for (auto &x : a) x = __float2half(float(next()));
  for (auto &x : b) x = __float2half(float(next()));
  for (auto &x : c) x = fromFloat<TC>(float(next()));
  if (big != 0) { // overflow f16: satf clamps, and NaN becomes +0
    a[0] = __float2half(big);
    b[aRow ? 0 : 0] = __float2half(big);
  }
  half *da, *db;
  TC *dc;
  TD *dd;
  cudaMalloc(&da, a.size() * sizeof(half));
  cudaMalloc(&db, b.size() * sizeof(half));
  cudaMalloc(&dc, c.size() * sizeof(TC));
  cudaMalloc(&dd, d.size() * sizeof(TD));
  cudaMemcpy(da, a.data(), a.size() * sizeof(half), cudaMemcpyHostToDevice);
  cudaMemcpy(db, b.data(), b.size() * sizeof(half), cudaMemcpyHostToDevice);
  cudaMemcpy(dc, c.data(), c.size() * sizeof(TC), cudaMemcpyHostToDevice);
  cudaMemset(dd, 0, d.size() * sizeof(TD));
  product<M, N, K, LA, LB, TC, TD, Satf><<<warps * 32 / blockThreads, blockThreads>>>(
      da, db, dc, dd, lda, ldb, ldc, cRow, dRow, scale);
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    printf("%s: %s\n", name, cudaGetErrorString(err));
    ++failures;
    return;
  }
  cudaMemcpy(d.data(), dd, d.size() * sizeof(TD), cudaMemcpyDeviceToHost);
  int bad = 0;
  for (unsigned w = 0; w < warps; ++w)
    for (unsigned i = 0; i < M; ++i)
      for (unsigned j = 0; j < N; ++j) {
        double sum = toFloat(c[w * 32 * ldc + at(cRow, ldc, i, j)]) * scale;
        for (unsigned k = 0; k < K; ++k)
          sum += double(hostHalf(a[w * 32 * lda + at(aRow, lda, i, k)])) *
                 hostHalf(b[w * 32 * ldb + at(bRow, ldb, k, j)]);
        float want = float(sum);
        if (std::is_same<TD, half>::value)
          want = __half2float(__float2half(want));
        if (Satf && std::is_same<TD, half>::value && want > 65504.0f)
          want = 65504.0f;
        if (Satf && std::is_same<TD, half>::value && want < -65504.0f)
          want = -65504.0f;
        float got = toFloat(d[w * 32 * ldc + at(dRow, ldc, i, j)]);
        if (got != want && bad++ < 4)
          printf("%s: warp %u D[%u][%u] = %g, expected %g\n", name, w, i, j,
                 got, want);
      }
  printf("%s: %s\n", name, bad ? "FAILED" : "ok");
  failures += bad != 0;
  cudaFree(da);
  cudaFree(db);
  cudaFree(dc);
  cudaFree(dd);
}

// C = A * B for 32 x 32 matrices with K = 64: a 2x2 grid of warps, each
// accumulating four 16x16x16 products (D of one step is C of the next).
__global__ void gemm(const half *a, const half *b, float *c) {
  unsigned warp = threadIdx.x / 32;
  unsigned ti = warp / 2, tj = warp % 2;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  for (unsigned k = 0; k < 64; k += 16) {
    wmma::load_matrix_sync(fa, a + ti * 16 * 64 + k, 64);
    wmma::load_matrix_sync(fb, b + tj * 16 * 64 + k, 64);
    wmma::mma_sync(acc, fa, fb, acc);
  }
  wmma::store_matrix_sync(c + ti * 16 * 32 + tj * 16, acc, 32,
                          wmma::mem_row_major);
}

static void checkGemm() {
  std::vector<half> a(32 * 64), b(32 * 64); // b: column-major 64 x 32
  for (unsigned i = 0; i < a.size(); ++i) a[i] = __float2half(float(int(i * 7 % 5) - 2));
  for (unsigned i = 0; i < b.size(); ++i) b[i] = __float2half(float(int(i * 3 % 7) - 3));
  half *da, *db;
  float *dc;
  cudaMalloc(&da, a.size() * 2);
  cudaMalloc(&db, b.size() * 2);
  cudaMalloc(&dc, 32 * 32 * 4);
  cudaMemcpy(da, a.data(), a.size() * 2, cudaMemcpyHostToDevice);
  cudaMemcpy(db, b.data(), b.size() * 2, cudaMemcpyHostToDevice);
  gemm<<<1, 128>>>(da, db, dc);
  std::vector<float> c(32 * 32);
  cudaError_t err = cudaMemcpy(c.data(), dc, c.size() * 4, cudaMemcpyDeviceToHost);
  int bad = err != cudaSuccess;
  for (unsigned i = 0; i < 32; ++i)
    for (unsigned j = 0; j < 32; ++j) {
      float want = 0;
      for (unsigned k = 0; k < 64; ++k)
        want += __half2float(a[i * 64 + k]) * __half2float(b[j * 64 + k]);
      if (c[i * 32 + j] != want && bad++ < 4)
        printf("gemm: C[%u][%u] = %g, expected %g\n", i, j, c[i * 32 + j], want);
    }
  printf("gemm 32x32x64, K loop: %s\n", bad ? "FAILED" : "ok");
  failures += bad != 0;
}

int main() {
  using R = wmma::row_major;
  using C = wmma::col_major;
  check<16, 16, 16, R, C, float, float, false>("m16n16k16 f32.f32 row.col, 2 warps", 2, 64);
  check<16, 16, 16, C, R, float, float, false>("m16n16k16 f32.f32 col.row, 3 warps", 3, 96);
  check<16, 16, 16, R, R, float, float, false>("m16n16k16 f32.f32 row.row, 1 warp", 1, 32);
  check<16, 16, 16, C, C, float, float, false>("m16n16k16 f32.f32 col.col, 4 warps", 4, 128);
  check<16, 16, 16, R, C, half, float, false>("m16n16k16 f32.f16 row.col, 2 warps", 2, 64);
  check<16, 16, 16, R, C, float, half, false>("m16n16k16 f16.f32 row.col, 2 warps", 2, 64);
  check<16, 16, 16, C, R, half, half, false>("m16n16k16 f16.f16 col.row, 2 warps", 2, 32);
  check<16, 16, 16, R, C, half, half, true>("m16n16k16 f16.f16 satfinite, 2 warps", 2, 64, 30000);
  check<32, 8, 16, R, C, float, float, false>("m32n8k16 f32.f32 row.col, 2 warps", 2, 64);
  check<32, 8, 16, C, R, half, float, false>("m32n8k16 f32.f16 col.row, 3 warps", 3, 96);
  check<32, 8, 16, R, R, float, half, false>("m32n8k16 f16.f32 row.row, 1 warp", 1, 32);
  check<32, 8, 16, C, C, half, half, true>("m32n8k16 f16.f16 satfinite, 2 warps", 2, 64, 30000);
  check<8, 32, 16, R, C, float, float, false>("m8n32k16 f32.f32 row.col, 2 warps", 2, 64);
  check<8, 32, 16, C, R, half, float, false>("m8n32k16 f32.f16 col.row, 3 warps", 3, 96);
  check<8, 32, 16, R, R, float, half, false>("m8n32k16 f16.f32 row.row, 1 warp", 1, 32);
  check<8, 32, 16, C, C, half, half, true>("m8n32k16 f16.f16 satfinite, 4 warps", 4, 128, 30000);
  checkGemm();
  printf("wmma_f16: %s\n", failures ? "FAILED" : "PASSED");
  return failures != 0;
}
