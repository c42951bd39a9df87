//===- PTXTable.h - PTX types, modifiers and instructions -------*- C++ -*-===//
//
// The enumerations generated from the .def tables in ptx-inline/ and the
// instruction table the parser checks instructions against. Standard C++
// only: no LLVM dependency.
//
//===----------------------------------------------------------------------===//

#ifndef RUBICON_PTXINLINE_PTXTABLE_H
#define RUBICON_PTXINLINE_PTXTABLE_H

#include <array>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string_view>

namespace rubicon::ptx {

enum class PTXTypeKind : uint8_t { Signed, Unsigned, Bits, Float, Predicate };

enum class PTXType : uint8_t {
#define PTX_TYPE(Id, Spelling, BitWidth, Kind) Id,
#include "../../../PTXTypes.def"
};
inline constexpr unsigned NumPTXTypes = 0
#define PTX_TYPE(Id, Spelling, BitWidth, Kind) +1
#include "../../../PTXTypes.def"
    ;

enum class PTXModifierCategory : uint8_t {
  Rounding,
  IntegerRounding,
  Comparison,
  Width,
  Operation,
  Flag,
  Mode,
  StateSpace,
  Vector,
  CacheOperator,
  CacheHint,
  MemoryOrder,
  Scope,
  Shape,
  Layout,
  FragmentCount,
};

enum class PTXModifier : uint8_t {
#define PTX_MODIFIER(Id, Spelling, Category) Id,
#include "../../../PTXModifiers.def"
};
inline constexpr unsigned NumPTXModifiers = 0
#define PTX_MODIFIER(Id, Spelling, Category) +1
#include "../../../PTXModifiers.def"
    ;

enum class PTXFamily : uint8_t {
  Integer,
  Bit,
  Compare,
  Float,
  HalfFloat,
  Convert,
  Move,
  Memory,
  Atomic,
  Synchronization,
  Warp,
  Control,
  Video,
  Matrix,
};

enum class PTXOpcode : uint16_t {
#define PTX_TYPES(...)
#define PTX_MODIFIERS(...)
#define PTX_INSTRUCTION(Id, ...) Id,
#include "../../../PTXInstructions.def"
};

enum class PTXSpecialRegister : uint8_t {
#define PTX_SPECIAL_REGISTER(Id, Spelling, BitWidth, Intrinsic) Id,
#include "../../../PTXSpecialRegisters.def"
};

/// A set of PTX types, as a bit mask.
class PTXTypeSet {
public:
  constexpr PTXTypeSet() = default;
  constexpr PTXTypeSet(std::initializer_list<PTXType> Types) {
    for (PTXType T : Types)
      Bits |= uint32_t(1) << unsigned(T);
  }
  constexpr bool contains(PTXType T) const {
    return Bits & (uint32_t(1) << unsigned(T));
  }
  constexpr bool empty() const { return Bits == 0; }

private:
  uint32_t Bits = 0;
  static_assert(NumPTXTypes <= 32);
};

/// A set of PTX modifiers, as a bit mask.
class PTXModifierSet {
public:
  constexpr PTXModifierSet() = default;
  constexpr PTXModifierSet(std::initializer_list<PTXModifier> Modifiers) {
    for (PTXModifier M : Modifiers)
      insert(M);
  }
  constexpr void insert(PTXModifier M) {
    Words[unsigned(M) / 64] |= uint64_t(1) << (unsigned(M) % 64);
  }
  constexpr bool contains(PTXModifier M) const {
    return Words[unsigned(M) / 64] & (uint64_t(1) << (unsigned(M) % 64));
  }
  constexpr bool empty() const {
    for (uint64_t W : Words)
      if (W)
        return false;
    return true;
  }

private:
  std::array<uint64_t, (NumPTXModifiers + 63) / 64> Words{};
};

/// One row of PTXInstructions.def.
struct PTXInstructionInfo {
  PTXOpcode Opcode;
  std::string_view Mnemonic;
  PTXFamily Family;
  PTXTypeSet Types;
  PTXTypeSet SourceTypes;
  uint8_t MinTypes, MaxTypes;
  PTXModifierSet Modifiers;
  uint8_t MinOperands, MaxOperands;
  bool Implemented;
};

// Properties of the table's entries.
std::string_view spelling(PTXType T);
unsigned bitWidth(PTXType T);
PTXTypeKind kind(PTXType T);
inline bool isFloat(PTXType T) { return kind(T) == PTXTypeKind::Float; }
inline bool isSigned(PTXType T) { return kind(T) == PTXTypeKind::Signed; }
std::string_view spelling(PTXModifier M);
PTXModifierCategory category(PTXModifier M);
std::string_view name(PTXModifierCategory C);
std::string_view name(PTXFamily F);
std::string_view spelling(PTXSpecialRegister R);
unsigned bitWidth(PTXSpecialRegister R);

/// Look-ups by spelling (with the leading `.` / `%`).
std::optional<PTXType> lookupType(std::string_view Spelling);
std::optional<PTXModifier> lookupModifier(std::string_view Spelling);
std::optional<PTXSpecialRegister> lookupSpecialRegister(std::string_view Name);

/// The whole instruction table, in .def order.
std::span<const PTXInstructionInfo> instructionTable();
const PTXInstructionInfo &instructionInfo(PTXOpcode Op);
/// True when some row has this mnemonic (`add`, `cp.async.wait_group`).
bool isMnemonic(std::string_view Mnemonic);

} // namespace rubicon::ptx

#endif // RUBICON_PTXINLINE_PTXTABLE_H
