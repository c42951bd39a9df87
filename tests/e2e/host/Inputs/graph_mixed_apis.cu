// One graph state under both APIs: a graph captured with the runtime API is
// queried and launched with the driver API, a capture begun with the driver
// API records runtime launches, and both APIs see the same pools.
#include <cuda.h>
#include <cstdio>

__global__ void addOne(int *data) { data[threadIdx.x] += 1; }

int main() {
  int *d;
  cudaMalloc(&d, 32 * sizeof(int));
  cudaMemset(d, 0, 32 * sizeof(int));
  cudaStream_t s;
  cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);

  cudaGraph_t g;
  cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal);
  addOne<<<1, 32, 0, s>>>(d);
  addOne<<<1, 32, 0, s>>>(d);
  cudaStreamEndCapture(s, &g);
  size_t n = 0;
  std::printf("cuGraphGetNodes on a runtime graph: %d %zu\n",
              (int)cuGraphGetNodes((CUgraph)g, nullptr, &n), n);
  CUgraphExec e;
  std::printf("cuGraphInstantiate: %d\n",
              (int)cuGraphInstantiate(&e, (CUgraph)g, 0));
  std::printf("cuGraphLaunch: %d\n", (int)cuGraphLaunch(e, (CUstream)s));
  cudaStreamSynchronize(s);

  CUstreamCaptureStatus status;
  cuStreamBeginCapture((CUstream)s, CU_STREAM_CAPTURE_MODE_GLOBAL);
  addOne<<<1, 32, 0, s>>>(d);
  cuStreamIsCapturing((CUstream)s, &status);
  std::printf("runtime launch during a driver capture: %d, status %d\n",
              (int)cudaGetLastError(), (int)status);
  CUgraph g2;
  cuStreamEndCapture((CUstream)s, &g2);
  cudaGraphExec_t e2;
  cudaGraphInstantiate(&e2, (cudaGraph_t)g2, 0);
  cudaGraphLaunch(e2, s);
  cudaStreamSynchronize(s);
  int v = 0;
  cudaMemcpy(&v, d, sizeof v, cudaMemcpyDeviceToHost);
  std::printf("value: %d\n", v);

  cudaMemPool_t rp;
  CUmemoryPool dp;
  cudaDeviceGetDefaultMemPool(&rp, 0);
  cuDeviceGetDefaultMemPool(&dp, 0);
  std::printf("same default pool: %s\n", (void *)rp == (void *)dp ? "yes" : "no");
  void *p;
  cudaMallocAsync(&p, 1000, s);
  std::printf("cuMemFreeAsync of a runtime allocation: %d\n",
              (int)cuMemFreeAsync((CUdeviceptr)p, (CUstream)s));
  cudaStreamSynchronize(s);
  return 0;
}
