// cudaMalloc + cudaFree on the host target, and what owning its pages (for
// IPC) adds to it: the page-aligned allocation the backend now makes against
// the 256-byte aligned one it made before, measured in one run, per size.
// The last column is that difference as a share of a cudaMalloc + cudaFree.
//   build/toolkit/bin/nvcc -O2 --amdgpu-arch=host benchmarks/host/malloc_bench.cu -o malloc_bench
//   ./malloc_bench [rounds=20000]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <unistd.h>
#include <vector>

using Clock = std::chrono::steady_clock;

int main(int argc, char **argv) {
  int Rounds = argc > 1 ? atoi(argv[1]) : 20000;
  cudaFree(nullptr); // start the runtime
  const size_t Sizes[] = {256, 4096, 65536, 1 << 20, 16 << 20};
  std::vector<void *> Held(64);
  const size_t Page = size_t(sysconf(_SC_PAGESIZE));
  printf("%10s %14s %14s %14s %10s\n", "bytes", "cudaMalloc ns",
         "page-aligned", "256-aligned", "cost share");
  for (size_t Size : Sizes) {
    int N = Size >= (1 << 20) ? Rounds / 20 : Rounds;
    // 64 live at a time, each touched once, as a program's buffers are.
    auto Start = Clock::now();
    for (int I = 0; I < N; I += 64) {
      for (void *&P : Held) {
        cudaMalloc(&P, Size);
        static_cast<char *>(P)[0] = 1;
      }
      for (void *P : Held)
        cudaFree(P);
    }
    double Cuda = std::chrono::duration<double, std::nano>(Clock::now() - Start)
                      .count() /
                  N;
    auto timeAligned = [&](size_t Alignment) {
      auto From = Clock::now();
      for (int I = 0; I < N; I += 64) {
        for (void *&P : Held) {
          P = aligned_alloc(Alignment, (Size + Alignment - 1) & ~(Alignment - 1));
          static_cast<char *>(P)[0] = 1;
        }
        for (void *P : Held)
          free(P);
      }
      return std::chrono::duration<double, std::nano>(Clock::now() - From)
                 .count() /
             N;
    };
    double Paged = timeAligned(Page), Before = timeAligned(256);
    printf("%10zu %14.0f %14.0f %14.0f %9.1f%%\n", Size, Cuda, Paged, Before,
           100 * (Paged - Before) / Cuda);
  }
  return 0;
}
