// A header with nvcc's "C" asm operands: the rewrite that lets clang parse
// them applies to every file a device compilation reads, not only the
// main one.
#pragma once

template <int Mode> struct Rounding;
template <> struct Rounding<0> { static constexpr const char text[] = ".rz"; };
template <> struct Rounding<1> { static constexpr const char text[] = ".rn"; };
template <> struct Rounding<2> { static constexpr const char text[] = ".rm"; };
template <> struct Rounding<3> { static constexpr const char text[] = ".rp"; };

template <int Mode> __device__ float addRounded(float a, float b) {
  float result;
  asm("add.f32%1 %0, %2, %3;"
      : "=f"(result)
      : "C"(Rounding<Mode>::text), "f"(a), "f"(b));
  return result;
}
