// What libcu++ 3.x's driver_api.h needs of cuda.h, cudaTypedefs.h and their
// types: cuuint64_t is uint64_t (libcu++ passes uint64_t arrays to
// cuTensorMapEncodeTiled; it was unsigned long long), the versioned
// functions, green-context and tensor-map types, CU_EVENT_WAIT_DEFAULT and
// CU_POINTER_ATTRIBUTE_MEMPOOL_HANDLE.
// RUN: clang++ -std=c++17 -fsyntax-only -Wall -Werror -I%rubicon_include %s

#include <cuda.h>
#include <cudaTypedefs.h>

#include <cstdint>
#include <type_traits>

static_assert(std::is_same_v<cuuint64_t, std::uint64_t>);
static_assert(std::is_same_v<cuuint32_t, std::uint32_t>);
static_assert(sizeof(CUtensorMap) == 128 && alignof(CUtensorMap) == 64);
static_assert(std::is_same_v<decltype(&cuMemcpyBatchAsync), decltype(&cuMemcpyBatchAsync_v2)>);
static_assert(std::is_same_v<PFN_cuStreamGetCtx, CUresult (*)(CUstream, CUcontext *)>);
static_assert(std::is_same_v<decltype(&cuStreamGetCtx_v2),
                             CUresult (*)(CUstream, CUcontext *, CUgreenCtx *)>);
static_assert(CU_EVENT_WAIT_DEFAULT == 0 && CU_POINTER_ATTRIBUTE_MEMPOOL_HANDLE == 17);

// libcu++ calls the tensor-map encoder with uint64_t arrays.
CUresult encode(CUtensorMap *map, void *base) {
  const std::uint64_t dims[1] = {64}, strides[1] = {64};
  const std::uint32_t box[1] = {16}, elems[1] = {1};
  PFN_cuTensorMapEncodeTiled_v12000 fn = &cuTensorMapEncodeTiled;
  return fn(map, CU_TENSOR_MAP_DATA_TYPE_UINT8, 1, base, dims, strides, box, elems,
            CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE,
            CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
}

CUresult sizes(CUdevice dev) {
  CUdevResource resource{};
  CUgreenCtx green = nullptr;
  CUcontext ctx = nullptr;
  (void)cuStreamGetCtx_v2(nullptr, &ctx, &green);
  return cuDeviceGetDevResource(dev, &resource, CU_DEV_RESOURCE_TYPE_SM);
}
