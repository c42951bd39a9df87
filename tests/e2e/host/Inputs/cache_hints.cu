// Every cache-hinted load (__ldca, __ldcg, __ldcs, __ldlu, __ldcv) and store
// (__stwb, __stcg, __stcs, __stwt) of every scalar and vector type on the
// host target: the hint never changes the value, so each one must return /
// write exactly the bytes of its source (distinct bytes in every position).
#include <cstdio>
#include <cstring>

#define TYPES(X)                                                               \
  X(char) X(signed char) X(unsigned char) X(short) X(unsigned short) X(int)    \
  X(unsigned int) X(long) X(unsigned long) X(long long)                        \
  X(unsigned long long) X(float) X(double)                                     \
  X(char1) X(char2) X(char3) X(char4) X(uchar1) X(uchar2) X(uchar3) X(uchar4)  \
  X(short1) X(short2) X(short3) X(short4) X(ushort1) X(ushort2) X(ushort3)     \
  X(ushort4) X(int1) X(int2) X(int3) X(int4) X(uint1) X(uint2) X(uint3)        \
  X(uint4) X(long1) X(long2) X(long3) X(long4) X(ulong1) X(ulong2) X(ulong3)   \
  X(ulong4) X(longlong1) X(longlong2) X(longlong3) X(longlong4)                \
  X(ulonglong1) X(ulonglong2) X(ulonglong3) X(ulonglong4) X(float1)           \
  X(float2) X(float3) X(float4) X(double1) X(double2) X(double3) X(double4)

constexpr int N = 64, Loads = 5, Stores = 4;

// out holds Loads + Stores arrays of N values.
template <class T> __global__ void hinted(const T *in, T *out) {
  int i = threadIdx.x;
  out[0 * N + i] = __ldca(in + i);
  out[1 * N + i] = __ldcg(in + i);
  out[2 * N + i] = __ldcs(in + i);
  out[3 * N + i] = __ldlu(in + i);
  out[4 * N + i] = __ldcv(in + i);
  __stwb(out + 5 * N + i, in[i]);
  __stcg(out + 6 * N + i, in[i]);
  __stcs(out + 7 * N + i, in[i]);
  __stwt(out + 8 * N + i, in[i]);
}

static const char *hints[] = {"__ldca", "__ldcg", "__ldcs", "__ldlu", "__ldcv",
                              "__stwb", "__stcg", "__stcs", "__stwt"};

template <class T> static int check(const char *type) {
  unsigned char *in, *out;
  cudaMallocManaged(&in, sizeof(T) * N);
  cudaMallocManaged(&out, sizeof(T) * N * (Loads + Stores));
  for (size_t b = 0; b < sizeof(T) * N; ++b)
    in[b] = (unsigned char)(b * 7 + 3);
  memset(out, 0, sizeof(T) * N * (Loads + Stores));
  hinted<T><<<1, N>>>((const T *)in, (T *)out);
  int failures = 0;
  if (cudaDeviceSynchronize() != cudaSuccess) {
    printf("%s: launch failed\n", type);
    return 1;
  }
  for (int h = 0; h < Loads + Stores; ++h)
    if (memcmp(in, out + h * sizeof(T) * N, sizeof(T) * N) != 0) {
      printf("%s(%s): wrong bytes\n", hints[h], type);
      ++failures;
    }
  cudaFree(in);
  cudaFree(out);
  return failures;
}

int main() {
  int failures = 0, types = 0;
#define CHECK(T) failures += check<T>(#T), ++types;
  TYPES(CHECK)
  printf("%d types, %d hints\n", types, Loads + Stores);
  printf(failures ? "cache hints: FAILED\n" : "cache hints: PASSED\n");
  return failures != 0;
}
