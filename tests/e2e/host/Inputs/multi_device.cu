// Several host devices (RUBICON_HOST_DEVICES): per-thread current device,
// peer access with CUDA's errors, pointers that know their device, peer
// copies, a pool of one device made accessible to another, and the driver's
// view of the same devices.
#include <cuda.h>
#include <cuda_runtime.h>
#include <cstdio>
#include <thread>

__global__ void scaleFromPeer(const int *Peer, int *Out, int Factor, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Out[I] = Peer[I] * Factor;
}

static const char *name(cudaError_t E) { return cudaGetErrorName(E); }

int main() {
  int Count = 0;
  cudaGetDeviceCount(&Count);
  std::printf("devices: %d\n", Count);
  if (Count < 2)
    return 0;

  std::printf("set device %d: %s\n", Count, name(cudaSetDevice(Count)));
  int Matrix[2][2];
  for (int D = 0; D < 2; ++D)
    for (int P = 0; P < 2; ++P)
      cudaDeviceCanAccessPeer(&Matrix[D][P], D, P);
  std::printf("can access peer: %d%d %d%d\n", Matrix[0][0], Matrix[0][1],
              Matrix[1][0], Matrix[1][1]);

  // The current device is the calling thread's.
  cudaSetDevice(1);
  int Other = -1;
  std::thread([&] { cudaGetDevice(&Other); }).join();
  int Mine = -1;
  cudaGetDevice(&Mine);
  std::printf("current: this thread %d, a new thread %d\n", Mine, Other);

  std::printf("disable before enable: %s\n",
              name(cudaDeviceDisablePeerAccess(0)));
  std::printf("enable 1->0: %s\n", name(cudaDeviceEnablePeerAccess(0, 0)));
  std::printf("enable again: %s\n", name(cudaDeviceEnablePeerAccess(0, 0)));
  std::printf("enable to itself: %s\n", name(cudaDeviceEnablePeerAccess(1, 0)));

  char Bus[32];
  cudaDeviceGetPCIBusId(Bus, sizeof Bus, 1);
  int ByBus = -1;
  cudaDeviceGetByPCIBusId(&ByBus, Bus);
  cudaDeviceProp Props[2];
  cudaGetDeviceProperties(&Props[0], 0);
  cudaGetDeviceProperties(&Props[1], 1);
  std::printf("bus id of 1 names device %d; bus ids %d %d\n", ByBus,
              Props[0].pciBusID, Props[1].pciBusID);

  const int N = 1000;
  int *OnZero = nullptr, *OnOne = nullptr;
  cudaSetDevice(0);
  cudaMalloc(&OnZero, N * sizeof(int));
  cudaSetDevice(1);
  cudaMalloc(&OnOne, N * sizeof(int));
  cudaPointerAttributes A0, A1;
  cudaPointerGetAttributes(&A0, OnZero);
  cudaPointerGetAttributes(&A1, OnOne);
  std::printf("pointer devices: %d %d\n", A0.device, A1.device);

  int Host[N];
  for (int I = 0; I < N; ++I)
    Host[I] = I;
  cudaMemcpy(OnOne, Host, sizeof Host, cudaMemcpyHostToDevice);
  std::printf("peer copy 1->0: %s\n",
              name(cudaMemcpyPeer(OnZero, 0, OnOne, 1, sizeof Host)));
  // Device 1 reads device 0's memory through peer access.
  scaleFromPeer<<<(N + 255) / 256, 256>>>(OnZero, OnOne, 3, N);
  cudaMemcpy(Host, OnOne, sizeof Host, cudaMemcpyDeviceToHost);
  int Wrong = 0;
  for (int I = 0; I < N; ++I)
    Wrong += Host[I] != 3 * I;
  std::printf("kernel on 1 over 0's memory: %d wrong\n", Wrong);

  // Device 0's default pool, made accessible to device 1.
  cudaMemPool_t Pool;
  cudaDeviceGetDefaultMemPool(&Pool, 0);
  cudaMemAccessDesc Desc = {};
  Desc.location.type = cudaMemLocationTypeDevice;
  Desc.location.id = 1;
  Desc.flags = cudaMemAccessFlagsProtReadWrite;
  std::printf("pool access for 1: %s\n", name(cudaMemPoolSetAccess(Pool, &Desc, 1)));
  cudaMemLocation Where = Desc.location;
  cudaMemAccessFlags Flags;
  cudaMemPoolGetAccess(&Flags, Pool, &Where);
  std::printf("pool access of 1 reads back: %s\n",
              Flags == cudaMemAccessFlagsProtReadWrite ? "read-write" : "other");

  // cudaDeviceReset frees only the current device's memory.
  cudaSetDevice(1);
  cudaDeviceReset();
  cudaPointerAttributes After0, After1;
  cudaPointerGetAttributes(&After0, OnZero);
  cudaPointerGetAttributes(&After1, OnOne);
  std::printf("after resetting 1: 0's memory %s, 1's memory %s\n",
              After0.type == cudaMemoryTypeDevice ? "kept" : "gone",
              After1.type == cudaMemoryTypeDevice ? "kept" : "gone");
  std::printf("peer access after reset: %s\n",
              name(cudaDeviceDisablePeerAccess(0)));

  // The driver sees the same devices.
  cuInit(0);
  int DriverCount = 0;
  cuDeviceGetCount(&DriverCount);
  CUdevice Dev1;
  cuDeviceGet(&Dev1, 1);
  CUcontext Ctx;
  CUresult R = cuDevicePrimaryCtxRetain(&Ctx, Dev1);
  cuCtxSetCurrent(Ctx);
  CUdevice CtxDevice = -1;
  cuCtxGetDevice(&CtxDevice);
  std::printf("driver: %d devices, primary context of 1: %d, its device %d\n",
              DriverCount, int(R), int(CtxDevice));
  cudaSetDevice(0);
  cudaFree(OnZero);
  return 0;
}
