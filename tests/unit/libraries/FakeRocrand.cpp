//===- FakeRocrand.cpp - A stand-in librocrand for the cuRAND tests -------===//
//
// Part of Rubicon's unit tests. Loaded by libcurand through
// RUBICON_ROCRAND_LIBRARY (CurandRocmTest.cpp): each function appends what
// it received to a log read back with fake_rocrand_log().
//
//===----------------------------------------------------------------------===//
#include <cstddef>
#include <cstdio>
#include <string>

namespace {
std::string Log;
int GeneratorObject;
template <class... Ts> void record(const char *Format, Ts... Args) {
  char Line[256];
  std::snprintf(Line, sizeof(Line), Format, Args...);
  Log += Line;
  Log += '\n';
}
} // namespace

extern "C" {
const char *fake_rocrand_log() { return Log.c_str(); }
void fake_rocrand_clear() { Log.clear(); }

int rocrand_create_generator(void **G, int Type) {
  *G = &GeneratorObject;
  record("create_generator %d", Type);
  return 0;
}
int rocrand_destroy_generator(void *G) {
  record("destroy_generator %s", G == &GeneratorObject ? "ours" : "other");
  return 0;
}
int rocrand_set_stream(void *, void *Stream) {
  record("set_stream %p", Stream);
  return 0;
}
int rocrand_set_seed(void *, unsigned long long Seed) {
  record("set_seed %llu", Seed);
  return 0;
}
int rocrand_set_offset(void *, unsigned long long Offset) {
  record("set_offset %llu", Offset);
  return 0;
}
int rocrand_generate(void *, unsigned *Out, size_t N) {
  record("generate %zu", N);
  for (size_t I = 0; I < N; ++I)
    Out[I] = unsigned(I * 3);
  return 0;
}
int rocrand_generate_normal(void *, float *, size_t N, float Mean,
                            float Stddev) {
  record("generate_normal %zu %g %g", N, Mean, Stddev);
  return 0;
}
int rocrand_generate_log_normal_double(void *, double *, size_t N,
                                       double Mean, double Stddev) {
  record("generate_log_normal_double %zu %g %g", N, Mean, Stddev);
  return 104; // out of range, numbered as cuRAND's
}
}
