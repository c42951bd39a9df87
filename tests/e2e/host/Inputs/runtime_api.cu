// The CUDA runtime API on the host backend: copy kinds, memset, stream
// ordering across streams with events, event timing and its errors, stream
// queries, argument errors, device properties, pointer attributes.
#include <cstdio>
#include <cstring>

__global__ void addOne(int *data, int n) {
  int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n)
    data[i] += 1;
}

__global__ void copyScaled(const int *from, int *to, int n, int factor) {
  int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n)
    to[i] = from[i] * factor;
}

static bool ok = true;
static void expect(bool cond, const char *what) {
  std::printf("%s: %s\n", what, cond ? "ok" : "FAILED");
  ok &= cond;
}

int main() {
  const int n = 10000;
  static int host[n], back[n];
  for (int i = 0; i < n; ++i)
    host[i] = i;

  // Copy kinds.
  int *a, *b;
  cudaMalloc(&a, n * sizeof(int));
  cudaMalloc(&b, n * sizeof(int));
  expect(cudaMemcpy(a, host, sizeof(host), cudaMemcpyHostToDevice) == cudaSuccess &&
             cudaMemcpy(b, a, sizeof(host), cudaMemcpyDeviceToDevice) == cudaSuccess &&
             cudaMemcpy(back, b, sizeof(host), cudaMemcpyDeviceToHost) == cudaSuccess &&
             std::memcmp(host, back, sizeof(host)) == 0,
         "copy H2D D2D D2H");
  int hostCopy[4] = {0};
  expect(cudaMemcpy(hostCopy, host + 1, 4 * sizeof(int), cudaMemcpyHostToHost) == cudaSuccess &&
             hostCopy[3] == 4 &&
             cudaMemcpy(back, a, sizeof(host), cudaMemcpyDefault) == cudaSuccess &&
             back[n - 1] == n - 1,
         "copy H2H and Default");
  expect(cudaMemcpy(back, a, 4, static_cast<cudaMemcpyKind>(7)) ==
             cudaErrorInvalidMemcpyDirection,
         "invalid copy kind is cudaErrorInvalidMemcpyDirection");
  cudaGetLastError();
  expect(cudaMemset(b, 0xff, sizeof(host)) == cudaSuccess &&
             cudaMemcpy(back, b, sizeof(host), cudaMemcpyDeviceToHost) == cudaSuccess &&
             back[17] == -1,
         "memset");

  // Stream ordering: s1 adds one, an event hands over to s2, s2 scales.
  cudaStream_t s1, s2;
  cudaStreamCreate(&s1);
  cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking);
  cudaEvent_t start, handover, stop, untimed;
  cudaEventCreate(&start);
  cudaEventCreate(&handover);
  cudaEventCreate(&stop);
  cudaEventCreateWithFlags(&untimed, cudaEventDisableTiming);
  int *pinned;
  cudaMallocHost(&pinned, n * sizeof(int));
  cudaEventRecord(start, s1);
  cudaMemcpyAsync(a, host, sizeof(host), cudaMemcpyHostToDevice, s1);
  for (int k = 0; k < 5; ++k)
    addOne<<<(n + 127) / 128, 128, 0, s1>>>(a, n);
  cudaEventRecord(handover, s1);
  cudaStreamWaitEvent(s2, handover, 0);
  copyScaled<<<(n + 255) / 256, 256, 0, s2>>>(a, b, n, 3);
  cudaMemcpyAsync(pinned, b, sizeof(host), cudaMemcpyDeviceToHost, s2);
  cudaEventRecord(stop, s2);
  cudaEventRecord(untimed, s2);
  expect(cudaStreamSynchronize(s2) == cudaSuccess, "stream synchronize");
  bool ordered = true;
  for (int i = 0; i < n; ++i)
    ordered &= pinned[i] == (i + 5) * 3;
  expect(ordered, "kernels and copies ordered across streams by an event");
  expect(cudaStreamQuery(s1) == cudaSuccess && cudaEventQuery(stop) == cudaSuccess,
         "queries after synchronize");
  float ms = -1;
  expect(cudaEventElapsedTime(&ms, start, stop) == cudaSuccess && ms >= 0,
         "event elapsed time");
  expect(cudaEventElapsedTime(&ms, start, untimed) == cudaErrorInvalidResourceHandle,
         "elapsed time of an untimed event fails");
  cudaGetLastError();

  // The legacy default stream orders against blocking streams.
  cudaMemset(a, 0, sizeof(host));
  addOne<<<(n + 127) / 128, 128, 0, s1>>>(a, n);
  addOne<<<(n + 127) / 128, 128>>>(a, n);
  addOne<<<(n + 127) / 128, 128, 0, s1>>>(a, n);
  cudaMemcpy(back, a, sizeof(host), cudaMemcpyDeviceToHost);
  expect(back[0] == 3 && back[n - 1] == 3, "legacy default stream ordering");

  // Errors and properties.
  int notAllocated;
  expect(cudaFree(&notAllocated) != cudaSuccess, "cudaFree of a host pointer fails");
  cudaGetLastError();
  cudaDeviceProp prop;
  expect(cudaGetDeviceProperties(&prop, 0) == cudaSuccess && prop.warpSize == 32 &&
             prop.maxThreadsPerBlock == 1024 && std::strstr(prop.name, "host"),
         "device properties");
  int count = 0;
  expect(cudaGetDeviceCount(&count) == cudaSuccess && count == 1, "one device");
  cudaPointerAttributes attributes;
  expect(cudaPointerGetAttributes(&attributes, a) == cudaSuccess &&
             attributes.type == cudaMemoryTypeDevice &&
             cudaPointerGetAttributes(&attributes, pinned) == cudaSuccess &&
             attributes.type == cudaMemoryTypeHost,
         "pointer attributes");
  addOne<<<1, 2048>>>(a, n);
  expect(cudaGetLastError() == cudaErrorInvalidConfiguration,
         "a 2048-thread block is cudaErrorInvalidConfiguration");

  cudaStreamDestroy(s1);
  cudaStreamDestroy(s2);
  cudaFreeHost(pinned);
  cudaFree(a);
  cudaFree(b);
  std::printf("runtime_api: %s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
