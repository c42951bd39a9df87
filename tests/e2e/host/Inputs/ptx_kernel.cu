// A kernel for `nvcc -ptx`: each element doubled, plus a constant.
extern "C" __global__ void twice_plus(int *Data, int Add, int N) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < N)
    Data[I] = 2 * Data[I] + Add;
}
