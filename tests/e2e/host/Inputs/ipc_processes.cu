// cudaMalloc memory and an interprocess event shared with a second process
// (fork + exec of this program) on the host backend: the child sees the
// parent's bytes and writes its own into the same memory; the parent sees
// the child's event record pending until the child's stream runs it.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/wait.h>
#include <unistd.h>

constexpr int Count = (1 << 19) + 25; // 2 MiB and a part of a page

__global__ void iota(int *P, int N) {
  for (int I = blockIdx.x * blockDim.x + threadIdx.x; I < N;
       I += gridDim.x * blockDim.x)
    P[I] = I;
}

__global__ void twice(int *P, int N) {
  for (int I = blockIdx.x * blockDim.x + threadIdx.x; I < N;
       I += gridDim.x * blockDim.x)
    P[I] *= 2;
}

static void readAll(int Fd, void *Data, size_t Size) {
  auto *Bytes = static_cast<char *>(Data);
  while (Size) {
    ssize_t N = read(Fd, Bytes, Size);
    if (N <= 0)
      exit(3);
    Bytes += N;
    Size -= size_t(N);
  }
}

// Blocks the child's stream until the parent says go (a byte on stdin).
static void CUDART_CB waitForParent(void *) {
  char Go;
  readAll(0, &Go, 1);
}

static int child() {
  cudaIpcMemHandle_t Memory;
  cudaIpcEventHandle_t EventHandle;
  readAll(0, &Memory, sizeof Memory);
  readAll(0, &EventHandle, sizeof EventHandle);
  int *P = nullptr, *Again = nullptr;
  cudaEvent_t Event;
  int Open = cudaIpcOpenMemHandle((void **)&P, Memory,
                                  cudaIpcMemLazyEnablePeerAccess);
  int OpenAgain = cudaIpcOpenMemHandle((void **)&Again, Memory,
                                       cudaIpcMemLazyEnablePeerAccess);
  int OpenEvent = cudaIpcOpenEventHandle(&Event, EventHandle);
  cudaPointerAttributes Attributes{};
  cudaPointerGetAttributes(&Attributes, P);
  int Sees = P[Count - 1];
  cudaStream_t S;
  cudaStreamCreate(&S);
  cudaLaunchHostFunc(S, waitForParent, nullptr);
  twice<<<64, 128, 0, S>>>(P, Count);
  int Record = cudaEventRecord(Event, S);
  printf("child: open %d %d same %d event %d, device memory %d, sees %d, "
         "record %d\n",
         Open, OpenAgain, P == Again, OpenEvent,
         Attributes.type == cudaMemoryTypeDevice, Sees, Record);
  fflush(stdout);
  cudaStreamSynchronize(S);
  int Close = cudaIpcCloseMemHandle(Again) | cudaIpcCloseMemHandle(P);
  int CloseAgain = cudaIpcCloseMemHandle(P);
  cudaEventDestroy(Event);
  printf("child: closed %d, then %s\n", Close, cudaGetErrorName(cudaError_t(CloseAgain)));
  return 0;
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "child"))
    return child();
  int *D;
  cudaMalloc(&D, Count * sizeof(int));
  iota<<<64, 128>>>(D, Count);
  cudaIpcMemHandle_t Memory;
  cudaIpcEventHandle_t EventHandle;
  cudaEvent_t Event, Plain;
  cudaEventCreateWithFlags(&Event, cudaEventInterprocess | cudaEventDisableTiming);
  cudaEventCreate(&Plain);
  printf("parent: handles %d %d, plain event %s\n",
         cudaIpcGetMemHandle(&Memory, D),
         cudaIpcGetEventHandle(&EventHandle, Event),
         cudaGetErrorName(cudaIpcGetEventHandle(&EventHandle, Plain)));
  cudaIpcGetEventHandle(&EventHandle, Event);

  int ToChild[2], FromChild[2];
  if (pipe(ToChild) || pipe(FromChild))
    return 1;
  pid_t Pid = fork();
  if (Pid == 0) {
    dup2(ToChild[0], 0);
    dup2(FromChild[1], 1);
    close(ToChild[1]);
    close(FromChild[0]);
    execl("/proc/self/exe", argv[0], "child", (char *)nullptr);
    _exit(4);
  }
  close(ToChild[0]);
  close(FromChild[1]);
  write(ToChild[1], &Memory, sizeof Memory);
  write(ToChild[1], &EventHandle, sizeof EventHandle);
  FILE *Child = fdopen(FromChild[0], "r");
  char Line[256];
  if (!fgets(Line, sizeof Line, Child))
    return 2;
  fputs(Line, stdout);
  // The child's record waits behind its blocked stream.
  printf("parent: before go %s\n", cudaGetErrorName(cudaEventQuery(Event)));
  write(ToChild[1], "g", 1);
  int Sync = cudaEventSynchronize(Event);
  int H[3];
  cudaMemcpy(&H[0], D, sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(&H[1], D + 12345, sizeof(int), cudaMemcpyDeviceToHost);
  cudaMemcpy(&H[2], D + Count - 1, sizeof(int), cudaMemcpyDeviceToHost);
  printf("parent: synchronized %d, query %s, sees %d %d %d\n", Sync,
         cudaGetErrorName(cudaEventQuery(Event)), H[0], H[1], H[2]);
  while (fgets(Line, sizeof Line, Child))
    fputs(Line, stdout);
  int Status = 0;
  waitpid(Pid, &Status, 0);
  printf("parent: child exited %d; free %d\n", WEXITSTATUS(Status),
         cudaFree(D));
  return 0;
}
