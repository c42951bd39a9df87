//===- NvccDialect.cpp - nvcc-dialect leniency before parsing -------------===//
//
// Part of Rubicon. See NvccDialect.h. The scan skips comments, string and
// character literals (raw strings included) so only code is rewritten.
//
//===----------------------------------------------------------------------===//
#include "NvccDialect.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace rubicon {

namespace {
bool isHorizontalSpace(char C) { return C == ' ' || C == '\t'; }

/// Index just past the literal or comment starting at I, or I if none does.
size_t skipNonCode(StringRef S, size_t I) {
  if (S.substr(I).starts_with("//")) {
    size_t End = S.find('\n', I);
    return End == StringRef::npos ? S.size() : End;
  }
  if (S.substr(I).starts_with("/*")) {
    size_t End = S.find("*/", I + 2);
    return End == StringRef::npos ? S.size() : End + 2;
  }
  if (S[I] == 'R' && S.substr(I + 1).starts_with("\"")) {
    size_t Open = S.find('(', I + 2);
    if (Open == StringRef::npos)
      return S.size();
    std::string Close = ")" + S.slice(I + 2, Open).str() + "\"";
    size_t End = S.find(Close, Open);
    return End == StringRef::npos ? S.size() : End + Close.size();
  }
  if (S[I] == '"' || S[I] == '\'') {
    char Quote = S[I];
    size_t J = I + 1;
    while (J < S.size() && S[J] != Quote && S[J] != '\n')
      J += S[J] == '\\' ? 2 : 1;
    return std::min(J + 1, S.size());
  }
  return I;
}

/// If S[I..] is Chevron (`<<` or `>>`), horizontal space, then its third
/// character, returns the length of that run; 0 otherwise.
size_t spacedChevronLength(StringRef S, size_t I, char C) {
  if (I + 1 >= S.size() || S[I] != C || S[I + 1] != C)
    return 0;
  size_t J = I + 2;
  while (J < S.size() && isHorizontalSpace(S[J]))
    ++J;
  if (J == I + 2 || J >= S.size() || S[J] != C)
    return 0;
  return J + 1 - I;
}
} // namespace

std::optional<std::string> rewriteLaunchChevrons(StringRef Source) {
  std::string Out = Source.str();
  bool Changed = false;
  unsigned OpenLaunches = 0;
  for (size_t I = 0; I < Source.size();) {
    size_t Skipped = skipNonCode(Source, I);
    if (Skipped != I) {
      I = Skipped;
      continue;
    }
    if (size_t N = spacedChevronLength(Source, I, '<')) {
      Out.replace(I, N, "<<<" + std::string(N - 3, ' '));
      ++OpenLaunches;
      Changed = true;
      I += N;
      continue;
    }
    if (OpenLaunches) {
      if (size_t N = spacedChevronLength(Source, I, '>')) {
        Out.replace(I, N, ">>>" + std::string(N - 3, ' '));
        --OpenLaunches;
        I += N;
        continue;
      }
      if (Source.substr(I).starts_with(">>>")) {
        --OpenLaunches;
        I += 3;
        continue;
      }
    }
    ++I;
  }
  if (!Changed)
    return std::nullopt;
  return Out;
}

void applyNvccDialect(clang::CompilerInstance &CI) {
  for (const clang::FrontendInputFile &Input : CI.getFrontendOpts().Inputs) {
    if (Input.getKind().getLanguage() != clang::Language::CUDA ||
        !Input.isFile())
      continue;
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
        MemoryBuffer::getFile(Input.getFile());
    if (!Buffer)
      continue; // clang reports the missing file itself
    std::optional<std::string> Rewritten =
        rewriteLaunchChevrons((*Buffer)->getBuffer());
    if (!Rewritten)
      continue;
    CI.getPreprocessorOpts().addRemappedFile(
        Input.getFile(),
        MemoryBuffer::getMemBufferCopy(*Rewritten, Input.getFile()).release());
  }
}

} // namespace rubicon
