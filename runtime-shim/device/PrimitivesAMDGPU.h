//===- PrimitivesAMDGPU.h - Machine primitives for AMD GPUs -----*- C++ -*-===//
//
// Part of Rubicon. The gfx implementation of Primitives.h, on amdgcn builtins
// and the code-object-v5 implicit kernel arguments (see AMDGPUUsage,
// "Code Object V5 Metadata": hidden_block_count_x/y/z are u32 at offsets
// 0/4/8, hidden_group_size_x/y/z are u16 at offsets 12/14/16).
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_DEVICE_PRIMITIVES_AMDGPU_H
#define RUBICON_DEVICE_PRIMITIVES_AMDGPU_H

// CUDA's `extern __shared__` array: dynamic LDS, placed after the static.
extern "C" __attribute__((address_space(3))) unsigned char
    __rubicon_dynamic_lds[];

namespace rubicon::machine {

namespace amdgpu {
inline constexpr unsigned HiddenBlockCountOffset = 0;
inline constexpr unsigned HiddenGroupSizeOffset = 12;
inline constexpr unsigned HiddenDynamicLdsSizeOffset = 120; // u32

// s_getreg_b32's operand: hardware register Id, bits [Offset, Offset+Size).
constexpr int hardwareRegisterField(int Id, int Offset, int Size) {
  return ((Size - 1) << 11) | (Offset << 6) | Id;
}
// gfx9: HW_ID (4), bits 8-15 = CU_ID[3:0], SH_ID, SE_ID; gfx94x adds
// XCC_ID (20), bits 0-3. gfx10+: HW_ID1 (23), bits 10-20 = WGP_ID[3:0], -,
// SA_ID, -, SE_ID[2:0].
#if defined(__GFX9__)
inline constexpr int ComputeUnitField = hardwareRegisterField(4, 8, 8);
inline constexpr unsigned ComputeUnitBits = 8;
#else
inline constexpr int ComputeUnitField = hardwareRegisterField(23, 10, 11);
inline constexpr unsigned ComputeUnitBits = 11;
#endif
#if defined(__gfx940__) || defined(__gfx941__) || defined(__gfx942__) ||       \
    defined(__gfx950__)
inline constexpr bool HasAcceleratorComplexDies = true;
inline constexpr int AcceleratorComplexDieField =
    hardwareRegisterField(20, 0, 4);
#else
inline constexpr bool HasAcceleratorComplexDies = false;
inline constexpr int AcceleratorComplexDieField = 0;
#endif

// Constant-rate counter read by s_memrealtime / s_sendmsg_rtn(REALTIME).
// ROCm reports a 100 MHz wall clock on gfx90a, gfx942, gfx950 and gfx11.
inline constexpr u64 SteadyClockNanosecondsPerTick = 10;

using ConstantBytes = const __attribute__((address_space(4))) unsigned char;

RUBICON_PRIMITIVE ConstantBytes *implicitArguments() {
  return static_cast<ConstantBytes *>(__builtin_amdgcn_implicitarg_ptr());
}
} // namespace amdgpu

RUBICON_PRIMITIVE unsigned waveSize() {
  return __builtin_amdgcn_wavefrontsize();
}

RUBICON_PRIMITIVE unsigned laneInWave() {
  unsigned low = __builtin_amdgcn_mbcnt_lo(~0u, 0u);
  if (waveSize() == 32)
    return low;
  return __builtin_amdgcn_mbcnt_hi(~0u, low);
}

RUBICON_PRIMITIVE u64 waveBallot(bool predicate) {
  // On wave32 targets the upper 32 bits are zero.
  return __builtin_amdgcn_ballot_w64(predicate);
}

RUBICON_PRIMITIVE unsigned lanePermute(unsigned sourceLane, unsigned value) {
  // ds_bpermute addresses lanes in bytes and wraps modulo the wave size.
  return __builtin_amdgcn_ds_bpermute(static_cast<int>(sourceLane << 2),
                                      static_cast<int>(value));
}

// The hardware runs the active lanes in lockstep: `members` changes nothing.
RUBICON_PRIMITIVE u64 waveBallot(bool predicate, u64 /*members*/) {
  return waveBallot(predicate);
}

RUBICON_PRIMITIVE unsigned lanePermute(unsigned sourceLane, unsigned value,
                                       u64 /*members*/) {
  return lanePermute(sourceLane, value);
}

RUBICON_PRIMITIVE unsigned readFirstLane(unsigned value) {
  return __builtin_amdgcn_readfirstlane(static_cast<int>(value));
}

RUBICON_PRIMITIVE unsigned threadInBlock(Dimension d) {
  switch (d) {
  case Dimension::X:
    return __builtin_amdgcn_workitem_id_x();
  case Dimension::Y:
    return __builtin_amdgcn_workitem_id_y();
  case Dimension::Z:
    return __builtin_amdgcn_workitem_id_z();
  }
  __builtin_unreachable();
}

RUBICON_PRIMITIVE unsigned blockInGrid(Dimension d) {
  switch (d) {
  case Dimension::X:
    return __builtin_amdgcn_workgroup_id_x();
  case Dimension::Y:
    return __builtin_amdgcn_workgroup_id_y();
  case Dimension::Z:
    return __builtin_amdgcn_workgroup_id_z();
  }
  __builtin_unreachable();
}

RUBICON_PRIMITIVE unsigned blockSize(Dimension d) {
  // CUDA blocks are always full, so the workgroup size is the block size.
  const auto *groupSize = reinterpret_cast<const __attribute__((
      address_space(4))) u16 *>(amdgpu::implicitArguments() +
                                amdgpu::HiddenGroupSizeOffset);
  return groupSize[static_cast<unsigned>(d)];
}

RUBICON_PRIMITIVE unsigned gridSizeInBlocks(Dimension d) {
  const auto *blockCount = reinterpret_cast<const __attribute__((
      address_space(4))) u32 *>(amdgpu::implicitArguments() +
                                amdgpu::HiddenBlockCountOffset);
  return blockCount[static_cast<unsigned>(d)];
}

RUBICON_PRIMITIVE void workgroupBarrier() { __builtin_amdgcn_s_barrier(); }

RUBICON_PRIMITIVE void wavefrontBarrier() { __builtin_amdgcn_wave_barrier(); }

RUBICON_PRIMITIVE void wavefrontBarrier(u64 /*members*/) { wavefrontBarrier(); }

RUBICON_PRIMITIVE void fenceReleaseWorkgroup() {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
}

RUBICON_PRIMITIVE void fenceAcquireWorkgroup() {
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}

RUBICON_PRIMITIVE void fenceWavefront() {
  __builtin_amdgcn_fence(__ATOMIC_SEQ_CST, "wavefront");
}

RUBICON_PRIMITIVE u64 cycleCounter() { return __builtin_readcyclecounter(); }

RUBICON_PRIMITIVE u64 steadyClockNanoseconds() {
  return __builtin_readsteadycounter() * amdgpu::SteadyClockNanosecondsPerTick;
}

[[noreturn]] RUBICON_PRIMITIVE void trap() { __builtin_trap(); }

RUBICON_PRIMITIVE unsigned computeUnitId() {
  unsigned id = __builtin_amdgcn_s_getreg(amdgpu::ComputeUnitField);
  if constexpr (amdgpu::HasAcceleratorComplexDies)
    id |= __builtin_amdgcn_s_getreg(amdgpu::AcceleratorComplexDieField)
          << amdgpu::ComputeUnitBits;
  return id;
}

RUBICON_PRIMITIVE unsigned computeUnitIdBound() {
  return 1u << (amdgpu::ComputeUnitBits +
                (amdgpu::HasAcceleratorComplexDies ? 4 : 0));
}

RUBICON_PRIMITIVE unsigned staticSharedBytes() {
  return __builtin_amdgcn_groupstaticsize();
}

RUBICON_PRIMITIVE unsigned dynamicSharedBytes() {
  // The backend declares hidden_dynamic_lds_size (which the runtime then
  // fills) only for kernels that use dynamic LDS, an LDS array without a
  // definition: name one.
  asm volatile("" ::"v"(__rubicon_dynamic_lds));
  return *reinterpret_cast<const __attribute__((address_space(4))) u32 *>(
      amdgpu::implicitArguments() + amdgpu::HiddenDynamicLdsSizeOffset);
}

RUBICON_PRIMITIVE bool isSharedAddress(const void *address) {
  return __builtin_amdgcn_is_shared(
      (const __attribute__((address_space(0))) void *)address);
}

RUBICON_PRIMITIVE bool isPrivateAddress(const void *address) {
  return __builtin_amdgcn_is_private(
      (const __attribute__((address_space(0))) void *)address);
}

} // namespace rubicon::machine

#endif // RUBICON_DEVICE_PRIMITIVES_AMDGPU_H
