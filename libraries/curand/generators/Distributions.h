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
  // One fused multiply-add, as curand_kernel.h computes it on every target.
  float V = std::fma(float(Y), TwoPow32Inv * 2.0f * float(Pi),
                     TwoPow32Inv * float(Pi));
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

/// The standard normal distribution's quantile, as CUDA's normcdfinv: the
/// quasirandom generators' normals (no Box-Muller, which would mix two
/// dimensions). Acklam's rational approximation refined by one Halley step
/// on erfc, to double precision.
inline double normalQuantile(double P) {
  static constexpr double A[] = {-3.969683028665376e+01, 2.209460984245205e+02,
                                 -2.759285104469687e+02, 1.383577518672690e+02,
                                 -3.066479806614716e+01, 2.506628277459239e+00};
  static constexpr double B[] = {-5.447609879822406e+01, 1.615858368580409e+02,
                                 -1.556989798598866e+02, 6.680131188771972e+01,
                                 -1.328068155288572e+01};
  static constexpr double C[] = {-7.784894002430293e-03, -3.223964580411365e-01,
                                 -2.400758277161838e+00, -2.549732539343734e+00,
                                 4.374664141464968e+00,  2.938163982698783e+00};
  static constexpr double D[] = {7.784695709041462e-03, 3.224671290700398e-01,
                                 2.445134137142996e+00, 3.754408661907416e+00};
  if (!(P > 0.0))
    return -INFINITY;
  if (!(P < 1.0))
    return INFINITY;
  double X;
  if (P < 0.02425 || P > 1.0 - 0.02425) {
    double Q = std::sqrt(-2.0 * std::log(P < 0.5 ? P : 1.0 - P));
    X = (((((C[0] * Q + C[1]) * Q + C[2]) * Q + C[3]) * Q + C[4]) * Q + C[5]) /
        ((((D[0] * Q + D[1]) * Q + D[2]) * Q + D[3]) * Q + 1.0);
    if (P > 0.5)
      X = -X;
  } else {
    double Q = P - 0.5, R = Q * Q;
    X = (((((A[0] * R + A[1]) * R + A[2]) * R + A[3]) * R + A[4]) * R + A[5]) *
        Q /
        (((((B[0] * R + B[1]) * R + B[2]) * R + B[3]) * R + B[4]) * R + 1.0);
  }
  double E = 0.5 * std::erfc(-X / std::sqrt(2.0)) - P;
  double U = E * std::sqrt(2.0 * Pi) * std::exp(X * X / 2.0);
  return X - U / (1.0 + X * U / 2.0);
}

} // namespace rubicon::curand

#endif // RUBICON_CURAND_DISTRIBUTIONS_H
