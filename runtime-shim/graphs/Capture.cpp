//===- Capture.cpp - Stream capture ---------------------------------------===//
//
// Part of Rubicon. Capture.h.
//
//===----------------------------------------------------------------------===//

#include "Capture.h"

#include "SharedState.h"

#include <algorithm>
#include <set>
#include <thread>
#include <unordered_map>

namespace rubicon::graphs::capture {

std::atomic<int> &activeCaptures() {
  static auto &Count = sharedObject<std::atomic<int>>(Slot::ActiveCaptures);
  return Count;
}

namespace {

using StreamKey = const void *;

/// One capture sequence: begun on its origin stream, joined by others.
struct Session {
  unsigned long long Id = 0;
  Graph *Target = nullptr;
  bool OwnsGraph = true;
  cudaStreamCaptureMode Mode = cudaStreamCaptureModeGlobal;
  std::thread::id Thread;
  StreamKey Origin = nullptr;
  bool Invalidated = false;
  /// Nodes of the graph when the capture began (cudaStreamBeginCaptureToGraph
  /// into a graph that has some).
  std::set<const Node *> Before;
  /// The last work of joined streams destroyed during the capture: it must
  /// still have been joined back by the end.
  std::vector<Node *> Detached;
};

struct StreamState {
  std::shared_ptr<Session> S;
  std::vector<Node *> Frontier;
  bool Blocking = true;
};

struct EventState {
  std::weak_ptr<Session> S;
  std::vector<Node *> Frontier;
};

struct State {
  std::mutex Mutex;
  std::unordered_map<StreamKey, StreamState> Streams;
  std::unordered_map<cudaEvent_t, EventState> Events;
  unsigned long long NextId = 1;
};

State &state() {
  static auto &S = sharedObject<State>(Slot::Capture);
  return S;
}

thread_local char PerThreadStreamKey;
thread_local cudaStreamCaptureMode ThreadMode = cudaStreamCaptureModeGlobal;

bool isLegacy(cudaStream_t Stream) {
  return Stream == nullptr || Stream == cudaStreamLegacy;
}

StreamKey keyOf(cudaStream_t Stream) {
  if (Stream == cudaStreamPerThread)
    return &PerThreadStreamKey;
  return Stream;
}

void invalidate(Session &S) { S.Invalidated = true; }

/// Ends Session's capture for every stream in it.
void dropSession(State &St, const std::shared_ptr<Session> &S) {
  for (auto It = St.Streams.begin(); It != St.Streams.end();)
    It = It->second.S == S ? St.Streams.erase(It) : std::next(It);
  --activeCaptures();
}

StreamState *find(State &St, cudaStream_t Stream) {
  auto It = St.Streams.find(keyOf(Stream));
  return It == St.Streams.end() ? nullptr : &It->second;
}

void ancestors(const Node *N, std::set<const Node *> &Seen) {
  if (!Seen.insert(N).second)
    return;
  for (const Node *D : N->Dependencies)
    ancestors(D, Seen);
}

} // namespace

cudaError_t begin(Backend &B, cudaStream_t Stream, cudaStreamCaptureMode Mode,
                  Graph *Into, const std::vector<Node *> &Dependencies) {
  if (isLegacy(Stream))
    return cudaErrorStreamCaptureUnsupported;
  if (Mode != cudaStreamCaptureModeGlobal &&
      Mode != cudaStreamCaptureModeThreadLocal &&
      Mode != cudaStreamCaptureModeRelaxed)
    return cudaErrorInvalidValue;
  unsigned Flags = 0;
  if (cudaError_t Status = B.streamGetFlags(Stream, Flags))
    return Status;
  State &St = state();
  std::lock_guard<std::mutex> Lock(St.Mutex);
  if (find(St, Stream))
    return cudaErrorIllegalState;
  auto S = std::make_shared<Session>();
  S->Id = St.NextId++;
  S->Mode = Mode;
  S->Thread = std::this_thread::get_id();
  S->Origin = keyOf(Stream);
  if (Into) {
    S->Target = Into;
    S->OwnsGraph = false;
    for (const auto &N : Into->Nodes)
      S->Before.insert(N.get());
  } else {
    S->Target = createGraph();
  }
  StreamState &SS = St.Streams[keyOf(Stream)];
  SS.S = S;
  SS.Frontier = Dependencies;
  SS.Blocking = !(Flags & cudaStreamNonBlocking);
  ++activeCaptures();
  return cudaSuccess;
}

cudaError_t end(cudaStream_t Stream, Graph *&Out) {
  Out = nullptr;
  State &St = state();
  std::lock_guard<std::mutex> Lock(St.Mutex);
  StreamState *SS = find(St, Stream);
  if (!SS)
    return cudaErrorIllegalState;
  std::shared_ptr<Session> S = SS->S;
  if (S->Origin != keyOf(Stream))
    return cudaErrorStreamCaptureUnmatched;
  if (S->Mode != cudaStreamCaptureModeRelaxed &&
      S->Thread != std::this_thread::get_id())
    return cudaErrorStreamCaptureWrongThread;
  cudaError_t Status = cudaSuccess;
  if (S->Invalidated) {
    Status = cudaErrorStreamCaptureInvalidated;
  } else {
    // Every stream that joined must have joined back: its work must precede
    // the origin stream's last work.
    std::set<const Node *> Joined(S->Before);
    for (const Node *N : SS->Frontier)
      ancestors(N, Joined);
    for (const auto &[Key, Other] : St.Streams)
      if (Other.S == S)
        for (const Node *N : Other.Frontier)
          if (!Joined.count(N))
            Status = cudaErrorStreamCaptureUnjoined;
    for (const Node *N : S->Detached)
      if (!Joined.count(N))
        Status = cudaErrorStreamCaptureUnjoined;
  }
  dropSession(St, S);
  if (Status) {
    if (S->OwnsGraph)
      destroyGraph(S->Target);
    return Status;
  }
  Out = S->Target;
  return cudaSuccess;
}

bool ownsGraph(cudaStream_t Stream) {
  State &St = state();
  std::lock_guard<std::mutex> Lock(St.Mutex);
  StreamState *SS = find(St, Stream);
  return !SS || SS->S->OwnsGraph;
}

cudaError_t info(cudaStream_t Stream, cudaStreamCaptureStatus &Status,
                 unsigned long long *Id, Graph **G,
                 const std::vector<Node *> **Dependencies) {
  State &St = state();
  std::lock_guard<std::mutex> Lock(St.Mutex);
  StreamState *SS = find(St, Stream);
  if (!SS) {
    Status = cudaStreamCaptureStatusNone;
    if (isLegacy(Stream) && anyCapture())
      for (const auto &[Key, Other] : St.Streams)
        if (Other.Blocking)
          return cudaErrorStreamCaptureImplicit;
    return cudaSuccess;
  }
  Status = SS->S->Invalidated ? cudaStreamCaptureStatusInvalidated
                              : cudaStreamCaptureStatusActive;
  if (Id)
    *Id = SS->S->Id;
  if (G)
    *G = SS->S->Target;
  if (Dependencies)
    *Dependencies = &SS->Frontier;
  return cudaSuccess;
}

cudaError_t updateDependencies(cudaStream_t Stream,
                               const std::vector<Node *> &Dependencies,
                               bool Replace) {
  State &St = state();
  std::lock_guard<std::mutex> Lock(St.Mutex);
  StreamState *SS = find(St, Stream);
  if (!SS)
    return cudaErrorIllegalState;
  if (SS->S->Invalidated)
    return cudaErrorStreamCaptureInvalidated;
  for (Node *N : Dependencies)
    if (!isLive(N) || N->Owner != SS->S->Target)
      return cudaErrorInvalidValue;
  if (Replace)
    SS->Frontier.clear();
  for (Node *N : Dependencies)
    if (std::find(SS->Frontier.begin(), SS->Frontier.end(), N) ==
        SS->Frontier.end())
      SS->Frontier.push_back(N);
  return cudaSuccess;
}

cudaStreamCaptureMode exchangeMode(cudaStreamCaptureMode Mode) {
  cudaStreamCaptureMode Old = ThreadMode;
  ThreadMode = Mode;
  return Old;
}

bool capturing(cudaStream_t Stream) {
  if (!anyCapture())
    return false;
  State &St = state();
  std::lock_guard<std::mutex> Lock(St.Mutex);
  return find(St, Stream) != nullptr;
}

std::optional<cudaError_t> node(cudaStream_t Stream, const NodeParams &Params,
                                const Graph *Child) {
  if (!anyCapture())
    return std::nullopt;
  State &St = state();
  std::lock_guard<std::mutex> Lock(St.Mutex);
  StreamState *SS = find(St, Stream);
  if (!SS)
    return std::nullopt;
  if (SS->S->Invalidated)
    return cudaErrorStreamCaptureInvalidated;
  Node *N = nullptr;
  cudaError_t Status =
      Child ? addChildGraphNode(SS->S->Target, SS->Frontier, Child, N)
            : addNode(SS->S->Target, SS->Frontier, Params, N);
  if (Status) {
    invalidate(*SS->S);
    return Status;
  }
  SS->Frontier = {N};
  return cudaSuccess;
}

std::optional<cudaError_t> eventRecord(cudaEvent_t Event,
                                       cudaStream_t Stream) {
  if (!anyCapture())
    return std::nullopt;
  State &St = state();
  std::lock_guard<std::mutex> Lock(St.Mutex);
  StreamState *SS = find(St, Stream);
  if (!SS) {
    St.Events.erase(Event);
    return std::nullopt;
  }
  if (SS->S->Invalidated)
    return cudaErrorStreamCaptureInvalidated;
  St.Events[Event] = {SS->S, SS->Frontier};
  return cudaSuccess;
}

std::optional<cudaError_t> streamWaitEvent(Backend &B, cudaStream_t Stream,
                                           cudaEvent_t Event, unsigned Flags) {
  if (!anyCapture())
    return std::nullopt;
  State &St = state();
  std::unique_lock<std::mutex> Lock(St.Mutex);
  StreamState *SS = find(St, Stream);
  auto It = St.Events.find(Event);
  std::shared_ptr<Session> FromEvent =
      It == St.Events.end() ? nullptr : It->second.S.lock();
  if (!FromEvent) {
    if (!SS)
      return std::nullopt;
    if (SS->S->Invalidated)
      return cudaErrorStreamCaptureInvalidated;
    // An event from outside the capture: an external wait node on request
    // (cudaEventWaitExternal), else nothing to order inside the graph.
    if (Flags & 0x01) {
      NodeParams P;
      P.Type = cudaGraphNodeTypeWaitEvent;
      P.Event = Event;
      Node *N = nullptr;
      if (cudaError_t Status = addNode(SS->S->Target, SS->Frontier, P, N))
        return Status;
      SS->Frontier = {N};
    }
    return cudaSuccess;
  }
  if (isLegacy(Stream))
    return cudaErrorStreamCaptureImplicit;
  if (SS && SS->S != FromEvent) {
    invalidate(*SS->S);
    invalidate(*FromEvent);
    return cudaErrorStreamCaptureIsolation;
  }
  if (FromEvent->Invalidated)
    return cudaErrorStreamCaptureInvalidated;
  if (!SS) {
    // The stream joins the capture (a fork).
    Lock.unlock();
    unsigned StreamFlags = 0;
    cudaError_t Status = B.streamGetFlags(Stream, StreamFlags);
    Lock.lock();
    if (Status)
      return Status;
    StreamState &Joined = St.Streams[keyOf(Stream)];
    Joined.S = FromEvent;
    Joined.Frontier = St.Events[Event].Frontier;
    Joined.Blocking = !(StreamFlags & cudaStreamNonBlocking);
    return cudaSuccess;
  }
  for (Node *N : It->second.Frontier)
    if (std::find(SS->Frontier.begin(), SS->Frontier.end(), N) ==
        SS->Frontier.end())
      SS->Frontier.push_back(N);
  return cudaSuccess;
}

std::optional<cudaError_t> legacyStreamUse(cudaStream_t Stream) {
  if (!anyCapture() || !isLegacy(Stream))
    return std::nullopt;
  State &St = state();
  std::lock_guard<std::mutex> Lock(St.Mutex);
  bool Conflict = false;
  for (auto &[Key, SS] : St.Streams)
    if (SS.Blocking) {
      invalidate(*SS.S);
      Conflict = true;
    }
  if (Conflict)
    return cudaErrorStreamCaptureImplicit;
  return std::nullopt;
}

cudaError_t checkSynchronous(cudaStream_t Stream) {
  if (!anyCapture())
    return cudaSuccess;
  if (auto Status = legacyStreamUse(Stream))
    return *Status;
  State &St = state();
  std::lock_guard<std::mutex> Lock(St.Mutex);
  StreamState *SS = find(St, Stream);
  if (!SS)
    return cudaSuccess;
  invalidate(*SS->S);
  return cudaErrorStreamCaptureUnsupported;
}

cudaError_t checkUnsafe() {
  if (!anyCapture() || ThreadMode == cudaStreamCaptureModeRelaxed)
    return cudaSuccess;
  State &St = state();
  std::lock_guard<std::mutex> Lock(St.Mutex);
  std::thread::id Me = std::this_thread::get_id();
  for (const auto &[Key, SS] : St.Streams) {
    const Session &S = *SS.S;
    if (S.Mode == cudaStreamCaptureModeRelaxed)
      continue;
    if (S.Thread == Me ||
        (ThreadMode == cudaStreamCaptureModeGlobal &&
         S.Mode == cudaStreamCaptureModeGlobal))
      return cudaErrorStreamCaptureUnsupported;
  }
  return cudaSuccess;
}

cudaError_t checkEvent(cudaEvent_t Event) {
  if (!anyCapture())
    return cudaSuccess;
  State &St = state();
  std::lock_guard<std::mutex> Lock(St.Mutex);
  auto It = St.Events.find(Event);
  if (It != St.Events.end() && !It->second.S.expired())
    for (const auto &[Key, SS] : St.Streams)
      if (SS.S == It->second.S.lock())
        return cudaErrorCapturedEvent;
  return cudaSuccess;
}

void forgetStream(cudaStream_t Stream) {
  if (!anyCapture())
    return;
  State &St = state();
  std::lock_guard<std::mutex> Lock(St.Mutex);
  auto It = St.Streams.find(keyOf(Stream));
  if (It == St.Streams.end())
    return;
  // Destroying the origin ends the capture; a stream that joined leaves it,
  // its work still to be joined back (CUDA allows both orders).
  Session &S = *It->second.S;
  if (S.Origin == keyOf(Stream))
    invalidate(S);
  else
    S.Detached.insert(S.Detached.end(), It->second.Frontier.begin(),
                      It->second.Frontier.end());
  St.Streams.erase(It);
}

void forgetEvent(cudaEvent_t Event) {
  State &St = state();
  std::lock_guard<std::mutex> Lock(St.Mutex);
  St.Events.erase(Event);
}

} // namespace rubicon::graphs::capture
