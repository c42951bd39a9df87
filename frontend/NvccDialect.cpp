//===- NvccDialect.cpp - nvcc-dialect leniency before parsing -------------===//
//
// Part of Rubicon. See NvccDialect.h. The scans skip comments, string and
// character literals (raw strings included) so only code is rewritten.
//
//===----------------------------------------------------------------------===//
#include "NvccDialect.h"

#include "clang/Basic/DiagnosticAST.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

#include <algorithm>

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
/// A file whose text is rewritten when clang reads it. Override, when set,
/// replaces its text (DisambiguatorRecovery) before the rewrites.
class RewrittenFile : public vfs::File {
public:
  RewrittenFile(std::unique_ptr<vfs::File> Inner, bool Chevrons,
                bool StringConstraints, const std::string *Override)
      : Inner(std::move(Inner)), Chevrons(Chevrons),
        StringConstraints(StringConstraints), Override(Override) {}

  ErrorOr<vfs::Status> status() override {
    ErrorOr<vfs::Status> Status = Inner->status();
    if (!Status || !Override)
      return Status;
    return vfs::Status::copyWithNewSize(*Status, Override->size());
  }
  ErrorOr<std::string> getName() override { return Inner->getName(); }
  std::error_code close() override { return Inner->close(); }

  ErrorOr<std::unique_ptr<MemoryBuffer>>
  getBuffer(const Twine &Name, int64_t FileSize, bool RequiresNullTerminator,
            bool IsVolatile) override {
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
        Override ? MemoryBuffer::getMemBufferCopy(*Override, Name.str())
                 : Inner->getBuffer(Name, FileSize, RequiresNullTerminator,
                                    IsVolatile);
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
  const std::string *Override;
};

/// The real file system, with the nvcc-dialect rewrites on what is read.
class NvccDialectFileSystem : public vfs::ProxyFileSystem {
public:
  NvccDialectFileSystem(IntrusiveRefCntPtr<vfs::FileSystem> FS,
                        StringSet<> CudaInputs, bool DeviceSide,
                        const StringMap<std::string> *Overrides)
      : ProxyFileSystem(std::move(FS)), CudaInputs(std::move(CudaInputs)),
        DeviceSide(DeviceSide), Overrides(Overrides) {}

  ErrorOr<std::unique_ptr<vfs::File>>
  openFileForRead(const Twine &Path) override {
    ErrorOr<std::unique_ptr<vfs::File>> File =
        ProxyFileSystem::openFileForRead(Path);
    if (!File)
      return File;
    std::string Name = normalized(Path);
    bool Chevrons = CudaInputs.contains(Name);
    const std::string *Override = override(Name);
    if (!Chevrons && !DeviceSide && !Override)
      return File;
    return std::make_unique<RewrittenFile>(std::move(*File), Chevrons,
                                           DeviceSide, Override);
  }

  ErrorOr<vfs::Status> status(const Twine &Path) override {
    ErrorOr<vfs::Status> Status = ProxyFileSystem::status(Path);
    if (Status)
      if (const std::string *Override = override(normalized(Path)))
        return vfs::Status::copyWithNewSize(*Status, Override->size());
    return Status;
  }

  static std::string normalized(const Twine &Path) {
    SmallString<256> Text;
    Path.toVector(Text);
    sys::path::remove_dots(Text, /*remove_dot_dot=*/true);
    return Text.str().str();
  }

private:
  const std::string *override(StringRef Name) const {
    if (!Overrides)
      return nullptr;
    auto It = Overrides->find(Name);
    return It == Overrides->end() ? nullptr : &It->second;
  }

  StringSet<> CudaInputs;
  bool DeviceSide;
  const StringMap<std::string> *Overrides;
};

/// Holds back CI's diagnostics until the end of the source file, taking out
/// the missing-disambiguator errors DisambiguatorRecovery can fix.
class HoldingDiagnosticConsumer : public clang::DiagnosticConsumer {
public:
  HoldingDiagnosticConsumer(DisambiguatorRecovery &Recovery,
                            clang::DiagnosticsEngine &Diags,
                            std::unique_ptr<clang::DiagnosticConsumer> Inner)
      : Recovery(Recovery), Diags(Diags), Inner(std::move(Inner)) {}

  void BeginSourceFile(const clang::LangOptions &Opts,
                       const clang::Preprocessor *PP) override {
    LangOpts = &Opts;
    Inner->BeginSourceFile(Opts, PP);
  }

  void EndSourceFile() override {
    release();
    Inner->EndSourceFile();
  }

  void finish() override {
    if (!Held.empty()) {
      static const clang::LangOptions Default;
      Inner->BeginSourceFile(LangOpts ? *LangOpts : Default, nullptr);
      release();
      Inner->EndSourceFile();
    }
    Inner->finish();
  }

  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    if (Level == clang::DiagnosticsEngine::Note && SkipNotes)
      return;
    SkipNotes = false;
    if (Level >= clang::DiagnosticsEngine::Error && recordInsertion(Info)) {
      Found = SkipNotes = true;
      return;
    }
    Held.emplace_back(Level, Info);
  }

private:
  /// Prints what was held back, unless the compilation runs again.
  void release() {
    if (!Found)
      for (const clang::StoredDiagnostic &Stored : Held) {
        clang::DiagnosticStorage Storage;
        Storage.DiagRanges.append(Stored.getRanges().begin(),
                                  Stored.getRanges().end());
        Storage.FixItHints.append(Stored.getFixIts().begin(),
                                  Stored.getFixIts().end());
        clang::Diagnostic Info(&Diags, Stored.getLocation(), Stored.getID(),
                               Storage, Stored.getMessage());
        DiagnosticConsumer::HandleDiagnostic(Stored.getLevel(), Info);
        Inner->HandleDiagnostic(Stored.getLevel(), Info);
      }
    Held.clear();
  }

  /// If Info is a missing `template`/`typename` error, records where the
  /// keyword goes and returns true; the same for an asm `%` nvcc takes
  /// literally (recordLiteralPercent).
  bool recordInsertion(const clang::Diagnostic &Info) {
    unsigned ID = Info.getID();
    if (ID == clang::diag::err_asm_invalid_escape)
      return recordLiteralPercent(Info);
    if (ID == clang::diag::err_expected)
      return recordAsmOperandComma(Info);
    bool Template = ID == clang::diag::err_template_kw_missing;
    if (!Template && ID != clang::diag::err_typename_missing &&
        ID != clang::diag::err_typename_missing_template)
      return false;
    if (!Info.hasSourceManager() || Info.getLocation().isInvalid())
      return false;
    clang::SourceManager &SM = Info.getSourceManager();
    StringRef Keyword = Template ? "template " : "typename ";
    clang::SourceLocation At;
    for (const clang::FixItHint &Hint : Info.getFixItHints())
      if (Hint.CodeToInsert == Keyword && Hint.RemoveRange.getBegin().isValid())
        At = Hint.RemoveRange.getBegin();
    if (At.isInvalid()) {
      At = Info.getLocation();
      if (Template) {
        // Found at instantiation, the error points at the start of the
        // qualified name: the keyword goes before the template's name.
        SmallString<128> Message;
        Info.FormatDiagnostic(Message);
        StringRef Text(Message);
        size_t Close = Text.rfind('\'');
        size_t Open = Close == StringRef::npos ? StringRef::npos
                                                : Text.rfind('\'', Close - 1);
        if (Open == StringRef::npos)
          return false;
        std::optional<unsigned> Offset = templateNameOffset(
            SM, SM.getSpellingLoc(At), Text.slice(Open + 1, Close));
        if (!Offset)
          return false;
        At = SM.getSpellingLoc(At).getLocWithOffset(*Offset);
      }
    }
    At = SM.getSpellingLoc(At);
    auto [File, Offset] = SM.getDecomposedLoc(At);
    clang::OptionalFileEntryRef Entry = SM.getFileEntryRefForID(File);
    if (!Entry)
      return false;
    StringRef Text = SM.getBufferData(File);
    if (Text.substr(Offset).starts_with(Keyword))
      return false;
    Recovery.insert(Entry->getName(), Text, Offset, Keyword);
    return true;
  }

  /// nvcc's inline asm substitutes `%<digits>` and `%%` and takes any other
  /// `%` followed by a letter literally (`%globaltimer`, `%laneid`); clang
  /// reads `%<letter>` as an operand modifier and reports an invalid escape
  /// at the character after the letter when no operand number follows. The
  /// fix: double the `%`.
  bool recordLiteralPercent(const clang::Diagnostic &Info) {
    if (!Info.hasSourceManager() || Info.getLocation().isInvalid())
      return false;
    clang::SourceManager &SM = Info.getSourceManager();
    auto [File, Offset] = SM.getDecomposedLoc(SM.getSpellingLoc(Info.getLocation()));
    clang::OptionalFileEntryRef Entry = SM.getFileEntryRefForID(File);
    StringRef Text = SM.getBufferData(File);
    if (!Entry || Offset < 2 || Offset > Text.size() || Text[Offset - 2] != '%' ||
        !isalpha(static_cast<unsigned char>(Text[Offset - 1])))
      return false;
    Recovery.insert(Entry->getName(), Text, Offset - 2, "%");
    return true;
  }

  /// nvcc accepts inline-asm operands with no comma between them
  /// (`:: "r"(x) "l"(p)`); clang expects the `)` of the asm statement at the
  /// second constraint. The fix: insert the comma. Only where the error
  /// points at a string literal that follows a `)` and is itself followed by
  /// a `(`: a constraint and its operand, which appear nowhere but in asm.
  bool recordAsmOperandComma(const clang::Diagnostic &Info) {
    if (!Info.hasSourceManager() || Info.getLocation().isInvalid())
      return false;
    clang::SourceManager &SM = Info.getSourceManager();
    auto [File, Offset] = SM.getDecomposedLoc(SM.getSpellingLoc(Info.getLocation()));
    clang::OptionalFileEntryRef Entry = SM.getFileEntryRefForID(File);
    StringRef Text = SM.getBufferData(File);
    if (!Entry || Offset >= Text.size() || Text[Offset] != '"')
      return false;
    StringRef Before = Text.take_front(Offset).rtrim();
    if (!Before.ends_with(")"))
      return false;
    size_t Close = Text.find('"', Offset + 1);
    if (Close == StringRef::npos ||
        Text.substr(Offset + 1, Close - Offset - 1).find_first_of("\\\n") !=
            StringRef::npos ||
        !Text.substr(Close + 1).ltrim().starts_with("("))
      return false;
    Recovery.insert(Entry->getName(), Text, Offset, ", ");
    return true;
  }

  /// The offset from Start of Name in "::Name<" within the next few lines.
  static std::optional<unsigned> templateNameOffset(clang::SourceManager &SM,
                                                    clang::SourceLocation Start,
                                                    StringRef Name) {
    auto [File, Offset] = SM.getDecomposedLoc(Start);
    StringRef Text = SM.getBufferData(File).substr(Offset, 1024);
    // Name followed by '<' at J.
    auto NameAt = [&](size_t J) {
      if (!Text.substr(J).starts_with(Name))
        return false;
      size_t K = J + Name.size();
      while (K < Text.size() && isspace(static_cast<unsigned char>(Text[K])))
        ++K;
      return K < Text.size() && Text[K] == '<';
    };
    if (NameAt(0)) // found while parsing: the error points at the name
      return 0;
    for (size_t I = Text.find("::"); I != StringRef::npos;
         I = Text.find("::", I + 2)) {
      size_t J = I + 2;
      while (J < Text.size() && isspace(static_cast<unsigned char>(Text[J])))
        ++J;
      if (NameAt(J))
        return J;
    }
    return std::nullopt;
  }

  DisambiguatorRecovery &Recovery;
  clang::DiagnosticsEngine &Diags;
  std::unique_ptr<clang::DiagnosticConsumer> Inner;
  std::vector<clang::StoredDiagnostic> Held;
  const clang::LangOptions *LangOpts = nullptr;
  bool Found = false, SkipNotes = false;
};
} // namespace

void DisambiguatorRecovery::watch(clang::CompilerInstance &CI) {
  Rerun = false;
  clang::DiagnosticsEngine &Diags = CI.getDiagnostics();
  std::unique_ptr<clang::DiagnosticConsumer> Inner = Diags.takeClient();
  if (!Inner)
    return; // the engine does not own its client: leave it alone
  Diags.setClient(
      new HoldingDiagnosticConsumer(*this, Diags, std::move(Inner)),
      /*ShouldOwnClient=*/true);
}

void DisambiguatorRecovery::insert(StringRef File, StringRef Text,
                                   unsigned Offset, StringRef Keyword) {
  std::string Name = NvccDialectFileSystem::normalized(File);
  if (!Files.count(Name))
    Files[Name] = Text.str();
  for (const Pending &P : Insertions)
    if (P.File == Name && P.Offset == Offset)
      return;
  Insertions.push_back({Name, Offset, Keyword.str()});
}

void DisambiguatorRecovery::finishPass() {
  // Later offsets first, so earlier ones stay valid.
  std::sort(Insertions.begin(), Insertions.end(),
            [](const Pending &A, const Pending &B) { return A.Offset > B.Offset; });
  for (const Pending &P : Insertions) {
    std::string &Text = Files[P.File];
    if (P.Offset <= Text.size())
      Text.insert(P.Offset, P.Keyword);
  }
  Rerun = !Insertions.empty();
  Insertions.clear();
}

void applyNvccDialect(clang::CompilerInstance &CI,
                      const DisambiguatorRecovery *Recovery) {
  StringSet<> CudaInputs;
  for (const clang::FrontendInputFile &Input : CI.getFrontendOpts().Inputs)
    if (Input.getKind().getLanguage() == clang::Language::CUDA &&
        Input.isFile())
      CudaInputs.insert(NvccDialectFileSystem::normalized(Input.getFile()));
  bool DeviceSide = CI.getLangOpts().CUDA && CI.getLangOpts().CUDAIsDevice;
  CI.createVirtualFileSystem(makeIntrusiveRefCnt<NvccDialectFileSystem>(
      vfs::getRealFileSystem(), std::move(CudaInputs), DeviceSide,
      Recovery ? &Recovery->rewrittenFiles() : nullptr));
}

} // namespace rubicon
