/* Rodinia's gaussian prints its matrices only in a verbose mode that no
   option turns on: tests/e2e/emulated/Inputs/rodinia.sh links it with
   --wrap=cudaMemcpy, and this prints every device-to-host copy (the
   eliminated matrix, its multipliers and right-hand side) as floats. */
#include <stddef.h>
#include <stdio.h>

int __real_cudaMemcpy(void *to, const void *from, size_t bytes, int kind);

int __wrap_cudaMemcpy(void *to, const void *from, size_t bytes, int kind) {
  int status = __real_cudaMemcpy(to, from, bytes, kind);
  if (kind == 2) { /* cudaMemcpyDeviceToHost */
    const float *values = (const float *)to;
    printf("device to host, %zu bytes, status %d:\n", bytes, status);
    for (size_t i = 0; i < bytes / sizeof(float); ++i)
      printf("%.6g%s", values[i], (i + 1) % 8 ? " " : "\n");
    printf("\n");
  }
  return status;
}
