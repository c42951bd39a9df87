/* Tensor maps: cuTensorMapEncodeTiled, cuTensorMapEncodeIm2col,
 * cuTensorMapEncodeIm2colWide and cuTensorMapReplaceAddress accept what the
 * Driver API reference allows and answer CUDA_ERROR_INVALID_VALUE (1) for
 * each rule broken; a replaced address gives the same map as encoding with
 * it. */
#include <cuda.h>
#include <cudaTypedefs.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static CUtensorMap map, other;
static char *base;

/* A 3D float tensor 64 x 32 x 4 (rows of 256 bytes), a 32 x 8 x 2 box. */
static cuuint64_t dim[5] = {64, 32, 4, 1, 1};
static cuuint64_t strides[4] = {256, 256 * 32, 256 * 32 * 4, 256 * 32 * 4};
static cuuint32_t box[5] = {32, 8, 2, 1, 1};
static cuuint32_t elems[5] = {1, 1, 1, 1, 1};

static int tiled(CUtensorMap *m, CUtensorMapDataType type, cuuint32_t rank,
                 void *address, CUtensorMapInterleave interleave,
                 CUtensorMapSwizzle swizzle, CUtensorMapFloatOOBfill fill) {
  return cuTensorMapEncodeTiled(m, type, rank, address, dim, strides, box, elems,
                                interleave, swizzle, CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
                                fill);
}

static int plain(void) {
  return tiled(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 3, base, CU_TENSOR_MAP_INTERLEAVE_NONE,
               CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
}

int main(void) {
  CUdevice dev;
  CUcontext ctx;
  CUdeviceptr d;
  cuInit(0);
  cuDeviceGet(&dev, 0);
  cuCtxCreate(&ctx, NULL, 0, dev);
  cuMemAlloc(&d, 1 << 20);
  base = (char *)(uintptr_t)d;

  printf("tiled: %d\n", plain());
  printf("rank 0 6: %d %d\n",
         tiled(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 0, base, 0, 0, 0),
         tiled(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 6, base, 0, 0, 0));
  printf("address 8-aligned: %d\n",
         tiled(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 3, base + 8, 0, 0, 0));
  printf("map not 64-aligned: %d\n",
         tiled((CUtensorMap *)((char *)&other + 16), CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 3, base,
               0, 0, 0));
  strides[0] = 264;
  printf("stride 264: %d\n", plain());
  strides[0] = (cuuint64_t)1 << 40;
  printf("stride 2^40: %d\n", plain());
  strides[0] = 256;
  dim[1] = 0;
  printf("dim 0: %d\n", plain());
  dim[1] = ((cuuint64_t)1 << 32) + 1;
  printf("dim 2^32+1: %d\n", plain());
  dim[1] = (cuuint64_t)1 << 32;
  printf("dim 2^32: %d\n", plain());
  dim[1] = 32;
  box[1] = 257;
  printf("box 257: %d\n", plain());
  box[1] = 8;
  box[0] = 3; /* 12 bytes: not a multiple of 16 */
  printf("box 12 bytes: %d\n", plain());
  box[0] = 32;
  elems[2] = 9;
  printf("element stride 9: %d\n", plain());
  elems[2] = 1;
  /* 32 floats are 128 bytes: within the 128-byte swizzle, not the 64-byte. */
  printf("swizzle 128 64: %d %d\n",
         tiled(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 3, base, 0, CU_TENSOR_MAP_SWIZZLE_128B, 0),
         tiled(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 3, base, 0, CU_TENSOR_MAP_SWIZZLE_64B, 0));
  printf("interleave 32B: swizzle 32 %d, none %d, rank 2 %d\n",
         tiled(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 3, base, CU_TENSOR_MAP_INTERLEAVE_32B,
               CU_TENSOR_MAP_SWIZZLE_32B, 0),
         tiled(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 3, base, CU_TENSOR_MAP_INTERLEAVE_32B,
               CU_TENSOR_MAP_SWIZZLE_NONE, 0),
         tiled(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 2, base, CU_TENSOR_MAP_INTERLEAVE_32B,
               CU_TENSOR_MAP_SWIZZLE_32B, 0));
  printf("NaN fill: float %d, int32 %d\n",
         tiled(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 3, base, 0, 0,
               CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA),
         tiled(&map, CU_TENSOR_MAP_DATA_TYPE_INT32, 3, base, 0, 0,
               CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA));
  printf("bad enums: %d %d\n",
         tiled(&map, (CUtensorMapDataType)16, 3, base, 0, 0, 0),
         tiled(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 3, base, 0, (CUtensorMapSwizzle)7, 0));

  /* A replaced address: the same bytes as encoding with it; 8-aligned or
     on a map never encoded: refused. */
  plain();
  printf("replace: %d", cuTensorMapReplaceAddress(&map, base + 4096));
  tiled(&other, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 3, base + 4096, 0, 0, 0);
  printf(" same %d", memcmp(&map, &other, sizeof map) == 0);
  printf(" differs %d", plain() == 0 && memcmp(&map, &other, sizeof map) != 0);
  printf(" 8-aligned %d", cuTensorMapReplaceAddress(&map, base + 8));
  memset(&other, 0, sizeof other);
  printf(" not a map %d\n", cuTensorMapReplaceAddress(&other, base));

  /* im2col: NHWC half, 64 channels, 16 x 16 pixels, batch 2. */
  cuuint64_t nhwc[4] = {64, 16, 16, 2};
  cuuint64_t nhwcStrides[3] = {128, 128 * 16, 128 * 256};
  int lower[3] = {-1, -1, 0}, upper[3] = {-1, -1, 0};
  printf("im2col: %d",
         cuTensorMapEncodeIm2col(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 4, base, nhwc,
                                 nhwcStrides, lower, upper, 64, 128, elems,
                                 CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B,
                                 CU_TENSOR_MAP_L2_PROMOTION_NONE,
                                 CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE));
  lower[0] = -129; /* rank 4: offsets within [-128, 127] */
  printf(" corner -129 %d",
         cuTensorMapEncodeIm2col(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 4, base, nhwc,
                                 nhwcStrides, lower, upper, 64, 128, elems, 0,
                                 CU_TENSOR_MAP_SWIZZLE_128B, 0, 0));
  lower[0] = -1;
  printf(" rank 2 %d",
         cuTensorMapEncodeIm2col(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2, base, nhwc,
                                 nhwcStrides, lower, upper, 64, 128, elems, 0,
                                 CU_TENSOR_MAP_SWIZZLE_128B, 0, 0));
  printf(" pixels 1025 %d\n",
         cuTensorMapEncodeIm2col(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 4, base, nhwc,
                                 nhwcStrides, lower, upper, 64, 1025, elems, 0,
                                 CU_TENSOR_MAP_SWIZZLE_128B, 0, 0));

  /* im2col along W only (CUDA 12.8), found by cuGetProcAddress. */
  void *entry = NULL;
  CUdriverProcAddressQueryResult q;
  cuGetProcAddress("cuTensorMapEncodeIm2colWide", &entry, 12080,
                   CU_GET_PROC_ADDRESS_DEFAULT, &q);
  PFN_cuTensorMapEncodeIm2colWide wide = (PFN_cuTensorMapEncodeIm2colWide)entry;
  printf("wide: found %d", entry == (void *)&cuTensorMapEncodeIm2colWide);
  printf(" %d", wide(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 4, base, nhwc, nhwcStrides, -1, 1,
                     64, 256, elems, CU_TENSOR_MAP_INTERLEAVE_NONE,
                     CU_TENSOR_MAP_IM2COL_WIDE_MODE_W, CU_TENSOR_MAP_SWIZZLE_128B,
                     CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE));
  printf(" swizzle none %d",
         wide(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 4, base, nhwc, nhwcStrides, -1, 1, 64,
              256, elems, 0, CU_TENSOR_MAP_IM2COL_WIDE_MODE_W, CU_TENSOR_MAP_SWIZZLE_NONE, 0,
              0));
  printf(" pixels ignored by W128 %d", wide(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 4, base, nhwc,
                                            nhwcStrides, -1, 1, 64, 5000, elems, 0,
                                            CU_TENSOR_MAP_IM2COL_WIDE_MODE_W128,
                                            CU_TENSOR_MAP_SWIZZLE_128B, 0, 0));
  printf(" not by W %d\n", wide(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 4, base, nhwc,
                                nhwcStrides, -1, 1, 64, 5000, elems, 0,
                                CU_TENSOR_MAP_IM2COL_WIDE_MODE_W, CU_TENSOR_MAP_SWIZZLE_128B,
                                0, 0));
  return 0;
}
