// AMD GPUs have no launch from device code: cudaGetParameterBuffer gives
// NULL, a launch fails with cudaErrorNotSupported, which device code's
// cudaGetLastError reports once; the rest of the device runtime works.
#include <cstdio>

__global__ void child(int *Out) { Out[9] = 1; }

__global__ void parent(int *Out) {
  child<<<1, 1>>>(Out);
  Out[0] = cudaPeekAtLastError();
  Out[1] = cudaGetLastError();
  Out[2] = cudaGetLastError();
  Out[3] = cudaGetParameterBuffer(64, 8) != nullptr;
  Out[4] = cudaGetLastError();
  cudaStream_t S;
  Out[5] = cudaStreamCreateWithFlags(&S, cudaStreamNonBlocking);
  Out[6] = 5;
  Out[7] = cudaMemcpyAsync(Out + 8, Out + 6, sizeof(int),
                           cudaMemcpyDeviceToDevice, S);
  Out[10] = cudaStreamDestroy(S);
}

int main() {
  int *D, H[11];
  cudaMalloc(&D, sizeof H);
  cudaMemset(D, 0, sizeof H);
  parent<<<1, 1>>>(D);
  cudaError_t E = cudaDeviceSynchronize();
  cudaMemcpy(H, D, sizeof H, cudaMemcpyDeviceToHost);
  printf("%s; launch: peek %d get %d then %d; buffer %d (%d); stream %d, "
         "copy %d -> %d, child ran %d, destroy %d\n",
         cudaGetErrorName(E), H[0], H[1], H[2], H[3], H[4], H[5], H[7], H[8],
         H[9], H[10]);
  return 0;
}
