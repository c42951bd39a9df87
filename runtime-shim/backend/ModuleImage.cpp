//===- ModuleImage.cpp - What the driver API accepts as a module ----------===//
//
// Part of Rubicon. See ModuleImage.h.
//
//===----------------------------------------------------------------------===//

#include "ModuleImage.h"

#include <rubicon/FatBinary.h>
#include <rubicon/PtxText.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <elf.h>
#include <string>
#include <vector>

namespace rubicon::cudart {
namespace {

/// Bytes of the ELF file at Data as its headers describe it (0 if they do
/// not fit in MaxSize).
size_t elfFileSize(const unsigned char *Data, size_t MaxSize) {
  Elf64_Ehdr Header;
  if (MaxSize < sizeof(Header))
    return 0;
  std::memcpy(&Header, Data, sizeof(Header));
  auto Fits = [&](uint64_t Offset, uint64_t Bytes) {
    return Offset <= MaxSize && Bytes <= MaxSize - Offset;
  };
  uint64_t End = sizeof(Header);
  uint64_t SectionTable = uint64_t(Header.e_shnum) * Header.e_shentsize;
  uint64_t ProgramTable = uint64_t(Header.e_phnum) * Header.e_phentsize;
  if (!Fits(Header.e_shoff, SectionTable) ||
      !Fits(Header.e_phoff, ProgramTable))
    return 0;
  End = std::max(
      {End, Header.e_shoff + SectionTable, Header.e_phoff + ProgramTable});
  if (Header.e_shentsize >= sizeof(Elf64_Shdr))
    for (unsigned I = 0; I < Header.e_shnum; ++I) {
      Elf64_Shdr Section;
      std::memcpy(&Section, Data + Header.e_shoff + I * Header.e_shentsize,
                  sizeof(Section));
      if (Section.sh_type == SHT_NOBITS)
        continue;
      if (!Fits(Section.sh_offset, Section.sh_size))
        return 0;
      End = std::max<uint64_t>(End, Section.sh_offset + Section.sh_size);
    }
  if (Header.e_phentsize >= sizeof(Elf64_Phdr))
    for (unsigned I = 0; I < Header.e_phnum; ++I) {
      Elf64_Phdr Segment;
      std::memcpy(&Segment, Data + Header.e_phoff + I * Header.e_phentsize,
                  sizeof(Segment));
      if (!Fits(Segment.p_offset, Segment.p_filesz))
        return 0;
      End = std::max<uint64_t>(End, Segment.p_offset + Segment.p_filesz);
    }
  return static_cast<size_t>(End);
}

bool isText(const unsigned char *Data, size_t MaxSize) {
  size_t Limit = std::min<size_t>(MaxSize, 1 << 16), I = 0;
  for (; I < Limit && Data[I]; ++I) {
    unsigned char C = Data[I];
    if (!(C == '\t' || C == '\n' || C == '\r' || (C >= 0x20 && C < 0x7f)))
      return false;
  }
  return I > 0;
}

} // namespace

ModuleImage classifyModuleImage(const void *Data, size_t MaxSize) {
  ModuleImage Image;
  if (!Data || MaxSize == 0)
    return Image;
  const auto *Bytes = static_cast<const unsigned char *>(Data);
  Image.Data = Data;

  uint32_t Magic = 0;
  if (MaxSize >= 16)
    std::memcpy(&Magic, Bytes, sizeof(Magic));
  if (Magic == fatbin::CudaFatBinaryWrapperMagic) {
    const void *Bundle = nullptr;
    std::memcpy(&Bundle, Bytes + 8, sizeof(Bundle));
    ModuleImage Wrapped = classifyModuleImage(Bundle, SIZE_MAX);
    if (Wrapped.Kind == ModuleImageKind::FatBinary)
      return Wrapped;
    return Image;
  }

  const std::string_view BundleMagic = fatbin::BundleMagic;
  if (MaxSize >= BundleMagic.size() &&
      std::memcmp(Bytes, BundleMagic.data(), BundleMagic.size()) == 0) {
    std::vector<fatbin::Entry> Entries;
    size_t Total = 0;
    if (fatbin::readBundle(Data, MaxSize, Entries, &Total, nullptr)) {
      Image.Kind = ModuleImageKind::FatBinary;
      Image.Size = Total;
    }
    return Image;
  }

  if (MaxSize >= EI_NIDENT && std::memcmp(Bytes, ELFMAG, SELFMAG) == 0) {
    if (Bytes[EI_CLASS] != ELFCLASS64 || Bytes[EI_DATA] != ELFDATA2LSB) {
      Image.Kind = ModuleImageKind::OtherElf;
      return Image;
    }
    Image.Size = elfFileSize(Bytes, MaxSize);
    if (Image.Size == 0)
      return Image; // truncated: Invalid
    Elf64_Ehdr Header;
    std::memcpy(&Header, Bytes, sizeof(Header));
    if (Header.e_machine == EM_AMDGPU)
      Image.Kind = ModuleImageKind::AmdCodeObject;
    else if (Header.e_machine == EM_X86_64 && Header.e_type == ET_DYN)
      Image.Kind = ModuleImageKind::HostCodeObject;
    else
      Image.Kind = ModuleImageKind::OtherElf;
    return Image;
  }

  // Rubicon's -ptx text stands for the fat binary it carries.
  if (ptxtext::isPtxText(static_cast<const char *>(Data), MaxSize)) {
    auto FatBinary = std::make_shared<std::string>();
    if (!ptxtext::read(static_cast<const char *>(Data), MaxSize, *FatBinary,
                       &Image.Error))
      return Image; // Invalid, with the reason
    ModuleImage Inner =
        classifyModuleImage(FatBinary->data(), FatBinary->size());
    if (Inner.Kind != ModuleImageKind::FatBinary) {
      Image.Error = "the fat binary of the Rubicon PTX text is damaged";
      return Image;
    }
    Inner.Decoded = std::move(FatBinary);
    Inner.FromPtxText = true;
    return Inner;
  }

  if (isText(Bytes, MaxSize)) {
    Image.Kind = ModuleImageKind::Ptx;
    Image.Size = strnlen(static_cast<const char *>(Data), MaxSize);
  }
  return Image;
}

std::string_view describe(ModuleImageKind Kind) {
  switch (Kind) {
  case ModuleImageKind::FatBinary:
    return "a fat binary";
  case ModuleImageKind::AmdCodeObject:
    return "an AMD GPU code object";
  case ModuleImageKind::HostCodeObject:
    return "a host-target code object";
  case ModuleImageKind::OtherElf:
    return "an ELF file for another machine";
  case ModuleImageKind::Ptx:
    return "text (PTX?)";
  case ModuleImageKind::Invalid:
    break;
  }
  return "not a module image";
}

} // namespace rubicon::cudart
