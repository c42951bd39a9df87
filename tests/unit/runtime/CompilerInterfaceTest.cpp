//===- CompilerInterfaceTest.cpp - What clang's CUDA host code calls ------===//
//
// Part of Rubicon. Inputs/registered_kernels.cu is compiled by clang (CUDA
// host side, fat binary from Inputs/make_test_bundle.py) and linked here; its
// constructor registers with libcudart before main. The fake backend then
// shows what reached it.
//
//===----------------------------------------------------------------------===//

#include "FakeBackend.h"
#include "Runtime.h"

#include "cuda_runtime_api.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace rubicon::cudart;
using namespace rubicon::cudart::testing;

const void *addCounterStub();
const void *counterShadow();
const void *tableShadow();
cudaError_t launchAddCounter(int *Out, cudaStream_t Stream);
const void *scaleStub();
const void *touchStub();
cudaError_t launchTouchOnDefaultStream(int *Data);
cudaError_t launchScale(float *Data, cudaStream_t Stream);

namespace {

/// The registered fat binary that holds the kernel with this host stub.
const FatBinaryRecord *recordWithKernel(const FakeState &State,
                                        const void *Stub) {
  for (const FatBinaryRecord &Record : State.RegisteredFatBinaries)
    for (const KernelRecord &Kernel : Record.Kernels)
      if (Kernel.HostStub == Stub)
        return &Record;
  return nullptr;
}

TEST(CompilerInterface, ClangRegistrationAndLaunchReachTheBackend) {
  // Registered by the constructor clang emitted, before main.
  // (registered_kernels.cu, legacy_launch.cu, per_thread_stream.cu).
  ASSERT_EQ(Runtime::instance().registeredFatBinaryCount(), 3u);
  FakeState State;
  State.CaptureArgSizes = {sizeof(int *), sizeof(int)};
  Runtime::instance().setBackendFactory(
      [&] { return std::make_unique<FakeBackend>(State); });

  int Out[16] = {};
  cudaStream_t Stream = reinterpret_cast<cudaStream_t>(0x500);
  ASSERT_EQ(launchAddCounter(Out, Stream), cudaSuccess);

  ASSERT_EQ(State.RegisteredFatBinaries.size(), 3u);
  const FatBinaryRecord *Found = recordWithKernel(State, addCounterStub());
  ASSERT_NE(Found, nullptr);
  const FatBinaryRecord &Record = *Found;
  EXPECT_EQ(Record.Archs, (std::vector<std::string>{"gfx942", "gfx90a"}));
  EXPECT_GT(Record.BundleSize, 0u);
  ASSERT_EQ(Record.Kernels.size(), 1u);
  EXPECT_EQ(Record.Kernels[0].HostStub, addCounterStub());
  EXPECT_EQ(Record.Kernels[0].DeviceName, "_Z10addCounterPii");
  ASSERT_EQ(Record.Variables.size(), 2u);
  for (const VariableRecord &Variable : Record.Variables) {
    if (Variable.DeviceName == "Counter") {
      EXPECT_EQ(Variable.HostVar, counterShadow());
      EXPECT_EQ(Variable.Size, sizeof(int));
      EXPECT_FALSE(Variable.Constant);
    } else {
      EXPECT_EQ(Variable.DeviceName, "Table");
      EXPECT_EQ(Variable.HostVar, tableShadow());
      EXPECT_EQ(Variable.Size, 4 * sizeof(float));
      EXPECT_TRUE(Variable.Constant);
    }
  }

  ASSERT_EQ(State.Launches.size(), 1u);
  const LaunchCall &Launch = State.Launches[0];
  EXPECT_EQ(Launch.HostStub, addCounterStub());
  EXPECT_EQ(Launch.Grid.X, 2u);
  EXPECT_EQ(Launch.Grid.Y, 3u);
  EXPECT_EQ(Launch.Block.X, 16u);
  EXPECT_EQ(Launch.SharedMem, 128u);
  EXPECT_EQ(Launch.Stream, Stream);
  ASSERT_EQ(Launch.CapturedArgs.size(), 2u);
  int *FirstArgument = nullptr;
  int SecondArgument = 0;
  std::memcpy(&FirstArgument, Launch.CapturedArgs[0].data(), sizeof(int *));
  std::memcpy(&SecondArgument, Launch.CapturedArgs[1].data(), sizeof(int));
  EXPECT_EQ(FirstArgument, Out);
  EXPECT_EQ(SecondArgument, 7);

  float Values[4] = {1, 2, 3, 4};
  EXPECT_EQ(cudaMemcpyToSymbol(tableShadow(), Values, sizeof(Values)),
            cudaSuccess);
  EXPECT_EQ(cudaMemcpyToSymbol(tableShadow(), Values, sizeof(Values), 4),
            cudaErrorInvalidValue);
}

TEST(CompilerInterface, LegacyLaunchSequenceReachesTheBackend) {
  FakeState State;
  State.CaptureArgSizes = {sizeof(float *), sizeof(double), sizeof(char)};
  Runtime::instance().setBackendFactory(
      [&] { return std::make_unique<FakeBackend>(State); });

  float Data[64] = {};
  cudaStream_t Stream = reinterpret_cast<cudaStream_t>(0x600);
  ASSERT_EQ(launchScale(Data, Stream), cudaSuccess);
  const FatBinaryRecord *Record = recordWithKernel(State, scaleStub());
  ASSERT_NE(Record, nullptr);
  EXPECT_EQ(Record->Kernels[0].DeviceName, "_Z5scalePfdc");

  ASSERT_EQ(State.Launches.size(), 1u);
  const LaunchCall &Launch = State.Launches[0];
  EXPECT_EQ(Launch.HostStub, scaleStub());
  EXPECT_EQ(Launch.Grid.X, 5u);
  EXPECT_EQ(Launch.Block.X, 64u);
  EXPECT_EQ(Launch.Stream, Stream);
  ASSERT_EQ(Launch.CapturedArgs.size(), 3u);
  float *First = nullptr;
  double Second = 0;
  std::memcpy(&First, Launch.CapturedArgs[0].data(), sizeof(First));
  std::memcpy(&Second, Launch.CapturedArgs[1].data(), sizeof(Second));
  EXPECT_EQ(First, Data);
  EXPECT_EQ(Second, 2.5);
  EXPECT_EQ(Launch.CapturedArgs[2][0], 'x');
}

TEST(CompilerInterface, PerThreadDefaultStreamLaunchesOnThePerThreadStream) {
  FakeState State;
  Runtime::instance().setBackendFactory(
      [&] { return std::make_unique<FakeBackend>(State); });
  int Data[32] = {};
  ASSERT_EQ(launchTouchOnDefaultStream(Data), cudaSuccess);
  ASSERT_EQ(State.Launches.size(), 1u);
  EXPECT_EQ(State.Launches[0].HostStub, touchStub());
  EXPECT_EQ(State.Launches[0].Stream, cudaStreamPerThread);
}

} // namespace
