// Compiled by clang with no known CUDA version, so <<<...>>> uses the legacy
// sequence: cudaConfigureCall, cudaSetupArgument per argument, cudaLaunch.
__global__ void scale(float *Data, double Factor, char Tag) {
  Data[threadIdx.x] *= static_cast<float>(Factor) + Tag;
}

const void *scaleStub() { return reinterpret_cast<const void *>(&scale); }

cudaError_t launchScale(float *Data, cudaStream_t Stream) {
  scale<<<5, 64, 0, Stream>>>(Data, 2.5, 'x');
  return cudaGetLastError();
}
