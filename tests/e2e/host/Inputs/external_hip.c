// External memory, external semaphores and stream memory operations through
// libcuda's HIP backend (a stand-in libamdhip64 prints what reaches it).
#include <cuda.h>
#include <stdio.h>
#include <string.h>

static const char *nameOf(CUresult Status) {
  const char *Name = "?";
  cuGetErrorName(Status, &Name);
  return Name;
}

int main(void) {
  printf("init: %s\n", nameOf(cuInit(0)));
  CUDA_EXTERNAL_MEMORY_HANDLE_DESC MemoryDesc;
  memset(&MemoryDesc, 0, sizeof MemoryDesc);
  MemoryDesc.type = CU_EXTERNAL_MEMORY_HANDLE_TYPE_OPAQUE_FD;
  MemoryDesc.handle.fd = 42;
  MemoryDesc.size = 65536;
  MemoryDesc.flags = CUDA_EXTERNAL_MEMORY_DEDICATED;
  CUexternalMemory Memory;
  printf("import memory: %s\n",
         nameOf(cuImportExternalMemory(&Memory, &MemoryDesc)));
  CUDA_EXTERNAL_MEMORY_BUFFER_DESC BufferDesc;
  memset(&BufferDesc, 0, sizeof BufferDesc);
  BufferDesc.offset = 4096;
  BufferDesc.size = 1024;
  CUdeviceptr Buffer;
  printf("map: %s\n",
         nameOf(cuExternalMemoryGetMappedBuffer(&Buffer, Memory, &BufferDesc)));
  CUDA_EXTERNAL_SEMAPHORE_HANDLE_DESC SemaphoreDesc;
  memset(&SemaphoreDesc, 0, sizeof SemaphoreDesc);
  SemaphoreDesc.type = CU_EXTERNAL_SEMAPHORE_HANDLE_TYPE_TIMELINE_SEMAPHORE_FD;
  SemaphoreDesc.handle.fd = 43;
  CUexternalSemaphore Semaphore;
  printf("import semaphore: %s\n",
         nameOf(cuImportExternalSemaphore(&Semaphore, &SemaphoreDesc)));
  CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS Signal;
  memset(&Signal, 0, sizeof Signal);
  Signal.params.fence.value = 5;
  printf("signal: %s\n",
         nameOf(cuSignalExternalSemaphoresAsync(&Semaphore, &Signal, 1, 0)));
  CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS Wait;
  memset(&Wait, 0, sizeof Wait);
  Wait.params.fence.value = 6;
  printf("wait: %s\n",
         nameOf(cuWaitExternalSemaphoresAsync(&Semaphore, &Wait, 1, 0)));
  printf("wait value: %s\n", nameOf(cuStreamWaitValue32(
                                 0, Buffer, 3, CU_STREAM_WAIT_VALUE_AND)));
  printf("wait value 64: %s\n",
         nameOf(cuStreamWaitValue64(0, Buffer, 0x100000001ull,
                                    CU_STREAM_WAIT_VALUE_GEQ |
                                        CU_STREAM_WAIT_VALUE_FLUSH)));
  printf("write value: %s\n",
         nameOf(cuStreamWriteValue32(0, Buffer, 9, 0)));
  printf("write value 64: %s\n",
         nameOf(cuStreamWriteValue64(0, Buffer + 8, 0x200000000ull,
                                     CU_STREAM_WRITE_VALUE_NO_MEMORY_BARRIER)));
  printf("destroy: %s %s\n", nameOf(cuDestroyExternalSemaphore(Semaphore)),
         nameOf(cuDestroyExternalMemory(Memory)));
  return 0;
}
