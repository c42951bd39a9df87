// GEMMs with the warp matrix functions (nvcuda::wmma, mma.h), checked
// against a CPU reference: every multiplicand type and shape, row- and
// column-major operands, strides of a larger matrix (tiled GEMMs), element-
// wise operations on accumulator fragments, satf, __float_to_tf32. Inputs
// are small integers (or values exact in tf32), so every result is exact.
#include <mma.h>

#include <cstdio>
#include <cstring>
#include <vector>

using namespace nvcuda;

template <typename T> T fromInt(int v) { return T(v); }
template <> __half fromInt<__half>(int v) { return __float2half(float(v)); }
template <> __nv_bfloat16 fromInt<__nv_bfloat16>(int v) {
  return __float2bfloat16(float(v));
}
template <typename T> double toDouble(T v) { return double(v); }
template <> double toDouble<__half>(__half v) { return __half2float(v); }
template <> double toDouble<__nv_bfloat16>(__nv_bfloat16 v) {
  return __bfloat162float(v);
}

template <typename L> __host__ __device__ constexpr bool isRow() {
  return false;
}
template <> __host__ __device__ constexpr bool isRow<wmma::row_major>() {
  return true;
}

// d += a * b; satf only for integers (CUDA has no floating-point satf).
template <typename D, typename A, typename B>
__device__ void multiplyAdd(D &d, const A &a, const B &b, bool) {
  wmma::mma_sync(d, a, b, d);
}
template <int M, int N, int K, typename A, typename B>
__device__ void multiplyAdd(wmma::fragment<wmma::accumulator, M, N, K, int> &d,
                            const A &a, const B &b, bool satf) {
  wmma::mma_sync(d, a, b, d, satf);
}

// D = -(A * B + C) for an Mt x Nt x Kt problem, one warp per M x N tile.
// A is Mt x Kt, B is Kt x Nt (row- or column-major as LA/LB say), C is
// loaded row-major, D stored column-major.
template <int M, int N, int K, typename TIn, typename TStore, typename TAcc,
          typename LA, typename LB>
__global__ void gemm(const TStore *a, const TStore *b, const TAcc *c, TAcc *d,
                     int Mt, int Nt, int Kt, bool satf) {
  int warp = threadIdx.x / 32;
  int tileM = warp / (Nt / N) * M, tileN = warp % (Nt / N) * N;
  wmma::fragment<wmma::matrix_a, M, N, K, TIn, LA> fa;
  wmma::fragment<wmma::matrix_b, M, N, K, TIn, LB> fb;
  wmma::fragment<wmma::accumulator, M, N, K, TAcc> acc;
  wmma::load_matrix_sync(acc, c + tileM * Nt + tileN, Nt, wmma::mem_row_major);
  for (int k = 0; k < Kt; k += K) {
    const TStore *pa = isRow<LA>() ? a + tileM * Kt + k : a + k * Mt + tileM;
    const TStore *pb = isRow<LB>() ? b + k * Nt + tileN : b + tileN * Kt + k;
    wmma::load_matrix_sync(fa, pa, isRow<LA>() ? Kt : Mt);
    wmma::load_matrix_sync(fb, pb, isRow<LB>() ? Nt : Kt);
    multiplyAdd(acc, fa, fb, satf);
  }
  for (int i = 0; i < acc.num_elements; ++i)
    acc.x[i] = -acc.x[i];
  wmma::store_matrix_sync(d + tileN * Mt + tileM, acc, Mt, wmma::mem_col_major);
}

__global__ void tf32Rounding(float *out) {
  // A tie rounds away from zero; below half an ulp rounds down.
  out[0] = wmma::__float_to_tf32(1.0f + 0x1p-11f);
  out[1] = wmma::__float_to_tf32(-1.0f - 0x1p-11f);
  out[2] = wmma::__float_to_tf32(1.0f + 0x1p-12f);
}

int failures = 0;

template <int M, int N, int K, typename TIn, typename TStore, typename TAcc,
          typename LA, typename LB>
void run(const char *name, int Mt, int Nt, int Kt, int lo, int hi,
         bool satf = false, int cBase = 0) {
  std::vector<TStore> a(Mt * Kt), b(Kt * Nt);
  std::vector<TAcc> c(Mt * Nt), d(Mt * Nt);
  std::vector<long long> av(Mt * Kt), bv(Kt * Nt), cv(Mt * Nt);
  unsigned seed = 12345;
  auto next = [&](int l, int h) {
    seed = seed * 1103515245u + 12345u;
    return l + int((seed >> 8) % unsigned(h - l + 1));
  };
  for (int i = 0; i < Mt; ++i)
    for (int k = 0; k < Kt; ++k) {
      av[i * Kt + k] = next(lo, hi);
      a[isRow<LA>() ? i * Kt + k : k * Mt + i] =
          fromInt<TStore>(int(av[i * Kt + k]));
    }
  for (int k = 0; k < Kt; ++k)
    for (int j = 0; j < Nt; ++j) {
      bv[k * Nt + j] = next(lo, hi);
      b[isRow<LB>() ? k * Nt + j : j * Kt + k] =
          fromInt<TStore>(int(bv[k * Nt + j]));
    }
  for (int i = 0; i < Mt * Nt; ++i) {
    cv[i] = cBase + next(-100, 100);
    c[i] = fromInt<TAcc>(int(cv[i]));
  }
  TStore *da, *db;
  TAcc *dc, *dd;
  cudaMalloc(&da, a.size() * sizeof(TStore));
  cudaMalloc(&db, b.size() * sizeof(TStore));
  cudaMalloc(&dc, c.size() * sizeof(TAcc));
  cudaMalloc(&dd, d.size() * sizeof(TAcc));
  cudaMemcpy(da, a.data(), a.size() * sizeof(TStore), cudaMemcpyHostToDevice);
  cudaMemcpy(db, b.data(), b.size() * sizeof(TStore), cudaMemcpyHostToDevice);
  cudaMemcpy(dc, c.data(), c.size() * sizeof(TAcc), cudaMemcpyHostToDevice);
  int warps = (Mt / M) * (Nt / N);
  gemm<M, N, K, TIn, TStore, TAcc, LA, LB>
      <<<1, 32 * warps>>>(da, db, dc, dd, Mt, Nt, Kt, satf);
  cudaError_t e = cudaDeviceSynchronize();
  cudaMemcpy(d.data(), dd, d.size() * sizeof(TAcc), cudaMemcpyDeviceToHost);
  int bad = e != cudaSuccess;
  if (bad)
    std::printf("%s: %s\n", name, cudaGetErrorString(e));
  for (int i = 0; i < Mt && !bad; ++i)
    for (int j = 0; j < Nt; ++j) {
      long long sum = cv[i * Nt + j];
      for (int k = 0; k < Kt; ++k)
        sum += av[i * Kt + k] * bv[k * Nt + j];
      if (satf) {
        sum = sum > 2147483647LL ? 2147483647LL : sum;
        sum = sum < -2147483648LL ? -2147483648LL : sum;
      }
      double want = -double(sum);
      double got = toDouble(d[j * Mt + i]);
      if (got != want) {
        if (bad < 5)
          std::printf("%s: D[%d][%d] = %g, expected %g\n", name, i, j, got,
                      want);
        ++bad;
      }
    }
  std::printf("%s: %s\n", name, bad ? "FAILED" : "ok");
  failures += bad != 0;
  cudaFree(da);
  cudaFree(db);
  cudaFree(dc);
  cudaFree(dd);
}

int main() {
  using R = wmma::row_major;
  using C = wmma::col_major;
  run<16, 16, 16, __half, __half, float, R, C>("half 16x16x16 f32", 16, 16, 16,
                                               -8, 8);
  run<16, 16, 16, __half, __half, float, C, R>("half tiled 32x32x32 f32", 32,
                                               32, 32, -8, 8);
  run<16, 16, 16, __half, __half, __half, R, R>("half tiled 32x32x32 f16", 32,
                                                32, 32, -3, 3);
  run<32, 8, 16, __half, __half, float, C, C>("half 32x8x16 tiles", 64, 16, 32,
                                              -8, 8);
  run<16, 16, 16, __nv_bfloat16, __nv_bfloat16, float, R, C>(
      "bf16 tiled 32x32x32", 32, 32, 32, -8, 8);
  run<8, 32, 16, __nv_bfloat16, __nv_bfloat16, float, C, R>(
      "bf16 8x32x16 tiles", 16, 64, 32, -8, 8);
  run<16, 16, 16, signed char, signed char, int, R, C>("s8 tiled 32x32x32", 32,
                                                       32, 32, -128, 127);
  run<8, 32, 16, unsigned char, unsigned char, int, R, R>("u8 8x32x16 tiles",
                                                          16, 32, 48, 0, 255);
  run<32, 8, 16, signed char, signed char, int, C, R>(
      "s8 32x8x16 satf", 32, 8, 32, 100, 127, true, 2147000000);
  run<16, 16, 8, wmma::precision::tf32, float, float, R, C>(
      "tf32 tiled 32x32x32", 32, 32, 32, -8, 8);
  float *t;
  cudaMallocManaged(&t, 32 * sizeof(float));
  tf32Rounding<<<1, 1>>>(t);
  cudaDeviceSynchronize();
  bool tf32ok =
      t[0] == 1.0f + 0x1p-10f && t[1] == -1.0f - 0x1p-10f && t[2] == 1.0f;
  std::printf("__float_to_tf32: %s\n", tf32ok ? "ok" : "FAILED");
  failures += !tf32ok;
  std::printf("wmma: %s\n", failures ? "FAILED" : "PASSED");
  return failures ? 1 : 0;
}
