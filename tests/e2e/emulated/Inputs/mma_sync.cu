// PTX mma.sync.aligned.<shape>.row.col with the shapes and types that have
// a matrix path on gfx9 (docs/matrix-cores.md, "PTX mma.sync on MFMA"):
// m16n8k16 and m16n8k8 with f16 (f32 or f16 C and D) and bf16, m16n8k8 and
// m16n8k4 with tf32, m16n8k32 and m16n8k16 with s8 (with and without
// .satfinite), and with u8 and u8 x s8 (any order; through f16 products). Each lane fills its registers from A, B and C by the PTX
// ISA's fragment tables ("Matrix fragments for mma.m16n8k*"), and D is
// checked against D = A * B + C computed on the host. The values are random
// small integers (the whole byte range for s8 and u8), so every sum is
// exact in any order; tf32 values carry random low 13 bits, which tf32 ignores, and
// s8 C values near the int range make the sums wrap or clamp. Warps 0..W-1
// of a grid each do their own product (odd warps are the upper half of a
// gfx9 wavefront; one case is a block of one warp). One kernel loads A and B
// with ldmatrix (.x4, and .x2.trans) into the same mma.sync.
#include <climits>
#include <cstdio>
#include <cstring>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <vector>

// Integer types: S8 (s8 x s8), U8 (u8 x u8), U8S8 (A u8, B s8), S8U8.
enum Type { F16, BF16, TF32, S8, U8, U8S8, S8U8 };
__host__ __device__ constexpr bool isInt(Type T) { return T >= S8; }
// Whether A's (B's) bytes are unsigned.
__host__ __device__ constexpr bool aUnsigned(Type T) { return T == U8 || T == U8S8; }
__host__ __device__ constexpr bool bUnsigned(Type T) { return T == U8 || T == S8U8; }
static int failures = 0;

// The PTX ISA's fragments, lane = 4g + t (g = groupID, t = threadID in
// group), for an M16 N8 K product:
//   A register r, element e (E elements per register, 4/E k per lane and
//     half): row g + 8(r%2), column E*t + e + 4E*(r/2)
//   B register r, element e: row E*t + e + 4E*r, column g
//   C/D (f32, s32) register j: row g + 8(j/2), column 2t + j%2
//   C/D (f16) register r, half e: row g + 8r, column 2t + e
__host__ __device__ inline void aElement(int E, int r, int e, int g, int t,
                                         int &row, int &col) {
  row = g + 8 * (r % 2);
  col = E * t + e + 4 * E * (r / 2);
}
__host__ __device__ inline void bElement(int E, int r, int e, int g, int t,
                                         int &row, int &col) {
  row = E * t + e + 4 * E * r;
  col = g;
}

// One element as its bits in a register of the type.
__device__ unsigned bitsOf(Type T, int v, unsigned noise) {
  switch (T) {
  case F16:
    return __half_as_ushort(__int2half_rn(v));
  case BF16:
    return __bfloat16_as_ushort(__float2bfloat16(float(v)));
  case TF32:
    return __float_as_uint(float(v)) | (noise & 0x1fffu);
  default: // a byte, s8 or u8
    return unsigned(v) & 0xffu;
  }
  return 0;
}

template <Type T, int K, bool CHalf, bool DHalf, bool Satf>
__global__ void product(const int *A, const int *B, const int *C, int *D) {
  constexpr int E = T == TF32 ? 1 : isInt(T) ? 4 : 2; // elements per register
  constexpr int NA = K * 16 / (32 * E), NB = NA / 2;
  int lane = threadIdx.x % 32;
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int g = lane / 4, t = lane % 4;
  A += warp * 16 * K;
  B += warp * K * 8;
  C += warp * 16 * 8;
  D += warp * 16 * 8;
  unsigned a[4] = {}, b[2] = {}, c[4] = {}, d[4] = {};
  for (int r = 0; r < NA; ++r)
    for (int e = 0; e < E; ++e) {
      int row, col;
      aElement(E, r, e, g, t, row, col);
      unsigned noise = unsigned(row * 2654435761u + col * 40503u) >> 7;
      a[r] |= bitsOf(T, A[row * K + col], noise) << (32 / E * e);
    }
  for (int r = 0; r < NB; ++r)
    for (int e = 0; e < E; ++e) {
      int row, col;
      bElement(E, r, e, g, t, row, col);
      unsigned noise = unsigned(col * 2246822519u + row * 97u) >> 5;
      b[r] |= bitsOf(T, B[row * 8 + col], noise) << (32 / E * e);
    }
  for (int j = 0; j < 4; ++j) {
    int v = C[(g + 8 * (j / 2)) * 8 + 2 * t + j % 2];
    if (CHalf)
      c[j / 2] |= unsigned(__half_as_ushort(__int2half_rn(v))) << (16 * (j % 2));
    else
      c[j] = isInt(T) ? unsigned(v) : __float_as_uint(float(v));
  }
#define A4 "{%4, %5, %6, %7}"
#define A2 "{%4, %5}"
#define PTX(Shape, Types, AR, BR, CR, DR)                                      \
  asm volatile("mma.sync.aligned." Shape ".row.col" Types " " DR ", " AR      \
               ", " BR ", " CR ";"                                             \
               : "=r"(d[0]), "=r"(d[1]), "=r"(d[2]), "=r"(d[3])                \
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]),        \
                 "r"(b[1]), "r"(c[0]), "r"(c[1]), "r"(c[2]), "r"(c[3]))
  // Operands: %0-%3 d, %4-%7 a, %8-%9 b, %10-%13 c.
  if constexpr (T == F16 && K == 16 && !CHalf && !DHalf)
    PTX("m16n8k16", ".f32.f16.f16.f32", A4, "{%8, %9}", "{%10, %11, %12, %13}", "{%0, %1, %2, %3}");
  else if constexpr (T == F16 && K == 16 && CHalf && DHalf)
    PTX("m16n8k16", ".f16.f16.f16.f16", A4, "{%8, %9}", "{%10, %11}", "{%0, %1}");
  else if constexpr (T == F16 && K == 16 && CHalf && !DHalf)
    PTX("m16n8k16", ".f32.f16.f16.f16", A4, "{%8, %9}", "{%10, %11}", "{%0, %1, %2, %3}");
  else if constexpr (T == F16 && K == 16 && !CHalf && DHalf)
    PTX("m16n8k16", ".f16.f16.f16.f32", A4, "{%8, %9}", "{%10, %11, %12, %13}", "{%0, %1}");
  else if constexpr (T == F16 && K == 8 && !CHalf && !DHalf)
    PTX("m16n8k8", ".f32.f16.f16.f32", A2, "{%8}", "{%10, %11, %12, %13}", "{%0, %1, %2, %3}");
  else if constexpr (T == F16 && K == 8 && CHalf && DHalf)
    PTX("m16n8k8", ".f16.f16.f16.f16", A2, "{%8}", "{%10, %11}", "{%0, %1}");
  else if constexpr (T == BF16 && K == 16)
    PTX("m16n8k16", ".f32.bf16.bf16.f32", A4, "{%8, %9}", "{%10, %11, %12, %13}", "{%0, %1, %2, %3}");
  else if constexpr (T == BF16 && K == 8)
    PTX("m16n8k8", ".f32.bf16.bf16.f32", A2, "{%8}", "{%10, %11, %12, %13}", "{%0, %1, %2, %3}");
  else if constexpr (T == TF32 && K == 8)
    PTX("m16n8k8", ".f32.tf32.tf32.f32", A4, "{%8, %9}", "{%10, %11, %12, %13}", "{%0, %1, %2, %3}");
  else if constexpr (T == TF32 && K == 4)
    PTX("m16n8k4", ".f32.tf32.tf32.f32", A2, "{%8}", "{%10, %11, %12, %13}", "{%0, %1, %2, %3}");
  else if constexpr (T == S8 && K == 32 && Satf)
    PTX("m16n8k32", ".satfinite.s32.s8.s8.s32", A4, "{%8, %9}", "{%10, %11, %12, %13}", "{%0, %1, %2, %3}");
  else if constexpr (T == S8 && K == 32)
    PTX("m16n8k32", ".s32.s8.s8.s32", A4, "{%8, %9}", "{%10, %11, %12, %13}", "{%0, %1, %2, %3}");
  else if constexpr (T == S8 && K == 16)
    PTX("m16n8k16", ".s32.s8.s8.s32", A2, "{%8}", "{%10, %11, %12, %13}", "{%0, %1, %2, %3}");
  else if constexpr (T == U8 && K == 32 && Satf)
    PTX("m16n8k32", ".satfinite.s32.u8.u8.s32", A4, "{%8, %9}", "{%10, %11, %12, %13}", "{%0, %1, %2, %3}");
  else if constexpr (T == U8 && K == 32)
    PTX("m16n8k32", ".s32.u8.u8.s32", A4, "{%8, %9}", "{%10, %11, %12, %13}", "{%0, %1, %2, %3}");
  else if constexpr (T == U8 && K == 16)
    PTX("m16n8k16", ".s32.u8.u8.s32", A2, "{%8}", "{%10, %11, %12, %13}", "{%0, %1, %2, %3}");
  else if constexpr (T == U8S8 && K == 32)
    PTX("m16n8k32", ".s32.u8.s8.s32", A4, "{%8, %9}", "{%10, %11, %12, %13}", "{%0, %1, %2, %3}");
  else if constexpr (T == S8U8 && K == 32 && Satf)
    PTX("m16n8k32", ".satfinite.s32.s8.u8.s32", A4, "{%8, %9}", "{%10, %11, %12, %13}", "{%0, %1, %2, %3}");
  else if constexpr (T == S8U8 && K == 16)
    PTX("m16n8k16", ".s32.s8.u8.s32", A2, "{%8}", "{%10, %11, %12, %13}", "{%0, %1, %2, %3}");
  else if constexpr (T == U8S8 && K == 16)
    PTX("m16n8k16", ".s32.u8.s8.s32", A2, "{%8}", "{%10, %11, %12, %13}", "{%0, %1, %2, %3}");
  for (int j = 0; j < 4; ++j) {
    int v;
    if (DHalf)
      v = int(__half2float(__ushort_as_half((unsigned short)(d[j / 2] >> (16 * (j % 2))))));
    else
      v = isInt(T) ? int(d[j]) : int(__uint_as_float(d[j]));
    D[(g + 8 * (j / 2)) * 8 + 2 * t + j % 2] = v;
  }
}

// ldmatrix feeding mma.sync, as CUTLASS-style kernels do: A (16x16 f16,
// row-major in shared memory) with ldmatrix.x4, B (16x8, stored k-major)
// with ldmatrix.x2.trans, then m16n8k16 f32.f16.f16.f32.
__global__ void ldmatrixProduct(const int *A, const int *B, const int *C,
                                int *D) {
  __shared__ __half sa[4][16 * 16], sb[4][16 * 8];
  int lane = threadIdx.x % 32, w = threadIdx.x / 32;
  int warp = blockIdx.x * (blockDim.x / 32) + w;
  A += warp * 256;
  B += warp * 128;
  C += warp * 128;
  D += warp * 128;
  for (int i = lane; i < 256; i += 32)
    sa[w][i] = __int2half_rn(A[i]);
  for (int i = lane; i < 128; i += 32)
    sb[w][i] = __int2half_rn(B[i]);
  __syncwarp();
  unsigned a[4], b[2];
  float d[4];
  int g = lane / 4, t = lane % 4;
  for (int j = 0; j < 4; ++j)
    d[j] = float(C[(g + 8 * (j / 2)) * 8 + 2 * t + j % 2]);
  // Matrix m's row addresses come from lanes 8m..8m+7.
  unsigned rowA = lane % 8 + 8 * ((lane / 8) % 2), colA = 8 * (lane / 16);
  unsigned addrA = unsigned(__cvta_generic_to_shared(&sa[w][rowA * 16 + colA]));
  unsigned addrB = unsigned(__cvta_generic_to_shared(&sb[w][(lane % 16) * 8]));
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(a[0]), "=r"(a[1]), "=r"(a[2]), "=r"(a[3])
               : "r"(addrA));
  asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, [%2];"
               : "=r"(b[0]), "=r"(b[1])
               : "r"(addrB));
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
               "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
               "{%0, %1, %2, %3};"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]),
                 "r"(b[1]));
  for (int j = 0; j < 4; ++j)
    D[(g + 8 * (j / 2)) * 8 + 2 * t + j % 2] = int(d[j]);
}

template <Type T, int K, bool CHalf = false, bool DHalf = false,
          bool Satf = false, bool Ldmatrix = false>
static void check(const char *name, int warps, int blockThreads,
                  bool big = false) {
  std::vector<int> a(warps * 16 * K), b(warps * K * 8), c(warps * 128),
      d(warps * 128, 12345);
  unsigned seed = 777u + K * 31u + T * 7u + warps;
  auto next = [&](int range) {
    seed = seed * 1103515245u + 12345u;
    return int((seed >> 16) % (2 * range + 1)) - range;
  };
  int range = isInt(T) ? 128 : 4;
  // s8: -128..127; u8: 0..255.
  auto element = [&](bool isUnsigned) {
    int x = next(range) % 128 - (isInt(T) && next(1) < 0);
    return isUnsigned ? x + 128 : x;
  };
  for (int &x : a) x = element(aUnsigned(T));
  for (int &x : b) x = element(bUnsigned(T));
  for (int &x : c) x = isInt(T) ? next(100000) : next(8);
  if (big) // near the int range: the sum wraps, or clamps with .satfinite
    for (int w = 0; w < warps; ++w) {
      c[w * 128 + 0] = INT_MAX - 100;
      c[w * 128 + 9] = INT_MIN + 100;
    }
  int *da, *db, *dc, *dd;
  cudaMalloc(&da, a.size() * 4);
  cudaMalloc(&db, b.size() * 4);
  cudaMalloc(&dc, c.size() * 4);
  cudaMalloc(&dd, d.size() * 4);
  cudaMemcpy(da, a.data(), a.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(db, b.data(), b.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dc, c.data(), c.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dd, d.data(), d.size() * 4, cudaMemcpyHostToDevice);
  if (Ldmatrix)
    ldmatrixProduct<<<warps * 32 / blockThreads, blockThreads>>>(da, db, dc,
                                                                 dd);
  else
    product<T, K, CHalf, DHalf, Satf>
        <<<warps * 32 / blockThreads, blockThreads>>>(da, db, dc, dd);
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    printf("%s: %s\n", name, cudaGetErrorString(err));
    ++failures;
    return;
  }
  cudaMemcpy(d.data(), dd, d.size() * 4, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int w = 0; w < warps; ++w)
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 8; ++j) {
        long long sum = c[w * 128 + i * 8 + j];
        for (int k = 0; k < K; ++k)
          sum += (long long)a[w * 16 * K + i * K + k] * b[w * K * 8 + k * 8 + j];
        int want = Satf ? int(sum > INT_MAX ? INT_MAX : sum < INT_MIN ? INT_MIN : sum)
                        : int((unsigned)(unsigned long long)sum);
        int got = d[w * 128 + i * 8 + j];
        if (got != want && bad++ < 4)
          printf("%s: warp %d D[%d][%d] = %d, expected %d\n", name, w, i, j,
                 got, want);
      }
  printf("%s: %s\n", name, bad ? "FAILED" : "ok");
  failures += bad != 0;
  cudaFree(da);
  cudaFree(db);
  cudaFree(dc);
  cudaFree(dd);
}

int main() {
  check<F16, 16>("m16n8k16 f32.f16.f16.f32, 2 warps", 2, 64);
  check<F16, 16>("m16n8k16 f32.f16.f16.f32, 1 warp", 1, 32);
  check<F16, 16, true, true>("m16n8k16 f16.f16.f16.f16, 4 warps", 4, 128);
  check<F16, 16, true, false>("m16n8k16 f32.f16.f16.f16, 2 warps", 2, 64);
  check<F16, 16, false, true>("m16n8k16 f16.f16.f16.f32, 3 warps", 3, 96);
  check<F16, 8>("m16n8k8 f32.f16.f16.f32, 2 warps", 2, 64);
  check<F16, 8, true, true>("m16n8k8 f16.f16.f16.f16, 1 warp", 1, 32);
  check<BF16, 16>("m16n8k16 f32.bf16.bf16.f32, 2 warps", 2, 64);
  check<BF16, 8>("m16n8k8 f32.bf16.bf16.f32, 3 warps", 3, 96);
  check<TF32, 8>("m16n8k8 f32.tf32.tf32.f32, 2 warps", 2, 64);
  check<TF32, 4>("m16n8k4 f32.tf32.tf32.f32, 1 warp", 1, 32);
  check<S8, 32>("m16n8k32 s32.s8.s8.s32, 2 warps", 2, 64);
  check<S8, 32>("m16n8k32 s32.s8.s8.s32 wrap, 2 warps", 2, 64, true);
  check<S8, 32, false, false, true>("m16n8k32 satfinite, 4 warps", 4, 128, true);
  check<S8, 16>("m16n8k16 s32.s8.s8.s32, 1 warp", 1, 32);
  check<U8, 32>("m16n8k32 s32.u8.u8.s32, 2 warps", 2, 64);
  check<U8, 32>("m16n8k32 s32.u8.u8.s32 wrap, 3 warps", 3, 96, true);
  check<U8, 32, false, false, true>("m16n8k32 u8 satfinite, 2 warps", 2, 64, true);
  check<U8, 16>("m16n8k16 s32.u8.u8.s32, 1 warp", 1, 32);
  check<U8S8, 32>("m16n8k32 s32.u8.s8.s32, 2 warps", 2, 64);
  check<S8U8, 32, false, false, true>("m16n8k32 s8.u8 satfinite, 4 warps", 4, 128, true);
  check<S8U8, 16>("m16n8k16 s32.s8.u8.s32, 2 warps", 2, 64);
  check<U8S8, 16>("m16n8k16 s32.u8.s8.s32, 1 warp", 1, 32);
  check<F16, 16, false, false, false, true>("ldmatrix.x4, .x2.trans, m16n8k16, 4 warps", 4, 128);
  check<F16, 16, false, false, false, true>("ldmatrix.x4, .x2.trans, m16n8k16, 1 warp", 1, 32);
  printf("mma_sync: %s\n", failures ? "FAILED" : "PASSED");
  return failures != 0;
}
