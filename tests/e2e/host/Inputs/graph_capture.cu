// Stream capture on the host backend: a fork/join over three streams
// captured and replayed gives what eager execution gives; capture info,
// dependency updates, capture modes, and the errors CUDA gives for calls
// that are illegal while a stream captures.
#include <cstdio>
#include <cstring>
#include <thread>

__global__ void fill(int *data, int n, int value) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] = value;
}
__global__ void scale(int *data, int n, int factor) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] *= factor;
}
__global__ void add(const int *a, const int *b, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = a[i] + b[i];
}

static bool ok = true;
static void expect(bool cond, const char *what) {
  std::printf("%s: %s\n", what, cond ? "ok" : "FAILED");
  ok &= cond;
}

static int hostCalls = 0;
static void countCall(void *data) { ++*static_cast<int *>(data); }

// The work: s0 fills a, forks to s1 (b = 3, b *= 5) and s2 (a *= 2), joins,
// out = a + b, copies out back to the host, and counts a host call.
static void work(cudaStream_t s0, cudaStream_t s1, cudaStream_t s2,
                 cudaEvent_t fork, cudaEvent_t join1, cudaEvent_t join2,
                 int *a, int *b, int *out, int *host, int n) {
  fill<<<(n + 127) / 128, 128, 0, s0>>>(a, n, 7);
  cudaEventRecord(fork, s0);
  cudaStreamWaitEvent(s1, fork, 0);
  cudaStreamWaitEvent(s2, fork, 0);
  cudaMemsetAsync(b, 0, n * sizeof(int), s1);
  fill<<<(n + 127) / 128, 128, 0, s1>>>(b, n, 3);
  scale<<<(n + 127) / 128, 128, 0, s1>>>(b, n, 5);
  scale<<<(n + 127) / 128, 128, 0, s2>>>(a, n, 2);
  cudaEventRecord(join1, s1);
  cudaEventRecord(join2, s2);
  cudaStreamWaitEvent(s0, join1, 0);
  cudaStreamWaitEvent(s0, join2, 0);
  add<<<(n + 127) / 128, 128, 0, s0>>>(a, b, out, n);
  cudaMemcpyAsync(host, out, n * sizeof(int), cudaMemcpyDeviceToHost, s0);
  cudaLaunchHostFunc(s0, countCall, &hostCalls);
}

int main() {
  const int n = 1000;
  int *a, *b, *out;
  cudaMalloc(&a, n * sizeof(int));
  cudaMalloc(&b, n * sizeof(int));
  cudaMalloc(&out, n * sizeof(int));
  static int eager[n], replay[n];
  cudaStream_t s0, s1, s2;
  cudaStreamCreateWithFlags(&s0, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking);
  cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking);
  cudaEvent_t fork, join1, join2;
  cudaEventCreate(&fork);
  cudaEventCreate(&join1);
  cudaEventCreate(&join2);

  work(s0, s1, s2, fork, join1, join2, a, b, out, eager, n);
  cudaDeviceSynchronize();
  expect(eager[0] == 29 && eager[n - 1] == 29 && hostCalls == 1,
         "eager fork/join computes 7*2 + 3*5");

  // Captured: nothing runs until the graph is launched.
  cudaMemset(out, 0, n * sizeof(int));
  expect(cudaStreamBeginCapture(s0, cudaStreamCaptureModeGlobal) == cudaSuccess,
         "begin capture");
  cudaStreamCaptureStatus status;
  unsigned long long id = 0;
  expect(cudaStreamIsCapturing(s0, &status) == cudaSuccess &&
             status == cudaStreamCaptureStatusActive,
         "origin stream is capturing");
  expect(cudaStreamIsCapturing(s1, &status) == cudaSuccess &&
             status == cudaStreamCaptureStatusNone,
         "other stream not capturing before the fork");
  work(s0, s1, s2, fork, join1, join2, a, b, out, replay, n);
  cudaGraph_t captured = nullptr;
  const cudaGraphNode_t *deps = nullptr;
  size_t numDeps = 0;
  expect(cudaStreamGetCaptureInfo(s0, &status, &id, &captured, &deps,
                                  &numDeps) == cudaSuccess &&
             status == cudaStreamCaptureStatusActive && id != 0 &&
             captured != nullptr && numDeps == 1,
         "capture info: id, graph, one dependency (the host node)");
  cudaGraphNodeType lastType;
  expect(cudaGraphNodeGetType(deps[0], &lastType) == cudaSuccess &&
             lastType == cudaGraphNodeTypeHost,
         "the last captured node is the host node");
  cudaGraph_t graph = nullptr;
  expect(cudaStreamEndCapture(s0, &graph) == cudaSuccess && graph == captured,
         "end capture returns the graph");
  cudaStreamSynchronize(s0);
  int probe = -1;
  cudaMemcpy(&probe, out, sizeof probe, cudaMemcpyDeviceToHost);
  expect(probe == 0 && hostCalls == 1, "captured work did not run");
  size_t nodes = 0, edges = 0, roots = 0;
  cudaGraphGetNodes(graph, nullptr, &nodes);
  cudaGraphGetEdges(graph, nullptr, nullptr, &edges);
  cudaGraphGetRootNodes(graph, nullptr, &roots);
  std::printf("captured: %zu nodes, %zu edges, %zu roots\n", nodes, edges, roots);
  expect(nodes == 8 && roots == 1, "eight nodes, one root");

  cudaGraphExec_t exec;
  expect(cudaGraphInstantiate(&exec, graph, 0) == cudaSuccess, "instantiate");
  cudaMemset(a, 0, n * sizeof(int));
  cudaMemset(b, 0, n * sizeof(int));
  for (int i = 0; i < 3; ++i)
    expect(cudaGraphLaunch(exec, s1) == cudaSuccess, "launch");
  cudaStreamSynchronize(s1);
  expect(std::memcmp(eager, replay, sizeof eager) == 0 && hostCalls == 4,
         "replay equals eager execution, host node ran three times");

  // Capture info and dependency updates.
  cudaStreamBeginCapture(s0, cudaStreamCaptureModeGlobal);
  fill<<<1, 32, 0, s0>>>(a, 32, 1);
  fill<<<1, 32, 0, s0>>>(b, 32, 2);
  cudaGraph_t g2;
  cudaStreamGetCaptureInfo(s0, &status, nullptr, &g2, &deps, &numDeps);
  cudaGraphNode_t second = deps[0];
  cudaGraphNode_t roots2[2];
  size_t nroots = 2;
  cudaGraphGetRootNodes(g2, roots2, &nroots);
  expect(cudaStreamUpdateCaptureDependencies(s0, roots2, 1,
                                             cudaStreamAddCaptureDependencies) ==
                 cudaSuccess &&
             cudaStreamGetCaptureInfo(s0, &status, nullptr, nullptr, &deps,
                                      &numDeps) == cudaSuccess &&
             numDeps == 2,
         "add a capture dependency");
  expect(cudaStreamUpdateCaptureDependencies(s0, &second, 1,
                                             cudaStreamSetCaptureDependencies) ==
                 cudaSuccess &&
             cudaStreamGetCaptureInfo(s0, &status, nullptr, nullptr, &deps,
                                      &numDeps) == cudaSuccess &&
             numDeps == 1 && deps[0] == second,
         "set the capture dependencies");
  cudaStreamEndCapture(s0, &g2);
  cudaGraphDestroy(g2);

  // Illegal calls during capture.
  cudaStreamBeginCapture(s0, cudaStreamCaptureModeGlobal);
  fill<<<1, 32, 0, s0>>>(a, 32, 1);
  expect(cudaStreamSynchronize(s0) == cudaErrorStreamCaptureUnsupported,
         "cudaStreamSynchronize on a capturing stream: cudaErrorStreamCaptureUnsupported");
  expect(cudaStreamIsCapturing(s0, &status) == cudaSuccess &&
             status == cudaStreamCaptureStatusInvalidated,
         "the capture is invalidated");
  cudaGraph_t bad = (cudaGraph_t)1;
  expect(cudaStreamEndCapture(s0, &bad) == cudaErrorStreamCaptureInvalidated &&
             bad == nullptr,
         "end capture: cudaErrorStreamCaptureInvalidated, no graph");
  cudaGetLastError();

  cudaStreamBeginCapture(s0, cudaStreamCaptureModeGlobal);
  void *p = nullptr;
  expect(cudaMalloc(&p, 16) == cudaErrorStreamCaptureUnsupported,
         "cudaMalloc during a global capture: cudaErrorStreamCaptureUnsupported");
  expect(cudaMemcpy(eager, a, 4, cudaMemcpyDeviceToHost) ==
             cudaErrorStreamCaptureUnsupported,
         "synchronous cudaMemcpy during a global capture");
  cudaStreamCaptureMode mode = cudaStreamCaptureModeRelaxed;
  cudaThreadExchangeStreamCaptureMode(&mode);
  expect(mode == cudaStreamCaptureModeGlobal && cudaMalloc(&p, 16) == cudaSuccess,
         "relaxed thread mode allows cudaMalloc");
  cudaThreadExchangeStreamCaptureMode(&mode);
  cudaFree(p); // Unsafe again: refused.
  expect(cudaGetLastError() == cudaErrorStreamCaptureUnsupported,
         "global thread mode again refuses cudaFree");
  {
    cudaError_t other = cudaSuccess;
    std::thread t([&] {
      void *q = nullptr;
      other = cudaMalloc(&q, 16);
      cudaStreamCaptureMode m = cudaStreamCaptureModeThreadLocal;
      cudaThreadExchangeStreamCaptureMode(&m);
      cudaError_t local = cudaMalloc(&q, 16);
      expect(local == cudaSuccess,
             "another thread in thread-local mode may call cudaMalloc");
      cudaFree(q);
    });
    t.join();
    expect(other == cudaErrorStreamCaptureUnsupported,
           "another thread in global mode may not");
  }
  fill<<<1, 32, 0>>>(a, 32, 1); // Legacy stream: implicit synchronization.
  expect(cudaGetLastError() == cudaErrorStreamCaptureImplicit ||
             cudaStreamIsCapturing(s0, &status) != cudaSuccess ||
             status == cudaStreamCaptureStatusActive,
         "legacy stream during capture of a non-blocking stream is allowed");
  expect(cudaStreamAddCallback(s0, [](cudaStream_t, cudaError_t, void *) {},
                               nullptr, 0) == cudaErrorStreamCaptureUnsupported,
         "cudaStreamAddCallback during capture: cudaErrorStreamCaptureUnsupported");
  cudaStreamEndCapture(s0, &bad);
  cudaGetLastError();

  // A blocking stream captures: the legacy stream may not be used.
  cudaStream_t blocking;
  cudaStreamCreate(&blocking);
  cudaStreamBeginCapture(blocking, cudaStreamCaptureModeRelaxed);
  fill<<<1, 32>>>(a, 32, 1);
  expect(cudaGetLastError() == cudaErrorStreamCaptureImplicit,
         "legacy stream launch while a blocking stream captures: cudaErrorStreamCaptureImplicit");
  expect(cudaStreamEndCapture(blocking, &bad) == cudaErrorStreamCaptureInvalidated,
         "and the capture is invalidated");
  cudaGetLastError();

  // A fork that never joins back.
  cudaStreamBeginCapture(s0, cudaStreamCaptureModeGlobal);
  cudaEventRecord(fork, s0);
  cudaStreamWaitEvent(s1, fork, 0);
  fill<<<1, 32, 0, s1>>>(b, 32, 1);
  expect(cudaStreamEndCapture(s1, &bad) == cudaErrorStreamCaptureUnmatched,
         "ending on a forked stream: cudaErrorStreamCaptureUnmatched");
  expect(cudaStreamEndCapture(s0, &bad) == cudaErrorStreamCaptureUnjoined,
         "unjoined fork: cudaErrorStreamCaptureUnjoined");
  expect(cudaStreamIsCapturing(s1, &status) == cudaSuccess &&
             status == cudaStreamCaptureStatusNone,
         "the forked stream left the capture");
  cudaGetLastError();
  expect(cudaStreamBeginCapture(0, cudaStreamCaptureModeGlobal) ==
             cudaErrorStreamCaptureUnsupported,
         "the legacy stream cannot capture");
  cudaGetLastError();

  // A joined stream destroyed before the capture ends (its work was joined
  // back), and a capture into the caller's graph ended without a graph out.
  {
    cudaStream_t s3;
    cudaStreamCreateWithFlags(&s3, cudaStreamNonBlocking);
    cudaStreamBeginCapture(s0, cudaStreamCaptureModeGlobal);
    cudaEventRecord(fork, s0);
    cudaStreamWaitEvent(s3, fork, 0);
    fill<<<1, 32, 0, s3>>>(b, 32, 1);
    cudaEventRecord(join1, s3);
    cudaStreamWaitEvent(s0, join1, 0);
    expect(cudaStreamDestroy(s3) == cudaSuccess, "destroy a joined stream during capture");
    cudaGraph_t joined;
    expect(cudaStreamEndCapture(s0, &joined) == cudaSuccess,
           "the capture still ends (the stream's work was joined back)");
    cudaGraphDestroy(joined);
    cudaGraph_t mine;
    cudaGraphCreate(&mine, 0);
    cudaStreamBeginCaptureToGraph(s0, mine, nullptr, nullptr, 0,
                                  cudaStreamCaptureModeGlobal);
    fill<<<1, 32, 0, s0>>>(b, 32, 1);
    size_t count = 0;
    expect(cudaStreamEndCapture(s0, nullptr) == cudaSuccess &&
               cudaGraphGetNodes(mine, nullptr, &count) == cudaSuccess &&
               count == 1,
           "capture into the caller's graph: no graph out needed");
    // The CUDA 11 forms that CUDA 12's C++ header keeps.
    cudaGraphExec_t old;
    cudaGraphNode_t errorNode = (cudaGraphNode_t)1;
    cudaGraphExecUpdateResult result = cudaGraphExecUpdateError;
    expect(cudaGraphInstantiate(&old, mine, nullptr, nullptr, 0) == cudaSuccess &&
               cudaGraphExecUpdate(old, mine, &errorNode, &result) == cudaSuccess &&
               result == cudaGraphExecUpdateSuccess && errorNode == nullptr,
           "5-argument cudaGraphInstantiate, 4-argument cudaGraphExecUpdate");
    cudaGraphExecDestroy(old);
    cudaGraphDestroy(mine);
  }

  // A graph launch captured into another graph becomes a child graph node.
  cudaStreamBeginCapture(s2, cudaStreamCaptureModeGlobal);
  cudaGraphLaunch(exec, s2);
  cudaGraph_t outer;
  cudaStreamEndCapture(s2, &outer);
  cudaGraphNode_t child;
  size_t one = 1;
  cudaGraphNodeType childType;
  expect(cudaGraphGetNodes(outer, &child, &one) == cudaSuccess && one == 1 &&
             cudaGraphNodeGetType(child, &childType) == cudaSuccess &&
             childType == cudaGraphNodeTypeGraph,
         "a captured graph launch is a child graph node");
  cudaGraphExec_t outerExec;
  cudaGraphInstantiate(&outerExec, outer, 0);
  cudaMemset(out, 0, n * sizeof(int));
  std::memset(replay, 0, sizeof replay);
  cudaGraphLaunch(outerExec, s2);
  cudaStreamSynchronize(s2);
  expect(replay[5] == 29 && hostCalls == 5, "the child graph runs");

  cudaGraphExecDestroy(outerExec);
  cudaGraphDestroy(outer);
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(graph);
  std::printf("graph_capture: %s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
