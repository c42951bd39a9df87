// cuda_pipeline.h, cuda_awbarrier.h and cooperative_groups/memcpy_async.h:
// __pipeline_memcpy_async of 4, 8 and 16 bytes with and without zero fill,
// the experimental pipeline and awbarrier classes, arrive/wait barriers
// through several phases (pending counts in the tokens, arrive_and_drop
// lowering the expected count of later phases), and group-wide copies of
// aligned and unaligned sizes, each against the documented result.
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda_awbarrier.h>
#include <cuda_pipeline.h>
#include <cstdio>

namespace cg = cooperative_groups;
using nvcuda::experimental::awbarrier;

constexpr int kThreads = 128;

// out[t*4 + 0..3]: the 16 bytes thread t staged in shared memory, read back
// by thread (t + 1) % kThreads after a barrier phase.
__global__ void primitives(const unsigned *src, unsigned *out, unsigned *tokens) {
  __shared__ __align__(16) unsigned stage[kThreads * 4];
  __shared__ __mbarrier_t bar;
  int t = threadIdx.x;
  if (t == 0)
    __mbarrier_init(&bar, kThreads);
  __syncthreads();
  unsigned *mine = stage + 4 * t;
  const unsigned *from = src + 4 * t;
  switch (t % 4) {
  case 0: // 16 bytes
    __pipeline_memcpy_async(mine, from, 16);
    break;
  case 1: // 8 + 8 bytes, the second with 4 bytes of zero fill
    __pipeline_memcpy_async(mine, from, 8);
    __pipeline_memcpy_async(mine + 2, from + 2, 8, 4);
    break;
  case 2: // four times 4 bytes, the last all zero fill
    for (int i = 0; i < 3; ++i)
      __pipeline_memcpy_async(mine + i, from + i, 4);
    __pipeline_memcpy_async(mine + 3, from + 3, 4, 4);
    break;
  default: // 16 bytes with 12 of zero fill
    __pipeline_memcpy_async(mine, from, 16, 12);
    break;
  }
  __pipeline_arrive_on(&bar);
  __pipeline_commit();
  __pipeline_wait_prior(0);
  __mbarrier_token_t token = __mbarrier_arrive(&bar);
  tokens[t] = __mbarrier_token_pending_count(token);
  while (!__mbarrier_test_wait(&bar, token))
    __nanosleep(16);
  int next = (t + 1) % kThreads;
  for (int i = 0; i < 4; ++i)
    out[4 * next + i] = stage[4 * next + i];
}

// Phases of an awbarrier: in phase p every thread adds p + 1 to its slot,
// arrives, waits, then checks every slot. Threads 96..127 leave after
// phase 1 with arrive_and_drop, so the later phases expect 96 arrivals.
__global__ void phases(unsigned *out) {
  __shared__ awbarrier bar;
  __shared__ unsigned slot[kThreads];
  int t = threadIdx.x;
  if (t == 0)
    init(&bar, kThreads);
  slot[t] = 0;
  __syncthreads();
  unsigned bad = 0;
  for (unsigned p = 0; p < 4; ++p) {
    slot[t] += p + 1;
    awbarrier::arrival_token token = bar.arrive();
    bar.wait(token);
    for (int i = 0; i < kThreads; ++i) {
      unsigned phasesDone = i >= 96 && p >= 2 ? 2 : p + 1;
      if (slot[i] != phasesDone * (phasesDone + 1) / 2)
        ++bad;
    }
    // Nobody may start the next phase's writes before all have checked.
    if (t >= 96 && p == 1) {
      bar.arrive_and_drop();
      break;
    }
    bar.arrive_and_wait();
  }
  out[t] = bad;
}

// The experimental pipeline class and group copies.
__global__ void groupCopies(const unsigned char *src, unsigned char *out, int bytes,
                            int offset) {
  extern __shared__ __align__(16) unsigned char buffer[];
  cg::thread_block block = cg::this_thread_block();
  cg::memcpy_async(block, buffer, src + offset, bytes);
  cg::wait(block);
  for (int i = threadIdx.x; i < bytes; i += blockDim.x)
    out[i] = buffer[i];
  block.sync();
  // The layout form: min(dst, src) elements of unsigned.
  cg::memcpy_async(block, (unsigned *)buffer, 5u, (const unsigned *)src, 7u);
  cg::wait_prior<0>(block);
  if (threadIdx.x < 7)
    out[bytes + threadIdx.x] = threadIdx.x < 5 ? buffer[4 * threadIdx.x] : 0xee;
  // nvcuda::experimental::memcpy_async of one object per thread.
  __shared__ uint4 one[kThreads];
  nvcuda::experimental::pipeline pipe;
  uint4 value = make_uint4(threadIdx.x, 2 * threadIdx.x, 3, 4);
  nvcuda::experimental::memcpy_async(one[threadIdx.x], value, pipe);
  pipe.commit_and_wait();
  out[bytes + 7 + threadIdx.x] = (unsigned char)(one[threadIdx.x].y);
}

static int failures = 0;
static void expect(const char *what, int i, unsigned got, unsigned want) {
  if (got != want && failures++ < 20)
    printf("expected %s[%d] = %u, got %u\n", what, i, want, got);
}

int main() {
  unsigned src[kThreads * 4];
  for (int i = 0; i < kThreads * 4; ++i)
    src[i] = 0x1000u * i + 7u;
  unsigned *dsrc, *dout, *dtok;
  cudaMalloc(&dsrc, sizeof(src));
  cudaMalloc(&dout, sizeof(src));
  cudaMalloc(&dtok, kThreads * sizeof(unsigned));
  cudaMemcpy(dsrc, src, sizeof(src), cudaMemcpyHostToDevice);
  primitives<<<2, kThreads>>>(dsrc, dout, dtok);
  unsigned out[kThreads * 4], tok[kThreads];
  cudaMemcpy(out, dout, sizeof(out), cudaMemcpyDeviceToHost);
  cudaMemcpy(tok, dtok, sizeof(tok), cudaMemcpyDeviceToHost);
  bool seen[kThreads + 1] = {};
  for (int t = 0; t < kThreads; ++t) {
    unsigned want[4];
    for (int i = 0; i < 4; ++i)
      want[i] = src[4 * t + i];
    if (t % 4 == 1)
      want[3] = 0;
    if (t % 4 == 2)
      want[3] = 0;
    if (t % 4 == 3)
      want[1] = want[2] = want[3] = 0;
    for (int i = 0; i < 4; ++i)
      expect("pipeline_memcpy_async", 4 * t + i, out[4 * t + i], want[i]);
    if (tok[t] >= 1 && tok[t] <= kThreads)
      seen[tok[t]] = true;
    else
      expect("token pending count in [1, 128]", t, tok[t], 1);
  }
  // Each arrival saw a different pending count: 128, 127, ..., 1.
  for (int c = 1; c <= kThreads; ++c)
    if (!seen[c])
      expect("a token with pending count", c, 0, 1);

  phases<<<3, kThreads>>>(dout);
  cudaMemcpy(out, dout, kThreads * sizeof(unsigned), cudaMemcpyDeviceToHost);
  for (int t = 0; t < kThreads; ++t)
    expect("awbarrier phases: wrong slots seen", t, out[t], 0);

  unsigned char bytes[1000], got[1000 + 7 + kThreads];
  for (int i = 0; i < 1000; ++i)
    bytes[i] = (unsigned char)(i * 37 + 11);
  unsigned char *db, *dg;
  cudaMalloc(&db, sizeof(bytes));
  cudaMalloc(&dg, sizeof(got));
  cudaMemcpy(db, bytes, sizeof(bytes), cudaMemcpyHostToDevice);
  struct { int bytes, offset; } cases[] = {{512, 0}, {517, 0}, {300, 4}, {333, 3}};
  for (auto c : cases) {
    groupCopies<<<1, kThreads, 1024>>>(db, dg, c.bytes, c.offset);
    cudaMemcpy(got, dg, sizeof(got), cudaMemcpyDeviceToHost);
    for (int i = 0; i < c.bytes; ++i)
      expect("cg::memcpy_async", i, got[i], bytes[c.offset + i]);
    for (int i = 0; i < 7; ++i)
      expect("cg::memcpy_async layout", i, got[c.bytes + i], i < 5 ? bytes[4 * i] : 0xee);
    for (int t = 0; t < kThreads; ++t)
      expect("experimental::memcpy_async", t, got[c.bytes + 7 + t], (unsigned char)(2 * t));
  }
  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess)
    printf("expected no error, got %s\n", cudaGetErrorString(err));
  printf("async_copies: %s\n", failures || err ? "FAILED" : "PASSED");
  return failures != 0;
}
