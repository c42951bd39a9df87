// External memory and semaphores on the host backend, shared with a second
// process (this program run again as "child <memory fd> <binary fd>
// <timeline fd>"): the parent's stream waits on a binary semaphore, then a
// kernel sums the shared buffer and the stream signals a timeline semaphore.
// The child, through the driver API, writes the buffer late and only then
// signals, and waits for the parent's timeline value. A wait that did not
// wait would sum zeros. Then graph nodes and stream capture of semaphores.
#include <cuda.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

static const size_t Count = 1024;
static const size_t Offset = 4096 + 64; // not page-aligned
static const size_t FileBytes = 4 * 4096;

__global__ void sum(const int *Data, size_t N, long long *Out) {
  long long Total = 0;
  for (size_t I = 0; I < N; ++I)
    Total += Data[I];
  *Out = Total;
}

static int memoryFile(size_t Bytes) {
  int Fd = memfd_create("external", 0);
  if (Fd < 0 || ftruncate(Fd, (off_t)Bytes) != 0)
    exit(1);
  return Fd;
}

static const char *driverName(CUresult Status) {
  const char *Name = "?";
  cuGetErrorName(Status, &Name);
  return Name;
}

static cudaExternalSemaphore_t importSemaphore(int Fd, bool Timeline) {
  cudaExternalSemaphoreHandleDesc Desc;
  memset(&Desc, 0, sizeof Desc);
  Desc.type = Timeline ? cudaExternalSemaphoreHandleTypeTimelineSemaphoreFd
                       : cudaExternalSemaphoreHandleTypeOpaqueFd;
  Desc.handle.fd = dup(Fd); // CUDA owns an imported descriptor
  cudaExternalSemaphore_t Semaphore = 0;
  cudaError_t Status = cudaImportExternalSemaphore(&Semaphore, &Desc);
  if (Status != cudaSuccess)
    printf("import semaphore: %s\n", cudaGetErrorName(Status));
  return Semaphore;
}

static int child(int MemoryFd, int BinaryFd, int TimelineFd) {
  cuInit(0);
  CUdevice Device;
  CUcontext Context;
  cuDeviceGet(&Device, 0);
  cuDevicePrimaryCtxRetain(&Context, Device);
  cuCtxSetCurrent(Context);
  CUDA_EXTERNAL_MEMORY_HANDLE_DESC MemoryDesc;
  memset(&MemoryDesc, 0, sizeof MemoryDesc);
  MemoryDesc.type = CU_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD;
  MemoryDesc.handle.fd = MemoryFd;
  MemoryDesc.size = FileBytes;
  CUexternalMemory Memory;
  printf("child import memory: %s\n",
         driverName(cuImportExternalMemory(&Memory, &MemoryDesc)));
  CUDA_EXTERNAL_MEMORY_BUFFER_DESC BufferDesc;
  memset(&BufferDesc, 0, sizeof BufferDesc);
  BufferDesc.offset = Offset;
  BufferDesc.size = Count * sizeof(int);
  CUdeviceptr Buffer;
  printf("child map: %s\n", driverName(cuExternalMemoryGetMappedBuffer(
                                &Buffer, Memory, &BufferDesc)));
  CUexternalSemaphore Semaphores[2];
  int Fds[2] = {BinaryFd, TimelineFd};
  for (int I = 0; I < 2; ++I) {
    CUDA_EXTERNAL_SEMAPHORE_HANDLE_DESC Desc;
    memset(&Desc, 0, sizeof Desc);
    Desc.type = I ? CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_TIMELINE_SEMAPHORE_FD
                  : CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_OPAQUE_FD;
    Desc.handle.fd = Fds[I];
    cuImportExternalSemaphore(&Semaphores[I], &Desc);
  }
  // Late, so that a parent that did not wait would have summed zeros.
  usleep(300 * 1000);
  int Data[Count];
  for (size_t I = 0; I < Count; ++I)
    Data[I] = int(I + 1);
  cuMemcpyHtoD(Buffer, Data, sizeof Data);
  CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS Signal;
  memset(&Signal, 0, sizeof Signal);
  printf("child signal: %s\n", driverName(cuSignalExternalSemaphoresAsync(
                                   &Semaphores[0], &Signal, 1, 0)));
  CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS Wait;
  memset(&Wait, 0, sizeof Wait);
  Wait.params.fence.value = 7;
  cuWaitExternalSemaphoresAsync(&Semaphores[1], &Wait, 1, 0);
  printf("child waits for the timeline: %s\n",
         driverName(cuStreamSynchronize(0)));
  cuMemFree(Buffer);
  cuDestroyExternalSemaphore(Semaphores[0]);
  cuDestroyExternalSemaphore(Semaphores[1]);
  printf("child destroy memory: %s\n",
         driverName(cuDestroyExternalMemory(Memory)));
  return 0;
}

/// The timeline semaphore's value, read as the host backend keeps it: the
/// first 8 bytes of its file.
static unsigned long long timelineValue(int Fd) {
  unsigned long long Value = 0;
  pread(Fd, &Value, sizeof Value, 0);
  return Value;
}

int main(int Argc, char **Argv) {
  if (Argc == 5 && strcmp(Argv[1], "child") == 0)
    return child(atoi(Argv[2]), atoi(Argv[3]), atoi(Argv[4]));

  int MemoryFd = memoryFile(FileBytes);
  int BinaryFd = memoryFile(8), TimelineFd = memoryFile(8);

  // Handle types that do not exist here, and bad descriptors.
  cudaExternalMemoryHandleDesc MemoryDesc;
  memset(&MemoryDesc, 0, sizeof MemoryDesc);
  cudaExternalMemory_t Memory = 0;
  MemoryDesc.type = cudaExternalMemoryHandleTypeD3D12Resource;
  MemoryDesc.size = FileBytes;
  printf("import D3D12: %s\n",
         cudaGetErrorName(cudaImportExternalMemory(&Memory, &MemoryDesc)));
  MemoryDesc.type = cudaExternalMemoryHandleTypeOpaqueFd;
  MemoryDesc.handle.fd = MemoryFd;
  MemoryDesc.size = 2 * FileBytes;
  printf("import beyond the file: %s\n",
         cudaGetErrorName(cudaImportExternalMemory(&Memory, &MemoryDesc)));
  char List[64];
  printf("NvSciSync attributes: %s\n",
         cudaGetErrorName(cudaDeviceGetNvSciSyncAttributes(
             List, 0, cudaNvSciSyncAttrSignal)));

  MemoryDesc.handle.fd = dup(MemoryFd);
  MemoryDesc.size = FileBytes;
  printf("import memory: %s\n",
         cudaGetErrorName(cudaImportExternalMemory(&Memory, &MemoryDesc)));
  cudaExternalMemoryBufferDesc BufferDesc;
  memset(&BufferDesc, 0, sizeof BufferDesc);
  BufferDesc.offset = Offset;
  BufferDesc.size = Count * sizeof(int);
  int *Buffer = 0;
  printf("map: %s\n", cudaGetErrorName(cudaExternalMemoryGetMappedBuffer(
                          (void **)&Buffer, Memory, &BufferDesc)));
  BufferDesc.offset = FileBytes - 16;
  void *Beyond = 0;
  printf("map beyond the object: %s\n",
         cudaGetErrorName(
             cudaExternalMemoryGetMappedBuffer(&Beyond, Memory, &BufferDesc)));
  cudaPointerAttributes Attributes;
  cudaPointerGetAttributes(&Attributes, Buffer + 3);
  printf("pointer: %s\n",
         Attributes.type == cudaMemoryTypeDevice ? "device" : "other");

  // A mipmapped array over the same memory: its second level (8x8 floats)
  // starts after the first (16x16) at the descriptor's offset.
  float Level1[64];
  for (int I = 0; I < 64; ++I)
    Level1[I] = I * 0.5f;
  pwrite(MemoryFd, Level1, sizeof Level1, 8192 + 16 * 16 * sizeof(float));
  cudaExternalMemoryMipmappedArrayDesc MipmapDesc;
  memset(&MipmapDesc, 0, sizeof MipmapDesc);
  MipmapDesc.offset = 8192;
  MipmapDesc.formatDesc = cudaCreateChannelDesc<float>();
  MipmapDesc.extent = make_cudaExtent(16, 16, 0);
  MipmapDesc.numLevels = 2;
  cudaMipmappedArray_t Mipmap = 0;
  printf("mipmapped array: %s\n",
         cudaGetErrorName(cudaExternalMemoryGetMappedMipmappedArray(
             &Mipmap, Memory, &MipmapDesc)));
  cudaArray_t Level = 0;
  cudaGetMipmappedArrayLevel(&Level, Mipmap, 1);
  float Read[64];
  cudaMemcpy2DFromArray(Read, 8 * sizeof(float), Level, 0, 0,
                        8 * sizeof(float), 8, cudaMemcpyDeviceToHost);
  printf("its second level is the memory's: %s\n",
         memcmp(Read, Level1, sizeof Read) ? "no" : "yes");
  MipmapDesc.numLevels = 6;
  cudaMipmappedArray_t TooMany;
  printf("too many levels: %s\n",
         cudaGetErrorName(cudaExternalMemoryGetMappedMipmappedArray(
             &TooMany, Memory, &MipmapDesc)));
  printf("free the mipmapped array: %s\n",
         cudaGetErrorName(cudaFreeMipmappedArray(Mipmap)));

  // The driver's form over the same memory: its second level is the same
  // 8x8 floats.
  CUDA_EXTERNAL_MEMORY_MIPMAPPED_ARRAY_DESC DriverDesc;
  memset(&DriverDesc, 0, sizeof DriverDesc);
  DriverDesc.offset = 8192;
  DriverDesc.arrayDesc.Width = 16;
  DriverDesc.arrayDesc.Height = 16;
  DriverDesc.arrayDesc.Format = CU_AD_FORMAT_FLOAT;
  DriverDesc.arrayDesc.NumChannels = 1;
  DriverDesc.numLevels = 2;
  CUmipmappedArray DriverMipmap = 0;
  printf("driver mipmapped array: %d\n",
         (int)cuExternalMemoryGetMappedMipmappedArray(
             &DriverMipmap, (CUexternalMemory)Memory, &DriverDesc));
  CUarray DriverLevel = 0;
  cuMipmappedArrayGetLevel(&DriverLevel, DriverMipmap, 1);
  memset(Read, 0, sizeof Read);
  cudaMemcpy2DFromArray(Read, 8 * sizeof(float), (cudaArray_t)DriverLevel, 0,
                        0, 8 * sizeof(float), 8, cudaMemcpyDeviceToHost);
  printf("the driver's second level is the memory's: %s\n",
         memcmp(Read, Level1, sizeof Read) ? "no" : "yes");
  DriverDesc.arrayDesc.NumChannels = 3;
  printf("three channels: %d\n",
         (int)cuExternalMemoryGetMappedMipmappedArray(
             &DriverMipmap, (CUexternalMemory)Memory, &DriverDesc));
  printf("destroy: %d\n", (int)cuMipmappedArrayDestroy(DriverMipmap));

  cudaExternalSemaphore_t Binary = importSemaphore(BinaryFd, false);
  cudaExternalSemaphore_t Timeline = importSemaphore(TimelineFd, true);
  cudaExternalSemaphoreHandleDesc Keyed;
  memset(&Keyed, 0, sizeof Keyed);
  Keyed.type = cudaExternalSemaphoreHandleTypeKeyedMutex;
  cudaExternalSemaphore_t Unused;
  printf("import keyed mutex: %s\n",
         cudaGetErrorName(cudaImportExternalSemaphore(&Unused, &Keyed)));

  long long *Result;
  cudaMalloc(&Result, sizeof *Result);
  cudaMemset(Result, 0, sizeof *Result);
  cudaStream_t Stream;
  cudaStreamCreate(&Stream);
  cudaExternalSemaphoreWaitParams Wait;
  memset(&Wait, 0, sizeof Wait);
  printf("wait: %s\n", cudaGetErrorName(cudaWaitExternalSemaphoresAsync(
                           &Binary, &Wait, 1, Stream)));
  sum<<<1, 1, 0, Stream>>>(Buffer, Count, Result);
  cudaExternalSemaphoreSignalParams Signal;
  memset(&Signal, 0, sizeof Signal);
  Signal.params.fence.value = 7;
  printf("signal: %s\n", cudaGetErrorName(cudaSignalExternalSemaphoresAsync(
                             &Timeline, &Signal, 1, Stream)));
  printf("waiting: %s\n", cudaGetErrorName(cudaStreamQuery(Stream)));

  fflush(stdout);
  pid_t Pid = fork();
  if (Pid == 0) {
    char Text[3][16];
    snprintf(Text[0], 16, "%d", MemoryFd);
    snprintf(Text[1], 16, "%d", BinaryFd);
    snprintf(Text[2], 16, "%d", TimelineFd);
    execl("/proc/self/exe", Argv[0], "child", Text[0], Text[1], Text[2],
          (char *)0);
    _exit(127);
  }
  int ChildStatus = -1;
  waitpid(Pid, &ChildStatus, 0);
  printf("synchronize: %s\n", cudaGetErrorName(cudaStreamSynchronize(Stream)));
  long long Total = 0;
  cudaMemcpy(&Total, Result, sizeof Total, cudaMemcpyDeviceToHost);
  printf("sum: %lld (expected %lld)\n", Total,
         (long long)Count * (Count + 1) / 2);
  printf("binary semaphore taken: %llu\n", timelineValue(BinaryFd));
  printf("timeline: %llu\n", timelineValue(TimelineFd));

  // A timeline signal never lowers the value.
  Signal.params.fence.value = 3;
  cudaSignalExternalSemaphoresAsync(&Timeline, &Signal, 1, Stream);
  cudaStreamSynchronize(Stream);
  printf("timeline after signaling 3: %llu\n", timelineValue(TimelineFd));

  // Graph nodes: wait for 7 (reached), then signal 9.
  cudaGraph_t Graph;
  cudaGraphCreate(&Graph, 0);
  cudaExternalSemaphoreWaitNodeParams WaitNode = {&Timeline, &Wait, 1};
  Wait.params.fence.value = 7;
  cudaGraphNode_t WaitHandle, SignalHandle;
  printf("add wait node: %s\n",
         cudaGetErrorName(cudaGraphAddExternalSemaphoresWaitNode(
             &WaitHandle, Graph, 0, 0, &WaitNode)));
  Signal.params.fence.value = 9;
  cudaExternalSemaphoreSignalNodeParams SignalNode = {&Timeline, &Signal, 1};
  printf("add signal node: %s\n",
         cudaGetErrorName(cudaGraphAddExternalSemaphoresSignalNode(
             &SignalHandle, Graph, &WaitHandle, 1, &SignalNode)));
  Signal.params.fence.value = 100; // the node copied its parameters
  cudaExternalSemaphoreSignalNodeParams Back;
  cudaGraphExternalSemaphoresSignalNodeGetParams(SignalHandle, &Back);
  printf("node parameters: %u semaphore(s), value %llu, same semaphore: %s\n",
         Back.numExtSems, Back.paramsArray[0].params.fence.value,
         Back.extSemArray[0] == Timeline ? "yes" : "no");
  cudaGraphNodeType Type;
  cudaGraphNodeGetType(SignalHandle, &Type);
  printf("node type: %d\n", (int)Type);
  cudaGraphExec_t Exec;
  cudaGraphInstantiate(&Exec, Graph, 0);
  cudaGraphLaunch(Exec, Stream);
  cudaStreamSynchronize(Stream);
  printf("timeline after the graph: %llu\n", timelineValue(TimelineFd));
  Signal.params.fence.value = 11;
  printf("exec set: %s\n",
         cudaGetErrorName(cudaGraphExecExternalSemaphoresSignalNodeSetParams(
             Exec, SignalHandle, &SignalNode)));
  cudaGraphLaunch(Exec, Stream);
  cudaStreamSynchronize(Stream);
  printf("timeline after the updated graph: %llu\n", timelineValue(TimelineFd));
  printf("wrong node type: %s\n",
         cudaGetErrorName(cudaGraphExternalSemaphoresWaitNodeGetParams(
             SignalHandle, &WaitNode)));

  // Stream capture makes a signal a node, run only at launch.
  cudaGraph_t Captured;
  cudaStreamBeginCapture(Stream, cudaStreamCaptureModeGlobal);
  Signal.params.fence.value = 13;
  cudaSignalExternalSemaphoresAsync(&Timeline, &Signal, 1, Stream);
  cudaStreamEndCapture(Stream, &Captured);
  size_t Nodes = 0;
  cudaGraphGetNodes(Captured, 0, &Nodes);
  cudaGraphNode_t First;
  cudaGraphGetNodes(Captured, &First, &Nodes);
  cudaGraphNodeGetType(First, &Type);
  printf("captured: %zu node(s) of type %d; timeline still %llu\n", Nodes,
         (int)Type, timelineValue(TimelineFd));
  cudaGraphExec_t CapturedExec;
  cudaGraphInstantiate(&CapturedExec, Captured, 0);
  cudaGraphLaunch(CapturedExec, Stream);
  cudaStreamSynchronize(Stream);
  printf("timeline after the captured graph: %llu\n",
         timelineValue(TimelineFd));

  printf("free buffer: %s\n", cudaGetErrorName(cudaFree(Buffer)));
  printf("destroy: %s %s %s\n",
         cudaGetErrorName(cudaDestroyExternalSemaphore(Binary)),
         cudaGetErrorName(cudaDestroyExternalSemaphore(Timeline)),
         cudaGetErrorName(cudaDestroyExternalMemory(Memory)));
  printf("destroyed twice: %s\n",
         cudaGetErrorName(cudaDestroyExternalMemory(Memory)));
  return 0;
}
