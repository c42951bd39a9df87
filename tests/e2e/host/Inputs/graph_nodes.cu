// Graphs built node by node on the host backend: every node type, edges and
// their queries, clone, cudaGraphExecUpdate and the per-node exec setters
// (a kernel's arguments change between launches), disabled nodes, user
// objects, and cudaGraphDebugDotPrint.
#include <cstdio>
#include <cstring>
#include <string>

__global__ void setTo(int *data, int n, int value) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] = value;
}
__global__ void addTo(int *data, int n, int value) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] += value;
}

static bool ok = true;
static void expect(bool cond, const char *what) {
  std::printf("%s: %s\n", what, cond ? "ok" : "FAILED");
  ok &= cond;
}

static int order[8], calls = 0;
static void record(void *tag) { order[calls++ % 8] = (int)(size_t)tag; }
static int destroyed = 0;
static void destroy(void *p) { destroyed += (int)(size_t)p; }

int main() {
  const int n = 256;
  int *d, *e;
  cudaMalloc(&d, n * sizeof(int));
  cudaMalloc(&e, n * sizeof(int));
  static int host[n];
  cudaStream_t s;
  cudaStreamCreate(&s);

  cudaGraph_t g;
  expect(cudaGraphCreate(&g, 0) == cudaSuccess, "create");
  // setTo(d, 5) -> addTo(d, 1) -> memcpy d->e -> host(1)
  //            \-> memset e? no: a second branch: host(2)
  int value = 5;
  int count = n;
  void *setArgs[] = {&d, &count, &value};
  cudaKernelNodeParams kp{};
  kp.func = (void *)setTo;
  kp.gridDim = dim3(n / 64);
  kp.blockDim = dim3(64);
  kp.kernelParams = setArgs;
  cudaGraphNode_t set, add, copy, host1, host2, empty, memset, child;
  expect(cudaGraphAddKernelNode(&set, g, nullptr, 0, &kp) == cudaSuccess,
         "kernel node");
  value = 99; // The node copied its arguments.
  int one = 1;
  void *addArgs[] = {&d, &count, &one};
  kp.func = (void *)addTo;
  kp.kernelParams = addArgs;
  expect(cudaGraphAddKernelNode(&add, g, &set, 1, &kp) == cudaSuccess,
         "dependent kernel node");
  expect(cudaGraphAddMemcpyNode1D(&copy, g, &add, 1, e, d, n * sizeof(int),
                                  cudaMemcpyDeviceToDevice) == cudaSuccess,
         "1D copy node");
  cudaHostNodeParams hp{record, (void *)1};
  expect(cudaGraphAddHostNode(&host1, g, &copy, 1, &hp) == cudaSuccess,
         "host node");
  hp.userData = (void *)2;
  cudaGraphAddHostNode(&host2, g, &set, 1, &hp);
  cudaGraphNode_t joins[] = {host1, host2};
  expect(cudaGraphAddEmptyNode(&empty, g, joins, 2) == cudaSuccess,
         "empty node joining two branches");
  cudaMemsetParams mp{};
  mp.dst = d;
  mp.value = 0x01020304;
  mp.elementSize = 4;
  mp.width = 4;
  mp.height = 1;
  expect(cudaGraphAddMemsetNode(&memset, g, &empty, 1, &mp) == cudaSuccess,
         "memset node (4-byte elements)");
  cudaGraphAddMemsetNode(&memset, g, &empty, 1, &mp);
  mp.elementSize = 3;
  cudaGraphNode_t badNode;
  expect(cudaGraphAddMemsetNode(&badNode, g, nullptr, 0, &mp) ==
             cudaErrorInvalidValue,
         "3-byte memset elements: cudaErrorInvalidValue");
  cudaGetLastError();

  size_t numNodes = 0, numEdges = 0, numRoots = 0;
  cudaGraphGetNodes(g, nullptr, &numNodes);
  cudaGraphGetEdges(g, nullptr, nullptr, &numEdges);
  cudaGraphGetRootNodes(g, nullptr, &numRoots);
  expect(numNodes == 8 && numEdges == 8 && numRoots == 1,
         "8 nodes, 8 edges, 1 root");
  cudaGraphNode_t deps[4];
  size_t numDeps = 4;
  expect(cudaGraphNodeGetDependencies(empty, deps, &numDeps) == cudaSuccess &&
             numDeps == 2 && deps[0] == host1 && deps[1] == host2,
         "dependencies of the empty node");
  numDeps = 4;
  expect(cudaGraphNodeGetDependentNodes(set, deps, &numDeps) == cudaSuccess &&
             numDeps == 2,
         "dependents of the first kernel");
  cudaGraphNodeType type;
  cudaGraphNodeGetType(copy, &type);
  expect(type == cudaGraphNodeTypeMemcpy, "node type");

  // A cycle cannot be instantiated.
  cudaGraphAddDependencies(g, &host1, &set, 1);
  cudaGraphExec_t exec;
  expect(cudaGraphInstantiate(&exec, g, 0) != cudaSuccess,
         "a cycle does not instantiate");
  cudaGetLastError();
  expect(cudaGraphRemoveDependencies(g, &host1, &set, 1) == cudaSuccess,
         "remove the back edge");

  // A child graph: e[0..n) += 10.
  cudaGraph_t sub;
  cudaGraphCreate(&sub, 0);
  int ten = 10;
  void *subArgs[] = {&e, &count, &ten};
  kp.kernelParams = subArgs;
  cudaGraphNode_t subKernel;
  cudaGraphAddKernelNode(&subKernel, sub, nullptr, 0, &kp);
  expect(cudaGraphAddChildGraphNode(&child, g, &copy, 1, sub) == cudaSuccess,
         "child graph node");
  cudaGraph_t embedded;
  cudaGraphChildGraphNodeGetGraph(child, &embedded);
  numNodes = 0;
  cudaGraphGetNodes(embedded, nullptr, &numNodes);
  expect(embedded != sub && numNodes == 1, "the child graph is a copy");

  // Events inside the graph.
  cudaEvent_t ev;
  cudaEventCreate(&ev);
  cudaGraphNode_t rec, wait;
  expect(cudaGraphAddEventRecordNode(&rec, g, &child, 1, ev) == cudaSuccess &&
             cudaGraphAddEventWaitNode(&wait, g, &rec, 1, ev) == cudaSuccess,
         "event record and wait nodes");
  cudaEvent_t got;
  cudaGraphEventRecordNodeGetEvent(rec, &got);
  expect(got == ev, "event of the record node");

  expect(cudaGraphInstantiate(&exec, g, 0) == cudaSuccess, "instantiate");
  cudaGraphLaunch(exec, s);
  cudaStreamSynchronize(s);
  cudaMemcpy(host, e, sizeof host, cudaMemcpyDeviceToHost);
  expect(host[0] == 16 && host[n - 1] == 16,
         "kernel(5) -> +1 -> copy -> child +10 = 16 (arguments copied at add)");
  int head[4];
  cudaMemcpy(head, d, sizeof head, cudaMemcpyDeviceToHost);
  expect(head[0] == 0x01020304 && head[3] == 0x01020304, "memset of 4-byte elements");
  expect(calls == 2 && (order[0] == 1 || order[1] == 1), "both host nodes ran");
  expect(cudaEventQuery(ev) == cudaSuccess, "the event was recorded");

  // Per-node exec setter: the first kernel sets 40 from now on.
  int forty = 40;
  void *fortyArgs[] = {&d, &count, &forty};
  kp.func = (void *)setTo;
  kp.kernelParams = fortyArgs;
  expect(cudaGraphExecKernelNodeSetParams(exec, set, &kp) == cudaSuccess,
         "exec kernel node set params");
  cudaGraphLaunch(exec, s);
  cudaStreamSynchronize(s);
  cudaMemcpy(host, e, sizeof host, cudaMemcpyDeviceToHost);
  expect(host[7] == 51, "the exec graph uses the new arguments (40 + 1 + 10)");
  cudaGraphKernelNodeGetParams(set, &kp);
  expect(*(int *)kp.kernelParams[2] == 5, "the graph's own node still has 5");

  // cudaGraphExecUpdate from a graph of the same shape with other arguments.
  cudaGraph_t g2;
  cudaGraphClone(&g2, g);
  cudaGraphNode_t set2;
  expect(cudaGraphNodeFindInClone(&set2, set, g2) == cudaSuccess && set2 != set,
         "find a node in a clone");
  int seven = 7;
  void *sevenArgs[] = {&d, &count, &seven};
  kp.kernelParams = sevenArgs;
  cudaGraphKernelNodeSetParams(set2, &kp);
  cudaGraphExecUpdateResultInfo info;
  expect(cudaGraphExecUpdate(exec, g2, &info) == cudaSuccess &&
             info.result == cudaGraphExecUpdateSuccess,
         "exec update");
  cudaGraphLaunch(exec, s);
  cudaStreamSynchronize(s);
  cudaMemcpy(host, e, sizeof host, cudaMemcpyDeviceToHost);
  expect(host[3] == 18, "updated exec uses the clone's arguments (7 + 1 + 10)");
  cudaGraphNode_t extra;
  cudaGraphAddEmptyNode(&extra, g2, nullptr, 0);
  expect(cudaGraphExecUpdate(exec, g2, &info) == cudaErrorGraphExecUpdateFailure &&
             info.result == cudaGraphExecUpdateErrorTopologyChanged,
         "a new node: cudaGraphExecUpdateErrorTopologyChanged");
  cudaGetLastError();

  // Disabled node: the +1 kernel is skipped.
  unsigned enabled = 2;
  expect(cudaGraphNodeSetEnabled(exec, add, 0) == cudaSuccess &&
             cudaGraphNodeGetEnabled(exec, add, &enabled) == cudaSuccess &&
             enabled == 0,
         "disable a node");
  cudaGraphLaunch(exec, s);
  cudaStreamSynchronize(s);
  cudaMemcpy(host, e, sizeof host, cudaMemcpyDeviceToHost);
  expect(host[3] == 17, "the disabled kernel did not run (7 + 10)");

  // User objects: released with the last graph holding them.
  cudaUserObject_t object;
  expect(cudaUserObjectCreate(&object, (void *)3, destroy, 1,
                              cudaUserObjectNoDestructorSync) == cudaSuccess,
         "user object");
  cudaGraphRetainUserObject(g, object, 1, cudaGraphUserObjectMove);
  cudaGraph_t g3;
  cudaGraphClone(&g3, g);
  cudaGraphDestroy(g);
  expect(destroyed == 0, "the clone still holds the user object");
  cudaGraphDestroy(g3);
  expect(destroyed == 3, "destructor ran when the last graph went");

  // Copy nodes with a CUDA array at one end (widths and x in elements).
  {
    cudaChannelFormatDesc fd = cudaCreateChannelDesc<float>();
    cudaArray_t arr;
    cudaMallocArray(&arr, &fd, 8, 4);
    float in[4][8], out[4][8];
    for (int y = 0; y < 4; ++y)
      for (int x = 0; x < 8; ++x)
        in[y][x] = 10.0f * y + x, out[y][x] = -1;
    cudaGraph_t ga;
    cudaGraphCreate(&ga, 0);
    cudaMemcpy3DParms to{}, from{};
    to.srcPtr = make_cudaPitchedPtr(in, sizeof in[0], 8, 4);
    to.dstArray = arr;
    to.extent = make_cudaExtent(8, 4, 1);
    to.kind = cudaMemcpyHostToDevice;
    from.srcArray = arr;
    from.srcPos = make_cudaPos(2, 1, 0);
    from.dstPtr = make_cudaPitchedPtr(out, sizeof out[0], 8, 4);
    from.extent = make_cudaExtent(3, 2, 1);
    from.kind = cudaMemcpyDeviceToHost;
    cudaGraphNode_t toNode, fromNode;
    expect(cudaGraphAddMemcpyNode(&toNode, ga, nullptr, 0, &to) == cudaSuccess &&
               cudaGraphAddMemcpyNode(&fromNode, ga, &toNode, 1, &from) ==
                   cudaSuccess,
           "copy nodes to and from an array");
    cudaGraphExec_t ea;
    cudaGraphInstantiate(&ea, ga, 0);
    cudaGraphLaunch(ea, s);
    cudaStreamSynchronize(s);
    expect(out[0][0] == 12 && out[0][2] == 14 && out[1][0] == 22 &&
               out[0][3] == -1 && out[2][0] == -1,
           "a 3x2 window of the array at (2, 1)");
    cudaGraphExecDestroy(ea);
    cudaGraphDestroy(ga);
    cudaFreeArray(arr);
  }

  // DOT output.
  const char *path = "graph_nodes.dot";
  expect(cudaGraphDebugDotPrint(g2, path, cudaGraphDebugDotFlagsVerbose) ==
             cudaSuccess,
         "dot print");
  FILE *f = std::fopen(path, "r");
  std::string dot;
  char buf[4096];
  size_t got2;
  while (f && (got2 = std::fread(buf, 1, sizeof buf, f)) > 0)
    dot.append(buf, got2);
  if (f)
    std::fclose(f);
  expect(dot.rfind("digraph", 0) == 0 && dot.find("->") != std::string::npos &&
             dot.find("Kernel") != std::string::npos &&
             dot.find("cluster_") != std::string::npos,
         "dot text: a digraph with edges, kernels and the child graph cluster");

  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(g2);
  cudaGraphDestroy(sub);
  std::printf("graph_nodes: %s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
