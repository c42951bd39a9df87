//===- StreamOrder.cpp - Host backends' work in a stream's order ----------===//
//
// Part of Rubicon. See StreamOrder.h.
//
//===----------------------------------------------------------------------===//
#include "StreamOrder.h"

#include <new>

namespace rubicon::libraries {

namespace {

void runWork(void *Work) { (*static_cast<std::function<void()> *>(Work))(); }
void deleteWork(void *Work) { delete static_cast<std::function<void()> *>(Work); }

} // namespace

bool capturing(cudaStream_t Stream) {
  cudaStreamCaptureStatus Status = cudaStreamCaptureStatusNone;
  return cudaStreamIsCapturing(Stream, &Status) == cudaSuccess &&
         Status == cudaStreamCaptureStatusActive;
}

cudaError_t captureHostWork(cudaStream_t Stream, std::function<void()> Work) {
  auto *Kept = new (std::nothrow) std::function<void()>(std::move(Work));
  if (!Kept)
    return cudaErrorMemoryAllocation;
  // The graph owns the work: a user object deletes it with the graph.
  cudaStreamCaptureStatus Status;
  cudaGraph_t Graph = nullptr;
  cudaUserObject_t Owner = nullptr;
  cudaError_t Error = cudaStreamGetCaptureInfo(Stream, &Status, nullptr, &Graph,
                                               nullptr, nullptr);
  if (Error == cudaSuccess)
    Error = cudaUserObjectCreate(&Owner, Kept, deleteWork, 1,
                                 cudaUserObjectNoDestructorSync);
  if (Error != cudaSuccess) {
    delete Kept;
    return Error;
  }
  // From here the user object deletes the work.
  Error = cudaGraphRetainUserObject(Graph, Owner, 1, cudaGraphUserObjectMove);
  if (Error != cudaSuccess) {
    cudaUserObjectRelease(Owner, 1);
    return Error;
  }
  return cudaLaunchHostFunc(Stream, runWork, Kept);
}

} // namespace rubicon::libraries
