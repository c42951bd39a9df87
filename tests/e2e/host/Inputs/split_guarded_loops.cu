// Thread loops whose bound check is copied without it
// (rubicon-host-split-guarded-loops): every block whose threads all pass the
// check runs the copy, the others the original loop. Each kernel's result is
// compared with the same computation on the host, for grids whose last block
// is partial, full, or entirely out of range, and for an index that wraps
// past INT_MAX inside a block (the check must send that block to the
// original loop, where the wrapped, negative indices pass `i < n`).
#include <climits>
#include <cmath>
#include <cstdio>
#include <vector>

__global__ void guardedExp(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = expf(in[i]) + logf(in[i] + 1.0f);
}

__global__ void earlyReturn(float *out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  out[i] = 2.0f * out[i] + 1.0f;
}

// `n > i` and `i <= last`: both conditions, operands either way round.
__global__ void twoBounds(int *out, int n, int last) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (n > i && i <= last)
    out[i] += i;
}

// The thread's index plus an offset near INT_MAX wraps in int arithmetic;
// counts the threads for which `i < n` holds.
__global__ void wrapping(int *count, int offset, int n) {
  int i = (int)(blockIdx.x * blockDim.x + threadIdx.x + (unsigned)offset);
  if (i < n)
    atomicAdd(count, 1);
}

static int failures = 0;
static void expect(bool ok, const char *what, int detail) {
  if (!ok) {
    std::printf("FAIL: %s (%d)\n", what, detail);
    ++failures;
  }
}

int main() {
  const int size = 1000;
  std::vector<float> in(size), out(size);
  for (int i = 0; i < size; ++i)
    in[i] = 0.01f * i - 0.5f;
  float *din, *dout;
  cudaMalloc(&din, size * sizeof(float));
  cudaMalloc(&dout, size * sizeof(float));
  cudaMemcpy(din, in.data(), size * sizeof(float), cudaMemcpyHostToDevice);

  // n: partial last block, exact multiple, and fewer than one block.
  for (int n : {size, 768, 100, 0}) {
    cudaMemset(dout, 0, size * sizeof(float));
    guardedExp<<<(size + 127) / 128, 128>>>(din, dout, n);
    cudaMemcpy(out.data(), dout, size * sizeof(float), cudaMemcpyDeviceToHost);
    int wrong = 0;
    for (int i = 0; i < size; ++i) {
      // Relative to the terms: their sum cancels near in[i] = -0.45.
      float e = std::exp(in[i]), l = std::log(in[i] + 1.0f);
      float want = i < n ? e + l : 0.0f;
      float scale = i < n ? e + std::fabs(l) : 0.0f;
      if (!(std::fabs(out[i] - want) <= 1e-6f * scale))
        ++wrong;
    }
    expect(wrong == 0, "guardedExp", n);
  }

  for (unsigned n : {1000u, 512u, 1u}) {
    std::vector<float> start(size, 1.0f);
    cudaMemcpy(dout, start.data(), size * sizeof(float),
               cudaMemcpyHostToDevice);
    earlyReturn<<<8, 128>>>(dout, n);
    cudaMemcpy(out.data(), dout, size * sizeof(float), cudaMemcpyDeviceToHost);
    int wrong = 0;
    for (unsigned i = 0; i < size; ++i)
      wrong += out[i] != (i < n ? 3.0f : 1.0f);
    expect(wrong == 0, "earlyReturn", n);
  }

  int *dints;
  cudaMalloc(&dints, size * sizeof(int));
  for (int last : {999, 300, 255, -1}) {
    cudaMemset(dints, 0, size * sizeof(int));
    twoBounds<<<8, 128>>>(dints, 700, last);
    std::vector<int> ints(size);
    cudaMemcpy(ints.data(), dints, size * sizeof(int), cudaMemcpyDeviceToHost);
    int wrong = 0;
    for (int i = 0; i < size; ++i)
      wrong += ints[i] != (700 > i && i <= last ? i : 0);
    expect(wrong == 0, "twoBounds", last);
  }

  // 4 blocks of 64 threads from INT_MAX - 100: 101 indices up to INT_MAX,
  // 155 wrapped to negative ones. With n = 0 only the wrapped ones pass.
  int *dcount, count;
  cudaMalloc(&dcount, sizeof(int));
  for (int n : {0, INT_MAX}) {
    cudaMemset(dcount, 0, sizeof(int));
    wrapping<<<4, 64>>>(dcount, INT_MAX - 100, n);
    cudaMemcpy(&count, dcount, sizeof(int), cudaMemcpyDeviceToHost);
    int want = n == 0 ? 155 : 155 + 100;
    expect(count == want, "wrapping", count);
  }
  cudaError_t err = cudaDeviceSynchronize();
  std::printf("%s\n", cudaGetErrorString(err));
  std::printf(failures == 0 ? "PASSED\n" : "FAILED\n");
  return failures != 0;
}
