/* Just enough of the CUDA runtime's registration entry points to link the
   host objects clang generates; never called in these tests. */
void **__cudaRegisterFatBinary(void *FatCubin) { return 0; }
void __cudaRegisterFatBinaryEnd(void **Handle) {}
void __cudaUnregisterFatBinary(void **Handle) {}
void __cudaRegisterFunction(void **Handle, const char *HostFun, char *DeviceFun,
                            const char *DeviceName, int ThreadLimit, void *Tid,
                            void *Bid, void *BlockDim, void *GridDim,
                            int *WarpSize) {}
void __cudaRegisterVar(void **Handle, char *HostVar, char *DeviceAddress,
                       const char *DeviceName, int Ext, unsigned long Size,
                       int Constant, int Global) {}
int cudaLaunchKernel(const void *Func, ...) { return 0; }
int __cudaPopCallConfiguration(void *GridDim, void *BlockDim,
                               unsigned long *SharedMem, void *Stream) {
  return 0;
}
