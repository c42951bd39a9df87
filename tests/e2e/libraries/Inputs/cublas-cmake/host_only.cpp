// A C++ file (host compiler, no CUDA language) that uses the C math
// functions with only cublas_v2.h included: the toolkit's cuComplex.h brings
// them in, and programs rely on it.
#include <cublas_v2.h>
#include <cstdio>

int main() {
  cuDoubleComplex Z = make_cuDoubleComplex(3, 4);
  std::printf("host_only: |z| %g, sqrt %g, fabs %g\n", cuCabs(Z), sqrt(16.0),
              fabs(-2.5));
  return 0;
}
