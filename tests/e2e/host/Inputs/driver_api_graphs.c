// The driver API's graphs, stream capture and pools on the host backend.
//   driver_api_graphs FATBIN   (driver_api_kernels.cu for the host target)
// A graph of module kernels (kernelParams and the `extra` buffer), a 3D
// copy, a fill and a host node; an exec setter changing a kernel's
// argument; a captured sequence replayed; stream-ordered allocation from
// the device's pool and from a created one.
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *nameOf(CUresult Status) {
  const char *Name = "?";
  cuGetErrorName(Status, &Name);
  return Name;
}

#define CHECK(Call)                                                            \
  do {                                                                         \
    CUresult Status_ = (Call);                                                 \
    if (Status_ != CUDA_SUCCESS) {                                             \
      printf("FAILED %s: %s (line %d)\n", #Call, nameOf(Status_), __LINE__);   \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

enum { N = 256 };
static int hostCalls = 0;
static void countCall(void *Data) { ++*(int *)Data; }

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  CHECK(cuInit(0));
  CUdevice Device;
  CUcontext Context;
  CHECK(cuDeviceGet(&Device, 0));
  CHECK(cuDevicePrimaryCtxRetain(&Context, Device));
  CHECK(cuCtxSetCurrent(Context));
  CUmodule Module;
  CHECK(cuModuleLoad(&Module, argv[1]));
  CUfunction Scale, Axpy;
  CHECK(cuModuleGetFunction(&Scale, Module, "scale"));
  CHECK(cuModuleGetFunction(&Axpy, Module, "axpy_mixed"));

  CUdeviceptr X, Y, Z;
  CHECK(cuMemAlloc(&X, N * sizeof(float)));
  CHECK(cuMemAlloc(&Y, N * sizeof(double)));
  CHECK(cuMemAlloc(&Z, N * sizeof(float)));
  float Ones[N];
  double Zeros[N];
  for (int I = 0; I < N; ++I)
    Ones[I] = 1.0f, Zeros[I] = 0.0;
  CHECK(cuMemcpyHtoD(X, Ones, sizeof Ones));
  CHECK(cuMemcpyHtoD(Y, Zeros, sizeof Zeros));

  // memset X to 2.0f -> scale X by 3 -> copy X to Z -> host node.
  CUgraph Graph;
  CHECK(cuGraphCreate(&Graph, 0));
  CUDA_MEMSET_NODE_PARAMS M;
  memset(&M, 0, sizeof M);
  M.dst = X;
  M.value = 0x40000000; // 2.0f
  M.elementSize = 4;
  M.width = N;
  M.height = 1;
  CUgraphNode Fill, Kernel, Copy, Host;
  CHECK(cuGraphAddMemsetNode(&Fill, Graph, NULL, 0, &M, Context));
  float A = 3.0f;
  int Count = N;
  void *Args[] = {&X, &A, &Count};
  CUDA_KERNEL_NODE_PARAMS K;
  memset(&K, 0, sizeof K);
  K.func = Scale;
  K.gridDimX = N / 64, K.gridDimY = 1, K.gridDimZ = 1;
  K.blockDimX = 64, K.blockDimY = 1, K.blockDimZ = 1;
  K.kernelParams = Args;
  CHECK(cuGraphAddKernelNode(&Kernel, Graph, &Fill, 1, &K));
  A = 100.0f; // The node copied its arguments.
  CUDA_MEMCPY3D C;
  memset(&C, 0, sizeof C);
  C.srcMemoryType = CU_MEMORYTYPE_DEVICE;
  C.srcDevice = X;
  C.dstMemoryType = CU_MEMORYTYPE_DEVICE;
  C.dstDevice = Z;
  C.WidthInBytes = N * sizeof(float);
  C.Height = 1;
  C.Depth = 1;
  CHECK(cuGraphAddMemcpyNode(&Copy, Graph, &Kernel, 1, &C, Context));
  CUDA_HOST_NODE_PARAMS H = {countCall, &hostCalls};
  CHECK(cuGraphAddHostNode(&Host, Graph, &Copy, 1, &H));
  CUgraphNodeType Type;
  CHECK(cuGraphNodeGetType(Copy, &Type));
  printf("node type: %d\n", (int)Type);

  CUgraphExec Exec;
  CHECK(cuGraphInstantiate(&Exec, Graph, 0));
  CUstream Stream;
  CHECK(cuStreamCreate(&Stream, CU_STREAM_NON_BLOCKING));
  CHECK(cuGraphLaunch(Exec, Stream));
  CHECK(cuStreamSynchronize(Stream));
  float Out[N];
  CHECK(cuMemcpyDtoH(Out, Z, sizeof Out));
  printf("graph: z[0] = %g, z[%d] = %g, host calls %d\n", Out[0], N - 1,
         Out[N - 1], hostCalls);

  // An exec setter: scale by 5 from now on.
  A = 5.0f;
  K.kernelParams = Args;
  CHECK(cuGraphExecKernelNodeSetParams(Exec, Kernel, &K));
  CHECK(cuGraphLaunch(Exec, Stream));
  CHECK(cuStreamSynchronize(Stream));
  CHECK(cuMemcpyDtoH(Out, Z, sizeof Out));
  printf("exec setter: z[7] = %g\n", Out[7]);

  // Capture: axpy with the `extra` buffer, then a copy back to the host.
  struct {
    char Tag;
    char Pad[7];
    double A;
    CUdeviceptr X, Y;
    int N;
    int Pad2;
  } Buffer = {1, {0}, 2.0, 0, 0, N, 0};
  CUdeviceptr XD;
  CHECK(cuMemAlloc(&XD, N * sizeof(double)));
  double Twos[N];
  for (int I = 0; I < N; ++I)
    Twos[I] = 2.0;
  CHECK(cuMemcpyHtoD(XD, Twos, sizeof Twos));
  Buffer.X = XD;
  Buffer.Y = Y;
  size_t BufferSize = sizeof Buffer;
  void *Extra[] = {CU_LAUNCH_PARAM_BUFFER_POINTER, &Buffer,
                   CU_LAUNCH_PARAM_BUFFER_SIZE, &BufferSize,
                   CU_LAUNCH_PARAM_END};
  double Result[N];
  CHECK(cuStreamBeginCapture(Stream, CU_STREAM_CAPTURE_MODE_GLOBAL));
  CHECK(cuLaunchKernel(Axpy, 1, 1, 1, N, 1, 1, 0, Stream, NULL, Extra));
  CHECK(cuMemcpyDtoHAsync(Result, Y, sizeof Result, Stream));
  CUstreamCaptureStatus Status;
  CHECK(cuStreamIsCapturing(Stream, &Status));
  printf("capturing: %d\n", (int)Status);
  printf("sync during capture: %s\n", nameOf(cuStreamSynchronize(Stream)));
  CUgraph Captured;
  printf("end after an illegal call: %s\n",
         nameOf(cuStreamEndCapture(Stream, &Captured)));
  CHECK(cuStreamBeginCapture(Stream, CU_STREAM_CAPTURE_MODE_GLOBAL));
  CHECK(cuLaunchKernel(Axpy, 1, 1, 1, N, 1, 1, 0, Stream, NULL, Extra));
  CHECK(cuMemcpyDtoHAsync(Result, Y, sizeof Result, Stream));
  CHECK(cuStreamEndCapture(Stream, &Captured));
  size_t Nodes = 0;
  CHECK(cuGraphGetNodes(Captured, NULL, &Nodes));
  CUgraphExec CapturedExec;
  CHECK(cuGraphInstantiateWithFlags(&CapturedExec, Captured, 0));
  for (int I = 0; I < 3; ++I)
    CHECK(cuGraphLaunch(CapturedExec, Stream));
  CHECK(cuStreamSynchronize(Stream));
  printf("captured %zu nodes; three replays: y[0] = %g\n", Nodes, Result[0]);

  // A cooperative launch captured: a kernel node with the attribute.
  CHECK(cuStreamBeginCapture(Stream, CU_STREAM_CAPTURE_MODE_GLOBAL));
  CHECK(cuLaunchCooperativeKernel(Scale, 1, 1, 1, 64, 1, 1, 0, Stream, Args));
  CUgraph Coop;
  CHECK(cuStreamEndCapture(Stream, &Coop));
  CUgraphNode CoopNode;
  size_t One = 1;
  CHECK(cuGraphGetNodes(Coop, &CoopNode, &One));
  CUkernelNodeAttrValue Value;
  CHECK(cuGraphKernelNodeGetAttribute(CoopNode, CU_LAUNCH_ATTRIBUTE_COOPERATIVE,
                                      &Value));
  printf("captured cooperative launch: %zu node, cooperative %d\n", One,
         Value.cooperative);
  CHECK(cuGraphDestroy(Coop));

  // Stream-ordered memory.
  CUmemoryPool Pool;
  CHECK(cuDeviceGetDefaultMemPool(&Pool, Device));
  CUdeviceptr P1, P2;
  CHECK(cuMemAllocAsync(&P1, 4096, Stream));
  CHECK(cuMemsetD32Async(P1, 7, 1024, Stream));
  CHECK(cuMemFreeAsync(P1, Stream));
  CHECK(cuMemAllocAsync(&P2, 4096, Stream));
  printf("pool reuse on one stream: %s\n", P1 == P2 ? "yes" : "no");
  unsigned long long Used = 0;
  CHECK(cuMemPoolGetAttribute(Pool, CU_MEMPOOL_ATTR_USED_MEM_CURRENT, &Used));
  printf("used: %llu\n", Used);
  CHECK(cuMemFreeAsync(P2, Stream));
  CUmemPoolProps Props;
  memset(&Props, 0, sizeof Props);
  Props.allocType = CU_MEM_ALLOCATION_TYPE_PINNED;
  Props.location.type = CU_MEM_LOCATION_TYPE_DEVICE;
  Props.location.id = Device;
  CUmemoryPool Mine;
  CHECK(cuMemPoolCreate(&Mine, &Props));
  CHECK(cuMemAllocFromPoolAsync(&P1, 100, Mine, Stream));
  CHECK(cuMemFreeAsync(P1, Stream));
  CHECK(cuStreamSynchronize(Stream));
  CHECK(cuMemPoolDestroy(Mine));
  printf("free of a non-pool pointer: %s\n", nameOf(cuMemFreeAsync(X, Stream)));

  CHECK(cuGraphExecDestroy(CapturedExec));
  CHECK(cuGraphDestroy(Captured));
  CHECK(cuGraphExecDestroy(Exec));
  CHECK(cuGraphDestroy(Graph));
  printf("done\n");
  return 0;
}
