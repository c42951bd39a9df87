// nvcuda::wmma with __nv_bfloat16, signed char, unsigned char and
// precision::tf32 multiplicands (float, float, int, int, float accumulators):
// every shape the PTX ISA gives them, both layouts of A and B, strides,
// several warps per block, a block of one warp (half a gfx9 wavefront),
// element-wise operations on fragments, satfinite on int and a K loop;
// checked against D = A * B + C computed on the host from the PTX ISA's
// definition. The values are small integers, so every sum is exact whatever
// the order of the additions.
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_bf16.h>
#include <mma.h>
#include <type_traits>
#include <vector>
using namespace nvcuda;

static int failures = 0;

// The element type in memory of a fragment's multiplicand type.
template <typename T> struct storage { using type = T; };
template <> struct storage<wmma::precision::tf32> { using type = float; };

template <typename T> static double value(T v) { return double(v); }
// tf32 multiplies only the upper 19 bits of each float (PTX ISA): the
// reference drops the other 13.
static double tf32Value(float v) {
  unsigned bits;
  memcpy(&bits, &v, 4);
  bits &= 0xffffe000u;
  float t;
  memcpy(&t, &bits, 4);
  return t;
}
template <> double value<__nv_bfloat16>(__nv_bfloat16 v) {
  return __bfloat162float(v);
}
template <typename T> static T make(int v) { return T(v); }
template <> __nv_bfloat16 make<__nv_bfloat16>(int v) {
  return __float2bfloat16(float(v));
}

// One MxNxK product per warp: warp w of the grid uses tile w of A, B, C.
template <int M, int N, int K, typename TA, typename LA, typename LB,
          typename TC, bool Satf>
__global__ void product(const typename storage<TA>::type *a,
                        const typename storage<TA>::type *b, const TC *c,
                        TC *d, unsigned lda, unsigned ldb, unsigned ldc,
                        bool cRow, bool dRow, TC scale) {
  unsigned warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  wmma::fragment<wmma::matrix_a, M, N, K, TA, LA> fa;
  wmma::fragment<wmma::matrix_b, M, N, K, TA, LB> fb;
  wmma::fragment<wmma::accumulator, M, N, K, TC> fc;
  wmma::load_matrix_sync(fa, a + warp * 32 * lda, lda);
  wmma::load_matrix_sync(fb, b + warp * 32 * ldb, ldb);
  wmma::load_matrix_sync(fc, c + warp * 32 * ldc, ldc,
                         cRow ? wmma::mem_row_major : wmma::mem_col_major);
  for (int i = 0; i < fc.num_elements; ++i)
    fc.x[i] = fc.x[i] * scale;
  wmma::mma_sync(fc, fa, fb, fc, Satf);
  wmma::store_matrix_sync(d + warp * 32 * ldc, fc, ldc,
                          dRow ? wmma::mem_row_major : wmma::mem_col_major);
}

static size_t at(bool row, unsigned ld, unsigned i, unsigned j) {
  return row ? size_t(i) * ld + j : size_t(j) * ld + i;
}

template <int M, int N, int K, typename TA, typename LA, typename LB,
          typename TC, bool Satf>
static void check(const char *name, unsigned warps, unsigned blockThreads,
                  bool big = false) {
  // big, for tf32: random low 13 bits under every A and B value, which the
  // product must ignore.
  const bool isTF32 = std::is_same<TA, wmma::precision::tf32>::value;
  using S = typename storage<TA>::type;
  const bool aRow = std::is_same<LA, wmma::row_major>::value;
  const bool bRow = std::is_same<LB, wmma::row_major>::value;
  const unsigned lda = 32 + 8, ldb = 32 + 16, ldc = 32 + 4;
  const bool cRow = warps % 2 == 1, dRow = !cRow;
  const TC scale = 2;
  const bool isU8 = std::is_same<TA, unsigned char>::value;
  const bool isInt = std::is_same<TC, int>::value;
  std::vector<S> a(warps * 32 * lda), b(warps * 32 * ldb);
  std::vector<TC> c(warps * 32 * ldc), d(warps * 32 * ldc);
  unsigned seed = 4321u + warps;
  auto next = [&](int range) {
    seed = seed * 1103515245u + 12345u;
    return int((seed >> 16) % (2 * range + 1)) - range;
  };
  // Integers use their whole range: s8 -128..127, u8 0..255.
  for (auto &x : a) x = make<S>(isInt ? (isU8 ? next(127) + 128 : next(127) - (next(1) < 0)) : next(4));
  for (auto &x : b) x = make<S>(isInt ? (isU8 ? next(127) + 128 : next(127) - (next(1) < 0)) : next(4));
  for (auto &x : c) x = TC(isInt ? next(100000) : next(4));
  if (big && isTF32)
    for (auto *v : {&a, &b})
      for (auto &x : *v) {
        unsigned bits;
        memcpy(&bits, &x, 4);
        bits |= unsigned(next(4095) + 4096) & 0x1fffu;
        memcpy(&x, &bits, 4);
      }
  if (big && !isTF32) // near the int range: satfinite clamps, without it the sum wraps
    for (unsigned w = 0; w < warps; ++w) {
      c[w * 32 * ldc + at(cRow, ldc, 0, 0)] = TC(INT_MAX / 2 - 5);
      c[w * 32 * ldc + at(cRow, ldc, 1, 1)] = TC(INT_MIN / 2 + 5);
    }
  S *da, *db;
  TC *dc, *dd;
  cudaMalloc(&da, a.size() * sizeof(S));
  cudaMalloc(&db, b.size() * sizeof(S));
  cudaMalloc(&dc, c.size() * sizeof(TC));
  cudaMalloc(&dd, d.size() * sizeof(TC));
  cudaMemcpy(da, a.data(), a.size() * sizeof(S), cudaMemcpyHostToDevice);
  cudaMemcpy(db, b.data(), b.size() * sizeof(S), cudaMemcpyHostToDevice);
  cudaMemcpy(dc, c.data(), c.size() * sizeof(TC), cudaMemcpyHostToDevice);
  cudaMemset(dd, 0, d.size() * sizeof(TC));
  product<M, N, K, TA, LA, LB, TC, Satf>
      <<<warps * 32 / blockThreads, blockThreads>>>(da, db, dc, dd, lda, ldb,
                                                    ldc, cRow, dRow, scale);
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    printf("%s: %s\n", name, cudaGetErrorString(err));
    ++failures;
    return;
  }
  cudaMemcpy(d.data(), dd, d.size() * sizeof(TC), cudaMemcpyDeviceToHost);
  int bad = 0;
  for (unsigned w = 0; w < warps; ++w)
    for (unsigned i = 0; i < M; ++i)
      for (unsigned j = 0; j < N; ++j) {
        long long csum = (long long)c[w * 32 * ldc + at(cRow, ldc, i, j)];
        double sum = 0;
        long long isum = 0;
        for (unsigned k = 0; k < K; ++k) {
          S x = a[w * 32 * lda + at(aRow, lda, i, k)],
            y = b[w * 32 * ldb + at(bRow, ldb, k, j)];
          double p = isTF32 ? tf32Value(float(value(x))) * tf32Value(float(value(y)))
                            : value(x) * value(y);
          sum += p;
          isum += (long long)p;
        }
        TC want;
        if (isInt) {
          // The scaled C wraps as int arithmetic does on the device.
          long long full = (long long)(int)(unsigned)(csum * 2) + isum;
          if (Satf)
            want = TC(full > INT_MAX ? INT_MAX : full < INT_MIN ? INT_MIN : full);
          else
            want = TC((int)(unsigned)(unsigned long long)full);
        } else {
          want = TC(double(csum) * 2 + sum);
        }
        TC got = d[w * 32 * ldc + at(dRow, ldc, i, j)];
        if (got != want && bad++ < 4)
          printf("%s: warp %u D[%u][%u] = %g, expected %g\n", name, w, i, j,
                 double(got), double(want));
      }
  printf("%s: %s\n", name, bad ? "FAILED" : "ok");
  failures += bad != 0;
  cudaFree(da);
  cudaFree(db);
  cudaFree(dc);
  cudaFree(dd);
}

// C = A * B for 32 x 32 matrices with K = 64 (bf16): a 2x2 grid of warps,
// each accumulating four 16x16x16 products.
__global__ void gemm(const __nv_bfloat16 *a, const __nv_bfloat16 *b, float *c) {
  unsigned warp = threadIdx.x / 32;
  unsigned ti = warp / 2, tj = warp % 2;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::col_major> fb;
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
  std::vector<__nv_bfloat16> a(32 * 64), b(32 * 64); // b: column-major
  for (unsigned i = 0; i < a.size(); ++i) a[i] = __float2bfloat16(float(int(i * 7 % 5) - 2));
  for (unsigned i = 0; i < b.size(); ++i) b[i] = __float2bfloat16(float(int(i * 3 % 7) - 3));
  __nv_bfloat16 *da, *db;
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
        want += __bfloat162float(a[i * 64 + k]) * __bfloat162float(b[j * 64 + k]);
      if (c[i * 32 + j] != want && bad++ < 4)
        printf("gemm: C[%u][%u] = %g, expected %g\n", i, j, c[i * 32 + j], want);
    }
  printf("gemm bf16 32x32x64, K loop: %s\n", bad ? "FAILED" : "ok");
  failures += bad != 0;
}

int main() {
  using R = wmma::row_major;
  using C = wmma::col_major;
  using bf16 = __nv_bfloat16;
  using s8 = signed char;
  using u8 = unsigned char;
  using tf32 = wmma::precision::tf32;
  check<16, 16, 16, bf16, R, C, float, false>("m16n16k16 bf16 row.col, 2 warps", 2, 64);
  check<16, 16, 16, bf16, C, R, float, false>("m16n16k16 bf16 col.row, 3 warps", 3, 96);
  check<16, 16, 16, bf16, R, R, float, false>("m16n16k16 bf16 row.row, 1 warp", 1, 32);
  check<16, 16, 16, bf16, C, C, float, false>("m16n16k16 bf16 col.col, 4 warps", 4, 128);
  check<32, 8, 16, bf16, R, C, float, false>("m32n8k16 bf16 row.col, 2 warps", 2, 64);
  check<32, 8, 16, bf16, C, R, float, false>("m32n8k16 bf16 col.row, 1 warp", 1, 32);
  check<8, 32, 16, bf16, R, C, float, false>("m8n32k16 bf16 row.col, 2 warps", 2, 64);
  check<8, 32, 16, bf16, C, R, float, false>("m8n32k16 bf16 col.row, 1 warp", 1, 32);
  check<16, 16, 16, s8, R, C, int, false>("m16n16k16 s8 row.col, 2 warps", 2, 64);
  check<16, 16, 16, s8, C, R, int, false>("m16n16k16 s8 col.row, 1 warp", 1, 32);
  check<16, 16, 16, s8, R, C, int, false>("m16n16k16 s8 wrap, 2 warps", 2, 64, true);
  check<16, 16, 16, s8, C, C, int, true>("m16n16k16 s8 satfinite, 3 warps", 3, 96, true);
  check<16, 16, 16, u8, R, C, int, false>("m16n16k16 u8 row.col, 2 warps", 2, 64);
  check<16, 16, 16, u8, R, R, int, false>("m16n16k16 u8 row.row, 1 warp", 1, 32);
  check<16, 16, 16, u8, C, R, int, false>("m16n16k16 u8 wrap, 2 warps", 2, 64, true);
  check<16, 16, 16, u8, R, C, int, true>("m16n16k16 u8 satfinite, 4 warps", 4, 128, true);
  check<32, 8, 16, s8, R, C, int, false>("m32n8k16 s8 row.col, 2 warps", 2, 64);
  check<8, 32, 16, u8, C, R, int, true>("m8n32k16 u8 satfinite, 2 warps", 2, 64, true);
  check<16, 16, 8, tf32, R, C, float, false>("m16n16k8 tf32 row.col, 2 warps", 2, 64);
  check<16, 16, 8, tf32, C, R, float, false>("m16n16k8 tf32 col.row, 1 warp", 1, 32);
  check<16, 16, 8, tf32, R, C, float, false>("m16n16k8 tf32 low 13 bits ignored, 2 warps", 2, 64, true);
  checkGemm();
  printf("wmma_bf16_int: %s\n", failures ? "FAILED" : "PASSED");
  return failures != 0;
}
