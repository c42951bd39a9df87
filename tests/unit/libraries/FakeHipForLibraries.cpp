// The stand-in libamdhip64 of the HIP backend's tests (one device, host
// memory as device memory; every other function a weak stub that succeeds),
// for the libraries' tests that reach device memory on the AMD target.
#include "../../e2e/host/Inputs/driver_api_fake_hip.cpp"

// Copies on a stream happen at once (one device, host memory).
extern "C" HipError hipMemcpyAsync(void *Dst, const void *Src, size_t Count,
                                   int, HipStream) {
  std::memcpy(Dst, Src, Count);
  return 0;
}
