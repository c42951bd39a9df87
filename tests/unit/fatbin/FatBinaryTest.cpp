//===- FatBinaryTest.cpp - Tests of the fat binary container --------------===//

#include "rubicon/FatBinary.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <random>

using namespace rubicon::fatbin;

namespace {

uint64_t readLittleEndian64(const std::string &Bytes, size_t At) {
  uint64_t Value = 0;
  for (int Byte = 7; Byte >= 0; --Byte)
    Value = (Value << 8) | static_cast<unsigned char>(Bytes[At + Byte]);
  return Value;
}

void writeLittleEndian64(std::string &Bytes, size_t At, uint64_t Value) {
  for (int Byte = 0; Byte < 8; ++Byte)
    Bytes[At + Byte] = static_cast<char>((Value >> (8 * Byte)) & 0xff);
}

std::string patternedBytes(size_t Size, unsigned Seed) {
  std::string Bytes(Size, '\0');
  for (size_t I = 0; I < Size; ++I)
    Bytes[I] = static_cast<char>((I * 131 + Seed * 17) & 0xff);
  return Bytes;
}

std::vector<std::pair<std::string, std::string>> sampleEntries() {
  return {{hostEntryId(), ""},
          {codeObjectId("gfx942"), patternedBytes(5000, 1)},
          {codeObjectId("gfx90a"), patternedBytes(123, 2)}};
}

/// Parses Bytes from an exactly-sized heap copy, so that an out-of-bounds read
/// lands outside the allocation, and checks that all returned views lie inside.
bool parseExactCopy(const std::string &Bytes, std::vector<Entry> &Out,
                    size_t *TotalSize, std::string *Error) {
  std::unique_ptr<char[]> Copy(new char[Bytes.size() ? Bytes.size() : 1]);
  std::memcpy(Copy.get(), Bytes.data(), Bytes.size());
  bool Ok = readBundle(Copy.get(), Bytes.size(), Out, TotalSize, Error);
  for (const Entry &E : Out) {
    EXPECT_GE(E.Data.data(), Copy.get());
    EXPECT_LE(E.Data.data() + E.Data.size(), Copy.get() + Bytes.size());
  }
  if (Ok)
    EXPECT_LE(*TotalSize, Bytes.size());
  Out.clear(); // The views die with Copy.
  return Ok;
}

TEST(FatBinaryTest, RoundTripKeepsIdsAndDataInOrder) {
  auto Input = sampleEntries();
  std::string Bundle = writeBundle(Input);
  std::vector<Entry> Entries;
  size_t TotalSize = 0;
  std::string Error;
  ASSERT_TRUE(
      readBundle(Bundle.data(), Bundle.size(), Entries, &TotalSize, &Error))
      << Error;
  ASSERT_EQ(Entries.size(), Input.size());
  for (size_t I = 0; I < Input.size(); ++I) {
    EXPECT_EQ(Entries[I].Id, Input[I].first);
    EXPECT_EQ(Entries[I].Data, Input[I].second);
  }
  EXPECT_EQ(TotalSize, Bundle.size());
}

TEST(FatBinaryTest, HeaderLayoutMatchesClangOffloadBundle) {
  std::string Bundle = writeBundle({{codeObjectId("gfx942"), "ABCD"}});
  ASSERT_GE(Bundle.size(), 32u);
  EXPECT_EQ(Bundle.substr(0, 24), "__CLANG_OFFLOAD_BUNDLE__");
  EXPECT_EQ(readLittleEndian64(Bundle, 24), 1u);
  uint64_t Offset = readLittleEndian64(Bundle, 32);
  EXPECT_EQ(readLittleEndian64(Bundle, 40), 4u);
  uint64_t IdLength = readLittleEndian64(Bundle, 48);
  EXPECT_EQ(Bundle.substr(56, IdLength), "hipv4-amdgcn-amd-amdhsa--gfx942");
  EXPECT_EQ(Bundle.substr(Offset, 4), "ABCD");
}

TEST(FatBinaryTest, EntryDataIsAlignedFromBundleStart) {
  std::string Bundle = writeBundle(sampleEntries());
  std::vector<Entry> Entries;
  size_t TotalSize = 0;
  ASSERT_TRUE(
      readBundle(Bundle.data(), Bundle.size(), Entries, &TotalSize, nullptr));
  for (const Entry &E : Entries)
    EXPECT_EQ(static_cast<size_t>(E.Data.data() - Bundle.data()) %
                  BundleEntryAlignment,
              0u)
        << E.Id;
}

TEST(FatBinaryTest, TotalSizeAllowsConcatenatedBundles) {
  std::string First = writeBundle({{codeObjectId("gfx942"), "first"}});
  std::string Second = writeBundle({{codeObjectId("gfx1100"), "second!"}});
  std::string Section = First;
  Section.resize((Section.size() + 7) / 8 * 8, '\0');
  size_t SecondStart = Section.size();
  Section += Second;

  std::vector<Entry> Entries;
  size_t TotalSize = 0;
  ASSERT_TRUE(
      readBundle(Section.data(), Section.size(), Entries, &TotalSize, nullptr));
  EXPECT_EQ(TotalSize, First.size());
  ASSERT_EQ(Entries.size(), 1u);
  EXPECT_EQ(Entries[0].Data, "first");

  ASSERT_TRUE(readBundle(Section.data() + SecondStart,
                         Section.size() - SecondStart, Entries, &TotalSize,
                         nullptr));
  ASSERT_EQ(Entries.size(), 1u);
  EXPECT_EQ(archOfId(Entries[0].Id), "gfx1100");
  EXPECT_EQ(Entries[0].Data, "second!");
}

TEST(FatBinaryTest, ReadsHandWrittenUnalignedBundle) {
  // A bundle as another writer might lay it out: data packed right after the
  // headers, the empty host entry pointing at offset 0.
  std::string Id = codeObjectId("gfx942");
  std::string Host = hostEntryId();
  std::string Bundle = "__CLANG_OFFLOAD_BUNDLE__";
  Bundle.resize(32 + 2 * 24 + Host.size() + Id.size(), '\0');
  writeLittleEndian64(Bundle, 24, 2);
  size_t At = 32;
  writeLittleEndian64(Bundle, At, 0);
  writeLittleEndian64(Bundle, At + 8, 0);
  writeLittleEndian64(Bundle, At + 16, Host.size());
  Bundle.replace(At + 24, Host.size(), Host);
  At += 24 + Host.size();
  writeLittleEndian64(Bundle, At, Bundle.size());
  writeLittleEndian64(Bundle, At + 8, 3);
  writeLittleEndian64(Bundle, At + 16, Id.size());
  Bundle.replace(At + 24, Id.size(), Id);
  Bundle += "xyz";

  std::vector<Entry> Entries;
  size_t TotalSize = 0;
  std::string Error;
  ASSERT_TRUE(
      readBundle(Bundle.data(), Bundle.size(), Entries, &TotalSize, &Error))
      << Error;
  ASSERT_EQ(Entries.size(), 2u);
  EXPECT_EQ(Entries[0].Id, Host);
  EXPECT_TRUE(Entries[0].Data.empty());
  EXPECT_EQ(Entries[1].Data, "xyz");
  EXPECT_EQ(TotalSize, Bundle.size());
}

TEST(FatBinaryTest, RejectsWrongMagic) {
  std::string Bundle = writeBundle(sampleEntries());
  Bundle[0] = 'X';
  std::vector<Entry> Entries;
  std::string Error;
  EXPECT_FALSE(
      readBundle(Bundle.data(), Bundle.size(), Entries, nullptr, &Error));
  EXPECT_NE(Error.find("magic"), std::string::npos) << Error;
  EXPECT_TRUE(Entries.empty());
}

TEST(FatBinaryTest, RejectsCompressedBundleWithMessage) {
  std::string Compressed = "CCOB" + std::string(60, '\0');
  std::vector<Entry> Entries;
  std::string Error;
  EXPECT_FALSE(readBundle(Compressed.data(), Compressed.size(), Entries,
                          nullptr, &Error));
  EXPECT_NE(Error.find("compressed"), std::string::npos) << Error;
}

TEST(FatBinaryTest, RejectsNullAndEmptyInput) {
  std::vector<Entry> Entries;
  std::string Error;
  EXPECT_FALSE(readBundle(nullptr, 100, Entries, nullptr, &Error));
  EXPECT_FALSE(Error.empty());
  Error.clear();
  char Byte = 0;
  EXPECT_FALSE(readBundle(&Byte, 0, Entries, nullptr, &Error));
  EXPECT_FALSE(Error.empty());
}

TEST(FatBinaryTest, RejectsZeroEntriesAndHugeEntryCount) {
  std::string Bundle = writeBundle(sampleEntries());
  std::vector<Entry> Entries;
  std::string Error;
  writeLittleEndian64(Bundle, 24, 0);
  EXPECT_FALSE(
      readBundle(Bundle.data(), Bundle.size(), Entries, nullptr, &Error));
  EXPECT_NE(Error.find("no entries"), std::string::npos) << Error;
  writeLittleEndian64(Bundle, 24, UINT64_MAX);
  EXPECT_FALSE(
      readBundle(Bundle.data(), Bundle.size(), Entries, nullptr, &Error));
  EXPECT_NE(Error.find("entries"), std::string::npos) << Error;
}

TEST(FatBinaryTest, RejectsEntryDataPastTheEndIncludingOverflow) {
  std::string Bundle = writeBundle({{codeObjectId("gfx942"), "data"}});
  std::vector<Entry> Entries;
  std::string Error;
  // Size so large that Offset + Size wraps around.
  writeLittleEndian64(Bundle, 40, UINT64_MAX - 2);
  EXPECT_FALSE(
      readBundle(Bundle.data(), Bundle.size(), Entries, nullptr, &Error));
  EXPECT_NE(Error.find("past the end"), std::string::npos) << Error;
  writeLittleEndian64(Bundle, 40, 4);
  writeLittleEndian64(Bundle, 32, UINT64_MAX);
  EXPECT_FALSE(
      readBundle(Bundle.data(), Bundle.size(), Entries, nullptr, &Error));
  EXPECT_NE(Error.find("past the end"), std::string::npos) << Error;
}

TEST(FatBinaryTest, RejectsHugeIdLength) {
  std::string Bundle = writeBundle({{codeObjectId("gfx942"), "data"}});
  writeLittleEndian64(Bundle, 48, UINT64_MAX);
  std::vector<Entry> Entries;
  std::string Error;
  EXPECT_FALSE(
      readBundle(Bundle.data(), Bundle.size(), Entries, nullptr, &Error));
  EXPECT_NE(Error.find("id truncated"), std::string::npos) << Error;
}

TEST(FatBinaryTest, RejectsDataOverlappingHeader) {
  std::string Bundle = writeBundle({{codeObjectId("gfx942"), "data"}});
  writeLittleEndian64(Bundle, 32, 8);
  std::vector<Entry> Entries;
  std::string Error;
  EXPECT_FALSE(
      readBundle(Bundle.data(), Bundle.size(), Entries, nullptr, &Error));
  EXPECT_NE(Error.find("overlaps"), std::string::npos) << Error;
}

TEST(FatBinaryTest, EveryTruncationFailsCleanlyOrParsesInBounds) {
  std::string Bundle = writeBundle(sampleEntries());
  std::vector<Entry> Entries;
  for (size_t Length = 0; Length < Bundle.size(); ++Length) {
    std::string Error;
    size_t TotalSize = 0;
    bool Ok =
        parseExactCopy(Bundle.substr(0, Length), Entries, &TotalSize, &Error);
    // The last entry's data runs to the very end, so no prefix is complete.
    EXPECT_FALSE(Ok) << "prefix of " << Length << " bytes parsed";
    EXPECT_FALSE(Error.empty()) << "no error for a prefix of " << Length;
  }
}

TEST(FatBinaryTest, RandomMutationsNeverCrashAndAlwaysExplainFailure) {
  const std::string Original = writeBundle(sampleEntries());
  // Mutate mostly inside the headers, where the parser makes its decisions.
  const size_t HeaderBytes = 32 + 3 * 24 + 3 * 40;
  std::mt19937_64 Random(0x5eed);
  size_t Accepted = 0, Rejected = 0;
  for (int Iteration = 0; Iteration < 20000; ++Iteration) {
    std::string Mutated = Original;
    int Mutations = 1 + Random() % 4;
    for (int M = 0; M < Mutations; ++M) {
      switch (Random() % 4) {
      case 0: // Flip one bit.
        Mutated[Random() % HeaderBytes] ^=
            static_cast<char>(1u << (Random() % 8));
        break;
      case 1: // Random byte.
        Mutated[Random() % HeaderBytes] = static_cast<char>(Random());
        break;
      case 2: { // Random 64-bit field at an 8-byte boundary.
        size_t At = (Random() % (HeaderBytes / 8)) * 8;
        writeLittleEndian64(Mutated, At, Random() >> (Random() % 64));
        break;
      }
      case 3: // Truncate.
        Mutated.resize(Random() % (Mutated.size() + 1));
        break;
      }
      if (Mutated.size() < HeaderBytes)
        break;
    }
    std::vector<Entry> Entries;
    std::string Error;
    size_t TotalSize = 0;
    if (parseExactCopy(Mutated, Entries, &TotalSize, &Error)) {
      ++Accepted;
    } else {
      ++Rejected;
      EXPECT_FALSE(Error.empty());
    }
  }
  // Both outcomes occur, so the test exercises the checks and the success path.
  EXPECT_GT(Accepted, 0u);
  EXPECT_GT(Rejected, 0u);
}

TEST(FatBinaryTest, IdsForCodeObjectsAndHost) {
  EXPECT_EQ(codeObjectId("gfx942"), "hipv4-amdgcn-amd-amdhsa--gfx942");
  EXPECT_EQ(hostEntryId(), "host-x86_64-unknown-linux-gnu");
}

TEST(FatBinaryTest, ArchOfIdParsesTargetIds) {
  EXPECT_EQ(archOfId(codeObjectId("gfx942")), "gfx942");
  EXPECT_EQ(archOfId("hipv4-amdgcn-amd-amdhsa--gfx90a:xnack+"), "gfx90a");
  EXPECT_EQ(archOfId("hipv4-amdgcn-amd-amdhsa--gfx90a:sramecc-:xnack+"),
            "gfx90a");
  EXPECT_EQ(archOfId("hip-amdgcn-amd-amdhsa--gfx1100"), "gfx1100");
  EXPECT_EQ(archOfId("hipv4-amdgcn-amd-amdhsa--gfx90c"), "gfx90c");
  EXPECT_EQ(archOfId(hostEntryId()), "");
  EXPECT_EQ(archOfId("hipv4-amdgcn-amd-amdhsa--"), "");
  EXPECT_EQ(archOfId("hipv4-amdgcn-amd-amdhsa--sm_80"), "");
  EXPECT_EQ(archOfId("hipv4-amdgcn-amd-amdhsa"), "");
  EXPECT_EQ(archOfId(""), "");
}

} // namespace
