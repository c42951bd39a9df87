//===- WmmaLayout.h - Rubicon's generic wmma fragment layout ----*- C++ -*-===//
//
// Part of Rubicon. The PTX ISA leaves the distribution of wmma fragments over
// a warp's lanes unspecified ("the identity of individual matrix elements in
// the fragment is unspecified"); only the register counts are fixed. This is
// Rubicon's, the same for every shape, type and memory layout: the inline-PTX
// translation (ptx-inline/lib/PTXWmmaIR.cpp) loads, stores and multiplies
// fragments in it, and the lowering's per-target paths
// (lowering/LowerMatrixOps.cpp) read and write it. docs/matrix-cores.md
// draws it.
//
//   A (M x K), B (K x N) and C/D (M x N) each have a major dimension (A: the
//   rows m, B: the columns n, C/D: the rows m) and a minor one (k, k, n).
//   A fragment of S elements per lane splits each major line into
//   Q = minor / S chunks of S consecutive minor indices. Slot s (element s
//   of the fragment, low to high within each register, registers in order)
//   of lane l holds
//       major = l % Major,  minor = S * ((l / Major) % Q) + s
//   When Major * Q < 32 (f16 A/B of m16n16k16, f16 A of m8n32k16, f16 B of
//   m32n8k16: the ISA gives them 16 elements where 8 or 4 would do) lanes
//   l and l + Major * Q hold the same elements.
//
// Built-in types only: both compiler layers include it.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_ABI_WMMALAYOUT_H
#define RUBICON_ABI_WMMALAYOUT_H

namespace rubicon::wmma {

enum class Matrix { A, B, C };

/// The geometry of one fragment (see the file comment).
struct Fragment {
  unsigned Rows = 0, Columns = 0; ///< of the matrix (A: MxK, B: KxN, C: MxN)
  unsigned Major = 0, Minor = 0;  ///< A: M, K; B: N, K; C: M, N
  unsigned Slots = 0;             ///< elements per lane
  unsigned ElementBits = 0;
  bool MajorIsRow = true; ///< false for B (its major dimension is n)

  /// Elements per register: registers are 32-bit, 64-bit for f64.
  constexpr unsigned perRegister() const {
    return ElementBits >= 32 ? 1 : 32 / ElementBits;
  }
  constexpr unsigned registerBits() const { return ElementBits > 32 ? 64 : 32; }
  constexpr unsigned registers() const { return Slots / perRegister(); }
  constexpr unsigned chunks() const { return Minor / Slots; }
  /// The major index of every slot of lane `Lane`, and the minor index of
  /// its slot 0 (slot s holds minor index firstMinor + s).
  constexpr unsigned major(unsigned Lane) const { return Lane % Major; }
  constexpr unsigned firstMinor(unsigned Lane) const {
    return Slots * ((Lane / Major) % chunks());
  }
};

/// The fragment of matrix `Which` of an M x N x K product whose elements
/// are `ElementBits` wide; `F16` for f16 multiplicands, which are eight
/// f16x2 registers in every shape.
constexpr Fragment fragment(unsigned M, unsigned N, unsigned K, Matrix Which,
                            unsigned ElementBits, bool F16) {
  Fragment F;
  F.ElementBits = ElementBits;
  switch (Which) {
  case Matrix::A:
    F.Rows = M, F.Columns = K, F.Major = M, F.Minor = K;
    break;
  case Matrix::B:
    F.Rows = K, F.Columns = N, F.Major = N, F.Minor = K;
    F.MajorIsRow = false;
    break;
  case Matrix::C:
    F.Rows = M, F.Columns = N, F.Major = M, F.Minor = N;
    break;
  }
  F.Slots = Which != Matrix::C && F16 ? 16 : F.Rows * F.Columns / 32;
  return F;
}

/// wmma.mma: lane l computes D's slots j = 0..S_D-1 (S_D = 8; 2 for f64
/// m8n8k4): row l % M, column S_D * (l / M) + j (the C/D layout above).
constexpr unsigned productRow(unsigned M, unsigned Lane) { return Lane % M; }
constexpr unsigned productFirstColumn(unsigned M, unsigned DSlots,
                                      unsigned Lane) {
  return DSlots * (Lane / M);
}

} // namespace rubicon::wmma

#endif // RUBICON_ABI_WMMALAYOUT_H
