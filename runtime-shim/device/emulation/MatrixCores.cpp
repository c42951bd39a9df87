//===- MatrixCores.cpp - MFMA matrix instructions -------------------------===//
//
// Part of Rubicon's AMDGPU emulation library (Emulation.h). The semantics of
// the matrix fused multiply-add instructions, from AMD's "AMD Instinct MI300
// Instruction Set Architecture" reference guide (chapter "Matrix Arithmetic
// Instructions", the operand layouts of the dense MFMA instructions) and the
// register layouts AMD's matrix instruction calculator prints for CDNA3:
//
//   V_MFMA_F32_4X4X4_16B_F16 (llvm.amdgcn.mfma.f32.4x4x4f16): sixteen
//   independent 4x4x4 products, block b in lanes 4b..4b+3.
//     A[b][i][k]: lane 4b+i, element k of its 4 x f16 (two VGPRs, low first)
//     B[b][k][j]: lane 4b+j, element k of its 4 x f16
//     C, D[b][i][j]: lane 4b+j, VGPR i (f32)
//     D[b] = A[b'] * B[b] + C[b], where CBSZ/ABID broadcast one block's A to
//     its aligned group of 2^CBSZ blocks: b' = (b & ~(2^CBSZ - 1)) + ABID;
//     BLGP makes B come from other lanes (the eight patterns below).
//   V_MFMA_F32_4X4X4_16B_BF16 (llvm.amdgcn.mfma.f32.4x4x4bf16.1k): the same
//     blocks and layouts, four bf16 per lane (two VGPRs, low first).
//   V_MFMA_F32_4X4X1_16B_F32 (llvm.amdgcn.mfma.f32.4x4x1f32): the same
//     blocks with K = 1: one f32 per lane for A and B.
//   V_MFMA_I32_4X4X4_16B_I8 (llvm.amdgcn.mfma.i32.4x4x4i8): the same blocks
//     and layouts, four signed bytes per lane in one VGPR (byte k = element
//     k), i32 C and D; the sum wraps modulo 2^32.
//   V_MFMA_F64_16X16X4_F64 (llvm.amdgcn.mfma.f64.16x16x4f64, gfx90a and
//     later): one 16x16x4 f64 product over the whole wavefront; no
//     CBSZ/ABID, and BLGP holds negate modifiers (only 0 is modelled):
//     A[i][k]: lane 16k + i (one f64, a VGPR pair);
//     B[k][j]: lane 16k + j;
//     C, D[i][j]: lane 16(i % 4) + j, f64 register i / 4.
//
// Each lane computes its own D column from the A values of the lanes that
// hold them (a rendezvous of the wavefront per value, Emulation.h). A source
// lane that is not active is an error of the emulation (the manual does not
// define what an inactive lane contributes): Rubicon's lowering never relies
// on it, and this makes sure. Products of f16 are exact in f32; they are
// added to C in k order with single-rounding fma.
//
// Written from the ISA documents, not from the pass that emits the calls
// (lowering/LowerMatrixOps.cpp).
//
//===----------------------------------------------------------------------===//
#include "Emulation.h"

using namespace rubicon;
using namespace rubicon::emulation;

using half4 = _Float16 __attribute__((ext_vector_type(4)));
using float4 = float __attribute__((ext_vector_type(4)));

namespace {

/// The lane whose B operand lane `Lane` uses under BLGP (the eight
/// patterns of the MI300 ISA: 0 as is, 1/2 broadcast the first/second 32
/// lanes, 3 rotate down by 16, 4-7 broadcast the first..fourth 16 lanes).
RUBICON_EMULATION_HELPER u32 blgpLane(u32 Lane, u32 Blgp) {
  switch (Blgp) {
  case 1:
    return Lane % 32;
  case 2:
    return Lane % 32 + 32;
  case 3:
    return (Lane + 16) % 64;
  default:
    return Blgp >= 4 ? (Blgp - 4) * 16 + Lane % 16 : Lane;
  }
}

/// `Value` (64 bits) of lane `Source`, which must be active.
RUBICON_EMULATION_HELPER u64 operandOfLane(u64 Active, u32 Source, u64 Value,
                                           const char *What) {
  if (!((Active >> Source) & 1))
    __rubicon_amdgcn_unsupported(What, Source);
  return readLane(Source, Value);
}


/// The operands of one 4x4x4 block instruction seen by this lane: the
/// four A rows of its block's source (CBSZ/ABID) and its own B column (BLGP),
/// each as the 64 bits of its register pair (32-bit operands: the low half).
struct BlockOperands {
  u64 Row[4];
  u64 Column;
};

RUBICON_EMULATION_HELPER BlockOperands blockOperands(const char *Name, u64 A,
                                                     u64 B, i32 Cbsz, i32 Abid,
                                                     i32 Blgp) {
  if (waveSize() != 64)
    __rubicon_amdgcn_unsupported("v_mfma on a wave32 GPU, wave size", 32);
  if (Cbsz < 0 || Cbsz > 4 || Abid < 0 || Abid >= (1 << Cbsz) || Blgp < 0 ||
      Blgp > 7)
    __rubicon_amdgcn_unsupported(Name, u32(Cbsz << 8 | Abid << 4 | Blgp));
  u64 Active = activeLanes();
  u32 Lane = lane();
  u32 Block = Lane / 4;
  u32 Source = (Block & ~((1u << Cbsz) - 1)) + u32(Abid);
  // Every lane takes part in every read (they are wavefront rendezvous).
  BlockOperands O;
  for (u32 I = 0; I < 4; ++I)
    O.Row[I] = operandOfLane(Active, 4 * Source + I, A,
                             "v_mfma A operand of an inactive lane");
  O.Column = operandOfLane(Active, blgpLane(Lane, u32(Blgp)), B,
                           "v_mfma B operand of an inactive lane");
  return O;
}

/// bf16 bits as f32 (exact).
RUBICON_EMULATION_HELPER float bf16ToFloat(u16 Bits) {
  return __builtin_bit_cast(float, u32(Bits) << 16);
}

} // namespace

RUBICON_AMDGCN float4 __rubicon_amdgcn_mfma_f32_4x4x4f16(half4 A, half4 B,
                                                         float4 C, i32 Cbsz,
                                                         i32 Abid, i32 Blgp) {
  BlockOperands O = blockOperands("v_mfma_f32_4x4x4_16b_f16 CBSZ/ABID/BLGP",
                                  __builtin_bit_cast(u64, A),
                                  __builtin_bit_cast(u64, B), Cbsz, Abid, Blgp);
  half4 MyB = __builtin_bit_cast(half4, O.Column);
  float4 D;
  for (u32 I = 0; I < 4; ++I) {
    half4 RowI = __builtin_bit_cast(half4, O.Row[I]);
    float Sum = C[I];
    for (u32 K = 0; K < 4; ++K)
      Sum = __builtin_fmaf(float(RowI[K]), float(MyB[K]), Sum);
    D[I] = Sum;
  }
  return D;
}

using short4 = short __attribute__((ext_vector_type(4)));

RUBICON_AMDGCN float4 __rubicon_amdgcn_mfma_f32_4x4x4bf16_1k(
    short4 A, short4 B, float4 C, i32 Cbsz, i32 Abid, i32 Blgp) {
  BlockOperands O = blockOperands("v_mfma_f32_4x4x4_16b_bf16 CBSZ/ABID/BLGP",
                                  __builtin_bit_cast(u64, A),
                                  __builtin_bit_cast(u64, B), Cbsz, Abid, Blgp);
  float4 D;
  for (u32 I = 0; I < 4; ++I) {
    float Sum = C[I];
    // Products of bf16 are exact in f32.
    for (u32 K = 0; K < 4; ++K)
      Sum = __builtin_fmaf(bf16ToFloat(u16(O.Row[I] >> (16 * K))),
                           bf16ToFloat(u16(O.Column >> (16 * K))), Sum);
    D[I] = Sum;
  }
  return D;
}

RUBICON_AMDGCN float4 __rubicon_amdgcn_mfma_f32_4x4x1f32(float A, float B,
                                                         float4 C, i32 Cbsz,
                                                         i32 Abid, i32 Blgp) {
  BlockOperands O = blockOperands("v_mfma_f32_4x4x1_16b_f32 CBSZ/ABID/BLGP",
                                  __builtin_bit_cast(u32, A),
                                  __builtin_bit_cast(u32, B), Cbsz, Abid, Blgp);
  float MyB = __builtin_bit_cast(float, u32(O.Column));
  float4 D;
  for (u32 I = 0; I < 4; ++I)
    D[I] = __builtin_fmaf(__builtin_bit_cast(float, u32(O.Row[I])), MyB, C[I]);
  return D;
}

using int4 = int __attribute__((ext_vector_type(4)));

RUBICON_AMDGCN int4 __rubicon_amdgcn_mfma_i32_4x4x4i8(i32 A, i32 B, int4 C,
                                                      i32 Cbsz, i32 Abid,
                                                      i32 Blgp) {
  BlockOperands O = blockOperands("v_mfma_i32_4x4x4_16b_i8 CBSZ/ABID/BLGP",
                                  u32(A), u32(B), Cbsz, Abid, Blgp);
  int4 D;
  for (u32 I = 0; I < 4; ++I) {
    u32 Sum = u32(C[I]);
    for (u32 K = 0; K < 4; ++K)
      Sum += u32(i32(static_cast<signed char>(O.Row[I] >> (8 * K))) *
                 i32(static_cast<signed char>(O.Column >> (8 * K))));
    D[I] = i32(Sum);
  }
  return D;
}


// ---- RDNA3 WMMA ----
//
// V_WMMA_F32_16X16X16_F16 (llvm.amdgcn.wmma.f32.16x16x16.f16, wave32), from
// AMD's "RDNA3 Instruction Set Architecture" reference guide (chapter "Wave
// Matrix Multiply Accumulate") and the calculator's RDNA3 layouts:
//   A[i][k]: lane i, element k of its 16 x f16 (eight VGPRs, low half first);
//   B[k][j]: lane j, element k;
//   lanes 16-31 must hold the same A and B as lanes 0-15 (the guide's
//   replication rule; a difference is an error of the emulation);
//   C, D[i][j]: lane j + 16 * (i % 2), VGPR i / 2 (f32).
using half16 = _Float16 __attribute__((ext_vector_type(16)));
using float8 = float __attribute__((ext_vector_type(8)));

namespace {

/// The A rows this lane's D registers need (register V: row 2V + l/16, from
/// the lane holding it), as Words 64-bit words of A each, after checking
/// the replication rule: lanes l and l^16 hold the same A and B. Every lane
/// makes the same reads in the same order (each is a wavefront rendezvous).
RUBICON_EMULATION_HELPER void wmmaRows(const u64 *AWords, const u64 *BWords,
                                       u64 (*Rows)[4], u32 Words = 4) {
  u64 Active = activeLanes();
  u32 Lane = lane();
  for (u32 W = 0; W < Words; ++W) {
    u64 OtherA = operandOfLane(Active, Lane ^ 16, AWords[W],
                               "v_wmma A operand of an inactive lane");
    u64 OtherB = operandOfLane(Active, Lane ^ 16, BWords[W],
                               "v_wmma B operand of an inactive lane");
    if (OtherA != AWords[W] || OtherB != BWords[W])
      __rubicon_amdgcn_unsupported(
          "v_wmma A or B differing between lanes l and l+16, lane", Lane);
  }
  for (u32 V = 0; V < 8; ++V)
    for (u32 W = 0; W < 4; ++W)
      Rows[V][W] = W < Words ? operandOfLane(Active, 2 * V + Lane / 16,
                                             AWords[W],
                                             "v_wmma A operand of an "
                                             "inactive lane")
                             : 0;
}

} // namespace

RUBICON_AMDGCN float8 __rubicon_amdgcn_wmma_f32_16x16x16_f16_v8f32_v16f16(
    half16 A, half16 B, float8 C) {
  if (waveSize() != 32)
    __rubicon_amdgcn_unsupported("v_wmma on a wave64 wavefront, wave size",
                                 waveSize());
  u64 AWords[4], BWords[4];
  __builtin_memcpy(AWords, &A, sizeof AWords);
  __builtin_memcpy(BWords, &B, sizeof BWords);
  u64 Rows[8][4];
  wmmaRows(AWords, BWords, Rows);
  half16 MyB = B;
  float8 D;
  for (u32 V = 0; V < 8; ++V) {
    half16 Row;
    __builtin_memcpy(&Row, Rows[V], sizeof Rows[V]);
    float Sum = C[V];
    for (u32 K = 0; K < 16; ++K)
      Sum = __builtin_fmaf(float(Row[K]), float(MyB[K]), Sum);
    D[V] = Sum;
  }
  return D;
}

// V_WMMA_F32_16X16X16_BF16 (llvm.amdgcn.wmma.f32.16x16x16.bf16): the layouts
// of the f16 form, with bf16 elements.
using short16 = short __attribute__((ext_vector_type(16)));

RUBICON_AMDGCN float8 __rubicon_amdgcn_wmma_f32_16x16x16_bf16_v8f32_v16i16(
    short16 A, short16 B, float8 C) {
  if (waveSize() != 32)
    __rubicon_amdgcn_unsupported("v_wmma on a wave64 wavefront, wave size",
                                 waveSize());
  u64 AWords[4], BWords[4];
  __builtin_memcpy(AWords, &A, sizeof AWords);
  __builtin_memcpy(BWords, &B, sizeof BWords);
  u64 Rows[8][4];
  wmmaRows(AWords, BWords, Rows);
  u16 MyB[16];
  __builtin_memcpy(MyB, BWords, sizeof MyB);
  float8 D;
  for (u32 V = 0; V < 8; ++V) {
    u16 Row[16];
    __builtin_memcpy(Row, Rows[V], sizeof Row);
    float Sum = C[V];
    for (u32 K = 0; K < 16; ++K)
      Sum = __builtin_fmaf(bf16ToFloat(Row[K]), bf16ToFloat(MyB[K]), Sum);
    D[V] = Sum;
  }
  return D;
}

// V_WMMA_I32_16X16X16_IU8 (llvm.amdgcn.wmma.i32.16x16x16.iu8): A and B are
// sixteen bytes per lane (four VGPRs, byte k = element k), signed or
// unsigned as the instruction's NEG bits (the intrinsic's A_sign, B_sign)
// say; C and D i32 in the f32 form's layout. The sum wraps modulo 2^32, or
// with CLAMP saturates to the i32 range.
using int8 = int __attribute__((ext_vector_type(8)));

RUBICON_AMDGCN int8 __rubicon_amdgcn_wmma_i32_16x16x16_iu8_v8i32_v4i32(
    bool ASigned, int4 A, bool BSigned, int4 B, int8 C, bool Clamp) {
  if (waveSize() != 32)
    __rubicon_amdgcn_unsupported("v_wmma on a wave64 wavefront, wave size",
                                 waveSize());
  u64 AWords[4] = {}, BWords[4] = {};
  __builtin_memcpy(AWords, &A, sizeof A);
  __builtin_memcpy(BWords, &B, sizeof B);
  u64 Rows[8][4];
  wmmaRows(AWords, BWords, Rows, 2);
  auto Byte = [](const u64 *Words, u32 K, bool Signed) -> long long {
    unsigned char Bits = (unsigned char)(Words[K / 8] >> (8 * (K % 8)));
    return Signed ? (long long)(signed char)Bits : (long long)Bits;
  };
  int8 D;
  for (u32 V = 0; V < 8; ++V) {
    long long Sum = C[V];
    for (u32 K = 0; K < 16; ++K)
      Sum += Byte(Rows[V], K, ASigned) * Byte(BWords, K, BSigned);
    if (Clamp)
      Sum = Sum > 2147483647LL ? 2147483647LL
            : Sum < -2147483648LL ? -2147483648LL
                                  : Sum;
    D[V] = i32(u32((unsigned long long)Sum));
  }
  return D;
}

// ---- RDNA4 WMMA ----
//
// gfx12's V_WMMA_F32_16X16X16_F16, _BF16 and V_WMMA_I32_16X16X16_IU8
// (llvm.amdgcn.wmma.* with 8-element A and B, wave32), from AMD's "RDNA4
// Instruction Set Architecture" reference guide (chapter "Wave Matrix
// Multiply Accumulate"): A and B are no longer replicated in both halves of
// the wavefront, each holds half of k:
//   A[i][k]: lane i + 16 * (k / 8), element k % 8;
//   B[k][j]: lane j + 16 * (k / 8), element k % 8;
//   C, D[i][j]: lane j + 16 * (i / 8), VGPR i % 8.
// Elements are 16 bits (two per VGPR, low first) or bytes (four per VGPR).

namespace {

/// This lane's operands: the A rows of its D registers (register r: row
/// 8(l/16) + r, its two k halves) and its B column (two k halves), each
/// half as Words 64-bit words.
struct Wmma12Operands {
  u64 Row[8][2][2];
  u64 Column[2][2];
};

RUBICON_EMULATION_HELPER Wmma12Operands wmma12Operands(const u64 *A,
                                                       const u64 *B,
                                                       u32 Words) {
  if (waveSize() != 32)
    __rubicon_amdgcn_unsupported("v_wmma on a wave64 wavefront, wave size",
                                 waveSize());
  u64 Active = activeLanes();
  u32 Lane = lane();
  Wmma12Operands O = {};
  // Every lane makes the same reads in the same order (rendezvous).
  for (u32 R = 0; R < 8; ++R)
    for (u32 H = 0; H < 2; ++H)
      for (u32 W = 0; W < Words; ++W)
        O.Row[R][H][W] =
            operandOfLane(Active, 8 * (Lane / 16) + R + 16 * H, A[W],
                          "v_wmma A operand of an inactive lane");
  for (u32 H = 0; H < 2; ++H)
    for (u32 W = 0; W < Words; ++W)
      O.Column[H][W] = operandOfLane(Active, Lane % 16 + 16 * H, B[W],
                                     "v_wmma B operand of an inactive lane");
  return O;
}

/// Element k (0..15) of a line split in two halves of 16-bit elements.
RUBICON_EMULATION_HELPER u16 element16(const u64 (*Halves)[2], u32 K) {
  return u16(Halves[K / 8][(K % 8) / 4] >> (16 * (K % 4)));
}

} // namespace

using half8 = _Float16 __attribute__((ext_vector_type(8)));
using short8 = short __attribute__((ext_vector_type(8)));
using int2 = int __attribute__((ext_vector_type(2)));

RUBICON_AMDGCN float8 __rubicon_amdgcn_wmma_f32_16x16x16_f16_v8f32_v8f16(
    half8 A, half8 B, float8 C) {
  u64 AW[2], BW[2];
  __builtin_memcpy(AW, &A, sizeof AW);
  __builtin_memcpy(BW, &B, sizeof BW);
  Wmma12Operands O = wmma12Operands(AW, BW, 2);
  float8 D;
  for (u32 R = 0; R < 8; ++R) {
    float Sum = C[R];
    for (u32 K = 0; K < 16; ++K)
      Sum = __builtin_fmaf(
          float(__builtin_bit_cast(_Float16, element16(O.Row[R], K))),
          float(__builtin_bit_cast(_Float16, element16(O.Column, K))), Sum);
    D[R] = Sum;
  }
  return D;
}

RUBICON_AMDGCN float8 __rubicon_amdgcn_wmma_f32_16x16x16_bf16_v8f32_v8i16(
    short8 A, short8 B, float8 C) {
  u64 AW[2], BW[2];
  __builtin_memcpy(AW, &A, sizeof AW);
  __builtin_memcpy(BW, &B, sizeof BW);
  Wmma12Operands O = wmma12Operands(AW, BW, 2);
  float8 D;
  for (u32 R = 0; R < 8; ++R) {
    float Sum = C[R];
    for (u32 K = 0; K < 16; ++K)
      Sum = __builtin_fmaf(bf16ToFloat(element16(O.Row[R], K)),
                           bf16ToFloat(element16(O.Column, K)), Sum);
    D[R] = Sum;
  }
  return D;
}

RUBICON_AMDGCN int8 __rubicon_amdgcn_wmma_i32_16x16x16_iu8_v8i32_v2i32(
    bool ASigned, int2 A, bool BSigned, int2 B, int8 C, bool Clamp) {
  u64 AW[1], BW[1];
  __builtin_memcpy(AW, &A, sizeof AW);
  __builtin_memcpy(BW, &B, sizeof BW);
  Wmma12Operands O = wmma12Operands(AW, BW, 1);
  auto Byte = [](const u64 (*Halves)[2], u32 K, bool Signed) -> long long {
    unsigned char Bits = (unsigned char)(Halves[K / 8][0] >> (8 * (K % 8)));
    return Signed ? (long long)(signed char)Bits : (long long)Bits;
  };
  int8 D;
  for (u32 R = 0; R < 8; ++R) {
    long long Sum = C[R];
    for (u32 K = 0; K < 16; ++K)
      Sum += Byte(O.Row[R], K, ASigned) * Byte(O.Column, K, BSigned);
    if (Clamp)
      Sum = Sum > 2147483647LL    ? 2147483647LL
            : Sum < -2147483648LL ? -2147483648LL
                                  : Sum;
    D[R] = i32(u32((unsigned long long)Sum));
  }
  return D;
}

// ---- CDNA f64 ----

using double4 = double __attribute__((ext_vector_type(4)));

RUBICON_AMDGCN double4 __rubicon_amdgcn_mfma_f64_16x16x4f64(double A, double B,
                                                           double4 C, i32 Cbsz,
                                                           i32 Abid,
                                                           i32 Blgp) {
  if (waveSize() != 64)
    __rubicon_amdgcn_unsupported("v_mfma on a wave32 GPU, wave size", 32);
  if (Cbsz != 0 || Abid != 0 || Blgp != 0)
    __rubicon_amdgcn_unsupported("v_mfma_f64_16x16x4_f64 CBSZ/ABID/BLGP",
                                 u32(Cbsz << 8 | Abid << 4 | Blgp));
  u64 Active = activeLanes();
  u32 Lane = lane();
  u32 RowInGroup = Lane / 16, Column = Lane % 16;
  // Every lane makes the same reads in the same order (rendezvous): the
  // A rows of its four registers (row 4r + Lane/16), then its B column.
  u64 Row[4][4], Col[4];
  for (u32 R = 0; R < 4; ++R)
    for (u32 K = 0; K < 4; ++K)
      Row[R][K] = operandOfLane(Active, 16 * K + 4 * R + RowInGroup,
                                __builtin_bit_cast(u64, A),
                                "v_mfma A operand of an inactive lane");
  for (u32 K = 0; K < 4; ++K)
    Col[K] = operandOfLane(Active, 16 * K + Column, __builtin_bit_cast(u64, B),
                           "v_mfma B operand of an inactive lane");
  double4 D;
  for (u32 R = 0; R < 4; ++R) {
    double Sum = C[R];
    for (u32 K = 0; K < 4; ++K)
      Sum = __builtin_fma(__builtin_bit_cast(double, Row[R][K]),
                          __builtin_bit_cast(double, Col[K]), Sum);
    D[R] = Sum;
  }
  return D;
}
