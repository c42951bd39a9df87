//===- WarpSizeAnalysis.cpp - Per-kernel warp-size verdicts ---------------===//
//
// Part of Rubicon. analyzeWarpSize(): copies the NVVM module, inlines and
// promotes locals in the copy so that the checks see lane arithmetic as SSA,
// runs the checks on every function a kernel reaches, reports each finding
// once (at the user's source line, not the CUDA header's) and records one
// verdict per kernel in the original module's metadata.
//
//===----------------------------------------------------------------------===//
#include "WarpSizeChecks.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/Path.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <map>
#include <set>
#include <tuple>

using namespace llvm;

namespace rubicon {

//===-- Vocabulary ---------------------------------------------------------===//

StringRef verdictDescription(WarpVerdict Verdict) {
  switch (Verdict) {
  case WarpVerdict::NoWarpLevel:
    return "no warp-level behaviour";
  case WarpVerdict::Portable:
    return "warp-size portable";
  case WarpVerdict::Assumes32:
    return "assumes 32-lane warps";
  case WarpVerdict::Unknown:
    return "unknown";
  }
  return "unknown";
}

StringRef verdictName(WarpVerdict Verdict) {
  switch (Verdict) {
  case WarpVerdict::NoWarpLevel:
    return "none";
  case WarpVerdict::Portable:
    return "portable";
  case WarpVerdict::Assumes32:
    return "assumes-32";
  case WarpVerdict::Unknown:
    return "unknown";
  }
  return "unknown";
}

StringRef checkFlagName(WarpSizeCheck Check) {
  switch (Check) {
#define WARP_SIZE_CHECK(ID, FLAG, FIX)                                         \
  case WarpSizeCheck::ID:                                                      \
    return FLAG;
#include "rubicon/WarpSizeDiagnostics.def"
  }
  return "warp-size";
}

StringRef checkFixHint(WarpSizeCheck Check) {
  switch (Check) {
#define WARP_SIZE_CHECK(ID, FLAG, FIX)                                         \
  case WarpSizeCheck::ID:                                                      \
    return FIX;
#include "rubicon/WarpSizeDiagnostics.def"
  }
  return "";
}

DiagnosticInfoWarpSize::DiagnosticInfoWarpSize(const WarpSizeFinding &Finding)
    : DiagnosticInfo(kindID(), DS_Warning), Finding(Finding) {}

int DiagnosticInfoWarpSize::kindID() {
  static const int ID = getNextAvailablePluginDiagnosticKind();
  return ID;
}

void DiagnosticInfoWarpSize::print(DiagnosticPrinter &DP) const {
  if (!Finding.File.empty())
    DP << Finding.File << ":" << Finding.Line << ":" << Finding.Column << ": ";
  DP << Finding.Message << " [-W" << checkFlagName(Finding.Check) << "]";
}

//===-- Recognizing warp operations and thread indices ---------------------===//

std::optional<WarpOperation> classifyWarpOperation(const CallBase &Call) {
  const Function *Callee = Call.getCalledFunction();
  if (!Callee)
    return std::nullopt;
  StringRef Name = Callee->getName();
  std::optional<WarpOperation> Best;
  size_t BestLength = 0;
#define WARP_OPERATION(PREFIX, KIND, MASK, OFFSET)                             \
  if (Name.starts_with(PREFIX) && StringRef(PREFIX).size() > BestLength) {     \
    Best = WarpOperation{WarpOperationKind::KIND, MASK, OFFSET};               \
    BestLength = StringRef(PREFIX).size();                                     \
  }
#include "WarpOperations.def"
  if (Best && Best->MaskOperand >= static_cast<int>(Call.arg_size()))
    Best->MaskOperand = -1;
  if (Best && Best->OffsetOperand >= static_cast<int>(Call.arg_size()))
    Best->OffsetOperand = -1;
  return Best;
}

bool isShuffle(WarpOperationKind Kind) {
  return Kind == WarpOperationKind::ShuffleIndex ||
         Kind == WarpOperationKind::ShuffleUp ||
         Kind == WarpOperationKind::ShuffleDown ||
         Kind == WarpOperationKind::ShuffleXor;
}

bool isThreadIndexRead(const CallBase &Call) {
  const Function *Callee = Call.getCalledFunction();
  if (!Callee)
    return false;
  StringRef Name = Callee->getName();
  return Name.starts_with("llvm.nvvm.read.ptx.sreg.tid.") ||
         Name == "llvm.nvvm.read.ptx.sreg.laneid" ||
         Name.starts_with("__rubicon_wave64_lane_id");
}

bool isBlockBarrier(const CallBase &Call) {
  const Function *Callee = Call.getCalledFunction();
  if (!Callee)
    return false;
  StringRef Name = Callee->getName();
  return Name == "llvm.nvvm.barrier0" || Name.starts_with("llvm.nvvm.barrier0.") ||
         Name.starts_with("llvm.nvvm.barrier.cta.") ||
         Name == "llvm.nvvm.barrier" || Name.starts_with("llvm.nvvm.barrier.sync");
}

DenseSet<const Value *> forwardSlice(ArrayRef<const Value *> Seeds) {
  DenseSet<const Value *> Slice;
  SmallVector<const Value *, 32> Work(Seeds.begin(), Seeds.end());
  while (!Work.empty()) {
    const Value *V = Work.pop_back_val();
    if (!Slice.insert(V).second)
      continue;
    for (const User *U : V->users()) {
      const auto *I = dyn_cast<Instruction>(U);
      if (!I)
        continue;
      bool Propagates = isa<BinaryOperator, CastInst, CmpInst, PHINode,
                            SelectInst, ExtractValueInst, FreezeInst,
                            UnaryOperator>(I);
      if (const auto *II = dyn_cast<IntrinsicInst>(I))
        Propagates |= II->getIntrinsicID() == Intrinsic::umin ||
                      II->getIntrinsicID() == Intrinsic::umax ||
                      II->getIntrinsicID() == Intrinsic::smin ||
                      II->getIntrinsicID() == Intrinsic::smax;
      if (Propagates)
        Work.push_back(I);
    }
  }
  return Slice;
}

SmallVector<const Value *, 8> threadIndexReads(const Function &F) {
  SmallVector<const Value *, 8> Reads;
  for (const Instruction &I : instructions(F))
    if (const auto *Call = dyn_cast<CallBase>(&I); Call && isThreadIndexRead(*Call))
      Reads.push_back(Call);
  return Reads;
}

//===-- The analysis -------------------------------------------------------===//

namespace {

bool isKernel(const Function &F) {
  return !F.isDeclaration() && F.getCallingConv() == CallingConv::PTX_Kernel;
}

/// Inlines and promotes locals (the module comes straight from clang with
/// -disable-llvm-passes): lane computations become SSA values.
void simplifyForAnalysis(Module &M) {
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  PassBuilder PB;
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  ModulePassManager MPM;
  if (Error Err = PB.parsePassPipeline(
          MPM, "always-inline,cgscc(inline),function(sroa,early-cse)")) {
    consumeError(std::move(Err));
    return;
  }
  MPM.run(M, MAM);
}

struct ResolvedLocation {
  std::string File;
  unsigned Line = 0;
  unsigned Column = 0;
};

bool isHeaderPath(StringRef Path, const WarpSizeOptions &Options) {
  for (const std::string &Marker : Options.HeaderPathMarkers)
    if (Path.contains(Marker))
      return true;
  return false;
}

/// Debug info names files relative to a directory (not always the one the
/// compiler ran in): put them together.
std::string fullPath(StringRef Directory, StringRef File) {
  if (File.empty() || sys::path::is_absolute(File) || Directory.empty())
    return File.str();
  SmallString<256> Path(Directory);
  sys::path::append(Path, File);
  return std::string(Path);
}

bool innermostInHeader(const Instruction &I, const WarpSizeOptions &Options) {
  const DILocation *L = I.getDebugLoc().get();
  return L && isHeaderPath(fullPath(L->getDirectory(), L->getFilename()),
                           Options);
}

/// True when every location of I's inlining chain is in the CUDA headers: a
/// constant operand there was written by the headers themselves (mma.h's
/// fragment gathers), not passed in by the user's code.
bool wholeChainInHeader(const Instruction &I, const WarpSizeOptions &Options) {
  const DILocation *L = I.getDebugLoc().get();
  if (!L)
    return false;
  for (; L; L = L->getInlinedAt())
    if (!isHeaderPath(fullPath(L->getDirectory(), L->getFilename()), Options))
      return false;
  return true;
}

/// The innermost location in the inlining chain that is the user's code.
ResolvedLocation resolveLocation(const Instruction &I,
                                 const WarpSizeOptions &Options) {
  ResolvedLocation Result;
  const DILocation *Chosen = nullptr;
  for (const DILocation *L = I.getDebugLoc().get(); L; L = L->getInlinedAt()) {
    Chosen = L;
    if (!isHeaderPath(fullPath(L->getDirectory(), L->getFilename()), Options))
      break;
  }
  if (Chosen) {
    Result.File = fullPath(Chosen->getDirectory(), Chosen->getFilename());
    Result.Line = Chosen->getLine();
    Result.Column = Chosen->getColumn();
    return Result;
  }
  if (const DISubprogram *SP = I.getFunction()->getSubprogram()) {
    Result.File = fullPath(SP->getDirectory(), SP->getFilename());
    Result.Line = SP->getLine();
  }
  return Result;
}

/// Facts about one function of the simplified copy.
struct FunctionFacts {
  bool HasWarpOperations = false;
  SmallVector<RawFinding, 4> Findings;
  SmallVector<std::string, 2> OpaqueCalls; // external, indirect or asm
  SmallVector<const Function *, 4> Callees;
};

FunctionFacts collectFacts(Function &F) {
  FunctionFacts Facts;
  for (Instruction &I : instructions(F)) {
    auto *Call = dyn_cast<CallBase>(&I);
    if (!Call)
      continue;
    if (std::optional<WarpOperation> Op = classifyWarpOperation(*Call)) {
      Facts.HasWarpOperations = true;
      continue;
    }
    if (Call->isInlineAsm()) {
      Facts.OpaqueCalls.push_back("inline assembly");
      continue;
    }
    const Function *Callee = Call->getCalledFunction();
    if (!Callee) {
      Facts.OpaqueCalls.push_back("an indirect call");
      continue;
    }
    if (Callee->isIntrinsic())
      continue;
    if (Callee->isDeclaration()) {
      StringRef Name = Callee->getName();
      // The device library's services that do nothing warp-level.
      if (Name == "vprintf" || Name == "malloc" || Name == "free" ||
          Name == "__assertfail" || Name.starts_with("__nv_") ||
          Name.starts_with("__ocml_") || Name.starts_with("__rubicon_math_"))
        continue;
      Facts.OpaqueCalls.push_back(("'" + Name + "'").str());
      continue;
    }
    Facts.Callees.push_back(Callee);
  }
  return Facts;
}

} // namespace

std::vector<KernelVerdict> analyzeWarpSize(Module &M,
                                           const WarpSizeOptions &Options) {
  std::unique_ptr<Module> Copy = CloneModule(M);
  simplifyForAnalysis(*Copy);

  // Facts per function, then the union over the functions each kernel reaches.
  std::map<const Function *, FunctionFacts> Facts;
  for (Function &F : *Copy)
    if (!F.isDeclaration())
      Facts.emplace(&F, collectFacts(F));

  auto reachable = [&](const Function &Kernel) {
    SetVector<const Function *> Reached;
    Reached.insert(&Kernel);
    for (size_t I = 0; I < Reached.size(); ++I)
      for (const Function *Callee : Facts[Reached[I]].Callees)
        Reached.insert(Callee);
    return Reached;
  };

  std::vector<KernelVerdict> Verdicts;
  std::set<std::tuple<unsigned, std::string, unsigned, unsigned>> Reported;
  std::map<const Function *, std::vector<WarpSizeFinding>> FindingsOf;
  for (Function &Kernel : *Copy) {
    if (!isKernel(Kernel))
      continue;
    SetVector<const Function *> Reached = reachable(Kernel);
    bool HasWarpOperations = false;
    KernelVerdict Verdict;
    Verdict.Kernel = Kernel.getName().str();
    for (const Function *F : Reached) {
      HasWarpOperations |= Facts[F].HasWarpOperations;
      for (const std::string &Opaque : Facts[F].OpaqueCalls)
        Verdict.UnknownCallees.push_back(Opaque);
    }
    for (const Function *F : Reached) {
      SmallVector<RawFinding, 8> Raw;
      checkHardCodedWarpSize(*F, HasWarpOperations, Raw);
      checkLogicalWarpHazards(const_cast<Function &>(*F), Raw);
      for (const RawFinding &R : Raw) {
        // The CUDA headers' own code (cooperative groups' tiles of 32, their
        // shuffle loops) is correct by construction; only masks flow in
        // from the user's code.
        if (R.ConstantOperand ? wholeChainInHeader(*R.At, Options)
                              : innermostInHeader(R.Origin ? *R.Origin : *R.At,
                                                  Options))
          continue;
        ResolvedLocation Loc = resolveLocation(*R.At, Options);
        WarpSizeFinding Finding{R.Check, Loc.File, Loc.Line, Loc.Column,
                                R.Message};
        Verdict.Findings.push_back(Finding);
        auto Key = std::make_tuple(static_cast<unsigned>(R.Check), Loc.File,
                                   Loc.Line, Loc.Column);
        bool Disabled = llvm::is_contained(Options.DisabledChecks, R.Check);
        if (Options.EmitWarnings && !Disabled && Reported.insert(Key).second)
          M.getContext().diagnose(DiagnosticInfoWarpSize(Finding));
      }
    }
    if (!Verdict.Findings.empty())
      Verdict.Verdict = WarpVerdict::Assumes32;
    else if (!Verdict.UnknownCallees.empty())
      Verdict.Verdict = WarpVerdict::Unknown;
    else if (HasWarpOperations)
      Verdict.Verdict = WarpVerdict::Portable;
    else
      Verdict.Verdict = WarpVerdict::NoWarpLevel;
    Verdicts.push_back(std::move(Verdict));
  }

  // Record the verdicts on the original module.
  LLVMContext &Context = M.getContext();
  NamedMDNode *Node = M.getOrInsertNamedMetadata(WarpVerdictMetadataName);
  Node->clearOperands();
  for (const KernelVerdict &Verdict : Verdicts) {
    Function *Kernel = M.getFunction(Verdict.Kernel);
    if (!Kernel)
      continue;
    Metadata *Fields[] = {ValueAsMetadata::get(Kernel),
                          MDString::get(Context, verdictName(Verdict.Verdict))};
    Node->addOperand(MDNode::get(Context, Fields));
  }
  return Verdicts;
}

std::vector<std::pair<std::string, std::string>>
readWarpVerdicts(const Module &M) {
  std::vector<std::pair<std::string, std::string>> Result;
  const NamedMDNode *Node = M.getNamedMetadata(WarpVerdictMetadataName);
  if (!Node)
    return Result;
  for (const MDNode *Entry : Node->operands()) {
    if (Entry->getNumOperands() != 2)
      continue;
    const auto *Kernel = dyn_cast_or_null<ValueAsMetadata>(Entry->getOperand(0));
    const auto *Name = dyn_cast_or_null<MDString>(Entry->getOperand(1));
    if (!Kernel || !Name)
      continue;
    Result.emplace_back(Kernel->getValue()->getName().str(),
                        Name->getString().str());
  }
  return Result;
}

} // namespace rubicon
