//===- ShippedLibrariesTest.cpp - NPP, nvJPEG, nvJitLink, libNVVM ---------===//
//
// Part of Rubicon. The libraries shipped so that projects configure: NPP's
// core and memory functions work on the runtime's device (the host device
// here); nvJPEG, nvJitLink and libNVVM give their versions and their own
// documented errors, with logs, where they provide nothing (nvJitLink: for
// inputs it cannot link).
//
//===----------------------------------------------------------------------===//
#include "npp.h"
#include "nvJitLink.h"
#include "nvjpeg.h"
#include "nvvm.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

namespace {

const int ForceHost = setenv("RUBICON_BACKEND", "host", 1);

TEST(Npp, CoreReportsTheRuntimesDevice) {
  const NppLibraryVersion *Version = nppGetLibVersion();
  ASSERT_NE(Version, nullptr);
  EXPECT_EQ(Version->major, 13);
  cudaDeviceProp Prop;
  ASSERT_EQ(cudaGetDeviceProperties(&Prop, 0), cudaSuccess);
  EXPECT_EQ(nppGetGpuNumSMs(), Prop.multiProcessorCount);
  EXPECT_EQ(nppGetMaxThreadsPerBlock(), Prop.maxThreadsPerBlock);
  EXPECT_EQ(nppGetMaxThreadsPerSM(), Prop.maxThreadsPerMultiProcessor);
  EXPECT_EQ(std::string(nppGetGpuName()), std::string(Prop.name));
  int PerSM = 0, PerBlock = 0, SMs = 0;
  EXPECT_EQ(nppGetGpuDeviceProperties(&PerSM, &PerBlock, &SMs), 0);
  EXPECT_EQ(SMs, Prop.multiProcessorCount);

  cudaStream_t Stream;
  ASSERT_EQ(cudaStreamCreateWithFlags(&Stream, cudaStreamNonBlocking),
            cudaSuccess);
  EXPECT_EQ(nppSetStream(Stream), NPP_NO_ERROR);
  EXPECT_EQ(nppGetStream(), Stream);
  NppStreamContext Context;
  ASSERT_EQ(nppGetStreamContext(&Context), NPP_NO_ERROR);
  EXPECT_EQ(Context.hStream, Stream);
  EXPECT_EQ(Context.nStreamFlags, unsigned(cudaStreamNonBlocking));
  EXPECT_EQ(Context.nMultiProcessorCount, Prop.multiProcessorCount);
  EXPECT_EQ(Context.nCudaDevAttrComputeCapabilityMajor, Prop.major);
  EXPECT_EQ(nppGetStreamContext(nullptr), NPP_NULL_POINTER_ERROR);
  EXPECT_EQ(nppSetStream(nullptr), NPP_NO_ERROR);
  cudaStreamDestroy(Stream);
}

TEST(Npp, ImagesArePitchedDeviceMemory) {
  int Step = 0;
  Npp32f *Image = nppiMalloc_32f_C3(17, 5, &Step);
  ASSERT_NE(Image, nullptr);
  EXPECT_GE(Step, int(17 * 3 * sizeof(Npp32f)));
  // Every row is writable at its pitch.
  std::vector<char> Rows(size_t(Step) * 5, 7);
  EXPECT_EQ(cudaMemcpy(Image, Rows.data(), Rows.size(), cudaMemcpyHostToDevice),
            cudaSuccess);
  nppiFree(Image);
  EXPECT_EQ(nppiMalloc_8u_C1(0, 5, &Step), nullptr);
  Npp32fc *Signal = nppsMalloc_32fc(100);
  ASSERT_NE(Signal, nullptr);
  EXPECT_EQ(cudaMemset(Signal, 0, 100 * sizeof(Npp32fc)), cudaSuccess);
  nppsFree(Signal);
}

TEST(Nvjpeg, VersionsAndNoCodec) {
  int Major = 0, Minor = -1;
  EXPECT_EQ(nvjpegGetProperty(MAJOR_VERSION, &Major), NVJPEG_STATUS_SUCCESS);
  EXPECT_EQ(nvjpegGetProperty(MINOR_VERSION, &Minor), NVJPEG_STATUS_SUCCESS);
  EXPECT_EQ(Major, NVJPEG_VER_MAJOR);
  EXPECT_EQ(Minor, NVJPEG_VER_MINOR);
  int Runtime = 0, CudartMajor = 0;
  ASSERT_EQ(cudaRuntimeGetVersion(&Runtime), cudaSuccess);
  EXPECT_EQ(nvjpegGetCudartProperty(MAJOR_VERSION, &CudartMajor),
            NVJPEG_STATUS_SUCCESS);
  EXPECT_EQ(CudartMajor, Runtime / 1000);
  nvjpegHandle_t Handle = reinterpret_cast<nvjpegHandle_t>(1);
  EXPECT_EQ(nvjpegCreateSimple(&Handle),
            NVJPEG_STATUS_IMPLEMENTATION_NOT_SUPPORTED);
  EXPECT_EQ(Handle, nullptr);
  EXPECT_EQ(nvjpegCreateSimple(nullptr), NVJPEG_STATUS_INVALID_PARAMETER);
}

TEST(NvJitLink, HandlesLogsAndRefusals) {
  unsigned Major = 0, Minor = 0;
  ASSERT_EQ(nvJitLinkVersion(&Major, &Minor), NVJITLINK_SUCCESS);
  EXPECT_EQ(Major, 13u);
  nvJitLinkHandle Handle = nullptr;
  const char *NoArch[] = {"-lto"};
  EXPECT_EQ(nvJitLinkCreate(&Handle, 1, NoArch), NVJITLINK_ERROR_MISSING_ARCH);
  const char *Options[] = {"-lto", "-arch=sm_80"};
  ASSERT_EQ(nvJitLinkCreate(&Handle, 2, Options), NVJITLINK_SUCCESS);
  // Linking itself is tested by lit/libraries/nvjitlink-lto.c.
  const char Data[] = "not a real input";
  EXPECT_EQ(nvJitLinkAddData(Handle, NVJITLINK_INPUT_LTOIR, Data, sizeof(Data),
                             "input"),
            NVJITLINK_ERROR_UNRECOGNIZED_INPUT);
  EXPECT_EQ(nvJitLinkAddFile(Handle, NVJITLINK_INPUT_ANY, "/nonexistent/x.o"),
            NVJITLINK_ERROR_INVALID_INPUT);
  EXPECT_EQ(nvJitLinkComplete(Handle), NVJITLINK_ERROR_INVALID_INPUT);
  size_t Size = 0;
  ASSERT_EQ(nvJitLinkGetErrorLogSize(Handle, &Size), NVJITLINK_SUCCESS);
  std::string Log(Size, '\0');
  ASSERT_EQ(nvJitLinkGetErrorLog(Handle, Log.data()), NVJITLINK_SUCCESS);
  EXPECT_NE(Log.find("input: not device code"), std::string::npos);
  EXPECT_NE(Log.find("cannot read /nonexistent/x.o"), std::string::npos);
  EXPECT_NE(Log.find("nothing to link"), std::string::npos);
  EXPECT_EQ(nvJitLinkGetLinkedCubinSize(Handle, &Size),
            NVJITLINK_ERROR_INVALID_INPUT);
  EXPECT_EQ(nvJitLinkDestroy(&Handle), NVJITLINK_SUCCESS);
  EXPECT_EQ(Handle, nullptr);
}

TEST(Nvvm, ProgramsLogsAndResults) {
  int Major = 0, Minor = 0, DbgMajor = 0, DbgMinor = 0;
  ASSERT_EQ(nvvmVersion(&Major, &Minor), NVVM_SUCCESS);
  EXPECT_EQ(Major, 2);
  ASSERT_EQ(nvvmIRVersion(&Major, &Minor, &DbgMajor, &DbgMinor), NVVM_SUCCESS);
  EXPECT_STREQ(nvvmGetErrorString(NVVM_ERROR_COMPILATION),
               "NVVM_ERROR_COMPILATION");
  nvvmProgram Program = nullptr;
  ASSERT_EQ(nvvmCreateProgram(&Program), NVVM_SUCCESS);
  EXPECT_EQ(nvvmCompileProgram(Program, 0, nullptr),
            NVVM_ERROR_NO_MODULE_IN_PROGRAM);
  size_t Size = 0;
  EXPECT_EQ(nvvmGetCompiledResultSize(Program, &Size),
            NVVM_ERROR_INVALID_PROGRAM);
  // A module that does not parse: the verifier's log names it.
  const char IR[] = "define void @f() { ret i32 }";
  ASSERT_EQ(nvvmAddModuleToProgram(Program, IR, sizeof(IR) - 1, "f.ll"),
            NVVM_SUCCESS);
  EXPECT_EQ(nvvmVerifyProgram(Program, 0, nullptr), NVVM_ERROR_INVALID_IR);
  ASSERT_EQ(nvvmGetProgramLogSize(Program, &Size), NVVM_SUCCESS);
  std::string Log(Size, '\0');
  ASSERT_EQ(nvvmGetProgramLog(Program, Log.data()), NVVM_SUCCESS);
  EXPECT_NE(Log.find("f.ll:1:"), std::string::npos) << Log;
  EXPECT_EQ(nvvmCompileProgram(Program, 0, nullptr), NVVM_ERROR_COMPILATION);
  EXPECT_EQ(nvvmGetCompiledResultSize(Program, &Size),
            NVVM_ERROR_INVALID_PROGRAM);
  const char *Unknown[] = {"-unknown"};
  EXPECT_EQ(nvvmCompileProgram(Program, 1, Unknown), NVVM_ERROR_INVALID_OPTION);
  EXPECT_EQ(nvvmDestroyProgram(&Program), NVVM_SUCCESS);
  EXPECT_EQ(Program, nullptr);
}

} // namespace
