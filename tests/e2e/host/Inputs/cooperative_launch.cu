// A cooperative launch on the host target: a grid-wide reduction whose
// phases are separated by grid.sync(), with as many blocks as the occupancy
// API says can be resident (the idiom of CUDA's samples), the barrier reused
// many times in one launch and across launches, grid_group's indices, the
// attribute and the errors.
#include <cooperative_groups.h>
#include <cstdio>

namespace cg = cooperative_groups;

constexpr int Threads = 128;

__global__ void reduce(const int *in, int n, int *partial, int *out,
                       int *counter, int *mismatches) {
  cg::grid_group grid = cg::this_grid();
  cg::thread_block block = cg::this_thread_block();
  __shared__ int sums[Threads];
  // Phase 1: each block sums its grid-strided elements.
  int sum = 0;
  for (unsigned long long i = grid.thread_rank(); i < (unsigned long long)n;
       i += grid.size())
    sum += in[i];
  sums[block.thread_rank()] = sum;
  block.sync();
  for (int stride = Threads / 2; stride > 0; stride /= 2) {
    if (block.thread_rank() < stride)
      sums[block.thread_rank()] += sums[block.thread_rank() + stride];
    block.sync();
  }
  if (block.thread_rank() == 0)
    partial[grid.block_rank()] = sums[0];
  grid.sync();
  // Phase 2: thread 0 of the grid adds the partial sums.
  if (grid.thread_rank() == 0) {
    int total = 0;
    for (unsigned long long b = 0; b < grid.num_blocks(); ++b)
      total += partial[b];
    out[0] = total;
  }
  grid.sync();
  // Phase 3: every thread sees the total; then 50 more barriers, each after
  // one increment by one block, each checked by every thread.
  if (out[0] != (int)((long long)n * (n - 1) / 2))
    atomicAdd(mismatches, 1);
  for (int round = 0; round < 50; ++round) {
    if (grid.block_rank() == (unsigned long long)round % grid.num_blocks() &&
        block.thread_rank() == 0)
      ++*counter;
    grid.sync();
    if (*counter != round + 1)
      atomicAdd(mismatches, 1);
    grid.sync();
  }
  if (grid.thread_rank() == grid.size() - 1)
    out[1] = grid.is_valid() && grid.size() == grid.num_blocks() * Threads &&
             grid.group_dim().x == gridDim.x && grid.block_index().x == blockIdx.x;
}

int main() {
  int attribute = -1, device = 0, perSM = 0, sms = 0;
  cudaDeviceGetAttribute(&attribute, cudaDevAttrCooperativeLaunch, device);
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device);
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSM, reduce, Threads, 0);
  printf("cooperativeLaunch: %d\n", attribute);
  int blocks = perSM * sms;

  const int n = 50000; // the sum fits in an int
  int *in, *partial, *out, *counter, *mismatches;
  cudaMallocManaged(&in, n * sizeof(int));
  cudaMallocManaged(&partial, blocks * sizeof(int));
  cudaMallocManaged(&out, 2 * sizeof(int));
  cudaMallocManaged(&counter, sizeof(int));
  cudaMallocManaged(&mismatches, sizeof(int));
  for (int i = 0; i < n; ++i)
    in[i] = i;
  int count = n;
  void *args[] = {&in, &count, &partial, &out, &counter, &mismatches};
  for (int launch = 0; launch < 3; ++launch) {
    *counter = 0;
    *mismatches = 0;
    out[0] = out[1] = 0;
    cudaError_t status = cudaLaunchCooperativeKernel(
        (void *)reduce, blocks, Threads, args, 0, 0);
    cudaError_t sync = cudaDeviceSynchronize();
    printf("launch %d: %s %s sum %d counter %d mismatches %d group ok %d\n",
           launch, cudaGetErrorName(status), cudaGetErrorName(sync), out[0],
           *counter, *mismatches, out[1]);
  }
  printf("blocks = occupancy x SMs: %d\n", blocks == perSM * sms && blocks > 1);

  // One block more than can be resident.
  cudaError_t tooLarge = cudaLaunchCooperativeKernel(
      reduce, dim3(blocks + 1), dim3(Threads), args, 0, 0);
  printf("too large: %s\n", cudaGetErrorName(tooLarge));
  printf("last error: %s\n", cudaGetErrorName(cudaGetLastError()));
  cudaLaunchParams params = {(void *)reduce, dim3(1), dim3(Threads), args, 0, 0};
  printf("multi-device: %s\n",
         cudaGetErrorName(cudaLaunchCooperativeKernelMultiDevice(&params, 1)));
  return 0;
}
