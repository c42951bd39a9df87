//===- PTXSemanticsTest.cpp - the IR built for PTX, run on the CPU --------===//
//
// Each test lowers an inline-PTX call with rubicon's pass, JIT-compiles the
// result with LLVM ORC for the host and compares it, over edge cases and
// random inputs, with a reference written here from the PTX ISA's
// definition of the instruction. Integer and correctly rounded results must
// match bit for bit (any NaN matches any NaN); .approx ones within the
// documented bound. Floating-point references use the host FPU in the
// requested rounding mode (this file is built with -frounding-math).
//
//===----------------------------------------------------------------------===//

#include "rubicon/InlinePTX.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/ExecutionEngine/Orc/AbsoluteSymbols.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <barrier>
#include <bit>
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <limits>
#include <random>
#include <thread>

using namespace llvm;

namespace {

//===--- JIT harness
//-------------------------------------------------------===//

template <typename T> std::string irType() {
  if constexpr (std::is_same_v<T, float>)
    return "float";
  else if constexpr (std::is_same_v<T, double>)
    return "double";
  else
    return "i" + std::to_string(sizeof(T) * 8);
}

std::string escapeAsm(std::string_view Text) {
  std::string Out;
  for (char C : Text) {
    if (C == '"' || C == '\\' || C == '\n') {
      char Buf[4];
      snprintf(Buf, sizeof(Buf), "\\%02X", unsigned(C));
      Out += Buf;
    } else {
      Out += C;
    }
  }
  return Out;
}

//===--- A simulated warp
//----------------------------------------------------===//
//
// Warp-level IR (llvm.nvvm.shfl.sync.*, vote.ballot.sync, read.ptx.sreg.laneid)
// runs on 32 host threads: the JIT redirects those intrinsics to the
// functions below, which exchange values through shared slots between two
// barriers, following the PTX ISA's definitions (full warp, 32 lanes).

struct SimulatedWarp {
  std::barrier<> Sync{32};
  uint32_t Slots[32] = {};
};
SimulatedWarp *CurrentWarp = nullptr;
thread_local uint32_t CurrentLane = 0;

uint32_t exchange(uint32_t Value, uint32_t SourceLane) {
  CurrentWarp->Slots[CurrentLane] = Value;
  CurrentWarp->Sync.arrive_and_wait();
  uint32_t Result = CurrentWarp->Slots[SourceLane];
  CurrentWarp->Sync.arrive_and_wait();
  return Result;
}

enum class ShuffleMode { Idx, Up, Down, Bfly };
/// shfl.sync's source lane: the PTX ISA's j, or the lane itself when out of
/// range.
uint32_t shuffleSource(ShuffleMode Mode, uint32_t Lane, uint32_t B,
                       uint32_t C) {
  uint32_t BVal = B & 31, CVal = C & 31, SegMask = (C >> 8) & 31;
  int32_t MaxLane = int32_t((Lane & SegMask) | (CVal & ~SegMask));
  int32_t MinLane = int32_t(Lane & SegMask);
  int32_t J;
  bool InRange;
  switch (Mode) {
  case ShuffleMode::Up:
    J = int32_t(Lane) - int32_t(BVal);
    InRange = J >= MaxLane;
    break;
  case ShuffleMode::Down:
    J = int32_t(Lane + BVal);
    InRange = J <= MaxLane;
    break;
  case ShuffleMode::Bfly:
    J = int32_t(Lane ^ BVal);
    InRange = J <= MaxLane;
    break;
  default:
    J = MinLane | int32_t(BVal & ~SegMask);
    InRange = J <= MaxLane;
    break;
  }
  return InRange ? uint32_t(J) : Lane;
}

template <ShuffleMode Mode>
uint32_t simulatedShuffle(uint32_t, uint32_t Value, uint32_t B, uint32_t C) {
  return exchange(Value, shuffleSource(Mode, CurrentLane, B, C));
}
uint32_t simulatedLaneId() { return CurrentLane; }
uint32_t simulatedActiveMask() { return 0xffffffff; }
// The i1 predicate arrives in the low bit of a register.
uint32_t simulatedBallot(uint32_t, uint32_t Predicate) {
  CurrentWarp->Slots[CurrentLane] = Predicate & 1;
  CurrentWarp->Sync.arrive_and_wait();
  uint32_t Bits = 0;
  for (unsigned L = 0; L < 32; ++L)
    Bits |= CurrentWarp->Slots[L] << L;
  CurrentWarp->Sync.arrive_and_wait();
  return Bits;
}

/// Runs Body(lane) on 32 threads forming one warp.
void runWarp(const std::function<void(uint32_t)> &Body) {
  SimulatedWarp Warp;
  CurrentWarp = &Warp;
  std::vector<std::thread> Threads;
  for (uint32_t L = 0; L < 32; ++L)
    Threads.emplace_back([&Body, L] {
      CurrentLane = L;
      Body(L);
    });
  for (std::thread &T : Threads)
    T.join();
  CurrentWarp = nullptr;
}

/// The intrinsics the simulated warp provides, by the name the JIT gives
/// their replacements.
const std::pair<const char *, void *> WarpIntrinsics[] = {
    {"llvm.nvvm.shfl.sync.idx.i32",
     reinterpret_cast<void *>(&simulatedShuffle<ShuffleMode::Idx>)},
    {"llvm.nvvm.shfl.sync.up.i32",
     reinterpret_cast<void *>(&simulatedShuffle<ShuffleMode::Up>)},
    {"llvm.nvvm.shfl.sync.down.i32",
     reinterpret_cast<void *>(&simulatedShuffle<ShuffleMode::Down>)},
    {"llvm.nvvm.shfl.sync.bfly.i32",
     reinterpret_cast<void *>(&simulatedShuffle<ShuffleMode::Bfly>)},
    {"llvm.nvvm.read.ptx.sreg.laneid",
     reinterpret_cast<void *>(&simulatedLaneId)},
    {"llvm.nvvm.vote.ballot.sync", reinterpret_cast<void *>(&simulatedBallot)},
    {"llvm.nvvm.activemask", reinterpret_cast<void *>(&simulatedActiveMask)},
};

std::string simulatedName(StringRef Intrinsic) {
  std::string Name = "rubicon_test_" + Intrinsic.str();
  std::replace(Name.begin(), Name.end(), '.', '_');
  return Name;
}

class JIT {
public:
  static JIT &get() {
    static JIT Instance;
    return Instance;
  }

  /// Lowers `asm(Text : outputs : inputs)` and returns the address of
  /// `void f(Out0 *, [Out1 *,] In...)`.
  void *compile(std::string_view Text, std::string_view Constraints,
                const std::vector<std::string> &OutTypes,
                const std::vector<std::string> &InTypes,
                std::string &ErrorText) {
    std::string Name = "ptx_test_" + std::to_string(Counter++);
    std::string IR;
    raw_string_ostream OS(IR);
    OS << "define void @" << Name << "(";
    for (size_t I = 0; I < OutTypes.size(); ++I)
      OS << (I ? ", " : "") << "ptr %o" << I;
    for (size_t I = 0; I < InTypes.size(); ++I)
      OS << ", " << InTypes[I] << " %i" << I;
    OS << ") {\n";
    std::string RetTy = OutTypes.size() == 1 ? OutTypes[0] : "{";
    if (OutTypes.size() > 1) {
      for (size_t I = 0; I < OutTypes.size(); ++I)
        RetTy += (I ? ", " : " ") + OutTypes[I];
      RetTy += " }";
    }
    OS << "  %r = call " << RetTy << " asm \"" << escapeAsm(Text) << "\", \""
       << Constraints << "\"(";
    for (size_t I = 0; I < InTypes.size(); ++I)
      OS << (I ? ", " : "") << InTypes[I] << " %i" << I;
    OS << "), !srcloc !0\n";
    if (OutTypes.size() == 1) {
      OS << "  store " << OutTypes[0] << " %r, ptr %o0\n";
    } else {
      for (size_t I = 0; I < OutTypes.size(); ++I)
        OS << "  %e" << I << " = extractvalue " << RetTy << " %r, " << I
           << "\n  store " << OutTypes[I] << " %e" << I << ", ptr %o" << I
           << "\n";
    }
    OS << "  ret void\n}\n!0 = !{i64 7}\n";

    auto Ctx = std::make_unique<LLVMContext>();
    SMDiagnostic Diag;
    std::unique_ptr<Module> M = parseAssemblyString(IR, Diag, *Ctx);
    if (!M) {
      ErrorText =
          "test IR does not parse: " + Diag.getMessage().str() + "\n" + IR;
      return nullptr;
    }
    if (Error E = rubicon::lowerInlinePTX(*M)) {
      ErrorText = toString(std::move(E));
      return nullptr;
    }
    std::string VerifyText;
    raw_string_ostream VerifyOS(VerifyText);
    if (verifyModule(*M, &VerifyOS)) {
      ErrorText = "lowered module is invalid: " + VerifyText;
      return nullptr;
    }
    // Warp intrinsics call the simulated warp.
    for (const auto &[Name, Address] : WarpIntrinsics)
      if (Function *Intrinsic = M->getFunction(Name)) {
        FunctionCallee Replacement = M->getOrInsertFunction(
            simulatedName(Name), Intrinsic->getFunctionType());
        Intrinsic->replaceAllUsesWith(Replacement.getCallee());
        Intrinsic->eraseFromParent();
      }
    M->setDataLayout(Jit->getDataLayout());
    M->setTargetTriple(Jit->getTargetTriple());
    if (Error E = Jit->addIRModule(
            orc::ThreadSafeModule(std::move(M), std::move(Ctx)))) {
      ErrorText = toString(std::move(E));
      return nullptr;
    }
    auto Symbol = Jit->lookup(Name);
    if (!Symbol) {
      ErrorText = toString(Symbol.takeError());
      return nullptr;
    }
    return Symbol->toPtr<void *>();
  }

private:
  JIT() {
    InitializeNativeTarget();
    InitializeNativeTargetAsmPrinter();
    auto J = orc::LLJITBuilder().create();
    if (!J) {
      errs() << toString(J.takeError()) << "\n";
      std::abort();
    }
    Jit = std::move(*J);
    // Resolve libm (roundeven, fmaf, ...) from the test process.
    auto Generator = orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
        Jit->getDataLayout().getGlobalPrefix());
    if (Generator)
      Jit->getMainJITDylib().addGenerator(std::move(*Generator));
    orc::SymbolMap Warp;
    for (const auto &[Name, Address] : WarpIntrinsics)
      Warp[Jit->mangleAndIntern(simulatedName(Name))] = {
          orc::ExecutorAddr::fromPtr(Address), JITSymbolFlags::Exported};
    if (Error E = Jit->getMainJITDylib().define(
            orc::absoluteSymbols(std::move(Warp)))) {
      errs() << toString(std::move(E)) << "\n";
      std::abort();
    }
  }
  std::unique_ptr<orc::LLJIT> Jit;
  unsigned Counter = 0;
};

/// One output, inputs In...: R f(In...).
template <typename R, typename... In>
std::function<R(In...)> lower(std::string_view Text,
                              std::string_view Constraints) {
  std::string Error;
  void *Address = JIT::get().compile(Text, Constraints, {irType<R>()},
                                     {irType<In>()...}, Error);
  EXPECT_NE(Address, nullptr) << "`" << Text << "`: " << Error;
  if (!Address)
    return nullptr;
  auto *Fn = reinterpret_cast<void (*)(R *, In...)>(Address);
  return [Fn](In... Args) {
    R Result{};
    Fn(&Result, Args...);
    return Result;
  };
}

/// The lowering error for a statement that must not translate.
std::string lowerError(std::string_view Text, std::string_view Constraints,
                       const std::vector<std::string> &Out,
                       const std::vector<std::string> &In) {
  std::string Error;
  void *Address = JIT::get().compile(Text, Constraints, Out, In, Error);
  EXPECT_EQ(Address, nullptr) << "`" << Text << "` was lowered";
  return Error;
}

//===--- Inputs
//------------------------------------------------------------===//

std::mt19937_64 &rng() {
  static std::mt19937_64 Generator(20240531);
  return Generator;
}

constexpr int RandomCount = 3000;

std::vector<uint32_t> edges32() {
  return {0,          1,          2,          3,          7,
          8,          15,         16,         31,         32,
          33,         63,         64,         0x7f,       0x80,
          0xff,       0x100,      0x7fff,     0x8000,     0xffff,
          0x10000,    0x7fffff,   0x800000,   0xffffff,   0x1000000,
          0x7fffffff, 0x80000000, 0x80000001, 0xfffffffe, 0xffffffff,
          0x12345678, 0xdeadbeef};
}

std::vector<uint64_t> edges64() {
  std::vector<uint64_t> E = {0,
                             1,
                             2,
                             0x7fffffffffffffffull,
                             0x8000000000000000ull,
                             0xffffffffffffffffull,
                             0xfffffffffffffffeull,
                             0x00000000ffffffffull,
                             0x0000000100000000ull,
                             0x123456789abcdef0ull,
                             (1ull << 53) + 1,
                             (1ull << 24) + 1,
                             (1ull << 63) + 1,
                             0x0020000000000001ull};
  for (uint32_t V : edges32())
    E.push_back(V);
  return E;
}

/// Edge pairs plus random pairs (random bits, and small values).
template <typename F> void forPairs32(F &&Check) {
  auto Edges = edges32();
  for (uint32_t A : Edges)
    for (uint32_t B : Edges)
      Check(A, B);
  for (int I = 0; I < RandomCount; ++I) {
    uint32_t A = uint32_t(rng()()), B = uint32_t(rng()());
    Check(A, B);
    Check(A & 0x3f, B);
    Check(A, B & 0x3f);
  }
}

template <typename F> void forPairs64(F &&Check) {
  auto Edges = edges64();
  for (uint64_t A : Edges)
    for (uint64_t B : Edges)
      Check(A, B);
  for (int I = 0; I < RandomCount; ++I) {
    uint64_t A = rng()(), B = rng()();
    Check(A, B);
    Check(A & 0x7f, B);
    Check(A, B & 0x7f);
  }
}

std::vector<float> edgeFloats() {
  constexpr float Inf = std::numeric_limits<float>::infinity();
  return {0.0f,
          -0.0f,
          1.0f,
          -1.0f,
          0.5f,
          1.5f,
          2.5f,
          -2.5f,
          3.0f,
          1.0f + 0x1p-23f,
          1.0f - 0x1p-24f,
          0x1p-126f,
          -0x1p-126f,
          0x1p-149f,
          -0x1p-149f,
          0x1.8p-149f,
          std::numeric_limits<float>::max(),
          -std::numeric_limits<float>::max(),
          Inf,
          -Inf,
          std::numeric_limits<float>::quiet_NaN(),
          16777216.0f,
          16777217.0f,
          2147483648.0f,
          4294967296.0f,
          -2147483904.0f,
          1e20f,
          -1e20f,
          0.1f,
          0.49999997f,
          8388607.5f};
}

float randomFloat() {
  switch (rng()() % 4) {
  case 0: // any bit pattern
    return std::bit_cast<float>(uint32_t(rng()()));
  case 1: { // moderate magnitudes, both signs
    std::uniform_real_distribution<float> D(-1000.0f, 1000.0f);
    return D(rng());
  }
  case 2: { // wide exponent range without NaN/inf
    uint32_t Bits = uint32_t(rng()()) & 0x7fffffff;
    Bits = Bits % 0x7f800000;
    return std::bit_cast<float>(Bits | (uint32_t(rng()() & 1) << 31));
  }
  default: { // near 1 (cancellation)
    return 1.0f + std::bit_cast<float>(uint32_t(rng()()) % 0x3f800000) *
                      (rng()() & 1 ? 1.0f : -1.0f);
  }
  }
}

double randomDouble() {
  switch (rng()() % 3) {
  case 0:
    return std::bit_cast<double>(rng()());
  case 1: {
    std::uniform_real_distribution<double> D(-1e6, 1e6);
    return D(rng());
  }
  default: {
    uint64_t Bits = rng()() & 0x7fffffffffffffffull;
    Bits %= 0x7ff0000000000000ull;
    return std::bit_cast<double>(Bits | ((rng()() & 1) << 63));
  }
  }
}

template <typename F> void forFloatPairs(F &&Check) {
  auto Edges = edgeFloats();
  for (float A : Edges)
    for (float B : Edges)
      Check(A, B);
  for (int I = 0; I < RandomCount; ++I) {
    float A = randomFloat(), B = randomFloat();
    Check(A, B);
    // Same-magnitude pairs exercise cancellation and ties.
    Check(A, std::nextafter(-A, 0.0f));
  }
}

template <typename T> bool sameFloat(T A, T B) {
  if (std::isnan(A) && std::isnan(B))
    return true;
  return std::memcmp(&A, &B, sizeof(T)) == 0;
}

// Keep the compiler from folding or moving reference arithmetic.
template <typename T> T opaque(T V) {
  volatile T Copy = V;
  return Copy;
}

/// Runs Fn with the host rounding mode set. The result goes through a
/// volatile store before the mode is restored: compilers do not treat
/// fesetround as a barrier for arithmetic (GCC PR 34678).
template <typename F> auto withRounding(int Mode, F &&Fn) {
  int Saved = std::fegetround();
  std::fesetround(Mode);
  auto Result = opaque(Fn());
  std::fesetround(Saved);
  return Result;
}

struct RoundingCase {
  const char *Modifier;
  int HostMode;
};
constexpr RoundingCase Roundings[] = {{".rn", FE_TONEAREST},
                                      {".rz", FE_TOWARDZERO},
                                      {".rm", FE_DOWNWARD},
                                      {".rp", FE_UPWARD}};

//===--- Integer arithmetic
//-------------------------------------------------===//

int32_t s32(uint32_t V) { return int32_t(V); }

TEST(PTXSemantics, AddSubWrapAndSaturate) {
  auto Add =
      lower<uint32_t, uint32_t, uint32_t>("add.s32 $0, $1, $2;", "=r,r,r");
  auto Sub =
      lower<uint32_t, uint32_t, uint32_t>("sub.u32 $0, $1, $2;", "=r,r,r");
  auto AddSat =
      lower<uint32_t, uint32_t, uint32_t>("add.sat.s32 $0, $1, $2;", "=r,r,r");
  auto SubSat =
      lower<uint32_t, uint32_t, uint32_t>("sub.sat.s32 $0, $1, $2;", "=r,r,r");
  ASSERT_TRUE(Add && Sub && AddSat && SubSat);
  auto Clamp = [](int64_t V) {
    return uint32_t(int32_t(std::clamp<int64_t>(V, INT32_MIN, INT32_MAX)));
  };
  forPairs32([&](uint32_t A, uint32_t B) {
    ASSERT_EQ(Add(A, B), uint32_t(A + B)) << A << " " << B;
    ASSERT_EQ(Sub(A, B), uint32_t(A - B)) << A << " " << B;
    ASSERT_EQ(AddSat(A, B), Clamp(int64_t(s32(A)) + s32(B))) << A << " " << B;
    ASSERT_EQ(SubSat(A, B), Clamp(int64_t(s32(A)) - s32(B))) << A << " " << B;
  });
  auto Add16 =
      lower<uint16_t, uint16_t, uint16_t>("add.u16 $0, $1, $2;", "=h,h,h");
  ASSERT_TRUE(Add16);
  EXPECT_EQ(Add16(0xffff, 2), 1);
}

TEST(PTXSemantics, MultiplyParts) {
  auto Lo =
      lower<uint32_t, uint32_t, uint32_t>("mul.lo.s32 $0, $1, $2;", "=r,r,r");
  auto HiS =
      lower<uint32_t, uint32_t, uint32_t>("mul.hi.s32 $0, $1, $2;", "=r,r,r");
  auto HiU =
      lower<uint32_t, uint32_t, uint32_t>("mul.hi.u32 $0, $1, $2;", "=r,r,r");
  auto WideS =
      lower<uint64_t, uint32_t, uint32_t>("mul.wide.s32 $0, $1, $2;", "=l,r,r");
  auto WideU =
      lower<uint64_t, uint32_t, uint32_t>("mul.wide.u32 $0, $1, $2;", "=l,r,r");
  ASSERT_TRUE(Lo && HiS && HiU && WideS && WideU);
  forPairs32([&](uint32_t A, uint32_t B) {
    int64_t SP = int64_t(s32(A)) * s32(B);
    uint64_t UP = uint64_t(A) * B;
    ASSERT_EQ(Lo(A, B), uint32_t(A * B));
    ASSERT_EQ(HiS(A, B), uint32_t(uint64_t(SP) >> 32)) << A << " " << B;
    ASSERT_EQ(HiU(A, B), uint32_t(UP >> 32)) << A << " " << B;
    ASSERT_EQ(WideS(A, B), uint64_t(SP));
    ASSERT_EQ(WideU(A, B), UP);
  });
  auto Hi64 =
      lower<uint64_t, uint64_t, uint64_t>("mul.hi.u64 $0, $1, $2;", "=l,l,l");
  auto Hi64S =
      lower<uint64_t, uint64_t, uint64_t>("mul.hi.s64 $0, $1, $2;", "=l,l,l");
  ASSERT_TRUE(Hi64 && Hi64S);
  forPairs64([&](uint64_t A, uint64_t B) {
    ASSERT_EQ(Hi64(A, B), uint64_t((unsigned __int128)A * B >> 64));
    ASSERT_EQ(Hi64S(A, B), uint64_t((__int128)int64_t(A) * int64_t(B) >> 64));
  });
}

TEST(PTXSemantics, MultiplyAdd) {
  auto MadLo = lower<uint32_t, uint32_t, uint32_t, uint32_t>(
      "mad.lo.s32 $0, $1, $2, $3;", "=r,r,r,r");
  auto MadHiSat = lower<uint32_t, uint32_t, uint32_t, uint32_t>(
      "mad.hi.sat.s32 $0, $1, $2, $3;", "=r,r,r,r");
  auto MadWide = lower<uint64_t, uint32_t, uint32_t, uint64_t>(
      "mad.wide.u32 $0, $1, $2, $3;", "=l,r,r,l");
  ASSERT_TRUE(MadLo && MadHiSat && MadWide);
  forPairs32([&](uint32_t A, uint32_t B) {
    uint32_t C = uint32_t(rng()());
    ASSERT_EQ(MadLo(A, B, C), A * B + C);
    int64_t Hi = (int64_t(s32(A)) * s32(B)) >> 32;
    int64_t Sum = Hi + s32(C);
    ASSERT_EQ(
        MadHiSat(A, B, C),
        uint32_t(int32_t(std::clamp<int64_t>(Sum, INT32_MIN, INT32_MAX))));
    uint64_t C64 = rng()();
    ASSERT_EQ(MadWide(A, B, C64), uint64_t(A) * B + C64);
  });
}

TEST(PTXSemantics, Mul24AndSad) {
  auto LoS =
      lower<uint32_t, uint32_t, uint32_t>("mul24.lo.s32 $0, $1, $2;", "=r,r,r");
  auto HiU =
      lower<uint32_t, uint32_t, uint32_t>("mul24.hi.u32 $0, $1, $2;", "=r,r,r");
  auto HiS =
      lower<uint32_t, uint32_t, uint32_t>("mul24.hi.s32 $0, $1, $2;", "=r,r,r");
  auto Mad = lower<uint32_t, uint32_t, uint32_t, uint32_t>(
      "mad24.lo.u32 $0, $1, $2, $3;", "=r,r,r,r");
  auto SadS = lower<uint32_t, uint32_t, uint32_t, uint32_t>(
      "sad.s32 $0, $1, $2, $3;", "=r,r,r,r");
  auto SadU = lower<uint32_t, uint32_t, uint32_t, uint32_t>(
      "sad.u32 $0, $1, $2, $3;", "=r,r,r,r");
  ASSERT_TRUE(LoS && HiU && HiS && Mad && SadS && SadU);
  auto Sext24 = [](uint32_t V) { return int64_t(int32_t(V << 8) >> 8); };
  forPairs32([&](uint32_t A, uint32_t B) {
    int64_t SP = Sext24(A) * Sext24(B);
    uint64_t UP = uint64_t(A & 0xffffff) * (B & 0xffffff);
    ASSERT_EQ(LoS(A, B), uint32_t(SP));
    ASSERT_EQ(HiS(A, B), uint32_t(uint64_t(SP) >> 16));
    ASSERT_EQ(HiU(A, B), uint32_t(UP >> 16));
    ASSERT_EQ(Mad(A, B, 7), uint32_t(UP) + 7);
    uint32_t C = uint32_t(rng()());
    uint32_t DiffS = s32(A) < s32(B) ? B - A : A - B;
    uint32_t DiffU = A < B ? B - A : A - B;
    ASSERT_EQ(SadS(A, B, C), C + DiffS);
    ASSERT_EQ(SadU(A, B, C), C + DiffU);
  });
}

TEST(PTXSemantics, DivisionAndRemainder) {
  auto DivS =
      lower<uint32_t, uint32_t, uint32_t>("div.s32 $0, $1, $2;", "=r,r,r");
  auto DivU =
      lower<uint32_t, uint32_t, uint32_t>("div.u32 $0, $1, $2;", "=r,r,r");
  auto RemS =
      lower<uint32_t, uint32_t, uint32_t>("rem.s32 $0, $1, $2;", "=r,r,r");
  auto RemU =
      lower<uint32_t, uint32_t, uint32_t>("rem.u32 $0, $1, $2;", "=r,r,r");
  ASSERT_TRUE(DivS && DivU && RemS && RemU);
  forPairs32([&](uint32_t A, uint32_t B) {
    // PTX leaves x/0 machine-specific; Rubicon's definition (README.md):
    // unsigned x/0 = ~0, signed x/0 = (x < 0 ? 1 : -1), x%0 = x;
    // INT_MIN / -1 = INT_MIN, INT_MIN % -1 = 0.
    if (B == 0) {
      ASSERT_EQ(DivU(A, B), 0xffffffffu);
      ASSERT_EQ(DivS(A, B), s32(A) < 0 ? 1u : 0xffffffffu);
      ASSERT_EQ(RemU(A, B), A);
      ASSERT_EQ(RemS(A, B), A);
      return;
    }
    ASSERT_EQ(DivU(A, B), A / B);
    ASSERT_EQ(RemU(A, B), A % B);
    if (A == 0x80000000u && B == 0xffffffffu) {
      ASSERT_EQ(DivS(A, B), 0x80000000u);
      ASSERT_EQ(RemS(A, B), 0u);
      return;
    }
    ASSERT_EQ(DivS(A, B), uint32_t(s32(A) / s32(B)));
    ASSERT_EQ(RemS(A, B), uint32_t(s32(A) % s32(B)));
  });
}

TEST(PTXSemantics, AbsNegMinMax) {
  auto Abs = lower<uint32_t, uint32_t>("abs.s32 $0, $1;", "=r,r");
  auto Neg = lower<uint32_t, uint32_t>("neg.s32 $0, $1;", "=r,r");
  auto MinS =
      lower<uint32_t, uint32_t, uint32_t>("min.s32 $0, $1, $2;", "=r,r,r");
  auto MaxU =
      lower<uint32_t, uint32_t, uint32_t>("max.u32 $0, $1, $2;", "=r,r,r");
  auto Min3 = lower<uint32_t, uint32_t, uint32_t, uint32_t>(
      "min.s32 $0, $1, $2, $3;", "=r,r,r,r");
  auto MaxRelu =
      lower<uint32_t, uint32_t, uint32_t>("max.relu.s32 $0, $1, $2;", "=r,r,r");
  ASSERT_TRUE(Abs && Neg && MinS && MaxU && Min3 && MaxRelu);
  forPairs32([&](uint32_t A, uint32_t B) {
    ASSERT_EQ(Abs(A), s32(A) < 0 ? 0u - A : A); // abs(INT_MIN) = INT_MIN
    ASSERT_EQ(Neg(A), 0u - A);
    ASSERT_EQ(MinS(A, B), uint32_t(std::min(s32(A), s32(B))));
    ASSERT_EQ(MaxU(A, B), std::max(A, B));
    uint32_t C = uint32_t(rng()());
    ASSERT_EQ(Min3(A, B, C), uint32_t(std::min({s32(A), s32(B), s32(C)})));
    ASSERT_EQ(MaxRelu(A, B), uint32_t(std::max({s32(A), s32(B), 0})));
  });
}

TEST(PTXSemantics, DotProducts) {
  auto Dp4aSU = lower<uint32_t, uint32_t, uint32_t, uint32_t>(
      "dp4a.s32.u32 $0, $1, $2, $3;", "=r,r,r,r");
  auto Dp4aUU = lower<uint32_t, uint32_t, uint32_t, uint32_t>(
      "dp4a.u32.u32 $0, $1, $2, $3;", "=r,r,r,r");
  auto Dp2aHi = lower<uint32_t, uint32_t, uint32_t, uint32_t>(
      "dp2a.hi.s32.s32 $0, $1, $2, $3;", "=r,r,r,r");
  auto Dp2aLo = lower<uint32_t, uint32_t, uint32_t, uint32_t>(
      "dp2a.lo.u32.s32 $0, $1, $2, $3;", "=r,r,r,r");
  ASSERT_TRUE(Dp4aSU && Dp4aUU && Dp2aHi && Dp2aLo);
  auto Byte = [](uint32_t V, int I, bool S) -> int64_t {
    uint32_t B = V >> (8 * I) & 0xff;
    return S ? int64_t(int8_t(B)) : int64_t(B);
  };
  auto Half = [](uint32_t V, int I, bool S) -> int64_t {
    uint32_t H = V >> (16 * I) & 0xffff;
    return S ? int64_t(int16_t(H)) : int64_t(H);
  };
  forPairs32([&](uint32_t A, uint32_t B) {
    uint32_t C = uint32_t(rng()());
    int64_t SU = 0, UU = 0;
    for (int I = 0; I < 4; ++I) {
      SU += Byte(A, I, true) * Byte(B, I, false);
      UU += Byte(A, I, false) * Byte(B, I, false);
    }
    ASSERT_EQ(Dp4aSU(A, B, C), uint32_t(SU + s32(C)));
    ASSERT_EQ(Dp4aUU(A, B, C), uint32_t(UU + C));
    int64_t Hi = Half(A, 0, true) * Byte(B, 2, true) +
                 Half(A, 1, true) * Byte(B, 3, true);
    int64_t Lo = Half(A, 0, false) * Byte(B, 0, true) +
                 Half(A, 1, false) * Byte(B, 1, true);
    ASSERT_EQ(Dp2aHi(A, B, C), uint32_t(Hi + s32(C)));
    ASSERT_EQ(Dp2aLo(A, B, C), uint32_t(Lo + s32(C)));
  });
}

TEST(PTXSemantics, CarryChains) {
  // 64-bit add, sub and multiply-add from 32-bit pieces.
  auto Add64 = lower<uint64_t, uint64_t, uint64_t>(
      "{ .reg .b32 alo, ahi, blo, bhi, rlo, rhi;\n"
      "  mov.b64 {alo, ahi}, $1; mov.b64 {blo, bhi}, $2;\n"
      "  add.cc.u32 rlo, alo, blo; addc.u32 rhi, ahi, bhi;\n"
      "  mov.b64 $0, {rlo, rhi}; }",
      "=l,l,l");
  auto Sub64 = lower<uint64_t, uint64_t, uint64_t>(
      "{ .reg .b32 alo, ahi, blo, bhi, rlo, rhi;\n"
      "  mov.b64 {alo, ahi}, $1; mov.b64 {blo, bhi}, $2;\n"
      "  sub.cc.u32 rlo, alo, blo; subc.u32 rhi, ahi, bhi;\n"
      "  mov.b64 $0, {rlo, rhi}; }",
      "=l,l,l");
  // 96-bit add with a carry through addc.cc; the top word gets the carry.
  auto AddCarryOut = lower<uint32_t, uint32_t, uint32_t>(
      "{ .reg .b32 t; add.cc.u32 t, $1, $2; addc.u32 $0, 0, 0; }", "=r,r,r");
  // Full 32x32->64 product as mad.lo.cc + madc.hi.
  auto MadChain = lower<uint64_t, uint32_t, uint32_t, uint64_t>(
      "{ .reg .b32 clo, chi, rlo, rhi;\n"
      "  mov.b64 {clo, chi}, $3;\n"
      "  mad.lo.cc.u32 rlo, $1, $2, clo; madc.hi.u32 rhi, $1, $2, chi;\n"
      "  mov.b64 $0, {rlo, rhi}; }",
      "=l,r,r,l");
  ASSERT_TRUE(Add64 && Sub64 && AddCarryOut && MadChain);
  forPairs64([&](uint64_t A, uint64_t B) {
    ASSERT_EQ(Add64(A, B), A + B);
    ASSERT_EQ(Sub64(A, B), A - B);
  });
  forPairs32([&](uint32_t A, uint32_t B) {
    ASSERT_EQ(AddCarryOut(A, B), uint32_t((uint64_t(A) + B) >> 32));
    uint64_t C = rng()();
    ASSERT_EQ(MadChain(A, B, C), uint64_t(A) * B + C);
  });
}

//===--- Bit manipulation -------------------------------------------------===//

TEST(PTXSemantics, LogicAndLop3) {
  auto And =
      lower<uint32_t, uint32_t, uint32_t>("and.b32 $0, $1, $2;", "=r,r,r");
  auto Xor =
      lower<uint32_t, uint32_t, uint32_t>("xor.b32 $0, $1, $2;", "=r,r,r");
  auto Not = lower<uint32_t, uint32_t>("not.b32 $0, $1;", "=r,r");
  auto CNot = lower<uint32_t, uint32_t>("cnot.b32 $0, $1;", "=r,r");
  ASSERT_TRUE(And && Xor && Not && CNot);
  forPairs32([&](uint32_t A, uint32_t B) {
    ASSERT_EQ(And(A, B), A & B);
    ASSERT_EQ(Xor(A, B), A ^ B);
    ASSERT_EQ(Not(A), ~A);
    ASSERT_EQ(CNot(A), A == 0 ? 1u : 0u);
  });
  std::vector<unsigned> Luts = {0x00, 0xff, 0x96, 0xe8, 0xca, 0x80, 0xfe, 0x1e};
  for (int I = 0; I < 6; ++I)
    Luts.push_back(unsigned(rng()() & 0xff));
  for (unsigned Lut : Luts) {
    auto Lop3 = lower<uint32_t, uint32_t, uint32_t, uint32_t>(
        "lop3.b32 $0, $1, $2, $3, " + std::to_string(Lut) + ";", "=r,r,r,r");
    ASSERT_TRUE(Lop3);
    for (int K = 0; K < 300; ++K) {
      uint32_t A = uint32_t(rng()()), B = uint32_t(rng()()),
               C = uint32_t(rng()());
      uint32_t Expected = 0;
      for (int Bit = 0; Bit < 32; ++Bit) {
        unsigned Index =
            (A >> Bit & 1) << 2 | (B >> Bit & 1) << 1 | (C >> Bit & 1);
        Expected |= uint32_t(Lut >> Index & 1) << Bit;
      }
      ASSERT_EQ(Lop3(A, B, C), Expected) << "lut " << Lut;
    }
  }
}

TEST(PTXSemantics, Shifts) {
  auto Shl =
      lower<uint32_t, uint32_t, uint32_t>("shl.b32 $0, $1, $2;", "=r,r,r");
  auto ShrU =
      lower<uint32_t, uint32_t, uint32_t>("shr.u32 $0, $1, $2;", "=r,r,r");
  auto ShrS =
      lower<uint32_t, uint32_t, uint32_t>("shr.s32 $0, $1, $2;", "=r,r,r");
  auto Shl64 =
      lower<uint64_t, uint64_t, uint32_t>("shl.b64 $0, $1, $2;", "=l,l,r");
  auto Shr16 =
      lower<uint16_t, uint16_t, uint32_t>("shr.s16 $0, $1, $2;", "=h,h,r");
  ASSERT_TRUE(Shl && ShrU && ShrS && Shl64 && Shr16);
  forPairs32([&](uint32_t A, uint32_t N) {
    // Amounts >= the width give 0 (or the sign for shr.s).
    ASSERT_EQ(Shl(A, N), N >= 32 ? 0u : A << N) << A << " " << N;
    ASSERT_EQ(ShrU(A, N), N >= 32 ? 0u : A >> N);
    ASSERT_EQ(ShrS(A, N), uint32_t(s32(A) >> std::min(N, 31u)));
    ASSERT_EQ(Shl64(uint64_t(A) << 32 | N, N),
              N >= 64 ? 0 : (uint64_t(A) << 32 | N) << N);
    ASSERT_EQ(Shr16(uint16_t(A), N),
              uint16_t(int16_t(uint16_t(A)) >> std::min(N, 15u)));
  });
}

TEST(PTXSemantics, FunnelShifts) {
  auto LWrap = lower<uint32_t, uint32_t, uint32_t, uint32_t>(
      "shf.l.wrap.b32 $0, $1, $2, $3;", "=r,r,r,r");
  auto LClamp = lower<uint32_t, uint32_t, uint32_t, uint32_t>(
      "shf.l.clamp.b32 $0, $1, $2, $3;", "=r,r,r,r");
  auto RWrap = lower<uint32_t, uint32_t, uint32_t, uint32_t>(
      "shf.r.wrap.b32 $0, $1, $2, $3;", "=r,r,r,r");
  auto RClamp = lower<uint32_t, uint32_t, uint32_t, uint32_t>(
      "shf.r.clamp.b32 $0, $1, $2, $3;", "=r,r,r,r");
  ASSERT_TRUE(LWrap && LClamp && RWrap && RClamp);
  forPairs32([&](uint32_t A, uint32_t B) {
    uint32_t C = uint32_t(rng()() % 70);
    uint64_t Joined = uint64_t(B) << 32 | A;
    uint32_t Wrap = C & 31, Clamp = std::min(C, 32u);
    ASSERT_EQ(LWrap(A, B, C), uint32_t((Joined << Wrap) >> 32));
    ASSERT_EQ(LClamp(A, B, C),
              Clamp == 32 ? A : uint32_t((Joined << Clamp) >> 32));
    ASSERT_EQ(RWrap(A, B, C), uint32_t(Joined >> Wrap));
    ASSERT_EQ(RClamp(A, B, C), Clamp == 32 ? B : uint32_t(Joined >> Clamp));
  });
}

/// bfe as the PTX ISA writes it, bit by bit.
template <typename T> T referenceBfe(T A, uint32_t B, uint32_t C, bool Signed) {
  constexpr int Msb = sizeof(T) * 8 - 1;
  uint32_t Pos = B & 0xff, Len = C & 0xff;
  int SbitIndex = std::min<int>(int(Pos + Len) - 1, Msb);
  bool Sbit =
      Signed && Len != 0 && SbitIndex >= 0 ? (A >> SbitIndex & 1) : false;
  T D = 0;
  for (int I = 0; I <= Msb; ++I) {
    bool Bit = (uint32_t(I) < Len && Pos + I <= uint32_t(Msb))
                   ? (A >> (Pos + I) & 1)
                   : Sbit;
    D |= T(Bit) << I;
  }
  return Len == 0 ? 0 : D;
}

TEST(PTXSemantics, BitFieldExtractInsert) {
  auto BfeU = lower<uint32_t, uint32_t, uint32_t, uint32_t>(
      "bfe.u32 $0, $1, $2, $3;", "=r,r,r,r");
  auto BfeS = lower<uint32_t, uint32_t, uint32_t, uint32_t>(
      "bfe.s32 $0, $1, $2, $3;", "=r,r,r,r");
  auto BfeS64 = lower<uint64_t, uint64_t, uint32_t, uint32_t>(
      "bfe.s64 $0, $1, $2, $3;", "=l,l,r,r");
  auto Bfi = lower<uint32_t, uint32_t, uint32_t, uint32_t, uint32_t>(
      "bfi.b32 $0, $1, $2, $3, $4;", "=r,r,r,r,r");
  ASSERT_TRUE(BfeU && BfeS && BfeS64 && Bfi);
  forPairs32([&](uint32_t A, uint32_t B) {
    uint32_t Pos = uint32_t(rng()() % 80), Len = uint32_t(rng()() % 80);
    if (rng()() % 8 == 0)
      Pos |= 0x1200; // only the low 8 bits count
    ASSERT_EQ(BfeU(A, Pos, Len), referenceBfe<uint32_t>(A, Pos, Len, false))
        << A << " pos " << Pos << " len " << Len;
    ASSERT_EQ(BfeS(A, Pos, Len), referenceBfe<uint32_t>(A, Pos, Len, true))
        << A << " pos " << Pos << " len " << Len;
    uint64_t A64 = uint64_t(B) << 32 | A;
    ASSERT_EQ(BfeS64(A64, Pos, Len),
              referenceBfe<uint64_t>(A64, Pos, Len, true));
    // bfi: d = b; d[pos+i] = a[i] for i < len while pos+i <= 31.
    uint32_t Expected = B;
    uint32_t P = Pos & 0xff, L = Len & 0xff;
    for (uint32_t I = 0; I < L && P + I <= 31; ++I)
      Expected = (Expected & ~(1u << (P + I))) | ((A >> I & 1) << (P + I));
    ASSERT_EQ(Bfi(A, B, Pos, Len), Expected)
        << A << " " << B << " " << Pos << " " << Len;
  });
}

TEST(PTXSemantics, BitCounting) {
  auto BfindU = lower<uint32_t, uint32_t>("bfind.u32 $0, $1;", "=r,r");
  auto BfindS = lower<uint32_t, uint32_t>("bfind.s32 $0, $1;", "=r,r");
  auto BfindShift =
      lower<uint32_t, uint32_t>("bfind.shiftamt.u32 $0, $1;", "=r,r");
  auto BfindS64 = lower<uint32_t, uint64_t>("bfind.s64 $0, $1;", "=r,l");
  auto Brev = lower<uint32_t, uint32_t>("brev.b32 $0, $1;", "=r,r");
  auto Clz = lower<uint32_t, uint32_t>("clz.b32 $0, $1;", "=r,r");
  auto Clz64 = lower<uint32_t, uint64_t>("clz.b64 $0, $1;", "=r,l");
  auto Popc64 = lower<uint32_t, uint64_t>("popc.b64 $0, $1;", "=r,l");
  ASSERT_TRUE(BfindU && BfindS && BfindShift && BfindS64 && Brev && Clz &&
              Clz64 && Popc64);
  auto Msb = [](uint64_t V, int Width) -> uint32_t {
    for (int I = Width - 1; I >= 0; --I)
      if (V >> I & 1)
        return uint32_t(I);
    return 0xffffffffu;
  };
  forPairs64([&](uint64_t A64, uint64_t) {
    uint32_t A = uint32_t(A64);
    ASSERT_EQ(BfindU(A), Msb(A, 32));
    ASSERT_EQ(BfindS(A), Msb(s32(A) < 0 ? ~A : A, 32));
    uint32_t M = Msb(A, 32);
    ASSERT_EQ(BfindShift(A), M == 0xffffffffu ? M : 31 - M);
    ASSERT_EQ(BfindS64(A64), Msb(int64_t(A64) < 0 ? ~A64 : A64, 64));
    uint32_t Reversed = 0;
    for (int I = 0; I < 32; ++I)
      Reversed |= (A >> I & 1) << (31 - I);
    ASSERT_EQ(Brev(A), Reversed);
    ASSERT_EQ(Clz(A), uint32_t(std::countl_zero(A)));
    ASSERT_EQ(Clz64(A64), uint32_t(std::countl_zero(A64)));
    ASSERT_EQ(Popc64(A64), uint32_t(std::popcount(A64)));
  });
}

TEST(PTXSemantics, PermuteAllModes) {
  auto Default = lower<uint32_t, uint32_t, uint32_t, uint32_t>(
      "prmt.b32 $0, $1, $2, $3;", "=r,r,r,r");
  ASSERT_TRUE(Default);
  auto Bytes = [](uint32_t A, uint32_t B, unsigned I) -> uint32_t {
    uint64_t Source = uint64_t(B) << 32 | A;
    return uint32_t(Source >> (8 * I) & 0xff);
  };
  forPairs32([&](uint32_t A, uint32_t B) {
    uint32_t C = uint32_t(rng()());
    uint32_t Expected = 0;
    for (unsigned I = 0; I < 4; ++I) {
      unsigned Sel = C >> (4 * I) & 0xf;
      uint32_t Byte = Bytes(A, B, Sel & 7);
      if (Sel & 8)
        Byte = (Byte & 0x80) ? 0xff : 0;
      Expected |= Byte << (8 * I);
    }
    ASSERT_EQ(Default(A, B, C), Expected);
  });
  // Modes: the PTX ISA's table of source bytes for d.b3 d.b2 d.b1 d.b0.
  struct ModeRow {
    const char *Mode;
    unsigned Sources[4][4]; // [c & 3][d.b3, d.b2, d.b1, d.b0]
  };
  const ModeRow Modes[] = {
      {"f4e", {{3, 2, 1, 0}, {4, 3, 2, 1}, {5, 4, 3, 2}, {6, 5, 4, 3}}},
      {"b4e", {{5, 6, 7, 0}, {6, 7, 0, 1}, {7, 0, 1, 2}, {0, 1, 2, 3}}},
      {"rc8", {{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}}},
      {"ecl", {{3, 2, 1, 0}, {3, 2, 1, 1}, {3, 2, 2, 2}, {3, 3, 3, 3}}},
      {"ecr", {{0, 0, 0, 0}, {1, 1, 1, 0}, {2, 2, 1, 0}, {3, 2, 1, 0}}},
      {"rc16", {{1, 0, 1, 0}, {3, 2, 3, 2}, {1, 0, 1, 0}, {3, 2, 3, 2}}},
  };
  for (const ModeRow &Row : Modes) {
    auto Mode = lower<uint32_t, uint32_t, uint32_t, uint32_t>(
        std::string("prmt.b32.") + Row.Mode + " $0, $1, $2, $3;", "=r,r,r,r");
    ASSERT_TRUE(Mode);
    for (int K = 0; K < 200; ++K) {
      uint32_t A = uint32_t(rng()()), B = uint32_t(rng()()),
               C = uint32_t(rng()());
      uint32_t Expected = 0;
      for (unsigned I = 0; I < 4; ++I)
        Expected |= Bytes(A, B, Row.Sources[C & 3][3 - I]) << (8 * I);
      ASSERT_EQ(Mode(A, B, C), Expected) << Row.Mode << " c=" << (C & 3);
    }
  }
}

TEST(PTXSemantics, MaskAndExtend) {
  auto BmskClamp = lower<uint32_t, uint32_t, uint32_t>(
      "bmsk.clamp.b32 $0, $1, $2;", "=r,r,r");
  auto BmskWrap = lower<uint32_t, uint32_t, uint32_t>(
      "bmsk.wrap.b32 $0, $1, $2;", "=r,r,r");
  auto SzextS = lower<uint32_t, uint32_t, uint32_t>(
      "szext.clamp.s32 $0, $1, $2;", "=r,r,r");
  auto SzextU = lower<uint32_t, uint32_t, uint32_t>(
      "szext.wrap.u32 $0, $1, $2;", "=r,r,r");
  ASSERT_TRUE(BmskClamp && BmskWrap && SzextS && SzextU);
  auto Mask = [](uint32_t Pos, uint32_t Len) {
    uint32_t M = 0;
    for (uint32_t I = 0; I < Len; ++I)
      if (Pos + I < 32)
        M |= 1u << (Pos + I);
    return M;
  };
  forPairs32([&](uint32_t A, uint32_t B) {
    ASSERT_EQ(BmskClamp(A, B), Mask(std::min(A, 32u), std::min(B, 32u)));
    ASSERT_EQ(BmskWrap(A, B), Mask(A & 31, B & 31));
    uint32_t NC = std::min(B, 32u), NW = B & 31;
    uint32_t ExpectedS = NC == 0 ? 0
                         : NC == 32
                             ? A
                             : uint32_t(s32(A << (32 - NC)) >> (32 - NC));
    uint32_t ExpectedU = NW == 0 ? 0 : (A & ((1u << NW) - 1));
    ASSERT_EQ(SzextS(A, B), ExpectedS) << A << " " << B;
    ASSERT_EQ(SzextU(A, B), ExpectedU) << A << " " << B;
  });
}

//===--- Comparison and selection
//--------------------------------------------===//

TEST(PTXSemantics, IntegerComparisons) {
  struct Cmp {
    const char *Text;
    std::function<bool(uint32_t, uint32_t)> Ref;
  };
  const Cmp Cases[] = {
      {"eq.s32", [](uint32_t A, uint32_t B) { return A == B; }},
      {"ne.b32", [](uint32_t A, uint32_t B) { return A != B; }},
      {"lt.s32", [](uint32_t A, uint32_t B) { return s32(A) < s32(B); }},
      {"le.s32", [](uint32_t A, uint32_t B) { return s32(A) <= s32(B); }},
      {"gt.u32", [](uint32_t A, uint32_t B) { return A > B; }},
      {"ge.u32", [](uint32_t A, uint32_t B) { return A >= B; }},
      {"lo.u32", [](uint32_t A, uint32_t B) { return A < B; }},
      {"ls.u32", [](uint32_t A, uint32_t B) { return A <= B; }},
      {"hi.u32", [](uint32_t A, uint32_t B) { return A > B; }},
      {"hs.u32", [](uint32_t A, uint32_t B) { return A >= B; }},
  };
  for (const Cmp &C : Cases) {
    auto F = lower<uint32_t, uint32_t, uint32_t>(
        std::string("{ .reg .pred p; setp.") + C.Text +
            " p, $1, $2; selp.u32 $0, 1, 0, p; }",
        "=r,r,r");
    ASSERT_TRUE(F);
    forPairs32([&](uint32_t A, uint32_t B) {
      ASSERT_EQ(F(A, B), C.Ref(A, B) ? 1u : 0u)
          << C.Text << " " << A << " " << B;
    });
  }
  // Combining operator and the complementary predicate: p = (a<b) ^ c,
  // q = !(a<b) ^ c with c = (a is odd).
  auto Both = lower<uint32_t, uint32_t, uint32_t>(
      "{ .reg .pred p, q, c; .reg .b32 t; and.b32 t, $1, 1;"
      "  setp.ne.u32 c, t, 0; setp.lt.xor.s32 p|q, $1, $2, c;"
      "  selp.u32 $0, 2, 0, p; @q add.u32 $0, $0, 1; }",
      "=r,r,r");
  ASSERT_TRUE(Both);
  forPairs32([&](uint32_t A, uint32_t B) {
    bool C = A & 1;
    bool P = (s32(A) < s32(B)) != C, Q = !(s32(A) < s32(B)) != C;
    ASSERT_EQ(Both(A, B), (P ? 2u : 0u) + (Q ? 1u : 0u));
  });
  auto Set = lower<uint32_t, uint32_t, uint32_t>("set.gt.u32.s32 $0, $1, $2;",
                                                 "=r,r,r");
  auto Slct = lower<uint32_t, uint32_t, uint32_t, uint32_t>(
      "slct.u32.s32 $0, $1, $2, $3;", "=r,r,r,r");
  ASSERT_TRUE(Set && Slct);
  forPairs32([&](uint32_t A, uint32_t B) {
    ASSERT_EQ(Set(A, B), s32(A) > s32(B) ? 0xffffffffu : 0u);
    ASSERT_EQ(Slct(A, B, A ^ B), s32(A ^ B) >= 0 ? A : B);
  });
}

TEST(PTXSemantics, FloatComparisons) {
  struct Cmp {
    const char *Op;
    std::function<bool(float, float)> Ref;
  };
  auto Unordered = [](float A, float B) {
    return std::isnan(A) || std::isnan(B);
  };
  const Cmp Cases[] = {
      {"eq", [](float A, float B) { return A == B; }},
      {"ne", [&](float A, float B) { return !Unordered(A, B) && A != B; }},
      {"lt", [](float A, float B) { return A < B; }},
      {"le", [](float A, float B) { return A <= B; }},
      {"gt", [](float A, float B) { return A > B; }},
      {"ge", [](float A, float B) { return A >= B; }},
      {"equ", [&](float A, float B) { return Unordered(A, B) || A == B; }},
      {"neu", [](float A, float B) { return !(A == B); }},
      {"ltu", [](float A, float B) { return !(A >= B); }},
      {"leu", [](float A, float B) { return !(A > B); }},
      {"gtu", [](float A, float B) { return !(A <= B); }},
      {"geu", [](float A, float B) { return !(A < B); }},
      {"num", [&](float A, float B) { return !Unordered(A, B); }},
      {"nan", Unordered},
  };
  for (const Cmp &C : Cases) {
    auto F = lower<uint32_t, float, float>(
        std::string("{ .reg .pred p; setp.") + C.Op +
            ".f32 p, $1, $2; selp.u32 $0, 1, 0, p; }",
        "=r,f,f");
    ASSERT_TRUE(F);
    forFloatPairs([&](float A, float B) {
      ASSERT_EQ(F(A, B), C.Ref(A, B) ? 1u : 0u) << C.Op << " " << A << " " << B;
    });
  }
  auto SetF =
      lower<float, float, float>("set.lt.f32.f32 $0, $1, $2;", "=f,f,f");
  ASSERT_TRUE(SetF);
  forFloatPairs([&](float A, float B) {
    ASSERT_TRUE(sameFloat(SetF(A, B), A < B ? 1.0f : 0.0f));
  });
}

//===--- Floating point
//-----------------------------------------------------===//

TEST(PTXSemantics, FloatArithmeticAllRoundingModes) {
  for (const RoundingCase &R : Roundings) {
    std::string M = R.Modifier;
    auto Add =
        lower<float, float, float>("add" + M + ".f32 $0, $1, $2;", "=f,f,f");
    auto Sub =
        lower<float, float, float>("sub" + M + ".f32 $0, $1, $2;", "=f,f,f");
    auto Mul =
        lower<float, float, float>("mul" + M + ".f32 $0, $1, $2;", "=f,f,f");
    auto Fma = lower<float, float, float, float>(
        "fma" + M + ".f32 $0, $1, $2, $3;", "=f,f,f,f");
    auto Div =
        lower<float, float, float>("div" + M + ".f32 $0, $1, $2;", "=f,f,f");
    auto Sqrt = lower<float, float>("sqrt" + M + ".f32 $0, $1;", "=f,f");
    auto Rcp = lower<float, float>("rcp" + M + ".f32 $0, $1;", "=f,f");
    ASSERT_TRUE(Add && Sub && Mul && Fma && Div && Sqrt && Rcp);
    forFloatPairs([&](float A, float B) {
      float C = randomFloat();
      float EAdd =
          withRounding(R.HostMode, [&] { return opaque(A) + opaque(B); });
      float ESub =
          withRounding(R.HostMode, [&] { return opaque(A) - opaque(B); });
      float EMul =
          withRounding(R.HostMode, [&] { return opaque(A) * opaque(B); });
      float EFma = withRounding(R.HostMode, [&] {
        return std::fma(opaque(A), opaque(B), opaque(C));
      });
      float EDiv =
          withRounding(R.HostMode, [&] { return opaque(A) / opaque(B); });
      float ESqrt =
          withRounding(R.HostMode, [&] { return std::sqrt(opaque(A)); });
      float ERcp = withRounding(R.HostMode, [&] { return 1.0f / opaque(A); });
      ASSERT_TRUE(sameFloat(Add(A, B), EAdd))
          << "add" << M << " " << A << " " << B << " got " << Add(A, B);
      ASSERT_TRUE(sameFloat(Sub(A, B), ESub))
          << "sub" << M << " " << A << " " << B << " got " << Sub(A, B);
      ASSERT_TRUE(sameFloat(Mul(A, B), EMul))
          << "mul" << M << " " << A << " " << B << " got " << Mul(A, B);
      ASSERT_TRUE(sameFloat(Fma(A, B, C), EFma))
          << "fma" << M << " " << A << " " << B << " " << C;
      ASSERT_TRUE(sameFloat(Div(A, B), EDiv))
          << "div" << M << " " << A << " " << B;
      ASSERT_TRUE(sameFloat(Sqrt(A), ESqrt)) << "sqrt" << M << " " << A;
      ASSERT_TRUE(sameFloat(Rcp(A), ERcp)) << "rcp" << M << " " << A;
    });
  }
}

TEST(PTXSemantics, DoubleAddMulAllRoundingModes) {
  for (const RoundingCase &R : Roundings) {
    std::string M = R.Modifier;
    auto Add =
        lower<double, double, double>("add" + M + ".f64 $0, $1, $2;", "=d,d,d");
    auto Sub =
        lower<double, double, double>("sub" + M + ".f64 $0, $1, $2;", "=d,d,d");
    auto Mul =
        lower<double, double, double>("mul" + M + ".f64 $0, $1, $2;", "=d,d,d");
    ASSERT_TRUE(Add && Sub && Mul);
    for (int I = 0; I < 4 * RandomCount; ++I) {
      double A = randomDouble(),
             B = I % 2 ? randomDouble() : -A * (1 + 0x1p-40);
      double EAdd =
          withRounding(R.HostMode, [&] { return opaque(A) + opaque(B); });
      double ESub =
          withRounding(R.HostMode, [&] { return opaque(A) - opaque(B); });
      double EMul =
          withRounding(R.HostMode, [&] { return opaque(A) * opaque(B); });
      ASSERT_TRUE(sameFloat(Add(A, B), EAdd))
          << "add" << M << " " << A << " " << B;
      ASSERT_TRUE(sameFloat(Sub(A, B), ESub))
          << "sub" << M << " " << A << " " << B;
      // Known limitation: directed mul.f64 with a subnormal product.
      if (M == ".rn" || std::fabs(EMul) >= 0x1p-969 || EMul == 0 ||
          std::isnan(EMul))
        if (!(M != ".rn" && EMul == 0 && A != 0 && B != 0))
          ASSERT_TRUE(sameFloat(Mul(A, B), EMul))
              << "mul" << M << " " << A << " " << B;
    }
  }
}

TEST(PTXSemantics, FlushAndSaturate) {
  auto AddFtzSat =
      lower<float, float, float>("add.ftz.sat.f32 $0, $1, $2;", "=f,f,f");
  auto MulFtz =
      lower<float, float, float>("mul.rz.ftz.f32 $0, $1, $2;", "=f,f,f");
  ASSERT_TRUE(AddFtzSat && MulFtz);
  auto Flush = [](float X) {
    return std::fabs(X) < 0x1p-126f ? std::copysign(0.0f, X) : X;
  };
  auto Sat = [](float X) { return X > 0 ? (X < 1 ? X : 1.0f) : 0.0f; };
  forFloatPairs([&](float A, float B) {
    float E = Sat(Flush(opaque(Flush(A)) + opaque(Flush(B))));
    ASSERT_TRUE(sameFloat(AddFtzSat(A, B), E)) << A << " " << B;
    float EM = Flush(withRounding(
        FE_TOWARDZERO, [&] { return opaque(Flush(A)) * opaque(Flush(B)); }));
    ASSERT_TRUE(sameFloat(MulFtz(A, B), EM)) << A << " " << B;
  });
}

TEST(PTXSemantics, MinMaxAbsNegCopysign) {
  auto Min = lower<float, float, float>("min.f32 $0, $1, $2;", "=f,f,f");
  auto Max = lower<float, float, float>("max.f32 $0, $1, $2;", "=f,f,f");
  auto MinNaN = lower<float, float, float>("min.NaN.f32 $0, $1, $2;", "=f,f,f");
  auto MaxXorSign =
      lower<float, float, float>("max.xorsign.abs.f32 $0, $1, $2;", "=f,f,f");
  auto Abs = lower<float, float>("abs.f32 $0, $1;", "=f,f");
  auto Neg = lower<float, float>("neg.f32 $0, $1;", "=f,f");
  auto CopySign =
      lower<float, float, float>("copysign.f32 $0, $1, $2;", "=f,f,f");
  ASSERT_TRUE(Min && Max && MinNaN && MaxXorSign && Abs && Neg && CopySign);
  // PTX: NaN inputs are ignored unless both are NaN; -0.0 < +0.0.
  auto RefMin = [](float A, float B, bool IsMin) {
    if (std::isnan(A))
      return B;
    if (std::isnan(B))
      return A;
    if (A == B)
      return (std::signbit(A) == IsMin) ? A : B;
    return (A < B) == IsMin ? A : B;
  };
  forFloatPairs([&](float A, float B) {
    ASSERT_TRUE(sameFloat(Min(A, B), RefMin(A, B, true))) << A << " " << B;
    ASSERT_TRUE(sameFloat(Max(A, B), RefMin(A, B, false))) << A << " " << B;
    float ENaN = std::isnan(A) || std::isnan(B)
                     ? std::numeric_limits<float>::quiet_NaN()
                     : RefMin(A, B, true);
    ASSERT_TRUE(sameFloat(MinNaN(A, B), ENaN)) << A << " " << B;
    if (!std::isnan(A) && !std::isnan(B)) {
      float Mag = RefMin(std::fabs(A), std::fabs(B), false);
      float E =
          std::copysign(Mag, std::signbit(A) != std::signbit(B) ? -1.0f : 1.0f);
      ASSERT_TRUE(sameFloat(MaxXorSign(A, B), E)) << A << " " << B;
    }
    ASSERT_TRUE(sameFloat(Abs(A), std::fabs(A)));
    ASSERT_TRUE(sameFloat(Neg(A), -A));
    ASSERT_TRUE(sameFloat(CopySign(A, B), std::copysign(B, A)));
  });
}

TEST(PTXSemantics, TestpClasses) {
  struct Class {
    const char *Name;
    std::function<bool(float)> Ref;
  };
  const Class Classes[] = {
      {"finite", [](float X) { return std::isfinite(X); }},
      {"infinite", [](float X) { return std::isinf(X); }},
      {"number", [](float X) { return !std::isnan(X); }},
      {"notanumber", [](float X) { return std::isnan(X); }},
      {"normal", [](float X) { return std::isnormal(X); }},
      {"subnormal", [](float X) { return std::fpclassify(X) == FP_SUBNORMAL; }},
  };
  for (const Class &C : Classes) {
    auto F =
        lower<uint32_t, float>(std::string("{ .reg .pred p; testp.") + C.Name +
                                   ".f32 p, $1; selp.u32 $0, 1, 0, p; }",
                               "=r,f");
    ASSERT_TRUE(F);
    for (float X : edgeFloats())
      ASSERT_EQ(F(X), C.Ref(X) ? 1u : 0u) << C.Name << " " << X;
    for (int I = 0; I < RandomCount; ++I) {
      float X = randomFloat();
      ASSERT_EQ(F(X), C.Ref(X) ? 1u : 0u) << C.Name << " " << X;
    }
  }
}

TEST(PTXSemantics, ApproximateFunctionsWithinDocumentedBounds) {
  auto Sin = lower<float, float>("sin.approx.f32 $0, $1;", "=f,f");
  auto Cos = lower<float, float>("cos.approx.ftz.f32 $0, $1;", "=f,f");
  auto Ex2 = lower<float, float>("ex2.approx.f32 $0, $1;", "=f,f");
  auto Lg2 = lower<float, float>("lg2.approx.f32 $0, $1;", "=f,f");
  auto Rsqrt = lower<float, float>("rsqrt.approx.f32 $0, $1;", "=f,f");
  auto DivApprox =
      lower<float, float, float>("div.approx.f32 $0, $1, $2;", "=f,f,f");
  ASSERT_TRUE(Sin && Cos && Ex2 && Lg2 && Rsqrt && DivApprox);
  std::uniform_real_distribution<float> Angle(-100 * 3.14159265f,
                                              100 * 3.14159265f);
  std::uniform_real_distribution<float> Exponent(-100.0f, 100.0f);
  std::uniform_real_distribution<float> Positive(1e-30f, 1e30f);
  for (int I = 0; I < RandomCount; ++I) {
    float X = Angle(rng());
    // PTX ISA bounds: sin/cos max absolute error 2^-20.5 in [-100pi, 100pi];
    // ex2 2 ulp; lg2 2^-22 absolute in [0.5, 2] (relative elsewhere);
    // rsqrt, div.approx 2 ulp.
    ASSERT_NEAR(Sin(X), std::sin(double(X)), std::ldexp(1.0, -20)) << X;
    ASSERT_NEAR(Cos(X), std::cos(double(X)), std::ldexp(1.0, -20)) << X;
    float E = Exponent(rng());
    double Exact = std::exp2(double(E));
    ASSERT_NEAR(Ex2(E), Exact, Exact * std::ldexp(1.0, -22)) << E;
    float P = Positive(rng());
    ASSERT_NEAR(Lg2(P), std::log2(double(P)),
                std::max(std::ldexp(1.0, -22), std::fabs(std::log2(double(P))) *
                                                   std::ldexp(1.0, -22)))
        << P;
    double R = 1.0 / std::sqrt(double(P));
    ASSERT_NEAR(Rsqrt(P), R, R * std::ldexp(1.0, -22)) << P;
    float Q = Positive(rng());
    double D = double(P) / double(Q);
    if (std::fabs(D) < 1e38 && std::fabs(D) > 1e-37)
      ASSERT_NEAR(DivApprox(P, Q), D, std::fabs(D) * std::ldexp(1.0, -22));
  }
}

//===--- Conversions
//----------------------------------------------------------===//

TEST(PTXSemantics, FloatToIntegerSaturates) {
  struct Case {
    const char *Rounding;
    std::function<double(double)> Round;
  };
  const Case Cases[] = {{"rni", [](double X) { return std::nearbyint(X); }},
                        {"rzi", [](double X) { return std::trunc(X); }},
                        {"rmi", [](double X) { return std::floor(X); }},
                        {"rpi", [](double X) { return std::ceil(X); }}};
  auto Clamp = [](double X, double Lo, double Hi) {
    if (std::isnan(X))
      return 0.0;
    return std::clamp(X, Lo, Hi);
  };
  for (const Case &C : Cases) {
    auto S32 = lower<uint32_t, float>(
        std::string("cvt.") + C.Rounding + ".s32.f32 $0, $1;", "=r,f");
    auto U32 = lower<uint32_t, float>(
        std::string("cvt.") + C.Rounding + ".u32.f32 $0, $1;", "=r,f");
    auto S64 = lower<uint64_t, double>(
        std::string("cvt.") + C.Rounding + ".s64.f64 $0, $1;", "=l,d");
    auto U8 = lower<uint16_t, float>(
        std::string("cvt.") + C.Rounding + ".u8.f32 $0, $1;", "=h,f");
    ASSERT_TRUE(S32 && U32 && S64 && U8);
    auto Check = [&](float X) {
      double R = C.Round(X);
      ASSERT_EQ(S32(X), uint32_t(int32_t(Clamp(R, INT32_MIN, INT32_MAX))))
          << C.Rounding << " " << X;
      ASSERT_EQ(U32(X), uint32_t(Clamp(R, 0, UINT32_MAX)))
          << C.Rounding << " " << X;
      ASSERT_EQ(U8(X), uint16_t(Clamp(R, 0, 255))) << C.Rounding << " " << X;
      double D = double(X) * 1e9;
      double RD = C.Round(D);
      int64_t E = std::isnan(RD) ? 0
                  : RD >= 0x1p63 ? INT64_MAX
                  : RD < -0x1p63 ? INT64_MIN
                                 : int64_t(RD);
      ASSERT_EQ(S64(D), uint64_t(E)) << C.Rounding << " " << D;
    };
    for (float X : edgeFloats())
      Check(X);
    for (int I = 0; I < RandomCount; ++I)
      Check(randomFloat());
  }
}

TEST(PTXSemantics, IntegerToFloatAllRoundingModes) {
  for (const RoundingCase &R : Roundings) {
    std::string M = R.Modifier;
    auto FromS32 =
        lower<float, uint32_t>("cvt" + M + ".f32.s32 $0, $1;", "=f,r");
    auto FromU32 =
        lower<float, uint32_t>("cvt" + M + ".f32.u32 $0, $1;", "=f,r");
    auto FromS64 =
        lower<float, uint64_t>("cvt" + M + ".f32.s64 $0, $1;", "=f,l");
    auto FromU64 =
        lower<float, uint64_t>("cvt" + M + ".f32.u64 $0, $1;", "=f,l");
    auto DFromS64 =
        lower<double, uint64_t>("cvt" + M + ".f64.s64 $0, $1;", "=d,l");
    auto DFromU64 =
        lower<double, uint64_t>("cvt" + M + ".f64.u64 $0, $1;", "=d,l");
    ASSERT_TRUE(FromS32 && FromU32 && FromS64 && FromU64 && DFromS64 &&
                DFromU64);
    forPairs64([&](uint64_t V, uint64_t Shift) {
      V >>= Shift % 64; // all magnitudes
      uint32_t V32 = uint32_t(V);
      auto Ref = [&](auto Fn) { return withRounding(R.HostMode, Fn); };
      ASSERT_TRUE(
          sameFloat(FromS32(V32), Ref([&] { return float(opaque(s32(V32))); })))
          << M << " " << s32(V32);
      ASSERT_TRUE(
          sameFloat(FromU32(V32), Ref([&] { return float(opaque(V32)); })))
          << M << " " << V32;
      ASSERT_TRUE(
          sameFloat(FromS64(V), Ref([&] { return float(opaque(int64_t(V))); })))
          << M << " " << int64_t(V);
      ASSERT_TRUE(sameFloat(FromU64(V), Ref([&] { return float(opaque(V)); })))
          << M << " " << V;
      ASSERT_TRUE(sameFloat(DFromS64(V),
                            Ref([&] { return double(opaque(int64_t(V))); })))
          << M << " " << int64_t(V);
      ASSERT_TRUE(
          sameFloat(DFromU64(V), Ref([&] { return double(opaque(V)); })))
          << M << " " << V;
    });
  }
}

TEST(PTXSemantics, FloatToFloat) {
  for (const RoundingCase &R : Roundings) {
    std::string M = R.Modifier;
    auto Narrow = lower<float, double>("cvt" + M + ".f32.f64 $0, $1;", "=f,d");
    ASSERT_TRUE(Narrow);
    for (int I = 0; I < 4 * RandomCount; ++I) {
      double D = I % 2 ? randomDouble() : double(randomFloat()) * (1 + 0x1p-30);
      float E = withRounding(R.HostMode, [&] { return float(opaque(D)); });
      ASSERT_TRUE(sameFloat(Narrow(D), E)) << M << " " << D;
    }
  }
  auto Widen = lower<double, float>("cvt.f64.f32 $0, $1;", "=d,f");
  auto RoundInt = lower<float, float>("cvt.rni.f32.f32 $0, $1;", "=f,f");
  auto Sat = lower<float, float>("cvt.sat.f32.f32 $0, $1;", "=f,f");
  auto ToHalf = lower<uint16_t, float>("cvt.rn.f16.f32 $0, $1;", "=h,f");
  auto FromHalf = lower<float, uint16_t>("cvt.f32.f16 $0, $1;", "=f,h");
  auto ToBF16 = lower<uint16_t, float>("cvt.rn.bf16.f32 $0, $1;", "=h,f");
  auto FromBF16 = lower<float, uint16_t>("cvt.f32.bf16 $0, $1;", "=f,h");
  ASSERT_TRUE(Widen && RoundInt && Sat && ToHalf && FromHalf && ToBF16 &&
              FromBF16);
  auto RefBF16 = [](float X) -> uint16_t {
    // Nearest of the two bf16 neighbours, ties to the even one.
    uint32_t Bits = std::bit_cast<uint32_t>(X);
    if (std::isnan(X))
      return 0; // any NaN; compared by class below
    if (std::isinf(X))
      return uint16_t(Bits >> 16);
    uint32_t Lo = Bits & 0xffff0000u, Hi = Lo + 0x10000u;
    double DLo = std::bit_cast<float>(Lo), DHi = std::bit_cast<float>(Hi);
    if ((Hi & 0x7f800000u) == 0x7f800000u && (Lo & 0x7fffffffu) == 0x7f7f0000u)
      DHi = std::copysign(0x1p128, X); // rounding up past the largest finite
    double Err1 = std::fabs(double(X) - DLo), Err2 = std::fabs(DHi - double(X));
    if (Err1 < Err2 || (Err1 == Err2 && !(Lo >> 16 & 1)))
      return uint16_t(Lo >> 16);
    return uint16_t(Hi >> 16);
  };
  for (int I = 0; I < 4 * RandomCount; ++I) {
    float X = I < int(edgeFloats().size()) ? edgeFloats()[I] : randomFloat();
    ASSERT_TRUE(sameFloat(Widen(X), double(X)));
    ASSERT_TRUE(sameFloat(RoundInt(X), std::nearbyint(X))) << X;
    float ESat = std::isnan(X) ? 0.0f : std::clamp(X, 0.0f, 1.0f);
    if (ESat == 0)
      ESat = 0.0f;
    ASSERT_TRUE(sameFloat(Sat(X), ESat)) << X;
    _Float16 H = _Float16(X);
    uint16_t HBits;
    std::memcpy(&HBits, &H, 2);
    if (std::isnan(X))
      ASSERT_TRUE(std::isnan(float(std::bit_cast<_Float16>(ToHalf(X)))));
    else
      ASSERT_EQ(ToHalf(X), HBits) << X;
    ASSERT_TRUE(sameFloat(FromHalf(HBits), float(H)));
    uint16_t B = ToBF16(X);
    if (std::isnan(X))
      ASSERT_TRUE(std::isnan(FromBF16(B)));
    else
      ASSERT_EQ(B, RefBF16(X)) << X;
    ASSERT_TRUE(
        sameFloat(FromBF16(B), std::bit_cast<float>(uint32_t(B) << 16)));
  }
}

TEST(PTXSemantics, IntegerToInteger) {
  auto S8 = lower<uint32_t, uint32_t>("cvt.s8.s32 $0, $1;", "=r,r");
  auto SatU8 = lower<uint32_t, uint32_t>("cvt.sat.u8.s32 $0, $1;", "=r,r");
  auto SatS16 = lower<uint16_t, uint32_t>("cvt.sat.s16.u32 $0, $1;", "=h,r");
  auto U32FromS8 = lower<uint32_t, uint32_t>("cvt.u32.s8 $0, $1;", "=r,r");
  auto S64 = lower<uint64_t, uint32_t>("cvt.s64.s32 $0, $1;", "=l,r");
  auto SatS32FromS64 =
      lower<uint32_t, uint64_t>("cvt.sat.s32.s64 $0, $1;", "=r,l");
  auto SatU32FromS64 =
      lower<uint32_t, uint64_t>("cvt.sat.u32.s64 $0, $1;", "=r,l");
  ASSERT_TRUE(S8 && SatU8 && SatS16 && U32FromS8 && S64 && SatS32FromS64 &&
              SatU32FromS64);
  forPairs64([&](uint64_t V, uint64_t) {
    uint32_t V32 = uint32_t(V);
    // A destination register wider than the type gets it sign-extended
    // (signed types) or zero-extended.
    ASSERT_EQ(S8(V32), uint32_t(int32_t(int8_t(V32))));
    ASSERT_EQ(SatU8(V32), uint32_t(std::clamp(s32(V32), 0, 255)));
    ASSERT_EQ(SatS16(V32), uint16_t(int16_t(std::min<uint32_t>(V32, 32767))));
    ASSERT_EQ(U32FromS8(V32), uint32_t(int32_t(int8_t(V32))));
    ASSERT_EQ(S64(V32), uint64_t(int64_t(s32(V32))));
    ASSERT_EQ(SatS32FromS64(V), uint32_t(int32_t(std::clamp<int64_t>(
                                    int64_t(V), INT32_MIN, INT32_MAX))));
    ASSERT_EQ(SatU32FromS64(V),
              uint32_t(std::clamp<int64_t>(int64_t(V), 0, UINT32_MAX)));
  });
}

//===--- Moves, predicates, control flow
//------------------------------------===//

TEST(PTXSemantics, MovePackUnpack) {
  auto Pack =
      lower<uint64_t, uint32_t, uint32_t>("mov.b64 $0, {$1, $2};", "=l,r,r");
  auto Pack16 =
      lower<uint32_t, uint16_t, uint16_t>("mov.b32 $0, {$1, $2};", "=r,h,h");
  auto Bits = lower<uint32_t, float>("mov.b32 $0, $1;", "=r,f");
  auto Imm = lower<float>("mov.f32 $0, 0f3FC00000;", "=f");
  ASSERT_TRUE(Pack && Pack16 && Bits && Imm);
  forPairs32([&](uint32_t A, uint32_t B) {
    ASSERT_EQ(Pack(A, B), uint64_t(B) << 32 | A);
    ASSERT_EQ(Pack16(uint16_t(A), uint16_t(B)),
              (B & 0xffff) << 16 | (A & 0xffff));
    float F = std::bit_cast<float>(A);
    ASSERT_EQ(Bits(F), A);
  });
  EXPECT_EQ(Imm(), 1.5f);
  // Two outputs: unpack.
  std::string Error;
  void *Address = JIT::get().compile("mov.b64 {$0, $1}, $2;", "=r,=r,l",
                                     {"i32", "i32"}, {"i64"}, Error);
  ASSERT_NE(Address, nullptr) << Error;
  auto *Unpack =
      reinterpret_cast<void (*)(uint32_t *, uint32_t *, uint64_t)>(Address);
  uint32_t Lo = 0, Hi = 0;
  Unpack(&Lo, &Hi, 0x1122334455667788ull);
  EXPECT_EQ(Lo, 0x55667788u);
  EXPECT_EQ(Hi, 0x11223344u);
}

TEST(PTXSemantics, TiedOperandsAndGuards) {
  // "+r" becomes an output and a tied input "0".
  auto Tied =
      lower<uint32_t, uint32_t, uint32_t>("add.u32 $0, $0, $1;", "=r,r,0");
  auto Guarded = lower<uint32_t, uint32_t, uint32_t>(
      "{ .reg .pred p; setp.ne.u32 p, $2, 0;"
      "  @p add.u32 $0, $1, 5; @!p sub.u32 $0, $1, 5; }",
      "=r,r,r");
  ASSERT_TRUE(Tied && Guarded);
  forPairs32([&](uint32_t A, uint32_t B) {
    ASSERT_EQ(Tied(A, B), A + B); // $1 = A, tied $2 = B (initial $0)
    ASSERT_EQ(Guarded(A, B), B ? A + 5 : A - 5);
  });
}

TEST(PTXSemantics, BranchesAndLoops) {
  // Sum 1..n with a backward branch and a guarded exit.
  auto Sum = lower<uint32_t, uint32_t>("{ .reg .pred done; .reg .u32 i;\n"
                                       "  mov.u32 $0, 0; mov.u32 i, $1;\n"
                                       "LOOP${:uid}:\n"
                                       "  setp.eq.u32 done, i, 0;\n"
                                       "  @done bra END${:uid};\n"
                                       "  add.u32 $0, $0, i; sub.u32 i, i, 1;\n"
                                       "  bra.uni LOOP${:uid};\n"
                                       "END${:uid}: }",
                                       "=r,r");
  ASSERT_TRUE(Sum);
  for (uint32_t N : {0u, 1u, 2u, 10u, 1000u, 65535u})
    EXPECT_EQ(Sum(N), uint32_t(uint64_t(N) * (N + 1) / 2)) << N;
}

//===--- Memory and atomics, on host addresses ----------------------------===//
//
// Generic, global and shared addresses are all plain pointers on the host,
// so the loads, stores and atomics the builder emits run as they are.

uint64_t addressOf(const void *P) { return reinterpret_cast<uintptr_t>(P); }

TEST(PTXSemantics, LoadsExtendAndOffset) {
  int8_t Bytes[256];
  for (int K = 0; K < 256; ++K)
    Bytes[K] = int8_t(K);
  auto LoadS8 = lower<uint32_t, uint64_t>("ld.s8 $0, [$1];", "=r,l");
  auto LoadU8 = lower<uint32_t, uint64_t>("ld.global.nc.u8 $0, [$1];", "=r,l");
  auto LoadOffset =
      lower<uint32_t, uint64_t>("ld.global.cs.u8 $0, [$1+-3];", "=r,l");
  ASSERT_TRUE(LoadS8 && LoadU8 && LoadOffset);
  for (int K = 0; K < 256; ++K) {
    EXPECT_EQ(LoadS8(addressOf(&Bytes[K])), uint32_t(int32_t(int8_t(K))));
    EXPECT_EQ(LoadU8(addressOf(&Bytes[K])), uint32_t(K));
    if (K >= 3)
      EXPECT_EQ(LoadOffset(addressOf(&Bytes[K])), uint32_t(K - 3));
  }
  alignas(16) uint32_t Words[4] = {10, 200, 3000, 40000};
  auto LoadV4 = lower<uint32_t, uint64_t>(
      "{ .reg .u32 a, b, c, d; ld.global.v4.u32 {a, b, c, d}, [$1];\n"
      "  mul.lo.u32 b, b, 3; add.u32 $0, a, b; sub.u32 $0, $0, c;\n"
      "  xor.b32 $0, $0, d; }",
      "=r,l");
  auto LoadAcquire =
      lower<uint32_t, uint64_t>("ld.acquire.gpu.u32 $0, [$1+8];", "=r,l");
  ASSERT_TRUE(LoadV4 && LoadAcquire);
  EXPECT_EQ(LoadV4(addressOf(Words)), ((10u + 600u) - 3000u) ^ 40000u);
  EXPECT_EQ(LoadAcquire(addressOf(Words)), 3000u);
}

TEST(PTXSemantics, StoresTruncateAndVectorize) {
  alignas(16) uint16_t Halves[8] = {};
  auto Store = lower<uint32_t, uint64_t, uint32_t, uint32_t>(
      "st.global.v4.u16 [$1+8], {$2, $3, 7, $2}; st.u8 [$1], $3;\n"
      "st.release.sys.u16 [$1+2], $2; mov.u32 $0, 0;",
      "=r,l,r,r");
  ASSERT_TRUE(Store);
  Store(addressOf(Halves), 0x12345u, 0xabcdefu);
  EXPECT_EQ(Halves[0], 0x00efu); // one byte written
  EXPECT_EQ(Halves[1], 0x2345u);
  EXPECT_EQ(Halves[4], 0x2345u);
  EXPECT_EQ(Halves[5], 0xcdefu);
  EXPECT_EQ(Halves[6], 7u);
  EXPECT_EQ(Halves[7], 0x2345u);
  EXPECT_EQ(Halves[2], 0u);
}

TEST(PTXSemantics, GuardedAccessesDoNotTouchMemory) {
  auto Access = lower<uint32_t, uint64_t, uint32_t>(
      "{ .reg .pred p; setp.ne.u32 p, $2, 0; mov.u32 $0, 77;\n"
      "  @p ld.u32 $0, [$1]; @p st.u32 [$1], 5; @p red.add.u32 [$1+4], 1;\n"
      "  @p atom.exch.b32 $0, [$1], $0; }",
      "=r,l,r");
  ASSERT_TRUE(Access);
  uint32_t Words[2] = {9, 0};
  EXPECT_EQ(Access(addressOf(Words), 1), 5u);
  EXPECT_EQ(Words[0], 9u);
  EXPECT_EQ(Words[1], 1u);
  // A false predicate: nothing is accessed, not even the null address.
  EXPECT_EQ(Access(0, 0), 77u);
}

TEST(PTXSemantics, AtomicIncDecWrapLikeCuda) {
  auto Inc = lower<uint32_t, uint64_t, uint32_t>(
      "atom.global.inc.u32 $0, [$1], $2;", "=r,l,r");
  auto Dec = lower<uint32_t, uint64_t, uint32_t>(
      "atom.relaxed.cta.dec.u32 $0, [$1], $2;", "=r,l,r");
  ASSERT_TRUE(Inc && Dec);
  const uint32_t Values[] = {0, 1,          2,          5,         6,
                             7, 0x7fffffff, 0xfffffffe, 0xffffffff};
  for (uint32_t Old : Values)
    for (uint32_t B : Values) {
      uint32_t Word = Old;
      EXPECT_EQ(Inc(addressOf(&Word), B), Old);
      EXPECT_EQ(Word, Old >= B ? 0 : Old + 1) << Old << " inc " << B;
      Word = Old;
      EXPECT_EQ(Dec(addressOf(&Word), B), Old);
      EXPECT_EQ(Word, (Old == 0 || Old > B) ? B : Old - 1)
          << Old << " dec " << B;
    }
}

TEST(PTXSemantics, AtomicOperations) {
  auto Add = lower<uint32_t, uint64_t, uint32_t>("atom.add.u32 $0, [$1], $2;",
                                                 "=r,l,r");
  auto MinS = lower<uint32_t, uint64_t, uint32_t>("atom.min.s32 $0, [$1], $2;",
                                                  "=r,l,r");
  auto MaxU = lower<uint32_t, uint64_t, uint32_t>("atom.max.u32 $0, [$1], $2;",
                                                  "=r,l,r");
  auto Exch = lower<uint64_t, uint64_t, uint64_t>("atom.exch.b64 $0, [$1], $2;",
                                                  "=l,l,l");
  auto Cas = lower<uint32_t, uint64_t, uint32_t, uint32_t>(
      "atom.acq_rel.gpu.cas.b32 $0, [$1], $2, $3;", "=r,l,r,r");
  auto FAdd = lower<float, uint64_t, float>("atom.global.add.f32 $0, [$1], $2;",
                                            "=f,l,f");
  auto Xor = lower<uint32_t, uint64_t, uint32_t>(
      "red.xor.b32 [$1], $2; mov.u32 $0, 0;", "=r,l,r");
  ASSERT_TRUE(Add && MinS && MaxU && Exch && Cas && FAdd && Xor);
  for (int K = 0; K < RandomCount; ++K) {
    uint32_t Old = uint32_t(rng()()), B = uint32_t(rng()()),
             C = uint32_t(rng()());
    uint32_t W = Old;
    EXPECT_EQ(Add(addressOf(&W), B), Old);
    EXPECT_EQ(W, Old + B);
    W = Old;
    MinS(addressOf(&W), B);
    EXPECT_EQ(W, uint32_t(std::min(int32_t(Old), int32_t(B))));
    W = Old;
    MaxU(addressOf(&W), B);
    EXPECT_EQ(W, std::max(Old, B));
    W = Old;
    Xor(addressOf(&W), B);
    EXPECT_EQ(W, Old ^ B);
    // cas: swaps only when memory holds the compared value.
    uint32_t Compare = (K & 1) ? Old : B;
    W = Old;
    EXPECT_EQ(Cas(addressOf(&W), Compare, C), Old);
    EXPECT_EQ(W, Compare == Old ? C : Old);
    uint64_t Wide = (uint64_t(Old) << 32) | B, New = (uint64_t(C) << 32) | K;
    uint64_t Cell = Wide;
    EXPECT_EQ(Exch(addressOf(&Cell), New), Wide);
    EXPECT_EQ(Cell, New);
  }
  float F = 1.5f;
  EXPECT_EQ(FAdd(addressOf(&F), 2.25f), 1.5f);
  EXPECT_EQ(F, 3.75f);
}

TEST(PTXSemantics, CpAsyncCopiesAndZeroFills) {
  auto Copy = lower<uint32_t, uint64_t, uint64_t, uint32_t>(
      "cp.async.ca.shared.global [$1], [$2], 16, $3;\n"
      "cp.async.commit_group; cp.async.wait_group 0; mov.u32 $0, 0;",
      "=r,l,l,r");
  ASSERT_TRUE(Copy);
  alignas(16) uint8_t Source[16], Dest[16];
  for (int K = 0; K < 16; ++K)
    Source[K] = uint8_t(K + 1);
  for (uint32_t SourceSize : {0u, 1u, 7u, 16u, 100u}) {
    std::memset(Dest, 0xee, sizeof(Dest));
    Copy(addressOf(Dest), addressOf(Source), SourceSize);
    for (uint32_t K = 0; K < 16; ++K)
      EXPECT_EQ(Dest[K], K < SourceSize ? Source[K] : 0) << SourceSize;
  }
}

//===--- Half precision
//-----------------------------------------------------===//
//
// References decode the 16-bit operands exactly into long double, compute
// the exact result (a product of two 11-bit significands and its sum with a
// third value are exact in long double with a TwoSum error), and round it
// once to nearest even into the format.

struct HalfFormat {
  bool Brain;    ///< bf16, else f16.
  int Precision; ///< Significand bits, the implicit one included.
  int MinExponent, MaxExponent;
};
constexpr HalfFormat F16Format{false, 11, -14, 15};
constexpr HalfFormat BF16Format{true, 8, -126, 127};

long double decodeHalf(uint16_t Bits, const HalfFormat &F) {
  int ExponentBits = F.Brain ? 8 : 5, FractionBits = F.Precision - 1;
  int Bias = (1 << (ExponentBits - 1)) - 1;
  int Exponent = (Bits >> FractionBits) & ((1 << ExponentBits) - 1);
  int Fraction = Bits & ((1 << FractionBits) - 1);
  long double Magnitude;
  if (Exponent == (1 << ExponentBits) - 1)
    Magnitude = Fraction ? std::numeric_limits<long double>::quiet_NaN()
                         : std::numeric_limits<long double>::infinity();
  else if (Exponent == 0)
    Magnitude = std::ldexp((long double)Fraction, 1 - Bias - FractionBits);
  else
    Magnitude = std::ldexp((long double)((1 << FractionBits) | Fraction),
                           Exponent - Bias - FractionBits);
  return (Bits & 0x8000) ? -Magnitude : Magnitude;
}

bool isHalfNaN(uint16_t Bits, const HalfFormat &F) {
  return F.Brain ? (Bits & 0x7f80) == 0x7f80 && (Bits & 0x7f)
                 : (Bits & 0x7c00) == 0x7c00 && (Bits & 0x3ff);
}

/// Value + Error (exact; Error below Value's last bit) rounded to nearest
/// even into F.
uint16_t roundToHalf(long double Value, long double Error,
                     const HalfFormat &F) {
  int ExponentBits = F.Brain ? 8 : 5, FractionBits = F.Precision - 1;
  int Bias = (1 << (ExponentBits - 1)) - 1;
  if (std::isnan(Value))
    return 0x7fff;
  uint16_t Sign = std::signbit(Value) ? 0x8000 : 0;
  uint16_t Infinity = uint16_t(((1 << ExponentBits) - 1) << FractionBits);
  long double Magnitude = std::fabs(Value);
  long double MagnitudeError = Value < 0 ? -Error : Error;
  if (std::isinf(Magnitude))
    return Sign | Infinity;
  if (Magnitude == 0)
    return Sign;
  int Exponent = std::max(std::ilogb(Magnitude), F.MinExponent);
  int Quantum = Exponent - FractionBits;
  long double Scaled = std::ldexp(Magnitude, -Quantum);
  long double Whole = std::floor(Scaled), Rest = Scaled - Whole;
  bool Up = Rest > 0.5L ||
            (Rest == 0.5L &&
             (MagnitudeError > 0 ||
              (MagnitudeError == 0 && std::fmod(Whole, 2.0L) == 1.0L)));
  if (Rest == 0 && MagnitudeError < 0)
    Up = false;
  Whole += Up;
  long double Rounded = std::ldexp(Whole, Quantum);
  if (Rounded >= std::ldexp(2.0L, F.MaxExponent))
    return Sign | Infinity;
  if (Rounded < std::ldexp(1.0L, F.MinExponent))
    return Sign |
           uint16_t(std::ldexp(Rounded, -(F.MinExponent - FractionBits)));
  int E = std::ilogb(Rounded);
  uint16_t Fraction =
      uint16_t(std::ldexp(Rounded, FractionBits - E) - (1 << FractionBits));
  return Sign | uint16_t((E + Bias) << FractionBits) | Fraction;
}

uint16_t flushHalf(uint16_t Bits) {
  return (Bits & 0x7c00) == 0 ? Bits & 0x8000 : Bits;
}

std::vector<uint16_t> halfOperands(const HalfFormat &F) {
  std::vector<uint16_t> Values =
      F.Brain ? std::vector<uint16_t>{0x0000, 0x8000, 0x3f80, 0xbf80, 0x7f7f,
                                      0xff7f, 0x0080, 0x0001, 0x807f, 0x7f80,
                                      0xff80, 0x7fc0, 0x4000, 0x3f81, 0x3c00}
              : std::vector<uint16_t>{0x0000, 0x8000, 0x3c00, 0xbc00, 0x7bff,
                                      0xfbff, 0x0400, 0x0001, 0x83ff, 0x7c00,
                                      0xfc00, 0x7e00, 0x4000, 0x3c01, 0x1400};
  for (int K = 0; K < 60; ++K)
    Values.push_back(uint16_t(rng()()));
  return Values;
}

bool sameHalf(uint16_t Got, uint16_t Want, const HalfFormat &F) {
  if (isHalfNaN(Want, F))
    return isHalfNaN(Got, F);
  return Got == Want;
}

TEST(PTXSemantics, HalfAddSubMulCorrectlyRounded) {
  for (const HalfFormat &F : {F16Format, BF16Format}) {
    std::string T = F.Brain ? ".bf16" : ".f16";
    auto Add = lower<uint16_t, uint16_t, uint16_t>(
        "add.rn" + T + " $0, $1, $2;", "=h,h,h");
    auto Sub = lower<uint16_t, uint16_t, uint16_t>(
        "sub.rn" + T + " $0, $1, $2;", "=h,h,h");
    auto Mul = lower<uint16_t, uint16_t, uint16_t>(
        "mul.rn" + T + " $0, $1, $2;", "=h,h,h");
    ASSERT_TRUE(Add && Sub && Mul);
    auto Values = halfOperands(F);
    for (uint16_t A : Values)
      for (uint16_t B : Values) {
        long double X = decodeHalf(A, F), Y = decodeHalf(B, F);
        auto TwoSum = [](long double P, long double Q) {
          long double Sum = P + Q, V = Sum - P;
          long double E = (P - (Sum - V)) + (Q - V);
          return std::pair(Sum, std::isfinite(Sum) ? E : 0.0L);
        };
        auto [S, Error] = TwoSum(X, Y);
        EXPECT_PRED3(sameHalf, Add(A, B), roundToHalf(S, Error, F), F)
            << T << " " << std::hex << A << " + " << B;
        auto [D, DError] = TwoSum(X, -Y);
        EXPECT_PRED3(sameHalf, Sub(A, B), roundToHalf(D, DError, F), F)
            << T << " " << std::hex << A << " - " << B;
        EXPECT_PRED3(sameHalf, Mul(A, B), roundToHalf(X * Y, 0, F), F)
            << T << " " << std::hex << A << " * " << B;
      }
  }
}

TEST(PTXSemantics, HalfFmaSingleRounding) {
  for (const HalfFormat &F : {F16Format, BF16Format}) {
    std::string T = F.Brain ? ".bf16" : ".f16";
    auto Fma = lower<uint16_t, uint16_t, uint16_t, uint16_t>(
        "fma.rn" + T + " $0, $1, $2, $3;", "=h,h,h,h");
    auto Relu = lower<uint16_t, uint16_t, uint16_t, uint16_t>(
        "fma.rn.relu" + T + " $0, $1, $2, $3;", "=h,h,h,h");
    ASSERT_TRUE(Fma && Relu);
    auto Values = halfOperands(F);
    auto Check = [&](uint16_t A, uint16_t B, uint16_t C) {
      long double P = decodeHalf(A, F) * decodeHalf(B, F); // exact
      long double Z = decodeHalf(C, F);
      long double S = P + Z;
      long double V = S - P;
      long double Error = (P - (S - V)) + (Z - V); // TwoSum
      if (!std::isfinite(S))
        Error = 0;
      uint16_t Want = roundToHalf(S, Error, F);
      EXPECT_PRED3(sameHalf, Fma(A, B, C), Want, F)
          << T << " fma " << std::hex << A << " " << B << " " << C;
      uint16_t WantRelu = isHalfNaN(Want, F) ? uint16_t(0x7fff)
                          : (Want & 0x8000) && (Want & 0x7fff) ? uint16_t(0)
                                                               : Want;
      EXPECT_EQ(Relu(A, B, C), WantRelu)
          << T << " fma.relu " << std::hex << A << " " << B << " " << C;
    };
    for (uint16_t A : Values)
      for (uint16_t B : Values)
        Check(A, B, Values[(A * 31 + B) % Values.size()]);
    for (int K = 0; K < 20 * RandomCount; ++K)
      Check(uint16_t(rng()()), uint16_t(rng()()), uint16_t(rng()()));
    // A product far below the addend's last bit decides a tie (no double
    // rounding through a wider format).
    if (!F.Brain)
      for (uint16_t C : {uint16_t(0x7801), uint16_t(0x77ff), uint16_t(0xf801)})
        for (uint16_t Tiny : {uint16_t(0x0001), uint16_t(0x8001)})
          Check(Tiny, 0x0001, C);
  }
}

TEST(PTXSemantics, HalfFlushSaturateAndPacked) {
  auto AddFtzSat = lower<uint16_t, uint16_t, uint16_t>(
      "add.rn.ftz.sat.f16 $0, $1, $2;", "=h,h,h");
  auto AddX2 =
      lower<uint32_t, uint32_t, uint32_t>("add.rn.f16x2 $0, $1, $2;", "=r,r,r");
  auto FmaBX2 = lower<uint32_t, uint32_t, uint32_t, uint32_t>(
      "fma.rn.bf16x2 $0, $1, $2, $3;", "=r,r,r,r");
  ASSERT_TRUE(AddFtzSat && AddX2 && FmaBX2);
  auto Values = halfOperands(F16Format);
  for (uint16_t A : Values)
    for (uint16_t B : Values) {
      long double X = decodeHalf(flushHalf(A), F16Format),
                  Y = decodeHalf(flushHalf(B), F16Format);
      long double S = X + Y; // exact in long double for f16 operands
      long double Clamped = std::isnan(S) ? 0 : std::clamp(S, 0.0L, 1.0L);
      EXPECT_PRED3(
          sameHalf, AddFtzSat(A, B),
          flushHalf(roundToHalf(Clamped == 0 ? 0 : Clamped, 0, F16Format)),
          F16Format)
          << std::hex << A << " + " << B;
    }
  for (int K = 0; K < RandomCount; ++K) {
    uint32_t A = uint32_t(rng()()), B = uint32_t(rng()()),
             C = uint32_t(rng()());
    uint32_t Sum = AddX2(A, B), Fma = FmaBX2(A, B, C);
    for (int Lane = 0; Lane < 2; ++Lane) {
      auto Half = [&](uint32_t V) { return uint16_t(V >> (16 * Lane)); };
      long double X = decodeHalf(Half(A), F16Format),
                  Y = decodeHalf(Half(B), F16Format);
      EXPECT_PRED3(sameHalf, Half(Sum), roundToHalf(X + Y, 0, F16Format),
                   F16Format);
      long double P =
          decodeHalf(Half(A), BF16Format) * decodeHalf(Half(B), BF16Format);
      long double Z = decodeHalf(Half(C), BF16Format), S = P + Z, V = S - P;
      long double Error = std::isfinite(S) ? (P - (S - V)) + (Z - V) : 0;
      EXPECT_PRED3(sameHalf, Half(Fma), roundToHalf(S, Error, BF16Format),
                   BF16Format);
    }
  }
}

TEST(PTXSemantics, HalfMinMaxAbsNeg) {
  for (const HalfFormat &F : {F16Format, BF16Format}) {
    std::string T = F.Brain ? ".bf16" : ".f16";
    auto Min = lower<uint16_t, uint16_t, uint16_t>("min" + T + " $0, $1, $2;",
                                                   "=h,h,h");
    auto MaxNaN = lower<uint16_t, uint16_t, uint16_t>(
        "max.NaN" + T + " $0, $1, $2;", "=h,h,h");
    auto Abs = lower<uint16_t, uint16_t>("abs" + T + " $0, $1;", "=h,h");
    auto Neg = lower<uint16_t, uint16_t>("neg" + T + " $0, $1;", "=h,h");
    ASSERT_TRUE(Min && MaxNaN && Abs && Neg);
    auto Values = halfOperands(F);
    for (uint16_t A : Values) {
      EXPECT_EQ(Abs(A), A & 0x7fff);
      EXPECT_EQ(Neg(A), A ^ 0x8000);
      for (uint16_t B : Values) {
        bool NaNA = isHalfNaN(A, F), NaNB = isHalfNaN(B, F);
        long double X = decodeHalf(A, F), Y = decodeHalf(B, F);
        // min: a NaN operand is ignored; -0 < +0.
        uint16_t WantMin = NaNA && NaNB ? uint16_t(0x7fff)
                           : NaNA       ? B
                           : NaNB       ? A
                           : X < Y || (X == Y && (A & 0x8000)) ? A
                                                               : B;
        EXPECT_PRED3(sameHalf, Min(A, B), WantMin, F)
            << T << std::hex << " min " << A << " " << B;
        uint16_t WantMax = NaNA || NaNB ? uint16_t(0x7fff)
                           : X > Y || (X == Y && !(A & 0x8000)) ? A
                                                                : B;
        EXPECT_PRED3(sameHalf, MaxNaN(A, B), WantMax, F)
            << T << std::hex << " max.NaN " << A << " " << B;
      }
    }
  }
}

// atom/red on f16, f16x2 and bf16x2: each half gets old + b rounded once to
// nearest even; atom returns the old word.
TEST(PTXSemantics, PackedHalfAtomics) {
  auto AddF16x2 = lower<uint32_t, uint64_t, uint32_t>(
      "atom.global.add.noftz.f16x2 $0, [$1], $2;", "=r,l,r");
  auto AddBF16x2 = lower<uint32_t, uint64_t, uint32_t>(
      "atom.add.noftz.bf16x2 $0, [$1], $2;", "=r,l,r");
  auto RedF16x2 = lower<uint32_t, uint64_t, uint32_t>(
      "red.global.add.noftz.f16x2 [$1], $2; mov.u32 $0, 0;", "=r,l,r");
  auto AddF16 = lower<uint16_t, uint64_t, uint16_t>(
      "atom.add.noftz.f16 $0, [$1], $2;", "=h,l,h");
  ASSERT_TRUE(AddF16x2 && AddBF16x2 && RedF16x2 && AddF16);
  for (const HalfFormat &F : {F16Format, BF16Format}) {
    std::vector<uint16_t> Values = halfOperands(F);
    for (size_t K = 0; K + 3 < Values.size(); ++K) {
      uint16_t A0 = Values[K], A1 = Values[K + 1], B0 = Values[K + 2],
               B1 = Values[(K * 7 + 3) % Values.size()];
      uint32_t Old = A0 | uint32_t(A1) << 16, B = B0 | uint32_t(B1) << 16;
      auto Sum = [&](uint16_t X, uint16_t Y) {
        return roundToHalf(decodeHalf(X, F) + decodeHalf(Y, F), 0, F);
      };
      // A bf16 sum in the subnormal range is the atomic unit's business
      // (IR atomicrmw fadd; the host JIT's x86 expansion flushes it).
      auto Subnormal = [&](uint16_t X, uint16_t Y) {
        uint16_t R = Sum(X, Y);
        return F.Brain && (R & 0x7f80) == 0 && (R & 0x7f) != 0;
      };
      if (Subnormal(A0, B0) || Subnormal(A1, B1))
        continue;
      for (bool Reduction : {false, true}) {
        if (Reduction && F.Brain)
          continue;
        uint32_t Word = Old;
        uint32_t Got = Reduction ? RedF16x2(addressOf(&Word), B)
                       : F.Brain ? AddBF16x2(addressOf(&Word), B)
                                 : AddF16x2(addressOf(&Word), B);
        if (!Reduction)
          EXPECT_EQ(Got, Old);
        EXPECT_TRUE(sameHalf(uint16_t(Word), Sum(A0, B0), F))
            << std::hex << A0 << " + " << B0 << " = " << Word;
        EXPECT_TRUE(sameHalf(uint16_t(Word >> 16), Sum(A1, B1), F))
            << std::hex << A1 << " + " << B1 << " = " << Word;
      }
      if (!F.Brain) {
        uint16_t Half = A0;
        EXPECT_EQ(AddF16(addressOf(&Half), B0), A0);
        EXPECT_TRUE(sameHalf(Half, Sum(A0, B0), F));
      }
    }
  }
}

TEST(PTXSemantics, HalfApproximateFunctions) {
  for (const HalfFormat &F : {F16Format, BF16Format}) {
    std::string T = F.Brain ? ".ftz.bf16" : ".f16";
    auto Ex2 = lower<uint16_t, uint16_t>("ex2.approx" + T + " $0, $1;", "=h,h");
    ASSERT_TRUE(Ex2);
    long double Ulp = std::ldexp(1.0L, 1 - F.Precision);
    for (int K = 0; K < 2000; ++K) {
      uint16_t A = uint16_t(rng()());
      long double X = decodeHalf(A, F);
      if (std::isnan(X) || std::fabs(X) > 14)
        continue;
      long double Want = std::exp2(X);
      long double Got = decodeHalf(Ex2(A), F);
      if (Want < std::ldexp(1.0L, F.MinExponent))
        continue; // subnormal results: absolute error only
      EXPECT_LE(std::fabs(Got - Want) / Want, Ulp) << T << std::hex << " " << A;
    }
  }
}

TEST(PTXSemantics, ConvertToPackedHalfAndTF32) {
  auto ToF16x2 =
      lower<uint32_t, float, float>("cvt.rn.f16x2.f32 $0, $1, $2;", "=r,f,f");
  auto ToBF16x2 = lower<uint32_t, float, float>(
      "cvt.rn.relu.satfinite.bf16x2.f32 $0, $1, $2;", "=r,f,f");
  auto ToF16Sat =
      lower<uint16_t, float>("cvt.rn.satfinite.f16.f32 $0, $1;", "=h,f");
  auto ToTF32 = lower<uint32_t, float>("cvt.rna.tf32.f32 $0, $1;", "=r,f");
  ASSERT_TRUE(ToF16x2 && ToBF16x2 && ToF16Sat && ToTF32);
  std::vector<float> Inputs = edgeFloats();
  for (float X : {65504.0f, 65519.0f, 65520.0f, -1e6f, 3.0e38f, 1e-8f, -1e-8f,
                  0x1.002p0f, 0x1.006p0f, 0x1.0030p0f})
    Inputs.push_back(X);
  for (int K = 0; K < RandomCount; ++K)
    Inputs.push_back(randomFloat());
  auto SatFinite = [](uint16_t Bits, const HalfFormat &F) {
    uint16_t Inf = F.Brain ? 0x7f80 : 0x7c00;
    return (Bits & 0x7fff) == Inf ? uint16_t((Bits & 0x8000) | (Inf - 1))
                                  : Bits;
  };
  for (size_t K = 0; K < Inputs.size(); ++K) {
    float A = Inputs[K], B = Inputs[(K * 7 + 3) % Inputs.size()];
    uint32_t Packed = ToF16x2(A, B);
    EXPECT_PRED3(sameHalf, uint16_t(Packed >> 16), roundToHalf(A, 0, F16Format),
                 F16Format)
        << A;
    EXPECT_PRED3(sameHalf, uint16_t(Packed), roundToHalf(B, 0, F16Format),
                 F16Format)
        << B;
    EXPECT_PRED3(sameHalf, ToF16Sat(A),
                 SatFinite(roundToHalf(A, 0, F16Format), F16Format), F16Format)
        << A;
    // relu: negative results become +0, NaN the canonical NaN.
    auto Relu = [&](float X) {
      uint16_t Bits = SatFinite(roundToHalf(X, 0, BF16Format), BF16Format);
      if (std::isnan(X))
        return uint16_t(0x7fff);
      return (Bits & 0x8000) && (Bits & 0x7fff) ? uint16_t(0) : Bits;
    };
    uint32_t BPacked = ToBF16x2(A, B);
    EXPECT_EQ(uint16_t(BPacked >> 16), Relu(A)) << A;
    EXPECT_EQ(uint16_t(BPacked), Relu(B)) << B;
    // tf32: 11 significant bits, ties away from zero, in an f32 container.
    uint32_t Got = ToTF32(A);
    if (std::isnan(A)) {
      EXPECT_TRUE(std::isnan(std::bit_cast<float>(Got)));
      continue;
    }
    long double Magnitude = std::fabs((long double)A), Want = 0;
    if (Magnitude != 0 && !std::isinf(Magnitude)) {
      int Quantum = std::max(std::ilogb(Magnitude), -126) - 10;
      Want = std::ldexp(std::floor(std::ldexp(Magnitude, -Quantum) + 0.5L),
                        Quantum);
    } else {
      Want = Magnitude;
    }
    float WantFloat = float(std::signbit(A) ? -Want : Want);
    EXPECT_EQ(Got, std::bit_cast<uint32_t>(WantFloat)) << A;
    EXPECT_EQ(Got & 0x1fff, 0u) << A;
  }
}

TEST(PTXSemantics, ConvertPackSaturates) {
  auto PackU8 = lower<uint32_t, uint32_t, uint32_t, uint32_t>(
      "cvt.pack.sat.u8.s32.b32 $0, $1, $2, $3;", "=r,r,r,r");
  auto PackS16 = lower<uint32_t, uint32_t, uint32_t>(
      "cvt.pack.sat.s16.s32 $0, $1, $2;", "=r,r,r");
  auto PackS8U = lower<uint32_t, uint32_t, uint32_t, uint32_t>(
      "cvt.pack.sat.s8.u32.b32 $0, $1, $2, $3;", "=r,r,r,r");
  ASSERT_TRUE(PackU8 && PackS16 && PackS8U);
  auto Clamp = [](int64_t V, int64_t Lo, int64_t Hi) {
    return uint32_t(std::clamp(V, Lo, Hi));
  };
  forPairs32([&](uint32_t A, uint32_t B) {
    uint32_t C = A * 2654435761u ^ B;
    int64_t SA = int32_t(A), SB = int32_t(B);
    EXPECT_EQ(PackU8(A, B, C),
              (C << 16) | (Clamp(SA, 0, 255) << 8) | Clamp(SB, 0, 255));
    EXPECT_EQ(PackS16(A, B), (Clamp(SA, -32768, 32767) << 16) |
                                 (Clamp(SB, -32768, 32767) & 0xffff));
    EXPECT_EQ(PackS8U(A, B, C), (C << 16) |
                                    ((Clamp(A, -128, 127) & 0xff) << 8) |
                                    (Clamp(B, -128, 127) & 0xff));
  });
}

TEST(PTXSemantics, HalfComparisons) {
  for (const HalfFormat &F : {F16Format, BF16Format}) {
    std::string T = F.Brain ? ".bf16" : ".f16";
    auto Lt = lower<uint32_t, uint16_t, uint16_t>(
        "{ .reg .pred p; setp.lt" + T + " p, $1, $2; selp.u32 $0, 1, 0, p; }",
        "=r,h,h");
    auto Geu = lower<uint32_t, uint16_t, uint16_t>(
        "{ .reg .pred p; setp.geu" + T + " p, $1, $2; selp.u32 $0, 1, 0, p; }",
        "=r,h,h");
    // p: the lower halves, q: the upper halves.
    auto EqX2 = lower<uint32_t, uint32_t, uint32_t>(
        "{ .reg .pred p, q; setp.eq" + T +
            "x2 p|q, $1, $2;\n"
            "  selp.u32 $0, 1, 0, p; @q or.b32 $0, $0, 2; }",
        "=r,r,r");
    ASSERT_TRUE(Lt && Geu && EqX2);
    auto Values = halfOperands(F);
    for (uint16_t A : Values)
      for (uint16_t B : Values) {
        long double X = decodeHalf(A, F), Y = decodeHalf(B, F);
        EXPECT_EQ(Lt(A, B), uint32_t(X < Y)) << T << std::hex << A << " " << B;
        EXPECT_EQ(Geu(A, B), uint32_t(!(X < Y)))
            << T << std::hex << A << " " << B;
        uint32_t PairA = uint32_t(A) | uint32_t(B) << 16,
                 PairB = uint32_t(B) | uint32_t(B) << 16;
        EXPECT_EQ(EqX2(PairA, PairB), uint32_t(X == Y) | (Y == Y ? 2u : 0u))
            << T << std::hex << A << " " << B;
      }
  }
  auto LtFtz = lower<uint32_t, uint16_t, uint16_t>(
      "{ .reg .pred p; setp.lt.ftz.f16 p, $1, $2; selp.u32 $0, 1, 0, p; }",
      "=r,h,h");
  ASSERT_TRUE(LtFtz);
  EXPECT_EQ(LtFtz(0x0000, 0x0001), 0u); // the subnormal is flushed to +0
  EXPECT_EQ(LtFtz(0x0000, 0x0400), 1u);
}

// Video instructions against references written from the PTX ISA's
// pseudocode ("Scalar Video Instructions": partSelectSignExtend,
// optSaturate, optSecOp, optMerge; "SIMD Video Instructions":
// extractAndSignExt_2/_4, the lane loop, extractMaskBits), computed in
// __int128 so that nothing wraps before the final 32 bits.
using Wide = __int128;

Wide extendField(uint64_t Field, unsigned Bits, bool Signed) {
  if (Signed && (Field >> (Bits - 1)) & 1)
    return Wide(Field) - (Wide(1) << Bits);
  return Wide(Field);
}

Wide clampTo(Wide X, unsigned Bits, bool Signed) {
  Wide Lo = Signed ? -(Wide(1) << (Bits - 1)) : 0;
  Wide Hi = Signed ? (Wide(1) << (Bits - 1)) - 1 : (Wide(1) << Bits) - 1;
  return std::clamp(X, Lo, Hi);
}

struct ScalarVideoCase {
  std::string Op; ///< vadd vsub vabsdiff vmin vmax vshl vshr
  bool SignedD, SignedA, SignedB, Sat;
  std::string Mode;             ///< vshl/vshr: "clamp" or "wrap"
  std::string Op2;              ///< "", "add", "min", "max"
  std::string ASel, BSel, DSel; ///< "", "b0".."b3", "h0", "h1"

  bool shift() const { return Op == "vshl" || Op == "vshr"; }
  bool hasC() const { return !Op2.empty() || !DSel.empty(); }
  std::string text() const {
    auto T = [](bool S) { return S ? ".s32" : ".u32"; };
    auto Sel = [](const std::string &S) { return S.empty() ? "" : "." + S; };
    std::string Text = Op + T(SignedD) + T(SignedA) + T(SignedB) +
                       (Sat ? ".sat" : "") + (shift() ? "." + Mode : "") +
                       (Op2.empty() ? "" : "." + Op2) + " $0" + Sel(DSel) +
                       ", $1" + Sel(ASel) + ", $2" + Sel(BSel);
    return Text + (hasC() ? ", $3;" : ";");
  }

  uint32_t reference(uint32_t A, uint32_t B, uint32_t C) const {
    auto PartSelect = [](uint32_t V, bool Signed, const std::string &Sel) {
      if (Sel.empty())
        return extendField(V, 32, Signed);
      unsigned Bits = Sel[0] == 'b' ? 8 : 16, K = Sel[1] - '0';
      return extendField((V >> (K * Bits)) & ((1u << Bits) - 1), Bits, Signed);
    };
    Wide TA = PartSelect(A, SignedA, ASel);
    Wide TB = PartSelect(B, shift() ? false : SignedB, BSel);
    Wide Tmp = 0;
    if (Op == "vadd")
      Tmp = TA + TB;
    else if (Op == "vsub")
      Tmp = TA - TB;
    else if (Op == "vabsdiff")
      Tmp = TA > TB ? TA - TB : TB - TA;
    else if (Op == "vmin")
      Tmp = std::min(TA, TB);
    else if (Op == "vmax")
      Tmp = std::max(TA, TB);
    else {
      if (Mode == "clamp" && TB > 32)
        TB = 32;
      if (Mode == "wrap")
        TB &= 0x1f;
      Tmp = Op == "vshl" ? TA * (Wide(1) << int(TB)) : TA >> int(TB);
    }
    if (Sat) // optSaturate
      Tmp = clampTo(Tmp, DSel.empty() ? 32 : DSel[0] == 'b' ? 8 : 16, SignedD);
    Wide WC = extendField(C, 32, SignedD);
    if (Op2 == "add") // optSecOp
      Tmp = Tmp + WC;
    else if (Op2 == "min")
      Tmp = std::min(Tmp, WC);
    else if (Op2 == "max")
      Tmp = std::max(Tmp, WC);
    if (!DSel.empty()) { // optMerge
      unsigned Bits = DSel[0] == 'b' ? 8 : 16, K = DSel[1] - '0';
      uint32_t Mask = uint32_t((uint64_t(1) << Bits) - 1) << (K * Bits);
      return ((uint32_t(Tmp) << (K * Bits)) & Mask) | (C & ~Mask);
    }
    return uint32_t(Tmp);
  }
};

struct SimdVideoCase {
  std::string Op; ///< vadd vsub vavrg vabsdiff vmin vmax
  unsigned Lanes; ///< 2 or 4
  bool SignedD, SignedA, SignedB, Sat, Add;
  std::string Mask, ASel, BSel; ///< "" (default), "h10", "b3120", ...

  std::string text() const {
    auto T = [](bool S) { return S ? ".s32" : ".u32"; };
    auto Sel = [](const std::string &S) { return S.empty() ? "" : "." + S; };
    return Op + std::to_string(Lanes) + T(SignedD) + T(SignedA) + T(SignedB) +
           (Sat ? ".sat" : "") + (Add ? ".add" : "") + " $0" + Sel(Mask) +
           ", $1" + Sel(ASel) + ", $2" + Sel(BSel) + ", $3;";
  }

  uint32_t reference(uint32_t A, uint32_t B, uint32_t C) const {
    unsigned Bits = 32 / Lanes;
    uint64_t LaneBits = (uint64_t(1) << Bits) - 1;
    // extractAndSignExt: element E of the pair {b, a} (a holds 0..Lanes-1);
    // a selector's digits name lanes most significant first.
    uint64_t Pair = (uint64_t(B) << 32) | A;
    auto Extract = [&](const std::string &Sel, unsigned I, unsigned Default,
                       bool Signed) {
      unsigned E = Sel.empty() ? Default + I : Sel[Lanes - I] - '0';
      return extendField((Pair >> (E * Bits)) & LaneBits, Bits, Signed);
    };
    uint32_t D = Add ? C : 0;
    for (unsigned I = 0; I < Lanes; ++I) {
      Wide Va = Extract(ASel, I, 0, SignedA),
           Vb = Extract(BSel, I, Lanes, SignedB);
      Wide T = 0;
      if (Op == "vadd")
        T = Va + Vb;
      else if (Op == "vsub")
        T = Va - Vb;
      else if (Op == "vavrg")
        T = Va + Vb >= 0 ? (Va + Vb + 1) >> 1 : (Va + Vb) >> 1;
      else if (Op == "vabsdiff")
        T = Va > Vb ? Va - Vb : Vb - Va;
      else if (Op == "vmin")
        T = std::min(Va, Vb);
      else
        T = std::max(Va, Vb);
      if (Sat)
        T = clampTo(T, Bits, SignedD);
      bool InMask =
          Mask.empty() || Mask.find(char('0' + I)) != std::string::npos;
      uint32_t Vc = uint32_t((C >> (I * Bits)) & LaneBits);
      if (Add)
        D += InMask ? uint32_t(T) : 0;
      else
        D |= uint32_t(((InMask ? uint32_t(T) : Vc) & LaneBits) << (I * Bits));
    }
    return D;
  }
};

/// (a, b, c) triples: word edges, bytes from an interesting set (shift
/// counts near 32, sign boundaries), random words.
const std::vector<std::array<uint32_t, 3>> &videoInputs() {
  static const std::vector<std::array<uint32_t, 3>> Inputs = [] {
    std::vector<std::array<uint32_t, 3>> V;
    std::mt19937_64 Gen(4);
    const uint8_t Bytes[] = {0,    1,    2,    0x1f, 0x20, 0x21, 0x3f,
                             0x7f, 0x80, 0x81, 0xfe, 0xff, 0x40, 0xc0};
    auto ByteWord = [&] {
      uint32_t W = 0;
      for (int K = 0; K < 4; ++K)
        W |= uint32_t(Bytes[Gen() % std::size(Bytes)]) << (8 * K);
      return W;
    };
    auto Edges = edges32();
    for (size_t I = 0; I < Edges.size(); ++I)
      for (size_t J = 0; J < Edges.size(); J += 3)
        V.push_back({Edges[I], Edges[J], Edges[(I + J) % Edges.size()]});
    for (int I = 0; I < 150; ++I)
      V.push_back({ByteWord(), ByteWord(), ByteWord()});
    for (int I = 0; I < 150; ++I)
      V.push_back({uint32_t(Gen()), uint32_t(Gen()), uint32_t(Gen())});
    return V;
  }();
  return Inputs;
}

TEST(PTXSemantics, VideoScalarSelectorsMergeAndSecondaryOps) {
  const char *Ops[] = {"vadd", "vsub", "vabsdiff", "vmin",
                       "vmax", "vshl", "vshr"};
  const char *Sels[] = {"", "b0", "b1", "b2", "b3", "h0", "h1"};
  struct Tail {
    bool Sat;
    const char *Op2, *DSel;
  };
  std::vector<Tail> Tails = {{false, "", ""},    {true, "", ""},
                             {false, "add", ""}, {false, "min", ""},
                             {false, "max", ""}, {true, "add", ""},
                             {true, "min", ""},  {true, "max", ""}};
  for (const char *DSel : {"b0", "b1", "b2", "b3", "h0", "h1"})
    for (bool Sat : {false, true})
      Tails.push_back({Sat, "", DSel});
  unsigned Checked = 0;
  for (unsigned O = 0; O < std::size(Ops); ++O)
    for (unsigned T = 0; T < Tails.size(); ++T)
      for (unsigned Types = 0; Types < 8; ++Types) {
        ScalarVideoCase K;
        K.Op = Ops[O];
        K.SignedD = Types & 1;
        K.SignedA = Types & 2;
        K.SignedB = (Types & 4) && !K.shift(); // shift counts are .u32
        K.Sat = Tails[T].Sat;
        K.Mode = Types & 4 ? "wrap" : "clamp";
        K.Op2 = Tails[T].Op2;
        K.DSel = Tails[T].DSel;
        // Every asel and every bsel meets every operation and tail.
        K.ASel = Sels[(Types + T) % 7];
        K.BSel = Sels[(3 * Types + T + O) % 7];
        std::string Text = K.text();
        std::function<uint32_t(uint32_t, uint32_t, uint32_t)> Fn;
        if (K.hasC())
          Fn = lower<uint32_t, uint32_t, uint32_t, uint32_t>(Text, "=r,r,r,r");
        else if (auto F2 = lower<uint32_t, uint32_t, uint32_t>(Text, "=r,r,r"))
          Fn = [F2](uint32_t A, uint32_t B, uint32_t) { return F2(A, B); };
        ASSERT_TRUE(Fn) << Text;
        for (auto [A, B, C] : videoInputs()) {
          C = K.hasC() ? C : 0;
          uint32_t Want = K.reference(A, B, C), Got = Fn(A, B, C);
          if (Got != Want) {
            ADD_FAILURE() << "`" << Text << "` a=" << std::hex << A
                          << " b=" << B << " c=" << C << ": got " << Got
                          << ", want " << Want;
            break;
          }
        }
        ++Checked;
      }
  EXPECT_EQ(Checked, 7u * 20u * 8u);
}

TEST(PTXSemantics, VideoSimdSelectorsMasksAndAccumulate) {
  const char *Ops[] = {"vadd", "vsub", "vavrg", "vabsdiff", "vmin", "vmax"};
  std::vector<std::string> Masks2 = {"", "h0", "h1", "h10"};
  std::vector<std::string> Masks4 = {""};
  for (unsigned M = 1; M < 16; ++M) {
    std::string Mask = "b";
    for (int L = 3; L >= 0; --L)
      if (M >> L & 1)
        Mask += char('0' + L);
    Masks4.push_back(Mask);
  }
  std::mt19937_64 Gen(7);
  auto RandomSel = [&](unsigned Lanes) {
    std::string Sel = Lanes == 2 ? "h" : "b";
    for (unsigned I = 0; I < Lanes; ++I)
      Sel += char('0' + Gen() % (2 * Lanes));
    return Sel;
  };
  unsigned Checked = 0, Variant = 0;
  for (unsigned Lanes : {2u, 4u})
    for (const char *Op : Ops)
      for (const std::string &Mask : Lanes == 2 ? Masks2 : Masks4)
        for (unsigned Tail = 0; Tail < 3; ++Tail) // plain, .sat, .add
          for (unsigned S = 0; S < (Lanes == 2 ? 4u : 2u); ++S, ++Variant) {
            SimdVideoCase K;
            K.Op = Op;
            K.Lanes = Lanes;
            K.SignedD = Variant & 1;
            K.SignedA = Variant & 2;
            K.SignedB = Variant & 4;
            K.Sat = Tail == 1;
            K.Add = Tail == 2;
            K.Mask = Mask;
            // The defaults spelled out, swapped sources, and random picks.
            if (S == 1) {
              K.ASel = Lanes == 2 ? "h10" : "b3210";
              K.BSel = Lanes == 2 ? "h32" : "b7654";
            } else if (S == 2) {
              K.ASel = "h32";
              K.BSel = "h01";
            } else if (S > 0 || Lanes == 4) {
              K.ASel = RandomSel(Lanes);
              K.BSel = RandomSel(Lanes);
            }
            std::string Text = K.text();
            auto Fn =
                lower<uint32_t, uint32_t, uint32_t, uint32_t>(Text, "=r,r,r,r");
            ASSERT_TRUE(Fn) << Text;
            for (const auto &[A, B, C] : videoInputs()) {
              uint32_t Want = K.reference(A, B, C), Got = Fn(A, B, C);
              if (Got != Want) {
                ADD_FAILURE()
                    << "`" << Text << "` a=" << std::hex << A << " b=" << B
                    << " c=" << C << ": got " << Got << ", want " << Want;
                break;
              }
            }
            ++Checked;
          }
  EXPECT_EQ(Checked, 6u * 4 * 3 * 4 + 6u * 16 * 3 * 2);
}

// Hand-worked cases from the ISA's text, independent of the references.
TEST(PTXSemantics, VideoWorkedExamples) {
  // vadd.u32.u32.u32.sat d.b1, a, b, c: 0xf0 + 0x20 clamps to 0xff and
  // replaces byte 1 of c.
  auto MergeB1 = lower<uint32_t, uint32_t, uint32_t, uint32_t>(
      "vadd.u32.u32.u32.sat $0.b1, $1, $2, $3;", "=r,r,r,r");
  // Without .sat, byte 1 gets the low 8 bits of 0x110.
  auto MergeB1Wrap = lower<uint32_t, uint32_t, uint32_t, uint32_t>(
      "vadd.u32.u32.u32 $0.b1, $1, $2, $3;", "=r,r,r,r");
  // .s32 destination half 1: -40000 clamps to -32768.
  auto MergeH1 = lower<uint32_t, uint32_t, uint32_t, uint32_t>(
      "vsub.s32.s32.s32.sat $0.h1, $1.h0, $2.h1, $3;", "=r,r,r,r");
  // Byte 3 of a (signed) plus byte 0 of b (unsigned).
  auto Sel = lower<uint32_t, uint32_t, uint32_t>(
      "vadd.s32.s32.u32 $0, $1.b3, $2.b0;", "=r,r,r");
  // Lanes from the pair {b, a}: lane 1 <- a's half 0, lane 0 <- b's half 1;
  // b lanes: lane 1 <- b's half 0, lane 0 <- a's half 1; only lane 0 written.
  auto Simd2 = lower<uint32_t, uint32_t, uint32_t, uint32_t>(
      "vadd2.u32.u32.u32 $0.h0, $1.h03, $2.h21, $3;", "=r,r,r,r");
  auto Simd4 = lower<uint32_t, uint32_t, uint32_t, uint32_t>(
      "vmax4.u32.u32.u32 $0.b31, $1.b7430, $2.b0000, $3;", "=r,r,r,r");
  auto Avg = lower<uint32_t, uint32_t, uint32_t, uint32_t>(
      "vavrg2.s32.s32.s32 $0, $1, $2, $3;", "=r,r,r,r");
  ASSERT_TRUE(MergeB1 && MergeB1Wrap && MergeH1 && Sel && Simd2 && Simd4 &&
              Avg);
  EXPECT_EQ(MergeB1(0xf0, 0x20, 0x11223344), 0x1122ff44u);
  EXPECT_EQ(MergeB1Wrap(0xf0, 0x20, 0x11223344), 0x11221044u);
  EXPECT_EQ(MergeH1(uint32_t(-20000) & 0xffff, 20000u << 16, 0xaaaabbbb),
            0x8000bbbbu);
  EXPECT_EQ(Sel(0x80000000, 0x000000ff), uint32_t(-128 + 255));
  // a = 0x2222'1111, b = 0x4444'3333: Va = {lane1: 0x1111, lane0: 0x4444},
  // Vb = {lane1: 0x3333, lane0: 0x2222}; lane 0 = 0x6666, lane 1 from c.
  EXPECT_EQ(Simd2(0x22221111, 0x44443333, 0xabcdef01), 0xabcd6666u);
  // a = 0x04030201, b = 0x08070605: Va lanes (3..0) = b7 b4 b3 b0 =
  // 08 05 04 01; Vb = 01 01 01 01; max per lane; lanes 3, 1 written.
  EXPECT_EQ(Simd4(0x04030201, 0x08070605, 0xaabbccdd), 0x08bb04ddu);
  // Average rounds half away from zero: (-3 + 0) -> -2, (3 + 0) -> 2.
  EXPECT_EQ(Avg(0xfffd0003, 0, 0), 0xfffe0002u);
}

TEST(PTXSemantics, FindNthSetBit) {
  auto Fns = lower<uint32_t, uint32_t, uint32_t, int32_t>(
      "fns.b32 $0, $1, $2, $3;", "=r,r,r,r");
  ASSERT_TRUE(Fns);
  // The PTX ISA's definition, step by step.
  auto Reference = [](uint32_t Mask, uint32_t Base, int32_t Offset) {
    if (Offset == 0)
      return (Mask >> Base) & 1 ? Base : 0xffffffffu;
    int64_t Count = (Offset > 0 ? int64_t(Offset) : -int64_t(Offset)) - 1;
    int Step = Offset > 0 ? 1 : -1;
    for (int Pos = int(Base); Pos >= 0 && Pos < 32; Pos += Step)
      if ((Mask >> Pos) & 1) {
        if (Count == 0)
          return uint32_t(Pos);
        --Count;
      }
    return 0xffffffffu;
  };
  std::vector<int32_t> Offsets = {0,   1,   2,   3,         5,        16,
                                  31,  32,  33,  -1,        -2,       -3,
                                  -17, -32, -33, INT32_MAX, INT32_MIN};
  for (uint32_t Mask : edges32())
    for (uint32_t Base = 0; Base < 32; ++Base)
      for (int32_t Offset : Offsets)
        EXPECT_EQ(Fns(Mask, Base, Offset), Reference(Mask, Base, Offset))
            << std::hex << Mask << " " << std::dec << Base << " " << Offset;
  for (int K = 0; K < RandomCount; ++K) {
    uint32_t Mask = uint32_t(rng()()), Base = uint32_t(rng()()) % 32;
    int32_t Offset = int32_t(rng()() % 70) - 35;
    EXPECT_EQ(Fns(Mask, Base, Offset), Reference(Mask, Base, Offset))
        << std::hex << Mask << " " << std::dec << Base << " " << Offset;
  }
}

//===--- Warp instructions on the simulated warp
//----------------------------===//

TEST(PTXSemantics, ShuffleDataAndPredicate) {
  struct Case {
    const char *Mode;
    ShuffleMode Kind;
  } Cases[] = {{"idx", ShuffleMode::Idx},
               {"up", ShuffleMode::Up},
               {"down", ShuffleMode::Down},
               {"bfly", ShuffleMode::Bfly}};
  for (const Case &C : Cases) {
    // Result: the shuffled value, bit 31 set when p is true.
    auto Shfl = lower<uint32_t, uint32_t, uint32_t, uint32_t>(
        std::string("{ .reg .pred p; .reg .b32 v;\n"
                    "  shfl.sync.") +
            C.Mode +
            ".b32 v|p, $1, $2, $3, -1;\n"
            "  selp.b32 $0, 0x80000000, 0, p; or.b32 $0, $0, v; }",
        "=r,r,r,r");
    ASSERT_TRUE(Shfl);
    for (uint32_t B : {0u, 1u, 3u, 8u, 17u, 31u, 33u})
      for (uint32_t Clamp : {0x1fu, 0x0u, 0x101fu, 0x181fu, 0x1c00u, 0x7u}) {
        uint32_t Got[32];
        runWarp(
            [&](uint32_t Lane) { Got[Lane] = Shfl(1000 + Lane, B, Clamp); });
        for (uint32_t Lane = 0; Lane < 32; ++Lane) {
          uint32_t Source = shuffleSource(C.Kind, Lane, B, Clamp);
          // p is the PTX ISA's pval: the computed source lane is in range.
          uint32_t BVal = B & 31, SegMask = (Clamp >> 8) & 31;
          int32_t MaxLane = int32_t((Lane & SegMask) | (Clamp & 31 & ~SegMask));
          int32_t J = C.Kind == ShuffleMode::Up ? int32_t(Lane) - int32_t(BVal)
                      : C.Kind == ShuffleMode::Down ? int32_t(Lane + BVal)
                      : C.Kind == ShuffleMode::Bfly
                          ? int32_t(Lane ^ BVal)
                          : int32_t((Lane & SegMask) | (BVal & ~SegMask));
          bool InRange =
              C.Kind == ShuffleMode::Up ? J >= MaxLane : J <= MaxLane;
          EXPECT_EQ(Got[Lane], (1000 + Source) | (InRange ? 0x80000000u : 0))
              << C.Mode << " lane " << Lane << " b " << B << " c " << Clamp;
        }
      }
  }
}

// redux.sync.{min,max}{.abs}{.NaN}.f32 over the lanes of membermask: NaN
// inputs are ignored unless .NaN (then the result is NaN), -0.0 < +0.0.
TEST(PTXSemantics, ReduxSyncFloat) {
  struct Case {
    const char *Text;
    bool IsMin, Abs, NaN;
  } Cases[] = {{"redux.sync.min.f32 $0, $1, $2;", true, false, false},
               {"redux.sync.max.f32 $0, $1, $2;", false, false, false},
               {"redux.sync.min.abs.f32 $0, $1, $2;", true, true, false},
               {"redux.sync.max.NaN.f32 $0, $1, $2;", false, false, true},
               {"redux.sync.min.abs.NaN.f32 $0, $1, $2;", true, true, true}};
  for (const Case &C : Cases) {
    auto Redux = lower<float, float, uint32_t>(C.Text, "=f,f,r");
    ASSERT_TRUE(Redux) << C.Text;
    for (int Round = 0; Round < 6; ++Round) {
      float In[32];
      for (float &X : In) {
        switch (rng()() % 6) {
        case 0:
          X = std::numeric_limits<float>::quiet_NaN();
          break;
        case 1:
          X = (rng()() & 1) ? -0.0f : 0.0f;
          break;
        default:
          X = randomFloat();
        }
      }
      if (Round == 0) // -0 against +0 only
        for (int L = 0; L < 32; ++L)
          In[L] = L % 2 ? -0.0f : 0.0f;
      uint32_t Masks[] = {0xffffffffu, 0x0000ffffu, 0x55555555u, 0x80000001u};
      for (uint32_t Mask : Masks) {
        float Got[32];
        runWarp([&](uint32_t Lane) { Got[Lane] = Redux(In[Lane], Mask); });
        // The reference fold, from the definitions.
        bool AnyNaN = false, Have = false;
        float Want = 0;
        for (int L = 0; L < 32; ++L) {
          if (!(Mask >> L & 1))
            continue;
          float X = C.Abs ? std::fabs(In[L]) : In[L];
          if (std::isnan(X)) {
            AnyNaN = true;
            continue;
          }
          bool Better =
              !Have ||
              (C.IsMin
                   ? (X < Want || (X == 0 && Want == 0 && std::signbit(X)))
                   : (X > Want || (X == 0 && Want == 0 && !std::signbit(X))));
          if (Better)
            Want = X;
          Have = true;
        }
        if (!Have || (C.NaN && AnyNaN))
          Want = std::numeric_limits<float>::quiet_NaN();
        for (int L = 0; L < 32; ++L)
          if (Mask >> L & 1)
            EXPECT_TRUE(sameFloat(Got[L], Want))
                << C.Text << " mask " << std::hex << Mask << " lane " << L
                << ": " << Got[L] << " want " << Want;
      }
    }
  }
}

TEST(PTXSemantics, ElectAndBallot) {
  auto Elect = lower<uint32_t, uint32_t>(
      "{ .reg .pred p; .reg .b32 leader; elect.sync leader|p, -1;\n"
      "  selp.b32 $0, 0x100, 0, p; or.b32 $0, $0, leader;\n"
      "  setp.ne.u32 p, $1, 0; vote.sync.ballot.b32 leader, p, -1;\n"
      "  shl.b32 leader, leader, 16; or.b32 $0, $0, leader; }",
      "=r,r");
  ASSERT_TRUE(Elect);
  uint32_t Got[32];
  runWarp([&](uint32_t Lane) { Got[Lane] = Elect(Lane % 3 == 0); });
  uint32_t Ballot = 0;
  for (uint32_t Lane = 0; Lane < 32; ++Lane)
    Ballot |= uint32_t(Lane % 3 == 0) << Lane;
  for (uint32_t Lane = 0; Lane < 32; ++Lane)
    EXPECT_EQ(Got[Lane], (Lane == 0 ? 0x100u : 0u) | (Ballot << 16)) << Lane;
}

// The PTX ISA's 8x8 b16 fragment: lane t holds row t/4, columns 2*(t%4)
// and 2*(t%4)+1 (low and high half).
uint32_t fragment(const uint16_t (&M)[8][8], uint32_t Lane) {
  return M[Lane / 4][2 * (Lane % 4)] | uint32_t(M[Lane / 4][2 * (Lane % 4) + 1])
                                           << 16;
}

TEST(PTXSemantics, LoadStoreAndMoveMatrixFragments) {
  uint16_t Tiles[4][8][8];
  for (auto &Tile : Tiles)
    for (auto &Row : Tile)
      for (uint16_t &E : Row)
        E = uint16_t(rng()());
  uint16_t Transposed[4][8][8];
  for (int M = 0; M < 4; ++M)
    for (int R = 0; R < 8; ++R)
      for (int C = 0; C < 8; ++C)
        Transposed[M][R][C] = Tiles[M][C][R];
  // Lane t supplies the address of row t%8 of matrix t/8.
  auto RowOf = [&](uint16_t(&T)[4][8][8], uint32_t Lane) {
    return addressOf(T[Lane / 8][Lane % 8]);
  };
  for (bool Trans : {false, true}) {
    auto Load = lower<uint64_t, uint64_t, uint32_t>(
        std::string("{ .reg .b32 a, b, c, d; .reg .pred q;\n"
                    "  ldmatrix.sync.aligned.m8n8.x4") +
            (Trans ? ".trans" : "") +
            ".b16 {a, b, c, d}, [$1];\n"
            "  mov.b64 $0, {a, b}; setp.eq.u32 q, $2, 1;\n"
            "  @q mov.b64 $0, {c, d}; }",
        "=l,l,r");
    ASSERT_TRUE(Load);
    for (uint32_t Half : {0u, 1u}) {
      uint64_t Got[32];
      runWarp(
          [&](uint32_t Lane) { Got[Lane] = Load(RowOf(Tiles, Lane), Half); });
      for (uint32_t Lane = 0; Lane < 32; ++Lane) {
        const auto &Want = Trans ? Transposed : Tiles;
        uint64_t Expected = fragment(Want[2 * Half], Lane) |
                            uint64_t(fragment(Want[2 * Half + 1], Lane)) << 32;
        EXPECT_EQ(Got[Lane], Expected) << "trans " << Trans << " lane " << Lane;
      }
    }
  }
  // stmatrix writes the fragments back where ldmatrix read them.
  auto Store = lower<uint32_t, uint64_t, uint32_t, uint32_t>(
      "stmatrix.sync.aligned.m8n8.x2.trans.b16 [$1], {$2, $3}; mov.u32 $0, 0;",
      "=r,l,r,r");
  ASSERT_TRUE(Store);
  uint16_t Stored[4][8][8] = {};
  runWarp([&](uint32_t Lane) {
    Store(RowOf(Stored, Lane), fragment(Tiles[0], Lane),
          fragment(Tiles[1], Lane));
  });
  for (int M = 0; M < 2; ++M)
    for (int R = 0; R < 8; ++R)
      for (int C = 0; C < 8; ++C)
        EXPECT_EQ(Stored[M][R][C], Transposed[M][R][C]) << M << R << C;
  // movmatrix: the fragment of the transposed matrix.
  auto Move = lower<uint32_t, uint32_t>(
      "movmatrix.sync.aligned.m8n8.trans.b16 $0, $1;", "=r,r");
  ASSERT_TRUE(Move);
  uint32_t Got[32];
  runWarp([&](uint32_t Lane) { Got[Lane] = Move(fragment(Tiles[2], Lane)); });
  for (uint32_t Lane = 0; Lane < 32; ++Lane)
    EXPECT_EQ(Got[Lane], fragment(Transposed[2], Lane)) << Lane;
}

// mma.sync with the PTX ISA's fragment layouts (groupID g = t/4,
// threadID_in_group i = t%4): A's registers hold (g, 2i..2i+1),
// (g+8, 2i..), (g, 2i+8..), (g+8, 2i+8..); B's (2i..2i+1, g), (2i+8.., g);
// C and D's (g, 2i), (g, 2i+1), (g+8, 2i), (g+8, 2i+1).
TEST(PTXSemantics, MmaSyncFragments) {
  struct Shape {
    const char *Text;
    unsigned K;
    bool Brain, HalfAccumulator;
  } Shapes[] = {
      {"mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", 16, false, false},
      {"mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32", 8, false, false},
      {"mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32", 16, true, false},
      {"mma.sync.aligned.m16n8k16.row.col.f16.f16.f16.f16", 16, false, true}};
  const HalfFormat &F16 = F16Format;
  for (const Shape &S : Shapes) {
    const HalfFormat &F = S.Brain ? BF16Format : F16Format;
    // Small integers: every product and sum is exact, whatever the order.
    float A[16][16], B[16][8], C[16][8];
    auto Encode = [&](float X, const HalfFormat &Format) {
      return roundToHalf(X, 0, Format);
    };
    for (auto &Row : A)
      for (float &X : Row)
        X = float(int(rng()() % 15) - 7);
    for (auto &Row : B)
      for (float &X : Row)
        X = float(int(rng()() % 15) - 7);
    for (auto &Row : C)
      for (float &X : Row)
        X = float(int(rng()() % 201) - 100);
    auto Pair = [&](float Low, float High, const HalfFormat &Format) {
      return uint32_t(Encode(Low, Format)) | uint32_t(Encode(High, Format))
                                                 << 16;
    };
    // Lane inputs per the layouts above; the harness passes registers.
    unsigned ARegs = S.K / 4, BRegs = S.K / 8,
             CRegs = S.HalfAccumulator ? 2 : 4;
    std::string Text = "{ .reg .b32 a<4>, b<2>, c<4>, d<4>;\n";
    for (unsigned R = 0; R < ARegs; ++R)
      Text += "  mov.b32 a" + std::to_string(R) + ", $" +
              std::to_string(1 + R) + ";\n";
    for (unsigned R = 0; R < BRegs; ++R)
      Text += "  mov.b32 b" + std::to_string(R) + ", $" +
              std::to_string(5 + R) + ";\n";
    for (unsigned R = 0; R < CRegs; ++R)
      Text += "  mov.b32 c" + std::to_string(R) + ", $" +
              std::to_string(7 + R) + ";\n";
    auto List = [](const char *Name, unsigned N) {
      std::string L = "{";
      for (unsigned R = 0; R < N; ++R)
        L += (R ? ", " : "") + std::string(Name) + std::to_string(R);
      return L + "}";
    };
    Text += "  " + std::string(S.Text) + " " + List("d", CRegs) + ", " +
            List("a", ARegs) + ", " + List("b", BRegs) + ", " +
            List("c", CRegs) + ";\n";
    // $0 = d[$11] (the register selected by the last input).
    Text += "  mov.b32 $0, d0;\n";
    for (unsigned R = 1; R < CRegs; ++R)
      Text += "  setp.eq.u32 %p" + std::to_string(R) + ", $11, " +
              std::to_string(R) + ";\n";
    std::string Decls = "{ .reg .pred %p<4>;\n";
    Text = Decls + Text;
    for (unsigned R = 1; R < CRegs; ++R)
      Text += "  @%p" + std::to_string(R) + " mov.b32 $0, d" +
              std::to_string(R) + ";\n";
    Text += "} }";
    auto Mma =
        lower<uint32_t, uint32_t, uint32_t, uint32_t, uint32_t, uint32_t,
              uint32_t, uint32_t, uint32_t, uint32_t, uint32_t, uint32_t>(
            Text, "=r,r,r,r,r,r,r,r,r,r,r,r");
    ASSERT_TRUE(Mma) << Text;
    for (unsigned Which = 0; Which < CRegs; ++Which) {
      uint32_t Got[32];
      runWarp([&](uint32_t Lane) {
        unsigned G = Lane / 4, T = Lane % 4;
        uint32_t In[11] = {};
        In[0] = Pair(A[G][2 * T], A[G][2 * T + 1], F);
        In[1] = Pair(A[G + 8][2 * T], A[G + 8][2 * T + 1], F);
        In[2] = Pair(A[G][2 * T + 8], A[G][2 * T + 9], F);
        In[3] = Pair(A[G + 8][2 * T + 8], A[G + 8][2 * T + 9], F);
        In[4] = Pair(B[2 * T][G], B[2 * T + 1][G], F);
        In[5] = Pair(B[2 * T + 8][G], B[2 * T + 9][G], F);
        float CValues[4] = {C[G][2 * T], C[G][2 * T + 1], C[G + 8][2 * T],
                            C[G + 8][2 * T + 1]};
        if (S.HalfAccumulator) {
          In[6] = Pair(CValues[0], CValues[1], F16);
          In[7] = Pair(CValues[2], CValues[3], F16);
        } else {
          for (int R = 0; R < 4; ++R)
            In[6 + R] = std::bit_cast<uint32_t>(CValues[R]);
        }
        Got[Lane] = Mma(In[0], In[1], In[2], In[3], In[4], In[5], In[6], In[7],
                        In[8], In[9], Which);
      });
      for (uint32_t Lane = 0; Lane < 32; ++Lane) {
        unsigned G = Lane / 4, T = Lane % 4;
        auto Want = [&](unsigned Row, unsigned Column) {
          double Sum = C[Row][Column];
          for (unsigned KK = 0; KK < S.K; ++KK)
            Sum += double(A[Row][KK]) * B[KK][Column];
          return float(Sum);
        };
        if (S.HalfAccumulator) {
          unsigned Row = G + 8 * Which;
          EXPECT_EQ(Got[Lane],
                    Pair(Want(Row, 2 * T), Want(Row, 2 * T + 1), F16))
              << S.Text << " lane " << Lane;
        } else {
          unsigned Row = G + 8 * (Which / 2), Column = 2 * T + Which % 2;
          EXPECT_EQ(std::bit_cast<float>(Got[Lane]), Want(Row, Column))
              << S.Text << " lane " << Lane << " d" << Which;
        }
      }
    }
  }
}

// mma.sync.aligned.m8n8k4 with .f16 inputs (Volta): four independent
// 8x8x4 products, product q on lanes 4q..4q+3 ("low group") and
// 4q+16..4q+19 ("high group"). The fragments, from the PTX ISA's
// "Matrix Fragments for mma.m8n8k4 with .f16 floating point type"
// (t = %laneid % 4, hi = %laneid >= 16, element i low to high):
//   A .row: row t (+4 if hi), column i     A .col: row i (+4 if hi), column t
//   B .row: row t, column i (+4 if hi)     B .col: row i, column t (+4 if hi)
//   C/D .f16: row t (+4 if hi), column i
//   C/D .f32: row (lane & 1) + (i & 2) (+4 if hi),
//             column (i & 4) + (lane & 2) + (i & 1)
TEST(PTXSemantics, MmaSyncM8N8K4F16QuadPairs) {
  struct Place {
    unsigned Row, Col;
  };
  auto APlace = [](bool Row, unsigned L, unsigned I) {
    unsigned Hi = L >= 16 ? 4 : 0;
    return Row ? Place{L % 4 + Hi, I} : Place{I + Hi, L % 4};
  };
  auto BPlace = [](bool Row, unsigned L, unsigned I) {
    unsigned Hi = L >= 16 ? 4 : 0;
    return Row ? Place{L % 4, I + Hi} : Place{I, L % 4 + Hi};
  };
  auto CPlace = [](bool Half, unsigned L, unsigned I) {
    unsigned Hi = L >= 16 ? 4 : 0;
    if (Half)
      return Place{L % 4 + Hi, I};
    return Place{(L & 1) + (I & 2) + Hi, (I & 4) + (L & 2) + (I & 1)};
  };
  auto Pair = [](float Low, float High) {
    return uint32_t(roundToHalf(Low, 0, F16Format)) |
           uint32_t(roundToHalf(High, 0, F16Format)) << 16;
  };
  for (unsigned Combo = 0; Combo < 16; ++Combo) {
    bool RowA = Combo & 1, RowB = Combo & 2, HalfD = Combo & 4,
         HalfC = Combo & 8;
    // Small integers: every product and sum is exact in f16 and f32.
    float A[4][8][4], B[4][4][8], C[4][8][8];
    for (auto &M : A)
      for (auto &Row : M)
        for (float &X : Row)
          X = float(int(rng()() % 15) - 7);
    for (auto &M : B)
      for (auto &Row : M)
        for (float &X : Row)
          X = float(int(rng()() % 15) - 7);
    for (auto &M : C)
      for (auto &Row : M)
        for (float &X : Row)
          X = float(int(rng()() % 201) - 100);
    unsigned CRegs = HalfC ? 4 : 8, DRegs = HalfD ? 4 : 8;
    auto List = [](const char *Name, unsigned N) {
      std::string L = "{";
      for (unsigned R = 0; R < N; ++R)
        L += (R ? ", " : "") + std::string(Name) + std::to_string(R);
      return L + "}";
    };
    std::string Text = "{ .reg .b32 a<2>, b<2>, c<8>, d<8>;\n"
                       " .reg .pred %p<8>;\n";
    for (unsigned R = 0; R < 2; ++R)
      Text += "  mov.b32 a" + std::to_string(R) + ", $" +
              std::to_string(1 + R) + ";\n  mov.b32 b" + std::to_string(R) +
              ", $" + std::to_string(3 + R) + ";\n";
    for (unsigned R = 0; R < CRegs; ++R)
      Text += "  mov.b32 c" + std::to_string(R) + ", $" +
              std::to_string(5 + R) + ";\n";
    std::string Mma = std::string("mma.sync.aligned.m8n8k4") +
                      (RowA ? ".row" : ".col") + (RowB ? ".row" : ".col") +
                      (HalfD ? ".f16" : ".f32") + ".f16.f16" +
                      (HalfC ? ".f16" : ".f32");
    Text += "  " + Mma + " " + List("d", DRegs) + ", " + List("a", 2) + ", " +
            List("b", 2) + ", " + List("c", CRegs) + ";\n";
    // $0 = d[$13].
    Text += "  mov.b32 $0, d0;\n";
    for (unsigned R = 1; R < DRegs; ++R)
      Text += "  setp.eq.u32 %p" + std::to_string(R) + ", $13, " +
              std::to_string(R) + ";\n  @%p" + std::to_string(R) +
              " mov.b32 $0, d" + std::to_string(R) + ";\n";
    Text += "}";
    auto Fn = lower<uint32_t, uint32_t, uint32_t, uint32_t, uint32_t, uint32_t,
                    uint32_t, uint32_t, uint32_t, uint32_t, uint32_t, uint32_t,
                    uint32_t, uint32_t>(Text, "=r,r,r,r,r,r,r,r,r,r,r,r,r,r");
    ASSERT_TRUE(Fn) << Text;
    for (unsigned Which = 0; Which < DRegs; ++Which) {
      uint32_t Got[32];
      runWarp([&](uint32_t Lane) {
        unsigned Q = (Lane % 16) / 4;
        uint32_t In[12] = {};
        auto AAt = [&](unsigned I) {
          Place P = APlace(RowA, Lane, I);
          return A[Q][P.Row][P.Col];
        };
        auto BAt = [&](unsigned I) {
          Place P = BPlace(RowB, Lane, I);
          return B[Q][P.Row][P.Col];
        };
        auto CAt = [&](unsigned I) {
          Place P = CPlace(HalfC, Lane, I);
          return C[Q][P.Row][P.Col];
        };
        In[0] = Pair(AAt(0), AAt(1));
        In[1] = Pair(AAt(2), AAt(3));
        In[2] = Pair(BAt(0), BAt(1));
        In[3] = Pair(BAt(2), BAt(3));
        for (unsigned R = 0; R < CRegs; ++R)
          In[4 + R] = HalfC ? Pair(CAt(2 * R), CAt(2 * R + 1))
                            : std::bit_cast<uint32_t>(CAt(R));
        Got[Lane] = Fn(In[0], In[1], In[2], In[3], In[4], In[5], In[6], In[7],
                       In[8], In[9], In[10], In[11], Which);
      });
      for (uint32_t Lane = 0; Lane < 32; ++Lane) {
        unsigned Q = (Lane % 16) / 4;
        auto Want = [&](unsigned I) {
          Place P = CPlace(HalfD, Lane, I);
          float Sum = C[Q][P.Row][P.Col];
          for (unsigned K = 0; K < 4; ++K)
            Sum += A[Q][P.Row][K] * B[Q][K][P.Col];
          return Sum;
        };
        uint32_t Expected = HalfD ? Pair(Want(2 * Which), Want(2 * Which + 1))
                                  : std::bit_cast<uint32_t>(Want(Which));
        EXPECT_EQ(Got[Lane], Expected)
            << Mma << " lane " << Lane << " d" << Which;
      }
    }
  }
}

// The other mma.sync shapes, each lane's fragment elements placed as the PTX
// ISA's fragment tables say (g = %laneid >> 2, t = %laneid % 4, element i
// of the fragment, low to high): inputs are 64-bit operands, so f64 and
// 32-bit registers share one harness.
TEST(PTXSemantics, MmaSyncIntegerTF32AndF64Shapes) {
  enum class Kind { Int8, TF32, F64, BF16 };
  struct Place {
    unsigned Row, Col;
  };
  using Layout = std::function<Place(unsigned G, unsigned T, unsigned I)>;
  struct Shape {
    const char *Text;
    Kind Type;
    unsigned M, K, AElements, BElements;
    Layout A, B;
    bool ASigned, BSigned, SatFinite;
  };
  // C/D: row g (+8 for c2, c3), column 2t + (i & 1).
  auto CPlace = [](unsigned G, unsigned T, unsigned I) {
    return Place{G + 8 * (I >= 2), 2 * T + (I & 1)};
  };
  Layout Int8K16A = [](unsigned G, unsigned T, unsigned I) {
    return Place{I < 4 ? G : G + 8, T * 4 + (I & 3)};
  };
  Layout Int8K16B = [](unsigned G, unsigned T, unsigned I) {
    return Place{T * 4 + I, G};
  };
  Layout Int8K32A = [](unsigned G, unsigned T, unsigned I) {
    bool Low = I < 4 || (I >= 8 && I < 12);
    return Place{Low ? G : G + 8, T * 4 + (I & 3) + (I >= 8 ? 16 : 0)};
  };
  Layout Int8K32B = [](unsigned G, unsigned T, unsigned I) {
    return Place{T * 4 + (I & 3) + (I >= 4 ? 16 : 0), G};
  };
  Layout M8K16A = [](unsigned G, unsigned T, unsigned I) {
    return Place{G, T * 4 + I};
  };
  Layout TF32K8A = [](unsigned G, unsigned T, unsigned I) {
    return Place{(I == 0 || I == 2) ? G : G + 8, I < 2 ? T : T + 4};
  };
  Layout TF32K8B = [](unsigned G, unsigned T, unsigned I) {
    return Place{I == 0 ? T : T + 4, G};
  };
  Layout TF32K4A = [](unsigned G, unsigned T, unsigned I) {
    return Place{I == 0 ? G : G + 8, T};
  };
  Layout RowT = [](unsigned G, unsigned T, unsigned) { return Place{T, G}; };
  Layout ColT = [](unsigned G, unsigned T, unsigned) { return Place{G, T}; };
  Layout BF16K8A = [](unsigned G, unsigned T, unsigned I) {
    return Place{I < 2 ? G : G + 8, T * 2 + (I & 1)};
  };
  Layout BF16K8B = [](unsigned G, unsigned T, unsigned I) {
    return Place{T * 2 + I, G};
  };
  const Shape Shapes[] = {
      {"mma.sync.aligned.m16n8k16.row.col.s32.s8.s8.s32", Kind::Int8, 16, 16, 8,
       4, Int8K16A, Int8K16B, true, true, false},
      {"mma.sync.aligned.m16n8k16.row.col.satfinite.s32.u8.s8.s32", Kind::Int8,
       16, 16, 8, 4, Int8K16A, Int8K16B, false, true, true},
      {"mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.u8.s32", Kind::Int8,
       16, 32, 16, 8, Int8K32A, Int8K32B, true, false, true},
      {"mma.sync.aligned.m16n8k32.row.col.s32.u8.u8.s32", Kind::Int8, 16, 32,
       16, 8, Int8K32A, Int8K32B, false, false, false},
      {"mma.sync.aligned.m8n8k16.row.col.satfinite.s32.s8.s8.s32", Kind::Int8,
       8, 16, 4, 4, M8K16A, Int8K16B, true, true, true},
      {"mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32", Kind::TF32, 16, 8,
       4, 2, TF32K8A, TF32K8B, true, true, false},
      {"mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32", Kind::TF32, 16, 4,
       2, 1, TF32K4A, RowT, true, true, false},
      {"mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64", Kind::F64, 8, 4, 1, 1,
       ColT, RowT, true, true, false},
      {"mma.sync.aligned.m16n8k8.row.col.f32.bf16.bf16.f32", Kind::BF16, 16, 8,
       4, 2, BF16K8A, BF16K8B, true, true, false}};
  for (const Shape &S : Shapes) {
    unsigned Bits = S.Type == Kind::Int8   ? 8
                    : S.Type == Kind::BF16 ? 16
                    : S.Type == Kind::F64  ? 64
                                           : 32;
    unsigned PerRegister = Bits >= 32 ? 1 : 32 / Bits;
    unsigned ARegs = S.AElements / PerRegister,
             BRegs = S.BElements / PerRegister, CRegs = S.M / 4;
    std::string Reg = S.Type == Kind::F64 ? ".b64" : ".b32";
    std::string Text = "{ .reg " + Reg + " a<4>, b<2>, c<4>, d<4>;\n";
    Text += "  .reg .pred %p<4>;\n";
    auto List = [](const char *Name, unsigned N) {
      std::string L = "{";
      for (unsigned R = 0; R < N; ++R)
        L += (R ? ", " : "") + std::string(Name) + std::to_string(R);
      return L + "}";
    };
    for (unsigned R = 0; R < ARegs; ++R)
      Text += "  mov" + Reg + " a" + std::to_string(R) + ", $" +
              std::to_string(1 + R) + ";\n";
    for (unsigned R = 0; R < BRegs; ++R)
      Text += "  mov" + Reg + " b" + std::to_string(R) + ", $" +
              std::to_string(5 + R) + ";\n";
    for (unsigned R = 0; R < CRegs; ++R)
      Text += "  mov" + Reg + " c" + std::to_string(R) + ", $" +
              std::to_string(7 + R) + ";\n";
    Text += "  " + std::string(S.Text) + " " + List("d", CRegs) + ", " +
            List("a", ARegs) + ", " + List("b", BRegs) + ", " +
            List("c", CRegs) + ";\n";
    // $0 = d[$11], zero-extended to 64 bits.
    std::string Widen = S.Type == Kind::F64 ? "mov.b64" : "cvt.u64.u32";
    Text += "  " + Widen + " $0, d0;\n";
    for (unsigned R = 1; R < CRegs; ++R)
      Text += "  setp.eq.u64 %p" + std::to_string(R) + ", $11, " +
              std::to_string(R) + ";\n  @%p" + std::to_string(R) + " " + Widen +
              " $0, d" + std::to_string(R) + ";\n";
    Text += "}";
    using U = uint64_t;
    auto Mma = lower<U, U, U, U, U, U, U, U, U, U, U, U>(
        Text, "=l,l,l,l,l,l,l,l,l,l,l,l");
    ASSERT_TRUE(Mma) << Text;
    for (int Round = 0; Round < 2; ++Round) {
      // Integers: any byte; C anywhere, near the s32 limits in round 1.
      // Floating point: small integers, so every sum is exact.
      int64_t A[16][32], B[32][8], C[16][8];
      for (auto &Row : A)
        for (int64_t &X : Row)
          X = S.Type != Kind::Int8 ? int64_t(rng()() % 15) - 7
              : S.ASigned          ? int64_t(int8_t(rng()()))
                                   : int64_t(uint8_t(rng()()));
      for (auto &Row : B)
        for (int64_t &X : Row)
          X = S.Type != Kind::Int8 ? int64_t(rng()() % 15) - 7
              : S.BSigned          ? int64_t(int8_t(rng()()))
                                   : int64_t(uint8_t(rng()()));
      for (auto &Row : C)
        for (int64_t &X : Row)
          X = S.Type != Kind::Int8 ? int64_t(rng()() % 201) - 100
              : Round == 0         ? int64_t(int32_t(rng()()))
              : (rng()() & 1)      ? INT32_MAX - int64_t(rng()() % 100000)
                                   : INT32_MIN + int64_t(rng()() % 100000);
      auto Encode = [&](int64_t X) -> uint64_t {
        switch (S.Type) {
        case Kind::Int8:
          return uint8_t(X);
        case Kind::TF32:
          return std::bit_cast<uint32_t>(float(X));
        case Kind::F64:
          return std::bit_cast<uint64_t>(double(X));
        case Kind::BF16:
          return roundToHalf(X, 0, BF16Format);
        }
        return 0;
      };
      auto EncodeC = [&](int64_t X) -> uint64_t {
        return S.Type == Kind::Int8  ? uint32_t(int32_t(X))
               : S.Type == Kind::F64 ? std::bit_cast<uint64_t>(double(X))
                                     : std::bit_cast<uint32_t>(float(X));
      };
      for (unsigned Which = 0; Which < CRegs; ++Which) {
        uint64_t Got[32];
        runWarp([&](uint32_t Lane) {
          unsigned G = Lane / 4, T = Lane % 4;
          uint64_t In[11] = {};
          for (unsigned I = 0; I < S.AElements; ++I) {
            Place P = S.A(G, T, I);
            In[I / PerRegister] |= Encode(A[P.Row][P.Col])
                                   << (Bits * (I % PerRegister) % 64);
          }
          for (unsigned I = 0; I < S.BElements; ++I) {
            Place P = S.B(G, T, I);
            In[4 + I / PerRegister] |= Encode(B[P.Row][P.Col])
                                       << (Bits * (I % PerRegister) % 64);
          }
          for (unsigned I = 0; I < CRegs; ++I) {
            Place P = CPlace(G, T, I);
            In[6 + I] = EncodeC(C[P.Row][P.Col]);
          }
          Got[Lane] = Mma(In[0], In[1], In[2], In[3], In[4], In[5], In[6],
                          In[7], In[8], In[9], Which);
        });
        for (uint32_t Lane = 0; Lane < 32; ++Lane) {
          Place P = CPlace(Lane / 4, Lane % 4, Which);
          int64_t Sum = C[P.Row][P.Col];
          for (unsigned KK = 0; KK < S.K; ++KK)
            Sum += A[P.Row][KK] * B[KK][P.Col];
          if (S.SatFinite)
            Sum = std::clamp<int64_t>(Sum, INT32_MIN, INT32_MAX);
          EXPECT_EQ(Got[Lane], EncodeC(Sum))
              << S.Text << " lane " << Lane << " d" << Which;
        }
      }
    }
  }
}

// wmma: Rubicon chooses the fragment layout (the PTX ISA leaves it
// unspecified), so the test goes through memory, as programs do: load A, B
// and C in a row- or column-major layout with a stride (ldm), multiply, store
// D, and compare with the product computed here. Inputs are small integers
// (floating point) so every sum is exact whatever the order; s8/u8 take any
// byte, C any s32 (near the limits for .satfinite). Padding between the rows
// of D must stay untouched.
enum class WmmaElement { F16, BF16, TF32, S8, U8, F32, S32 };

unsigned wmmaBytes(WmmaElement E) {
  switch (E) {
  case WmmaElement::F16:
  case WmmaElement::BF16:
    return 2;
  case WmmaElement::S8:
  case WmmaElement::U8:
    return 1;
  default:
    return 4;
  }
}

const char *wmmaSpelling(WmmaElement E) {
  constexpr const char *Names[] = {".f16", ".bf16", ".tf32", ".s8",
                                   ".u8",  ".f32",  ".s32"};
  return Names[unsigned(E)];
}

/// The bits of integer value V as element type E (tf32: random bits below
/// its 10-bit fraction, which wmma.mma must ignore).
uint32_t wmmaEncode(WmmaElement E, int64_t V) {
  switch (E) {
  case WmmaElement::F16:
    return roundToHalf(V, 0, F16Format);
  case WmmaElement::BF16:
    return roundToHalf(V, 0, BF16Format);
  case WmmaElement::TF32:
    return std::bit_cast<uint32_t>(float(V)) | (V ? rng()() & 0x1fff : 0);
  case WmmaElement::F32:
    return std::bit_cast<uint32_t>(float(V));
  default:
    return uint32_t(V);
  }
}

struct WmmaMatrixBuffer {
  WmmaElement Type;
  unsigned Rows, Columns, Stride;
  bool RowMajor;
  std::vector<uint8_t> Bytes;
  WmmaMatrixBuffer(WmmaElement Type, unsigned Rows, unsigned Columns,
                   unsigned Stride, bool RowMajor)
      : Type(Type), Rows(Rows), Columns(Columns), Stride(Stride),
        RowMajor(RowMajor),
        Bytes(size_t(Stride) * (RowMajor ? Rows : Columns) * wmmaBytes(Type),
              0xa5) {}
  size_t offset(unsigned R, unsigned C) const {
    return (RowMajor ? size_t(R) * Stride + C : size_t(C) * Stride + R) *
           wmmaBytes(Type);
  }
  void set(unsigned R, unsigned C, uint32_t Bits) {
    std::memcpy(&Bytes[offset(R, C)], &Bits, wmmaBytes(Type));
  }
  uint32_t get(unsigned R, unsigned C) const {
    uint32_t Bits = 0;
    std::memcpy(&Bits, &Bytes[offset(R, C)], wmmaBytes(Type));
    return Bits;
  }
};

TEST(PTXSemantics, WmmaLoadMmaStoreRoundTrip) {
  using E = WmmaElement;
  struct Case {
    const char *Shape;
    unsigned M, N, K;
    E A, B, C, D;
    bool SatFinite;
  };
  const Case Cases[] = {
      {".m16n16k16", 16, 16, 16, E::F16, E::F16, E::F32, E::F32, false},
      {".m16n16k16", 16, 16, 16, E::F16, E::F16, E::F16, E::F16, false},
      {".m16n16k16", 16, 16, 16, E::F16, E::F16, E::F16, E::F32, false},
      {".m16n16k16", 16, 16, 16, E::F16, E::F16, E::F32, E::F16, false},
      {".m32n8k16", 32, 8, 16, E::F16, E::F16, E::F32, E::F32, false},
      {".m8n32k16", 8, 32, 16, E::F16, E::F16, E::F16, E::F16, false},
      {".m16n16k16", 16, 16, 16, E::BF16, E::BF16, E::F32, E::F32, false},
      {".m32n8k16", 32, 8, 16, E::BF16, E::BF16, E::F32, E::F32, false},
      {".m8n32k16", 8, 32, 16, E::BF16, E::BF16, E::F32, E::F32, false},
      {".m16n16k16", 16, 16, 16, E::S8, E::S8, E::S32, E::S32, false},
      {".m16n16k16", 16, 16, 16, E::U8, E::S8, E::S32, E::S32, true},
      {".m8n32k16", 8, 32, 16, E::U8, E::U8, E::S32, E::S32, false},
      {".m32n8k16", 32, 8, 16, E::S8, E::U8, E::S32, E::S32, true},
      {".m16n16k8", 16, 16, 8, E::TF32, E::TF32, E::F32, E::F32, false}};
  for (const Case &T : Cases) {
    bool Integer = T.A == E::S8 || T.A == E::U8;
    // Registers per fragment: f16 multiplicands are eight f16x2 registers,
    // the others what the matrix needs (Slots * bits / 32).
    auto Regs = [](E Type, unsigned Elements, bool Multiplicand = false) {
      unsigned PerLane = Multiplicand && Type == E::F16 ? 16 : Elements / 32;
      return PerLane * wmmaBytes(Type) / 4;
    };
    unsigned ARegs = Regs(T.A, T.M * T.K, true),
             BRegs = Regs(T.B, T.K * T.N, true), CRegs = Regs(T.C, T.M * T.N),
             DRegs = Regs(T.D, T.M * T.N);
    auto List = [](const char *Name, unsigned N) {
      std::string L = "{";
      for (unsigned R = 0; R < N; ++R)
        L += (R ? ", " : "") + std::string(Name) + std::to_string(R);
      return L + "}";
    };
    std::string Types =
        T.A == E::F16 ? std::string(wmmaSpelling(T.D)) + wmmaSpelling(T.C)
                      : std::string(wmmaSpelling(T.D)) + wmmaSpelling(T.A) +
                            wmmaSpelling(T.B) + wmmaSpelling(T.C);
    struct Layouts {
      bool A, B, C, D, ExplicitStride;
    };
    const Layouts Runs[] = {{true, true, true, false, true},
                            {true, false, false, true, true},
                            {false, true, true, true, true},
                            {false, false, false, false, true},
                            {true, false, true, true, false}};
    for (const Layouts &L : Runs) {
      auto Lay = [](bool Row) { return Row ? ".row" : ".col"; };
      auto Stride = [&](unsigned N) {
        return L.ExplicitStride ? ", $" + std::to_string(N) : std::string();
      };
      std::string Text =
          "{ .reg .b32 a<16>, b<16>, c<8>, d<8>;\n"
          "  wmma.load.a.sync.aligned" +
          std::string(Lay(L.A)) + T.Shape + wmmaSpelling(T.A) + " " +
          List("a", ARegs) + ", [$1]" + Stride(4) +
          ";\n  wmma.load.b.sync.aligned" + Lay(L.B) + T.Shape +
          wmmaSpelling(T.B) + " " + List("b", BRegs) + ", [$2]" + Stride(5) +
          ";\n  wmma.load.c.sync.aligned" + Lay(L.C) + T.Shape +
          wmmaSpelling(T.C) + " " + List("c", CRegs) + ", [$3]" + Stride(6) +
          ";\n  wmma.mma.sync.aligned" + Lay(L.A) + Lay(L.B) + T.Shape + Types +
          (T.SatFinite ? ".satfinite " : " ") + List("d", DRegs) + ", " +
          List("a", ARegs) + ", " + List("b", BRegs) + ", " + List("c", CRegs) +
          ";\n  wmma.store.d.sync.aligned" + Lay(L.D) + T.Shape +
          wmmaSpelling(T.D) + " [$7], " + List("d", DRegs) + Stride(8) +
          ";\n  mov.u32 $0, 0; }";
      using U = uint64_t;
      auto Wmma =
          lower<uint32_t, U, U, U, uint32_t, uint32_t, uint32_t, U, uint32_t>(
              Text, "=r,l,l,l,r,r,r,l,r");
      ASSERT_TRUE(Wmma) << Text;
      // A stride past the matrix (padding) unless the default is tested.
      auto Ld = [&](unsigned Rows, unsigned Columns, bool Row, E Type) {
        unsigned Natural = Row ? Columns : Rows;
        return L.ExplicitStride ? Natural + 16 / wmmaBytes(Type) : Natural;
      };
      WmmaMatrixBuffer A(T.A, T.M, T.K, Ld(T.M, T.K, L.A, T.A), L.A);
      WmmaMatrixBuffer B(T.B, T.K, T.N, Ld(T.K, T.N, L.B, T.B), L.B);
      WmmaMatrixBuffer C(T.C, T.M, T.N, Ld(T.M, T.N, L.C, T.C), L.C);
      WmmaMatrixBuffer D(T.D, T.M, T.N, Ld(T.M, T.N, L.D, T.D), L.D);
      std::vector<uint8_t> Untouched = D.Bytes;
      std::vector<int64_t> AV(T.M * T.K), BV(T.K * T.N), CV(T.M * T.N);
      auto Small = [] { return int64_t(rng()() % 15) - 7; };
      auto Byte = [](E Type) {
        return Type == E::S8 ? int64_t(int8_t(rng()()))
                             : int64_t(uint8_t(rng()()));
      };
      for (unsigned R = 0; R < T.M; ++R)
        for (unsigned K = 0; K < T.K; ++K) {
          AV[R * T.K + K] = Integer ? Byte(T.A) : Small();
          A.set(R, K, wmmaEncode(T.A, AV[R * T.K + K]));
        }
      for (unsigned K = 0; K < T.K; ++K)
        for (unsigned N = 0; N < T.N; ++N) {
          BV[K * T.N + N] = Integer ? Byte(T.B) : Small();
          B.set(K, N, wmmaEncode(T.B, BV[K * T.N + N]));
        }
      for (unsigned R = 0; R < T.M; ++R)
        for (unsigned N = 0; N < T.N; ++N) {
          int64_t V = !Integer        ? int64_t(rng()() % 201) - 100
                      : !T.SatFinite  ? int64_t(int32_t(rng()()))
                      : (rng()() & 1) ? INT32_MAX - int64_t(rng()() % 100000)
                                      : INT32_MIN + int64_t(rng()() % 100000);
          CV[R * T.N + N] = V;
          C.set(R, N, wmmaEncode(T.C, V));
        }
      runWarp([&](uint32_t) {
        Wmma(addressOf(A.Bytes.data()), addressOf(B.Bytes.data()),
             addressOf(C.Bytes.data()), A.Stride, B.Stride, C.Stride,
             addressOf(D.Bytes.data()), D.Stride);
      });
      std::string What = Text + "\nstrides " + std::to_string(A.Stride) + " " +
                         std::to_string(B.Stride) + " " +
                         std::to_string(C.Stride) + " " +
                         std::to_string(D.Stride);
      unsigned Wrong = 0;
      for (unsigned R = 0; R < T.M; ++R)
        for (unsigned N = 0; N < T.N; ++N) {
          int64_t Sum = CV[R * T.N + N];
          for (unsigned K = 0; K < T.K; ++K)
            Sum += AV[R * T.K + K] * BV[K * T.N + N];
          if (T.SatFinite)
            Sum = std::clamp<int64_t>(Sum, INT32_MIN, INT32_MAX);
          uint32_t Want =
              wmmaEncode(T.D, Integer ? int64_t(int32_t(Sum)) : Sum);
          uint32_t Got = D.get(R, N);
          if (Got != Want && Wrong++ < 4)
            ADD_FAILURE() << What << "\nD[" << R << "][" << N << "] = " << Got
                          << ", want " << Want;
          // Mark the element checked: what remains must be the padding.
          std::memcpy(&D.Bytes[D.offset(R, N)], &Untouched[D.offset(R, N)],
                      wmmaBytes(T.D));
        }
      EXPECT_EQ(Wrong, 0u) << What;
      EXPECT_TRUE(D.Bytes == Untouched) << "padding written: " << What;
    }
  }
}

// A fragment loaded and stored with the same shape and layout comes back
// unchanged (wmma.load.c then wmma.store.d), and converts layouts when the
// two differ; state spaces and immediate strides are accepted.
TEST(PTXSemantics, WmmaLoadStoreCopiesAndTransposes) {
  for (bool RowIn : {true, false})
    for (bool RowOut : {true, false}) {
      std::string Text =
          std::string("{ .reg .b32 c<8>;\n  wmma.load.c.sync.aligned") +
          (RowIn ? ".row" : ".col") +
          ".m32n8k16.global.s32 {c0, c1, c2, c3, c4, c5, c6, c7}, [$1], 40;\n"
          "  wmma.store.d.sync.aligned" +
          (RowOut ? ".row" : ".col") +
          ".m32n8k16.global.s32 [$2], {c0, c1, c2, c3, c4, c5, c6, c7};\n"
          "  mov.u32 $0, 0; }";
      auto Copy = lower<uint32_t, uint64_t, uint64_t>(Text, "=r,l,l");
      ASSERT_TRUE(Copy) << Text;
      WmmaMatrixBuffer In(WmmaElement::S32, 32, 8, 40, RowIn);
      WmmaMatrixBuffer Out(WmmaElement::S32, 32, 8, RowOut ? 8 : 32, RowOut);
      for (unsigned R = 0; R < 32; ++R)
        for (unsigned C = 0; C < 8; ++C)
          In.set(R, C, R * 100 + C);
      runWarp([&](uint32_t) {
        Copy(addressOf(In.Bytes.data()), addressOf(Out.Bytes.data()));
      });
      for (unsigned R = 0; R < 32; ++R)
        for (unsigned C = 0; C < 8; ++C)
          EXPECT_EQ(Out.get(R, C), R * 100 + C)
              << RowIn << RowOut << " " << R << " " << C;
    }
  // Bad forms are errors naming what is wrong.
  std::string Count =
      lowerError("wmma.load.a.sync.aligned.row.m16n16k16.f16 {$0, $0}, [$1];",
                 "=r,l", {"i32"}, {"i64"});
  EXPECT_NE(Count.find("expected a vector of 8 registers"), std::string::npos)
      << Count;
  std::string Shape = lowerError(
      "wmma.load.a.sync.aligned.row.m16n16k8.f16 {$0, $0, $0, $0}, [$1];",
      "=r,l", {"i32"}, {"i64"});
  EXPECT_NE(Shape.find("not a 'wmma.load.a' the PTX ISA defines"),
            std::string::npos)
      << Shape;
  std::string Mma = lowerError(
      "wmma.mma.sync.aligned.row.col.m16n16k16.f32.bf16.bf16.f16 "
      "{$0, $0, $0, $0, $0, $0, $0, $0}, {$1, $1, $1, $1}, {$1, $1, $1, $1}, "
      "{$1, $1, $1, $1};",
      "=r,r", {"i32"}, {"i32"});
  EXPECT_NE(Mma.find("not a 'wmma.mma' the PTX ISA defines"), std::string::npos)
      << Mma;
  std::string Guard =
      lowerError("{ .reg .pred p; setp.eq.u32 p, $1, 0;\n"
                 "  @p wmma.store.d.sync.aligned.row.m16n16k16.f32 [$2], "
                 "{$1, $1, $1, $1, $1, $1, $1, $1}; mov.u32 $0, 0; }",
                 "=r,r,l", {"i32"}, {"i32", "i64"});
  EXPECT_NE(Guard.find("warp-collective"), std::string::npos) << Guard;
}

TEST(PTXSemantics, UnsupportedInstructionsAreErrorsNamingThem) {
  std::string E =
      lowerError("bar.arrive 1, 64; mov.u32 $0, $1;", "=r,r", {"i32"}, {"i32"});
  EXPECT_NE(E.find("unsupported PTX instruction 'bar.arrive'"),
            std::string::npos)
      << E;
  EXPECT_NE(E.find("srcloc 7"), std::string::npos) << E;
  std::string P = lowerError("add.s32 $0, $1, $2;\n  frob.b32 $0, $1;",
                             "=r,r,r", {"i32"}, {"i32", "i32"});
  EXPECT_NE(P.find("asm 2:3"), std::string::npos) << P;
  EXPECT_NE(P.find("unknown instruction 'frob'"), std::string::npos) << P;
  std::string F = lowerError("cvt.s32.f32 $0, $1;", "=r,f", {"i32"}, {"float"});
  EXPECT_NE(F.find("needs '.rni', '.rzi', '.rmi' or '.rpi'"), std::string::npos)
      << F;
}

TEST(PTXSemantics, PassRunsFromAPipelineString) {
  LLVMContext Ctx;
  SMDiagnostic Diag;
  std::unique_ptr<Module> M = parseAssemblyString(
      "define i32 @f(i32 %a) {\n"
      "  %r = call i32 asm \"neg.s32 $0, $1;\", \"=r,r\"(i32 %a), !srcloc !0\n"
      "  ret i32 %r\n}\n!0 = !{i64 5}\n",
      Diag, Ctx);
  ASSERT_TRUE(M);
  PassBuilder PB;
  rubicon::registerInlinePTXPasses(PB);
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  ModulePassManager MPM;
  ASSERT_FALSE(bool(PB.parsePassPipeline(MPM, "rubicon-lower-inline-ptx")));
  MPM.run(*M, MAM);
  std::string Text;
  raw_string_ostream OS(Text);
  M->print(OS, nullptr);
  EXPECT_EQ(Text.find("asm"), std::string::npos) << Text;
  EXPECT_NE(Text.find("sub i32 0, %a"), std::string::npos) << Text;
}

} // namespace
