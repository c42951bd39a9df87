// Host devices run independently, each with its own queue and workers: two
// cooperative grids on two devices that meet at a flag barrier in host memory
// between their grid.sync() calls (the pattern of multi-device conjugate
// gradient solvers), two ordinary kernels that wait for each other's flags,
// a stream of one device waiting for an event recorded on another, and a
// device synchronization that does not wait for another device's work.
#include <cooperative_groups.h>
#include <cuda_runtime.h>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <unistd.h>

namespace cg = cooperative_groups;

static void timedOut(int) {
  const char Message[] = "timed out: a device waits for another forever\n";
  write(1, Message, sizeof Message - 1);
  _exit(1);
}

__device__ unsigned char loadAcquire(volatile unsigned char *Flag) {
  unsigned char Value = *Flag;
  __threadfence_system();
  return Value;
}

// Rank 0 waits until every other grid arrived, then releases them; the
// others say they arrived and wait to be released.
__device__ void peerSync(unsigned char *Arrived, unsigned Rank,
                         unsigned Devices) {
  cg::grid_group Grid = cg::this_grid();
  Grid.sync();
  if (Grid.thread_rank() == 0) {
    if (Rank == 0) {
      for (unsigned I = 0; I + 1 < Devices; ++I)
        while (loadAcquire(&Arrived[I]) == 0)
          ;
      __threadfence_system();
      for (unsigned I = 0; I + 1 < Devices; ++I)
        ((volatile unsigned char *)Arrived)[I] = 0;
    } else {
      __threadfence_system();
      ((volatile unsigned char *)Arrived)[Rank - 1] = 1;
      while (loadAcquire(&Arrived[Rank - 1]) == 1)
        ;
    }
  }
  Grid.sync();
}

// Each round, every thread of every device adds its value to its own slot of
// Totals, then (after the peer barrier) checks the other device's sum of the
// round before.
__global__ void rounds(unsigned long long *Totals, unsigned char *Arrived,
                       unsigned Rank, unsigned Devices, int Rounds,
                       int *Wrong) {
  cg::grid_group Grid = cg::this_grid();
  for (int R = 1; R <= Rounds; ++R) {
    atomicAdd(&Totals[Rank * Rounds + R - 1], (unsigned long long)R);
    peerSync(Arrived, Rank, Devices);
    unsigned Other = (Rank + 1) % Devices;
    if (Totals[Other * Rounds + R - 1] != Grid.size() * (unsigned long long)R)
      atomicAdd(Wrong, 1);
  }
}

// Kernels that wait for a flag another device's kernel sets.
__global__ void waitThenSet(volatile int *Wait, volatile int *Set) {
  while (*Wait == 0)
    ;
  *Set = 1;
}
__global__ void setThenWait(volatile int *Set, volatile int *Wait) {
  *Set = 1;
  while (*Wait == 0)
    ;
}

__global__ void waitForHost(volatile int *Go, int *Value) {
  while (*Go == 0)
    ;
  *Value = 42;
}
__global__ void copyValue(const int *From, int *To) { *To = *From; }

static const char *name(cudaError_t E) { return cudaGetErrorName(E); }

int main() {
  std::signal(SIGALRM, timedOut);
  alarm(120);
  int Count = 0;
  cudaGetDeviceCount(&Count);
  std::printf("devices: %d\n", Count);
  if (Count < 2)
    return 0;

  // Two cooperative grids that wait for each other.
  constexpr int Rounds = 20;
  unsigned long long *Totals;
  unsigned char *Arrived;
  int *Wrong;
  cudaMallocManaged(&Totals, 2 * Rounds * sizeof *Totals);
  cudaMemset(Totals, 0, 2 * Rounds * sizeof *Totals);
  cudaHostAlloc(&Arrived, 1, cudaHostAllocPortable);
  *Arrived = 0;
  cudaMallocManaged(&Wrong, sizeof *Wrong);
  *Wrong = 0;
  cudaStream_t Streams[2];
  int Sms = 0;
  cudaDeviceGetAttribute(&Sms, cudaDevAttrMultiProcessorCount, 0);
  dim3 Blocks(Sms), Threads(64);
  int Rounds_ = Rounds;
  unsigned Devices = 2;
  for (unsigned Rank = 0; Rank < 2; ++Rank) {
    cudaSetDevice(Rank);
    cudaStreamCreate(&Streams[Rank]);
    void *Args[] = {&Totals, &Arrived, &Rank, &Devices, &Rounds_, &Wrong};
    cudaError_t E = cudaLaunchCooperativeKernel((void *)rounds, Blocks,
                                                Threads, Args, 0,
                                                Streams[Rank]);
    std::printf("cooperative launch on %u: %s\n", Rank, name(E));
  }
  for (int Rank = 0; Rank < 2; ++Rank) {
    cudaSetDevice(Rank);
    std::printf("synchronize %d: %s\n", Rank,
                name(cudaStreamSynchronize(Streams[Rank])));
  }
  unsigned long long Expected = 0;
  for (int R = 1; R <= Rounds; ++R)
    Expected += 2ull * Blocks.x * Threads.x * R;
  unsigned long long Sum = 0;
  for (int I = 0; I < 2 * Rounds; ++I)
    Sum += Totals[I];
  std::printf("cooperative rounds: sum %s, wrong %d\n",
              Sum == Expected ? "right" : "WRONG", *Wrong);

  // Ordinary kernels on two devices that wait for each other.
  int *Flags;
  cudaMallocManaged(&Flags, 4 * sizeof *Flags);
  cudaMemset(Flags, 0, 4 * sizeof *Flags);
  cudaSetDevice(0);
  waitThenSet<<<1, 1>>>(Flags + 0, Flags + 1);
  cudaSetDevice(1);
  setThenWait<<<1, 1>>>(Flags + 0, Flags + 1);
  cudaSetDevice(0);
  cudaError_t E0 = cudaDeviceSynchronize();
  cudaSetDevice(1);
  cudaError_t E1 = cudaDeviceSynchronize();
  std::printf("kernels waiting for each other: %s %s, flags %d %d\n",
              name(E0), name(E1), Flags[0], Flags[1]);

  // A stream of device 1 waits for an event recorded on device 0, and a
  // synchronization of device 1 does not wait for device 0.
  int *Go, *Values;
  cudaHostAlloc(&Go, sizeof *Go, 0);
  *Go = 0;
  cudaMallocManaged(&Values, 2 * sizeof *Values);
  Values[0] = Values[1] = 0;
  cudaEvent_t Done;
  cudaSetDevice(0);
  cudaEventCreate(&Done);
  waitForHost<<<1, 1, 0, Streams[0]>>>(Go, Values);
  cudaEventRecord(Done, Streams[0]);
  cudaSetDevice(1);
  std::printf("device 1 synchronizes while device 0 waits: %s\n",
              name(cudaDeviceSynchronize()));
  cudaStreamWaitEvent(Streams[1], Done, 0);
  copyValue<<<1, 1, 0, Streams[1]>>>(Values, Values + 1);
  usleep(20000);
  std::printf("before the event: event %s, waiting stream %s\n",
              name(cudaEventQuery(Done)), name(cudaStreamQuery(Streams[1])));
  __atomic_store_n(Go, 1, __ATOMIC_RELEASE);
  cudaError_t Waited = cudaStreamSynchronize(Streams[1]);
  std::printf("after the event: %s, copied %d\n", name(Waited), Values[1]);
  std::printf("event on device 0: %s\n", name(cudaEventQuery(Done)));
  return 0;
}
