// Hand-written inline PTX as real projects write it: `$` labels and a loop,
// register ranges (`.reg .b32 t<3>`), comments, `%%`-named predicates with
// `@!p`, 0F hex floats, cache operators in either order, "n" immediates.
#include <cstdio>

__device__ unsigned multiplyByLoop(unsigned n, unsigned x) {
  unsigned r;
  asm("{\n"
      "  .reg .b32 t<3>;   // three temporaries\n"
      "  .reg .pred p<2>;\n"
      "  mov.u32 t0, 0; /* the sum */\n"
      "  mov.u32 t1, %1;\n"
      "$Lloop:\n"
      "  setp.eq.u32 p0, t1, 0;\n"
      "  @p0 bra.uni $Ldone;\n"
      "  add.u32 t0, t0, %2;\n"
      "  sub.u32 t1, t1, 1;\n"
      "  bra $Lloop;\n"
      "$Ldone:\n"
      "  mov.u32 %0, t0;\n"
      "}"
      : "=r"(r)
      : "r"(n), "r"(x));
  return r;
}

__device__ int absolute(int a) {
  int r;
  asm("{ .reg .pred %%p; setp.lt.s32 %%p, %1, 0; @!%%p mov.s32 %0, %1; "
      "@%%p neg.s32 %0, %1; }"
      : "=r"(r)
      : "r"(a));
  return r;
}

__device__ float plusOne(float x) {
  float r;
  asm("add.f32 %0, %1, 0F3F800000;" : "=f"(r) : "f"(x));
  return r;
}

__device__ float pairSum(const float *p) {
  float a, b;
  asm("ld.cs.global.f32 %0, [%2];\n\tld.global.cs.f32 %1, [%2+%3];"
      : "=f"(a), "=f"(b)
      : "l"(p), "n"(4));
  return a + b;
}

__device__ unsigned majority(unsigned a, unsigned b, unsigned c) {
  unsigned r;
  asm("lop3.b32 %0, %1, %2, %3, %4;" : "=r"(r) : "r"(a), "r"(b), "r"(c), "n"(0xe8));
  return r;
}

__global__ void kernel(const float *in, unsigned *u, int *i, float *f) {
  u[0] = multiplyByLoop(7, 6);
  u[1] = multiplyByLoop(0, 6);
  i[0] = absolute(-42);
  i[1] = absolute(17);
  f[0] = plusOne(2.5f);
  f[1] = pairSum(in);
  u[2] = majority(0xff00ff00u, 0x0ff00ff0u, 0x00ffff00u);
}

int main() {
  float hostIn[2] = {1.25f, 2.5f};
  float *in, *f;
  unsigned *u;
  int *i;
  cudaMalloc(&in, sizeof hostIn);
  cudaMalloc(&f, 2 * sizeof(float));
  cudaMalloc(&u, 3 * sizeof(unsigned));
  cudaMalloc(&i, 2 * sizeof(int));
  cudaMemcpy(in, hostIn, sizeof hostIn, cudaMemcpyHostToDevice);
  kernel<<<1, 1>>>(in, u, i, f);
  unsigned hu[3];
  int hi[2];
  float hf[2];
  cudaMemcpy(hu, u, sizeof hu, cudaMemcpyDeviceToHost);
  cudaMemcpy(hi, i, sizeof hi, cudaMemcpyDeviceToHost);
  cudaMemcpy(hf, f, sizeof hf, cudaMemcpyDeviceToHost);
  printf("loop %u %u\n", hu[0], hu[1]);
  printf("abs %d %d\n", hi[0], hi[1]);
  printf("floats %g %g\n", hf[0], hf[1]);
  printf("majority %08x\n", hu[2]);
  return cudaGetLastError() != cudaSuccess;
}
