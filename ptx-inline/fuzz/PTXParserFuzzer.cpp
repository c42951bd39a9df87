//===- PTXParserFuzzer.cpp - libFuzzer entry point for the PTX parser -----===//
//
// Any byte string is a possible asm string: parsePTX must return a block or
// an error inside the text, never crash, hang or read out of bounds (the
// fuzzer is built with AddressSanitizer). Built with clang's
// -fsanitize=fuzzer from ptx-inline/CMakeLists.txt; run for a bounded time
// by CTest (tests/unit/ptx/CMakeLists.txt).
//
//===----------------------------------------------------------------------===//

#include "rubicon/PTX/PTXParser.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

using namespace rubicon::ptx;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  std::string_view Text(reinterpret_cast<const char *>(Data), Size);
  ParseResult Result = parsePTX(Text);
  if (!Result) {
    const ParseError &Error = Result.error();
    // An error names a problem at a position inside the text.
    if (Error.Message.empty() || Error.Position.Offset > Size)
      std::abort();
    (void)Error.str();
    return 0;
  }
  // Every instruction of a parsed block comes from the table with types and
  // operand counts the table allows.
  for (const Statement &S : Result.block().Statements) {
    const auto *I = std::get_if<Instruction>(&S);
    if (!I)
      continue;
    if (!I->Info || I->Operands.size() < I->Info->MinOperands ||
        I->Operands.size() > I->Info->MaxOperands)
      std::abort();
  }
  return 0;
}
