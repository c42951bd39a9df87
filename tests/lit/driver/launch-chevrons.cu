// nvcc accepts launches spelled with spaces inside the chevrons (Rodinia's
// particlefilter writes them so); clang alone does not. Comments and strings
// keep their text.
// RUN: nvcc -c %s -o %t.o
// RUN: nvcc -E %s | FileCheck %s
__global__ void step(int *p) { p[threadIdx.x] += 1; }
void run(int *p) {
  // CHECK: step<<< 1, 32>>> (p);
  step<< <1, 32>> >(p);
  // CHECK: "<< < kept >> >"
  const char *text = "<< < kept >> >";
  (void)text;
}
