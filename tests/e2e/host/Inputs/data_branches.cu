// Stores in the arms of branches on the threads' data (clamps, selects of
// floats chosen by a double or an integer condition) give the bits the host's
// plain C++ gives, NaN, infinities and -0 included, whether the arms become
// one store of a select (rubicon-host-sink-conditional-stores) and the
// selects CMOV of their bits (rubicon-host-integer-selects) or not.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>
#include <vector>
#include <cuda_runtime.h>

__host__ __device__ inline float coefficient(float x) {
  float den = (x - 0.5f) / (0.5f * 1.5f);
  return 1.0 / (1.0 + den); // rounded from double, as srad computes it
}

__global__ void clampGuarded(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float c = coefficient(in[i]);
    if (c < 0)
      out[i] = 0;
    else if (c > 1)
      out[i] = 1;
    else
      out[i] = c;
  }
}

__global__ void clampTile(const float *in, float *out, int cols) {
  __shared__ float result[16][16];
  int tx = threadIdx.x, ty = threadIdx.y;
  int index = (blockIdx.y * 16 + ty) * cols + blockIdx.x * 16 + tx;
  float c = coefficient(in[index]);
  if (c < 0)
    result[ty][tx] = 0;
  else if (c > 1)
    result[ty][tx] = 1;
  else
    result[ty][tx] = c;
  __syncthreads();
  out[index] = result[ty - (ty > 0)][tx]; // a neighbour's result
}

__global__ void pickDouble(const float *in, double *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  double a = in[i], b = -2.0 * in[i];
  if ((i * 7) % 3 == 1 || in[i] > 0.75f)
    out[i] = a;
  else
    out[i] = b;
}

static bool sameBits(const void *A, const void *B, size_t Size) {
  return std::memcmp(A, B, Size) == 0;
}

int main() {
  const int cols = 64, rows = 48, n = cols * rows;
  std::vector<float> in(n);
  unsigned seed = 12345;
  for (int i = 0; i < n; ++i) {
    seed = seed * 1664525u + 1013904223u;
    in[i] = -1.0f + 3.0f * float(seed >> 8) / float(1u << 24);
  }
  const float specials[] = {std::numeric_limits<float>::quiet_NaN(),
                            std::numeric_limits<float>::infinity(),
                            -std::numeric_limits<float>::infinity(),
                            -0.0f, 0.0f, 0.5f, -0.25f, 1e-30f, 2.0f};
  for (int i = 0; i < int(sizeof specials / sizeof *specials); ++i)
    in[i * 97 % n] = specials[i];

  float *din, *dout;
  double *dpick;
  cudaMalloc(&din, n * sizeof(float));
  cudaMalloc(&dout, n * sizeof(float));
  cudaMalloc(&dpick, n * sizeof(double));
  cudaMemcpy(din, in.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  int failures = 0;
  std::vector<float> out(n);
  std::vector<double> picked(n);

  int guardedN = n - 37; // a partial last block
  cudaMemset(dout, 0, n * sizeof(float));
  clampGuarded<<<(guardedN + 127) / 128, 128>>>(din, dout, guardedN);
  cudaMemcpy(out.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    float want = 0;
    if (i < guardedN) {
      float c = coefficient(in[i]);
      want = c < 0 ? 0.0f : c > 1 ? 1.0f : c;
    }
    if (!sameBits(&out[i], &want, sizeof want) && failures++ < 5)
      std::printf("FAIL: clampGuarded[%d] = %a, expected %a\n", i, out[i], want);
  }

  clampTile<<<dim3(cols / 16, rows / 16), dim3(16, 16)>>>(din, dout, cols);
  cudaMemcpy(out.data(), dout, n * sizeof(float), cudaMemcpyDeviceToHost);
  for (int y = 0; y < rows; ++y)
    for (int x = 0; x < cols; ++x) {
      int ty = y % 16, from = (y - (ty > 0)) * cols + x;
      float c = coefficient(in[from]);
      float want = c < 0 ? 0.0f : c > 1 ? 1.0f : c;
      if (!sameBits(&out[y * cols + x], &want, sizeof want) && failures++ < 5)
        std::printf("FAIL: clampTile[%d][%d] = %a, expected %a\n", y, x,
                    out[y * cols + x], want);
    }

  pickDouble<<<(n + 127) / 128, 128>>>(din, dpick, n);
  cudaMemcpy(picked.data(), dpick, n * sizeof(double), cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; ++i) {
    double want = ((i * 7) % 3 == 1 || in[i] > 0.75f) ? double(in[i])
                                                      : -2.0 * in[i];
    if (!sameBits(&picked[i], &want, sizeof want) && failures++ < 5)
      std::printf("FAIL: pickDouble[%d] = %a, expected %a\n", i, picked[i], want);
  }

  std::printf("%s\n", cudaGetErrorString(cudaGetLastError()));
  std::printf("%s\n", failures ? "FAILED" : "PASSED");
  return failures != 0;
}
