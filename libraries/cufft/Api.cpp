//===- Api.cpp - The cuFFT API: handles, plans, execution -----------------===//
//
// Part of Rubicon. cufftHandle numbers name plans in a process-wide table;
// plans are checked as cuFFT documents, then made on FFTW (host target) or
// hipFFT (AMD GPUs); see Plan.h.
//
//===----------------------------------------------------------------------===//
#include "LibraryTarget.h"
#include "Plan.h"
#include "host/FftwPlans.h"
#include "cufftXt.h"
#include "rocm/Hipfft.h"

#include <algorithm>
#include <map>
#include <mutex>

using namespace rubicon;
using namespace rubicon::cufft;

namespace {

struct PlanTable {
  std::mutex Lock;
  std::map<cufftHandle, std::unique_ptr<Plan>> Plans;
  cufftHandle Next = 1;

  static PlanTable &get() {
    static PlanTable T;
    return T;
  }
  Plan *find(cufftHandle H) {
    std::lock_guard<std::mutex> Guard(Lock);
    auto It = Plans.find(H);
    return It == Plans.end() ? nullptr : It->second.get();
  }
};

bool validType(cufftType T) {
  switch (T) {
  case CUFFT_R2C: case CUFFT_C2R: case CUFFT_C2C:
  case CUFFT_D2Z: case CUFFT_Z2D: case CUFFT_Z2Z:
    return true;
  }
  return false;
}

/// cufftMakePlanMany's work, for every plan-making entry point.
cufftResult makePlan(cufftHandle Handle, int Rank, const int *N, int *InEmbed,
                     int IStride, int IDist, int *OutEmbed, int OStride,
                     int ODist, cufftType Type, int Batch, size_t *WorkSize) {
  Plan *P = PlanTable::get().find(Handle);
  if (!P)
    return CUFFT_INVALID_PLAN;
  if (!validType(Type))
    return CUFFT_INVALID_TYPE;
  if (Rank < 1 || Rank > 3 || !N || Batch < 1)
    return CUFFT_INVALID_SIZE;
  for (int I = 0; I < Rank; ++I)
    if (N[I] < 1)
      return CUFFT_INVALID_SIZE;
  P->Type = Type;
  P->N.assign(N, N + Rank);
  P->Batch = Batch;
  P->Advanced = InEmbed && OutEmbed;
  if (P->Advanced) {
    if (IStride < 1 || OStride < 1 || IDist < 1 || ODist < 1)
      return CUFFT_INVALID_VALUE;
    P->In = {std::vector<int>(InEmbed, InEmbed + Rank), IStride, IDist};
    P->Out = {std::vector<int>(OutEmbed, OutEmbed + Rank), OStride, ODist};
  }
  // Neither backend needs the caller's workspace; a plan over several GPUs
  // has one size per GPU.
  for (size_t I = 0; WorkSize && I < std::max<size_t>(1, P->GPUs.size()); ++I)
    WorkSize[I] = 0;
  P->Made = true;
  if (P->OnRocm)
    return rocm::make(*P, P->Advanced ? InEmbed : nullptr,
                      P->Advanced ? OutEmbed : nullptr, WorkSize);
  P->Host = std::make_unique<host::FftwPlans>(*P);
  return CUFFT_SUCCESS;
}

cufftResult createAndMake(cufftHandle *Handle, int Rank, const int *N,
                          int *InEmbed, int IStride, int IDist, int *OutEmbed,
                          int OStride, int ODist, cufftType Type, int Batch) {
  if (!Handle)
    return CUFFT_INVALID_VALUE;
  if (cufftResult R = cufftCreate(Handle))
    return R;
  cufftResult R = makePlan(*Handle, Rank, N, InEmbed, IStride, IDist,
                           OutEmbed, OStride, ODist, Type, Batch, nullptr);
  if (R != CUFFT_SUCCESS)
    cufftDestroy(*Handle);
  return R;
}

cufftResult execute(cufftHandle Handle, void *In, void *Out, int Direction,
                    std::initializer_list<cufftType> Types) {
  Plan *P = nullptr;
  if (cufftResult R = planToExecute(Handle, Types, Direction, P))
    return R;
  if (!In || !Out)
    return CUFFT_INVALID_VALUE;
  return executePlan(*P, In, Out, Direction);
}

cufftResult runOnBackend(Plan &P, void *In, void *Out, int Direction) {
  if (P.OnRocm)
    return rocm::execute(P, In, Out, Direction);
  if (cudaStreamSynchronize(P.Stream) != cudaSuccess)
    return CUFFT_EXEC_FAILED;
  return P.Host->execute(In, Out, Direction);
}

} // namespace

namespace rubicon::cufft {

Plan *findPlan(cufftHandle Handle) { return PlanTable::get().find(Handle); }

cufftResult planToExecute(cufftHandle Handle,
                          std::initializer_list<cufftType> Types,
                          int Direction, Plan *&P) {
  P = findPlan(Handle);
  if (!P || !P->Made)
    return CUFFT_INVALID_PLAN;
  if (std::find(Types.begin(), Types.end(), P->Type) == Types.end())
    return CUFFT_INVALID_TYPE;
  if (!P->isReal() && Direction != CUFFT_FORWARD && Direction != CUFFT_INVERSE)
    return CUFFT_INVALID_VALUE;
  return CUFFT_SUCCESS;
}

cufftResult executePlan(Plan &P, void *In, void *Out, int Direction) {
  if (!P.hasCallbacks())
    return runOnBackend(P, In, Out, Direction);
  // Callbacks are the caller's device functions: host-target code objects
  // are host code, so the host backend calls them; on AMD GPUs they are not
  // forwarded to hipFFT yet.
  if (P.OnRocm)
    return CUFFT_NOT_SUPPORTED;
  return executeWithCallbacks(P, In, Out, Direction, runOnBackend);
}

} // namespace rubicon::cufft

extern "C" {

cufftResult cufftCreate(cufftHandle *Handle) {
  if (!Handle)
    return CUFFT_INVALID_VALUE;
  auto P = std::make_unique<Plan>();
  P->OnRocm = libraries::currentTarget() == libraries::LibraryTarget::Rocm;
  PlanTable &T = PlanTable::get();
  std::lock_guard<std::mutex> Guard(T.Lock);
  *Handle = T.Next++;
  T.Plans[*Handle] = std::move(P);
  return CUFFT_SUCCESS;
}

cufftResult cufftDestroy(cufftHandle Handle) {
  std::unique_ptr<Plan> P;
  {
    PlanTable &T = PlanTable::get();
    std::lock_guard<std::mutex> Guard(T.Lock);
    auto It = T.Plans.find(Handle);
    if (It == T.Plans.end())
      return CUFFT_INVALID_PLAN;
    P = std::move(It->second);
    T.Plans.erase(It);
  }
  return P->OnRocm ? rocm::destroy(*P) : CUFFT_SUCCESS;
}

cufftResult cufftPlan1d(cufftHandle *Plan, int NX, cufftType Type, int Batch) {
  return createAndMake(Plan, 1, &NX, nullptr, 1, 0, nullptr, 1, 0, Type,
                       Batch);
}
cufftResult cufftPlan2d(cufftHandle *Plan, int NX, int NY, cufftType Type) {
  int N[] = {NX, NY};
  return createAndMake(Plan, 2, N, nullptr, 1, 0, nullptr, 1, 0, Type, 1);
}
cufftResult cufftPlan3d(cufftHandle *Plan, int NX, int NY, int NZ,
                        cufftType Type) {
  int N[] = {NX, NY, NZ};
  return createAndMake(Plan, 3, N, nullptr, 1, 0, nullptr, 1, 0, Type, 1);
}
cufftResult cufftPlanMany(cufftHandle *Plan, int Rank, int *N, int *InEmbed,
                          int IStride, int IDist, int *OutEmbed, int OStride,
                          int ODist, cufftType Type, int Batch) {
  return createAndMake(Plan, Rank, N, InEmbed, IStride, IDist, OutEmbed,
                       OStride, ODist, Type, Batch);
}

cufftResult cufftMakePlan1d(cufftHandle Plan, int NX, cufftType Type,
                            int Batch, size_t *WorkSize) {
  return makePlan(Plan, 1, &NX, nullptr, 1, 0, nullptr, 1, 0, Type, Batch,
                  WorkSize);
}
cufftResult cufftMakePlan2d(cufftHandle Plan, int NX, int NY, cufftType Type,
                            size_t *WorkSize) {
  int N[] = {NX, NY};
  return makePlan(Plan, 2, N, nullptr, 1, 0, nullptr, 1, 0, Type, 1, WorkSize);
}
cufftResult cufftMakePlan3d(cufftHandle Plan, int NX, int NY, int NZ,
                            cufftType Type, size_t *WorkSize) {
  int N[] = {NX, NY, NZ};
  return makePlan(Plan, 3, N, nullptr, 1, 0, nullptr, 1, 0, Type, 1, WorkSize);
}
cufftResult cufftMakePlanMany(cufftHandle Plan, int Rank, int *N,
                              int *InEmbed, int IStride, int IDist,
                              int *OutEmbed, int OStride, int ODist,
                              cufftType Type, int Batch, size_t *WorkSize) {
  return makePlan(Plan, Rank, N, InEmbed, IStride, IDist, OutEmbed, OStride,
                  ODist, Type, Batch, WorkSize);
}

// Neither backend uses a caller-provided work area: every estimate is 0.
cufftResult cufftEstimate1d(int, cufftType, int, size_t *WorkSize) {
  return WorkSize ? (*WorkSize = 0, CUFFT_SUCCESS) : CUFFT_INVALID_VALUE;
}
cufftResult cufftEstimate2d(int, int, cufftType, size_t *WorkSize) {
  return WorkSize ? (*WorkSize = 0, CUFFT_SUCCESS) : CUFFT_INVALID_VALUE;
}
cufftResult cufftEstimate3d(int, int, int, cufftType, size_t *WorkSize) {
  return WorkSize ? (*WorkSize = 0, CUFFT_SUCCESS) : CUFFT_INVALID_VALUE;
}
cufftResult cufftEstimateMany(int, int *, int *, int, int, int *, int, int,
                              cufftType, int, size_t *WorkSize) {
  return WorkSize ? (*WorkSize = 0, CUFFT_SUCCESS) : CUFFT_INVALID_VALUE;
}
cufftResult cufftGetSize(cufftHandle Plan, size_t *WorkSize) {
  if (!PlanTable::get().find(Plan))
    return CUFFT_INVALID_PLAN;
  return WorkSize ? (*WorkSize = 0, CUFFT_SUCCESS) : CUFFT_INVALID_VALUE;
}
cufftResult cufftSetWorkArea(cufftHandle Plan, void *) {
  return PlanTable::get().find(Plan) ? CUFFT_SUCCESS : CUFFT_INVALID_PLAN;
}
cufftResult cufftSetAutoAllocation(cufftHandle Plan, int) {
  return PlanTable::get().find(Plan) ? CUFFT_SUCCESS : CUFFT_INVALID_PLAN;
}

cufftResult cufftSetStream(cufftHandle Handle, cudaStream_t Stream) {
  Plan *P = PlanTable::get().find(Handle);
  if (!P)
    return CUFFT_INVALID_PLAN;
  P->Stream = Stream;
  return P->OnRocm && P->Rocm ? rocm::setStream(*P) : CUFFT_SUCCESS;
}

cufftResult cufftExecC2C(cufftHandle Plan, cufftComplex *In,
                         cufftComplex *Out, int Direction) {
  return execute(Plan, In, Out, Direction, {CUFFT_C2C});
}
cufftResult cufftExecZ2Z(cufftHandle Plan, cufftDoubleComplex *In,
                         cufftDoubleComplex *Out, int Direction) {
  return execute(Plan, In, Out, Direction, {CUFFT_Z2Z});
}
cufftResult cufftExecR2C(cufftHandle Plan, cufftReal *In, cufftComplex *Out) {
  return execute(Plan, In, Out, CUFFT_FORWARD, {CUFFT_R2C});
}
cufftResult cufftExecD2Z(cufftHandle Plan, cufftDoubleReal *In,
                         cufftDoubleComplex *Out) {
  return execute(Plan, In, Out, CUFFT_FORWARD, {CUFFT_D2Z});
}
cufftResult cufftExecC2R(cufftHandle Plan, cufftComplex *In, cufftReal *Out) {
  return execute(Plan, In, Out, CUFFT_INVERSE, {CUFFT_C2R});
}
cufftResult cufftExecZ2D(cufftHandle Plan, cufftDoubleComplex *In,
                         cufftDoubleReal *Out) {
  return execute(Plan, In, Out, CUFFT_INVERSE, {CUFFT_Z2D});
}

cufftResult cufftXtExec(cufftHandle Plan, void *In, void *Out, int Direction) {
  return execute(Plan, In, Out, Direction,
                 {CUFFT_C2C, CUFFT_R2C, CUFFT_C2R, CUFFT_Z2Z, CUFFT_D2Z,
                  CUFFT_Z2D});
}

cufftResult cufftGetVersion(int *Version) {
  if (!Version)
    return CUFFT_INVALID_VALUE;
  *Version = CUFFT_VERSION;
  return CUFFT_SUCCESS;
}

cufftResult cufftGetProperty(libraryPropertyType Type, int *Value) {
  if (!Value)
    return CUFFT_INVALID_VALUE;
  switch (Type) {
  case MAJOR_VERSION: *Value = CUFFT_VER_MAJOR; return CUFFT_SUCCESS;
  case MINOR_VERSION: *Value = CUFFT_VER_MINOR; return CUFFT_SUCCESS;
  case PATCH_LEVEL: *Value = CUFFT_VER_PATCH; return CUFFT_SUCCESS;
  }
  return CUFFT_INVALID_TYPE;
}

} // extern "C"
