#include <cstdio>
#include <cuda.h>
int main() {
  int version = 0;
  cuDriverGetVersion(&version);
  CUresult r = cuInit(0);
  const char *name = nullptr;
  cuGetErrorName(r, &name);
  std::printf("driver_query: version %d, cuInit %s\n", version, name ? name : "?");
  return 0;
}
