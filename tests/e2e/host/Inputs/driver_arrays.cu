// CUDA arrays through the driver API, mixed with the runtime's: one object
// model (runtime-shim/arrays) under cuArray* and cudaMallocArray & co.
#include <cuda.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstring>

static const char *name(CUresult R) {
  const char *N = "?";
  cuGetErrorName(R, &N);
  return N;
}

static void printRows(const char *Label, const float *V, int W, int H) {
  printf("%s:", Label);
  for (int Y = 0; Y < H; ++Y) {
    printf(" |");
    for (int X = 0; X < W; ++X)
      printf(" %g", V[Y * W + X]);
  }
  printf("\n");
}

int main() {
  printf("init: %s\n", name(cuInit(0)));

  // A 2D float array (5 x 4) made by the driver, described by both APIs.
  CUDA_ARRAY_DESCRIPTOR D{};
  D.Width = 5;
  D.Height = 4;
  D.Format = CU_AD_FORMAT_FLOAT;
  D.NumChannels = 1;
  CUarray A = nullptr;
  printf("cuArrayCreate: %s\n", name(cuArrayCreate(&A, &D)));
  CUDA_ARRAY_DESCRIPTOR Back{};
  cuArrayGetDescriptor(&Back, A);
  printf("descriptor: %zu x %zu format %#x channels %u\n", Back.Width,
         Back.Height, (unsigned)Back.Format, Back.NumChannels);
  cudaChannelFormatDesc Desc{};
  cudaExtent Extent{};
  unsigned Flags = 7;
  printf("cudaArrayGetInfo: %d x=%d f=%d extent %zu %zu %zu flags %u\n",
         (int)cudaArrayGetInfo(&Desc, &Extent, &Flags, (cudaArray_t)A), Desc.x,
         (int)Desc.f, Extent.width, Extent.height, Extent.depth, Flags);

  // cuMemcpyHtoA at a byte offset runs on from row to row.
  float Zero[20] = {0}, Seq[20], Out[20];
  for (int I = 0; I < 20; ++I)
    Seq[I] = I + 1;
  cuMemcpyHtoA(A, 0, Zero, sizeof Zero);
  printf("cuMemcpyHtoA offset: %s\n",
         name(cuMemcpyHtoA(A, 3 * sizeof(float), Seq, 9 * sizeof(float))));
  printf("cuMemcpyAtoH: %s\n", name(cuMemcpyAtoH(Out, A, 0, sizeof Out)));
  printRows("array", Out, 5, 4);

  // cuMemcpy2D from pitched host memory into a region of the array; the
  // runtime reads the driver's array back.
  float Src[3][8];
  for (int Y = 0; Y < 3; ++Y)
    for (int X = 0; X < 8; ++X)
      Src[Y][X] = 100 + 10 * Y + X;
  CUDA_MEMCPY2D C2{};
  C2.srcMemoryType = CU_MEMORYTYPE_HOST;
  C2.srcHost = Src;
  C2.srcPitch = sizeof Src[0];
  C2.srcXInBytes = 1 * sizeof(float);
  C2.srcY = 1;
  C2.dstMemoryType = CU_MEMORYTYPE_ARRAY;
  C2.dstArray = A;
  C2.dstXInBytes = 2 * sizeof(float);
  C2.dstY = 1;
  C2.WidthInBytes = 3 * sizeof(float);
  C2.Height = 2;
  cuMemcpyHtoA(A, 0, Zero, sizeof Zero);
  printf("cuMemcpy2D to array: %s\n", name(cuMemcpy2D(&C2)));
  printf("cudaMemcpy2DFromArray: %d\n",
         (int)cudaMemcpy2DFromArray(Out, 5 * sizeof(float), (cudaArray_t)A, 0,
                                    0, 5 * sizeof(float), 4,
                                    cudaMemcpyDeviceToHost));
  printRows("region", Out, 5, 4);
  C2.dstXInBytes = 3 * sizeof(float); // 3 + 3 > 5 columns
  printf("past the row: %s\n", name(cuMemcpy2D(&C2)));

  // A runtime array filled from device memory by cuMemcpy3D with a source
  // pitch, copied to a driver array of another width with cuMemcpyAtoA,
  // read back through device memory with cuMemcpyAtoD.
  cudaArray_t R = nullptr;
  cudaChannelFormatDesc Float = cudaCreateChannelDesc<float>();
  printf("cudaMallocArray: %d\n", (int)cudaMallocArray(&R, &Float, 4, 3));
  CUdeviceptr Linear = 0;
  size_t Pitch = 0;
  cuMemAllocPitch(&Linear, &Pitch, 6 * sizeof(float), 3, 4);
  float Rows[3][6];
  for (int Y = 0; Y < 3; ++Y)
    for (int X = 0; X < 6; ++X)
      Rows[Y][X] = 10 * Y + X;
  cudaMemcpy2D((void *)Linear, Pitch, Rows, sizeof Rows[0], sizeof Rows[0], 3,
               cudaMemcpyHostToDevice);
  CUDA_MEMCPY3D C3{};
  C3.srcMemoryType = CU_MEMORYTYPE_DEVICE;
  C3.srcDevice = Linear;
  C3.srcPitch = Pitch;
  C3.srcXInBytes = 2 * sizeof(float);
  C3.dstMemoryType = CU_MEMORYTYPE_ARRAY;
  C3.dstArray = (CUarray)R;
  C3.WidthInBytes = 4 * sizeof(float);
  C3.Height = 3;
  C3.Depth = 1;
  printf("cuMemcpy3D device to array: %s\n", name(cuMemcpy3D(&C3)));
  cudaMemcpyFromArray(Out, R, 0, 0, 12 * sizeof(float), cudaMemcpyDeviceToHost);
  printRows("runtime array", Out, 4, 3);
  cuMemcpyHtoA(A, 0, Zero, sizeof Zero);
  // Elements 1..9 of the 4-wide array land at elements 6..14 of the 5-wide.
  printf("cuMemcpyAtoA: %s\n",
         name(cuMemcpyAtoA(A, 6 * sizeof(float), (CUarray)R, 1 * sizeof(float),
                           9 * sizeof(float))));
  CUdeviceptr Flat = 0;
  cuMemAlloc(&Flat, sizeof Out);
  printf("cuMemcpyAtoD: %s\n", name(cuMemcpyAtoD(Flat, A, 0, sizeof Out)));
  cuMemcpyDtoH(Out, Flat, sizeof Out);
  printRows("AtoA", Out, 5, 4);
  printf("AtoH past the end: %s\n",
         name(cuMemcpyAtoH(Out, A, 4, sizeof Out)));

  // Asynchronous copies in a stream.
  CUstream Stream = nullptr;
  cuStreamCreate(&Stream, 0);
  cuMemcpyHtoAAsync(A, 0, Seq, sizeof Seq, Stream);
  memset(Out, 0, sizeof Out);
  cuMemcpyAtoHAsync(Out, A, 8 * sizeof(float), 4 * sizeof(float), Stream);
  printf("cuStreamSynchronize: %s %g %g %g %g\n",
         name(cuStreamSynchronize(Stream)), Out[0], Out[1], Out[2], Out[3]);

  // A 3D array: cuMemcpy3D fills it, the runtime's cudaMemcpy3D reads a box.
  CUDA_ARRAY3D_DESCRIPTOR D3{};
  D3.Width = 3;
  D3.Height = 2;
  D3.Depth = 2;
  D3.Format = CU_AD_FORMAT_SIGNED_INT16;
  D3.NumChannels = 2;
  CUarray A3 = nullptr;
  printf("cuArray3DCreate: %s\n", name(cuArray3DCreate(&A3, &D3)));
  short Vol[2][2][3][2];
  for (int I = 0; I < 24; ++I)
    (&Vol[0][0][0][0])[I] = (short)I;
  CUDA_MEMCPY3D V{};
  V.srcMemoryType = CU_MEMORYTYPE_HOST;
  V.srcHost = Vol;
  V.srcPitch = 3 * 4;
  V.srcHeight = 2;
  V.dstMemoryType = CU_MEMORYTYPE_ARRAY;
  V.dstArray = A3;
  V.WidthInBytes = 3 * 4;
  V.Height = 2;
  V.Depth = 2;
  printf("cuMemcpy3D to 3D array: %s\n", name(cuMemcpy3D(&V)));
  short Box[2][2][2] = {};
  cudaMemcpy3DParms P{};
  P.srcArray = (cudaArray_t)A3;
  P.srcPos = make_cudaPos(2, 1, 0);
  P.dstPtr = make_cudaPitchedPtr(Box, 4, 1, 2);
  P.extent = make_cudaExtent(1, 1, 2);
  P.kind = cudaMemcpyDeviceToHost;
  printf("cudaMemcpy3D box: %d (%d %d) (%d %d)\n", (int)cudaMemcpy3D(&P),
         Box[0][0][0], Box[0][0][1], Box[1][0][0], Box[1][0][1]);
  CUDA_ARRAY3D_DESCRIPTOR D3Back{};
  cuArray3DGetDescriptor(&D3Back, A3);
  printf("3D descriptor: %zu %zu %zu format %#x channels %u\n", D3Back.Width,
         D3Back.Height, D3Back.Depth, (unsigned)D3Back.Format,
         D3Back.NumChannels);
  CUDA_ARRAY_DESCRIPTOR Flat2D{};
  printf("2D descriptor of a 3D array: %s\n",
         name(cuArrayGetDescriptor(&Flat2D, A3)));
  CUDA_ARRAY_MEMORY_REQUIREMENTS Req{};
  printf("requirements: %s size ok %d alignment %zu\n",
         name(cuArrayGetMemoryRequirements(&Req, A3, 0)),
         Req.size >= 3 * 4 * 2 * 2, Req.alignment);

  // 2D fills of 8, 16 and 32 bits leave the padding of each row alone.
  CUdeviceptr Fill = 0;
  cuMemAlloc(&Fill, 4 * 16);
  cuMemsetD8(Fill, 0xee, 4 * 16);
  printf("cuMemsetD2D32: %s\n",
         name(cuMemsetD2D32(Fill, 16, 0x11223344u, 3, 2)));
  printf("cuMemsetD2D16: %s\n",
         name(cuMemsetD2D16Async(Fill + 2 * 16, 16, 0xabcd, 5, 2, Stream)));
  printf("cuMemsetD2D8: %s\n", name(cuMemsetD2D8(Fill + 12, 16, 0x07, 2, 4)));
  cuStreamSynchronize(Stream);
  unsigned char Bytes[4 * 16];
  cuMemcpyDtoH(Bytes, Fill, sizeof Bytes);
  for (int Y = 0; Y < 4; ++Y) {
    printf("fill row %d:", Y);
    for (int X = 0; X < 16; ++X)
      printf(" %02x", Bytes[Y * 16 + X]);
    printf("\n");
  }
  printf("misaligned D2D32: %s\n",
         name(cuMemsetD2D32(Fill + 2, 16, 0, 1, 1)));

  // Mipmapped arrays: each level half the last; levels are arrays of both
  // APIs and belong to their mipmapped array.
  CUDA_ARRAY3D_DESCRIPTOR MD{};
  MD.Width = 8;
  MD.Height = 5;
  MD.Format = CU_AD_FORMAT_UNSIGNED_INT8;
  MD.NumChannels = 4;
  CUmipmappedArray M = nullptr;
  printf("cuMipmappedArrayCreate: %s\n",
         name(cuMipmappedArrayCreate(&M, &MD, 4)));
  for (unsigned L = 0; L < 5; ++L) {
    CUarray Level = nullptr;
    CUresult Got = cuMipmappedArrayGetLevel(&Level, M, L);
    CUDA_ARRAY3D_DESCRIPTOR LD{};
    if (Got == CUDA_SUCCESS)
      cuArray3DGetDescriptor(&LD, Level);
    printf("level %u: %s %zu x %zu\n", L, name(Got), LD.Width, LD.Height);
  }
  CUarray Level2 = nullptr;
  cuMipmappedArrayGetLevel(&Level2, M, 2);
  unsigned Texels[2] = {0x01020304, 0x05060708};
  cuMemcpyHtoA(Level2, 0, Texels, sizeof Texels);
  cudaArray_t RuntimeLevel = nullptr;
  cudaGetMipmappedArrayLevel(&RuntimeLevel, (cudaMipmappedArray_t)M, 2);
  unsigned Read[2] = {};
  cudaMemcpyFromArray(Read, RuntimeLevel, 0, 0, sizeof Read,
                      cudaMemcpyDeviceToHost);
  printf("level 2 through the runtime: %d %#x %#x\n",
         RuntimeLevel == (cudaArray_t)Level2, Read[0], Read[1]);
  printf("destroy a level: %s\n", name(cuArrayDestroy(Level2)));
  CUDA_ARRAY_MEMORY_REQUIREMENTS MReq{};
  cuMipmappedArrayGetMemoryRequirements(&MReq, M, 0);
  printf("mipmap requirements: %d\n", MReq.size >= (8 * 5 + 4 * 2 + 2 + 1) * 4);
  printf("cudaFreeMipmappedArray: %d\n",
         (int)cudaFreeMipmappedArray((cudaMipmappedArray_t)M));
  cudaMipmappedArray_t TooMany = nullptr;
  cudaExtent E = make_cudaExtent(8, 5, 0);
  printf("5 levels of 8x5: %d\n",
         (int)cudaMallocMipmappedArray(&TooMany, &Float, E, 5));

  // What Rubicon's arrays cannot be.
  CUDA_ARRAY3D_DESCRIPTOR Bad = D3;
  Bad.Flags = CUDA_ARRAY3D_SPARSE;
  CUarray Never = nullptr;
  printf("sparse: %s\n", name(cuArray3DCreate(&Never, &Bad)));
  Bad = D3;
  Bad.Format = CU_AD_FORMAT_UNORM_INT8X4;
  printf("unorm format: %s\n", name(cuArray3DCreate(&Never, &Bad)));
  Bad = D3;
  Bad.NumChannels = 3;
  printf("three channels: %s\n", name(cuArray3DCreate(&Never, &Bad)));
  CUDA_ARRAY_SPARSE_PROPERTIES Sparse{};
  printf("sparse properties: %s\n",
         name(cuArrayGetSparseProperties(&Sparse, A3)));
  CUarray Plane = nullptr;
  printf("plane 0: %s %d, plane 1: %s\n",
         name(cuArrayGetPlane(&Plane, A3, 0)), Plane == A3,
         name(cuArrayGetPlane(&Plane, A3, 1)));

  // A driver array freed by the runtime, a runtime array by the driver.
  printf("cudaFreeArray(driver array): %d\n", (int)cudaFreeArray((cudaArray_t)A));
  printf("cuArrayDestroy(runtime array): %s\n", name(cuArrayDestroy((CUarray)R)));
  printf("cuArrayDestroy: %s\n", name(cuArrayDestroy(A3)));
  return 0;
}
