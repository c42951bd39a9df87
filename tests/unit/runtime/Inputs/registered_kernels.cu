// Compiled by clang as CUDA host code (with a fake fat binary) into the
// RuntimeCompilerInterfaceTest: the registration and launch calls are the
// ones clang really generates.
__device__ int Counter;
__constant__ float Table[4];

__global__ void addCounter(int *Out, int Value) {
  Out[threadIdx.x] = Value + Counter;
}

const void *addCounterStub() {
  return reinterpret_cast<const void *>(&addCounter);
}
const void *counterShadow() { return &Counter; }
const void *tableShadow() { return &Table; }

cudaError_t launchAddCounter(int *Out, cudaStream_t Stream) {
  addCounter<<<dim3(2, 3), 16, 128, Stream>>>(Out, 7);
  return cudaGetLastError();
}
