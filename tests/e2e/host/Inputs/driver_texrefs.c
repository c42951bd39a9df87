/* Texture references of the driver API: a module's texture<> variables found
   by cuModuleGetTexRef, bound to arrays, pitched and linear memory, read by
   the module's kernels; the reference's state through its setters and
   getters; references made by cuTexRefCreate; no surface references. */
#include <cuda.h>
#include <stdio.h>
#include <string.h>

static const char *nameOf(CUresult R) {
  const char *N = "?";
  cuGetErrorName(R, &N);
  return N;
}

static void launch(CUfunction F, unsigned X, unsigned Y, void **Args) {
  CUresult R = cuLaunchKernel(F, 1, 1, 1, X, Y, 1, 0, NULL, Args, NULL);
  if (R == CUDA_SUCCESS)
    R = cuCtxSynchronize();
  if (R != CUDA_SUCCESS)
    printf("launch: %s\n", nameOf(R));
}

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  CUcontext Ctx;
  CUmodule Mod;
  CUfunction ReadPlane, ReadBytes;
  cuInit(0);
  cuCtxCreate(&Ctx, NULL, 0, 0);
  printf("load: %s\n", nameOf(cuModuleLoad(&Mod, argv[1])));
  cuModuleGetFunction(&ReadPlane, Mod, "readPlane");
  cuModuleGetFunction(&ReadBytes, Mod, "readBytes");
  CUtexref Plane = NULL, Again = NULL, Bytes = NULL, Missing = NULL;
  printf("cuModuleGetTexRef: %s\n",
         nameOf(cuModuleGetTexRef(&Plane, Mod, "planeTex")));
  cuModuleGetTexRef(&Again, Mod, "planeTex");
  printf("same handle: %d\n", Plane == Again);
  printf("missing: %s\n", nameOf(cuModuleGetTexRef(&Missing, Mod, "noTex")));
  cuModuleGetTexRef(&Bytes, Mod, "byteTex");

  CUdeviceptr Out;
  cuMemAlloc(&Out, 64 * sizeof(float));
  float Host[64];
  int W = 4, H = 3;
  void *PlaneArgs[] = {&Out, &W, &H};

  /* Bound to an array: the kernel reads it. */
  CUDA_ARRAY_DESCRIPTOR D;
  memset(&D, 0, sizeof D);
  D.Width = 4;
  D.Height = 3;
  D.Format = CU_AD_FORMAT_FLOAT;
  D.NumChannels = 1;
  CUarray A;
  cuArrayCreate(&A, &D);
  float Texels[12];
  for (int I = 0; I < 12; ++I)
    Texels[I] = (float)(10 * (I / 4) + I % 4);
  cuMemcpyHtoA(A, 0, Texels, sizeof Texels);
  printf("cuTexRefSetArray: %s\n",
         nameOf(cuTexRefSetArray(Plane, A, CU_TRSA_OVERRIDE_FORMAT)));
  launch(ReadPlane, 4, 3, PlaneArgs);
  cuMemcpyDtoH(Host, Out, 12 * sizeof(float));
  printf("array:");
  for (int I = 0; I < 12; ++I)
    printf(" %g", Host[I]);
  printf("\n");
  CUarray Bound = NULL;
  printf("cuTexRefGetArray: %s %d\n", nameOf(cuTexRefGetArray(&Bound, Plane)),
         Bound == A);

  /* Rebound to pitched memory holding other values. */
  CUdeviceptr Pitched;
  size_t Pitch;
  cuMemAllocPitch(&Pitched, &Pitch, 4 * sizeof(float), 3, 4);
  for (int I = 0; I < 12; ++I)
    Texels[I] = -(float)I;
  CUDA_MEMCPY2D C;
  memset(&C, 0, sizeof C);
  C.srcMemoryType = CU_MEMORYTYPE_HOST;
  C.srcHost = Texels;
  C.srcPitch = 4 * sizeof(float);
  C.dstMemoryType = CU_MEMORYTYPE_DEVICE;
  C.dstDevice = Pitched;
  C.dstPitch = Pitch;
  C.WidthInBytes = 4 * sizeof(float);
  C.Height = 3;
  cuMemcpy2D(&C);
  printf("cuTexRefSetAddress2D: %s\n",
         nameOf(cuTexRefSetAddress2D(Plane, &D, Pitched, Pitch)));
  launch(ReadPlane, 4, 3, PlaneArgs);
  cuMemcpyDtoH(Host, Out, 12 * sizeof(float));
  printf("pitched:");
  for (int I = 0; I < 12; ++I)
    printf(" %g", Host[I]);
  printf("\n");
  CUdeviceptr Address = 0;
  printf("cuTexRefGetAddress: %s %d\n",
         nameOf(cuTexRefGetAddress(&Address, Plane)), Address == Pitched);
  printf("cuTexRefGetArray when on memory: %s\n",
         nameOf(cuTexRefGetArray(&Bound, Plane)));

  /* Normalized coordinates with wrap, set after binding, take effect. */
  cuTexRefSetFlags(Plane, CU_TRSF_NORMALIZED_COORDINATES);
  cuTexRefSetAddressMode(Plane, 0, CU_TR_ADDRESS_MODE_WRAP);
  launch(ReadPlane, 4, 3, PlaneArgs); /* x + 0.5 in [0.5, 3.5]: wraps */
  cuMemcpyDtoH(Host, Out, 4 * sizeof(float));
  printf("normalized wrap row 0: %g %g %g %g\n", Host[0], Host[1], Host[2],
         Host[3]);

  /* Bytes on linear memory, read as normalized floats by the kernel. */
  CUdeviceptr Raw;
  cuMemAlloc(&Raw, 4);
  unsigned char B4[4] = {0, 51, 255, 102};
  cuMemcpyHtoD(Raw, B4, 4);
  size_t Offset = 99;
  cuTexRefSetFormat(Bytes, CU_AD_FORMAT_UNSIGNED_INT8, 1);
  printf("cuTexRefSetAddress: %s offset %zu\n",
         nameOf(cuTexRefSetAddress(&Offset, Bytes, Raw, 4)), Offset);
  int N = 4;
  void *ByteArgs[] = {&Out, &N};
  launch(ReadBytes, 4, 1, ByteArgs);
  cuMemcpyDtoH(Host, Out, 4 * sizeof(float));
  printf("bytes: %g %g %g %g\n", Host[0], Host[1], Host[2], Host[3]);

  /* State, through the getters. */
  CUarray_format Format;
  int Channels;
  cuTexRefGetFormat(&Format, &Channels, Bytes);
  CUaddress_mode Mode;
  cuTexRefGetAddressMode(&Mode, Plane, 0);
  unsigned Flags;
  cuTexRefGetFlags(&Flags, Plane);
  printf("format %#x channels %d, mode %d, flags %#x\n", (unsigned)Format,
         Channels, (int)Mode, Flags);
  CUtexref Made = NULL;
  printf("cuTexRefCreate: %s\n", nameOf(cuTexRefCreate(&Made)));
  float Border[4] = {1, 2, 3, 4}, BorderBack[4];
  cuTexRefSetBorderColor(Made, Border);
  cuTexRefSetFilterMode(Made, CU_TR_FILTER_MODE_LINEAR);
  cuTexRefSetMipmapFilterMode(Made, CU_TR_FILTER_MODE_LINEAR);
  cuTexRefSetMipmapLevelBias(Made, 0.5f);
  cuTexRefSetMipmapLevelClamp(Made, 1.0f, 3.0f);
  cuTexRefSetMaxAnisotropy(Made, 8);
  CUmipmappedArray M;
  CUDA_ARRAY3D_DESCRIPTOR MD;
  memset(&MD, 0, sizeof MD);
  MD.Width = 8;
  MD.Height = 8;
  MD.Format = CU_AD_FORMAT_HALF;
  MD.NumChannels = 2;
  cuMipmappedArrayCreate(&M, &MD, 3);
  cuTexRefSetMipmappedArray(Made, M, CU_TRSA_OVERRIDE_FORMAT);
  CUfilter_mode Filter, MipFilter;
  float Bias, Min, Max;
  int Aniso;
  CUmipmappedArray MBack = NULL;
  cuTexRefGetBorderColor(BorderBack, Made);
  cuTexRefGetFilterMode(&Filter, Made);
  cuTexRefGetMipmapFilterMode(&MipFilter, Made);
  cuTexRefGetMipmapLevelBias(&Bias, Made);
  cuTexRefGetMipmapLevelClamp(&Min, &Max, Made);
  cuTexRefGetMaxAnisotropy(&Aniso, Made);
  cuTexRefGetMipmappedArray(&MBack, Made);
  cuTexRefGetFormat(&Format, &Channels, Made);
  printf("created: border %g %g %g %g filter %d %d bias %g clamp %g %g "
         "anisotropy %d mipmap %d format %#x x%d\n",
         BorderBack[0], BorderBack[1], BorderBack[2], BorderBack[3],
         (int)Filter, (int)MipFilter, Bias, Min, Max, Aniso, MBack == M,
         (unsigned)Format, Channels);
  printf("address of a mipmap binding: %s\n",
         nameOf(cuTexRefGetAddress(&Address, Made)));
  printf("bad flags: %s, bad dim: %s, bad array flags: %s\n",
         nameOf(cuTexRefSetFlags(Made, 0x100)),
         nameOf(cuTexRefSetAddressMode(Made, 3, CU_TR_ADDRESS_MODE_WRAP)),
         nameOf(cuTexRefSetArray(Made, A, 0)));
  printf("cuTexRefDestroy: %s, a module's: %s\n", nameOf(cuTexRefDestroy(Made)),
         nameOf(cuTexRefDestroy(Plane)));
  printf("cuParamSetTexRef: %s, unit 0: %s\n",
         nameOf(cuParamSetTexRef(ReadPlane, CU_PARAM_TR_DEFAULT, Plane)),
         nameOf(cuParamSetTexRef(ReadPlane, 0, Plane)));
  CUsurfref Surf = NULL;
  CUarray SurfArray = NULL;
  printf("cuModuleGetSurfRef: %s\n",
         nameOf(cuModuleGetSurfRef(&Surf, Mod, "planeTex")));
  printf("cuSurfRefGetArray: %s\n", nameOf(cuSurfRefGetArray(&SurfArray, Surf)));
  /* Unbinding: the kernel reads no texture (zeros). */
  cuTexRefSetAddress(NULL, Bytes, 0, 0);
  launch(ReadBytes, 4, 1, ByteArgs);
  cuMemcpyDtoH(Host, Out, 4 * sizeof(float));
  printf("unbound: %g %g %g %g\n", Host[0], Host[1], Host[2], Host[3]);
  return 0;
}
