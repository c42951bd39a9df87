// Values kept across __syncthreads once for the block (they are the same in
// every thread) instead of once per thread, in thread loops on the host
// target (lowering/host/HostThreadLoops.cpp, markBlockUniform): every result
// is checked against the CPU here, and the output must be the same with
// RUBICON_HOST_THREAD_LOOPS=0 (every kernel on fibers).
#include <cstdio>

#define HEIGHT 16
#define WIDTH 16

// Rodinia backprop's reduction: the loop's counter, the power of two made of
// it and what the barrier splits are the same in every thread.
__global__ void columnSums(const float *in, float *out) {
  __shared__ float tile[HEIGHT][WIDTH];
  int tx = threadIdx.x, ty = threadIdx.y;
  tile[ty][tx] = in[(blockIdx.y * HEIGHT + ty) * WIDTH + tx];
  __syncthreads();
  for (int i = 1; i <= __log2f(HEIGHT); i++) {
    int power = __powf(2, i);
    if (ty % power == 0)
      tile[ty][tx] = tile[ty][tx] + tile[ty + power / 2][tx];
    __syncthreads();
  }
  if (ty == 0)
    out[blockIdx.y * WIDTH + tx] = tile[0][tx];
}

// Two nested loops with barriers, counters and a scale from the block's index
// kept across them; threads past `live` leave before the first barrier.
__global__ void nested(int *out, int outer, int inner, int live) {
  __shared__ int acc[64];
  int t = threadIdx.x;
  if (t >= live)
    return;
  acc[t] = 0;
  float scale = exp2f((float)(blockIdx.x % 3));
  __syncthreads();
  for (int i = 0; i < outer; ++i) {
    for (int j = 1; j <= inner; j *= 2) {
      int k = (t + i * j) % live;
      int v = acc[k] + (int)scale * j;
      __syncthreads();
      acc[t] = v;
      __syncthreads();
    }
  }
  out[blockIdx.x * 64 + t] = acc[t];
}

// A block-wide value used after a barrier that only some blocks wait at: in
// the others, in the round that computes it (kept per thread).
__global__ void maybeWait(float *out, float x) {
  __shared__ float s[32], r[32];
  float e = exp2f(x + blockIdx.x % 8);
  s[threadIdx.x] = threadIdx.x;
  r[threadIdx.x] = 0;
  if (blockIdx.x % 2) {
    __syncthreads();
    r[threadIdx.x] = s[31 - threadIdx.x];
  }
  out[blockIdx.x * 32 + threadIdx.x] = e + r[threadIdx.x];
}

int main() {
  const int Blocks = 40;
  int wrong = 0;

  {
    float hin[Blocks * HEIGHT * WIDTH], hout[Blocks * WIDTH];
    for (int i = 0; i < Blocks * HEIGHT * WIDTH; ++i)
      hin[i] = (float)((i * 37) % 101) / 8.0f;
    float *din, *dout;
    cudaMalloc(&din, sizeof hin);
    cudaMalloc(&dout, sizeof hout);
    cudaMemcpy(din, hin, sizeof hin, cudaMemcpyHostToDevice);
    columnSums<<<dim3(1, Blocks), dim3(WIDTH, HEIGHT)>>>(din, dout);
    cudaMemcpy(hout, dout, sizeof hout, cudaMemcpyDeviceToHost);
    for (int b = 0; b < Blocks; ++b)
      for (int x = 0; x < WIDTH; ++x) {
        float tile[HEIGHT];
        for (int y = 0; y < HEIGHT; ++y)
          tile[y] = hin[(b * HEIGHT + y) * WIDTH + x];
        for (int p = 2; p <= HEIGHT; p *= 2)
          for (int y = 0; y < HEIGHT; y += p)
            tile[y] += tile[y + p / 2];
        wrong += hout[b * WIDTH + x] != tile[0];
      }
    printf("column sums: %d wrong, first %.3f\n", wrong, hout[0]);
    cudaFree(din);
    cudaFree(dout);
  }

  {
    const int Outer = 3, Inner = 8, Live = 50;
    int hout[Blocks * 64] = {};
    int *dout;
    cudaMalloc(&dout, sizeof hout);
    cudaMemset(dout, 0, sizeof hout);
    nested<<<Blocks, 64>>>(dout, Outer, Inner, Live);
    cudaMemcpy(hout, dout, sizeof hout, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int b = 0; b < Blocks; ++b) {
      int acc[64] = {};
      int scale = 1 << (b % 3);
      for (int i = 0; i < Outer; ++i)
        for (int j = 1; j <= Inner; j *= 2) {
          int v[64];
          for (int t = 0; t < Live; ++t)
            v[t] = acc[(t + i * j) % Live] + scale * j;
          for (int t = 0; t < Live; ++t)
            acc[t] = v[t];
        }
      for (int t = 0; t < 64; ++t)
        bad += hout[b * 64 + t] != (t < Live ? acc[t] : 0);
    }
    printf("nested: %d wrong, last %d\n", bad, hout[(Blocks - 1) * 64 + 1]);
    wrong += bad;
    cudaFree(dout);
  }

  {
    float hout[Blocks * 32];
    float *dout;
    cudaMalloc(&dout, sizeof hout);
    maybeWait<<<Blocks, 32>>>(dout, 1.0f);
    cudaMemcpy(hout, dout, sizeof hout, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int b = 0; b < Blocks; ++b)
      for (int t = 0; t < 32; ++t) {
        float e = (float)(1 << (1 + b % 8));
        if (b % 2)
          e += 31 - t;
        bad += hout[b * 32 + t] != e;
      }
    printf("maybe wait: %d wrong\n", bad);
    wrong += bad;
    cudaFree(dout);
  }

  cudaError_t E = cudaDeviceSynchronize();
  printf("%s\n", wrong == 0 && E == cudaSuccess ? "PASSED" : "FAILED");
  return wrong != 0;
}
