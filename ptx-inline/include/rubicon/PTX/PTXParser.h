//===- PTXParser.h - parse the text of an inline-PTX statement --*- C++ -*-===//
//
// Entry point of the RubiconPTX library: turns the asm string of an
// `asm("...")` statement, as it appears in LLVM IR (operands already
// written `$N`, `%%` already `%`), into a checked Block. Standard C++ only.
//
//===----------------------------------------------------------------------===//

#ifndef RUBICON_PTXINLINE_PTXPARSER_H
#define RUBICON_PTXINLINE_PTXPARSER_H

#include "rubicon/PTX/PTXAST.h"

#include <string>
#include <string_view>
#include <variant>

namespace rubicon::ptx {

/// What is wrong and where, inside the asm string.
struct ParseError {
  SourcePosition Position;
  std::string Message;

  /// "line:column: message".
  std::string str() const;
};

/// Either a Block or the first error found.
class ParseResult {
public:
  ParseResult(Block B) : Value(std::move(B)) {}
  ParseResult(ParseError E) : Value(std::move(E)) {}
  explicit operator bool() const {
    return std::holds_alternative<Block>(Value);
  }
  Block &block() { return std::get<Block>(Value); }
  const ParseError &error() const { return std::get<ParseError>(Value); }

private:
  std::variant<Block, ParseError> Value;
};

/// Parses and checks `AsmText` (instructions against the table, register
/// declarations, labels). Never throws, never aborts on bad input.
ParseResult parsePTX(std::string_view AsmText);

} // namespace rubicon::ptx

#endif // RUBICON_PTXINLINE_PTXPARSER_H
