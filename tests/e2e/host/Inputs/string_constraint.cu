// nvcc's "C" asm operand: a constant char array whose contents are pasted
// into the asm text (one template, several instructions).
#include "string_constraint.h"
#include <cstdio>

struct MinOp { static constexpr const char name[] = "min"; };
struct MaxOp { static constexpr const char name[] = "max"; };
static constexpr const char kEmpty[] = "";

template <class Op> __device__ int select(int a, int b) {
  int result;
  // The constraint may be followed by white space, even a new line, before
  // its operand; an empty string pastes nothing.
  asm("%1.s32 %0, %2, %3%4;"
      : "=r"(result)
      : "C"
        (Op::name), "r"(a), "r"(b), "C"(kEmpty));
  return result;
}

__global__ void kernel(const float *in, float *rounded, int *picked) {
  rounded[0] = addRounded<0>(in[0], in[1]);
  rounded[1] = addRounded<1>(in[0], in[1]);
  rounded[2] = addRounded<2>(in[0], in[1]);
  rounded[3] = addRounded<3>(in[0], in[1]);
  picked[0] = select<MinOp>(-7, 3);
  picked[1] = select<MaxOp>(-7, 3);
}

int main() {
  // 1 + 1.5 ulp(1)/2: between two floats, nearer the upper one.
  float input[2] = {1.0f, 0x1.8p-24f};
  float *in, *rounded;
  int *picked;
  cudaMalloc(&in, sizeof input);
  cudaMalloc(&rounded, 4 * sizeof(float));
  cudaMalloc(&picked, 2 * sizeof(int));
  cudaMemcpy(in, input, sizeof input, cudaMemcpyHostToDevice);
  kernel<<<1, 1>>>(in, rounded, picked);
  float r[4];
  int p[2];
  cudaMemcpy(r, rounded, sizeof r, cudaMemcpyDeviceToHost);
  cudaMemcpy(p, picked, sizeof p, cudaMemcpyDeviceToHost);
  printf("rz %a rn %a rm %a rp %a\n", r[0], r[1], r[2], r[3]);
  printf("min %d max %d\n", p[0], p[1]);
  // Text that only looks like the constraint stays as written.
  printf("literal: \"C\"(x)\n");
  return cudaGetLastError() != cudaSuccess;
}
