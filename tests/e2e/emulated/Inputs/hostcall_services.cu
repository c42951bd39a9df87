// Device printf, malloc/free and the large-argument trigonometry of the
// device library, as the GPU program runs them: printf and malloc go to
// the host through the hostcall buffer (one packet per wavefront, pieces of
// 56 bytes), trigonometry of large doubles reduces by pieces of 2/pi
// (v_trig_preop_f64). The output is compared with the host target's.
#include <cstdio>

__device__ const char LongText[] =
    "a string argument longer than one hostcall packet of fifty-six bytes, "
    "so it travels in three pieces";

// One printf statement at a time, and one 32-thread group at a time (a
// wavefront of gfx1100, half of one of gfx942): the lines come in the same
// order on every target. (Lanes whose messages take more packets finish
// later on the GPU: each statement's messages are as long in every lane.)
__device__ void say(int t, int statement) {
  if (statement == 0)
    printf("t%d: %d %i %u %x %X %o %c|%s|%5d|%-5d|%05.2f|%e|%g|%a|%%\n", t, -t,
           t * 7, 4000000000u - t, 0xabc0 + t, 0xdef0 + t, t, 'A' + t % 26,
           t % 3 ? "abc" : "", t, t, t / 3.0, t * 1e10, t / 7.0, t * 0.25);
  else if (statement == 1)
    printf("t%d: %ld %lld %lu %hhd %hd %*d %.*f %s\n", t, -1234567890123L * t,
           9000000000000000000LL - t, 18000000000000000000UL + t,
           (signed char)(t * 9), (short)(t * 1000), t % 7, t, t % 5, t * 1.5,
           "short");
  else if (statement == 2 && t % 2)
    printf("t%d: %s\n", t, LongText);
  else if (statement == 3 && t % 16 == 0)
    printf("t%d: a format string longer than fifty-six bytes, with one "
           "argument at its end: %d\n", t, t * t);
}

__global__ void formats(int n) {
  int t = threadIdx.x;
  for (int statement = 0; statement < 4; ++statement)
    for (int group = 0; group < (n + 31) / 32; ++group) {
      if (t / 32 == group)
        say(t, statement);
      __syncthreads();
    }
}

// Every thread allocates a block of its own size (ockl's slabs), thread 0
// also one of a megabyte (a separate allocation); each writes, reads back
// and frees. The blocks of the first kernel are freed by the second.
__global__ void allocate(unsigned long long *sums, int **kept) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int count = 1 + t % 40;
  int *mine = static_cast<int *>(malloc(count * sizeof(int)));
  unsigned long long sum = 0;
  if (mine) {
    for (int i = 0; i < count; ++i)
      mine[i] = t * 1000 + i;
    for (int i = 0; i < count; ++i)
      sum += mine[i];
  }
  if (threadIdx.x == 0) {
    char *big = static_cast<char *>(malloc(1 << 20));
    if (big) {
      for (int i = 0; i < (1 << 20); i += 4096)
        big[i] = static_cast<char>(i >> 12);
      for (int i = 0; i < (1 << 20); i += 4096)
        sum += big[i];
      free(big);
    }
  }
  sums[t] = sum;
  kept[t] = mine;
}

__global__ void release(int **kept, int *bad) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int count = 1 + t % 40;
  int *mine = kept[t];
  if (!mine || mine[count - 1] != t * 1000 + count - 1)
    atomicAdd(bad, 1);
  free(mine);
}

__global__ void trigonometry(const double *x, double *out, int n) {
  int i = threadIdx.x;
  if (i < n) {
    out[3 * i] = sin(x[i]);
    out[3 * i + 1] = cos(x[i]);
    out[3 * i + 2] = tan(x[i]);
  }
}

int main() {
  formats<<<1, 96>>>(96);
  std::printf("formats: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));

  const int blocks = 3, threads = 96, n = blocks * threads;
  unsigned long long *sums;
  int **kept, *bad;
  cudaMallocManaged(&sums, n * sizeof(*sums));
  cudaMallocManaged(&kept, n * sizeof(*kept));
  cudaMallocManaged(&bad, sizeof(*bad));
  *bad = 0;
  allocate<<<blocks, threads>>>(sums, kept);
  std::printf("allocate: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  int wrong = 0, null = 0;
  for (int t = 0; t < n; ++t) {
    int count = 1 + t % 40;
    unsigned long long want = 0;
    for (int i = 0; i < count; ++i)
      want += t * 1000ull + i;
    if (t % threads == 0)
      for (int i = 0; i < (1 << 20); i += 4096)
        want += static_cast<char>(i >> 12);
    wrong += sums[t] != want;
    null += kept[t] == nullptr;
  }
  release<<<blocks, threads>>>(kept, bad);
  std::printf("release: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  std::printf("malloc: %d wrong sums, %d null, %d lost blocks\n", wrong, null,
              *bad);

  const double inputs[] = {0.5,    3.0e3,  123456789.0,  1.0e22,
                           1.0e100, 1.0e300, 0x1p1000, -7.5e250};
  const int count = sizeof(inputs) / sizeof(inputs[0]);
  double *x, *out;
  cudaMallocManaged(&x, sizeof(inputs));
  cudaMallocManaged(&out, 3 * sizeof(inputs));
  for (int i = 0; i < count; ++i)
    x[i] = inputs[i];
  trigonometry<<<1, 32>>>(x, out, count);
  cudaDeviceSynchronize();
  for (int i = 0; i < count; ++i)
    std::printf("x=%g: sin %.12e cos %.12e tan %.12e\n", inputs[i], out[3 * i],
                out[3 * i + 1], out[3 * i + 2]);
  return 0;
}
