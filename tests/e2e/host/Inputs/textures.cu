// Legacy texture references on the host target: 1D on linear memory
// (tex1Dfetch, tex1D), 2D on arrays (tex2D) with the address modes, point
// and linear filtering, normalized coordinates and normalized reads.
#include <cstdio>

texture<float, 1, cudaReadModeElementType> linearTex;
texture<float, 1, cudaReadModeElementType> arrayTex1D;
texture<int, 2, cudaReadModeElementType> clampTex;
texture<int, 2, cudaReadModeElementType> wrapTex;
texture<float, 2, cudaReadModeElementType> filteredTex;
texture<unsigned char, 2, cudaReadModeNormalizedFloat> normalizedTex;
texture<uint4, 2, cudaReadModeElementType> vectorTex;

__global__ void fetch1D(float *out) {
  int i = threadIdx.x;
  // 10 elements bound: reads past the end are zero.
  out[i] = tex1Dfetch(linearTex, i);
  // The same values in a 1D array, clamped: past the end is the last one.
  out[16 + i] = tex1D(arrayTex1D, i + 0.5f);
}

__global__ void fetch2D(int *clamped, int *wrapped, float *filtered,
                        float *normalized, uint4 *vectors) {
  int x = threadIdx.x, y = threadIdx.y;
  int i = y * blockDim.x + x;
  // A 4x3 array read from -2 to 5 in x and -1 to 3 in y.
  clamped[i] = tex2D(clampTex, x - 2 + 0.5f, y - 1 + 0.5f);
  wrapped[i] = tex2D(wrapTex, (x - 2 + 0.5f) / 4, (y - 1 + 0.5f) / 3);
  if (y == 0) {
    filtered[x] = tex2D(filteredTex, x * 0.5f, 0.5f);
    normalized[x] = tex2D(normalizedTex, x + 0.5f, 0.5f);
    vectors[x] = tex2D(vectorTex, x, 0);
  }
}

int main() {
  float linear[10];
  for (int i = 0; i < 10; ++i)
    linear[i] = i * 1.5f;
  float *linearDevice;
  cudaMalloc(&linearDevice, sizeof(linear));
  cudaMemcpy(linearDevice, linear, sizeof(linear), cudaMemcpyHostToDevice);
  cudaBindTexture(0, linearTex, linearDevice, sizeof(linear));
  cudaChannelFormatDesc floatDesc = cudaCreateChannelDesc<float>();
  cudaArray *array1D;
  cudaMallocArray(&array1D, &floatDesc, 10);
  cudaMemcpyToArray(array1D, 0, 0, linear, sizeof(linear),
                    cudaMemcpyHostToDevice);
  cudaBindTextureToArray(arrayTex1D, array1D);

  int grid[3][4] = {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}};
  cudaChannelFormatDesc intDesc = cudaCreateChannelDesc<int>();
  cudaArray *intArray;
  cudaMallocArray(&intArray, &intDesc, 4, 3);
  cudaMemcpy2DToArray(intArray, 0, 0, grid, 4 * sizeof(int), 4 * sizeof(int),
                      3, cudaMemcpyHostToDevice);
  clampTex.addressMode[0] = clampTex.addressMode[1] = cudaAddressModeClamp;
  cudaBindTextureToArray(clampTex, intArray);
  wrapTex.addressMode[0] = wrapTex.addressMode[1] = cudaAddressModeWrap;
  wrapTex.normalized = true;
  cudaBindTextureToArray(wrapTex, intArray);

  float ramp[4] = {0, 1, 2, 4};
  cudaArray *floatArray;
  cudaMallocArray(&floatArray, &floatDesc, 4, 1);
  cudaMemcpyToArray(floatArray, 0, 0, ramp, sizeof(ramp),
                    cudaMemcpyHostToDevice);
  filteredTex.filterMode = cudaFilterModeLinear;
  cudaBindTextureToArray(filteredTex, floatArray);

  unsigned char bytes[4] = {0, 51, 255, 102};
  cudaChannelFormatDesc byteDesc = cudaCreateChannelDesc<unsigned char>();
  cudaArray *byteArray;
  cudaMallocArray(&byteArray, &byteDesc, 4, 1);
  cudaMemcpyToArray(byteArray, 0, 0, bytes, sizeof(bytes),
                    cudaMemcpyHostToDevice);
  cudaBindTextureToArray(normalizedTex, byteArray);

  uint4 quads[4];
  for (unsigned i = 0; i < 4; ++i)
    quads[i] = make_uint4(i, 10 * i, 100 * i, 1000 * i);
  cudaChannelFormatDesc quadDesc = cudaCreateChannelDesc<uint4>();
  cudaArray *quadArray;
  cudaMallocArray(&quadArray, &quadDesc, 4, 1);
  cudaMemcpyToArray(quadArray, 0, 0, quads, sizeof(quads),
                    cudaMemcpyHostToDevice);
  cudaBindTextureToArray(vectorTex, quadArray);

  float *out1D;
  int *clamped, *wrapped;
  float *filtered, *normalized;
  uint4 *vectors;
  cudaMallocManaged(&out1D, 32 * sizeof(float));
  cudaMallocManaged(&clamped, 40 * sizeof(int));
  cudaMallocManaged(&wrapped, 40 * sizeof(int));
  cudaMallocManaged(&filtered, 8 * sizeof(float));
  cudaMallocManaged(&normalized, 8 * sizeof(float));
  cudaMallocManaged(&vectors, 8 * sizeof(uint4));
  fetch1D<<<1, 12>>>(out1D);
  fetch2D<<<1, dim3(8, 5)>>>(clamped, wrapped, filtered, normalized, vectors);
  cudaError_t status = cudaDeviceSynchronize();
  printf("sync: %s\n", cudaGetErrorName(status));

  printf("tex1Dfetch:");
  for (int i = 0; i < 12; ++i)
    printf(" %g", out1D[i]);
  printf("\ntex1D:");
  for (int i = 0; i < 12; ++i)
    printf(" %g", out1D[16 + i]);
  printf("\n");
  for (int y = 0; y < 5; ++y) {
    printf("clamp row %d:", y - 1);
    for (int x = 0; x < 8; ++x)
      printf(" %d", clamped[y * 8 + x]);
    printf("\n");
  }
  for (int y = 0; y < 5; ++y) {
    printf("wrap row %d:", y - 1);
    for (int x = 0; x < 8; ++x)
      printf(" %d", wrapped[y * 8 + x]);
    printf("\n");
  }
  printf("linear:");
  for (int x = 0; x < 8; ++x)
    printf(" %g", filtered[x]);
  printf("\nnormalized:");
  for (int x = 0; x < 4; ++x)
    printf(" %g", normalized[x]);
  printf("\nuint4:");
  for (int x = 0; x < 4; ++x)
    printf(" (%u %u %u %u)", vectors[x].x, vectors[x].y, vectors[x].z,
           vectors[x].w);
  printf("\n");
  return status == cudaSuccess ? 0 : 1;
}
