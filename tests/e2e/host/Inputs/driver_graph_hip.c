// A driver API graph on the HIP backend (a stand-in libamdhip64): what a
// graph launch hands HIP, in dependency order. Kernel arguments: HIP does
// not say how large a kernel's parameters are, so a kernel node reads its
// argument values at launch (docs/graphs.md).
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(Call)                                                            \
  do {                                                                         \
    CUresult S_ = (Call);                                                      \
    if (S_ != CUDA_SUCCESS) {                                                  \
      printf("FAILED %s: %d (line %d)\n", #Call, (int)S_, __LINE__);           \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

static void hostNode(void *Data) { printf("host node %s\n", (char *)Data); }

int main(int argc, char **argv) {
  if (argc < 2)
    return 2;
  CHECK(cuInit(0));
  CUmodule Module;
  CHECK(cuModuleLoad(&Module, argv[1]));
  CUfunction Bump;
  CHECK(cuModuleGetFunction(&Bump, Module, "bump"));
  CUdeviceptr D;
  CHECK(cuMemAlloc(&D, 64));
  CUgraph Graph;
  CHECK(cuGraphCreate(&Graph, 0));
  CUDA_MEMSET_NODE_PARAMS M;
  memset(&M, 0, sizeof M);
  M.dst = D;
  M.value = 0xabcd;
  M.elementSize = 4;
  M.width = 16;
  M.height = 1;
  CUgraphNode Fill, Kernel, Copy, Host;
  CHECK(cuGraphAddMemsetNode(&Fill, Graph, NULL, 0, &M, NULL));
  int By = 5;
  void *Args[] = {&By};
  CUDA_KERNEL_NODE_PARAMS K;
  memset(&K, 0, sizeof K);
  K.func = Bump;
  K.gridDimX = 3, K.gridDimY = 1, K.gridDimZ = 1;
  K.blockDimX = 64, K.blockDimY = 1, K.blockDimZ = 1;
  K.kernelParams = Args;
  CHECK(cuGraphAddKernelNode(&Kernel, Graph, &Fill, 1, &K));
  int Back[16];
  CUDA_MEMCPY3D C;
  memset(&C, 0, sizeof C);
  C.srcMemoryType = CU_MEMORYTYPE_DEVICE;
  C.srcDevice = D;
  C.dstMemoryType = CU_MEMORYTYPE_HOST;
  C.dstHost = Back;
  C.WidthInBytes = sizeof Back;
  C.Height = 1;
  C.Depth = 1;
  CHECK(cuGraphAddMemcpyNode(&Copy, Graph, &Kernel, 1, &C, NULL));
  CUDA_HOST_NODE_PARAMS H = {hostNode, "ran"};
  CHECK(cuGraphAddHostNode(&Host, Graph, &Copy, 1, &H));
  CUgraphExec Exec;
  CHECK(cuGraphInstantiate(&Exec, Graph, 0));
  By = 7;
  printf("launch\n");
  CHECK(cuGraphLaunch(Exec, NULL));
  printf("copied back: %#x\n", Back[15]);
  CHECK(cuGraphExecDestroy(Exec));
  CHECK(cuGraphDestroy(Graph));
  printf("done\n");
  return 0;
}
