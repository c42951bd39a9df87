//===- PTXTable.cpp - the PTX tables generated from the .def files --------===//

#include "rubicon/PTX/PTXTable.h"

#include <algorithm>

namespace rubicon::ptx {
namespace {

struct TypeRow {
  std::string_view Spelling;
  unsigned BitWidth;
  PTXTypeKind Kind;
};
constexpr TypeRow TypeRows[] = {
#define PTX_TYPE(Id, Spelling, BitWidth, Kind)                                 \
  {Spelling, BitWidth, PTXTypeKind::Kind},
#include "../PTXTypes.def"
};

struct ModifierRow {
  std::string_view Spelling;
  PTXModifierCategory Category;
};
constexpr ModifierRow ModifierRows[] = {
#define PTX_MODIFIER(Id, Spelling, Category)                                   \
  {Spelling, PTXModifierCategory::Category},
#include "../PTXModifiers.def"
};

struct SpecialRegisterRow {
  std::string_view Spelling;
  unsigned BitWidth;
};
constexpr SpecialRegisterRow SpecialRegisterRows[] = {
#define PTX_SPECIAL_REGISTER(Id, Spelling, BitWidth, Intrinsic)                \
  {Spelling, BitWidth},
#include "../PTXSpecialRegisters.def"
};

using enum PTXType;
using enum PTXModifier;
constexpr bool Yes = true;
constexpr bool No = false;

constexpr PTXInstructionInfo InstructionRows[] = {
#define PTX_TYPES(...)                                                         \
  PTXTypeSet { __VA_ARGS__ }
#define PTX_MODIFIERS(...)                                                     \
  PTXModifierSet { __VA_ARGS__ }
#define PTX_INSTRUCTION(Id, Mnemonic, Family, Types, SourceTypes, MinTypes,    \
                        MaxTypes, Modifiers, MinOperands, MaxOperands,         \
                        Implemented)                                           \
  {PTXOpcode::Id, Mnemonic,    PTXFamily::Family, Types,                       \
   SourceTypes,   MinTypes,    MaxTypes,          Modifiers,                   \
   MinOperands,   MaxOperands, Implemented},
#include "../PTXInstructions.def"
};

// Rows must be in PTXOpcode order so instructionInfo() can index.
constexpr bool rowsAreInOpcodeOrder() {
  for (unsigned I = 0; I != std::size(InstructionRows); ++I)
    if (unsigned(InstructionRows[I].Opcode) != I)
      return false;
  return true;
}
static_assert(rowsAreInOpcodeOrder());

} // namespace

std::string_view spelling(PTXType T) { return TypeRows[unsigned(T)].Spelling; }
unsigned bitWidth(PTXType T) { return TypeRows[unsigned(T)].BitWidth; }
PTXTypeKind kind(PTXType T) { return TypeRows[unsigned(T)].Kind; }

std::string_view spelling(PTXModifier M) {
  return ModifierRows[unsigned(M)].Spelling;
}
PTXModifierCategory category(PTXModifier M) {
  return ModifierRows[unsigned(M)].Category;
}

std::string_view name(PTXModifierCategory C) {
  switch (C) {
  case PTXModifierCategory::Rounding:
    return "rounding";
  case PTXModifierCategory::IntegerRounding:
    return "integer rounding";
  case PTXModifierCategory::Comparison:
    return "comparison";
  case PTXModifierCategory::Width:
    return "result width";
  case PTXModifierCategory::Operation:
    return "operation";
  case PTXModifierCategory::Flag:
    return "flag";
  case PTXModifierCategory::Mode:
    return "mode";
  case PTXModifierCategory::StateSpace:
    return "state space";
  case PTXModifierCategory::Vector:
    return "vector";
  case PTXModifierCategory::CacheOperator:
    return "cache operator";
  case PTXModifierCategory::CacheHint:
    return "cache hint";
  case PTXModifierCategory::MemoryOrder:
    return "memory order";
  case PTXModifierCategory::Scope:
    return "scope";
  case PTXModifierCategory::Shape:
    return "shape";
  case PTXModifierCategory::Layout:
    return "layout";
  case PTXModifierCategory::FragmentCount:
    return "fragment count";
  }
  return "?";
}

std::string_view name(PTXFamily F) {
  switch (F) {
  case PTXFamily::Integer:
    return "Integer arithmetic";
  case PTXFamily::Bit:
    return "Bit manipulation";
  case PTXFamily::Compare:
    return "Comparison and selection";
  case PTXFamily::Float:
    return "Floating point";
  case PTXFamily::HalfFloat:
    return "Half precision";
  case PTXFamily::Convert:
    return "Conversion";
  case PTXFamily::Move:
    return "Data movement";
  case PTXFamily::Memory:
    return "Memory";
  case PTXFamily::Atomic:
    return "Atomics";
  case PTXFamily::Synchronization:
    return "Synchronization";
  case PTXFamily::Warp:
    return "Warp-level";
  case PTXFamily::Control:
    return "Control";
  case PTXFamily::Video:
    return "Video (SIMD in a register)";
  case PTXFamily::Matrix:
    return "Matrix";
  }
  return "?";
}

std::string_view spelling(PTXSpecialRegister R) {
  return SpecialRegisterRows[unsigned(R)].Spelling;
}
unsigned bitWidth(PTXSpecialRegister R) {
  return SpecialRegisterRows[unsigned(R)].BitWidth;
}

std::optional<PTXType> lookupType(std::string_view Spelling) {
  for (unsigned I = 0; I != std::size(TypeRows); ++I)
    if (TypeRows[I].Spelling == Spelling)
      return PTXType(I);
  return std::nullopt;
}

std::optional<PTXModifier> lookupModifier(std::string_view Spelling) {
  for (unsigned I = 0; I != std::size(ModifierRows); ++I)
    if (ModifierRows[I].Spelling == Spelling)
      return PTXModifier(I);
  return std::nullopt;
}

std::optional<PTXSpecialRegister> lookupSpecialRegister(std::string_view Name) {
  for (unsigned I = 0; I != std::size(SpecialRegisterRows); ++I)
    if (SpecialRegisterRows[I].Spelling == Name)
      return PTXSpecialRegister(I);
  return std::nullopt;
}

std::span<const PTXInstructionInfo> instructionTable() {
  return InstructionRows;
}

const PTXInstructionInfo &instructionInfo(PTXOpcode Op) {
  return InstructionRows[unsigned(Op)];
}

bool isMnemonic(std::string_view Mnemonic) {
  return std::any_of(
      std::begin(InstructionRows), std::end(InstructionRows),
      [&](const PTXInstructionInfo &Row) { return Row.Mnemonic == Mnemonic; });
}

} // namespace rubicon::ptx
