// cuFFT load and store callbacks on the host target: the caller's device
// functions, taken with cudaMemcpyFromSymbol, run for every element. A load
// callback multiplies two spectra (a circular convolution, checked against a
// direct one), a store callback scales and conjugates into another array,
// double-precision and real callbacks take their types' values, and the
// errors: a callback of the wrong type, a plan not yet made.
// The complex callbacks check the host target's device-function ABI for
// aggregates (returned one register per field, passed in memory).
// REQUIRES: host-target
// RUN: nvcc --amdgpu-arch=host -rdc=true %s -lcufft -o %t && %t | FileCheck %s
#include <cufftXt.h>
#include <cmath>
#include <cstdio>

struct Params {
  cufftComplex *Filter;
  float Scale;
};

static __device__ cufftComplex mulAndScale(void *In, size_t I, void *Info,
                                           void *) {
  Params *P = static_cast<Params *>(Info);
  cufftComplex A = static_cast<cufftComplex *>(In)[I], B = P->Filter[I];
  return {(A.x * B.x - A.y * B.y) * P->Scale,
          (A.x * B.y + A.y * B.x) * P->Scale};
}
static __device__ void storeConjugateTimesTwo(void *Out, size_t I,
                                              cufftComplex E, void *Info,
                                              void *) {
  static_cast<cufftComplex *>(Info)[I] = {2 * E.x, -2 * E.y};
}
static __device__ cufftDoubleComplex loadNegated(void *In, size_t I, void *,
                                                 void *) {
  cufftDoubleComplex V = static_cast<cufftDoubleComplex *>(In)[I];
  return {-V.x, -V.y};
}
static __device__ void storeDoubleOffset(void *Out, size_t I,
                                         cufftDoubleComplex E, void *, void *) {
  static_cast<cufftDoubleComplex *>(Out)[I] = {E.x + 1000, E.y};
}
static __device__ cufftReal loadSquared(void *In, size_t I, void *, void *) {
  cufftReal V = static_cast<cufftReal *>(In)[I];
  return V * V;
}

__device__ cufftCallbackLoadC MulAndScale = mulAndScale;
__device__ cufftCallbackStoreC StoreConjugate = storeConjugateTimesTwo;
__device__ cufftCallbackLoadZ LoadNegated = loadNegated;
__device__ cufftCallbackStoreZ StoreOffset = storeDoubleOffset;
__device__ cufftCallbackLoadR LoadSquared = loadSquared;

template <typename T> T *deviceCopy(const T *Host, int N) {
  T *D = nullptr;
  cudaMalloc(&D, N * sizeof(T));
  cudaMemcpy(D, Host, N * sizeof(T), cudaMemcpyHostToDevice);
  return D;
}

template <typename T> void *routine(const T &Symbol) {
  void *R = nullptr;
  cudaMemcpyFromSymbol(&R, Symbol, sizeof R);
  return R;
}

int main() {
  const int N = 16;
  cufftComplex Signal[N], Filter[N];
  for (int I = 0; I < N; ++I) {
    Signal[I] = {float(I + 1), float(I % 4)};
    Filter[I] = {float(I % 3), 0.5f * float(I % 2)};
  }
  cufftComplex *S = deviceCopy(Signal, N), *F = deviceCopy(Filter, N);
  cufftHandle Plan, WithLoad;
  cufftPlan1d(&Plan, N, CUFFT_C2C, 1);
  cufftCreate(&WithLoad);
  void *Load = routine(MulAndScale);
  std::printf("before make: %d\n",
              cufftXtSetCallback(WithLoad, &Load, CUFFT_CB_LD_COMPLEX, nullptr));
  size_t Work;
  cufftMakePlan1d(WithLoad, N, CUFFT_C2C, 1, &Work);
  Params Host = {F, 1.0f / N};
  Params *Dev = deviceCopy(&Host, 1);
  void *Info = Dev;
  std::printf("wrong type: %d\n",
              cufftXtSetCallback(WithLoad, &Load, CUFFT_CB_LD_REAL, &Info));
  std::printf("set load: %d\n",
              cufftXtSetCallback(WithLoad, &Load, CUFFT_CB_LD_COMPLEX, &Info));
  cufftExecC2C(Plan, S, S, CUFFT_FORWARD);
  cufftExecC2C(Plan, F, F, CUFFT_FORWARD);
  std::printf("convolve: %d\n", cufftExecC2C(WithLoad, S, S, CUFFT_INVERSE));
  cufftComplex Out[N];
  cudaMemcpy(Out, S, sizeof Out, cudaMemcpyDeviceToHost);
  double Worst = 0;
  for (int I = 0; I < N; ++I) {
    double Re = 0, Im = 0;
    for (int J = 0; J < N; ++J) {
      cufftComplex A = Signal[J], B = Filter[(I - J + N) % N];
      Re += A.x * B.x - A.y * B.y;
      Im += A.x * B.y + A.y * B.x;
    }
    Worst = std::fmax(Worst, std::fmax(std::fabs(Out[I].x - Re),
                                       std::fabs(Out[I].y - Im)));
  }
  std::printf("circular convolution: %s\n", Worst < 1e-3 ? "equal" : "DIFFERENT");

  // A store callback writes elsewhere: conjugate times two of the
  // transform; the output array itself stays untouched.
  cufftComplex *Target = deviceCopy(Signal, N), *Untouched = deviceCopy(Signal, N),
               *Input = deviceCopy(Signal, N);
  cufftHandle WithStore;
  cufftPlan1d(&WithStore, N, CUFFT_C2C, 1);
  void *Store = routine(StoreConjugate);
  void *TargetInfo = Target;
  std::printf("set store: %d\n", cufftXtSetCallback(WithStore, &Store,
                                                    CUFFT_CB_ST_COMPLEX,
                                                    &TargetInfo));
  cufftExecC2C(WithStore, Input, Untouched, CUFFT_FORWARD);
  cufftComplex Stored[N], Kept[N], Plain[N];
  cufftExecC2C(Plan, Input, Input, CUFFT_FORWARD);
  cudaMemcpy(Stored, Target, sizeof Stored, cudaMemcpyDeviceToHost);
  cudaMemcpy(Kept, Untouched, sizeof Kept, cudaMemcpyDeviceToHost);
  cudaMemcpy(Plain, Input, sizeof Plain, cudaMemcpyDeviceToHost);
  int Wrong = 0;
  for (int I = 0; I < N; ++I)
    Wrong += std::fabs(Stored[I].x - 2 * Plain[I].x) > 1e-3f ||
             std::fabs(Stored[I].y + 2 * Plain[I].y) > 1e-3f ||
             Kept[I].x != Signal[I].x || Kept[I].y != Signal[I].y;
  std::printf("store callback: %d wrong\n", Wrong);
  std::printf("clear: %d\n", cufftXtClearCallback(WithStore, CUFFT_CB_ST_COMPLEX));

  // Double precision: load negates, store adds 1000 to the real part.
  cufftDoubleComplex Z[N], ZOut[N];
  for (int I = 0; I < N; ++I)
    Z[I] = {double(I), double(N - I)};
  cufftDoubleComplex *DZ = deviceCopy(Z, N), *DZOut = deviceCopy(Z, N);
  cufftHandle Double;
  cufftPlan1d(&Double, N, CUFFT_Z2Z, 1);
  void *Neg = routine(LoadNegated), *Off = routine(StoreOffset);
  cufftXtSetCallback(Double, &Neg, CUFFT_CB_LD_COMPLEX_DOUBLE, nullptr);
  cufftXtSetCallback(Double, &Off, CUFFT_CB_ST_COMPLEX_DOUBLE, nullptr);
  cufftExecZ2Z(Double, DZ, DZOut, CUFFT_FORWARD);
  cudaMemcpy(ZOut, DZOut, sizeof ZOut, cudaMemcpyDeviceToHost);
  // Bin 0 of the negated input: -(sum of I), -(sum of N - I).
  std::printf("double: bin 0 = %.1f %.1f\n", ZOut[0].x, ZOut[0].y);

  // Real to complex: the load callback squares; bin 0 is the sum of squares.
  cufftReal R[N];
  for (int I = 0; I < N; ++I)
    R[I] = float(I);
  cufftReal *DR = deviceCopy(R, N);
  cufftComplex *DC = nullptr;
  cudaMalloc(&DC, (N / 2 + 1) * sizeof(cufftComplex));
  cufftHandle Real;
  cufftPlan1d(&Real, N, CUFFT_R2C, 1);
  void *Sq = routine(LoadSquared);
  cufftXtSetCallback(Real, &Sq, CUFFT_CB_LD_REAL, nullptr);
  cufftExecR2C(Real, DR, DC);
  cufftComplex Bin0;
  cudaMemcpy(&Bin0, DC, sizeof Bin0, cudaMemcpyDeviceToHost);
  std::printf("real: bin 0 = %.1f\n", Bin0.x);
  std::printf("in-place real with callbacks: %d\n",
              cufftExecR2C(Real, DR, reinterpret_cast<cufftComplex *>(DR)));
  return 0;
}

// CHECK: before make: 1
// CHECK-NEXT: wrong type: 3
// CHECK-NEXT: set load: 0
// CHECK-NEXT: convolve: 0
// CHECK-NEXT: circular convolution: equal
// CHECK-NEXT: set store: 0
// CHECK-NEXT: store callback: 0 wrong
// CHECK-NEXT: clear: 0
// CHECK-NEXT: double: bin 0 = 880.0 -136.0
// CHECK-NEXT: real: bin 0 = 1240.0
// CHECK-NEXT: in-place real with callbacks: 16
