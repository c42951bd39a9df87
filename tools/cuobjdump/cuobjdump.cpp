//===- cuobjdump.cpp - Rubicon's cuobjdump --------------------------------===//
//
// Lists, extracts and summarizes the AMDGPU code objects that Rubicon's fat
// binaries (clang offload bundles in `.nv_fatbin` / `.hip_fatbin`) carry in
// executables, shared libraries, relocatable objects and static archives.
// Command line and output follow NVIDIA's cuobjdump where a counterpart
// exists.
//
//===----------------------------------------------------------------------===//

#include "rubicon/ResourceUsage.h"

#include "rubicon/Config.h"
#include "rubicon/FatBinary.h"
#include "rubicon/PtxText.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/BinaryFormat/Magic.h"
#include "llvm/Object/Archive.h"
#include "llvm/Object/Binary.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <deque>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace llvm;
namespace fatbin = rubicon::fatbin;
using rubicon::resources::CodeObjectResourceUsage;
using rubicon::resources::readResourceUsage;

namespace {

constexpr StringLiteral FatBinarySectionNames[] = {".nv_fatbin", ".hip_fatbin"};

/// A fatal error: printed as `cuobjdump fatal   : <message>`, exit status 1.
Error fatal(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), Message);
}

void printFatal(const std::string &Message) {
  errs() << "cuobjdump fatal   : " << Message << "\n";
}

void printWarning(const std::string &Message) {
  errs() << "cuobjdump warning : " << Message << "\n";
}

struct Options {
  bool ListElf = false;
  bool ListPtx = false;
  bool ResourceUsage = false;
  bool Json = false;
  std::vector<std::string> ExtractPatterns; // -xelf: "all" or substrings
  std::string Arch;                         // -arch filter; empty: all
  std::vector<std::string> Inputs;
};

/// One AMDGPU code object found in an input.
struct CodeObject {
  std::string Input;  // as named on the command line
  std::string Member; // archive member name, or empty
  std::string Name;   // <stem>.<index>.<arch>.elf
  std::string Arch;
  std::string BundleId;
  StringRef Data;
};

void printHelp(raw_ostream &OS) {
  OS << R"(Usage  : cuobjdump [options] <file>...

Lists, extracts and summarizes the AMD GPU code objects in the fat binaries of
executables, shared libraries, object files, static archives, fat binary
files and single code objects, as built by Rubicon's nvcc.

Options:
  -lelf,  --list-elf                   List the code objects, one per line.
  -xelf,  --extract-elf <name>,...     Extract the code objects whose names
                                       contain <name> ('all': every one) to
                                       files in the current directory.
  -res-usage, --dump-resource-usage    Per kernel: registers, spills, LDS,
                                       scratch, kernel arguments, occupancy.
          --json                       With -res-usage: print JSON.
  -arch,  --gpu-architecture <gfx>     Only code objects for this AMD target.
  -lptx,  --list-ptx                   Lists nothing: Rubicon embeds no PTX.
  -h,     --help                       Print this help.
  -V,     --version                    Print the version.

Unsupported: -ptx, -sass, -elf (extract with -xelf, then use llvm-objdump -d
or llvm-readelf --notes on the code object).
)";
}

void printVersion(raw_ostream &OS) {
  OS << "cuobjdump: Rubicon CUDA object utility for AMD GPU fat binaries\n"
     << "Rubicon " << RUBICON_VERSION << "\n"
     << "Cuda compilation tools, release " << RUBICON_CUDA_VERSION_MAJOR << "."
     << RUBICON_CUDA_VERSION_MINOR << ", V" << RUBICON_CUDA_VERSION_MAJOR << "."
     << RUBICON_CUDA_VERSION_MINOR << "." << RUBICON_CUDA_VERSION_PATCH << "\n";
}

// --- Command line --------------------------------------------------------

/// Parses one option that takes a value: "-x v", "-x=v", "--long v",
/// "--long=v". Returns true if Args[Index] is the option (advancing Index
/// past its value).
Expected<bool> matchValueOption(ArrayRef<std::string> Args, size_t &Index,
                                std::initializer_list<StringRef> Spellings,
                                std::string &Value) {
  StringRef Arg = Args[Index];
  for (StringRef Spelling : Spellings) {
    if (Arg == Spelling) {
      if (Index + 1 >= Args.size())
        return fatal("Option '" + Arg.str() + "' requires a value");
      Value = Args[++Index];
      return true;
    }
    if (Arg.starts_with(Spelling) && Arg.size() > Spelling.size() &&
        Arg[Spelling.size()] == '=') {
      Value = Arg.substr(Spelling.size() + 1).str();
      return true;
    }
  }
  return false;
}

/// Returns std::nullopt when the command line asked for --help/--version,
/// which are handled here.
Expected<std::optional<Options>> parseOptions(ArrayRef<std::string> Args) {
  Options Opts;
  for (size_t Index = 0; Index < Args.size(); ++Index) {
    StringRef Arg = Args[Index];
    std::string Value;
    Expected<bool> IsExtract =
        matchValueOption(Args, Index, {"-xelf", "--extract-elf"}, Value);
    if (!IsExtract)
      return IsExtract.takeError();
    Expected<bool> IsArch =
        *IsExtract ? false
                   : matchValueOption(Args, Index,
                                      {"-arch", "--gpu-architecture"}, Value);
    if (!IsArch)
      return IsArch.takeError();
    if (Arg == "-h" || Arg == "--help" || Arg == "-help") {
      printHelp(outs());
      return std::optional<Options>();
    }
    if (Arg == "-V" || Arg == "--version" || Arg == "-version") {
      printVersion(outs());
      return std::optional<Options>();
    }
    if (Arg == "-lelf" || Arg == "--list-elf") {
      Opts.ListElf = true;
    } else if (Arg == "-lptx" || Arg == "--list-ptx") {
      Opts.ListPtx = true;
    } else if (Arg == "-res-usage" || Arg == "--dump-resource-usage") {
      Opts.ResourceUsage = true;
    } else if (Arg == "--json" || Arg == "-json") {
      Opts.Json = true;
    } else if (*IsExtract) {
      SmallVector<StringRef> Patterns;
      StringRef(Value).split(Patterns, ',', -1, /*KeepEmpty=*/false);
      if (Patterns.empty())
        return fatal("Option '-xelf' requires a file name or 'all'");
      for (StringRef Pattern : Patterns)
        Opts.ExtractPatterns.push_back(Pattern.str());
    } else if (*IsArch) {
      // A target id ("gfx90a:xnack+") selects by its processor.
      Opts.Arch = StringRef(Value).split(':').first.str();
    } else if (Arg == "-ptx" || Arg == "--dump-ptx" || Arg == "-xptx" ||
               Arg.starts_with("-xptx=") || Arg == "--extract-ptx") {
      return fatal("Option '" + Arg.str() +
                   "' is not supported: Rubicon fat binaries carry AMD "
                   "GPU code objects, no PTX");
    } else if (Arg == "-sass" || Arg == "--dump-sass" || Arg == "-elf" ||
               Arg == "--dump-elf") {
      return fatal(
          "Option '" + Arg.str() +
          "' is not supported for AMD GPU code objects: extract them with "
          "-xelf and disassemble with 'llvm-objdump -d'");
    } else if (Arg.starts_with("-") && Arg != "-") {
      return fatal("Unknown option '" + Arg.str() + "'");
    } else {
      Opts.Inputs.push_back(Arg.str());
    }
  }
  if (Opts.Inputs.empty())
    return fatal("No input files specified (see 'cuobjdump --help')");
  if (Opts.Json && !Opts.ResourceUsage)
    return fatal("Option '--json' requires '-res-usage'");
  if (StringRef(Opts.Arch).starts_with("sm_") ||
      StringRef(Opts.Arch).starts_with("compute_")) {
    printWarning("-arch " + Opts.Arch +
                 " names an NVIDIA architecture; Rubicon fat binaries hold "
                 "AMD code objects (gfx...), showing all of them");
    Opts.Arch.clear();
  }
  return std::optional<Options>(std::move(Opts));
}

// --- Finding code objects ------------------------------------------------

/// "x" for "dir/x.o", "a" for "a.out", "app" for "app".
std::string nameStem(StringRef Path) {
  return sys::path::stem(sys::path::filename(Path)).str();
}

class CodeObjectCollector {
public:
  CodeObjectCollector(std::string Input, std::string Member)
      : Input(std::move(Input)), Member(std::move(Member)),
        Stem(nameStem(this->Member.empty() ? this->Input : this->Member)) {}

  /// Adds every code object of the bundles in a fat binary section (bundles
  /// follow one another, separated by zero padding).
  Error addFatBinarySection(StringRef Contents, StringRef SectionName) {
    size_t Offset = 0;
    while (Offset < Contents.size()) {
      if (Contents[Offset] == '\0') {
        ++Offset;
        continue;
      }
      std::vector<fatbin::Entry> Entries;
      size_t BundleSize = 0;
      std::string Error;
      if (!fatbin::readBundle(Contents.data() + Offset,
                              Contents.size() - Offset, Entries, &BundleSize,
                              &Error))
        return fatal(where() + ": malformed fat binary in section " +
                     SectionName.str() + " at offset " +
                     std::to_string(Offset) + ": " + Error);
      addBundleEntries(Entries);
      Offset += BundleSize;
    }
    return Error::success();
  }

  void addBundleEntries(const std::vector<fatbin::Entry> &Entries) {
    ++NumBundles;
    for (const fatbin::Entry &Entry : Entries) {
      std::string Arch = fatbin::archOfId(Entry.Id);
      if (Arch.empty() || Entry.Data.empty())
        continue; // The host entry, or a kind Rubicon does not emit.
      addCodeObject(Arch, Entry.Id,
                    StringRef(Entry.Data.data(), Entry.Data.size()));
    }
  }

  void addCodeObject(const std::string &Arch, const std::string &BundleId,
                     StringRef Data) {
    CodeObject Object;
    Object.Input = Input;
    Object.Member = Member;
    Object.Arch = Arch;
    Object.BundleId = BundleId;
    Object.Data = Data;
    Object.Name =
        Stem + "." + std::to_string(++NumCodeObjects) + "." + Arch + ".elf";
    CodeObjects.push_back(std::move(Object));
  }

  std::string where() const {
    return "File '" + Input + "'" +
           (Member.empty() ? "" : " (member '" + Member + "')");
  }

  const std::string Input;
  const std::string Member;
  const std::string Stem;
  unsigned NumBundles = 0;
  unsigned NumCodeObjects = 0;
  std::vector<CodeObject> CodeObjects;
};

/// The processor of an AMDGPU ELF code object, from its e_flags' mach field
/// (as LLVM's object library names it), or "" if unknown.
std::string archOfCodeObject(const object::ObjectFile &Object) {
  if (Object.getArch() != Triple::amdgcn)
    return "";
  // getFeatures is not needed: the CPU name is derived from e_flags.
  std::optional<StringRef> CPU = Object.tryGetCPUName();
  return CPU ? CPU->str() : "";
}

/// Collects the code objects of one (non-archive) binary.
Error collectFromObject(const object::ObjectFile &Object,
                        CodeObjectCollector &Collector) {
  if (Object.getArch() == Triple::amdgcn) {
    // A bare code object, as cuobjdump accepts a bare cubin.
    std::string Arch = archOfCodeObject(Object);
    Collector.addCodeObject(Arch.empty() ? "amdgcn" : Arch, "",
                            Object.getData());
    ++Collector.NumBundles;
    return Error::success();
  }
  for (const object::SectionRef &Section : Object.sections()) {
    Expected<StringRef> Name = Section.getName();
    if (!Name) {
      consumeError(Name.takeError());
      continue;
    }
    if (!is_contained(FatBinarySectionNames, *Name) || Section.isBSS())
      continue;
    Expected<StringRef> Contents = Section.getContents();
    if (!Contents)
      return fatal(Collector.where() + ": cannot read section " + Name->str() +
                   ": " + toString(Contents.takeError()));
    if (Error Err = Collector.addFatBinarySection(*Contents, *Name))
      return Err;
  }
  return Error::success();
}

/// Collects from a file or archive member given as a buffer.
Error collectFromBuffer(MemoryBufferRef Buffer,
                        CodeObjectCollector &Collector) {
  if (Buffer.getBuffer().starts_with(fatbin::BundleMagic))
    return Collector.addFatBinarySection(Buffer.getBuffer(),
                                         "(fat binary file)");
  // What Rubicon's nvcc -ptx writes: text carrying a fat binary.
  if (rubicon::ptxtext::isPtxText(Buffer.getBufferStart(),
                                  Buffer.getBufferSize())) {
    static std::deque<std::string> Decoded; // what the code objects point into
    std::string FatBinary, Why;
    if (!rubicon::ptxtext::read(Buffer.getBufferStart(), Buffer.getBufferSize(),
                                FatBinary, &Why))
      return fatal(Collector.where() + ": " + Why);
    Decoded.push_back(std::move(FatBinary));
    return Collector.addFatBinarySection(Decoded.back(), "(Rubicon PTX file)");
  }
  Expected<std::unique_ptr<object::Binary>> Binary =
      object::createBinary(Buffer);
  if (!Binary)
    return fatal(Collector.where() +
                 ": not an object file, archive or "
                 "fat binary: " +
                 toString(Binary.takeError()));
  if (auto *Object = dyn_cast<object::ObjectFile>(Binary->get()))
    return collectFromObject(*Object, Collector);
  return fatal(Collector.where() +
               ": unsupported file type (expected an ELF object, "
               "executable, shared library or archive)");
}

struct InputFile {
  std::unique_ptr<MemoryBuffer> Buffer;
  std::vector<CodeObject> CodeObjects;
};

Expected<InputFile> collectFromInput(const std::string &Path) {
  InputFile Input;
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
      MemoryBuffer::getFile(Path, /*IsText=*/false,
                            /*RequiresNullTerminator=*/false);
  if (!Buffer || sys::fs::is_directory(Path))
    return fatal("Could not open input file '" + Path + "'");
  Input.Buffer = std::move(*Buffer);
  MemoryBufferRef Ref = Input.Buffer->getMemBufferRef();

  if (identify_magic(Ref.getBuffer()) == file_magic::archive) {
    Expected<std::unique_ptr<object::Archive>> Archive =
        object::Archive::create(Ref);
    if (!Archive)
      return fatal("File '" + Path +
                   "': malformed archive: " + toString(Archive.takeError()));
    Error IterationErr = Error::success();
    bool AnyBundle = false;
    for (const object::Archive::Child &Child :
         (*Archive)->children(IterationErr)) {
      Expected<StringRef> MemberName = Child.getName();
      Expected<MemoryBufferRef> MemberBuffer = Child.getMemoryBufferRef();
      if (!MemberName || !MemberBuffer) {
        std::string Message = !MemberName ? toString(MemberName.takeError())
                                          : toString(MemberBuffer.takeError());
        if (!MemberBuffer)
          consumeError(MemberBuffer.takeError());
        consumeError(std::move(IterationErr));
        return fatal("File '" + Path +
                     "': malformed archive member: " + Message);
      }
      CodeObjectCollector Collector(Path, MemberName->str());
      // Members that are not objects (symbol tables, text) carry no code.
      if (identify_magic(MemberBuffer->getBuffer()) == file_magic::unknown &&
          !MemberBuffer->getBuffer().starts_with(fatbin::BundleMagic))
        continue;
      if (Error Err = collectFromBuffer(*MemberBuffer, Collector)) {
        consumeError(std::move(IterationErr));
        return std::move(Err);
      }
      AnyBundle |= Collector.NumBundles > 0;
      append_range(Input.CodeObjects, Collector.CodeObjects);
    }
    if (IterationErr)
      return fatal("File '" + Path + "': malformed archive: " +
                   toString(std::move(IterationErr)));
    if (!AnyBundle)
      return fatal("File '" + Path + "' does not contain device code");
    return std::move(Input);
  }

  CodeObjectCollector Collector(Path, "");
  if (Error Err = collectFromBuffer(Ref, Collector))
    return std::move(Err);
  if (Collector.NumBundles == 0)
    return fatal("File '" + Path + "' does not contain device code");
  Input.CodeObjects = std::move(Collector.CodeObjects);
  return std::move(Input);
}

// --- Actions -------------------------------------------------------------

/// Prints "member <name>:" when the code objects switch archive members.
class MemberHeader {
public:
  void update(const CodeObject &Object, raw_ostream &OS) {
    if (Object.Member.empty() || Object.Member == Current)
      return;
    Current = Object.Member;
    OS << "member " << Object.Input << ":" << Object.Member << ":\n";
  }

private:
  std::string Current;
};

void listElf(ArrayRef<CodeObject> Objects, raw_ostream &OS) {
  MemberHeader Header;
  for (const CodeObject &Object : Objects) {
    Header.update(Object, OS);
    // The index is the one in the name: <stem>.<index>.<arch>.elf.
    StringRef Index = StringRef(Object.Name).split('.').second.split('.').first;
    OS << formatv("ELF file {0,4}: {1}\n", Index, Object.Name);
  }
}

bool matchesExtractPattern(const CodeObject &Object,
                           ArrayRef<std::string> Patterns) {
  return any_of(Patterns, [&](const std::string &Pattern) {
    return Pattern == "all" || StringRef(Object.Name).contains(Pattern);
  });
}

Error extractElf(ArrayRef<CodeObject> Objects, ArrayRef<std::string> Patterns,
                 raw_ostream &OS) {
  for (const CodeObject &Object : Objects) {
    if (!matchesExtractPattern(Object, Patterns))
      continue;
    StringRef Index = StringRef(Object.Name).split('.').second.split('.').first;
    OS << formatv("Extracting ELF file {0,4}: {1}\n", Index, Object.Name);
    std::error_code EC;
    raw_fd_ostream File(Object.Name, EC, sys::fs::OF_None);
    if (EC)
      return fatal("Could not open output file '" + Object.Name +
                   "': " + EC.message());
    File << Object.Data;
    File.close();
    if (File.has_error()) {
      std::string Message = File.error().message();
      File.clear_error();
      return fatal("Could not write output file '" + Object.Name +
                   "': " + Message);
    }
  }
  return Error::success();
}

Expected<CodeObjectResourceUsage> resourceUsageOf(const CodeObject &Object) {
  // Copy the code object so that the ELF reader sees aligned memory.
  std::unique_ptr<MemoryBuffer> Aligned =
      MemoryBuffer::getMemBufferCopy(Object.Data, Object.Name);
  Expected<CodeObjectResourceUsage> Usage =
      readResourceUsage(Aligned->getBuffer(), Object.Arch);
  if (!Usage)
    return fatal("File '" + Object.Input + "': code object " + Object.Name +
                 ": " + toString(Usage.takeError()));
  return std::move(*Usage);
}

std::string wavesText(const rubicon::resources::KernelResourceUsage &Kernel) {
  return Kernel.WavesPerSIMD ? std::to_string(*Kernel.WavesPerSIMD) : "n/a";
}

Error printResourceUsage(ArrayRef<CodeObject> Objects, raw_ostream &OS) {
  MemberHeader Header;
  for (const CodeObject &Object : Objects) {
    Expected<CodeObjectResourceUsage> MaybeUsage = resourceUsageOf(Object);
    if (!MaybeUsage)
      return MaybeUsage.takeError();
    CodeObjectResourceUsage &Usage = *MaybeUsage;
    Header.update(Object, OS);
    OS << "\nFatbin elf code:\n================\n"
       << "arch = " << Object.Arch << "\n"
       << "code version = ["
       << join(map_range(Usage.MetadataVersion,
                         [](uint64_t V) { return std::to_string(V); }),
               ",")
       << "]\n"
       << "host = linux\ncompile_size = 64bit\n"
       << "name = " << Object.Name << "\n\nResource usage:\n";
    for (const auto &Kernel : Usage.Kernels)
      OS << formatv(" Function {0}: VGPRs:{1} AGPRs:{2} SGPRs:{3} "
                    "SPILL:vgpr={4},sgpr={5} LDS:{6} SCRATCH:{7} KERNARG:{8} "
                    "WAVES/SIMD:{9} arch:{10}\n",
                    Kernel.Name, Kernel.VGPRs, Kernel.AGPRs, Kernel.SGPRs,
                    Kernel.VGPRSpills, Kernel.SGPRSpills, Kernel.LDSBytes,
                    Kernel.ScratchBytes, Kernel.KernargBytes, wavesText(Kernel),
                    Object.Arch);
  }
  return Error::success();
}

Expected<json::Value> resourceUsageJson(ArrayRef<CodeObject> Objects) {
  json::Array CodeObjects;
  for (const CodeObject &Object : Objects) {
    Expected<CodeObjectResourceUsage> MaybeUsage = resourceUsageOf(Object);
    if (!MaybeUsage)
      return MaybeUsage.takeError();
    CodeObjectResourceUsage &Usage = *MaybeUsage;
    json::Array Kernels;
    for (const auto &Kernel : Usage.Kernels) {
      Kernels.push_back(json::Object{
          {"name", Kernel.Name},
          {"vgprs", Kernel.VGPRs},
          {"agprs", Kernel.AGPRs},
          {"sgprs", Kernel.SGPRs},
          {"vgpr_spills", Kernel.VGPRSpills},
          {"sgpr_spills", Kernel.SGPRSpills},
          {"lds_bytes", Kernel.LDSBytes},
          {"scratch_bytes", Kernel.ScratchBytes},
          {"kernarg_bytes", Kernel.KernargBytes},
          {"wavefront_size", Kernel.WavefrontSize},
          {"workgroup_size", Kernel.WorkGroupSize},
          {"dynamic_stack", Kernel.DynamicStack},
          {"waves_per_simd", Kernel.WavesPerSIMD
                                 ? json::Value(*Kernel.WavesPerSIMD)
                                 : json::Value(nullptr)},
      });
    }
    json::Array Version;
    for (uint64_t Part : Usage.MetadataVersion)
      Version.push_back(Part);
    CodeObjects.push_back(json::Object{
        {"input", Object.Input},
        {"member", Object.Member},
        {"name", Object.Name},
        {"arch", Object.Arch},
        {"target", Usage.Target},
        {"metadata_version", std::move(Version)},
        {"kernels", std::move(Kernels)},
    });
  }
  return json::Value(json::Object{{"code_objects", std::move(CodeObjects)}});
}

void printSummary(ArrayRef<CodeObject> Objects, raw_ostream &OS) {
  MemberHeader Header;
  for (const CodeObject &Object : Objects) {
    Header.update(Object, OS);
    OS << "\nFatbin elf code:\n================\n"
       << "arch = " << Object.Arch << "\n"
       << "host = linux\ncompile_size = 64bit\n"
       << "name = " << Object.Name << "\n"
       << "size = " << Object.Data.size() << "\n";
  }
}

// --- Hidden: building fat binaries for tests -----------------------------

/// cuobjdump --rubicon-make-bundle OUT ARCH=FILE...: writes a fat binary with
/// the (empty) host entry and one code object per ARCH=FILE.
Error makeBundle(ArrayRef<std::string> Args) {
  if (Args.size() < 2)
    return fatal("usage: cuobjdump --rubicon-make-bundle OUT ARCH=FILE...");
  std::vector<std::pair<std::string, std::string>> Entries;
  Entries.emplace_back(fatbin::hostEntryId(), "");
  for (StringRef Spec : Args.drop_front()) {
    auto [Arch, Path] = Spec.split('=');
    if (Arch.empty() || Path.empty())
      return fatal("expected ARCH=FILE, got '" + Spec.str() + "'");
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
        MemoryBuffer::getFile(Path, /*IsText=*/false,
                              /*RequiresNullTerminator=*/false);
    if (!Buffer)
      return fatal("Could not open input file '" + Path.str() + "'");
    Entries.emplace_back(fatbin::codeObjectId(Arch),
                         (*Buffer)->getBuffer().str());
  }
  std::error_code EC;
  raw_fd_ostream Out(Args.front(), EC, sys::fs::OF_None);
  if (EC)
    return fatal("Could not open output file '" + Args.front() +
                 "': " + EC.message());
  Out << fatbin::writeBundle(Entries);
  Out.close();
  if (Out.has_error()) {
    std::string Message = Out.error().message();
    Out.clear_error();
    return fatal("Could not write output file '" + Args.front() +
                 "': " + Message);
  }
  return Error::success();
}

Error run(ArrayRef<std::string> Args) {
  if (!Args.empty() && Args.front() == "--rubicon-make-bundle")
    return makeBundle(Args.drop_front());
  Expected<std::optional<Options>> MaybeOpts = parseOptions(Args);
  if (!MaybeOpts)
    return MaybeOpts.takeError();
  std::optional<Options> &Opts = *MaybeOpts;
  if (!Opts)
    return Error::success();

  // Read everything first, so that a bad input fails before any output.
  std::vector<InputFile> Inputs;
  std::vector<CodeObject> Selected;
  for (const std::string &Path : Opts->Inputs) {
    Expected<InputFile> Input = collectFromInput(Path);
    if (!Input)
      return Input.takeError();
    Inputs.push_back(std::move(*Input));
    for (const CodeObject &Object : Inputs.back().CodeObjects)
      if (Opts->Arch.empty() || Object.Arch == Opts->Arch)
        Selected.push_back(Object);
  }
  if (!Opts->Arch.empty() && Selected.empty())
    printWarning("no code object for architecture '" + Opts->Arch + "'");

  bool DidSomething = false;
  if (Opts->ListElf) {
    listElf(Selected, outs());
    DidSomething = true;
  }
  if (Opts->ListPtx)
    DidSomething = true; // There is never PTX to list.
  if (!Opts->ExtractPatterns.empty()) {
    if (Error Err = extractElf(Selected, Opts->ExtractPatterns, outs()))
      return Err;
    DidSomething = true;
  }
  if (Opts->ResourceUsage) {
    if (Opts->Json) {
      Expected<json::Value> Json = resourceUsageJson(Selected);
      if (!Json)
        return Json.takeError();
      outs() << formatv("{0:2}", *Json) << "\n";
    } else if (Error Err = printResourceUsage(Selected, outs())) {
      return Err;
    }
    DidSomething = true;
  }
  if (!DidSomething)
    printSummary(Selected, outs());
  return Error::success();
}

} // namespace

int main(int argc, char **argv) {
  std::vector<std::string> Args(argv + 1, argv + argc);
  if (Error Err = run(Args)) {
    outs().flush();
    printFatal(toString(std::move(Err)));
    return 1;
  }
  return 0;
}
