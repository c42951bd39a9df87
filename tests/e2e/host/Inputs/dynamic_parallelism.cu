// Launches from device code (dynamic parallelism) on the host target: child
// grids run with their arguments copied at launch, complete before their
// parent does, keep stream order among themselves and with device-side
// copies, tail launches run last, and the device runtime reports errors
// through device code's cudaGetLastError.
#include <cstdio>

struct Pair {
  double Scale;
  int Offset;
};

__device__ int Order[16];
__device__ unsigned OrderCount;

__device__ void note(int Step) { Order[atomicAdd(&OrderCount, 1)] = Step; }

__global__ void fill(int *Out, Pair P, char Tag) {
  Out[threadIdx.x + blockIdx.x * blockDim.x] =
      int(P.Scale * (threadIdx.x + blockIdx.x * blockDim.x)) + P.Offset + Tag;
}

// Recursion: each level writes its depth, then launches the next.
__global__ void nest(int *Out, int Depth, int MaxDepth) {
  Out[Depth] = Depth * 10;
  if (Depth + 1 < MaxDepth)
    nest<<<1, 1>>>(Out, Depth + 1, MaxDepth);
}

__global__ void step(int Value) { note(Value); }
__global__ void readAfter(const int *In, int *Out) { *Out = *In + 1; }

// Stream order: a child launched first has run before one launched after it
// in the same stream; a device-side copy queued after a child sees what the
// child wrote; the tail launch, launched first, runs last.
__global__ void ordered(int *Buffer) {
  if (threadIdx.x != 0)
    return;
  step<<<1, 1, 0, cudaStreamTailLaunch>>>(3);
  cudaStream_t S;
  cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking);
  Pair P{1.0, 41};
  fill<<<1, 1, 0, S>>>(Buffer, P, 0);          // Buffer[0] = 41
  readAfter<<<1, 1, 0, S>>>(Buffer, Buffer + 1); // Buffer[1] = 42
  cudaMemcpyAsync(Buffer + 2, Buffer + 1, sizeof(int),
                  cudaMemcpyDeviceToDevice, S); // Buffer[2] = 42
  step<<<1, 1, 0, S>>>(1);
  step<<<1, 1, 0, S>>>(2);
  cudaStreamDestroy(S);
  note(0);
}

template <int N> __global__ void templated(int *Out) { *Out = N; }

__global__ void errors(int *Out) {
  // A block of 2048 threads: cudaErrorInvalidConfiguration.
  fill<<<1, 2048>>>(Out, Pair{1.0, 0}, 0);
  Out[0] = cudaPeekAtLastError();
  Out[1] = cudaGetLastError();
  Out[2] = cudaGetLastError();
  const char *Name = cudaGetErrorName(cudaErrorInvalidConfiguration);
  Out[3] = Name[9] == 'I'; // "cudaErrorInvalidConfiguration"
  // A kernel only device code instantiates.
  templated<7><<<1, 1>>>(Out + 4);
  // cudaGetParameterBufferV2 + cudaLaunchDeviceV2.
  void *Buffer = cudaGetParameterBufferV2((void *)readAfter, dim3(1), dim3(1), 0);
  ((const int **)Buffer)[0] = Out + 4;
  ((int **)Buffer)[1] = Out + 5;
  Out[6] = cudaLaunchDeviceV2(Buffer, 0);
  // Device-side cudaMalloc and cudaFree.
  int *Heap = nullptr;
  Out[7] = cudaMalloc((void **)&Heap, 64);
  Out[8] = Heap != nullptr;
  cudaFree(Heap);
}

// Each block of a parent grid launches its own child.
__global__ void spread(int *Out) {
  if (threadIdx.x == 0)
    fill<<<1, 4>>>(Out + 4 * blockIdx.x, Pair{1.0, 100 * int(blockIdx.x)}, 0);
}

__global__ void tooDeep(int *Out, int Depth) {
  if (Depth < 30) {
    tooDeep<<<1, 1>>>(Out, Depth + 1);
    if (cudaGetLastError() == cudaErrorLaunchMaxDepthExceeded)
      Out[0] = Depth;
  }
}

// One thread launches 6 children while at most 4 may wait to start
// (cudaLimitDevRuntimePendingLaunchCount): the 5th and 6th fail, and only 4
// run.
__device__ unsigned Started;
__global__ void count() { atomicAdd(&Started, 1); }
__global__ void pending(int *Out) {
  for (int I = 0; I < 6; ++I) {
    count<<<1, 1>>>();
    Out[I] = cudaGetLastError();
  }
}

int main() {
  int *D, H[64];
  cudaMalloc(&D, sizeof H);

  cudaMemset(D, 0, sizeof H);
  fill<<<1, 1>>>(D, Pair{2.0, 5}, 1); // from the host: D[0] = 6
  nest<<<1, 1>>>(D + 8, 0, 6);
  cudaMemcpy(H, D, sizeof H, cudaMemcpyDeviceToHost);
  printf("host launch %d; nested:", H[0]);
  for (int I = 0; I < 6; ++I)
    printf(" %d", H[8 + I]);
  printf("\n");

  cudaMemset(D, 0, sizeof H);
  ordered<<<1, 32>>>(D);
  cudaDeviceSynchronize();
  cudaMemcpy(H, D, sizeof H, cudaMemcpyDeviceToHost);
  int Order[16];
  unsigned Count;
  cudaMemcpyFromSymbol(Order, ::Order, sizeof Order);
  cudaMemcpyFromSymbol(&Count, OrderCount, sizeof Count);
  printf("ordered: %d %d %d; %u steps:", H[0], H[1], H[2], Count);
  for (unsigned I = 0; I < Count; ++I)
    printf(" %d", Order[I]);
  printf("\n");

  cudaMemset(D, 0, sizeof H);
  errors<<<1, 1>>>(D);
  cudaMemcpy(H, D, sizeof H, cudaMemcpyDeviceToHost);
  printf("errors: peek %d get %d then %d name %d; template %d; v2 %d -> %d; "
         "malloc %d %d\n",
         H[0], H[1], H[2], H[3], H[4], H[6], H[5], H[7], H[8]);

  cudaMemset(D, 0, sizeof H);
  spread<<<4, 32>>>(D);
  cudaMemcpy(H, D, sizeof H, cudaMemcpyDeviceToHost);
  printf("spread:");
  for (int I = 0; I < 16; ++I)
    printf(" %d", H[I]);
  printf("\n");

  cudaMemset(D, 0, sizeof H);
  tooDeep<<<1, 1>>>(D, 1);
  cudaError_t E = cudaDeviceSynchronize();
  cudaMemcpy(H, D, sizeof H, cudaMemcpyDeviceToHost);
  printf("depth limit at %d, %s\n", H[0], cudaGetErrorName(E));

  size_t Limit = 0;
  cudaDeviceGetLimit(&Limit, cudaLimitDevRuntimePendingLaunchCount);
  cudaDeviceSetLimit(cudaLimitDevRuntimePendingLaunchCount, 4);
  cudaMemset(D, 0, sizeof H);
  pending<<<1, 1>>>(D);
  E = cudaDeviceSynchronize();
  cudaMemcpy(H, D, sizeof H, cudaMemcpyDeviceToHost);
  unsigned Ran = 0;
  cudaMemcpyFromSymbol(&Ran, Started, sizeof Ran);
  printf("pending limit %zu -> 4:", Limit);
  for (int I = 0; I < 6; ++I)
    printf(" %d", H[I]);
  printf("; %u ran, %s\n", Ran, cudaGetErrorName(E));
  // Started launches no longer count: the same grid again launches 4.
  pending<<<1, 1>>>(D);
  cudaDeviceSynchronize();
  cudaMemcpyFromSymbol(&Ran, Started, sizeof Ran);
  printf("again: %u ran\n", Ran);
  return 0;
}
