// Faults inside kernels on the host target end the kernel, never the
// process: the launch succeeds, the next synchronizing call returns the
// error, it is sticky until cudaDeviceReset, and after the reset kernels run
// again.
#include <cstdio>

__global__ void outOfBounds(int *data, long long offset) {
  data[threadIdx.x + (threadIdx.x == 17 ? offset : 0)] = 1;
}

__device__ int recurse(int depth, volatile char *sink) {
  volatile char frame[2048];
  frame[depth % 2048] = (char)depth;
  int below = depth == 0 ? 0 : recurse(depth - 1, sink);
  *sink = frame[(depth * 7) % 2048];
  return below + frame[depth % 2048];
}

__global__ void overflowStack(int *out, int depth) {
  char sink;
  out[threadIdx.x] = recurse(depth, &sink);
}

__global__ void trapping(int *out) {
  if (threadIdx.x == 3)
    __trap();
  out[threadIdx.x] = 1;
}

__global__ void divide(int *out, int divisor) {
  out[threadIdx.x] = 100 / (divisor - (int)threadIdx.x);
}

__global__ void fill(int *out, int value) { out[threadIdx.x] = value; }

static void report(const char *what, cudaError_t launch) {
  cudaError_t sync = cudaDeviceSynchronize();
  void *more = nullptr;
  cudaError_t after = cudaMalloc(&more, 16);
  printf("%s: launch %s, sync %s, after %s\n", what, cudaGetErrorName(launch),
         cudaGetErrorName(sync), cudaGetErrorName(after));
  cudaError_t reset = cudaDeviceReset();
  int *out = nullptr;
  cudaMalloc(&out, 32 * sizeof(int));
  fill<<<1, 32>>>(out, 42);
  int host[32] = {};
  cudaError_t copy = cudaMemcpy(host, out, sizeof(host), cudaMemcpyDeviceToHost);
  printf("%s: reset %s, then %s, value %d\n", what, cudaGetErrorName(reset),
         cudaGetErrorName(copy), host[31]);
  cudaFree(out);
}

int main() {
  int *data = nullptr;
  cudaMalloc(&data, 64 * sizeof(int));
  outOfBounds<<<4, 32>>>(data, 1ll << 40);
  report("out of bounds", cudaGetLastError());

  cudaMalloc(&data, 64 * sizeof(int));
  overflowStack<<<1, 4>>>(data, 100000);
  report("stack overflow", cudaGetLastError());

  cudaMalloc(&data, 64 * sizeof(int));
  trapping<<<2, 32>>>(data);
  report("trap", cudaGetLastError());

  cudaMalloc(&data, 64 * sizeof(int));
  divide<<<1, 32>>>(data, 5);
  report("division by zero", cudaGetLastError());

  // In range, the same kernels work.
  cudaMalloc(&data, 64 * sizeof(int));
  overflowStack<<<1, 4>>>(data, 20);
  outOfBounds<<<1, 32>>>(data, 0);
  printf("in range: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  return 0;
}
