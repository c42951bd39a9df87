// cuFFT over several GPUs (cufftXtSetGPUs, cufftXtMalloc, cufftXtMemcpy,
// cufftXtExecDescriptor*) on two host devices: the array is split along its
// slowest dimension, every piece on its own device, and the transforms give
// what one GPU gives. A kernel on each device works on its piece in natural
// order between a forward and an inverse transform, as cuda-samples'
// multi-GPU FFT programs do. Errors: a device named twice, a plan already
// made, a real plan over two GPUs, descriptors of different shapes.
// REQUIRES: host-target
// RUN: nvcc --amdgpu-arch=host %s -lcufft -o %t
// RUN: env RUBICON_HOST_DEVICES=2 %t | FileCheck %s
// RUN: %t | FileCheck --check-prefix=ONE %s
#include <cufftXt.h>
#include <cmath>
#include <cstdio>

__global__ void scale(cufftComplex *Data, int Count, float Factor) {
  int I = blockIdx.x * blockDim.x + threadIdx.x;
  if (I < Count) {
    Data[I].x *= Factor;
    Data[I].y *= Factor;
  }
}

int main() {
  int Devices = 0;
  cudaGetDeviceCount(&Devices);
  int Two[] = {0, 1}, Same[] = {1, 1};
  cufftHandle Plan;
  cufftCreate(&Plan);
  std::printf("same device twice: %d\n", cufftXtSetGPUs(Plan, 2, Same));
  cufftResult SetTwo = cufftXtSetGPUs(Plan, 2, Two);
  std::printf("two devices: %d\n", SetTwo);
  if (Devices < 2)
    return 0;

  // A 2D 64 x 32 complex transform: rows 0-31 on device 0, 32-63 on 1.
  const int NX = 64, NY = 32, Total = NX * NY;
  size_t Work[2] = {7, 7};
  std::printf("make: %d, work sizes %zu %zu\n",
              cufftMakePlan2d(Plan, NX, NY, CUFFT_C2C, Work), Work[0], Work[1]);
  std::printf("set after make: %d\n", cufftXtSetGPUs(Plan, 2, Two));
  cudaLibXtDesc *Data, *Natural;
  cufftXtMalloc(Plan, &Data, CUFFT_XT_FORMAT_INPLACE);
  cufftXtMalloc(Plan, &Natural, CUFFT_XT_FORMAT_INPLACE);
  cudaXtDesc *D = Data->descriptor;
  cudaPointerAttributes A0, A1;
  cudaPointerGetAttributes(&A0, D->data[0]);
  cudaPointerGetAttributes(&A1, D->data[1]);
  std::printf("pieces: %d on devices %d %d, %zu %zu elements, memory on %d %d\n",
              D->nGPUs, D->GPUs[0], D->GPUs[1],
              D->size[0] / sizeof(cufftComplex),
              D->size[1] / sizeof(cufftComplex), A0.device, A1.device);

  static cufftComplex Host[Total], Back[Total], Reference[Total];
  for (int I = 0; I < Total; ++I)
    Host[I] = {std::sin(0.1f * I), std::cos(0.03f * I)};
  cufftXtMemcpy(Plan, Data, Host, CUFFT_COPY_HOST_TO_DEVICE);
  std::printf("forward: %d\n",
              cufftXtExecDescriptorC2C(Plan, Data, Data, CUFFT_FORWARD));
  std::printf("to natural order: %d, format %d\n",
              cufftXtMemcpy(Plan, Natural, Data, CUFFT_COPY_DEVICE_TO_DEVICE),
              Natural->subFormat);
  cufftXtMemcpy(Plan, Back, Natural, CUFFT_COPY_DEVICE_TO_HOST);

  // The same transform on one GPU.
  cufftHandle Single;
  cufftPlan2d(&Single, NX, NY, CUFFT_C2C);
  cufftComplex *One;
  cudaMalloc(&One, sizeof Host);
  cudaMemcpy(One, Host, sizeof Host, cudaMemcpyHostToDevice);
  cufftExecC2C(Single, One, One, CUFFT_FORWARD);
  cudaMemcpy(Reference, One, sizeof Reference, cudaMemcpyDeviceToHost);
  int Wrong = 0;
  for (int I = 0; I < Total; ++I)
    Wrong += std::fabs(Back[I].x - Reference[I].x) > 1e-3f ||
             std::fabs(Back[I].y - Reference[I].y) > 1e-3f;
  std::printf("two GPUs against one: %d wrong\n", Wrong);

  // Each device scales its own piece by 1/Total, then the inverse gives the
  // input back.
  for (int G = 0; G < 2; ++G) {
    cudaSetDevice(Natural->descriptor->GPUs[G]);
    int Count = int(Natural->descriptor->size[G] / sizeof(cufftComplex));
    scale<<<(Count + 255) / 256, 256>>>(
        static_cast<cufftComplex *>(Natural->descriptor->data[G]), Count,
        1.0f / Total);
    cudaDeviceSynchronize();
  }
  cudaSetDevice(0);
  cufftXtExecDescriptorC2C(Plan, Natural, Natural, CUFFT_INVERSE);
  cufftXtMemcpy(Plan, Back, Natural, CUFFT_COPY_DEVICE_TO_HOST);
  Wrong = 0;
  for (int I = 0; I < Total; ++I)
    Wrong += std::fabs(Back[I].x - Host[I].x) > 1e-4f ||
             std::fabs(Back[I].y - Host[I].y) > 1e-4f;
  std::printf("round trip: %d wrong\n", Wrong);

  // Errors.
  cufftHandle Real;
  cufftCreate(&Real);
  cufftXtSetGPUs(Real, 2, Two);
  size_t RealWork[2];
  cufftMakePlan1d(Real, 64, CUFFT_R2C, 1, RealWork);
  cudaLibXtDesc *RealData = nullptr;
  std::printf("real plan over two GPUs: %d\n",
              cufftXtMalloc(Real, &RealData, CUFFT_XT_FORMAT_INPLACE));
  cufftHandle Small;
  cufftCreate(&Small);
  cufftXtSetGPUs(Small, 2, Two);
  cufftMakePlan1d(Small, 16, CUFFT_C2C, 1, Work);
  cudaLibXtDesc *SmallData;
  cufftXtMalloc(Small, &SmallData, CUFFT_XT_FORMAT_INPLACE);
  std::printf("shapes differ: %d\n",
              cufftXtMemcpy(Plan, Natural, SmallData, CUFFT_COPY_DEVICE_TO_DEVICE));
  std::printf("free: %d %d %d\n", cufftXtFree(Data), cufftXtFree(Natural),
              cufftXtFree(SmallData));
  return 0;
}

// CHECK: same device twice: 11
// CHECK-NEXT: two devices: 0
// CHECK-NEXT: make: 0, work sizes 0 0
// CHECK-NEXT: set after make: 1
// CHECK-NEXT: pieces: 2 on devices 0 1, 1024 1024 elements, memory on 0 1
// CHECK-NEXT: forward: 0
// CHECK-NEXT: to natural order: 0, format 2
// CHECK-NEXT: two GPUs against one: 0 wrong
// CHECK-NEXT: round trip: 0 wrong
// CHECK-NEXT: real plan over two GPUs: 16
// CHECK-NEXT: shapes differ: 4
// CHECK-NEXT: free: 0 0 0
// ONE: same device twice: 11
// ONE-NEXT: two devices: 11
