/*===- __rubicon/graph_overloads.h - C++ forms of the graph API ---------===*
 *
 * Part of Rubicon. C++ overloads that cuda_runtime.h adds to the graph and
 * pool API: the CUDA 13.0 signatures (edge data) next to the 12.x ones, the
 * templated symbol copies, and cudaMallocAsync from a pool. The device side
 * of conditional nodes: cudaGraphSetConditional stores the value at the
 * handle, which is the device address of the condition (docs/graphs.md).
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_INTERNAL_GRAPH_OVERLOADS_H
#define RUBICON_INTERNAL_GRAPH_OVERLOADS_H

#include "../cuda_runtime_api.h"

#if defined(__cplusplus)
static inline cudaError_t
cudaGraphAddNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                 const cudaGraphNode_t *pDependencies,
                 const cudaGraphEdgeData *dependencyData,
                 size_t numDependencies, cudaGraphNodeParams *nodeParams) {
  return cudaGraphAddNode_v2(pGraphNode, graph, pDependencies, dependencyData,
                             numDependencies, nodeParams);
}
static inline cudaError_t
cudaStreamGetCaptureInfo(cudaStream_t stream,
                         cudaStreamCaptureStatus *captureStatus_out,
                         unsigned long long *id_out, cudaGraph_t *graph_out,
                         const cudaGraphNode_t **dependencies_out,
                         const cudaGraphEdgeData **edgeData_out,
                         size_t *numDependencies_out) {
  return cudaStreamGetCaptureInfo_v3(stream, captureStatus_out, id_out,
                                     graph_out, dependencies_out, edgeData_out,
                                     numDependencies_out);
}
static inline cudaError_t cudaStreamUpdateCaptureDependencies(
    cudaStream_t stream, cudaGraphNode_t *dependencies,
    const cudaGraphEdgeData *dependencyData, size_t numDependencies,
    unsigned int flags) {
  return cudaStreamUpdateCaptureDependencies_v2(
      stream, dependencies, dependencyData, numDependencies, flags);
}
static inline cudaError_t cudaGraphGetEdges(cudaGraph_t graph,
                                            cudaGraphNode_t *from,
                                            cudaGraphNode_t *to,
                                            cudaGraphEdgeData *edgeData,
                                            size_t *numEdges) {
  return cudaGraphGetEdges_v2(graph, from, to, edgeData, numEdges);
}
static inline cudaError_t
cudaGraphNodeGetDependencies(cudaGraphNode_t node, cudaGraphNode_t *deps,
                             cudaGraphEdgeData *edgeData, size_t *numDeps) {
  return cudaGraphNodeGetDependencies_v2(node, deps, edgeData, numDeps);
}
static inline cudaError_t
cudaGraphNodeGetDependentNodes(cudaGraphNode_t node, cudaGraphNode_t *deps,
                               cudaGraphEdgeData *edgeData, size_t *numDeps) {
  return cudaGraphNodeGetDependentNodes_v2(node, deps, edgeData, numDeps);
}
static inline cudaError_t
cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
                         const cudaGraphNode_t *to,
                         const cudaGraphEdgeData *edgeData, size_t count) {
  return cudaGraphAddDependencies_v2(graph, from, to, edgeData, count);
}
static inline cudaError_t
cudaGraphRemoveDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
                            const cudaGraphNode_t *to,
                            const cudaGraphEdgeData *edgeData, size_t count) {
  return cudaGraphRemoveDependencies_v2(graph, from, to, edgeData, count);
}
/* The CUDA 11 form, kept by CUDA 12's C++ header: the error node and log
 * buffer are not filled (instantiation errors are the return value). */
static inline cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec,
                                               cudaGraph_t graph,
                                               cudaGraphNode_t *pErrorNode,
                                               char *pLogBuffer,
                                               size_t bufferSize) {
  (void)pErrorNode;
  if (pLogBuffer && bufferSize)
    pLogBuffer[0] = 0;
  return cudaGraphInstantiate(pGraphExec, graph, 0);
}
/* The CUDA 11 form of cudaGraphExecUpdate. */
static inline cudaError_t
cudaGraphExecUpdate(cudaGraphExec_t hGraphExec, cudaGraph_t hGraph,
                    cudaGraphNode_t *hErrorNode_out,
                    cudaGraphExecUpdateResult *updateResult_out) {
  cudaGraphExecUpdateResultInfo info = {cudaGraphExecUpdateSuccess, 0, 0};
  cudaError_t status = cudaGraphExecUpdate(hGraphExec, hGraph, &info);
  if (hErrorNode_out)
    *hErrorNode_out = info.errorNode;
  if (updateResult_out)
    *updateResult_out = info.result;
  return status;
}
template <class T>
static inline cudaError_t cudaMallocAsync(T **ptr, size_t size,
                                          cudaMemPool_t memPool,
                                          cudaStream_t stream) {
  return cudaMallocFromPoolAsync((void **)ptr, size, memPool, stream);
}
static inline cudaError_t cudaMallocAsync(void **ptr, size_t size,
                                          cudaMemPool_t memPool,
                                          cudaStream_t stream) {
  return cudaMallocFromPoolAsync(ptr, size, memPool, stream);
}
template <class T>
static inline cudaError_t cudaMallocFromPoolAsync(T **ptr, size_t size,
                                                  cudaMemPool_t memPool,
                                                  cudaStream_t stream) {
  return cudaMallocFromPoolAsync((void **)ptr, size, memPool, stream);
}
template <class T>
static inline cudaError_t cudaGraphAddMemcpyNodeToSymbol(
    cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
    const cudaGraphNode_t *pDependencies, size_t numDependencies,
    const T &symbol, const void *src, size_t count, size_t offset = 0,
    cudaMemcpyKind kind = cudaMemcpyHostToDevice) {
  return cudaGraphAddMemcpyNodeToSymbol(pGraphNode, graph, pDependencies,
                                        numDependencies, (const void *)&symbol,
                                        src, count, offset, kind);
}
template <class T>
static inline cudaError_t cudaGraphAddMemcpyNodeFromSymbol(
    cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
    const cudaGraphNode_t *pDependencies, size_t numDependencies, void *dst,
    const T &symbol, size_t count, size_t offset = 0,
    cudaMemcpyKind kind = cudaMemcpyDeviceToHost) {
  return cudaGraphAddMemcpyNodeFromSymbol(pGraphNode, graph, pDependencies,
                                          numDependencies, dst,
                                          (const void *)&symbol, count, offset,
                                          kind);
}
template <class T>
static inline cudaError_t cudaUserObjectCreate(cudaUserObject_t *object_out,
                                               T *objectToWrap,
                                               unsigned int initialRefcount,
                                               unsigned int flags) {
  return cudaUserObjectCreate(
      object_out, objectToWrap,
      [](void *vpObj) { delete reinterpret_cast<T *>(vpObj); },
      initialRefcount, flags);
}
#endif /* __cplusplus */

#if defined(__CUDACC__)
static __device__ __forceinline__ void
cudaGraphSetConditional(cudaGraphConditionalHandle handle, unsigned int value) {
  *(volatile unsigned int *)handle = value;
}
#endif

#endif /* RUBICON_INTERNAL_GRAPH_OVERLOADS_H */
