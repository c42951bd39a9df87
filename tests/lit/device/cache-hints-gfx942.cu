// Cache-hinted accesses on gfx942: streaming and last-use loads and
// streaming stores are nontemporal (nt), __ldcv/__stwt bypass the caches
// (sc0 sc1), the others are plain; vector types stay one wide access.
// REQUIRES: target-gfx942
// RUN: rm -rf %t && mkdir -p %t
// RUN: nvcc -c -O2 %s -o %t/f.o -keep -keep-dir %t
// RUN: FileCheck %s < %t/cache-hints-gfx942.gfx942.s

// CHECK-LABEL: _Z9streamingPK6float4PS_:
// CHECK: global_load_dwordx4 {{.*}} nt
// CHECK: global_store_dwordx4 {{.*}} nt
__global__ void streaming(const float4 *in, float4 *out) {
  __stcs(out + threadIdx.x, __ldcs(in + threadIdx.x));
}
// CHECK-LABEL: _Z7lastUsePKiPi:
// CHECK: global_load_dword {{.*}} nt
// CHECK: global_store_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9:]+}}]{{$}}
__global__ void lastUse(const int *in, int *out) {
  __stcg(out + threadIdx.x, __ldlu(in + threadIdx.x));
}
// CHECK-LABEL: _Z6cachedPK7double2PS_:
// CHECK: global_load_dwordx4 v[{{[0-9:]+}}], v{{[0-9]+}}, s[{{[0-9:]+}}]{{$}}
// CHECK: global_store_dwordx4 v{{[0-9]+}}, v[{{[0-9:]+}}], s[{{[0-9:]+}}]{{$}}
__global__ void cached(const double2 *in, double2 *out) {
  __stwb(out + threadIdx.x, __ldca(in + threadIdx.x) );
}
// CHECK-LABEL: _Z9volatile_PKjPj:
// CHECK: load_dword {{.*}} sc0 sc1
// CHECK: store_dword {{.*}} sc0 sc1
__global__ void volatile_(const unsigned *in, unsigned *out) {
  __stwt(out + threadIdx.x, __ldcv(in + threadIdx.x));
}
