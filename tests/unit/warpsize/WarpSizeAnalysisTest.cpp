//===- WarpSizeAnalysisTest.cpp - Verdicts of the warp-size analysis ------===//
//
// analyzeWarpSize() on small NVVM modules: one verdict per kernel (no
// warp-level behaviour / portable / assumes 32 / unknown), the findings
// behind an "assumes 32", the callees behind an "unknown", the verdicts in
// the module's metadata, and the warnings (which can be turned off).
//
//===----------------------------------------------------------------------===//
#include "rubicon/WarpSize.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

using namespace llvm;
using namespace rubicon;

namespace {

constexpr const char *Header = R"(
target triple = "nvptx64-nvidia-cuda"
declare i32 @llvm.nvvm.read.ptx.sreg.warpsize()
declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.shfl.sync.down.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.shfl.sync.bfly.i32(i32, i32, i32, i32)
declare i32 @llvm.nvvm.activemask()
declare void @external_function()
)";

// No warp-level operation at all.
constexpr const char *Plain = R"(
define ptx_kernel void @plain(ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  store i32 %t, ptr %out
  ret void
}
)";

// A shuffle whose mask, offset and lane arithmetic come from warpSize.
constexpr const char *Portable = R"(
define ptx_kernel void @portable(ptr %out) {
  %ws = call i32 @llvm.nvvm.read.ptx.sreg.warpsize()
  %shift = sub i32 64, %ws
  %shift64 = zext i32 %shift to i64
  %full64 = lshr i64 -1, %shift64
  %full = trunc i64 %full64 to i32
  %half = lshr i32 %ws, 1
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %v = call i32 @llvm.nvvm.shfl.sync.down.i32(i32 %full, i32 %t, i32 %half, i32 31)
  store i32 %v, ptr %out
  ret void
}
)";

// The literal 0xffffffff member mask.
constexpr const char *FullMask = R"(
define ptx_kernel void @full_mask(ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %v = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 -1, i32 %t, i32 1, i32 31)
  store i32 %v, ptr %out
  ret void
}
)";

// Lane arithmetic with 31 in a kernel that does warp-level work.
constexpr const char *LaneAnd31 = R"(
define ptx_kernel void @lane_and_31(ptr %out) {
  %t = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %lane = and i32 %t, 31
  %m = call i32 @llvm.nvvm.activemask()
  %v = call i32 @llvm.nvvm.shfl.sync.bfly.i32(i32 %m, i32 %lane, i32 1, i32 31)
  store i32 %v, ptr %out
  ret void
}
)";

// A call the analysis cannot see into.
constexpr const char *Unknown = R"(
define ptx_kernel void @unknown(ptr %out) {
  call void @external_function()
  ret void
}
)";

struct Analysis {
  LLVMContext Context;
  std::unique_ptr<Module> M;
  std::vector<KernelVerdict> Verdicts;

  explicit Analysis(std::string Body, WarpSizeOptions Options = quiet()) {
    SMDiagnostic Error;
    M = parseAssemblyString(std::string(Header) + Body, Error, Context);
    if (!M) {
      std::string Message;
      raw_string_ostream OS(Message);
      Error.print("test", OS);
      ADD_FAILURE() << Message;
      return;
    }
    Verdicts = analyzeWarpSize(*M, Options);
  }
  static WarpSizeOptions quiet() {
    WarpSizeOptions Options;
    Options.EmitWarnings = false;
    return Options;
  }
  const KernelVerdict *kernel(StringRef Name) const {
    for (const KernelVerdict &V : Verdicts)
      if (V.Kernel == Name)
        return &V;
    return nullptr;
  }
  WarpVerdict verdict(StringRef Name) const {
    const KernelVerdict *V = kernel(Name);
    EXPECT_NE(V, nullptr) << "no verdict for " << Name.str();
    return V ? V->Verdict : WarpVerdict::Unknown;
  }
};

bool hasFinding(const KernelVerdict *V, WarpSizeCheck Check) {
  if (!V)
    return false;
  for (const WarpSizeFinding &F : V->Findings)
    if (F.Check == Check)
      return true;
  return false;
}

TEST(WarpSizeAnalysis, NoWarpLevelBehaviour) {
  Analysis A(Plain);
  EXPECT_EQ(A.verdict("plain"), WarpVerdict::NoWarpLevel);
  EXPECT_TRUE(A.kernel("plain")->Findings.empty());
}

TEST(WarpSizeAnalysis, Portable) {
  Analysis A(Portable);
  EXPECT_EQ(A.verdict("portable"), WarpVerdict::Portable);
  EXPECT_TRUE(A.kernel("portable")->Findings.empty());
}

TEST(WarpSizeAnalysis, FullMaskAssumes32) {
  Analysis A(FullMask);
  EXPECT_EQ(A.verdict("full_mask"), WarpVerdict::Assumes32);
  EXPECT_TRUE(
      hasFinding(A.kernel("full_mask"), WarpSizeCheck::FullMaskLiteral));
}

TEST(WarpSizeAnalysis, LaneArithmeticAssumes32) {
  Analysis A(LaneAnd31);
  EXPECT_EQ(A.verdict("lane_and_31"), WarpVerdict::Assumes32);
  EXPECT_TRUE(
      hasFinding(A.kernel("lane_and_31"), WarpSizeCheck::LaneArithmetic));
}

TEST(WarpSizeAnalysis, ExternalCallIsUnknown) {
  Analysis A(Unknown);
  EXPECT_EQ(A.verdict("unknown"), WarpVerdict::Unknown);
  ASSERT_EQ(A.kernel("unknown")->UnknownCallees.size(), 1u);
  EXPECT_NE(A.kernel("unknown")->UnknownCallees[0].find("external_function"),
            std::string::npos);
}

TEST(WarpSizeAnalysis, OneVerdictPerKernelInTheMetadata) {
  Analysis A(std::string(Plain) + Portable + FullMask + Unknown);
  EXPECT_EQ(A.Verdicts.size(), 4u);
  EXPECT_EQ(A.verdict("plain"), WarpVerdict::NoWarpLevel);
  EXPECT_EQ(A.verdict("portable"), WarpVerdict::Portable);
  EXPECT_EQ(A.verdict("full_mask"), WarpVerdict::Assumes32);
  EXPECT_EQ(A.verdict("unknown"), WarpVerdict::Unknown);
  auto Recorded = readWarpVerdicts(*A.M);
  ASSERT_EQ(Recorded.size(), 4u);
  for (const auto &[Kernel, Verdict] : Recorded)
    EXPECT_EQ(Verdict, verdictName(A.verdict(Kernel)).str()) << Kernel;
}

// Counts the warp-size warnings the analysis emits.
struct CountingHandler : DiagnosticHandler {
  unsigned *Count;
  explicit CountingHandler(unsigned *Count) : Count(Count) {}
  bool handleDiagnostics(const DiagnosticInfo &DI) override {
    if (isa<DiagnosticInfoWarpSize>(DI))
      ++*Count;
    return true;
  }
};

unsigned warningsFor(const char *Body, const WarpSizeOptions &Options) {
  LLVMContext Context;
  unsigned Count = 0;
  Context.setDiagnosticHandler(std::make_unique<CountingHandler>(&Count));
  SMDiagnostic Error;
  std::unique_ptr<Module> M =
      parseAssemblyString(std::string(Header) + Body, Error, Context);
  EXPECT_TRUE(M);
  std::vector<KernelVerdict> Verdicts = analyzeWarpSize(*M, Options);
  EXPECT_EQ(Verdicts.size(), 1u);
  // Turning a warning off does not change what the kernel assumes.
  EXPECT_EQ(Verdicts[0].Verdict, WarpVerdict::Assumes32);
  return Count;
}

TEST(WarpSizeAnalysis, WarningsAndTurningThemOff) {
  WarpSizeOptions Options;
  EXPECT_EQ(warningsFor(FullMask, Options), 1u);
  Options.DisabledChecks.push_back(WarpSizeCheck::FullMaskLiteral);
  EXPECT_EQ(warningsFor(FullMask, Options), 0u);
  Options.EmitWarnings = false;
  Options.DisabledChecks.clear();
  EXPECT_EQ(warningsFor(FullMask, Options), 0u);
}

} // namespace
