//===- RuntimeSemanticsTest.cpp - libcudart logic over a fake backend -----===//
//
// Part of Rubicon. Error state, registration and replay, launch
// configuration, symbols and device queries, checked through the public C API
// with a FakeBackend injected through the backend interface.
//
//===----------------------------------------------------------------------===//

#include "FakeBackend.h"
#include "Runtime.h"

#include "cuda_gl_interop.h"
#include "cuda_runtime.h"

#include <rubicon/FatBinary.h>

#include <gtest/gtest.h>

#include <cstring>
#include <thread>

using namespace rubicon::cudart;
using namespace rubicon::cudart::testing;

namespace {

/// What clang's CUDA host code passes to __cudaRegisterFatBinary.
struct CudaFatBinaryWrapper {
  int Magic;
  int Version;
  const void *Bundle;
  void *Unused;
};

// Stand-ins for a kernel's host stub and a __device__ variable's shadow.
void kernelStub() {}
void otherKernelStub() {}
int DeviceCounter;
float DeviceTable[16];

class RuntimeSemantics : public ::testing::Test {
protected:
  void SetUp() override {
    Runtime::instance().clearRegistrations();
    useFakeBackend();
  }
  void TearDown() override {
    Runtime::instance().clearRegistrations();
    useFakeBackend();
  }

  void useFakeBackend() {
    State = FakeState{};
    Runtime::instance().setBackendFactory(
        [this] { return std::make_unique<FakeBackend>(State); });
  }

  /// Registers a fat binary with a gfx942 and a gfx90a code object, one
  /// kernel and two variables, as a compiled .cu file's constructor does.
  void **registerModule() {
    Bundle = rubicon::fatbin::writeBundle(
        {{rubicon::fatbin::hostEntryId(), ""},
         {rubicon::fatbin::codeObjectId("gfx942"), "code-object-942"},
         {rubicon::fatbin::codeObjectId("gfx90a"), "code-object-90a"}});
    Wrapper = {static_cast<int>(rubicon::fatbin::CudaFatBinaryWrapperMagic), 1,
               Bundle.data(), nullptr};
    void **Handle = __cudaRegisterFatBinary(&Wrapper);
    __cudaRegisterFunction(Handle, reinterpret_cast<const char *>(&kernelStub),
                           const_cast<char *>("_Z6kernelv"), "_Z6kernelv", -1,
                           nullptr, nullptr, nullptr, nullptr, nullptr);
    __cudaRegisterVar(Handle, reinterpret_cast<char *>(&DeviceCounter),
                      const_cast<char *>("DeviceCounter"), "DeviceCounter", 0,
                      sizeof(DeviceCounter), 0, 0);
    __cudaRegisterVar(Handle, reinterpret_cast<char *>(DeviceTable),
                      const_cast<char *>("DeviceTable"), "DeviceTable", 0,
                      sizeof(DeviceTable), 1, 0);
    __cudaRegisterFatBinaryEnd(Handle);
    return Handle;
  }

  FakeState State;
  std::string Bundle;
  CudaFatBinaryWrapper Wrapper{};
};

//--- Errors ------------------------------------------------------------------

TEST_F(RuntimeSemantics, GetLastErrorReturnsAndClears) {
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
  EXPECT_EQ(cudaMalloc(nullptr, 16), cudaErrorInvalidValue);
  EXPECT_EQ(cudaPeekAtLastError(), cudaErrorInvalidValue);
  EXPECT_EQ(cudaPeekAtLastError(), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
  EXPECT_EQ(cudaPeekAtLastError(), cudaSuccess);
}

TEST_F(RuntimeSemantics, GraphicsInteropReportsNotSupportedAndKeepsRunning) {
  // GL interoperability needs the host backend (docs/graphics-interop.md).
  cudaGraphicsResource_t Resource = reinterpret_cast<cudaGraphicsResource_t>(1);
  EXPECT_EQ(cudaGraphicsGLRegisterBuffer(&Resource, 7, 0),
            cudaErrorNotSupported);
  EXPECT_EQ(Resource, nullptr);
  void *Mapped = &Resource;
  size_t Size = 99;
  EXPECT_EQ(cudaGraphicsResourceGetMappedPointer(&Mapped, &Size, nullptr),
            cudaErrorInvalidResourceHandle);
  // Not sticky: the last error is reported once, then the runtime works.
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  // The deprecated device selection is cudaSetDevice.
  EXPECT_EQ(cudaGLSetGLDevice(0), cudaSuccess);
  EXPECT_EQ(cudaGLSetGLDevice(5), cudaErrorInvalidDevice);
}

TEST_F(RuntimeSemantics, SuccessDoesNotClearTheLastError) {
  EXPECT_EQ(cudaSetDevice(7), cudaErrorInvalidDevice);
  int Count = 0;
  EXPECT_EQ(cudaGetDeviceCount(&Count), cudaSuccess);
  EXPECT_EQ(Count, 1);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidDevice);
}

TEST_F(RuntimeSemantics, LastErrorIsPerThread) {
  EXPECT_EQ(cudaMalloc(nullptr, 16), cudaErrorInvalidValue);
  cudaError_t OtherThread = cudaErrorUnknown;
  std::thread([&] { OtherThread = cudaGetLastError(); }).join();
  EXPECT_EQ(OtherThread, cudaSuccess);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
}

TEST_F(RuntimeSemantics, StickyErrorPersistsUntilDeviceReset) {
  void *Ptr = nullptr;
  ASSERT_EQ(cudaMalloc(&Ptr, 16), cudaSuccess);
  State.NextSynchronizeError = cudaErrorIllegalAddress;
  EXPECT_EQ(cudaDeviceSynchronize(), cudaErrorIllegalAddress);
  // Every later call fails the same way; cudaGetLastError does not clear it.
  EXPECT_EQ(cudaMalloc(&Ptr, 16), cudaErrorIllegalAddress);
  EXPECT_EQ(cudaGetLastError(), cudaErrorIllegalAddress);
  EXPECT_EQ(cudaGetLastError(), cudaErrorIllegalAddress);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaErrorIllegalAddress);
  EXPECT_EQ(cudaDeviceReset(), cudaSuccess);
  EXPECT_EQ(State.ResetCalls, 1);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
  EXPECT_EQ(cudaMalloc(&Ptr, 16), cudaSuccess);
  EXPECT_EQ(cudaFree(Ptr), cudaSuccess);
}

TEST_F(RuntimeSemantics, NonStickyErrorFromBackendIsClearedByGetLastError) {
  State.NextSynchronizeError = cudaErrorLaunchOutOfResources;
  EXPECT_EQ(cudaDeviceSynchronize(), cudaErrorLaunchOutOfResources);
  EXPECT_EQ(cudaGetLastError(), cudaErrorLaunchOutOfResources);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
}

TEST_F(RuntimeSemantics, InitializationFailureIsReturnedByEveryCall) {
  State.InitStatus = cudaErrorNoDevice;
  int Count = -1;
  EXPECT_EQ(cudaGetDeviceCount(&Count), cudaErrorNoDevice);
  EXPECT_EQ(Count, 0);
  void *Ptr = nullptr;
  EXPECT_EQ(cudaMalloc(&Ptr, 16), cudaErrorNoDevice);
  EXPECT_EQ(cudaDeviceSynchronize(), cudaErrorNoDevice);
  EXPECT_EQ(State.InitializeCalls, 1) << "initialization is attempted once";
  EXPECT_EQ(cudaGetLastError(), cudaErrorNoDevice);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
  int Version = -1;
  EXPECT_EQ(cudaRuntimeGetVersion(&Version), cudaSuccess);
  EXPECT_EQ(Version, CUDART_VERSION);
  EXPECT_EQ(cudaDriverGetVersion(&Version), cudaSuccess);
  EXPECT_EQ(Version, CUDART_VERSION) << "a HIP runtime without a GPU";
}

TEST_F(RuntimeSemantics, MissingDriverReportsDriverVersionZero) {
  State.InitStatus = cudaErrorInsufficientDriver;
  int Version = -1;
  EXPECT_EQ(cudaDriverGetVersion(&Version), cudaSuccess);
  EXPECT_EQ(Version, 0);
  void *Ptr = nullptr;
  EXPECT_EQ(cudaMalloc(&Ptr, 1), cudaErrorInsufficientDriver);
}

TEST_F(RuntimeSemantics, NoBackendCallBeforeFirstUse) {
  registerModule();
  EXPECT_EQ(State.InitializeCalls, 0);
  EXPECT_TRUE(State.RegisteredFatBinaries.empty());
  int Version = 0;
  EXPECT_EQ(cudaRuntimeGetVersion(&Version), cudaSuccess);
  EXPECT_EQ(cudaGetErrorName(cudaErrorNoDevice),
            std::string("cudaErrorNoDevice"));
  EXPECT_EQ(State.InitializeCalls, 0);
}

//--- Registration and replay ------------------------------------------------

TEST_F(RuntimeSemantics, RegistrationIsReplayedAtFirstUse) {
  registerModule();
  EXPECT_EQ(Runtime::instance().registeredFatBinaryCount(), 1u);
  int Count = 0;
  ASSERT_EQ(cudaGetDeviceCount(&Count), cudaSuccess);
  ASSERT_EQ(State.RegisteredFatBinaries.size(), 1u);
  const FatBinaryRecord &Record = State.RegisteredFatBinaries[0];
  EXPECT_EQ(Record.Bundle, Bundle.data());
  EXPECT_EQ(Record.BundleSize, Bundle.size());
  EXPECT_EQ(Record.Archs, (std::vector<std::string>{"gfx942", "gfx90a"}));
  ASSERT_EQ(Record.Kernels.size(), 1u);
  EXPECT_EQ(Record.Kernels[0].HostStub,
            reinterpret_cast<const void *>(&kernelStub));
  EXPECT_EQ(Record.Kernels[0].DeviceName, "_Z6kernelv");
  ASSERT_EQ(Record.Variables.size(), 2u);
  EXPECT_EQ(Record.Variables[0].DeviceName, "DeviceCounter");
  EXPECT_EQ(Record.Variables[0].Size, sizeof(int));
  EXPECT_FALSE(Record.Variables[0].Constant);
  EXPECT_TRUE(Record.Variables[1].Constant);
  // Replayed once, not at every call.
  ASSERT_EQ(cudaGetDeviceCount(&Count), cudaSuccess);
  EXPECT_EQ(State.RegisteredFatBinaries.size(), 1u);
}

TEST_F(RuntimeSemantics, LateRegistrationReachesALiveBackend) {
  int Count = 0;
  ASSERT_EQ(cudaGetDeviceCount(&Count), cudaSuccess);
  EXPECT_TRUE(State.RegisteredFatBinaries.empty());
  registerModule(); // like a dlopen'ed library's constructor
  ASSERT_EQ(cudaGetDeviceCount(&Count), cudaSuccess);
  EXPECT_EQ(State.RegisteredFatBinaries.size(), 1u);
}

TEST_F(RuntimeSemantics, UnregisteredKernelsAreForgotten) {
  void **Handle = registerModule();
  __cudaUnregisterFatBinary(Handle);
  EXPECT_EQ(Runtime::instance().registeredFatBinaryCount(), 0u);
  EXPECT_EQ(cudaLaunchKernel(reinterpret_cast<const void *>(&kernelStub),
                             dim3(1), dim3(1), nullptr, 0, nullptr),
            cudaErrorInvalidDeviceFunction);
}

TEST_F(RuntimeSemantics, BadWrapperIsRecordedWithoutCrashing) {
  int NotAWrapper[4] = {1, 2, 3, 4};
  void **Handle = __cudaRegisterFatBinary(NotAWrapper);
  EXPECT_NE(Handle, nullptr);
  int Count = 0;
  EXPECT_EQ(cudaGetDeviceCount(&Count), cudaSuccess);
  ASSERT_EQ(State.RegisteredFatBinaries.size(), 1u);
  EXPECT_EQ(State.RegisteredFatBinaries[0].BundleSize, 0u);
}

//--- Launch -----------------------------------------------------------------

TEST_F(RuntimeSemantics, PushPopCallConfiguration) {
  cudaStream_t Stream = reinterpret_cast<cudaStream_t>(0x1234);
  EXPECT_EQ(
      __cudaPushCallConfiguration(dim3(4, 5, 6), dim3(32, 2, 1), 128, Stream),
      0u);
  EXPECT_EQ(__cudaPushCallConfiguration(dim3(1), dim3(64)), 0u);
  dim3 Grid, Block;
  size_t Shared = 99;
  cudaStream_t Popped = reinterpret_cast<cudaStream_t>(0x1);
  ASSERT_EQ(__cudaPopCallConfiguration(&Grid, &Block, &Shared, &Popped),
            cudaSuccess);
  EXPECT_EQ(Grid.x, 1u);
  EXPECT_EQ(Block.x, 64u);
  EXPECT_EQ(Shared, 0u);
  EXPECT_EQ(Popped, nullptr);
  ASSERT_EQ(__cudaPopCallConfiguration(&Grid, &Block, &Shared, &Popped),
            cudaSuccess);
  EXPECT_EQ(Grid.x, 4u);
  EXPECT_EQ(Grid.y, 5u);
  EXPECT_EQ(Grid.z, 6u);
  EXPECT_EQ(Block.x, 32u);
  EXPECT_EQ(Block.y, 2u);
  EXPECT_EQ(Shared, 128u);
  EXPECT_EQ(Popped, Stream);
  EXPECT_EQ(__cudaPopCallConfiguration(&Grid, &Block, &Shared, &Popped),
            cudaErrorMissingConfiguration);
}

TEST_F(RuntimeSemantics, LaunchReachesBackendWithConfiguration) {
  registerModule();
  int Argument = 42;
  void *Args[] = {&Argument};
  cudaStream_t Stream = reinterpret_cast<cudaStream_t>(0x40);
  ASSERT_EQ(cudaLaunchKernel(reinterpret_cast<const void *>(&kernelStub),
                             dim3(8, 2), dim3(256), Args, 512, Stream),
            cudaSuccess);
  ASSERT_EQ(State.Launches.size(), 1u);
  const LaunchCall &Call = State.Launches[0];
  EXPECT_EQ(Call.HostStub, reinterpret_cast<const void *>(&kernelStub));
  EXPECT_EQ(Call.Grid.X, 8u);
  EXPECT_EQ(Call.Grid.Y, 2u);
  EXPECT_EQ(Call.Grid.Z, 1u);
  EXPECT_EQ(Call.Block.X, 256u);
  EXPECT_EQ(Call.Args, Args);
  EXPECT_EQ(Call.SharedMem, 512u);
  EXPECT_EQ(Call.Stream, Stream);
}

TEST_F(RuntimeSemantics, LaunchOfUnknownFunctionFails) {
  registerModule();
  EXPECT_EQ(cudaLaunchKernel(reinterpret_cast<const void *>(&otherKernelStub),
                             dim3(1), dim3(1), nullptr, 0, nullptr),
            cudaErrorInvalidDeviceFunction);
  EXPECT_TRUE(State.Launches.empty());
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidDeviceFunction);
}

TEST_F(RuntimeSemantics, LaunchConfigurationIsValidated) {
  registerModule();
  const void *Stub = reinterpret_cast<const void *>(&kernelStub);
  EXPECT_EQ(cudaLaunchKernel(Stub, dim3(0), dim3(1), nullptr, 0, nullptr),
            cudaErrorInvalidConfiguration);
  EXPECT_EQ(cudaLaunchKernel(Stub, dim3(1), dim3(1025), nullptr, 0, nullptr),
            cudaErrorInvalidConfiguration);
  EXPECT_EQ(
      cudaLaunchKernel(Stub, dim3(1), dim3(32, 32, 2), nullptr, 0, nullptr),
      cudaErrorInvalidConfiguration);
  EXPECT_EQ(
      cudaLaunchKernel(Stub, dim3(1, 65536), dim3(1), nullptr, 0, nullptr),
      cudaErrorInvalidConfiguration);
  EXPECT_TRUE(State.Launches.empty());
  // Not sticky: the next valid launch works.
  EXPECT_EQ(cudaLaunchKernel(Stub, dim3(1), dim3(1024), nullptr, 0, nullptr),
            cudaSuccess);
}

TEST_F(RuntimeSemantics, CooperativeLaunchIsCheckedAndNeverAPlainLaunch) {
  registerModule();
  const void *Stub = reinterpret_cast<const void *>(&kernelStub);
  // CUDA's checks come first, as for cudaLaunchKernel.
  EXPECT_EQ(cudaLaunchCooperativeKernel(
                reinterpret_cast<const void *>(&otherKernelStub), dim3(1),
                dim3(1), nullptr, 0, nullptr),
            cudaErrorInvalidDeviceFunction);
  EXPECT_EQ(cudaLaunchCooperativeKernel(Stub, dim3(1), dim3(1025), nullptr, 0,
                                        nullptr),
            cudaErrorInvalidConfiguration);
  // A backend without cooperative launches says so; the kernel is not run as
  // an ordinary launch (its grid barrier could hang).
  EXPECT_EQ(cudaLaunchCooperativeKernel(Stub, dim3(2), dim3(64), nullptr, 0,
                                        nullptr),
            cudaErrorNotSupported);
  EXPECT_EQ(cudaGetLastError(), cudaErrorNotSupported);
  cudaLaunchParams Params{};
  EXPECT_EQ(cudaLaunchCooperativeKernelMultiDevice(&Params, 1, 0),
            cudaErrorNotSupported);
  EXPECT_TRUE(State.Launches.empty());
}

TEST_F(RuntimeSemantics, FunctionQueriesNeedARegisteredKernel) {
  registerModule();
  cudaFuncAttributes Attributes{};
  EXPECT_EQ(cudaFuncGetAttributes(&Attributes, &kernelStub), cudaSuccess);
  EXPECT_EQ(Attributes.numRegs, 32);
  EXPECT_EQ(cudaFuncGetAttributes(&Attributes, &otherKernelStub),
            cudaErrorInvalidDeviceFunction);
  int Blocks = 0;
  EXPECT_EQ(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&Blocks, kernelStub,
                                                          256, 0),
            cudaSuccess);
  EXPECT_EQ(Blocks, 8);
}

//--- Symbols ----------------------------------------------------------------

TEST_F(RuntimeSemantics, SymbolCopiesUseTheRegisteredVariable) {
  registerModule();
  float Values[16];
  for (int I = 0; I < 16; ++I)
    Values[I] = float(I) * 0.5f;
  ASSERT_EQ(cudaMemcpyToSymbol(DeviceTable, Values, sizeof(Values)),
            cudaSuccess);
  std::vector<char> &Storage = State.VariableStorage[DeviceTable];
  EXPECT_EQ(std::memcmp(Storage.data(), Values, sizeof(Values)), 0);

  float Back[4] = {};
  ASSERT_EQ(
      cudaMemcpyFromSymbol(Back, DeviceTable, sizeof(Back), 8 * sizeof(float)),
      cudaSuccess);
  EXPECT_EQ(Back[0], 4.0f);
  EXPECT_EQ(Back[3], 5.5f);

  int One = 1;
  ASSERT_EQ(cudaMemcpyToSymbol(DeviceCounter, &One, sizeof(One)), cudaSuccess);
  void *Address = nullptr;
  ASSERT_EQ(cudaGetSymbolAddress(&Address, DeviceCounter), cudaSuccess);
  EXPECT_EQ(*static_cast<int *>(Address), 1);
  size_t Size = 0;
  ASSERT_EQ(cudaGetSymbolSize(&Size, DeviceTable), cudaSuccess);
  EXPECT_EQ(Size, sizeof(DeviceTable));
}

TEST_F(RuntimeSemantics, SymbolsCanBeNamedByString) {
  // CUDA before 5.0 accepted the variable's name: old code (Rodinia's kmeans)
  // still passes it.
  registerModule();
  float Values[16] = {1.0f, 2.0f};
  ASSERT_EQ(cudaMemcpyToSymbol("DeviceTable", Values, sizeof(Values)), cudaSuccess);
  EXPECT_EQ(std::memcmp(State.VariableStorage[DeviceTable].data(), Values, sizeof(Values)),
            0);
  void *Address = nullptr;
  ASSERT_EQ(cudaGetSymbolAddress(&Address, "DeviceCounter"), cudaSuccess);
  void *ByShadow = nullptr;
  ASSERT_EQ(cudaGetSymbolAddress(&ByShadow, DeviceCounter), cudaSuccess);
  EXPECT_EQ(Address, ByShadow);
  EXPECT_EQ(cudaMemcpyToSymbol("NoSuchSymbol", Values, 4), cudaErrorInvalidSymbol);
  // An address that is neither a registered variable nor readable memory is
  // an error, not a crash.
  EXPECT_EQ(cudaMemcpyToSymbol(reinterpret_cast<const char *>(16), Values, 4),
            cudaErrorInvalidSymbol);
}

TEST_F(RuntimeSemantics, SymbolErrors) {
  registerModule();
  int NotRegistered = 0;
  int Value = 0;
  EXPECT_EQ(cudaMemcpyToSymbol(NotRegistered, &Value, sizeof(Value)),
            cudaErrorInvalidSymbol);
  EXPECT_EQ(cudaMemcpyToSymbol(DeviceCounter, &Value, sizeof(Value), 4),
            cudaErrorInvalidValue)
      << "past the end of the variable";
  EXPECT_EQ(cudaMemcpyToSymbol(DeviceCounter, &Value, sizeof(Value), 0,
                               cudaMemcpyDeviceToHost),
            cudaErrorInvalidMemcpyDirection);
  size_t Size = 0;
  EXPECT_EQ(cudaGetSymbolSize(&Size, NotRegistered), cudaErrorInvalidSymbol);
}

//--- Devices, memory, streams, events ---------------------------------------

TEST_F(RuntimeSemantics, DeviceAttributesComeFromProperties) {
  State.DeviceCount = 2;
  cudaDeviceProp Prop{};
  ASSERT_EQ(cudaGetDeviceProperties(&Prop, 1), cudaSuccess);
  EXPECT_STREQ(Prop.name, "Fake GPU 1");
  int Value = 0;
  ASSERT_EQ(cudaDeviceGetAttribute(&Value, cudaDevAttrMultiProcessorCount, 1),
            cudaSuccess);
  EXPECT_EQ(Value, Prop.multiProcessorCount);
  ASSERT_EQ(cudaDeviceGetAttribute(&Value, cudaDevAttrMaxGridDimY, 0),
            cudaSuccess);
  EXPECT_EQ(Value, 65535);
  ASSERT_EQ(
      cudaDeviceGetAttribute(&Value, cudaDevAttrComputeCapabilityMajor, 0),
      cudaSuccess);
  EXPECT_EQ(Value, 9);
  EXPECT_EQ(cudaDeviceGetAttribute(&Value, cudaDevAttrWarpSize, 2),
            cudaErrorInvalidDevice);
  EXPECT_EQ(cudaDeviceGetAttribute(&Value, cudaDevAttrReserved92, 0),
            cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetDeviceProperties(&Prop, -1), cudaErrorInvalidDevice);
}

TEST_F(RuntimeSemantics, SetAndGetDevice) {
  State.DeviceCount = 3;
  EXPECT_EQ(cudaSetDevice(2), cudaSuccess);
  int Device = -1;
  EXPECT_EQ(cudaGetDevice(&Device), cudaSuccess);
  EXPECT_EQ(Device, 2);
  EXPECT_EQ(cudaSetDevice(3), cudaErrorInvalidDevice);
  EXPECT_EQ(cudaSetDevice(-1), cudaErrorInvalidDevice);
}

TEST_F(RuntimeSemantics, MemoryRoundTrip) {
  int *Device = nullptr;
  ASSERT_EQ(cudaMalloc(&Device, 4 * sizeof(int)), cudaSuccess);
  ASSERT_EQ(cudaMemset(Device, 0, 4 * sizeof(int)), cudaSuccess);
  int Host[4] = {1, 2, 3, 4};
  ASSERT_EQ(cudaMemcpy(Device, Host, sizeof(Host), cudaMemcpyHostToDevice),
            cudaSuccess);
  int Back[4] = {};
  ASSERT_EQ(cudaMemcpyAsync(Back, Device, sizeof(Back), cudaMemcpyDeviceToHost),
            cudaSuccess);
  EXPECT_EQ(Back[3], 4);
  EXPECT_EQ(cudaMemcpy(Back, Device, 4, static_cast<cudaMemcpyKind>(7)),
            cudaErrorInvalidMemcpyDirection);
  EXPECT_EQ(cudaFree(Device), cudaSuccess);
  size_t Free = 0, Total = 0;
  EXPECT_EQ(cudaMemGetInfo(&Free, &Total), cudaSuccess);
  EXPECT_LT(Free, Total);
  EXPECT_EQ(cudaHostAlloc(reinterpret_cast<void **>(&Device), 16, 0x80),
            cudaErrorInvalidValue);
}

TEST_F(RuntimeSemantics, StreamsAndEvents) {
  cudaStream_t Stream = nullptr;
  ASSERT_EQ(cudaStreamCreateWithFlags(&Stream, cudaStreamNonBlocking),
            cudaSuccess);
  EXPECT_NE(Stream, nullptr);
  EXPECT_EQ(cudaStreamCreateWithFlags(&Stream, 0x10), cudaErrorInvalidValue);
  EXPECT_EQ(cudaGetLastError(), cudaErrorInvalidValue);
  // Not ready is an answer, not an error.
  EXPECT_EQ(cudaStreamQuery(Stream), cudaErrorNotReady);
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
  cudaEvent_t Start = nullptr, Stop = nullptr;
  ASSERT_EQ(cudaEventCreate(&Start), cudaSuccess);
  ASSERT_EQ(cudaEventCreate(&Stop, cudaEventBlockingSync), cudaSuccess);
  EXPECT_EQ(cudaEventRecord(Start, Stream), cudaSuccess);
  EXPECT_EQ(cudaEventRecord(Stop), cudaSuccess);
  EXPECT_EQ(cudaEventSynchronize(Stop), cudaSuccess);
  float Ms = 0;
  EXPECT_EQ(cudaEventElapsedTime(&Ms, Start, Stop), cudaSuccess);
  EXPECT_EQ(Ms, 1.5f);
  EXPECT_EQ(cudaEventRecord(nullptr), cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaEventDestroy(Start), cudaSuccess);
  EXPECT_EQ(cudaEventDestroy(Stop), cudaSuccess);
  EXPECT_EQ(cudaStreamSynchronize(cudaStreamPerThread), cudaSuccess);
  EXPECT_EQ(cudaStreamDestroy(cudaStreamLegacy),
            cudaErrorInvalidResourceHandle);
  EXPECT_EQ(cudaStreamDestroy(Stream), cudaSuccess);
}

TEST_F(RuntimeSemantics, PitchedMemory) {
  char *Device = nullptr;
  size_t Pitch = 0;
  ASSERT_EQ(cudaMallocPitch(reinterpret_cast<void **>(&Device), &Pitch, 10, 3),
            cudaSuccess);
  EXPECT_GE(Pitch, 10u);
  ASSERT_EQ(cudaMemset2D(Device, Pitch, 'a', 10, 3), cudaSuccess);
  char Host[3][12] = {};
  ASSERT_EQ(
      cudaMemcpy2D(Host, 12, Device, Pitch, 10, 3, cudaMemcpyDeviceToHost),
      cudaSuccess);
  EXPECT_EQ(Host[2][9], 'a');
  EXPECT_EQ(Host[2][10], 0);
  EXPECT_EQ(cudaMemcpy2D(Host, 8, Device, Pitch, 10, 3, cudaMemcpyDeviceToHost),
            cudaErrorInvalidPitchValue);
  EXPECT_EQ(cudaFree(Device), cudaSuccess);
}

TEST_F(RuntimeSemantics, HostFunctionsRunAsStreamCallbacks) {
  int Calls = 0;
  ASSERT_EQ(
      cudaLaunchHostFunc(
          nullptr, [](void *Data) { ++*static_cast<int *>(Data); }, &Calls),
      cudaSuccess);
  EXPECT_EQ(Calls, 1);
  cudaStream_t Seen = reinterpret_cast<cudaStream_t>(0x1);
  cudaStream_t Stream = reinterpret_cast<cudaStream_t>(0x77);
  ASSERT_EQ(cudaStreamAddCallback(
                Stream,
                [](cudaStream_t S, cudaError_t, void *Data) {
                  *static_cast<cudaStream_t *>(Data) = S;
                },
                &Seen, 0),
            cudaSuccess);
  EXPECT_EQ(Seen, Stream);
  EXPECT_EQ(cudaStreamAddCallback(Stream, nullptr, nullptr, 0),
            cudaErrorInvalidValue);
}

TEST_F(RuntimeSemantics, RemovedCuda12FunctionsStillWork) {
  State.NextSynchronizeError = cudaErrorLaunchOutOfResources;
  EXPECT_EQ(cudaThreadSynchronize(), cudaErrorLaunchOutOfResources);
  EXPECT_EQ(cudaThreadExit(), cudaSuccess);
  EXPECT_EQ(State.ResetCalls, 1);
}

} // namespace
