// Conditional nodes on the host backend: a while loop whose body decrements
// a counter and sets the condition from device code, an if/else branch, a
// switch, a condition reset to its default at each launch, and a
// conditional node built inside a stream capture.
#include <cstdio>

__global__ void loopBody(int *counter, int *iterations,
                         cudaGraphConditionalHandle handle) {
  ++*iterations;
  if (--*counter == 0)
    cudaGraphSetConditional(handle, 0);
}
__global__ void setCondition(const int *value, cudaGraphConditionalHandle handle) {
  cudaGraphSetConditional(handle, *value);
}
__global__ void store(int *where, int value) { *where = value; }

static bool ok = true;
static void expect(bool cond, const char *what) {
  std::printf("%s: %s\n", what, cond ? "ok" : "FAILED");
  ok &= cond;
}

static cudaGraphNode_t addKernel(cudaGraph_t g, const cudaGraphNode_t *deps,
                                 size_t n, void *func, void **args) {
  cudaGraphNodeParams p{};
  p.type = cudaGraphNodeTypeKernel;
  p.kernel.func = func;
  p.kernel.gridDim = dim3(1);
  p.kernel.blockDim = dim3(1);
  p.kernel.kernelParams = args;
  cudaGraphNode_t node;
  cudaError_t e = cudaGraphAddNode(&node, g, deps, n, &p);
  if (e != cudaSuccess)
    std::printf("cudaGraphAddNode: %s\n", cudaGetErrorName(e));
  return node;
}

int main() {
  int *counter, *iterations, *value, *result;
  cudaMalloc(&counter, sizeof(int));
  cudaMalloc(&iterations, sizeof(int));
  cudaMalloc(&value, sizeof(int));
  cudaMalloc(&result, sizeof(int));
  cudaStream_t s;
  cudaStreamCreate(&s);

  // while (counter != 0) { counter--; iterations++; }
  {
    cudaGraph_t g;
    cudaGraphCreate(&g, 0);
    cudaGraphConditionalHandle handle;
    expect(cudaGraphConditionalHandleCreate(&handle, g, 1,
                                            cudaGraphCondAssignDefault) ==
               cudaSuccess,
           "conditional handle");
    cudaGraphNodeParams cp{};
    cp.type = cudaGraphNodeTypeConditional;
    cp.conditional.handle = handle;
    cp.conditional.type = cudaGraphCondTypeWhile;
    cp.conditional.size = 1;
    cudaGraphNode_t loop;
    expect(cudaGraphAddNode(&loop, g, nullptr, 0, &cp) == cudaSuccess &&
               cp.conditional.phGraph_out != nullptr,
           "while node and its body graph");
    cudaGraph_t body = cp.conditional.phGraph_out[0];
    void *args[] = {&counter, &iterations, &handle};
    addKernel(body, nullptr, 0, (void *)loopBody, args);
    cudaGraphExec_t exec;
    expect(cudaGraphInstantiate(&exec, g, 0) == cudaSuccess, "instantiate");
    for (int launch = 0; launch < 2; ++launch) {
      int five = 5, zero = 0;
      cudaMemcpy(counter, &five, sizeof five, cudaMemcpyHostToDevice);
      cudaMemcpy(iterations, &zero, sizeof zero, cudaMemcpyHostToDevice);
      expect(cudaGraphLaunch(exec, s) == cudaSuccess, "launch");
      cudaStreamSynchronize(s);
      int its = 0, left = -1;
      cudaMemcpy(&its, iterations, sizeof its, cudaMemcpyDeviceToHost);
      cudaMemcpy(&left, counter, sizeof left, cudaMemcpyDeviceToHost);
      std::printf("while: %d iterations\n", its);
      expect(its == 5 && left == 0,
             "the loop ran five times (the condition is reset to 1 per launch)");
    }
    cudaGraphExecDestroy(exec);
    cudaGraphDestroy(g);
  }

  // if (value) result = 1; else result = 2;
  {
    cudaGraph_t g;
    cudaGraphCreate(&g, 0);
    cudaGraphConditionalHandle handle;
    cudaGraphConditionalHandleCreate(&handle, g, 0, 0);
    void *condArgs[] = {&value, &handle};
    cudaGraphNode_t decide =
        addKernel(g, nullptr, 0, (void *)setCondition, condArgs);
    cudaGraphNodeParams cp{};
    cp.type = cudaGraphNodeTypeConditional;
    cp.conditional.handle = handle;
    cp.conditional.type = cudaGraphCondTypeIf;
    cp.conditional.size = 2;
    cudaGraphNode_t branch;
    expect(cudaGraphAddNode(&branch, g, &decide, 1, &cp) == cudaSuccess,
           "if/else node");
    int one = 1, two = 2;
    void *thenArgs[] = {&result, &one}, *elseArgs[] = {&result, &two};
    addKernel(cp.conditional.phGraph_out[0], nullptr, 0, (void *)store, thenArgs);
    addKernel(cp.conditional.phGraph_out[1], nullptr, 0, (void *)store, elseArgs);
    cudaGraphExec_t exec;
    cudaGraphInstantiate(&exec, g, 0);
    for (int v = 0; v < 2; ++v) {
      cudaMemcpy(value, &v, sizeof v, cudaMemcpyHostToDevice);
      cudaGraphLaunch(exec, s);
      cudaStreamSynchronize(s);
      int r = 0;
      cudaMemcpy(&r, result, sizeof r, cudaMemcpyDeviceToHost);
      std::printf("if (%d): result %d\n", v, r);
      expect(r == (v ? 1 : 2), "the branch follows the device-set condition");
    }
    cudaGraphExecDestroy(exec);
    cudaGraphDestroy(g);
  }

  // switch (value) over three bodies, built inside a stream capture.
  {
    cudaGraph_t g;
    cudaGraphCreate(&g, 0);
    cudaGraphConditionalHandle handle;
    cudaGraphConditionalHandleCreate(&handle, g, 0, 0);
    cudaStreamBeginCaptureToGraph(s, g, nullptr, nullptr, 0,
                                  cudaStreamCaptureModeGlobal);
    setCondition<<<1, 1, 0, s>>>(value, handle);
    cudaStreamCaptureStatus status;
    const cudaGraphNode_t *deps;
    size_t numDeps;
    cudaGraph_t captureGraph;
    cudaStreamGetCaptureInfo(s, &status, nullptr, &captureGraph, &deps, nullptr,
                             &numDeps);
    cudaGraphNodeParams cp{};
    cp.type = cudaGraphNodeTypeConditional;
    cp.conditional.handle = handle;
    cp.conditional.type = cudaGraphCondTypeSwitch;
    cp.conditional.size = 3;
    cudaGraphNode_t sw;
    expect(cudaGraphAddNode(&sw, captureGraph, deps, nullptr, numDeps, &cp) ==
               cudaSuccess,
           "switch node added to the capture graph");
    cudaStreamUpdateCaptureDependencies(s, &sw, 1,
                                        cudaStreamSetCaptureDependencies);
    cudaGraph_t done;
    expect(cudaStreamEndCapture(s, &done) == cudaSuccess && done == g,
           "capture into an existing graph");
    int values[3] = {10, 20, 30};
    void *args[3][2] = {{&result, &values[0]}, {&result, &values[1]},
                        {&result, &values[2]}};
    for (int i = 0; i < 3; ++i)
      addKernel(cp.conditional.phGraph_out[i], nullptr, 0, (void *)store,
                args[i]);
    cudaGraphExec_t exec;
    cudaGraphInstantiate(&exec, g, 0);
    for (int v = 0; v < 4; ++v) {
      int minus = -1;
      cudaMemcpy(result, &minus, sizeof minus, cudaMemcpyHostToDevice);
      cudaMemcpy(value, &v, sizeof v, cudaMemcpyHostToDevice);
      cudaGraphLaunch(exec, s);
      cudaStreamSynchronize(s);
      int r = 0;
      cudaMemcpy(&r, result, sizeof r, cudaMemcpyDeviceToHost);
      std::printf("switch (%d): result %d\n", v, r);
      expect(r == (v < 3 ? values[v] : -1), "switch picks the body (none past the end)");
    }
    cudaGraphExecDestroy(exec);
    cudaGraphDestroy(g);
  }
  std::printf("graph_conditional: %s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
