// CUDA's address space predicates (__isShared, __isGlobal, __isLocal,
// __isConstant) and conversions (__cvta_generic_to_shared, ...), and the
// PTX special registers that describe where a block runs and its shared
// memory (%dynamic_smem_size, %total_smem_size, %smid, %nsmid, %nwarpid).
#include <cstdio>

__device__ int globalWord;
__constant__ int constantWord = 7;

struct Report {
  unsigned sharedIs[4], globalIs[4], localIs[4], constantIs[4], sharedEndIs[4];
  unsigned long long sharedOffset, sharedOffsetOfSecond;
  int roundTrip;
  unsigned dynamicSmem, totalSmem, smid, nsmid, nwarpid, warpid;
};

__device__ unsigned ptxIsShared(const void *p) {
  unsigned r;
  asm("{ .reg .pred q; isspacep.shared q, %1; selp.u32 %0, 1, 0, q; }"
      : "=r"(r)
      : "l"(p));
  return r;
}

__device__ void classify(const void *p, unsigned out[4]) {
  out[0] = __isShared(p) | ptxIsShared(p) << 1; // 3: both say shared
  out[1] = __isGlobal(p);
  out[2] = __isLocal(p);
  out[3] = __isConstant(p);
}

__global__ void kernel(Report *r, int *heap) {
  __shared__ int staticShared[64];
  extern __shared__ int dynamicShared[];
  int local[4];
  local[threadIdx.x % 4] = threadIdx.x;
  staticShared[threadIdx.x] = threadIdx.x;
  dynamicShared[threadIdx.x] = 2 * threadIdx.x;
  __syncthreads();
  if (threadIdx.x != 33)
    return;
  classify(&staticShared[1], r->sharedIs);
  // Past the launch's bytes, in the block's shared window (a GPU's shared
  // aperture): libcu++ checks that a shared array's end is shared.
  classify(&dynamicShared[96], r->sharedEndIs);
  classify(heap, r->globalIs);
  classify(&local[1], r->localIs);
  classify(&constantWord, r->constantIs);
  (void)globalWord;
  r->sharedOffset = __cvta_generic_to_shared(&dynamicShared[0]) -
                    __cvta_generic_to_shared(&staticShared[0]);
  r->sharedOffsetOfSecond = __cvta_generic_to_shared(&staticShared[2]) -
                            __cvta_generic_to_shared(&staticShared[0]);
  r->roundTrip = *(int *)__cvta_shared_to_generic(
      __cvta_generic_to_shared(&dynamicShared[5]));
  unsigned v;
  asm("mov.u32 %0, %%dynamic_smem_size;" : "=r"(v));
  r->dynamicSmem = v;
  asm("mov.u32 %0, %%total_smem_size;" : "=r"(r->totalSmem));
  asm("mov.u32 %0, %%smid;" : "=r"(r->smid));
  asm("mov.u32 %0, %%nsmid;" : "=r"(r->nsmid));
  asm("mov.u32 %0, %%nwarpid;" : "=r"(r->nwarpid));
  asm("mov.u32 %0, %%warpid;" : "=r"(r->warpid));
}

void print(const char *what, const unsigned is[4]) {
  printf("%s: shared %u global %u local %u constant %u\n", what, is[0], is[1],
         is[2], is[3]);
}

int main() {
  Report *r;
  int *heap;
  cudaMallocManaged(&r, sizeof(Report));
  cudaMalloc(&heap, 64);
  kernel<<<1, 64, 96 * sizeof(int)>>>(r, heap);
  cudaError_t e = cudaDeviceSynchronize();
  printf("launch: %s\n", cudaGetErrorName(e));
  print("static shared", r->sharedIs);
  print("end of shared", r->sharedEndIs);
  print("cudaMalloc", r->globalIs);
  print("local array", r->localIs);
  print("__constant__", r->constantIs);
  printf("dynamic starts %llu bytes after static; element 2 at %llu\n",
         r->sharedOffset, r->sharedOffsetOfSecond);
  printf("round trip: %d\n", r->roundTrip);
  printf("dynamic_smem_size %u total_smem_size %u\n", r->dynamicSmem,
         r->totalSmem);
  printf("smid < nsmid: %d; nwarpid %u; warpid %u\n", r->smid < r->nsmid,
         r->nwarpid, r->warpid);
  return 0;
}
