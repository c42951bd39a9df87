// Device attributes through both APIs on the host backend: the texture and
// surface limits (deviceQueryDrv prints them), and the driver's own
// attributes (vectorAddMMAP and cudaCompressibleMemory check VMM support).
#include <cuda.h>
#include <cuda_runtime_api.h>
#include <stdio.h>

static void driver(const char *Name, CUdevice_attribute Attribute) {
  int Value = -1;
  CUresult Status = cuDeviceGetAttribute(&Value, Attribute, 0);
  printf("%s: %d %d\n", Name, (int)Status, Value);
}

#define DRIVER(Name) driver(#Name, CU_DEVICE_ATTRIBUTE_##Name)

int main(void) {
  if (cuInit(0) != CUDA_SUCCESS)
    return 1;
  DRIVER(MAXIMUM_TEXTURE1D_WIDTH);
  DRIVER(MAXIMUM_TEXTURE2D_HEIGHT);
  DRIVER(MAXIMUM_TEXTURE3D_DEPTH);
  DRIVER(MAXIMUM_TEXTURE1D_LAYERED_LAYERS);
  DRIVER(MAXIMUM_TEXTURE2D_LAYERED_LAYERS);
  DRIVER(MAXIMUM_TEXTURECUBEMAP_WIDTH);
  DRIVER(MAXIMUM_SURFACE2D_LAYERED_LAYERS);
  DRIVER(SURFACE_ALIGNMENT);
  DRIVER(CAN_TEX2D_GATHER);
  DRIVER(VIRTUAL_ADDRESS_MANAGEMENT_SUPPORTED);
  DRIVER(HANDLE_TYPE_POSIX_FILE_DESCRIPTOR_SUPPORTED);
  DRIVER(GENERIC_COMPRESSION_SUPPORTED);
  DRIVER(CAN_USE_STREAM_MEM_OPS_V1);
  // The runtime answers the same for the attributes both have.
  int Layers = -1;
  cudaError_t Status =
      cudaDeviceGetAttribute(&Layers, cudaDevAttrMaxTexture2DLayeredLayers, 0);
  printf("runtime layers: %d %d\n", (int)Status, Layers);
  // Every attribute the header declares has a value.
  int Missing = 0;
  for (int A = 1; A < CU_DEVICE_ATTRIBUTE_MAX; ++A) {
    int Value = -1;
    if (cuDeviceGetAttribute(&Value, (CUdevice_attribute)A, 0) !=
        CUDA_SUCCESS) {
      printf("no value for attribute %d\n", A);
      ++Missing;
    }
  }
  printf("declared attributes: %d, without a value: %d\n",
         (int)CU_DEVICE_ATTRIBUTE_MAX - 1, Missing);
  int Pools = -1;
  Status = cudaDeviceGetAttribute(&Pools, cudaDevAttrHostMemoryPoolsSupported, 0);
  printf("runtime host pools: %d %d\n", (int)Status, Pools);
  DRIVER(HOST_MEMORY_POOLS_SUPPORTED);
  DRIVER(HOST_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED);
  // A number no attribute has stays an error.
  driver("unknown", (CUdevice_attribute)100000);
  return 0;
}
