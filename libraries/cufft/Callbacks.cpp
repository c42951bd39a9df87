//===- Callbacks.cpp - cuFFT load and store callbacks ---------------------===//
//
// Part of Rubicon. cufftXtSetCallback's routines are the caller's device
// functions, taken with cudaMemcpyFromSymbol from a __device__ pointer. A
// host-target code object is host code, so on the host backend a load
// callback is called for every input element into a scratch array that the
// transform then reads, and a store callback for every element the transform
// wrote into a scratch array; offsets are element indices in the basic
// layout. On AMD GPUs executing a plan with callbacks gives
// CUFFT_NOT_SUPPORTED (not forwarded to hipFFT yet), as do the advanced
// layout and in-place real transforms.
//
// The routines keep the host target's device-function ABI
// (docs/host-target.md): the NVPTX IR calling convention lowered for
// x86-64, where an aggregate result comes back one register per field and an
// aggregate argument is passed in memory (byval). The DeviceAbi types below
// have exactly those x86-64 conventions when called from C++.
//
//===----------------------------------------------------------------------===//
#include "Plan.h"
#include "cufftXt.h"

#include <cstddef>
#include <vector>

using namespace rubicon::cufft;

namespace {

namespace device_abi {
#if defined(__x86_64__)
/// {float, float} returned as device code returns it: x in %xmm0, y in
/// %xmm1 (two SSE eightbytes; the C ABI would pack both into %xmm0).
struct FloatPairResult {
  float X, Unused, Y;
};
/// {double, double}: %xmm0 and %xmm1, as the C ABI returns it.
using DoublePairResult = cufftDoubleComplex;
/// An aggregate argument in memory, as byval passes it: structs over 16
/// bytes are passed on the stack, the element first.
struct alignas(8) FloatPairArgument {
  cufftComplex Value;
  char Unused[16];
};
struct alignas(16) DoublePairArgument {
  cufftDoubleComplex Value;
  char Unused[16];
};
static_assert(sizeof(FloatPairResult) == 12 && sizeof(FloatPairArgument) == 24 &&
              sizeof(DoublePairArgument) == 32);
#define RUBICON_CUFFT_DEVICE_CALLBACKS 1
#endif
} // namespace device_abi

bool loadType(cufftXtCallbackType T) { return T <= CUFFT_CB_LD_REAL_DOUBLE; }

/// The callback types a plan's type takes: its load and its store.
void callbackTypesOf(cufftType T, cufftXtCallbackType &Load,
                     cufftXtCallbackType &Store) {
  switch (T) {
  case CUFFT_C2C: Load = CUFFT_CB_LD_COMPLEX; Store = CUFFT_CB_ST_COMPLEX; break;
  case CUFFT_Z2Z:
    Load = CUFFT_CB_LD_COMPLEX_DOUBLE;
    Store = CUFFT_CB_ST_COMPLEX_DOUBLE;
    break;
  case CUFFT_R2C: Load = CUFFT_CB_LD_REAL; Store = CUFFT_CB_ST_COMPLEX; break;
  case CUFFT_D2Z:
    Load = CUFFT_CB_LD_REAL_DOUBLE;
    Store = CUFFT_CB_ST_COMPLEX_DOUBLE;
    break;
  case CUFFT_C2R: Load = CUFFT_CB_LD_COMPLEX; Store = CUFFT_CB_ST_REAL; break;
  case CUFFT_Z2D:
    Load = CUFFT_CB_LD_COMPLEX_DOUBLE;
    Store = CUFFT_CB_ST_REAL_DOUBLE;
    break;
  }
}

size_t elementSize(cufftXtCallbackType T) {
  switch (T) {
  case CUFFT_CB_LD_COMPLEX: case CUFFT_CB_ST_COMPLEX:
    return sizeof(cufftComplex);
  case CUFFT_CB_LD_COMPLEX_DOUBLE: case CUFFT_CB_ST_COMPLEX_DOUBLE:
    return sizeof(cufftDoubleComplex);
  case CUFFT_CB_LD_REAL: case CUFFT_CB_ST_REAL:
    return sizeof(cufftReal);
  default:
    return sizeof(cufftDoubleReal);
  }
}

#ifdef RUBICON_CUFFT_DEVICE_CALLBACKS
/// Element I of the input, through the load callback.
void load(cufftXtCallbackType T, void *Routine, void *In, size_t I,
          void *Info, void *Shared, std::byte *To) {
  using namespace device_abi;
  switch (T) {
  case CUFFT_CB_LD_COMPLEX: {
    FloatPairResult R = reinterpret_cast<FloatPairResult (*)(
        void *, size_t, void *, void *)>(Routine)(In, I, Info, Shared);
    reinterpret_cast<cufftComplex *>(To)[I] = {R.X, R.Y};
    break;
  }
  case CUFFT_CB_LD_COMPLEX_DOUBLE:
    reinterpret_cast<cufftDoubleComplex *>(To)[I] = reinterpret_cast<
        DoublePairResult (*)(void *, size_t, void *, void *)>(Routine)(
        In, I, Info, Shared);
    break;
  case CUFFT_CB_LD_REAL:
    reinterpret_cast<cufftReal *>(To)[I] =
        reinterpret_cast<cufftCallbackLoadR>(Routine)(In, I, Info, Shared);
    break;
  default:
    reinterpret_cast<cufftDoubleReal *>(To)[I] =
        reinterpret_cast<cufftCallbackLoadD>(Routine)(In, I, Info, Shared);
    break;
  }
}

/// Element I of the transform's result, handed to the store callback.
void store(cufftXtCallbackType T, void *Routine, void *Out, size_t I,
           void *Info, void *Shared, const std::byte *From) {
  using namespace device_abi;
  switch (T) {
  case CUFFT_CB_ST_COMPLEX: {
    FloatPairArgument A{reinterpret_cast<const cufftComplex *>(From)[I], {}};
    reinterpret_cast<void (*)(void *, size_t, FloatPairArgument, void *,
                              void *)>(Routine)(Out, I, A, Info, Shared);
    break;
  }
  case CUFFT_CB_ST_COMPLEX_DOUBLE: {
    DoublePairArgument A{reinterpret_cast<const cufftDoubleComplex *>(From)[I],
                         {}};
    reinterpret_cast<void (*)(void *, size_t, DoublePairArgument, void *,
                              void *)>(Routine)(Out, I, A, Info, Shared);
    break;
  }
  case CUFFT_CB_ST_REAL:
    reinterpret_cast<cufftCallbackStoreR>(Routine)(
        Out, I, reinterpret_cast<const cufftReal *>(From)[I], Info, Shared);
    break;
  default:
    reinterpret_cast<cufftCallbackStoreD>(Routine)(
        Out, I, reinterpret_cast<const cufftDoubleReal *>(From)[I], Info,
        Shared);
    break;
  }
}
#endif

bool validCallbackType(cufftXtCallbackType T) {
  return T >= CUFFT_CB_LD_COMPLEX && T < CUFFT_CB_UNDEFINED;
}

} // namespace

namespace rubicon::cufft {

cufftResult executeWithCallbacks(Plan &P, void *In, void *Out, int Direction,
                                 cufftResult (*Run)(Plan &, void *, void *,
                                                    int)) {
#ifndef RUBICON_CUFFT_DEVICE_CALLBACKS
  return CUFFT_NOT_SUPPORTED; // no host target on this architecture
#else
  if (P.Advanced || (P.isReal() && In == Out))
    return CUFFT_NOT_SUPPORTED;
  // The callbacks read and write the caller's memory now.
  if (cudaStreamSynchronize(P.Stream) != cudaSuccess)
    return CUFFT_EXEC_FAILED;
  cufftXtCallbackType LoadT = CUFFT_CB_UNDEFINED, StoreT = CUFFT_CB_UNDEFINED;
  callbackTypesOf(P.Type, LoadT, StoreT);
  void *LoadRoutine = P.Callback[LoadT], *StoreRoutine = P.Callback[StoreT];
  std::vector<std::byte> Loaded, Result, LoadShared(P.CallbackShared[LoadT]),
      StoreShared(P.CallbackShared[StoreT]);
  void *Src = In, *Dst = Out;
  if (LoadRoutine) {
    size_t Count = P.inputElements();
    Loaded.resize(Count * elementSize(LoadT));
    for (size_t I = 0; I < Count; ++I)
      load(LoadT, LoadRoutine, In, I, P.CallerInfo[LoadT], LoadShared.data(),
           Loaded.data());
    Src = Loaded.data();
  }
  if (StoreRoutine) {
    Result.resize(P.outputElements() * elementSize(StoreT));
    Dst = Result.data();
  }
  if (cufftResult R = Run(P, Src, Dst, Direction))
    return R;
  if (StoreRoutine)
    for (size_t I = 0, Count = P.outputElements(); I < Count; ++I)
      store(StoreT, StoreRoutine, Out, I, P.CallerInfo[StoreT],
            StoreShared.data(), Result.data());
  return CUFFT_SUCCESS;
#endif
}

} // namespace rubicon::cufft

extern "C" {

cufftResult cufftXtSetCallback(cufftHandle Handle, void **Routine,
                               cufftXtCallbackType Type, void **CallerInfo) {
  Plan *P = findPlan(Handle);
  if (!P || !P->Made)
    return CUFFT_INVALID_PLAN;
  if (!validCallbackType(Type) || !Routine || !Routine[0])
    return CUFFT_INVALID_VALUE;
  cufftXtCallbackType Load = CUFFT_CB_UNDEFINED, Store = CUFFT_CB_UNDEFINED;
  callbackTypesOf(P->Type, Load, Store);
  if (Type != (loadType(Type) ? Load : Store))
    return CUFFT_INVALID_TYPE;
  // One routine and caller datum per GPU of the plan; every GPU here runs
  // the first.
  P->Callback[Type] = Routine[0];
  P->CallerInfo[Type] = CallerInfo ? CallerInfo[0] : nullptr;
  return CUFFT_SUCCESS;
}

cufftResult cufftXtClearCallback(cufftHandle Handle, cufftXtCallbackType Type) {
  Plan *P = findPlan(Handle);
  if (!P)
    return CUFFT_INVALID_PLAN;
  if (!validCallbackType(Type))
    return CUFFT_INVALID_VALUE;
  P->Callback[Type] = P->CallerInfo[Type] = nullptr;
  return CUFFT_SUCCESS;
}

cufftResult cufftXtSetCallbackSharedSize(cufftHandle Handle,
                                         cufftXtCallbackType Type,
                                         size_t SharedSize) {
  Plan *P = findPlan(Handle);
  if (!P)
    return CUFFT_INVALID_PLAN;
  if (!validCallbackType(Type))
    return CUFFT_INVALID_VALUE;
  P->CallbackShared[Type] = SharedSize;
  return CUFFT_SUCCESS;
}

} // extern "C"
