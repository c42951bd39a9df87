// A member template of a dependent type called without the `template`
// keyword, in device code: nvcc accepts it, clang asks for the keyword.
#include <cstdio>

template <typename T, typename U> struct vec_cast {
  template <int N> __host__ __device__ static void cast(U *dst, const T *src) {
    for (int i = 0; i < N; ++i)
      dst[i] = U(src[i]) * 2;
  }
};
struct Scale {
  template <int N> __host__ __device__ int times(int x) const { return N * x; }
};

// Through a dependent scope (as in a FlashInfer-derived header) ...
template <typename T, typename U, int N>
__device__ void convert(U *dst, const T *src) {
  vec_cast<T, U>::cast<N>(dst, src);
}
// ... through a dependent object, and through a dependent pointer.
template <typename S, int N> __device__ int scaled(const S &s, int x) {
  return s.times<N>(x);
}
template <typename S, int N> __device__ int scaledPtr(const S *s, int x) {
  return s->times<N>(x);
}

__global__ void kernel(float *out, const int *in, int *ints) {
  convert<int, float, 4>(out, in);
  Scale s;
  ints[0] = scaled<Scale, 3>(s, 5);
  ints[1] = scaledPtr<Scale, 7>(&s, 6);
}

int main() {
  int in[4] = {1, 2, 3, 4}, *din, *dints, ints[2];
  float out[4], *dout;
  cudaMalloc(&din, sizeof in);
  cudaMalloc(&dout, sizeof out);
  cudaMalloc(&dints, sizeof ints);
  cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
  kernel<<<1, 1>>>(dout, din, dints);
  cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
  cudaMemcpy(ints, dints, sizeof ints, cudaMemcpyDeviceToHost);
  printf("convert: %g %g %g %g\n", out[0], out[1], out[2], out[3]);
  printf("scaled: %d %d\n", ints[0], ints[1]);
  return 0;
}
