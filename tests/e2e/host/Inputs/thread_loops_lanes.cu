// What keeps a kernel in thread-loop form besides %tid
// (lowering/host/HostThreadLoops.def): the lane registers (%laneid, %warpid,
// %lanemask_*), computed from the loop's index; __activemask() when every
// lane reaches it; the math helpers with a result through a pointer
// (frexpf, modff, sincosf); and the empty asm statements the inline-PTX
// translation leaves for a "memory" clobber. Blocks of 24x3 (72 threads: a
// partial last warp, warps that straddle rows) and 33 threads. The output
// must be the same on fibers (RUBICON_HOST_THREAD_LOOPS=0) and match CUDA's
// definitions.
#include <cmath>
#include <cstdio>

constexpr unsigned Outs = 10;

__device__ unsigned readLane() {
  unsigned r;
  asm volatile("mov.u32 %0, %%laneid;" : "=r"(r));
  return r;
}
__device__ unsigned readWarp() {
  unsigned r;
  asm volatile("mov.u32 %0, %%warpid;" : "=r"(r));
  return r;
}
__device__ unsigned readMask(int which) {
  unsigned r;
  switch (which) {
  case 0: asm("mov.u32 %0, %%lanemask_eq;" : "=r"(r)); break;
  case 1: asm("mov.u32 %0, %%lanemask_lt;" : "=r"(r)); break;
  case 2: asm("mov.u32 %0, %%lanemask_le;" : "=r"(r)); break;
  case 3: asm("mov.u32 %0, %%lanemask_gt;" : "=r"(r)); break;
  default: asm("mov.u32 %0, %%lanemask_ge;" : "=r"(r)); break;
  }
  return r;
}

__global__ void lanes(unsigned *out, float *math) {
  unsigned t = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  unsigned *o = out + t * Outs;
  o[0] = readLane();
  o[1] = readWarp();
  for (int k = 0; k < 5; ++k)
    o[2 + k] = readMask(k);
  asm volatile("" ::: "memory");
  o[7] = __activemask();
  // A ballot of the lanes below this one, read through the lane mask.
  o[8] = __ballot_sync(__activemask(), true) & readMask(1);
  o[9] = 0;
  int e;
  float x = 0.75f + t, i;
  float f = frexpf(x, &e), r = modff(x * 0.3f, &i), s, c;
  sincosf(x, &s, &c);
  float *m = math + t * 6;
  m[0] = f, m[1] = float(e), m[2] = r, m[3] = i, m[4] = s, m[5] = c;
}

int main() {
  bool ok = true;
  const dim3 shapes[] = {dim3(24, 3), dim3(33)};
  for (dim3 shape : shapes) {
    unsigned threads = shape.x * shape.y * shape.z;
    unsigned *out;
    float *math;
    cudaMallocManaged(&out, threads * Outs * sizeof(unsigned));
    cudaMallocManaged(&math, threads * 6 * sizeof(float));
    lanes<<<1, shape>>>(out, math);
    if (cudaDeviceSynchronize() != cudaSuccess) {
      std::printf("launch failed\n");
      return 1;
    }
    int bad = 0;
    for (unsigned t = 0; t < threads; ++t) {
      unsigned lane = t % 32, warp = t / 32, *o = out + t * Outs;
      unsigned eq = 1u << lane, lt = eq - 1;
      unsigned last = threads - warp * 32 < 32 ? threads - warp * 32 : 32;
      unsigned active = last == 32 ? ~0u : (1u << last) - 1;
      bad += o[0] != lane;
      bad += o[1] != warp;
      bad += o[2] != eq;
      bad += o[3] != lt;
      bad += o[4] != (lt | eq);
      bad += o[5] != ~(lt | eq);
      bad += o[6] != ~lt;
      bad += o[7] != active;
      bad += o[8] != (active & lt);
      int e;
      float x = 0.75f + t, i, s, c, *m = math + t * 6;
      float f = std::frexp(x, &e), r = std::modf(x * 0.3f, &i);
      bad += m[0] != f || m[1] != float(e) || m[2] != r || m[3] != i;
      s = std::sin(x), c = std::cos(x);
      bad += std::fabs(m[4] - s) > 1e-6f || std::fabs(m[5] - c) > 1e-6f;
      std::printf("%u threads: thread %u: %u %u %08x %08x %08x %08x %08x "
                  "%08x %08x %a %a %a %a %a %a\n",
                  threads, t, o[0], o[1], o[2], o[3], o[4], o[5], o[6], o[7],
                  o[8], m[0], m[1], m[2], m[3], m[4], m[5]);
    }
    std::printf("%u threads: %d wrong\n", threads, bad);
    ok &= bad == 0;
    cudaFree(out);
    cudaFree(math);
  }
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
