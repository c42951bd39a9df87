//===- WarpFastPathLanesTest.cpp - Fast-path lane mappings ----------------===//
//
// Every constant shuffle the fast paths take (all offsets, all widths, both
// kinds of targets) gives every lane of a wavefront the same source lane as
// the PTX ISA's shfl.sync within the lane's 32-lane warp; the reductions'
// butterfly steps are the xor moves 16, 8, 4, 2, 1. The hardware operations
// are modelled from the ISA manuals (DPP quad_perm, row_shl/shr/ror,
// row_mirror, row_half_mirror, row_xmask; ds_swizzle bitmask mode;
// permlanex16).
//
//===----------------------------------------------------------------------===//
#include "WarpFastPaths.h"

#include <gtest/gtest.h>

using namespace rubicon::warpfast;

namespace {

const FastPathTarget Gfx9{64, false};
const FastPathTarget Gfx11{32, true};

unsigned cOperand(ShuffleKind Kind, unsigned Width) {
  return (32 - Width) << 8 | (Kind == ShuffleKind::Up ? 0 : 31);
}

const char *name(ShuffleKind Kind) {
  switch (Kind) {
  case ShuffleKind::Index:
    return "idx";
  case ShuffleKind::Up:
    return "up";
  case ShuffleKind::Down:
    return "down";
  case ShuffleKind::Butterfly:
    return "bfly";
  }
  return "?";
}

// Checks every plan on every lane; returns how many (kind, b, width) had one.
unsigned checkAll(const FastPathTarget &T) {
  unsigned Planned = 0;
  for (ShuffleKind Kind : {ShuffleKind::Index, ShuffleKind::Up,
                           ShuffleKind::Down, ShuffleKind::Butterfly})
    for (unsigned Width = 1; Width <= 32; Width *= 2)
      for (unsigned B = 0; B < 40; ++B) {
        const unsigned C = cOperand(Kind, Width);
        std::optional<ShufflePlan> Plan = planShuffle(Kind, B, C, T);
        if (!Plan)
          continue;
        ++Planned;
        for (unsigned Lane = 0; Lane < T.WaveSize; ++Lane) {
          const unsigned Want =
              (Lane & ~31u) | ptxShuffleSource(Kind, Lane & 31, B, C);
          EXPECT_EQ(planSource(*Plan, Lane, T), Want)
              << name(Kind) << " b=" << B << " width=" << Width
              << " lane=" << Lane << " wave" << T.WaveSize;
        }
      }
  return Planned;
}

TEST(WarpFastPaths, Gfx9LaneMappingsEqualShflSync) {
  // idx: every b and width; bfly: every 0 < k < width plus k = 0; up/down:
  // widths <= 16 every d; width 32 only d = 0 and d >= 32.
  EXPECT_GT(checkAll(Gfx9), 300u);
}

TEST(WarpFastPaths, Gfx11LaneMappingsEqualShflSync) {
  EXPECT_GT(checkAll(Gfx11), 300u);
}

TEST(WarpFastPaths, CoverageOfTheCommonShapes) {
  for (const FastPathTarget &T : {Gfx9, Gfx11}) {
    for (unsigned K : {1u, 2u, 4u, 8u, 16u, 31u})
      EXPECT_TRUE(planShuffle(ShuffleKind::Butterfly, K,
                              cOperand(ShuffleKind::Butterfly, 32), T));
    for (unsigned D : {1u, 2u, 4u, 8u, 15u})
      EXPECT_TRUE(planShuffle(ShuffleKind::Down, D,
                              cOperand(ShuffleKind::Down, 16), T));
    for (unsigned D : {1u, 3u, 7u})
      EXPECT_TRUE(
          planShuffle(ShuffleKind::Up, D, cOperand(ShuffleKind::Up, 8), T));
    EXPECT_TRUE(planShuffle(ShuffleKind::Index, 0,
                            cOperand(ShuffleKind::Index, 32), T));
  }
  // gfx9's DPP has no cross-row move for an up/down within 32
  // lanes (ds_bpermute); gfx11 has permlanex16.
  for (unsigned D : {1u, 3u, 8u, 16u}) {
    EXPECT_FALSE(planShuffle(ShuffleKind::Down, D,
                             cOperand(ShuffleKind::Down, 32), Gfx9));
    EXPECT_TRUE(
        planShuffle(ShuffleKind::Up, D, cOperand(ShuffleKind::Up, 32), Gfx11));
  }
}

TEST(WarpFastPaths, OnlyTheOperandsTheHeadersProduce) {
  // A xor reaching outside its segment, a clamp that is not the width's,
  // a segment mask that is not a power-of-two width: ds_bpermute.
  EXPECT_FALSE(planShuffle(ShuffleKind::Butterfly, 8,
                           cOperand(ShuffleKind::Butterfly, 8), Gfx9));
  EXPECT_FALSE(planShuffle(ShuffleKind::Down, 1, 0x1f00 | 7, Gfx9));
  EXPECT_FALSE(planShuffle(ShuffleKind::Index, 1, (0x0b << 8) | 31, Gfx9));
}

TEST(WarpFastPaths, ReductionStepsAreButterflies) {
  for (const FastPathTarget &T : {Gfx9, Gfx11}) {
    std::vector<LaneSource> Steps = reductionSteps(T);
    ASSERT_EQ(Steps.size(), 5u);
    unsigned K = 16;
    for (const LaneSource &Step : Steps) {
      for (unsigned Lane = 0; Lane < T.WaveSize; ++Lane)
        EXPECT_EQ(laneOpSource(Step, Lane, T), Lane ^ K)
            << "xor " << K << " lane " << Lane;
      K /= 2;
    }
  }
}

TEST(WarpFastPaths, NeverCrossesALogicalWarp) {
  for (ShuffleKind Kind : {ShuffleKind::Index, ShuffleKind::Up,
                           ShuffleKind::Down, ShuffleKind::Butterfly})
    for (unsigned B = 0; B < 32; ++B)
      if (auto Plan = planShuffle(Kind, B, cOperand(Kind, 32), Gfx9))
        for (unsigned Lane = 0; Lane < 64; ++Lane)
          EXPECT_EQ(planSource(*Plan, Lane, Gfx9) / 32, Lane / 32);
}

} // namespace
