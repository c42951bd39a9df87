//===- ModuleImageTest.cpp - What cuModuleLoad* accepts -------------------===//
//
// classifyModuleImage (runtime-shim/backend/ModuleImage.h): fat binaries,
// clang's CUDA wrapper, AMD and host code objects, other ELF files, PTX text
// and garbage, with and without a known size.
//
//===----------------------------------------------------------------------===//

#include "ModuleImage.h"

#include <rubicon/FatBinary.h>

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <elf.h>
#include <string>

using namespace rubicon;
using namespace rubicon::cudart;

namespace {

/// An ELF64 header alone (no sections, no segments), or with a section table
/// of Sections entries at the end of the file.
std::string elfFile(uint16_t Machine, uint16_t Type, unsigned Sections = 0) {
  Elf64_Ehdr Header{};
  std::memcpy(Header.e_ident, ELFMAG, SELFMAG);
  Header.e_ident[EI_CLASS] = ELFCLASS64;
  Header.e_ident[EI_DATA] = ELFDATA2LSB;
  Header.e_ident[EI_VERSION] = EV_CURRENT;
  Header.e_type = Type;
  Header.e_machine = Machine;
  Header.e_ehsize = sizeof(Header);
  if (Sections) {
    Header.e_shoff = sizeof(Header) + 100; // 100 bytes of section data
    Header.e_shnum = static_cast<uint16_t>(Sections);
    Header.e_shentsize = sizeof(Elf64_Shdr);
  }
  std::string File(reinterpret_cast<const char *>(&Header), sizeof(Header));
  if (Sections) {
    File.append(100, '\x5a');
    Elf64_Shdr Section{};
    Section.sh_type = SHT_PROGBITS;
    Section.sh_offset = sizeof(Header);
    Section.sh_size = 100;
    for (unsigned I = 0; I < Sections; ++I)
      File.append(reinterpret_cast<const char *>(&Section), sizeof(Section));
  }
  return File;
}

TEST(ModuleImageTest, FatBinaryKnowsItsSize) {
  std::string Bundle = fatbin::writeBundle(
      {{fatbin::hostEntryId(), ""},
       {fatbin::hostCodeObjectId(), elfFile(EM_X86_64, ET_DYN)}});
  std::string WithTrailer = Bundle + std::string(100, '\0');
  ModuleImage Image = classifyModuleImage(WithTrailer.data(), SIZE_MAX);
  EXPECT_EQ(Image.Kind, ModuleImageKind::FatBinary);
  EXPECT_EQ(Image.Data, WithTrailer.data());
  EXPECT_EQ(Image.Size, Bundle.size());
  // Cut short: not a fat binary.
  EXPECT_EQ(classifyModuleImage(Bundle.data(), Bundle.size() - 1).Kind,
            ModuleImageKind::Invalid);
}

TEST(ModuleImageTest, ClangWrapperStandsForItsBundle) {
  std::string Bundle = fatbin::writeBundle(
      {{fatbin::codeObjectId("gfx942"), elfFile(EM_AMDGPU, ET_DYN)}});
  struct {
    uint32_t Magic, Version;
    const void *Bundle;
    void *Unused;
  } Wrapper = {fatbin::CudaFatBinaryWrapperMagic, 1, Bundle.data(), nullptr};
  ModuleImage Image = classifyModuleImage(&Wrapper, SIZE_MAX);
  EXPECT_EQ(Image.Kind, ModuleImageKind::FatBinary);
  EXPECT_EQ(Image.Data, Bundle.data());
  EXPECT_EQ(Image.Size, Bundle.size());
  // A wrapper around something else is refused.
  std::string Text(64, 'x');
  Wrapper.Bundle = Text.c_str();
  EXPECT_EQ(classifyModuleImage(&Wrapper, SIZE_MAX).Kind,
            ModuleImageKind::Invalid);
}

TEST(ModuleImageTest, CodeObjectsByMachine) {
  std::string Amd = elfFile(EM_AMDGPU, ET_DYN, 3);
  ModuleImage Image = classifyModuleImage(Amd.data(), SIZE_MAX);
  EXPECT_EQ(Image.Kind, ModuleImageKind::AmdCodeObject);
  EXPECT_EQ(Image.Size, Amd.size());
  std::string Host = elfFile(EM_X86_64, ET_DYN);
  EXPECT_EQ(classifyModuleImage(Host.data(), Host.size()).Kind,
            ModuleImageKind::HostCodeObject);
  EXPECT_EQ(classifyModuleImage(Host.data(), Host.size()).Size, Host.size());
  // An x86-64 object file is not a code object; nor is an NVIDIA cubin.
  std::string Relocatable = elfFile(EM_X86_64, ET_REL);
  EXPECT_EQ(classifyModuleImage(Relocatable.data(), SIZE_MAX).Kind,
            ModuleImageKind::OtherElf);
  std::string Cubin = elfFile(EM_CUDA, ET_EXEC);
  EXPECT_EQ(classifyModuleImage(Cubin.data(), SIZE_MAX).Kind,
            ModuleImageKind::OtherElf);
}

TEST(ModuleImageTest, TruncatedElfIsInvalid) {
  std::string Amd = elfFile(EM_AMDGPU, ET_DYN, 2);
  // The section table lies past the bytes the caller has.
  EXPECT_EQ(classifyModuleImage(Amd.data(), Amd.size() - 1).Kind,
            ModuleImageKind::Invalid);
  EXPECT_EQ(classifyModuleImage(Amd.data(), 10).Kind, ModuleImageKind::Invalid);
}

TEST(ModuleImageTest, TextIsPtxAndBytesAreInvalid) {
  const char *Ptx = ".version 8.0\n.target sm_80\n.address_size 64\n";
  EXPECT_EQ(classifyModuleImage(Ptx, SIZE_MAX).Kind, ModuleImageKind::Ptx);
  const unsigned char Garbage[] = {0x01, 0x02, 0xfe, 0xff, 0, 0, 0, 0,
                                   0,    0,    0,    0,    0, 0, 0, 0};
  EXPECT_EQ(classifyModuleImage(Garbage, sizeof(Garbage)).Kind,
            ModuleImageKind::Invalid);
  EXPECT_EQ(classifyModuleImage("", 1).Kind, ModuleImageKind::Invalid);
  EXPECT_EQ(classifyModuleImage(nullptr, SIZE_MAX).Kind,
            ModuleImageKind::Invalid);
}

} // namespace
