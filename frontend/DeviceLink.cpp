//===- DeviceLink.cpp - nvcc -dlink: link relocatable device code ---------===//
//
// Objects compiled with -dc carry their device side as NVVM bitcode (fat
// binary entry NVVMBundleEntryId, section __nv_relfatbin), and their host side
// calls __cudaRegisterLinkedBinary_<module id> instead of registering a fat
// binary itself (clang's -fgpu-rdc host codegen, nvcc's convention). The
// device link plays nvlink's part: it links all NVVM modules into one,
// generates one code object per target, and writes a host object that defines
// every __cudaRegisterLinkedBinary_<id>: each registers the linked fat binary
// (once) and then lets its translation unit register its kernels and
// variables against it.
//
//===----------------------------------------------------------------------===//

#include "ClangJobs.h"

#include "rubicon/FatBinary.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Object/Archive.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <set>

namespace rubicon {
namespace {

constexpr llvm::StringLiteral RelocatableFatBinarySection = "__nv_relfatbin";
constexpr llvm::StringLiteral LinkedBinaryPrefix = "__cudaRegisterLinkedBinary_";

/// What the device link needs from the objects: their NVVM modules and the
/// module ids whose registration functions it must define.
struct RelocatableDeviceCode {
  std::vector<std::pair<std::string, std::string>> Bitcode; // (origin, bytes)
  std::set<std::string> ModuleIds;
};

/// Reads the bundles laid end to end in a __nv_relfatbin section.
bool collectBundles(llvm::StringRef Section, llvm::StringRef Origin,
                    RelocatableDeviceCode &Code) {
  size_t Offset = 0;
  while (Offset < Section.size()) {
    if (Section[Offset] == '\0') { // alignment padding between bundles
      ++Offset;
      continue;
    }
    std::vector<fatbin::Entry> Entries;
    size_t Size = 0;
    std::string Error;
    if (!fatbin::readBundle(Section.data() + Offset, Section.size() - Offset,
                            Entries, &Size, &Error)) {
      llvm::errs() << "nvcc fatal   : " << Origin
                   << ": malformed relocatable device code: " << Error << "\n";
      return false;
    }
    for (const fatbin::Entry &E : Entries)
      if (E.Id == NVVMBundleEntryId)
        Code.Bitcode.emplace_back(Origin.str(), std::string(E.Data));
    Offset += Size;
  }
  return true;
}

bool scanObject(const llvm::object::ObjectFile &Obj, llvm::StringRef Origin,
                RelocatableDeviceCode &Code) {
  for (const llvm::object::SectionRef &Section : Obj.sections()) {
    llvm::Expected<llvm::StringRef> Name = Section.getName();
    if (!Name) {
      llvm::consumeError(Name.takeError());
      continue;
    }
    if (*Name != RelocatableFatBinarySection)
      continue;
    llvm::Expected<llvm::StringRef> Contents = Section.getContents();
    if (!Contents) {
      llvm::errs() << "nvcc fatal   : " << Origin << ": "
                   << llvm::toString(Contents.takeError()) << "\n";
      return false;
    }
    if (!collectBundles(*Contents, Origin, Code))
      return false;
  }
  for (const llvm::object::SymbolRef &Symbol : Obj.symbols()) {
    llvm::Expected<llvm::StringRef> Name = Symbol.getName();
    llvm::Expected<uint32_t> Flags = Symbol.getFlags();
    if (!Name || !Flags) {
      if (!Name)
        llvm::consumeError(Name.takeError());
      if (!Flags)
        llvm::consumeError(Flags.takeError());
      continue;
    }
    if ((*Flags & llvm::object::SymbolRef::SF_Undefined) &&
        Name->starts_with(LinkedBinaryPrefix))
      Code.ModuleIds.insert(Name->drop_front(LinkedBinaryPrefix.size()).str());
  }
  return true;
}

/// Scans a fat binary, an object file or every member of an archive. Files
/// that are none of these (shared libraries, linker scripts) hold no
/// relocatable device code.
bool scanFile(const std::string &Path, RelocatableDeviceCode &Code) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      llvm::MemoryBuffer::getFile(Path);
  if (!Buffer) {
    llvm::errs() << "nvcc fatal   : Could not open input file '" << Path << "'\n";
    return false;
  }
  if ((*Buffer)->getBuffer().starts_with(fatbin::BundleMagic))
    return collectBundles((*Buffer)->getBuffer(), Path, Code);
  llvm::Expected<std::unique_ptr<llvm::object::Binary>> Binary =
      llvm::object::createBinary((*Buffer)->getMemBufferRef());
  if (!Binary) {
    llvm::consumeError(Binary.takeError());
    return true;
  }
  if (auto *Archive = llvm::dyn_cast<llvm::object::Archive>(Binary->get())) {
    llvm::Error Err = llvm::Error::success();
    for (const llvm::object::Archive::Child &Child : Archive->children(Err)) {
      llvm::Expected<std::unique_ptr<llvm::object::Binary>> Member = Child.getAsBinary();
      if (!Member) {
        llvm::consumeError(Member.takeError());
        continue;
      }
      llvm::Expected<llvm::StringRef> MemberName = Child.getName();
      std::string Origin = Path + "(" + (MemberName ? MemberName->str() : "?") + ")";
      if (!MemberName)
        llvm::consumeError(MemberName.takeError());
      if (auto *Obj = llvm::dyn_cast<llvm::object::ObjectFile>(Member->get()))
        if (!scanObject(*Obj, Origin, Code))
          return false;
    }
    if (Err) {
      llvm::errs() << "nvcc fatal   : " << Path << ": " << llvm::toString(std::move(Err))
                   << "\n";
      return false;
    }
    return true;
  }
  if (auto *Obj = llvm::dyn_cast<llvm::object::ObjectFile>(Binary->get()))
    return scanObject(*Obj, Path, Code);
  return true;
}

/// The registration object's C source: the linked fat binary is included
/// with .incbin into .nv_fatbin (where cuobjdump and the runtime look).
std::string registrationSource(const std::string &FatBinaryPath,
                               const std::set<std::string> &ModuleIds) {
  std::string Unique = llvm::utohexstr(llvm::xxh3_64bits(FatBinaryPath));
  std::string Symbol = "__rubicon_linked_fatbin_" + Unique;
  std::string S;
  llvm::raw_string_ostream OS(S);
  OS << "/* Generated by Rubicon's nvcc -dlink. */\n"
        "extern void **__cudaRegisterFatBinary(void *);\n"
        "extern void __cudaRegisterFatBinaryEnd(void **);\n"
        "extern void __cudaUnregisterFatBinary(void **);\n"
        "extern int atexit(void (*)(void));\n"
        "__asm__(\".section .nv_fatbin,\\\"a\\\",@progbits\\n\"\n"
        "        \".p2align 3\\n\"\n"
        "        \".globl "
     << Symbol << "\\n.hidden " << Symbol << "\\n\"\n        \"" << Symbol
     << ":\\n\"\n        \".incbin \\\"" << FatBinaryPath
     << "\\\"\\n\"\n        \".previous\\n\");\n"
        "extern const char "
     << Symbol
     << "[];\n"
        "static const struct { int magic; int version; const void *data; void *unused; }\n"
        "    rubicon_linked_wrapper __attribute__((section(\".nvFatBinSegment\"), aligned(8))) =\n"
        "        {0x466243b1, 1, "
     << Symbol
     << ", 0};\n"
        "static void **rubicon_linked_handle;\n"
        "static void rubicon_unregister(void) {\n"
        "  __cudaUnregisterFatBinary(rubicon_linked_handle);\n"
        "}\n"
        "static void **rubicon_linked(void) {\n"
        "  if (!rubicon_linked_handle) {\n"
        "    rubicon_linked_handle = __cudaRegisterFatBinary((void *)&rubicon_linked_wrapper);\n"
        "    atexit(rubicon_unregister);\n"
        "  }\n"
        "  return rubicon_linked_handle;\n"
        "}\n";
  for (const std::string &Id : ModuleIds)
    OS << "void " << LinkedBinaryPrefix << Id
       << "(void (*callback)(void **), void *fatbin, void *id, void (*dummy)(void *)) {\n"
          "  void **handle = rubicon_linked();\n"
          "  (void)fatbin; (void)id; (void)dummy;\n"
          "  callback(handle);\n"
          "  __cudaRegisterFatBinaryEnd(handle);\n"
          "}\n";
  return S;
}

bool writeFile(const std::string &Path, llvm::StringRef Contents) {
  std::error_code EC;
  llvm::raw_fd_ostream OS(Path, EC);
  if (EC) {
    llvm::errs() << "nvcc fatal   : Could not write '" << Path << "': " << EC.message()
                 << "\n";
    return false;
  }
  OS << Contents;
  return true;
}

} // namespace

bool hasRelocatableDeviceCode(const std::string &Path) {
  RelocatableDeviceCode Code;
  return scanFile(Path, Code) && (!Code.Bitcode.empty() || !Code.ModuleIds.empty());
}

bool deviceLink(const std::vector<std::string> &Inputs,
                const DeviceBackendSettings &Settings, DeviceLinkOutput What,
                const std::string &Output, const std::string &TempPrefix) {
  RelocatableDeviceCode Code;
  for (const std::string &Input : Inputs)
    if (!scanFile(Input, Code))
      return false;

  llvm::LLVMContext Context;
  auto Linked = std::make_unique<llvm::Module>("rubicon-device-link", Context);
  llvm::Linker Linker(*Linked);
  for (const auto &[Origin, Bitcode] : Code.Bitcode) {
    llvm::Expected<std::unique_ptr<llvm::Module>> Module = llvm::parseBitcodeFile(
        llvm::MemoryBufferRef(Bitcode, Origin), Context);
    if (!Module) {
      llvm::errs() << "nvcc fatal   : " << Origin << ": unreadable device code: "
                   << llvm::toString(Module.takeError()) << "\n";
      return false;
    }
    if (Linked->getTargetTriple().empty()) {
      Linked->setTargetTriple((*Module)->getTargetTriple());
      Linked->setDataLayout((*Module)->getDataLayout());
    }
    if (Linker.linkInModule(std::move(*Module))) {
      llvm::errs() << "nvcc fatal   : " << Origin
                   << ": device code could not be linked (see above)\n";
      return false;
    }
  }

  std::vector<std::pair<std::string, std::string>> CodeObjects;
  if (!Code.Bitcode.empty() &&
      !emitCodeObjectsForTargets(std::move(Linked), Settings, "device link", CodeObjects))
    return false;
  if (What == DeviceLinkOutput::CodeObject) {
    if (CodeObjects.size() != 1) {
      llvm::errs() << "nvcc fatal   : Option '-cubin' writes one code object: "
                   << (CodeObjects.empty() ? "the inputs have no relocatable "
                                             "device code"
                                           : "name exactly one target")
                   << "\n";
      return false;
    }
    return writeFile(Output, CodeObjects.front().second);
  }

  std::vector<std::pair<std::string, std::string>> Entries;
  Entries.emplace_back(fatbin::hostEntryId(), std::string());
  for (auto &[Id, Bytes] : CodeObjects)
    Entries.emplace_back(std::move(Id), std::move(Bytes));
  if (What == DeviceLinkOutput::FatBinary)
    return writeFile(Output, fatbin::writeBundle(Entries));
  std::string FatBinaryPath = TempPrefix + ".linked.fatbin";
  std::string SourcePath = TempPrefix + ".dlink.c";
  if (!writeFile(FatBinaryPath, fatbin::writeBundle(Entries)) ||
      !writeFile(SourcePath, registrationSource(FatBinaryPath, Code.ModuleIds)))
    return false;

  std::vector<std::string> CC1;
  if (!clangCC1ArgsFor({"-x", "c", "-c", "-fPIC", "-O1", SourcePath, "-o", Output},
                       CC1))
    return false;
  return runClangCC1(CC1);
}

} // namespace rubicon
