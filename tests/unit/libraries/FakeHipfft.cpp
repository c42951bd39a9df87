//===- FakeHipfft.cpp - A stand-in libhipfft for the cuFFT tests ----------===//
//
// Part of Rubicon's unit tests. Loaded by libcufft through
// RUBICON_HIPFFT_LIBRARY (CufftRocmTest.cpp): each function appends what it
// received to a log read back with fake_hipfft_log().
//
//===----------------------------------------------------------------------===//
#include <cstddef>
#include <cstdio>
#include <string>

namespace {
std::string Log;
int PlanObject;
template <class... Ts> void record(const char *Format, Ts... Args) {
  char Line[256];
  std::snprintf(Line, sizeof(Line), Format, Args...);
  Log += Line;
  Log += '\n';
}
} // namespace

extern "C" {
const char *fake_hipfft_log() { return Log.c_str(); }
void fake_hipfft_clear() { Log.clear(); }

int hipfftCreate(void **Plan) {
  *Plan = &PlanObject;
  record("create");
  return 0;
}
int hipfftMakePlanMany(void *, int Rank, int *N, int *InEmbed, int IStride,
                       int IDist, int *OutEmbed, int OStride, int ODist,
                       int Type, int Batch, size_t *Work) {
  record("make_plan_many rank=%d n0=%d inembed=%s %d/%d onembed=%s %d/%d "
         "type=0x%x batch=%d",
         Rank, N[0], InEmbed ? "given" : "null", IStride, IDist,
         OutEmbed ? "given" : "null", OStride, ODist, Type, Batch);
  *Work = 4096;
  return 0;
}
int hipfftSetStream(void *, void *Stream) {
  record("set_stream %p", Stream);
  return 0;
}
int hipfftExecC2C(void *Plan, void *, void *, int Direction) {
  record("exec_c2c %s direction=%d", Plan == &PlanObject ? "ours" : "other",
         Direction);
  return 0;
}
int hipfftExecD2Z(void *, void *, void *) {
  record("exec_d2z");
  return 6; // exec failed, numbered as cuFFT's
}
int hipfftDestroy(void *) {
  record("destroy");
  return 0;
}
}
