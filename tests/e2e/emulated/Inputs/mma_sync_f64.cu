// PTX mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64: each lane fills its
// registers from A, B and C by the PTX ISA's fragment table ("Matrix
// fragment for mma.m8n8k4 with .f64 floating point type": lane 4g + t holds
// A[g][t], B[t][g], C[g][2t] and C[g][2t + 1]), and D is checked against
// D = A * B + C computed on the host, k ascending with one rounding per step
// (fma). Warps of a block run it together (gfx9: a whole wavefront, the
// matrix path), alone (one warp per block; or only some warps of the block,
// a branch on the warp), and in a loop whose trip count differs between
// the warps, so some iterations have the whole wavefront and the others one
// warp. The values are small integers over 8 (exact products), some warps
// hold infinities: a warp's result must not depend on the other warp's
// data (an inf in one warp would make NaN in the other through 0 * inf).
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

static int failures = 0;

// Every warp w with (mask >> w) & 1 does `steps + w % 3 * extra` products
// into its accumulator, step s with A + s*32, B + s*32 of its own.
__global__ void product(const double *A, const double *B, const double *C,
                        double *D, unsigned mask, int steps, int extra) {
  int lane = threadIdx.x % 32;
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int g = lane / 4, t = lane % 4;
  if (!((mask >> (warp % 32)) & 1))
    return;
  int n = steps + warp % 3 * extra;
  double d0 = C[warp * 64 + g * 8 + 2 * t], d1 = C[warp * 64 + g * 8 + 2 * t + 1];
  for (int s = 0; s < n; ++s) {
    const double *a = A + (warp * 8 + s) * 32, *b = B + (warp * 8 + s) * 32;
    double av = a[g * 4 + t], bv = b[t * 8 + g];
    asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 "
                 "{%0, %1}, {%2}, {%3}, {%0, %1};"
                 : "+d"(d0), "+d"(d1)
                 : "d"(av), "d"(bv));
  }
  D[warp * 64 + g * 8 + 2 * t] = d0;
  D[warp * 64 + g * 8 + 2 * t + 1] = d1;
}

static bool same(double x, double y) {
  return (std::isnan(x) && std::isnan(y)) ||
         std::memcmp(&x, &y, sizeof x) == 0;
}

static void check(const char *name, int warps, int blockThreads,
                  unsigned mask = ~0u, int steps = 1, int extra = 0,
                  bool infinities = false) {
  // A: 8 steps of 8x4 per warp; B: 8 steps of 4x8; C, D: 8x8.
  std::vector<double> a(warps * 8 * 32), b(warps * 8 * 32), c(warps * 64),
      d(warps * 64, 12345.0);
  unsigned seed = 4242u + warps * 17u + steps * 5u + extra;
  auto next = [&](int range) {
    seed = seed * 1103515245u + 12345u;
    return int((seed >> 16) % (2 * range + 1)) - range;
  };
  for (double &x : a) x = next(16) / 8.0;
  for (double &x : b) x = next(16) / 8.0;
  for (double &x : c) x = next(64) / 4.0;
  if (infinities) // odd warps: an infinity in A and a NaN in B
    for (int w = 1; w < warps; w += 2) {
      a[w * 8 * 32 + 5] = INFINITY;
      b[w * 8 * 32 + 9] = NAN;
    }
  double *da, *db, *dc, *dd;
  cudaMalloc(&da, a.size() * 8);
  cudaMalloc(&db, b.size() * 8);
  cudaMalloc(&dc, c.size() * 8);
  cudaMalloc(&dd, d.size() * 8);
  cudaMemcpy(da, a.data(), a.size() * 8, cudaMemcpyHostToDevice);
  cudaMemcpy(db, b.data(), b.size() * 8, cudaMemcpyHostToDevice);
  cudaMemcpy(dc, c.data(), c.size() * 8, cudaMemcpyHostToDevice);
  cudaMemcpy(dd, d.data(), d.size() * 8, cudaMemcpyHostToDevice);
  product<<<warps * 32 / blockThreads, blockThreads>>>(da, db, dc, dd, mask,
                                                        steps, extra);
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    printf("%s: %s\n", name, cudaGetErrorString(err));
    ++failures;
    return;
  }
  cudaMemcpy(d.data(), dd, d.size() * 8, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int w = 0; w < warps; ++w) {
    bool active = (mask >> (w % 32)) & 1;
    int n = steps + w % 3 * extra;
    for (int i = 0; i < 8; ++i)
      for (int j = 0; j < 8; ++j) {
        double want = active ? c[w * 64 + i * 8 + j] : 12345.0;
        for (int s = 0; active && s < n; ++s)
          for (int k = 0; k < 4; ++k)
            want = std::fma(a[(w * 8 + s) * 32 + i * 4 + k],
                            b[(w * 8 + s) * 32 + k * 8 + j], want);
        double got = d[w * 64 + i * 8 + j];
        if (!same(got, want) && bad++ < 4)
          printf("%s: warp %d D[%d][%d] = %g, expected %g\n", name, w, i, j,
                 got, want);
      }
  }
  printf("%s: %s\n", name, bad ? "FAILED" : "ok");
  failures += bad != 0;
  cudaFree(da);
  cudaFree(db);
  cudaFree(dc);
  cudaFree(dd);
}

int main() {
  check("m8n8k4 f64, 2 warps per block", 4, 64);
  check("m8n8k4 f64, 1 warp per block", 2, 32);
  check("m8n8k4 f64, 3 warps per block", 3, 96);
  check("m8n8k4 f64, odd warps only", 4, 128, 0xaaaaaaaau);
  check("m8n8k4 f64, even warps only", 4, 128, 0x55555555u);
  check("m8n8k4 f64, k loop of 4", 4, 128, ~0u, 4);
  check("m8n8k4 f64, k loops of 2, 5, 8 by warp", 6, 64, ~0u, 2, 3);
  check("m8n8k4 f64, infinities in odd warps", 4, 64, ~0u, 2, 0, true);
  printf("mma_sync_f64: %s\n", failures ? "FAILED" : "PASSED");
  return failures != 0;
}
