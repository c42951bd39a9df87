// __float2half and __float2half_rn on the host target, where
// rubicon-host-expand-half rounds float to half inline instead of calling
// the C runtime's __truncsfhf2: bit for bit the C runtime's results (the
// host side's _Float16 conversion), on every half's float value, the
// midpoints between neighbouring halves (ties to even) and one float ulp on
// each side of them, overflow, subnormals and infinities; NaN is CUDA's
// canonical 0x7fff.
#include <cstdio>
#include <cstring>
#include <vector>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

__global__ void narrow(const float *in, unsigned short *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    __half h = __float2half_rn(in[i]);
    out[i] = __half_as_ushort(h);
  }
}

static float fromBits(unsigned U) {
  float F;
  std::memcpy(&F, &U, 4);
  return F;
}
static unsigned bitsOf(float F) {
  unsigned U;
  std::memcpy(&U, &F, 4);
  return U;
}
// CUDA's conversion gives the canonical NaN 0x7fff.
static unsigned short reference(float F) {
  if (F != F)
    return 0x7fff;
  _Float16 H = (_Float16)F;
  unsigned short U;
  std::memcpy(&U, &H, 2);
  return U;
}
static float halfValue(unsigned short H) {
  _Float16 V;
  std::memcpy(&V, &H, 2);
  return (float)V;
}

int main() {
  std::vector<float> In;
  for (unsigned H = 0; H < 0x7c00; ++H) {
    float Low = halfValue(H), High = halfValue(H + 1);
    float Mid = (Low + High) / 2; // exact in float
    for (float Sign : {1.0f, -1.0f}) {
      In.push_back(Sign * Low);
      In.push_back(Sign * Mid);
      In.push_back(Sign * fromBits(bitsOf(Mid) - 1));
      In.push_back(Sign * fromBits(bitsOf(Mid) + 1));
    }
  }
  const unsigned Specials[] = {
      0x7f800000, 0xff800000,             // infinities
      0x7f7fffff, 0x47800000, 0x477ff000, // FLT_MAX, 2^16, 65520
      0x477fefff, 0x477fe000,             // just below 65520, 65504
      0x00000001, 0x00800000, 0x33000000, // float subnormal, 2^-126, 2^-25
      0x33000001, 0x33400000, 0x80000000, // above 2^-25, 3 * 2^-26, -0
      0x387fc000, 0x387fe000, 0x387fffff, // around the smallest normal half
      0x7fc00000, 0xffc00000, 0x7f800001, // NaNs: quiet, signalling
      0x7fbfffff, 0x7fc12345, 0xff812345};
  for (unsigned U : Specials)
    In.push_back(fromBits(U));
  int N = (int)In.size();
  float *DIn;
  unsigned short *DOut;
  cudaMalloc(&DIn, N * sizeof(float));
  cudaMalloc(&DOut, N * sizeof(unsigned short));
  cudaMemcpy(DIn, In.data(), N * sizeof(float), cudaMemcpyHostToDevice);
  narrow<<<(N + 255) / 256, 256>>>(DIn, DOut, N);
  std::vector<unsigned short> Out(N);
  cudaMemcpy(Out.data(), DOut, N * sizeof(unsigned short),
             cudaMemcpyDeviceToHost);
  if (cudaDeviceSynchronize() != cudaSuccess) {
    std::printf("FAILED: %s\n", cudaGetErrorString(cudaGetLastError()));
    return 1;
  }
  int Wrong = 0;
  for (int I = 0; I < N; ++I)
    if (Out[I] != reference(In[I]) && Wrong++ < 10)
      std::printf("%08x: %04x, expected %04x\n", bitsOf(In[I]), Out[I],
                  reference(In[I]));
  std::printf("%d values, %d wrong\n", N, Wrong);
  // A few results by name.
  int Base = N - (int)(sizeof(Specials) / sizeof(Specials[0]));
  for (int I = Base; I < N; ++I)
    std::printf("%08x -> %04x\n", bitsOf(In[I]), Out[I]);
  std::printf(Wrong ? "FAILED\n" : "PASSED\n");
  return Wrong != 0;
}
