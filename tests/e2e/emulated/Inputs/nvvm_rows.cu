// Every row of lowering/NVVMIntrinsics.def, reached from CUDA through the
// builtin that clang turns into that llvm.nvvm intrinsic (or inline PTX for
// the special registers without one). Printed results are deterministic;
// values that depend on the machine (clocks, SM ids, warps per SM) are
// printed as the properties CUDA documents for them. nvvm-rows.test checks
// that the kept NVVM IR calls every row's intrinsic and that the gfx942 and
// gfx1100 programs print what the host target's does.
#include <cstdio>

struct Ids {
  unsigned long long sum[24];
};

#define ADD(k, v) atomicAdd(&ids->sum[k], (unsigned long long)(v) * weight)

__global__ void indices(Ids *ids) {
  unsigned weight = 1 + threadIdx.x + 4 * threadIdx.y + 8 * threadIdx.z +
                    16 * (blockIdx.x + 2 * blockIdx.y);
  ADD(0, __nvvm_read_ptx_sreg_tid_x());
  ADD(1, __nvvm_read_ptx_sreg_tid_y());
  ADD(2, __nvvm_read_ptx_sreg_tid_z());
  ADD(3, __nvvm_read_ptx_sreg_ctaid_x());
  ADD(4, __nvvm_read_ptx_sreg_ctaid_y());
  ADD(5, __nvvm_read_ptx_sreg_ctaid_z());
  ADD(6, __nvvm_read_ptx_sreg_ntid_x());
  ADD(7, __nvvm_read_ptx_sreg_ntid_y());
  ADD(8, __nvvm_read_ptx_sreg_ntid_z());
  ADD(9, __nvvm_read_ptx_sreg_nctaid_x());
  ADD(10, __nvvm_read_ptx_sreg_nctaid_y());
  ADD(11, __nvvm_read_ptx_sreg_nctaid_z());
  ADD(12, __nvvm_read_ptx_sreg_warpsize());
  ADD(13, __nvvm_read_ptx_sreg_laneid());
  ADD(14, __nvvm_read_ptx_sreg_lanemask_eq());
  ADD(15, __nvvm_read_ptx_sreg_lanemask_le());
  ADD(16, __nvvm_read_ptx_sreg_lanemask_lt());
  ADD(17, __nvvm_read_ptx_sreg_lanemask_ge());
  ADD(18, __nvvm_read_ptx_sreg_lanemask_gt());
  // Machine-dependent: CUDA's properties.
  unsigned warp = __nvvm_read_ptx_sreg_warpid(), warps = __nvvm_read_ptx_sreg_nwarpid();
  unsigned sm = __nvvm_read_ptx_sreg_smid(), sms = __nvvm_read_ptx_sreg_nsmid();
  ADD(19, warp < warps && sm < sms);
  unsigned dynamicBytes, totalBytes;
  asm("mov.u32 %0, %%dynamic_smem_size;" : "=r"(dynamicBytes));
  asm("mov.u32 %0, %%total_smem_size;" : "=r"(totalBytes));
  extern __shared__ int dynamicShared[];
  dynamicShared[threadIdx.x] = 1;
  ADD(20, dynamicBytes);
  ADD(21, totalBytes >= dynamicBytes);
}

__device__ int globalWord = 7;
__constant__ int constantWord = 9;

__global__ void spaces(int *out, long long *clocks) {
  __shared__ int sharedWord;
  int localWord = threadIdx.x;
  void *pointers[4] = {&globalWord, &sharedWord, &localWord, (void *)&constantWord};
  for (int p = 0; p < 4; ++p) {
    out[4 * p] = __nvvm_isspacep_global(pointers[p]);
    out[4 * p + 1] = __nvvm_isspacep_shared(pointers[p]);
    out[4 * p + 2] = __nvvm_isspacep_local(pointers[p]);
    out[4 * p + 3] = __nvvm_isspacep_const(pointers[p]);
  }
  long long c0 = __nvvm_read_ptx_sreg_clock64();
  unsigned s0 = __nvvm_read_ptx_sreg_clock();
  unsigned long long t0 = __nvvm_read_ptx_sreg_globaltimer();
  __nvvm_nanosleep(2000000);
  unsigned long long t1 = __nvvm_read_ptx_sreg_globaltimer();
  unsigned s1 = __nvvm_read_ptx_sreg_clock();
  long long c1 = __nvvm_read_ptx_sreg_clock64();
  clocks[0] = c1 >= c0;
  clocks[1] = (unsigned)(s1 - s0) < 0x80000000u;
  clocks[2] = t1 >= t0; // nanosleep may wait from 0 to twice the time (PTX)
}

struct Rounded {
  float f[24];
  double d[24];
};

__global__ void rounding(const float *xf, const double *xd, Rounded *r) {
  float a = xf[0], b = xf[1], c = xf[2];
  double p = xd[0], q = xd[1], s = xd[2];
  float *f = r->f;
  double *d = r->d;
  f[0] = __nvvm_fma_rz_f(a, b, c); f[1] = __nvvm_fma_rm_f(a, b, c); f[2] = __nvvm_fma_rp_f(a, b, c);
  d[0] = __nvvm_fma_rz_d(p, q, s); d[1] = __nvvm_fma_rm_d(p, q, s); d[2] = __nvvm_fma_rp_d(p, q, s);
  f[3] = __nvvm_div_rz_f(a, b); f[4] = __nvvm_div_rm_f(a, b); f[5] = __nvvm_div_rp_f(a, b);
  d[3] = __nvvm_div_rz_d(p, q); d[4] = __nvvm_div_rm_d(p, q); d[5] = __nvvm_div_rp_d(p, q);
  f[6] = __nvvm_rcp_rz_f(b); f[7] = __nvvm_rcp_rm_f(b); f[8] = __nvvm_rcp_rp_f(b);
  d[6] = __nvvm_rcp_rz_d(q); d[7] = __nvvm_rcp_rm_d(q); d[8] = __nvvm_rcp_rp_d(q);
  f[9] = __nvvm_sqrt_rz_f(c); f[10] = __nvvm_sqrt_rm_f(c); f[11] = __nvvm_sqrt_rp_f(c);
  d[9] = __nvvm_sqrt_rz_d(s); d[10] = __nvvm_sqrt_rm_d(s); d[11] = __nvvm_sqrt_rp_d(s);
}

// Barriers and warp operations: blocks of 64 threads (two warps).
__global__ void collective(int *out) {
  int t = threadIdx.x, lane = t % 32;
  __shared__ int stage[64];
  stage[t] = t;
  __syncthreads();
  stage[t] += 1;
  __nvvm_barrier_sync(0);
  int sum = stage[63 - t];
  __nvvm_barrier_sync_cnt(0, 64);
  out[0 * 64 + t] = sum;
  out[1 * 64 + t] = __nvvm_bar0_popc(t % 3 == 0);
  out[2 * 64 + t] = __nvvm_bar0_and(t < 100);
  out[3 * 64 + t] = __nvvm_bar0_or(t == 17);
  asm volatile("barrier.sync 0;");
  asm volatile("barrier.sync 0, 64;");
  out[4 * 64 + t] = __nvvm_bar0_popc(t % 5 == 0) * 100 + __nvvm_bar0_and(t < 64) * 10 +
                    __nvvm_bar0_or(t == 40);
  __nvvm_bar_warp_sync(0xffffffffu);
  unsigned full = 0xffffffffu;
  out[5 * 64 + t] = __nvvm_shfl_sync_idx_i32(full, t * 3, 5, 31);
  out[6 * 64 + t] = __nvvm_shfl_sync_up_i32(full, t * 3, 2, 0);
  out[7 * 64 + t] = __nvvm_shfl_sync_down_i32(full, t * 3, 3, 31);
  out[8 * 64 + t] = __nvvm_shfl_sync_bfly_i32(full, t * 3, 6, 31);
  out[9 * 64 + t] = (int)(__nvvm_shfl_sync_idx_f32(full, t * 0.5f, 9, 31) * 4);
  out[10 * 64 + t] = (int)(__nvvm_shfl_sync_up_f32(full, t * 0.5f, 1, 0) * 4);
  out[11 * 64 + t] = (int)(__nvvm_shfl_sync_down_f32(full, t * 0.5f, 4, 31) * 4);
  out[12 * 64 + t] = (int)(__nvvm_shfl_sync_bfly_f32(full, t * 0.5f, 1, 31) * 4);
  out[13 * 64 + t] = __nvvm_vote_all_sync(full, lane < 31) * 4 +
                     __nvvm_vote_any_sync(full, lane == 30) * 2 +
                     __nvvm_vote_uni_sync(full, t < 32);
  out[14 * 64 + t] = __nvvm_vote_ballot_sync(full, lane % 3 == 1);
  out[15 * 64 + t] = __nvvm_activemask();
  out[16 * 64 + t] = __nvvm_match_any_sync_i32(full, lane / 4);
  out[17 * 64 + t] = __nvvm_match_any_sync_i64(full, (long long)(lane % 7) << 40);
  int pred32, pred64;
  unsigned m32 = __nvvm_match_all_sync_i32p(full, t / 32, &pred32);
  unsigned m64 = __nvvm_match_all_sync_i64p(full, (long long)lane, &pred64);
  out[18 * 64 + t] = (int)(m32 ^ 0x5555) + pred32 * 2 + pred64 + (int)m64;
  out[19 * 64 + t] = __nvvm_redux_sync_add(lane, full);
  out[20 * 64 + t] = __nvvm_redux_sync_umin(lane + 3, full);
  out[21 * 64 + t] = __nvvm_redux_sync_umax(lane * 7 % 31, full);
  out[22 * 64 + t] = __nvvm_redux_sync_min(lane - 9, full);
  out[23 * 64 + t] = __nvvm_redux_sync_max(5 - lane, full);
  out[24 * 64 + t] = __nvvm_redux_sync_and(~(1 << lane), full);
  out[25 * 64 + t] = __nvvm_redux_sync_or(1 << (lane % 20), full);
  out[26 * 64 + t] = __nvvm_redux_sync_xor(lane * 0x1111, full);
  __nvvm_membar_cta();
  __nvvm_membar_gl();
  __nvvm_membar_sys();
  __nvvm_fence_sc_cluster();
}

struct Atomics {
  int i[24];
  float f[2];
  unsigned u[4];
};

__global__ void atomics(Atomics *a) {
  int t = threadIdx.x;
  __nvvm_atom_cta_add_gen_i(&a->i[0], t);
  __nvvm_atom_sys_add_gen_i(&a->i[1], 2 * t);
  __nvvm_atom_cta_add_gen_f(&a->f[0], 0.5f);
  __nvvm_atom_sys_add_gen_f(&a->f[1], 0.25f);
  __nvvm_atom_cta_xchg_gen_i(&a->i[2], t == 0 ? 11 : 11);
  __nvvm_atom_sys_xchg_gen_i(&a->i[3], 13);
  __nvvm_atom_cta_max_gen_i(&a->i[4], t * 5 % 37);
  __nvvm_atom_sys_max_gen_i(&a->i[5], -t);
  __nvvm_atom_cta_min_gen_i(&a->i[6], t * 5 % 37);
  __nvvm_atom_sys_min_gen_i(&a->i[7], -t);
  __nvvm_atom_cta_inc_gen_ui(&a->u[0], 9u);
  __nvvm_atom_sys_inc_gen_ui(&a->u[1], 1000u);
  __nvvm_atom_cta_dec_gen_ui(&a->u[2], 9u);
  __nvvm_atom_sys_dec_gen_ui(&a->u[3], 1000u);
  __nvvm_atom_cta_and_gen_i(&a->i[8], ~(1 << (t % 31)));
  __nvvm_atom_sys_and_gen_i(&a->i[9], ~(1 << (t % 13)));
  __nvvm_atom_cta_or_gen_i(&a->i[10], 1 << (t % 29));
  __nvvm_atom_sys_or_gen_i(&a->i[11], 1 << (t % 7));
  __nvvm_atom_cta_xor_gen_i(&a->i[12], t * 0x01010101);
  __nvvm_atom_sys_xor_gen_i(&a->i[13], t);
  // Compare-and-swap counters: each thread adds 1 with a CAS loop.
  int seen = a->i[14];
  while (true) {
    int was = __nvvm_atom_cta_cas_gen_i(&a->i[14], seen, seen + 1);
    if (was == seen)
      break;
    seen = was;
  }
  seen = a->i[15];
  while (true) {
    int was = __nvvm_atom_sys_cas_gen_i(&a->i[15], seen, seen + 3);
    if (was == seen)
      break;
    seen = was;
  }
}

int main() {
  Ids *ids;
  cudaMallocManaged(&ids, sizeof(Ids));
  for (auto &s : ids->sum)
    s = 0;
  indices<<<dim3(2, 3, 1), dim3(4, 2, 2), 64 * sizeof(int)>>>(ids);
  cudaDeviceSynchronize();
  for (int k = 0; k < 22; ++k)
    std::printf("indices %d: %llu\n", k, ids->sum[k]);

  int *out;
  long long *clocks;
  cudaMallocManaged(&out, 27 * 64 * sizeof(int));
  cudaMallocManaged(&clocks, 3 * sizeof(long long));
  spaces<<<1, 1>>>(out, clocks);
  cudaDeviceSynchronize();
  for (int p = 0; p < 4; ++p)
    std::printf("space of %s pointer: global %d shared %d local %d const %d\n",
                (const char *[]){"global", "shared", "local", "const"}[p],
                out[4 * p], out[4 * p + 1], out[4 * p + 2], out[4 * p + 3]);
  std::printf("clock64 monotonic %lld, clock monotonic %lld, globaltimer "
              "monotonic over nanosleep %lld\n",
              clocks[0], clocks[1], clocks[2]);

  float *xf;
  double *xd;
  Rounded *r;
  cudaMallocManaged(&xf, 3 * sizeof(float));
  cudaMallocManaged(&xd, 3 * sizeof(double));
  cudaMallocManaged(&r, sizeof(Rounded));
  const float fs[][3] = {{1.1f, 3.3f, 2.2f}, {-7.7f, 0.3f, 1e-3f}};
  const double ds[][3] = {{1.1, 3.3, 2.2}, {-7.7, 0.3, 1e-3}};
  for (int set = 0; set < 2; ++set) {
    for (int i = 0; i < 3; ++i) {
      xf[i] = fs[set][i];
      xd[i] = ds[set][i];
    }
    rounding<<<1, 1>>>(xf, xd, r);
    cudaDeviceSynchronize();
    for (int i = 0; i < 12; ++i)
      std::printf("rounding %d.%d: %a %a\n", set, i, r->f[i], r->d[i]);
  }

  collective<<<1, 64>>>(out);
  std::printf("collective: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  for (int row = 0; row < 27; ++row) {
    std::printf("collective %d:", row);
    for (int t = 0; t < 64; ++t)
      std::printf(" %x", out[row * 64 + t]);
    std::printf("\n");
  }

  Atomics *a;
  cudaMallocManaged(&a, sizeof(Atomics));
  for (int i = 0; i < 24; ++i)
    a->i[i] = 0;
  a->i[6] = a->i[7] = 1000;
  a->i[8] = a->i[9] = -1;
  a->f[0] = a->f[1] = 0;
  a->u[0] = a->u[1] = 0;
  a->u[2] = a->u[3] = 500;
  atomics<<<1, 96>>>(a);
  std::printf("atomics: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  for (int i = 0; i < 16; ++i)
    std::printf("atomic i%d: %d\n", i, a->i[i]);
  std::printf("atomic f: %g %g; inc/dec: %u %u %u %u\n", a->f[0], a->f[1],
              a->u[0], a->u[1], a->u[2], a->u[3]);
  return 0;
}
