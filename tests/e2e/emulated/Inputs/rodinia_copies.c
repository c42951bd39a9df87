/* Rodinia's gaussian prints its matrices only in a verbose mode that no
   option turns on, and particlefilter prints only its estimate:
   tests/e2e/emulated/Inputs/rodinia.sh links them with --wrap=cudaMemcpy,
   and this prints every device-to-host copy (gaussian's eliminated matrix,
   its multipliers and right-hand side as floats; with
   -DRODINIA_COPIES_DOUBLE, particlefilter's particles and weights as
   doubles). */
#include <stddef.h>
#include <stdio.h>

#ifdef RODINIA_COPIES_DOUBLE
typedef double element;
/* 12 significant digits: the device math library and the host's may differ
   in the last bit of a double. */
#define ELEMENT_FORMAT "%.12g"
#else
typedef float element;
#define ELEMENT_FORMAT "%.6g"
#endif

int __real_cudaMemcpy(void *to, const void *from, size_t bytes, int kind);

int __wrap_cudaMemcpy(void *to, const void *from, size_t bytes, int kind) {
  int status = __real_cudaMemcpy(to, from, bytes, kind);
  if (kind == 2) { /* cudaMemcpyDeviceToHost */
    const element *values = (const element *)to;
    printf("device to host, %zu bytes, status %d:\n", bytes, status);
    for (size_t i = 0; i < bytes / sizeof(element); ++i)
      printf(ELEMENT_FORMAT "%s", values[i], (i + 1) % 8 ? " " : "\n");
    printf("\n");
  }
  return status;
}
