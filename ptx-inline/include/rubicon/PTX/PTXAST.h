//===- PTXAST.h - parsed inline-PTX blocks ----------------------*- C++ -*-===//
//
// What the parser produces from the text of one `asm` statement: a flat
// list of statements (instructions, labels, register declarations, scope
// braces) whose operands name registers, `$N` placeholders, immediates,
// vectors and addresses. Standard C++ only.
//
//===----------------------------------------------------------------------===//

#ifndef RUBICON_PTXINLINE_PTXAST_H
#define RUBICON_PTXINLINE_PTXAST_H

#include "rubicon/PTX/PTXTable.h"

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace rubicon::ptx {

/// A position inside the asm string: byte offset and 1-based line/column.
struct SourcePosition {
  uint32_t Offset = 0;
  uint32_t Line = 1;
  uint32_t Column = 1;
};

/// A register reference: a declared PTX register, an operand placeholder
/// `$N`, a special register (`%tid.x`) or the sink `_`.
struct RegisterRef {
  enum class Kind : uint8_t { Declared, Placeholder, Special, Sink };
  Kind RefKind = Kind::Declared;
  std::string Name;            ///< Declared: its name as written.
  unsigned PlaceholderIndex{}; ///< Placeholder: N of `$N`.
  PTXSpecialRegister Special{};
  bool Negated = false; ///< `!p` (predicate operands only).
};

struct IntegerImmediate {
  uint64_t Value = 0; ///< Two's complement bits.
};

/// `0fXXXXXXXX`, `0dXXXXXXXXXXXXXXXX` or a decimal floating literal.
struct FloatImmediate {
  uint64_t Bits = 0;    ///< IEEE bits of the value.
  bool IsDouble = true; ///< false: single precision (`0f`).
};

/// `[base]`, `[base+imm]`, `[base-imm]`, `[imm]`.
struct AddressOperand {
  std::optional<RegisterRef> Base;
  int64_t Offset = 0;
};

/// A label used by `bra`.
struct LabelRef {
  std::string Name;
};

using ScalarOperand =
    std::variant<RegisterRef, IntegerImmediate, FloatImmediate>;

/// `{a, b, _, d}`.
struct VectorOperand {
  std::vector<ScalarOperand> Elements;
};

/// `p|q` (setp's two predicate results).
struct PredicatePair {
  RegisterRef First, Second;
};

/// An operand selector of a video instruction, written right after a
/// register (`$1.b2`, `%r.h1`, `$0.h10`, `$2.b7654`): the element width and
/// the digits as written (most significant lane first). The parser checks
/// the form against the instruction and the operand's role (source select,
/// scalar destination merge, SIMD destination mask).
struct OperandSelector {
  unsigned ElementBits = 0;    ///< 8 (`.b...`) or 16 (`.h...`).
  std::vector<uint8_t> Digits; ///< `.b3210` -> {3, 2, 1, 0}.
  SourcePosition Position;

  /// The element lane I (0 = least significant) selects.
  unsigned laneSource(unsigned I) const {
    return Digits[Digits.size() - 1 - I];
  }
  /// Whether a destination mask names element I.
  bool masks(unsigned I) const {
    for (uint8_t D : Digits)
      if (D == I)
        return true;
    return false;
  }
};

struct Operand {
  std::variant<RegisterRef, IntegerImmediate, FloatImmediate, VectorOperand,
               AddressOperand, LabelRef, PredicatePair>
      Value;
  SourcePosition Position;
  std::optional<OperandSelector> Selector; ///< Video instructions only.
};

struct Guard {
  RegisterRef Predicate; ///< Negated for `@!p`.
};

struct Instruction {
  const PTXInstructionInfo *Info = nullptr;
  std::vector<PTXType> Types;         ///< In written order.
  std::vector<PTXModifier> Modifiers; ///< Non-type modifiers, written order.
  std::optional<Guard> Predicate;
  std::vector<Operand> Operands;
  SourcePosition Position;

  PTXOpcode opcode() const { return Info->Opcode; }
  bool has(PTXModifier M) const {
    for (PTXModifier Mod : Modifiers)
      if (Mod == M)
        return true;
    return false;
  }
  /// The first modifier of category C, if any.
  std::optional<PTXModifier> find(PTXModifierCategory C) const {
    for (PTXModifier Mod : Modifiers)
      if (category(Mod) == C)
        return Mod;
    return std::nullopt;
  }
};

/// `.reg .b32 a, b<4>;` expanded: one entry per register.
struct RegisterDeclaration {
  PTXType Type{};
  std::vector<std::string> Names;
  SourcePosition Position;
};

struct Label {
  std::string Name;
  SourcePosition Position;
};

struct ScopeBegin {
  SourcePosition Position;
};
struct ScopeEnd {
  SourcePosition Position;
};

using Statement =
    std::variant<Instruction, RegisterDeclaration, Label, ScopeBegin, ScopeEnd>;

/// A parsed asm block. Register names are made unique per scope by the
/// parser: a declaration in an inner `{ }` that shadows an outer one gets a
/// distinct name (`p` -> `p#1`), and every reference is rewritten to it.
struct Block {
  std::vector<Statement> Statements;
  /// Highest `$N` referenced, plus one.
  unsigned NumPlaceholders = 0;
};

} // namespace rubicon::ptx

#endif // RUBICON_PTXINLINE_PTXAST_H
