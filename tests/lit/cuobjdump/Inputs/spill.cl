// Needs more registers than 1024-thread groups with waves_per_eu(8,8) allow.
__kernel __attribute__((reqd_work_group_size(1024, 1, 1)))
__attribute__((amdgpu_waves_per_eu(8, 8))) void spill(__global float *a) {
  unsigned i = __builtin_amdgcn_workitem_id_x();
  float v[96];
  for (int k = 0; k < 96; ++k)
    v[k] = a[i * 96 + k];
  float sum = 0;
  for (int k = 0; k < 96; ++k)
    for (int j = k; j < 96; ++j)
      sum += v[k] * v[j];
  for (int k = 0; k < 96; ++k)
    a[i * 96 + k] = v[k] * sum;
}
