//===- PTXLexer.cpp - tokens of inline PTX --------------------------------===//

#include "PTXLexer.h"

#include <cctype>

namespace rubicon::ptx {
namespace {

bool isIdentifierStart(char C) {
  return std::isalpha(static_cast<unsigned char>(C)) || C == '_';
}
bool isIdentifierBody(char C) {
  return std::isalnum(static_cast<unsigned char>(C)) || C == '_' || C == '$';
}

class Lexer {
public:
  explicit Lexer(std::string_view Text) : Text(Text) {}

  std::vector<Token> run() {
    std::vector<Token> Tokens;
    while (true) {
      bool Space = skipSpaceAndComments();
      Token T;
      T.Position = position();
      T.SpaceBefore = Space;
      if (Invalid) {
        T.Kind = TokenKind::Invalid;
        T.Position = InvalidPosition;
        T.Text = "/*";
        Tokens.push_back(T);
        return Tokens;
      }
      if (Pos >= Text.size()) {
        T.Kind = TokenKind::EndOfInput;
        Tokens.push_back(T);
        return Tokens;
      }
      size_t Start = Pos;
      T.Kind = lexOne();
      T.Text = Text.substr(Start, Pos - Start);
      Tokens.push_back(T);
      if (T.Kind == TokenKind::Invalid) {
        Tokens.push_back(Token{TokenKind::EndOfInput, {}, position(), false});
        return Tokens;
      }
    }
  }

private:
  std::string_view Text;
  size_t Pos = 0;
  uint32_t Line = 1;
  size_t LineStart = 0;
  bool Invalid = false;
  SourcePosition InvalidPosition;

  SourcePosition position() const {
    return SourcePosition{uint32_t(Pos), Line, uint32_t(Pos - LineStart + 1)};
  }
  char peek(size_t Ahead = 0) const {
    return Pos + Ahead < Text.size() ? Text[Pos + Ahead] : '\0';
  }
  void advance() {
    if (Text[Pos] == '\n') {
      ++Line;
      LineStart = Pos + 1;
    }
    ++Pos;
  }

  bool skipSpaceAndComments() {
    bool Skipped = false;
    while (Pos < Text.size()) {
      char C = peek();
      if (std::isspace(static_cast<unsigned char>(C))) {
        advance();
      } else if (C == '/' && peek(1) == '/') {
        while (Pos < Text.size() && peek() != '\n')
          advance();
      } else if (C == '/' && peek(1) == '*') {
        SourcePosition Open = position();
        advance();
        advance();
        while (Pos < Text.size() && !(peek() == '*' && peek(1) == '/'))
          advance();
        if (Pos >= Text.size()) {
          Invalid = true;
          InvalidPosition = Open;
          return true;
        }
        advance();
        advance();
      } else {
        break;
      }
      Skipped = true;
    }
    return Skipped;
  }

  // Identifier characters, including clang's `${:uid}` for `%=`.
  void lexIdentifierBody() {
    while (Pos < Text.size()) {
      if (Text.substr(Pos, 7) == "${:uid}") {
        for (int I = 0; I < 7; ++I)
          advance();
        continue;
      }
      if (peek() == '$' && !std::isdigit(static_cast<unsigned char>(peek(1))))
        break;
      if (!isIdentifierBody(peek()))
        break;
      advance();
    }
  }

  bool isHexDigit(char C) const {
    return std::isxdigit(static_cast<unsigned char>(C));
  }

  TokenKind lexNumber() {
    // 0f / 0d hexadecimal floating literals: exactly 8 / 16 hex digits.
    if (peek() == '0' && (peek(1) == 'f' || peek(1) == 'F' || peek(1) == 'd' ||
                          peek(1) == 'D')) {
      advance();
      advance();
      while (isHexDigit(peek()))
        advance();
      return TokenKind::Float;
    }
    bool IsFloat = false;
    if (peek() == '0' && (peek(1) == 'x' || peek(1) == 'X' || peek(1) == 'b' ||
                          peek(1) == 'B')) {
      advance();
      advance();
      while (isHexDigit(peek()))
        advance();
    } else {
      while (std::isdigit(static_cast<unsigned char>(peek())))
        advance();
      if (peek() == '.' && std::isdigit(static_cast<unsigned char>(peek(1)))) {
        IsFloat = true;
        advance();
        while (std::isdigit(static_cast<unsigned char>(peek())))
          advance();
      }
      if ((peek() == 'e' || peek() == 'E') &&
          (std::isdigit(static_cast<unsigned char>(peek(1))) ||
           ((peek(1) == '-' || peek(1) == '+') &&
            std::isdigit(static_cast<unsigned char>(peek(2)))))) {
        IsFloat = true;
        advance();
        advance();
        while (std::isdigit(static_cast<unsigned char>(peek())))
          advance();
      }
    }
    if (!IsFloat && (peek() == 'U' || peek() == 'u'))
      advance();
    // Letters glued to a number make it malformed; keep them in the token so
    // the parser reports the whole thing.
    while (isIdentifierBody(peek()) && peek() != '$')
      advance();
    return IsFloat ? TokenKind::Float : TokenKind::Integer;
  }

  TokenKind lexOne() {
    char C = peek();
    if (isIdentifierStart(C)) {
      lexIdentifierBody();
      return TokenKind::Identifier;
    }
    if (std::isdigit(static_cast<unsigned char>(C)))
      return lexNumber();
    if (C == '.' && isIdentifierStart(peek(1))) {
      advance();
      lexIdentifierBody();
      // `.L2::cache_hint`, `.shared::cta`.
      while (peek() == ':' && peek(1) == ':' &&
             (isIdentifierStart(peek(2)) ||
              std::isdigit(static_cast<unsigned char>(peek(2))))) {
        advance();
        advance();
        lexIdentifierBody();
      }
      return TokenKind::DotWord;
    }
    if (C == '%' && isIdentifierStart(peek(1))) {
      advance();
      lexIdentifierBody();
      // Component of a special register: `%tid.x`.
      if (peek() == '.' &&
          (peek(1) == 'x' || peek(1) == 'y' || peek(1) == 'z' ||
           peek(1) == 'w') &&
          !isIdentifierBody(peek(2))) {
        advance();
        advance();
      }
      return TokenKind::Register;
    }
    if (C == '$' && std::isdigit(static_cast<unsigned char>(peek(1)))) {
      advance();
      while (std::isdigit(static_cast<unsigned char>(peek())))
        advance();
      return TokenKind::Placeholder;
    }
    if (C == '$' && peek(1) == '{' && Text.substr(Pos, 7) != "${:uid}") {
      // `${1:z}`: clang's spelling of `%z1`, an operand with a modifier,
      // which nvcc's inline asm does not support either.
      while (Pos < Text.size() && peek() != '}')
        advance();
      if (Pos < Text.size())
        advance();
      return TokenKind::Invalid;
    }
    if (C == '$' && (isIdentifierStart(peek(1)) || peek(1) == '{')) {
      // `$L_label`, `${:uid}`.
      if (Text.substr(Pos, 7) != "${:uid}")
        advance();
      lexIdentifierBody();
      return TokenKind::Identifier;
    }
    switch (C) {
    case ',':
    case ';':
    case ':':
    case '{':
    case '}':
    case '[':
    case ']':
    case '+':
    case '-':
    case '!':
    case '@':
    case '|':
    case '<':
    case '>':
      advance();
      return TokenKind::Punctuation;
    default:
      advance();
      return TokenKind::Invalid;
    }
  }
};

} // namespace

std::vector<Token> tokenizePTX(std::string_view Text) {
  return Lexer(Text).run();
}

} // namespace rubicon::ptx
