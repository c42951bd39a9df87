// Memory pools shared between processes on the host backend: a pool created
// with POSIX file descriptor handles is exported, a block allocated from it
// is exported as cudaMemPoolPtrExportData, and a second process (this
// program run again as "child <fd> <export data in hex>") imports the pool
// and the block, reads what the parent's kernel wrote, and writes through
// the driver API what the parent then reads.
#include <cuda.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static const int Count = 3000;

__global__ void fill(int *Data, int N, int Base) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Data[I] = Base + I;
}

static int child(int Fd, const char *Hex) {
  cudaMemPoolPtrExportData Data;
  for (size_t I = 0; I < sizeof Data.reserved; ++I) {
    unsigned Byte;
    sscanf(Hex + 2 * I, "%2x", &Byte);
    Data.reserved[I] = (unsigned char)Byte;
  }
  cudaMemPool_t Pool;
  printf("child import pool: %s\n",
         cudaGetErrorName(cudaMemPoolImportFromShareableHandle(
             &Pool, (void *)(intptr_t)Fd, cudaMemHandleTypePosixFileDescriptor,
             0)));
  int *Block = 0;
  printf("child import pointer: %s\n",
         cudaGetErrorName(cudaMemPoolImportPointer((void **)&Block, Pool, &Data)));
  int Host[Count];
  cudaMemcpy(Host, Block, sizeof Host, cudaMemcpyDeviceToHost);
  bool Same = true;
  for (int I = 0; I < Count; ++I)
    Same &= Host[I] == 1000 + I;
  printf("child reads the parent's data: %s\n", Same ? "yes" : "no");
  void *Unused;
  printf("child allocates from the imported pool: %s\n",
         cudaGetErrorName(cudaMallocFromPoolAsync(&Unused, 64, Pool, 0)));
  // Write through the driver API: the same memory.
  int Value = 4242;
  cuMemcpyHtoD((CUdeviceptr)(Block + 7), &Value, sizeof Value);
  cudaDeviceSynchronize();
  printf("child frees its mapping: %s\n",
         cudaGetErrorName(cudaFreeAsync(Block, 0)));
  cudaDeviceSynchronize();
  return 0;
}

int main(int Argc, char **Argv) {
  if (Argc == 4 && strcmp(Argv[1], "child") == 0)
    return child(atoi(Argv[2]), Argv[3]);

  cudaMemPoolProps Props;
  memset(&Props, 0, sizeof Props);
  Props.allocType = cudaMemAllocationTypePinned;
  Props.location.type = cudaMemLocationTypeDevice;
  Props.location.id = 0;
  cudaMemPool_t Private, Shared;
  cudaMemPoolCreate(&Private, &Props);
  int Fd = -1;
  printf("export a pool without handle types: %s\n",
         cudaGetErrorName(cudaMemPoolExportToShareableHandle(
             &Fd, Private, cudaMemHandleTypePosixFileDescriptor, 0)));
  Props.handleTypes = cudaMemHandleTypePosixFileDescriptor;
  printf("create: %s\n", cudaGetErrorName(cudaMemPoolCreate(&Shared, &Props)));

  cudaStream_t Stream;
  cudaStreamCreate(&Stream);
  int *Other = 0, *Block = 0;
  cudaMallocFromPoolAsync((void **)&Other, 100, Shared, Stream);
  printf("allocate: %s\n",
         cudaGetErrorName(cudaMallocFromPoolAsync(
             (void **)&Block, Count * sizeof(int), Shared, Stream)));
  fill<<<(Count + 255) / 256, 256, 0, Stream>>>(Block, Count, 1000);
  cudaStreamSynchronize(Stream);
  cudaPointerAttributes Attributes;
  cudaPointerGetAttributes(&Attributes, Block);
  printf("pointer: %s\n",
         Attributes.type == cudaMemoryTypeDevice ? "device" : "other");

  printf("export: %s\n",
         cudaGetErrorName(cudaMemPoolExportToShareableHandle(
             &Fd, Shared, cudaMemHandleTypePosixFileDescriptor, 0)));
  cudaMemPoolPtrExportData Data;
  printf("export pointer: %s\n",
         cudaGetErrorName(cudaMemPoolExportPointer(&Data, Block)));
  int *Plain;
  cudaMalloc(&Plain, 64);
  cudaMemPoolPtrExportData Unused;
  printf("export a cudaMalloc pointer: %s\n",
         cudaGetErrorName(cudaMemPoolExportPointer(&Unused, Plain)));

  char Hex[2 * sizeof Data.reserved + 1];
  for (size_t I = 0; I < sizeof Data.reserved; ++I)
    snprintf(Hex + 2 * I, 3, "%02x", Data.reserved[I]);
  fflush(stdout);
  pid_t Pid = fork();
  if (Pid == 0) {
    char FdText[16];
    snprintf(FdText, sizeof FdText, "%d", Fd);
    execl("/proc/self/exe", Argv[0], "child", FdText, Hex, (char *)0);
    _exit(127);
  }
  int Status = -1;
  waitpid(Pid, &Status, 0);
  int Seen = 0, Kept = 0;
  cudaMemcpy(&Seen, Block + 7, sizeof Seen, cudaMemcpyDeviceToHost);
  cudaMemcpy(&Kept, Block + 8, sizeof Kept, cudaMemcpyDeviceToHost);
  printf("parent sees the child's write: %d, the rest kept: %d\n", Seen, Kept);

  // The driver API exports the same pool.
  int DriverFd = -1;
  printf("driver export: %s\n",
         cudaGetErrorName((cudaError_t)cuMemPoolExportToShareableHandle(
             &DriverFd, (CUmemoryPool)Shared,
             CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR, 0)));
  cudaFreeAsync(Block, Stream);
  cudaFreeAsync(Other, Stream);
  cudaStreamSynchronize(Stream);
  printf("destroy: %s\n", cudaGetErrorName(cudaMemPoolDestroy(Shared)));
  return 0;
}
