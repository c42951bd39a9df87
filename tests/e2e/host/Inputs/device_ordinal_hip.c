// libcuda's HIP backend loads a module whose device code calls cudaGetDevice
// and writes the current device's ordinal into the module's
// __rubicon_device_ordinal (abi/include/rubicon/DeviceOrdinal.h); the
// stand-in HIP's global memory is then read back.
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  (void)argc;
  FILE *F = fopen(argv[1], "rb");
  if (!F)
    return 1;
  fseek(F, 0, SEEK_END);
  long Size = ftell(F);
  fseek(F, 0, SEEK_SET);
  char *Image = malloc((size_t)Size);
  if (fread(Image, 1, (size_t)Size, F) != (size_t)Size)
    return 1;
  fclose(F);
  printf("init: %d\n", cuInit(0));
  CUdevice Device;
  cuDeviceGet(&Device, 0);
  CUcontext Context;
  cuDevicePrimaryCtxRetain(&Context, Device);
  cuCtxSetCurrent(Context);
  CUmodule Module = NULL;
  printf("load: %d\n", cuModuleLoadData(&Module, Image));
  CUdeviceptr Ordinal = 0;
  size_t Bytes = 0;
  CUresult Found =
      cuModuleGetGlobal(&Ordinal, &Bytes, Module, "__rubicon_device_ordinal");
  int Value = -1;
  CUresult Read = Found ? Found : cuMemcpyDtoH(&Value, Ordinal, sizeof(Value));
  printf("ordinal: %d %d, value %d\n", Found, Read, Value);
  return 0;
}
