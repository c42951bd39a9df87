//===- NvccDialect.cpp - nvcc-dialect leniency before parsing -------------===//
//
// Part of Rubicon. See NvccDialect.h. The scans skip comments, string and
// character literals (raw strings included) so only code is rewritten.
//
//===----------------------------------------------------------------------===//
#include "NvccDialect.h"

#include "clang/Frontend/CompilerInstance.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

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

std::optional<std::string> rewriteStringConstraints(StringRef Source) {
  static constexpr StringRef Constraint = "\"C\"";
  if (!Source.contains(Constraint))
    return std::nullopt;
  std::string Out;
  for (size_t I = 0; I < Source.size();) {
    if (Source.substr(I).starts_with(Constraint)) {
      size_t J = I + Constraint.size();
      while (J < Source.size() && isspace(static_cast<unsigned char>(Source[J])))
        ++J;
      if (J < Source.size() && Source[J] == '(') {
        if (Out.empty())
          Out = Source.str();
        Out[I + 1] = 'X';
        I = J;
        continue;
      }
    }
    size_t Skipped = skipNonCode(Source, I);
    I = Skipped != I ? Skipped : I + 1;
  }
  if (Out.empty())
    return std::nullopt;
  return Out;
}

namespace {
/// A file whose text is rewritten when clang reads it.
class RewrittenFile : public vfs::File {
public:
  RewrittenFile(std::unique_ptr<vfs::File> Inner, bool Chevrons,
                bool StringConstraints)
      : Inner(std::move(Inner)), Chevrons(Chevrons),
        StringConstraints(StringConstraints) {}

  ErrorOr<vfs::Status> status() override { return Inner->status(); }
  ErrorOr<std::string> getName() override { return Inner->getName(); }
  std::error_code close() override { return Inner->close(); }

  ErrorOr<std::unique_ptr<MemoryBuffer>>
  getBuffer(const Twine &Name, int64_t FileSize, bool RequiresNullTerminator,
            bool IsVolatile) override {
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
        Inner->getBuffer(Name, FileSize, RequiresNullTerminator, IsVolatile);
    if (!Buffer)
      return Buffer;
    std::optional<std::string> Text;
    if (Chevrons)
      Text = rewriteLaunchChevrons((*Buffer)->getBuffer());
    if (StringConstraints)
      if (std::optional<std::string> Rewritten = rewriteStringConstraints(
              Text ? StringRef(*Text) : (*Buffer)->getBuffer()))
        Text = std::move(Rewritten);
    if (!Text)
      return Buffer;
    return MemoryBuffer::getMemBufferCopy(*Text,
                                          (*Buffer)->getBufferIdentifier());
  }

private:
  std::unique_ptr<vfs::File> Inner;
  bool Chevrons, StringConstraints;
};

/// The real file system, with the nvcc-dialect rewrites on what is read.
class NvccDialectFileSystem : public vfs::ProxyFileSystem {
public:
  NvccDialectFileSystem(IntrusiveRefCntPtr<vfs::FileSystem> FS,
                        StringSet<> CudaInputs, bool DeviceSide)
      : ProxyFileSystem(std::move(FS)), CudaInputs(std::move(CudaInputs)),
        DeviceSide(DeviceSide) {}

  ErrorOr<std::unique_ptr<vfs::File>>
  openFileForRead(const Twine &Path) override {
    ErrorOr<std::unique_ptr<vfs::File>> File =
        ProxyFileSystem::openFileForRead(Path);
    if (!File)
      return File;
    bool Chevrons = CudaInputs.contains(normalized(Path));
    if (!Chevrons && !DeviceSide)
      return File;
    return std::make_unique<RewrittenFile>(std::move(*File), Chevrons,
                                           DeviceSide);
  }

  static std::string normalized(const Twine &Path) {
    SmallString<256> Text;
    Path.toVector(Text);
    sys::path::remove_dots(Text, /*remove_dot_dot=*/true);
    return Text.str().str();
  }

private:
  StringSet<> CudaInputs;
  bool DeviceSide;
};
} // namespace

void applyNvccDialect(clang::CompilerInstance &CI) {
  StringSet<> CudaInputs;
  for (const clang::FrontendInputFile &Input : CI.getFrontendOpts().Inputs)
    if (Input.getKind().getLanguage() == clang::Language::CUDA &&
        Input.isFile())
      CudaInputs.insert(NvccDialectFileSystem::normalized(Input.getFile()));
  bool DeviceSide = CI.getLangOpts().CUDA && CI.getLangOpts().CUDAIsDevice;
  CI.createVirtualFileSystem(makeIntrusiveRefCnt<NvccDialectFileSystem>(
      vfs::getRealFileSystem(), std::move(CudaInputs), DeviceSide));
}

} // namespace rubicon
