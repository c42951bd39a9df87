// Texture and surface objects on the host target: tex1Dfetch<T> on linear
// memory (element and normalized reads), tex2D<T> on pitched memory and on
// arrays (clamp, wrap, border with a border color, point and linear
// filtering), tex1D<T>, the pointer-returning forms, uchar4 read as float4,
// surf2Dwrite/surf2Dread with the zero and clamp boundary modes, and the
// runtime's object bookkeeping and errors.
#include <cstdio>
#include <cstring>

__global__ void fetchLinear(cudaTextureObject_t floats,
                            cudaTextureObject_t bytes, float *out) {
  int i = threadIdx.x;
  out[i] = tex1Dfetch<float>(floats, i);  // 10 elements: then zeros
  tex1Dfetch(&out[12 + i], bytes, i);     // normalized reads of 4 bytes
}

__global__ void fetch2D(cudaTextureObject_t pitched, cudaTextureObject_t wrap,
                        cudaTextureObject_t border, cudaTextureObject_t linear,
                        cudaTextureObject_t colors, cudaTextureObject_t line,
                        int *clamped, int *wrapped, float *bordered,
                        float *filtered, float4 *rgba, float *line1D) {
  int x = threadIdx.x, y = threadIdx.y;
  int i = y * blockDim.x + x;
  // A 4x3 grid read from -2 to 5 in x and -1 to 3 in y.
  clamped[i] = tex2D<int>(pitched, x - 2 + 0.5f, y - 1 + 0.5f);
  wrapped[i] = tex2D<int>(wrap, (x - 2 + 0.5f) / 4, (y - 1 + 0.5f) / 3);
  bordered[i] = tex2D<float>(border, x - 2 + 0.5f, y - 1 + 0.5f);
  if (y == 0) {
    filtered[x] = tex2D<float>(linear, x * 0.5f, 0.5f);
    if (x < 2)
      rgba[x] = tex2D<float4>(colors, x + 0.5f, 0.5f);
    tex1D(&line1D[x], line, x - 1 + 0.5f);
  }
}

__global__ void surfaces(cudaSurfaceObject_t surface, int *readBack) {
  int x = threadIdx.x, y = threadIdx.y;
  surf2Dwrite(100 * y + x, surface, x * (int)sizeof(int), y);
  __syncthreads();
  int i = y * blockDim.x + x;
  // Shifted by one column: the last one reads past the row.
  readBack[i] = surf2Dread<int>(surface, (x + 1) * (int)sizeof(int), y,
                                cudaBoundaryModeZero);
  if (i == 0) {
    readBack[blockDim.x * blockDim.y] =
        surf2Dread<int>(surface, 99 * (int)sizeof(int), 99,
                        cudaBoundaryModeClamp);
    surf2Dwrite(-1, surface, 1000, 0, cudaBoundaryModeZero); // dropped
  }
}

static cudaTextureObject_t linearObject(void *data, size_t bytes,
                                        cudaChannelFormatDesc desc,
                                        cudaTextureReadMode readMode) {
  cudaResourceDesc res;
  memset(&res, 0, sizeof(res));
  res.resType = cudaResourceTypeLinear;
  res.res.linear.devPtr = data;
  res.res.linear.desc = desc;
  res.res.linear.sizeInBytes = bytes;
  cudaTextureDesc tex;
  memset(&tex, 0, sizeof(tex));
  tex.readMode = readMode;
  cudaTextureObject_t object = 0;
  cudaError_t status = cudaCreateTextureObject(&object, &res, &tex, nullptr);
  if (status != cudaSuccess)
    printf("create linear: %s\n", cudaGetErrorName(status));
  return object;
}

static cudaTextureObject_t arrayObject(cudaArray_t array,
                                       cudaTextureAddressMode mode,
                                       cudaTextureFilterMode filter,
                                       int normalized,
                                       cudaTextureReadMode readMode) {
  cudaResourceDesc res;
  memset(&res, 0, sizeof(res));
  res.resType = cudaResourceTypeArray;
  res.res.array.array = array;
  cudaTextureDesc tex;
  memset(&tex, 0, sizeof(tex));
  tex.addressMode[0] = tex.addressMode[1] = mode;
  tex.filterMode = filter;
  tex.readMode = readMode;
  tex.normalizedCoords = normalized;
  tex.borderColor[0] = -7.0f;
  cudaTextureObject_t object = 0;
  cudaError_t status = cudaCreateTextureObject(&object, &res, &tex, nullptr);
  if (status != cudaSuccess)
    printf("create array: %s\n", cudaGetErrorName(status));
  return object;
}

static void printRows(const char *name, const int *values, int rows,
                      int columns) {
  for (int y = 0; y < rows; ++y) {
    printf("%s row %d:", name, y - 1);
    for (int x = 0; x < columns; ++x)
      printf(" %d", values[y * columns + x]);
    printf("\n");
  }
}

int main() {
  // 1D: floats and normalized bytes in linear memory.
  float linear[10];
  for (int i = 0; i < 10; ++i)
    linear[i] = i * 1.5f;
  float *linearDevice;
  cudaMalloc(&linearDevice, sizeof(linear));
  cudaMemcpy(linearDevice, linear, sizeof(linear), cudaMemcpyHostToDevice);
  unsigned char bytes[4] = {0, 51, 255, 102};
  unsigned char *bytesDevice;
  cudaMalloc(&bytesDevice, sizeof(bytes));
  cudaMemcpy(bytesDevice, bytes, sizeof(bytes), cudaMemcpyHostToDevice);
  cudaTextureObject_t floatsTex =
      linearObject(linearDevice, sizeof(linear), cudaCreateChannelDesc<float>(),
                   cudaReadModeElementType);
  cudaTextureObject_t bytesTex = linearObject(
      bytesDevice, sizeof(bytes), cudaCreateChannelDesc<unsigned char>(),
      cudaReadModeNormalizedFloat);
  float *out1D;
  cudaMallocManaged(&out1D, 16 * sizeof(float));
  fetchLinear<<<1, 12>>>(floatsTex, bytesTex, out1D);

  // 2D: a 4x3 int grid in pitched memory and in an array.
  int grid[3][4] = {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}};
  int *pitchedDevice;
  size_t pitch;
  cudaMallocPitch((void **)&pitchedDevice, &pitch, 4 * sizeof(int), 3);
  cudaMemcpy2D(pitchedDevice, pitch, grid, 4 * sizeof(int), 4 * sizeof(int), 3,
               cudaMemcpyHostToDevice);
  cudaResourceDesc pitchedRes;
  memset(&pitchedRes, 0, sizeof(pitchedRes));
  pitchedRes.resType = cudaResourceTypePitch2D;
  pitchedRes.res.pitch2D.devPtr = pitchedDevice;
  pitchedRes.res.pitch2D.desc = cudaCreateChannelDesc<int>();
  pitchedRes.res.pitch2D.width = 4;
  pitchedRes.res.pitch2D.height = 3;
  pitchedRes.res.pitch2D.pitchInBytes = pitch;
  cudaTextureDesc pointDesc;
  memset(&pointDesc, 0, sizeof(pointDesc));
  pointDesc.addressMode[0] = pointDesc.addressMode[1] = cudaAddressModeClamp;
  cudaTextureObject_t pitchedTex;
  cudaCreateTextureObject(&pitchedTex, &pitchedRes, &pointDesc, nullptr);

  cudaChannelFormatDesc intDesc = cudaCreateChannelDesc<int>();
  cudaArray_t intArray;
  cudaMallocArray(&intArray, &intDesc, 4, 3);
  cudaMemcpy2DToArray(intArray, 0, 0, grid, 4 * sizeof(int), 4 * sizeof(int),
                      3, cudaMemcpyHostToDevice);
  cudaTextureObject_t wrapTex = arrayObject(
      intArray, cudaAddressModeWrap, cudaFilterModePoint, 1,
      cudaReadModeElementType);

  float fgrid[3][4] = {{1, 2, 3, 4}, {5, 6, 7, 8}, {9, 10, 11, 12}};
  cudaChannelFormatDesc floatDesc = cudaCreateChannelDesc<float>();
  cudaArray_t floatGrid;
  cudaMallocArray(&floatGrid, &floatDesc, 4, 3);
  cudaMemcpy2DToArray(floatGrid, 0, 0, fgrid, 4 * sizeof(float),
                      4 * sizeof(float), 3, cudaMemcpyHostToDevice);
  cudaTextureObject_t borderTex = arrayObject(
      floatGrid, cudaAddressModeBorder, cudaFilterModePoint, 0,
      cudaReadModeElementType);

  float ramp[4] = {0, 1, 2, 4};
  cudaArray_t rampArray;
  cudaMallocArray(&rampArray, &floatDesc, 4, 1);
  cudaMemcpy2DToArray(rampArray, 0, 0, ramp, sizeof(ramp), sizeof(ramp), 1,
                      cudaMemcpyHostToDevice);
  cudaTextureObject_t linearTex = arrayObject(
      rampArray, cudaAddressModeClamp, cudaFilterModeLinear, 0,
      cudaReadModeElementType);
  // The same ramp as a 1D array, read with tex1D (clamped).
  cudaArray_t line;
  cudaMallocArray(&line, &floatDesc, 4);
  cudaMemcpy2DToArray(line, 0, 0, ramp, sizeof(ramp), sizeof(ramp), 1,
                      cudaMemcpyHostToDevice);
  cudaTextureObject_t lineTex = arrayObject(
      line, cudaAddressModeClamp, cudaFilterModePoint, 0,
      cudaReadModeElementType);

  uchar4 pixels[2] = {make_uchar4(0, 51, 102, 255),
                      make_uchar4(255, 204, 153, 0)};
  cudaChannelFormatDesc rgbaDesc = cudaCreateChannelDesc<uchar4>();
  cudaArray_t rgbaArray;
  cudaMallocArray(&rgbaArray, &rgbaDesc, 2, 1);
  cudaMemcpy2DToArray(rgbaArray, 0, 0, pixels, sizeof(pixels), sizeof(pixels),
                      1, cudaMemcpyHostToDevice);
  cudaTextureObject_t rgbaTex = arrayObject(
      rgbaArray, cudaAddressModeClamp, cudaFilterModePoint, 0,
      cudaReadModeNormalizedFloat);

  int *clamped, *wrapped;
  float *bordered, *filtered, *line1D;
  float4 *rgba;
  cudaMallocManaged(&clamped, 40 * sizeof(int));
  cudaMallocManaged(&wrapped, 40 * sizeof(int));
  cudaMallocManaged(&bordered, 40 * sizeof(float));
  cudaMallocManaged(&filtered, 8 * sizeof(float));
  cudaMallocManaged(&line1D, 8 * sizeof(float));
  cudaMallocManaged(&rgba, 2 * sizeof(float4));
  fetch2D<<<1, dim3(8, 5)>>>(pitchedTex, wrapTex, borderTex, linearTex,
                             rgbaTex, lineTex, clamped, wrapped, bordered,
                             filtered, rgba, line1D);

  // A 3x2 surface of ints.
  cudaArray_t surfaceArray;
  cudaMallocArray(&surfaceArray, &intDesc, 3, 2, cudaArraySurfaceLoadStore);
  cudaResourceDesc surfaceRes;
  memset(&surfaceRes, 0, sizeof(surfaceRes));
  surfaceRes.resType = cudaResourceTypeArray;
  surfaceRes.res.array.array = surfaceArray;
  cudaSurfaceObject_t surface;
  cudaCreateSurfaceObject(&surface, &surfaceRes);
  int *readBack;
  cudaMallocManaged(&readBack, 7 * sizeof(int));
  surfaces<<<1, dim3(3, 2)>>>(surface, readBack);
  printf("sync: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));

  printf("tex1Dfetch:");
  for (int i = 0; i < 12; ++i)
    printf(" %g", out1D[i]);
  printf("\nnormalized:");
  for (int i = 0; i < 4; ++i)
    printf(" %g", out1D[12 + i]);
  printf("\n");
  printRows("clamp", clamped, 5, 8);
  printRows("wrap", wrapped, 5, 8);
  for (int y = 0; y < 5; ++y) {
    printf("border row %d:", y - 1);
    for (int x = 0; x < 8; ++x)
      printf(" %g", bordered[y * 8 + x]);
    printf("\n");
  }
  printf("linear:");
  for (int x = 0; x < 8; ++x)
    printf(" %g", filtered[x]);
  printf("\ntex1D:");
  for (int x = 0; x < 6; ++x)
    printf(" %g", line1D[x]);
  printf("\nrgba: (%g %g %g %g) (%g %g %g %g)\n", rgba[0].x, rgba[0].y,
         rgba[0].z, rgba[0].w, rgba[1].x, rgba[1].y, rgba[1].z, rgba[1].w);
  int surfaceHost[2][3];
  cudaMemcpy2DFromArray(surfaceHost, 3 * sizeof(int), surfaceArray, 0, 0,
                        3 * sizeof(int), 2, cudaMemcpyDeviceToHost);
  printf("surface: %d %d %d / %d %d %d\n", surfaceHost[0][0], surfaceHost[0][1],
         surfaceHost[0][2], surfaceHost[1][0], surfaceHost[1][1],
         surfaceHost[1][2]);
  printf("surf2Dread:");
  for (int i = 0; i < 7; ++i)
    printf(" %d", readBack[i]);
  printf("\n");

  // What the runtime kept, and its errors.
  cudaResourceDesc gotRes;
  cudaTextureDesc gotTex;
  cudaGetTextureObjectResourceDesc(&gotRes, pitchedTex);
  cudaGetTextureObjectTextureDesc(&gotTex, borderTex);
  printf("resource: type %d width %zu height %zu pitch ok %d\n",
         (int)gotRes.resType, gotRes.res.pitch2D.width,
         gotRes.res.pitch2D.height, gotRes.res.pitch2D.pitchInBytes == pitch);
  printf("texture: address %d filter %d border %g\n", (int)gotTex.addressMode[0],
         (int)gotTex.filterMode, gotTex.borderColor[0]);
  cudaResourceDesc surfaceGot;
  cudaGetSurfaceObjectResourceDesc(&surfaceGot, surface);
  printf("surface resource: array ok %d\n",
         surfaceGot.res.array.array == surfaceArray);
  printf("destroy: %s\n", cudaGetErrorName(cudaDestroyTextureObject(floatsTex)));
  printf("destroy again: %s\n",
         cudaGetErrorName(cudaDestroyTextureObject(floatsTex)));
  printf("get destroyed: %s\n",
         cudaGetErrorName(cudaGetTextureObjectResourceDesc(&gotRes, floatsTex)));
  printf("surface as texture: %s\n",
         cudaGetErrorName(cudaDestroyTextureObject(surface)));
  printf("null descriptor: %s\n",
         cudaGetErrorName(cudaCreateTextureObject(&floatsTex, &gotRes, nullptr,
                                                  nullptr)));
  cudaResourceDesc linearSurface = gotRes;
  linearSurface.resType = cudaResourceTypeLinear;
  printf("surface on linear memory: %s\n",
         cudaGetErrorName(cudaCreateSurfaceObject(&surface, &linearSurface)));
  cudaGetLastError();
  printf("destroy surface: %s\n",
         cudaGetErrorName(cudaDestroySurfaceObject(surface)));
  return 0;
}
