// Graph replay and stream-ordered allocation on the host target, as ratios
// measured in one run (docs/graphs.md):
//  - 100 kernel launches replayed as one graph, against the same 100
//    launches issued to a stream;
//  - cudaMallocAsync/cudaFreeAsync from the pool, against cudaMalloc/cudaFree.
//   graph_bench [rounds=200]
#include <chrono>
#include <cstdio>
#include <cstdlib>

__global__ void tiny(int *counter) {
  if (threadIdx.x == 0 && blockIdx.x == 0)
    ++*counter;
}

using Clock = std::chrono::steady_clock;
static double seconds(Clock::time_point Start) {
  return std::chrono::duration<double>(Clock::now() - Start).count();
}

int main(int argc, char **argv) {
  int Rounds = argc > 1 ? std::atoi(argv[1]) : 200;
  const int Kernels = 100;
  int *Counter;
  cudaMalloc(&Counter, sizeof(int));
  cudaMemset(Counter, 0, sizeof(int));
  cudaStream_t S;
  cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking);

  cudaGraph_t G;
  cudaStreamBeginCapture(S, cudaStreamCaptureModeGlobal);
  for (int I = 0; I < Kernels; ++I)
    tiny<<<1, 32, 0, S>>>(Counter);
  cudaStreamEndCapture(S, &G);
  cudaGraphExec_t E;
  cudaGraphInstantiate(&E, G, 0);
  cudaGraphLaunch(E, S); // Warm up both paths.
  for (int I = 0; I < Kernels; ++I)
    tiny<<<1, 32, 0, S>>>(Counter);
  cudaStreamSynchronize(S);

  auto Start = Clock::now();
  for (int R = 0; R < Rounds; ++R)
    for (int I = 0; I < Kernels; ++I)
      tiny<<<1, 32, 0, S>>>(Counter);
  cudaStreamSynchronize(S);
  double Stream = seconds(Start);
  Start = Clock::now();
  for (int R = 0; R < Rounds; ++R)
    cudaGraphLaunch(E, S);
  cudaStreamSynchronize(S);
  double Graph = seconds(Start);
  int Count = 0;
  cudaMemcpy(&Count, Counter, sizeof Count, cudaMemcpyDeviceToHost);
  bool Ok = Count == (2 * Rounds + 2) * Kernels;

  const int Allocs = 20000;
  void *P;
  Start = Clock::now();
  for (int I = 0; I < Allocs; ++I) {
    cudaMalloc(&P, 4096);
    cudaFree(P);
  }
  double Plain = seconds(Start);
  Start = Clock::now();
  for (int I = 0; I < Allocs; ++I) {
    cudaMallocAsync(&P, 4096, S);
    cudaFreeAsync(P, S);
  }
  cudaStreamSynchronize(S);
  double Pooled = seconds(Start);

  std::printf("100 kernels, %d rounds: stream %.1f us/round, graph %.1f us/round, "
              "graph/stream %.2f\n",
              Rounds, 1e6 * Stream / Rounds, 1e6 * Graph / Rounds,
              Graph / Stream);
  std::printf("4 KiB alloc+free, %d times: cudaMalloc/cudaFree %.2f us, "
              "cudaMallocAsync/cudaFreeAsync %.2f us, async/plain %.2f\n",
              Allocs, 1e6 * Plain / Allocs, 1e6 * Pooled / Allocs,
              Pooled / Plain);
  std::printf("kernel count %s\n", Ok ? "ok" : "WRONG");
  return Ok ? 0 : 1;
}
