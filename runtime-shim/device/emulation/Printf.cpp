//===- Printf.cpp - The hostcall printf service ---------------------------===//
//
// Part of Rubicon's AMDGPU emulation library (Hostcall.h). ockl's printf
// sends a message in pieces, one hostcall packet each: slot 0 of a lane is
// the piece's descriptor (bit 0: first piece, bit 1: last piece, bits 5-7:
// the number of 64-bit words that follow in slots 1-7, bits 8 and up: the
// message id the host gave back for the first piece), the other slots its
// words. The message is: a control word (0: stdout, 1: stderr), the format
// string's bytes (NUL included) packed little-endian into words, then each
// argument in order: a `%s` string as its bytes (NUL included) packed the
// same way, any other value as one word (integers widened, floating point
// as a double). The host answers each piece with the message's descriptor,
// and prints the message when its last piece arrives.
//
//===----------------------------------------------------------------------===//
#include "Hostcall.h"

// realloc only: the program's device code defines malloc and free
// (Hostcall.cpp).
extern "C" {
void *realloc(void *, unsigned long);
int snprintf(char *, unsigned long, const char *, ...);
int printf(const char *, ...);
int dprintf(int, const char *, ...);
}

using namespace rubicon;
using namespace rubicon::emulation;

namespace {

constexpr u64 FlagBegin = 1, FlagEnd = 2;
constexpr u32 LengthShift = 5, IdShift = 8;

struct Message {
  u64 Id; // 0: free
  u64 *Words;
  u32 Count, Capacity;
};

/// The messages this worker thread's lanes are sending: at most one per
/// lane of the running block.
constexpr u32 MaxMessages = 1024;
thread_local Message Messages[MaxMessages];
thread_local u64 NextId;

Message *find(u64 Id) {
  for (Message &M : Messages)
    if (M.Id == Id)
      return &M;
  return nullptr;
}

void append(Message &M, u64 Word) {
  if (M.Count == M.Capacity) {
    M.Capacity = M.Capacity ? 2 * M.Capacity : 32;
    M.Words = static_cast<u64 *>(realloc(M.Words, M.Capacity * sizeof(u64)));
  }
  M.Words[M.Count++] = Word;
}

/// Text that grows; its memory stays with the worker thread for the next.
thread_local char *TextData;
thread_local u32 TextCapacity;
struct Text {
  char *&Data = TextData;
  u32 Length = 0;
  u32 &Capacity = TextCapacity;
  void reserve(u32 More) {
    if (Length + More + 1 <= Capacity)
      return;
    while (Length + More + 1 > Capacity)
      Capacity = Capacity ? 2 * Capacity : 256;
    Data = static_cast<char *>(realloc(Data, Capacity));
  }
  void add(const char *S, u32 N) {
    reserve(N);
    __builtin_memcpy(Data + Length, S, N);
    Length += N;
    Data[Length] = 0;
  }
  template <typename... T> void format(const char *Spec, T... Values) {
    int N = snprintf(nullptr, 0, Spec, Values...);
    if (N <= 0)
      return;
    reserve(static_cast<u32>(N));
    snprintf(Data + Length, static_cast<unsigned long>(N) + 1, Spec, Values...);
    Length += static_cast<u32>(N);
  }
};

/// The message's words, in order.
struct Reader {
  const u64 *Words;
  u32 Count, At;
  u64 word() { return At < Count ? Words[At++] : 0; }
  /// A string packed from the current word; moves past its words.
  const char *string(u32 &Length) {
    const char *S = reinterpret_cast<const char *>(Words + At);
    u32 Bytes = (Count - At) * 8;
    Length = 0;
    while (Length < Bytes && S[Length])
      ++Length;
    At += (Length + 8) / 8;
    if (At > Count)
      At = Count;
    return S;
  }
};

bool isFlag(char C) {
  return C == '-' || C == '+' || C == ' ' || C == '#' || C == '0' || C == '\'';
}

/// Formats the message as printf would with its format and arguments.
void render(Reader &In, Text &Out) {
  u32 FormatLength;
  const char *F = In.string(FormatLength);
  const char *End = F + FormatLength;
  while (F < End) {
    if (*F != '%') {
      const char *Next = F;
      while (Next < End && *Next != '%')
        ++Next;
      Out.add(F, static_cast<u32>(Next - F));
      F = Next;
      continue;
    }
    // One conversion: %[flags][width][.precision][length]conversion.
    const char *Start = F++;
    while (F < End && isFlag(*F))
      ++F;
    int Stars = 0, Star[2] = {0, 0};
    if (F < End && *F == '*') {
      Star[Stars++] = static_cast<int>(In.word());
      ++F;
    } else {
      while (F < End && *F >= '0' && *F <= '9')
        ++F;
    }
    if (F < End && *F == '.') {
      ++F;
      if (F < End && *F == '*') {
        Star[Stars++] = static_cast<int>(In.word());
        ++F;
      } else {
        while (F < End && *F >= '0' && *F <= '9')
          ++F;
      }
    }
    const char *LengthStart = F;
    while (F < End && (*F == 'h' || *F == 'l' || *F == 'L' || *F == 'j' ||
                       *F == 'z' || *F == 't' || *F == 'q'))
      ++F;
    if (F >= End) {
      Out.add(Start, static_cast<u32>(End - Start));
      break;
    }
    char Conversion = *F++;
    if (Conversion == '%') {
      Out.add("%", 1);
      continue;
    }
    // The spec for snprintf: flags, width and precision as written, the
    // length replaced by the one of the type the value is passed as.
    char Spec[64];
    u32 Prefix = static_cast<u32>(LengthStart - Start);
    if (Prefix > 40) {
      Out.add(Start, static_cast<u32>(F - Start));
      continue;
    }
    __builtin_memcpy(Spec, Start, Prefix);
    u32 Length = static_cast<u32>(F - 1 - LengthStart);
    bool Short = Length == 1 && LengthStart[0] == 'h';
    bool Char = Length == 2 && LengthStart[0] == 'h';
    u32 S = Prefix;
    auto Emit = [&](auto Value, const char *Modifier) {
      u32 I = S;
      for (const char *M = Modifier; *M; ++M)
        Spec[I++] = *M;
      Spec[I++] = Conversion;
      Spec[I] = 0;
      if (Stars == 2)
        Out.format(Spec, Star[0], Star[1], Value);
      else if (Stars == 1)
        Out.format(Spec, Star[0], Value);
      else
        Out.format(Spec, Value);
    };
    u64 Word;
    switch (Conversion) {
    case 'd':
    case 'i':
      Word = In.word();
      if (Char)
        Emit(static_cast<int>(static_cast<signed char>(Word)), "");
      else if (Short)
        Emit(static_cast<int>(static_cast<short>(Word)), "");
      else if (Length == 0)
        Emit(static_cast<int>(Word), "");
      else
        Emit(static_cast<long long>(Word), "ll");
      break;
    case 'u':
    case 'o':
    case 'x':
    case 'X':
      Word = In.word();
      if (Char)
        Emit(static_cast<unsigned>(static_cast<unsigned char>(Word)), "");
      else if (Short)
        Emit(static_cast<unsigned>(static_cast<u16>(Word)), "");
      else if (Length == 0)
        Emit(static_cast<unsigned>(Word), "");
      else
        Emit(static_cast<u64>(Word), "ll");
      break;
    case 'c':
      Emit(static_cast<int>(In.word()), "");
      break;
    case 'e':
    case 'E':
    case 'f':
    case 'F':
    case 'g':
    case 'G':
    case 'a':
    case 'A':
      Emit(__builtin_bit_cast(double, In.word()), "");
      break;
    case 'p':
      Emit(reinterpret_cast<void *>(In.word()), "");
      break;
    case 's': {
      u32 N;
      const char *Value = In.string(N);
      Emit(Value, "");
      break;
    }
    case 'n':
      In.word();
      break;
    default:
      Out.add(Start, static_cast<u32>(F - Start));
    }
  }
}

/// Prints a complete message; returns the number of characters.
u64 print(Message &M) {
  Reader In{M.Words, M.Count, 0};
  u64 Control = In.word();
  Text Out;
  render(In, Out);
  if (Out.Length) {
    Out.Data[Out.Length] = 0;
    if (Control & 1)
      dprintf(2, "%s", Out.Data);
    else
      printf("%s", Out.Data);
  }
  return Out.Length;
}

} // namespace

u64 rubicon::emulation::printfService(const u64 Slot[8]) {
  u64 Descriptor = Slot[0];
  Message *M;
  if (Descriptor & FlagBegin) {
    M = find(0);
    if (!M)
      __rubicon_amdgcn_unsupported("printf messages open at once, more than",
                                   MaxMessages);
    M->Id = ++NextId & ((1ull << (64 - IdShift)) - 1);
    M->Count = 0;
  } else {
    M = find(Descriptor >> IdShift);
    if (!M)
      __rubicon_amdgcn_unsupported("printf message id",
                                   static_cast<u32>(Descriptor >> IdShift));
  }
  u32 Words = (Descriptor >> LengthShift) & 7;
  for (u32 I = 0; I < Words; ++I)
    append(*M, Slot[1 + I]);
  if (!(Descriptor & FlagEnd))
    return M->Id << IdShift;
  u64 Printed = print(*M);
  M->Id = 0;
  return Printed;
}
