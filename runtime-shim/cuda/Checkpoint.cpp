//===- Checkpoint.cpp - Checkpointing a process (cuCheckpointProcess*) ----===//
//
// Part of Rubicon. CUDA's checkpoint state machine for the calling process
// (ProcessGate.h): a lock waits for the work queued on the device and makes
// every other thread's CUDA call (runtime or driver) wait until the process
// is unlocked; a checkpoint and a restore move between LOCKED and
// CHECKPOINTED, each in its documented state only
// (CUDA_ERROR_ILLEGAL_STATE otherwise). Device memory needs no saving: the
// host backend's is the process's own memory, which a process checkpoint
// (CRIU) saves, and a HIP device's stays allocated. Another process cannot
// be controlled from here: CUDA_ERROR_NOT_SUPPORTED
// (docs/driver-process-controls.md).
//
//===----------------------------------------------------------------------===//

#include "DriverInternal.h"

#include "ProcessGate.h"

#include <cerrno>
#include <csignal>
#include <cstring>
#include <unistd.h>

using namespace rubicon;
using namespace rubicon::driver;
using cudart::ProcessGate;

namespace {

bool allZero(const void *Data, size_t Size) {
  const auto *Bytes = static_cast<const unsigned char *>(Data);
  for (size_t I = 0; I < Size; ++I)
    if (Bytes[I])
      return false;
  return true;
}

/// The calling process's gate once the driver is initialized; an error for
/// another or an unknown process.
CUresult gateOf(int Pid, ProcessGate *&Gate) {
  cudart::Backend *B = nullptr;
  if (CUresult Status = acquireUngatedBackend(B))
    return Status;
  if (Pid != getpid())
    return Pid > 0 && (kill(Pid, 0) == 0 || errno == EPERM)
               ? CUDA_ERROR_NOT_SUPPORTED
               : CUDA_ERROR_INVALID_VALUE;
  Gate = &B->processGate();
  return CUDA_SUCCESS;
}

CUresult move(int Pid, ProcessGate::State From, ProcessGate::State To) {
  ProcessGate *Gate = nullptr;
  if (CUresult Status = gateOf(Pid, Gate))
    return Status;
  return Gate->move(From, To) ? CUDA_SUCCESS : CUDA_ERROR_ILLEGAL_STATE;
}

} // namespace

extern "C" {

CUresult cuCheckpointProcessGetState(int Pid, CUprocessState *State) {
  if (!State)
    return CUDA_ERROR_INVALID_VALUE;
  ProcessGate *Gate = nullptr;
  if (CUresult Status = gateOf(Pid, Gate))
    return Status;
  *State = static_cast<CUprocessState>(Gate->state());
  return CUDA_SUCCESS;
}

// Rubicon has no thread of its own for restoring: the answer is the thread
// the process's first CUDA call ran on (where the backend was created).
CUresult cuCheckpointProcessGetRestoreThreadId(int Pid, int *Tid) {
  if (!Tid)
    return CUDA_ERROR_INVALID_VALUE;
  ProcessGate *Gate = nullptr;
  if (CUresult Status = gateOf(Pid, Gate))
    return Status;
  *Tid = Gate->creatorThread();
  return CUDA_SUCCESS;
}

CUresult cuCheckpointProcessLock(int Pid, CUcheckpointLockArgs *Args) {
  if (Args && (Args->reserved0 || !allZero(Args->reserved1,
                                            sizeof Args->reserved1)))
    return CUDA_ERROR_INVALID_VALUE;
  ProcessGate *Gate = nullptr;
  if (CUresult Status = gateOf(Pid, Gate))
    return Status;
  if (!Gate->move(ProcessGate::Running, ProcessGate::Locked))
    return CUDA_ERROR_ILLEGAL_STATE;
  // The work already queued completes before the process counts as locked
  // (the timeout is not applied: the queued work is always awaited).
  // Every device's work, each device having its own queue.
  cudart::Backend *B = nullptr;
  acquireUngatedBackend(B);
  int Count = 0, Current = 0;
  B->getDeviceCount(Count);
  B->getDevice(Current);
  cudaError_t Status = cudaSuccess;
  for (int Device = 0; Device < Count && Status == cudaSuccess; ++Device)
    if ((Status = B->setDevice(Device)) == cudaSuccess)
      Status = B->deviceSynchronize();
  B->setDevice(Current);
  if (Status != cudaSuccess) {
    Gate->move(ProcessGate::Locked, ProcessGate::Running);
    return CUDA_ERROR_NOT_READY;
  }
  return CUDA_SUCCESS;
}

CUresult cuCheckpointProcessCheckpoint(int Pid,
                                       CUcheckpointCheckpointArgs *Args) {
  if (Args && !allZero(Args->reserved, sizeof Args->reserved))
    return CUDA_ERROR_INVALID_VALUE;
  return move(Pid, ProcessGate::Locked, ProcessGate::Checkpointed);
}

CUresult cuCheckpointProcessRestore(int Pid, CUcheckpointRestoreArgs *Args) {
  if (Args && (!allZero(Args->reserved, sizeof Args->reserved) ||
               Args->reserved1 || (Args->gpuPairsCount && !Args->gpuPairs)))
    return CUDA_ERROR_INVALID_VALUE;
  ProcessGate *Gate = nullptr;
  if (CUresult Status = gateOf(Pid, Gate))
    return Status;
  if (Args && Args->gpuPairsCount) {
    // Every pair names this machine's devices, and every device is restored
    // onto itself (no other GPU of the same kind exists to move to).
    int Count = 0;
    if (CUresult Status = cuDeviceGetCount(&Count))
      return Status;
    if (Args->gpuPairsCount != unsigned(Count))
      return CUDA_ERROR_INVALID_VALUE;
    for (unsigned I = 0; I < Args->gpuPairsCount; ++I) {
      const CUcheckpointGpuPair &P = Args->gpuPairs[I];
      bool Known = false;
      for (int D = 0; D < Count && !Known; ++D) {
        CUuuid Uuid;
        if (cuDeviceGetUuid(&Uuid, D) == CUDA_SUCCESS)
          Known = !std::memcmp(&Uuid, &P.oldUuid, sizeof Uuid) &&
                  !std::memcmp(&Uuid, &P.newUuid, sizeof Uuid);
      }
      if (!Known)
        return CUDA_ERROR_INVALID_VALUE;
    }
  }
  return Gate->move(ProcessGate::Checkpointed, ProcessGate::Locked)
             ? CUDA_SUCCESS
             : CUDA_ERROR_ILLEGAL_STATE;
}

CUresult cuCheckpointProcessUnlock(int Pid, CUcheckpointUnlockArgs *Args) {
  if (Args && !allZero(Args->reserved, sizeof Args->reserved))
    return CUDA_ERROR_INVALID_VALUE;
  return move(Pid, ProcessGate::Locked, ProcessGate::Running);
}

} // extern "C"
