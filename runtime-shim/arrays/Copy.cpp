//===- Copy.cpp - Copies to, from and between CUDA arrays -----------------===//
//
// Part of Rubicon. Copy.h. Rows of an array are Pitch bytes apart across its
// slices too (a slice is rows() rows), so global row g of an array starts at
// Data + g * Pitch.
//
//===----------------------------------------------------------------------===//

#include "arrays/Copy.h"

#include "graphs/StreamHooks.h"

#include <algorithm>

namespace rubicon::arrays {

namespace hooks = rubicon::graphs::hooks;

namespace {

/// The backend's copies, through stream capture when Async.
struct Copier {
  Backend &B;
  cudaMemcpyKind Kind;
  cudaStream_t Stream;
  bool Async;

  cudaError_t linear(char *Dst, const char *Src, size_t Count) const {
    if (!Count)
      return cudaSuccess;
    if (!Async)
      return B.memcpy(Dst, Src, Count, Kind);
    if (auto Captured = hooks::copy(Dst, Src, Count, Kind, Stream))
      return *Captured;
    return B.memcpyAsync(Dst, Src, Count, Kind, Stream);
  }
  cudaError_t pitched(char *Dst, size_t DstPitch, const char *Src,
                      size_t SrcPitch, size_t Width, size_t Height) const {
    if (!Width || !Height)
      return cudaSuccess;
    if (Async)
      if (auto Captured = hooks::copy2D(Dst, DstPitch, Src, SrcPitch, Width,
                                        Height, Kind, Stream))
        return *Captured;
    return B.memcpy2D(Dst, DstPitch, Src, SrcPitch, Width, Height, Kind,
                      Stream, Async);
  }
};

/// The first byte, row pitch and slice pitch of a region end.
cudaError_t resolve(const RegionEnd &End, size_t WidthBytes, size_t Height,
                    size_t Depth, char *&First, size_t &Pitch,
                    size_t &SlicePitch) {
  if (const cudaArray *A = End.Array) {
    if (End.Z + Depth > A->slices() || End.Y + Height > A->rows() ||
        End.X + WidthBytes > rowBytes(*A))
      return cudaErrorInvalidValue;
    Pitch = A->Pitch;
    SlicePitch = A->slicePitch();
    First = A->Data + End.Z * SlicePitch + End.Y * Pitch + End.X;
    return cudaSuccess;
  }
  if (!End.Ptr)
    return cudaErrorInvalidValue;
  Pitch = End.Pitch;
  // A single row given no pitch (0) is copied as it is: CUDA takes it
  // (volumeFiltering uploads its one-row transfer function so). A pitch
  // given narrower than the row stays an error.
  if (Pitch == 0 && Height <= 1 && Depth <= 1)
    Pitch = End.X + WidthBytes;
  if (Pitch < End.X + WidthBytes)
    return cudaErrorInvalidValue;
  size_t Rows = End.Rows ? End.Rows : Height;
  if (Depth > 1 && End.Y + Height > Rows)
    return cudaErrorInvalidValue;
  SlicePitch = Pitch * Rows;
  First = End.Ptr + End.Z * SlicePitch + End.Y * Pitch + End.X;
  return cudaSuccess;
}

/// Where byte Offset of a linear end is, and how many bytes follow it
/// contiguously (the rest of an array's row).
char *locate(const LinearEnd &End, size_t Offset, size_t &Contiguous,
             bool &RowStart) {
  if (!End.Array) {
    Contiguous = SIZE_MAX;
    RowStart = false;
    return End.Ptr + End.Offset + Offset;
  }
  size_t Row = rowBytes(*End.Array);
  size_t At = End.Offset + Offset;
  Contiguous = Row - At % Row;
  RowStart = At % Row == 0;
  return End.Array->Data + At / Row * End.Array->Pitch + At % Row;
}

bool fits(const LinearEnd &End, size_t Count) {
  if (!End.Array)
    return End.Ptr != nullptr;
  const cudaArray &A = *End.Array;
  size_t Total = rowBytes(A) * A.rows() * A.slices();
  return End.Offset <= Total && Count <= Total - End.Offset;
}

} // namespace

cudaError_t copyRegion(Backend &B, const RegionEnd &Src, const RegionEnd &Dst,
                       size_t WidthBytes, size_t Height, size_t Depth,
                       cudaMemcpyKind Kind, cudaStream_t Stream, bool Async) {
  if (!Async)
    if (cudaError_t Status = hooks::unsafe())
      return Status;
  if (!WidthBytes || !Height || !Depth)
    return cudaSuccess;
  char *SrcFirst = nullptr, *DstFirst = nullptr;
  size_t SrcPitch = 0, SrcSlice = 0, DstPitch = 0, DstSlice = 0;
  if (cudaError_t Status =
          resolve(Src, WidthBytes, Height, Depth, SrcFirst, SrcPitch, SrcSlice))
    return Status;
  if (cudaError_t Status =
          resolve(Dst, WidthBytes, Height, Depth, DstFirst, DstPitch, DstSlice))
    return Status;
  Copier C{B, Kind, Stream, Async};
  // Slices that follow each other at the rows' pitch are one 2D copy.
  if (SrcSlice == SrcPitch * Height && DstSlice == DstPitch * Height)
    return C.pitched(DstFirst, DstPitch, SrcFirst, SrcPitch, WidthBytes,
                     Height * Depth);
  for (size_t Z = 0; Z < Depth; ++Z)
    if (cudaError_t Status =
            C.pitched(DstFirst + Z * DstSlice, DstPitch,
                      SrcFirst + Z * SrcSlice, SrcPitch, WidthBytes, Height))
      return Status;
  return cudaSuccess;
}

cudaError_t copyLinear(Backend &B, const LinearEnd &Src, const LinearEnd &Dst,
                       size_t Count, cudaMemcpyKind Kind, cudaStream_t Stream,
                       bool Async) {
  if (!Async)
    if (cudaError_t Status = hooks::unsafe())
      return Status;
  if (!fits(Src, Count) || !fits(Dst, Count))
    return cudaErrorInvalidValue;
  Copier C{B, Kind, Stream, Async};
  size_t Done = 0;
  while (Done < Count) {
    size_t SrcLeft, DstLeft;
    bool SrcRowStart, DstRowStart;
    char *From = locate(Src, Done, SrcLeft, SrcRowStart);
    char *To = locate(Dst, Done, DstLeft, DstRowStart);
    size_t Left = Count - Done;
    // Whole rows of an array (or of two arrays with rows of one size): one
    // 2D copy.
    size_t Row = Src.Array   ? rowBytes(*Src.Array)
                 : Dst.Array ? rowBytes(*Dst.Array)
                             : 0;
    bool Rows = Row && Left >= Row &&
                (!Src.Array || SrcRowStart) && (!Dst.Array || DstRowStart) &&
                (!Src.Array || !Dst.Array ||
                 rowBytes(*Src.Array) == rowBytes(*Dst.Array));
    if (Rows) {
      size_t N = Left / Row;
      if (cudaError_t Status =
              C.pitched(To, Dst.Array ? Dst.Array->Pitch : Row, From,
                        Src.Array ? Src.Array->Pitch : Row, Row, N))
        return Status;
      Done += N * Row;
      continue;
    }
    size_t Piece = std::min({Left, SrcLeft, DstLeft});
    if (cudaError_t Status = C.linear(To, From, Piece))
      return Status;
    Done += Piece;
  }
  return cudaSuccess;
}

cudaError_t fill2D(Backend &B, char *Ptr, size_t Pitch, unsigned Value,
                   unsigned ElementSize, size_t Width, size_t Height,
                   cudaStream_t Stream, bool Async) {
  if (ElementSize != 1 && ElementSize != 2 && ElementSize != 4)
    return cudaErrorInvalidValue;
  if (!Width || !Height)
    return cudaSuccess;
  if (!Ptr || reinterpret_cast<uintptr_t>(Ptr) % ElementSize ||
      (Height > 1 && (Pitch < Width * ElementSize || Pitch % ElementSize)))
    return cudaErrorInvalidValue;
  if (Async) {
    if (auto Captured =
            hooks::fill(Ptr, Pitch, Value, ElementSize, Width, Height, Stream))
      return *Captured;
  } else if (cudaError_t Status = hooks::unsafe()) {
    return Status;
  }
  if (ElementSize == 1)
    return B.memset2D(Ptr, Pitch, int(Value & 0xff), Width, Height, Stream,
                      Async);
  // Rows whose pitch is their width are one run of elements.
  if (Height == 1 || Pitch == Width * ElementSize)
    return B.memsetElements(Ptr, Value, ElementSize, Width * Height, Stream,
                            Async);
  for (size_t Y = 0; Y < Height; ++Y)
    if (cudaError_t Status = B.memsetElements(Ptr + Y * Pitch, Value,
                                              ElementSize, Width, Stream, Async))
      return Status;
  return cudaSuccess;
}

} // namespace rubicon::arrays
