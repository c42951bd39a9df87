//===- HostStreams.cpp - Host backend streams and events ------------------===//
//
// Part of Rubicon's host backend (HostBackend.h).
//
//===----------------------------------------------------------------------===//
#include "HostBackend.h"

namespace rubicon::cudart::host {

// Streams and events.
cudaError_t HostBackend::streamCreate(cudaStream_t &Stream, unsigned Flags,
                                      int Priority) {
  auto *S = new HostStream{Flags, Priority, 0};
  S->Device = currentDevice();
  S->Context = &context();
  std::lock_guard<std::mutex> Lock(Mutex);
  Streams.insert(S);
  Stream = reinterpret_cast<cudaStream_t>(S);
  return cudaSuccess;
}

cudaError_t HostBackend::streamDestroy(cudaStream_t Stream) {
  HostStream *S = userStream(Stream);
  if (!S)
    return cudaErrorInvalidResourceHandle;
  // Work already queued still runs (CUDA lets it complete).
  std::lock_guard<std::mutex> Lock(Mutex);
  Streams.erase(S);
  delete S;
  return cudaSuccess;
}

cudaError_t HostBackend::streamSynchronize(cudaStream_t Stream) {
  int Device;
  uint64_t Last;
  if (cudaError_t E = lastWorkOf(Stream, Device, Last))
    return E;
  queueOf(Device).waitFor(Last);
  HostContext *C = contextOfStream(Stream);
  return C ? faultOf(*C) : cudaErrorInvalidResourceHandle;
}

cudaError_t HostBackend::streamQuery(cudaStream_t Stream) {
  int Device;
  uint64_t Last;
  if (cudaError_t E = lastWorkOf(Stream, Device, Last))
    return E;
  if (HostContext *C = contextOfStream(Stream))
    if (cudaError_t E = faultOf(*C))
      return E;
  return queueOf(Device).isDone(Last) ? cudaSuccess : cudaErrorNotReady;
}

cudaError_t HostBackend::streamWaitEvent(cudaStream_t Stream, cudaEvent_t Event,
                                         unsigned) {
  int Device = deviceOfStream(Stream);
  if (Device < 0)
    return cudaErrorInvalidResourceHandle;
  HostEvent *E = findEvent(Event);
  if (!E)
    return cudaErrorInvalidResourceHandle;
  // Another process's records are waited for in the queue (HostIpc.cpp).
  if (E->Shared)
    return waitInterprocessEvent(*E, /*Here=*/false, Stream);
  int EventDevice;
  uint64_t Record;
  {
    std::lock_guard<std::mutex> RecordLock(RecordMutex);
    EventDevice = E->Device;
    Record = E->RecordedWork;
  }
  // On the same device's in-order queue the event's work is already ahead
  // of the stream's; another device's queue is waited for in the stream's,
  // where the stream's later work stays behind the wait. The record was
  // queued before this wait, so no two queues can wait for each other.
  if (!Record || EventDevice == Device || queueOf(EventDevice).isDone(Record))
    return deviceError();
  WorkQueue *Recorded = &queueOf(EventDevice);
  return enqueue(
      Stream, false, [Recorded, Record] { Recorded->waitFor(Record); },
      /*RunAfterFault=*/true);
}

cudaError_t HostBackend::streamGetFlags(cudaStream_t Stream, unsigned &Flags) {
  if (isSpecialStream(Stream)) {
    Flags = 0;
    return cudaSuccess;
  }
  HostStream *S = userStream(Stream);
  if (!S)
    return cudaErrorInvalidResourceHandle;
  Flags = S->Flags;
  return cudaSuccess;
}

cudaError_t HostBackend::streamLimitMultiprocessors(cudaStream_t Stream,
                                                    unsigned Multiprocessors) {
  HostStream *S = userStream(Stream);
  if (!S)
    return cudaErrorInvalidResourceHandle;
  std::lock_guard<std::mutex> Lock(Mutex);
  S->MaxWorkers = Multiprocessors;
  return cudaSuccess;
}

cudaError_t HostBackend::streamGetPriority(cudaStream_t Stream, int &Priority) {
  if (isSpecialStream(Stream)) {
    Priority = 0;
    return cudaSuccess;
  }
  HostStream *S = userStream(Stream);
  if (!S)
    return cudaErrorInvalidResourceHandle;
  Priority = S->Priority;
  return cudaSuccess;
}

cudaError_t HostBackend::streamAddCallback(cudaStream_t Stream,
                                           cudaStreamCallback_t Callback,
                                           void *UserData) {
  if (!Callback)
    return cudaErrorInvalidValue;
  HostContext *C = contextOfStream(Stream);
  if (!C)
    return cudaErrorInvalidResourceHandle;
  return enqueue(
      Stream, false,
      [C, Stream, Callback, UserData] {
        Callback(Stream, faultOf(*C), UserData);
      },
      /*RunAfterFault=*/true);
}

cudaError_t HostBackend::eventCreate(cudaEvent_t &Event, unsigned Flags) {
  auto *E = new HostEvent{Flags, 0, false, {}};
  if (Flags & cudaEventInterprocess)
    if (cudaError_t Status = makeInterprocessEvent(*E)) {
      delete E;
      return Status;
    }
  std::lock_guard<std::mutex> Lock(Mutex);
  Events.insert(E);
  Event = reinterpret_cast<cudaEvent_t>(E);
  return cudaSuccess;
}

cudaError_t HostBackend::eventRecord(cudaEvent_t Event, cudaStream_t Stream) {
  HostEvent *E = findEvent(Event);
  if (!E)
    return cudaErrorInvalidResourceHandle;
  if (deviceOfStream(Stream) < 0)
    return cudaErrorInvalidResourceHandle;
  std::lock_guard<std::mutex> RecordLock(RecordMutex);
  E->Recorded = false;
  // An interprocess event counts its records where every process sees them.
  SharedEventState *Shared = E->Shared;
  uint64_t Record = Shared ? recordInterprocessEvent(*E) : 0;
  std::pair<int, uint64_t> Queued{0, 0};
  cudaError_t Status = enqueue(
      Stream, false,
      [E, Shared, Record] {
        E->Time = Clock::now();
        if (Shared)
          completeInterprocessRecord(*Shared, Record);
      },
      /*RunAfterFault=*/true, &Queued);
  if (Status != cudaSuccess)
    return Status;
  E->Device = Queued.first;
  E->RecordedWork = Queued.second;
  E->Recorded = true;
  return Status;
}

cudaError_t HostBackend::eventSynchronize(cudaEvent_t Event) {
  HostEvent *E = findEvent(Event);
  if (!E)
    return cudaErrorInvalidResourceHandle;
  if (E->Shared)
    return waitInterprocessEvent(*E, /*Here=*/true, nullptr);
  queueOf(E->Device).waitFor(E->RecordedWork);
  return deviceError();
}

cudaError_t HostBackend::eventQuery(cudaEvent_t Event) {
  HostEvent *E = findEvent(Event);
  if (!E)
    return cudaErrorInvalidResourceHandle;
  if (cudaError_t Status = deviceError())
    return Status;
  if (E->Shared)
    return __atomic_load_n(&E->Shared->Completed, __ATOMIC_ACQUIRE) >=
                   __atomic_load_n(&E->Shared->Recorded, __ATOMIC_ACQUIRE)
               ? cudaSuccess
               : cudaErrorNotReady;
  return queueOf(E->Device).isDone(E->RecordedWork) ? cudaSuccess
                                                    : cudaErrorNotReady;
}

cudaError_t HostBackend::eventElapsedTime(float &Ms, cudaEvent_t Start,
                                          cudaEvent_t End) {
  HostEvent *S = findEvent(Start), *E = findEvent(End);
  if (!S || !E)
    return cudaErrorInvalidResourceHandle;
  if ((S->Flags | E->Flags) & cudaEventDisableTiming)
    return cudaErrorInvalidResourceHandle;
  if (!S->Recorded || !E->Recorded)
    return cudaErrorInvalidResourceHandle;
  if (!queueOf(S->Device).isDone(S->RecordedWork) ||
      !queueOf(E->Device).isDone(E->RecordedWork))
    return cudaErrorNotReady;
  Ms = std::chrono::duration<float, std::milli>(E->Time - S->Time).count();
  return cudaSuccess;
}

cudaError_t HostBackend::eventDestroy(cudaEvent_t Event) {
  HostEvent *E = findEvent(Event);
  if (!E)
    return cudaErrorInvalidResourceHandle;
  // A pending record still writes the event: let it land first.
  queueOf(E->Device).waitFor(E->RecordedWork);
  std::lock_guard<std::mutex> Lock(Mutex);
  Events.erase(E);
  releaseInterprocessEvent(*E);
  delete E;
  return cudaSuccess;
}

HostStream *HostBackend::userStream(cudaStream_t Stream) {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto *S = reinterpret_cast<HostStream *>(Stream);
  return Streams.count(S) ? S : nullptr;
}

HostEvent *HostBackend::findEvent(cudaEvent_t Event) {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto *E = reinterpret_cast<HostEvent *>(Event);
  return Events.count(E) ? E : nullptr;
}

int HostBackend::deviceOfStream(cudaStream_t Stream) {
  if (isSpecialStream(Stream))
    return currentDevice();
  std::lock_guard<std::mutex> Lock(Mutex);
  auto *S = reinterpret_cast<HostStream *>(Stream);
  return Streams.count(S) ? S->Device : -1;
}

cudaError_t HostBackend::lastWorkOf(cudaStream_t Stream, int &Device,
                                    uint64_t &Last) {
  if (isSpecialStream(Stream)) {
    Device = currentDevice();
    Last = queueOf(Device).lastQueued();
    return cudaSuccess;
  }
  std::lock_guard<std::mutex> Lock(Mutex);
  auto *S = reinterpret_cast<HostStream *>(Stream);
  if (!Streams.count(S))
    return cudaErrorInvalidResourceHandle;
  Device = S->Device;
  Last = S->LastWork;
  return cudaSuccess;
}

/// Queues `Work` on `Stream`; with `Wait`, returns when it has run.
/// Work queued after a fault is dropped unless `RunAfterFault`.
cudaError_t HostBackend::enqueue(cudaStream_t Stream, bool Wait,
                                 std::function<void()> Work, bool RunAfterFault,
                                 std::pair<int, uint64_t> *Queued) {
  HostStream *S = nullptr;
  if (!isSpecialStream(Stream) && !(S = userStream(Stream)))
    return cudaErrorInvalidResourceHandle;
  // The stream's context: its fault drops the work (the others' does not).
  HostContext *C = S ? S->Context : &context();
  if (cudaError_t E = faultOf(*C))
    return E;
  int Device = S ? S->Device : currentDevice();
  WorkQueue &Queue = queueOf(Device);
  uint64_t Sequence = Queue.push([C, Work = std::move(Work), RunAfterFault] {
    if (RunAfterFault || !C->Fault.load())
      Work();
  });
  if (S) {
    std::lock_guard<std::mutex> Lock(Mutex);
    S->LastWork = Sequence;
  }
  if (Queued)
    *Queued = {Device, Sequence};
  if (Wait) {
    Queue.waitFor(Sequence);
    return faultOf(*C);
  }
  return cudaSuccess;
}

} // namespace rubicon::cudart::host
