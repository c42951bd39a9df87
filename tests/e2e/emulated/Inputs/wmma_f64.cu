// nvcuda::wmma with double (m8n8k4, the PTX ISA's .f64 wmma): both layouts
// of A and B, C loaded and D stored row- or column-major, strides past the
// matrix, one to four warps per block including a block of one warp (half a
// gfx9 wavefront), an element-wise operation on a fragment, and a K loop
// (a 16x16 GEMM with K = 32, as dmmaTensorCoreGemm does), checked against
// D = A * B + C computed on the host from the PTX ISA's definition. The
// values are multiples of 1/4 below 2^10, so every sum is exact whatever the
// order of the additions.
#include <cstdio>
#include <mma.h>
#include <type_traits>
#include <vector>
using namespace nvcuda;

static int failures = 0;

// One 8x8x4 product per warp: warp w of the grid uses tile w of A, B, C.
template <typename LA, typename LB>
__global__ void product(const double *a, const double *b, const double *c,
                        double *d, unsigned lda, unsigned ldb, unsigned ldc,
                        bool cRow, bool dRow, double scale) {
  unsigned warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  wmma::fragment<wmma::matrix_a, 8, 8, 4, double, LA> fa;
  wmma::fragment<wmma::matrix_b, 8, 8, 4, double, LB> fb;
  wmma::fragment<wmma::accumulator, 8, 8, 4, double> fc;
  wmma::load_matrix_sync(fa, a + warp * 8 * lda, lda);
  wmma::load_matrix_sync(fb, b + warp * 8 * ldb, ldb);
  wmma::load_matrix_sync(fc, c + warp * 8 * ldc, ldc,
                         cRow ? wmma::mem_row_major : wmma::mem_col_major);
  for (int i = 0; i < fc.num_elements; ++i)
    fc.x[i] = fc.x[i] * scale;
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(d + warp * 8 * ldc, fc, ldc,
                          dRow ? wmma::mem_row_major : wmma::mem_col_major);
}

static size_t at(bool row, unsigned ld, unsigned i, unsigned j) {
  return row ? size_t(i) * ld + j : size_t(j) * ld + i;
}

static unsigned seed = 1234u;
static double next() { // a multiple of 1/4 in [-8, 8]
  seed = seed * 1103515245u + 12345u;
  return double(int((seed >> 16) % 65) - 32) / 4;
}

static void *upload(const std::vector<double> &v) {
  void *p;
  cudaMalloc(&p, v.size() * sizeof(double));
  cudaMemcpy(p, v.data(), v.size() * sizeof(double), cudaMemcpyHostToDevice);
  return p;
}

template <typename LA, typename LB>
static void check(const char *name, unsigned warps, unsigned blockThreads,
                  bool cRow, bool dRow) {
  const bool aRow = std::is_same<LA, wmma::row_major>::value;
  const bool bRow = std::is_same<LB, wmma::row_major>::value;
  // Strides past the matrix (in elements); tiles are 8 lines apart.
  const unsigned lda = 8 + 3, ldb = 8 + 5, ldc = 8 + 1;
  const double scale = 0.5;
  std::vector<double> a(warps * 8 * lda), b(warps * 8 * ldb),
      c(warps * 8 * ldc), d(warps * 8 * ldc, -12345.0);
  for (auto &x : a) x = next();
  for (auto &x : b) x = next();
  for (auto &x : c) x = next();
  double *da = (double *)upload(a), *db = (double *)upload(b),
         *dc = (double *)upload(c), *dd = (double *)upload(d);
  product<LA, LB><<<warps * 32 / blockThreads, blockThreads>>>(
      da, db, dc, dd, lda, ldb, ldc, cRow, dRow, scale);
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    printf("%s: %s\n", name, cudaGetErrorString(err));
    ++failures;
    return;
  }
  std::vector<double> got(d.size());
  cudaMemcpy(got.data(), dd, d.size() * sizeof(double),
             cudaMemcpyDeviceToHost);
  int bad = 0;
  for (unsigned w = 0; w < warps; ++w)
    for (unsigned i = 0; i < 8; ++i)
      for (unsigned j = 0; j < 8; ++j) {
        double sum = c[w * 8 * ldc + at(cRow, ldc, i, j)] * scale;
        for (unsigned k = 0; k < 4; ++k)
          sum += a[w * 8 * lda + at(aRow, lda, i, k)] *
                 b[w * 8 * ldb + at(bRow, ldb, k, j)];
        size_t pos = w * 8 * ldc + at(dRow, ldc, i, j);
        if (got[pos] != sum && bad++ < 4)
          printf("%s: warp %u D[%u][%u] = %g, want %g\n", name, w, i, j,
                 got[pos], sum);
        got[pos] = -12345.0; // checked: what is left must be untouched
      }
  for (double x : got)
    if (x != -12345.0 && bad++ < 4)
      printf("%s: padding written\n", name);
  printf("%s: %s\n", name, bad ? "FAILED" : "ok");
  failures += bad != 0;
  cudaFree(da), cudaFree(db), cudaFree(dc), cudaFree(dd);
}

// C = A * B for 16x16 matrices with K = 32, one 8x8 tile per warp (four
// warps), eight products per tile accumulated in one fragment.
__global__ void gemm(const double *a, const double *b, double *c) {
  unsigned warp = threadIdx.x / 32;
  unsigned ti = warp / 2, tj = warp % 2;
  wmma::fragment<wmma::accumulator, 8, 8, 4, double> acc;
  wmma::fill_fragment(acc, 0.0);
  for (unsigned k = 0; k < 32; k += 4) {
    wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::col_major> fb;
    wmma::load_matrix_sync(fa, a + ti * 8 * 32 + k, 32);
    wmma::load_matrix_sync(fb, b + tj * 8 * 32 + k, 32);
    wmma::mma_sync(acc, fa, fb, acc);
  }
  wmma::store_matrix_sync(c + ti * 8 * 16 + tj * 8, acc, 16,
                          wmma::mem_row_major);
}

static void checkGemm() {
  std::vector<double> a(16 * 32), b(16 * 32), c(16 * 16); // b: column-major
  for (auto &x : a) x = next();
  for (auto &x : b) x = next();
  double *da = (double *)upload(a), *db = (double *)upload(b),
         *dc = (double *)upload(c);
  gemm<<<1, 128>>>(da, db, dc);
  cudaError_t err = cudaDeviceSynchronize();
  cudaMemcpy(c.data(), dc, c.size() * sizeof(double), cudaMemcpyDeviceToHost);
  int bad = err != cudaSuccess;
  for (unsigned i = 0; i < 16; ++i)
    for (unsigned j = 0; j < 16; ++j) {
      double sum = 0;
      for (unsigned k = 0; k < 32; ++k)
        sum += a[i * 32 + k] * b[j * 32 + k];
      if (c[i * 16 + j] != sum && bad++ < 4)
        printf("gemm: C[%u][%u] = %g, want %g\n", i, j, c[i * 16 + j], sum);
    }
  printf("gemm f64 16x16x32, K loop: %s\n", bad ? "FAILED" : "ok");
  failures += bad != 0;
  cudaFree(da), cudaFree(db), cudaFree(dc);
}

int main() {
  using R = wmma::row_major;
  using C = wmma::col_major;
  check<R, C>("m8n8k4 f64 row.col, 1 warp", 1, 32, true, true);
  check<R, R>("m8n8k4 f64 row.row, 2 warps", 2, 64, false, true);
  check<C, C>("m8n8k4 f64 col.col, 3 warps", 3, 96, true, false);
  check<C, R>("m8n8k4 f64 col.row, 4 warps", 4, 64, false, false);
  checkGemm();
  printf("wmma_f64: %s\n", failures ? "FAILED" : "PASSED");
  return failures != 0;
}
