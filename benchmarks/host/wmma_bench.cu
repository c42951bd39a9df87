// wmma products on the host target (docs/host-target.md, "Tensor cores"):
// the time of one 16x16x16 f16 product (f32 accumulators) through
// wmma::mma_sync, against the same product computed other ways in the
// same run:
//  - a warp's 2 x 4 tiles (as cuda-samples' cudaTensorCoreGemm): eight
//    independent products per step, which share one warp meeting, against
//    the single chain of dependent products, which meets once per product;
//  - the generic path's scheme written in CUDA: each lane gathers the B
//    columns of its D slots with __shfl_sync (64 shuffles per product), as
//    wmma.mma was lowered on the host before the matrix exchange;
//  - plain scalar code: one thread per D element, a k loop over A and B in
//    global memory (what a CUDA programmer writes without tensor cores).
// Each kernel keeps its fragments in registers and repeats the product
// `repeats` times per warp, so loads and stores are not what is timed.
//
//   nvcc -O3 --amdgpu-arch=host benchmarks/host/wmma_bench.cu -o wmma_bench
//   ./wmma_bench [blocks=64] [repeats=256]
#include <mma.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace nvcuda;

__global__ void viaWmma(const __half *a, const __half *b, float *d,
                        int repeats) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::load_matrix_sync(fa, a, 16);
  wmma::load_matrix_sync(fb, b, 16);
  wmma::fill_fragment(acc, 0.0f);
  for (int r = 0; r < repeats; ++r)
    wmma::mma_sync(acc, fa, fb, acc);
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  wmma::store_matrix_sync(d + 256 * warp, acc, 16, wmma::mem_row_major);
}

// Eight independent products per step: accumulators acc[i][j] of A tiles i
// and B tiles j; `repeats` / 8 steps, so as many products as viaWmma.
__global__ void viaTiles(const __half *a, const __half *b, float *d,
                         int repeats) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa[2];
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> fb[4];
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc[2][4];
#pragma unroll
  for (int i = 0; i < 2; ++i)
    wmma::load_matrix_sync(fa[i], a, 16);
#pragma unroll
  for (int j = 0; j < 4; ++j)
    wmma::load_matrix_sync(fb[j], b, 16);
#pragma unroll
  for (int i = 0; i < 2; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j)
      wmma::fill_fragment(acc[i][j], 0.0f);
  for (int r = 0; r < repeats / 8; ++r)
#pragma unroll
    for (int i = 0; i < 2; ++i)
#pragma unroll
      for (int j = 0; j < 4; ++j)
        wmma::mma_sync(acc[i][j], fa[i], fb[j], acc[i][j]);
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  // Tile (0, 0) only: its sums are those of viaWmma's over repeats / 8.
  wmma::store_matrix_sync(d + 256 * warp, acc[0][0], 16, wmma::mem_row_major);
}

// Lane l holds row l % 16 of A (16 halves) and of B^T, as the generic
// layout's f16 fragments; it computes D row l % 16, columns 8 (l / 16) + j,
// gathering each column of B from the lane that holds it.
__global__ void viaShuffles(const __half *a, const __half *b, float *d,
                            int repeats) {
  int lane = threadIdx.x % 32;
  unsigned aw[8], bw[8];
  for (int i = 0; i < 8; ++i) {
    aw[i] = reinterpret_cast<const unsigned *>(a + 16 * (lane % 16))[i];
    bw[i] = reinterpret_cast<const unsigned *>(b + 16 * (lane % 16))[i];
  }
  float acc[8] = {};
  for (int r = 0; r < repeats; ++r)
    for (int j = 0; j < 8; ++j) {
      int source = 8 * (lane / 16) + j;
      for (int i = 0; i < 8; ++i) {
        unsigned w = __shfl_sync(0xffffffffu, bw[i], source);
        __half2 x = *reinterpret_cast<__half2 *>(&aw[i]);
        __half2 y = *reinterpret_cast<__half2 *>(&w);
        acc[j] = fmaf(__low2float(x), __low2float(y), acc[j]);
        acc[j] = fmaf(__high2float(x), __high2float(y), acc[j]);
      }
    }
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  for (int j = 0; j < 8; ++j)
    d[256 * warp + 16 * (lane % 16) + 8 * (lane / 16) + j] = acc[j];
}

__global__ void viaScalar(const __half *a, const __half *b, float *d,
                          int repeats) {
  int lane = threadIdx.x % 32;
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  for (int e = lane; e < 256; e += 32) {
    int i = e / 16, j = e % 16;
    float acc = 0.0f;
    for (int r = 0; r < repeats; ++r)
      for (int k = 0; k < 16; ++k)
        acc = fmaf(__half2float(a[16 * i + k]), __half2float(b[16 * j + k]),
                   acc);
    d[256 * warp + e] = acc;
  }
}

template <typename Kernel>
static double nanosecondsPerProduct(Kernel kernel, const __half *a,
                                    const __half *b, float *d, int blocks,
                                    int repeats) {
  double best = 1e30;
  for (int trial = 0; trial < 5; ++trial) {
    cudaDeviceSynchronize();
    auto start = std::chrono::steady_clock::now();
    kernel<<<blocks, 128>>>(a, b, d, repeats);
    cudaDeviceSynchronize();
    double ns = std::chrono::duration<double, std::nano>(
                    std::chrono::steady_clock::now() - start)
                    .count();
    best = ns < best ? ns : best;
  }
  return best / (double(blocks) * 4 * repeats);
}

int main(int argc, char **argv) {
  int blocks = argc > 1 ? atoi(argv[1]) : 64;
  int repeats = argc > 2 ? atoi(argv[2]) : 256;
  std::vector<__half> h(256);
  for (int i = 0; i < 256; ++i)
    h[i] = __float2half(float(i % 7 - 3) / 4.0f);
  __half *a, *b;
  float *d;
  cudaMalloc(&a, 512);
  cudaMalloc(&b, 512);
  cudaMalloc(&d, size_t(blocks) * 4 * 256 * 4);
  cudaMemcpy(a, h.data(), 512, cudaMemcpyHostToDevice);
  cudaMemcpy(b, h.data(), 512, cudaMemcpyHostToDevice);
  double wmmaNs = nanosecondsPerProduct(viaWmma, a, b, d, blocks, repeats);
  std::vector<float> viaWmmaD(256);
  cudaMemcpy(viaWmmaD.data(), d, 1024, cudaMemcpyDeviceToHost);
  double tilesNs = nanosecondsPerProduct(viaTiles, a, b, d, blocks, repeats);
  double shuffleNs = nanosecondsPerProduct(viaShuffles, a, b, d, blocks, repeats);
  std::vector<float> viaShufflesD(256);
  cudaMemcpy(viaShufflesD.data(), d, 1024, cudaMemcpyDeviceToHost);
  double scalarNs = nanosecondsPerProduct(viaScalar, a, b, d, blocks, repeats);
  bool agree = viaWmmaD == viaShufflesD;
  printf("16x16x16 f16 products, %d blocks of 4 warps, %d per warp\n", blocks,
         repeats);
  printf("wmma::mma_sync, one chain:    %8.1f ns per product\n", wmmaNs);
  printf("wmma::mma_sync, 2 x 4 tiles:  %8.1f ns per product (%.2fx the chain)\n",
         tilesNs, tilesNs / wmmaNs);
  printf("__shfl_sync gathers (generic): %8.1f ns per product (%.2fx wmma)\n",
         shuffleNs, shuffleNs / wmmaNs);
  printf("scalar k loops:               %8.1f ns per product (%.2fx wmma)\n",
         scalarNs, scalarNs / wmmaNs);
  printf("results agree: %s\n", agree ? "yes" : "NO");
  return agree ? 0 : 1;
}
