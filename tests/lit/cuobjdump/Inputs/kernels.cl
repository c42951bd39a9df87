// Kernels with known resource usage for cuobjdump's tests.

// Few registers, no LDS: occupancy is the hardware maximum.
__kernel void add(__global float *a, __global const float *b) {
  unsigned i = __builtin_amdgcn_workitem_id_x();
  a[i] += b[i];
}

// 16 KiB of LDS per 256-thread work-group: 4 groups fit in 64 KiB.
__kernel __attribute__((reqd_work_group_size(256, 1, 1))) void
lds(__global float *a) {
  __local float tile[4096];
  unsigned i = __builtin_amdgcn_workitem_id_x();
  tile[i] = a[i];
  __builtin_amdgcn_s_barrier();
  a[i] = tile[4095 - i];
}

// Uses v0..v100: 101 VGPRs.
__kernel void vgprs(__global float *a) {
  __asm volatile("" ::: "v100");
  a[__builtin_amdgcn_workitem_id_x()] = 1.0f;
}

#ifdef WITH_AGPRS
// Uses a0..a200 as well (gfx90a and later).
__kernel void agprs(__global float *a) {
  __asm volatile("" ::: "v10", "a200");
  a[__builtin_amdgcn_workitem_id_x()] = 1.0f;
}
#endif

// Uses v0..v70 in 1024-thread work-groups.
__kernel __attribute__((reqd_work_group_size(1024, 1, 1))) void
big_group(__global float *a) {
  __asm volatile("" ::: "v70");
  a[__builtin_amdgcn_workitem_id_x()] = 1.0f;
}
