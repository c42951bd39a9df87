// Texture and surface objects compile for gfx942 to plain loads and stores
// through the object's descriptor (__rubicon/texture_object.h): no
// llvm.nvvm.tex.*, texsurf, suld or sust intrinsic survives the lowering,
// and the kernel takes each object as a 64-bit argument. A surface access in
// cudaBoundaryModeTrap traps out of bounds; cudaBoundaryModeZero does not.
// REQUIRES: target-gfx942
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: nvcc -O2 -c %s -o objects.o -keep
// RUN: FileCheck %s --check-prefix=IR < texture-objects-gfx942.gfx942.ll
// RUN: FileCheck %s --check-prefix=ASM < texture-objects-gfx942.gfx942.s

// IR-NOT: llvm.nvvm
// IR-LABEL: define protected amdgpu_kernel void @_Z5fetchyyyPfP6float4(i64 %0, i64 %1, i64 %2,
// The descriptor's width (offset 8) bounds tex1Dfetch.
// IR: inttoptr i64 %0 to ptr
// IR: getelementptr inbounds nuw i8, ptr {{%.*}}, i64 8
// IR-LABEL: define protected amdgpu_kernel void @_Z4trapyPi(
// IR: call void @llvm.trap()
// IR-NOT: llvm.nvvm
// IR-NOT: texsurf

// ASM-LABEL: _Z5fetchyyyPfP6float4:
// ASM-NOT: s_trap
// ASM: s_endpgm
// ASM-LABEL: _Z4trapyPi:
// ASM: s_trap 2

__global__ void fetch(cudaTextureObject_t linear, cudaTextureObject_t image,
                      cudaSurfaceObject_t surface, float *out, float4 *out4) {
  int i = threadIdx.x;
  out[i] = tex1Dfetch<float>(linear, i) + tex2D<float>(image, i + 0.5f, 0.5f);
  out4[i] = tex2D<float4>(image, i, 0.25f);
  surf2Dwrite(out[i], surface, i * 4, 1, cudaBoundaryModeZero);
}

__global__ void trap(cudaSurfaceObject_t surface, int *out) {
  out[threadIdx.x] = surf2Dread<int>(surface, threadIdx.x * 4, 0);
}
