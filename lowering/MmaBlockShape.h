//===- MmaBlockShape.h - mma.sync multiplicands on the block MFMAs --------===//
//
// How the A and B registers of a PTX mma.sync.m16n8k* (PTX layout: lane
// l = 4g + t holds, per unit (t, p), A rows g and g + 8 in registers 2p and
// 2p + 1 and B column g in register p) become the operands of its 4x4 block
// MFMAs (docs/matrix-cores.md, "PTX mma.sync on MFMA"). MFMA set q < sets()
// with ABID a < lenders() takes operandWords() words, word w of unit
// unit(a, q, w): lane l's own A words are row l % 16's units (a, q, w), its
// lent B words column 4 (l / 16) + l % 4's units ((l / 4) % 4, q, w).
// rubicon-lower-matrix-ops builds the moves from this, and
// rubicon-mma-fragment-layout the loads that replace them.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_LOWERING_MMABLOCKSHAPE_H
#define RUBICON_LOWERING_MMABLOCKSHAPE_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <utility>

namespace rubicon {

struct MmaBlockShape {
  bool HalfWords = false; // f16/bf16: two registers per MFMA operand
  unsigned Parts = 1;     // B registers (units p per quad lane t)

  unsigned operandWords() const { return HalfWords ? 2 : 1; }
  unsigned lenders() const { return HalfWords && Parts == 1 ? 2 : 4; }
  unsigned sets() const { return HalfWords ? 1 : Parts; }
  unsigned aRegisters() const { return 2 * Parts; }
  unsigned bRegisters() const { return Parts; }
  /// Words of the block A operand (index (q lenders + a) words + w) and of
  /// the lent B operand (index q words + w).
  unsigned aBlockWords() const { return sets() * lenders() * operandWords(); }
  unsigned bBlockWords() const { return sets() * operandWords(); }

  /// Unit (t, p) of word W of set Q for ABID (or lending block) A: t is
  /// tScale() A + tOffset(W); p does not depend on A.
  unsigned tScale() const { return HalfWords && Parts == 1 ? 2 : 1; }
  unsigned tOffset(unsigned W) const {
    return HalfWords && Parts == 1 ? W : 0;
  }
  unsigned part(unsigned Q, unsigned W) const {
    if (!HalfWords)
      return Q; // one word: unit (a, q)
    return Parts == 2 ? W : 0; // k16: (a, w); k8: (2a + w, 0)
  }
  std::pair<unsigned, unsigned> unit(unsigned A, unsigned Q,
                                     unsigned W) const {
    return {tScale() * A + tOffset(W), part(Q, W)};
  }

  /// The layout functions' kind: "k16", "k8" (f16/bf16 m16n8k16, k8), "w2",
  /// "w1" (one-word operands: tf32 m16n8k8, s8/u8 m16n8k32; tf32 k4, s8/u8
  /// m16n8k16).
  llvm::StringRef kind() const {
    if (HalfWords)
      return Parts == 2 ? "k16" : "k8";
    return Parts == 2 ? "w2" : "w1";
  }
  static std::optional<MmaBlockShape> ofKind(llvm::StringRef Kind) {
    if (Kind == "k16")
      return MmaBlockShape{true, 2};
    if (Kind == "k8")
      return MmaBlockShape{true, 1};
    if (Kind == "w2")
      return MmaBlockShape{false, 2};
    if (Kind == "w1")
      return MmaBlockShape{false, 1};
    return std::nullopt;
  }
};

} // namespace rubicon

#endif // RUBICON_LOWERING_MMABLOCKSHAPE_H
