//===- PTXModuleParser.cpp - the directives of a PTX module ---------------===//
//
// Reads a PTX module's structure (PTX ISA, "Directives"): .version, .target,
// .address_size, module variables, .entry kernels and their parameters. A
// kernel body is kept as text for ptx-inline, with what inline PTX does not
// have taken out or rewritten:
//   - variable declarations (.shared/.local/.global/.const) become
//     Function::Variables and are blanked;
//   - debug directives (.loc, .file, .pragma) and comments are blanked;
//   - a reference to a variable or parameter becomes an operand `$N`
//     (Function::Operands): its generic address inside `[...]`, its address
//     in its own state space elsewhere (`mov.u32 %r1, tile;`);
//   - `ld.param` becomes a generic `ld` (kernel parameters are memory the
//     kernel's own frame holds), `ret` becomes `exit`.
// Blanking keeps every line where it was, so errors from ptx-inline map back
// to the module's line and column (Function::locate).
//
//===----------------------------------------------------------------------===//

#include "PTXModuleInternal.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <map>
#include <optional>

using namespace llvm;

namespace rubicon::ptxmodule {

char PTXModuleError::ID = 0;

void PTXModuleError::log(raw_ostream &OS) const {
  OS << Loc.Line << ":" << Loc.Column << ": " << Message;
}

std::error_code PTXModuleError::convertToErrorCode() const {
  return inconvertibleErrorCode();
}

namespace {

bool isIdentStart(char C) {
  return isAlpha(C) || C == '_' || C == '$';
}

/// Bytes of a PTX fundamental type written without its dot (`u32`), or 0.
unsigned typeSize(StringRef T) {
  if (T == "pred")
    return 1;
  if (T.size() < 2)
    return 0;
  char K = T[0];
  if (K != 'b' && K != 'u' && K != 's' && K != 'f' && !T.starts_with("bf"))
    return 0;
  if (T == "f16x2" || T == "bf16x2")
    return 4;
  StringRef Bits = T.drop_front(T.starts_with("bf") ? 2 : 1);
  unsigned N = 0;
  if (Bits.getAsInteger(10, N) || (N != 8 && N != 16 && N != 32 && N != 64))
    return 0;
  return N / 8;
}

/// A cursor over the module text that knows line and column.
class Cursor {
public:
  explicit Cursor(StringRef Text) : Text(Text) {}

  StringRef Text;
  size_t Pos = 0;
  unsigned Line = 1, Column = 1;

  bool atEnd() const { return Pos >= Text.size(); }
  char peek(size_t Ahead = 0) const {
    return Pos + Ahead < Text.size() ? Text[Pos + Ahead] : '\0';
  }
  Location loc() const { return {Line, Column}; }
  void advance() {
    if (Text[Pos] == '\n') {
      ++Line;
      Column = 1;
    } else {
      ++Column;
    }
    ++Pos;
  }
  void skipSpace() {
    while (!atEnd()) {
      if (isSpace(peek())) {
        advance();
      } else if (peek() == '/' && peek(1) == '/') {
        while (!atEnd() && peek() != '\n')
          advance();
      } else if (peek() == '/' && peek(1) == '*') {
        advance();
        advance();
        while (!atEnd() && !(peek() == '*' && peek(1) == '/'))
          advance();
        if (!atEnd()) {
          advance();
          advance();
        }
      } else {
        return;
      }
    }
  }
  /// A word: a directive (`.entry`), identifier or number, after spaces.
  StringRef word() {
    skipSpace();
    size_t Start = Pos;
    if (peek() == '.')
      advance();
    while (!atEnd() && (isIdentBody(peek()) || peek() == '.'))
      advance();
    return Text.slice(Start, Pos);
  }
  StringRef peekWord() {
    Cursor Copy = *this;
    return Copy.word();
  }
  bool consume(char C) {
    skipSpace();
    if (peek() != C)
      return false;
    advance();
    return true;
  }
};

bool parseInteger(StringRef S, int64_t &Value) {
  bool Negative = S.consume_front("-");
  uint64_t V = 0;
  if (S.consume_front_insensitive("0x") ? S.getAsInteger(16, V)
                                        : S.getAsInteger(10, V))
    return false;
  Value = Negative ? -static_cast<int64_t>(V) : static_cast<int64_t>(V);
  return true;
}

/// One initializer element of a variable of element type T, appended.
bool appendElement(StringRef Literal, StringRef T, unsigned Size,
                   std::vector<uint8_t> &Out) {
  uint64_t Bits = 0;
  if (Literal.starts_with_insensitive("0f") && Literal.size() == 10) {
    if (Literal.drop_front(2).getAsInteger(16, Bits))
      return false;
    if (Size == 8) { // a float literal for a .f64: widen
      float F;
      uint32_t B32 = static_cast<uint32_t>(Bits);
      std::memcpy(&F, &B32, 4);
      double D = F;
      std::memcpy(&Bits, &D, 8);
    }
  } else if (Literal.starts_with_insensitive("0d") && Literal.size() == 18) {
    if (Literal.drop_front(2).getAsInteger(16, Bits))
      return false;
  } else if (T.starts_with("f")) {
    double D;
    if (Literal.getAsDouble(D))
      return false;
    if (Size == 4) {
      float F = static_cast<float>(D);
      uint32_t B;
      std::memcpy(&B, &F, 4);
      Bits = B;
    } else {
      std::memcpy(&Bits, &D, 8);
    }
  } else {
    int64_t V;
    if (!parseInteger(Literal, V))
      return false;
    Bits = static_cast<uint64_t>(V);
  }
  for (unsigned I = 0; I < Size; ++I)
    Out.push_back(static_cast<uint8_t>(Bits >> (8 * I)));
  return true;
}

/// `[.align N] [.vN] .type name[dims] [= init] {, name...} ;` after the
/// state-space directive.
Error parseVariables(Cursor &C, StateSpace Space, bool Visible, bool External,
                     std::vector<Variable> &Out) {
  Variable Proto;
  Proto.Space = Space;
  Proto.Visible = Visible;
  Proto.External = External;
  unsigned VectorLength = 1;
  StringRef Type;
  for (;;) {
    Location L = (C.skipSpace(), C.loc());
    StringRef W = C.word();
    if (W == ".align") {
      int64_t A;
      if (!parseInteger(C.word(), A) || A <= 0)
        return errorAt(L, "expected an alignment after '.align'");
      Proto.Align = static_cast<unsigned>(A);
    } else if (W == ".v2" || W == ".v4" || W == ".v8") {
      VectorLength = W.back() - '0';
    } else if (W == ".ptr" || W == ".attribute") {
      return errorAt(L, "'" + W + "' on a variable is not supported in PTX "
                        "modules yet");
    } else if (W.starts_with(".") && typeSize(W.drop_front())) {
      Type = W.drop_front();
      break;
    } else {
      return errorAt(L, "expected the type of the variable, found '" + W + "'");
    }
  }
  unsigned ElementSize = typeSize(Type) * VectorLength;
  for (;;) {
    C.skipSpace();
    Variable V = Proto;
    V.Loc = C.loc();
    V.Name = C.word().str();
    if (V.Name.empty() || !isIdentStart(V.Name[0]))
      return errorAt(V.Loc, "expected a variable name");
    uint64_t Count = 1;
    while (C.consume('[')) {
      C.skipSpace();
      if (C.consume(']')) {
        V.Unsized = true;
        continue;
      }
      Location L = C.loc();
      int64_t N;
      if (!parseInteger(C.word(), N) || N < 0 || !C.consume(']'))
        return errorAt(L, "expected an array size");
      Count *= static_cast<uint64_t>(N);
    }
    V.Size = V.Unsized ? 0 : Count * ElementSize;
    if (C.consume('=')) {
      C.skipSpace();
      Location L = C.loc();
      // Scalars, or `{...}` lists (nested for arrays of arrays): flattened.
      unsigned Depth = 0;
      for (;;) {
        C.skipSpace();
        if (C.consume('{')) {
          ++Depth;
          continue;
        }
        if (Depth && C.consume('}')) {
          --Depth;
          if (!Depth)
            break;
          continue;
        }
        if (C.consume(','))
          continue;
        Location ElementLoc = C.loc();
        StringRef Literal = C.word();
        if (Literal == "-") // `- 1` is not PTX, but keep the message clear
          return errorAt(ElementLoc, "expected a literal");
        if (Literal.empty() && C.peek() == '-') {
          C.advance();
          std::string Negative = ("-" + C.word()).str();
          if (!appendElement(Negative, Type, typeSize(Type), V.Init))
            return errorAt(ElementLoc, "expected a literal initializer");
        } else if (!appendElement(Literal, Type, typeSize(Type), V.Init)) {
          if (Literal.starts_with("generic") || isIdentStart(Literal.empty() ? '0' : Literal[0]))
            return errorAt(ElementLoc, "initializers holding addresses are not "
                                       "supported in PTX modules yet");
          return errorAt(ElementLoc, "expected a literal initializer");
        }
        if (!Depth)
          break;
      }
      if (V.Unsized) {
        V.Size = V.Init.size();
        V.Unsized = false;
      }
      if (V.Init.size() > V.Size)
        return errorAt(L, "too many initializers for '" + V.Name + "'");
      V.Init.resize(V.Size, 0);
    }
    Out.push_back(std::move(V));
    if (C.consume(','))
      continue;
    if (!C.consume(';'))
      return errorAt(C.loc(), "expected ';' after the variable declaration");
    return Error::success();
  }
}

/// `.param [.align N] .type [.ptr .space .align N] name[N]`
Expected<Parameter> parseParameter(Cursor &C) {
  Parameter P;
  C.skipSpace();
  Location L = C.loc();
  if (C.word() != ".param")
    return errorAt(L, "expected '.param' (only .entry kernels with .param "
                      "parameters are supported)");
  StringRef Type;
  for (;;) {
    C.skipSpace();
    L = C.loc();
    StringRef W = C.word();
    if (W == ".align") {
      int64_t A;
      if (!parseInteger(C.word(), A) || A <= 0)
        return errorAt(L, "expected an alignment after '.align'");
      P.Align = static_cast<unsigned>(A);
    } else if (W == ".ptr" || W == ".global" || W == ".shared" ||
               W == ".const" || W == ".local") {
      continue; // pointer attributes of kernel parameters: hints
    } else if (W.starts_with(".") && typeSize(W.drop_front())) {
      Type = W.drop_front();
    } else if (!W.empty() && isIdentStart(W[0])) {
      P.Name = W.str();
      break;
    } else {
      return errorAt(L, "expected a parameter name, found '" + W + "'");
    }
  }
  if (Type.empty())
    return errorAt(L, "parameter '" + P.Name + "' has no type");
  P.Size = typeSize(Type);
  P.IsFloat = Type.starts_with("f") && Type != "f16x2";
  if (C.consume('[')) {
    int64_t N;
    if (!parseInteger(C.word(), N) || N <= 0 || !C.consume(']'))
      return errorAt(C.loc(), "expected an array size");
    P.Size *= static_cast<unsigned>(N);
    P.IsArray = true;
    P.IsFloat = false;
  }
  if (P.Align < P.Size && !P.IsArray)
    P.Align = P.Size;
  return P;
}

/// Rewrites a kernel body (see the file comment). Body is the text between
/// the braces; the result keeps its lines.
class BodyRewriter {
public:
  BodyRewriter(Function &F, const StringMap<StateSpace> &Symbols,
               Location Start)
      : F(F), Symbols(Symbols), Start(Start) {}

  Error run(StringRef Body) {
    Cursor C(Body);
    bool StatementStart = true;
    while (!C.atEnd()) {
      char Ch = C.peek();
      if (isSpace(Ch)) {
        copy(C);
        continue;
      }
      if (Ch == '{' || Ch == '}' || Ch == ';') {
        // `.param` variables of call sequences are scoped by the braces.
        if (Ch == '{')
          Scopes.push_back(Renamed);
        else if (Ch == '}' && !Scopes.empty()) {
          Renamed = std::move(Scopes.back());
          Scopes.pop_back();
        }
        copy(C);
        StatementStart = true;
        continue;
      }
      if (!StatementStart) {
        copy(C);
        continue;
      }
      // A statement starts here.
      Location L = at(C.loc());
      StringRef W = C.peekWord();
      std::optional<StateSpace> Space;
      if (W == ".shared")
        Space = StateSpace::Shared;
      else if (W == ".local")
        Space = StateSpace::Local;
      else if (W == ".global")
        Space = StateSpace::Global;
      else if (W == ".const")
        Space = StateSpace::Const;
      else if (W == ".param")
        Space = StateSpace::Param; // a call sequence's argument or result
      if (Space) {
        size_t From = C.Pos;
        Cursor Decl = C;
        Decl.Line = L.Line;
        Decl.Column = L.Column;
        Decl.word();
        size_t Before = F.Variables.size();
        if (Error E = parseVariables(Decl, *Space, false, false, F.Variables))
          return E;
        for (size_t I = Before; I < F.Variables.size(); ++I) {
          Variable &V = F.Variables[I];
          if (V.Space == StateSpace::Param) {
            // Declared again in each call sequence: one slot per declaration.
            std::string Unique = V.Name + "#" + std::to_string(I);
            Renamed[V.Name] = Unique;
            V.Name = Unique;
          }
          LocalSymbols[V.Name] = *Space;
        }
        while (C.Pos < Decl.Pos)
          C.advance();
        blank(Body.slice(From, C.Pos));
        continue;
      }
      if (W == ".reg" || W.starts_with(".")) {
        copyStatement(C);
        StatementStart = true;
        continue;
      }
      if (Ch == '@') { // a guard: `@%p1` or `@!%p1`
        copy(C);
        while (!C.atEnd() && !isSpace(C.peek()))
          copy(C);
        continue;
      }
      // A label (`$L__BB0_2:`) or an instruction.
      Cursor After = C;
      StringRef Word = After.word();
      if (After.peek() == ':') {
        while (C.Pos < After.Pos)
          copy(C);
        copy(C); // ':'
        continue;
      }
      if (Error E = rewriteInstruction(C, Word, L))
        return E;
      StatementStart = true;
    }
    return Error::success();
  }

private:
  Function &F;
  const StringMap<StateSpace> &Symbols;
  StringMap<StateSpace> LocalSymbols;
  /// `.param` names of the enclosing call sequences -> their variables.
  std::map<std::string, std::string> Renamed;
  std::vector<std::map<std::string, std::string>> Scopes;
  Location Start;
  std::string Out;

  /// Body position -> module position.
  Location at(Location InBody) const {
    if (InBody.Line == 1)
      return {Start.Line, Start.Column + InBody.Column - 1};
    return {Start.Line + InBody.Line - 1, InBody.Column};
  }
  void copy(Cursor &C) {
    Out.push_back(C.peek());
    C.advance();
  }
  void blank(StringRef Text) {
    for (char Ch : Text)
      Out.push_back(Ch == '\n' ? '\n' : ' ');
  }
  void copyStatement(Cursor &C) {
    while (!C.atEnd() && C.peek() != ';')
      copy(C);
    if (!C.atEnd())
      copy(C);
  }
  std::optional<StateSpace> symbol(StringRef &Name) const {
    if (auto R = Renamed.find(Name.str()); R != Renamed.end())
      Name = R->second;
    auto It = LocalSymbols.find(Name);
    if (It != LocalSymbols.end())
      return It->second;
    auto G = Symbols.find(Name);
    if (G != Symbols.end())
      return G->second;
    return std::nullopt;
  }
  unsigned operandFor(StringRef Name, bool Address) {
    for (unsigned I = 0; I < F.Operands.size(); ++I)
      if (F.Operands[I].Symbol == Name && F.Operands[I].Address == Address)
        return I;
    F.Operands.push_back({Name.str(), Address});
    return F.Operands.size() - 1;
  }
  /// Replaces Text (already consumed) by New, recording the column shift.
  void replace(StringRef Text, StringRef New, Location InBody) {
    int Shift = static_cast<int>(New.size()) - static_cast<int>(Text.size());
    Out += New;
    if (Shift)
      F.ColumnShifts.push_back(
          {Start.Line + InBody.Line - 1,
           static_cast<unsigned>(Out.size() - lineStart()), Shift});
  }
  size_t lineStart() const {
    size_t NL = Out.rfind('\n');
    return NL == std::string::npos ? 0 : NL + 1;
  }

  Error rewriteInstruction(Cursor &C, StringRef Opcode, Location L) {
    Location OpcodeLoc = C.loc();
    for (size_t I = 0; I < Opcode.size(); ++I)
      C.advance();
    // What is left of calls after inlining (PTXCallInliner.cpp) names a
    // function without a body: ptx-inline takes `(a, b)` as `{a, b}`.
    bool IsCall = Opcode == "call" || Opcode.starts_with("call.");
    if (Opcode == "ret" || Opcode.starts_with("ret."))
      replace(Opcode, "exit", OpcodeLoc);
    else if (Opcode.starts_with("ld.param.") || Opcode.starts_with("st.param."))
      replace(Opcode, (Opcode.take_front(2) + Opcode.drop_front(8)).str(),
              OpcodeLoc);
    else
      Out += Opcode;
    // Operands up to ';': symbols become `$N`.
    unsigned Brackets = 0;
    while (!C.atEnd() && C.peek() != ';') {
      char Ch = C.peek();
      if (Ch == '[')
        ++Brackets;
      else if (Ch == ']' && Brackets)
        --Brackets;
      if (IsCall && (Ch == '(' || Ch == ')')) {
        Out.push_back(Ch == '(' ? '{' : '}');
        C.advance();
        continue;
      }
      if (Ch == '%' || isDigit(Ch)) { // registers, numbers: whole
        copy(C);
        while (!C.atEnd() && (isIdentBody(C.peek()) || C.peek() == '.'))
          copy(C);
        continue;
      }
      if (!isIdentStart(Ch)) {
        copy(C);
        continue;
      }
      Location WordLoc = C.loc();
      size_t From = C.Pos;
      while (!C.atEnd() && isIdentBody(C.peek()))
        C.advance();
      StringRef Name = C.Text.slice(From, C.Pos), Written = Name;
      if (symbol(Name)) {
        unsigned N = operandFor(Name, Brackets > 0);
        replace(Written, "$" + std::to_string(N), WordLoc);
      } else {
        Out += Name;
      }
    }
    return Error::success();
  }

public:
  std::string take() { return std::move(Out); }
};

/// `{ ... }` of a function: the text between the braces, C after them.
Expected<StringRef> functionBody(Cursor &C) {
  C.skipSpace();
  Location Open = C.loc();
  if (!C.consume('{'))
    return errorAt(Open, "expected '{'");
  size_t From = C.Pos;
  unsigned Depth = 1;
  while (!C.atEnd()) {
    if (C.peek() == '/' && (C.peek(1) == '/' || C.peek(1) == '*')) {
      C.skipSpace();
      continue;
    }
    if (C.peek() == '"') { // .pragma "..."
      C.advance();
      while (!C.atEnd() && C.peek() != '"')
        C.advance();
    } else if (C.peek() == '{') {
      ++Depth;
    } else if (C.peek() == '}' && !--Depth) {
      StringRef Body = C.Text.slice(From, C.Pos);
      C.advance();
      return Body;
    }
    C.advance();
  }
  return errorAt(Open, "no '}' closes this function body");
}

} // namespace

Location Function::locate(unsigned AsmLine, unsigned AsmColumn) const {
  Location L;
  L.Line = BodyLoc.Line + AsmLine - 1;
  L.Column = AsmLine == 1 ? BodyLoc.Column + AsmColumn - 1 : AsmColumn;
  int Shift = 0;
  for (const ColumnShift &S : ColumnShifts)
    if (S.Line == L.Line && S.Column <= AsmColumn)
      Shift += S.Shift;
  L.Column = static_cast<unsigned>(std::max<int>(1, static_cast<int>(L.Column) - Shift));
  return L;
}

/// Whether a debug directive starts at I: .loc or .file (false), .pragma
/// (true); nullopt if none does.
static std::optional<bool> debugDirectiveAt(const std::string &Text, size_t I) {
  if (Text[I] != '.' || (I > 0 && isIdentBody(Text[I - 1])))
    return std::nullopt;
  for (StringRef Name : {".loc", ".file", ".pragma"})
    if (StringRef(Text).substr(I).starts_with(Name) &&
        (I + Name.size() >= Text.size() || !isIdentBody(Text[I + Name.size()])))
      return Name == ".pragma";
  return std::nullopt;
}

std::string cleanBody(StringRef Body) {
  std::string Out = Body.str();
  auto blank = [&](size_t From, size_t To) {
    for (size_t I = From; I < To && I < Out.size(); ++I)
      if (Out[I] != '\n')
        Out[I] = ' ';
  };
  for (size_t I = 0; I < Out.size();) {
    if (Out.compare(I, 2, "//") == 0) {
      size_t End = Out.find('\n', I);
      blank(I, End);
      I = End == std::string::npos ? Out.size() : End;
    } else if (Out.compare(I, 2, "/*") == 0) {
      size_t End = Out.find("*/", I + 2);
      End = End == std::string::npos ? Out.size() : End + 2;
      blank(I, End);
      I = End;
    } else if (std::optional<bool> Pragma = debugDirectiveAt(Out, I)) {
      // .loc and .file end with the line; .pragma "...", with its ';'.
      size_t End = Out.find(*Pragma ? ';' : '\n', I);
      End = End == std::string::npos ? Out.size() : End + (*Pragma ? 1 : 0);
      blank(I, End);
      I = End;
    } else {
      ++I;
    }
  }
  return Out;
}

bool looksLikePTX(StringRef Text) {
  Cursor C(Text);
  C.skipSpace();
  return C.peekWord() == ".version";
}

Expected<Module> parsePTXModule(StringRef Text) {
  Module M;
  Cursor C(Text);
  StringMap<StateSpace> Symbols;
  StringMap<Callee> Callees;
  std::vector<Variable> ExternVariables;
  bool SawVersion = false;
  for (;;) {
    C.skipSpace();
    if (C.atEnd())
      break;
    Location L = C.loc();
    StringRef W = C.word();
    if (W.empty())
      return errorAt(L, Twine("unexpected '") + C.Text.substr(C.Pos, 1) +
                            "' in a PTX module");
    if (W == ".version") {
      C.word();
      SawVersion = true;
      continue;
    }
    if (!SawVersion)
      return errorAt(L, "a PTX module starts with '.version'");
    if (W == ".target") {
      do {
        Location TL = (C.skipSpace(), C.loc());
        StringRef T = C.word();
        if (T.consume_front("sm_") || T.consume_front("compute_")) {
          T = T.take_while(isDigit);
          unsigned N;
          if (T.getAsInteger(10, N))
            return errorAt(TL, "expected a target such as 'sm_75'");
          M.SmVersion = N;
        }
      } while (C.consume(','));
      continue;
    }
    if (W == ".address_size") {
      int64_t N;
      if (!parseInteger(C.word(), N) || (N != 32 && N != 64))
        return errorAt(L, "expected '.address_size 64'");
      if (N == 32)
        return errorAt(L, "32-bit PTX ('.address_size 32') is not supported");
      continue;
    }
    if (W == ".file") {
      while (!C.atEnd() && C.peek() != '\n')
        C.advance();
      continue;
    }
    if (W == ".section") { // DWARF sections of -G/-lineinfo
      C.word();
      if (Expected<StringRef> Skipped = functionBody(C); !Skipped)
        return Skipped.takeError();
      continue;
    }
    bool Visible = false, External = false;
    while (W == ".visible" || W == ".extern" || W == ".weak" ||
           W == ".common") {
      Visible |= W != ".extern";
      External |= W == ".extern";
      L = (C.skipSpace(), C.loc());
      W = C.word();
    }
    std::optional<StateSpace> Space;
    if (W == ".global")
      Space = StateSpace::Global;
    else if (W == ".const")
      Space = StateSpace::Const;
    else if (W == ".shared")
      Space = StateSpace::Shared;
    if (Space) {
      size_t Before = M.Variables.size();
      if (Error E = parseVariables(C, *Space, Visible, External, M.Variables))
        return std::move(E);
      for (size_t I = Before; I < M.Variables.size(); ++I)
        Symbols[M.Variables[I].Name] = M.Variables[I].Space;
      // `.extern` variables (not dynamic shared memory) are declarations:
      // another part of the module defines them (a PTX link of several
      // inputs is one module: cuLinkComplete).
      for (size_t I = Before; I < M.Variables.size();) {
        if (M.Variables[I].External &&
            M.Variables[I].Space != StateSpace::Shared) {
          ExternVariables.push_back(std::move(M.Variables[I]));
          M.Variables.erase(M.Variables.begin() + I);
        } else {
          ++I;
        }
      }
      continue;
    }
    if (W == ".func") {
      // `.func [(results)] name [(parameters)] [directives] {body} | ;`:
      // expanded where it is called (PTXCallInliner.cpp).
      Callee F;
      F.Loc = L;
      auto parameterNames = [&](std::vector<std::string> &Names) -> Error {
        if (!C.consume('(') || C.consume(')'))
          return Error::success();
        do {
          Expected<Parameter> P = parseParameter(C);
          if (!P)
            return P.takeError();
          Names.push_back(P->Name);
        } while (C.consume(','));
        if (!C.consume(')'))
          return errorAt(C.loc(), "expected ')' after the parameters");
        return Error::success();
      };
      C.skipSpace();
      if (C.peek() == '(')
        if (Error E = parameterNames(F.Returns))
          return std::move(E);
      C.skipSpace();
      Location NameLoc = C.loc();
      std::string Name = C.word().str();
      if (Name.empty() || !isIdentStart(Name[0]))
        return errorAt(NameLoc, "expected the function's name");
      if (Error E = parameterNames(F.Params))
        return std::move(E);
      C.skipSpace();
      while (!C.atEnd() && C.peek() != '{' && C.peek() != ';') {
        C.advance();
        C.skipSpace();
      }
      if (C.consume(';')) { // a prototype (vprintf, or defined below)
        Callees.try_emplace(Name, std::move(F));
        continue;
      }
      Location Open = C.loc();
      Expected<StringRef> Body = functionBody(C);
      if (!Body)
        return Body.takeError();
      if (Callees.count(Name) && Callees[Name].Defined)
        return errorAt(NameLoc, "redefinition of '" + Name + "'");
      F.Body = cleanBody(*Body);
      F.Labels = labelsOf(F.Body);
      F.CallVariables = callVariablesOf(F.Body);
      F.Defined = true;
      F.BodyLoc = {Open.Line, Open.Column + 1};
      Callees[Name] = std::move(F);
      continue;
    }
    if (W != ".entry")
      return errorAt(L, "unexpected '" + W + "' in a PTX module");
    Function F;
    F.IsKernel = true;
    F.Visible = Visible;
    F.Loc = L;
    C.skipSpace();
    Location NameLoc = C.loc();
    F.Name = C.word().str();
    if (F.Name.empty() || !isIdentStart(F.Name[0]))
      return errorAt(NameLoc, "expected the kernel's name");
    if (C.consume('(')) {
      if (!C.consume(')')) {
        do {
          Expected<Parameter> P = parseParameter(C);
          if (!P)
            return P.takeError();
          F.Params.push_back(std::move(*P));
        } while (C.consume(','));
        if (!C.consume(')'))
          return errorAt(C.loc(), "expected ')' after the parameters");
      }
    }
    // Performance directives (.maxntid, .reqntid, .minnctapersm, ...) up to
    // the body: hints, docs/ptx-modules.md.
    C.skipSpace();
    while (!C.atEnd() && C.peek() != '{' && C.peek() != ';') {
      C.advance();
      C.skipSpace();
    }
    if (C.consume(';')) {
      if (!External)
        return errorAt(L, "kernel '" + F.Name + "' has no body");
      continue;
    }
    C.skipSpace();
    Cursor BodyStart = C;
    Expected<StringRef> Body = functionBody(C);
    if (!Body)
      return Body.takeError();
    F.BodyLoc = {BodyStart.Line, BodyStart.Column + 1};
    F.Body = Body->str();
    M.Functions.push_back(std::move(F));
  }
  if (!SawVersion)
    return errorAt(C.loc(), "a PTX module starts with '.version'");
  for (const Variable &Declared : ExternVariables) {
    auto Defined = llvm::find_if(M.Variables, [&](const Variable &V) {
      return V.Name == Declared.Name;
    });
    if (Defined == M.Variables.end())
      return errorAt(Declared.Loc,
                     "unresolved external symbol '" + Declared.Name +
                         "': it is declared '.extern' and no PTX input of "
                         "the link defines it");
    if (Defined->Space != Declared.Space)
      return errorAt(Declared.Loc, "'" + Declared.Name +
                                       "' is declared '.extern' in another "
                                       "state space than its definition");
  }
  // Kernel bodies, once every variable and device function is known.
  for (Function &F : M.Functions) {
    std::string Body = cleanBody(F.Body);
    if (Error E = inlineCalls(Body, F.BodyLoc, Callees))
      return std::move(E);
    StringMap<StateSpace> Visible = Symbols;
    for (const Parameter &P : F.Params)
      Visible[P.Name] = StateSpace::Param;
    BodyRewriter Rewriter(F, Visible, F.BodyLoc);
    if (Error E = Rewriter.run(Body))
      return std::move(E);
    F.Body = Rewriter.take();
  }
  return M;
}

} // namespace rubicon::ptxmodule
