//===- PTXParser.cpp - parse and check inline PTX -------------------------===//
//
// Recursive descent over the tokens of PTXLexer, checking each instruction
// against the table (PTXInstructions.def), register declarations against
// their uses and branch targets against labels.
//
//===----------------------------------------------------------------------===//

#include "rubicon/PTX/PTXParser.h"

#include "PTXLexer.h"

#include <charconv>
#include <cstring>
#include <map>
#include <set>

namespace rubicon::ptx {

std::string ParseError::str() const {
  return std::to_string(Position.Line) + ":" + std::to_string(Position.Column) +
         ": " + Message;
}

namespace {

std::string quoted(std::string_view S) { return "'" + std::string(S) + "'"; }

/// Thrown-free error propagation: the first error wins, parsing stops.
class Parser {
public:
  explicit Parser(std::string_view Text) : Tokens(tokenizePTX(Text)) {}

  ParseResult run() {
    Scopes.emplace_back();
    while (!Failed && current().Kind != TokenKind::EndOfInput)
      parseStatement();
    if (!Failed && Scopes.size() > 1)
      fail(current().Position, "expected '}' to close the scope opened here");
    if (!Failed)
      checkBranchTargets();
    if (Failed)
      return ParseResult(std::move(Error));
    return ParseResult(std::move(Result));
  }

private:
  std::vector<Token> Tokens;
  size_t Index = 0;
  Block Result;
  bool Failed = false;
  ParseError Error;
  /// Register names visible in each open scope: written name -> unique name.
  std::vector<std::map<std::string, std::string, std::less<>>> Scopes;
  std::map<std::string, unsigned> DeclarationCount;
  std::set<std::string, std::less<>> Labels;
  std::vector<std::pair<std::string, SourcePosition>> BranchTargets;
  std::vector<SourcePosition> OpenScopes;

  const Token &current() const { return Tokens[Index]; }
  const Token &peekToken(size_t Ahead = 1) const {
    return Tokens[std::min(Index + Ahead, Tokens.size() - 1)];
  }
  void consume() {
    if (Index + 1 < Tokens.size())
      ++Index;
  }

  void fail(SourcePosition Position, std::string Message) {
    if (Failed)
      return;
    Failed = true;
    Error = ParseError{Position, std::move(Message)};
  }

  std::string describe(const Token &T) const {
    switch (T.Kind) {
    case TokenKind::EndOfInput:
      return "end of input";
    case TokenKind::Invalid:
      if (T.Text == "/*")
        return "unterminated comment";
      if (T.Text.substr(0, 2) == "${") {
        // ${N:m}: written %mN in the asm text.
        std::string_view Inner = T.Text.substr(2, T.Text.size() - 3);
        size_t Colon = Inner.find(':');
        if (Colon != std::string_view::npos)
          return "operand modifier '%" + std::string(Inner.substr(Colon + 1)) +
                 std::string(Inner.substr(0, Colon)) +
                 "' (inline PTX operands take no modifier)";
      }
      return quoted(T.Text);
    default:
      return quoted(T.Text);
    }
  }

  bool expectPunctuation(char C, std::string_view Context) {
    if (current().is(C)) {
      consume();
      return true;
    }
    fail(current().Position, "expected '" + std::string(1, C) + "' " +
                                 std::string(Context) + ", found " +
                                 describe(current()));
    return false;
  }

  //===--- Statements -----------------------------------------------------===//

  void parseStatement() {
    const Token &T = current();
    if (T.is(';')) {
      consume();
      return;
    }
    if (T.is('{')) {
      Result.Statements.push_back(ScopeBegin{T.Position});
      OpenScopes.push_back(T.Position);
      Scopes.emplace_back();
      consume();
      return;
    }
    if (T.is('}')) {
      if (Scopes.size() == 1)
        return fail(T.Position, "'}' without a matching '{'");
      Result.Statements.push_back(ScopeEnd{T.Position});
      Scopes.pop_back();
      OpenScopes.pop_back();
      consume();
      return;
    }
    if (T.Kind == TokenKind::DotWord)
      return parseDirective();
    if (T.Kind == TokenKind::Identifier && peekToken().is(':'))
      return parseLabel();
    if (T.is('@') || T.Kind == TokenKind::Identifier)
      return parseInstruction();
    if (T.Kind == TokenKind::Invalid)
      return fail(T.Position, T.Text == "/*"
                                  ? describe(T)
                                  : "unexpected character " + quoted(T.Text));
    fail(T.Position, "expected an instruction, found " + describe(T));
  }

  void parseLabel() {
    const Token &Name = current();
    if (!Labels.insert(std::string(Name.Text)).second)
      return fail(Name.Position, "redefinition of label " + quoted(Name.Text));
    Result.Statements.push_back(Label{std::string(Name.Text), Name.Position});
    consume(); // name
    consume(); // ':'
  }

  void parseDirective() {
    const Token &Directive = current();
    if (Directive.Text != ".reg")
      return fail(Directive.Position,
                  "unsupported directive " + quoted(Directive.Text) +
                      " in inline PTX (only '.reg' declarations are allowed)");
    consume();
    RegisterDeclaration Declaration;
    Declaration.Position = Directive.Position;
    const Token &TypeToken = current();
    std::optional<PTXType> Type;
    if (TypeToken.Kind == TokenKind::DotWord)
      Type = lookupType(TypeToken.Text);
    if (!Type)
      return fail(TypeToken.Position,
                  "expected a register type after '.reg', found " +
                      describe(TypeToken));
    Declaration.Type = *Type;
    consume();
    while (true) {
      const Token &Name = current();
      if (Name.Kind != TokenKind::Identifier &&
          Name.Kind != TokenKind::Register)
        return fail(Name.Position,
                    "expected a register name, found " + describe(Name));
      consume();
      std::string BaseName(Name.Text);
      if (current().is('<')) {
        // `%r<4>` declares %r0 .. %r3.
        consume();
        const Token &Count = current();
        unsigned N = 0;
        auto [End, Ec] = std::from_chars(
            Count.Text.data(), Count.Text.data() + Count.Text.size(), N);
        if (Count.Kind != TokenKind::Integer || Ec != std::errc() ||
            End != Count.Text.data() + Count.Text.size() || N == 0 || N > 65536)
          return fail(Count.Position,
                      "expected a register count between 1 and 65536, found " +
                          describe(Count));
        consume();
        if (!expectPunctuation('>', "after the register count"))
          return;
        for (unsigned I = 0; I != N; ++I)
          if (!declare(BaseName + std::to_string(I), Name.Position,
                       Declaration))
            return;
      } else if (!declare(BaseName, Name.Position, Declaration)) {
        return;
      }
      if (current().is(',')) {
        consume();
        continue;
      }
      break;
    }
    if (!expectPunctuation(';', "after the register declaration"))
      return;
    Result.Statements.push_back(std::move(Declaration));
  }

  bool declare(const std::string &Name, SourcePosition Position,
               RegisterDeclaration &Declaration) {
    auto &Scope = Scopes.back();
    if (Scope.count(Name)) {
      fail(Position, "redefinition of register " + quoted(Name));
      return false;
    }
    if (lookupSpecialRegister(Name)) {
      fail(Position, "cannot declare special register " + quoted(Name));
      return false;
    }
    unsigned &Count = DeclarationCount[Name];
    std::string Unique = Count ? Name + "#" + std::to_string(Count) : Name;
    ++Count;
    Scope.emplace(Name, Unique);
    Declaration.Names.push_back(Unique);
    return true;
  }

  //===--- Instructions ---------------------------------------------------===//

  void parseInstruction() {
    Instruction Inst;
    Inst.Position = current().Position;
    if (current().is('@')) {
      consume();
      Guard G;
      bool Negated = false;
      if (current().is('!')) {
        Negated = true;
        consume();
      }
      SourcePosition GuardPosition = current().Position;
      auto Predicate = parseRegister();
      if (Failed)
        return;
      if (!Predicate)
        return fail(GuardPosition, "expected a predicate after '@', found " +
                                       describe(current()));
      G.Predicate = *Predicate;
      G.Predicate.Negated = Negated;
      Inst.Predicate = G;
    }
    const Token &First = current();
    if (First.Kind != TokenKind::Identifier)
      return fail(First.Position,
                  "expected an instruction, found " + describe(First));
    SourcePosition MnemonicPosition = First.Position;

    // The mnemonic is the longest run of `name.part.part` that the table
    // knows (`cp.async.wait_group`, `bar.warp.sync`).
    std::string Mnemonic(First.Text);
    size_t Parts = 0;
    {
      std::string Candidate = Mnemonic;
      for (size_t Ahead = 1; peekToken(Ahead).Kind == TokenKind::DotWord &&
                             !peekToken(Ahead).SpaceBefore;
           ++Ahead) {
        Candidate += peekToken(Ahead).Text;
        if (isMnemonic(Candidate)) {
          Mnemonic = Candidate;
          Parts = Ahead;
        }
      }
    }
    // A fixed part may also come after modifiers: `match.any.sync.b32` is
    // the row `match.sync` with the modifier `.any`.
    size_t LaterFixedPart = 0;
    if (!isMnemonic(Mnemonic))
      for (size_t Ahead = 1; peekToken(Ahead).Kind == TokenKind::DotWord &&
                             !peekToken(Ahead).SpaceBefore;
           ++Ahead)
        if (isMnemonic(Mnemonic + std::string(peekToken(Ahead).Text))) {
          Mnemonic += std::string(peekToken(Ahead).Text);
          LaterFixedPart = Ahead;
          break;
        }
    if (!isMnemonic(Mnemonic))
      return fail(MnemonicPosition,
                  "unknown instruction " + quoted(First.Text));
    for (size_t I = 0; I <= Parts; ++I)
      consume();

    // Modifiers and types, any order among modifiers.
    std::vector<std::pair<PTXType, SourcePosition>> Types;
    std::vector<std::pair<PTXModifier, SourcePosition>> Modifiers;
    for (size_t Index = 1;
         current().Kind == TokenKind::DotWord && !current().SpaceBefore;
         ++Index) {
      if (Index == LaterFixedPart) {
        consume();
        continue;
      }
      const Token &T = current();
      if (auto Type = lookupType(T.Text))
        Types.push_back({*Type, T.Position});
      else if (auto Modifier = lookupModifier(T.Text))
        Modifiers.push_back({*Modifier, T.Position});
      else
        return fail(T.Position, "unknown modifier " + quoted(T.Text) + " for " +
                                    quoted(Mnemonic));
      consume();
    }

    const PTXInstructionInfo *Info =
        selectRow(Mnemonic, Types, MnemonicPosition);
    if (!Info)
      return;
    Inst.Info = Info;
    if (!checkModifiers(*Info, Modifiers))
      return;
    for (auto &[Type, Position] : Types)
      Inst.Types.push_back(Type);
    for (auto &[Modifier, Position] : Modifiers)
      Inst.Modifiers.push_back(Modifier);

    // Operands.
    if (!current().is(';') && current().Kind != TokenKind::EndOfInput &&
        !current().is('}')) {
      while (true) {
        auto Op = parseOperand(*Info);
        if (Failed)
          return;
        Inst.Operands.push_back(std::move(*Op));
        if (current().is(',')) {
          consume();
          continue;
        }
        break;
      }
    }
    if (!current().is(';'))
      return fail(current().Position, "expected ';' after " + quoted(Mnemonic) +
                                          " instruction, found " +
                                          describe(current()));
    consume();
    size_t Count = Inst.Operands.size();
    if (Count < Info->MinOperands || Count > Info->MaxOperands) {
      std::string Expected = Info->MinOperands == Info->MaxOperands
                                 ? std::to_string(Info->MinOperands)
                                 : std::to_string(Info->MinOperands) + " to " +
                                       std::to_string(Info->MaxOperands);
      return fail(MnemonicPosition, quoted(Mnemonic) + " expects " + Expected +
                                        " operand" +
                                        (Info->MaxOperands == 1 ? "" : "s") +
                                        ", found " + std::to_string(Count));
    }
    if (!checkSelectors(Inst, Mnemonic))
      return;
    Result.Statements.push_back(std::move(Inst));
  }

  const PTXInstructionInfo *
  selectRow(const std::string &Mnemonic,
            const std::vector<std::pair<PTXType, SourcePosition>> &Types,
            SourcePosition MnemonicPosition) {
    const PTXInstructionInfo *Chosen = nullptr;
    const PTXInstructionInfo *AnyRow = nullptr;
    for (const PTXInstructionInfo &Row : instructionTable()) {
      if (Row.Mnemonic != Mnemonic)
        continue;
      AnyRow = AnyRow ? AnyRow : &Row;
      if (Types.empty() ? Row.MinTypes == 0
                        : Row.Types.contains(Types.front().first)) {
        Chosen = &Row;
        break;
      }
    }
    if (!Chosen) {
      if (Types.empty())
        fail(MnemonicPosition,
             quoted(Mnemonic) + " requires a type (" + "such as '.b32')");
      else
        fail(Types.front().second, quoted(spelling(Types.front().first)) +
                                       " is not a valid type for " +
                                       quoted(Mnemonic));
      return nullptr;
    }
    (void)AnyRow;
    if (Types.size() < Chosen->MinTypes) {
      fail(MnemonicPosition,
           quoted(Mnemonic) + " requires " + std::to_string(Chosen->MinTypes) +
               " type modifiers, found " + std::to_string(Types.size()));
      return nullptr;
    }
    if (Types.size() > Chosen->MaxTypes) {
      fail(Types[Chosen->MaxTypes].second,
           "unexpected type " +
               quoted(spelling(Types[Chosen->MaxTypes].first)) + ": " +
               quoted(Mnemonic) + " takes " + std::to_string(Chosen->MaxTypes) +
               " type modifier" + (Chosen->MaxTypes == 1 ? "" : "s"));
      return nullptr;
    }
    for (size_t I = 1; I < Types.size(); ++I)
      if (!Chosen->SourceTypes.contains(Types[I].first)) {
        fail(Types[I].second, quoted(spelling(Types[I].first)) +
                                  " is not a valid source type for " +
                                  quoted(Mnemonic));
        return nullptr;
      }
    return Chosen;
  }

  bool checkModifiers(
      const PTXInstructionInfo &Info,
      const std::vector<std::pair<PTXModifier, SourcePosition>> &Modifiers) {
    for (size_t I = 0; I != Modifiers.size(); ++I) {
      auto [Modifier, Position] = Modifiers[I];
      if (!Info.Modifiers.contains(Modifier)) {
        fail(Position, quoted(spelling(Modifier)) +
                           " is not a valid modifier for " +
                           quoted(Info.Mnemonic));
        return false;
      }
      for (size_t J = 0; J != I; ++J) {
        PTXModifier Earlier = Modifiers[J].first;
        // wmma.mma names a layout for a and one for b: `.row.row`;
        // createpolicy a primary and a secondary priority:
        // `.L2::evict_first.L2::evict_first`.
        bool Pair = category(Modifier) == PTXModifierCategory::Layout ||
                    (Info.Opcode == PTXOpcode::Createpolicy &&
                     category(Modifier) == PTXModifierCategory::CacheHint);
        if (Earlier == Modifier && !Pair) {
          fail(Position, "duplicate modifier " + quoted(spelling(Modifier)));
          return false;
        }
        if (category(Earlier) == category(Modifier) &&
            isExclusive(category(Modifier))) {
          fail(Position, "conflicting modifiers " + quoted(spelling(Earlier)) +
                             " and " + quoted(spelling(Modifier)));
          return false;
        }
      }
    }
    return true;
  }

  /// At most one modifier of such a category. State spaces are not: `cp.async`
  /// names a destination and a source space.
  static bool isExclusive(PTXModifierCategory C) {
    switch (C) {
    case PTXModifierCategory::Rounding:
    case PTXModifierCategory::IntegerRounding:
    case PTXModifierCategory::Comparison:
    case PTXModifierCategory::Width:
    case PTXModifierCategory::Vector:
    case PTXModifierCategory::MemoryOrder:
    case PTXModifierCategory::Scope:
    case PTXModifierCategory::Shape:
      return true;
    default:
      return false;
    }
  }

  //===--- Operands -------------------------------------------------------===//

  /// A register-like token: placeholder, `%name`, identifier. Returns
  /// nullopt without failing when the current token is not one.
  std::optional<RegisterRef> parseRegister() {
    const Token &T = current();
    RegisterRef Ref;
    if (T.Kind == TokenKind::Placeholder) {
      unsigned N = 0;
      auto [End, Ec] =
          std::from_chars(T.Text.data() + 1, T.Text.data() + T.Text.size(), N);
      if (Ec != std::errc() || N > 1000) {
        fail(T.Position, "invalid operand placeholder " + quoted(T.Text));
        return std::nullopt;
      }
      Ref.RefKind = RegisterRef::Kind::Placeholder;
      Ref.PlaceholderIndex = N;
      Result.NumPlaceholders = std::max(Result.NumPlaceholders, N + 1);
      consume();
      return Ref;
    }
    if (T.Kind != TokenKind::Register && T.Kind != TokenKind::Identifier)
      return std::nullopt;
    if (T.Text == "_") {
      Ref.RefKind = RegisterRef::Kind::Sink;
      consume();
      return Ref;
    }
    if (auto Special = lookupSpecialRegister(T.Text)) {
      Ref.RefKind = RegisterRef::Kind::Special;
      Ref.Special = *Special;
      consume();
      return Ref;
    }
    for (auto Scope = Scopes.rbegin(); Scope != Scopes.rend(); ++Scope) {
      auto Found = Scope->find(T.Text);
      if (Found != Scope->end()) {
        Ref.RefKind = RegisterRef::Kind::Declared;
        Ref.Name = Found->second;
        consume();
        return Ref;
      }
    }
    fail(T.Position, "use of undeclared register " + quoted(T.Text));
    return std::nullopt;
  }

  std::optional<IntegerImmediate> parseIntegerText(const Token &T,
                                                   bool Negative) {
    std::string_view Text = T.Text;
    if (!Text.empty() && (Text.back() == 'U' || Text.back() == 'u'))
      Text.remove_suffix(1);
    int Base = 10;
    if (Text.size() > 2 && Text[0] == '0' && (Text[1] == 'x' || Text[1] == 'X'))
      Base = 16, Text.remove_prefix(2);
    else if (Text.size() > 2 && Text[0] == '0' &&
             (Text[1] == 'b' || Text[1] == 'B'))
      Base = 2, Text.remove_prefix(2);
    else if (Text.size() > 1 && Text[0] == '0')
      Base = 8, Text.remove_prefix(1);
    uint64_t Value = 0;
    auto [End, Ec] =
        std::from_chars(Text.data(), Text.data() + Text.size(), Value, Base);
    if (Ec == std::errc::result_out_of_range) {
      fail(T.Position,
           "integer literal " + quoted(T.Text) + " does not fit in 64 bits");
      return std::nullopt;
    }
    if (Ec != std::errc() || End != Text.data() + Text.size()) {
      fail(T.Position, "malformed integer literal " + quoted(T.Text));
      return std::nullopt;
    }
    return IntegerImmediate{Negative ? uint64_t(0) - Value : Value};
  }

  std::optional<FloatImmediate> parseFloatText(const Token &T, bool Negative) {
    std::string_view Text = T.Text;
    FloatImmediate Imm;
    if (Text.size() > 2 && Text[0] == '0' &&
        (Text[1] == 'f' || Text[1] == 'F' || Text[1] == 'd' ||
         Text[1] == 'D')) {
      Imm.IsDouble = Text[1] == 'd' || Text[1] == 'D';
      std::string_view Digits = Text.substr(2);
      size_t Expected = Imm.IsDouble ? 16 : 8;
      uint64_t Bits = 0;
      auto [End, Ec] = std::from_chars(Digits.data(),
                                       Digits.data() + Digits.size(), Bits, 16);
      if (Digits.size() != Expected || Ec != std::errc() ||
          End != Digits.data() + Digits.size()) {
        fail(T.Position, "malformed floating-point literal " + quoted(Text) +
                             ": '0" + std::string(1, Text[1]) +
                             "' must be followed by exactly " +
                             std::to_string(Expected) + " hexadecimal digits");
        return std::nullopt;
      }
      if (Negative)
        Bits ^= Imm.IsDouble ? (uint64_t(1) << 63) : (uint64_t(1) << 31);
      Imm.Bits = Bits;
      return Imm;
    }
    double Value = 0;
    auto [End, Ec] =
        std::from_chars(Text.data(), Text.data() + Text.size(), Value);
    if (Ec != std::errc() || End != Text.data() + Text.size()) {
      fail(T.Position, "malformed floating-point literal " + quoted(Text));
      return std::nullopt;
    }
    if (Negative)
      Value = -Value;
    std::memcpy(&Imm.Bits, &Value, sizeof(Value));
    Imm.IsDouble = true;
    return Imm;
  }

  /// Scalar: register, `!p`, integer or float immediate (with `-`).
  std::optional<ScalarOperand> parseScalar(bool AllowNegation) {
    const Token &T = current();
    bool Negative = false;
    if (T.is('!')) {
      if (!AllowNegation) {
        fail(T.Position, "'!' is only allowed on predicate operands");
        return std::nullopt;
      }
      consume();
      auto Ref = parseRegister();
      if (!Ref) {
        if (!Failed)
          fail(current().Position,
               "expected a predicate after '!', found " + describe(current()));
        return std::nullopt;
      }
      Ref->Negated = true;
      return ScalarOperand(*Ref);
    }
    if (T.is('-')) {
      Negative = true;
      consume();
    }
    const Token &Value = current();
    if (Value.Kind == TokenKind::Integer) {
      auto Imm = parseIntegerText(Value, Negative);
      if (!Imm)
        return std::nullopt;
      consume();
      return ScalarOperand(*Imm);
    }
    if (Value.Kind == TokenKind::Float) {
      auto Imm = parseFloatText(Value, Negative);
      if (!Imm)
        return std::nullopt;
      consume();
      return ScalarOperand(*Imm);
    }
    if (Negative) {
      fail(Value.Position,
           "expected a number after '-', found " + describe(Value));
      return std::nullopt;
    }
    auto Ref = parseRegister();
    if (Ref)
      return ScalarOperand(*Ref);
    if (!Failed)
      fail(Value.Position, "expected an operand, found " + describe(Value));
    return std::nullopt;
  }

  //===--- Video operand selectors ----------------------------------------===//

  /// `.b2`, `.h10`, `.b7654` right after a register: `.b`/`.h` and digits.
  std::optional<OperandSelector> parseSelector() {
    const Token &T = current();
    OperandSelector Sel;
    Sel.Position = T.Position;
    std::string_view Text = T.Text.substr(1);
    bool Digits = Text.size() >= 2 && (Text[0] == 'b' || Text[0] == 'h');
    for (size_t I = 1; Digits && I < Text.size(); ++I)
      Digits = Text[I] >= '0' && Text[I] <= '9';
    if (!Digits) {
      fail(T.Position, "unknown operand selector " + quoted(T.Text) +
                           " (video instructions take '.b0'..'.b3', "
                           "'.h0'/'.h1' and SIMD lane selectors)");
      return std::nullopt;
    }
    Sel.ElementBits = Text[0] == 'b' ? 8 : 16;
    for (char C : Text.substr(1))
      Sel.Digits.push_back(uint8_t(C - '0'));
    consume();
    return Sel;
  }

  /// How many SIMD lanes a video mnemonic has: 1 (scalar), 2 or 4.
  static unsigned videoLanes(std::string_view Mnemonic) {
    if (Mnemonic.back() == '2')
      return 2;
    if (Mnemonic.back() == '4')
      return 4;
    return 1;
  }

  /// The forms the PTX ISA allows, by operand role:
  ///   scalar:  d.dsel (merge: needs c, no secondary op), a.asel, b.bsel with
  ///            dsel/asel/bsel in {.b0 .b1 .b2 .b3 .h0 .h1};
  ///   SIMD 2:  d{.h0 .h1 .h10}, a/b.hxy with x, y in 0..3;
  ///   SIMD 4:  d.bxyz.. (distinct lanes 0..3, descending), a/b.bxyzw with
  ///            x..w in 0..7 (bytes of the pair {b, a}).
  /// Operand c takes none; other instructions take none.
  bool checkSelectors(const Instruction &Inst, const std::string &Mnemonic) {
    for (size_t Index = 0; Index < Inst.Operands.size(); ++Index) {
      const auto &Sel = Inst.Operands[Index].Selector;
      if (!Sel)
        continue;
      std::string Written =
          "." + std::string(1, Sel->ElementBits == 8 ? 'b' : 'h');
      for (uint8_t D : Sel->Digits)
        Written += char('0' + D);
      auto Bad = [&](std::string Why) {
        fail(Sel->Position, "operand selector " + quoted(Written) +
                                " is not valid on " + quoted(Mnemonic) + ": " +
                                Why);
        return false;
      };
      if (Inst.Info->Family != PTXFamily::Video)
        return Bad("only video instructions take operand selectors");
      if (Index == 3)
        return Bad("operand c takes no selector");
      unsigned Lanes = videoLanes(Mnemonic);
      const auto &Digits = Sel->Digits;
      if (Lanes == 1) {
        unsigned Max = Sel->ElementBits == 8 ? 3 : 1;
        if (Digits.size() != 1 || Digits[0] > Max)
          return Bad("expected one of '.b0' '.b1' '.b2' '.b3' '.h0' '.h1'");
        if (Index == 0 && (Inst.Operands.size() != 4 ||
                           Inst.find(PTXModifierCategory::Operation)))
          return Bad("merging into a part of d needs operand c and no "
                     "secondary operation");
        continue;
      }
      unsigned Bits = 32 / Lanes;
      if (Sel->ElementBits != Bits)
        return Bad("the lanes of " + quoted(Mnemonic) + " are " +
                   (Lanes == 2 ? "half-words ('.h')" : "bytes ('.b')"));
      if (Index == 0) {
        bool Descending = !Digits.empty() && Digits.size() <= Lanes;
        for (size_t I = 0; Descending && I < Digits.size(); ++I)
          Descending =
              Digits[I] < Lanes && (I == 0 || Digits[I] < Digits[I - 1]);
        if (!Descending)
          return Bad(Lanes == 2 ? "the mask is '.h0', '.h1' or '.h10'"
                                : "the mask names distinct bytes 0..3 in "
                                  "descending order ('.b0' .. '.b3210')");
        continue;
      }
      bool InRange = Digits.size() == Lanes;
      for (uint8_t D : Digits)
        InRange = InRange && D < 2 * Lanes;
      if (!InRange)
        return Bad(Lanes == 2 ? "expected '.hxy' with x, y in 0..3"
                              : "expected '.bxyzw' with x, y, z, w in 0..7");
    }
    return true;
  }

  std::optional<Operand> parseOperand(const PTXInstructionInfo &Info) {
    Operand Op;
    Op.Position = current().Position;
    const Token &T = current();
    if (Info.Opcode == PTXOpcode::Bra && T.Kind == TokenKind::Identifier) {
      BranchTargets.push_back({std::string(T.Text), T.Position});
      Op.Value = LabelRef{std::string(T.Text)};
      consume();
      return Op;
    }
    // `call`'s callee (PTXCallIR.cpp).
    if (Info.Opcode == PTXOpcode::Call && T.Kind == TokenKind::Identifier) {
      Op.Value = LabelRef{std::string(T.Text)};
      consume();
      return Op;
    }
    if (T.is('{'))
      return parseVector(Op);
    if (T.is('['))
      return parseAddress(Op);
    auto Scalar = parseScalar(/*AllowNegation=*/true);
    if (!Scalar)
      return std::nullopt;
    if (current().is('|')) {
      // `p|q`.
      auto *First = std::get_if<RegisterRef>(&*Scalar);
      if (!First || First->Negated) {
        fail(current().Position, "'|' must join two predicate registers");
        return std::nullopt;
      }
      consume();
      SourcePosition SecondPosition = current().Position;
      auto Second = parseRegister();
      if (!Second) {
        if (!Failed)
          fail(SecondPosition,
               "expected a predicate after '|', found " + describe(current()));
        return std::nullopt;
      }
      Op.Value = PredicatePair{*First, *Second};
      return Op;
    }
    std::visit([&](auto &&V) { Op.Value = V; }, *Scalar);
    if (std::holds_alternative<RegisterRef>(*Scalar) &&
        current().Kind == TokenKind::DotWord && !current().SpaceBefore) {
      Op.Selector = parseSelector();
      if (!Op.Selector)
        return std::nullopt;
    }
    return Op;
  }

  std::optional<Operand> parseVector(Operand &Op) {
    consume(); // '{'
    VectorOperand Vector;
    while (true) {
      auto Element = parseScalar(/*AllowNegation=*/false);
      if (!Element)
        return std::nullopt;
      Vector.Elements.push_back(*Element);
      if (current().is(',')) {
        consume();
        continue;
      }
      break;
    }
    if (!expectPunctuation('}', "to close the vector operand"))
      return std::nullopt;
    Op.Value = std::move(Vector);
    return Op;
  }

  std::optional<Operand> parseAddress(Operand &Op) {
    consume(); // '['
    AddressOperand Address;
    const Token &T = current();
    if (T.Kind == TokenKind::Integer || T.is('-')) {
      auto Scalar = parseScalar(/*AllowNegation=*/false);
      if (!Scalar)
        return std::nullopt;
      if (auto *Imm = std::get_if<IntegerImmediate>(&*Scalar)) {
        Address.Offset = int64_t(Imm->Value);
      } else {
        fail(T.Position, "expected an integer address");
        return std::nullopt;
      }
    } else {
      auto Base = parseRegister();
      if (!Base) {
        if (!Failed)
          fail(T.Position,
               "expected an address register, found " + describe(T));
        return std::nullopt;
      }
      Address.Base = *Base;
      if (current().is('+') || current().is('-')) {
        bool Negative = current().is('-');
        consume();
        if (current().is('-')) {
          Negative = !Negative;
          consume();
        }
        const Token &Offset = current();
        if (Offset.Kind != TokenKind::Integer) {
          fail(Offset.Position,
               "expected an integer offset, found " + describe(Offset));
          return std::nullopt;
        }
        auto Imm = parseIntegerText(Offset, Negative);
        if (!Imm)
          return std::nullopt;
        Address.Offset = int64_t(Imm->Value);
        consume();
      }
    }
    if (!expectPunctuation(']', "to close the address"))
      return std::nullopt;
    Op.Value = std::move(Address);
    return Op;
  }

  void checkBranchTargets() {
    for (auto &[Name, Position] : BranchTargets)
      if (!Labels.count(Name))
        return fail(Position, "use of undefined label " + quoted(Name));
  }
};

} // namespace

ParseResult parsePTX(std::string_view AsmText) { return Parser(AsmText).run(); }

} // namespace rubicon::ptx
