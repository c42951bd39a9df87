/* CUDA arrays through libcuda's HIP backend (a stand-in libamdhip64): an
   array is hipMallocPitch memory; copies to, from and inside it are
   hipMemcpy2D with its pitch and the byte offset of the region; 2D fills of
   32 bits are one hipMemsetD32 per row. */
#include <cuda.h>
#include <stdio.h>
#include <string.h>

static const char *nameOf(CUresult R) {
  const char *N = "?";
  cuGetErrorName(R, &N);
  return N;
}

int main(void) {
  printf("init: %s\n", nameOf(cuInit(0)));
  CUDA_ARRAY_DESCRIPTOR D;
  memset(&D, 0, sizeof D);
  D.Width = 5;
  D.Height = 4;
  D.Format = CU_AD_FORMAT_FLOAT;
  D.NumChannels = 1;
  CUarray A;
  printf("cuArrayCreate: %s\n", nameOf(cuArrayCreate(&A, &D)));
  float Src[2][3] = {{1, 2, 3}, {4, 5, 6}};
  CUDA_MEMCPY2D C;
  memset(&C, 0, sizeof C);
  C.srcMemoryType = CU_MEMORYTYPE_HOST;
  C.srcHost = Src;
  C.srcPitch = sizeof Src[0];
  C.dstMemoryType = CU_MEMORYTYPE_ARRAY;
  C.dstArray = A;
  C.dstXInBytes = 2 * sizeof(float);
  C.dstY = 1;
  C.WidthInBytes = 3 * sizeof(float);
  C.Height = 2;
  printf("cuMemcpy2D: %s\n", nameOf(cuMemcpy2D(&C)));
  float Out[20];
  printf("cuMemcpyAtoH: %s\n", nameOf(cuMemcpyAtoH(Out, A, 0, sizeof Out)));
  printf("row 1: %g %g %g %g %g, row 2: %g %g %g %g %g\n", Out[5], Out[6],
         Out[7], Out[8], Out[9], Out[10], Out[11], Out[12], Out[13], Out[14]);
  /* From element 7 on, 6 elements: the rest of row 1, then row 2. */
  float Seq[6] = {10, 11, 12, 13, 14, 15};
  printf("cuMemcpyHtoAAsync: %s\n",
         nameOf(cuMemcpyHtoAAsync(A, 7 * sizeof(float), Seq, sizeof Seq,
                                  NULL)));
  CUdeviceptr Pitched;
  size_t Pitch;
  cuMemAllocPitch(&Pitched, &Pitch, 12, 2, 4);
  printf("cuMemsetD2D32: %s\n",
         nameOf(cuMemsetD2D32(Pitched, Pitch, 0x3f800000u, 3, 2)));
  printf("cuArrayDestroy: %s\n", nameOf(cuArrayDestroy(A)));
  return 0;
}
