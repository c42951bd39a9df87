// Memory, atomic, barrier, fence and warp instructions in inline PTX compile
// with nvcc for gfx942 into the AMD instructions they mean.
// REQUIRES: target-gfx942
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: nvcc -c -O2 %s -o kernels.o
// RUN: cuobjdump -xelf all kernels.o
// RUN: llvm-objdump -d --no-show-raw-insn kernels.1.gfx942.elf | FileCheck %s

// CHECK-LABEL: <_Z10copyVectorPK6float4PS_>:
// CHECK: global_load_dwordx4
// CHECK: global_store_dwordx4
__global__ void copyVector(const float4 *in, float4 *out) {
  float4 v;
  const float4 *src = in + threadIdx.x;
  asm volatile("ld.global.nc.v4.f32 {%0, %1, %2, %3}, [%4];"
               : "=f"(v.x), "=f"(v.y), "=f"(v.z), "=f"(v.w)
               : "l"(src));
  asm volatile("st.global.cs.v4.f32 [%0+0], {%1, %2, %3, %4};" ::"l"(
                   out + threadIdx.x),
               "f"(v.x), "f"(v.y), "f"(v.z), "f"(v.w)
               : "memory");
}

// CHECK-LABEL: <_Z7atomicsPjPfS_j>:
// CHECK-DAG: global_atomic_add {{.*}} sc0
// CHECK-DAG: global_atomic_add_f32
// CHECK-DAG: global_atomic_inc
// CHECK-DAG: global_atomic_cmpswap
__global__ void atomics(unsigned *counter, float *sum, unsigned *ring,
                        unsigned limit) {
  unsigned old;
  asm volatile("atom.global.add.u32 %0, [%1], 1;"
               : "=r"(old)
               : "l"(counter));
  asm volatile("red.global.add.f32 [%0], %1;" ::"l"(sum), "f"(float(old)));
  asm volatile("atom.global.inc.u32 %0, [%1], %2;"
               : "=r"(old)
               : "l"(ring), "r"(limit));
  unsigned seen;
  asm volatile("atom.global.cas.b32 %0, [%1], %2, %3;"
               : "=r"(seen)
               : "l"(ring + 1), "r"(old), "r"(limit));
  counter[1 + threadIdx.x] = seen;
}

// A shared-memory tile through 32-bit shared addresses (cvta.to.shared of
// the generic address, as __cvta_generic_to_shared does), a block barrier
// and a device-scope fence.
// CHECK-LABEL: <_Z9sharedSumPi>:
// CHECK: ds_write_b32
// CHECK: s_barrier
// CHECK: ds_read_b32 {{.*}} offset:1020
// CHECK: buffer_wbl2 sc1
// CHECK: buffer_inv sc1
__global__ void sharedSum(int *out) {
  __shared__ int tile[256];
  unsigned long long shared;
  asm("cvta.to.shared.u64 %0, %1;" : "=l"(shared) : "l"(tile));
  unsigned base = unsigned(shared);
  asm volatile("st.shared.u32 [%0], %1;" ::"r"(base + 4 * threadIdx.x),
               "r"(int(threadIdx.x)));
  asm volatile("bar.sync 0;" ::: "memory");
  int other;
  asm volatile("ld.shared.u32 %0, [%1];"
               : "=r"(other)
               : "r"(base + 4 * (255 - threadIdx.x)));
  asm volatile("membar.gl;" ::: "memory");
  out[threadIdx.x] = other;
}

// A butterfly with a constant distance: a DPP move after the warp fast
// paths, a ds_bpermute without them.
// CHECK-LABEL: <_Z4warpPj>:
// CHECK: {{ds_bpermute_b32|v_mov_b32_dpp}}
__global__ void warp(unsigned *out) {
  unsigned v = out[threadIdx.x], r, ballot;
  asm volatile("shfl.sync.bfly.b32 %0, %1, 1, 0x1f, %2;"
               : "=r"(r)
               : "r"(v), "r"(__activemask()));
  asm volatile("{ .reg .pred p; setp.ne.u32 p, %1, 0;\n\t"
               "vote.sync.ballot.b32 %0, p, %2; }"
               : "=r"(ballot)
               : "r"(r), "r"(__activemask()));
  out[threadIdx.x] = r + ballot;
}

// ldmatrix: row addresses travel between lanes, each lane reads its part.
// CHECK-LABEL: <_Z8fragmentPj>:
// CHECK: ds_bpermute_b32
// CHECK: ds_read_b32
__global__ void fragment(unsigned *out) {
  __shared__ unsigned short tile[4 * 64];
  tile[threadIdx.x] = threadIdx.x;
  __syncthreads();
  unsigned long long shared;
  asm("cvta.to.shared.u64 %0, %1;" : "=l"(shared) : "l"(tile));
  unsigned row = unsigned(shared) + 16 * (threadIdx.x % 32);
  unsigned a, b, c, d;
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, "
               "[%4];"
               : "=r"(a), "=r"(b), "=r"(c), "=r"(d)
               : "r"(row));
  out[threadIdx.x] = a + b + c + d;
}

// mma.sync: fragments moved with ds_bpermute into the block MFMAs
// (docs/matrix-cores.md, "PTX mma.sync on MFMA").
// CHECK-LABEL: <_Z6tensorPKjPf>:
// CHECK: ds_bpermute_b32
// CHECK: v_mfma_f32_4x4x4_16b_f16
__global__ void tensor(const unsigned *in, float *out) {
  unsigned a0 = in[threadIdx.x], a1 = in[32 + threadIdx.x],
           a2 = in[64 + threadIdx.x], a3 = in[96 + threadIdx.x],
           b0 = in[128 + threadIdx.x], b1 = in[160 + threadIdx.x];
  float d0 = 0, d1 = 0, d2 = 0, d3 = 0;
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
               "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
               "{%0, %1, %2, %3};"
               : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
               : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
  out[threadIdx.x] = d0 + d1 + d2 + d3;
}
