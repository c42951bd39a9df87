// The weak stubs of the stand-in libamdhip64 (FakeHipForLibraries.cpp).
#define FAKE_HIP_STUBS
#include "../../e2e/host/Inputs/driver_api_fake_hip.cpp"
