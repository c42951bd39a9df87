//===- Capture.h - Stream capture -------------------------------*- C++ -*-===//
//
// Part of Rubicon. Stream capture (cudaStreamBeginCapture/cuStreamBeginCapture
// ... EndCapture): while a stream is capturing, the work issued to it becomes
// nodes of a graph instead of running. Streams join a capture by waiting on
// an event recorded in it; cudaStreamEndCapture checks that they joined back.
//
// The runtime and driver APIs call the hooks below at each point where work
// enters a stream (launch, copies, fills, host functions, event record/wait,
// stream-ordered allocation): each returns std::nullopt when the stream is
// not capturing (one atomic load when nothing captures anywhere), else the
// call's result. Synchronous calls ask checkSynchronous/checkUnsafe first.
//
//===----------------------------------------------------------------------===//

#ifndef RUBICON_GRAPHS_CAPTURE_H
#define RUBICON_GRAPHS_CAPTURE_H

#include "Graph.h"

#include <atomic>
#include <optional>

namespace rubicon::graphs::capture {

/// Number of capture sequences in progress in the process.
std::atomic<int> &activeCaptures();
inline bool anyCapture() {
  return activeCaptures().load(std::memory_order_relaxed) != 0;
}

cudaError_t begin(Backend &B, cudaStream_t Stream, cudaStreamCaptureMode Mode,
                  Graph *Into, const std::vector<Node *> &Dependencies);
cudaError_t end(cudaStream_t Stream, Graph *&Out);
/// Whether Stream captures into a graph the capture created (not the
/// caller's, as cudaStreamBeginCaptureToGraph does).
bool ownsGraph(cudaStream_t Stream);
cudaError_t info(cudaStream_t Stream, cudaStreamCaptureStatus &Status,
                 unsigned long long *Id, Graph **G,
                 const std::vector<Node *> **Dependencies);
cudaError_t updateDependencies(cudaStream_t Stream,
                               const std::vector<Node *> &Dependencies,
                               bool Replace);
cudaStreamCaptureMode exchangeMode(cudaStreamCaptureMode Mode);

/// Adds a node with Params after the stream's current dependencies, which it
/// then replaces; std::nullopt when Stream is not capturing. A child graph
/// node when Child is set.
std::optional<cudaError_t> node(cudaStream_t Stream, const NodeParams &Params,
                                const Graph *Child = nullptr);
/// Whether Stream is capturing (the node-building hooks ask before doing
/// work that only a capture needs).
bool capturing(cudaStream_t Stream);
/// cudaEventRecord / cudaStreamWaitEvent with capture semantics.
std::optional<cudaError_t> eventRecord(cudaEvent_t Event, cudaStream_t Stream);
std::optional<cudaError_t> streamWaitEvent(Backend &B, cudaStream_t Stream,
                                           cudaEvent_t Event, unsigned Flags);
/// Work on the legacy default stream while a blocking stream captures: the
/// capture is invalidated (cudaErrorStreamCaptureImplicit).
std::optional<cudaError_t> legacyStreamUse(cudaStream_t Stream);
/// cudaStreamSynchronize/cudaStreamQuery of a capturing stream:
/// cudaErrorStreamCaptureUnsupported, and the capture is invalidated.
cudaError_t checkSynchronous(cudaStream_t Stream);
/// A potentially unsafe call (synchronous copies, cudaMalloc, device
/// synchronization) while this thread's capture mode forbids it.
cudaError_t checkUnsafe();
/// cudaEventQuery/cudaEventSynchronize of an event recorded in a capture.
cudaError_t checkEvent(cudaEvent_t Event);
/// A stream or event goes away.
void forgetStream(cudaStream_t Stream);
void forgetEvent(cudaEvent_t Event);

} // namespace rubicon::graphs::capture

#endif // RUBICON_GRAPHS_CAPTURE_H
