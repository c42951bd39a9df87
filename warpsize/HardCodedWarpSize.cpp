//===- HardCodedWarpSize.cpp - 32, 31, 5 and 0xffffffff as warp size ------===//
//
// Part of Rubicon. Code that spells the warp size as a literal works with
// Rubicon's default 32-lane logical warps but not under native wave64. Found
// here: full masks written 0xffffffff; lanes and warp numbers computed from
// the thread index with & 31, % 32, >> 5, / 32 (or compared with 32);
// shuffle loops starting at offset 16 or ending at 32, reads of lane 31; and
// 32-element shared arrays indexed per warp or per lane.
//
//===----------------------------------------------------------------------===//
#include "WarpSizeChecks.h"

#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"

using namespace llvm;

namespace rubicon {
namespace {

constexpr uint64_t FullMask32 = 0xffffffffu;

std::optional<uint64_t> constantValue(const Value *V) {
  if (const auto *C = dyn_cast<ConstantInt>(V))
    if (C->getBitWidth() <= 64)
      return C->getZExtValue();
  return std::nullopt;
}

bool isConstant(const Value *V, uint64_t Expected) {
  std::optional<uint64_t> Value = constantValue(V);
  return Value && *Value == Expected;
}

/// "& 31", "% 32", ">> 5", "/ 32", "< 32" applied to a thread-index value:
/// the message, or "" if `I` is none of them.
std::string laneArithmetic(const Instruction &I,
                           const DenseSet<const Value *> &FromThreadIndex) {
  auto threadOperand = [&](unsigned Index) {
    return FromThreadIndex.contains(I.getOperand(Index));
  };
  if (const auto *Cmp = dyn_cast<ICmpInst>(&I)) {
    if ((threadOperand(0) && isConstant(Cmp->getOperand(1), 32)) ||
        (threadOperand(1) && isConstant(Cmp->getOperand(0), 32)))
      return "comparing the thread index with 32 selects the first warp "
             "only if warps have 32 lanes";
    return "";
  }
  const auto *Op = dyn_cast<BinaryOperator>(&I);
  if (!Op || !threadOperand(0))
    return "";
  const Value *Amount = Op->getOperand(1);
  switch (Op->getOpcode()) {
  case Instruction::And:
    if (isConstant(Amount, 31))
      return "lane computed as 'threadIdx & 31' assumes 32-lane warps";
    break;
  case Instruction::URem:
  case Instruction::SRem:
    if (isConstant(Amount, 32))
      return "lane computed as 'threadIdx % 32' assumes 32-lane warps";
    break;
  case Instruction::LShr:
  case Instruction::AShr:
    if (isConstant(Amount, 5))
      return "warp number computed as 'threadIdx >> 5' assumes 32-lane warps";
    break;
  case Instruction::UDiv:
  case Instruction::SDiv:
    if (isConstant(Amount, 32))
      return "warp number computed as 'threadIdx / 32' assumes 32-lane warps";
    break;
  default:
    break;
  }
  return "";
}

/// Values that are thread or block indices/dimensions.
SmallVector<const Value *, 8> indexSeeds(const Function &F) {
  SmallVector<const Value *, 8> Seeds = threadIndexReads(F);
  for (const Instruction &I : instructions(F))
    if (const auto *Call = dyn_cast<CallBase>(&I))
      if (const Function *Callee = Call->getCalledFunction())
        if (Callee->getName().starts_with("llvm.nvvm.read.ptx.sreg.ntid."))
          Seeds.push_back(Call);
  return Seeds;
}

void checkMask(const CallBase &Call, const WarpOperation &Op,
               SmallVectorImpl<RawFinding> &Findings) {
  if (Op.MaskOperand < 0 ||
      !isConstant(Call.getArgOperand(Op.MaskOperand), FullMask32))
    return;
  Findings.push_back({WarpSizeCheck::FullMaskLiteral, &Call,
                      "full warp mask 0xffffffff names 32 lanes: it assumes "
                      "32-lane warps (under --rubicon-native-wave64 it leaves "
                      "out lanes 32-63)",
                      nullptr, /*ConstantOperand=*/true});
}

void checkShuffleOffset(const CallBase &Call, const WarpOperation &Op,
                        SmallVectorImpl<RawFinding> &Findings) {
  if (!isShuffle(Op.Kind) || Op.OffsetOperand < 0)
    return;
  const Value *Offset = Call.getArgOperand(Op.OffsetOperand);
  if (Op.Kind == WarpOperationKind::ShuffleIndex) {
    if (isConstant(Offset, 31))
      Findings.push_back({WarpSizeCheck::ShuffleOffset, &Call,
                          "reading lane 31 as the warp's last lane assumes "
                          "32-lane warps",
                          nullptr, /*ConstantOperand=*/true});
    return;
  }
  bool StartsAt16 = isConstant(Offset, 16);
  // A loop's offset: the loop is where the 16 or 32 was written.
  const Instruction *Origin = nullptr;
  if (const auto *Phi = dyn_cast<PHINode>(Offset)) {
    for (const Value *Incoming : Phi->incoming_values())
      StartsAt16 |= isConstant(Incoming, 16);
    for (const Instruction &I : *Phi->getParent())
      if (I.getDebugLoc()) {
        Origin = &I;
        break;
      }
  }
  if (StartsAt16) {
    Findings.push_back({WarpSizeCheck::ShuffleOffset, &Call,
                        "shuffle offset 16 starts a reduction over 32 lanes: "
                        "it assumes 32-lane warps",
                        Origin, /*ConstantOperand=*/Origin == nullptr});
    return;
  }
  if (!isa<PHINode>(Offset))
    return;
  // A shift loop bounded by 32: for (d = 1; d < 32; d *= 2).
  for (const Value *V : forwardSlice({Offset}))
    if (const auto *Cmp = dyn_cast<ICmpInst>(V))
      if (isConstant(Cmp->getOperand(1), 32) ||
          isConstant(Cmp->getOperand(0), 32)) {
        Findings.push_back({WarpSizeCheck::ShuffleOffset, &Call,
                            "shuffle loop bounded by 32 assumes 32-lane warps",
                            Origin});
        return;
      }
}

/// A shared array of 32 (or 33, padded) elements.
const GlobalVariable *perWarpSharedArray(const GetElementPtrInst &GEP) {
  const auto *Global = dyn_cast<GlobalVariable>(
      GEP.getPointerOperand()->stripPointerCasts());
  if (!Global || Global->getAddressSpace() != 3)
    return nullptr;
  const auto *Array = dyn_cast<ArrayType>(Global->getValueType());
  if (!Array || (Array->getNumElements() != 32 && Array->getNumElements() != 33))
    return nullptr;
  return Global;
}

} // namespace

void checkHardCodedWarpSize(const Function &F, bool HasWarpOperations,
                            SmallVectorImpl<RawFinding> &Findings) {
  for (const Instruction &I : instructions(F)) {
    const auto *Call = dyn_cast<CallBase>(&I);
    if (!Call)
      continue;
    if (std::optional<WarpOperation> Op = classifyWarpOperation(*Call)) {
      checkMask(*Call, *Op, Findings);
      checkShuffleOffset(*Call, *Op, Findings);
    }
  }

  // Lane arithmetic on thread indices; its results (and %laneid) index
  // per-warp shared arrays.
  DenseSet<const Value *> FromIndex = forwardSlice(indexSeeds(F));
  SmallVector<const Value *, 8> LaneValues;
  for (const Instruction &I : instructions(F)) {
    if (const auto *Call = dyn_cast<CallBase>(&I))
      if (std::optional<WarpOperation> Op = classifyWarpOperation(*Call))
        if (Op->Kind == WarpOperationKind::LaneId ||
            Op->Kind == WarpOperationKind::WarpId)
          LaneValues.push_back(Call);
    if (!FromIndex.contains(&I))
      continue;
    std::string Message = laneArithmetic(I, FromIndex);
    if (Message.empty())
      continue;
    if (!isa<ICmpInst>(I))
      LaneValues.push_back(&I);
    if (HasWarpOperations)
      Findings.push_back({WarpSizeCheck::LaneArithmetic, &I, Message});
  }

  DenseSet<const Value *> FromLane = forwardSlice(LaneValues);
  DenseSet<const GlobalVariable *> Reported;
  for (const Instruction &I : instructions(F)) {
    const auto *GEP = dyn_cast<GetElementPtrInst>(&I);
    if (!GEP)
      continue;
    const GlobalVariable *Array = perWarpSharedArray(*GEP);
    if (!Array || Reported.contains(Array))
      continue;
    bool IndexedPerWarp = llvm::any_of(GEP->indices(), [&](const Use &Index) {
      return FromLane.contains(Index.get());
    });
    if (!IndexedPerWarp)
      continue;
    Reported.insert(Array);
    Findings.push_back(
        {WarpSizeCheck::SharedArrayPerWarp, &I,
         std::string("shared array '" + llvm::demangle(Array->getName()) +
          "' has 32 elements indexed by warp or lane number: it assumes "
          "32-lane warps")});
  }
}

} // namespace rubicon
