// Narrowing conversions in braces in host code: a warning with nvcc (and
// g++), an error by default with clang.
#include <cstdio>

struct Point { int x, y; };

int main(int argc, char **) {
  double a = argc + 1.75;
  long big = argc;
  Point p{a, 2};
  int array[] = {a};
  short s{big};
  unsigned u{argc};
  printf("%d %d %d %d %u\n", p.x, p.y, array[0], s, u);
  return 0;
}
