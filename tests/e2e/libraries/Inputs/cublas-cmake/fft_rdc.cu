// Separable compilation: CMake links this program with the host compiler,
// nvcc's static runtime and libcufft.so named by its full path; libcufft's
// cuda* calls bind to the program's runtime. An impulse's FFT is flat, and
// a kernel on the same stream sees the transform's result.
#include <cufft.h>
#include <cstdio>

__global__ void sum(const cufftComplex *Data, int N, float *Out) {
  float S = 0;
  for (int I = 0; I < N; ++I)
    S += Data[I].x;
  *Out = S;
}

int main() {
  const int N = 16;
  cufftComplex Host[N] = {};
  Host[0].x = 1;
  cufftComplex *Data;
  float *Sum;
  cudaMalloc(&Data, sizeof(Host));
  cudaMalloc(&Sum, sizeof(float));
  cudaStream_t Stream;
  cudaStreamCreate(&Stream);
  cudaMemcpyAsync(Data, Host, sizeof(Host), cudaMemcpyHostToDevice, Stream);
  cufftHandle Plan;
  cufftResult R = cufftPlan1d(&Plan, N, CUFFT_C2C, 1);
  cufftSetStream(Plan, Stream);
  if (R == CUFFT_SUCCESS)
    R = cufftExecC2C(Plan, Data, Data, CUFFT_FORWARD);
  sum<<<1, 1, 0, Stream>>>(Data, N, Sum);
  float Result = 0;
  cudaMemcpyAsync(&Result, Sum, sizeof(float), cudaMemcpyDeviceToHost, Stream);
  cudaStreamSynchronize(Stream);
  std::printf("fft: result %d, sum of real parts %g\n", int(R), Result);
  cufftDestroy(Plan);
  return R != CUFFT_SUCCESS || Result != N;
}
