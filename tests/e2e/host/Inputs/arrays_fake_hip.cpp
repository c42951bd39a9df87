// The pitched-memory functions of a stand-in libamdhip64 (linked with
// driver_api_fake_hip.cpp's device and weak stubs) for
// driver-arrays-hip-backend.test: each prints what libcuda's HIP backend
// hands it for CUDA arrays (offsets from the start of the allocation they
// touch) and does the work in host memory.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

using HipError = int;
using HipStream = void *;

namespace {
char *Allocation = nullptr; // the last pitched allocation
size_t AllocationBytes = 0;

long offsetOf(const void *P) {
  const char *C = static_cast<const char *>(P);
  return C >= Allocation && C < Allocation + AllocationBytes
             ? long(C - Allocation)
             : -1; // not in the array: host memory
}

void copy2D(void *Dst, size_t DPitch, const void *Src, size_t SPitch,
            size_t Width, size_t Height) {
  for (size_t Y = 0; Y < Height; ++Y)
    std::memcpy(static_cast<char *>(Dst) + Y * DPitch,
                static_cast<const char *>(Src) + Y * SPitch, Width);
}
} // namespace

extern "C" {
HipError hipMallocPitch(void **Ptr, size_t *Pitch, size_t Width,
                        size_t Height) {
  *Pitch = (Width + 63) / 64 * 64;
  AllocationBytes = *Pitch * Height;
  Allocation = static_cast<char *>(std::calloc(AllocationBytes, 1));
  *Ptr = Allocation;
  std::printf("hipMallocPitch: %zu bytes x %zu rows, pitch %zu\n", Width,
              Height, *Pitch);
  return 0;
}
HipError hipMemcpy2D(void *Dst, size_t DPitch, const void *Src, size_t SPitch,
                     size_t Width, size_t Height, int Kind) {
  std::printf("hipMemcpy2D: dst %ld pitch %zu, src %ld pitch %zu, %zu x %zu, "
              "kind %d\n",
              offsetOf(Dst), DPitch, offsetOf(Src), SPitch, Width, Height,
              Kind);
  copy2D(Dst, DPitch, Src, SPitch, Width, Height);
  return 0;
}
HipError hipMemcpy2DAsync(void *Dst, size_t DPitch, const void *Src,
                          size_t SPitch, size_t Width, size_t Height, int Kind,
                          HipStream) {
  std::printf("hipMemcpy2DAsync: dst %ld pitch %zu, src %ld pitch %zu, "
              "%zu x %zu, kind %d\n",
              offsetOf(Dst), DPitch, offsetOf(Src), SPitch, Width, Height,
              Kind);
  copy2D(Dst, DPitch, Src, SPitch, Width, Height);
  return 0;
}
HipError hipMemcpyAsync(void *Dst, const void *Src, size_t Count, int Kind,
                        HipStream) {
  std::printf("hipMemcpyAsync: dst %ld, src %ld, %zu bytes, kind %d\n",
              offsetOf(Dst), offsetOf(Src), Count, Kind);
  std::memcpy(Dst, Src, Count);
  return 0;
}
HipError hipMemsetD32(void *Dst, int Value, size_t Count) {
  std::printf("hipMemsetD32: %ld, %#x x %zu\n", offsetOf(Dst), Value, Count);
  for (size_t I = 0; I < Count; ++I)
    std::memcpy(static_cast<char *>(Dst) + 4 * I, &Value, 4);
  return 0;
}
}
