//===- HostCpuLevels.h - The x86-64 levels host code objects target -*- C++ -*-===//
//
// The host target's code objects are built for one of the x86-64 psABI's
// micro-architecture levels (x86-64, x86-64-v2, x86-64-v3, x86-64-v4), as a
// GPU code object is built for one processor. The compiler picks the level
// (RUBICON_HOST_CPU, or the build machine's own, at most x86-64-v3) and
// records it in the code object (HostABI.h: CpuLevelSymbol); the runtime
// loads a code object only on a CPU that has every feature of its level
// (docs/host-target.md, "CPU level"). One table, read by the compiler driver,
// the host target and the host backend.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_ABI_HOSTCPULEVELS_H
#define RUBICON_ABI_HOSTCPULEVELS_H

#include <cstdint>
#include <string>
#include <string_view>

#if defined(__x86_64__)
#include <cpuid.h>
#endif

namespace rubicon::host {

/// The CPU features the levels are made of, as bits of a feature set.
enum CpuFeature : uint32_t {
  CpuCx16 = 1u << 0,
  CpuLahfSahf = 1u << 1,
  CpuPopcnt = 1u << 2,
  CpuSse3 = 1u << 3,
  CpuSse41 = 1u << 4,
  CpuSse42 = 1u << 5,
  CpuSsse3 = 1u << 6,
  CpuAvx = 1u << 7,
  CpuAvx2 = 1u << 8,
  CpuBmi1 = 1u << 9,
  CpuBmi2 = 1u << 10,
  CpuF16c = 1u << 11,
  CpuFma = 1u << 12,
  CpuLzcnt = 1u << 13,
  CpuMovbe = 1u << 14,
  CpuYmmState = 1u << 15, ///< the OS saves the AVX registers (XCR0)
  CpuAvx512F = 1u << 16,
  CpuAvx512Bw = 1u << 17,
  CpuAvx512Cd = 1u << 18,
  CpuAvx512Dq = 1u << 19,
  CpuAvx512Vl = 1u << 20,
  CpuZmmState = 1u << 21, ///< the OS saves the AVX-512 registers (XCR0)
};

struct CpuLevel {
  unsigned Number;        ///< 1..4
  std::string_view Name;  ///< LLVM's CPU name: "x86-64-v3"
  uint32_t Features;      ///< every feature the level needs, its lower ones' too
  std::string_view Summary; ///< for messages: "AVX2, FMA, BMI2, F16C"
};

inline constexpr uint32_t CpuLevel2Features =
    CpuCx16 | CpuLahfSahf | CpuPopcnt | CpuSse3 | CpuSse41 | CpuSse42 |
    CpuSsse3;
inline constexpr uint32_t CpuLevel3Features =
    CpuLevel2Features | CpuAvx | CpuAvx2 | CpuBmi1 | CpuBmi2 | CpuF16c |
    CpuFma | CpuLzcnt | CpuMovbe | CpuYmmState;
inline constexpr uint32_t CpuLevel4Features =
    CpuLevel3Features | CpuAvx512F | CpuAvx512Bw | CpuAvx512Cd | CpuAvx512Dq |
    CpuAvx512Vl | CpuZmmState;

inline constexpr CpuLevel CpuLevels[] = {
    {1, "x86-64", 0, "SSE2"},
    {2, "x86-64-v2", CpuLevel2Features, "SSE4.2, POPCNT"},
    {3, "x86-64-v3", CpuLevel3Features, "AVX2, FMA, BMI2, F16C"},
    {4, "x86-64-v4", CpuLevel4Features, "AVX-512 F/BW/CD/DQ/VL"},
};

/// The level a code object without CpuLevelSymbol was built for.
inline constexpr unsigned BaselineCpuLevel = 1;
/// The highest level the compiler picks by itself from the build machine:
/// AVX-512 code (x86-64-v4) is asked for by name, since it is not faster
/// everywhere (wide vectors lower some CPUs' clocks).
inline constexpr unsigned DefaultMaxCpuLevel = 3;

constexpr const CpuLevel *cpuLevel(unsigned Number) {
  for (const CpuLevel &L : CpuLevels)
    if (L.Number == Number)
      return &L;
  return nullptr;
}

constexpr const CpuLevel *cpuLevelNamed(std::string_view Name) {
  for (const CpuLevel &L : CpuLevels)
    if (L.Name == Name)
      return &L;
  return nullptr;
}

/// The highest level whose features are all in `Features`.
constexpr unsigned cpuLevelOfFeatures(uint32_t Features) {
  unsigned Best = BaselineCpuLevel;
  for (const CpuLevel &L : CpuLevels)
    if ((Features & L.Features) == L.Features && L.Number > Best)
      Best = L.Number;
  return Best;
}

/// Where CPUID reports each feature: leaf, register (0 EBX, 1 ECX) and bit.
struct CpuidBit {
  unsigned Leaf;
  unsigned Register;
  unsigned Bit;
  uint32_t Feature;
};
inline constexpr CpuidBit CpuidBits[] = {
    {1, 1, 0, CpuSse3},         {1, 1, 9, CpuSsse3},
    {1, 1, 12, CpuFma},         {1, 1, 13, CpuCx16},
    {1, 1, 19, CpuSse41},       {1, 1, 20, CpuSse42},
    {1, 1, 22, CpuMovbe},       {1, 1, 23, CpuPopcnt},
    {1, 1, 28, CpuAvx},         {1, 1, 29, CpuF16c},
    {7, 0, 3, CpuBmi1},         {7, 0, 5, CpuAvx2},
    {7, 0, 8, CpuBmi2},         {7, 0, 16, CpuAvx512F},
    {7, 0, 17, CpuAvx512Dq},    {7, 0, 28, CpuAvx512Cd},
    {7, 0, 30, CpuAvx512Bw},    {7, 0, 31, CpuAvx512Vl},
    {0x80000001, 1, 0, CpuLahfSahf}, {0x80000001, 1, 5, CpuLzcnt},
};

/// This CPU's features (CPUID, and XGETBV for the registers the OS saves);
/// none on other architectures.
inline uint32_t detectCpuFeatures() {
  uint32_t F = 0;
#if defined(__x86_64__)
  for (const CpuidBit &B : CpuidBits) {
    unsigned Regs[4] = {}; // EAX, EBX, ECX, EDX
    if (__get_cpuid_count(B.Leaf, 0, &Regs[0], &Regs[1], &Regs[2], &Regs[3]) &&
        (Regs[1 + B.Register] >> B.Bit & 1))
      F |= B.Feature;
  }
  unsigned A, Bx, C, D;
  if (__get_cpuid(1, &A, &Bx, &C, &D) && (C & (1u << 27))) { // OSXSAVE
    unsigned Lo, Hi;
    __asm__ volatile("xgetbv" : "=a"(Lo), "=d"(Hi) : "c"(0));
    if ((Lo & 0x6) == 0x6)
      F |= CpuYmmState;
    if ((Lo & 0xe6) == 0xe6)
      F |= CpuZmmState;
  }
#endif
  return F;
}

/// This CPU's level.
inline unsigned detectCpuLevel() {
  return cpuLevelOfFeatures(detectCpuFeatures());
}

/// Why a code object built for level `Required` cannot run on a CPU with
/// `Features`; empty if it can.
inline std::string cpuLevelMismatch(unsigned Required, uint32_t Features) {
  const CpuLevel *Level = cpuLevel(Required);
  if (!Level)
    return "the code object is built for x86-64 level " +
           std::to_string(Required) +
           ", which this runtime does not know: rebuild it with this toolkit";
  if ((Features & Level->Features) == Level->Features)
    return "";
  const CpuLevel *Own = cpuLevel(cpuLevelOfFeatures(Features));
  return "the code object is built for " + std::string(Level->Name) + " (" +
         std::string(Level->Summary) + "), which this CPU does not have (it is " +
         std::string(Own->Name) + "): rebuild it with RUBICON_HOST_CPU=" +
         std::string(Own->Name);
}

} // namespace rubicon::host

#endif // RUBICON_ABI_HOSTCPULEVELS_H
