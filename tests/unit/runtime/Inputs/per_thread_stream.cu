// Compiled with clang's -fgpu-default-stream=per-thread (nvcc
// --default-stream per-thread): stream 0 means the calling thread's stream.
__global__ void touch(int *Data) { Data[threadIdx.x] = 1; }

const void *touchStub() { return reinterpret_cast<const void *>(&touch); }

cudaError_t launchTouchOnDefaultStream(int *Data) {
  touch<<<1, 32>>>(Data);
  return cudaGetLastError();
}
