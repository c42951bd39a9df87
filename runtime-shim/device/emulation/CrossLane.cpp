//===- CrossLane.cpp - Wavefront operations and barriers ------------------===//
//
// Part of Rubicon's AMDGPU emulation library (Emulation.h). The semantics of
// the cross-lane instructions, from AMD's ISA manuals (the "AMD Instinct
// MI300 ISA" and "RDNA3 ISA" reference guides: DPP, DS_SWIZZLE_B32,
// DS_BPERMUTE_B32, V_PERMLANE*, V_READLANE/V_READFIRSTLANE, S_BARRIER):
// each operation is a rendezvous of the wavefront's active lanes; reads from
// an inactive lane follow the manual (0, or the DPP bound-control rules).
// Written from the manuals, not from the passes that emit these operations.
//
//===----------------------------------------------------------------------===//
#include "Emulation.h"

using namespace rubicon;
using namespace rubicon::emulation;

// ---- barriers ----

RUBICON_AMDGCN void __rubicon_amdgcn_s_barrier() {
  host::ThreadContext *T = thread();
  T->Runtime->workgroupBarrier(T);
}
// gfx12's split barrier: signal and wait together are s_barrier.
RUBICON_AMDGCN void __rubicon_amdgcn_s_barrier_signal(i32) {}
RUBICON_AMDGCN void __rubicon_amdgcn_s_barrier_wait(u16) {
  __rubicon_amdgcn_s_barrier();
}
// A wavefront's lanes execute together: wave_barrier is where they meet.
RUBICON_AMDGCN void __rubicon_amdgcn_wave_barrier() {
  rendezvous(host::WaveOperation::Barrier, 0, 0);
}
// Scheduling hints and counters: nothing to do on the CPU.
RUBICON_AMDGCN void __rubicon_amdgcn_s_waitcnt(i32) {}
RUBICON_AMDGCN void __rubicon_amdgcn_sched_barrier(i32) {}
RUBICON_AMDGCN void __rubicon_amdgcn_s_setprio(u16) {}

// ---- whole-wavefront values ----

// v_cmp / s_ballot: bit i is lane i's predicate, 0 for inactive lanes.
RUBICON_AMDGCN u64 __rubicon_amdgcn_ballot_i64(bool Predicate) {
  return (rendezvous(host::WaveOperation::Ballot, Predicate, 0) >>
          laneBase()) &
         waveMask();
}
RUBICON_AMDGCN u32 __rubicon_amdgcn_ballot_i32(bool Predicate) {
  return static_cast<u32>(__rubicon_amdgcn_ballot_i64(Predicate));
}

// v_cmp with a predicate operand (llvm.amdgcn.icmp/fcmp; the predicates
// are LLVM's CmpInst numbering): the ballot of the comparison among the
// active lanes. A predicate that is not a comparison gives 0.
namespace {
template <typename T> RUBICON_EMULATION_HELPER bool integerCompare(T A, T B, u32 Predicate) {
  using S = __make_signed(T);
  switch (Predicate) {
  case 32: return A == B;
  case 33: return A != B;
  case 34: return A > B;
  case 35: return A >= B;
  case 36: return A < B;
  case 37: return A <= B;
  case 38: return S(A) > S(B);
  case 39: return S(A) >= S(B);
  case 40: return S(A) < S(B);
  case 41: return S(A) <= S(B);
  }
  return false;
}
template <typename T> RUBICON_EMULATION_HELPER bool floatCompare(T A, T B, u32 Predicate) {
  bool Unordered = A != A || B != B;
  bool Result;
  switch (Predicate & 7) {
  case 0: Result = false; break;
  case 1: Result = A == B; break;
  case 2: Result = A > B; break;
  case 3: Result = A >= B; break;
  case 4: Result = A < B; break;
  case 5: Result = A <= B; break;
  case 6: Result = A < B || A > B; break;
  default: Result = true; break; // ORD / TRUE
  }
  if (Predicate > 15)
    return false;
  if (Predicate == 7)
    return !Unordered;
  if (Predicate == 8)
    return Unordered;
  return Predicate < 8 ? !Unordered && Result : Unordered || Result;
}
RUBICON_EMULATION_HELPER u64 ballot(bool Predicate) {
  return (rendezvous(host::WaveOperation::Ballot, Predicate, 0) >> laneBase()) &
         waveMask();
}
} // namespace

RUBICON_AMDGCN u64 __rubicon_amdgcn_icmp_i64_i32(u32 A, u32 B, u32 Predicate) {
  return ballot(integerCompare(A, B, Predicate));
}
RUBICON_AMDGCN u64 __rubicon_amdgcn_icmp_i64_i64(u64 A, u64 B, u32 Predicate) {
  return ballot(integerCompare(A, B, Predicate));
}
RUBICON_AMDGCN u32 __rubicon_amdgcn_icmp_i32_i32(u32 A, u32 B, u32 Predicate) {
  return static_cast<u32>(ballot(integerCompare(A, B, Predicate)));
}
RUBICON_AMDGCN u32 __rubicon_amdgcn_icmp_i32_i64(u64 A, u64 B, u32 Predicate) {
  return static_cast<u32>(ballot(integerCompare(A, B, Predicate)));
}
RUBICON_AMDGCN u64 __rubicon_amdgcn_fcmp_i64_f32(float A, float B, u32 Predicate) {
  return ballot(floatCompare(A, B, Predicate));
}
RUBICON_AMDGCN u64 __rubicon_amdgcn_fcmp_i64_f64(double A, double B, u32 Predicate) {
  return ballot(floatCompare(A, B, Predicate));
}
RUBICON_AMDGCN u32 __rubicon_amdgcn_fcmp_i32_f32(float A, float B, u32 Predicate) {
  return static_cast<u32>(ballot(floatCompare(A, B, Predicate)));
}
RUBICON_AMDGCN u32 __rubicon_amdgcn_fcmp_i32_f64(double A, double B, u32 Predicate) {
  return static_cast<u32>(ballot(floatCompare(A, B, Predicate)));
}

RUBICON_AMDGCN u32 __rubicon_amdgcn_readfirstlane_i32(u32 Value) {
  return static_cast<u32>(
      rendezvous(host::WaveOperation::ReadFirstLane, 0, Value));
}
RUBICON_AMDGCN u64 __rubicon_amdgcn_readfirstlane_i64(u64 Value) {
  return rendezvous(host::WaveOperation::ReadFirstLane, 0, Value);
}
RUBICON_AMDGCN float __rubicon_amdgcn_readfirstlane_f32(float Value) {
  return __builtin_bit_cast(
      float, __rubicon_amdgcn_readfirstlane_i32(__builtin_bit_cast(u32, Value)));
}

using GlobalPointer = __attribute__((address_space(1))) void *;
RUBICON_AMDGCN GlobalPointer __rubicon_amdgcn_readfirstlane_p1(GlobalPointer Value) {
  return (GlobalPointer)__rubicon_amdgcn_readfirstlane_i64((u64)Value);
}
RUBICON_AMDGCN void *__rubicon_amdgcn_readfirstlane_p0(void *Value) {
  return reinterpret_cast<void *>(
      __rubicon_amdgcn_readfirstlane_i64(reinterpret_cast<u64>(Value)));
}

// v_readlane: lane Lane's value (the lane number wraps to the wave size).
RUBICON_AMDGCN u32 __rubicon_amdgcn_readlane_i32(u32 Value, u32 Lane) {
  return static_cast<u32>(readLane(Lane & (waveSize() - 1), Value));
}
RUBICON_AMDGCN u64 __rubicon_amdgcn_readlane_i64(u64 Value, u32 Lane) {
  return readLane(Lane & (waveSize() - 1), Value);
}
RUBICON_AMDGCN float __rubicon_amdgcn_readlane_f32(float Value, u32 Lane) {
  return __builtin_bit_cast(float, __rubicon_amdgcn_readlane_i32(
                                       __builtin_bit_cast(u32, Value), Lane));
}

// ---- LDS-routed lane moves ----

namespace {
/// Lane Source's Value when Source is active, else 0 (ds_bpermute,
/// ds_swizzle: reads of inactive lanes return 0).
RUBICON_EMULATION_HELPER u32 readActiveLane(u32 Source, u32 Value) {
  u64 Active = activeLanes();
  u32 Read = static_cast<u32>(readLane(Source, Value));
  return (Active >> Source) & 1 ? Read : 0;
}
} // namespace

// ds_bpermute_b32: each lane reads lane (Address / 4) mod 64; on wave32
// targets the lanes of the 32-lane wavefront.
RUBICON_AMDGCN u32 __rubicon_amdgcn_ds_bpermute(u32 Address, u32 Value) {
  return readActiveLane((Address >> 2) & (waveSize() - 1), Value);
}

// ds_permute_b32: lane i writes its value to lane Address(i) / 4; a lane
// written by several takes the highest writer's; not written: 0. Each lane
// finds its writer by reading every lane's address.
RUBICON_AMDGCN u32 __rubicon_amdgcn_ds_permute(u32 Address, u32 Value) {
  u64 Active = activeLanes();
  u32 Me = lane(), Result = 0;
  for (u32 Writer = 0; Writer < waveSize(); ++Writer) {
    u32 Target = static_cast<u32>(readLane(Writer, Address));
    u32 Written = static_cast<u32>(readLane(Writer, Value));
    if ((Active >> Writer) & 1 && ((Target >> 2) & (waveSize() - 1)) == Me)
      Result = Written;
  }
  return Result;
}

// ds_swizzle_b32 offset: bit 15 set: quad-permute mode, lane i of each quad
// reads lane offset[2i+1:2i] of it; clear: bit-mask mode within each group
// of 32 lanes, source = ((lane & and_mask) | or_mask) ^ xor_mask with the
// masks in bits 4:0, 9:5 and 14:10.
RUBICON_AMDGCN u32 __rubicon_amdgcn_ds_swizzle(u32 Value, u32 Offset) {
  u32 Lane = lane(), Source;
  if (Offset & 0x8000) {
    Source = (Lane & ~3u) | ((Offset >> (2 * (Lane & 3))) & 3);
  } else {
    u32 And = Offset & 31, Or = (Offset >> 5) & 31, Xor = (Offset >> 10) & 31;
    Source = (Lane & ~31u) | ((((Lane & 31) & And) | Or) ^ Xor);
  }
  return readActiveLane(Source, Value);
}

// ---- DPP ----

namespace {
constexpr u32 NoSource = ~0u;
constexpr u32 UnknownControl = ~1u;

/// The lane a DPP control makes lane `Lane` read, or NoSource when the
/// source is out of range (ISA manual, "DPP_CTRL Enumeration"). Rows are 16
/// lanes, banks are 4 lanes of a row.
u32 dppSource(u32 Control, u32 Lane, u32 WaveSize, bool Gfx10) {
  const u32 Row = Lane & ~15u, InRow = Lane & 15;
  if (Control <= 0xff) // quad_perm
    return (Lane & ~3u) | ((Control >> (2 * (Lane & 3))) & 3);
  if (Control >= 0x101 && Control <= 0x10f) { // row_shl:n
    u32 N = Control - 0x100;
    return InRow + N < 16 ? Lane + N : NoSource;
  }
  if (Control >= 0x111 && Control <= 0x11f) { // row_shr:n
    u32 N = Control - 0x110;
    return InRow >= N ? Lane - N : NoSource;
  }
  if (Control >= 0x121 && Control <= 0x12f) { // row_ror:n
    u32 N = Control - 0x120;
    return Row | ((InRow + 16 - N) & 15);
  }
  if (!Gfx10) {
    switch (Control) {
    case 0x130: // wave_shl:1
      return Lane + 1 < WaveSize ? Lane + 1 : NoSource;
    case 0x134: // wave_rol:1
      return (Lane + 1) % WaveSize;
    case 0x138: // wave_shr:1
      return Lane > 0 ? Lane - 1 : NoSource;
    case 0x13c: // wave_ror:1
      return (Lane + WaveSize - 1) % WaveSize;
    case 0x142: // row_bcast:15: lane 15 of each row to the next row
      return Row > 0 ? Row - 1 : NoSource;
    case 0x143: // row_bcast:31: lane 31 to rows 2 and 3
      return Lane >= 32 ? 31 : NoSource;
    }
  }
  if (Control == 0x140) // row_mirror
    return Row | (15 - InRow);
  if (Control == 0x141) // row_half_mirror
    return (Lane & ~7u) | (7 - (Lane & 7));
  if (Gfx10 && Control >= 0x150 && Control <= 0x15f) // row_share:n
    return Row | (Control - 0x150);
  if (Gfx10 && Control >= 0x160 && Control <= 0x16f) // row_xmask:n
    return Row | (InRow ^ (Control - 0x160));
  return UnknownControl;
}

/// v_mov_b32 with DPP, `Old` being the destination's previous value: a lane
/// whose row is not in RowMask or whose bank is not in BankMask is not
/// written (keeps Old); a lane whose source is out of range or inactive gets
/// 0 with BOUND_CTRL set, else is not written.
RUBICON_EMULATION_HELPER u64 dpp(u64 Old, u64 Source, u32 Control, u32 RowMask,
                                 u32 BankMask, bool BoundCtrl) {
  const u32 Lane = lane(), Size = waveSize();
  const bool Gfx10 = Size == 32; // RDNA: row_share/row_xmask, no wave_*
  u32 From = dppSource(Control, Lane, Size, Gfx10);
  if (From == UnknownControl)
    __rubicon_amdgcn_unsupported("DPP control", Control);
  u64 Active = activeLanes();
  u64 Read = readLane(From == NoSource ? Lane : From, Source);
  if (!((RowMask >> (Lane >> 4)) & 1) || !((BankMask >> ((Lane >> 2) & 3)) & 1))
    return Old;
  if (From == NoSource || !((Active >> From) & 1))
    return BoundCtrl ? 0 : Old;
  return Read;
}
} // namespace

RUBICON_AMDGCN u32 __rubicon_amdgcn_update_dpp_i32(u32 Old, u32 Source,
                                                   u32 Control, u32 RowMask,
                                                   u32 BankMask, bool Bound) {
  return static_cast<u32>(dpp(Old, Source, Control, RowMask, BankMask, Bound));
}
RUBICON_AMDGCN u64 __rubicon_amdgcn_update_dpp_i64(u64 Old, u64 Source,
                                                   u32 Control, u32 RowMask,
                                                   u32 BankMask, bool Bound) {
  return dpp(Old, Source, Control, RowMask, BankMask, Bound);
}
RUBICON_AMDGCN float __rubicon_amdgcn_update_dpp_f32(float Old, float Source,
                                                     u32 Control, u32 RowMask,
                                                     u32 BankMask, bool Bound) {
  return __builtin_bit_cast(
      float, static_cast<u32>(dpp(__builtin_bit_cast(u32, Old),
                                  __builtin_bit_cast(u32, Source), Control,
                                  RowMask, BankMask, Bound)));
}
// v_mov_b32 with DPP into an undefined register: lanes not written read 0.
RUBICON_AMDGCN u32 __rubicon_amdgcn_mov_dpp_i32(u32 Source, u32 Control,
                                                u32 RowMask, u32 BankMask,
                                                bool Bound) {
  return static_cast<u32>(dpp(0, Source, Control, RowMask, BankMask, Bound));
}

// ---- permlane (gfx10+) ----

namespace {
/// v_permlane16 / v_permlanex16: lane i of a 16-lane row reads lane
/// Select(i) (4 bits each, SelLo for lanes 0-7, SelHi for 8-15) of the same
/// row (permlane16) or of the other row of its 32-lane half (permlanex16).
/// FetchInactive: inactive sources are read too; else such a lane gets 0
/// with BoundCtrl, else keeps Old.
RUBICON_EMULATION_HELPER u32 permlane(u32 Old, u32 Source, u32 SelLo,
                                      u32 SelHi, bool FetchInactive,
                                      bool BoundCtrl, bool Cross) {
  const u32 Lane = lane(), InRow = Lane & 15;
  const u32 Select =
      InRow < 8 ? (SelLo >> (4 * InRow)) & 15 : (SelHi >> (4 * (InRow - 8))) & 15;
  const u32 Row = Cross ? ((Lane & ~15u) ^ 16) : (Lane & ~15u);
  const u32 From = Row | Select;
  u64 Active = activeLanes();
  u32 Read = static_cast<u32>(readLane(From, Source));
  if (!FetchInactive && !((Active >> From) & 1))
    return BoundCtrl ? 0 : Old;
  return Read;
}
} // namespace

RUBICON_AMDGCN u32 __rubicon_amdgcn_permlane16_i32(u32 Old, u32 Source,
                                                   u32 SelLo, u32 SelHi,
                                                   bool Fi, bool Bound) {
  return permlane(Old, Source, SelLo, SelHi, Fi, Bound, false);
}
RUBICON_AMDGCN u32 __rubicon_amdgcn_permlanex16_i32(u32 Old, u32 Source,
                                                    u32 SelLo, u32 SelHi,
                                                    bool Fi, bool Bound) {
  return permlane(Old, Source, SelLo, SelHi, Fi, Bound, true);
}
// v_permlane64_b32 (gfx11 wave64): swap the two 32-lane halves.
RUBICON_AMDGCN u32 __rubicon_amdgcn_permlane64_i32(u32 Value) {
  return static_cast<u32>(readLane(lane() ^ 32, Value));
}
