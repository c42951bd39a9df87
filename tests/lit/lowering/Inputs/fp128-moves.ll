; Moving fp128 bits only (reject-fp128.ll): no error, and gfx942 compiles it.
target triple = "amdgcn-amd-amdhsa"

define void @moves(ptr addrspace(1) %p, i1 %c) {
  %a = load fp128, ptr addrspace(1) %p
  %q = getelementptr fp128, ptr addrspace(1) %p, i64 1
  %b = load fp128, ptr addrspace(1) %q
  %s = select i1 %c, fp128 %a, fp128 %b
  %n = fneg fp128 %s
  store fp128 %n, ptr addrspace(1) %q
  ret void
}
