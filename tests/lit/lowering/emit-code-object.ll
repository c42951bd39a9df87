; rubicon::emitCodeObject (through rubicon-opt --emit-code-object): lowering,
; device-library link, internalization, -O3, codegen and ld.lld give a loadable
; code object (ELF, AMDGPU, code object v5) exporting kernels and device
; variables by name.
;
; RUN: rubicon-opt --emit-code-object --device-lib=%S/Inputs/device-lib.ll %s -o %t.co --print-ir=%t.ir.ll --print-asm=%t.s
; RUN: llvm-readelf --file-header --notes --dyn-symbols %t.co | FileCheck %s --check-prefix=ELF
; RUN: llvm-objdump -d %t.co | FileCheck %s --check-prefix=DISASM
; RUN: FileCheck %s --check-prefix=IR < %t.ir.ll
; RUN: FileCheck %s --check-prefix=ASM < %t.s
;
; Another arch, another code object.
; RUN: rubicon-opt --emit-code-object -rubicon-arch=gfx90a --device-lib=%S/Inputs/device-lib.ll %s -o %t.gfx90a.co
; RUN: llvm-readelf --notes %t.gfx90a.co | FileCheck %s --check-prefix=GFX90A
;
; A library as it is built (see the input): its used array neither clashes
; with the program's nor drags unused entry points in, and "no-builtins" does
; not keep its functions out of line.
; RUN: rubicon-opt --emit-code-object --device-lib=%S/Inputs/device-lib-as-built.ll %s -o %t.built.co --print-ir=%t.built.ll 2>&1 | count 0
; RUN: FileCheck %s --check-prefix=IR < %t.built.ll
;
; Errors: no device library means undefined device functions; unknown arch.
; RUN: not rubicon-opt --emit-code-object %s -o %t.none.co 2>&1 | FileCheck %s --check-prefix=UNDEF
; RUN: not rubicon-opt --emit-code-object -rubicon-arch=gfx9999 %s -o %t.bad.co 2>&1 | FileCheck %s --check-prefix=BADARCH
; RUN: not rubicon-opt --emit-code-object --device-lib=%t.missing.bc %s -o %t.bad.co 2>&1 | FileCheck %s --check-prefix=NOLIB

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@hits = dso_local addrspace(1) externally_initialized global i32 0, align 4
@limits = dso_local addrspace(4) externally_initialized constant [2 x i32] zeroinitializer, align 4
@llvm.compiler.used = appending global [2 x ptr] [ptr addrspacecast (ptr addrspace(1) @hits to ptr), ptr addrspacecast (ptr addrspace(4) @limits to ptr)], section "llvm.metadata"

define internal i32 @helper(i32 %x) {
  %y = mul i32 %x, 3
  ret i32 %y
}

define dso_local ptx_kernel void @count(ptr noundef %out) "nvvm.maxntid"="128" {
  %tid = call i32 @llvm.nvvm.read.ptx.sreg.tid.x()
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  %v = call i32 @helper(i32 %tid)
  %idx = zext i32 %v to i64
  %p = getelementptr inbounds i32, ptr %out, i64 %idx
  store i32 %tid, ptr %p, align 4
  %old = atomicrmw add ptr addrspacecast (ptr addrspace(1) @hits to ptr), i32 1 monotonic, align 4
  ret void
}

declare i32 @llvm.nvvm.read.ptx.sreg.tid.x()
declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)

; ELF: Class: ELF64
; ELF: OS/ABI: AMDGPU - HSA
; ABI version 3 is code object v5.
; ELF: ABI Version: 3
; ELF: Type: DYN
; ELF: Machine: EM_AMDGPU
; ELF: Flags: {{.*}}gfx942
; ELF-DAG: FUNC GLOBAL PROTECTED {{[0-9]+}} count{{$}}
; ELF-DAG: OBJECT GLOBAL PROTECTED {{[0-9]+}} count.kd{{$}}
; ELF-DAG: OBJECT GLOBAL PROTECTED {{[0-9]+}} hits{{$}}
; ELF-DAG: OBJECT GLOBAL PROTECTED {{[0-9]+}} limits{{$}}
; ELF: NT_AMDGPU_METADATA
; ELF: .max_flat_workgroup_size: 128
; ELF: .name: count
; ELF: amdhsa.target: amdgcn-amd-amdhsa--gfx942
; ELF: amdhsa.version:
; ELF-NEXT: - 1
; ELF-NEXT: - 2

; The device library's barrier was linked and inlined into the kernel.
; DISASM-LABEL: <count>:
; DISASM: s_barrier
; DISASM: global_atomic_add
; DISASM: s_endpgm

; Everything but kernels and device variables is internal, and gone once
; inlined.
; IR: @hits = protected addrspace(1)
; IR: @limits = protected addrspace(4)
; IR-NOT: @helper
; IR-NOT: @__rubicon_barrier_cta_sync_aligned_all
; IR-NOT: @__rubicon_unused_entry_point
; IR: define protected amdgpu_kernel void @count(ptr addrspace(1)
; IR-NOT: define

; ASM: .amdgcn_target "amdgcn-amd-amdhsa--gfx942"
; ASM: s_barrier

; GFX90A: amdhsa.target: amdgcn-amd-amdhsa--gfx90a

; UNDEF: error: undefined device function '__rubicon_barrier_cta_sync_aligned_all' (not provided by Rubicon's device library)
; BADARCH: error: unknown AMD GPU architecture 'gfx9999' (expected a name such as gfx942)
; NOLIB: error: cannot read Rubicon's device library '{{.*}}missing.bc'
