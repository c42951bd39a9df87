// %z1 is an operand modifier neither nvcc nor Rubicon supports.
__global__ void k(int *P) {
  int V;
  asm("mov.u32 %0, %z1;" : "=r"(V) : "r"(1));
  *P = V;
}
