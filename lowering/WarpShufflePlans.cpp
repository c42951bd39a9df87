//===- WarpShufflePlans.cpp - Which lane moves implement a shuffle --------===//
//
// Part of Rubicon. See WarpShufflePlans.h. The device library implements every
// shuffle with ds_bpermute (any lane, any mask). When a call's lane/offset
// and width operands are constants, the same lane mapping is often one DPP
// move (VALU, no LDS round trip) or one ds_swizzle. The member mask does not
// matter for a shuffle: a source lane in the mask executes the call (CUDA
// requires it), and a source lane outside it gives an undefined value in
// CUDA too. A reduction needs the full mask (all 32 lanes are members):
//
//   __shfl_xor_sync k (k < width)  gfx9: k = 1, 2, 3 quad_perm; 7
//                                  row_half_mirror; 8 row_ror:8; 15
//                                  row_mirror; others ds_swizzle xor k.
//                                  gfx10+: row_xmask:k (k < 16), permlanex16
//   __shfl_sync lane L, width w    ds_swizzle: and = ~(w-1), or = L & (w-1)
//   __shfl_up/down_sync d          width <= 16: row_shr/row_shl:d (lanes whose
//                                  source is outside the row keep their value,
//                                  as shfl.sync's do), plus a lane test for
//                                  widths below 16; width 32: the same within
//                                  a 16-lane row, and for the lanes crossing
//                                  rows permlanex16 (gfx10+; gfx9 keeps
//                                  ds_bpermute for width 32)
//   __reduce_*_sync(0xffffffff)    five butterfly steps with the xor moves
//
// ds_swizzle's bitmask mode works on groups of 32 lanes, DPP on rows of 16:
// neither crosses a logical warp's boundary on wave64.
//
//===----------------------------------------------------------------------===//
#include "WarpShufflePlans.h"
#include "LoweringPasses.h" // defaultWavefrontSize

#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace rubicon {
namespace warpfast {

namespace {

// DPP_CTRL values (AMDGPUUsage / the gfx9 and RDNA ISA manuals).
constexpr unsigned QuadPermXor1 = 1 | 0 << 2 | 3 << 4 | 2 << 6; // [1,0,3,2]
constexpr unsigned QuadPermXor2 = 2 | 3 << 2 | 0 << 4 | 1 << 6; // [2,3,0,1]
constexpr unsigned QuadPermXor3 = 3 | 2 << 2 | 1 << 4 | 0 << 6; // [3,2,1,0]
constexpr unsigned RowShl = 0x100;                              // + n, 1..15
constexpr unsigned RowShr = 0x110;                              // + n, 1..15
constexpr unsigned RowRor = 0x120;                              // + n, 1..15
constexpr unsigned RowMirror = 0x140;
constexpr unsigned RowHalfMirror = 0x141;
constexpr unsigned RowXmask = 0x160; // + mask, 0..15 (gfx10+)

bool isPowerOf2(unsigned X) { return X != 0 && (X & (X - 1)) == 0; }

LaneSource dpp(unsigned Control) { return {LaneOp::Dpp, Control, 0, 0}; }
LaneSource swizzle(unsigned And, unsigned Or, unsigned Xor) {
  return {LaneOp::Swizzle, (And & 31) | (Or & 31) << 5 | (Xor & 31) << 10, 0,
          0};
}
// permlanex16: lane i of a row reads lane Select(i) of the other row.
template <typename F> LaneSource permLaneX16(F Select) {
  LaneSource S{LaneOp::PermLaneX16, 0, 0, 0};
  for (unsigned I = 0; I < 8; ++I) {
    S.SelLo |= (Select(I) & 15) << (4 * I);
    S.SelHi |= (Select(I + 8) & 15) << (4 * I);
  }
  return S;
}

// Lane i receives lane i ^ K of its 32-lane warp.
LaneSource xorMove(unsigned K, const FastPathTarget &T) {
  if (T.HasGfx10Lanes) {
    if (K < 16)
      return dpp(RowXmask + K);
    return permLaneX16([K](unsigned I) { return I ^ (K & 15); });
  }
  switch (K) {
  case 1:
    return dpp(QuadPermXor1);
  case 2:
    return dpp(QuadPermXor2);
  case 3:
    return dpp(QuadPermXor3);
  case 7:
    return dpp(RowHalfMirror);
  case 8:
    return dpp(RowRor + 8);
  case 15:
    return dpp(RowMirror);
  default:
    return swizzle(31, 0, K);
  }
}

} // namespace

FastPathTarget fastPathTarget(StringRef Arch) {
  FastPathTarget T;
  T.WaveSize = defaultWavefrontSize(Arch);
  // Wave32 by default <=> RDNA (gfx10+): row_xmask, permlanex16.
  T.HasGfx10Lanes = T.WaveSize == 32;
  return T;
}

std::optional<ShufflePlan> planShuffle(ShuffleKind Kind, unsigned B, unsigned C,
                                       const FastPathTarget &T) {
  const unsigned Offset = B & 31, Clamp = C & 31, SegmentMask = (C >> 8) & 31;
  const unsigned Width = 32 - SegmentMask;
  // Only the c operands that __shfl*_sync(width) produce: a power-of-two
  // width, segment mask ~(width - 1), clamp 31 (0 for up).
  if (!isPowerOf2(Width) || (SegmentMask & (Width - 1)) != 0 ||
      Clamp != (Kind == ShuffleKind::Up ? 0u : 31u) || (C >> 13) != 0)
    return std::nullopt;
  ShufflePlan P;
  switch (Kind) {
  case ShuffleKind::Index:
    if (Width > 1)
      P.First = swizzle(SegmentMask, Offset & (Width - 1), 0);
    return P;
  case ShuffleKind::Butterfly:
    if (Offset == 0)
      return P;
    if (Offset >= Width) // lanes of other segments: ds_bpermute's exactness
      return std::nullopt;
    P.First = xorMove(Offset, T);
    return P;
  case ShuffleKind::Up:
  case ShuffleKind::Down: {
    const bool Down = Kind == ShuffleKind::Down;
    const unsigned D = Offset;
    if (D == 0 || D >= Width) // every lane keeps its own value
      return P;
    if (Width <= 16) {
      P.First = dpp((Down ? RowShl : RowShr) + D);
      if (Width < 16) { // DPP rows are 16 lanes: test the segment
        P.Cond = Down ? ShufflePlan::Down : ShufflePlan::Up;
        P.Delta = D;
        P.FirstSpan = P.SecondSpan = Width;
      }
      return P;
    }
    // Width 32: within the row, then the lanes whose source is in the
    // other row of the warp.
    P.Cond = Down ? ShufflePlan::Down : ShufflePlan::Up;
    P.Delta = D;
    P.FirstSpan = 16;
    P.SecondSpan = 32;
    if (D < 16)
      P.First = dpp((Down ? RowShl : RowShr) + D);
    if (T.HasGfx10Lanes)
      P.Second = permLaneX16(
          [D, Down](unsigned I) { return Down ? I + D : I + 16 - D; });
    else
      // gfx9's DPP has no cross-row move: a ds_swizzle for the crossing
      // lanes (p +- d == p ^ (32 - d) for a power of two) costs the same
      // LDS round trip as ds_bpermute plus the DPP move and the lane tests
      // (measured for the offsets 16..1 of a reduction: 61 instructions
      // instead of 47; with d = 16 alone by ds_swizzle: 49), so the
      // library's ds_bpermute it is.
      return std::nullopt;
    return P;
  }
  }
  return std::nullopt;
}

unsigned ptxShuffleSource(ShuffleKind Kind, unsigned Lane, unsigned B,
                          unsigned C) {
  // PTX ISA, shfl.sync: c packs the clamp (bits 0-4) and the segment mask
  // (bits 8-12); a lane whose source is outside [minLane, maxLane] keeps
  // its own value.
  const unsigned Offset = B & 31, Clamp = C & 31, SegmentMask = (C >> 8) & 31;
  const unsigned MaxLane = (Lane & SegmentMask) | (Clamp & ~SegmentMask);
  const unsigned MinLane = Lane & SegmentMask;
  int Source = 0;
  bool InRange = false;
  switch (Kind) {
  case ShuffleKind::Up:
    Source = (int)Lane - (int)Offset;
    InRange = Source >= (int)MaxLane;
    break;
  case ShuffleKind::Down:
    Source = (int)(Lane + Offset);
    InRange = Source <= (int)MaxLane;
    break;
  case ShuffleKind::Butterfly:
    Source = (int)(Lane ^ Offset);
    InRange = Source <= (int)MaxLane;
    break;
  case ShuffleKind::Index:
    Source = (int)(MinLane | (Offset & ~SegmentMask));
    InRange = Source <= (int)MaxLane;
    break;
  }
  return InRange ? (unsigned)Source : Lane;
}

unsigned laneOpSource(const LaneSource &S, unsigned Lane,
                      const FastPathTarget &T) {
  const unsigned Row = Lane & ~15u, InRow = Lane & 15;
  switch (S.Op) {
  case LaneOp::Self:
    return Lane;
  case LaneOp::Swizzle: {
    const unsigned And = S.Control & 31, Or = (S.Control >> 5) & 31,
                   Xor = (S.Control >> 10) & 31;
    return (Lane & ~31u) | ((((Lane & 31) & And) | Or) ^ Xor);
  }
  case LaneOp::PermLaneX16: {
    const unsigned Select = InRow < 8 ? (S.SelLo >> (4 * InRow)) & 15
                                      : (S.SelHi >> (4 * (InRow - 8))) & 15;
    return (Lane & ~31u) | ((Lane & 16) ^ 16) | Select;
  }
  case LaneOp::Dpp: {
    const unsigned C = S.Control;
    if (C <= 0xff)
      return (Lane & ~3u) | ((C >> (2 * (Lane & 3))) & 3);
    if (C > RowShl && C < RowShl + 16) // invalid sources: own value
      return InRow + (C - RowShl) < 16 ? Lane + (C - RowShl) : Lane;
    if (C > RowShr && C < RowShr + 16)
      return InRow >= C - RowShr ? Lane - (C - RowShr) : Lane;
    if (C > RowRor && C < RowRor + 16)
      return Row | ((InRow + 16 - (C - RowRor)) & 15);
    if (C == RowMirror)
      return Row | (15 - InRow);
    if (C == RowHalfMirror)
      return (Lane & ~7u) | (7 - (Lane & 7));
    if (T.HasGfx10Lanes && C >= RowXmask && C < RowXmask + 16)
      return Row | (InRow ^ (C - RowXmask));
    return ~0u; // not modelled: no plan uses it
  }
  }
  return ~0u;
}

unsigned planSource(const ShufflePlan &P, unsigned Lane,
                    const FastPathTarget &T) {
  const unsigned Position = Lane & 31;
  if (P.Cond == ShufflePlan::Always)
    return laneOpSource(P.First, Lane, T);
  const unsigned Q = Position % P.FirstSpan, R = Position % P.SecondSpan;
  const bool Down = P.Cond == ShufflePlan::Down;
  if (Down ? Q + P.Delta < P.FirstSpan : Q >= P.Delta)
    return laneOpSource(P.First, Lane, T);
  if (Down ? R + P.Delta < P.SecondSpan : R >= P.Delta)
    return laneOpSource(P.Second, Lane, T);
  return Lane;
}

std::vector<LaneSource> reductionSteps(const FastPathTarget &T) {
  std::vector<LaneSource> Steps;
  for (unsigned K = 16; K > 0; K /= 2)
    Steps.push_back(xorMove(K, T));
  return Steps;
}

std::string describe(const LaneSource &S) {
  const unsigned C = S.Control;
  switch (S.Op) {
  case LaneOp::Self:
    return "own value";
  case LaneOp::Swizzle: {
    const unsigned And = C & 31, Or = (C >> 5) & 31, Xor = (C >> 10) & 31;
    if (And == 31 && Or == 0)
      return "ds_swizzle xor " + std::to_string(Xor);
    return "ds_swizzle and " + std::to_string(And) + " or " +
           std::to_string(Or);
  }
  case LaneOp::PermLaneX16:
    return "v_permlanex16";
  case LaneOp::Dpp:
    if (C <= 0xff)
      return "DPP quad_perm:[" + std::to_string(C & 3) + "," +
             std::to_string((C >> 2) & 3) + "," + std::to_string((C >> 4) & 3) +
             "," + std::to_string((C >> 6) & 3) + "]";
    if (C > RowShl && C < RowShl + 16)
      return "DPP row_shl:" + std::to_string(C - RowShl);
    if (C > RowShr && C < RowShr + 16)
      return "DPP row_shr:" + std::to_string(C - RowShr);
    if (C > RowRor && C < RowRor + 16)
      return "DPP row_ror:" + std::to_string(C - RowRor);
    if (C == RowMirror)
      return "DPP row_mirror";
    if (C == RowHalfMirror)
      return "DPP row_half_mirror";
    if (C >= RowXmask && C < RowXmask + 16)
      return "DPP row_xmask:" + std::to_string(C - RowXmask);
    return "DPP";
  }
  return "?";
}

namespace {
std::string describePlan(const std::optional<ShufflePlan> &P) {
  if (!P)
    return "ds_bpermute";
  if (P->Cond == ShufflePlan::Always)
    return describe(P->First);
  std::string Text;
  for (const LaneSource *S : {&P->First, &P->Second})
    if (S->Op != LaneOp::Self)
      Text += describe(*S) + " + ";
  return Text + "lane test";
}
} // namespace

void printFastPathTable(raw_ostream &OS) {
  const FastPathTarget Gfx9{64, false}, Gfx10{32, true};
  OS << "<!-- Generated by `rubicon-opt --print-warp-fast-path-table` "
        "(scripts/gen-docs.sh); do not edit. -->\n"
     << "| Shuffle (constant operands) | width | gfx9 (wave64) | gfx10+ "
        "(wave32) |\n"
     << "|---|---|---|---|\n";
  auto Row = [&](const char *Name, ShuffleKind Kind, unsigned B,
                 unsigned Width) {
    const unsigned C = (32 - Width) << 8 | (Kind == ShuffleKind::Up ? 0 : 31);
    OS << "| `" << Name << "` " << B << " | " << Width << " | "
       << describePlan(planShuffle(Kind, B, C, Gfx9)) << " | "
       << describePlan(planShuffle(Kind, B, C, Gfx10)) << " |\n";
  };
  for (unsigned K = 1; K < 32; ++K)
    Row("__shfl_xor_sync", ShuffleKind::Butterfly, K, 32);
  Row("__shfl_xor_sync", ShuffleKind::Butterfly, 8, 8);
  for (unsigned Width : {32u, 16u, 8u, 4u, 2u})
    Row("__shfl_sync", ShuffleKind::Index, 1, Width);
  for (unsigned Width : {32u, 16u, 8u})
    for (unsigned D : {1u, 2u, 3u, 4u, 8u, 16u})
      if (D < Width) {
        Row("__shfl_down_sync", ShuffleKind::Down, D, Width);
        Row("__shfl_up_sync", ShuffleKind::Up, D, Width);
      }
  OS << "| `__reduce_*_sync(0xffffffff)` | 32 |";
  for (const FastPathTarget &T : {Gfx9, Gfx10}) {
    OS << " ";
    bool First = true;
    for (const LaneSource &Step : reductionSteps(T)) {
      OS << (First ? "" : ", ") << describe(Step);
      First = false;
    }
    OS << " |";
  }
  OS << "\n";
}

} // namespace warpfast

} // namespace rubicon
