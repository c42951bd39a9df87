// What nvcc rejects stays an error: a written initializer, or a
// namespace-scope __shared__ variable that needs construction.
struct S {
  int x;
  __device__ S() { x = 5; }
  __device__ S(int a) { x = a; }
};

__shared__ S atNamespaceScope;

template <class T> __global__ void templated(int *out) {
  __shared__ T v = 2;
  out[0] = v;
}

__global__ void kernel(int *out) {
  __shared__ int i = 1;
  __shared__ S s(3);
  out[0] = i + s.x;
}

template __global__ void templated<int>(int *);
