//===- TargetNamesTest.cpp - Tests of the device target name grammar ------===//

#include "rubicon/TargetNames.h"

#include <gtest/gtest.h>

using namespace rubicon::target_names;

namespace {

TEST(TargetNames, AMDGPUProcessors) {
  EXPECT_TRUE(isAMDGPUProcessorName("gfx942"));
  EXPECT_TRUE(isAMDGPUProcessorName("gfx90a"));
  EXPECT_TRUE(isAMDGPUProcessorName("gfx1100"));
  EXPECT_TRUE(isAMDGPUProcessorName("gfx90a:xnack+"));
  EXPECT_TRUE(isAMDGPUProcessorName("gfx942:sramecc+:xnack-"));
  EXPECT_FALSE(isAMDGPUProcessorName("gfx"));
  EXPECT_FALSE(isAMDGPUProcessorName("gfx94"));
  EXPECT_FALSE(isAMDGPUProcessorName("gfx94z"));
  EXPECT_FALSE(isAMDGPUProcessorName("gfx9-4-generic"));
  EXPECT_FALSE(isAMDGPUProcessorName("sm_80"));
  EXPECT_FALSE(isAMDGPUProcessorName("host"));
}

TEST(TargetNames, EveryKindIsClassified) {
  EXPECT_EQ(classifyTargetName("gfx942"), TargetKind::AMDGPU);
  EXPECT_EQ(classifyTargetName("gfx90a:xnack+"), TargetKind::AMDGPU);
  EXPECT_EQ(classifyTargetName("gfx942-emulated"), TargetKind::EmulatedAMDGPU);
  EXPECT_EQ(classifyTargetName("gfx1100-emulated"), TargetKind::EmulatedAMDGPU);
  EXPECT_EQ(classifyTargetName("host"), TargetKind::Host);
}

TEST(TargetNames, OtherNamesAreNoTarget) {
  EXPECT_FALSE(classifyTargetName(""));
  EXPECT_FALSE(classifyTargetName("sm_80"));
  EXPECT_FALSE(classifyTargetName("-emulated"));
  EXPECT_FALSE(classifyTargetName("host-emulated"));
  EXPECT_FALSE(classifyTargetName("gfx-emulated"));
  EXPECT_FALSE(classifyTargetName("gfx942-emulatedx"));
  EXPECT_FALSE(classifyTargetName("Host"));
  EXPECT_FALSE(isDeviceTargetName("compute_90"));
}

TEST(TargetNames, EmulatedNamesTheirProcessor) {
  EXPECT_EQ(emulatedProcessorName("gfx942-emulated"), "gfx942");
  EXPECT_EQ(emulatedProcessorName("gfx90a:xnack+-emulated"), "gfx90a:xnack+");
  EXPECT_FALSE(emulatedProcessorName("gfx942"));
}

// The grammar is constexpr: the command line and the device targets may check
// names at compile time.
static_assert(classifyTargetName("gfx942-emulated") == TargetKind::EmulatedAMDGPU);

} // namespace
