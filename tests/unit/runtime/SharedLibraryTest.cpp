//===- SharedLibraryTest.cpp - libcudart.so and libcuda.so as built -------===//
//
// Part of Rubicon. Loads the toolkit's shared libraries with dlopen: every
// function ApiFunctions.def lists must be exported, internal symbols must
// not be, and the driver API must report a missing GPU without printing.
//
//===----------------------------------------------------------------------===//

#include "StderrCapture.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <dlfcn.h>
#include <string>
#include <vector>

using rubicon::cudart::testing::StderrCapture;

namespace {

struct ApiRow {
  std::string Library, Name;
};

const std::vector<ApiRow> &apiRows() {
  static const std::vector<ApiRow> Rows = {
#define API_FUNCTION(Library, Name, Status, Note) {#Library, #Name},
#include "ApiFunctions.def"
  };
  return Rows;
}

void *openLibrary(const char *Path) {
  void *Handle = dlopen(Path, RTLD_NOW | RTLD_LOCAL);
  EXPECT_NE(Handle, nullptr) << dlerror();
  return Handle;
}

TEST(SharedLibrary, ExportsEveryListedFunction) {
  void *Cudart = openLibrary(RUBICON_TEST_LIBCUDART);
  void *Cuda = openLibrary(RUBICON_TEST_LIBCUDA);
  ASSERT_TRUE(Cudart && Cuda);
  size_t Checked = 0;
  for (const ApiRow &Row : apiRows()) {
    void *Library = Row.Library == "cuda" ? Cuda : Cudart;
    EXPECT_NE(dlsym(Library, Row.Name.c_str()), nullptr)
        << Row.Library << " lacks " << Row.Name;
    ++Checked;
  }
  EXPECT_GT(Checked, 60u);
}

// cuGetProcAddress finds every exported driver function by its API name.
TEST(SharedLibrary, ProcAddressOfEveryDriverFunction) {
  void *Cuda = openLibrary(RUBICON_TEST_LIBCUDA);
  ASSERT_TRUE(Cuda);
  using GetProcAddress = int (*)(const char *, void **, int,
                                 unsigned long long, int *);
  auto Proc =
      reinterpret_cast<GetProcAddress>(dlsym(Cuda, "cuGetProcAddress_v2"));
  ASSERT_NE(Proc, nullptr);
  size_t Checked = 0;
  for (const ApiRow &Row : apiRows()) {
    if (Row.Library != "cuda")
      continue;
    void *Function = nullptr;
    int Status = -1;
    EXPECT_EQ(Proc(Row.Name.c_str(), &Function, 12040, 0, &Status), 0)
        << Row.Name;
    EXPECT_EQ(Status, 0) << Row.Name;
    EXPECT_NE(Function, nullptr) << Row.Name;
    ++Checked;
  }
  EXPECT_GT(Checked, 50u);
  // The newest ABI version of a name.
  void *Function = nullptr;
  EXPECT_EQ(Proc("cuMemAlloc", &Function, 12040, 0, nullptr), 0);
  EXPECT_EQ(Function, dlsym(Cuda, "cuMemAlloc_v2"));
  // A version whose signature changed goes to callers of the CUDA release
  // that introduced it, the older one to older callers.
  EXPECT_EQ(Proc("cuCtxCreate", &Function, 13000, 0, nullptr), 0);
  EXPECT_EQ(Function, dlsym(Cuda, "cuCtxCreate_v4"));
  EXPECT_EQ(Proc("cuCtxCreate", &Function, 12040, 0, nullptr), 0);
  EXPECT_EQ(Function, dlsym(Cuda, "cuCtxCreate_v2"));
  EXPECT_EQ(Proc("cuEventElapsedTime", &Function, 13000, 0, nullptr), 0);
  EXPECT_EQ(Function, dlsym(Cuda, "cuEventElapsedTime_v2"));
  // Not a driver function.
  int Status = -1;
  EXPECT_EQ(Proc("cudaMalloc", &Function, 12040, 0, &Status), 500);
  EXPECT_EQ(Function, nullptr);
  EXPECT_EQ(Status, 1);
  EXPECT_EQ(Proc(nullptr, &Function, 12040, 0, &Status), 1);
}

TEST(SharedLibrary, KeepsInternalsHidden) {
  void *Cudart = openLibrary(RUBICON_TEST_LIBCUDART);
  ASSERT_TRUE(Cudart);
  EXPECT_EQ(dlsym(Cudart, "_ZN7rubicon6cudart16createHipBackendEv"), nullptr);
  EXPECT_EQ(dlsym(Cudart, "cuInit"), nullptr);
}

TEST(SharedLibrary, DriverApiWithoutDevice) {
  void *Cuda = openLibrary(RUBICON_TEST_LIBCUDA);
  ASSERT_TRUE(Cuda);
  using InitFn = int (*)(unsigned);
  using CountFn = int (*)(int *);
  using NameFn = int (*)(int, const char **);
  auto CuInit = reinterpret_cast<InitFn>(dlsym(Cuda, "cuInit"));
  auto CuDeviceGetCount =
      reinterpret_cast<CountFn>(dlsym(Cuda, "cuDeviceGetCount"));
  auto CuGetErrorName = reinterpret_cast<NameFn>(dlsym(Cuda, "cuGetErrorName"));
  ASSERT_TRUE(CuInit && CuDeviceGetCount && CuGetErrorName);

  int Count = -1;
  // Before cuInit: CUDA_ERROR_NOT_INITIALIZED (3).
  EXPECT_EQ(CuDeviceGetCount(&Count), 3);
  // Without a GPU a program falls back to the host backend; the HIP path,
  // forced, must fail cleanly when HIP finds no device or is absent.
  setenv("RUBICON_BACKEND", "hip", 1);
  StderrCapture Capture;
  int Status = CuInit(0);
  unsetenv("RUBICON_BACKEND");
  std::string Printed = Capture.finish();
  EXPECT_EQ(Printed, "");
  if (Status == 0)
    GTEST_SKIP() << "an AMD GPU is present";
  const char *Name = nullptr;
  ASSERT_EQ(CuGetErrorName(Status, &Name), 0);
  // CUDA_ERROR_NO_DEVICE (100) with HIP and no GPU; CUDA_ERROR_STUB_LIBRARY
  // (34) without HIP.
  EXPECT_TRUE(Status == 100 || Status == 34) << Name;
  EXPECT_EQ(CuDeviceGetCount(&Count), Status);
  EXPECT_EQ(Count, 0);
  EXPECT_EQ(CuGetErrorName(424242, &Name), 1);
}

} // namespace
