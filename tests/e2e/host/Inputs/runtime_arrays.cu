// The runtime's array copies: asynchronous ones in stream order, copies
// between arrays, and mipmapped arrays and their levels.
#include <cuda_runtime.h>
#include <cstdio>

static void printRows(const char *Label, const int *V, int W, int H) {
  printf("%s:", Label);
  for (int Y = 0; Y < H; ++Y) {
    printf(" |");
    for (int X = 0; X < W; ++X)
      printf(" %d", V[Y * W + X]);
  }
  printf("\n");
}

int main() {
  cudaChannelFormatDesc Int = cudaCreateChannelDesc<int>();
  cudaArray_t A = nullptr, B = nullptr;
  cudaMallocArray(&A, &Int, 4, 3);
  cudaMallocArray(&B, &Int, 6, 2);
  int Seq[12], Zero[12] = {0}, Out[12];
  for (int I = 0; I < 12; ++I)
    Seq[I] = I + 1;
  cudaStream_t S;
  cudaStreamCreate(&S);
  // From (wOffset 4 bytes, row 1) on: elements 5..11 of the 4-wide array.
  cudaMemcpyToArrayAsync(A, 0, 0, Zero, sizeof Zero, cudaMemcpyHostToDevice, S);
  printf("cudaMemcpyToArrayAsync: %s\n",
         cudaGetErrorName(cudaMemcpyToArrayAsync(A, 4, 1, Seq, 7 * sizeof(int),
                                                 cudaMemcpyHostToDevice, S)));
  cudaMemcpyFromArrayAsync(Out, A, 0, 0, sizeof Out, cudaMemcpyDeviceToHost, S);
  cudaStreamSynchronize(S);
  printRows("A", Out, 4, 3);
  // Bytes of A from (8, 0) on into B from (4, 0): row lengths differ.
  cudaMemcpyToArray(B, 0, 0, Zero, sizeof Zero, cudaMemcpyHostToDevice);
  printf("cudaMemcpyArrayToArray: %s\n",
         cudaGetErrorName(cudaMemcpyArrayToArray(B, 4, 0, A, 8, 0,
                                                 6 * sizeof(int))));
  cudaMemcpyFromArray(Out, B, 0, 0, sizeof Out, cudaMemcpyDeviceToHost);
  printRows("B", Out, 6, 2);
  // A 2 x 2 box of A at (1, 1) to B at (3, 0).
  cudaMemcpyToArray(B, 0, 0, Zero, sizeof Zero, cudaMemcpyHostToDevice);
  printf("cudaMemcpy2DArrayToArray: %s\n",
         cudaGetErrorName(cudaMemcpy2DArrayToArray(
             B, 3 * sizeof(int), 0, A, 1 * sizeof(int), 1, 2 * sizeof(int), 2,
             cudaMemcpyDeviceToDevice)));
  cudaMemcpyFromArray(Out, B, 0, 0, sizeof Out, cudaMemcpyDeviceToHost);
  printRows("box", Out, 6, 2);
  printf("box past B: %s\n",
         cudaGetErrorName(cudaMemcpy2DArrayToArray(
             B, 5 * sizeof(int), 0, A, 0, 0, 2 * sizeof(int), 1,
             cudaMemcpyDeviceToDevice)));
  cudaGetLastError();
  // 2D asynchronous copies with pitches.
  int Pitched[2][5] = {{1, 2, 3, 4, 5}, {6, 7, 8, 9, 10}};
  cudaMemcpyToArray(A, 0, 0, Zero, sizeof Zero, cudaMemcpyHostToDevice);
  cudaMemcpy2DToArrayAsync(A, 0, 1, &Pitched[0][1], sizeof Pitched[0],
                           3 * sizeof(int), 2, cudaMemcpyHostToDevice, S);
  int Back[3][6] = {};
  printf("cudaMemcpy2DFromArrayAsync: %s\n",
         cudaGetErrorName(cudaMemcpy2DFromArrayAsync(
             &Back[0][1], sizeof Back[0], A, 0, 0, 4 * sizeof(int), 3,
             cudaMemcpyDeviceToHost, S)));
  cudaStreamSynchronize(S);
  printRows("2D async", &Back[0][0], 6, 3);
  printf("pitch below width: %s\n",
         cudaGetErrorName(cudaMemcpy2DToArray(A, 0, 0, Seq, 4, 8, 2,
                                              cudaMemcpyHostToDevice)));
  cudaGetLastError();

  // Mipmapped arrays: levels and their memory.
  cudaMipmappedArray_t M = nullptr;
  printf("cudaMallocMipmappedArray: %s\n",
         cudaGetErrorName(cudaMallocMipmappedArray(
             &M, &Int, make_cudaExtent(16, 4, 0), 5)));
  for (unsigned L = 0; L < 6; ++L) {
    cudaArray_t Level = nullptr;
    cudaExtent E{};
    cudaError_t Got = cudaGetMipmappedArrayLevel(&Level, M, L);
    if (Got == cudaSuccess)
      cudaArrayGetInfo(nullptr, &E, nullptr, Level);
    printf("level %u: %s %zu %zu\n", L, cudaGetErrorName(Got), E.width,
           E.height);
  }
  cudaGetLastError();
  cudaArrayMemoryRequirements R{};
  cudaMipmappedArrayGetMemoryRequirements(&R, M, 0);
  printf("requirements: %d %zu\n",
         R.size >= (16 * 4 + 8 * 2 + 4 + 2 + 1) * sizeof(int), R.alignment);
  printf("bad device: %s\n",
         cudaGetErrorName(cudaMipmappedArrayGetMemoryRequirements(&R, M, 99)));
  cudaArray_t Level0 = nullptr;
  cudaGetMipmappedArrayLevel(&Level0, M, 0);
  printf("cudaFreeArray(level): %s\n", cudaGetErrorName(cudaFreeArray(Level0)));
  printf("cudaFreeMipmappedArray: %s\n",
         cudaGetErrorName(cudaFreeMipmappedArray(M)));
  cudaMipmappedArray_t Cube = nullptr;
  printf("layered mipmap: %s\n",
         cudaGetErrorName(cudaMallocMipmappedArray(
             &Cube, &Int, make_cudaExtent(8, 8, 6), 4, cudaArrayCubemap)));
  cudaArray_t CubeLevel = nullptr;
  cudaGetMipmappedArrayLevel(&CubeLevel, Cube, 3);
  cudaExtent CE{};
  unsigned Flags = 0;
  cudaArrayGetInfo(nullptr, &CE, &Flags, CubeLevel);
  printf("cubemap level 3: %zu %zu %zu flags %u\n", CE.width, CE.height,
         CE.depth, Flags);
  cudaFreeMipmappedArray(Cube);
  cudaArraySparseProperties SP{};
  printf("sparse properties: %s\n",
         cudaGetErrorName(cudaArrayGetSparseProperties(&SP, A)));
  cudaArray_t Sparse = nullptr;
  printf("sparse array: %s\n",
         cudaGetErrorName(cudaMalloc3DArray(&Sparse, &Int,
                                            make_cudaExtent(4, 4, 0),
                                            cudaArraySparse)));
  cudaFreeArray(A);
  cudaFreeArray(B);
  return 0;
}
