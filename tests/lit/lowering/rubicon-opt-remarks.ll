; rubicon-opt prints the optimization remarks that -pass-remarks,
; -pass-remarks-missed and -pass-remarks-analysis ask for (a pass's name as
; a regular expression), on stderr, and no others.
; RUN: rubicon-opt -passes=inline -S %s -o /dev/null -pass-remarks=inline 2>&1 | FileCheck %s --check-prefix=ASKED
; RUN: rubicon-opt -passes=inline -S %s -o /dev/null -pass-remarks=loop-vectorize 2>&1 | FileCheck %s --check-prefix=OTHER --allow-empty
; RUN: rubicon-opt -passes=inline -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=OTHER --allow-empty

; ASKED: remark: {{.*}}'helper' inlined into 'caller'
; OTHER-NOT: remark

define internal i32 @helper(i32 %x) alwaysinline {
  %y = add i32 %x, 1
  ret i32 %y
}

define i32 @caller(i32 %x) {
  %r = call i32 @helper(i32 %x)
  ret i32 %r
}
