// Host OpenMP next to a kernel, as HPC programs mix them.
#include <cstdio>
#include <omp.h>

int gnu_sum(int n);      // from a g++ -fopenmp object (Inputs/openmp-gnu.cpp)
int gnu_team_size();

__global__ void fill(int *p) { p[threadIdx.x] = threadIdx.x; }

int main() {
  int sum = 0, team = 0;
#pragma omp parallel for reduction(+ : sum)
  for (int i = 0; i < 100; ++i)
    sum += i;
#pragma omp parallel
  {
#pragma omp single
    team = omp_get_num_threads();
  }
  int *d, h[32];
  cudaMalloc(&d, sizeof h);
  fill<<<1, 32>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  printf("rubicon: sum=%d team=%d kernel=%d\n", sum, team, h[31]);
#ifdef WITH_GNU
  printf("gnu: sum=%d team=%d\n", gnu_sum(100), gnu_team_size());
#endif
  return 0;
}
