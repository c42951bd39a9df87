// Legacy warp-synchronous code: the last steps of a block reduction and a
// warp scan through volatile shared memory with no __syncwarp, relying on the
// lanes of a warp running each statement together. On a GPU they give the
// sums below; the host target must give the same.
#include <cstdio>

__device__ void warpReduce(volatile int *s, int tid) {
  s[tid] += s[tid + 32];
  s[tid] += s[tid + 16];
  s[tid] += s[tid + 8];
  s[tid] += s[tid + 4];
  s[tid] += s[tid + 2];
  s[tid] += s[tid + 1];
}

__global__ void reduce(const int *in, int *out) {
  __shared__ int s[256];
  int tid = threadIdx.x;
  s[tid] = in[blockIdx.x * 256 + tid];
  __syncthreads();
  for (int half = 128; half > 32; half /= 2) {
    if (tid < half)
      s[tid] += s[tid + half];
    __syncthreads();
  }
  if (tid < 32)
    warpReduce(s, tid);
  if (tid == 0)
    out[blockIdx.x] = s[0];
}

// Inclusive scan of each 32-thread warp (Hillis-Steele): each step reads the
// value `offset` lanes below as it was before the step.
__global__ void warpScan(const int *in, int *out) {
  __shared__ int s[128];
  int tid = threadIdx.x, lane = tid & 31;
  volatile int *v = s;
  v[tid] = in[blockIdx.x * 128 + tid];
  if (lane >= 1) v[tid] = v[tid] + v[tid - 1];
  if (lane >= 2) v[tid] = v[tid] + v[tid - 2];
  if (lane >= 4) v[tid] = v[tid] + v[tid - 4];
  if (lane >= 8) v[tid] = v[tid] + v[tid - 8];
  if (lane >= 16) v[tid] = v[tid] + v[tid - 16];
  out[blockIdx.x * 128 + tid] = v[tid];
}

int main() {
  const int blocks = 4;
  int *in, *out;
  cudaMallocManaged(&in, blocks * 256 * sizeof(int));
  cudaMallocManaged(&out, blocks * 256 * sizeof(int));
  for (int i = 0; i < blocks * 256; ++i)
    in[i] = (i * 7) % 13 + 1;

  reduce<<<blocks, 256>>>(in, out);
  cudaDeviceSynchronize();
  int wrongSums = 0;
  for (int b = 0; b < blocks; ++b) {
    int want = 0;
    for (int i = 0; i < 256; ++i)
      want += in[b * 256 + i];
    if (out[b] != want)
      ++wrongSums, std::printf("reduce: block %d sum %d, expected %d\n", b,
                               out[b], want);
  }
  std::printf("reduce: %d wrong sums\n", wrongSums);

  warpScan<<<blocks * 2, 128>>>(in, out);
  cudaDeviceSynchronize();
  int wrongScans = 0;
  for (int w = 0; w < blocks * 256 / 32; ++w) {
    int sum = 0;
    for (int l = 0; l < 32; ++l) {
      sum += in[w * 32 + l];
      wrongScans += out[w * 32 + l] != sum;
    }
  }
  std::printf("scan: %d wrong prefix sums\n", wrongScans);
  std::printf("%s\n", wrongSums == 0 && wrongScans == 0 ? "PASSED" : "FAILED");
  return wrongSums == 0 && wrongScans == 0 ? 0 : 1;
}
