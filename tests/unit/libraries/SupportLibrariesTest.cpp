//===- SupportLibrariesTest.cpp - NVML, and the handle-only libraries -----===//
//
// Part of Rubicon. NVML reports the runtime's devices (the host device
// here); cuBLASLt, cuSPARSE and cuSOLVER have handles and streams; NVRTC's
// programs before compilation, its options and architectures (compiling:
// tests/lit/libraries/nvrtc-compile.c).
//
//===----------------------------------------------------------------------===//
#include "cublasLt.h"
#include "cusolverDn.h"
#include "cusparse.h"
#include "nvml.h"
#include "nvrtc.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

namespace {

const int ForceHost = setenv("RUBICON_BACKEND", "host", 1);

TEST(SupportLibraries, NvmlReportsTheRuntimesDevices) {
  unsigned Count = 0;
  EXPECT_EQ(nvmlDeviceGetCount(&Count), NVML_ERROR_UNINITIALIZED);
  ASSERT_EQ(nvmlInit(), NVML_SUCCESS);
  ASSERT_EQ(nvmlDeviceGetCount(&Count), NVML_SUCCESS);
  int RuntimeCount = 0;
  ASSERT_EQ(cudaGetDeviceCount(&RuntimeCount), cudaSuccess);
  EXPECT_EQ(Count, unsigned(RuntimeCount));
  nvmlDevice_t Device;
  ASSERT_EQ(nvmlDeviceGetHandleByIndex(0, &Device), NVML_SUCCESS);
  EXPECT_EQ(nvmlDeviceGetHandleByIndex(Count, &Device), NVML_ERROR_INVALID_ARGUMENT);
  ASSERT_EQ(nvmlDeviceGetHandleByIndex(0, &Device), NVML_SUCCESS);
  cudaDeviceProp Prop;
  ASSERT_EQ(cudaGetDeviceProperties(&Prop, 0), cudaSuccess);
  char Name[NVML_DEVICE_NAME_BUFFER_SIZE];
  ASSERT_EQ(nvmlDeviceGetName(Device, Name, sizeof(Name)), NVML_SUCCESS);
  EXPECT_EQ(std::string(Name), std::string(Prop.name).substr(0, sizeof(Name) - 1));
  char Uuid[NVML_DEVICE_UUID_BUFFER_SIZE];
  ASSERT_EQ(nvmlDeviceGetUUID(Device, Uuid, sizeof(Uuid)), NVML_SUCCESS);
  // "rubicon-host-cpu" in hex, in NVML's GPU-8-4-4-4-12 form.
  EXPECT_STREQ(Uuid, "GPU-72756269-636f-6e2d-686f-73742d637075");
  nvmlMemory_t Memory;
  ASSERT_EQ(nvmlDeviceGetMemoryInfo(Device, &Memory), NVML_SUCCESS);
  EXPECT_EQ(Memory.total, Prop.totalGlobalMem);
  EXPECT_EQ(Memory.used + Memory.free, Memory.total);
  unsigned Value;
  EXPECT_EQ(nvmlDeviceGetTemperature(Device, NVML_TEMPERATURE_GPU, &Value), NVML_ERROR_NOT_SUPPORTED);
  EXPECT_EQ(nvmlDeviceGetClockInfo(Device, NVML_CLOCK_SM, &Value), NVML_SUCCESS);
  EXPECT_EQ(Value, unsigned(Prop.clockRate / 1000));
  char Small[4];
  EXPECT_EQ(nvmlDeviceGetName(Device, Small, sizeof(Small)), NVML_ERROR_INSUFFICIENT_SIZE);
  EXPECT_EQ(nvmlShutdown(), NVML_SUCCESS);
  EXPECT_EQ(nvmlDeviceGetName(Device, Name, sizeof(Name)), NVML_ERROR_UNINITIALIZED);
}

TEST(SupportLibraries, HandlesAndStreams) {
  cudaStream_t Stream = reinterpret_cast<cudaStream_t>(0x10), Got = nullptr;
  cusparseHandle_t Sparse;
  ASSERT_EQ(cusparseCreate(&Sparse), CUSPARSE_STATUS_SUCCESS);
  ASSERT_EQ(cusparseSetStream(Sparse, Stream), CUSPARSE_STATUS_SUCCESS);
  ASSERT_EQ(cusparseGetStream(Sparse, &Got), CUSPARSE_STATUS_SUCCESS);
  EXPECT_EQ(Got, Stream);
  EXPECT_STREQ(cusparseGetErrorName(CUSPARSE_STATUS_NOT_SUPPORTED), "CUSPARSE_STATUS_NOT_SUPPORTED");
  EXPECT_EQ(cusparseDestroy(Sparse), CUSPARSE_STATUS_SUCCESS);
  EXPECT_EQ(cusparseDestroy(nullptr), CUSPARSE_STATUS_NOT_INITIALIZED);

  cusolverDnHandle_t Solver;
  ASSERT_EQ(cusolverDnCreate(&Solver), CUSOLVER_STATUS_SUCCESS);
  ASSERT_EQ(cusolverDnSetStream(Solver, Stream), CUSOLVER_STATUS_SUCCESS);
  Got = nullptr;
  ASSERT_EQ(cusolverDnGetStream(Solver, &Got), CUSOLVER_STATUS_SUCCESS);
  EXPECT_EQ(Got, Stream);
  EXPECT_EQ(cusolverDnDestroy(Solver), CUSOLVER_STATUS_SUCCESS);

  cublasLtHandle_t Lt;
  ASSERT_EQ(cublasLtCreate(&Lt), CUBLAS_STATUS_SUCCESS);
  EXPECT_EQ(cublasLtGetVersion(), size_t(CUBLAS_VERSION));
  EXPECT_EQ(cublasLtDestroy(Lt), CUBLAS_STATUS_SUCCESS);
}

TEST(SupportLibraries, NvrtcProgramsBeforeCompilation) {
  nvrtcProgram Prog;
  const char *Header = "#define N 1\n", *HeaderName = nullptr;
  EXPECT_EQ(nvrtcCreateProgram(&Prog, "__global__ void k() {}", "k.cu", 1, &Header, &HeaderName),
            NVRTC_ERROR_INVALID_INPUT);
  ASSERT_EQ(nvrtcCreateProgram(&Prog, "__global__ void k() {}", "k.cu", 0, nullptr, nullptr),
            NVRTC_SUCCESS);
  ASSERT_EQ(nvrtcAddNameExpression(Prog, "k"), NVRTC_SUCCESS);
  size_t Size = 0;
  EXPECT_EQ(nvrtcGetPTXSize(Prog, &Size), NVRTC_ERROR_INVALID_PROGRAM);
  EXPECT_EQ(nvrtcGetCUBINSize(Prog, &Size), NVRTC_ERROR_INVALID_PROGRAM);
  const char *Lowered = nullptr;
  EXPECT_EQ(nvrtcGetLoweredName(Prog, "k", &Lowered), NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION);
  // An option NVRTC does not know: refused before anything runs, with a log.
  const char *Options[] = {"--gpu-architecture=compute_80", "--frobnicate"};
  EXPECT_EQ(nvrtcCompileProgram(Prog, 2, Options), NVRTC_ERROR_INVALID_OPTION);
  ASSERT_EQ(nvrtcGetProgramLogSize(Prog, &Size), NVRTC_SUCCESS);
  std::string Log(Size, '\0');
  ASSERT_EQ(nvrtcGetProgramLog(Prog, Log.data()), NVRTC_SUCCESS);
  EXPECT_NE(Log.find("unrecognized option '--frobnicate'"), std::string::npos) << Log;
  EXPECT_STREQ(nvrtcGetErrorString(NVRTC_ERROR_COMPILATION), "NVRTC_ERROR_COMPILATION");
  ASSERT_EQ(nvrtcDestroyProgram(&Prog), NVRTC_SUCCESS);
  EXPECT_EQ(Prog, nullptr);
}

TEST(SupportLibraries, NvrtcVersionAndArchitectures) {
  int Major = 0, Minor = 0, Count = 0;
  ASSERT_EQ(nvrtcVersion(&Major, &Minor), NVRTC_SUCCESS);
  EXPECT_EQ(Major, 13);
  EXPECT_EQ(Minor, 0);
  ASSERT_EQ(nvrtcGetNumSupportedArchs(&Count), NVRTC_SUCCESS);
  ASSERT_EQ(Count, 12);
  std::vector<int> Archs(Count);
  ASSERT_EQ(nvrtcGetSupportedArchs(Archs.data()), NVRTC_SUCCESS);
  EXPECT_EQ(Archs.front(), 75);
  EXPECT_EQ(Archs.back(), 121);
}

} // namespace
