; Bad f64 wmma forms (tests/lit/ptx/wmma-f64.ll).
define { double, double } @rz(double %a) {
  %r = call { double, double } asm sideeffect "wmma.mma.sync.aligned.row.col.m8n8k4.rz.f64.f64.f64.f64 {$0, $1}, {$2}, {$2}, {$2, $2};", "=d,=d,d"(double %a), !srcloc !0
  ret { double, double } %r
}
define { double, double } @satfinite(double %a) {
  %r = call { double, double } asm sideeffect "wmma.mma.sync.aligned.row.col.m8n8k4.f64.f64.f64.f64.satfinite {$0, $1}, {$2}, {$2}, {$2, $2};", "=d,=d,d"(double %a), !srcloc !0
  ret { double, double } %r
}
define { double, double } @f32_accumulator(double %a) {
  %r = call { double, double } asm sideeffect "wmma.mma.sync.aligned.row.col.m8n8k4.f32.f64.f64.f32 {$0, $1}, {$2}, {$2}, {$2, $2};", "=d,=d,d"(double %a), !srcloc !0
  ret { double, double } %r
}
define double @f64_other_shape(ptr %p) {
  %r = call double asm sideeffect "wmma.load.a.sync.aligned.row.m16n16k16.f64 {$0}, [$1];", "=d,l"(ptr %p), !srcloc !0
  ret double %r
}
define i32 @rn_f16(i32 %a) {
  %r = call i32 asm sideeffect "wmma.mma.sync.aligned.row.col.m16n16k16.rn.f16.f16 {$0, $0, $0, $0}, {$1, $1, $1, $1, $1, $1, $1, $1}, {$1, $1, $1, $1, $1, $1, $1, $1}, {$1, $1, $1, $1};", "=r,r"(i32 %a), !srcloc !0
  ret i32 %r
}
!0 = !{i64 1}
