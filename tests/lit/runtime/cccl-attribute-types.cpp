// What libcu++ 3.x's cuda/__device/attributes.h and its memory pools need of
// the runtime's and the driver's headers: the enums that type the values of
// cudaDevAttrGPUDirectRDMAFlushWritesOptions, ...WritesOrdering and
// ...NumaConfig, the CUDA 12.9/13.0 host memory-pool attributes, and managed
// memory pools (CUDA 13.0: an allocation type, and a location of "none").
// Before these, no test that includes <cuda/devices> or <cuda/memory_pool>
// compiled. Values as in CUDA's runtime and driver API references.
// RUN: clang++ -std=c++17 -fsyntax-only -Wall -Werror -I%rubicon_include %s

#include <cuda.h>
#include <cuda_runtime_api.h>

static_assert(cudaFlushGPUDirectRDMAWritesOptionHost == 1 &&
              cudaFlushGPUDirectRDMAWritesOptionMemOps == 2);
static_assert(cudaGPUDirectRDMAWritesOrderingNone == 0 &&
              cudaGPUDirectRDMAWritesOrderingOwner == 100 &&
              cudaGPUDirectRDMAWritesOrderingAllDevices == 200);
static_assert(cudaDeviceNumaConfigNone == 0 && cudaDeviceNumaConfigNumaNode == 1);
static_assert(cudaDevAttrHostNumaMemoryPoolsSupported == 142 &&
              cudaDevAttrHostNumaMultinodeIpcSupported == 143 &&
              cudaDevAttrHostMemoryPoolsSupported == 144);
static_assert(cudaMemAllocationTypeManaged == 2 && cudaMemLocationTypeNone == 0);

static_assert(CU_FLUSH_GPU_DIRECT_RDMA_WRITES_OPTION_HOST == 1 &&
              CU_FLUSH_GPU_DIRECT_RDMA_WRITES_OPTION_MEMOPS == 2);
static_assert(CU_GPU_DIRECT_RDMA_WRITES_ORDERING_NONE == 0 &&
              CU_GPU_DIRECT_RDMA_WRITES_ORDERING_OWNER == 100 &&
              CU_GPU_DIRECT_RDMA_WRITES_ORDERING_ALL_DEVICES == 200);
static_assert(CU_DEVICE_NUMA_CONFIG_NONE == 0 && CU_DEVICE_NUMA_CONFIG_NUMA_NODE == 1);
static_assert(CU_DEVICE_ATTRIBUTE_HOST_NUMA_MEMORY_POOLS_SUPPORTED == 142 &&
              CU_DEVICE_ATTRIBUTE_HOST_NUMA_MULTINODE_IPC_SUPPORTED == 143 &&
              CU_DEVICE_ATTRIBUTE_HOST_MEMORY_POOLS_SUPPORTED == 144);
static_assert(CU_MEM_ALLOCATION_TYPE_MANAGED == 2 && CU_MEM_LOCATION_TYPE_NONE == 0);

// libcu++ names each attribute's value type by these enums.
cudaFlushGPUDirectRDMAWritesOptions flush = cudaFlushGPUDirectRDMAWritesOptionHost;
cudaGPUDirectRDMAWritesOrdering ordering = cudaGPUDirectRDMAWritesOrderingOwner;
cudaDeviceNumaConfig numa = cudaDeviceNumaConfigNone;
CUmemLocation managed_location{CU_MEM_LOCATION_TYPE_NONE, 0};
