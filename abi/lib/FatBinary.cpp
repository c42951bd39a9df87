//===- FatBinary.cpp - Rubicon fat binary (clang offload bundle) ----------===//
//
// Reading and writing clang offload bundles, the container of a Rubicon fat
// binary. Standard C++ only; every read is bounds-checked against MaxSize.
//
//===----------------------------------------------------------------------===//

#include "rubicon/FatBinary.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

namespace rubicon::fatbin {
namespace {

constexpr std::string_view CodeObjectIdPrefix = "hipv4-amdgcn-amd-amdhsa-";
constexpr std::string_view LegacyCodeObjectIdPrefix = "hip-amdgcn-amd-amdhsa-";
constexpr std::string_view HostId = "host-x86_64-unknown-linux-gnu";
/// clang's compressed bundle magic; Rubicon never writes these.
constexpr std::string_view CompressedBundleMagic = "CCOB";

/// Size of the fixed part of a bundle: magic plus the entry count.
constexpr size_t BundleHeaderSize = BundleMagic.size() + sizeof(uint64_t);
/// Size of the fixed part of an entry header: Offset, Size, IdLength.
constexpr size_t EntryHeaderFixedSize = 3 * sizeof(uint64_t);

void appendLittleEndian64(std::string &Out, uint64_t Value) {
  for (int Byte = 0; Byte < 8; ++Byte)
    Out.push_back(static_cast<char>((Value >> (8 * Byte)) & 0xff));
}

void storeLittleEndian64(std::string &Out, size_t At, uint64_t Value) {
  for (int Byte = 0; Byte < 8; ++Byte)
    Out[At + Byte] = static_cast<char>((Value >> (8 * Byte)) & 0xff);
}

uint64_t loadLittleEndian64(const unsigned char *Bytes) {
  uint64_t Value = 0;
  for (int Byte = 7; Byte >= 0; --Byte)
    Value = (Value << 8) | Bytes[Byte];
  return Value;
}

size_t alignUp(size_t Value, size_t Alignment) {
  return (Value + Alignment - 1) / Alignment * Alignment;
}

bool fail(std::string *Error, std::string Message) {
  if (Error)
    *Error = std::move(Message);
  return false;
}

} // namespace

std::string
writeBundle(const std::vector<std::pair<std::string, std::string>> &IdAndData) {
  std::string Bundle(BundleMagic);
  appendLittleEndian64(Bundle, IdAndData.size());
  // Entry headers first, with placeholder offsets patched once known.
  std::vector<size_t> OffsetFieldPositions;
  for (const auto &[Id, Data] : IdAndData) {
    OffsetFieldPositions.push_back(Bundle.size());
    appendLittleEndian64(Bundle, 0);
    appendLittleEndian64(Bundle, Data.size());
    appendLittleEndian64(Bundle, Id.size());
    Bundle += Id;
  }
  for (size_t Index = 0; Index < IdAndData.size(); ++Index) {
    Bundle.resize(alignUp(Bundle.size(), BundleEntryAlignment), '\0');
    storeLittleEndian64(Bundle, OffsetFieldPositions[Index], Bundle.size());
    Bundle += IdAndData[Index].second;
  }
  return Bundle;
}

bool readBundle(const void *Data, size_t MaxSize, std::vector<Entry> &Out,
                size_t *TotalSize, std::string *Error) {
  Out.clear();
  if (!Data)
    return fail(Error, "no bundle data");
  const auto *Bytes = static_cast<const unsigned char *>(Data);
  const std::string_view Whole(reinterpret_cast<const char *>(Bytes), MaxSize);

  if (Whole.starts_with(CompressedBundleMagic))
    return fail(Error, "compressed offload bundles are not supported");
  if (!Whole.starts_with(BundleMagic))
    return fail(Error,
                "missing offload bundle magic \"__CLANG_OFFLOAD_BUNDLE__\"");
  if (MaxSize < BundleHeaderSize)
    return fail(Error, "offload bundle truncated in its header");

  const uint64_t NumEntries = loadLittleEndian64(Bytes + BundleMagic.size());
  if (NumEntries == 0)
    return fail(Error, "offload bundle has no entries");
  if (NumEntries > (MaxSize - BundleHeaderSize) / EntryHeaderFixedSize)
    return fail(Error, "offload bundle declares " + std::to_string(NumEntries) +
                           " entries, more than fit in " +
                           std::to_string(MaxSize) + " bytes");

  size_t Cursor = BundleHeaderSize;
  size_t End = BundleHeaderSize;
  std::vector<Entry> Entries;
  Entries.reserve(NumEntries);
  for (uint64_t Index = 0; Index < NumEntries; ++Index) {
    const std::string Where = "offload bundle entry " + std::to_string(Index);
    if (MaxSize - Cursor < EntryHeaderFixedSize)
      return fail(Error, Where + ": header truncated");
    const uint64_t Offset = loadLittleEndian64(Bytes + Cursor);
    const uint64_t Size = loadLittleEndian64(Bytes + Cursor + 8);
    const uint64_t IdLength = loadLittleEndian64(Bytes + Cursor + 16);
    Cursor += EntryHeaderFixedSize;
    if (IdLength == 0)
      return fail(Error, Where + ": empty id");
    if (IdLength > MaxSize - Cursor)
      return fail(Error, Where + ": id truncated");
    std::string Id(Whole.substr(Cursor, IdLength));
    Cursor += IdLength;
    if (Offset > MaxSize || Size > MaxSize - Offset)
      return fail(Error, Where + " (" + Id + "): data [" +
                             std::to_string(Offset) + ", +" +
                             std::to_string(Size) + ") lies past the end (" +
                             std::to_string(MaxSize) + " bytes)");
    End = std::max<size_t>(End, Offset + Size);
    Entries.push_back(Entry{std::move(Id), Whole.substr(Offset, Size)});
  }
  // Non-empty data may not overlap the headers.
  for (size_t Index = 0; Index < Entries.size(); ++Index) {
    const Entry &E = Entries[Index];
    if (!E.Data.empty() &&
        static_cast<size_t>(E.Data.data() - Whole.data()) < Cursor)
      return fail(Error, "offload bundle entry " + std::to_string(Index) +
                             " (" + E.Id + "): data overlaps the header");
  }
  End = std::max(End, Cursor);
  Out = std::move(Entries);
  if (TotalSize)
    *TotalSize = End;
  return true;
}

std::string codeObjectId(std::string_view Arch) {
  return std::string(CodeObjectIdPrefix) + "-" + std::string(Arch);
}

std::string hostEntryId() { return std::string(HostId); }

std::string hostCodeObjectId() {
  return "rubicon-host-x86_64-unknown-linux-gnu";
}

std::string archOfId(std::string_view Id) {
  std::string_view Rest;
  if (Id.starts_with(CodeObjectIdPrefix))
    Rest = Id.substr(CodeObjectIdPrefix.size());
  else if (Id.starts_with(LegacyCodeObjectIdPrefix))
    Rest = Id.substr(LegacyCodeObjectIdPrefix.size());
  else
    return "";
  // Rest is "<environment>-<target id>", the environment usually empty.
  const size_t Dash = Rest.find('-');
  if (Dash == std::string_view::npos)
    return "";
  std::string_view TargetId = Rest.substr(Dash + 1);
  std::string_view Processor = TargetId.substr(0, TargetId.find(':'));
  if (!Processor.starts_with("gfx") || Processor.size() <= 3)
    return "";
  for (char C : Processor.substr(3))
    if (!((C >= '0' && C <= '9') || (C >= 'a' && C <= 'f')))
      return "";
  return std::string(Processor);
}

} // namespace rubicon::fatbin
