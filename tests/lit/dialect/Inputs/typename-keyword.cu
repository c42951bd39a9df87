// A dependent type name used without `typename` where nvcc takes it for a
// type once the template is instantiated: sizeof(T::type) and the
// functional cast T::type(x), in device code.
#include <cstdio>

struct Narrow { typedef short value_type; };
struct Wide { typedef double value_type; };

template <typename B> __device__ int bytes() { return sizeof(B::value_type); }
template <typename B> __device__ double convert(int x) {
  return B::value_type(x) / 2;
}

__global__ void kernel(int *sizes, double *values) {
  sizes[0] = bytes<Narrow>();
  sizes[1] = bytes<Wide>();
  values[0] = convert<Narrow>(7);
  values[1] = convert<Wide>(7);
}

int main() {
  int *dsizes, sizes[2];
  double *dvalues, values[2];
  cudaMalloc(&dsizes, sizeof sizes);
  cudaMalloc(&dvalues, sizeof values);
  kernel<<<1, 1>>>(dsizes, dvalues);
  cudaMemcpy(sizes, dsizes, sizeof sizes, cudaMemcpyDeviceToHost);
  cudaMemcpy(values, dvalues, sizeof values, cudaMemcpyDeviceToHost);
  printf("sizes: %d %d\n", sizes[0], sizes[1]);
  printf("values: %g %g\n", values[0], values[1]);
  return 0;
}
