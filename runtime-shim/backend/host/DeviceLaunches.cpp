//===- DeviceLaunches.cpp - Grids launched from device code ---------------===//
//
// Part of Rubicon's host backend. See DeviceLaunches.h.
//
//===----------------------------------------------------------------------===//
#include "DeviceLaunches.h"
#include "HostBackend.h"
#include "Log.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace rubicon::cudart::host {

namespace {
constexpr int Success = 0;
constexpr int ErrorInvalidValue = 1;
constexpr int ErrorMemoryAllocation = 2;
constexpr int ErrorInvalidConfiguration = 9;
constexpr int ErrorLaunchMaxDepthExceeded = 65;
constexpr int ErrorLaunchPendingCountExceeded = 69;
constexpr int ErrorInvalidDeviceFunction = 98;
constexpr int ErrorNotSupported = 801;
/// cudaStreamTailLaunch.
const void *const TailLaunchStream = reinterpret_cast<const void *>(0x3);

/// What precedes every parameter buffer: the allocation to free, and the
/// configuration cudaGetParameterBufferV2 was given.
struct BufferHeader {
  void *Allocation;
  void *Function;
  unsigned Grid[3], Block[3];
  unsigned SharedBytes;
  size_t Size;
};

BufferHeader &headerOf(void *Buffer) {
  return *(static_cast<BufferHeader *>(Buffer) - 1);
}

/// The bytes a kernel's parameters take in CUDA's parameter buffer.
size_t parameterBytes(const HostKernel &Kernel) {
  size_t End = 0;
  for (size_t I = 0; I < Kernel.ParamSizes.size(); ++I)
    End = std::max<size_t>(End, Kernel.ParamOffsets[I] + Kernel.ParamSizes[I]);
  return End;
}

DeviceWork *workOf(rubicon::host::ThreadContext *Thread) {
  const GridLaunch *Launch = BlockScheduler::launchOf(Thread);
  return Launch ? Launch->Children : nullptr;
}
} // namespace

void PreparedLaunch::setArguments(const std::vector<unsigned long long> &Sizes,
                                  void *const *Args) {
  // Each argument in a 16-byte aligned slot of one buffer.
  std::vector<size_t> Offsets;
  size_t Total = 0;
  for (unsigned long long Size : Sizes) {
    Total = (Total + 15) & ~size_t(15);
    Offsets.push_back(Total);
    Total += Size;
  }
  Bytes.resize(Total + 16);
  Pointers.clear();
  for (size_t I = 0; I < Sizes.size(); ++I) {
    std::memcpy(Bytes.data() + Offsets[I], Args[I], Sizes[I]);
    Pointers.push_back(Bytes.data() + Offsets[I]);
  }
  Launch.Args = Pointers.data();
}

void *deviceParameterBuffer(rubicon::host::ThreadContext *Thread,
                            unsigned long long Alignment,
                            unsigned long long Size, void *Function,
                            const unsigned *Grid, const unsigned *Block,
                            unsigned SharedBytes) {
  DeviceWork *Work = workOf(Thread);
  if (!Work)
    return nullptr;
  if (Function) {
    // cudaGetParameterBufferV2: as large as the kernel's parameters.
    HostKernel Kernel;
    if (!Work->Launcher->kernelOfEntry(Function, Kernel))
      return nullptr;
    Size = parameterBytes(Kernel);
  }
  // CUDA's buffers are 64-byte aligned; the header sits just before.
  size_t Align = std::max<unsigned long long>(64, Alignment);
  if (Align & (Align - 1))
    return nullptr;
  size_t Room = (sizeof(BufferHeader) + Align - 1) / Align * Align;
  size_t Total = (Room + Size + Align - 1) / Align * Align;
  void *Allocation = std::aligned_alloc(Align, Total);
  if (!Allocation)
    return nullptr;
  void *Buffer = static_cast<unsigned char *>(Allocation) + Room;
  BufferHeader &Header = headerOf(Buffer);
  Header = {};
  Header.Allocation = Allocation;
  Header.Function = Function;
  Header.Size = Size;
  if (Function) {
    std::copy(Grid, Grid + 3, Header.Grid);
    std::copy(Block, Block + 3, Header.Block);
    Header.SharedBytes = SharedBytes;
  }
  return Buffer;
}

int deviceLaunch(rubicon::host::ThreadContext *Thread, void *Function,
                 void *ParameterBuffer, const unsigned *Grid,
                 const unsigned *Block, unsigned SharedBytes, void *Stream) {
  DeviceWork *Work = workOf(Thread);
  if (!Work || !ParameterBuffer)
    return ErrorInvalidValue;
  BufferHeader Header = headerOf(ParameterBuffer);
  struct Release {
    void *Allocation;
    ~Release() { std::free(Allocation); }
  } Consumed{Header.Allocation};
  unsigned G[3], B[3];
  if (!Function) {
    // cudaLaunchDeviceV2: the configuration came with the buffer.
    Function = Header.Function;
    std::copy(Header.Grid, Header.Grid + 3, G);
    std::copy(Header.Block, Header.Block + 3, B);
    SharedBytes = Header.SharedBytes;
  } else {
    std::copy(Grid, Grid + 3, G);
    std::copy(Block, Block + 3, B);
  }
  HostKernel Kernel;
  if (!Function || !Work->Launcher->kernelOfEntry(Function, Kernel))
    return ErrorInvalidDeviceFunction;
  if (Kernel.ClusterBlocks > 1) // __cluster_dims__: as a launch from the host
    return ErrorNotSupported;
  if (!G[0] || !G[1] || !G[2] || !B[0] || !B[1] || !B[2] ||
      uint64_t(B[0]) * B[1] * B[2] > 1024 ||
      Kernel.OwnSharedBytes + SharedBytes > MaxSharedMemoryPerBlock)
    return ErrorInvalidConfiguration;
  if (Work->Depth + 1 > MaxLaunchDepth)
    return ErrorLaunchMaxDepthExceeded;
  if (parameterBytes(Kernel) > Header.Size)
    return ErrorInvalidValue;
  // CUDA keeps launches that have not started in a buffer of
  // cudaLimitDevRuntimePendingLaunchCount entries; here they wait until
  // their parent's blocks are done.
  if (!Work->Launcher->reservePendingLaunch())
    return ErrorLaunchPendingCountExceeded;

  auto Child = std::make_unique<PreparedLaunch>();
  std::vector<void *> Args;
  for (unsigned long long Offset : Kernel.ParamOffsets)
    Args.push_back(static_cast<unsigned char *>(ParameterBuffer) + Offset);
  Child->setArguments(Kernel.ParamSizes, Args.data());
  GridLaunch &L = Child->Launch;
  L.Entry = Kernel.Entry;
  L.BlockEntry = Kernel.BlockEntry;
  std::copy(G, G + 3, L.Grid);
  std::copy(B, B + 3, L.Block);
  L.SharedBytes = Kernel.StaticSharedBytes + SharedBytes;
  // A child runs on the workers its parent's stream (green context) has,
  // on its parent's device.
  if (const GridLaunch *Parent = BlockScheduler::launchOf(Thread)) {
    L.MaxWorkers = Parent->MaxWorkers;
    L.Device = Parent->Device;
  }
  Child->Children.Launcher = Work->Launcher;
  Child->Children.Depth = Work->Depth + 1;

  PendingWork Pending;
  Pending.Grid = std::move(Child);
  std::lock_guard<std::mutex> Lock(Work->Mutex);
  (Stream == TailLaunchStream ? Work->TailItems : Work->Items)
      .push_back(std::move(Pending));
  return Success;
}

int deviceMemoryOperation(rubicon::host::ThreadContext *Thread, void *Dst,
                          unsigned long long DstPitch, const void *Src,
                          unsigned long long SrcPitch, unsigned long long Width,
                          unsigned long long Height, int Value, void *Stream) {
  DeviceWork *Work = workOf(Thread);
  if (!Work)
    return ErrorMemoryAllocation;
  if (!Width || !Height)
    return Success;
  if (!Dst || (Value < 0 && !Src))
    return ErrorInvalidValue;
  PendingWork Pending;
  Pending.Dst = static_cast<unsigned char *>(Dst);
  Pending.Src = static_cast<const unsigned char *>(Src);
  Pending.DstPitch = DstPitch;
  Pending.SrcPitch = SrcPitch;
  Pending.Width = Width;
  Pending.Height = Height;
  Pending.Value = Value;
  std::lock_guard<std::mutex> Lock(Work->Mutex);
  (Stream == TailLaunchStream ? Work->TailItems : Work->Items)
      .push_back(std::move(Pending));
  return Success;
}

void runMemoryOperation(const PendingWork &Work) {
  for (size_t Row = 0; Row < Work.Height; ++Row) {
    unsigned char *To = Work.Dst + Row * Work.DstPitch;
    if (Work.Value < 0)
      std::memmove(To, Work.Src + Row * Work.SrcPitch, Work.Width);
    else
      std::memset(To, Work.Value, Work.Width);
  }
}

int HostBackend::runLaunch(PreparedLaunch &Prepared) {
  Prepared.Launch.Children = &Prepared.Children;
  if (!Prepared.Children.Launcher)
    Prepared.Children.Launcher = this;
  int Fault =
      Prepared.Cooperative
          ? runCooperativeGrid(Prepared.Launch)
          : deviceQueue(Prepared.Launch.Device).Pool.runGrid(Prepared.Launch);
  // The grid's blocks are done: its children, each with its descendants, in
  // launch order; tail launches last. After a fault, nothing more runs.
  for (std::vector<PendingWork> *Items :
       {&Prepared.Children.Items, &Prepared.Children.TailItems}) {
    for (PendingWork &Work : *Items) {
      if (Work.Grid)
        releasePendingLaunch(); // it starts now, or never
      if (Fault)
        continue;
      if (Work.Grid) {
        Fault = runLaunch(*Work.Grid);
        Work.Grid.reset();
      } else {
        runMemoryOperation(Work);
      }
    }
    Items->clear();
  }
  return Fault;
}

bool HostBackend::reservePendingLaunch() {
  size_t Pending = PendingLaunches.load();
  do {
    if (Pending >= PendingLaunchLimit.load())
      return false;
  } while (!PendingLaunches.compare_exchange_weak(Pending, Pending + 1));
  return true;
}

bool HostBackend::kernelOfEntry(const void *Entry, HostKernel &Kernel) {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto It = EntryKernels.find(Entry);
  if (It == EntryKernels.end()) {
    HostKernel Found;
    if (!findKernelByEntry(Entry, Found)) {
      logMessage("host backend: a launch from device code names %p, which "
                 "is no kernel's entry point",
                 Entry);
      return false;
    }
    It = EntryKernels.emplace(Entry, std::move(Found)).first;
  }
  Kernel = It->second;
  return true;
}

} // namespace rubicon::cudart::host
