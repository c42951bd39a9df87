// A fault in a kernel is the sticky error of its context only: the context
// cuCtxCreate made reports it on every later call until it is destroyed,
// while another created context, the primary context and (with two devices)
// the other device's primary context keep working; cudaDeviceReset and
// cuDevicePrimaryCtxReset give a fresh primary context.
#include <cuda.h>
#include <cstdio>

__global__ void outOfBounds(int *data, long long offset) {
  data[threadIdx.x + (threadIdx.x == 17 ? offset : 0)] = 1;
}

__global__ void fill(int *out, int value) { out[threadIdx.x] = value; }

/// Fills 32 ints with Value in the current context; prints the launch, the
/// copy back and the last value.
static void works(const char *where, int value) {
  CUdeviceptr out = 0;
  CUresult alloc = cuMemAlloc(&out, 32 * sizeof(int));
  int host[32] = {};
  CUresult copy = alloc;
  if (alloc == CUDA_SUCCESS) {
    fill<<<1, 32>>>(reinterpret_cast<int *>(out), value);
    copy = cuMemcpyDtoH(host, out, sizeof(host));
    cuMemFree(out);
  }
  printf("%s: alloc %d, copy %d, value %d\n", where, alloc, copy, host[31]);
}

/// Faults in the current context; prints what the next calls return.
static void faults(const char *where) {
  CUdeviceptr data = 0;
  cuMemAlloc(&data, 64 * sizeof(int));
  outOfBounds<<<4, 32>>>(reinterpret_cast<int *>(data), 1ll << 40);
  CUresult sync = cuCtxSynchronize();
  CUdeviceptr more = 0;
  CUresult after = cuMemAlloc(&more, 16);
  printf("%s: sync %d, after %d\n", where, sync, after);
}

int main(int argc, char **argv) {
  cuInit(0);
  CUdevice device = 0;
  cuDeviceGet(&device, 0);

  CUcontext a = nullptr, b = nullptr, current = nullptr;
  printf("create a: %d\n", cuCtxCreate(&a, nullptr, 0, device));
  cuCtxGetCurrent(&current);
  printf("a current: %d\n", current == a);
  faults("a");
  printf("create b: %d\n", cuCtxCreate(&b, nullptr, 0, device));
  printf("a and b distinct: %d\n", a != b);
  works("b", 7);
  cuCtxSetCurrent(a);
  printf("a again: sync %d\n", cuCtxSynchronize());
  CUstream stream = nullptr;
  cuCtxSetCurrent(b);
  printf("b stream: %d\n", cuStreamCreate(&stream, 0));
  CUcontext ofStream = nullptr;
  cuStreamGetCtx(stream, &ofStream);
  printf("stream's context is b: %d\n", ofStream == b);
  CUdeviceptr inB = 0;
  cuMemAlloc(&inB, 64);
  CUcontext owner = nullptr;
  cuPointerGetAttribute(&owner, CU_POINTER_ATTRIBUTE_CONTEXT, inB);
  printf("memory's context is b: %d\n", owner == b);
  printf("destroy a: %d\n", cuCtxDestroy(a));
  printf("a destroyed: set %d\n", cuCtxSetCurrent(a));

  CUcontext primary = nullptr;
  cuDevicePrimaryCtxRetain(&primary, device);
  cuCtxSetCurrent(primary);
  works("primary", 42);
  faults("primary");
  cuCtxSetCurrent(b);
  works("b after primary's fault", 8);
  cuCtxSetCurrent(primary);
  printf("primary reset: %d\n", cuDevicePrimaryCtxReset(device));
  works("fresh primary", 43);

  // The runtime's sticky error is the context's too.
  cudaSetDevice(0);
  int *data = nullptr;
  cudaMalloc(&data, 64 * sizeof(int));
  outOfBounds<<<4, 32>>>(data, 1ll << 40);
  cudaError_t sync = cudaDeviceSynchronize();
  printf("runtime: sync %s, last %s\n", cudaGetErrorName(sync),
         cudaGetErrorName(cudaGetLastError()));
  cuCtxSetCurrent(b);
  works("b after the runtime's fault", 9);
  printf("b runtime: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  int count = 0;
  cudaGetDeviceCount(&count);
  if (count > 1) {
    cudaSetDevice(1);
    int *other = nullptr;
    cudaError_t alloc = cudaMalloc(&other, 128);
    fill<<<1, 32>>>(other, 5);
    int value = 0;
    cudaError_t copy =
        cudaMemcpy(&value, other + 31, sizeof(int), cudaMemcpyDeviceToHost);
    printf("device 1: %s %s %d\n", cudaGetErrorName(alloc),
           cudaGetErrorName(copy), value);
    cudaSetDevice(0);
  }
  cudaSetDevice(0);
  printf("device 0 before reset: %s\n", cudaGetErrorName(cudaMalloc(&data, 4)));
  printf("reset: %s\n", cudaGetErrorName(cudaDeviceReset()));
  printf("device 0 after reset: %s\n", cudaGetErrorName(cudaMalloc(&data, 4)));
  printf("destroy b: %d\n", cuCtxDestroy(b));
  return 0;
}
