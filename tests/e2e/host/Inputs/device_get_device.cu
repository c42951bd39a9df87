// cudaGetDevice in device code returns the device the grid runs on, in a
// grid the host launched and in a child grid launched from device code.
#include <cstdio>

__global__ void child(int *out) {
  int device = -1;
  cudaGetDevice(&device);
  out[1] = device;
}

__global__ void parent(int *out) {
  int device = -1;
  out[2] = cudaGetDevice(&device);
  out[0] = device;
  child<<<1, 1>>>(out);
  out[3] = cudaGetDevice(nullptr);
}

int main() {
  int count = 0;
  cudaGetDeviceCount(&count);
  for (int d = count - 1; d >= 0; --d) {
    cudaSetDevice(d);
    int *out = nullptr;
    cudaMallocManaged(&out, 4 * sizeof(int));
    out[0] = out[1] = -1;
    parent<<<1, 1>>>(out);
    cudaError_t sync = cudaDeviceSynchronize();
    printf("device %d: grid %d, child %d, status %d, null %d, sync %s\n", d,
           out[0], out[1], out[2], out[3], cudaGetErrorName(sync));
    cudaFree(out);
  }
  return 0;
}
