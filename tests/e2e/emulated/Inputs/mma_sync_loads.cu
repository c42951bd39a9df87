// mma.sync.aligned.m16n8k16.row.col (f16, bf16) whose A and B registers are
// plain loads at addresses computed from the lane (docs/matrix-cores.md,
// "Fragments loaded in the block layout"): gfx942 loads them in the MFMA
// block layout directly, each lane at the address of the lane whose
// register it needs. D is checked against D = A * B + C computed on the
// host (small integers: every sum is exact). The forms:
//   rows     A row-major and B column-major in global memory, 32-bit pairs
//   lanes    each lane's six registers next to each other (lane-major)
//   shared   the rows form from shared memory
//   2d       the rows form in a 16 x 4 block (a warp is two rows of x)
//   k-loop   a k-loop of products (rows form, 4 k-tiles, not unrolled)
//   gathered the rows form through a lane table read from memory: the
//            addresses are not a function of the lane the compiler sees,
//            so the registers move to the block layout as usual
// Warps 1 and 3 are the upper half of a gfx9 wavefront.
#include <cstdio>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <vector>

enum Form { Rows, Lanes, Shared, TwoD, KLoop, Gathered };
constexpr int Warps = 4, KTiles = 4;

template <bool BF>
__device__ inline void mma(float *d, const unsigned *a, const unsigned *b) {
  if constexpr (BF)
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 "
                 "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
                 "{%0, %1, %2, %3};"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]),
                   "r"(b[1]));
  else
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                 "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
                 "{%0, %1, %2, %3};"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]),
                   "r"(b[1]));
}

// A32: per warp 16 rows of 8 * KTiles words; B32: per warp 8 columns of
// 8 * KTiles words; L: per warp and lane, six words; C, D: per warp 16 x 8.
template <Form F, bool BF>
__global__ void product(const unsigned *A32, const unsigned *B32,
                        const unsigned *L, const int *Table, const float *C,
                        float *D) {
  __shared__ unsigned sa[Warps][16 * 8], sb[Warps][8 * 8];
  int thread = threadIdx.y * blockDim.x + threadIdx.x;
  int lane = thread % 32, warp = thread / 32;
  int g = lane / 4, t = lane % 4;
  constexpr int Ld = 8 * KTiles; // words per A row and B column
  A32 += warp * 16 * Ld;
  B32 += warp * 8 * Ld;
  float d[4];
  for (int j = 0; j < 4; ++j)
    d[j] = C[warp * 128 + (g + 8 * (j / 2)) * 8 + 2 * t + j % 2];
  unsigned a[4], b[2];
  if constexpr (F == Rows || F == TwoD || F == Gathered) {
    if constexpr (F == Gathered) {
      int l = Table[lane];
      g = l / 4;
      t = l % 4;
    }
    for (int r = 0; r < 4; ++r)
      a[r] = A32[(g + 8 * (r % 2)) * Ld + t + 4 * (r / 2)];
    for (int r = 0; r < 2; ++r)
      b[r] = B32[g * Ld + t + 4 * r];
    mma<BF>(d, a, b);
    g = lane / 4;
    t = lane % 4;
  } else if constexpr (F == Lanes) {
    const unsigned *w = L + (warp * 32 + lane) * 6;
    for (int r = 0; r < 4; ++r)
      a[r] = w[r];
    for (int r = 0; r < 2; ++r)
      b[r] = w[4 + r];
    mma<BF>(d, a, b);
  } else if constexpr (F == Shared) {
    for (int i = lane; i < 128; i += 32)
      sa[warp][i] = A32[(i / 8) * Ld + i % 8];
    for (int i = lane; i < 64; i += 32)
      sb[warp][i] = B32[(i / 8) * Ld + i % 8];
    __syncwarp();
    for (int r = 0; r < 4; ++r)
      a[r] = sa[warp][(g + 8 * (r % 2)) * 8 + t + 4 * (r / 2)];
    for (int r = 0; r < 2; ++r)
      b[r] = sb[warp][g * 8 + t + 4 * r];
    mma<BF>(d, a, b);
  } else {
#pragma unroll 1
    for (int k = 0; k < KTiles; ++k) {
      for (int r = 0; r < 4; ++r)
        a[r] = A32[(g + 8 * (r % 2)) * Ld + 8 * k + t + 4 * (r / 2)];
      for (int r = 0; r < 2; ++r)
        b[r] = B32[g * Ld + 8 * k + t + 4 * r];
      mma<BF>(d, a, b);
    }
  }
  for (int j = 0; j < 4; ++j)
    D[warp * 128 + (g + 8 * (j / 2)) * 8 + 2 * t + j % 2] = d[j];
}

static unsigned short bitsOf(bool BF, int v) {
  if (BF)
    return __bfloat16_as_ushort(__float2bfloat16(float(v)));
  return __half_as_ushort(__int2half_rn(v));
}

static int failures = 0;

template <Form F, bool BF> static void run(const char *name) {
  constexpr int Ld = 8 * KTiles, K = 16 * KTiles;
  int tiles = F == KLoop ? KTiles : 1; // k-tiles the product uses
  std::vector<int> a(Warps * 16 * K), b(Warps * K * 8), c(Warps * 128);
  unsigned seed = 12345;
  auto next = [&] {
    seed = seed * 1103515245u + 12345u;
    return int((seed >> 16) % 7) - 3;
  };
  for (int &v : a)
    v = next();
  for (int &v : b)
    v = next();
  for (int &v : c)
    v = next() * 5;
  std::vector<unsigned> a32(Warps * 16 * Ld), b32(Warps * 8 * Ld),
      l(Warps * 32 * 6);
  for (int w = 0; w < Warps; ++w) {
    for (int m = 0; m < 16; ++m)
      for (int p = 0; p < Ld; ++p)
        a32[(w * 16 + m) * Ld + p] =
            bitsOf(BF, a[(w * 16 + m) * K + 2 * p]) |
            unsigned(bitsOf(BF, a[(w * 16 + m) * K + 2 * p + 1])) << 16;
    for (int n = 0; n < 8; ++n)
      for (int p = 0; p < Ld; ++p)
        b32[(w * 8 + n) * Ld + p] =
            bitsOf(BF, b[(w * K + 2 * p) * 8 + n]) |
            unsigned(bitsOf(BF, b[(w * K + 2 * p + 1) * 8 + n])) << 16;
    for (int lane = 0; lane < 32; ++lane) {
      int g = lane / 4, t = lane % 4;
      for (int r = 0; r < 4; ++r)
        l[(w * 32 + lane) * 6 + r] =
            a32[(w * 16 + g + 8 * (r % 2)) * Ld + t + 4 * (r / 2)];
      for (int r = 0; r < 2; ++r)
        l[(w * 32 + lane) * 6 + 4 + r] = b32[(w * 8 + g) * Ld + t + 4 * r];
    }
  }
  std::vector<int> table(32);
  for (int i = 0; i < 32; ++i)
    table[i] = i;
  std::vector<float> cf(c.begin(), c.end()), d(Warps * 128);
  unsigned *da, *db, *dl;
  int *dt;
  float *dc, *dd;
  cudaMalloc(&da, a32.size() * 4);
  cudaMalloc(&db, b32.size() * 4);
  cudaMalloc(&dl, l.size() * 4);
  cudaMalloc(&dt, 32 * 4);
  cudaMalloc(&dc, cf.size() * 4);
  cudaMalloc(&dd, d.size() * 4);
  cudaMemcpy(da, a32.data(), a32.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(db, b32.data(), b32.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dl, l.data(), l.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dt, table.data(), 32 * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dc, cf.data(), cf.size() * 4, cudaMemcpyHostToDevice);
  dim3 block = F == TwoD ? dim3(16, 2 * Warps) : dim3(32 * Warps);
  product<F, BF><<<1, block>>>(da, db, dl, dt, dc, dd);
  cudaError_t err = cudaMemcpy(d.data(), dd, d.size() * 4,
                               cudaMemcpyDeviceToHost);
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
        for (int k = 0; k < 16 * tiles; ++k)
          sum += a[(w * 16 + i) * K + k] * b[(w * K + k) * 8 + j];
        float got = d[w * 128 + i * 8 + j];
        if (got != float(sum) && bad++ < 4)
          printf("%s: warp %d D[%d][%d] = %g, expected %d\n", name, w, i, j,
                 got, sum);
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
  run<Rows, false>("f16 rows");
  run<Rows, true>("bf16 rows");
  run<Lanes, false>("f16 lanes");
  run<Shared, false>("f16 shared");
  run<Shared, true>("bf16 shared");
  run<TwoD, false>("f16 2d");
  run<KLoop, false>("f16 k-loop");
  run<KLoop, true>("bf16 k-loop");
  run<Gathered, false>("f16 gathered");
  printf("mma_sync_loads: %s\n", failures ? "FAILED" : "PASSED");
  return failures != 0;
}
