// 2D copies and fills of a single row take any pitch, 0 included, as CUDA's
// do (volumeFiltering and volumeRender upload a one-row transfer function
// with cudaMemcpy2DToArray and a source pitch of 0).
#include <cstdio>

int main() {
  float Host[8], Back[8] = {};
  for (int I = 0; I < 8; ++I)
    Host[I] = I + 0.5f;
  float *Device;
  cudaMalloc(&Device, sizeof(Host));
  cudaError_t Linear = cudaMemcpy2D(Device, 0, Host, 0, sizeof(Host), 1,
                                    cudaMemcpyHostToDevice);
  cudaMemcpy(Back, Device, sizeof(Back), cudaMemcpyDeviceToHost);
  printf("memcpy2D one row: %s %g %g\n", cudaGetErrorName(Linear), Back[0],
         Back[7]);
  cudaError_t Fill = cudaMemset2D(Device, 0, 0, sizeof(Host), 1);
  cudaMemcpy(Back, Device, sizeof(Back), cudaMemcpyDeviceToHost);
  printf("memset2D one row: %s %g\n", cudaGetErrorName(Fill), Back[7]);

  cudaChannelFormatDesc Desc = cudaCreateChannelDesc<float4>();
  cudaArray_t Array;
  cudaMallocArray(&Array, &Desc, 2, 1);
  cudaError_t To = cudaMemcpy2DToArray(Array, 0, 0, Host, 0, sizeof(Host), 1,
                                       cudaMemcpyHostToDevice);
  float Read[8] = {};
  cudaError_t From = cudaMemcpy2DFromArray(Read, 0, Array, 0, 0, sizeof(Read),
                                           1, cudaMemcpyDeviceToHost);
  printf("array one row: %s %s %g %g\n", cudaGetErrorName(To),
         cudaGetErrorName(From), Read[0], Read[7]);

  // Two rows still need a pitch as wide as a row.
  cudaError_t TwoRows = cudaMemcpy2D(Device, 0, Host, 0, 16, 2,
                                     cudaMemcpyHostToDevice);
  printf("two rows, pitch 0: %s\n", cudaGetErrorName(TwoRows));
  return 0;
}
