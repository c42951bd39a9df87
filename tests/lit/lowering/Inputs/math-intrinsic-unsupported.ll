; Input of math-intrinsics.ll: llvm.modf.f64 has no rewrite.
target triple = "amdgcn-amd-amdhsa"

define double @fraction(double %x) {
  %r = call { double, double } @llvm.modf.f64(double %x), !srcloc !0
  %f = extractvalue { double, double } %r, 0
  ret double %f
}

!0 = !{i64 42}
