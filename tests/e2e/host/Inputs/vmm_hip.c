// Virtual memory management through libcuda's HIP backend (a stand-in
// libamdhip64 prints what reaches it), multicast objects included.
#include <cuda.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static const char *nameOf(CUresult Status) {
  const char *Name = "?";
  cuGetErrorName(Status, &Name);
  return Name;
}

int main(void) {
  printf("init: %s\n", nameOf(cuInit(0)));
  CUmemAllocationProp Prop;
  memset(&Prop, 0, sizeof Prop);
  Prop.type = CU_MEM_ALLOCATION_TYPE_PINNED;
  Prop.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  Prop.location.id = 0;
  Prop.requestedHandleTypes = CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR;
  size_t G = 0;
  printf("granularity: %s %zu\n",
         nameOf(cuMemGetAllocationGranularity(
             &G, &Prop, CU_MEM_ALLOC_GRANULARITY_RECOMMENDED)),
         G);
  cuMemGetAllocationGranularity(&G, &Prop, CU_MEM_ALLOC_GRANULARITY_MINIMUM);
  CUmemGenericAllocationHandle Handle = 0;
  printf("create: %s\n", nameOf(cuMemCreate(&Handle, 2 * G, &Prop, 0)));
  CUdeviceptr Va = 0;
  printf("reserve: %s\n", nameOf(cuMemAddressReserve(&Va, 4 * G, G, 0, 0)));
  printf("map: %s\n", nameOf(cuMemMap(Va + G, 2 * G, 0, Handle, 0)));
  CUmemAccessDesc Access = {{CU_MEM_LOCATION_TYPE_DEVICE, 0},
                            CU_MEM_ACCESS_FLAGS_PROT_READ};
  printf("access: %s\n", nameOf(cuMemSetAccess(Va + G, 2 * G, &Access, 1)));
  int Fd = -1;
  printf("export: %s %d\n",
         nameOf(cuMemExportToShareableHandle(
             &Fd, Handle, CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0)),
         Fd);
  CUmemGenericAllocationHandle Imported = 0;
  printf("import: %s\n", nameOf(cuMemImportFromShareableHandle(
                             &Imported, (void *)(intptr_t)Fd,
                             CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR)));
  printf("release imported: %s\n", nameOf(cuMemRelease(Imported)));
  printf("release: %s\n", nameOf(cuMemRelease(Handle)));
  printf("unmap: %s\n", nameOf(cuMemUnmap(Va + G, 2 * G)));
  // A multicast object of one device: mapping it maps the bound memory at
  // its offset (HIP has no multicast; the piece is an ordinary hipMemMap).
  CUmemGenericAllocationHandle Mem = 0, Mc = 0;
  cuMemCreate(&Mem, 2 * G, &Prop, 0);
  CUmulticastObjectProp McProp = {1, G, 0, 0};
  printf("multicast create: %s\n", nameOf(cuMulticastCreate(&Mc, &McProp)));
  printf("add device: %s\n", nameOf(cuMulticastAddDevice(Mc, 0)));
  printf("bind: %s\n", nameOf(cuMulticastBindMem(Mc, 0, Mem, G, G, 0)));
  printf("map multicast: %s\n", nameOf(cuMemMap(Va + G, G, 0, Mc, 0)));
  printf("unmap multicast: %s\n", nameOf(cuMemUnmap(Va + G, G)));
  printf("release multicast: %s\n", nameOf(cuMemRelease(Mc)));
  printf("release its memory: %s\n", nameOf(cuMemRelease(Mem)));
  printf("free: %s\n", nameOf(cuMemAddressFree(Va, 4 * G)));
  return 0;
}
