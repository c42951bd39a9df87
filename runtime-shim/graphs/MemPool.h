//===- MemPool.h - Stream-ordered memory pools ------------------*- C++ -*-===//
//
// Part of Rubicon. cudaMemPool_t/CUmemoryPool and cudaMallocAsync/FreeAsync,
// for the runtime and driver APIs, on any backend's malloc/free. A freed
// block returns to its pool and is reused:
//  - on the stream that freed it (stream order makes that safe);
//  - on another stream that has waited for an event recorded on the freeing
//    stream after the free (cudaMemPoolReuseFollowEventDependencies);
//  - on any stream once the freeing stream has no pending work
//    (cudaMemPoolReuseAllowOpportunistic).
// Memory above the release threshold goes back to the backend when a
// stream or the device is synchronized, or by cudaMemPoolTrimTo.
// docs/graphs.md.
//
//===----------------------------------------------------------------------===//

#ifndef RUBICON_GRAPHS_MEMPOOL_H
#define RUBICON_GRAPHS_MEMPOOL_H

#include "Backend.h"
#include "driver_types.h"

#include <cstdint>
#include <map>
#include <mutex>
#include <vector>

namespace rubicon::graphs {

using cudart::Backend;

class MemPool {
public:
  MemPool(Backend &B, const cudaMemPoolProps &Props);
  ~MemPool();

  cudaError_t allocate(void *&Pointer, size_t Size, cudaStream_t Stream);
  /// Returns Pointer (one of this pool's allocations) to the pool, ordered
  /// after the work before it on Stream.
  cudaError_t free(void *Pointer, cudaStream_t Stream);
  cudaError_t setAttribute(cudaMemPoolAttr Attribute, const void *Value);
  cudaError_t getAttribute(cudaMemPoolAttr Attribute, void *Value);
  cudaError_t setAccess(const cudaMemAccessDesc *Descriptors, size_t Count,
                        int DeviceCount);
  cudaMemAccessFlags access(const cudaMemLocation &Location) const;
  /// Gives free blocks back to the backend until at most Keep bytes stay
  /// reserved; with Stream set, only blocks freed on Stream.
  void trim(size_t Keep, const void *StreamKey, bool AnyStream);
  bool owns(void *Pointer) const;
  const cudaMemPoolProps &properties() const { return Props; }
  Backend &backend() { return B; }

  // Sharing between processes (a pool created with
  // cudaMemHandleTypePosixFileDescriptor): its blocks live in one backend
  // arena (Backend.h), exported as a file descriptor; a block is known to
  // the importer by its offset and size in it.
  bool exportable() const {
    return Props.handleTypes & cudaMemHandleTypePosixFileDescriptor;
  }
  cudaError_t exportHandle(int &Fd);
  /// The pool of another process, from its exported descriptor.
  static cudaError_t import(Backend &B, int Fd, MemPool *&Out);
  cudaError_t exportPointer(void *Pointer, cudaMemPoolPtrExportData &Data);
  cudaError_t importPointer(void *&Pointer,
                            const cudaMemPoolPtrExportData &Data);
  bool imported() const { return Imported; }

  /// The pool that allocated Pointer, or nullptr.
  static MemPool *ofPointer(void *Pointer);
  static bool isLive(const MemPool *Pool);
  /// The device's default pool and current pool.
  static MemPool *defaultPool(Backend &B, int Device);
  static MemPool *&currentPool(Backend &B, int Device);
  /// After a stream's or the device's synchronization: memory above each
  /// pool's release threshold goes back (StreamKey null: every stream).
  static void synchronized(Backend &B, cudaStream_t Stream, bool Device);

private:
  struct FreeBlock {
    void *Pointer;
    size_t Size;
    const void *Stream;
    uint64_t Position;
  };
  bool reusable(const FreeBlock &Block, const void *Stream);

  Backend &B;
  cudaMemPoolProps Props;
  mutable std::mutex Mutex;
  std::map<void *, size_t> Live;
  std::vector<FreeBlock> Free;
  std::map<int, cudaMemAccessFlags> Access;
  bool FollowEvents = true, Opportunistic = true, Internal = true;
  /// Exportable and imported pools: the arena, the next free offset in it,
  /// each block's offset.
  void *Arena = nullptr;
  size_t ArenaEnd = 0;
  std::map<void *, size_t> Offsets;
  bool Imported = false;
  uint64_t ReleaseThreshold = 0;
  uint64_t Used = 0, UsedHigh = 0, Reserved = 0, ReservedHigh = 0;
};

/// Stream order as far as pools need it: positions of frees and event
/// records on each stream, and what each stream has waited for.
namespace order {
const void *streamKey(cudaStream_t Stream);
uint64_t advance(const void *Stream);
void eventRecorded(cudaEvent_t Event, cudaStream_t Stream);
void streamWaited(cudaStream_t Stream, cudaEvent_t Event);
/// Whether Waiter has waited for position Position of Stream.
bool follows(const void *Waiter, const void *Stream, uint64_t Position);
void forgetStream(cudaStream_t Stream);
} // namespace order

} // namespace rubicon::graphs

#endif // RUBICON_GRAPHS_MEMPOOL_H
