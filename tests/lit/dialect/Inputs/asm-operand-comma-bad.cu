__device__ int f(int);
__device__ int g(int X) {
  return f((X + 1) "text");
}
