// Multicast objects on the host backend: a one-device team, memory bound by
// handle and by address, the object mapped into a reserved range, a kernel
// writing through that mapping and the bound memories seeing it, unbinding,
// and the documented errors.
#include <cuda.h>
#include <stdio.h>
#include <string.h>

static const char *nameOf(CUresult Status) {
  const char *Name = "?";
  cuGetErrorName(Status, &Name);
  return Name;
}

__global__ void fill(int *Data, size_t Count, int Base) {
  size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (I < Count)
    Data[I] = Base + int(I);
}

static CUmemAllocationProp deviceMemory() {
  CUmemAllocationProp Prop;
  memset(&Prop, 0, sizeof Prop);
  Prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
  Prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  Prop.location.id = 0;
  return Prop;
}

static CUresult mapReadWrite(CUdeviceptr Va, size_t Size,
                             CUmemGenericAllocationHandle Handle) {
  CUresult Status = cuMemMap(Va, Size, 0, Handle, 0);
  if (Status)
    return Status;
  CUmemAccessDesc Access;
  Access.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  Access.location.id = 0;
  Access.flags = CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
  return cuMemSetAccess(Va, Size, &Access, 1);
}

int main() {
  cuInit(0);
  CUdevice Dev;
  CUcontext Ctx;
  cuDeviceGet(&Dev, 0);
  cuDevicePrimaryCtxRetain(&Ctx, Dev);
  cuCtxSetCurrent(Ctx);
  int Supported = -1;
  cuDeviceGetAttribute(&Supported, CU_DEVICE_ATTRIBUTE_MULTICAST_SUPPORTED, Dev);
  printf("supported: %d\n", Supported);

  CUmulticastObjectProp Prop;
  memset(&Prop, 0, sizeof Prop);
  Prop.numDevices = 1;
  size_t G = 0, VmmG = 0;
  CUmemAllocationProp Mem = deviceMemory();
  cuMulticastGetGranularity(&G, &Prop, CU_MULTICAST_GRANULARITY_MINIMUM);
  cuMemGetAllocationGranularity(&VmmG, &Mem, CU_MEM_ALLOC_GRANULARITY_MINIMUM);
  printf("granularity: %s\n", G && G == VmmG ? "the allocations'" : "other");

  CUmemGenericAllocationHandle Mc = 0;
  Prop.size = 2 * G;
  Prop.numDevices = 2;
  printf("team larger than the machine: %s\n", nameOf(cuMulticastCreate(&Mc, &Prop)));
  Prop.numDevices = 1;
  Prop.size = G + 1;
  printf("unaligned size: %s\n", nameOf(cuMulticastCreate(&Mc, &Prop)));
  Prop.size = 2 * G;
  printf("create: %s\n", nameOf(cuMulticastCreate(&Mc, &Prop)));

  CUmemGenericAllocationHandle A = 0, B = 0;
  cuMemCreate(&A, 2 * G, &Mem, 0);
  cuMemCreate(&B, G, &Mem, 0);
  printf("bind before the team is complete: %s\n",
         nameOf(cuMulticastBindMem(Mc, 0, A, 0, G, 0)));
  printf("add device: %s, again: %s\n", nameOf(cuMulticastAddDevice(Mc, Dev)),
         nameOf(cuMulticastAddDevice(Mc, Dev)));

  // A's second half at offset 0, B (through its mapped address) at G.
  CUdeviceptr AVa = 0, BVa = 0, McVa = 0;
  cuMemAddressReserve(&AVa, 2 * G, 0, 0, 0);
  cuMemAddressReserve(&BVa, G, 0, 0, 0);
  cuMemAddressReserve(&McVa, 2 * G, 0, 0, 0);
  mapReadWrite(AVa, 2 * G, A);
  mapReadWrite(BVa, G, B);
  printf("bind mem: %s\n", nameOf(cuMulticastBindMem(Mc, 0, A, G, G, 0)));
  printf("bind overlapping: %s\n", nameOf(cuMulticastBindMem(Mc, 0, B, 0, G, 0)));
  printf("bind addr: %s\n", nameOf(cuMulticastBindAddr(Mc, G, BVa, G, 0)));
  printf("bind past the end: %s\n",
         nameOf(cuMulticastBindMem(Mc, 2 * G, A, 0, G, 0)));
  printf("map: %s\n", nameOf(mapReadWrite(McVa, 2 * G, Mc)));

  // A kernel writes through the multicast mapping; each bound memory has
  // its part.
  size_t Count = 2 * G / sizeof(int);
  fill<<<(unsigned)((Count + 255) / 256), 256>>>((int *)McVa, Count, 1000);
  cuCtxSynchronize();
  int FromA = 0, FromB = 0, ALow = -1;
  cuMemcpyDtoH(&FromA, AVa + G + 4 * sizeof(int), sizeof(int));
  cuMemcpyDtoH(&FromB, BVa + 4 * sizeof(int), sizeof(int));
  cuMemcpyDtoH(&ALow, AVa, sizeof(int));
  printf("A's bound half: %d, B: %d, A's unbound half untouched: %d\n", FromA,
         FromB, ALow);
  printf("B's first value is the object's at G: %d\n",
         FromB == 1000 + (int)(G / sizeof(int)) + 4);
  // And a write to the memory is what the multicast mapping reads.
  int Seven = 7, Back = 0;
  cuMemcpyHtoD(BVa, &Seven, sizeof Seven);
  cuMemcpyDtoH(&Back, McVa + G, sizeof Back);
  printf("read through the object: %d\n", Back);

  printf("unmap: %s\n", nameOf(cuMemUnmap(McVa, 2 * G)));
  printf("unbind: %s, again: %s\n", nameOf(cuMulticastUnbind(Mc, Dev, 0, G)),
         nameOf(cuMulticastUnbind(Mc, Dev, 0, G)));
  printf("map with an unbound range: %s\n",
         nameOf(cuMemMap(McVa, 2 * G, 0, Mc, 0)));
  printf("map the bound part: %s\n", nameOf(cuMemMap(McVa, G, G, Mc, 0)));
  cuMemUnmap(McVa, G);
  printf("release: %s %s %s\n", nameOf(cuMemRelease(Mc)),
         nameOf(cuMemRelease(A)), nameOf(cuMemRelease(B)));
  // B is still mapped: its memory lives on.
  cuMemcpyDtoH(&Back, BVa, sizeof Back);
  printf("B after release: %d\n", Back);
  printf("released object: %s\n", nameOf(cuMulticastAddDevice(Mc, Dev)));
  cuMemUnmap(AVa, 2 * G);
  cuMemUnmap(BVa, G);
  return 0;
}
