//===- PtxText.cpp - What `nvcc -ptx` writes on Rubicon -------------------===//
//
// Part of Rubicon. See rubicon/PtxText.h.
//
//===----------------------------------------------------------------------===//
#include "rubicon/PtxText.h"

#include <cstdint>
#include <cstdio>
#include <cstring>

namespace rubicon::ptxtext {
namespace {

constexpr char Alphabet[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
constexpr size_t LineLength = 76;

int sextet(char C) {
  if (C >= 'A' && C <= 'Z')
    return C - 'A';
  if (C >= 'a' && C <= 'z')
    return C - 'a' + 26;
  if (C >= '0' && C <= '9')
    return C - '0' + 52;
  if (C == '+')
    return 62;
  if (C == '/')
    return 63;
  return -1;
}

/// The text's lines, one at a time, up to MaxSize bytes or a NUL.
class Lines {
public:
  Lines(const char *Text, size_t MaxSize) : Text(Text), MaxSize(MaxSize) {}
  bool next(std::string_view &Line) {
    if (Offset >= MaxSize || Text[Offset] == '\0')
      return false;
    size_t Start = Offset;
    while (Offset < MaxSize && Text[Offset] != '\0' && Text[Offset] != '\n')
      ++Offset;
    Line = std::string_view(Text + Start, Offset - Start);
    if (!Line.empty() && Line.back() == '\r')
      Line.remove_suffix(1);
    if (Offset < MaxSize && Text[Offset] == '\n')
      ++Offset;
    return true;
  }

private:
  const char *Text;
  size_t MaxSize;
  size_t Offset = 0;
};

/// Moves past comment and blank lines to the first other line.
bool firstDirective(Lines &In, std::string_view &Line) {
  while (In.next(Line)) {
    size_t First = Line.find_first_not_of(" \t");
    if (First == std::string_view::npos)
      continue;
    Line.remove_prefix(First);
    if (Line.substr(0, 2) == "//")
      continue;
    return true;
  }
  return false;
}

bool startsWithDirective(std::string_view Line) {
  return Line.substr(0, Directive.size()) == Directive &&
         (Line.size() == Directive.size() || Line[Directive.size()] == ' ' ||
          Line[Directive.size()] == '\t');
}

bool fail(std::string *Error, const char *Why) {
  if (Error)
    *Error = Why;
  return false;
}

} // namespace

std::string write(std::string_view FatBinary, std::string_view Source) {
  std::string Text;
  Text += "//\n// Rubicon PTX file: the device code of ";
  Text += Source;
  Text += ",\n"
          "// compiled by Rubicon's nvcc -ptx. Rubicon compiles CUDA to AMD "
          "GPU and\n"
          "// host code objects, not to PTX: this text carries their fat "
          "binary,\n"
          "// which Rubicon's cuModuleLoad, cuModuleLoadData(Ex) and "
          "cuLinkAddData\n"
          "// load. NVIDIA's tools do not read it.\n//\n\n";
  Text += Directive;
  Text += ' ' + std::to_string(Version) + ' ' +
          std::to_string(FatBinary.size()) + '\n';
  std::string Line;
  auto Emit = [&](char C) {
    Line += C;
    if (Line.size() == LineLength) {
      Text += Line + '\n';
      Line.clear();
    }
  };
  const auto *Bytes = reinterpret_cast<const unsigned char *>(FatBinary.data());
  size_t Size = FatBinary.size();
  for (size_t I = 0; I < Size; I += 3) {
    uint32_t Group = uint32_t(Bytes[I]) << 16;
    if (I + 1 < Size)
      Group |= uint32_t(Bytes[I + 1]) << 8;
    if (I + 2 < Size)
      Group |= Bytes[I + 2];
    Emit(Alphabet[(Group >> 18) & 63]);
    Emit(Alphabet[(Group >> 12) & 63]);
    Emit(I + 1 < Size ? Alphabet[(Group >> 6) & 63] : '=');
    Emit(I + 2 < Size ? Alphabet[Group & 63] : '=');
  }
  if (!Line.empty())
    Text += Line + '\n';
  Text += ".end\n";
  return Text;
}

bool isPtxText(const char *Text, size_t MaxSize) {
  if (!Text)
    return false;
  Lines In(Text, MaxSize);
  std::string_view Line;
  return firstDirective(In, Line) && startsWithDirective(Line);
}

bool read(const char *Text, size_t MaxSize, std::string &FatBinary,
          std::string *Error) {
  FatBinary.clear();
  if (!Text)
    return fail(Error, "no text");
  Lines In(Text, MaxSize);
  std::string_view Line;
  if (!firstDirective(In, Line) || !startsWithDirective(Line))
    return fail(Error, "not a Rubicon PTX file (no .rubicon_fatbin directive)");
  unsigned long long FileVersion = 0, Bytes = 0;
  std::string Header(Line.substr(Directive.size()));
  char Extra = 0;
  if (std::sscanf(Header.c_str(), "%llu %llu %c", &FileVersion, &Bytes,
                  &Extra) != 2)
    return fail(Error, "the .rubicon_fatbin directive needs a version and a "
                       "size");
  if (FileVersion != Version)
    return fail(Error, "a Rubicon PTX file of another version");
  uint32_t Group = 0;
  unsigned Count = 0, Padding = 0;
  bool Ended = false;
  while (In.next(Line)) {
    if (Line == ".end") {
      Ended = true;
      break;
    }
    for (char C : Line) {
      if (C == '=') {
        ++Padding;
        Group <<= 6;
      } else {
        int Value = sextet(C);
        if (Value < 0 || Padding)
          return fail(Error, "the fat binary's text is not base64");
        Group = (Group << 6) | unsigned(Value);
      }
      if (++Count == 4) {
        FatBinary += char(Group >> 16);
        if (Padding < 2)
          FatBinary += char((Group >> 8) & 0xff);
        if (Padding < 1)
          FatBinary += char(Group & 0xff);
        Group = 0;
        Count = 0;
      }
    }
  }
  if (!Ended)
    return fail(Error, "the fat binary's text has no .end line");
  if (Count != 0 || FatBinary.size() != Bytes)
    return fail(Error, "the fat binary's text is truncated");
  return true;
}

} // namespace rubicon::ptxtext
