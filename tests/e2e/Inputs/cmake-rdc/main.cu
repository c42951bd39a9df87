#include <cstdio>
extern __device__ int counter;
__device__ int quadruple(int x);
int launchRead(int *out);
int launch(int *out);
__global__ void direct(int *out) { out[1] = quadruple(counter) + 1; }
int main(int argc, char **) {
  if (argc > 5)
    return launchRead(nullptr) + launch(nullptr);
  int *p = nullptr;
  cudaError_t e = cudaMalloc(&p, 64);
  std::printf("rdc_app: %s\n", cudaGetErrorName(e));
  if (e == cudaSuccess) {
    direct<<<1, 1>>>(p);
    launchRead(p);
  }
  return e == cudaSuccess ? 0 : 2;
}
