//===- WorkItems.cpp - Where a lane runs: ids, implicit arguments ---------===//
//
// Part of Rubicon's AMDGPU emulation library (Emulation.h). Work-item and
// work-group ids; the code-object-v5 implicit kernel arguments and the HSA
// dispatch packet, as AMDGPUUsage lays them out; the bases of LDS
// (addrspace 3) and scratch (addrspace 5), whose 32-bit addresses the
// emulation pass adds to them; mbcnt; the clocks, s_sleep and s_getreg.
//
//===----------------------------------------------------------------------===//
#include "Hostcall.h"

using namespace rubicon;
using namespace rubicon::emulation;

RUBICON_AMDGCN u32 __rubicon_amdgcn_workitem_id_x() { return thread()->ThreadIndex[0]; }
RUBICON_AMDGCN u32 __rubicon_amdgcn_workitem_id_y() { return thread()->ThreadIndex[1]; }
RUBICON_AMDGCN u32 __rubicon_amdgcn_workitem_id_z() { return thread()->ThreadIndex[2]; }
RUBICON_AMDGCN u32 __rubicon_amdgcn_workgroup_id_x() { return thread()->BlockIndex[0]; }
RUBICON_AMDGCN u32 __rubicon_amdgcn_workgroup_id_y() { return thread()->BlockIndex[1]; }
RUBICON_AMDGCN u32 __rubicon_amdgcn_workgroup_id_z() { return thread()->BlockIndex[2]; }

namespace {
// AMDGPUUsage, "Code Object V5 Metadata", hidden arguments (bytes from the
// implicit argument pointer).
struct ImplicitArguments {
  u32 BlockCount[3];        // 0: hidden_block_count_x/y/z
  u16 GroupSize[3];         // 12: hidden_group_size_x/y/z
  u16 Remainder[3];         // 18: hidden_remainder_x/y/z (0: full groups)
  unsigned char Reserved0[16];
  u64 GlobalOffset[3];      // 40: hidden_global_offset_x/y/z
  u16 GridDims;             // 64: hidden_grid_dims
  unsigned char Reserved1[14];
  u64 HostcallBuffer;       // 80: hidden_hostcall_buffer (Hostcall.h)
  u64 MultigridSync;        // 88: hidden_multigrid_sync_arg (MultigridSync)
  u64 Heap;                 // 96: hidden_heap_v1 (ockl's malloc heap)
  u64 DefaultQueue;         // 104
  u64 CompletionAction;     // 112
  u32 DynamicLdsSize;       // 120: hidden_dynamic_lds_size
  unsigned char Reserved2[132];
};
static_assert(sizeof(ImplicitArguments) == 256);
static_assert(__builtin_offsetof(ImplicitArguments, GlobalOffset) == 40);
static_assert(__builtin_offsetof(ImplicitArguments, GridDims) == 64);
static_assert(__builtin_offsetof(ImplicitArguments, HostcallBuffer) == 80);
static_assert(__builtin_offsetof(ImplicitArguments, DynamicLdsSize) == 120);

// hsa_kernel_dispatch_packet_t (HSA runtime specification).
struct DispatchPacket {
  u16 Header;
  u16 Setup;                // bits 0-1: dimensions
  u16 WorkgroupSize[3];     // 4
  u16 Reserved0;
  u32 GridSize[3];          // 12: in work-items
  u32 PrivateSegmentSize;   // 24
  u32 GroupSegmentSize;     // 28
  u64 KernelObject;         // 32
  u64 KernargAddress;       // 40
  u64 Reserved2;
  u64 CompletionSignal;     // 56
};
static_assert(sizeof(DispatchPacket) == 64);

// Each worker thread runs the lanes of one block at a time; every lane of a
// wavefront sees the same values (the hostcall buffer is the wavefront's):
// one copy per wavefront of the worker thread, refreshed by each read of the
// pointer.
thread_local ImplicitArguments Implicit[32];
// What hidden_multigrid_sync_arg points at: HIP sets it for cooperative
// launches, and ockl's grid_group::is_valid() tests it. The host runtime
// does not tell launches apart (as on the host target, is_valid() is true);
// multi-device launches, the argument's other use, are not supported.
u64 MultigridSync[4];
thread_local DispatchPacket Dispatch;

u32 dimensions(const host::ThreadContext *T) {
  if (T->GridSize[2] > 1 || T->BlockSize[2] > 1)
    return 3;
  if (T->GridSize[1] > 1 || T->BlockSize[1] > 1)
    return 2;
  return 1;
}
} // namespace

RUBICON_AMDGCN Constant *__rubicon_amdgcn_implicitarg_ptr() {
  const host::ThreadContext *T = thread();
  ImplicitArguments &Implicit = ::Implicit[(T->FlatThreadIndex / waveSize()) & 31];
  for (int D = 0; D < 3; ++D) {
    Implicit.BlockCount[D] = T->GridSize[D];
    Implicit.GroupSize[D] = static_cast<u16>(T->BlockSize[D]);
  }
  Implicit.GridDims = static_cast<u16>(dimensions(T));
  Implicit.HostcallBuffer = reinterpret_cast<u64>(wavefrontHostcallBuffer());
  Implicit.MultigridSync = reinterpret_cast<u64>(&MultigridSync);
  Implicit.Heap = reinterpret_cast<u64>(deviceHeap());
  Implicit.DynamicLdsSize =
      static_cast<u32>(T->SharedBytes - __rubicon_host_shared_bytes);
  return (Constant *)(void *)&Implicit;
}

RUBICON_AMDGCN Constant *__rubicon_amdgcn_dispatch_ptr() {
  const host::ThreadContext *T = thread();
  Dispatch.Setup = static_cast<u16>(dimensions(T));
  for (int D = 0; D < 3; ++D) {
    Dispatch.WorkgroupSize[D] = static_cast<u16>(T->BlockSize[D]);
    Dispatch.GridSize[D] = T->GridSize[D] * T->BlockSize[D];
  }
  Dispatch.GroupSegmentSize = static_cast<u32>(T->SharedBytes);
  return (Constant *)(void *)&Dispatch;
}

// What the emulation pass adds a 32-bit LDS or scratch address to. Scratch
// addresses are offsets in the lane's fiber stack, which is aligned to its
// size (HostABI.h).
extern "C" __attribute__((always_inline, visibility("hidden"))) unsigned char *
__rubicon_amdgcn_lds_base() {
  return thread()->SharedMemory;
}
extern "C" __attribute__((always_inline, visibility("hidden"))) unsigned char *
__rubicon_amdgcn_private_base() {
  return reinterpret_cast<unsigned char *>(thread());
}

// v_mbcnt_lo/hi_u32_b32: Src1 + the number of bits of Src0 set below this
// lane (lo: mask bits 0-31 against lanes 0-31; hi: bits 32-63).
RUBICON_AMDGCN u32 __rubicon_amdgcn_mbcnt_lo(u32 Mask, u32 Add) {
  u32 Lane = lane();
  u32 Below = Lane >= 32 ? ~0u : (1u << Lane) - 1;
  return Add + static_cast<u32>(__builtin_popcount(Mask & Below));
}
RUBICON_AMDGCN u32 __rubicon_amdgcn_mbcnt_hi(u32 Mask, u32 Add) {
  u32 Lane = lane();
  u32 Below = Lane < 32 ? 0u : Lane >= 64 ? ~0u : (1u << (Lane - 32)) - 1;
  return Add + static_cast<u32>(__builtin_popcount(Mask & Below));
}

RUBICON_AMDGCN u32 __rubicon_amdgcn_wavefrontsize() { return waveSize(); }

// The kernel's static LDS bytes (the module's: every kernel's variables
// are laid out together).
RUBICON_AMDGCN u32 __rubicon_amdgcn_groupstaticsize() {
  return __rubicon_amdgcn_static_lds_bytes;
}

// s_memtime / s_memrealtime / s_sendmsg_rtn(REALTIME): the 100 MHz
// constant-rate counter the device library assumes (PrimitivesAMDGPU.h),
// and a shader clock that counts the same.
RUBICON_AMDGCN u64 __rubicon_amdgcn_s_memrealtime() {
  return thread()->Runtime->nanoseconds() / 10;
}
RUBICON_AMDGCN u64 __rubicon_amdgcn_s_memtime() {
  return thread()->Runtime->nanoseconds() / 10;
}
RUBICON_AMDGCN u64 __rubicon_amdgcn_s_sendmsg_rtn_i64(u32) {
  return thread()->Runtime->nanoseconds() / 10;
}

extern "C" int sched_yield(void);

// s_sleep: the host serves the hostcall packets this lane waits for
// (Hostcall.cpp), the other lanes of the block run meanwhile, and every 64th
// sleep of a CPU thread lets the process's other threads run: a lane
// sleeping in a spin-wait (the grid barrier of a cooperative launch,
// runtime-shim/device/GridSync.cpp) may wait for other blocks, which run on
// other CPU threads. (Not at every sleep: a spin-wait for a lane of the
// same block would then wait for the whole machine at each step.)
namespace {
thread_local u32 Sleeps;
}
RUBICON_AMDGCN void __rubicon_amdgcn_s_sleep(u32) {
  serveHostcalls();
  thread()->Runtime->yield(thread());
  if (++Sleeps % 64 == 0)
    sched_yield();
}

// s_getreg_b32 (HW_ID, XCC_ID, ...): one compute unit, numbered 0.
RUBICON_AMDGCN u32 __rubicon_amdgcn_s_getreg(u32) { return 0; }
