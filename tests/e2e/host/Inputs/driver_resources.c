/* Device resources, cuStreamGetCtx_v2, cuPointerGetAttributes,
 * cuMemcpyBatchAsync, tensor maps and the versions cuGetProcAddress picks for
 * them (libcu++ 3.x calls all of these through cuGetProcAddress). */
#include <cuda.h>
#include <cudaTypedefs.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

int main(void) {
  CUdevice dev;
  CUcontext ctx;
  cuInit(0);
  cuDeviceGet(&dev, 0);
  cuDevicePrimaryCtxRetain(&ctx, dev);
  cuCtxSetCurrent(ctx);

  int sms = 0;
  cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev);
  CUdevResource res;
  memset(&res, 0xff, sizeof res);
  CUresult r = cuDeviceGetDevResource(dev, &res, CU_DEV_RESOURCE_TYPE_SM);
  printf("resource: %d type %d all sms %d\n", r, res.type, res.sm.smCount == (unsigned)sms && sms > 0);
  CUdevResource ctxRes;
  r = cuCtxGetDevResource(ctx, &ctxRes, CU_DEV_RESOURCE_TYPE_SM);
  printf("ctx resource: %d same %d\n", r, ctxRes.sm.smCount == res.sm.smCount);
  printf("bad type: %d\n", cuDeviceGetDevResource(dev, &res, CU_DEV_RESOURCE_TYPE_INVALID));
  CUdevResourceDesc desc = NULL;
  CUgreenCtx green;
  printf("green: %d %d", cuDevResourceGenerateDesc(&desc, &res, 1),
         cuGreenCtxCreate(&green, desc, dev, CU_GREEN_CTX_DEFAULT_STREAM));
  printf(" destroyed %d\n", cuGreenCtxDestroy(green));

  CUstream stream;
  cuStreamCreate(&stream, 0);
  CUcontext streamCtx = NULL;
  CUgreenCtx streamGreen = (CUgreenCtx)1;
  r = cuStreamGetCtx_v2(stream, &streamCtx, &streamGreen);
  printf("stream ctx: %d %d %d\n", r, streamCtx == ctx, streamGreen == NULL);

  /* The versions: before CUDA 12.5 cuStreamGetCtx is the two-argument
     function, from 12.5 on cuStreamGetCtx_v2. */
  void *v1 = NULL, *v2 = NULL, *batch = NULL;
  CUdriverProcAddressQueryResult q;
  cuGetProcAddress("cuStreamGetCtx", &v1, 12000, CU_GET_PROC_ADDRESS_DEFAULT, &q);
  cuGetProcAddress("cuStreamGetCtx", &v2, 12050, CU_GET_PROC_ADDRESS_DEFAULT, &q);
  cuGetProcAddress("cuMemcpyBatchAsync", &batch, 13000, CU_GET_PROC_ADDRESS_DEFAULT, &q);
  printf("entry points: %d %d %d\n", v1 == (void *)&cuStreamGetCtx,
         v2 == (void *)&cuStreamGetCtx_v2, batch == (void *)&cuMemcpyBatchAsync_v2);

  CUdeviceptr d;
  cuMemAlloc(&d, 256);
  CUpointer_attribute attrs[3] = {CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                  CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
                                  CU_POINTER_ATTRIBUTE_IS_MANAGED};
  unsigned type = 0;
  int ordinal = 7;
  bool managed = true;
  void *data[3] = {&type, &ordinal, &managed};
  r = cuPointerGetAttributes(3, attrs, data, d);
  printf("attributes: %d %d %d %d\n", r, type == CU_MEMORYTYPE_DEVICE, ordinal, managed);
  int local = 0;
  r = cuPointerGetAttributes(3, attrs, data, (CUdeviceptr)&local);
  printf("unknown memory: %d %u %d %d\n", r, type, ordinal, managed);

  /* Two copies host -> device -> host in one batch, one attribute. */
  char in[64], out[64];
  for (int i = 0; i < 64; ++i)
    in[i] = (char)(i * 3);
  memset(out, 0, sizeof out);
  CUdeviceptr dsts[2] = {d, (CUdeviceptr)out};
  CUdeviceptr srcs[2] = {(CUdeviceptr)in, d};
  size_t sizes[2] = {64, 64};
  CUmemcpyAttributes attr;
  memset(&attr, 0, sizeof attr);
  attr.srcAccessOrder = CU_MEMCPY_SRC_ACCESS_ORDER_STREAM;
  size_t idx = 0;
  r = cuMemcpyBatchAsync(dsts, srcs, sizes, 2, &attr, &idx, 1, stream);
  cuStreamSynchronize(stream);
  printf("batch: %d %d\n", r, memcmp(in, out, 64) == 0);
  attr.srcAccessOrder = CU_MEMCPY_SRC_ACCESS_ORDER_INVALID;
  printf("batch invalid order: %d\n", cuMemcpyBatchAsync(dsts, srcs, sizes, 2, &attr, &idx, 1, stream));

  CUtensorMap map;
  cuuint64_t dim = 64, stride = 64;
  cuuint32_t box = 16, elem = 1;
  PFN_cuTensorMapEncodeTiled encode = cuTensorMapEncodeTiled;
  r = encode(&map, CU_TENSOR_MAP_DATA_TYPE_UINT8, 1, (void *)d, &dim, &stride, &box, &elem,
             CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE,
             CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  printf("tensor map: %d size %d align %d\n", r, (int)sizeof(CUtensorMap), (int)_Alignof(CUtensorMap));

  /* No decompression engine: a batch is CUDA_ERROR_NOT_SUPPORTED about the
     batch as a whole; flags other than 0 are invalid. */
  int algorithms = -1;
  cuDeviceGetAttribute(&algorithms, CU_DEVICE_ATTRIBUTE_MEM_DECOMPRESS_ALGORITHM_MASK, dev);
  CUmemDecompressParams dp;
  memset(&dp, 0, sizeof dp);
  dp.src = (const void *)d;
  dp.dst = (void *)(d + 128);
  dp.srcNumBytes = dp.dstNumBytes = 64;
  dp.algo = CU_MEM_DECOMPRESS_ALGORITHM_DEFLATE;
  size_t where = 0;
  r = cuMemBatchDecompressAsync(&dp, 1, 0, &where, stream);
  printf("decompress: mask %d, %d at %d, flags %d\n", algorithms, r, where == (size_t)-1,
         cuMemBatchDecompressAsync(&dp, 1, 1, NULL, stream));

  /* No sparse arrays: mapping into an ordinary array is CUDA's
     CUDA_ERROR_INVALID_VALUE; a null array is CUDA_ERROR_INVALID_HANDLE. */
  CUDA_ARRAY_DESCRIPTOR ad;
  memset(&ad, 0, sizeof ad);
  ad.Width = 64;
  ad.Height = 64;
  ad.Format = CU_AD_FORMAT_FLOAT;
  ad.NumChannels = 1;
  CUarray array;
  cuArrayCreate(&array, &ad);
  CUarrayMapInfo info;
  memset(&info, 0, sizeof info);
  info.resourceType = CU_RESOURCE_TYPE_ARRAY;
  info.resource.array = array;
  info.subresourceType = CU_ARRAY_SPARSE_SUBRESOURCE_TYPE_SPARSE_LEVEL;
  info.memOperationType = CU_MEM_OPERATION_TYPE_MAP;
  info.memHandleType = CU_MEM_HANDLE_TYPE_GENERIC;
  r = cuMemMapArrayAsync(&info, 1, stream);
  info.resource.array = NULL;
  printf("map array: %d null array %d empty list %d\n", r, cuMemMapArrayAsync(&info, 1, stream),
         cuMemMapArrayAsync(NULL, 0, stream));
  return 0;
}
