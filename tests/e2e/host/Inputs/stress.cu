// Many host threads, each with its own streams, launching and copying at the
// same time (plus the per-thread default stream); every result is checked.
#include <cstdio>
#include <thread>
#include <vector>

__global__ void accumulate(int *data, int n, int amount) {
  int i = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  if (i < n)
    data[i] += amount;
}

int main() {
  const int threads = 8, launches = 40, n = 4096;
  std::vector<int> failures(threads, 0);
  std::vector<std::thread> workers;
  for (int w = 0; w < threads; ++w)
    workers.emplace_back([w, &failures] {
      cudaStream_t streams[2];
      cudaStreamCreateWithFlags(&streams[0], cudaStreamNonBlocking);
      cudaStreamCreate(&streams[1]);
      int *data;
      cudaMalloc(&data, n * sizeof(int));
      cudaMemsetAsync(data, 0, n * sizeof(int), streams[0]);
      for (int k = 0; k < launches; ++k)
        accumulate<<<n / 64, 64, 0, streams[0]>>>(data, n, w + 1);
      cudaEvent_t done;
      cudaEventCreate(&done);
      cudaEventRecord(done, streams[0]);
      cudaStreamWaitEvent(streams[1], done, 0);
      accumulate<<<n / 64, 64, 0, streams[1]>>>(data, n, 1000);
      accumulate<<<n / 64, 64, 0, cudaStreamPerThread>>>(data, n, 0);
      std::vector<int> host(n);
      cudaMemcpyAsync(host.data(), data, n * sizeof(int), cudaMemcpyDeviceToHost,
                      streams[1]);
      cudaStreamSynchronize(streams[1]);
      for (int i = 0; i < n; ++i)
        failures[w] += host[i] != launches * (w + 1) + 1000;
      cudaFree(data);
      cudaEventDestroy(done);
      cudaStreamDestroy(streams[0]);
      cudaStreamDestroy(streams[1]);
    });
  for (std::thread &t : workers)
    t.join();
  int total = 0;
  for (int f : failures)
    total += f;
  std::printf("stress: %d wrong values, %s\n", total, total ? "FAILED" : "PASSED");
  return total ? 1 : 0;
}
