//===- ExternalResources.cpp - External resources, stream memory ops ------===//
//
// Part of Rubicon. The driver API's external memory and semaphores
// (cuImportExternalMemory, cuSignalExternalSemaphoresAsync, ...), stream
// memory operations (cuStreamWaitValue32/64, cuStreamWriteValue32/64,
// cuStreamBatchMemOp) and the graph nodes of both, over the backend
// (Backend.h) as libcudart's ExternalResources.cpp: the descriptors have the
// runtime API's layout, the handles are the backend's, so a semaphore
// imported by one API is signaled by the other. docs/external-resources.md.
//
//===----------------------------------------------------------------------===//

#include "DriverInternal.h"
#include "arrays/Array.h"
#include "graphs/GraphCalls.h"
#include "graphs/StreamHooks.h"

#include <cstdint>
#include <type_traits>

using namespace rubicon;
using namespace rubicon::driver;
using rubicon::graphs::MemOperation;
using rubicon::graphs::NodeParams;
namespace calls = rubicon::graphs::calls;
namespace hooks = rubicon::graphs::hooks;

static_assert(sizeof(CUDA_EXTERNAL_MEMORY_HANDLE_DESC) ==
                  sizeof(cudaExternalMemoryHandleDesc) &&
              sizeof(CUDA_EXTERNAL_MEMORY_BUFFER_DESC) ==
                  sizeof(cudaExternalMemoryBufferDesc) &&
              sizeof(CUDA_EXTERNAL_SEMAPHORE_HANDLE_DESC) ==
                  sizeof(cudaExternalSemaphoreHandleDesc) &&
              sizeof(CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS) ==
                  sizeof(cudaExternalSemaphoreSignalParams) &&
              sizeof(CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS) ==
                  sizeof(cudaExternalSemaphoreWaitParams));

namespace rubicon::driver {

cudaError_t memOperations(const CUstreamBatchMemOpParams *Params,
                          unsigned Count, std::vector<MemOperation> &Ops) {
  if (Count && !Params)
    return cudaErrorInvalidValue;
  Ops.clear();
  for (unsigned I = 0; I < Count; ++I) {
    const CUstreamBatchMemOpParams &P = Params[I];
    MemOperation Op;
    Op.Operation = P.operation;
    switch (P.operation) {
    case CU_STREAM_MEM_OP_WAIT_VALUE_32:
    case CU_STREAM_MEM_OP_WAIT_VALUE_64: {
      bool Wide = P.operation == CU_STREAM_MEM_OP_WAIT_VALUE_64;
      Op.Address = reinterpret_cast<void *>(uintptr_t(P.waitValue.address));
      Op.Value = Wide ? P.waitValue.value64 : P.waitValue.value;
      Op.Flags = P.waitValue.flags;
      if ((Op.Flags & ~(0xfu | CU_STREAM_WAIT_VALUE_FLUSH)) ||
          (Op.Flags & 0xf) > CU_STREAM_WAIT_VALUE_NOR)
        return cudaErrorInvalidValue;
      break;
    }
    case CU_STREAM_MEM_OP_WRITE_VALUE_32:
    case CU_STREAM_MEM_OP_WRITE_VALUE_64: {
      bool Wide = P.operation == CU_STREAM_MEM_OP_WRITE_VALUE_64;
      Op.Address = reinterpret_cast<void *>(uintptr_t(P.writeValue.address));
      Op.Value = Wide ? P.writeValue.value64 : P.writeValue.value;
      Op.Flags = P.writeValue.flags;
      if (Op.Flags & ~unsigned(CU_STREAM_WRITE_VALUE_NO_MEMORY_BARRIER))
        return cudaErrorInvalidValue;
      break;
    }
    case CU_STREAM_MEM_OP_FLUSH_REMOTE_WRITES:
    case CU_STREAM_MEM_OP_BARRIER:
      break;
    default:
      return cudaErrorInvalidValue;
    }
    if (Op.Address) {
      size_t Size = (Op.Operation == CU_STREAM_MEM_OP_WAIT_VALUE_64 ||
                     Op.Operation == CU_STREAM_MEM_OP_WRITE_VALUE_64)
                        ? 8
                        : 4;
      if (reinterpret_cast<uintptr_t>(Op.Address) % Size)
        return cudaErrorInvalidValue;
    } else if (Op.Operation != CU_STREAM_MEM_OP_FLUSH_REMOTE_WRITES &&
               Op.Operation != CU_STREAM_MEM_OP_BARRIER) {
      return cudaErrorInvalidValue;
    }
    Ops.push_back(Op);
  }
  return cudaSuccess;
}

} // namespace rubicon::driver

namespace {

/// Issues Ops on Stream, or adds them to its capture graph.
cudaError_t issue(cudart::Backend &B, const std::vector<MemOperation> &Ops,
                  const CUstreamBatchMemOpParams *Records, unsigned Count,
                  unsigned Flags, CUstream Stream) {
  if (auto Captured =
          hooks::memOperations(Ops, Records,
                               Count * sizeof(CUstreamBatchMemOpParams), Flags,
                               toStream(Stream)))
    return *Captured;
  return graphs::runMemOperations(B, Ops, toStream(Stream));
}

CUresult memOperation(CUstream Stream, CUstreamBatchMemOpType Type,
                      CUdeviceptr Address, cuuint64_t Value, unsigned Flags) {
  CUstreamBatchMemOpParams P{};
  if (Type == CU_STREAM_MEM_OP_WAIT_VALUE_32 ||
      Type == CU_STREAM_MEM_OP_WAIT_VALUE_64) {
    P.waitValue.operation = Type;
    P.waitValue.address = Address;
    P.waitValue.value64 = Value;
    P.waitValue.flags = Flags;
  } else {
    P.writeValue.operation = Type;
    P.writeValue.address = Address;
    P.writeValue.value64 = Value;
    P.writeValue.flags = Flags;
  }
  if (Type == CU_STREAM_MEM_OP_WAIT_VALUE_32)
    P.waitValue.value64 = uint32_t(Value);
  if (Type == CU_STREAM_MEM_OP_WRITE_VALUE_32)
    P.writeValue.value64 = uint32_t(Value);
  std::vector<MemOperation> Ops;
  if (cudaError_t Status = memOperations(&P, 1, Ops))
    return toDriverResult(Status);
  return withBackend([&](cudart::Backend &B) {
    return issue(B, Ops, &P, 1, 0, Stream);
  });
}

const cudaGraphNode_t *nodes(const CUgraphNode *N) {
  return reinterpret_cast<const cudaGraphNode_t *>(N);
}

/// The runtime form of an external semaphore node's parameters.
template <class ParamsT>
cudaError_t semaphoreParams(const ParamsT *Params, NodeParams &P) {
  if (!Params)
    return cudaErrorInvalidValue;
  auto *Semaphores =
      reinterpret_cast<const cudaExternalSemaphore_t *>(Params->extSemArray);
  if constexpr (std::is_same_v<ParamsT, CUDA_EXT_SEM_SIGNAL_NODE_PARAMS>)
    return calls::externalSemaphoreParams(
        Semaphores,
        reinterpret_cast<const cudaExternalSemaphoreSignalParams *>(
            Params->paramsArray),
        nullptr, Params->numExtSems, P);
  else
    return calls::externalSemaphoreParams(
        Semaphores, nullptr,
        reinterpret_cast<const cudaExternalSemaphoreWaitParams *>(
            Params->paramsArray),
        Params->numExtSems, P);
}

cudaError_t batchParams(const CUDA_BATCH_MEM_OP_NODE_PARAMS *Params,
                        NodeParams &P) {
  if (!Params)
    return cudaErrorInvalidValue;
  std::vector<MemOperation> Ops;
  if (cudaError_t Status =
          memOperations(Params->paramArray, Params->count, Ops))
    return Status;
  calls::memOperationParams(Ops, Params->paramArray,
                            Params->count * sizeof(CUstreamBatchMemOpParams),
                            Params->flags, P);
  return cudaSuccess;
}

template <class MakeT>
CUresult addNode(CUgraphNode *Node, CUgraph Graph, const CUgraphNode *Deps,
                 size_t Count, MakeT &&Make) {
  return withBackend([&](cudart::Backend &) {
    NodeParams P;
    if (cudaError_t Status = Make(P))
      return Status;
    return calls::addNode(reinterpret_cast<cudaGraphNode_t *>(Node),
                          reinterpret_cast<cudaGraph_t>(Graph), nodes(Deps),
                          Count, std::move(P));
  });
}
template <class MakeT> CUresult setNode(CUgraphNode Node, MakeT &&Make) {
  return withBackend([&](cudart::Backend &) {
    NodeParams P;
    if (cudaError_t Status = Make(P))
      return Status;
    return calls::setNodeParams(reinterpret_cast<cudaGraphNode_t>(Node),
                                std::move(P));
  });
}
template <class MakeT>
CUresult setExecNode(CUgraphExec Exec, CUgraphNode Node, MakeT &&Make) {
  return withBackend([&](cudart::Backend &) {
    NodeParams P;
    if (cudaError_t Status = Make(P))
      return Status;
    return calls::setExecNodeParams(reinterpret_cast<cudaGraphExec_t>(Exec),
                                    reinterpret_cast<cudaGraphNode_t>(Node), P);
  });
}
/// Gives Get a node's parameters under the graph lock.
template <class GetT>
CUresult getNode(CUgraphNode Node, cudaGraphNodeType Type, GetT &&Get) {
  return withBackend([&](cudart::Backend &) {
    std::lock_guard<std::recursive_mutex> Lock(graphs::graphMutex());
    NodeParams *P = nullptr;
    if (cudaError_t Status = calls::nodeParams(
            reinterpret_cast<cudaGraphNode_t>(Node), Type, P))
      return Status;
    Get(*P);
    return cudaSuccess;
  });
}

} // namespace

extern "C" {

//--- External memory and semaphores ------------------------------------------

CUresult cuImportExternalMemory(CUexternalMemory *Out,
                                const CUDA_EXTERNAL_MEMORY_HANDLE_DESC *Desc) {
  if (!Out || !Desc)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](cudart::Backend &B) {
    void *Handle = nullptr;
    cudaError_t Status = B.importExternalMemory(
        Handle, *reinterpret_cast<const cudaExternalMemoryHandleDesc *>(Desc));
    if (Status == cudaSuccess)
      *Out = static_cast<CUexternalMemory>(Handle);
    return Status;
  });
}

CUresult
cuExternalMemoryGetMappedBuffer(CUdeviceptr *DevPtr, CUexternalMemory Memory,
                                const CUDA_EXTERNAL_MEMORY_BUFFER_DESC *Desc) {
  if (!DevPtr || !Memory || !Desc)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](cudart::Backend &B) {
    void *Ptr = nullptr;
    cudaError_t Status = B.externalMemoryMappedBuffer(
        Ptr, Memory,
        *reinterpret_cast<const cudaExternalMemoryBufferDesc *>(Desc));
    if (Status == cudaSuccess)
      *DevPtr = reinterpret_cast<CUdeviceptr>(Ptr);
    return Status;
  });
}

CUresult cuExternalMemoryGetMappedMipmappedArray(
    CUmipmappedArray *Out, CUexternalMemory Memory,
    const CUDA_EXTERNAL_MEMORY_MIPMAPPED_ARRAY_DESC *Desc) {
  if (!Out || !Memory || !Desc)
    return CUDA_ERROR_INVALID_VALUE;
  cudaChannelFormatDesc Channels{};
  if (CUresult Status = channelDesc(Desc->arrayDesc.Format,
                                    Desc->arrayDesc.NumChannels, Channels))
    return Status;
  cudaExtent Extent{Desc->arrayDesc.Width, Desc->arrayDesc.Height,
                    Desc->arrayDesc.Depth};
  return withBackend([&](cudart::Backend &B) {
    cudaMipmappedArray *Mipmap = nullptr;
    cudaError_t Status = arrays::mapExternalMipmappedArray(
        B, Memory, Desc->offset, Channels, Extent, Desc->arrayDesc.Flags,
        Desc->numLevels, Mipmap);
    if (Status == cudaSuccess)
      *Out = reinterpret_cast<CUmipmappedArray>(Mipmap);
    return Status;
  });
}

CUresult cuDestroyExternalMemory(CUexternalMemory Memory) {
  if (!Memory)
    return CUDA_ERROR_INVALID_HANDLE;
  return withBackend(
      [&](cudart::Backend &B) { return B.destroyExternalMemory(Memory); });
}

CUresult
cuImportExternalSemaphore(CUexternalSemaphore *Out,
                          const CUDA_EXTERNAL_SEMAPHORE_HANDLE_DESC *Desc) {
  if (!Out || !Desc)
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](cudart::Backend &B) {
    void *Handle = nullptr;
    cudaError_t Status = B.importExternalSemaphore(
        Handle,
        *reinterpret_cast<const cudaExternalSemaphoreHandleDesc *>(Desc));
    if (Status == cudaSuccess)
      *Out = static_cast<CUexternalSemaphore>(Handle);
    return Status;
  });
}

CUresult cuSignalExternalSemaphoresAsync(
    const CUexternalSemaphore *Semaphores,
    const CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS *Params, unsigned int Count,
    CUstream Stream) {
  if (Count && (!Semaphores || !Params))
    return CUDA_ERROR_INVALID_VALUE;
  auto *Signal =
      reinterpret_cast<const cudaExternalSemaphoreSignalParams *>(Params);
  return withBackend([&](cudart::Backend &B) {
    if (auto Captured = hooks::externalSemaphores(
            reinterpret_cast<void *const *>(Semaphores), Signal, nullptr,
            Count, toStream(Stream)))
      return *Captured;
    for (unsigned I = 0; I < Count; ++I)
      if (cudaError_t Status = B.signalExternalSemaphore(
              Semaphores[I], Signal[I], toStream(Stream)))
        return Status;
    return cudaSuccess;
  });
}

CUresult
cuWaitExternalSemaphoresAsync(const CUexternalSemaphore *Semaphores,
                              const CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS *Params,
                              unsigned int Count, CUstream Stream) {
  if (Count && (!Semaphores || !Params))
    return CUDA_ERROR_INVALID_VALUE;
  auto *Wait = reinterpret_cast<const cudaExternalSemaphoreWaitParams *>(Params);
  return withBackend([&](cudart::Backend &B) {
    if (auto Captured = hooks::externalSemaphores(
            reinterpret_cast<void *const *>(Semaphores), nullptr, Wait, Count,
            toStream(Stream)))
      return *Captured;
    for (unsigned I = 0; I < Count; ++I)
      if (cudaError_t Status = B.waitExternalSemaphore(Semaphores[I], Wait[I],
                                                       toStream(Stream)))
        return Status;
    return cudaSuccess;
  });
}

CUresult cuDestroyExternalSemaphore(CUexternalSemaphore Semaphore) {
  if (!Semaphore)
    return CUDA_ERROR_INVALID_HANDLE;
  return withBackend([&](cudart::Backend &B) {
    return B.destroyExternalSemaphore(Semaphore);
  });
}

// NvSciSync (NVIDIA's Tegra synchronization library) exists on neither
// backend.
CUresult cuDeviceGetNvSciSyncAttributes(void *AttributeList, CUdevice Device,
                                        int Flags) {
  if (!AttributeList || !Flags ||
      (Flags & ~(CUDA_NVSCISYNC_ATTR_SIGNAL | CUDA_NVSCISYNC_ATTR_WAIT)))
    return CUDA_ERROR_INVALID_VALUE;
  return withBackend([&](cudart::Backend &B) {
    int Count = 0;
    if (cudaError_t Status = B.getDeviceCount(Count))
      return Status;
    if (Device < 0 || Device >= Count)
      return cudaErrorInvalidDevice;
    return cudaErrorNotSupported;
  });
}

//--- Stream memory operations ------------------------------------------------

CUresult cuStreamWaitValue32_v2(CUstream Stream, CUdeviceptr Address,
                                cuuint32_t Value, unsigned int Flags) {
  return memOperation(Stream, CU_STREAM_MEM_OP_WAIT_VALUE_32, Address, Value,
                      Flags);
}
CUresult cuStreamWaitValue64_v2(CUstream Stream, CUdeviceptr Address,
                                cuuint64_t Value, unsigned int Flags) {
  return memOperation(Stream, CU_STREAM_MEM_OP_WAIT_VALUE_64, Address, Value,
                      Flags);
}
CUresult cuStreamWriteValue32_v2(CUstream Stream, CUdeviceptr Address,
                                 cuuint32_t Value, unsigned int Flags) {
  return memOperation(Stream, CU_STREAM_MEM_OP_WRITE_VALUE_32, Address, Value,
                      Flags);
}
CUresult cuStreamWriteValue64_v2(CUstream Stream, CUdeviceptr Address,
                                 cuuint64_t Value, unsigned int Flags) {
  return memOperation(Stream, CU_STREAM_MEM_OP_WRITE_VALUE_64, Address, Value,
                      Flags);
}
CUresult cuStreamBatchMemOp_v2(CUstream Stream, unsigned int Count,
                               CUstreamBatchMemOpParams *Params,
                               unsigned int Flags) {
  if (Flags != 0 || Count > 256)
    return CUDA_ERROR_INVALID_VALUE;
  std::vector<MemOperation> Ops;
  if (cudaError_t Status = memOperations(Params, Count, Ops))
    return toDriverResult(Status);
  return withBackend([&](cudart::Backend &B) {
    return issue(B, Ops, Params, Count, Flags, Stream);
  });
}

// CUDA 8's names of the same calls (cuda.h maps the API names to _v2).
#undef cuStreamWaitValue32
#undef cuStreamWaitValue64
#undef cuStreamWriteValue32
#undef cuStreamWriteValue64
#undef cuStreamBatchMemOp
CUresult cuStreamWaitValue32(CUstream Stream, CUdeviceptr Address,
                             cuuint32_t Value, unsigned int Flags) {
  return cuStreamWaitValue32_v2(Stream, Address, Value, Flags);
}
CUresult cuStreamWaitValue64(CUstream Stream, CUdeviceptr Address,
                             cuuint64_t Value, unsigned int Flags) {
  return cuStreamWaitValue64_v2(Stream, Address, Value, Flags);
}
CUresult cuStreamWriteValue32(CUstream Stream, CUdeviceptr Address,
                              cuuint32_t Value, unsigned int Flags) {
  return cuStreamWriteValue32_v2(Stream, Address, Value, Flags);
}
CUresult cuStreamWriteValue64(CUstream Stream, CUdeviceptr Address,
                              cuuint64_t Value, unsigned int Flags) {
  return cuStreamWriteValue64_v2(Stream, Address, Value, Flags);
}
CUresult cuStreamBatchMemOp(CUstream Stream, unsigned int Count,
                            CUstreamBatchMemOpParams *Params,
                            unsigned int Flags) {
  return cuStreamBatchMemOp_v2(Stream, Count, Params, Flags);
}

//--- Graph nodes ---------------------------------------------------------------

CUresult cuGraphAddExternalSemaphoresSignalNode(
    CUgraphNode *Node, CUgraph Graph, const CUgraphNode *Deps, size_t Count,
    const CUDA_EXT_SEM_SIGNAL_NODE_PARAMS *Params) {
  return addNode(Node, Graph, Deps, Count,
                 [&](NodeParams &P) { return semaphoreParams(Params, P); });
}
CUresult cuGraphAddExternalSemaphoresWaitNode(
    CUgraphNode *Node, CUgraph Graph, const CUgraphNode *Deps, size_t Count,
    const CUDA_EXT_SEM_WAIT_NODE_PARAMS *Params) {
  return addNode(Node, Graph, Deps, Count,
                 [&](NodeParams &P) { return semaphoreParams(Params, P); });
}
// The arrays given back are the node's own, valid until it changes.
CUresult
cuGraphExternalSemaphoresSignalNodeGetParams(CUgraphNode Node,
                                             CUDA_EXT_SEM_SIGNAL_NODE_PARAMS *Out) {
  if (!Out)
    return CUDA_ERROR_INVALID_VALUE;
  return getNode(Node, cudaGraphNodeTypeExtSemaphoreSignal, [&](NodeParams &P) {
    Out->extSemArray = reinterpret_cast<CUexternalSemaphore *>(P.Semaphores.data());
    Out->paramsArray = reinterpret_cast<const CUDA_EXTERNAL_SEMAPHORE_SIGNAL_PARAMS *>(
        P.SignalParams.data());
    Out->numExtSems = unsigned(P.Semaphores.size());
  });
}
CUresult
cuGraphExternalSemaphoresWaitNodeGetParams(CUgraphNode Node,
                                           CUDA_EXT_SEM_WAIT_NODE_PARAMS *Out) {
  if (!Out)
    return CUDA_ERROR_INVALID_VALUE;
  return getNode(Node, cudaGraphNodeTypeExtSemaphoreWait, [&](NodeParams &P) {
    Out->extSemArray = reinterpret_cast<CUexternalSemaphore *>(P.Semaphores.data());
    Out->paramsArray = reinterpret_cast<const CUDA_EXTERNAL_SEMAPHORE_WAIT_PARAMS *>(
        P.WaitParams.data());
    Out->numExtSems = unsigned(P.Semaphores.size());
  });
}
CUresult cuGraphExternalSemaphoresSignalNodeSetParams(
    CUgraphNode Node, const CUDA_EXT_SEM_SIGNAL_NODE_PARAMS *Params) {
  return setNode(Node,
                 [&](NodeParams &P) { return semaphoreParams(Params, P); });
}
CUresult cuGraphExternalSemaphoresWaitNodeSetParams(
    CUgraphNode Node, const CUDA_EXT_SEM_WAIT_NODE_PARAMS *Params) {
  return setNode(Node,
                 [&](NodeParams &P) { return semaphoreParams(Params, P); });
}
CUresult cuGraphExecExternalSemaphoresSignalNodeSetParams(
    CUgraphExec Exec, CUgraphNode Node,
    const CUDA_EXT_SEM_SIGNAL_NODE_PARAMS *Params) {
  return setExecNode(Exec, Node,
                     [&](NodeParams &P) { return semaphoreParams(Params, P); });
}
CUresult cuGraphExecExternalSemaphoresWaitNodeSetParams(
    CUgraphExec Exec, CUgraphNode Node,
    const CUDA_EXT_SEM_WAIT_NODE_PARAMS *Params) {
  return setExecNode(Exec, Node,
                     [&](NodeParams &P) { return semaphoreParams(Params, P); });
}

CUresult cuGraphAddBatchMemOpNode(CUgraphNode *Node, CUgraph Graph,
                                  const CUgraphNode *Deps, size_t Count,
                                  const CUDA_BATCH_MEM_OP_NODE_PARAMS *Params) {
  return addNode(Node, Graph, Deps, Count,
                 [&](NodeParams &P) { return batchParams(Params, P); });
}
// The operations given back are the node's copy of the caller's array.
CUresult cuGraphBatchMemOpNodeGetParams(CUgraphNode Node,
                                        CUDA_BATCH_MEM_OP_NODE_PARAMS *Out) {
  if (!Out)
    return CUDA_ERROR_INVALID_VALUE;
  return getNode(Node, graphs::NodeTypeBatchMemOp, [&](NodeParams &P) {
    Out->ctx = primaryContext(0);
    Out->count = unsigned(P.MemOps.size());
    Out->paramArray =
        reinterpret_cast<CUstreamBatchMemOpParams *>(P.MemOpRecords.data());
    Out->flags = P.MemOpFlags;
  });
}
CUresult cuGraphBatchMemOpNodeSetParams(
    CUgraphNode Node, const CUDA_BATCH_MEM_OP_NODE_PARAMS *Params) {
  return setNode(Node, [&](NodeParams &P) { return batchParams(Params, P); });
}
CUresult cuGraphExecBatchMemOpNodeSetParams(
    CUgraphExec Exec, CUgraphNode Node,
    const CUDA_BATCH_MEM_OP_NODE_PARAMS *Params) {
  return setExecNode(Exec, Node,
                     [&](NodeParams &P) { return batchParams(Params, P); });
}

} // extern "C"
