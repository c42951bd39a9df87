//===- Distributions.h - cuRAND's distributions from 32-bit draws -*- C++ -*-===//
//
// Part of Rubicon. How cuRAND turns 32-bit draws into its distributions
// (checked against NVIDIA's library where it is installed, see
// tests/unit/libraries/CurandHostTest.cpp): uniform floats in (0, 1] as x 2^-32 plus
// half a step; uniform doubles from two draws x, y as the 53 bits of
// x ^ (y << 21), scaled by 2^-53 plus half a step; normals by the Box-Muller
// transform of a pair of uniforms (u, v): sqrt(-2 ln u) (sin 2 pi v,
// cos 2 pi v).
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_CURAND_DISTRIBUTIONS_H
#define RUBICON_CURAND_DISTRIBUTIONS_H

#include <cmath>
#include <cstdint>
#include <utility>

namespace rubicon::curand {

constexpr float TwoPow32Inv = 2.3283064e-10f;
constexpr double TwoPow32InvDouble = 2.3283064365386963e-10;
constexpr double TwoPow53InvDouble = 1.1102230246251565e-16;
constexpr double Pi = 3.14159265358979323846;

inline float uniformFloat(uint32_t X) {
  return X * TwoPow32Inv + TwoPow32Inv / 2.0f;
}

inline double uniformDouble(uint32_t X, uint32_t Y) {
  uint64_t Z = (uint64_t(X) ^ (uint64_t(Y) << 21)) & ((uint64_t(1) << 53) - 1);
  return Z * TwoPow53InvDouble + TwoPow53InvDouble / 2.0;
}

inline std::pair<float, float> boxMuller(uint32_t X, uint32_t Y) {
  float U = X * TwoPow32Inv + TwoPow32Inv / 2.0f;
  float V = Y * (TwoPow32Inv * 2.0f * float(Pi)) + TwoPow32Inv * float(Pi);
  float S = std::sqrt(-2.0f * std::log(U));
  return {S * std::sin(V), S * std::cos(V)};
}

inline std::pair<double, double> boxMullerDouble(uint32_t X0, uint32_t X1,
                                                 uint32_t Y0, uint32_t Y1) {
  double U = uniformDouble(X0, X1);
  double V = uniformDouble(Y0, Y1) * 2.0 * Pi;
  double S = std::sqrt(-2.0 * std::log(U));
  return {S * std::sin(V), S * std::cos(V)};
}

} // namespace rubicon::curand

#endif // RUBICON_CURAND_DISTRIBUTIONS_H
