//===- HostHeap.cpp - Device malloc and free on the host target -----------===//
//
// Part of Rubicon. Device code's malloc and free (renamed by
// rubicon-host-device-heap, so that the lowering's own allocations stay the
// C library's) allocate from the C library's heap, counted against the
// device heap's size (HostABI.h's HostHeap, cudaLimitMallocHeapSize): an
// allocation past it returns null, as CUDA's device malloc does when its heap
// is exhausted. Each block carries its size in a 16-byte header.
//
//===----------------------------------------------------------------------===//
#include <rubicon/HostABI.h>

extern "C" {
void *malloc(unsigned long Size);
void free(void *Pointer);

/// Set by the host backend when it loads the code object.
__attribute__((used)) rubicon::host::HostHeap *__rubicon_host_heap = nullptr;

void *__rubicon_host_malloc(unsigned long Size) {
  constexpr unsigned long Header = 16;
  unsigned long Total = Size + Header;
  if (Total < Size)
    return nullptr;
  rubicon::host::HostHeap *Heap = __rubicon_host_heap;
  if (Heap) {
    unsigned long long Used =
        __atomic_add_fetch(&Heap->Used, Total, __ATOMIC_RELAXED);
    if (Used > Heap->Limit) {
      __atomic_sub_fetch(&Heap->Used, Total, __ATOMIC_RELAXED);
      return nullptr;
    }
  }
  auto *Block = static_cast<unsigned long *>(malloc(Total));
  if (!Block) {
    if (Heap)
      __atomic_sub_fetch(&Heap->Used, Total, __ATOMIC_RELAXED);
    return nullptr;
  }
  Block[0] = Total;
  return reinterpret_cast<char *>(Block) + Header;
}

void __rubicon_host_free(void *Pointer) {
  if (!Pointer)
    return;
  auto *Block =
      reinterpret_cast<unsigned long *>(static_cast<char *>(Pointer) - 16);
  if (rubicon::host::HostHeap *Heap = __rubicon_host_heap)
    __atomic_sub_fetch(&Heap->Used, Block[0], __ATOMIC_RELAXED);
  free(Block);
}
}
