// Virtual memory management on the host backend: two physical allocations
// mapped side by side into one reserved range, written by a kernel, read
// back; one of them exported as a file descriptor and mapped by a second
// process (this program run again as "child <fd> <granularity>"), which sees
// the parent's data and writes data the parent then sees.
#include <cuda.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *nameOf(CUresult Status) {
  const char *Name = "?";
  cuGetErrorName(Status, &Name);
  return Name;
}

__global__ void fill(int *Data, size_t Count) {
  size_t I = blockIdx.x * size_t(blockDim.x) + threadIdx.x;
  if (I < Count)
    Data[I] = int(I);
}

static CUmemAllocationProp deviceMemory() {
  CUmemAllocationProp Prop;
  memset(&Prop, 0, sizeof Prop);
  Prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
  Prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  Prop.location.id = 0;
  Prop.requestedHandleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
  return Prop;
}

static int child(int Fd, size_t Granularity) {
  cuInit(0);
  CUmemGenericAllocationHandle Imported = 0;
  printf("child import: %s\n", nameOf(cuMemImportFromShareableHandle(
                                   &Imported, (void *)(intptr_t)Fd,
                                   CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR)));
  CUdeviceptr Va = 0;
  cuMemAddressReserve(&Va, Granularity, 0, 0, 0);
  printf("child map: %s\n", nameOf(cuMemMap(Va, Granularity, 0, Imported, 0)));
  CUmemAccessDesc Access = {{CU_MEM_LOCATION_TYPE_DEVICE, 0},
                            CU_MEM_ACCESS_FLAGS_PROT_READWRITE};
  cuMemSetAccess(Va, Granularity, &Access, 1);
  int First = -1, Mine = 777;
  cuMemcpyDtoH(&First, Va, sizeof First);
  printf("child reads: %s\n", First == int(Granularity / sizeof(int))
                                  ? "the parent's data"
                                  : "other data");
  cuMemcpyHtoD(Va + sizeof(int), &Mine, sizeof Mine);
  cuMemUnmap(Va, Granularity);
  cuMemRelease(Imported);
  cuMemAddressFree(Va, Granularity);
  fflush(stdout);
  return 0;
}

int main(int Argc, char **Argv) {
  if (Argc == 4 && strcmp(Argv[1], "child") == 0)
    return child(atoi(Argv[2]), strtoull(Argv[3], 0, 10));
  cudaFree(0);
  CUmemAllocationProp Prop = deviceMemory();
  size_t Minimum = 0, Recommended = 0;
  cuMemGetAllocationGranularity(&Minimum, &Prop,
                                CU_MEM_ALLOC_GRANULARITY_MINIMUM);
  cuMemGetAllocationGranularity(&Recommended, &Prop,
                                CU_MEM_ALLOC_GRANULARITY_RECOMMENDED);
  printf("granularity: %s\n", Minimum > 0 && Recommended % Minimum == 0
                                  ? "minimum divides recommended"
                                  : "wrong");
  size_t G = Minimum;
  CUmemGenericAllocationHandle A = 0, B = 0, Bad = 0;
  printf("create: %s %s\n", nameOf(cuMemCreate(&A, G, &Prop, 0)),
         nameOf(cuMemCreate(&B, G, &Prop, 0)));
  printf("unaligned size: %s\n", nameOf(cuMemCreate(&Bad, G + 1, &Prop, 0)));
  CUmemAllocationProp Compressed = Prop;
  Compressed.allocFlags.compressionType = CU_MEM_ALLOCATION_COMP_GENERIC;
  // Compression is a hint: the allocation is made, uncompressed, and its
  // properties say so (no Rubicon device compresses).
  CUmemGenericAllocationHandle Uncompressed = 0;
  CUmemAllocationProp Got = {};
  printf("compressed: %s", nameOf(cuMemCreate(&Uncompressed, G, &Compressed, 0)));
  printf(" %s compression %s\n",
         nameOf(cuMemGetAllocationPropertiesFromHandle(&Got, Uncompressed)),
         Got.allocFlags.compressionType == CU_MEM_ALLOCATION_COMP_NONE
             ? "none"
             : "generic");
  cuMemRelease(Uncompressed);

  CUdeviceptr Va = 0;
  printf("reserve: %s\n", nameOf(cuMemAddressReserve(&Va, 2 * G, 0, 0, 0)));
  printf("map: %s %s\n", nameOf(cuMemMap(Va, G, 0, A, 0)),
         nameOf(cuMemMap(Va + G, G, 0, B, 0)));
  printf("map twice: %s\n", nameOf(cuMemMap(Va, G, 0, B, 0)));
  CUmemAccessDesc Access = {{CU_MEM_LOCATION_TYPE_DEVICE, 0},
                            CU_MEM_ACCESS_FLAGS_PROT_READWRITE};
  printf("access: %s\n", nameOf(cuMemSetAccess(Va, 2 * G, &Access, 1)));
  unsigned long long Flags = 0;
  CUmemLocation Device0 = {CU_MEM_LOCATION_TYPE_DEVICE, 0};
  cuMemGetAccess(&Flags, &Device0, Va + G + 8);
  printf("get access: %llu\n", Flags);

  // A kernel writes across both allocations through the one range.
  size_t Count = 2 * G / sizeof(int);
  fill<<<(Count + 255) / 256, 256>>>((int *)Va, Count);
  printf("kernel: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  int Ends[2] = {-1, -1};
  cudaMemcpy(&Ends[0], (int *)Va + Count / 2 - 1, sizeof(int),
             cudaMemcpyDeviceToHost);
  cudaMemcpy(&Ends[1], (int *)Va + Count - 1, sizeof(int),
             cudaMemcpyDeviceToHost);
  printf("data: %s\n",
         Ends[0] == int(Count / 2 - 1) && Ends[1] == int(Count - 1)
             ? "both allocations written"
             : "wrong");
  cudaPointerAttributes Attributes;
  cudaPointerGetAttributes(&Attributes, (void *)(Va + 4));
  printf("pointer: %s\n",
         Attributes.type == cudaMemoryTypeDevice ? "device" : "other");

  CUmemGenericAllocationHandle Retained = 0;
  cuMemRetainAllocationHandle(&Retained, (void *)(Va + G));
  printf("retain: %s\n", Retained == B ? "the second allocation" : "wrong");
  cuMemRelease(Retained);
  CUmemAllocationProp Back;
  cuMemGetAllocationPropertiesFromHandle(&Back, A);
  printf("properties: type %d device %d\n", (int)Back.type, Back.location.id);

  // A second process maps B through a file descriptor.
  int Fd = -1;
  printf("export: %s\n",
         nameOf(cuMemExportToShareableHandle(
             &Fd, B, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0)));
  fflush(stdout);
  pid_t Pid = fork();
  if (Pid == 0) {
    char FdText[16], GText[32];
    snprintf(FdText, sizeof FdText, "%d", Fd);
    snprintf(GText, sizeof GText, "%zu", G);
    execl("/proc/self/exe", Argv[0], "child", FdText, GText, (char *)0);
    _exit(127);
  }
  int ChildStatus = -1;
  waitpid(Pid, &ChildStatus, 0);
  int Written = -1;
  cudaMemcpy(&Written, (int *)(Va + G) + 1, sizeof(int),
             cudaMemcpyDeviceToHost);
  printf("parent sees the child's write: %s\n", Written == 777 ? "yes" : "no");

  printf("free while mapped: %s\n", nameOf(cuMemAddressFree(Va, 2 * G)));
  printf("release: %s %s\n", nameOf(cuMemRelease(A)), nameOf(cuMemRelease(B)));
  printf("unmap: %s\n", nameOf(cuMemUnmap(Va, 2 * G)));
  printf("released handle: %s\n", nameOf(cuMemRelease(A)));
  printf("free: %s\n", nameOf(cuMemAddressFree(Va, 2 * G)));
  return 0;
}
