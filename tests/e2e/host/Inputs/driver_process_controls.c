/* The driver's process controls on the host backend: the checkpoint state
 * machine of the calling process (a lock holds other threads' runtime and
 * driver calls until the unlock), the GPU coredump settings with their
 * defaults and precedence, and the driver's error log (callbacks, iterators,
 * dumps). With an argument, only prints the coredump file setting and
 * whether it can be changed (run with CUDA_COREDUMP_FILE set). */
#define _GNU_SOURCE
#include <cuda.h>
#include <cuda_runtime_api.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static volatile int driverDone, runtimeDone;

static void *driverCall(void *arg) {
  CUdeviceptr p;
  (void)arg;
  cuCtxSetCurrent((CUcontext)arg);
  driverDone = cuMemAlloc(&p, 64) == CUDA_SUCCESS ? 1 : -1;
  return NULL;
}

static void *runtimeCall(void *arg) {
  void *p;
  (void)arg;
  runtimeDone = cudaMalloc(&p, 64) == cudaSuccess ? 1 : -1;
  return NULL;
}

static int logCalls;
static char lastLine[256];
static void onLog(void *data, CUlogLevel level, char *message, size_t length) {
  (void)data;
  ++logCalls;
  snprintf(lastLine, sizeof lastLine, "%d %.*s", (int)level, (int)length,
           message);
}

static void sleepMs(int ms) {
  struct timespec t = {0, ms * 1000000L};
  nanosleep(&t, NULL);
}

int main(int argc, char **argv) {
  int pid = getpid();
  CUprocessState state;
  char text[1024];
  size_t size;
  if (argc > 1) {
    size = sizeof text;
    cuCoredumpGetAttributeGlobal(CU_COREDUMP_FILE, text, &size);
    printf("env file: %s\n", text);
    size = 6;
    printf("env set: %d\n", cuCoredumpSetAttributeGlobal(CU_COREDUMP_FILE,
                                                         "other", &size));
    return 0;
  }
  printf("before init: %d\n", cuCheckpointProcessGetState(pid, &state));

  CUdevice dev;
  CUcontext ctx;
  cuInit(0);
  cuDeviceGet(&dev, 0);
  cuDevicePrimaryCtxRetain(&ctx, dev);
  cuCtxSetCurrent(ctx);

  /* Checkpoint: the state machine and its documented errors. */
  CUresult r = cuCheckpointProcessGetState(pid, &state);
  printf("state: %d %d\n", r, state);
  printf("wrong state: checkpoint %d unlock %d restore %d\n",
         cuCheckpointProcessCheckpoint(pid, NULL),
         cuCheckpointProcessUnlock(pid, NULL),
         cuCheckpointProcessRestore(pid, NULL));
  CUcheckpointLockArgs lockArgs;
  memset(&lockArgs, 0, sizeof lockArgs);
  lockArgs.reserved0 = 1;
  printf("reserved: %d\n", cuCheckpointProcessLock(pid, &lockArgs));
  printf("other process: %d, no process: %d\n",
         cuCheckpointProcessGetState(getppid(), &state),
         cuCheckpointProcessGetState(-5, &state));

  lockArgs.reserved0 = 0;
  lockArgs.timeoutMs = 1000;
  r = cuCheckpointProcessLock(pid, &lockArgs);
  cuCheckpointProcessGetState(pid, &state);
  printf("lock: %d state %d again %d\n", r, state,
         cuCheckpointProcessLock(pid, NULL));
  pthread_t a, b;
  pthread_create(&a, NULL, driverCall, ctx);
  pthread_create(&b, NULL, runtimeCall, NULL);
  sleepMs(300);
  CUdeviceptr mine;
  printf("while locked: others %d %d, locking thread %d\n", driverDone,
         runtimeDone, cuMemAlloc(&mine, 64));
  r = cuCheckpointProcessCheckpoint(pid, NULL);
  cuCheckpointProcessGetState(pid, &state);
  printf("checkpoint: %d state %d lock %d\n", r, state,
         cuCheckpointProcessLock(pid, NULL));
  CUcheckpointRestoreArgs restoreArgs;
  CUcheckpointGpuPair pair;
  memset(&restoreArgs, 0, sizeof restoreArgs);
  memset(&pair, 0, sizeof pair);
  restoreArgs.gpuPairs = &pair;
  restoreArgs.gpuPairsCount = 1;
  printf("restore onto unknown GPU: %d\n",
         cuCheckpointProcessRestore(pid, &restoreArgs));
  cuDeviceGetUuid(&pair.oldUuid, dev);
  pair.newUuid = pair.oldUuid;
  r = cuCheckpointProcessRestore(pid, &restoreArgs);
  cuCheckpointProcessGetState(pid, &state);
  printf("restore: %d state %d others %d %d\n", r, state, driverDone,
         runtimeDone);
  r = cuCheckpointProcessUnlock(pid, NULL);
  pthread_join(a, NULL);
  pthread_join(b, NULL);
  cuCheckpointProcessGetState(pid, &state);
  printf("unlock: %d state %d others %d %d\n", r, state, driverDone,
         runtimeDone);
  int tid = 0;
  r = cuCheckpointProcessGetRestoreThreadId(pid, &tid);
  printf("restore thread: %d main %d\n", r, tid == (int)syscall(SYS_gettid));

  /* Coredump settings: defaults, the process's and the context's. */
  size = 0;
  r = cuCoredumpGetAttributeGlobal(CU_COREDUMP_ENABLE_ON_EXCEPTION, NULL, &size);
  printf("size query: %d %zu\n", r, size);
  bool flag = true;
  int flags = -1;
  size = sizeof flag;
  cuCoredumpGetAttributeGlobal(CU_COREDUMP_ENABLE_ON_EXCEPTION, &flag, &size);
  printf("defaults: exception %d", flag);
  size = sizeof flag;
  cuCoredumpGetAttributeGlobal(CU_COREDUMP_TRIGGER_HOST, &flag, &size);
  printf(" host %d", flag);
  size = sizeof flags;
  cuCoredumpGetAttributeGlobal(CU_COREDUMP_GENERATION_FLAGS, &flags, &size);
  printf(" flags %d", flags);
  size = sizeof text;
  cuCoredumpGetAttributeGlobal(CU_COREDUMP_FILE, text, &size);
  char suffix[32];
  snprintf(suffix, sizeof suffix, ".%d", pid);
  printf(" file core.cuda.* %d pid %d\n", strncmp(text, "core.cuda.", 10) == 0,
         strcmp(text + strlen(text) - strlen(suffix), suffix) == 0);
  size = 4;
  printf("small buffer: %d\n",
         cuCoredumpGetAttributeGlobal(CU_COREDUMP_FILE, text, &size));
  flag = true;
  size = sizeof flag;
  cuCoredumpSetAttributeGlobal(CU_COREDUMP_LIGHTWEIGHT, &flag, &size);
  flag = false;
  size = sizeof flag;
  cuCoredumpSetAttributeGlobal(CU_COREDUMP_TRIGGER_HOST, &flag, &size);
  size = sizeof flags;
  cuCoredumpGetAttributeGlobal(CU_COREDUMP_GENERATION_FLAGS, &flags, &size);
  printf("lightweight, no host dump: flags 0x%x\n", flags);
  size = 9;
  r = cuCoredumpSetAttribute(CU_COREDUMP_FILE, "ctx.core", &size);
  size = sizeof text;
  cuCoredumpGetAttribute(CU_COREDUMP_FILE, text, &size);
  printf("context file: %d %s (%zu)", r, text, size);
  size = sizeof text;
  cuCoredumpGetAttributeGlobal(CU_COREDUMP_FILE, text, &size);
  printf(" process file unchanged %d\n", strncmp(text, "core.cuda.", 10) == 0);
  size = sizeof flags;
  cuCoredumpGetAttribute(CU_COREDUMP_GENERATION_FLAGS, &flags, &size);
  printf("context inherits flags 0x%x\n", flags);
  size = 5;
  printf("context pipe: %d\n",
         cuCoredumpSetAttribute(CU_COREDUMP_PIPE, "pipe", &size));
  flag = true;
  size = sizeof flag;
  cuCoredumpSetAttributeGlobal(CU_COREDUMP_ENABLE_USER_TRIGGER, &flag, &size);
  size = 5;
  printf("pipe after user trigger: %d\n",
         cuCoredumpSetAttributeGlobal(CU_COREDUMP_PIPE, "pipe", &size));
  flags = 1 << 20;
  size = sizeof flags;
  printf("unknown flag: %d\n",
         cuCoredumpSetAttributeGlobal(CU_COREDUMP_GENERATION_FLAGS, &flags,
                                      &size));

  /* The driver's log. */
  CUlogIterator it, start;
  cuLogsCurrent(&it, 0);
  start = it;
  CUlogsCallbackHandle handle;
  printf("register: %d\n", cuLogsRegisterCallback(onLog, NULL, &handle));
  r = cuMemFree((CUdeviceptr)0x1234);
  printf("error: %d callback calls %d: %s\n", r, logCalls, lastLine);
  char buffer[512];
  size = sizeof buffer;
  r = cuLogsDumpToMemory(&it, buffer, &size, 0);
  printf("dump: %d %zu [%s] advanced %d\n", r, size, buffer, it == start + 1);
  size = sizeof buffer;
  cuLogsDumpToMemory(&it, buffer, &size, 0);
  printf("nothing new: %zu\n", size);
  printf("unregister: %d again %d\n", cuLogsUnregisterCallback(handle),
         cuLogsUnregisterCallback(handle));
  CUdeviceptr huge;
  cuMemAlloc(&huge, (size_t)1 << 60);
  printf("callback calls after unregister: %d\n", logCalls);
  /* Two lines, room for the newest only. */
  char all[1024];
  size = sizeof all;
  CUlogIterator from = start;
  cuLogsDumpToMemory(&from, all, &size, 0);
  char *second = strchr(all, '\n') + 1;
  size = strlen(second) + 1;
  from = start;
  r = cuLogsDumpToMemory(&from, buffer, &size, 0);
  printf("newest only: %d [%s] same %d\n", r, buffer, strcmp(buffer, second) == 0);
  size = 5;
  from = start;
  r = cuLogsDumpToMemory(&from, buffer, &size, 0);
  printf("no line fits: %d %zu\n", r, size);
  from = start;
  printf("to file: %d\n", cuLogsDumpToFile(&from, "log.txt", 0));
  printf("flags: %d\n", cuLogsCurrent(&it, 1));
  return 0;
}
