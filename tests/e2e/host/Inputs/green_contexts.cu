// Green contexts on the host backend: the device's multiprocessors (worker
// threads) as a resource, split into groups; a green context of one
// multiprocessor runs its streams' kernels on one worker at a time, while an
// ordinary stream's kernel runs on several at once. Each block waits (up to
// a bound) for a second block to be running with it and records the most
// blocks it saw running together.
#include <cuda.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <string.h>

static const char *nameOf(CUresult Status) {
  const char *Name = "?";
  cuGetErrorName(Status, &Name);
  return Name;
}

__device__ unsigned long long nanoseconds() {
  unsigned long long Now;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(Now));
  return Now;
}

__global__ void together(int *Running, int *Most) {
  if (threadIdx.x != 0)
    return;
  int Now = atomicAdd(Running, 1) + 1;
  atomicMax(Most, Now);
  // Wait up to 200 ms for another block to be running at the same time.
  unsigned long long Start = nanoseconds();
  while (atomicAdd(Running, 0) < 2 && nanoseconds() - Start < 200000000ull)
    ;
  atomicMax(Most, atomicAdd(Running, 0));
  atomicSub(Running, 1);
}

static int mostTogether(CUstream Stream, int *Counters) {
  cudaMemsetAsync(Counters, 0, 2 * sizeof(int), (cudaStream_t)Stream);
  together<<<4, 32, 0, (cudaStream_t)Stream>>>(Counters, Counters + 1);
  int Most = -1;
  cudaMemcpyAsync(&Most, Counters + 1, sizeof Most, cudaMemcpyDeviceToHost,
                  (cudaStream_t)Stream);
  cudaStreamSynchronize((cudaStream_t)Stream);
  return Most;
}

int main() {
  cuInit(0);
  CUdevice Device;
  cuDeviceGet(&Device, 0);
  CUcontext Primary;
  cuDevicePrimaryCtxRetain(&Primary, Device);
  cuCtxSetCurrent(Primary);

  CUdevResource All;
  printf("device resource: %s\n",
         nameOf(cuDeviceGetDevResource(Device, &All, CU_DEV_RESOURCE_TYPE_SM)));
  int Sms = 0;
  cuDeviceGetAttribute(&Sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, Device);
  printf("all multiprocessors: %s\n", (int)All.sm.smCount == Sms ? "yes" : "no");

  unsigned Groups = 0;
  cuDevSmResourceSplitByCount(NULL, &Groups, &All, NULL, 0, 1);
  printf("groups of one: %s\n", (int)Groups == Sms ? "one per multiprocessor" : "wrong");
  CUdevResource One[1], Rest;
  Groups = 1;
  printf("split: %s, %u group of %u, %u left\n",
         nameOf(cuDevSmResourceSplitByCount(One, &Groups, &All, &Rest, 0, 1)),
         Groups, One[0].sm.smCount, Rest.sm.smCount + 1 == All.sm.smCount ? 1u : 0u);
  printf("groups too large: %s\n",
         nameOf(cuDevSmResourceSplitByCount(One, &Groups, &All, &Rest, 0,
                                            All.sm.smCount + 1)));
  CUdevResourceDesc Desc;
  printf("descriptor: %s\n", nameOf(cuDevResourceGenerateDesc(&Desc, One, 1)));
  CUgreenCtx Green;
  printf("green context: %s\n",
         nameOf(cuGreenCtxCreate(&Green, Desc, Device,
                                 CU_GREEN_CTX_DEFAULT_STREAM)));
  CUdevResource Mine;
  cuGreenCtxGetDevResource(Green, &Mine, CU_DEV_RESOURCE_TYPE_SM);
  printf("its multiprocessors: %u\n", Mine.sm.smCount);
  unsigned long long Id = 0;
  cuGreenCtxGetId(Green, &Id);
  printf("id: %s\n", Id ? "set" : "zero");
  CUcontext Context;
  cuCtxFromGreenCtx(&Context, Green);
  printf("context: %s\n", Context == Primary ? "the device's" : "another");

  CUstream Limited, Whole;
  printf("blocking stream: %s\n",
         nameOf(cuGreenCtxStreamCreate(&Limited, Green, 0, 0)));
  printf("green stream: %s\n",
         nameOf(cuGreenCtxStreamCreate(&Limited, Green,
                                       CU_STREAM_NON_BLOCKING, 0)));
  cuStreamCreate(&Whole, CU_STREAM_NON_BLOCKING);
  CUgreenCtx Of = 0, OfWhole = (CUgreenCtx)1;
  cuStreamGetGreenCtx(Limited, &Of);
  cuStreamGetGreenCtx(Whole, &OfWhole);
  printf("stream's green context: %s, ordinary stream's: %s\n",
         Of == Green ? "it" : "wrong", OfWhole ? "wrong" : "none");
  CUcontext StreamContext;
  CUgreenCtx StreamGreen;
  cuStreamGetCtx_v2(Limited, &StreamContext, &StreamGreen);
  printf("stream context v2: %s %s\n",
         StreamContext == Primary ? "primary" : "wrong",
         StreamGreen == Green ? "green" : "wrong");

  int *Counters;
  cudaMalloc(&Counters, 2 * sizeof(int));
  printf("blocks together in the green stream: %d\n",
         mostTogether(Limited, Counters));
  printf("blocks together in an ordinary stream: %s\n",
         mostTogether(Whole, Counters) >= 2 ? "several" : "one");

  CUevent Event;
  cuEventCreate(&Event, 0);
  printf("record and wait: %s %s\n", nameOf(cuGreenCtxRecordEvent(Green, Event)),
         nameOf(cuGreenCtxWaitEvent(Green, Event)));
  printf("destroy: %s\n", nameOf(cuGreenCtxDestroy(Green)));
  printf("destroyed: %s\n", nameOf(cuGreenCtxGetId(Green, &Id)));
  return 0;
}
