//===- HostCpuLevelsTest.cpp - The x86-64 levels of host code objects -----===//

#include "rubicon/HostCpuLevels.h"

#include <gtest/gtest.h>

using namespace rubicon::host;

TEST(HostCpuLevels, NamesAreLLVMsCpuNames) {
  ASSERT_NE(cpuLevelNamed("x86-64"), nullptr);
  EXPECT_EQ(cpuLevelNamed("x86-64")->Number, 1u);
  EXPECT_EQ(cpuLevelNamed("x86-64-v3")->Number, 3u);
  EXPECT_EQ(cpuLevelNamed("x86-64-v4")->Number, 4u);
  EXPECT_EQ(cpuLevelNamed("haswell"), nullptr);
  EXPECT_EQ(cpuLevelNamed(""), nullptr);
  EXPECT_EQ(cpuLevel(2)->Name, "x86-64-v2");
  EXPECT_EQ(cpuLevel(5), nullptr);
}

TEST(HostCpuLevels, EachLevelContainsTheOneBelow) {
  for (unsigned N = 2; N <= 4; ++N)
    EXPECT_EQ(cpuLevel(N)->Features & cpuLevel(N - 1)->Features,
              cpuLevel(N - 1)->Features);
}

TEST(HostCpuLevels, LevelOfFeatures) {
  EXPECT_EQ(cpuLevelOfFeatures(0), 1u);
  EXPECT_EQ(cpuLevelOfFeatures(CpuLevel2Features), 2u);
  EXPECT_EQ(cpuLevelOfFeatures(CpuLevel3Features), 3u);
  EXPECT_EQ(cpuLevelOfFeatures(CpuLevel4Features), 4u);
  // AVX2 without the OS saving the YMM registers is not usable.
  EXPECT_EQ(cpuLevelOfFeatures(CpuLevel3Features & ~CpuYmmState), 2u);
  // One missing feature of a level is enough to drop it.
  EXPECT_EQ(cpuLevelOfFeatures(CpuLevel3Features & ~CpuFma), 2u);
  EXPECT_EQ(cpuLevelOfFeatures(CpuLevel4Features & ~CpuAvx512Vl), 3u);
}

TEST(HostCpuLevels, MismatchSaysWhatToRebuildWith) {
  EXPECT_EQ(cpuLevelMismatch(1, 0), "");
  EXPECT_EQ(cpuLevelMismatch(3, CpuLevel4Features), "");
  std::string Why = cpuLevelMismatch(3, CpuLevel2Features);
  EXPECT_NE(Why.find("built for x86-64-v3"), std::string::npos) << Why;
  EXPECT_NE(Why.find("RUBICON_HOST_CPU=x86-64-v2"), std::string::npos) << Why;
  EXPECT_NE(cpuLevelMismatch(9, CpuLevel4Features).find("does not know"),
            std::string::npos);
}

TEST(HostCpuLevels, ThisCpuIsAtLeastBaseline) {
#if defined(__x86_64__)
  uint32_t Features = detectCpuFeatures();
  unsigned Level = detectCpuLevel();
  EXPECT_GE(Level, 1u);
  EXPECT_EQ(Level, cpuLevelOfFeatures(Features));
  // Every x86-64 CPU built since 2008 has SSE3 and SSSE3; the test machine's
  // CPUID must at least be read.
  EXPECT_NE(Features & CpuSse3, 0u);
  EXPECT_EQ(cpuLevelMismatch(Level, Features), "");
#endif
}
