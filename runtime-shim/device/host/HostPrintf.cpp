//===- HostPrintf.cpp - CUDA's device printf on the host target
//------------===//
//
// Part of Rubicon. Device printf reaches the device library as
// vprintf(format, buffer): clang packs the (promoted) arguments into a buffer,
// each at an offset aligned to its size. This walks the format, takes each
// argument from the buffer and formats it with the C library; the whole call
// is written with one printf, so lines of different threads do not interleave.
//
//===----------------------------------------------------------------------===//
#include "Types.h"

using namespace rubicon;

extern "C" int snprintf(char *, size_t, const char *, ...);
extern "C" int printf(const char *, ...);

namespace {

// One formatted call is at most this long; longer output is cut.
constexpr size_t OutputBytes = 4096;
constexpr size_t SpecBytes = 64;

struct ArgumentReader {
  const unsigned char *Buffer;
  size_t Offset = 0;

  template <typename T> T next() {
    if (!Buffer)
      return T();
    Offset = (Offset + sizeof(T) - 1) & ~(sizeof(T) - 1);
    T Value;
    __builtin_memcpy(&Value, Buffer + Offset, sizeof(T));
    Offset += sizeof(T);
    return Value;
  }
};

bool isFlag(char C) {
  return C == '-' || C == '+' || C == ' ' || C == '#' || C == '0' || C == '\'';
}
bool isDigit(char C) { return C >= '0' && C <= '9'; }

struct Output {
  char Text[OutputBytes];
  size_t Length = 0;

  void append(const char *Bytes, size_t Count) {
    for (size_t I = 0; I < Count && Length + 1 < OutputBytes; ++I)
      Text[Length++] = Bytes[I];
  }
  template <typename T>
  void format(const char *Spec, int Width, int Precision, bool HasWidth,
              bool HasPrecision, T Value) {
    char Piece[OutputBytes];
    int Written;
    if (HasWidth && HasPrecision)
      Written = snprintf(Piece, sizeof(Piece), Spec, Width, Precision, Value);
    else if (HasWidth)
      Written = snprintf(Piece, sizeof(Piece), Spec, Width, Value);
    else if (HasPrecision)
      Written = snprintf(Piece, sizeof(Piece), Spec, Precision, Value);
    else
      Written = snprintf(Piece, sizeof(Piece), Spec, Value);
    if (Written > 0)
      append(Piece, static_cast<size_t>(Written) < sizeof(Piece)
                        ? static_cast<size_t>(Written)
                        : sizeof(Piece) - 1);
  }
};

} // namespace

extern "C" int vprintf(const char *Format, const void *Arguments) {
  if (!Format)
    return -1;
  ArgumentReader Reader{static_cast<const unsigned char *>(Arguments)};
  Output Out;
  const char *P = Format;
  while (*P) {
    if (*P != '%') {
      const char *Start = P;
      while (*P && *P != '%')
        ++P;
      Out.append(Start, static_cast<size_t>(P - Start));
      continue;
    }
    if (P[1] == '%') {
      Out.append("%", 1);
      P += 2;
      continue;
    }
    // %[flags][width][.precision][length]conversion
    char Spec[SpecBytes];
    size_t SpecLength = 0;
    auto take = [&](char C) {
      if (SpecLength + 2 < SpecBytes)
        Spec[SpecLength++] = C;
    };
    take(*P++);
    bool HasWidth = false, HasPrecision = false;
    int Width = 0, Precision = 0;
    while (isFlag(*P))
      take(*P++);
    if (*P == '*') {
      HasWidth = true;
      Width = Reader.next<int>();
      take(*P++);
    } else {
      while (isDigit(*P))
        take(*P++);
    }
    if (*P == '.') {
      take(*P++);
      if (*P == '*') {
        HasPrecision = true;
        Precision = Reader.next<int>();
        take(*P++);
      } else {
        while (isDigit(*P))
          take(*P++);
      }
    }
    // Length modifiers: 8-byte integers for l, ll, j, z, t; others are ints.
    bool Wide = false;
    while (*P == 'h' || *P == 'l' || *P == 'j' || *P == 'z' || *P == 't' ||
           *P == 'L' || *P == 'q') {
      if (*P != 'h')
        Wide = true;
      take(*P++);
    }
    char Conversion = *P;
    if (!Conversion)
      break;
    take(*P++);
    Spec[SpecLength] = '\0';
    switch (Conversion) {
    case 'd':
    case 'i':
    case 'o':
    case 'u':
    case 'x':
    case 'X':
    case 'c':
      if (Wide)
        Out.format(Spec, Width, Precision, HasWidth, HasPrecision,
                   Reader.next<long long>());
      else
        Out.format(Spec, Width, Precision, HasWidth, HasPrecision,
                   Reader.next<int>());
      break;
    case 'f':
    case 'F':
    case 'e':
    case 'E':
    case 'g':
    case 'G':
    case 'a':
    case 'A':
      if (Spec[SpecLength - 2] == 'L') // no long double on the device
        Spec[SpecLength - 2] = 'l';
      Out.format(Spec, Width, Precision, HasWidth, HasPrecision,
                 Reader.next<double>());
      break;
    case 's': {
      const char *String = Reader.next<const char *>();
      Out.format(Spec, Width, Precision, HasWidth, HasPrecision,
                 String ? String : "(null)");
      break;
    }
    case 'p':
      Out.format(Spec, Width, Precision, HasWidth, HasPrecision,
                 Reader.next<void *>());
      break;
    default: // unknown conversion: printed as written, as CUDA does
      Out.append(Spec, SpecLength);
      break;
    }
  }
  Out.Text[Out.Length] = '\0';
  printf("%s", Out.Text);
  return static_cast<int>(Out.Length);
}
