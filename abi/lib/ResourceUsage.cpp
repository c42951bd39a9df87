//===- ResourceUsage.cpp - Kernel resources of an AMDGPU code object ------===//
//
// Reads "amdhsa.kernels" from the NT_AMDGPU_METADATA note of a code object and
// computes each kernel's occupancy from the table in OccupancyTargets.def.
//
//===----------------------------------------------------------------------===//

#include "rubicon/ResourceUsage.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/BinaryFormat/MsgPackDocument.h"
#include "llvm/BinaryFormat/MsgPackReader.h"
#include "llvm/Object/ELF.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <limits>

using namespace llvm;

namespace rubicon::resources {
namespace {

enum class AGPRKind { None, Separate, Unified };

struct OccupancyTarget {
  StringRef Arch;
  unsigned NativeWaveSize;
  unsigned SIMDsPerCU;
  unsigned MaxWavesPerSIMD;
  unsigned VGPRsPerLane;
  unsigned VGPRGranule;
  AGPRKind AGPRs;
  unsigned SGPRsPerSIMD;
  unsigned SGPRGranule;
  unsigned LDSBytesPerCU;
};

constexpr OccupancyTarget OccupancyTargets[] = {
#define RUBICON_OCCUPANCY_TARGET(                                              \
    Arch, NativeWaveSize, SIMDsPerCU, MaxWavesPerSIMD, VGPRsPerLane,           \
    VGPRGranule, AGPRKindName, SGPRsPerSIMD, SGPRGranule, LDSBytesPerCU)       \
  {#Arch,                                                                      \
   NativeWaveSize,                                                             \
   SIMDsPerCU,                                                                 \
   MaxWavesPerSIMD,                                                            \
   VGPRsPerLane,                                                               \
   VGPRGranule,                                                                \
   AGPRKind::AGPRKindName,                                                     \
   SGPRsPerSIMD,                                                               \
   SGPRGranule,                                                                \
   LDSBytesPerCU},
#include "rubicon/OccupancyTargets.def"
};

const OccupancyTarget *findOccupancyTarget(StringRef Arch) {
  for (const OccupancyTarget &Target : OccupancyTargets)
    if (Target.Arch == Arch)
      return &Target;
  return nullptr;
}

/// The unsigned integer at Map[Key], if present and a non-negative integer.
std::optional<uint64_t> unsignedField(msgpack::MapDocNode &Map, StringRef Key) {
  auto It = Map.find(Key);
  if (It == Map.end())
    return std::nullopt;
  const msgpack::DocNode &Value = It->second;
  if (Value.getKind() == msgpack::Type::UInt)
    return Value.getUInt();
  if (Value.getKind() == msgpack::Type::Int && Value.getInt() >= 0)
    return static_cast<uint64_t>(Value.getInt());
  return std::nullopt;
}

std::optional<StringRef> stringField(msgpack::MapDocNode &Map, StringRef Key) {
  auto It = Map.find(Key);
  if (It == Map.end() || It->second.getKind() != msgpack::Type::String)
    return std::nullopt;
  return It->second.getString();
}

std::vector<uint64_t> unsignedArrayField(msgpack::MapDocNode &Map,
                                         StringRef Key) {
  std::vector<uint64_t> Values;
  auto It = Map.find(Key);
  if (It == Map.end() || !It->second.isArray())
    return Values;
  for (msgpack::DocNode &Element : It->second.getArray()) {
    if (Element.getKind() == msgpack::Type::UInt)
      Values.push_back(Element.getUInt());
    else if (Element.getKind() == msgpack::Type::Int && Element.getInt() >= 0)
      Values.push_back(static_cast<uint64_t>(Element.getInt()));
  }
  return Values;
}

Error malformed(const Twine &What) {
  return createStringError(inconvertibleErrorCode(),
                           "malformed AMDGPU metadata: " + What);
}

/// msgpack::Document trusts its input (a map key that is itself a map or an
/// array crashes it), so the note is checked first: one well-formed object,
/// map keys that are strings or integers, bounded nesting.
Error checkMsgPackShape(StringRef Blob) {
  constexpr size_t MaxDepth = 64;
  struct OpenContainer {
    uint64_t RemainingElements; // keys and values for a map
    bool IsMap;
  };
  SmallVector<OpenContainer, 8> Open;
  msgpack::Reader Reader(Blob);
  do {
    msgpack::Object Object;
    Expected<bool> Read = Reader.read(Object);
    if (!Read)
      return malformed("invalid msgpack: " + toString(Read.takeError()));
    if (!*Read)
      return malformed("msgpack truncated");
    const bool IsMapKey = !Open.empty() && Open.back().IsMap &&
                          Open.back().RemainingElements % 2 == 0;
    if (IsMapKey && Object.Kind != msgpack::Type::String &&
        Object.Kind != msgpack::Type::Int && Object.Kind != msgpack::Type::UInt)
      return malformed("a map key is not a string or an integer");
    if (!Open.empty())
      --Open.back().RemainingElements;
    const bool IsMap = Object.Kind == msgpack::Type::Map;
    if ((IsMap || Object.Kind == msgpack::Type::Array) && Object.Length > 0) {
      if (Open.size() == MaxDepth)
        return malformed("msgpack nested too deeply");
      Open.push_back({uint64_t(Object.Length) * (IsMap ? 2 : 1), IsMap});
      continue;
    }
    while (!Open.empty() && Open.back().RemainingElements == 0)
      Open.pop_back();
  } while (!Open.empty());
  return Error::success();
}

Expected<KernelResourceUsage> readKernel(msgpack::DocNode &Node, size_t Index) {
  if (!Node.isMap())
    return malformed("amdhsa.kernels[" + Twine(Index) + "] is not a map");
  msgpack::MapDocNode &Map = Node.getMap();
  KernelResourceUsage Kernel;
  std::optional<StringRef> Name = stringField(Map, ".name");
  if (!Name)
    return malformed("amdhsa.kernels[" + Twine(Index) + "] has no .name");
  Kernel.Name = Name->str();
  Kernel.VGPRs = unsignedField(Map, ".vgpr_count").value_or(0);
  Kernel.AGPRs = unsignedField(Map, ".agpr_count").value_or(0);
  Kernel.SGPRs = unsignedField(Map, ".sgpr_count").value_or(0);
  Kernel.VGPRSpills = unsignedField(Map, ".vgpr_spill_count").value_or(0);
  Kernel.SGPRSpills = unsignedField(Map, ".sgpr_spill_count").value_or(0);
  Kernel.LDSBytes = unsignedField(Map, ".group_segment_fixed_size").value_or(0);
  Kernel.ScratchBytes =
      unsignedField(Map, ".private_segment_fixed_size").value_or(0);
  Kernel.KernargBytes = unsignedField(Map, ".kernarg_segment_size").value_or(0);
  Kernel.WavefrontSize = unsignedField(Map, ".wavefront_size").value_or(64);
  if (Kernel.WavefrontSize == 0)
    return malformed("kernel " + Kernel.Name + " has .wavefront_size 0");
  Kernel.WorkGroupSize =
      unsignedField(Map, ".max_flat_workgroup_size").value_or(1024);
  std::vector<uint64_t> Required =
      unsignedArrayField(Map, ".reqd_workgroup_size");
  if (Required.size() == 3) {
    uint64_t Product = 1;
    for (uint64_t Dimension : Required)
      Product = std::min<uint64_t>(
          Product * std::min<uint64_t>(Dimension, 1u << 20), 1u << 30);
    Kernel.WorkGroupSize = Product;
  }
  auto DynamicStack = Map.find(".uses_dynamic_stack");
  Kernel.DynamicStack =
      DynamicStack != Map.end() &&
      DynamicStack->second.getKind() == msgpack::Type::Boolean &&
      DynamicStack->second.getBool();
  return Kernel;
}

/// Finds the NT_AMDGPU_METADATA note in the note sections, or, for a file
/// without section headers, in the PT_NOTE segments.
Expected<std::optional<StringRef>>
findMetadataNote(const object::ELF64LEFile &File) {
  constexpr size_t NoteAlignment = 4;
  auto Matches = [](const object::ELF64LEFile::Elf_Note &Note) {
    return Note.getName() == "AMDGPU" &&
           Note.getType() == ELF::NT_AMDGPU_METADATA;
  };
  auto Sections = File.sections();
  if (!Sections)
    return Sections.takeError();
  for (const auto &Section : *Sections) {
    if (Section.sh_type != ELF::SHT_NOTE)
      continue;
    Error Err = Error::success();
    for (const auto &Note : File.notes(Section, Err))
      if (Matches(Note))
        return Note.getDescAsStringRef(NoteAlignment);
    if (Err)
      return std::move(Err);
  }
  auto Segments = File.program_headers();
  if (!Segments)
    return Segments.takeError();
  for (const auto &Segment : *Segments) {
    if (Segment.p_type != ELF::PT_NOTE)
      continue;
    Error Err = Error::success();
    for (const auto &Note : File.notes(Segment, Err))
      if (Matches(Note))
        return Note.getDescAsStringRef(NoteAlignment);
    if (Err)
      return std::move(Err);
  }
  return std::nullopt;
}

} // namespace

std::optional<unsigned> computeWavesPerSIMD(StringRef Arch,
                                            const KernelResourceUsage &Kernel) {
  const OccupancyTarget *Target = findOccupancyTarget(Arch);
  if (!Target || Kernel.WavefrontSize == 0)
    return std::nullopt;

  // Registers: each wave allocates its VGPRs (and SGPRs) in granules from the
  // SIMD's register file.
  unsigned VGPRsPerLane = Target->VGPRsPerLane;
  unsigned VGPRGranule = Target->VGPRGranule;
  if (Kernel.WavefrontSize > Target->NativeWaveSize) {
    VGPRsPerLane /= 2; // wave64 on a wave32-native SIMD
    VGPRGranule /= 2;
  }
  uint64_t VectorRegisters = Kernel.VGPRs;
  if (Target->AGPRs == AGPRKind::Separate)
    VectorRegisters = std::max(Kernel.VGPRs, Kernel.AGPRs);
  uint64_t WavesByRegisters = Target->MaxWavesPerSIMD;
  if (VectorRegisters > 0)
    WavesByRegisters = std::min<uint64_t>(
        WavesByRegisters, VGPRsPerLane / alignTo(VectorRegisters, VGPRGranule));
  if (Target->SGPRsPerSIMD > 0 && Kernel.SGPRs > 0)
    WavesByRegisters = std::min<uint64_t>(
        WavesByRegisters,
        Target->SGPRsPerSIMD / alignTo(Kernel.SGPRs, Target->SGPRGranule));

  // Work-groups: all waves of a work-group are resident on one CU at once,
  // and each work-group takes its LDS from the CU's.
  const uint64_t WavesPerGroup = divideCeil(
      std::max<uint64_t>(Kernel.WorkGroupSize, 1), Kernel.WavefrontSize);
  uint64_t GroupsPerCU = WavesByRegisters * Target->SIMDsPerCU / WavesPerGroup;
  if (Kernel.LDSBytes > 0)
    GroupsPerCU = std::min<uint64_t>(GroupsPerCU,
                                     Target->LDSBytesPerCU / Kernel.LDSBytes);
  uint64_t Waves = GroupsPerCU * WavesPerGroup / Target->SIMDsPerCU;
  return static_cast<unsigned>(std::min(Waves, WavesByRegisters));
}

Expected<CodeObjectResourceUsage> readResourceUsage(StringRef CodeObject,
                                                    StringRef Arch) {
  auto File = object::ELF64LEFile::create(CodeObject);
  if (!File)
    return File.takeError();
  if (File->getHeader().e_machine != ELF::EM_AMDGPU)
    return createStringError(inconvertibleErrorCode(),
                             "not an AMDGPU code object (ELF machine " +
                                 Twine(File->getHeader().e_machine) + ")");
  auto Note = findMetadataNote(*File);
  if (!Note)
    return Note.takeError();
  if (!*Note)
    return createStringError(inconvertibleErrorCode(),
                             "code object has no AMDGPU metadata note");

  if (Error Err = checkMsgPackShape(**Note))
    return std::move(Err);
  msgpack::Document Metadata;
  if (!Metadata.readFromBlob(**Note, /*Multi=*/false))
    return malformed("the note is not valid msgpack");
  if (!Metadata.getRoot().isMap())
    return malformed("the root is not a map");
  msgpack::MapDocNode &Root = Metadata.getRoot().getMap();

  CodeObjectResourceUsage Usage;
  Usage.Target = stringField(Root, "amdhsa.target").value_or("").str();
  Usage.MetadataVersion = unsignedArrayField(Root, "amdhsa.version");
  auto Kernels = Root.find("amdhsa.kernels");
  if (Kernels == Root.end())
    return Usage; // A code object with device functions only.
  if (!Kernels->second.isArray())
    return malformed("amdhsa.kernels is not an array");
  size_t Index = 0;
  for (msgpack::DocNode &Node : Kernels->second.getArray()) {
    auto Kernel = readKernel(Node, Index++);
    if (!Kernel)
      return Kernel.takeError();
    Kernel->WavesPerSIMD = computeWavesPerSIMD(Arch, *Kernel);
    Usage.Kernels.push_back(std::move(*Kernel));
  }
  return Usage;
}

} // namespace rubicon::resources
