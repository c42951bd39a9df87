; The whole lowering on an NVVM module as clang's CUDA mode emits it, then
; the AMDGPU back end: real gfx942 code and code-object metadata.
;
; RUN: rubicon-opt -passes=rubicon-lower-nvvm-to-amdgpu %s -o %t.lowered.bc
; RUN: llvm-link %t.lowered.bc %S/Inputs/device-lib.ll -o %t.linked.bc
; RUN: opt -passes='default<O2>' %t.linked.bc -o %t.opt.bc
; RUN: llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx942 %t.opt.bc -o - | FileCheck %s
;
; struct Params { int scale; double bias; char flag; };
; __global__ void __launch_bounds__(256) scale(float *out, Params p, int n) {
;   __shared__ float tile[256];
;   tile[threadIdx.x] = out[threadIdx.x] * p.scale;
;   __syncthreads();
;   out[threadIdx.x] = tile[blockDim.x - 1 - threadIdx.x];
;   atomicAdd(&hits, 1);
; }

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.Params = type { i32, double, i8 }

@hits = dso_local addrspace(1) externally_initialized global i32 0, align 4
@_ZZ5scalePf6ParamsiE4tile = internal unnamed_addr addrspace(3) global [256 x float] undef, align 4
@llvm.compiler.used = appending global [1 x ptr] [ptr addrspacecast (ptr addrspace(1) @hits to ptr)], section "llvm.metadata"

define dso_local ptx_kernel void @_Z5scalePf6Paramsi(ptr noundef %out, ptr noundef readonly byval(%struct.Params) align 8 %p, i32 noundef %n) #0 {
entry:
  %tid = call range(i32 0, 256) i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  %idx = zext nneg i32 %tid to i64
  %in.ptr = getelementptr inbounds float, ptr %out, i64 %idx
  %in = load float, ptr %in.ptr, align 4
  %scale = load i32, ptr %p, align 8
  %scale.f = sitofp i32 %scale to float
  %scaled = fmul contract float %in, %scale.f
  %slot = getelementptr inbounds float, ptr addrspacecast (ptr addrspace(3) @_ZZ5scalePf6ParamsiE4tile to ptr), i64 %idx
  store float %scaled, ptr %slot, align 4
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %ntid = call range(i32 1, 257) i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
  %last = add i32 %ntid, -1
  %mirror = sub i32 %last, %tid
  %mirror.idx = zext i32 %mirror to i64
  %mirror.slot = getelementptr inbounds float, ptr addrspacecast (ptr addrspace(3) @_ZZ5scalePf6ParamsiE4tile to ptr), i64 %mirror.idx
  %v = load float, ptr %mirror.slot, align 4
  store float %v, ptr %in.ptr, align 4
  %old = atomicrmw add ptr addrspacecast (ptr addrspace(1) @hits to ptr), i32 1 monotonic, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

attributes #0 = { convergent mustprogress norecurse nounwind "nvvm.maxntid"="256" "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" "uniform-work-group-size"="true" }

!llvm.module.flags = !{!0, !1}
!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 4, !"nvvm-reflect-ftz", i32 0}

; The kernel is a gfx942 kernel with a block barrier, an agent-scope atomic add
; to global memory (no return value used) and 1 KiB of LDS for `tile`.
; CHECK: .amdgcn_target "amdgcn-amd-amdhsa--gfx942"
; CHECK-LABEL: _Z5scalePf6Paramsi:
; CHECK: s_barrier
; CHECK: global_atomic_add {{v[0-9]+}}, {{v[0-9]+}}, s[{{[0-9]+:[0-9]+}}]
; CHECK: .amdhsa_kernel _Z5scalePf6Paramsi
; CHECK: .amdhsa_group_segment_fixed_size 1024
; CHECK: .end_amdhsa_kernel
; The exported device variable.
; CHECK: .protected hits
;
; Kernel arguments keep CUDA's parameter-buffer layout: the pointer at 0, the
; 24-byte struct by value at 8, the int at 32.
; CHECK: amdhsa.kernels:
; CHECK: .args:
; CHECK-NEXT: - .address_space: global
; CHECK-NEXT: .name: out
; CHECK-NEXT: .offset: 0
; CHECK-NEXT: .size: 8
; CHECK-NEXT: .value_kind: global_buffer
; CHECK-NEXT: - .name: p
; CHECK-NEXT: .offset: 8
; CHECK-NEXT: .size: 24
; CHECK-NEXT: .value_kind: by_value
; CHECK-NEXT: - .name: n
; CHECK-NEXT: .offset: 32
; CHECK-NEXT: .size: 4
; CHECK-NEXT: .value_kind: by_value
; CHECK: .group_segment_fixed_size: 1024
; CHECK: .max_flat_workgroup_size: 256
; CHECK: .name: _Z5scalePf6Paramsi
; CHECK: .symbol: _Z5scalePf6Paramsi.kd
; CHECK: amdhsa.version:
; CHECK-NEXT: - 1
; CHECK-NEXT: - 2
