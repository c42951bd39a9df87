//===- HalfFloat.h - IEEE binary16 and bfloat16 on the host -----*- C++ -*-===//
//
// Part of Rubicon. Conversions between float and the 16-bit formats the
// libraries take as raw bits (CUDA_R_16F, CUDA_R_16BF), rounding to nearest
// even, for the host backends.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_LIBRARIES_HALFFLOAT_H
#define RUBICON_LIBRARIES_HALFFLOAT_H

#include <cstdint>
#include <cstring>

namespace rubicon::libraries {

inline float halfToFloat(uint16_t H) {
  uint32_t Sign = uint32_t(H & 0x8000) << 16;
  uint32_t Exponent = (H >> 10) & 0x1f, Mantissa = H & 0x3ff, Bits;
  if (Exponent == 0x1f) {
    Bits = Sign | 0x7f800000 | (Mantissa << 13);
  } else if (Exponent != 0) {
    Bits = Sign | ((Exponent + 112) << 23) | (Mantissa << 13);
  } else if (Mantissa == 0) {
    Bits = Sign;
  } else { // subnormal: normalise
    int Shift = 0;
    while (!(Mantissa & 0x400)) {
      Mantissa <<= 1;
      ++Shift;
    }
    Bits = Sign | (uint32_t(113 - Shift) << 23) | ((Mantissa & 0x3ff) << 13);
  }
  float F;
  std::memcpy(&F, &Bits, 4);
  return F;
}

inline uint16_t floatToHalf(float F) {
  uint32_t Bits;
  std::memcpy(&Bits, &F, 4);
  uint16_t Sign = (Bits >> 16) & 0x8000;
  uint32_t Abs = Bits & 0x7fffffff;
  if (Abs >= 0x7f800000) // Inf or NaN (quiet)
    return Sign | 0x7c00 | (Abs > 0x7f800000 ? 0x200 : 0);
  if (Abs >= 0x477ff000) // rounds to beyond 65504
    return Sign | 0x7c00;
  if (Abs < 0x38800000) { // subnormal or zero in half
    if (Abs < 0x33000000)
      return Sign;
    uint32_t Mantissa = (Abs & 0x7fffff) | 0x800000;
    int Shift = 126 - int(Abs >> 23); // 14..24
    uint32_t Half = Mantissa >> Shift;
    uint32_t Rest = Mantissa & ((1u << Shift) - 1), Mid = 1u << (Shift - 1);
    if (Rest > Mid || (Rest == Mid && (Half & 1)))
      ++Half;
    return Sign | uint16_t(Half);
  }
  uint32_t Half = ((Abs - 0x38000000) >> 13);
  uint32_t Rest = Abs & 0x1fff;
  if (Rest > 0x1000 || (Rest == 0x1000 && (Half & 1)))
    ++Half;
  return Sign | uint16_t(Half);
}

inline float bfloat16ToFloat(uint16_t B) {
  uint32_t Bits = uint32_t(B) << 16;
  float F;
  std::memcpy(&F, &Bits, 4);
  return F;
}

inline uint16_t floatToBfloat16(float F) {
  uint32_t Bits;
  std::memcpy(&Bits, &F, 4);
  if ((Bits & 0x7fffffff) > 0x7f800000)
    return uint16_t((Bits >> 16) | 0x40);
  Bits += 0x7fff + ((Bits >> 16) & 1);
  return uint16_t(Bits >> 16);
}

} // namespace rubicon::libraries

#endif // RUBICON_LIBRARIES_HALFFLOAT_H
