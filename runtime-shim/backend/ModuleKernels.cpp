//===- ModuleKernels.cpp - The kernels a module image defines -------------===//
//
// Part of Rubicon. See moduleKernelNames in ModuleImage.h: the names come
// from the symbol tables of the code objects, so a module can be enumerated
// without asking the backend which kernels it loaded.
//
//===----------------------------------------------------------------------===//

#include "ModuleImage.h"

#include <rubicon/FatBinary.h>
#include <rubicon/HostABI.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <elf.h>

namespace rubicon::cudart {
namespace {

/// Adds the kernels of one 64-bit little-endian ELF code object of Size
/// bytes: symbols of its symbol tables named Prefix + K (host) or K + Suffix
/// (AMD kernel descriptors).
void addElfKernels(const unsigned char *Data, size_t Size, bool Host,
                   std::vector<std::string> &Names) {
  Elf64_Ehdr Header;
  if (Size < sizeof(Header))
    return;
  std::memcpy(&Header, Data, sizeof(Header));
  if (Header.e_shentsize < sizeof(Elf64_Shdr) ||
      Header.e_shoff > Size ||
      uint64_t(Header.e_shnum) * Header.e_shentsize > Size - Header.e_shoff)
    return;
  auto Section = [&](unsigned I) {
    Elf64_Shdr S;
    std::memcpy(&S, Data + Header.e_shoff + uint64_t(I) * Header.e_shentsize,
                sizeof(S));
    return S;
  };
  const std::string_view Prefix = host::EntryPrefix;
  const std::string_view Suffix = ".kd";
  for (unsigned I = 0; I < Header.e_shnum; ++I) {
    Elf64_Shdr Symbols = Section(I);
    if ((Symbols.sh_type != SHT_SYMTAB && Symbols.sh_type != SHT_DYNSYM) ||
        Symbols.sh_link >= Header.e_shnum ||
        Symbols.sh_entsize < sizeof(Elf64_Sym) || Symbols.sh_offset > Size ||
        Symbols.sh_size > Size - Symbols.sh_offset)
      continue;
    Elf64_Shdr Strings = Section(Symbols.sh_link);
    if (Strings.sh_offset > Size || Strings.sh_size > Size - Strings.sh_offset)
      continue;
    const char *Table = reinterpret_cast<const char *>(Data) + Strings.sh_offset;
    for (uint64_t Offset = 0; Offset + sizeof(Elf64_Sym) <= Symbols.sh_size;
         Offset += Symbols.sh_entsize) {
      Elf64_Sym Symbol;
      std::memcpy(&Symbol, Data + Symbols.sh_offset + Offset, sizeof(Symbol));
      if (Symbol.st_shndx == SHN_UNDEF || Symbol.st_name >= Strings.sh_size)
        continue;
      std::string_view Name(Table + Symbol.st_name,
                            strnlen(Table + Symbol.st_name,
                                    Strings.sh_size - Symbol.st_name));
      if (Host && Name.size() > Prefix.size() && Name.starts_with(Prefix))
        Names.emplace_back(Name.substr(Prefix.size()));
      else if (!Host && Name.size() > Suffix.size() && Name.ends_with(Suffix))
        Names.emplace_back(Name.substr(0, Name.size() - Suffix.size()));
    }
  }
}

void addKernels(const ModuleImage &Image, std::vector<std::string> &Names) {
  const auto *Bytes = static_cast<const unsigned char *>(Image.Data);
  switch (Image.Kind) {
  case ModuleImageKind::HostCodeObject:
    addElfKernels(Bytes, Image.Size, true, Names);
    break;
  case ModuleImageKind::AmdCodeObject:
    addElfKernels(Bytes, Image.Size, false, Names);
    break;
  case ModuleImageKind::FatBinary: {
    std::vector<fatbin::Entry> Entries;
    if (!fatbin::readBundle(Image.Data, Image.Size, Entries, nullptr, nullptr))
      break;
    for (const fatbin::Entry &E : Entries) {
      ModuleImage Inner = classifyModuleImage(E.Data.data(), E.Data.size());
      if (Inner.Kind == ModuleImageKind::HostCodeObject ||
          Inner.Kind == ModuleImageKind::AmdCodeObject)
        addKernels(Inner, Names);
    }
    break;
  }
  default:
    break;
  }
}

} // namespace

std::vector<std::string> moduleKernelNames(const ModuleImage &Image) {
  std::vector<std::string> Names;
  addKernels(Image, Names);
  std::sort(Names.begin(), Names.end());
  Names.erase(std::unique(Names.begin(), Names.end()), Names.end());
  return Names;
}

} // namespace rubicon::cudart
