// cooperative_groups::this_grid().sync() compiles for gfx942 to the device
// library's global-memory barrier (runtime-shim/device/GridSync.cpp): a block
// barrier, one atomic add per block on the code object's hidden barrier
// state, a wait on its generation with s_sleep, a block barrier.
// grid_group::is_valid() reads the multigrid synchronization argument HIP
// sets for cooperative launches (ockl); no NVVM intrinsic is left.
// REQUIRES: target-gfx942
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: nvcc -O2 -c %s -o grid.o -keep
// RUN: FileCheck %s --check-prefix=IR < grid-sync-gfx942.gfx942.ll
// RUN: FileCheck %s --check-prefix=ASM < grid-sync-gfx942.gfx942.s

// IR-NOT: llvm.nvvm
// IR: @[[STATE:.*__rubicon_grid_barrier_state]] = internal addrspace(1) global
// IR-LABEL: define protected amdgpu_kernel void @_Z6phasesPi(
// IR: call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
// IR: call void @llvm.amdgcn.s.barrier()
// IR: atomicrmw add ptr addrspace(1) @[[STATE]], i32 1 acq_rel
// IR: load atomic i32, ptr addrspace(1) getelementptr inbounds nuw (i8, ptr addrspace(1) @[[STATE]], i64 4) acquire
// IR: call void @llvm.amdgcn.s.sleep(i32 1)
// IR: call void @llvm.amdgcn.s.barrier()
// IR-NOT: llvm.nvvm

// ASM-LABEL: _Z6phasesPi:
// ASM: s_barrier
// ASM: global_atomic_add
// ASM: s_sleep 1
// ASM: s_barrier
// ASM: s_endpgm
#include <cooperative_groups.h>

__global__ void phases(int *data) {
  cooperative_groups::grid_group grid = cooperative_groups::this_grid();
  data[grid.thread_rank()] = grid.is_valid();
  grid.sync();
  data[grid.thread_rank()] += data[grid.size() - 1 - grid.thread_rank()];
}
