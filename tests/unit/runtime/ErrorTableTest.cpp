//===- ErrorTableTest.cpp - Error names, strings and the HIP mapping ------===//
//
// Part of Rubicon.
//
//===----------------------------------------------------------------------===//

#include "ErrorTable.h"

#include "cuda_runtime_api.h"

#include <rubicon/Config.h>

#include <gtest/gtest.h>

#include <set>
#include <string>

using namespace rubicon::cudart;

namespace {

TEST(ErrorTable, EveryCodeHasItsOwnNameAndADescription) {
  std::set<int> Codes;
  std::set<std::string> Names;
  for (const ErrorInfo &Info : allErrors()) {
    EXPECT_TRUE(Codes.insert(Info.Code).second) << Info.Name;
    EXPECT_TRUE(Names.insert(Info.Name).second) << Info.Name;
    EXPECT_STREQ(cudaGetErrorName(Info.Code), Info.Name);
    EXPECT_STREQ(cudaGetErrorString(Info.Code), Info.Description);
    EXPECT_GT(std::string(Info.Description).size(), 5u) << Info.Name;
    EXPECT_EQ(std::string(Info.Name).rfind("cuda", 0), 0u) << Info.Name;
  }
  EXPECT_GE(Codes.size(), 130u);
}

TEST(ErrorTable, NamesMatchTheEnumerators) {
  // A few spot checks that the table row names the enumerator it holds.
  EXPECT_STREQ(cudaGetErrorName(cudaSuccess), "cudaSuccess");
  EXPECT_STREQ(cudaGetErrorName(cudaErrorNoDevice), "cudaErrorNoDevice");
  EXPECT_STREQ(cudaGetErrorName(cudaErrorInsufficientDriver),
               "cudaErrorInsufficientDriver");
  EXPECT_STREQ(cudaGetErrorName(cudaErrorIllegalAddress),
               "cudaErrorIllegalAddress");
}

TEST(ErrorTable, DocumentedNumericValues) {
  // Values from the CUDA Runtime API reference that programs hard-code.
  EXPECT_EQ(cudaErrorInvalidValue, 1);
  EXPECT_EQ(cudaErrorMemoryAllocation, 2);
  EXPECT_EQ(cudaErrorInsufficientDriver, 35);
  EXPECT_EQ(cudaErrorInvalidDeviceFunction, 98);
  EXPECT_EQ(cudaErrorNoDevice, 100);
  EXPECT_EQ(cudaErrorInvalidDevice, 101);
  EXPECT_EQ(cudaErrorNoKernelImageForDevice, 209);
  EXPECT_EQ(cudaErrorNotReady, 600);
  EXPECT_EQ(cudaErrorIllegalAddress, 700);
  EXPECT_EQ(cudaErrorLaunchFailure, 719);
  EXPECT_EQ(cudaErrorUnknown, 999);
}

TEST(ErrorTable, UnknownValuesAreNamedAsUnrecognized) {
  auto Bogus = static_cast<cudaError_t>(12345);
  EXPECT_STREQ(cudaGetErrorName(Bogus), "unrecognized error code");
  EXPECT_STREQ(cudaGetErrorString(Bogus), "unrecognized error code");
  EXPECT_EQ(findError(12345), nullptr);
}

TEST(ErrorTable, MissingRuntimeAndDeviceAreExplained) {
  std::string NoHip = cudaGetErrorString(cudaErrorInsufficientDriver);
  EXPECT_NE(NoHip.find("libamdhip64"), std::string::npos);
  EXPECT_NE(NoHip.find("RUBICON_HIP_LIBRARY"), std::string::npos);
  std::string NoGpu = cudaGetErrorString(cudaErrorNoDevice);
  EXPECT_NE(NoGpu.find("no AMD GPU"), std::string::npos);
}

TEST(ErrorTable, StickyErrorsAreTheDeviceFaults) {
  EXPECT_TRUE(isStickyError(cudaErrorIllegalAddress));
  EXPECT_TRUE(isStickyError(cudaErrorLaunchFailure));
  EXPECT_TRUE(isStickyError(cudaErrorAssert));
  EXPECT_TRUE(isStickyError(cudaErrorMisalignedAddress));
  EXPECT_FALSE(isStickyError(cudaErrorInvalidValue));
  EXPECT_FALSE(isStickyError(cudaErrorNoDevice));
  EXPECT_FALSE(isStickyError(cudaErrorLaunchOutOfResources));
  EXPECT_FALSE(isStickyError(cudaSuccess));
}

TEST(HipErrorMap, MapsEveryRowToAKnownCudaError) {
  // HIP values Rubicon must translate; each result must be a real code.
  for (int Hip : {0,   1,   2,   3,   35,  98,  100, 101, 200,  209,
                  218, 400, 500, 600, 700, 719, 801, 999, 1052, 1053})
    EXPECT_NE(findError(cudaErrorFromHip(Hip)), nullptr) << Hip;
}

TEST(HipErrorMap, TranslatesHipSpecificNames) {
  EXPECT_EQ(cudaErrorFromHip(0), cudaSuccess);
  EXPECT_EQ(cudaErrorFromHip(100), cudaErrorNoDevice);
  EXPECT_EQ(cudaErrorFromHip(209), cudaErrorNoKernelImageForDevice);
  EXPECT_EQ(cudaErrorFromHip(218), cudaErrorInvalidKernelImage);
  EXPECT_EQ(cudaErrorFromHip(400), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaErrorFromHip(500), cudaErrorSymbolNotFound);
  EXPECT_EQ(cudaErrorFromHip(1052), cudaErrorMemoryAllocation);
  EXPECT_EQ(cudaErrorFromHip(424242), cudaErrorUnknown);
  EXPECT_EQ(cudaErrorFromHip(-1), cudaErrorUnknown);
}

TEST(Versions, CudartVersionMatchesTheImpersonatedRelease) {
  EXPECT_EQ(CUDART_VERSION, RUBICON_CUDA_VERSION_MAJOR * 1000 +
                                RUBICON_CUDA_VERSION_MINOR * 10);
}

} // namespace
