//===- PTXLexer.h - tokens of inline PTX ------------------------*- C++ -*-===//
//
// Internal to RubiconPTX: splits an asm string into tokens with positions.
//
//===----------------------------------------------------------------------===//

#ifndef RUBICON_PTXINLINE_PTXLEXER_H
#define RUBICON_PTXINLINE_PTXLEXER_H

#include "rubicon/PTX/PTXAST.h"

#include <string>
#include <string_view>
#include <vector>

namespace rubicon::ptx {

enum class TokenKind : uint8_t {
  Identifier,  ///< `add`, `p`, `L${:uid}`, `_`
  DotWord,     ///< `.s32`, `.reg`, `.L2::cache_hint`
  Register,    ///< `%r1`, `%tid.x`
  Placeholder, ///< `$3`
  Integer,     ///< `42`, `0x2a`, `0b101`, `052`
  Float,       ///< `0f3f800000`, `0d3ff0000000000000`, `1.5`
  Punctuation, ///< one of , ; : { } [ ] + - ! @ | < >
  EndOfInput,
  Invalid, ///< a character no token starts with
};

struct Token {
  TokenKind Kind = TokenKind::EndOfInput;
  std::string_view Text;
  SourcePosition Position;
  /// True when whitespace or a comment came right before the token.
  bool SpaceBefore = false;

  bool is(char C) const {
    return Kind == TokenKind::Punctuation && Text.size() == 1 && Text[0] == C;
  }
};

/// Tokenizes the whole string. The last token is EndOfInput; an unterminated
/// block comment or a stray character is an Invalid token at its position.
std::vector<Token> tokenizePTX(std::string_view Text);

} // namespace rubicon::ptx

#endif // RUBICON_PTXINLINE_PTXLEXER_H
