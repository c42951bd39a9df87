/*===- __rubicon/cuda_process.h - Checkpoint, coredump and log control ----===*
 *
 * Part of Rubicon. The driver API's process-level controls, written from the
 * CUDA driver API reference: checkpointing a process (CUDA 12.8's
 * cuCheckpointProcess* state machine), the GPU coredump settings (CUDA 12.1)
 * and the driver's error log (CUDA 12.9's cuLogs*). Included by cuda.h
 * inside its extern "C" block. Implemented in runtime-shim/cuda/Checkpoint.cpp,
 * Coredump.cpp and Logs.cpp; docs/driver-process-controls.md says what each
 * does on Rubicon.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_INTERNAL_CUDA_PROCESS_H
#define RUBICON_INTERNAL_CUDA_PROCESS_H

/* Checkpoint and restore. */
typedef enum CUprocessState_enum {
  CU_PROCESS_STATE_RUNNING = 0,
  CU_PROCESS_STATE_LOCKED = 1,
  CU_PROCESS_STATE_CHECKPOINTED = 2,
  CU_PROCESS_STATE_FAILED = 3
} CUprocessState;

typedef struct CUcheckpointLockArgs_st {
  unsigned int timeoutMs; /* 0: wait as long as it takes */
  unsigned int reserved0;
  cuuint64_t reserved1[7];
} CUcheckpointLockArgs;

typedef struct CUcheckpointCheckpointArgs_st {
  cuuint64_t reserved[8];
} CUcheckpointCheckpointArgs;

typedef struct CUcheckpointGpuPair_st {
  CUuuid oldUuid;
  CUuuid newUuid;
} CUcheckpointGpuPair;

typedef struct CUcheckpointRestoreArgs_st {
  CUcheckpointGpuPair *gpuPairs;
  unsigned int gpuPairsCount;
  char reserved[52 - sizeof(CUcheckpointGpuPair *)];
  cuuint64_t reserved1;
} CUcheckpointRestoreArgs;

typedef struct CUcheckpointUnlockArgs_st {
  cuuint64_t reserved[8];
} CUcheckpointUnlockArgs;

CUresult cuCheckpointProcessGetRestoreThreadId(int pid, int *tid);
CUresult cuCheckpointProcessGetState(int pid, CUprocessState *state);
CUresult cuCheckpointProcessLock(int pid, CUcheckpointLockArgs *args);
CUresult cuCheckpointProcessCheckpoint(int pid,
                                       CUcheckpointCheckpointArgs *args);
CUresult cuCheckpointProcessRestore(int pid, CUcheckpointRestoreArgs *args);
CUresult cuCheckpointProcessUnlock(int pid, CUcheckpointUnlockArgs *args);

/* GPU coredump settings. */
typedef enum CUcoredumpSettings_enum {
  CU_COREDUMP_ENABLE_ON_EXCEPTION = 1,
  CU_COREDUMP_TRIGGER_HOST = 2,
  CU_COREDUMP_LIGHTWEIGHT = 3,
  CU_COREDUMP_ENABLE_USER_TRIGGER = 4,
  CU_COREDUMP_FILE = 5,
  CU_COREDUMP_PIPE = 6,
  CU_COREDUMP_GENERATION_FLAGS = 7,
  CU_COREDUMP_MAX
} CUcoredumpSettings;

typedef enum CUCoredumpGenerationFlags {
  CU_COREDUMP_DEFAULT_FLAGS = 0,
  CU_COREDUMP_SKIP_NONRELOCATED_ELF_IMAGES = 1 << 0,
  CU_COREDUMP_SKIP_GLOBAL_MEMORY = 1 << 1,
  CU_COREDUMP_SKIP_SHARED_MEMORY = 1 << 2,
  CU_COREDUMP_SKIP_LOCAL_MEMORY = 1 << 3,
  CU_COREDUMP_SKIP_ABORT = 1 << 4,
  CU_COREDUMP_SKIP_CONSTBANK_MEMORY = 1 << 5,
  CU_COREDUMP_LIGHTWEIGHT_FLAGS = (1 << 0) | (1 << 1) | (1 << 2) | (1 << 3) |
                                  (1 << 5)
} CUCoredumpGenerationFlags;

CUresult cuCoredumpGetAttribute(CUcoredumpSettings attrib, void *value,
                                size_t *size);
CUresult cuCoredumpGetAttributeGlobal(CUcoredumpSettings attrib, void *value,
                                      size_t *size);
CUresult cuCoredumpSetAttribute(CUcoredumpSettings attrib, void *value,
                                size_t *size);
CUresult cuCoredumpSetAttributeGlobal(CUcoredumpSettings attrib, void *value,
                                      size_t *size);

/* The driver's error log. */
typedef enum CUlogLevel_enum {
  CU_LOG_LEVEL_ERROR = 0,
  CU_LOG_LEVEL_WARNING = 1
} CUlogLevel;

typedef struct CUlogsCallbackEntry_st *CUlogsCallbackHandle;
typedef void(CUDA_CB *CUlogsCallback)(void *data, CUlogLevel logLevel,
                                      char *message, size_t length);
typedef unsigned int CUlogIterator;

CUresult cuLogsRegisterCallback(CUlogsCallback callbackFunc, void *userData,
                                CUlogsCallbackHandle *callback_out);
CUresult cuLogsUnregisterCallback(CUlogsCallbackHandle callback);
CUresult cuLogsCurrent(CUlogIterator *iterator_out, unsigned int flags);
CUresult cuLogsDumpToFile(CUlogIterator *iterator, const char *pathToFile,
                          unsigned int flags);
CUresult cuLogsDumpToMemory(CUlogIterator *iterator, char *buffer,
                            size_t *size, unsigned int flags);

#endif /* RUBICON_INTERNAL_CUDA_PROCESS_H */
