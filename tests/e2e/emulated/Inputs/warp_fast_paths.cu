// Every warp shuffle the lowering may turn into a DPP move, a ds_swizzle or
// a permlane (lowering/WarpFastPaths.cpp): each kind (index, up, down, xor),
// each constant offset 0..31 and each width 1..32, for int and float, and
// the full-mask reductions. The expected values come from CUDA's definition
// of the shuffles (CUDA C++ Programming Guide, "Warp Shuffle Functions"),
// computed here on the CPU. Blocks of 96 threads: two logical warps in the
// first wavefront, one in a partial second one on wave64.
#include <cstdio>
#include <utility>

constexpr unsigned Full = 0xffffffffu;
constexpr int Threads = 96;
enum Kind { Index, Up, Down, Xor };
const char *const KindNames[] = {"__shfl_sync", "__shfl_up_sync",
                                 "__shfl_down_sync", "__shfl_xor_sync"};

template <typename T> __host__ __device__ T valueOf(int thread) {
  return static_cast<T>(thread * 3 + 1000);
}

template <int K, int W, int O, typename T> __device__ T shuffle(T v) {
  if constexpr (K == Index)
    return __shfl_sync(Full, v, O, W);
  else if constexpr (K == Up)
    return __shfl_up_sync(Full, v, O, W);
  else if constexpr (K == Down)
    return __shfl_down_sync(Full, v, O, W);
  else
    return __shfl_xor_sync(Full, v, O, W);
}

template <int K, int W, typename T, int... O>
__global__ void shuffles(T *out, std::integer_sequence<int, O...>) {
  T v = valueOf<T>(threadIdx.x);
  ((out[O * Threads + threadIdx.x] = shuffle<K, W, O>(v)), ...);
}

// CUDA's definition: the lane a thread reads, within its 32-lane warp.
int sourceLane(int kind, int lane, int offset, int width) {
  int start = lane & ~(width - 1);
  switch (kind) {
  case Index:
    return start + (offset & (width - 1));
  case Up:
    return lane - start >= offset ? lane - offset : lane;
  case Down:
    return lane - start + offset < width ? lane + offset : lane;
  default: { // may read earlier segments, not later ones
    int source = lane ^ offset;
    return source >= start + width ? lane : source;
  }
  }
}

static int failures = 0;

template <int K, int W, typename T> void run(const char *type) {
  T *out;
  cudaMallocManaged(&out, 32 * Threads * sizeof(T));
  shuffles<K, W, T><<<1, Threads>>>(out, std::make_integer_sequence<int, 32>());
  cudaDeviceSynchronize();
  int wrong = 0;
  for (int offset = 0; offset < 32; ++offset)
    for (int t = 0; t < Threads; ++t) {
      int lane = t % 32;
      T expected = valueOf<T>(t - lane + sourceLane(K, lane, offset, W));
      T got = out[offset * Threads + t];
      if (got != expected && wrong++ < 4)
        printf("  %s<%s> offset %d width %d thread %d: got %d expected %d\n",
               KindNames[K], type, offset, W, t, (int)got, (int)expected);
    }
  printf("%s<%s> width %d: %s\n", KindNames[K], type, W, wrong ? "FAILED" : "ok");
  failures += wrong != 0;
  cudaFree(out);
}

template <int K, typename T> void allWidths(const char *type) {
  run<K, 1, T>(type);
  run<K, 2, T>(type);
  run<K, 4, T>(type);
  run<K, 8, T>(type);
  run<K, 16, T>(type);
  run<K, 32, T>(type);
}

__global__ void reductions(int *out) {
  int v = (int)(threadIdx.x * 2654435761u % 1000) - 500;
  unsigned u = static_cast<unsigned>(v);
  int *o = out + threadIdx.x * 8;
  o[0] = __reduce_add_sync(Full, v);
  o[1] = __reduce_min_sync(Full, v);
  o[2] = __reduce_max_sync(Full, v);
  o[3] = (int)__reduce_and_sync(Full, u);
  o[4] = (int)__reduce_or_sync(Full, u);
  o[5] = (int)__reduce_xor_sync(Full, u);
  o[6] = (int)__reduce_min_sync(Full, u);
  o[7] = (int)__reduce_max_sync(Full, u);
}

void runReductions() {
  int *out;
  cudaMallocManaged(&out, Threads * 8 * sizeof(int));
  reductions<<<1, Threads>>>(out);
  cudaDeviceSynchronize();
  int wrong = 0;
  for (int t = 0; t < Threads; ++t) {
    int warp = t / 32;
    int add = 0, mn = 1 << 30, mx = -(1 << 30);
    unsigned a = ~0u, o = 0, x = 0, umn = ~0u, umx = 0;
    for (int l = 0; l < 32; ++l) {
      int v = (int)((warp * 32 + l) * 2654435761u % 1000) - 500;
      unsigned u = static_cast<unsigned>(v);
      add += v, mn = v < mn ? v : mn, mx = v > mx ? v : mx;
      a &= u, o |= u, x ^= u, umn = u < umn ? u : umn, umx = u > umx ? u : umx;
    }
    int expected[8] = {add, mn, mx, (int)a, (int)o, (int)x, (int)umn, (int)umx};
    for (int k = 0; k < 8; ++k)
      if (out[t * 8 + k] != expected[k] && wrong++ < 4)
        printf("  reduction %d thread %d: got %d expected %d\n", k, t,
               out[t * 8 + k], expected[k]);
  }
  printf("__reduce_*_sync: %s\n", wrong ? "FAILED" : "ok");
  failures += wrong != 0;
}

int main() {
  allWidths<Index, int>("int");
  allWidths<Up, int>("int");
  allWidths<Down, int>("int");
  allWidths<Xor, int>("int");
  allWidths<Index, float>("float");
  allWidths<Up, float>("float");
  allWidths<Down, float>("float");
  allWidths<Xor, float>("float");
  runReductions();
  printf("warp_fast_paths: %s\n", failures ? "FAILED" : "PASSED");
  return failures != 0;
}
