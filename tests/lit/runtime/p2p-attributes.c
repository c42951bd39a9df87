// Peer-to-peer attributes on the host backend (one device): a pair needs two
// distinct devices (cudaErrorInvalidDevice otherwise), the attribute must be
// one of CUDA's, and the driver API answers the same.
// RUN: clang -I%rubicon_include %s -L%toolkit/lib64 -lcudart -lcuda -Wl,-rpath,%toolkit/lib64 -o %t
// RUN: env RUBICON_BACKEND=host %t | FileCheck %s

#include <cuda.h>
#include <cuda_runtime_api.h>
#include <stdio.h>

static const char *drv(CUresult Status) {
  const char *Name = "?";
  cuGetErrorName(Status, &Name);
  return Name;
}

int main(void) {
  int Value = -1;
  printf("same device: %s\n",
         cudaGetErrorName(cudaDeviceGetP2PAttribute(
             &Value, cudaDevP2PAttrAccessSupported, 0, 0)));
  printf("no such device: %s\n",
         cudaGetErrorName(cudaDeviceGetP2PAttribute(
             &Value, cudaDevP2PAttrPerformanceRank, 0, 1)));
  printf("bad attribute: %s\n",
         cudaGetErrorName(cudaDeviceGetP2PAttribute(
             &Value, (enum cudaDeviceP2PAttr)9, 0, 0)));
  printf("null: %s\n", cudaGetErrorName(cudaDeviceGetP2PAttribute(
                           0, cudaDevP2PAttrAccessSupported, 0, 0)));
  cudaGetLastError();
  int Can = -1;
  printf("driver can access self: %s %d\n",
         drv(cuDeviceCanAccessPeer(&Can, 0, 0)), Can);
  printf("driver peer 1: %s\n", drv(cuDeviceCanAccessPeer(&Can, 0, 1)));
  printf("driver same device: %s\n",
         drv(cuDeviceGetP2PAttribute(
             &Value, CU_DEVICE_P2P_ATTRIBUTE_ACCESS_SUPPORTED, 0, 0)));
  printf("driver bad attribute: %s\n",
         drv(cuDeviceGetP2PAttribute(&Value, (CUdevice_P2PAttribute)0, 0, 0)));
  return 0;
}

// CHECK: same device: cudaErrorInvalidDevice
// CHECK-NEXT: no such device: cudaErrorInvalidDevice
// CHECK-NEXT: bad attribute: cudaErrorInvalidValue
// CHECK-NEXT: null: cudaErrorInvalidValue
// CHECK-NEXT: driver can access self: CUDA_SUCCESS 0
// CHECK-NEXT: driver peer 1: CUDA_ERROR_INVALID_DEVICE
// CHECK-NEXT: driver same device: CUDA_ERROR_INVALID_DEVICE
// CHECK-NEXT: driver bad attribute: CUDA_ERROR_INVALID_VALUE
