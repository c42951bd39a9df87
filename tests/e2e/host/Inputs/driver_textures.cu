// Texture and surface objects of the driver API on the runtime's object
// model: a kernel launched with <<<>>> reads a CUtexObject made from a
// CUarray, writes through a CUsurfObject; descriptors made by one API are
// queried by the other; mipmapped textures are read at the level tex2DLod
// names.
#include <cuda.h>
#include <cuda_runtime.h>
#include <cstdio>

static const char *name(CUresult R) {
  const char *N = "?";
  cuGetErrorName(R, &N);
  return N;
}

__global__ void read2D(cudaTextureObject_t T, float *Out, int W, int H) {
  int X = threadIdx.x, Y = threadIdx.y;
  if (X < W && Y < H)
    Out[Y * W + X] = tex2D<float>(T, X + 0.5f, Y + 0.5f);
}

__global__ void readBytes(cudaTextureObject_t T, float *Out, int N) {
  int I = threadIdx.x;
  if (I < N)
    Out[I] = tex1Dfetch<float>(T, I);
}

__global__ void readLod(cudaTextureObject_t T, float *Out, float Level) {
  int I = threadIdx.x;
  // The centre of texel (I, 0) of level 0 in normalized coordinates.
  Out[I] = tex2DLod<float>(T, (I + 0.5f) / 8.0f, 0.5f / 4.0f, Level);
}

__global__ void writeSurface(cudaSurfaceObject_t S, int W) {
  int X = threadIdx.x, Y = threadIdx.y;
  surf2Dwrite(100 * Y + X, S, X * (int)sizeof(int), Y);
}

int main() {
  printf("init: %s\n", name(cuInit(0)));
  float *Out = nullptr;
  cudaMallocManaged(&Out, 64 * sizeof(float));

  // A driver array read through a driver texture object by a kernel.
  CUDA_ARRAY_DESCRIPTOR D{};
  D.Width = 4;
  D.Height = 3;
  D.Format = CU_AD_FORMAT_FLOAT;
  D.NumChannels = 1;
  CUarray A = nullptr;
  cuArrayCreate(&A, &D);
  float Texels[12];
  for (int I = 0; I < 12; ++I)
    Texels[I] = 10.0f * (I / 4) + I % 4;
  cuMemcpyHtoA(A, 0, Texels, sizeof Texels);
  CUDA_RESOURCE_DESC Res{};
  Res.resType = CU_RESOURCE_TYPE_ARRAY;
  Res.res.array.hArray = A;
  CUDA_TEXTURE_DESC Tex{};
  Tex.addressMode[0] = Tex.addressMode[1] = CU_TR_ADDRESS_MODE_CLAMP;
  Tex.filterMode = CU_TR_FILTER_MODE_POINT;
  CUtexObject T = 0;
  printf("cuTexObjectCreate: %s\n", name(cuTexObjectCreate(&T, &Res, &Tex, nullptr)));
  read2D<<<1, dim3(4, 3)>>>(T, Out, 4, 3);
  printf("sync: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  printf("tex2D:");
  for (int I = 0; I < 12; ++I)
    printf(" %g", Out[I]);
  printf("\n");
  // The runtime sees the driver's object.
  cudaResourceDesc RR{};
  printf("cudaGetTextureObjectResourceDesc: %s array ok %d\n",
         cudaGetErrorName(cudaGetTextureObjectResourceDesc(&RR, T)),
         RR.resType == cudaResourceTypeArray &&
             RR.res.array.array == (cudaArray_t)A);
  cudaTextureDesc RT{};
  cudaGetTextureObjectTextureDesc(&RT, T);
  printf("runtime texture desc: address %d filter %d read %d normalized %d\n",
         (int)RT.addressMode[0], (int)RT.filterMode, (int)RT.readMode,
         RT.normalizedCoords);

  // Bytes on linear memory: without CU_TRSF_READ_AS_INTEGER the driver
  // reads 8-bit integers as normalized floats.
  CUdeviceptr Bytes = 0;
  cuMemAlloc(&Bytes, 4);
  unsigned char B4[4] = {0, 51, 255, 102};
  cuMemcpyHtoD(Bytes, B4, 4);
  CUDA_RESOURCE_DESC Lin{};
  Lin.resType = CU_RESOURCE_TYPE_LINEAR;
  Lin.res.linear.devPtr = Bytes;
  Lin.res.linear.format = CU_AD_FORMAT_UNSIGNED_INT8;
  Lin.res.linear.numChannels = 1;
  Lin.res.linear.sizeInBytes = 4;
  CUDA_TEXTURE_DESC Plain{};
  CUtexObject TB = 0;
  cuTexObjectCreate(&TB, &Lin, &Plain, nullptr);
  readBytes<<<1, 4>>>(TB, Out, 4);
  cudaDeviceSynchronize();
  printf("normalized bytes: %g %g %g %g\n", Out[0], Out[1], Out[2], Out[3]);
  CUDA_RESOURCE_DESC LinBack{};
  CUDA_TEXTURE_DESC PlainBack{};
  cuTexObjectGetResourceDesc(&LinBack, TB);
  cuTexObjectGetTextureDesc(&PlainBack, TB);
  printf("linear desc: type %d format %#x channels %u size %zu ptr ok %d flags %u\n",
         (int)LinBack.resType, (unsigned)LinBack.res.linear.format,
         LinBack.res.linear.numChannels, LinBack.res.linear.sizeInBytes,
         LinBack.res.linear.devPtr == Bytes, PlainBack.flags);

  // A runtime object queried by the driver.
  cudaResourceDesc RD{};
  RD.resType = cudaResourceTypePitch2D;
  RD.res.pitch2D.devPtr = (void *)Bytes;
  RD.res.pitch2D.desc = cudaCreateChannelDesc<unsigned char>();
  RD.res.pitch2D.width = 2;
  RD.res.pitch2D.height = 2;
  RD.res.pitch2D.pitchInBytes = 2;
  cudaTextureDesc TD{};
  TD.normalizedCoords = 1;
  TD.addressMode[0] = cudaAddressModeWrap;
  TD.readMode = cudaReadModeElementType;
  cudaTextureObject_t RO = 0;
  cudaCreateTextureObject(&RO, &RD, &TD, nullptr);
  CUDA_RESOURCE_DESC DR{};
  CUDA_TEXTURE_DESC DT{};
  printf("cuTexObjectGetResourceDesc(runtime object): %s type %d %zu x %zu pitch %zu\n",
         name(cuTexObjectGetResourceDesc(&DR, RO)), (int)DR.resType,
         DR.res.pitch2D.width, DR.res.pitch2D.height,
         DR.res.pitch2D.pitchInBytes);
  cuTexObjectGetTextureDesc(&DT, RO);
  printf("driver texture desc: address %d flags %#x\n", (int)DT.addressMode[0],
         DT.flags);
  CUDA_RESOURCE_VIEW_DESC View{};
  printf("view desc: %s\n", name(cuTexObjectGetResourceViewDesc(&View, RO)));
  printf("cuTexObjectDestroy(runtime object): %s\n", name(cuTexObjectDestroy(RO)));
  printf("cudaDestroyTextureObject again: %s\n",
         cudaGetErrorName(cudaDestroyTextureObject(RO)));
  cudaGetLastError();

  // A driver surface written by a kernel, read back by the driver.
  CUDA_ARRAY3D_DESCRIPTOR SD{};
  SD.Width = 3;
  SD.Height = 2;
  SD.Format = CU_AD_FORMAT_SIGNED_INT32;
  SD.NumChannels = 1;
  SD.Flags = CUDA_ARRAY3D_SURFACE_LDST;
  CUarray SA = nullptr;
  cuArray3DCreate(&SA, &SD);
  CUDA_RESOURCE_DESC SR{};
  SR.resType = CU_RESOURCE_TYPE_ARRAY;
  SR.res.array.hArray = SA;
  CUsurfObject S = 0;
  printf("cuSurfObjectCreate: %s\n", name(cuSurfObjectCreate(&S, &SR)));
  writeSurface<<<1, dim3(3, 2)>>>(S, 3);
  cudaDeviceSynchronize();
  int Written[6] = {};
  cuMemcpyAtoH(Written, SA, 0, sizeof Written);
  printf("surface: %d %d %d / %d %d %d\n", Written[0], Written[1], Written[2],
         Written[3], Written[4], Written[5]);
  CUDA_RESOURCE_DESC SBack{};
  printf("cuSurfObjectGetResourceDesc: %s %d\n",
         name(cuSurfObjectGetResourceDesc(&SBack, S)),
         SBack.res.array.hArray == SA);
  printf("surface as texture: %s\n", name(cuTexObjectGetResourceDesc(&SBack, S)));
  Lin.res.linear.numChannels = 1;
  CUsurfObject Never = 0;
  printf("surface on linear memory: %s\n", name(cuSurfObjectCreate(&Never, &Lin)));
  printf("cuSurfObjectDestroy: %s\n", name(cuSurfObjectDestroy(S)));

  // A mipmapped array (8 x 4, 4 levels), each level filled with its number
  // times 10 plus the texel's x, read at chosen levels.
  CUDA_ARRAY3D_DESCRIPTOR MD{};
  MD.Width = 8;
  MD.Height = 4;
  MD.Format = CU_AD_FORMAT_FLOAT;
  MD.NumChannels = 1;
  CUmipmappedArray M = nullptr;
  cuMipmappedArrayCreate(&M, &MD, 4);
  for (unsigned L = 0; L < 4; ++L) {
    CUarray Level = nullptr;
    cuMipmappedArrayGetLevel(&Level, M, L);
    CUDA_ARRAY3D_DESCRIPTOR LD{};
    cuArray3DGetDescriptor(&LD, Level);
    float Fill[32];
    for (size_t I = 0; I < LD.Width * LD.Height; ++I)
      Fill[I] = 10.0f * L + I % LD.Width;
    cuMemcpyHtoA(Level, 0, Fill, LD.Width * LD.Height * sizeof(float));
  }
  CUDA_RESOURCE_DESC MR{};
  MR.resType = CU_RESOURCE_TYPE_MIPMAPPED_ARRAY;
  MR.res.mipmap.hMipmappedArray = M;
  CUDA_TEXTURE_DESC MT{};
  MT.addressMode[0] = MT.addressMode[1] = CU_TR_ADDRESS_MODE_CLAMP;
  MT.filterMode = CU_TR_FILTER_MODE_POINT;
  MT.mipmapFilterMode = CU_TR_FILTER_MODE_POINT;
  MT.flags = CU_TRSF_NORMALIZED_COORDINATES;
  MT.maxMipmapLevelClamp = 3;
  CUtexObject MO = 0;
  printf("mipmapped texture: %s\n", name(cuTexObjectCreate(&MO, &MR, &MT, nullptr)));
  const float Levels[] = {0.0f, 1.0f, 2.2f, 2.7f, 9.0f, -1.0f};
  for (float Level : Levels) {
    readLod<<<1, 8>>>(MO, Out, Level);
    cudaDeviceSynchronize();
    printf("level %g:", Level);
    for (int I = 0; I < 8; ++I)
      printf(" %g", Out[I]);
    printf("\n");
  }
  // Linear mipmap filtering blends two levels; a clamp keeps level 1 out.
  MT.mipmapFilterMode = CU_TR_FILTER_MODE_LINEAR;
  MT.maxMipmapLevelClamp = 1.5f;
  CUtexObject ML = 0;
  cuTexObjectCreate(&ML, &MR, &MT, nullptr);
  readLod<<<1, 8>>>(ML, Out, 0.25f);
  cudaDeviceSynchronize();
  printf("linear 0.25:");
  for (int I = 0; I < 8; ++I)
    printf(" %g", Out[I]);
  printf("\n");
  readLod<<<1, 8>>>(ML, Out, 3.0f);
  cudaDeviceSynchronize();
  printf("clamped to 1.5:");
  for (int I = 0; I < 8; ++I)
    printf(" %g", Out[I]);
  printf("\n");

  size_t Width = 0;
  printf("cuDeviceGetTexture1DLinearMaxWidth: %s %zu\n",
         name(cuDeviceGetTexture1DLinearMaxWidth(&Width, CU_AD_FORMAT_FLOAT, 4, 0)),
         Width);
  cudaChannelFormatDesc F4 = cudaCreateChannelDesc<float4>();
  printf("cudaDeviceGetTexture1DLinearMaxWidth: %s %zu\n",
         cudaGetErrorName(cudaDeviceGetTexture1DLinearMaxWidth(&Width, &F4, 0)),
         Width);
  int Value = 0;
  cuDeviceGetAttribute(&Value, CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_WIDTH, 0);
  printf("MAXIMUM_TEXTURE1D_WIDTH: %d\n", Value);
  cuDeviceGetAttribute(&Value, CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_LAYERS, 0);
  printf("MAXIMUM_TEXTURE2D_LAYERED_LAYERS: %d\n", Value);
  cuDeviceGetAttribute(&Value, CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACECUBEMAP_WIDTH, 0);
  printf("MAXIMUM_SURFACECUBEMAP_WIDTH: %d\n", Value);
  printf("resource view: %s\n", name(cuTexObjectCreate(&T, &Res, &Tex, &View)));
  printf("destroy: %s %s %s\n", name(cuTexObjectDestroy(MO)),
         name(cuTexObjectDestroy(ML)), name(cuTexObjectDestroy(TB)));
  printf("destroy again: %s\n", name(cuTexObjectDestroy(MO)));
  return 0;
}
