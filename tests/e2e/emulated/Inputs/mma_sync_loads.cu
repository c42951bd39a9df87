// mma.sync.aligned.m16n8k*.row.col whose A and B registers are plain loads
// at addresses computed from the lane (docs/matrix-cores.md, "Fragments
// loaded in the block layout"): gfx942 loads them in the MFMA block layout
// directly, each lane at the address of the lane whose register it needs.
// Every shape and type with a matrix path: f16 and bf16 m16n8k16 and
// m16n8k8, tf32 m16n8k8 and m16n8k4, s8 and u8 m16n8k32 and m16n8k16. D is
// checked against D = A * B + C computed on the host (small integers: every
// sum is exact; tf32 values carry random low 13 bits, which tf32 ignores).
// The forms:
//   rows     A row-major and B column-major in global memory, as 32-bit
//            words (the PTX ISA's fragment tables: a[r] = A row g + 8(r%2),
//            word t + 4(r/2); b[r] = B column g, word t + 4r)
//   lanes    each lane's registers next to each other (lane-major)
//   shared   the rows form from shared memory
//   2d       the rows form in a 16 x 8 block (a warp is two rows of x)
//   k-loop   a k-loop of products (rows form, 4 k-tiles, not unrolled)
//   gathered the rows form through a lane table read from memory: the
//            addresses are not a function of the lane the compiler sees,
//            so the registers move to the block layout as usual
// Warps 1 and 3 are the upper half of a gfx9 wavefront.
#include <cstdio>
#include <cstring>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <vector>

enum Form { Rows, Lanes, Shared, TwoD, KLoop, Gathered };
enum Type { F16, BF16, TF32, S8, U8 };
constexpr int Warps = 4, KTiles = 4;

template <Type T> constexpr int perWord() { // elements per 32-bit register
  return T == TF32 ? 1 : T == S8 || T == U8 ? 4 : 2;
}
template <Type T> using Acc = std::conditional_t<T == S8 || T == U8, int, float>;

#define MMA(Shape, Types, AR, BR, Con)                                        \
  asm volatile("mma.sync.aligned." Shape ".row.col" Types                    \
               " {%0, %1, %2, %3}, " AR ", " BR ", {%0, %1, %2, %3};"        \
               : Con(d[0]), Con(d[1]), Con(d[2]), Con(d[3])                   \
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]),       \
                 "r"(b[1]))
#define A4 "{%4, %5, %6, %7}"
#define A2 "{%4, %5}"
#define F "+f"
#define R "+r"

template <Type T, int K>
__device__ inline void mma(Acc<T> *d, const unsigned *a, const unsigned *b) {
  if constexpr (T == F16 && K == 16)
    MMA("m16n8k16", ".f32.f16.f16.f32", A4, "{%8, %9}", F);
  else if constexpr (T == F16 && K == 8)
    MMA("m16n8k8", ".f32.f16.f16.f32", A2, "{%8}", F);
  else if constexpr (T == BF16 && K == 16)
    MMA("m16n8k16", ".f32.bf16.bf16.f32", A4, "{%8, %9}", F);
  else if constexpr (T == BF16 && K == 8)
    MMA("m16n8k8", ".f32.bf16.bf16.f32", A2, "{%8}", F);
  else if constexpr (T == TF32 && K == 8)
    MMA("m16n8k8", ".f32.tf32.tf32.f32", A4, "{%8, %9}", F);
  else if constexpr (T == TF32 && K == 4)
    MMA("m16n8k4", ".f32.tf32.tf32.f32", A2, "{%8}", F);
  else if constexpr (T == S8 && K == 32)
    MMA("m16n8k32", ".s32.s8.s8.s32", A4, "{%8, %9}", R);
  else if constexpr (T == S8 && K == 16)
    MMA("m16n8k16", ".s32.s8.s8.s32", A2, "{%8}", R);
  else if constexpr (T == U8 && K == 32)
    MMA("m16n8k32", ".s32.u8.u8.s32", A4, "{%8, %9}", R);
  else if constexpr (T == U8 && K == 16)
    MMA("m16n8k16", ".s32.u8.u8.s32", A2, "{%8}", R);
}

// A32: per warp 16 rows of Ld words; B32: per warp 8 columns of Ld words
// (Ld covers KTiles products); L: per warp and lane, NA + NB words; C, D:
// per warp 16 x 8.
template <Form Fm, Type T, int K>
__global__ void product(const unsigned *A32, const unsigned *B32,
                        const unsigned *L, const int *Table, const Acc<T> *C,
                        Acc<T> *D) {
  constexpr int Words = K / perWord<T>(); // per row of one product
  constexpr int NB = Words / 4, NA = 2 * NB, Ld = Words * KTiles;
  __shared__ unsigned sa[Warps][16 * Words], sb[Warps][8 * Words];
  int thread = threadIdx.y * blockDim.x + threadIdx.x;
  int lane = thread % 32, warp = thread / 32;
  int g = lane / 4, t = lane % 4;
  A32 += warp * 16 * Ld;
  B32 += warp * 8 * Ld;
  Acc<T> d[4];
  for (int j = 0; j < 4; ++j)
    d[j] = C[warp * 128 + (g + 8 * (j / 2)) * 8 + 2 * t + j % 2];
  unsigned a[4] = {}, b[2] = {};
  if constexpr (Fm == Rows || Fm == TwoD || Fm == Gathered) {
    int gg = g, tt = t;
    if constexpr (Fm == Gathered) {
      int l = Table[lane];
      gg = l / 4;
      tt = l % 4;
    }
    for (int r = 0; r < NA; ++r)
      a[r] = A32[(gg + 8 * (r % 2)) * Ld + tt + 4 * (r / 2)];
    for (int r = 0; r < NB; ++r)
      b[r] = B32[gg * Ld + tt + 4 * r];
    mma<T, K>(d, a, b);
  } else if constexpr (Fm == Lanes) {
    const unsigned *w = L + (warp * 32 + lane) * (NA + NB);
    for (int r = 0; r < NA; ++r)
      a[r] = w[r];
    for (int r = 0; r < NB; ++r)
      b[r] = w[NA + r];
    mma<T, K>(d, a, b);
  } else if constexpr (Fm == Shared) {
    for (int i = lane; i < 16 * Words; i += 32)
      sa[warp][i] = A32[(i / Words) * Ld + i % Words];
    for (int i = lane; i < 8 * Words; i += 32)
      sb[warp][i] = B32[(i / Words) * Ld + i % Words];
    __syncwarp();
    for (int r = 0; r < NA; ++r)
      a[r] = sa[warp][(g + 8 * (r % 2)) * Words + t + 4 * (r / 2)];
    for (int r = 0; r < NB; ++r)
      b[r] = sb[warp][g * Words + t + 4 * r];
    mma<T, K>(d, a, b);
  } else {
#pragma unroll 1
    for (int k = 0; k < KTiles; ++k) {
      for (int r = 0; r < NA; ++r)
        a[r] = A32[(g + 8 * (r % 2)) * Ld + Words * k + t + 4 * (r / 2)];
      for (int r = 0; r < NB; ++r)
        b[r] = B32[g * Ld + Words * k + t + 4 * r];
      mma<T, K>(d, a, b);
    }
  }
  for (int j = 0; j < 4; ++j)
    D[warp * 128 + (g + 8 * (j / 2)) * 8 + 2 * t + j % 2] = d[j];
}

// Element v as its bits in a register of type T (noise: tf32's ignored
// low 13 bits).
static unsigned bitsOf(Type T, int v, unsigned noise) {
  switch (T) {
  case F16:
    return __half_as_ushort(__int2half_rn(v));
  case BF16:
    return __bfloat16_as_ushort(__float2bfloat16(float(v)));
  case TF32: {
    float f = float(v);
    unsigned u;
    memcpy(&u, &f, 4);
    return u | (noise & 0x1fffu);
  }
  case S8:
  case U8:
    return unsigned(v) & 0xffu;
  }
  return 0;
}

static int failures = 0;

template <Form Fm, Type T, int K> static void run(const char *name) {
  constexpr int E = perWord<T>(), Words = K / E, NB = Words / 4,
                NA = 2 * NB, Ld = Words * KTiles, KAll = K * KTiles;
  int tiles = Fm == KLoop ? KTiles : 1; // k-tiles the product uses
  std::vector<int> a(Warps * 16 * KAll), b(Warps * KAll * 8), c(Warps * 128);
  unsigned seed = 12345 + 7 * T + K;
  auto next = [&] {
    seed = seed * 1103515245u + 12345u;
    return seed >> 8;
  };
  int low = T == U8 ? 0 : -3;
  for (int &v : a)
    v = low + int(next() % 7);
  for (int &v : b)
    v = low + int(next() % 7);
  for (int &v : c)
    v = int(next() % 41) - 20;
  std::vector<unsigned> a32(Warps * 16 * Ld), b32(Warps * 8 * Ld),
      l(Warps * 32 * (NA + NB));
  for (int w = 0; w < Warps; ++w) {
    for (int m = 0; m < 16; ++m)
      for (int p = 0; p < Ld; ++p) {
        unsigned word = 0;
        for (int e = 0; e < E; ++e)
          word |= bitsOf(T, a[(w * 16 + m) * KAll + E * p + e], next())
                  << (32 / E * e);
        a32[(w * 16 + m) * Ld + p] = word;
      }
    for (int n = 0; n < 8; ++n)
      for (int p = 0; p < Ld; ++p) {
        unsigned word = 0;
        for (int e = 0; e < E; ++e)
          word |= bitsOf(T, b[(w * KAll + E * p + e) * 8 + n], next())
                  << (32 / E * e);
        b32[(w * 8 + n) * Ld + p] = word;
      }
    for (int lane = 0; lane < 32; ++lane) {
      int g = lane / 4, t = lane % 4;
      unsigned *regs = &l[(w * 32 + lane) * (NA + NB)];
      for (int r = 0; r < NA; ++r)
        regs[r] = a32[(w * 16 + g + 8 * (r % 2)) * Ld + t + 4 * (r / 2)];
      for (int r = 0; r < NB; ++r)
        regs[NA + r] = b32[(w * 8 + g) * Ld + t + 4 * r];
    }
  }
  std::vector<int> table(32);
  for (int i = 0; i < 32; ++i)
    table[i] = i;
  std::vector<Acc<T>> cv(c.begin(), c.end()), d(Warps * 128);
  unsigned *da, *db, *dl;
  int *dt;
  Acc<T> *dc, *dd;
  cudaMalloc(&da, a32.size() * 4);
  cudaMalloc(&db, b32.size() * 4);
  cudaMalloc(&dl, l.size() * 4);
  cudaMalloc(&dt, 32 * 4);
  cudaMalloc(&dc, cv.size() * 4);
  cudaMalloc(&dd, d.size() * 4);
  cudaMemcpy(da, a32.data(), a32.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(db, b32.data(), b32.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dl, l.data(), l.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dt, table.data(), 32 * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dc, cv.data(), cv.size() * 4, cudaMemcpyHostToDevice);
  dim3 block = Fm == TwoD ? dim3(16, 2 * Warps) : dim3(32 * Warps);
  product<Fm, T, K><<<1, block>>>(da, db, dl, dt, dc, dd);
  cudaError_t err =
      cudaMemcpy(d.data(), dd, d.size() * 4, cudaMemcpyDeviceToHost);
  if (err != cudaSuccess) {
    printf("%s: %s\n", name, cudaGetErrorString(err));
    ++failures;
    return;
  }
  int bad = 0;
  for (int w = 0; w < Warps; ++w)
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 8; ++j) {
        int sum = c[w * 128 + i * 8 + j];
        for (int k = 0; k < K * tiles; ++k)
          sum += a[(w * 16 + i) * KAll + k] * b[(w * KAll + k) * 8 + j];
        Acc<T> got = d[w * 128 + i * 8 + j];
        if (got != Acc<T>(sum) && bad++ < 4)
          printf("%s: warp %d D[%d][%d] = %g, expected %d\n", name, w, i, j,
                 double(got), sum);
      }
  printf("%s: %s\n", name, bad ? "FAILED" : "ok");
  failures += bad != 0;
  cudaFree(da);
  cudaFree(db);
  cudaFree(dl);
  cudaFree(dt);
  cudaFree(dc);
  cudaFree(dd);
}

int main() {
  run<Rows, F16, 16>("f16 m16n8k16 rows");
  run<Rows, BF16, 16>("bf16 m16n8k16 rows");
  run<Rows, F16, 8>("f16 m16n8k8 rows");
  run<Rows, BF16, 8>("bf16 m16n8k8 rows");
  run<Rows, TF32, 8>("tf32 m16n8k8 rows");
  run<Rows, TF32, 4>("tf32 m16n8k4 rows");
  run<Rows, S8, 32>("s8 m16n8k32 rows");
  run<Rows, S8, 16>("s8 m16n8k16 rows");
  run<Rows, U8, 32>("u8 m16n8k32 rows");
  run<Rows, U8, 16>("u8 m16n8k16 rows");
  run<Lanes, F16, 16>("f16 m16n8k16 lanes");
  run<Lanes, F16, 8>("f16 m16n8k8 lanes");
  run<Lanes, TF32, 8>("tf32 m16n8k8 lanes");
  run<Lanes, S8, 32>("s8 m16n8k32 lanes");
  run<Shared, F16, 16>("f16 m16n8k16 shared");
  run<Shared, BF16, 16>("bf16 m16n8k16 shared");
  run<Shared, S8, 16>("s8 m16n8k16 shared");
  run<TwoD, F16, 16>("f16 m16n8k16 2d");
  run<TwoD, TF32, 4>("tf32 m16n8k4 2d");
  run<KLoop, F16, 16>("f16 m16n8k16 k-loop");
  run<KLoop, BF16, 8>("bf16 m16n8k8 k-loop");
  run<KLoop, TF32, 8>("tf32 m16n8k8 k-loop");
  run<KLoop, S8, 32>("s8 m16n8k32 k-loop");
  run<Gathered, F16, 16>("f16 m16n8k16 gathered");
  run<Gathered, S8, 32>("s8 m16n8k32 gathered");
  printf("mma_sync_loads: %s\n", failures ? "FAILED" : "PASSED");
  return failures != 0;
}
