// Memory nodes and memory pools on the host backend: allocation nodes give a
// fixed address, a free node (or cudaFree) frees it, a relaunch with the
// memory still allocated is refused unless the graph frees on launch;
// captured cudaMallocAsync/cudaFreeAsync become memory nodes; pools reuse a
// freed block on the same stream, on another stream only after an event
// orders it, and report their attributes.
#include <cstdio>
#include <cstdint>

__global__ void fill(int *data, int n, int value) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] = value;
}
__global__ void sum(const int *data, int n, int *out) {
  int total = 0;
  for (int i = 0; i < n; ++i)
    total += data[i];
  *out = total;
}

static bool ok = true;
static void expect(bool cond, const char *what) {
  std::printf("%s: %s\n", what, cond ? "ok" : "FAILED");
  ok &= cond;
}

int main() {
  const int n = 64;
  cudaStream_t s1, s2;
  cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking);
  int *out;
  cudaMalloc(&out, sizeof(int));

  // alloc -> fill -> sum -> (no free node): the memory outlives the launch.
  cudaGraph_t g;
  cudaGraphCreate(&g, 0);
  cudaMemAllocNodeParams ap{};
  ap.poolProps.allocType = cudaMemAllocationTypePinned;
  ap.poolProps.location.type = cudaMemLocationTypeDevice;
  ap.poolProps.location.id = 0;
  ap.bytesize = n * sizeof(int);
  cudaGraphNode_t alloc, fillNode, sumNode;
  expect(cudaGraphAddMemAllocNode(&alloc, g, nullptr, 0, &ap) == cudaSuccess &&
             ap.dptr != nullptr,
         "allocation node gives its address");
  int *buffer = (int *)ap.dptr;
  int count = n, three = 3;
  void *fillArgs[] = {&buffer, &count, &three};
  cudaKernelNodeParams kp{};
  kp.func = (void *)fill;
  kp.gridDim = dim3(1);
  kp.blockDim = dim3(n);
  kp.kernelParams = fillArgs;
  cudaGraphAddKernelNode(&fillNode, g, &alloc, 1, &kp);
  void *sumArgs[] = {&buffer, &count, &out};
  kp.func = (void *)sum;
  kp.blockDim = dim3(1);
  kp.kernelParams = sumArgs;
  cudaGraphAddKernelNode(&sumNode, g, &fillNode, 1, &kp);

  cudaGraphExec_t exec;
  expect(cudaGraphInstantiate(&exec, g, 0) == cudaSuccess, "instantiate");
  cudaGraphExec_t second;
  expect(cudaGraphInstantiate(&second, g, 0) == cudaErrorNotSupported,
         "a second instantiation of a graph with memory nodes: cudaErrorNotSupported");
  cudaGetLastError();
  unsigned long long used = 0, reserved = 0;
  cudaDeviceGetGraphMemAttribute(0, cudaGraphMemAttrReservedMemCurrent, &reserved);
  cudaDeviceGetGraphMemAttribute(0, cudaGraphMemAttrUsedMemCurrent, &used);
  expect(reserved >= n * sizeof(int) && used == 0,
         "graph memory reserved, none in use before a launch");
  expect(cudaGraphLaunch(exec, s1) == cudaSuccess, "launch");
  cudaStreamSynchronize(s1);
  int total = 0;
  cudaMemcpy(&total, out, sizeof total, cudaMemcpyDeviceToHost);
  expect(total == 3 * n, "kernels used the allocation");
  cudaDeviceGetGraphMemAttribute(0, cudaGraphMemAttrUsedMemCurrent, &used);
  expect(used == n * sizeof(int), "in use after the launch");
  expect(cudaGraphLaunch(exec, s1) == cudaErrorInvalidValue,
         "relaunch while the allocation is live: refused");
  cudaGetLastError();
  expect(cudaFreeAsync(buffer, s1) == cudaSuccess, "cudaFreeAsync frees it");
  cudaDeviceGetGraphMemAttribute(0, cudaGraphMemAttrUsedMemCurrent, &used);
  expect(used == 0 && cudaGraphLaunch(exec, s1) == cudaSuccess,
         "then the graph launches again");
  cudaStreamSynchronize(s1);
  cudaGraphExecDestroy(exec);

  // Auto free on launch.
  expect(cudaGraphInstantiateWithFlags(&exec, g,
                                       cudaGraphInstantiateFlagAutoFreeOnLaunch) ==
             cudaSuccess,
         "instantiate with auto free on launch");
  unsigned long long flags = 0;
  cudaGraphExecGetFlags(exec, &flags);
  expect(flags == cudaGraphInstantiateFlagAutoFreeOnLaunch, "exec flags");
  expect(cudaGraphLaunch(exec, s1) == cudaSuccess &&
             cudaGraphLaunch(exec, s1) == cudaSuccess,
         "relaunch frees the previous launch's memory");
  cudaStreamSynchronize(s1);
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(g);

  // Captured stream-ordered allocation: alloc and free nodes.
  cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal);
  int *temp = nullptr;
  expect(cudaMallocAsync((void **)&temp, n * sizeof(int), s1) == cudaSuccess &&
             temp != nullptr,
         "cudaMallocAsync in capture");
  fill<<<1, n, 0, s1>>>(temp, n, 2);
  sum<<<1, 1, 0, s1>>>(temp, n, out);
  cudaFreeAsync(temp, s1);
  cudaGraph_t captured;
  cudaStreamEndCapture(s1, &captured);
  cudaGraphNode_t nodes[4];
  size_t numNodes = 4;
  cudaGraphGetNodes(captured, nodes, &numNodes);
  cudaGraphNodeType first, last;
  cudaGraphNodeGetType(nodes[0], &first);
  cudaGraphNodeGetType(nodes[3], &last);
  expect(numNodes == 4 && first == cudaGraphNodeTypeMemAlloc &&
             last == cudaGraphNodeTypeMemFree,
         "captured allocation and free are memory nodes");
  void *freed = nullptr;
  cudaGraphMemFreeNodeGetParams(nodes[3], &freed);
  expect(freed == temp, "the free node frees the captured allocation");
  cudaGraphInstantiate(&exec, captured, 0);
  for (int i = 0; i < 3; ++i)
    expect(cudaGraphLaunch(exec, s1) == cudaSuccess,
           "a graph that frees what it allocates relaunches");
  cudaStreamSynchronize(s1);
  cudaMemcpy(&total, out, sizeof total, cudaMemcpyDeviceToHost);
  expect(total == 2 * n, "and computes");
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(captured);

  // Pools.
  cudaMemPool_t pool;
  cudaDeviceGetDefaultMemPool(&pool, 0);
  cudaMemPool_t current;
  cudaDeviceGetMemPool(&current, 0);
  expect(pool == current, "the default pool is current");
  int off = 0;
  cudaMemPoolSetAttribute(pool, cudaMemPoolReuseAllowOpportunistic, &off);
  void *p1, *p2, *p3, *p4;
  cudaMallocAsync(&p1, 1000, s1);
  cudaFreeAsync(p1, s1);
  cudaMallocAsync(&p2, 1000, s1);
  expect(p2 == p1, "same stream: the freed block is reused");
  cudaFreeAsync(p2, s1);
  cudaMallocAsync(&p3, 1000, s2);
  expect(p3 != p2, "another stream without an event: not reused");
  cudaEvent_t ev;
  cudaEventCreate(&ev);
  cudaEventRecord(ev, s1);
  cudaStreamWaitEvent(s2, ev, 0);
  cudaMallocAsync(&p4, 1000, s2);
  expect(p4 == p2, "another stream after waiting for an event: reused");
  uint64_t value = 0;
  cudaMemPoolGetAttribute(pool, cudaMemPoolAttrUsedMemCurrent, &value);
  expect(value == 2048, "used memory: two 1000-byte blocks, 256-byte granules");
  cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReservedMemCurrent, &value);
  expect(value == 2048, "reserved memory");
  cudaFreeAsync(p3, s2);
  cudaFreeAsync(p4, s2);
  cudaStreamSynchronize(s2);
  cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReservedMemCurrent, &value);
  expect(value == 0, "release threshold 0: synchronization releases the memory");
  uint64_t keep = 1 << 20;
  cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &keep);
  cudaMallocAsync(&p1, 4096, s1);
  cudaFreeAsync(p1, s1);
  cudaStreamSynchronize(s1);
  cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReservedMemCurrent, &value);
  expect(value == 4096, "below the threshold the memory stays in the pool");
  cudaMemPoolTrimTo(pool, 0);
  cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReservedMemCurrent, &value);
  expect(value == 0, "trim releases it");
  cudaMemPoolGetAttribute(pool, cudaMemPoolAttrReservedMemHigh, &value);
  expect(value >= 4096, "high watermark");

  // A created pool.
  cudaMemPoolProps props{};
  props.allocType = cudaMemAllocationTypePinned;
  props.location.type = cudaMemLocationTypeDevice;
  props.location.id = 0;
  cudaMemPool_t mine;
  expect(cudaMemPoolCreate(&mine, &props) == cudaSuccess, "create a pool");
  void *q;
  expect(cudaMallocFromPoolAsync(&q, 512, mine, s1) == cudaSuccess,
         "allocate from it");
  fill<<<1, 128, 0, s1>>>((int *)q, 128, 1);
  cudaFreeAsync(q, s1);
  cudaMemAccessDesc desc{};
  desc.location = props.location;
  desc.flags = cudaMemAccessFlagsProtReadWrite;
  cudaMemAccessFlags access;
  expect(cudaMemPoolSetAccess(mine, &desc, 1) == cudaSuccess &&
             cudaMemPoolGetAccess(&access, mine, &props.location) == cudaSuccess &&
             access == cudaMemAccessFlagsProtReadWrite,
         "access of the owning device");
  expect(cudaDeviceSetMemPool(0, mine) == cudaSuccess &&
             cudaDeviceGetMemPool(&current, 0) == cudaSuccess && current == mine,
         "make it current");
  cudaStreamSynchronize(s1);
  expect(cudaMemPoolDestroy(mine) == cudaSuccess &&
             cudaDeviceGetMemPool(&current, 0) == cudaSuccess && current == pool,
         "destroying it makes the default current again");
  expect(cudaMemPoolDestroy(pool) == cudaErrorInvalidValue,
         "the default pool cannot be destroyed");
  cudaGetLastError();
  expect(cudaFreeAsync(out, s1) == cudaErrorInvalidValue,
         "cudaFreeAsync of memory no pool allocated: cudaErrorInvalidValue");
  cudaGetLastError();
  std::printf("graph_memory: %s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
