; Returns the wrong type.
define i32 @f() {
  ret i64 0
}
