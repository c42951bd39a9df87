// Chains of PTX mma.sync products, as k-loops of GEMM kernels write them:
// the accumulator D of one product is C of the next, through the loop's
// phis, and the A and B fragments come from ldmatrix (f16, bf16) or from
// global memory by the PTX ISA's fragment tables (s8). On gfx9 the matrix
// path keeps such an accumulator in the MFMA block layout from the loop's
// entry to its exit (rubicon-mma-fragment-layout, docs/matrix-cores.md);
// this program checks D against the PTX ISA's semantics computed on the
// host: D = A * B + C per product, f16 D rounded to f16 after every product,
// s32 wrapping. Variants: a product only at the steps a flag array selects
// (the accumulator through an if), every step's D stored (the fragment
// observed inside the loop), a C loaded from memory or zero, one to four
// warps per block. And the sign of zero: with C = -0 and every product -0,
// D is -0 (f32 and f16).
#include <cstdio>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <vector>

enum Type { F16, BF16, S8 };
static int failures = 0;

__device__ unsigned short bits16(Type T, int v) {
  return T == BF16 ? __bfloat16_as_ushort(__float2bfloat16(float(v)))
                   : __half_as_ushort(__int2half_rn(v));
}

constexpr int MaxSteps = 8;

// D's element j (row g + 8(j/2), column 2t + j%2) as an int.
template <Type T, bool DHalf> __device__ int valueOf(const unsigned *d, int j) {
  if (DHalf)
    return int(__half2float(
        __ushort_as_half((unsigned short)(d[j / 2] >> (16 * (j % 2))))));
  return T == S8 ? int(d[j]) : int(__uint_as_float(d[j]));
}

// A: 16 x 16*steps (32*steps for s8), B: K x 8, C and D: 16 x 8, per warp.
// trace (Trace): D after every step.
template <Type T, bool DHalf, bool Trace>
__global__ void chain(const int *A, const int *B, const int *C,
                      const int *flags, int steps, int *D, int *trace) {
  constexpr int KStep = T == S8 ? 32 : 16;
  // Per warp: A (16 x K) then B (K x 8), as f16 or bf16 bits.
  extern __shared__ unsigned short tiles[];
  int lane = threadIdx.x % 32, w = threadIdx.x / 32;
  int warp = blockIdx.x * (blockDim.x / 32) + w;
  int K = KStep * steps;
  unsigned short *sa = tiles + w * 24 * K, *sb = sa + 16 * K;
  A += warp * 16 * K;
  B += warp * K * 8;
  C += warp * 128;
  D += warp * 128;
  trace += warp * 128 * steps;
  int g = lane / 4, t = lane % 4;
  if constexpr (T != S8) {
    for (int i = lane; i < 16 * K; i += 32)
      sa[i] = bits16(T, A[i]);
    for (int i = lane; i < K * 8; i += 32)
      sb[i] = bits16(T, B[i]);
  }
  __syncwarp();
  // The accumulator registers: four f32 or s32, or two f16 pairs.
  unsigned d[DHalf ? 2 : 4] = {};
  for (int j = 0; j < 4; ++j) {
    int v = C[(g + 8 * (j / 2)) * 8 + 2 * t + j % 2];
    if (DHalf)
      d[j / 2] |= unsigned(__half_as_ushort(__int2half_rn(v))) << (16 * (j % 2));
    else
      d[j % 4] = T == S8 ? unsigned(v) : __float_as_uint(float(v));
  }
  for (int s = 0; s < steps; ++s) {
    if (flags[s]) {
      unsigned a[4], b[2];
      if constexpr (T == S8) { // A register r: row g + 8(r%2), k = 4t + 16(r/2) + byte
        for (int r = 0; r < 4; ++r) {
          a[r] = 0;
          for (int e = 0; e < 4; ++e)
            a[r] |= (unsigned(A[(g + 8 * (r % 2)) * K + KStep * s + 4 * t +
                               16 * (r / 2) + e]) & 0xffu) << (8 * e);
        }
        for (int r = 0; r < 2; ++r) { // B register r: k = 4t + 16r + byte, column g
          b[r] = 0;
          for (int e = 0; e < 4; ++e)
            b[r] |= (unsigned(B[(KStep * s + 4 * t + 16 * r + e) * 8 + g]) &
                     0xffu) << (8 * e);
        }
        asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 "
                     "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
                     "{%0, %1, %2, %3};"
                     : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3])
                     : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]),
                       "r"(b[1]));
      } else {
        // Matrix m's row addresses come from lanes 8m..8m+7.
        unsigned rowA = lane % 8 + 8 * ((lane / 8) % 2), colA = 8 * (lane / 16);
        unsigned addrA = unsigned(__cvta_generic_to_shared(
            &sa[rowA * K + KStep * s + colA]));
        unsigned addrB = unsigned(__cvta_generic_to_shared(
            &sb[(KStep * s + lane % 16) * 8]));
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 "
                     "{%0, %1, %2, %3}, [%4];"
                     : "=r"(a[0]), "=r"(a[1]), "=r"(a[2]), "=r"(a[3])
                     : "r"(addrA));
        asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 "
                     "{%0, %1}, [%2];"
                     : "=r"(b[0]), "=r"(b[1])
                     : "r"(addrB));
        if constexpr (T == BF16)
          asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 "
                       "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
                       "{%0, %1, %2, %3};"
                       : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3])
                       : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]),
                         "r"(b[0]), "r"(b[1]));
        else if constexpr (DHalf)
          asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 "
                       "{%0, %1}, {%2, %3, %4, %5}, {%6, %7}, {%0, %1};"
                       : "+r"(d[0]), "+r"(d[1])
                       : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]),
                         "r"(b[0]), "r"(b[1]));
        else
          asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                       "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
                       "{%0, %1, %2, %3};"
                       : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3])
                       : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]),
                         "r"(b[0]), "r"(b[1]));
      }
    }
    if (Trace)
      for (int j = 0; j < 4; ++j)
        trace[s * 128 + (g + 8 * (j / 2)) * 8 + 2 * t + j % 2] =
            valueOf<T, DHalf>(d, j);
  }
  for (int j = 0; j < 4; ++j)
    D[(g + 8 * (j / 2)) * 8 + 2 * t + j % 2] = valueOf<T, DHalf>(d, j);
}

// C = -0 and every product -0 (A = +0, B = -1), chained twice: D is -0.
template <bool DHalf>
__global__ void negativeZero(const unsigned *c, unsigned *out) {
  int lane = threadIdx.x % 32;
  unsigned a[4] = {0, 0, 0, 0}, b[2] = {0xbc00bc00u, 0xbc00bc00u}; // f16 -1
  unsigned d[DHalf ? 2 : 4];
  for (unsigned &x : d)
    x = c[lane];
  for (int p = 0; p < 2; ++p) {
    if constexpr (DHalf)
      asm volatile("mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16 "
                   "{%0, %1}, {%2, %3, %4, %5}, {%6, %7}, {%0, %1};"
                   : "+r"(d[0]), "+r"(d[1])
                   : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]),
                     "r"(b[1]));
    else
      asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                   "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
                   "{%0, %1, %2, %3};"
                   : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3])
                   : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]),
                     "r"(b[1]));
  }
  for (int j = 0; j < (DHalf ? 2 : 4); ++j)
    out[lane * 4 + j] = d[j];
}

static float roundToHalf(float x) { return __half2float(__float2half(x)); }

template <Type T, bool DHalf = false, bool Trace = false>
static void check(const char *name, int warps, int blockThreads, int steps,
                  std::vector<int> flags, bool zeroC = false) {
  const int KStep = T == S8 ? 32 : 16, K = KStep * steps;
  std::vector<int> a(warps * 16 * K), b(warps * K * 8), c(warps * 128),
      d(warps * 128, 12345), trace(warps * 128 * steps, 12345);
  unsigned seed = 1234u + K * 31u + T * 7u + warps * 5u + DHalf + Trace * 3u;
  auto next = [&](int range) {
    seed = seed * 1103515245u + 12345u;
    return int((seed >> 16) % (2 * range + 1)) - range;
  };
  for (int &x : a) x = T == S8 ? next(128) % 128 - (next(1) < 0) : next(4);
  for (int &x : b) x = T == S8 ? next(128) % 128 - (next(1) < 0) : next(4);
  for (int i = 0; i < (int)c.size(); ++i)
    c[i] = zeroC            ? 0
           : T == S8        ? (i % 7 == 0 ? 2147483000 : next(100000))
           : DHalf          ? 2049 + next(900) // f16 spacing 2: every step rounds
                            : next(8);
  int *da, *db, *dc, *dd, *dt, *df;
  cudaMalloc(&da, a.size() * 4);
  cudaMalloc(&db, b.size() * 4);
  cudaMalloc(&dc, c.size() * 4);
  cudaMalloc(&dd, d.size() * 4);
  cudaMalloc(&dt, trace.size() * 4);
  cudaMalloc(&df, flags.size() * 4);
  cudaMemcpy(da, a.data(), a.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(db, b.data(), b.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dc, c.data(), c.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dd, d.data(), d.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dt, trace.data(), trace.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(df, flags.data(), flags.size() * 4, cudaMemcpyHostToDevice);
  chain<T, DHalf, Trace><<<warps * 32 / blockThreads, blockThreads,
                           T == S8 ? 0 : blockThreads / 32 * 24 * K * 2>>>(
      da, db, dc, df, steps, dd, dt);
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    printf("%s: %s\n", name, cudaGetErrorString(err));
    ++failures;
    return;
  }
  cudaMemcpy(d.data(), dd, d.size() * 4, cudaMemcpyDeviceToHost);
  cudaMemcpy(trace.data(), dt, trace.size() * 4, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int w = 0; w < warps; ++w)
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 8; ++j) {
        long long acc = c[w * 128 + i * 8 + j];
        if (DHalf)
          acc = (long long)roundToHalf(float(acc));
        for (int s = 0; s < steps; ++s) {
          if (flags[s]) {
            long long sum = 0;
            for (int k = KStep * s; k < KStep * (s + 1); ++k)
              sum += (long long)a[w * 16 * K + i * K + k] *
                     b[w * K * 8 + k * 8 + j];
            acc = T == S8  ? (long long)int((unsigned)(acc + sum))
                  : DHalf ? (long long)roundToHalf(float(acc + sum))
                          : acc + sum;
          }
          int got = trace[(w * steps + s) * 128 + i * 8 + j];
          if (Trace && got != int(acc) && bad++ < 4)
            printf("%s: warp %d step %d D[%d][%d] = %d, expected %d\n", name,
                   w, s, i, j, got, int(acc));
        }
        int got = d[w * 128 + i * 8 + j];
        if (got != int(acc) && bad++ < 4)
          printf("%s: warp %d D[%d][%d] = %d, expected %d\n", name, w, i, j,
                 got, int(acc));
      }
  printf("%s: %s\n", name, bad ? "FAILED" : "ok");
  failures += bad != 0;
  cudaFree(da);
  cudaFree(db);
  cudaFree(dc);
  cudaFree(dd);
  cudaFree(dt);
  cudaFree(df);
}

template <bool DHalf> static void checkNegativeZero(const char *name) {
  std::vector<unsigned> c(32, DHalf ? 0x80008000u : 0x80000000u), out(128, 1);
  unsigned *dc, *dout;
  cudaMalloc(&dc, 32 * 4);
  cudaMalloc(&dout, 128 * 4);
  cudaMemcpy(dc, c.data(), 32 * 4, cudaMemcpyHostToDevice);
  negativeZero<DHalf><<<1, 32>>>(dc, dout);
  cudaMemcpy(out.data(), dout, 128 * 4, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int l = 0; l < 32; ++l)
    for (int j = 0; j < (DHalf ? 2 : 4); ++j)
      if (out[l * 4 + j] != c[0] && bad++ < 4)
        printf("%s: lane %d register %d = 0x%08x, expected 0x%08x\n", name, l,
               j, out[l * 4 + j], c[0]);
  printf("%s: %s\n", name, bad ? "FAILED" : "ok");
  failures += bad != 0;
  cudaFree(dc);
  cudaFree(dout);
}

int main() {
  std::vector<int> all(MaxSteps, 1), some = {1, 0, 1, 1, 0, 0, 1, 1};
  check<F16>("f32.f16 chain of 8, 2 warps", 2, 64, 8, all);
  check<F16>("f32.f16 chain of 8, zero C, 1 warp", 1, 32, 8, all, true);
  check<F16>("f32.f16 chain of 1, 1 warp", 1, 32, 1, all);
  check<F16>("f32.f16 chain, products at some steps, 3 warps", 3, 96, 8, some);
  check<F16, false, true>("f32.f16 chain, D stored at every step, 4 warps", 4,
                          128, 6, all);
  check<F16, true>("f16.f16 chain of 8, rounded per product, 2 warps", 2, 64,
                   8, all);
  check<F16, true, true>("f16.f16 chain, D stored at every step, 1 warp", 1,
                         32, 5, some);
  check<BF16>("f32.bf16 chain of 7, 2 warps", 2, 64, 7, all);
  check<S8>("s32.s8 m16n8k32 chain of 6, wrapping, 2 warps", 2, 64, 6, all);
  check<S8, false, true>("s32.s8 chain, D stored, products at some steps, 1 warp",
                         1, 32, 8, some);
  checkNegativeZero<false>("f32 -0 + -0 products");
  checkNegativeZero<true>("f16 -0 + -0 products");
  printf("mma_sync_chain: %s\n", failures ? "FAILED" : "PASSED");
  return failures != 0;
}
