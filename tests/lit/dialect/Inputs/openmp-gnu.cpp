// Compiled by g++ -fopenmp: calls GNU's GOMP_* entry points.
#include <omp.h>
int gnu_sum(int n) {
  int s = 0;
#pragma omp parallel for reduction(+ : s)
  for (int i = 0; i < n; ++i)
    s += i;
  return s;
}
int gnu_team_size() {
  int t = 0;
#pragma omp parallel
  {
#pragma omp single
    t = omp_get_num_threads();
  }
  return t;
}
