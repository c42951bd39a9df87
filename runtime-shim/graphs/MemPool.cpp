//===- MemPool.cpp - Stream-ordered memory pools --------------------------===//
//
// Part of Rubicon. MemPool.h.
//
//===----------------------------------------------------------------------===//

#include "MemPool.h"

#include "SharedState.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <set>
#include <unordered_map>

namespace rubicon::graphs {

namespace {

struct Registry {
  std::mutex Mutex;
  std::set<const MemPool *> Pools;
  std::map<void *, MemPool *> Owners;
  std::map<std::pair<Backend *, int>, MemPool *> Defaults;
  std::map<std::pair<Backend *, int>, MemPool *> Current;
};
Registry &registry() {
  static auto &R = sharedObject<Registry>(Slot::Pools);
  return R;
}

thread_local char PerThreadStreamKey;

struct StreamOrder {
  std::mutex Mutex;
  std::unordered_map<const void *, uint64_t> Position;
  std::unordered_map<cudaEvent_t, std::pair<const void *, uint64_t>> Events;
  /// Waiter -> (stream -> position waited for).
  std::unordered_map<const void *, std::unordered_map<const void *, uint64_t>>
      Known;
};
StreamOrder &streamOrder() {
  static auto &O = sharedObject<StreamOrder>(Slot::StreamOrder);
  return O;
}

constexpr size_t Granularity = 256;
/// Blocks of exportable pools are whole pages of their arena.
constexpr size_t ArenaPage = 4096;

} // namespace

//--- Stream order ------------------------------------------------------------

const void *order::streamKey(cudaStream_t Stream) {
  if (Stream == cudaStreamPerThread)
    return &PerThreadStreamKey;
  if (Stream == cudaStreamLegacy)
    return nullptr;
  return Stream;
}

uint64_t order::advance(const void *Stream) {
  StreamOrder &O = streamOrder();
  std::lock_guard<std::mutex> Lock(O.Mutex);
  return ++O.Position[Stream];
}

void order::eventRecorded(cudaEvent_t Event, cudaStream_t Stream) {
  const void *Key = streamKey(Stream);
  uint64_t Position = advance(Key);
  StreamOrder &O = streamOrder();
  std::lock_guard<std::mutex> Lock(O.Mutex);
  O.Events[Event] = {Key, Position};
}

void order::streamWaited(cudaStream_t Stream, cudaEvent_t Event) {
  StreamOrder &O = streamOrder();
  std::lock_guard<std::mutex> Lock(O.Mutex);
  auto It = O.Events.find(Event);
  if (It == O.Events.end())
    return;
  uint64_t &Known = O.Known[streamKey(Stream)][It->second.first];
  Known = std::max(Known, It->second.second);
}

bool order::follows(const void *Waiter, const void *Stream,
                    uint64_t Position) {
  StreamOrder &O = streamOrder();
  std::lock_guard<std::mutex> Lock(O.Mutex);
  auto It = O.Known.find(Waiter);
  if (It == O.Known.end())
    return false;
  auto Seen = It->second.find(Stream);
  return Seen != It->second.end() && Seen->second >= Position;
}

void order::forgetStream(cudaStream_t Stream) {
  StreamOrder &O = streamOrder();
  std::lock_guard<std::mutex> Lock(O.Mutex);
  O.Known.erase(streamKey(Stream));
}

//--- Pools -------------------------------------------------------------------

MemPool::MemPool(Backend &B, const cudaMemPoolProps &Props)
    : B(B), Props(Props) {
  Access[Props.location.id] = cudaMemAccessFlagsProtReadWrite;
  Registry &R = registry();
  std::lock_guard<std::mutex> Lock(R.Mutex);
  R.Pools.insert(this);
}

MemPool::~MemPool() {
  Registry &R = registry();
  {
    std::lock_guard<std::mutex> Lock(R.Mutex);
    R.Pools.erase(this);
    for (auto &[Pointer, Size] : Live)
      R.Owners.erase(Pointer);
  }
  for (FreeBlock &F : Free)
    B.free(F.Pointer);
  for (auto &[Pointer, Size] : Live)
    B.free(Pointer);
  if (Arena)
    B.arenaRelease(Arena);
}

cudaError_t MemPool::exportHandle(int &Fd) {
  if (!exportable() || Imported)
    return cudaErrorInvalidValue;
  std::lock_guard<std::mutex> Lock(Mutex);
  if (!Arena)
    if (cudaError_t Status = B.arenaCreate(Arena, Props.location.id))
      return Status;
  return B.arenaExport(Fd, Arena);
}

cudaError_t MemPool::import(Backend &B, int Fd, MemPool *&Out) {
  void *Arena = nullptr;
  if (cudaError_t Status = B.arenaImport(Arena, Fd))
    return Status;
  int Device = 0;
  B.getDevice(Device);
  cudaMemPoolProps Props{};
  Props.allocType = cudaMemAllocationTypePinned;
  Props.handleTypes = cudaMemHandleTypePosixFileDescriptor;
  Props.location = {cudaMemLocationTypeDevice, Device};
  Out = new MemPool(B, Props);
  Out->Arena = Arena;
  Out->Imported = true;
  return cudaSuccess;
}

namespace {
/// What cudaMemPoolExportPointer writes: the block's place in the arena.
struct PointerExport {
  uint64_t Magic;
  uint64_t Offset;
  uint64_t Size;
};
constexpr uint64_t PointerExportMagic = 0x52424e504f4f4c31; // "RBNPOOL1"
static_assert(sizeof(PointerExport) <= sizeof(cudaMemPoolPtrExportData));
} // namespace

cudaError_t MemPool::exportPointer(void *Pointer,
                                   cudaMemPoolPtrExportData &Data) {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto Offset = Offsets.find(Pointer);
  auto Block = Live.find(Pointer);
  if (!exportable() || Imported || Offset == Offsets.end() ||
      Block == Live.end())
    return cudaErrorInvalidValue;
  PointerExport E{PointerExportMagic, Offset->second, Block->second};
  std::memset(&Data, 0, sizeof Data);
  std::memcpy(&Data, &E, sizeof E);
  return cudaSuccess;
}

cudaError_t MemPool::importPointer(void *&Pointer,
                                   const cudaMemPoolPtrExportData &Data) {
  PointerExport E;
  std::memcpy(&E, &Data, sizeof E);
  if (!Imported || E.Magic != PointerExportMagic || !E.Size)
    return cudaErrorInvalidValue;
  if (cudaError_t Status = B.arenaMap(Pointer, Arena, E.Offset, E.Size, false))
    return Status;
  std::lock_guard<std::mutex> Lock(Mutex);
  Live[Pointer] = E.Size;
  Offsets[Pointer] = E.Offset;
  Registry &R = registry();
  std::lock_guard<std::mutex> RegistryLock(R.Mutex);
  R.Owners[Pointer] = this;
  return cudaSuccess;
}

bool MemPool::isLive(const MemPool *Pool) {
  Registry &R = registry();
  std::lock_guard<std::mutex> Lock(R.Mutex);
  return R.Pools.count(Pool);
}

MemPool *MemPool::ofPointer(void *Pointer) {
  Registry &R = registry();
  std::lock_guard<std::mutex> Lock(R.Mutex);
  auto It = R.Owners.find(Pointer);
  return It == R.Owners.end() ? nullptr : It->second;
}

MemPool *MemPool::defaultPool(Backend &B, int Device) {
  Registry &R = registry();
  std::lock_guard<std::mutex> Lock(R.Mutex);
  MemPool *&Pool = R.Defaults[{&B, Device}];
  if (!Pool) {
    cudaMemPoolProps Props{};
    Props.allocType = cudaMemAllocationTypePinned;
    Props.location = {cudaMemLocationTypeDevice, Device};
    R.Mutex.unlock();
    auto *Created = new MemPool(B, Props);
    R.Mutex.lock();
    Pool = Created;
  }
  return Pool;
}

MemPool *&MemPool::currentPool(Backend &B, int Device) {
  MemPool *Default = defaultPool(B, Device);
  Registry &R = registry();
  std::lock_guard<std::mutex> Lock(R.Mutex);
  MemPool *&Current = R.Current[{&B, Device}];
  if (!Current || !R.Pools.count(Current))
    Current = Default;
  return Current;
}

bool MemPool::reusable(const FreeBlock &Block, const void *Stream) {
  if (Block.Stream == Stream)
    return true;
  if (FollowEvents && order::follows(Stream, Block.Stream, Block.Position))
    return true;
  if (Opportunistic) {
    // The free is done once the freeing stream is idle.
    return B.streamQuery(static_cast<cudaStream_t>(
               const_cast<void *>(Block.Stream == &PerThreadStreamKey
                                      ? static_cast<const void *>(
                                            cudaStreamPerThread)
                                      : Block.Stream))) == cudaSuccess;
  }
  return false;
}

cudaError_t MemPool::allocate(void *&Pointer, size_t Size,
                              cudaStream_t Stream) {
  if (Size == 0)
    return cudaErrorInvalidValue;
  size_t Rounded = (Size + Granularity - 1) / Granularity * Granularity;
  const void *Key = order::streamKey(Stream);
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    // Best fit among reusable blocks no more than twice the request.
    auto Best = Free.end();
    for (auto It = Free.begin(); It != Free.end(); ++It)
      if (It->Size >= Rounded && It->Size <= 2 * Rounded &&
          (Best == Free.end() || It->Size < Best->Size) &&
          reusable(*It, Key))
        Best = It;
    if (Best != Free.end()) {
      Pointer = Best->Pointer;
      Live[Pointer] = Best->Size;
      Used += Best->Size;
      UsedHigh = std::max(UsedHigh, Used);
      Free.erase(Best);
      return cudaSuccess;
    }
  }
  if (Imported)
    return cudaErrorInvalidValue; // an imported pool only maps others' blocks
  if (Props.maxSize && Reserved + Rounded > Props.maxSize)
    return cudaErrorMemoryAllocation;
  size_t Offset = 0;
  if (exportable()) {
    // Whole pages of the arena, so that each block maps on its own.
    Rounded = (Rounded + ArenaPage - 1) / ArenaPage * ArenaPage;
    std::lock_guard<std::mutex> Lock(Mutex);
    if (!Arena)
      if (cudaError_t Status = B.arenaCreate(Arena, Props.location.id))
        return Status;
    Offset = ArenaEnd;
    if (cudaError_t Status = B.arenaMap(Pointer, Arena, Offset, Rounded, true))
      return Status;
    ArenaEnd += Rounded;
    Offsets[Pointer] = Offset;
  } else if (cudaError_t Status = B.malloc(&Pointer, Rounded)) {
    return Status;
  }
  std::lock_guard<std::mutex> Lock(Mutex);
  Live[Pointer] = Rounded;
  Used += Rounded;
  Reserved += Rounded;
  UsedHigh = std::max(UsedHigh, Used);
  ReservedHigh = std::max(ReservedHigh, Reserved);
  Registry &R = registry();
  std::lock_guard<std::mutex> RegistryLock(R.Mutex);
  R.Owners[Pointer] = this;
  return cudaSuccess;
}

cudaError_t MemPool::free(void *Pointer, cudaStream_t Stream) {
  const void *Key = order::streamKey(Stream);
  uint64_t Position = order::advance(Key);
  std::lock_guard<std::mutex> Lock(Mutex);
  auto It = Live.find(Pointer);
  if (It == Live.end())
    return cudaErrorInvalidValue;
  if (Imported) {
    // The exporter's memory: this process's mapping of it goes.
    Live.erase(It);
    Offsets.erase(Pointer);
    Registry &R = registry();
    {
      std::lock_guard<std::mutex> RegistryLock(R.Mutex);
      R.Owners.erase(Pointer);
    }
    return B.free(Pointer);
  }
  Free.push_back({Pointer, It->second, Key, Position});
  Used -= It->second;
  Live.erase(It);
  return cudaSuccess;
}

bool MemPool::owns(void *Pointer) const {
  std::lock_guard<std::mutex> Lock(Mutex);
  return Live.count(Pointer);
}

void MemPool::trim(size_t Keep, const void *StreamKey, bool AnyStream) {
  std::vector<void *> Released;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    for (auto It = Free.begin(); It != Free.end() && Reserved > Keep;) {
      if (!AnyStream && It->Stream != StreamKey) {
        ++It;
        continue;
      }
      Reserved -= It->Size;
      Released.push_back(It->Pointer);
      It = Free.erase(It);
    }
  }
  Registry &R = registry();
  {
    std::lock_guard<std::mutex> Lock(R.Mutex);
    for (void *P : Released)
      R.Owners.erase(P);
  }
  for (void *P : Released)
    B.free(P);
}

void MemPool::synchronized(Backend &B, cudaStream_t Stream, bool Device) {
  std::vector<MemPool *> Pools;
  {
    Registry &R = registry();
    std::lock_guard<std::mutex> Lock(R.Mutex);
    for (const MemPool *P : R.Pools)
      if (&P->B == &B)
        Pools.push_back(const_cast<MemPool *>(P));
  }
  for (MemPool *P : Pools)
    P->trim(P->ReleaseThreshold, order::streamKey(Stream), Device);
}

cudaError_t MemPool::setAttribute(cudaMemPoolAttr Attribute,
                                  const void *Value) {
  if (!Value)
    return cudaErrorInvalidValue;
  std::lock_guard<std::mutex> Lock(Mutex);
  switch (Attribute) {
  case cudaMemPoolReuseFollowEventDependencies:
    FollowEvents = *static_cast<const int *>(Value);
    return cudaSuccess;
  case cudaMemPoolReuseAllowOpportunistic:
    Opportunistic = *static_cast<const int *>(Value);
    return cudaSuccess;
  case cudaMemPoolReuseAllowInternalDependencies:
    Internal = *static_cast<const int *>(Value);
    return cudaSuccess;
  case cudaMemPoolAttrReleaseThreshold:
    ReleaseThreshold = *static_cast<const uint64_t *>(Value);
    return cudaSuccess;
  case cudaMemPoolAttrReservedMemHigh:
  case cudaMemPoolAttrUsedMemHigh:
    // Only resetting to zero is allowed: the high watermark becomes the
    // current value.
    if (*static_cast<const uint64_t *>(Value) != 0)
      return cudaErrorInvalidValue;
    if (Attribute == cudaMemPoolAttrReservedMemHigh)
      ReservedHigh = Reserved;
    else
      UsedHigh = Used;
    return cudaSuccess;
  default:
    return cudaErrorInvalidValue;
  }
}

cudaError_t MemPool::getAttribute(cudaMemPoolAttr Attribute, void *Value) {
  if (!Value)
    return cudaErrorInvalidValue;
  std::lock_guard<std::mutex> Lock(Mutex);
  switch (Attribute) {
  case cudaMemPoolReuseFollowEventDependencies:
    *static_cast<int *>(Value) = FollowEvents;
    return cudaSuccess;
  case cudaMemPoolReuseAllowOpportunistic:
    *static_cast<int *>(Value) = Opportunistic;
    return cudaSuccess;
  case cudaMemPoolReuseAllowInternalDependencies:
    *static_cast<int *>(Value) = Internal;
    return cudaSuccess;
  case cudaMemPoolAttrReleaseThreshold:
    *static_cast<uint64_t *>(Value) = ReleaseThreshold;
    return cudaSuccess;
  case cudaMemPoolAttrReservedMemCurrent:
    *static_cast<uint64_t *>(Value) = Reserved;
    return cudaSuccess;
  case cudaMemPoolAttrReservedMemHigh:
    *static_cast<uint64_t *>(Value) = ReservedHigh;
    return cudaSuccess;
  case cudaMemPoolAttrUsedMemCurrent:
    *static_cast<uint64_t *>(Value) = Used;
    return cudaSuccess;
  case cudaMemPoolAttrUsedMemHigh:
    *static_cast<uint64_t *>(Value) = UsedHigh;
    return cudaSuccess;
  default:
    return cudaErrorInvalidValue;
  }
}

cudaError_t MemPool::setAccess(const cudaMemAccessDesc *Descriptors,
                               size_t Count, int DeviceCount) {
  if (!Descriptors && Count)
    return cudaErrorInvalidValue;
  for (size_t I = 0; I < Count; ++I) {
    const cudaMemAccessDesc &D = Descriptors[I];
    if (D.location.type != cudaMemLocationTypeDevice || D.location.id < 0 ||
        D.location.id >= DeviceCount)
      return cudaErrorInvalidDevice;
    // The pool's own device always has read-write access.
    if (D.location.id == Props.location.id &&
        D.flags != cudaMemAccessFlagsProtReadWrite)
      return cudaErrorInvalidDevice;
  }
  std::lock_guard<std::mutex> Lock(Mutex);
  for (size_t I = 0; I < Count; ++I)
    Access[Descriptors[I].location.id] = Descriptors[I].flags;
  return cudaSuccess;
}

cudaMemAccessFlags MemPool::access(const cudaMemLocation &Location) const {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto It = Access.find(Location.id);
  return It == Access.end() ? cudaMemAccessFlagsProtNone : It->second;
}

} // namespace rubicon::graphs
